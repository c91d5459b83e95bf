/* Loops LLVM's LoopSimplify split in two, joined again (typetree rewrite --join-loops;
 * emit/rewrite/ir_rewrite.h says why, tests/enzyme-bugs/continue-loop-limit.ll shows the
 * Enzyme bug).
 *
 * A loop with two back edges whose header carries a value one of them leaves unchanged
 * (`for k in 0..n { if skip { continue } total += .. }`: the `continue` edge passes
 * `total` on as it was) is split by LoopSimplify into an outer loop whose header HP holds
 * only phis and branches to the inner loop's header HL. The outer loop then leaves only
 * through the inner one. Enzyme counts an exit of the inner loop as one only when some path
 * from it reaches a return without entering the loop again, so the edge from the inner loop
 * to the outer latch is no exit to it: it never records the inner loop's trip count there
 * and the reverse pass reads that count from memory it never wrote (any value: gradients
 * land on the wrong elements or the program crashes).
 *
 * Joined, the two are one loop with header HL and one latch block of phis that every back
 * edge of both goes through: HP's phis become phis of HL (HP stays, as the preheader,
 * with the entries from outside the loop), and each HL phi takes, from an outer back edge,
 * what it took from HP on that edge. The program computes what it did, in the same order;
 * with one back edge LoopSimplify leaves the loop as it is when Enzyme prepares it.
 *
 * The function text is read with the project's lexer; only a function with such a pair of
 * headers is rewritten, every other one comes out byte for byte. New names are tt.joinN,
 * N the first numbers no name of the function uses. */
#include <stdlib.h>
#include <string.h>

#include "ir_cfg.h"
#include "../../layout/xalloc.h"

static const char *outer_value(const char *in, const phi *hp, size_t nhp, const char *a,
                               tt_map *ren)
{
    for (size_t k = 0; k < nhp; k++)
        if (strcmp(hp[k].name, in) == 0) {
            const char *v = cfg_phi_from(&hp[k], a);
            const char *r = v ? map_get(ren, v) : NULL;
            return r ? r : v;
        }
    return in;
}

