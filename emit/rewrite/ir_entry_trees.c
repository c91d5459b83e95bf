/* Functions handed to Enzyme, handed through a forwarder so that Enzyme reads their trees
 * (typetree rewrite --entry-trees; emit/rewrite/ir_rewrite.h says when).
 *
 * Enzyme (fba597f6) seeds the function an __enzyme_autodiff (fwddiff, augmentfwd, reverse,
 * fwdsplit) call hands it from the LLVM types of its parameters alone: a pointer is
 * {[-1]:Pointer}, an integer {[-1]:Integer}, a float its float (Enzyme.cpp,
 * populate_type_args). The "enzyme_type" attributes of that function's own define are
 * never read: Enzyme reads a function's attributes only at a call of it, as facts about
 * the caller's operands (TypeAnalysis.cpp, considerTBAA). What the trees say about the
 * handed function's parameters reached Enzyme only through the functions it passes them
 * to, and not at all once LLVM inlined those or promoted their arguments: at -O3 argument
 * promotion passed a `&Vec<S>`'s pointer and length as two new parameters without trees,
 * and Enzyme stopped on the length ("cannot handle unknown binary operator": a random case
 * of tests/gradients/random_cases.py, seed 1, case 1).
 *
 * So the Enzyme call gets @__typetree_entry.F in place of @F: a function with F's
 * parameters (their attributes kept, sret and byval included) that calls F with them and
 * returns what it returns. Enzyme differentiates it, reads F's trees at that call, in the
 * entry block, and analyses F with them. Only for a defined F with a tree on a parameter
 * or its return and the C calling convention (an address-taken function keeps it); each F
 * gets one forwarder, printed after the module's last line. LLVM inlines it after Enzyme.
 *
 * Not for a call in a function reached from one an Enzyme call hands it (nested
 * differentiation: forward over reverse through the macros). There Enzyme (fba597f6),
 * under the wrapper's -enzyme-detect-readthrow=0, computes wrong derivatives through the
 * forwarder, silently, with any tree or none (tests/enzyme-bugs/nested-forwarder-
 * readthrow.ll): a Hessian-vector product, forward over a reverse derivative over slices,
 * one written, came out as H v plus twice the gradient, where the same call without the
 * forwarder is right (tests/autodiff/gradients/reports.rs, #160470's shape). Such an
 * entry is seeded as plain Enzyme seeds it. */
#include <stdlib.h>
#include <string.h>

#include "ir_rewriter.h"
#include "../../layout/xalloc.h"

static const char *const entry_points[] = {"@__enzyme_autodiff", "@__enzyme_fwddiff",
                                           "@__enzyme_augmentfwd", "@__enzyme_reverse",
                                           "@__enzyme_fwdsplit"};

lex_tok ir_enzyme_entry_call(const char *s, size_t n)
{
    lex_tok none = {.kind = LEX_END};
    if (rw_find(s, 0, n, "@__enzyme_") == n || rw_starts(s, n, "declare ") ||
        rw_starts(s, n, "define "))
        return none;
    for (lex_tok t = lex_next(s, 0, n); t.kind != LEX_END; t = lex_next(s, t.end, n)) {
        if (t.kind != LEX_GLOBAL || t.end >= n || s[t.end] != '(')
            continue;
        for (size_t k = 0; k < sizeof entry_points / sizeof *entry_points; k++)
            if (rw_starts(s + t.at, t.end - t.at, entry_points[k]))
                return t;
    }
    return none;
}

/* The global passed first to an Enzyme entry point called on line s[0, n); LEX_END when
 * the line calls none, or passes no global first (a pointer in a register). */
static lex_tok handed(const char *s, size_t n)
{
    lex_tok none = {.kind = LEX_END}, t = ir_enzyme_entry_call(s, n);
    if (t.kind == LEX_END)
        return none;
    size_t end = lex_item_end(s, t.end + 1, n, NULL);
    for (lex_tok g = lex_next(s, t.end + 1, n); g.kind != LEX_END && g.at < end;
         g = lex_next(s, g.end, n)) {
        if (g.kind == LEX_LOCAL)
            return none;
        if (g.kind == LEX_GLOBAL)
            return g.open ? none : g;
    }
    return none;
}

/* Whether define line s[0, n) carries a tree on its return or a parameter (the text
 * before its parameter list closes), and calls with C's convention; its parsed form in
 * *d, the rewriter's one (allocated at the first define line). */
static bool define_with_trees(ir_rewriter *rw, const char *s, size_t n, ir_define_line **dp,
                              lex_tok *name)
{
    const char *why;
    if (!rw->entry_def)
        rw->entry_def = xmalloc(sizeof *rw->entry_def);
    ir_define_line *d = *dp = rw->entry_def;
    if (!ir_define_parse(s, n, d, &why) || d->rewritten_cc ||
        rw_find(s, 0, d->params_end, "\"enzyme_type\"") == d->params_end)
        return false;
    *name = lex_next(s, d->at, n);
    return true;
}

