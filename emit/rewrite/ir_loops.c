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

#include "ir_rewrite.h"
#include "../ir/ir_lex.h"
#include "../../layout/xalloc.h"

typedef struct {
    size_t at, n; /* the line (with its '\n') in the function text */
} line;

typedef struct {
    const char *name; /* the label as a name ("%bb2", "%\"a b\"", "%12"; an unnamed entry's number) */
    size_t first, end; /* its lines [first, end): the label line, if any, first */
    size_t *instr;     /* the lines where its instructions start */
    size_t ninstr;
    size_t *succ;      /* successor blocks (with repeats), from the terminator's labels */
    bool *back;        /* whether each successor edge is a back edge */
    size_t nsucc;
    size_t *pred;      /* predecessor blocks, one per edge, and whether that edge is back */
    bool *pred_back;
    size_t npred;
} block;

typedef struct {
    const char *s; /* the function text */
    line *ln;
    size_t nln;
    block *b;
    size_t nb;
    tt_map *by_name; /* block name -> index + 1 */
    tt_map *names;   /* every local name of the function */
    tt_arena *a;
} fn_cfg;

/* One phi: "  %x = phi <flags> <type> [ v, %b ], ... <tail>". */
typedef struct {
    const char *name;    /* %x */
    const char *head;    /* " phi fast double " and the like: from after '=' to the first entry */
    const char **val;    /* each entry's value and block, as written */
    const char **from;
    size_t n;
    const char *tail;    /* after the last entry (", !dbg !7" or ""), without the '\n' */
} phi;

static bool is_dbg_record(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && s[i] == ' ')
        i++;
    return i + 5 <= n && memcmp(s + i, "#dbg_", 5) == 0;
}

/* The label a line at column 0 defines ("bb2:", "12:", "\"a b\":"), as a name; NULL if
 * none. */
static const char *label_of(tt_arena *a, const char *s, size_t n)
{
    if (n == 0 || s[0] == ' ' || s[0] == ';' || s[0] == '}' || s[0] == '\n')
        return NULL;
    lex_tok t = lex_next(s, 0, n);
    if (t.at != 0 || t.open || (t.kind != LEX_WORD && t.kind != LEX_NUMBER && t.kind != LEX_STRING))
        return NULL;
    if (!lex_is(s, lex_next(s, t.end, n), ':'))
        return NULL;
    return arena_printf(a, "%%%.*s", (int)(t.end - t.at), s + t.at);
}

/* The name of an entry block LLVM printed without a label: the number after the unnamed
 * parameters' (%0, %1, ...), which the define line names. */
static const char *entry_number(tt_arena *a, const char *s, size_t n)
{
    unsigned unnamed = 0;
    for (lex_tok t = lex_next(s, 0, n); t.kind != LEX_END; t = lex_next(s, t.end, n)) {
        if (t.kind != LEX_LOCAL || t.open)
            continue;
        bool digits = t.end > t.at + 1;
        for (size_t i = t.at + 1; i < t.end; i++)
            digits = digits && s[i] >= '0' && s[i] <= '9';
        unnamed += digits;
    }
    return arena_printf(a, "%%%u", unnamed);
}

static void push(size_t **v, size_t *n, size_t x)
{
    *v = xrealloc(*v, (*n + 1) * sizeof **v);
    (*v)[(*n)++] = x;
}

static void cfg_free(fn_cfg *g)
{
    for (size_t k = 0; k < g->nb; k++) {
        free(g->b[k].instr), free(g->b[k].succ), free(g->b[k].back);
        free(g->b[k].pred), free(g->b[k].pred_back);
    }
    free(g->b), free(g->ln);
    g->b = NULL, g->ln = NULL, g->nb = g->nln = 0;
}

static size_t block_index(const fn_cfg *g, const char *s, lex_tok t, tt_arena *a)
{
    void *v = map_get(g->by_name, arena_strndup(a, s + t.at, t.end - t.at));
    return v ? (size_t)(uintptr_t)v - 1 : (size_t)-1;
}

/* Lines, blocks, successors (every `label %x` of a block's last instruction: all of
 * LLVM's terminators name their successors so), predecessors, back edges (depth-first from
 * the entry). False when the text is not a function as LLVM prints one. */
