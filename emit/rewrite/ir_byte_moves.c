/* Bytes moved one at a time where they may be a float's (typetree rewrite --byte-moves;
 * emit/rewrite/ir_rewrite.h says when it refuses and why). Enzyme takes every value
 * narrower than 16 bits for an integer, whatever memory it came from, so `%v = load i8, ptr
 * %a` then `store i8 %v, ptr %b` moves the byte and not its derivative: a float moved so
 * (`<[u8]>::swap` over `to_le_bytes`) keeps its derivative where it was, silently, with any
 * tree or none (tests/enzyme-bugs/float-as-bytes.ll). No tree can say a byte is part of a
 * float, and Rust's untyped memory is bytes, so this check looks at the moves themselves:
 * which bytes of a pointer a move can reach. A field's byte (a `u8`, a `bool`, an enum's
 * tag) is one offset from its base, or one per element of a run; a float's is four or eight
 * adjacent ones, and a move at a run-time byte index may be any. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ir_rewriter.h"
#include "../ir/ir_lex.h"
#include "../../layout/xalloc.h"

/* An integer register as stride * (something unknown) + offset; stride 0: a constant. */
struct lin {
    long long stride, off;
};

/* What a line defines, by its register's name (arena keys). */
enum def_kind { DEF_GEP_BYTES, DEF_GEP_OTHER, DEF_MUL, DEF_SHL, DEF_ADD, DEF_LOAD };
struct def {
    enum def_kind kind;
    const char *a, *b; /* operands as written: the base and the index (gep), or the two */
    unsigned bits;     /* DEF_LOAD: the loaded integer's width */
    size_t line;       /* DEF_LOAD: its line in the function (0: the define line) */
};

struct move {
    const char *base;
    struct lin at;
    size_t line;
};

struct scan {
    tt_arena *a;
    tt_map *defs;
    const tt_map *consts;
};

static long long gcd(long long x, long long y)
{
    x = x < 0 ? -x : x;
    y = y < 0 ? -y : y;
    while (y) {
        long long t = x % y;
        x = y;
        y = t;
    }
    return x;
}

/* The operand text a cursor stands on: a name or a number. NULL for anything else. */
static const char *operand(struct scan *sc, lex_cur *c)
{
    lex_tok t = c->t;
    if (t.open || (t.kind != LEX_LOCAL && t.kind != LEX_NUMBER && t.kind != LEX_GLOBAL))
        return NULL;
    lex_step(c);
    return arena_strndup(sc->a, c->s + t.at, t.end - t.at);
}

