/* The one reader of textual LLVM IR (emit/ir/ir_lex.c): a lexer over one line s[0, n), used by
 * the define-line parser (emit/ir/ir_define.c), the body pass (emit/body/ir_body.c) and the
 * debuginfo index (export/di_index.c). LLVM prints every '"' inside a quoted string as \22
 * ('\' as \5C, or \\ in names), so a string ends at the next '"'. Nothing here reads s[n]
 * or beyond; a string or group still open at n is reported, not followed. Private to
 * emit/. */
#ifndef IR_LEX_H
#define IR_LEX_H

#include "../emit.h"

typedef enum {
    LEX_END,    /* nothing but spaces left before n */
    LEX_GLOBAL, /* @name, @"quoted", @0 */
    LEX_LOCAL,  /* %name, %"quoted", %0 (also named types: %"struct.S") */
    LEX_META,   /* !name, !0, !"string"; a bare "!" before '{' or '(' (node literals) */
    LEX_ATTRS,  /* #0: an attribute group */
    LEX_STRING, /* "..." (an attribute's key or value, c"..." after the word c) */
    LEX_NUMBER, /* -12, 1.000000e+00, 0x7FF8000000000000 */
    LEX_WORD,   /* i64, ptr, define, noundef, dereferenceable, x, DW_TAG_member, #dbg_declare */
    LEX_PUNCT   /* one character: ( ) [ ] { } < > , = * : | or any other */
} lex_kind;

typedef struct {
    lex_kind kind;
    size_t at, end; /* the token is s[at, end) */
    bool open;      /* a string or quoted name that n cut before its closing '"' */
} lex_tok;

/* The token at or after s[i] (spaces, tabs and line ends skipped). */
lex_tok lex_next(const char *s, size_t i, size_t n);
/* Whether t is the one punctuation character ch. */
bool lex_is(const char *s, lex_tok t, char ch);
/* Whether t's text is exactly w. */
bool lex_eq(const char *s, lex_tok t, const char *w);
/* Whether t opens a group: ( [ { <. */
bool lex_opens(const char *s, lex_tok t);

/* Index just past the group that opens at s[i] (one of ( [ { <), honouring strings and
 * quoted names. Every bracket kind nests alike (so "<{ ... }>" is one group); 0 when the
 * group is still open at n. */
size_t lex_skip_group(const char *s, size_t i, size_t n);
/* Index of the next ',' at the top level from s[i] (groups skipped whole), n when there is
 * none; *open (may be NULL) is set when a group is still open at n. */
size_t lex_item_end(const char *s, size_t i, size_t n, bool *open);
/* The callee of a call line (or an invoke line, when invokes): the first name (@f, or %f
 * for a call through a pointer) right before a '(' after the word `call`; a return type,
 * a function type or an attribute's group puts no name right before its '('. Kind LEX_END
 * when the line calls nothing. *before (may be NULL): the token before it, the return
 * type. */
lex_tok lex_callee(const char *s, size_t n, bool invokes, lex_tok *before);

/* A reading position over s[0, n): t is the current token. For recognising instructions
 * ("%x = load <ty>, ptr %p") token by token. */
typedef struct {
    const char *s;
    size_t n;
    lex_tok t;
} lex_cur;

lex_cur lex_start(const char *s, size_t i, size_t n);
void lex_step(lex_cur *c);
/* When the current token's text is w (a word, a name, or one punctuation character):
 * steps past it and returns true. */
bool lex_take(lex_cur *c, const char *w);
/* The current token, or when it opens a group the whole group (kind LEX_PUNCT, at..end
 * spanning it: a type like { i64, ptr } or [4 x i8]); steps past it. LEX_END when the
 * group is still open at n. */
lex_tok lex_take_item(lex_cur *c);

/* The text of a name or string token without its sigil (@ % !) and quotes, with LLVM's
 * escapes decoded (\XX a byte, \\ one backslash), as LLVM-C's LLVMGetValueName2 and
 * MDString give it. Arena-owned, NUL-terminated. */
const char *lex_text(tt_arena *a, const char *s, lex_tok t);
/* The same for the bytes p[0, len): "quoted" decoded (a string len cuts: to its end),
 * anything else copied. */
const char *lex_unquote(tt_arena *a, const char *p, size_t len);

#endif