static bool cfg_read(fn_cfg *g, const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        const char *nl = memchr(s + i, '\n', n - i);
        size_t e = nl ? (size_t)(nl - s) + 1 : n;
        g->ln = xrealloc(g->ln, (g->nln + 1) * sizeof *g->ln);
        g->ln[g->nln++] = (line){i, e - i};
        i = e;
    }
    if (g->nln < 3 || !rw_starts(s, g->ln[0].n, "define ") || s[g->ln[g->nln - 1].at] != '}')
        return false;
    for (size_t k = 1; k + 1 < g->nln; k++) {
        const char *p = s + g->ln[k].at;
        size_t m = g->ln[k].n;
        for (size_t j = 0; j < m; j++) { /* every local name: fresh names avoid them */
            lex_tok t = lex_next(p, j, m);
            if (t.kind == LEX_END)
                break;
            if (t.kind == LEX_LOCAL && !t.open)
                map_put(g->names, arena_strndup(g->a, p + t.at, t.end - t.at), (void *)1);
            j = t.end - 1;
        }
        const char *lab = label_of(g->a, p, m);
        bool instr = m > 2 && p[0] == ' ' && p[1] == ' ' && p[2] != ' ' && p[2] != ']';
        if (!lab && instr && g->nb == 0)
            lab = entry_number(g->a, s, g->ln[0].n);
        if (lab || (instr && g->nb == 0)) {
            g->b = xrealloc(g->b, (g->nb + 1) * sizeof *g->b);
            g->b[g->nb] = (block){.name = lab, .first = k};
            if (lab) {
                if (map_get(g->by_name, lab))
                    return false;
                map_put(g->by_name, lab, (void *)(uintptr_t)(g->nb + 1));
                map_put(g->names, lab, (void *)1);
            }
            g->nb++;
        }
        if (instr)
            push(&g->b[g->nb - 1].instr, &g->b[g->nb - 1].ninstr, k);
        if (g->nb)
            g->b[g->nb - 1].end = k + 1;
    }
    for (size_t k = 0; k < g->nb; k++) {
        block *b = &g->b[k];
        if (!b->ninstr)
            return false;
        for (size_t l = b->instr[b->ninstr - 1]; l < b->end; l++) {
            const char *p = s + g->ln[l].at;
            size_t m = g->ln[l].n;
            if (is_dbg_record(p, m))
                continue;
            for (lex_tok t = lex_next(p, 0, m); t.kind != LEX_END; t = lex_next(p, t.end, m)) {
                if (t.kind != LEX_WORD || !lex_eq(p, t, "label"))
                    continue;
                lex_tok to = lex_next(p, t.end, m);
                if (to.kind != LEX_LOCAL || to.open)
                    return false;
                size_t x = block_index(g, p, to, g->a);
                if (x == (size_t)-1)
                    return false;
                push(&b->succ, &b->nsucc, x);
            }
        }
        b->back = xcalloc(b->nsucc ? b->nsucc : 1, sizeof *b->back);
    }
    /* depth first from the entry: an edge to a block still on the stack is a back edge */
    unsigned char *state = xcalloc(g->nb, 1);
    size_t *stack = xmalloc(g->nb * sizeof *stack), *next = xcalloc(g->nb, sizeof *next);
    size_t depth = 0;
    stack[depth++] = 0;
    state[0] = 1;
    while (depth) {
        size_t u = stack[depth - 1];
        if (next[u] == g->b[u].nsucc) {
            state[u] = 2;
            depth--;
            continue;
        }
        size_t k = next[u]++, v = g->b[u].succ[k];
        if (state[v] == 1)
            g->b[u].back[k] = true;
        else if (state[v] == 0) {
            state[v] = 1;
            stack[depth++] = v;
        }
    }
    free(state), free(stack), free(next);
    for (size_t u = 0; u < g->nb; u++)
        for (size_t k = 0; k < g->b[u].nsucc; k++) {
            block *v = &g->b[g->b[u].succ[k]];
            push(&v->pred, &v->npred, u);
            v->pred_back = xrealloc(v->pred_back, v->npred * sizeof *v->pred_back);
            v->pred_back[v->npred - 1] = g->b[u].back[k];
        }
    return true;
}

