/* The lexer of textual LLVM IR lines (see ir_lex.h). Tokens follow LLVM's own lexer
 * (llvm/lib/AsmParser/LLLexer.cpp) as far as typetree reads IR: identifiers are
 * [-a-zA-Z$._0-9], a sigil with a quoted string is a quoted name, and a string ends at the
 * next '"' because LLVM never prints one unescaped inside. */
#include <string.h>

#include "ir_lex.h"

/* LLVM's unquoted identifier characters: [-a-zA-Z$._0-9] (a table: the lexer's inner loop). */
static const bool word_chars[256] = {
    ['-'] = 1, ['$'] = 1, ['.'] = 1, ['_'] = 1,
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1,
    ['8'] = 1, ['9'] = 1,
    ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1,
    ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1,
    ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1,
    ['y'] = 1, ['z'] = 1,
    ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1,
    ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1,
    ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1,
    ['Y'] = 1, ['Z'] = 1,
};

static bool word_char(char ch) { return word_chars[(unsigned char)ch]; }

static bool digit(char ch) { return ch >= '0' && ch <= '9'; }

/* Index just past the string whose '"' is s[i]; n (and *open) when n cuts it. */
static size_t past_string(const char *s, size_t i, size_t n, bool *open)
{
    const char *q = i + 1 < n ? memchr(s + i + 1, '"', n - i - 1) : NULL;
    if (!q) {
        *open = true;
        return n;
    }
    return (size_t)(q - s) + 1;
}

static size_t past_word(const char *s, size_t i, size_t n)
{
    while (i < n && word_char(s[i]))
        i++;
    return i;
}

/* A number: digits and identifier characters (hex, 1.5e+3: the sign after an exponent). */
static size_t past_number(const char *s, size_t i, size_t n)
{
    bool hex = i + 1 < n && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
    if (s[i] == '-')
        i++;
    while (i < n && (word_char(s[i]) ||
                     (!hex && (s[i] == '+') && (s[i - 1] == 'e' || s[i - 1] == 'E'))))
        i++;
    return i;
}

lex_tok lex_next(const char *s, size_t i, size_t n)
{
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
        i++;
    lex_tok t = {.kind = LEX_END, .at = i, .end = i};
    if (i >= n)
        return t;
    char ch = s[i];
    switch (ch) {
    case '@':
    case '%':
    case '!':
        t.kind = ch == '@' ? LEX_GLOBAL : ch == '%' ? LEX_LOCAL : LEX_META;
        if (i + 1 < n && s[i + 1] == '"')
            t.end = past_string(s, i + 1, n, &t.open);
        else
            t.end = past_word(s, i + 1, n);
        if (t.end == i + 1 && ch != '!') /* a lone sigil */
            t.kind = LEX_PUNCT;
        return t;
    case '#':
        t.end = past_word(s, i + 1, n);
        t.kind = t.end == i + 1 ? LEX_PUNCT : digit(s[i + 1]) ? LEX_ATTRS : LEX_WORD;
        return t;
    case '"':
        t.kind = LEX_STRING;
        t.end = past_string(s, i, n, &t.open);
        return t;
    default:
        break;
    }
    if (digit(ch) || (ch == '-' && i + 1 < n && digit(s[i + 1]))) {
        t.kind = LEX_NUMBER;
        t.end = past_number(s, i, n);
    } else if (word_char(ch)) {
        t.kind = LEX_WORD;
        t.end = past_word(s, i, n);
    } else {
        t.kind = LEX_PUNCT;
        t.end = i + 1;
    }
    return t;
}

bool lex_is(const char *s, lex_tok t, char ch)
{
    return t.kind == LEX_PUNCT && s[t.at] == ch;
}

bool lex_eq(const char *s, lex_tok t, const char *w)
{
    if (t.kind == LEX_END || s[t.at] != w[0]) /* most tests fail here, before strlen */
        return false;
    size_t m = strlen(w);
    return t.end - t.at == m && memcmp(s + t.at, w, m) == 0;
}

bool lex_opens(const char *s, lex_tok t)
{
    if (t.kind != LEX_PUNCT)
        return false;
    char ch = s[t.at];
    return ch == '(' || ch == '[' || ch == '{' || ch == '<';
}

