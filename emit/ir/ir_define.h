/* The `define` line of textual LLVM IR (emit/ir/ir_define.c), read with the lexer
 * (emit/ir/ir_lex.h): one parser for the streaming rewriter (emit/annotate/ir_text.c) and the
 * debuginfo exporter (export/export_di.c). Private to emit/. */
#ifndef IR_DEFINE_H
#define IR_DEFINE_H

#include "../emit.h"

#define IR_DEFINE_MAX_PARAMS 512

typedef struct {
    size_t start, end; /* the parameter's text, to the ',' or ')' after it */
    size_t type_end;   /* end of its type (start is where the type begins) */
} ir_param_span;

/* A define line, by index into s[0, n). */
typedef struct {
    size_t at, lparen;          /* the name's '@', the '(' right after the name */
    size_t params_end;          /* just past the ')' that closes the parameter list */
    size_t ret_start, ret_end;  /* the return type */
    bool rewritten_cc;          /* a calling convention other than C's among the words
                                   before the return type (fastcc, coldcc, cc 10, ...) */
    uint32_t nparams;
    ir_param_span params[IR_DEFINE_MAX_PARAMS];
} ir_define_line;

/* Parses a define line. False with *why (static text) when it cannot be read. */
bool ir_define_parse(const char *s, size_t n, ir_define_line *d, const char **why);

/* Where the name sits in s[0, n): s[at] is its '@', s[lparen] the '(' that opens the
 * parameter list right after it. The name is the first global name followed at once by
 * '(', outside quoted strings: attributes before it may hold one ("enzyme_type"=
 * "{[-1]:Float@double}" on the return value). False when the line has no such name. */
bool ir_define_name(const char *s, size_t n, size_t *at, size_t *lparen);

/* The symbol of a define line: quotes removed, LLVM's \XX escapes decoded, as LLVM-C's
 * LLVMGetValueName2 gives it. NULL when the line has no name. Arena-owned. */
const char *ir_define_symbol(tt_arena *a, const char *s, size_t n);

#endif
