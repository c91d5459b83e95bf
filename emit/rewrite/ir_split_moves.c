/* Integer moves of mixed bytes, split at the kinds (IR_RW_COPY_SEGMENTS; the places are
 * ir_copy_segments.c's and ir_elem_ptrs.c's).
 *
 * std moves values as integers where their type does not matter to it: `ptr::swap` of a
 * `T` larger than a few words swaps it eight bytes at a time (`swap_nonoverlapping`, in
 * every sort's swaps), and SROA copies what it splits off a struct in integer pieces. An
 * `i64` that holds a struct's `id: u32` and `soft: f32` moves the f32's derivative in half
 * of a register, which Enzyme cannot do: it stops on its assertion "unhandled accumulate
 * with partial sizes" (stress nbody_vec at -O2, in heapsort's swaps), or, when its types
 * say less, "Cannot deduce type of copy".
 *
 * So where a load of an integer type reads bytes of a place whose kinds are known (a
 * parameter's or an alloca's runs, a constant offset into one, an element pointer of one:
 * ir_elem_ptrs.c), and those bytes hold a float, and the loaded value's every use is a
 * store of it whole, the load and the stores become one load and one store
 * per piece: each float with its LLVM float type, each pointer as `ptr`, integers and
 * padding as integers of at most 8 bytes (the pieces of annotate's typed copies,
 * emit/body/ir_body_loops.c). Every byte moves as it did, bit for bit: the program computes
 * what it did. Enzyme then sees a float load and store, each with its type.
 *
 * The listing pass notes each function's integer loads and, at its end, the uses of their
 * values in its whole text (a use in a phi may come before the load); the rewrite pass
 * decides at each
 * load from the places the function's lines give it, and rewrites the stores of a value it
 * split. Stores of a split value can come before its load in the text only in a block the
 * load does not dominate, which LLVM does not allow, so every store comes after. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir_rewriter.h"

/* A load noted in the listing pass: its uses, and how many of them are stores of it. */
struct split_cand {
    size_t uses, stores;
};

/* A load split: the pieces' values are "%__tt.split<id>.<k>". */
#define MAX_SPLIT 16
struct split_done {
    unsigned long id;
    unsigned bits;
    size_t np;
    uint64_t off[MAX_SPLIT];
    const char *ty[MAX_SPLIT];
    int md[MAX_SPLIT]; /* the register tree: an index of rw_add_load_tree's kinds */
};

/* "  %x = load iN, ptr %p ..." (not volatile, not atomic), N a multiple of 8 up to 128:
 * true with the name tokens of x and p and the width. */
static bool int_load(const char *s, size_t n, lex_tok *x, lex_tok *p, unsigned *bits)
{
    lex_cur c = lex_start(s, 0, n);
    if (c.t.kind != LEX_LOCAL || c.t.open)
        return false;
    *x = c.t;
    lex_step(&c);
    if (!lex_take(&c, "=") || !lex_take(&c, "load") || c.t.kind != LEX_WORD || s[c.t.at] != 'i')
        return false;
    char *end;
    unsigned long w = strtoul(s + c.t.at + 1, &end, 10);
    if (end != s + c.t.end || !w || w % 8 || w > 128)
        return false;
    *bits = (unsigned)w;
    lex_step(&c);
    if (!lex_take(&c, ",") || !lex_take(&c, "ptr") || c.t.kind != LEX_LOCAL || c.t.open)
        return false;
    *p = c.t;
    return true;
}

/* "  store iN %v, ptr %q ..." (not volatile, not atomic): true with v's and q's tokens and
 * the width. */
static bool int_store(const char *s, size_t n, lex_tok *v, lex_tok *q, unsigned *bits)
{
    lex_cur c = lex_start(s, 0, n);
    if (!lex_take(&c, "store") || c.t.kind != LEX_WORD || s[c.t.at] != 'i')
        return false;
    char *end;
    unsigned long w = strtoul(s + c.t.at + 1, &end, 10);
    if (end != s + c.t.end || !w)
        return false;
    *bits = (unsigned)w;
    lex_step(&c);
    if (c.t.kind != LEX_LOCAL || c.t.open)
        return false;
    *v = c.t;
    lex_step(&c);
    if (!lex_take(&c, ",") || !lex_take(&c, "ptr") || c.t.kind != LEX_LOCAL || c.t.open)
        return false;
    *q = c.t;
    return true;
}

/* Token t's text as a key: in buf when it fits, else in the arena. */
static const char *key(ir_rewriter *rw, const char *s, lex_tok t, char *buf, size_t cap)
{
    size_t len = t.end - t.at;
    if (len >= cap)
        return rw_tok_text(rw, s, t);
    memcpy(buf, s + t.at, len);
    buf[len] = '\0';
    return buf;
}

/* The uses of the candidates in the function's text: every local named on a line after
 * the definition (a debug record's do not count: it goes with its value). */
