/* Rust type-expression parser: "&mut [Option<f64>; 4]" -> tt_tyexpr tree.
 * Recursive descent over the characters; names are resolved later (types.c). */
#include <ctype.h>
#include <string.h>

#include "model.h"

typedef struct {
    tt_arena *a;
    const char *src, *p;
    const char *err;
    unsigned depth;
    unsigned in_dyn; /* inside dyn bounds, where `Item = T` bindings are allowed */
} parser;

#define MAX_NESTING 256

static void skip_ws(parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
        ps->p++;
}

static uint32_t col(const parser *ps) { return (uint32_t)(ps->p - ps->src) + 1; }

static void *fail(parser *ps, const char *msg)
{
    if (!ps->err)
        ps->err = arena_printf(ps->a, "%s at column %u", msg, col(ps));
    return NULL;
}

static bool ident_start(int ch) { return isalpha(ch) || ch == '_'; }
static bool ident_char(int ch) { return isalnum(ch) || ch == '_'; }

/* Matches keyword kw at the cursor when it is a whole word. */
static bool eat_kw(parser *ps, const char *kw)
{
    size_t n = strlen(kw);
    if (strncmp(ps->p, kw, n) == 0 && !ident_char((unsigned char)ps->p[n])) {
        ps->p += n;
        skip_ws(ps);
        return true;
    }
    return false;
}

static bool eat(parser *ps, char ch)
{
    skip_ws(ps);
    if (*ps->p == ch) {
        ps->p++;
        skip_ws(ps);
        return true;
    }
    return false;
}

static tt_tyexpr *mk(parser *ps, tt_txkind k)
{
    tt_tyexpr *e = arena_alloc(ps->a, sizeof *e);
    e->kind = k;
    e->col = col(ps);
    return e;
}

/* A growable list of expressions in a temporary array, copied into the arena. */
typedef struct {
    tt_tyexpr *items[64];
    tt_tyexpr **more;
    uint32_t n, cap;
} exprlist;

static void list_push(parser *ps, exprlist *l, tt_tyexpr *e)
{
    if (l->n < 64) {
        l->items[l->n++] = e;
        return;
    }
    if (l->n - 64 >= l->cap) {
        uint32_t cap = l->cap ? l->cap * 2 : 64;
        tt_tyexpr **m = arena_alloc(ps->a, cap * sizeof *m);
        if (l->more)
            memcpy(m, l->more, l->cap * sizeof *m);
        l->more = m;
        l->cap = cap;
    }
    l->more[l->n++ - 64] = e;
}

static tt_tyexpr **list_finish(parser *ps, exprlist *l)
{
    tt_tyexpr **v = arena_alloc(ps->a, (l->n ? l->n : 1) * sizeof *v);
    for (uint32_t i = 0; i < l->n; i++)
        v[i] = i < 64 ? l->items[i] : l->more[i - 64];
    return v;
}

static tt_tyexpr *parse_ty(parser *ps);

static bool skip_lifetime(parser *ps)
{
    skip_ws(ps);
    if (*ps->p != '\'')
        return false;
    ps->p++;
    while (ident_char((unsigned char)*ps->p))
        ps->p++;
    skip_ws(ps);
    return true;
}

static bool parse_u64(parser *ps, uint64_t *out)
{
    skip_ws(ps);
    if (!isdigit((unsigned char)*ps->p))
        return false;
    uint64_t v = 0;
    int base = 10;
    if (ps->p[0] == '0' && (ps->p[1] == 'x' || ps->p[1] == 'X')) {
        base = 16;
        ps->p += 2;
    }
    bool any = false;
    for (;; ps->p++) {
        int ch = (unsigned char)*ps->p, d;
        if (ch == '_')
            continue;
        if (isdigit(ch))
            d = ch - '0';
        else if (base == 16 && isxdigit(ch))
            d = tolower(ch) - 'a' + 10;
        else
            break;
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base) {
            fail(ps, "array length does not fit in 64 bits");
            return false;
        }
        v = v * (uint64_t)base + (uint64_t)d;
        any = true;
    }
    if (!any)
        return false;
    /* Rust allows a type suffix on the length literal. */
    if (strncmp(ps->p, "usize", 5) == 0)
        ps->p += 5;
    skip_ws(ps);
    *out = v;
    return true;
}

