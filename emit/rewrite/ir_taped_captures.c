/* typetree rewrite --strip-captures (IR_RW_STRIP_CAPTURES; emit/rewrite/ir_rewrite.h says
 * why): which functions may hand a pointer to a rule that keeps its shadow on the tape, and
 * their define lines and the calls of them without capture attributes.
 *
 * A rule's functions are those an `@__enzyme_register_gradient_*` global names first, or
 * (after Enzyme's preserve-nvvm pass has turned such globals into metadata) define lines
 * with `!enzyme_augment`. A function reaches a rule when its body names one, or names a
 * function that does; and, once any function does, every function holding a call through
 * a pointer (a closure or a trait object may be one, and the name of a vtable is no
 * function's). Too many functions lose the attributes rather than too few: the price is
 * what LLVM's passes after Enzyme can prove, never a derivative. */
#include <stdlib.h>
#include <string.h>

#include "ir_rewriter.h"
#include "../../layout/xalloc.h"

/* The callee of a call or invoke line: its token (a global, or a local for a call through
 * a pointer), kind LEX_END for any other line. The callee is the first name directly
 * followed by its argument list's '(' (a return type or a function type comes before
 * it, never a name followed by '('). */
static lex_tok callee_of(const char *s, size_t n)
{
    lex_tok none = {LEX_END, n, n, false};
    lex_tok t = lex_next(s, 0, n);
    if (t.kind == LEX_LOCAL) { /* "%x = " */
        t = lex_next(s, t.end, n);
        if (!lex_is(s, t, '='))
            return none;
        t = lex_next(s, t.end, n);
    }
    while (t.kind == LEX_WORD &&
           (lex_eq(s, t, "tail") || lex_eq(s, t, "musttail") || lex_eq(s, t, "notail")))
        t = lex_next(s, t.end, n);
    if (t.kind != LEX_WORD || !(lex_eq(s, t, "call") || lex_eq(s, t, "invoke")))
        return none;
    for (t = lex_next(s, t.end, n); t.kind != LEX_END; t = lex_next(s, t.end, n)) {
        if (lex_opens(s, t)) { /* a return type { .. } or a function type ( .. ) */
            size_t end = lex_skip_group(s, t.at, n);
            if (!end)
                return none;
            t.end = end;
            continue;
        }
        if ((t.kind == LEX_GLOBAL || t.kind == LEX_LOCAL) && !t.open && t.end < n &&
            s[t.end] == '(')
            return t;
    }
    return none;
}

void ir_taped_captures_note(ir_rewriter *rw, const char *s, size_t n)
{
    if (rw_starts(s, n, "@__enzyme_register_gradient_")) {
        /* "@__enzyme_register_gradient_X = ... [ptr @F, ptr @aug, ptr @rev]": F */
        lex_tok t = lex_next(s, 0, n);
        for (t = lex_next(s, t.end, n); t.kind != LEX_END; t = lex_next(s, t.end, n))
            if (t.kind == LEX_GLOBAL && !t.open) {
                rw_sym_of(rw, s, t)->rule = true;
                return;
            }
        return;
    }
    if (!rw->nfns || !rw->in_body)
        return;
    struct fn_rec *f = &rw->fns[rw->nfns - 1];
    if (rw_starts(s, n, "define ")) {
        lex_tok t = lex_next(s, 0, n);
        while (t.kind != LEX_END && t.kind != LEX_GLOBAL)
            t = lex_next(s, t.end, n);
        if (t.kind == LEX_GLOBAL && !t.open)
            f->sym = rw_sym_of(rw, s, t);
        f->rule |= rw_find(s, 0, n, "!enzyme_augment ") < n;
        return;
    }
    bool calls = rw_find(s, 0, n, "call ") < n || rw_find(s, 0, n, "invoke ") < n;
    if (!f->indirect && calls)
        f->indirect = callee_of(s, n).kind == LEX_LOCAL;
}