/* Notes what line s[0, n) (a body line) defines, when it is one of the kinds above. */
static void note_def(struct scan *sc, const char *s, size_t n, size_t line)
{
    lex_cur c = lex_start(s, 0, n);
    if (c.t.kind != LEX_LOCAL || c.t.open)
        return;
    lex_tok x = c.t;
    lex_step(&c);
    if (!lex_take(&c, "="))
        return;
    struct def d = {0};
    if (lex_take(&c, "getelementptr")) {
        rw_skip_flags(&c);
        lex_tok ty = lex_take_item(&c);
        bool bytes = lex_eq(s, ty, "i8");
        if (!lex_take(&c, ",") || !lex_take(&c, "ptr") || !(d.a = operand(sc, &c)))
            return;
        /* one i8 index: a byte offset; anything else (a typed or multi-index gep) starts a
         * new base, unless its last index is a run-time one over bytes ([N x i8]) */
        int nidx = 0;
        const char *last = NULL;
        while (lex_take(&c, ",")) {
            if (!lex_take(&c, "i64") && !lex_take(&c, "i32"))
                break;
            last = operand(sc, &c);
            nidx++;
        }
        bool byte_array = rw_starts(s + ty.at, ty.end - ty.at, "[") &&
                          rw_find(s, ty.at, ty.end, "x i8]") < ty.end;
        if (bytes && nidx == 1) {
            d.kind = DEF_GEP_BYTES;
            d.b = last;
        } else if (byte_array && nidx == 2 && last && last[0] == '%') {
            d.kind = DEF_GEP_BYTES; /* the first index (0) adds a whole array: none here */
            d.b = last;
        } else {
            d.kind = DEF_GEP_OTHER;
        }
    } else if (lex_take(&c, "load")) {
        lex_take(&c, "volatile");
        lex_tok ty = c.t;
        if (ty.kind != LEX_WORD || s[ty.at] != 'i')
            return;
        unsigned bits = (unsigned)strtoul(s + ty.at + 1, NULL, 10);
        /* i1 is no memory type rustc loads; 16 bits and more Enzyme types by their use */
        if (bits < 2 || bits >= 16 || rw_find(s, ty.end, n, "!range") < n)
            return;
        lex_step(&c);
        if (!lex_take(&c, ",") || !lex_take(&c, "ptr"))
            return;
        d.kind = DEF_LOAD;
        d.bits = bits;
        d.line = line;
        lex_tok p = c.t;
        if (p.kind == LEX_WORD) { /* a constant expression: its global is the base */
            size_t i = p.at;
            lex_tok g;
            for (g = lex_next(s, i, n); g.kind != LEX_END && g.kind != LEX_GLOBAL;
                 g = lex_next(s, g.end, n))
                ;
            if (g.kind != LEX_GLOBAL)
                return;
            d.a = arena_strndup(sc->a, s + g.at, g.end - g.at);
        } else if (!(d.a = operand(sc, &c))) {
            return;
        }
    } else {
        bool mul = lex_take(&c, "mul"), shl = !mul && lex_take(&c, "shl");
        bool add = !mul && !shl && (lex_take(&c, "add") || lex_take(&c, "or"));
        if (!mul && !shl && !add)
            return;
        rw_skip_flags(&c);
        if (!lex_take(&c, "i64") || !(d.a = operand(sc, &c)) || !lex_take(&c, ",") ||
            !(d.b = operand(sc, &c)))
            return;
        d.kind = mul ? DEF_MUL : shl ? DEF_SHL : DEF_ADD;
    }
    struct def *p = arena_alloc(sc->a, sizeof *p);
    *p = d;
    map_put(sc->defs, arena_strndup(sc->a, s + x.at, x.end - x.at), p);
}

static bool is_number(const char *v, long long *k)
{
    char *end;
    *k = strtoll(v, &end, 10);
    return *v && *end == '\0';
}

/* An i64 register as stride * unknown + offset, through constants, mul, shl, add and
 * `or disjoint`-like ors (an or of a constant is taken for an add: the stride it leaves is
 * what matters, and an or never moves a value to another residue class of a larger power
 * of two than the constant's). depth bounds the walk. */
static struct lin lin_of(struct scan *sc, const char *v, int depth)
{
    const struct lin unknown = {1, 0};
    long long k;
    if (is_number(v, &k))
        return (struct lin){0, k};
    struct def *d = depth ? map_get(sc->defs, v) : NULL;
    if (!d || d->kind == DEF_GEP_BYTES || d->kind == DEF_GEP_OTHER || d->kind == DEF_LOAD)
        return unknown;
    struct lin x = lin_of(sc, d->a, depth - 1), y = lin_of(sc, d->b, depth - 1), r;
    long long m = 0;
    switch (d->kind) {
    case DEF_ADD:
        r.stride = x.stride && y.stride ? gcd(x.stride, y.stride) : x.stride + y.stride;
        if (__builtin_add_overflow(x.off, y.off, &r.off))
            return unknown;
        return r;
    case DEF_SHL:
        if (y.stride != 0 || y.off < 0 || y.off >= 32)
            return unknown;
        m = 1LL << y.off;
        break;
    case DEF_MUL:
        if (x.stride != 0 && y.stride != 0)
            return unknown;
        m = x.stride == 0 ? x.off : y.off;
        x = x.stride == 0 ? y : x;
        break;
    default:
        return unknown;
    }
    /* x * m; a stride's sign does not change the offsets it reaches */
    if (__builtin_mul_overflow(x.stride, m, &r.stride) ||
        __builtin_mul_overflow(x.off, m, &r.off) || r.stride == LLONG_MIN)
        return unknown;
    r.stride = r.stride < 0 ? -r.stride : r.stride;
    return r;
}

