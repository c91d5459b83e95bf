/* Diagnostics and the locations they name. A location is built where the place is known
 * and passed along with what it locates; the context holds no "current file". */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

static const char *vformat(tt_arena *a, const char *prefix, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    size_t p = prefix ? strlen(prefix) : 0;
    char *s = arena_alloc(a, p + (size_t)n + 1);
    if (p)
        memcpy(s, prefix, p);
    vsnprintf(s + p, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    return s;
}

const tt_loc *loc_vnew(tt_arena *a, const char *file, const char *fmt, va_list ap)
{
    tt_loc *l = arena_alloc(a, sizeof *l);
    l->file = file;
    if (fmt)
        l->path = vformat(a, NULL, fmt, ap);
    return l;
}

const tt_loc *loc_new(tt_arena *a, const char *file, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const tt_loc *l = loc_vnew(a, file, fmt, ap);
    va_end(ap);
    return l;
}

const tt_loc *loc_sub(tt_arena *a, const tt_loc *parent, const char *fmt, ...)
{
    tt_loc *l = arena_alloc(a, sizeof *l);
    l->file = parent ? parent->file : NULL;
    va_list ap;
    va_start(ap, fmt);
    l->path = vformat(a, parent ? parent->path : NULL, fmt, ap);
    va_end(ap);
    return l;
}

void diag_add(tt_ctx *c, tt_severity sev, const tt_loc *where, const char *fmt, ...)
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
    d->file = where ? where->file : NULL;
    d->where = where ? where->path : NULL;
    d->msg = msg;
    if (c->diags_tail)
        c->diags_tail->next = d;
    else
        c->diags = d;
    c->diags_tail = d;
    if (sev == TT_ERROR)
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
