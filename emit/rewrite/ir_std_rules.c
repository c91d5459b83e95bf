/* The rules for std's allocator (IR_RW_STD_RULES; docs/std-rules.md says what each rule
 * is and why it is true): rules/rust-alloc.ll, compiled in (build/gen/std_rules.c), added
 * to a module that names @__rust_realloc, the module's own __rust_realloc renamed away so
 * the rule's definition takes its place (rule 1, 2), the integer Results of RawVecInner's
 * growth methods given their tree (rule 3), and the sunk stores of std's precompiled
 * finish_grow split one per offset (rule 4). A module that does not have what the rules
 * replace is refused: a rule that does not apply must not leave the program to fail in
 * Enzyme, or worse. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir_rewriter.h"
#include "../../layout/xalloc.h"

extern const char std_rules_ll[];
extern const size_t std_rules_ll_len;

enum {
    SR_ALLOC = 1u << 0, /* the module defines @__rust_alloc, */
    SR_DEALLOC = 1u << 1, /* @__rust_dealloc, */
    SR_REALLOC_DEF = 1u << 2, /* @__rust_realloc */
    SR_REALLOC = 1u << 3, /* names @__rust_realloc somewhere (the rules apply) */
    SR_THEIRS = 1u << 4,  /* names @__typetree_move or @__typetree_std_realloc */
};

static const char decl_mark[] = "\n; DECLARATIONS";

/* Whether s[0, n) holds name (with its '@') not followed by a word character. */
static bool names(const char *s, size_t n, const char *name)
{
    size_t m = strlen(name);
    for (size_t at = rw_find(s, 0, n, name); at < n; at = rw_find(s, at + 1, n, name))
        if (at + m >= n || !rw_is_word(s[at + m]))
            return true;
    return false;
}

/* On a "define " or "declare " line (kw), the name after its first '@' up to the '(' that
 * ends it: whether it is name[0, m). */
static bool first_global_is(const char *s, size_t n, const char *kw, const char *name, size_t m)
{
    if (!rw_starts(s, n, kw))
        return false;
    const char *at = memchr(s, '@', n);
    if (!at)
        return false;
    size_t k = (size_t)(at - s) + 1;
    return k + m < n && memcmp(s + k, name, m) == 0 && s[k + m] == '(';
}

static bool first_global_named(const char *s, size_t n, const char *kw, const char *name)
{
    return first_global_is(s, n, kw, name, strlen(name));
}

/* The rules' declaration lines (after their DECLARATIONS line) and their functions' names,
 * read from the compiled-in text once per rewriter (at most 32: sr_declared's bits). */
static void rules_decls(ir_rewriter *rw)
{
    if (rw->sr_decls)
        return;
    rw->sr_decls = arena_alloc(rw->c->arena, 32 * sizeof *rw->sr_decls);
    const char *s = strstr(std_rules_ll, decl_mark);
    size_t n = s ? std_rules_ll_len - (size_t)(s - std_rules_ll) : 0;
    for (size_t i = 1; i < n && rw->sr_ndecls < 32; i += rw_line_len(s, i, n)) {
        size_t l = rw_line_len(s, i, n);
        if (!rw_starts(s + i, l, "declare "))
            continue;
        const char *at = memchr(s + i, '@', l);
        const char *open = at ? memchr(at, '(', l - (size_t)(at - (s + i))) : NULL;
        if (open)
            rw->sr_decls[rw->sr_ndecls++] =
                (struct sr_decl){s + i, l, at + 1, (size_t)(open - at - 1)};
    }
}

