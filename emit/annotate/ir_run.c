/* What both backends ask of the run (emit/annotate/ir_run.h): places for diagnostics, the
 * listing of defined functions and aliases, and each function's decision. A leaf below
 * the driver (ir_annotate.c) and the backends (ir_text.c, ir_bitcode.c), which call it. */
#include <stdarg.h>

#include "ir_run.h"

const tt_loc *ir_run_at(const ir_run *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const tt_loc *l = loc_vnew(r->c->arena, r->file, fmt, ap);
    va_end(ap);
    return l;
}

void ir_run_defined(ir_run *r, const char *symbol)
{
    if (!r->strip)
        annotator_note_defined(r->a, symbol);
}

void ir_run_alias(ir_run *r, const char *alias, const char *target)
{
    if (!r->strip)
        annotator_add_alias(r->a, alias, target);
}

ir_decision ir_run_decide(ir_run *r, const ir_function *f, unsigned long line)
{
    ir_decision d = {.outcome = OUT_NOT_DESCRIBED};
    if (r->strip)
        return d;
    d = annotator_decide(r->a, f);
    if (d.outcome == OUT_MISMATCH || d.outcome == OUT_FAILED)
        diag_add(r->c, TT_WARNING,
                 line ? ir_run_at(r, "line %lu", line) : ir_run_at(r, "function %s", f->symbol),
                 "function %s left unannotated: %s", f->symbol, d.reason);
    if (d.outcome != OUT_ANNOTATED) {
        d.param_attr = NULL;
        d.ret_attr = NULL;
        d.param_pointee = NULL;
    }
    return d;
}