static bool join_pair(fn_cfg *g, size_t h, size_t l, unsigned *counter, tt_buf *out)
{
    block *hp = &g->b[h], *hl = &g->b[l];
    if (l == 0 || h == 0 || !hp->name || !hl->name)
        return false;
    /* HP: entries from outside (E) and back edges (A); HL: HP and back edges (B) only,
     * each predecessor once, every A and B ending in `br` and none of them both */
    size_t ne = 0, na = 0, nb = 0, from_hp = 0;
    for (size_t k = 0; k < hp->npred; k++) {
        *(hp->pred_back[k] ? &na : &ne) += 1;
        for (size_t j = 0; j < k; j++)
            if (hp->pred[j] == hp->pred[k])
                return false;
    }
    for (size_t k = 0; k < hl->npred; k++) {
        if (hl->pred[k] == h) {
            if (hl->pred_back[k])
                return false;
            from_hp++;
            continue;
        }
        if (!hl->pred_back[k])
            return false;
        nb++;
        for (size_t j = 0; j < k; j++)
            if (hl->pred[j] == hl->pred[k])
                return false;
        for (size_t j = 0; j < hp->npred; j++)
            if (hp->pred[j] == hl->pred[k])
                return false;
    }
    if (!ne || !na || !nb || from_hp != 1)
        return false;
    /* a back edge's source lies inside its loop (its header dominates it), as in every
     * reducible graph: then HL's new phis are defined wherever the latch reads them */
    for (size_t k = 0; k < hl->npred; k++)
        if (hl->pred[k] != h && cfg_reaches_around(g, l, hl->pred[k]))
            return false;
    for (size_t k = 0; k < hp->npred; k++)
        if (hp->pred_back[k] && cfg_reaches_around(g, h, hp->pred[k]))
            return false;
    for (size_t k = 0; k < hl->npred + hp->npred; k++) {
        size_t u = k < hl->npred ? hl->pred[k] : hp->pred[k - hl->npred];
        if (k >= hl->npred && !hp->pred_back[k - hl->npred])
            continue;
        if (!cfg_ends_in_branch(g, u))
            return false;
    }
    /* the phis: HP's with an entry per predecessor, HL's likewise */
    size_t nhp = hp->ninstr - 1, nhl = 0;
    while (nhl < hl->ninstr && cfg_is_phi(g, hl->instr[nhl]))
        nhl++;
    phi *php = arena_alloc(g->a, (nhp + 1) * sizeof *php);
    phi *phl = arena_alloc(g->a, (nhl + 1) * sizeof *phl);
    for (size_t k = 0; k < nhp + nhl; k++) {
        bool in_hp = k < nhp;
        const block *b = in_hp ? hp : hl;
        size_t ln = b->instr[in_hp ? k : k - nhp];
        phi *p = in_hp ? &php[k] : &phl[k - nhp];
        if (!cfg_phi_read(g->a, g->s + g->ln[ln].at, g->ln[ln].n, p) || p->n != b->npred)
            return false;
        for (size_t j = 0; j < b->npred; j++)
            if (!cfg_phi_from(p, g->b[b->pred[j]].name))
                return false;
    }
    /* the new names: HL's copy of each HP phi, the latch's phi of each, the latch */
    tt_map *ren = map_new(g->a);
    const char **hp_new = arena_alloc(g->a, (nhp + 1) * sizeof *hp_new);
    const char **hp_latch = arena_alloc(g->a, (nhp + 1) * sizeof *hp_latch);
    const char **hl_latch = arena_alloc(g->a, (nhl + 1) * sizeof *hl_latch);
    for (size_t k = 0; k < nhp; k++) {
        hp_new[k] = cfg_fresh(g, "join", counter);
        hp_latch[k] = cfg_fresh(g, "join", counter);
        map_put(ren, php[k].name, (void *)hp_new[k]);
    }
    for (size_t k = 0; k < nhl; k++)
        hl_latch[k] = cfg_fresh(g, "join", counter);
    const char *latch = cfg_fresh(g, "join", counter);
    /* the latch's entries: one per back edge, B's then A's */
    size_t nin = na + nb, m = 0;
    const char **in_from = arena_alloc(g->a, nin * sizeof *in_from);
    size_t *in_block = arena_alloc(g->a, nin * sizeof *in_block);
    for (size_t k = 0; k < hl->npred; k++)
        if (hl->pred[k] != h)
            in_block[m] = hl->pred[k], in_from[m++] = g->b[hl->pred[k]].name;
    for (size_t k = 0; k < hp->npred; k++)
        if (hp->pred_back[k])
            in_block[m] = hp->pred[k], in_from[m++] = g->b[hp->pred[k]].name;
    const char **vals = arena_alloc(g->a, nin * sizeof *vals);

    const char *s = g->s;
    buf_putn(out, s, g->ln[0].n);
    for (size_t i = 1; i + 1 < g->nln; i++) {
        const char *p = s + g->ln[i].at;
        size_t n = g->ln[i].n;
        bool in_hp = i >= hp->first && i < hp->end;
        bool hl_phi = false;
        size_t which = 0;
        for (size_t k = 0; k < nhl; k++)
            if (hl->instr[k] == i)
                hl_phi = true, which = k;
        if (in_hp && nhp && i >= hp->instr[0] && i < hp->instr[nhp]) {
            size_t k = 0;
            while (k < nhp && hp->instr[k] != i)
                k++;
            if (k == nhp) { /* a debug record among the phis */
                buf_putn(out, p, n);
                continue;
            }
            /* HP keeps its phi, with the entries from outside the loop */
            const char **v = arena_alloc(g->a, ne * sizeof *v), **f = arena_alloc(g->a, ne * sizeof *f);
            size_t e = 0;
            for (size_t j = 0; j < hp->npred; j++)
                if (!hp->pred_back[j]) {
                    f[e] = g->b[hp->pred[j]].name;
                    v[e] = cfg_phi_from(&php[k], f[e]);
                    e++;
                }
            cfg_put_phi(out, php[k].name, php[k].head, v, f, ne, php[k].tail);
        } else if (in_hp) {
            buf_putn(out, p, n);
        } else if (hl_phi) {
            const phi *x = &phl[which];
            const char *v[2] = {cfg_phi_from(x, hp->name), hl_latch[which]};
            const char *f[2] = {hp->name, latch};
            cfg_put_phi(out, x->name, x->head, v, f, 2, x->tail);
        } else {
            const char *from = NULL;
            for (size_t k = 0; k < nin && !from; k++) {
                const block *u = &g->b[in_block[k]];
                if (i >= u->instr[u->ninstr - 1] && i < u->end)
                    from = k < nb ? hl->name : hp->name;
            }
            cfg_put_renamed(out, p, n, ren, from, latch, g->a);
        }
        /* HL's copies of HP's phis follow HL's own phis */
        if ((nhl ? i == hl->instr[nhl - 1] : i == hl->first))
            for (size_t k = 0; k < nhp; k++) {
                const char *v[2] = {php[k].name, hp_latch[k]};
                const char *f[2] = {hp->name, latch};
                cfg_put_phi(out, hp_new[k], php[k].head, v, f, 2, "");
            }
    }
    buf_printf(out, "\n%s:\n", latch + 1);
    for (size_t k = 0; k < nhl; k++) {
        for (size_t j = 0; j < nin; j++) {
            if (j < nb) {
                const char *v = cfg_phi_from(&phl[k], in_from[j]);
                const char *r = map_get(ren, v);
                vals[j] = r ? r : v;
            } else {
                vals[j] = outer_value(cfg_phi_from(&phl[k], hp->name), php, nhp, in_from[j], ren);
            }
        }
        cfg_put_phi(out, hl_latch[k], phl[k].head, vals, in_from, nin, "");
    }
    for (size_t k = 0; k < nhp; k++) {
        for (size_t j = 0; j < nin; j++) {
            if (j < nb) {
                vals[j] = hp_new[k];
            } else {
                const char *v = cfg_phi_from(&php[k], in_from[j]);
                const char *r = map_get(ren, v);
                vals[j] = r ? r : v;
            }
        }
        cfg_put_phi(out, hp_latch[k], php[k].head, vals, in_from, nin, "");
    }
    buf_printf(out, "  br label %s\n", hl->name);
    buf_putn(out, s + g->ln[g->nln - 1].at, g->ln[g->nln - 1].n);
    return true;
}