static bool phi_read(tt_arena *a, const char *s, size_t n, phi *p)
{
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        n--;
    lex_cur c = lex_start(s, 0, n);
    if (c.t.kind != LEX_LOCAL || c.t.open)
        return false;
    p->name = arena_strndup(a, s + c.t.at, c.t.end - c.t.at);
    lex_step(&c);
    size_t eq = c.t.at;
    if (!lex_take(&c, "=") || !lex_take(&c, "phi"))
        return false;
    while (c.t.kind == LEX_WORD && !lex_opens(s, c.t) &&
           (lex_eq(s, c.t, "fast") || lex_eq(s, c.t, "nnan") || lex_eq(s, c.t, "ninf") ||
            lex_eq(s, c.t, "nsz") || lex_eq(s, c.t, "arcp") || lex_eq(s, c.t, "contract") ||
            lex_eq(s, c.t, "afn") || lex_eq(s, c.t, "reassoc")))
        lex_step(&c);
    if (lex_take_item(&c).kind == LEX_END) /* the type */
        return false;
    p->head = arena_strndup(a, s + eq + 1, c.t.at - eq - 1);
    p->n = 0;
    size_t cap = 0;
    for (;;) {
        if (!lex_is(s, c.t, '['))
            return false;
        size_t close = lex_skip_group(s, c.t.at, n);
        if (!close)
            return false;
        size_t comma = lex_item_end(s, c.t.at + 1, close - 1, NULL);
        if (comma >= close - 1)
            return false;
        lex_tok v = lex_next(s, c.t.at + 1, comma);
        size_t vend = comma;
        while (vend > v.at && s[vend - 1] == ' ')
            vend--;
        lex_tok b = lex_next(s, comma + 1, close - 1);
        if (b.kind != LEX_LOCAL || b.open || lex_next(s, b.end, close - 1).kind != LEX_END ||
            v.kind == LEX_END)
            return false;
        if (p->n == cap) {
            cap = cap ? 2 * cap : 4;
            const char **nv = arena_alloc(a, cap * sizeof *nv), **nf = arena_alloc(a, cap * sizeof *nf);
            if (p->n) {
                memcpy(nv, p->val, p->n * sizeof *nv);
                memcpy(nf, p->from, p->n * sizeof *nf);
            }
            p->val = nv, p->from = nf;
        }
        p->val[p->n] = arena_strndup(a, s + v.at, vend - v.at);
        p->from[p->n++] = arena_strndup(a, s + b.at, b.end - b.at);
        c = lex_start(s, close, n);
        if (lex_is(s, c.t, ',') && lex_is(s, lex_next(s, c.t.end, n), '[')) {
            lex_step(&c);
            continue;
        }
        p->tail = arena_strndup(a, s + close, n - close);
        return true;
    }
}

/* The phi's value from block name b; NULL when it has none or several. */
static const char *phi_from(const phi *p, const char *b)
{
    const char *v = NULL;
    for (size_t k = 0; k < p->n; k++)
        if (strcmp(p->from[k], b) == 0) {
            if (v)
                return NULL;
            v = p->val[k];
        }
    return v;
}

/* The instruction at line l is a phi. */
static bool is_phi(const fn_cfg *g, size_t l)
{
    const char *s = g->s + g->ln[l].at;
    size_t n = g->ln[l].n;
    lex_cur c = lex_start(s, 0, n);
    if (c.t.kind != LEX_LOCAL)
        return false;
    lex_step(&c);
    return lex_take(&c, "=") && lex_take(&c, "phi");
}

/* The block block k's last instruction `br label %x` goes to, unconditionally; -1 if not. */
static size_t forwards_to(const fn_cfg *g, size_t k)
{
    const block *b = &g->b[k];
    const char *s = g->s + g->ln[b->instr[b->ninstr - 1]].at;
    size_t n = g->ln[b->instr[b->ninstr - 1]].n;
    lex_cur c = lex_start(s, 0, n);
    if (!lex_take(&c, "br") || !lex_eq(s, c.t, "label") || b->nsucc != 1)
        return (size_t)-1;
    return b->succ[0];
}

static const char *fresh(fn_cfg *g, unsigned *counter)
{
    for (;;) {
        const char *x = arena_printf(g->a, "%%tt.join%u", (*counter)++);
        if (!map_get(g->names, x)) {
            map_put(g->names, x, (void *)1);
            return x;
        }
    }
}

/* Line s[0, n) with each local name ren maps renamed, and `label %from` made `label %to`
 * when from is not NULL. */
