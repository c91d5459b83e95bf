/* The input checks of every module reader (emit/ir/ir_input.c). */
#ifndef TT_IR_INPUT_H
#define TT_IR_INPUT_H

#include "../emit.h"

/* Whether the bytes start like LLVM bitcode (raw or wrapped). */
bool ir_is_bitcode(const void *p, size_t n);
/* Checks an input path ("-": standard input, made a seekable file first): not empty, no
 * NUL bytes in text, text ends with a newline. *bitcode tells the format. */
bool ir_input_format(tt_ctx *c, const char *path, bool *bitcode);
/* The path to open for an input ir_input_format accepted: standard input, made a file, is
 * reopened from its start through /proc/self/fd/0. */
const char *ir_input_path(const char *path);

#endif