void ir_std_rules_note(ir_rewriter *rw, const char *s, size_t n)
{
    if (names(s, n, "@__rust_realloc"))
        rw->sr_found |= SR_REALLOC;
    if (names(s, n, "@__typetree_move") || names(s, n, "@__typetree_std_realloc"))
        rw->sr_found |= SR_THEIRS;
    if (first_global_named(s, n, "define ", "__rust_alloc"))
        rw->sr_found |= SR_ALLOC;
    if (first_global_named(s, n, "define ", "__rust_dealloc"))
        rw->sr_found |= SR_DEALLOC;
    if (first_global_named(s, n, "define ", "__rust_realloc"))
        rw->sr_found |= SR_REALLOC_DEF;
    if (!rw_starts(s, n, "define ") && !rw_starts(s, n, "declare "))
        return;
    rules_decls(rw);
    for (size_t k = 0; k < rw->sr_ndecls; k++) {
        const struct sr_decl *d = &rw->sr_decls[k];
        if (first_global_is(s, n, "define ", d->name, d->nlen) ||
            first_global_is(s, n, "declare ", d->name, d->nlen))
            rw->sr_declared |= 1u << k;
    }
}

bool ir_std_rules_check(ir_rewriter *rw)
{
    if (!(rw->sr_found & SR_REALLOC))
        return true;
    static const struct {
        unsigned bit;
        const char *name;
    } shims[] = {{SR_ALLOC, "__rust_alloc"},
                 {SR_DEALLOC, "__rust_dealloc"},
                 {SR_REALLOC_DEF, "__rust_realloc"}};
    for (size_t k = 0; k < 3; k++)
        if (!(rw->sr_found & shims[k].bit)) {
            diag_add(rw->c, TT_ERROR, loc_new(rw->c->arena, rw->file, NULL),
                     "no definition of %s (std's allocator shim under the name "
                     "--rename-allocator gives it): the reallocation rule (--std-rules) "
                     "cannot replace it",
                     shims[k].name);
            return false;
        }
    if (rw->sr_found & SR_THEIRS) {
        diag_add(rw->c, TT_ERROR, loc_new(rw->c->arena, rw->file, NULL),
                 "already holds std's allocator rules (or one of their symbols: "
                 "@__typetree_move, @__typetree_std_realloc): --std-rules ran on it before");
        return false;
    }
    return true;
}

/* ---- rule 3: RawVecInner's growth methods return Integer ----
 * Their Result<(), TryReserveError> comes back as { i64, i64 }, two integers in every
 * variant (Ok is a niche of the error's Layout.align), which Enzyme cannot deduce
 * ("Cannot deduce type of insertvalue" in grow_amortized at -O0). Named in v0 mangling:
 * 11RawVecInner, then word characters, then the method. */
static bool growth_method(const char *s, size_t from, size_t to)
{
    static const char *const method[] = {"14grow_amortized", "10grow_exact",
                                         "11try_reserve", "17try_reserve_exact",
                                         "6shrink", "16shrink_unchecked"};
    static const char owner[] = "11RawVecInner";
    for (size_t p = rw_find(s, from, to, owner); p < to; p = rw_find(s, p + 1, to, owner))
        for (size_t q = p + sizeof owner - 1; q < to; q++) {
            for (size_t k = 0; k < sizeof method / sizeof *method; k++)
                if (rw_starts(s + q, to - q, method[k]))
                    return true;
            if (!rw_is_word(s[q]))
                break;
        }
    return false;
}

/* A define line: renamed (rule 1) or given its return tree (rule 3) into out; false when
 * it stays as it is. */
static bool define_line(const char *s, size_t n, tt_buf *out)
{
    const char *at = memchr(s, '@', n);
    if (!rw_starts(s, n, "define ") || !at)
        return false;
    size_t a = (size_t)(at - s);
    if (first_global_named(s, n, "define ", "__rust_realloc")) {
        buf_putn(out, s, a);
        buf_put(out, "@__typetree_std_realloc");
        buf_putn(out, s + a + strlen("@__rust_realloc"), n - a - strlen("@__rust_realloc"));
        return true;
    }
    static const char pair[] = "{ i64, i64 } ";
    size_t m = sizeof pair - 1;
    const char *open = memchr(at, '(', n - a);
    if (a < m || memcmp(s + a - m, pair, m) != 0 || memchr(s, '"', a) || !open ||
        !growth_method(s, a, (size_t)(open - s)))
        return false;
    buf_putn(out, s, a - m);
    buf_put(out, "\"enzyme_type\"=\"{[-1]:Integer}\" ");
    buf_putn(out, s + a - m, n - (a - m));
    return true;
}

