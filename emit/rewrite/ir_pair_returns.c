/* Integer members of a returned pair that Enzyme would take for a pointer (typetree rewrite
 * --pair-returns; emit/rewrite/ir_rewrite.h says when, tests/enzyme-bugs/mixed-pair-return.ll
 * shows the Enzyme bug).
 *
 * rustc returns a pair of scalars by value as a literal struct: Option<f64> and
 * ControlFlow<f64, f64> as { i64, double } (the tag widened to the float's size), (bool, f64)
 * as { i8, double }, (usize, f32) as { i64, float }. Enzyme (fba597f6) decides how a
 * call's return is differentiated from the return's type analysis: when any byte of it is
 * neither Integer nor Float, the return "may be a pointer", is duplicated instead of given
 * a derivative, and the duplicate is dropped as unneeded: the float member's derivative is
 * lost without a word (GradientUtils::getReturnDiffeType, TypeResults::anyPointer). An
 * enum's tag is made so: `zext i1` and the constant 0 are Anything to Enzyme, and Anything
 * wins over an Integer tree merged with it, so no tree on the function helps.
 *
 * Each `ret` of such a struct gives the integer members a value Enzyme sees as Integer and
 * nothing else: the member goes through @__typetree_integer.iN (an identity function whose
 * return's "enzyme_type" says Integer, inactive, not looked into) and is inserted again
 * over the returned value, whose analysis Enzyme then clears at that member's bytes.
 * Only where the member provably holds an integer: a constant (the constant 0 is
 * Anything to Enzyme too: `ControlFlow::Continue`'s tag), a comparison, a value
 * narrower than 16 bits, a load rustc marks with !range (tags, bools, chars), and phis,
 * selects, casts and integer arithmetic of those. An integer carrying a float's bits
 * (f64::to_bits) or an address stays as it was: Enzyme types those itself, and calling
 * them Integer would be a wrong tree. The function computes what it did; LLVM inlines the
 * helper after Enzyme (its post-optimization). */
#include <stdlib.h>
#include <string.h>

#include "ir_rewriter.h"
#include "../ir/ir_define.h"
#include "../ir/ir_lex.h"
#include "../../layout/xalloc.h"

#define MAX_MEMBERS 8

/* The widths @__typetree_integer.iN is made for (ir_rewrite_finish defines those used). */
const unsigned ir_pair_widths[IR_PAIR_WIDTHS] = {1, 8, 16, 32, 64, 128};

int ir_pair_width_index(unsigned width)
{
    for (int k = 0; k < IR_PAIR_WIDTHS; k++)
        if (ir_pair_widths[k] == width)
            return k;
    return -1;
}

struct fn {
    const char *s;
    size_t n;
    size_t *at, *len; /* each line's start and length (with its '\n') */
    size_t nlines;
    tt_arena *a;
    tt_map *defs;  /* "%x" -> 1 + the line defining it */
    tt_map *proof; /* "%x" -> IN_PROGRESS, INTEGER or OTHER */
};

enum { IN_PROGRESS = 1, INTEGER, OTHER };

static const char *tok_str(struct fn *f, const char *s, lex_tok t)
{
    return arena_strndup(f->a, s + t.at, t.end - t.at);
}

/* "iN" -> N (1..128), 0 for any other word. */
static unsigned int_width(const char *s, lex_tok t)
{
    if (t.kind != LEX_WORD || t.end - t.at < 2 || s[t.at] != 'i')
        return 0;
    unsigned w = 0;
    for (size_t i = t.at + 1; i < t.end; i++) {
        if (s[i] < '0' || s[i] > '9' || w > 128)
            return 0;
        w = 10 * w + (unsigned)(s[i] - '0');
    }
    return w >= 1 && w <= 128 ? w : 0;
}

static bool is_float_word(const char *s, lex_tok t)
{
    return t.kind == LEX_WORD &&
           (lex_eq(s, t, "double") || lex_eq(s, t, "float") || lex_eq(s, t, "half"));
}

static bool integer_value(struct fn *f, const char *v);

/* The operand at the cursor ("%x" or a constant) as text, stepping past it; NULL when it
 * is neither. */
static const char *take_operand(struct fn *f, lex_cur *c)
{
    lex_tok t = c->t;
    if (t.open || (t.kind != LEX_LOCAL && t.kind != LEX_NUMBER && t.kind != LEX_WORD))
        return NULL;
    lex_step(c);
    return tok_str(f, c->s, t);
}

