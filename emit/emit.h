/* What every stage of emit/ (and export/) uses: TypeTree strings, output files written
 * whole or not at all, layout JSON. The stages' own interfaces are their folders' headers
 * (emit/annotate/annotate.h, emit/body/ir_body.h, emit/ir/ir_lex.h, emit/ir/ir_define.h,
 * emit/rewrite/ir_rewrite.h). Not installed; the public interface is include/typetree.h. */
#ifndef TT_EMIT_H
#define TT_EMIT_H

#include "../layout/abi.h"

/* ---- TypeTree strings (emit/tree_string.c) ---- */
/* Appends Enzyme's canonical form: "{[-1]:Pointer, [-1,0]:Float@double}". */
void tree_to_string(const tt_tree *t, tt_buf *out);
/* The same in the arena; NULL for an empty tree. */
const char *tree_string(tt_ctx *c, const tt_tree *t);
const char *kind_name(tt_kind k);  /* "Integer", "Pointer", "Float@double", ... */

/* ---- output files (emit/atomic_file.c): whole or not at all ---- */
/* A temporary file beside path, or beside the file a link at path names (*tmp, heap);
 * path itself, *tmp NULL, when it exists and is not a regular file (/dev/null, a FIFO).
 * NULL with a diagnostic. */
FILE *atomic_open(tt_ctx *c, const char *path, char **tmp);
/* Closes f; keep: renames tmp over the file it was made beside, else removes it. Frees
 * tmp. With tmp NULL only closes f. */
bool atomic_close(tt_ctx *c, FILE *f, char *tmp, const char *path, bool keep);
bool atomic_write(tt_ctx *c, const char *path, const char *data, size_t len);

/* ---- layout JSON (emit/layout_json.c) ---- */
/* Appends `"key": {...}` describing t's layout. */
void layout_json(tt_ctx *c, tt_buf *out, const char *key, tt_type *t, const tt_layout *l);
/* Appends the entries of every user definition without generic parameters, separated
 * by ",\n "; returns how many were written (the others left diagnostics). */
unsigned layout_json_defs(tt_ctx *c, tt_buf *out);

#endif