static void count_uses(ir_rewriter *rw, const char *text, size_t len)
{
    char buf[160];
    for (size_t i = 0; i < len;) {
        const char *s = text + i;
        const char *nl = memchr(s, '\n', len - i);
        size_t n = nl ? (size_t)(nl - s) + 1 : len - i;
        i += n;
        if (!rw_starts(s, n, "  ") || rw_starts(s, n, "    #dbg_"))
            continue;
        lex_tok x, p;
        unsigned bits;
        size_t from = 0;
        if (int_load(s, n, &x, &p, &bits)) {
            from = x.end;
        } else if (int_store(s, n, &x, &p, &bits)) {
            struct split_cand *k = map_get(rw->split_cands, key(rw, s, x, buf, sizeof buf));
            if (k)
                k->stores++;
        }
        for (lex_tok t = lex_next(s, from, n); t.kind != LEX_END; t = lex_next(s, t.end, n)) {
            if (t.kind != LEX_LOCAL)
                continue;
            struct split_cand *k = map_get(rw->split_cands, key(rw, s, t, buf, sizeof buf));
            if (k)
                k->uses++;
        }
    }
}

void ir_split_moves_note(ir_rewriter *rw, const char *s, size_t n)
{
    if (rw_starts(s, n, "define ")) {
        rw->split_cands = NULL;
        rw->split_text.len = 0;
        rw->split_in = true;
        return;
    }
    if (!rw->split_in)
        return;
    if (rw_starts(s, n, "}")) {
        /* a function with no place has nothing to split */
        if (rw->split_cands && ir_elem_ptrs_places(rw)) {
            count_uses(rw, rw->split_text.data, rw->split_text.len);
            map_put(rw->split_fns, arena_printf(rw->c->arena, "%lu", rw->fn_noted),
                    rw->split_cands);
        }
        rw->split_in = false;
        return;
    }
    buf_putn(&rw->split_text, s, n);
    lex_tok x, p;
    unsigned bits;
    if (rw_starts(s, n, "  %") && int_load(s, n, &x, &p, &bits)) {
        if (!rw->split_cands)
            rw->split_cands = map_new(rw->c->arena);
        struct split_cand *k = arena_alloc(rw->c->arena, sizeof *k);
        *k = (struct split_cand){0, 0};
        map_put(rw->split_cands, rw_tok_text(rw, s, x), k);
    }
}

void ir_split_moves_function(ir_rewriter *rw)
{
    rw->split_fn = map_get(rw->split_fns, arena_printf(rw->c->arena, "%lu", rw->fn_seen));
    rw->split_done = rw->split_fn ? map_new(rw->c->arena) : NULL;
}

/* The LLVM type and tree of a float kind's text ("Float@double"), NULL when not a float. */
static const char *float_piece(const char *kind, size_t len, uint64_t *width, int *md)
{
    static const struct {
        const char *kind, *ty;
        uint64_t width;
        int md;
    } f[] = {{"Float@double", "double", 8, 0}, {"Float@float", "float", 4, 1},
             {"Float@half", "half", 2, 2}, {"Float@bfloat16", "bfloat", 2, 3},
             {"Float@fp128", "fp128", 16, 4}};
    for (size_t i = 0; i < sizeof f / sizeof *f; i++)
        if (strlen(f[i].kind) == len && memcmp(f[i].kind, kind, len) == 0) {
            *width = f[i].width;
            *md = f[i].md;
            return f[i].ty;
        }
    return NULL;
}

/* The pieces of bytes [off, off + len) of the tiled or bounded runs (see ir_copy_segments.c's
 * struct base), into d; false when they hold no float, or a float or pointer the range
 * cuts. Floats alone are split too: an integer move of a float's bytes is one Enzyme
 * takes for a pointer's (its default for an i64 it cannot type), and moves its shadow
 * forward in the reverse pass, silently wrong (slice::reverse of a Vec of {f64, u32, f32}
 * at -O1..-O3, the gradient case slice_moves_mixed). */
