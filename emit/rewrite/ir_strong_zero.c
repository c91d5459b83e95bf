/* Enzyme's strong zero on every call of one of its entry points (IR_RW_STRONG_ZERO): the
 * marker @enzyme_strong_zero passed after the function handed to Enzyme, so that an
 * adjoint or a tangent of 0 times any value is 0 in the derivative Enzyme makes. Without
 * it a zero adjoint times a NaN or an infinity is NaN: LLVM's passes make code branch-free
 * that reads a value the program never uses (the payload of an enum's other variant,
 * bytes never written), and the derivative multiplies that garbage by the 0 it is owed
 * (random_cases.py seed 8 case 4: an input `enum { V0([f64; 2]), V1 }` holding V1, every
 * derivative NaN at -O2/-O3 with trees and without; tests/enzyme-bugs/strong-zero.ll). */
#include <string.h>

#include "ir_rewriter.h"

static const char marker[] = "@enzyme_strong_zero";

bool ir_strong_zero(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    if (rw_starts(s, n, marker) && n > sizeof marker - 1 &&
        (s[sizeof marker - 1] == ' ' || s[sizeof marker - 1] == '='))
        rw->sz_defined = true;
    lex_tok t = ir_enzyme_entry_call(s, n);
    if (t.kind == LEX_END || rw_find(s, 0, n, marker) < n)
        return false;
    size_t close = lex_skip_group(s, t.end, n);
    if (!close)
        return false;
    close--; /* the ')' */
    /* after the handed function: the first argument, the second when the first is the
     * call's sret pointer (Enzyme reads markers from 1 + sret on) */
    size_t end = lex_item_end(s, t.end + 1, close, NULL);
    if (end < close && rw_find(s, t.end + 1, end, " sret(") < end)
        end = lex_item_end(s, end + 1, close, NULL);
    if (end == t.end + 1)
        return false; /* no argument at all */
    buf_putn(out, s, end);
    buf_put(out, ", ptr ");
    buf_put(out, marker);
    buf_putn(out, s + end, n - end);
    rw->sz_used = true;
    return true;
}

void ir_strong_zero_finish(const ir_rewriter *rw, tt_buf *out)
{
    if (rw->sz_used && !rw->sz_defined)
        buf_put(out, "\n; rustc-typetree: Enzyme's strong-zero marker (--strong-zero)\n"
                     "@enzyme_strong_zero = internal global i8 0\n");
}