/* Path segment: identifier, or a rustc-generated name such as {closure_env#0}. */
static bool parse_segment(parser *ps)
{
    if (*ps->p == '{') {
        const char *q = strchr(ps->p, '}');
        if (!q)
            return false;
        ps->p = q + 1;
        return true;
    }
    if (!ident_start((unsigned char)*ps->p))
        return false;
    while (ident_char((unsigned char)*ps->p))
        ps->p++;
    return true;
}

/* Whether an identifier at s is followed by a single '=' (a binding `Item = T`). */
static bool binding_follows(const char *s)
{
    while (ident_char((unsigned char)*s))
        s++;
    while (*s == ' ')
        s++;
    return s[0] == '=' && s[1] != '=';
}

/* Generic argument list after '<'; lifetimes are skipped. */
static bool parse_generic_args(parser *ps, exprlist *args)
{
    if (eat(ps, '>'))
        return true;
    for (;;) {
        if (skip_lifetime(ps)) {
            /* lifetime argument: nothing to keep */
        } else if (isdigit((unsigned char)*ps->p) || *ps->p == '{' || *ps->p == '-') {
            fail(ps, "const generic arguments are not supported");
            return false;
        } else if (ident_start((unsigned char)*ps->p) && binding_follows(ps->p)) {
            /* `Item = T`: an associated type binding, meaningful only in dyn bounds */
            if (!ps->in_dyn) {
                fail(ps, "associated type bindings are only allowed in dyn Trait bounds");
                return false;
            }
            while (ident_char((unsigned char)*ps->p))
                ps->p++;
            skip_ws(ps);
            ps->p++; /* '=' */
            if (!parse_ty(ps))
                return false;
        } else {
            tt_tyexpr *t = parse_ty(ps);
            if (!t)
                return false;
            list_push(ps, args, t);
        }
        if (eat(ps, '>'))
            return true;
        if (!eat(ps, ',')) {
            fail(ps, "expected ',' or '>' in generic arguments");
            return false;
        }
        if (eat(ps, '>'))
            return true;
    }
}

static tt_tyexpr *parse_path(parser *ps)
{
    tt_tyexpr *e = mk(ps, TX_PATH);
    const char *start = ps->p;
    if (ps->p[0] == ':' && ps->p[1] == ':')
        ps->p += 2, start += 2;
    if (!parse_segment(ps))
        return fail(ps, "expected a type");
    while (ps->p[0] == ':' && ps->p[1] == ':') {
        ps->p += 2;
        if (!parse_segment(ps))
            return fail(ps, "expected a name after '::'");
    }
    e->path = arena_strndup(ps->a, start, (size_t)(ps->p - start));
    skip_ws(ps);
    if (*ps->p == '<') {
        ps->p++;
        skip_ws(ps);
        exprlist args = {0};
        if (!parse_generic_args(ps, &args))
            return NULL;
        e->nargs = args.n;
        e->args = list_finish(ps, &args);
        if (ps->p[0] == ':' && ps->p[1] == ':')
            return fail(ps, "associated types are not supported");
    }
    return e;
}

/* `dyn A + B<C> + 'a`: the bounds are kept as text; only their extent matters. */
static tt_tyexpr *parse_dyn(parser *ps)
{
    tt_tyexpr *e = mk(ps, TX_DYN);
    const char *start = ps->p;
    ps->in_dyn++;
    for (;;) {
        skip_ws(ps);
        if (skip_lifetime(ps)) {
        } else {
            eat(ps, '?');
            tt_tyexpr *p = parse_path(ps);
            if (!p)
                return NULL;
            if (eat(ps, '(')) { /* Fn(A, B) -> R sugar */
                if (!eat(ps, ')')) {
                    for (;;) {
                        if (!parse_ty(ps))
                            return NULL;
                        if (eat(ps, ')'))
                            break;
                        if (!eat(ps, ','))
                            return fail(ps, "expected ',' or ')'");
                        if (eat(ps, ')'))
                            break;
                    }
                }
                if (ps->p[0] == '-' && ps->p[1] == '>') {
                    ps->p += 2;
                    skip_ws(ps);
                    if (!parse_ty(ps))
                        return NULL;
                }
            }
        }
        skip_ws(ps);
        if (*ps->p != '+')
            break;
        ps->p++;
    }
    ps->in_dyn--;
    const char *end = ps->p;
    while (end > start && end[-1] == ' ')
        end--;
    e->path = arena_strndup(ps->a, start, (size_t)(end - start));
    return e;
}