/* Whether the definition "%x = ..." (line k) makes an integer of integers. */
static bool integer_def(struct fn *f, size_t k)
{
    const char *s = f->s + f->at[k];
    size_t n = f->len[k];
    lex_cur c = lex_start(s, 0, n);
    lex_step(&c); /* %x */
    if (!lex_take(&c, "="))
        return false;
    lex_tok op = c.t;
    lex_step(&c);
    if (op.kind != LEX_WORD)
        return false;
    if (lex_eq(s, op, "icmp") || lex_eq(s, op, "fcmp"))
        return true; /* an i1 */
    if (lex_eq(s, op, "load")) {
        /* rustc's !range: a tag, a bool, a char (never a float's bits or an address) */
        return int_width(s, c.t) && rw_find(s, 0, n, ", !range !") < n;
    }
    if (lex_eq(s, op, "zext") || lex_eq(s, op, "sext") || lex_eq(s, op, "trunc")) {
        rw_skip_flags(&c);
        unsigned w = int_width(s, c.t);
        lex_step(&c);
        const char *v = take_operand(f, &c);
        return w && v && ((w < 16 && !lex_eq(s, op, "trunc")) || integer_value(f, v));
    }
    if (lex_eq(s, op, "phi")) {
        if (!int_width(s, c.t))
            return false;
        lex_step(&c);
        for (;;) { /* [ v, %bb ], ... */
            if (!lex_take(&c, "["))
                return false;
            const char *v = take_operand(f, &c);
            if (!v || !integer_value(f, v))
                return false;
            while (c.t.kind != LEX_END && !lex_is(s, c.t, ']'))
                lex_step(&c);
            lex_step(&c);
            if (!lex_take(&c, ",") || !lex_is(s, c.t, '['))
                return true; /* the last one; then ", !dbg !N" */
        }
    }
    if (lex_eq(s, op, "select")) {
        rw_skip_flags(&c);
        lex_step(&c); /* i1 */
        if (!take_operand(f, &c) || !lex_take(&c, ","))
            return false;
        for (int arm = 0; arm < 2; arm++) {
            if (!int_width(s, c.t))
                return false;
            lex_step(&c);
            const char *v = take_operand(f, &c);
            if (!v || !integer_value(f, v) || (arm == 0 && !lex_take(&c, ",")))
                return false;
        }
        return true;
    }
    static const char *const arith[] = {"add", "sub", "mul", "and", "or", "xor", "shl",
                                        "lshr", "ashr", "udiv", "sdiv", "urem", "srem"};
    for (size_t a = 0; a < sizeof arith / sizeof *arith; a++) {
        if (!lex_eq(s, op, arith[a]))
            continue;
        rw_skip_flags(&c);
        if (!int_width(s, c.t))
            return false;
        lex_step(&c);
        const char *x = take_operand(f, &c);
        if (!x || !lex_take(&c, ","))
            return false;
        const char *y = take_operand(f, &c);
        return y && integer_value(f, x) && integer_value(f, y);
    }
    return false;
}

/* Whether value v (as written) provably holds an integer. A cycle of phis is, when every
 * value entering it from outside is. */
static bool integer_value(struct fn *f, const char *v)
{
    if (v[0] != '%') /* a number, true, false, poison, undef, zeroinitializer */
        return (v[0] >= '0' && v[0] <= '9') || v[0] == '-' || !strcmp(v, "true") ||
               !strcmp(v, "false") || !strcmp(v, "poison") || !strcmp(v, "undef") ||
               !strcmp(v, "zeroinitializer");
    intptr_t p = (intptr_t)map_get(f->proof, v);
    if (p)
        return p != OTHER;
    size_t k = (size_t)(intptr_t)map_get(f->defs, v);
    if (!k)
        return false; /* a parameter: its tree says what it is */
    map_put(f->proof, v, (void *)(intptr_t)IN_PROGRESS);
    bool yes = integer_def(f, k - 1);
    map_put(f->proof, v, (void *)(intptr_t)(yes ? INTEGER : OTHER));
    return yes;
}

/* Member i of the constant aggregate v ("{ i64 0, double poison }") as written; NULL when
 * it is no number, poison or undef (a constant expression). */
