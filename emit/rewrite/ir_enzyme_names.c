/* typetree rewrite --rename-enzyme-locals (IR_RW_RENAME_ENZYME_LOCALS; emit/rewrite/
 * ir_rewrite.h says why): every local name (value, block label, named type) that starts
 * with "enzyme_" gets the prefix "tt.", which no name rustc or LLVM's passes write starts
 * with (a Rust identifier has no '.'). Enzyme reads an alloca's name among a call's
 * arguments as it reads a marker global's. */
#include <string.h>

#include "ir_rewriter.h"

static const char prefix[] = "enzyme_";

/* Whether the name token t (a local, or a label's word or string) starts with "enzyme_"
 * after its sigil and quote: true with *at where "tt." goes. */
static bool enzyme_name_at(const char *s, lex_tok t, size_t *at)
{
    size_t i = t.at + (s[t.at] == '%');
    if (s[i] == '"')
        i++;
    size_t len = sizeof prefix - 1;
    *at = i;
    return t.end - i > len && memcmp(s + i, prefix, len) == 0;
}

bool ir_rename_enzyme_locals(const char *s, size_t n, tt_buf *out)
{
    bool local = rw_find(s, 0, n, "%enzyme_") < n || rw_find(s, 0, n, "%\"enzyme_") < n;
    bool label = rw_starts(s, n, prefix) || rw_starts(s, n, "\"enzyme_");
    if (!local && !label)
        return false;
    size_t from = 0;
    bool any = false;
    lex_tok t = lex_next(s, 0, n);
    if (label && (t.kind == LEX_WORD || t.kind == LEX_STRING) && !t.open &&
        lex_is(s, lex_next(s, t.end, n), ':')) {
        size_t at;
        if (enzyme_name_at(s, t, &at)) {
            buf_putn(out, s, at);
            buf_put(out, "tt.");
            from = at;
            any = true;
        }
    }
    for (; local && t.kind != LEX_END; t = lex_next(s, t.end, n)) {
        if (t.kind != LEX_LOCAL || t.open)
            continue;
        size_t at;
        if (!enzyme_name_at(s, t, &at))
            continue;
        buf_putn(out, s + from, at - from);
        buf_put(out, "tt.");
        from = at;
        any = true;
    }
    if (!any)
        return false;
    buf_putn(out, s + from, n - from);
    return true;
}