static bool pieces(const char *runs, uint64_t off, bool tiled, uint64_t len,
                   struct split_done *d)
{
    struct rw_runs rr;
    /* at most 64 runs: more than the moves seen need */
    if (!rw_parse_runs(runs, &rr) || rr.n > 64 ||
        (!tiled && (off > rr.size || len > rr.size - off)))
        return false;
    uint64_t size = rr.size;
    const uint64_t *start = rr.start;
    bool any_float = false;
    d->np = 0;
    for (uint64_t at = 0; at < len;) {
        uint64_t in = (tiled ? (off + at) % size : off + at);
        size_t k = rw_run_at(&rr, in);
        uint64_t run_end = k + 1 < rr.n ? start[k + 1] : size;
        uint64_t width;
        int md;
        const char *fty = float_piece(rr.kind[k], rr.klen[k], &width, &md);
        if (d->np == MAX_SPLIT)
            return false;
        if (fty) {
            /* a whole float of the run, inside the range */
            if ((in - start[k]) % width || at + width > len || in + width > run_end)
                return false;
            d->off[d->np] = at;
            d->ty[d->np] = fty;
            d->md[d->np++] = md;
            any_float = true;
            at += width;
            continue;
        }
        bool ptr = rw_run_is(&rr, k, "Pointer");
        if (ptr) {
            if ((in - start[k]) % 8 || at + 8 > len || in + 8 > run_end)
                return false;
            d->off[d->np] = at;
            d->ty[d->np] = "ptr";
            d->md[d->np++] = -1;
            at += 8;
            continue;
        }
        /* integers and padding up to the run's end or the range's */
        uint64_t stop = run_end - in + at < len ? run_end - in + at : len;
        while (at < stop) {
            if (d->np == MAX_SPLIT)
                return false;
            uint64_t w = stop - at >= 8 ? 8 : stop - at >= 4 ? 4 : stop - at >= 2 ? 2 : 1;
            static const char *const int_ty[9] = {NULL, "i8", "i16", NULL, "i32",
                                                  NULL, NULL, NULL, "i64"};
            d->off[d->np] = at;
            d->ty[d->np] = int_ty[w];
            d->md[d->np++] = RW_INTEGER_MD;
            at += w;
        }
    }
    return any_float;
}

/* The line's !dbg attachment (", !dbg !N"), or "". */
static const char *dbg_of(ir_rewriter *rw, const char *s, size_t n)
{
    size_t at = rw_find(s, 0, n, ", !dbg !");
    if (at == n)
        return "";
    size_t e = at + strlen(", !dbg !");
    while (e < n && rw_is_digit(s[e]))
        e++;
    return arena_strndup(rw->c->arena, s + at, e - at);
}

bool ir_split_moves(ir_rewriter *rw, const char *s, size_t n,
                    const char *(*runs_of)(ir_rewriter *, const char *, uint64_t *, bool *),
                    tt_buf *out)
{
    if (!rw->split_fn)
        return false;
    lex_tok x, p;
    unsigned bits;
    if (rw_starts(s, n, "    #dbg_")) {
        for (lex_tok t = lex_next(s, 0, n); t.kind != LEX_END; t = lex_next(s, t.end, n))
            if (t.kind == LEX_LOCAL && !t.open && map_get(rw->split_done, rw_tok_text(rw, s, t)))
                return true; /* its value is gone: the record goes */
        return false;
    }
    if (int_load(s, n, &x, &p, &bits)) {
        const char *name = rw_tok_text(rw, s, x);
        const struct split_cand *k = map_get(rw->split_fn, name);
        uint64_t off;
        bool tiled;
        const char *runs = k && k->uses == k->stores && k->uses
                               ? runs_of(rw, rw_tok_text(rw, s, p), &off, &tiled)
                               : NULL;
        struct split_done d;
        if (!runs || !pieces(runs, off, tiled, bits / 8, &d))
            return false;
        struct split_done *keep = arena_alloc(rw->c->arena, sizeof *keep);
        *keep = d;
        keep->id = ++rw->split_count;
        keep->bits = bits;
        map_put(rw->split_done, name, keep);
        const char *ptr = rw_tok_text(rw, s, p), *dbg = dbg_of(rw, s, n);
        for (size_t i = 0; i < d.np; i++) {
            const char *at = ptr;
            if (d.off[i]) {
                buf_printf(out, "  %%__tt.split%lu.%zu.p = getelementptr inbounds i8, ptr %s, i64 %llu\n",
                           keep->id, i, ptr, (unsigned long long)d.off[i]);
                at = arena_printf(rw->c->arena, "%%__tt.split%lu.%zu.p", keep->id, i);
            }
            const char *line = arena_printf(rw->c->arena, "  %%__tt.split%lu.%zu = load %s, ptr %s, align 1%s\n",
                                            keep->id, i, d.ty[i], at, dbg);
            if (d.md[i] >= 0)
                rw_add_load_tree(rw, d.md[i], line, strlen(line), out);
            else
                buf_put(out, line);
        }
        return true;
    }
    lex_tok v, q;
    if (!int_store(s, n, &v, &q, &bits))
        return false;
    const struct split_done *d = map_get(rw->split_done, rw_tok_text(rw, s, v));
    if (!d || d->bits != bits)
        return false;
    const char *ptr = rw_tok_text(rw, s, q), *dbg = dbg_of(rw, s, n);
    unsigned long st = ++rw->split_count;
    for (size_t i = 0; i < d->np; i++) {
        const char *at = ptr;
        if (d->off[i]) {
            buf_printf(out, "  %%__tt.split%lu.s%lu.%zu = getelementptr inbounds i8, ptr %s, i64 %llu\n",
                       d->id, st, i, ptr, (unsigned long long)d->off[i]);
            at = arena_printf(rw->c->arena, "%%__tt.split%lu.s%lu.%zu", d->id, st, i);
        }
        buf_printf(out, "  store %s %%__tt.split%lu.%zu, ptr %s, align 1%s\n", d->ty[i], d->id, i,
                   at, dbg);
    }
    return true;
}