static const char *constant_member(struct fn *f, const char *v, unsigned i)
{
    lex_cur c = lex_start(v, 0, strlen(v));
    if (!lex_take(&c, "{"))
        return NULL;
    for (unsigned at = 0;; at++) {
        lex_step(&c); /* the member's type */
        lex_tok t = c.t;
        const char *x = take_operand(f, &c);
        if (!x || (t.kind != LEX_NUMBER && strcmp(x, "poison") && strcmp(x, "undef")))
            return NULL;
        if (at == i)
            return t.kind == LEX_NUMBER ? x : "poison";
        if (!lex_take(&c, ","))
            return NULL;
    }
}

/* The value inserted at member i of aggregate v, following its chain of insertvalues;
 * NULL when the chain is something else (a phi, a load, a call). */
static const char *member_value(struct fn *f, const char *v, unsigned i)
{
    for (int depth = 0; depth < MAX_MEMBERS * 4; depth++) {
        if (!strcmp(v, "zeroinitializer"))
            return "0";
        if (v[0] == '{')
            return constant_member(f, v, i);
        if (v[0] != '%')
            return "poison"; /* poison, undef: nothing Enzyme loses */
        size_t k = (size_t)(intptr_t)map_get(f->defs, v);
        if (!k)
            return NULL;
        const char *s = f->s + f->at[k - 1];
        lex_cur c = lex_start(s, 0, f->len[k - 1]);
        lex_step(&c);
        if (!lex_take(&c, "=") || !lex_take(&c, "insertvalue"))
            return NULL;
        lex_take_item(&c); /* the aggregate's type */
        const char *agg;
        if (lex_is(s, c.t, '{')) { /* a constant: { i64 0, double poison } */
            lex_tok g = lex_take_item(&c);
            agg = g.kind == LEX_END ? NULL : tok_str(f, s, g);
        } else {
            agg = take_operand(f, &c);
        }
        if (!agg || !lex_take(&c, ","))
            return NULL;
        lex_step(&c); /* the member's type */
        const char *x = take_operand(f, &c);
        if (!x || !lex_take(&c, ",") || c.t.kind != LEX_NUMBER)
            return NULL;
        unsigned at = (unsigned)strtoul(s + c.t.at, NULL, 10);
        lex_step(&c);
        if (lex_take(&c, ","))
            if (c.t.kind == LEX_NUMBER)
                return NULL; /* a nested index */
        if (at == i)
            return x;
        v = agg;
    }
    return NULL;
}

/* A define line's return type when it is a literal struct of scalars ("{ i64, double }"):
 * where it is, its members (the first MAX_MEMBERS of them kept) and their kinds. */
struct ret_struct {
    size_t from, to;           /* its text, '{' to '}' */
    unsigned m;                /* its members */
    lex_tok ty[MAX_MEMBERS];   /* each one's type word */
    unsigned width[MAX_MEMBERS]; /* iN: N; 0 for any other */
    bool in, fp, ptr, other;   /* an integer, a float, a pointer, another word among them */
};

/* Reads the return type of define line s[0, n) into r: false when it is no literal struct
 * of scalars (a packed struct, a nested aggregate or vector, any other type). */
static bool ret_struct_read(const char *s, size_t n, struct ret_struct *r)
{
    size_t at, lparen;
    if (!ir_define_name(s, n, &at, &lparen))
        return false;
    /* the return type: the last group before the name, opened by '{' */
    *r = (struct ret_struct){.from = n};
    for (lex_tok t = lex_next(s, 0, at); t.kind != LEX_END; t = lex_next(s, t.end, at))
        if (lex_is(s, t, '{')) {
            r->from = t.at;
            r->to = lex_skip_group(s, t.at, at);
            if (!r->to)
                return false;
            t.end = r->to;
        }
    if (r->from == n || (r->from > 0 && s[r->from - 1] == '<')) /* none, or <{ ... }> */
        return false;
    lex_cur c = lex_start(s, r->from, r->to);
    lex_step(&c); /* { */
    for (;;) {
        if (c.t.kind != LEX_WORD)
            return false;
        unsigned w = int_width(s, c.t);
        bool fp = is_float_word(s, c.t), ptr = lex_eq(s, c.t, "ptr");
        if (r->m < MAX_MEMBERS) {
            r->ty[r->m] = c.t;
            r->width[r->m] = w;
        }
        r->m++;
        r->in |= w != 0;
        r->fp |= fp;
        r->ptr |= ptr;
        r->other |= !w && !fp && !ptr;
        lex_step(&c);
        if (lex_take(&c, "}"))
            return c.t.kind == LEX_END;
        if (!lex_take(&c, ","))
            return false; /* a nested aggregate or vector, or more than a word */
    }
}