/* One join in function text s[0, n) appended to out; false when there is none. */
static bool join_one(tt_arena *a, const char *s, size_t n, const void *arg, unsigned *counter,
                     tt_buf *out)
{
    fn_cfg g = {.s = s, .a = a, .by_name = map_new(a), .names = map_new(a)};
    bool done = false;
    if (cfg_read(&g, s, n))
        for (size_t h = 0; h < g.nb && !done; h++) {
            const block *b = &g.b[h];
            bool only_phis = true;
            for (size_t k = 0; k + 1 < b->ninstr; k++)
                only_phis = only_phis && cfg_is_phi(&g, b->instr[k]);
            size_t l = only_phis ? cfg_forwards_to(&g, h) : (size_t)-1;
            if (l != (size_t)-1 && l != h)
                done = join_pair(&g, h, l, counter, out);
        }
    cfg_free(&g);
    return done;
}

/* A function is joined again after each join (a loop split twice has two pairs); past
 * this many the rest stays as it is. */
#define MAX_JOINS 64

unsigned ir_join_loops(const char *s, size_t n, tt_buf *out)
{
    /* only a function with a block `br label %x` after nothing but phis can hold a pair */
    bool maybe = false;
    for (size_t i = 0; i + 12 < n && !maybe; i++)
        maybe = s[i] == '\n' && memcmp(s + i + 1, "  br label ", 11) == 0;
    if (!maybe) {
        buf_putn(out, s, n);
        return 0;
    }
    return cfg_repeat(s, n, join_one, NULL, MAX_JOINS, out);
}
