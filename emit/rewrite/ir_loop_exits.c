/* Loop exits Enzyme does not see, given a way out it sees (typetree rewrite --loop-exits;
 * emit/rewrite/ir_rewrite.h says why, tests/enzyme-bugs/nested-loop-limit.ll shows the
 * Enzyme bug).
 *
 * Enzyme takes an exit block of a loop for one only when, following branches outside the
 * loop from it, it meets a terminator that is neither a branch nor `unreachable` (a return)
 * or a block met twice (getExitBlocks in Enzyme's FunctionUtils.h, mirrored by
 * enzyme_sees_exit below). An inner loop whose outer loop leaves only through it (an outer
 * `loop` left by a `break 'outer` inside a `for`) has an exit block, on the way back to
 * the outer header, from which every path enters the inner loop again: Enzyme never stores
 * the inner trip count there, and the reverse pass reads it from memory nothing wrote.
 * (An exit whose every path ends in `unreachable`, a panic, is no exit to Enzyme either,
 * rightly: the program ends there. Such exits stay as they are.)
 *
 * Each such exit edge goes through a new block first: it loads the module's
 * `@__typetree_never` (internal, false, never stored) and branches on it to a block that
 * returns poison (the function's return loses `noundef`), or else on to the exit block.
 * The program computes what it did; Enzyme
 * now meets a return from the exit and records the trip count. After Enzyme, LLVM's
 * globalopt finds the global constant and folds the branches away. Run after
 * --join-loops, which makes most such loops (split at a `continue`) one loop instead. */
#include <stdlib.h>
#include <string.h>

#include "ir_cfg.h"
#include "../ir/ir_define.h"
#include "../ir/ir_lex.h"
#include "../../layout/xalloc.h"

/* What Enzyme's walk from block e, an exit of the loop whose blocks in_loop marks, finds:
 * a way out (a return, or a block met twice), or only `unreachable` (a panic: no exit, and
 * none is needed), or the loop again. */
typedef enum { EXIT_SEEN, EXIT_DEAD_END, EXIT_REENTERS } exit_view;

static exit_view enzyme_sees_exit(const fn_cfg *g, const unsigned char *in_loop, size_t e)
{
    unsigned char *checked = xcalloc(g->nb, 1);
    size_t cap = g->nb + 1, n = 0;
    size_t *work = xmalloc(cap * sizeof *work);
    bool exit = false, reenters = false;
    work[n++] = e;
    while (n && !exit) {
        size_t u = work[--n];
        if (checked[u]) {
            exit = true;
            break;
        }
        checked[u] = 1;
        const block *b = &g->b[u];
        if (cfg_ends_in(g, u, "br")) {
            for (size_t k = 0; k < b->nsucc; k++) {
                if (in_loop[b->succ[k]]) {
                    reenters = true;
                    continue;
                }
                if (n == cap)
                    work = xrealloc(work, (cap *= 2) * sizeof *work);
                work[n++] = b->succ[k];
            }
        } else if (!cfg_ends_in(g, u, "unreachable")) {
            exit = true;
        }
    }
    free(checked), free(work);
    return exit ? EXIT_SEEN : reenters ? EXIT_REENTERS : EXIT_DEAD_END;
}

/* The blocks of the natural loop of header h: h and those that reach one of its back
 * edges' sources without passing h. */
static unsigned char *loop_blocks(const fn_cfg *g, size_t h)
{
    unsigned char *in = xcalloc(g->nb, 1);
    size_t *work = xmalloc((g->nb + 1) * sizeof *work), n = 0;
    in[h] = 1;
    const block *hb = &g->b[h];
    for (size_t k = 0; k < hb->npred; k++)
        if (hb->pred_back[k] && !in[hb->pred[k]]) {
            in[hb->pred[k]] = 1;
            work[n++] = hb->pred[k];
        }
    while (n) {
        const block *b = &g->b[work[--n]];
        for (size_t k = 0; k < b->npred; k++)
            if (!in[b->pred[k]]) {
                in[b->pred[k]] = 1;
                work[n++] = b->pred[k];
            }
    }
    free(work);
    return in;
}