static void put_renamed(tt_buf *out, const char *s, size_t n, tt_map *ren, const char *from,
                        const char *to, tt_arena *a)
{
    size_t done = 0;
    bool after_label = false;
    for (lex_tok t = lex_next(s, 0, n); t.kind != LEX_END; t = lex_next(s, t.end, n)) {
        if (t.kind == LEX_LOCAL && !t.open) {
            const char *name = arena_strndup(a, s + t.at, t.end - t.at);
            const char *nw = after_label && from && strcmp(name, from) == 0 ? to : map_get(ren, name);
            if (nw) {
                buf_putn(out, s + done, t.at - done);
                buf_put(out, nw);
                done = t.end;
            }
        }
        after_label = t.kind == LEX_WORD && lex_eq(s, t, "label");
    }
    buf_putn(out, s + done, n - done);
}

/* The value an HL phi takes on HP's back edge from block a: what its HP entry was as HP
 * computed it on that edge (the entry of the HP phi it names, renamed), or the entry
 * itself when it names no HP phi. */
static const char *outer_value(const char *in, const phi *hp, size_t nhp, const char *a,
                               tt_map *ren)
{
    for (size_t k = 0; k < nhp; k++)
        if (strcmp(hp[k].name, in) == 0) {
            const char *v = phi_from(&hp[k], a);
            const char *r = v ? map_get(ren, v) : NULL;
            return r ? r : v;
        }
    return in;
}

static void put_phi(tt_buf *out, const char *name, const char *head, const char **val,
                    const char **from, size_t n, const char *tail)
{
    buf_printf(out, "  %s =%s", name, head);
    for (size_t k = 0; k < n; k++)
        buf_printf(out, "%s[ %s, %s ]", k ? ", " : "", val[k], from[k]);
    buf_printf(out, "%s\n", tail);
}

/* Whether block y can be reached from the entry without passing block x (x does not
 * dominate y). */
static bool reaches_around(const fn_cfg *g, size_t x, size_t y)
{
    if (x == 0)
        return false;
    unsigned char *seen = xcalloc(g->nb, 1);
    size_t *work = xmalloc(g->nb * sizeof *work), n = 0;
    bool found = false;
    work[n++] = 0;
    seen[0] = 1;
    while (n && !found) {
        size_t u = work[--n];
        found = u == y;
        for (size_t k = 0; k < g->b[u].nsucc; k++) {
            size_t v = g->b[u].succ[k];
            if (v != x && !seen[v]) {
                seen[v] = 1;
                work[n++] = v;
            }
        }
    }
    free(seen), free(work);
    return found;
}