static bool closes(const char *s, lex_tok t)
{
    if (t.kind != LEX_PUNCT)
        return false;
    char ch = s[t.at];
    return ch == ')' || ch == ']' || ch == '}' || ch == '>';
}

size_t lex_skip_group(const char *s, size_t i, size_t n)
{
    unsigned depth = 0;
    for (lex_tok t = lex_next(s, i, n); t.kind != LEX_END; t = lex_next(s, t.end, n)) {
        if (lex_opens(s, t))
            depth++;
        else if (closes(s, t) && depth && --depth == 0)
            return t.end;
        if (!depth) /* s[i] opened nothing */
            return 0;
    }
    return 0;
}

size_t lex_item_end(const char *s, size_t i, size_t n, bool *open)
{
    if (open)
        *open = false;
    for (lex_tok t = lex_next(s, i, n); t.kind != LEX_END;) {
        if (lex_is(s, t, ','))
            return t.at;
        if (lex_opens(s, t)) {
            size_t past = lex_skip_group(s, t.at, n);
            if (!past) {
                if (open)
                    *open = true;
                return n;
            }
            t = lex_next(s, past, n);
            continue;
        }
        t = lex_next(s, t.end, n);
    }
    return n;
}

lex_cur lex_start(const char *s, size_t i, size_t n)
{
    lex_cur c = {.s = s, .n = n, .t = lex_next(s, i, n)};
    return c;
}

void lex_step(lex_cur *c)
{
    c->t = lex_next(c->s, c->t.end, c->n);
}

bool lex_take(lex_cur *c, const char *w)
{
    if (!lex_eq(c->s, c->t, w))
        return false;
    lex_step(c);
    return true;
}

lex_tok lex_take_item(lex_cur *c)
{
    lex_tok t = c->t;
    if (lex_opens(c->s, t)) {
        t.end = lex_skip_group(c->s, t.at, c->n);
        if (!t.end) {
            t.kind = LEX_END;
            t.end = c->n;
        }
    }
    if (t.kind != LEX_END)
        c->t = lex_next(c->s, t.end, c->n);
    return t;
}

static int hexval(char ch)
{
    return digit(ch) ? ch - '0' : (ch | 0x20) - 'a' + 10;
}

static bool hex(char ch)
{
    return digit(ch) || ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'f');
}

const char *lex_unquote(tt_arena *a, const char *p, size_t len)
{
    if (!len || p[0] != '"')
        return arena_strndup(a, p, len);
    size_t end = len >= 2 && p[len - 1] == '"' ? len - 1 : len; /* n may cut a string */
    char *out = arena_alloc(a, len), *o = out;
    for (size_t i = 1; i < end; i++) {
        if (p[i] == '\\' && i + 1 < end && p[i + 1] == '\\') {
            *o++ = '\\';
            i++;
        } else if (p[i] == '\\' && i + 2 < end && hex(p[i + 1]) && hex(p[i + 2])) {
            *o++ = (char)(hexval(p[i + 1]) * 16 + hexval(p[i + 2]));
            i += 2;
        } else {
            *o++ = p[i];
        }
    }
    *o = 0;
    return out;
}

const char *lex_text(tt_arena *a, const char *s, lex_tok t)
{
    size_t at = t.at;
    if (t.kind == LEX_GLOBAL || t.kind == LEX_LOCAL || t.kind == LEX_META)
        at++;
    return lex_unquote(a, s + at, t.end - at);
}

lex_tok lex_callee(const char *s, size_t n, bool invokes, lex_tok *before)
{
    lex_tok t = lex_next(s, 0, n);
    while (t.kind != LEX_END && !lex_eq(s, t, "call") && !(invokes && lex_eq(s, t, "invoke")))
        t = lex_next(s, t.end, n);
    for (lex_tok prev = t; t.kind != LEX_END; prev = t, t = lex_next(s, t.end, n))
        if ((t.kind == LEX_GLOBAL || t.kind == LEX_LOCAL) && !t.open && t.end < n &&
            s[t.end] == '(') {
            if (before)
                *before = prev;
            return t;
        }
    return t;
}