void ir_entry_trees_note(ir_rewriter *rw, const char *s, size_t n)
{
    lex_tok g;
    if (rw_starts(s, n, "define ")) {
        ir_define_line *d;
        if (define_with_trees(rw, s, n, &d, &g))
            rw_sym_of(rw, s, g)->entry_trees = true;
        return;
    }
    g = handed(s, n);
    if (g.kind == LEX_GLOBAL)
        rw_sym_of(rw, s, g)->entry = true;
}

/* The forwarder's name for F as written ("@f" or "@\"f\""). */
static void forwarder_name(tt_buf *out, const char *s, lex_tok g)
{
    bool quoted = g.end - g.at > 1 && s[g.at + 1] == '"';
    buf_put(out, quoted ? "@\"__typetree_entry." : "@__typetree_entry.");
    buf_putn(out, s + g.at + 1 + quoted, g.end - g.at - 1 - quoted);
}

/* The forwarder of the function define line s[0, n) (parsed: d) defines, to
 * rw->entry_defs. */
static void forwarder(ir_rewriter *rw, const char *s, const ir_define_line *d, lex_tok g)
{
    tt_buf *o = &rw->entry_defs;
    tt_buf params = {0};
    for (uint32_t k = 0; k < d->nparams; k++) {
        const ir_param_span *p = &d->params[k];
        size_t end = p->end;
        /* the parameter's own name, when it has one, is its last token */
        lex_tok last = {.kind = LEX_END};
        for (lex_tok t = lex_next(s, p->type_end, end); t.kind != LEX_END;
             t = lex_next(s, t.end, end))
            last = t;
        if (last.kind == LEX_LOCAL)
            end = last.at;
        while (end > p->start && s[end - 1] == ' ')
            end--;
        buf_printf(&params, "%s", k ? ", " : "");
        buf_putn(&params, s + p->start, end - p->start);
        buf_printf(&params, " %%p%u", k);
    }
    const char *pl = params.data ? params.data : "";
    int rl = (int)(d->ret_end - d->ret_start);
    const char *rt = s + d->ret_start;
    bool is_void = rl == 4 && memcmp(rt, "void", 4) == 0;
    buf_put(o, "\n; rustc-typetree: the function handed to Enzyme, called so that Enzyme "
               "reads its trees (--entry-trees)\ndefine internal ");
    buf_printf(o, "%.*s ", rl, rt);
    forwarder_name(o, s, g);
    buf_printf(o, "(%s) uwtable {\n  %scall %.*s ", pl, is_void ? "" : "%r = ", rl, rt);
    buf_putn(o, s + g.at, g.end - g.at);
    buf_printf(o, "(%s)\n  ret %.*s%s\n}\n", pl, rl, rt, is_void ? "" : " %r");
    free(params.data);
}

/* Decides fns[].nested, once: the functions reached from a function some Enzyme call hands
 * Enzyme (what it differentiates), through the references of the functions' bodies
 * (inner_first_note's); those among them that call Enzyme themselves are nested. */
static void enzyme_nesting(ir_rewriter *rw)
{
    if (rw->nesting_decided)
        return;
    rw->nesting_decided = true;
    bool *seen = xcalloc(rw->nfns ? rw->nfns : 1, 1);
    size_t top = 0, *stack = xmalloc((rw->nfns ? rw->nfns : 1) * sizeof *stack);
    for (size_t k = 0; k < rw->nfns; k++)
        if (rw->fns[k].sym && rw->fns[k].sym->entry) {
            seen[k] = true;
            stack[top++] = k;
        }
    while (top) {
        struct fn_rec *f = &rw->fns[stack[--top]];
        f->nested = f->enzyme;
        for (struct ref *r = f->refs; r; r = r->next) {
            long g = r->to->fn;
            if (g >= 0 && !seen[g]) {
                seen[g] = true;
                stack[top++] = (size_t)g;
            }
        }
    }
    free(seen);
    free(stack);
}

bool ir_entry_trees(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    lex_tok g;
    if (rw_starts(s, n, "define ")) {
        ir_define_line *d;
        if (define_with_trees(rw, s, n, &d, &g) && rw_sym_of(rw, s, g)->entry)
            forwarder(rw, s, d, g);
        return false;
    }
    g = handed(s, n);
    if (g.kind != LEX_GLOBAL)
        return false;
    struct sym *y = rw_sym_of(rw, s, g);
    if (!y->entry || !y->entry_trees)
        return false;
    enzyme_nesting(rw);
    if (rw->fn_seen && rw->fn_seen <= rw->nfns && rw->fns[rw->fn_seen - 1].nested)
        return false;
    buf_putn(out, s, g.at);
    forwarder_name(out, s, g);
    buf_putn(out, s + g.end, n - g.end);
    return true;
}