/* ---- rule 4: finish_grow's sunk stores ----
 * In a function whose define line holds "11finish_grow", a store sunk into a join block
 * whose address is
 *     %g = getelementptr inbounds [nuw] i8, ptr %base, i64 %k    (%k a phi of constants)
 *     store i64 %v, ptr %g, align 8
 * becomes one store per constant offset, each in its own block, and the rest of the join
 * block moves to a new block (tt.unsinkN.join) that the phis of the function name in its
 * place. Same stores, same order, same values: only where they sit changes. std's
 * precompiled finish_grow stores its Result's Err integers and its Ok pointer to the same
 * bytes on different paths, merged into one store; Enzyme's type analysis then types them
 * integers on every path, hence the grown buffer's pointer as an integer (Illegal
 * updateAnalysis in RawVec::grow_one, or the buffer's shadow dropped). */

/* The token of s[i, n) up to the first character of stop (or the end): its length. */
static size_t span_to(const char *s, size_t i, size_t n, const char *stop)
{
    size_t k = i;
    while (k < n && !strchr(stop, s[k]))
        k++;
    return k - i;
}

/* "  %NAME = phi i64 [ C1, %L1 ], [ C2, %L2 ]...": the distinct constants, space-separated,
 * in out; true when there are two or more and every incoming value is a constant. */
static bool phi_consts(const char *s, size_t n, tt_buf *name, tt_buf *out)
{
    static const char op[] = " = phi i64 [ ";
    if (!rw_starts(s, n, "  %"))
        return false;
    size_t e = rw_find(s, 2, n, " = phi");
    size_t p = rw_find(s, 2, n, op);
    if (p == n || e != p)
        return false;
    name->len = out->len = 0;
    buf_putn(name, s + 2, p - 2);
    unsigned count = 0;
    for (size_t i = p + sizeof op - 3; i < n;) {
        size_t b = rw_find(s, i, n, "[ ");
        if (b == n)
            break;
        size_t v = b + 2, vl = span_to(s, v, n, ",");
        size_t l = v + vl;
        if (!vl || !rw_starts(s + l, n - l, ", %"))
            return false;
        size_t ll = span_to(s, l + 3, n, " \n");
        if (!ll || !rw_starts(s + l + 3 + ll, n - l - 3 - ll, " ]"))
            return false;
        size_t d = s[v] == '-' ? 1 : 0;
        if (d >= vl)
            return false;
        for (size_t k = v + d; k < v + vl; k++)
            if (!rw_is_digit(s[k]))
                return false;
        /* distinct: " C " not yet in " list " */
        bool seen = false;
        for (size_t k = 0; k < out->len && !seen; k += span_to(out->data, k, out->len, " ") + 1)
            seen = span_to(out->data, k, out->len, " ") == vl && memcmp(out->data + k, s + v, vl) == 0;
        if (!seen) {
            if (count++)
                buf_put(out, " ");
            buf_putn(out, s + v, vl);
        }
        i = l + 3 + ll + 2;
    }
    return count > 1;
}

typedef struct {
    size_t at, len;
} line_at;

/* "  %G = getelementptr inbounds [nuw ]i8, ptr %BASE, i64 %K" (nothing after): G, BASE, K. */
static bool sunk_gep(const char *s, size_t n, const char **g, size_t *gl, const char **base,
                     size_t *bl, const char **k, size_t *kl)
{
    n = rw_text_end(s, n);
    if (!rw_starts(s, n, "  %"))
        return false;
    size_t i = 2, l = span_to(s, 3, n, " ") + 1;
    *g = s + i, *gl = l, i += l;
    static const char op[] = " = getelementptr inbounds ";
    if (l < 2 || !rw_starts(s + i, n - i, op))
        return false;
    i += sizeof op - 1;
    if (rw_starts(s + i, n - i, "nuw "))
        i += 4;
    if (!rw_starts(s + i, n - i, "i8, ptr %"))
        return false;
    i += 8;
    l = span_to(s, i + 1, n, " ,") + 1;
    *base = s + i, *bl = l, i += l;
    if (l < 2 || !rw_starts(s + i, n - i, ", i64 %"))
        return false;
    i += 6;
    l = span_to(s, i + 1, n, " ,") + 1;
    *k = s + i, *kl = l;
    return l >= 2 && i + l == n;
}

