/* Line scanning for bodies (emit/body/ir_body.c; tokens: emit/ir/ir_lex.h): the value a line
 * defines, a call's callee and arguments, the places that declarations, getelementptrs and
 * calls name; and the keys of the typer's maps. */
#include <stdlib.h>
#include <string.h>

#include "ir_body_impl.h"
#include "ir_types.h"

/* Decimal digits of v into the end of buf[24]; returns where they start (no printf: the
 * body pass formats a number per annotation). */
const char *body_digits(uint64_t v, char buf[24])
{
    char *p = buf + 23;
    *p = 0;
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return p;
}

/* "<tag>|<name>[|a|b]": a memo key, without printf. */
const char *body_memo_key(body_typer *b, char tag, const char *name, bool nums, uint64_t x,
                          uint64_t y)
{
    char bx[24], by[24];
    const char *sx = nums ? body_digits(x, bx) : "", *sy = nums ? body_digits(y, by) : "";
    size_t nl = strlen(name), xl = strlen(sx), yl = strlen(sy);
    char *k = arena_alloc(b->c->arena, nl + xl + yl + 5), *q = k;
    *q++ = tag;
    *q++ = '|';
    memcpy(q, name, nl);
    q += nl;
    if (nums) {
        *q++ = '|';
        memcpy(q, sx, xl);
        q += xl;
        *q++ = '|';
        memcpy(q, sy, yl);
        q += yl;
    }
    *q = 0;
    return k;
}

/* "<fn>:<name>" without printf (one per alloca and declaration: hot). */
const char *body_fn_key(body_typer *b, unsigned fn, const char *name)
{
    char num[16];
    size_t k = sizeof num;
    do {
        num[--k] = (char)('0' + fn % 10);
        fn /= 10;
    } while (fn);
    size_t nl = sizeof num - k, ml = strlen(name);
    char *key = arena_alloc(b->c->arena, nl + 1 + ml + 1);
    memcpy(key, num + k, nl);
    key[nl] = ':';
    memcpy(key + nl + 1, name, ml + 1);
    return key;
}

/* Whether the literal lit occurs in s[0..n): a quick test before a line is lexed, since
 * most body lines are none of the instructions read here. */
bool body_contains(const char *s, size_t n, const char *lit)
{
    size_t m = strlen(lit);
    const char *end = s + n;
    while ((size_t)(end - s) >= m) {
        const char *p = memchr(s, lit[0], (size_t)(end - s) - m + 1);
        if (!p)
            return false;
        if (memcmp(p, lit, m) == 0)
            return true;
        s = p + 1;
    }
    return false;
}

/* The value a line defines ("  %x = ..."), as "%x" (arena), or NULL. */
const char *body_defined_value(body_typer *b, const char *s, size_t n, lex_cur *op)
{
    lex_tok t = lex_next(s, 0, n);
    if (t.kind != LEX_LOCAL || t.open || t.end + 3 > n || memcmp(s + t.end, " = ", 3) != 0)
        return NULL;
    *op = lex_start(s, t.end + 3, n);
    return arena_strndup(b->c->arena, s + t.at, t.end - t.at);
}

/* Splits the argument list that starts at s[open] == '(' at top-level commas (each span
 * with its leading spaces); *close is its ')' (0 and no arguments when unbalanced). */
uint32_t body_split_args(const char *s, size_t open, size_t n, span *out, uint32_t max,
                         size_t *close)
{
    *close = 0;
    size_t end = lex_skip_group(s, open, n); /* just past the ')' */
    if (!end)
        return 0;
    uint32_t k = 0;
    for (size_t start = open + 1;;) {
        bool unbalanced;
        size_t e = lex_item_end(s, start, end - 1, &unbalanced);
        if (unbalanced)
            return 0;
        if (e == end - 1) {
            if (k < max && e > start)
                out[k++] = (span){start, e};
            break;
        }
        if (k < max)
            out[k++] = (span){start, e};
        start = e + 1;
    }
    *close = end - 1;
    return k;
}