/* Joins HP (block h) into the loop of HL (block l) when the pair is as LoopSimplify leaves a
 * split loop; appends the new function to out and returns true, or false (out untouched). */
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
        if (hl->pred[k] != h && reaches_around(g, l, hl->pred[k]))
            return false;
    for (size_t k = 0; k < hp->npred; k++)
        if (hp->pred_back[k] && reaches_around(g, h, hp->pred[k]))
            return false;
    for (size_t k = 0; k < hl->npred + hp->npred; k++) {
        size_t u = k < hl->npred ? hl->pred[k] : hp->pred[k - hl->npred];
        if (k >= hl->npred && !hp->pred_back[k - hl->npred])
            continue;
        const block *bu = &g->b[u];
        const char *t = g->s + g->ln[bu->instr[bu->ninstr - 1]].at;
        size_t tn = g->ln[bu->instr[bu->ninstr - 1]].n;
        if (!rw_starts(t, tn, "  br ") && !rw_starts(t, tn, "  switch "))
            return false;
    }
    /* the phis: HP's with an entry per predecessor, HL's likewise */
    size_t nhp = hp->ninstr - 1, nhl = 0;
    while (nhl < hl->ninstr && is_phi(g, hl->instr[nhl]))
        nhl++;
    phi *php = arena_alloc(g->a, (nhp + 1) * sizeof *php);
    phi *phl = arena_alloc(g->a, (nhl + 1) * sizeof *phl);
    for (size_t k = 0; k < nhp + nhl; k++) {
        bool in_hp = k < nhp;
        const block *b = in_hp ? hp : hl;
        size_t ln = b->instr[in_hp ? k : k - nhp];
        phi *p = in_hp ? &php[k] : &phl[k - nhp];
        if (!phi_read(g->a, g->s + g->ln[ln].at, g->ln[ln].n, p) || p->n != b->npred)
            return false;
        for (size_t j = 0; j < b->npred; j++)
            if (!phi_from(p, g->b[b->pred[j]].name))
                return false;
    }
    /* the new names: HL's copy of each HP phi, the latch's phi of each, the latch */
    tt_map *ren = map_new(g->a);
    const char **hp_new = arena_alloc(g->a, (nhp + 1) * sizeof *hp_new);
    const char **hp_latch = arena_alloc(g->a, (nhp + 1) * sizeof *hp_latch);
    const char **hl_latch = arena_alloc(g->a, (nhl + 1) * sizeof *hl_latch);
    for (size_t k = 0; k < nhp; k++) {
        hp_new[k] = fresh(g, counter);
        hp_latch[k] = fresh(g, counter);
        map_put(ren, php[k].name, (void *)hp_new[k]);
    }
    for (size_t k = 0; k < nhl; k++)
        hl_latch[k] = fresh(g, counter);
    const char *latch = fresh(g, counter);
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
                    v[e] = phi_from(&php[k], f[e]);
                    e++;
                }
            put_phi(out, php[k].name, php[k].head, v, f, ne, php[k].tail);
        } else if (in_hp) {
            buf_putn(out, p, n);
        } else if (hl_phi) {
            const phi *x = &phl[which];
            const char *v[2] = {phi_from(x, hp->name), hl_latch[which]};
            const char *f[2] = {hp->name, latch};
            put_phi(out, x->name, x->head, v, f, 2, x->tail);
        } else {
            const char *from = NULL;
            for (size_t k = 0; k < nin && !from; k++) {
                const block *u = &g->b[in_block[k]];
                if (i >= u->instr[u->ninstr - 1] && i < u->end)
                    from = k < nb ? hl->name : hp->name;
            }
            put_renamed(out, p, n, ren, from, latch, g->a);
        }
        /* HL's copies of HP's phis follow HL's own phis */
        if ((nhl ? i == hl->instr[nhl - 1] : i == hl->first))
            for (size_t k = 0; k < nhp; k++) {
                const char *v[2] = {php[k].name, hp_latch[k]};
                const char *f[2] = {hp->name, latch};
                put_phi(out, hp_new[k], php[k].head, v, f, 2, "");
            }
    }
    buf_printf(out, "\n%s:\n", latch + 1);
    for (size_t k = 0; k < nhl; k++) {
        for (size_t j = 0; j < nin; j++) {
            if (j < nb) {
                const char *v = phi_from(&phl[k], in_from[j]);
                const char *r = map_get(ren, v);
                vals[j] = r ? r : v;
            } else {
                vals[j] = outer_value(phi_from(&phl[k], hp->name), php, nhp, in_from[j], ren);
            }
        }
        put_phi(out, hl_latch[k], phl[k].head, vals, in_from, nin, "");
    }
    for (size_t k = 0; k < nhp; k++) {
        for (size_t j = 0; j < nin; j++) {
            if (j < nb) {
                vals[j] = hp_new[k];
            } else {
                const char *v = phi_from(&php[k], in_from[j]);
                const char *r = map_get(ren, v);
                vals[j] = r ? r : v;
            }
        }
        put_phi(out, hp_latch[k], php[k].head, vals, in_from, nin, "");
    }
    buf_printf(out, "  br label %s\n", hl->name);
    buf_putn(out, s + g->ln[g->nln - 1].at, g->ln[g->nln - 1].n);
    return true;
}

/* One join in function text s[0, n) appended to out; false when there is none. */
static bool join_one(tt_arena *a, const char *s, size_t n, unsigned *counter, tt_buf *out)
{
    fn_cfg g = {.s = s, .a = a, .by_name = map_new(a), .names = map_new(a)};
    bool done = false;
    if (cfg_read(&g, s, n))
        for (size_t h = 0; h < g.nb && !done; h++) {
            const block *b = &g.b[h];
            bool only_phis = true;
            for (size_t k = 0; k + 1 < b->ninstr; k++)
                only_phis = only_phis && is_phi(&g, b->instr[k]);
            size_t l = only_phis ? forwards_to(&g, h) : (size_t)-1;
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
    tt_arena *a = arena_new();
    tt_buf cur = {0}, next = {0};
    buf_putn(&cur, s, n);
    unsigned joins = 0, counter = 0;
    while (joins < MAX_JOINS) {
        next.len = 0;
        if (!join_one(a, cur.data, cur.len, &counter, &next))
            break;
        joins++;
        tt_buf t = cur;
        cur = next;
        next = t;
    }
    buf_putn(out, cur.data, cur.len);
    free(cur.data), free(next.data);
    arena_free(a);
    return joins;
}
