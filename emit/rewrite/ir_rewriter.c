/* The helpers the rewriter's files share (emit/rewrite/ir_rewriter.h): reading "%x = OP"
 * lines with the lexer, token text and symbol records in the rewriter's arena, parameter
 * attributes deleted. A leaf: it calls none of the rewrites. */
#include <stdlib.h>
#include <string.h>

#include "ir_rewriter.h"
#include "../../layout/xalloc.h"

/* "%x = OP" at the line's start: true with x the name token and c past OP. */
bool rw_assigns(lex_cur *c, const char *s, size_t n, const char *op, lex_tok *x)
{
    *c = lex_start(s, 0, n);
    if (c->t.kind != LEX_LOCAL || c->t.open)
        return false;
    *x = c->t;
    lex_step(c);
    return lex_take(c, "=") && lex_take(c, op);
}

/* Whether the line ends at c: nothing more, or ", !" metadata. */
bool rw_at_tail(const lex_cur *c)
{
    return c->t.kind == LEX_END ||
           (lex_is(c->s, c->t, ',') && lex_next(c->s, c->t.end, c->n).kind == LEX_META);
}

/* The current token when it is of kind k (not cut by n), stepping past it; kind LEX_END
 * otherwise. */
lex_tok rw_take_kind(lex_cur *c, lex_kind k)
{
    lex_tok t = c->t;
    if (t.kind != k || t.open)
        return (lex_tok){.kind = LEX_END};
    lex_step(c);
    return t;
}

/* Token t's text, in the rewriter's arena. */
char *rw_tok_text(ir_rewriter *rw, const char *s, lex_tok t)
{
    return arena_strndup(rw->c->arena, s + t.at, t.end - t.at);
}

/* The symbol record of global t ("@name"), made on first use. */
struct sym *rw_sym_of(ir_rewriter *rw, const char *s, lex_tok t)
{
    size_t l = t.end - t.at - 1; /* the name without '@', as written */
    char stack[256], *key = l < sizeof stack ? stack : xmalloc(l + 1);
    memcpy(key, s + t.at + 1, l);
    key[l] = '\0';
    struct sym *y = map_get(rw->syms, key);
    if (!y) {
        y = arena_alloc(rw->c->arena, sizeof *y);
        y->fn = -1;
        map_put(rw->syms, key, y);
    }
    if (key != stack)
        free(key);
    return y;
}

void rw_skip_flags(lex_cur *c)
{
    static const char *const flags[] = {"inbounds", "nuw", "nsw", "nusw", "disjoint", "exact",
                                        "inrange", "samesign", "nneg", "fast", "nnan", "ninf"};
    for (bool again = true; again;) {
        again = false;
        for (size_t k = 0; k < sizeof flags / sizeof *flags; k++)
            again |= lex_take(c, flags[k]);
    }
}

size_t rw_loaded_type(const char *s, size_t n)
{
    if (!rw_starts(s, n, "  %"))
        return n;
    size_t i = rw_find(s, 3, n, " = load ");
    if (i == n || rw_find(s, 3, i, "\"") < i) /* (a quoted name holding " = load ") */
        return n;
    i += 8;
    if (rw_starts(s + i, n - i, "volatile "))
        i += 9;
    return rw_starts(s + i, n - i, "atomic ") ? n : i;
}

void rw_add_load_tree(ir_rewriter *rw, int k, const char *s, size_t n, tt_buf *out)
{
    if (!rw->fp_md[k]) {
        rw->fp_md[k] = rw->max_md + 2; /* its node; the type's name node is one before */
        rw->max_md += 2;
    }
    size_t e = rw_text_end(s, n);
    buf_putn(out, s, e);
    buf_printf(out, ", !enzyme_type !%lu", rw->fp_md[k]);
    buf_putn(out, s + e, n - e);
}

bool rw_parse_runs(const char *text, struct rw_runs *r)
{
    char *end;
    r->size = strtoull(text, &end, 10);
    r->n = 0;
    if (end == text || *end != ';' || !r->size)
        return false;
    for (const char *q = end + 1; *q;) {
        const char *colon = strchr(q, ':');
        if (!colon || r->n == RW_MAX_RUNS)
            return false;
        size_t k = r->n;
        r->kind[k] = q;
        r->klen[k] = (size_t)(colon - q);
        r->start[k] = strtoull(colon + 1, &end, 10);
        if (end == colon + 1 || (k && r->start[k] <= r->start[k - 1]) || r->start[k] >= r->size)
            return false;
        r->n++;
        q = *end == ' ' ? end + 1 : end;
        if (*end && *end != ' ')
            return false;
    }
    return r->n && r->start[0] == 0;
}

size_t rw_run_at(const struct rw_runs *r, uint64_t in)
{
    size_t k = r->n;
    while (k > 0 && r->start[k - 1] > in)
        k--;
    return k - 1;
}

bool rw_run_is(const struct rw_runs *r, size_t k, const char *name)
{
    return r->klen[k] == strlen(name) && memcmp(r->kind[k], name, r->klen[k]) == 0;
}

bool rw_strip_attrs(const char *s, size_t n, const char *const *words, size_t nwords,
                    tt_buf *out)
{
    out->len = 0;
    bool quoted = false, any = false;
    size_t from = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"')
            quoted = !quoted;
        if (quoted || s[i] != ' ')
            continue;
        size_t w = 0, k = 0;
        for (; w < nwords; w++) {
            k = strlen(words[w]);
            if (i + 1 + k <= n && memcmp(s + i + 1, words[w], k) == 0)
                break;
        }
        if (w == nwords)
            continue;
        size_t end = i + 1 + k;
        if (end < n && s[end] == '(') {
            while (end < n && s[end] != ')')
                end++;
            end += end < n;
        }
        if (end < n && s[end] != ' ' && s[end] != ')' && s[end] != ',')
            continue; /* a longer word */
        buf_putn(out, s + from, i - from);
        from = end;
        i = end - 1;
        any = true;
    }
    buf_putn(out, s + from, n - from);
    return any;
}