/* An argument's value when its last token is %name, as "%x", and where it starts. */
const char *body_arg_value(body_typer *b, const char *s, span a, size_t *at)
{
    lex_tok last = {.kind = LEX_END};
    for (lex_tok t = lex_next(s, a.start, a.end); t.kind != LEX_END; t = lex_next(s, t.end, a.end))
        last = t;
    if (last.kind != LEX_LOCAL || last.open)
        return NULL;
    *at = last.at;
    return arena_strndup(b->c->arena, s + last.at, last.end - last.at);
}

const place *body_place_of(body_typer *b, const char *name)
{
    return name ? map_get(b->places, name) : NULL;
}

void body_add_place(body_typer *b, const char *name, tt_type *t, uint64_t off, bool elems,
                    const char *what)
{
    if (!name || !t || map_get(b->places, name))
        return;
    place *p = arena_alloc(b->c->arena, sizeof *p);
    p->t = t;
    p->off = off;
    p->elems = elems;
    p->what = what;
    map_put(b->places, name, p);
}

/* The Rust type of variable N when the types file describes this module's variable N
 * (same number, same name: the file must come from this very module), else NULL. */
tt_type *body_local_type(body_typer *b, const char *key, const char **vname)
{
    const tt_local_def *l = map_get(b->c->locals, key);
    const char *name = map_get(b->var_names, key);
    if (!l || !name || strcmp(name, l->name) != 0)
        return NULL;
    tt_diag *tail = b->c->diags_tail;
    unsigned errs = b->c->nerrors;
    tt_type *t = types_resolve(b->c, l->ty, NULL);
    diag_truncate(b->c, tail, errs);
    *vname = l->name;
    return t;
}

/* "#dbg_declare(ptr %x, !N, !DIExpression(), ...)": the alloca %x holds variable N, whole.
 * Its number, "%x" in *name; 0 when the line declares no whole variable at a local. */
unsigned long body_declare_of(body_typer *b, const char *s, size_t n, const char **name)
{
    lex_cur c = lex_start(s, 0, n);
    if (!lex_take(&c, "#dbg_declare") || !lex_take(&c, "(") || !lex_take(&c, "ptr"))
        return 0;
    lex_tok x = c.t;
    lex_step(&c);
    if (x.kind != LEX_LOCAL || x.open || !lex_take(&c, ","))
        return 0;
    lex_tok var = c.t;
    lex_step(&c);
    if (var.kind != LEX_META || var.end == var.at + 1 || s[var.at + 1] < '0' || s[var.at + 1] > '9')
        return 0;
    /* a fragment or an offset of the variable is not the whole place */
    if (!lex_take(&c, ",") || !lex_take(&c, "!DIExpression") || !lex_take(&c, "(") ||
        !lex_take(&c, ")"))
        return 0;
    *name = arena_strndup(b->c->arena, s + x.at, x.end - x.at);
    return strtoul(s + var.at + 1, NULL, 10);
}

/* A #dbg_declare of a whole variable: its pointer is the variable's place (an alloca seen
 * earlier already is; this adds pointer parameters rustc declares, Indirect arguments). */
void body_scan_declare(body_typer *b, const char *s, size_t n)
{
    const char *name, *vname;
    unsigned long id = body_declare_of(b, s, n, &name);
    if (!id)
        return;
    const char *ids = map_get(b->declared, body_fn_key(b, b->body_fn, name));
    if (ids && strchr(ids, ','))
        return; /* several variables there: body_rewrite_alloca decided */
    tt_type *t = body_local_type(b, arena_printf(b->c->arena, "%lu", id), &vname);
    if (t)
        body_add_place(b, name, t, 0, false,
                       arena_printf(b->c->arena, "local %s: %s", vname, t->name));
}

/* The element type of the array (or array of arrays) t whose elements are `es` bytes, when
 * byte `off` of t starts one of them; NULL otherwise. Only arrays are looked into, not the
 * fields of a struct: a pointer that indexes a struct's field as an array may walk on over
 * the struct's other fields (raw pointers may), so only a whole array's elements are a run. */
