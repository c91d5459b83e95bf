/* The define line of textual LLVM IR, read token by token (emit/ir/ir_lex.h):
 *   define [linkage] [cc] [ret attrs] RETTYPE @name(TYPE [attrs] [%p], ...) [fn attrs] {
 * Return attributes may hold '@' and brackets inside strings ("enzyme_type"=
 * "{[-1]:Float@double}"), so the name is found by tokens, not by searching for '@'. */
#include <string.h>

#include "ir_define.h"
#include "ir_lex.h"

bool ir_define_name(const char *s, size_t n, size_t *at, size_t *lparen)
{
    for (lex_tok t = lex_next(s, 0, n); t.kind != LEX_END; t = lex_next(s, t.end, n)) {
        if (t.kind == LEX_GLOBAL && t.end < n && s[t.end] == '(') {
            *at = t.at;
            *lparen = t.end;
            return true;
        }
    }
    return false;
}

const char *ir_define_symbol(tt_arena *a, const char *s, size_t n)
{
    size_t at, lparen;
    if (!ir_define_name(s, n, &at, &lparen))
        return NULL;
    return lex_unquote(a, s + at + 1, lparen - at - 1);
}

/* A calling convention word: fastcc, coldcc, swiftcc, cc (before a number); "ccc" is C's
 * own. */
static bool cc_word(const char *s, lex_tok t)
{
    size_t len = t.end - t.at;
    if (t.kind != LEX_WORD || len < 2 || memcmp(s + t.end - 2, "cc", 2) != 0)
        return false;
    return !(len == 3 && s[t.at] == 'c');
}

/* The return type: the last item before the name, a bracketed group ({ i64, double },
 * <{ ... }>, [2 x i64]) or one token; the words before it are linkage, calling convention
 * and return attributes. */
static void return_type(const char *s, ir_define_line *d)
{
    size_t start = 0, end = 0;
    d->rewritten_cc = false;
    for (lex_tok t = lex_next(s, 0, d->at); t.kind != LEX_END;) {
        size_t past = lex_opens(s, t) ? lex_skip_group(s, t.at, d->at) : 0;
        if (!past)
            past = t.end;
        else if (s[t.at] == '(') { /* part of the item before: addrspace(1), align(8) */
            end = past;
            t = lex_next(s, past, d->at);
            continue;
        }
        start = t.at;
        end = past;
        if (cc_word(s, t) && t.at >= 7)
            d->rewritten_cc = true;
        t = lex_next(s, past, d->at);
    }
    d->ret_start = start;
    d->ret_end = end;
}

bool ir_define_parse(const char *s, size_t n, ir_define_line *d, const char **why)
{
    if (!ir_define_name(s, n, &d->at, &d->lparen)) {
        *why = "no function name followed by a parameter list";
        return false;
    }
    d->params_end = lex_skip_group(s, d->lparen, n);
    if (!d->params_end) {
        *why = "unbalanced parameter list";
        return false;
    }
    return_type(s, d);
    /* parameters, split at top-level commas; close is the list's ')' */
    size_t close = d->params_end - 1;
    d->nparams = 0;
    for (size_t i = d->lparen + 1; i < close;) {
        lex_tok t = lex_next(s, i, close);
        if (t.kind == LEX_END)
            break;
        if (d->nparams == IR_DEFINE_MAX_PARAMS) {
            *why = "more than 512 parameters";
            return false;
        }
        ir_param_span *p = &d->params[d->nparams++];
        p->start = t.at;
        if (lex_opens(s, t) && s[t.at] != '(') {
            p->type_end = lex_skip_group(s, t.at, close);
            if (!p->type_end) {
                *why = "unbalanced parameter type";
                return false;
            }
        } else {
            p->type_end = t.end;
            while (p->type_end < close && s[p->type_end] == '*') /* typed pointers: i8* */
                p->type_end++;
        }
        bool open;
        p->end = lex_item_end(s, p->type_end, close, &open);
        if (open) {
            *why = "unbalanced parameter attribute";
            return false;
        }
        i = p->end + 1;
    }
    return true;
}