bool ir_pointer_float_return(const char *s, size_t n)
{
    struct ret_struct r;
    return ret_struct_read(s, n, &r) && r.ptr && r.fp;
}

unsigned ir_pair_returns(const char *s, size_t n, tt_buf *out, unsigned *widths)
{
    /* a literal struct of integers, floats and pointers, with an integer and a float */
    struct ret_struct r;
    size_t first = rw_line_len(s, 0, n);
    if (!ret_struct_read(s, first, &r) || !r.in || !r.fp || r.other || r.m > MAX_MEMBERS ||
        rw_find(s, first, n, "\n  ret {") == n) {
        buf_putn(out, s, n);
        return 0;
    }
    unsigned m = r.m;
    const lex_tok *ty = r.ty;
    const unsigned *width = r.width;
    struct fn f = {.s = s, .n = n, .a = arena_new()};
    f.defs = map_new(f.a);
    f.proof = map_new(f.a);
    for (size_t i = 0; i < n; i += rw_line_len(s, i, n))
        f.nlines++;
    f.at = xmalloc(f.nlines * sizeof *f.at);
    f.len = xmalloc(f.nlines * sizeof *f.len);
    size_t k = 0;
    for (size_t i = 0; i < n; i += f.len[k++]) {
        f.at[k] = i;
        f.len[k] = rw_line_len(s, i, n);
        lex_tok x = lex_next(s + i, 0, f.len[k]);
        if (k && x.kind == LEX_LOCAL && !x.open &&
            lex_is(s + i, lex_next(s + i, x.end, f.len[k]), '='))
            map_put(f.defs, tok_str(&f, s + i, x), (void *)(intptr_t)(k + 1));
    }
    const char *type = arena_strndup(f.a, s + r.from, r.to - r.from);
    unsigned rets = 0;
    for (k = 0; k < f.nlines; k++) {
        const char *l = s + f.at[k];
        size_t len = f.len[k];
        lex_cur c = lex_start(l, 0, len);
        const char *v = NULL;
        if (lex_take(&c, "ret") && c.t.kind == LEX_PUNCT && lex_is(l, c.t, '{')) {
            lex_take_item(&c);
            lex_tok vt = c.t;
            v = take_operand(&f, &c);
            if (v && vt.kind != LEX_LOCAL)
                v = NULL; /* a constant: nothing to give Enzyme */
        }
        const char *given[MAX_MEMBERS] = {0};
        bool any = false;
        for (unsigned i = 0; v && i < m; i++) {
            const char *x = ir_pair_width_index(width[i]) >= 0 ? member_value(&f, v, i) : NULL;
            if (x && strcmp(x, "poison") && integer_value(&f, x)) {
                given[i] = x;
                any = true;
            }
        }
        if (!any) {
            buf_putn(out, l, len);
            continue;
        }
        /* what follows the value (", !dbg !N" and the '\n') stays with each new line */
        size_t tail = c.t.kind == LEX_END ? len - (len && l[len - 1] == '\n') : c.t.at;
        while (tail > 0 && l[tail - 1] == ' ')
            tail--;
        const char *rest = arena_strndup(f.a, l + tail, len - tail);
        size_t nl = strlen(rest);
        const char *meta = arena_strndup(f.a, rest, nl && rest[nl - 1] == '\n' ? nl - 1 : nl);
        const char *agg = v;
        for (unsigned i = 0; i < m; i++) {
            if (!given[i])
                continue;
            const char *mt = arena_strndup(f.a, s + ty[i].at, ty[i].end - ty[i].at);
            buf_printf(out, "  %%__tt.pair.%u.%u = call %s @__typetree_integer.%s(%s %s)%s\n",
                       rets, i, mt, mt, mt, given[i], meta);
            buf_printf(out, "  %%__tt.pair.%u.%u.r = insertvalue %s %s, %s %%__tt.pair.%u.%u, %u%s\n",
                       rets, i, type, agg, mt, rets, i, i, meta);
            agg = arena_printf(f.a, "%%__tt.pair.%u.%u.r", rets, i);
            *widths |= 1u << ir_pair_width_index(width[i]);
        }
        buf_printf(out, "  ret %s %s%s", type, agg, rest);
        rets++;
    }
    free(f.at);
    free(f.len);
    arena_free(f.a);
    return rets;
}
