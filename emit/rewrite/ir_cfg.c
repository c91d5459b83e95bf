/* Functions of textual LLVM IR as blocks and edges, for the rewrites that change a
 * function's control flow (emit/rewrite/ir_loops.c, ir_loop_exits.c; ir_cfg.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir_cfg.h"
#include "../ir/ir_lex.h"
#include "../../layout/xalloc.h"

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

void cfg_free(fn_cfg *g)
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
bool cfg_read(fn_cfg *g, const char *s, size_t n)
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

bool cfg_phi_read(tt_arena *a, const char *s, size_t n, phi *p)
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
const char *cfg_phi_from(const phi *p, const char *b)
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
bool cfg_is_phi(const fn_cfg *g, size_t l)
{
    const char *s = g->s + g->ln[l].at;
    size_t n = g->ln[l].n;
    lex_cur c = lex_start(s, 0, n);
    if (c.t.kind != LEX_LOCAL)
        return false;
    lex_step(&c);
    return lex_take(&c, "=") && lex_take(&c, "phi");
}

bool cfg_ends_in(const fn_cfg *g, size_t k, const char *word)
{
    const block *b = &g->b[k];
    const char *s = g->s + g->ln[b->instr[b->ninstr - 1]].at;
    size_t n = g->ln[b->instr[b->ninstr - 1]].n, m = strlen(word);
    return n > m + 2 && s[0] == ' ' && s[1] == ' ' && memcmp(s + 2, word, m) == 0 &&
           (s[m + 2] == ' ' || s[m + 2] == '\n' || s[m + 2] == ',');
}

bool cfg_ends_in_branch(const fn_cfg *g, size_t k)
{
    return cfg_ends_in(g, k, "br") || cfg_ends_in(g, k, "switch");
}

/* The block block k's last instruction `br label %x` goes to, unconditionally; -1 if not. */
size_t cfg_forwards_to(const fn_cfg *g, size_t k)
{
    const block *b = &g->b[k];
    const char *s = g->s + g->ln[b->instr[b->ninstr - 1]].at;
    size_t n = g->ln[b->instr[b->ninstr - 1]].n;
    lex_cur c = lex_start(s, 0, n);
    if (!lex_take(&c, "br") || !lex_eq(s, c.t, "label") || b->nsucc != 1)
        return (size_t)-1;
    return b->succ[0];
}

const char *cfg_fresh(fn_cfg *g, const char *stem, unsigned *counter)
{
    for (;;) {
        const char *x = arena_printf(g->a, "%%tt.%s%u", stem, (*counter)++);
        if (!map_get(g->names, x)) {
            map_put(g->names, x, (void *)1);
            return x;
        }
    }
}

/* Line s[0, n) with each local name ren maps renamed, and `label %from` made `label %to`
 * when from is not NULL. */
void cfg_put_renamed(tt_buf *out, const char *s, size_t n, tt_map *ren, const char *from,
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
void cfg_put_phi(tt_buf *out, const char *name, const char *head, const char **val,
                    const char **from, size_t n, const char *tail)
{
    buf_printf(out, "  %s =%s", name, head);
    for (size_t k = 0; k < n; k++)
        buf_printf(out, "%s[ %s, %s ]", k ? ", " : "", val[k], from[k]);
    buf_printf(out, "%s\n", tail);
}

/* Whether block y can be reached from the entry without passing block x (x does not
 * dominate y). */
bool cfg_reaches_around(const fn_cfg *g, size_t x, size_t y)
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

unsigned cfg_repeat(const char *s, size_t n, cfg_step step, const void *arg, unsigned max,
                    tt_buf *out)
{
    tt_arena *a = arena_new();
    tt_buf cur = {0}, next = {0};
    buf_putn(&cur, s, n);
    unsigned done = 0, counter = 0;
    while (done < max) {
        next.len = 0;
        if (!step(a, cur.data, cur.len, arg, &counter, &next))
            break;
        done++;
        tt_buf t = cur;
        cur = next;
        next = t;
    }
    buf_putn(out, cur.data, cur.len);
    free(cur.data), free(next.data);
    arena_free(a);
    return done;
}
