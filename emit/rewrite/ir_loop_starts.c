/* Loops that walk the same buffer from the same start, each given a start of its own
 * (typetree rewrite --loop-starts; emit/rewrite/ir_rewrite.h says when,
 * tests/enzyme-bugs/loop-cache-reuse.ll shows the Enzyme bug).
 *
 * Enzyme (fba597f6) looks a load of a loop up, in the reverse pass, as an earlier load of
 * another loop when the two read the same base object at the same start and step, the
 * loops run the same number of times and nothing writes between (GradientUtils::lookupM,
 * its `inst = li2`). The earlier load's cache is then read at the earlier loop's reverse
 * counter, which the later loop's reverse pass (run first) has not set: the gradient is
 * wrong, silently, with any tree or none and with Enzyme's defaults. It takes two loops
 * LLVM left without their zero-trip guards (the trip count known not to be 0: a bounds
 * check before them, a constant length), whose loads Enzyme caches element by element (a
 * struct's fields, a stride) because memory is written or freed after them: two sums over
 * a Vec of structs after `v.swap(0, m - 1)` (the gradient case slice_moves_mixed, -O1).
 *
 * Each loop header's pointer phi whose start (its value from outside the loop) is the
 * start of an earlier loop header's pointer phi too starts instead from that pointer plus
 * the result of @__typetree_integer.i64(i64 0): the same address (an identity Enzyme is
 * told returns an Integer, inactive, not looked into; LLVM inlines it after Enzyme), but
 * a start Enzyme's scalar evolution cannot equate with the other loop's, so each loop's
 * loads are its own. The call and the getelementptr go right after the start's
 * definition. Loops that index the buffer by an integer counter from the base are left
 * (the bug needs the same start there too; none seen). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir_cfg.h"
#include "ir_rewrite.h"
#include "../ir/ir_lex.h"
#include "../../layout/xalloc.h"

typedef struct {
    size_t line;  /* the phi's line */
    size_t entry; /* its entry from outside the loop */
    size_t at;    /* the line the new start goes before (set when it gets one) */
    const char *start;
    phi p;
} header_phi;

/* Whether line l defines value v ("  %v = ..."). */
static bool defines(const fn_cfg *g, size_t l, const char *v)
{
    const char *s = g->s + g->ln[l].at;
    lex_cur c = lex_start(s, 0, g->ln[l].n);
    return c.t.kind == LEX_LOCAL && strlen(v) == c.t.end - c.t.at &&
           memcmp(s + c.t.at, v, c.t.end - c.t.at) == 0;
}

/* The line a value of v's own goes before: right after v's definition (after the phis of
 * its block when v is one; the entry block's first instruction for a parameter); (size_t)-1
 * when v is a terminator's result (an invoke's). Next to the definition, not in the loop's
 * preheader: there Enzyme (fba597f6) asserts in eraseFictiousPHIs. */
static size_t start_line(const fn_cfg *g, const char *v)
{
    for (size_t k = 0; k < g->nb; k++) {
        const block *b = &g->b[k];
        for (size_t i = 0; i < b->ninstr; i++) {
            if (!defines(g, b->instr[i], v))
                continue;
            if (i + 1 == b->ninstr)
                return (size_t)-1;
            if (!cfg_is_phi(g, b->instr[i]))
                return b->instr[i + 1];
            while (i < b->ninstr && cfg_is_phi(g, b->instr[i]))
                i++;
            return i < b->ninstr ? b->instr[i] : (size_t)-1;
        }
    }
    return g->nb && g->b[0].ninstr ? g->b[0].instr[0] : (size_t)-1; /* a parameter */
}