static tt_type *array_elem_at(body_typer *b, tt_type *t, uint64_t off, uint64_t es)
{
    for (unsigned depth = 0; t && t->kind == TY_ARRAY && depth < 32; depth++) {
        uint64_t size = body_size_of(b, t), s = body_size_of(b, t->elem);
        if (!size || !s || off >= size)
            return NULL;
        if (s == es && off % s == 0)
            return t->elem;
        off %= s;
        t = t->elem;
    }
    return NULL;
}

/* `getelementptr %T, ptr %p, i64 %i` with %p a run of Rust type t (and %T of t's size):
 * the LLVM named type %T indexes runs of t. Noted for the rewrite between LLVM's passes
 * and Enzyme, where inlining has taken the parameters' attributes away but the
 * getelementptrs keep their type (emit/rewrite/ir_elem_ptrs.c). Every Rust type seen
 * for a name is kept: body_finish writes the name only when their runs agree (T and
 * MaybeUninit<T>, sort's scratch). */
static void note_elem_type(body_typer *b, const char *ty, size_t n, tt_type *t)
{
    if (n < 2 || ty[0] != '%')
        return;
    const char *name = n > 3 && ty[1] == '"' && ty[n - 1] == '"'
                           ? arena_strndup(b->c->arena, ty + 2, n - 3)
                           : arena_strndup(b->c->arena, ty + 1, n - 1);
    body_elem_type *e = map_get(b->elem_types, name);
    if (!e) {
        e = arena_alloc(b->c->arena, sizeof *e);
        map_put(b->elem_types, name, e);
    }
    for (size_t i = 0; i < e->n; i++)
        if (e->t[i] == t || strcmp(e->t[i]->name, t->name) == 0)
            return;
    if (e->n < BODY_ELEM_TYPES)
        e->t[e->n++] = t;
    else
        e->many = true;
}

/* "%y = getelementptr inbounds [nuw] <T>, ptr %x, i64 <index>": with a constant index k,
 * %y is place(%x) + k * size(T); with an index of any kind into a run of elements whose
 * size is T's, %y points into the same run, and so it does into an array of such elements
 * (rustc indexes a local [State; 4] over %"State" at -O0 with the run-time index of
 * `hist[s.cursor]`: stress program state_pipeline). T may be a named struct (rustc indexes
 * a slice of structs over %"Record" at -O0: std's sort copies elements between such
 * pointers, stress programs sorted_records and nbody_vec). */
void body_scan_gep(body_typer *b, const char *y, const char *s, size_t n, lex_cur c)
{
    if (!lex_take(&c, "getelementptr"))
        return;
    while (lex_take(&c, "inbounds") || lex_take(&c, "nuw") || lex_take(&c, "nusw"))
        ;
    lex_tok ty = lex_take_item(&c);
    if (ty.kind == LEX_END || !lex_take(&c, ",") || !lex_take(&c, "ptr"))
        return;
    uint64_t tsize = ir_type_size(b->types, s + ty.at, ty.end - ty.at);
    lex_tok x = c.t;
    lex_step(&c);
    if (!tsize || x.kind != LEX_LOCAL || x.open || !lex_take(&c, ",") || !lex_take(&c, "i64"))
        return;
    const char *bn = arena_strndup(b->c->arena, s + x.at, x.end - x.at);
    const place *base = body_place_of(b, bn);
    if (!base) {
        if (map_get(b->derived, bn))
            map_put(b->derived, y, (void *)"");
        return;
    }
    /* into a typed place: a place of its own below, or at least not untyped memory */
    map_put(b->derived, y, (void *)"");
    lex_tok idx = c.t;
    lex_step(&c);
    /* one index: what follows is the end or ", !dbg ..." (a second index, as in
     * "%S, ptr %x, i64 %i, i32 1", selects inside the element: not followed) */
    if (c.t.kind != LEX_END) {
        if (!lex_is(s, c.t, ','))
            return;
        if (lex_next(s, c.t.end, n).kind != LEX_META)
            return;
    }
    char *end = NULL;
    long long k = idx.kind == LEX_NUMBER ? strtoll(s + idx.at, &end, 10) : 0;
    bool constant = idx.kind == LEX_NUMBER && end == s + idx.end;
    /* the byte offset of a constant index (small enough not to wrap) */
    bool byte_off = constant && k >= 0 && (uint64_t)k <= UINT32_MAX;
    uint64_t bo = byte_off ? (uint64_t)k * tsize : 0;
    const char *what = b->report && byte_off
                           ? arena_printf(b->c->arena, "%s + %llu", base->what, (unsigned long long)bo)
                           : base->what;
    if (base->elems) {
        uint64_t es = body_size_of(b, base->t);
        if (es && es == tsize) {
            body_add_place(b, y, base->t, 0, true, base->what);
            note_elem_type(b, s + ty.at, ty.end - ty.at, base->t);
        }
        else if (es && byte_off) /* into element bo / es of the run */
            body_add_place(b, y, base->t, bo % es, false, what);
        return;
    }
    if (byte_off) {
        body_add_place(b, y, base->t, base->off + bo, false, what);
        return;
    }
    tt_type *e = array_elem_at(b, base->t, base->off, tsize);
    if (e)
        body_add_place(b, y, e, 0, true,
                       b->report ? arena_printf(b->c->arena, "an element of %s", base->what)
                                 : base->what);
}

