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
        f->rule |= rw_find(s, 0, n, "!enzyme_augment ") < n;
        return;
    }
    bool calls = rw_find(s, 0, n, "call ") < n || rw_find(s, 0, n, "invoke ") < n;
    if (!f->indirect && calls)
        f->indirect = lex_callee(s, n, true, NULL).kind == LEX_LOCAL;
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
    /* the rules, and (when there is one) every function with a call through a pointer,
     * then every function that names one of those */
    size_t *stack = xmalloc(nf * sizeof *stack), top = 0;
    for (size_t k = 0; k < nf; k++) {
        struct fn_rec *f = &rw->fns[k];
        if (f->rule || (f->sym && f->sym->rule)) {
            f->taped = true;
            stack[top++] = k;
        }
    }
    rw->taped_any = top > 0;
    for (size_t k = 0; k < nf && rw->taped_any; k++)
        if (rw->fns[k].indirect && !rw->fns[k].taped) {
            rw->fns[k].taped = true;
            stack[top++] = k;
        }
    while (top) {
        size_t g = stack[--top];
        for (size_t j = 0; j < ncallers[g]; j++)
            if (!rw->fns[callers[g][j]].taped) {
                rw->fns[callers[g][j]].taped = true;
                stack[top++] = callers[g][j];
            }
    }
    for (size_t g = 0; g < nf; g++)
        free(callers[g]);
    free(callers);
    free(ncallers);
    free(fill);
    free(stack);
}

static const char *const capture_words[] = {"captures", "nocapture"};

bool ir_taped_captures(ir_rewriter *rw, const char *s, size_t n)
{
    if (!rw->taped_decided)
        taped_decide(rw);
    if (!rw->taped_any || rw_find(s, 0, n, "capture") == n)
        return false;
    if (rw_starts(s, n, "define ")) {
        if (!rw->fn_seen || rw->fn_seen > rw->nfns || !rw->fns[rw->fn_seen - 1].taped)
            return false;
        return rw_strip_attrs(s, n, capture_words, 2, &rw->capt);
    }
    lex_tok t = lex_callee(s, n, true, NULL);
    if (t.kind == LEX_END)
        return false;
    if (t.kind == LEX_GLOBAL) {
        long g = rw_sym_of(rw, s, t)->fn;
        if (g < 0 || !rw->fns[g].taped)
            return false;
    }
    return rw_strip_attrs(s, n, capture_words, 2, &rw->capt);
}
