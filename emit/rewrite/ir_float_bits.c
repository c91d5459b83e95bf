/* Floats made from the shifted bits of an integer (typetree rewrite --float-from-bits;
 * emit/rewrite/ir_rewrite.h says when and why, tests/enzyme-bugs/float-from-int-bits.ll
 * shows the Enzyme bug): the bitcast becomes a call of a helper Enzyme takes for inactive,
 * defined after the module's last line. */
#include <stdint.h>
#include <stdlib.h>

#include "ir_rewriter.h"

/* ---- float from bits ----
 * "%x = lshr [exact] iN %a, K" and "%y = or [disjoint] iN %x, C" are noted per function
 * (LLVM puts an `or`'s constant second); "%u = bitcast iN %y to T" of a noted %y becomes a
 * call. N is 64 (T double) or 32 (T float). */
static const char *const bits_int[2] = {"i64", "i32"}, *const bits_fp[2] = {"double", "float"};
static const char *const bits_fn[2] = {"@__typetree_float_from_bits.f64",
                                       "@__typetree_float_from_bits.f32"};

/* After "%x = OP": an optional flag word, then "iN %a,"; the width's index in bits_int (0:
 * i64, 1: i32) with *a the operand, -1 when the line is not so. */
static int int_operand(lex_cur *c, const char *flag, lex_tok *a)
{
    if (flag)
        lex_take(c, flag);
    int w = 0;
    while (w < 2 && !lex_take(c, bits_int[w]))
        w++;
    *a = c->t;
    lex_step(c);
    return w < 2 && a->kind == LEX_LOCAL && !a->open ? w : -1;
}

bool ir_float_from_bits(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    if (rw_starts(s, n, "define ")) {
        rw->lshrs = map_new(rw->c->arena);
        rw->from_bits = map_new(rw->c->arena);
        return false;
    }
    if (!rw->lshrs || !rw_starts(s, n, "  %"))
        return false;
    lex_cur c;
    lex_tok x, a;
    int w;
    if (rw_assigns(&c, s, n, "lshr", &x)) {
        if ((w = int_operand(&c, "exact", &a)) < 0 || !lex_take(&c, ","))
            return false;
        lex_tok k = rw_take_kind(&c, LEX_NUMBER);
        long long sh = k.kind == LEX_NUMBER ? strtoll(s + k.at, NULL, 10) : 0;
        if (sh >= 1 && sh < (w ? 32 : 64) && rw_at_tail(&c))
            map_put(rw->lshrs, rw_tok_text(rw, s, x), (void *)(intptr_t)(w * 64 + sh));
        return false;
    }
    if (rw_assigns(&c, s, n, "or", &x)) {
        if ((w = int_operand(&c, "disjoint", &a)) < 0 || !lex_take(&c, ","))
            return false;
        lex_tok k = rw_take_kind(&c, LEX_NUMBER);
        intptr_t sh = (intptr_t)map_get(rw->lshrs, rw_tok_text(rw, s, a));
        if (k.kind != LEX_NUMBER || !rw_at_tail(&c) || !sh || sh / 64 != w)
            return false;
        unsigned bits = w ? 32 : 64;
        uint64_t v = (uint64_t)strtoll(s + k.at, NULL, 10);
        if (bits == 32)
            v &= 0xffffffffu;
        uint64_t low = (1ull << (bits - (unsigned)(sh % 64))) - 1; /* the shifted value's bits */
        if (v && !(v & low))
            map_put(rw->from_bits, rw_tok_text(rw, s, x), (void *)(intptr_t)(w + 1));
        return false;
    }
    lex_tok y;
    if (!rw_assigns(&c, s, n, "bitcast", &x) || (w = int_operand(&c, NULL, &y)) < 0 ||
        !lex_take(&c, "to"))
        return false;
    lex_tok ft = c.t; /* what follows it (", !dbg ...", the line's end) is kept */
    if (!lex_take(&c, bits_fp[w]) || !rw_at_tail(&c) ||
        (intptr_t)map_get(rw->from_bits, rw_tok_text(rw, s, y)) != w + 1)
        return false;
    buf_putn(out, s, x.end);
    buf_printf(out, " = call %s %s(%s %.*s)", bits_fp[w], bits_fn[w], bits_int[w],
               (int)(y.end - y.at), s + y.at);
    buf_putn(out, s + ft.end, n - ft.end);
    rw->bits_used[w] = true;
    return true;
}

void ir_float_bits_helpers(const ir_rewriter *rw, tt_buf *out)
{
    for (int w = 0; w < 2; w++)
        if (rw->bits_used[w])
            buf_printf(out, "\n; rustc-typetree: a float made from shifted integer bits, which "
                            "has no derivative (--float-from-bits)\n"
                            "define internal %s %s(%s %%b) noinline \"enzyme_inactive\" "
                            "\"enzyme_ta_norecur\" {\n"
                            "  %%f = bitcast %s %%b to %s\n"
                            "  ret %s %%f\n"
                            "}\n",
                       bits_fp[w], bits_fn[w], bits_int[w], bits_int[w], bits_fp[w], bits_fp[w]);
}