/* Marks fns[k].taped for every function that reaches a rule (above), once. */
static void taped_decide(ir_rewriter *rw)
{
    rw->taped_decided = true;
    size_t nf = rw->nfns;
    if (!nf)
        return;
    /* callers[g]: the functions whose bodies name function g */
    size_t *ncallers = xcalloc(nf, sizeof *ncallers), **callers = xcalloc(nf, sizeof *callers);
    for (size_t k = 0; k < nf; k++)
        for (struct ref *r = rw->fns[k].refs; r; r = r->next)
            if (r->to->fn >= 0)
                ncallers[r->to->fn]++;
    for (size_t g = 0; g < nf; g++)
        callers[g] = xmalloc((ncallers[g] ? ncallers[g] : 1) * sizeof **callers);
    size_t *fill = xcalloc(nf, sizeof *fill);
    for (size_t k = 0; k < nf; k++)
        for (struct ref *r = rw->fns[k].refs; r; r = r->next)
            if (r->to->fn >= 0)
                callers[r->to->fn][fill[r->to->fn]++] = k;
    size_t *stack = xmalloc(nf * sizeof *stack), top = 0;
    for (size_t k = 0; k < nf; k++) {
        struct fn_rec *f = &rw->fns[k];
        if (f->rule || (f->sym && f->sym->rule)) {
            f->taped = true;
            stack[top++] = k;
        }
    }
    for (int round = 0; round < 2; round++) {
        while (top) {
            size_t g = stack[--top];
            for (size_t j = 0; j < ncallers[g]; j++)
                if (!rw->fns[callers[g][j]].taped) {
                    rw->fns[callers[g][j]].taped = true;
                    stack[top++] = callers[g][j];
                }
        }
        rw->taped_any = false;
        for (size_t k = 0; k < nf; k++)
            rw->taped_any |= rw->fns[k].taped;
        if (!rw->taped_any)
            break;
        for (size_t k = 0; k < nf; k++)
            if (rw->fns[k].indirect && !rw->fns[k].taped) {
                rw->fns[k].taped = true;
                stack[top++] = k;
            }
    }
    for (size_t g = 0; g < nf; g++)
        free(callers[g]);
    free(callers);
    free(ncallers);
    free(fill);
    free(stack);
}

/* s[0, n) into out without " captures(...)" and " nocapture" (outside quoted strings);
 * whether there was one. */
static bool strip_capture_words(const char *s, size_t n, tt_buf *out)
{
    static const char cap[] = " captures(", nocap[] = " nocapture";
    const size_t kc = sizeof cap - 1, kn = sizeof nocap - 1;
    out->len = 0;
    bool quoted = false, any = false;
    size_t from = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"')
            quoted = !quoted;
        if (quoted || s[i] != ' ')
            continue;
        size_t end;
        if (i + kc <= n && memcmp(s + i, cap, kc) == 0) {
            end = i + kc;
            while (end < n && s[end] != ')')
                end++;
            if (end == n)
                continue;
            end++;
        } else if (i + kn <= n && memcmp(s + i, nocap, kn) == 0 &&
                   (i + kn == n || s[i + kn] == ' ' || s[i + kn] == ',' || s[i + kn] == ')')) {
            end = i + kn;
        } else {
            continue;
        }
        buf_putn(out, s + from, i - from);
        from = end;
        i = end - 1;
        any = true;
    }
    buf_putn(out, s + from, n - from);
    return any;
}

bool ir_taped_captures(ir_rewriter *rw, const char *s, size_t n)
{
    if (!rw->taped_decided)
        taped_decide(rw);
    if (!rw->taped_any || rw_find(s, 0, n, "capture") == n)
        return false;
    if (rw_starts(s, n, "define ")) {
        if (!rw->fn_seen || rw->fn_seen > rw->nfns || !rw->fns[rw->fn_seen - 1].taped)
            return false;
        return strip_capture_words(s, n, &rw->capt);
    }
    lex_tok t = callee_of(s, n);
    if (t.kind == LEX_END)
        return false;
    if (t.kind == LEX_GLOBAL) {
        long g = rw_sym_of(rw, s, t)->fn;
        if (g < 0 || !rw->fns[g].taped)
            return false;
    }
    return strip_capture_words(s, n, &rw->capt);
}
