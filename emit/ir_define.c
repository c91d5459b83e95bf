/* Reading lines of textual LLVM IR: the function name of a `define` line, bracketed
 * groups. LLVM prints a quoted string with every '"' escaped
 * as \22 (and '\' as \5C, or \\ in names), so a string ends at the next '"'; a name is
 * @ident or @"string". */
#include <ctype.h>
#include <string.h>

#include "ir_define.h"

/* LLVM's unquoted identifier characters: [-a-zA-Z$._0-9]. */
static bool name_char(char ch)
{
    return isalnum((unsigned char)ch) || ch == '-' || ch == '$' || ch == '.' || ch == '_';
}

/* Index just past the quoted string that starts at s[i]; n when it is not closed. */
static size_t past_string(const char *s, size_t i, size_t n)
{
    for (i++; i < n && s[i] != '"'; i++)
        ;
    return i < n ? i + 1 : n;
}

bool ir_define_name(const char *s, size_t n, size_t *at, size_t *lparen)
{
    size_t i = 0;
    while (i < n) {
        if (s[i] == '"') {
            i = past_string(s, i, n);
            continue;
        }
        if (s[i] != '@') {
            i++;
            continue;
        }
        size_t e = i + 1;
        if (e < n && s[e] == '"')
            e = past_string(s, e, n);
        else
            while (e < n && name_char(s[e]))
                e++;
        if (e < n && e > i + 1 && s[e] == '(') {
            *at = i;
            *lparen = e;
            return true;
        }
        i = e > i + 1 ? e : i + 1;
    }
    return false;
}

static int hexval(char ch)
{
    return isdigit((unsigned char)ch) ? ch - '0' : tolower((unsigned char)ch) - 'a' + 10;
}

const char *ir_define_symbol(tt_arena *a, const char *s, size_t n)
{
    size_t at, lparen;
    if (!ir_define_name(s, n, &at, &lparen))
        return NULL;
    return ir_name_text(a, s + at + 1, lparen - at - 1);
}

const char *ir_name_text(tt_arena *a, const char *p, size_t len)
{
    if (len < 2 || p[0] != '"' || p[len - 1] != '"')
        return arena_strndup(a, p, len);
    char *out = arena_alloc(a, len), *o = out;
    for (size_t i = 1; i + 1 < len; i++) {
        if (p[i] == '\\' && i + 2 < len && p[i + 1] == '\\') { /* names print '\' so */
            *o++ = '\\';
            i++;
        } else if (p[i] == '\\' && i + 3 < len && isxdigit((unsigned char)p[i + 1]) &&
                   isxdigit((unsigned char)p[i + 2])) {
            *o++ = (char)(hexval(p[i + 1]) * 16 + hexval(p[i + 2]));
            i += 2;
        } else {
            *o++ = p[i];
        }
    }
    *o = 0;
    return out;
}

/* Index just past the bracketed group that starts at s[i] (one of ( { [ <), honouring
 * nesting and quoted strings; 0 when unbalanced. */
size_t ir_skip_group(const char *s, size_t i, size_t n)
{
    int depth = 0;
    for (; i < n; i++) {
        char ch = s[i];
        if (ch == '"') {
            for (i++; i < n && s[i] != '"'; i++)
                ;
            continue;
        }
        if (ch == '(' || ch == '{' || ch == '[' || ch == '<')
            depth++;
        else if (ch == ')' || ch == '}' || ch == ']' || ch == '>') {
            if (--depth == 0)
                return i + 1;
        }
    }
    return 0;
}
