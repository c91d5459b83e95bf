/* The run context: arena, definitions, interned types, diagnostics. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "typetree.h"

extern const char tt_prelude_json[];
extern const size_t tt_prelude_json_len;

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
    /* The prelude is part of the library and checked by the test suite; if it ever
     * failed to load, the diagnostics say so on the first use. */
    ingest_json_text(c, "<prelude>", tt_prelude_json, tt_prelude_json_len, true);
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

void diag_add(tt_ctx *c, tt_severity sev, const char *where, const char *fmt, ...)
{
    tt_diag *d = arena_alloc(c->arena, sizeof *d);
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *msg = arena_alloc(c->arena, (size_t)n + 1);
    vsnprintf(msg, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    d->severity = sev;
    d->file = c->file;
    d->where = where;
    d->msg = msg;
    if (c->diags_tail)
        c->diags_tail->next = d;
    else
        c->diags = d;
    c->diags_tail = d;
    if (sev == DIAG_ERROR)
        c->nerrors++;
    else
        c->nwarnings++;
}

void diag_truncate(tt_ctx *c, tt_diag *tail, unsigned nerrors)
{
    if (tail)
        tail->next = NULL;
    else
        c->diags = NULL;
    c->diags_tail = tail;
    c->nerrors = nerrors;
}