/* The function text s[0, n) with finish_grow's sunk stores split, to out. */
static void unsink(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    tt_map *consts = map_new(rw->c->arena);
    tt_buf name = {0}, list = {0};
    size_t nl = 0, cap = 64;
    line_at *ln = xmalloc(cap * sizeof *ln);
    for (size_t i = 0; i < n; i += ln[nl++].len) {
        if (nl == cap)
            ln = xrealloc(ln, (cap *= 2) * sizeof *ln);
        ln[nl] = (line_at){i, rw_line_len(s, i, n)};
        if (phi_consts(s + i, ln[nl].len, &name, &list))
            map_put(consts, arena_strndup(rw->c->arena, name.data, name.len),
                    arena_strndup(rw->c->arena, list.data, list.len));
    }
    /* the stores split, and the labels renamed (old -> new, in order) */
    tt_buf body = {0};
    const char **ren = NULL;
    size_t nren = 0;
    const char *label = NULL;
    for (size_t j = 0; j < nl; j++) {
        const char *l = s + ln[j].at;
        size_t len = ln[j].len, e = rw_text_end(l, len);
        size_t lab = span_to(l, 0, e, ":");
        if (lab && lab < e) {
            bool ok = true;
            for (size_t k = 0; k < lab && ok; k++)
                ok = rw_is_word(l[k]) || l[k] == '-' || l[k] == '.' || l[k] == '$';
            if (ok)
                label = arena_strndup(rw->c->arena, l, lab);
        }
        const char *g, *base, *k;
        size_t gl, bl, kl;
        const char *offs = NULL;
        if (j + 1 < nl && sunk_gep(l, len, &g, &gl, &base, &bl, &k, &kl))
            offs = map_get(consts, arena_strndup(rw->c->arena, k, kl));
        const char *st = offs ? s + ln[j + 1].at : NULL;
        size_t sn = offs ? rw_text_end(st, ln[j + 1].len) : 0, vl = 0, after = 0;
        if (offs && rw_starts(st, sn, "  store i64 ")) {
            vl = span_to(st, 12, sn, " ,");
            size_t p = 12 + vl;
            if (vl && rw_starts(st + p, sn - p, ", ptr ") &&
                rw_starts(st + p + 6, sn - p - 6, arena_strndup(rw->c->arena, g, gl)) &&
                rw_starts(st + p + 6 + gl, sn - p - 6 - gl, ", align 8"))
                after = p + 6 + gl + 9;
        }
        if (!after) {
            if (!define_line(l, len, &body))
                buf_putn(&body, l, len);
            continue;
        }
        unsigned long u = ++rw->sr_count;
        size_t nc = 1;
        for (const char *c = offs; *c; c++)
            nc += *c == ' ';
        const char *c = offs;
        for (size_t i = 1; i <= nc; i++) {
            size_t cl = strcspn(c, " ");
            if (i < nc) {
                buf_printf(&body, "  %%tt.unsink%lu.is%zu = icmp eq i64 %.*s, %.*s\n", u, i,
                           (int)kl, k, (int)cl, c);
                buf_printf(&body,
                           "  br i1 %%tt.unsink%lu.is%zu, label %%tt.unsink%lu.at%zu, label "
                           "%%tt.unsink%lu.not%zu\n",
                           u, i, u, i, u, i);
                buf_printf(&body, "tt.unsink%lu.at%zu:\n", u, i);
            }
            buf_printf(&body, "  %%tt.unsink%lu.p%zu = getelementptr inbounds i8, ptr %.*s, i64 %.*s\n",
                       u, i, (int)bl, base, (int)cl, c);
            buf_printf(&body, "  store i64 %.*s, ptr %%tt.unsink%lu.p%zu, align 8%.*s\n", (int)vl,
                       st + 12, u, i, (int)(sn - after), st + after);
            buf_printf(&body, "  br label %%tt.unsink%lu.join\n", u);
            if (i < nc)
                buf_printf(&body, "tt.unsink%lu.not%zu:\n", u, i);
            c += cl + (c[cl] == ' ');
        }
        buf_printf(&body, "tt.unsink%lu.join:\n", u);
        if (label) {
            ren = xrealloc(ren, (nren + 1) * 2 * sizeof *ren);
            ren[2 * nren] = label;
            label = ren[2 * nren + 1] = arena_printf(rw->c->arena, "tt.unsink%lu.join", u);
            nren++;
        }
        j++; /* the store */
    }
    /* every phi of the function names the blocks that now end the split ones */
    tt_buf cur = {0}, next = {0};
    for (size_t i = 0; i < body.len;) {
        size_t len = rw_line_len(body.data, i, body.len);
        const char *l = body.data + i;
        if (!nren || rw_find(l, 0, len, " = phi ") == len) {
            buf_putn(out, l, len);
            i += len;
            continue;
        }
        cur.len = 0;
        buf_putn(&cur, l, len);
        for (size_t r = 0; r < nren; r++) {
            char *from = arena_printf(rw->c->arena, ", %%%s ]", ren[2 * r]);
            char *to = arena_printf(rw->c->arena, ", %%%s ]", ren[2 * r + 1]);
            next.len = 0;
            size_t fl = strlen(from), k = 0;
            for (size_t p; (p = rw_find(cur.data, k, cur.len, from)) < cur.len; k = p + fl) {
                buf_putn(&next, cur.data + k, p - k);
                buf_put(&next, to);
            }
            buf_putn(&next, cur.data + k, cur.len - k);
            tt_buf t = cur;
            cur = next;
            next = t;
        }
        buf_putn(out, cur.data, cur.len);
        i += len;
    }
    free(cur.data), free(next.data), free(body.data), free(ren), free(ln);
    free(name.data), free(list.data);
}