static tt_tyexpr *parse_fn(parser *ps, tt_tyexpr *e)
{
    if (!eat(ps, '('))
        return fail(ps, "expected '(' after fn");
    exprlist params = {0};
    if (!eat(ps, ')')) {
        for (;;) {
            /* optional parameter name: `x: f64` or `_: f64` */
            const char *save = ps->p;
            if (ident_start((unsigned char)*ps->p)) {
                while (ident_char((unsigned char)*ps->p))
                    ps->p++;
                skip_ws(ps);
                if (ps->p[0] == ':' && ps->p[1] != ':')
                    ps->p++;
                else
                    ps->p = save;
            }
            if (ps->p[0] == '.' && ps->p[1] == '.' && ps->p[2] == '.')
                return fail(ps, "variadic fn pointers are not supported");
            tt_tyexpr *t = parse_ty(ps);
            if (!t)
                return NULL;
            list_push(ps, &params, t);
            if (eat(ps, ')'))
                break;
            if (!eat(ps, ','))
                return fail(ps, "expected ',' or ')' in fn parameters");
            if (eat(ps, ')'))
                break;
        }
    }
    e->nargs = params.n;
    e->args = list_finish(ps, &params);
    skip_ws(ps);
    if (ps->p[0] == '-' && ps->p[1] == '>') {
        ps->p += 2;
        skip_ws(ps);
        e->elem = parse_ty(ps);
        if (!e->elem)
            return NULL;
    }
    return e;
}

static tt_tyexpr *parse_ty_inner(parser *ps)
{
    skip_ws(ps);
    tt_tyexpr *e;
    switch (*ps->p) {
    case '&':
        e = mk(ps, TX_REF);
        ps->p++;
        skip_lifetime(ps);
        skip_ws(ps);
        e->is_mut = eat_kw(ps, "mut");
        e->elem = parse_ty(ps);
        return e->elem ? e : NULL;
    case '*':
        e = mk(ps, TX_PTR);
        ps->p++;
        skip_ws(ps);
        if (eat_kw(ps, "mut"))
            e->is_mut = true;
        else if (!eat_kw(ps, "const"))
            return fail(ps, "expected 'const' or 'mut' after '*'");
        e->elem = parse_ty(ps);
        return e->elem ? e : NULL;
    case '[': {
        e = mk(ps, TX_SLICE);
        ps->p++;
        e->elem = parse_ty(ps);
        if (!e->elem)
            return NULL;
        if (eat(ps, ';')) {
            e->kind = TX_ARRAY;
            if (!parse_u64(ps, &e->len))
                return fail(ps, "expected an integer array length");
        }
        if (!eat(ps, ']'))
            return fail(ps, "expected ']'");
        return e;
    }
    case '(': {
        e = mk(ps, TX_TUPLE);
        ps->p++;
        exprlist items = {0};
        bool trailing_comma = false;
        if (!eat(ps, ')')) {
            for (;;) {
                tt_tyexpr *t = parse_ty(ps);
                if (!t)
                    return NULL;
                list_push(ps, &items, t);
                trailing_comma = false;
                if (eat(ps, ')'))
                    break;
                if (!eat(ps, ','))
                    return fail(ps, "expected ',' or ')' in tuple");
                trailing_comma = true;
                if (eat(ps, ')'))
                    break;
            }
        }
        /* `(T)` is T in parentheses; `(T,)` is a 1-tuple. */
        if (items.n == 1 && !trailing_comma)
            return items.items[0];
        e->nargs = items.n;
        e->args = list_finish(ps, &items);
        return e;
    }
    case '!':
        e = mk(ps, TX_NEVER);
        ps->p++;
        return e;
    default:
        break;
    }
    e = mk(ps, TX_FN);
    if (eat_kw(ps, "unsafe")) {
        if (eat_kw(ps, "extern")) {
            if (*ps->p == '"') {
                const char *q = strchr(ps->p + 1, '"');
                if (!q)
                    return fail(ps, "unterminated ABI string");
                ps->p = q + 1;
                skip_ws(ps);
            }
        }
        if (!eat_kw(ps, "fn"))
            return fail(ps, "expected 'fn'");
        return parse_fn(ps, e);
    }
    if (eat_kw(ps, "extern")) {
        if (*ps->p == '"') {
            const char *q = strchr(ps->p + 1, '"');
            if (!q)
                return fail(ps, "unterminated ABI string");
            ps->p = q + 1;
            skip_ws(ps);
        }
        if (!eat_kw(ps, "fn"))
            return fail(ps, "expected 'fn'");
        return parse_fn(ps, e);
    }
    if (eat_kw(ps, "fn"))
        return parse_fn(ps, e);
    if (eat_kw(ps, "dyn"))
        return parse_dyn(ps);
    if (strncmp(ps->p, "impl", 4) == 0 && !ident_char((unsigned char)ps->p[4]))
        return fail(ps, "'impl Trait' is not a concrete type");
    if (*ps->p == '<')
        return fail(ps, "qualified paths (<T as Trait>::X) are not supported");
    if (*ps->p == '_' && !ident_char((unsigned char)ps->p[1]))
        return fail(ps, "'_' is not a concrete type");
    return parse_path(ps);
}

