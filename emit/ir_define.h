/* Reading lines of textual LLVM IR (emit/ir_define.c): the function name of a `define`
 * line, shared by the streaming rewriter (emit/ir_text.c) and the debuginfo exporter
 * (emit/export_di.c), and bracketed groups (also the body pass, emit/ir_body.c).
 * Private to emit/. */
#ifndef IR_DEFINE_H
#define IR_DEFINE_H

#include "emit.h"

/* Where the name sits in s[0, n): s[at] is its '@', s[lparen] the '(' that opens the
 * parameter list right after it. The name is the '@' that opens the parameter list,
 * outside quoted strings: attributes before it may hold one ("enzyme_type"=
 * "{[-1]:Float@double}" on the return value). False when the line has no such name. */
bool ir_define_name(const char *s, size_t n, size_t *at, size_t *lparen);

/* The symbol of a define line: quotes removed, LLVM's \XX escapes decoded, as LLVM-C's
 * LLVMGetValueName2 gives it. NULL when the line has no name. Arena-owned. */
const char *ir_define_symbol(tt_arena *a, const char *s, size_t n);
/* A name as written after its '@' (ident or "string", len bytes), decoded as above. */
const char *ir_name_text(tt_arena *a, const char *p, size_t len);

/* Index just past the bracketed group that starts at s[i] (one of ( { [ <), honouring
 * nesting and quoted strings; 0 when unbalanced within s[0, n). */
size_t ir_skip_group(const char *s, size_t i, size_t n);

#endif