/* The bytes pointer v reaches: a base (a name that is no byte gep) and stride/offset. */
static struct lin address(struct scan *sc, const char *v, const char **base)
{
    struct lin at = {0, 0};
    for (int depth = 0; depth < 64; depth++) {
        struct def *d = map_get(sc->defs, v);
        if (!d || d->kind != DEF_GEP_BYTES)
            break;
        struct lin i = lin_of(sc, d->b, 8);
        at.stride = at.stride && i.stride ? gcd(at.stride, i.stride) : at.stride + i.stride;
        if (__builtin_add_overflow(at.off, i.off, &at.off)) {
            at = (struct lin){1, 0}; /* no telling which bytes: any */
            break;
        }
        v = d->a;
    }
    *base = v;
    return at;
}

/* The residue of a move's offset in its stride (the offset itself without one). */
static long long residue(const struct move *m)
{
    return m->at.stride ? ((m->at.off % m->at.stride) + m->at.stride) % m->at.stride
                        : m->at.off;
}

static int by_base(const void *x, const void *y)
{
    const struct move *a = x, *b = y;
    int c = strcmp(a->base, b->base);
    long long ra = residue(a), rb = residue(b);
    return c ? c : (ra > rb) - (ra < rb);
}

size_t ir_byte_moves(const char *s, size_t n, const tt_map *consts)
{
    /* most functions load no byte: no arena for them */
    if (rw_find(s, 0, n, "= load i") == n)
        return 0;
    struct scan sc = {.a = arena_new(), .consts = consts};
    sc.defs = map_new(sc.a);
    size_t line = 0;
    for (size_t i = 0; i < n; line++) {
        size_t m = rw_line_len(s, i, n);
        if (m > 2 && s[i] == ' ')
            note_def(&sc, s + i, m, line);
        i += m;
    }
    struct move *moves = NULL;
    size_t nmoves = 0, cap = 0, found = 0;
    line = 0;
    for (size_t i = 0; i < n; line++) {
        size_t m = rw_line_len(s, i, n);
        lex_cur c = lex_start(s + i, 0, m);
        i += m;
        if (!lex_take(&c, "store"))
            continue;
        lex_take(&c, "volatile");
        lex_tok ty = c.t;
        lex_step(&c);
        const char *v = operand(&sc, &c);
        struct def *d = v ? map_get(sc.defs, v) : NULL;
        if (!d || d->kind != DEF_LOAD || ty.kind != LEX_WORD ||
            strtoul(c.s + ty.at + 1, NULL, 10) != d->bits)
            continue;
        const char *base;
        struct lin at = address(&sc, d->a, &base);
        if (base[0] == '@' && map_get(consts, base + 1))
            continue; /* constant memory holds no derivative */
        if (at.stride == 1) { /* a run-time byte index: any byte */
            found = d->line + 1;
            break;
        }
        if (nmoves == cap) {
            cap = cap ? 2 * cap : 16;
            moves = xrealloc(moves, cap * sizeof *moves);
        }
        moves[nmoves++] = (struct move){base, at, d->line};
    }
    /* four adjacent bytes of one base (in its stride's residues): a float's width */
    if (nmoves > 1)
        qsort(moves, nmoves, sizeof *moves, by_base);
    for (size_t k = 0; !found && k + 3 < nmoves; k++) {
        size_t run = 1;
        for (size_t j = k + 1; j < nmoves && !strcmp(moves[j].base, moves[k].base) &&
                               moves[j].at.stride == moves[k].at.stride && run < 4;
             j++) {
            long long d = residue(&moves[j]) - residue(&moves[k]);
            if (d == (long long)run)
                run++;
            else if (d > (long long)run)
                break;
        }
        if (run >= 4)
            found = moves[k].line + 1;
    }
    free(moves);
    arena_free(sc.a);
    return found;
}