unsigned ir_loop_starts(const char *s, size_t n, tt_buf *out, unsigned *widths)
{
    /* two pointer phis at least, or nothing to do (most functions: no read of the blocks) */
    size_t phis = 0;
    for (size_t at = rw_find(s, 0, n, " = phi ptr "); phis < 2 && at < n;
         at = rw_find(s, at + 1, n, " = phi ptr "))
        phis++;
    if (phis < 2) {
        buf_putn(out, s, n);
        return 0;
    }
    tt_arena *a = arena_new();
    fn_cfg g = {.s = s, .a = a, .by_name = map_new(a), .names = map_new(a)};
    header_phi *hp = NULL;
    size_t nhp = 0;
    if (cfg_read(&g, s, n)) {
        for (size_t h = 0; h < g.nb; h++) {
            const block *b = &g.b[h];
            bool header = false;
            for (size_t k = 0; k < b->npred; k++)
                header |= b->pred_back[k];
            for (size_t i = 0; header && i < b->ninstr && cfg_is_phi(&g, b->instr[i]); i++) {
                size_t l = b->instr[i];
                phi p;
                if (!cfg_phi_read(a, s + g.ln[l].at, g.ln[l].n, &p) ||
                    strcmp(p.head, " phi ptr ") != 0)
                    continue;
                /* the one entry from outside the loop (the others come by back edges) */
                size_t outside = (size_t)-1, nout = 0;
                for (size_t e = 0; e < p.n; e++) {
                    void *v = map_get(g.by_name, p.from[e]);
                    if (!v)
                        break;
                    size_t u = (size_t)(uintptr_t)v - 1;
                    bool back = false;
                    for (size_t k = 0; k < b->npred; k++)
                        back |= b->pred[k] == u && b->pred_back[k];
                    if (!back) {
                        outside = e;
                        nout++;
                    }
                }
                if (nout != 1 || p.val[outside][0] != '%')
                    continue;
                hp = xrealloc(hp, (nhp + 1) * sizeof *hp);
                hp[nhp++] = (header_phi){l, outside, 0, p.val[outside], p};
            }
        }
    }
    /* every phi after the first of its start (in text order) gets a start of its own,
     * but for a start no instruction can follow (an invoke's result) */
    unsigned char *fresh = xcalloc(nhp + 1, 1);
    unsigned count = 0;
    for (size_t k = 0; k < nhp; k++)
        for (size_t j = 0; j < nhp && !fresh[k]; j++)
            if (hp[j].line < hp[k].line && strcmp(hp[j].start, hp[k].start) == 0) {
                hp[k].at = start_line(&g, hp[k].start);
                if (hp[k].at == (size_t)-1)
                    break;
                fresh[k] = 1;
                count++;
            }
    if (!count) {
        buf_putn(out, s, n);
    } else {
        unsigned counter = 0;
        const char **name = arena_alloc(a, nhp * sizeof *name);
        const char **zero = arena_alloc(a, nhp * sizeof *zero);
        for (size_t k = 0; k < nhp; k++)
            if (fresh[k]) {
                zero[k] = cfg_fresh(&g, "zero", &counter);
                name[k] = cfg_fresh(&g, "start", &counter);
            }
        for (size_t l = 0; l < g.nln; l++) {
            const char *text = s + g.ln[l].at;
            size_t len = g.ln[l].n;
            for (size_t k = 0; k < nhp; k++) {
                if (fresh[k] && l == hp[k].at)
                    buf_printf(out,
                               "  %s = call i64 @__typetree_integer.i64(i64 0)\n"
                               "  %s = getelementptr i8, ptr %s, i64 %s\n",
                               zero[k], name[k], hp[k].start, zero[k]);
            }
            size_t k = 0;
            while (k < nhp && !(fresh[k] && hp[k].line == l))
                k++;
            if (k == nhp) {
                buf_putn(out, text, len);
                continue;
            }
            const char **val = arena_alloc(a, hp[k].p.n * sizeof *val);
            memcpy(val, hp[k].p.val, hp[k].p.n * sizeof *val);
            val[hp[k].entry] = name[k];
            cfg_put_phi(out, hp[k].p.name, hp[k].p.head, val, hp[k].p.from, hp[k].p.n,
                        hp[k].p.tail);
        }
        *widths |= 1u << ir_pair_width_index(64);
    }
    free(fresh);
    free(hp);
    cfg_free(&g);
    arena_free(a);
    return count;
}