/* The define line s[0, n) without `noundef` among its return's attributes: the guard's
 * return of poison would be undefined behaviour with it, and LLVM's passes (Enzyme's
 * preparation among them) delete a path that ends in undefined behaviour. */
static void define_without_noundef(tt_buf *out, const char *s, size_t n)
{
    ir_define_line *d = xmalloc(sizeof *d);
    const char *why;
    size_t done = 0;
    if (ir_define_parse(s, n, d, &why))
        for (lex_tok t = lex_next(s, 0, d->ret_start); t.kind != LEX_END;
             t = lex_next(s, t.end, d->ret_start))
            if (t.kind == LEX_WORD && lex_eq(s, t, "noundef")) {
                buf_putn(out, s + done, t.at - done);
                done = t.end + (t.end < n && s[t.end] == ' ');
            }
    free(d);
    buf_putn(out, s + done, n - done);
}

/* Puts the guard in front of exit block e for the loop's edges into it (from the blocks
 * in_loop marks), appending the new function to out; false (out untouched) when the edges
 * are not ones this rewrite handles. */
static bool guard_exit(fn_cfg *g, const unsigned char *in_loop, size_t e, const char *ret_type,
                       unsigned *counter, tt_buf *out)
{
    const block *eb = &g->b[e];
    size_t nfrom = 0;
    for (size_t k = 0; k < eb->npred; k++) {
        size_t u = eb->pred[k];
        if (!in_loop[u])
            continue;
        nfrom++;
        for (size_t j = 0; j < k; j++)
            if (eb->pred[j] == u)
                return false; /* two edges from one block: its phi entries repeat */
        if (!cfg_ends_in_branch(g, u))
            return false;
    }
    if (!nfrom)
        return false;
    /* e's phis: the entries from the loop move to the guard, one phi there each */
    size_t nphi = 0;
    while (nphi < eb->ninstr && cfg_is_phi(g, eb->instr[nphi]))
        nphi++;
    phi *ph = arena_alloc(g->a, (nphi + 1) * sizeof *ph);
    for (size_t k = 0; k < nphi; k++)
        if (!cfg_phi_read(g->a, g->s + g->ln[eb->instr[k]].at, g->ln[eb->instr[k]].n, &ph[k]) ||
            ph[k].n != eb->npred)
            return false;
    const char *guard = cfg_fresh(g, "exit", counter);
    const char *ret = cfg_fresh(g, "exit", counter);
    const char *cond = cfg_fresh(g, "exit", counter);
    const char **gphi = arena_alloc(g->a, (nphi + 1) * sizeof *gphi);
    for (size_t k = 0; k < nphi; k++)
        gphi[k] = nfrom > 1 ? cfg_fresh(g, "exit", counter) : NULL;

    tt_map *none = map_new(g->a);
    const char *s = g->s;
    define_without_noundef(out, s, g->ln[0].n);
    for (size_t i = 1; i + 1 < g->nln; i++) {
        const char *p = s + g->ln[i].at;
        size_t n = g->ln[i].n;
        size_t k = 0;
        while (k < nphi && eb->instr[k] != i)
            k++;
        if (k < nphi) { /* e's phi: the loop's entries become the guard's one */
            size_t m = 0;
            const char **v = arena_alloc(g->a, ph[k].n * sizeof *v);
            const char **f = arena_alloc(g->a, ph[k].n * sizeof *f);
            bool put = false;
            for (size_t j = 0; j < ph[k].n; j++) {
                bool from_loop = false;
                for (size_t q = 0; q < eb->npred; q++)
                    if (in_loop[eb->pred[q]] && strcmp(g->b[eb->pred[q]].name, ph[k].from[j]) == 0)
                        from_loop = true;
                if (!from_loop) {
                    v[m] = ph[k].val[j], f[m++] = ph[k].from[j];
                } else if (!put) {
                    v[m] = nfrom > 1 ? gphi[k] : ph[k].val[j], f[m++] = guard;
                    put = true;
                }
            }
            cfg_put_phi(out, ph[k].name, ph[k].head, v, f, m, ph[k].tail);
            continue;
        }
        const char *from = NULL;
        for (size_t q = 0; q < eb->npred && !from; q++) {
            const block *u = &g->b[eb->pred[q]];
            if (in_loop[eb->pred[q]] && i >= u->instr[u->ninstr - 1] && i < u->end)
                from = eb->name;
        }
        if (from)
            cfg_put_renamed(out, p, n, none, from, guard, g->a);
        else
            buf_putn(out, p, n);
    }
    buf_printf(out, "\n%s:\n", guard + 1);
    if (nfrom > 1)
        for (size_t k = 0; k < nphi; k++) {
            const char **v = arena_alloc(g->a, nfrom * sizeof *v);
            const char **f = arena_alloc(g->a, nfrom * sizeof *f);
            size_t m = 0;
            for (size_t q = 0; q < eb->npred; q++)
                if (in_loop[eb->pred[q]]) {
                    f[m] = g->b[eb->pred[q]].name;
                    v[m] = cfg_phi_from(&ph[k], f[m]);
                    m++;
                }
            cfg_put_phi(out, gphi[k], ph[k].head, v, f, m, "");
        }
    buf_printf(out, "  %s = load i1, ptr @__typetree_never, align 1\n", cond);
    buf_printf(out, "  br i1 %s, label %s, label %s\n", cond, ret, eb->name);
    buf_printf(out, "\n%s:\n", ret + 1);
    if (strcmp(ret_type, "void") == 0)
        buf_put(out, "  ret void\n");
    else
        buf_printf(out, "  ret %s poison\n", ret_type);
    buf_putn(out, s + g->ln[g->nln - 1].at, g->ln[g->nln - 1].n);
    return true;
}