/* A call or invoke line's callee (lex_callee): its symbol (decoded; "" for an indirect
 * call through %f), *open the '(' of its arguments. NULL when the line calls nothing. */
const char *body_call_callee(body_typer *b, const char *s, size_t n, size_t *open)
{
    lex_tok t = lex_callee(s, n, true, NULL);
    if (t.kind == LEX_END)
        return NULL;
    *open = t.end;
    return t.kind == LEX_LOCAL ? "" : lex_text(b->c->arena, s, t);
}

/* The value a call passes as its sret argument ("%x"), or NULL. */
const char *body_call_sret_arg(body_typer *b, const char *s, size_t open, size_t n)
{
    span args[64];
    size_t close;
    uint32_t na = body_split_args(s, open, n, args, 64, &close);
    for (uint32_t k = 0; k < na; k++) {
        for (lex_tok t = lex_next(s, args[k].start, args[k].end); t.kind != LEX_END;
             t = lex_next(s, t.end, args[k].end)) {
            if (lex_eq(s, t, "sret") && t.end < args[k].end && s[t.end] == '(') {
                size_t vat;
                return body_arg_value(b, s, args[k], &vat);
            }
        }
    }
    return NULL;
}

/* A call: its callee symbol; the {A, B} it returns; its sret argument. */
void body_scan_call(body_typer *b, const char *y, const char *s, size_t n)
{
    size_t open;
    const char *sym = body_call_callee(b, s, n, &open);
    tt_type *ret;
    tt_passmode mode;
    if (!sym || !*sym || !annotator_callee(b->a, sym, &ret, &mode))
        return;
    if (y && mode == PASS_PAIR)
        map_put(b->pairs, y, ret);
    const char *v = mode == PASS_INDIRECT ? body_call_sret_arg(b, s, open, n) : NULL;
    if (v)
        body_add_place(b, v, ret, 0, false,
                       arena_printf(b->c->arena, "the sret result of %s: %s", sym, ret->name));
    /* a thin pointer returned (`index_mut`'s &mut T, `as_ptr`'s *const T): the first of a
     * run of its pointee's type, as a pointer loaded from a typed place is. A copy into it
     * (`v[j] = *e` at -O0, through index_mut) then has a place: of an enum whose variants
     * disagree, it reached Enzyme untyped and moved one element's derivative into another's
     * (random_cases.py seed 5, case 3) */
    tt_type *pt = y && mode == PASS_DIRECT ? types_pointee(b->c, ret) : NULL;
    if (pt && pt->kind != TY_SLICE && pt->kind != TY_STR && body_size_of(b, pt) &&
        !tree_untyped_bytes(b->c, pt))
        body_add_place(b, y, pt, 0, true,
                       arena_printf(b->c->arena, "the %s the result of %s points to", pt->name,
                                    sym));
}