static tt_tyexpr *parse_ty(parser *ps)
{
    if (++ps->depth > MAX_NESTING)
        return fail(ps, "type expression nested too deeply");
    tt_tyexpr *e = parse_ty_inner(ps);
    ps->depth--;
    skip_ws(ps);
    return e;
}

tt_tyexpr *tyexpr_parse(tt_arena *a, const char *src, const char **err)
{
    parser ps = {.a = a, .src = src, .p = src};
    *err = NULL;
    tt_tyexpr *e = parse_ty(&ps);
    if (e && *ps.p)
        e = fail(&ps, "unexpected text after the type");
    if (!e)
        *err = ps.err ? ps.err : "invalid type expression";
    return e;
}

bool tyexpr_parse_key(tt_arena *a, const char *src, const char **name, tt_generic **params,
                      uint32_t *nparams, const char **err)
{
    parser ps = {.a = a, .src = src, .p = src};
    *err = NULL;
    *params = NULL;
    *nparams = 0;
    skip_ws(&ps);
    const char *start = ps.p;
    if (!parse_segment(&ps))
        goto bad;
    while (ps.p[0] == ':' && ps.p[1] == ':') {
        ps.p += 2;
        if (!parse_segment(&ps))
            goto bad;
    }
    *name = arena_strndup(a, start, (size_t)(ps.p - start));
    skip_ws(&ps);
    if (*ps.p == '<') {
        ps.p++;
        tt_generic tmp[64];
        uint32_t n = 0;
        skip_ws(&ps);
        while (*ps.p != '>') {
            if (n == 64) {
                fail(&ps, "too many generic parameters");
                goto bad;
            }
            if (skip_lifetime(&ps)) {
                /* lifetime parameter, possibly with bounds: skip to ',' or '>' */
                while (*ps.p && *ps.p != ',' && *ps.p != '>')
                    ps.p++;
            } else {
                if (eat_kw(&ps, "const")) {
                    fail(&ps, "const generic parameters are not supported");
                    goto bad;
                }
                const char *ps0 = ps.p;
                if (!ident_start((unsigned char)*ps.p)) {
                    fail(&ps, "expected a generic parameter name");
                    goto bad;
                }
                while (ident_char((unsigned char)*ps.p))
                    ps.p++;
                tt_generic *g = &tmp[n++];
                memset(g, 0, sizeof *g);
                g->name = arena_strndup(a, ps0, (size_t)(ps.p - ps0));
                skip_ws(&ps);
                if (*ps.p == ':') {
                    ps.p++;
                    /* bounds: only ?Sized matters for layout */
                    int angle = 0;
                    while (*ps.p && (angle > 0 || (*ps.p != ',' && *ps.p != '>' && *ps.p != '='))) {
                        if (ps.p[0] == '?' && strncmp(ps.p + 1, "Sized", 5) == 0)
                            g->maybe_unsized = true;
                        if (*ps.p == '<')
                            angle++;
                        if (*ps.p == '>')
                            angle--;
                        ps.p++;
                    }
                }
                if (eat(&ps, '=')) {
                    g->dflt = parse_ty(&ps);
                    if (!g->dflt)
                        goto bad;
                }
            }
            skip_ws(&ps);
            if (*ps.p == ',') {
                ps.p++;
                skip_ws(&ps);
            } else if (*ps.p != '>') {
                fail(&ps, "expected ',' or '>' in generic parameters");
                goto bad;
            }
        }
        ps.p++;
        *nparams = n;
        *params = arena_alloc(a, (n ? n : 1) * sizeof **params);
        memcpy(*params, tmp, n * sizeof *tmp);
    }
    skip_ws(&ps);
    if (*ps.p) {
        fail(&ps, "unexpected text after the type name");
        goto bad;
    }
    return true;
bad:
    *err = ps.err ? ps.err : arena_printf(a, "invalid type name at column %u", col(&ps));
    return false;
}
