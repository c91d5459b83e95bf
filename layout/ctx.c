/* The run context: arena, definitions, interned types, diagnostics. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

tt_ctx *ctx_new(void)
{
    tt_arena *a = arena_new();
    tt_ctx *c = arena_alloc(a, sizeof *c);
    c->arena = a;
    c->target = target_find("x86_64-unknown-linux-gnu");
    c->defs = map_new(a);
    c->locals = map_new(a);
    c->short_names = map_new(a);
    c->types = map_new(a);
    c->max_depth = 300;
    return c;
}

void ctx_free(tt_ctx *c)
{
    if (c)
        arena_free(c->arena);
}

bool ctx_set_target(tt_ctx *c, const char *triple)
{
    const tt_target *t = target_find(triple);
    if (!t)
        return false;
    c->target = t;
    return true;
}