const tt_buf *ir_std_rules_line(ir_rewriter *rw, const char *s, size_t n)
{
    if (!(rw->sr_found & SR_REALLOC))
        return NULL;
    if (rw->sr_holding) {
        buf_putn(&rw->sr_fn, s, n);
        if (!rw_starts(s, n, "}"))
            return &rw->sr_none;
        rw->sr_holding = false;
        rw->sr_out.len = 0;
        unsink(rw, rw->sr_fn.data, rw->sr_fn.len, &rw->sr_out);
        rw->sr_fn.len = 0;
        return &rw->sr_out;
    }
    if (rw_starts(s, n, "define ") && rw_find(s, 0, n, "11finish_grow") < n) {
        rw->sr_holding = true;
        rw->sr_fn.len = 0;
        buf_putn(&rw->sr_fn, s, n);
        return &rw->sr_none;
    }
    rw->sr_out.len = 0;
    return define_line(s, n, &rw->sr_out) ? &rw->sr_out : NULL;
}

void ir_std_rules_finish(ir_rewriter *rw, tt_buf *out)
{
    if (rw->sr_found & SR_REALLOC) {
        const char *d = strstr(std_rules_ll, decl_mark);
        buf_put(out, "\n");
        buf_putn(out, std_rules_ll, d ? (size_t)(d - std_rules_ll) + 1 : std_rules_ll_len);
        rules_decls(rw);
        for (size_t k = 0; k < rw->sr_ndecls; k++)
            if (!(rw->sr_declared & (1u << k)))
                buf_putn(out, rw->sr_decls[k].line, rw->sr_decls[k].len);
    }
    free(rw->sr_fn.data), free(rw->sr_out.data);
    rw->sr_fn = rw->sr_out = (tt_buf){0};
    rw->sr_holding = false;
}