/* One guard in function text s[0, n) appended to out; false when no exit needs one. */
static bool guard_one(tt_arena *a, const char *s, size_t n, const void *arg, unsigned *counter,
                      tt_buf *out)
{
    const char *ret_type = arg;
    fn_cfg g = {.s = s, .a = a, .by_name = map_new(a), .names = map_new(a)};
    bool done = false;
    if (cfg_read(&g, s, n))
        for (size_t h = 0; h < g.nb && !done; h++) {
            bool header = false;
            for (size_t k = 0; k < g.b[h].npred; k++)
                header = header || g.b[h].pred_back[k];
            if (!header)
                continue;
            unsigned char *in = loop_blocks(&g, h);
            for (size_t u = 0; u < g.nb && !done; u++)
                for (size_t k = 0; in[u] && k < g.b[u].nsucc && !done; k++) {
                    size_t e = g.b[u].succ[k];
                    if (!in[e] && enzyme_sees_exit(&g, in, e) == EXIT_REENTERS)
                        done = guard_exit(&g, in, e, ret_type, counter, out);
                }
            free(in);
        }
    cfg_free(&g);
    return done;
}

/* Past this many guards in one function the rest stays as it is. */
#define MAX_GUARDS 64

unsigned ir_loop_exits(const char *s, size_t n, tt_buf *out)
{
    /* only a function with a back edge can hold a loop: a branch to a label defined above
     * it; cheaply, any function with two or more branches */
    size_t brs = 0;
    for (size_t i = 0; i + 5 < n && brs < 2; i++)
        brs += s[i] == '\n' && memcmp(s + i + 1, "  br ", 5) == 0;
    const char *nl = memchr(s, '\n', n);
    size_t first = nl ? (size_t)(nl - s) : n;
    ir_define_line *d = xmalloc(sizeof *d);
    const char *why;
    if (brs < 2 || !ir_define_parse(s, first, d, &why)) {
        free(d);
        buf_putn(out, s, n);
        return 0;
    }
    tt_arena *a = arena_new();
    const char *ret_type = arena_strndup(a, s + d->ret_start, d->ret_end - d->ret_start);
    free(d);
    unsigned guards = cfg_repeat(s, n, guard_one, ret_type, MAX_GUARDS, out);
    arena_free(a);
    return guards;
}
