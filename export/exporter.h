/* The debuginfo exporter (export/): the input stage that writes, from rustc's LLVM IR and
 * its debuginfo, the rust-types/1 descriptions layout/ reads. It reads the module with
 * emit/'s LLVM-text lexer; its passes share export/export.h. */
#ifndef TT_EXPORTER_H
#define TT_EXPORTER_H

#include "../emit/emit.h"

/* Reads a textual LLVM module compiled with -C debuginfo=2 ('-': stdin) and appends a
 * rust-types/1 document to *out: every defined function with a debuginfo signature and
 * every type those signatures use, with rustc's offsets in "layout" blocks, repr(C) and
 * maybe_unsized_tail inferred where debuginfo leaves them out. What cannot be exported is
 * left out with a warning. drop_unused: only the functions annotate --drop-unused keeps
 * (what something live refers to; emit/ir/ir_live.h). False (with an error) when the file
 * cannot be read or is bitcode. */
bool export_debuginfo(tt_ctx *c, const char *path, bool drop_unused, tt_buf *out);

#endif
