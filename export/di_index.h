/* The metadata of a textual LLVM module, indexed by number (export/di_index.c), for the
 * debuginfo exporter. Private to emit/di_*.c and export/export_*.c. */
#ifndef DI_INDEX_H
#define DI_INDEX_H

#include "../emit/emit.h"

/* One "!N = [distinct] !Kind(fields)" or "!N = [distinct] !{list}" line. */
typedef struct {
    const char *kind; /* "DICompositeType", ...; "" for a list; NULL: no such node */
    const char *body; /* the text between the parentheses or braces (arena) */
} di_node;

typedef struct {
    di_node *nodes;   /* indexed by N; heap, di_index_free() */
    uint32_t n;
    char **defines;   /* the module's define lines (heap, each heap) */
    uint32_t ndefines;
    long *declared;   /* the DILocalVariable of every #dbg_declare, in order (heap) */
    uint32_t ndeclared;
} di_index;

/* Reads the file's metadata lines, define lines and #dbg_declare variables. False (errno set) when it cannot be
 * read. Strings point into the arena. drop_unused: only the functions something live
 * refers to (emit/ir/ir_live.h), and the variables declared in them, as in the module
 * annotate --drop-unused writes. */
bool di_index_read(tt_arena *a, FILE *f, di_index *ix, bool drop_unused);
void di_index_free(di_index *ix);
const di_node *di_get(const di_index *ix, long id);

/* A field's raw text ("!12", "\"a\"", "64", "i64 -1"), NULL when absent (arena copy). */
const char *di_field(tt_arena *a, const di_node *n, const char *key);
/* A field's string value with LLVM's \XX escapes decoded; NULL when absent. */
const char *di_str(tt_arena *a, const di_node *n, const char *key);
/* A field "!N": N; -1 when absent or null. */
long di_ref(tt_arena *a, const di_node *n, const char *key);
/* A field's unsigned number; dflt when absent. */
uint64_t di_num(tt_arena *a, const di_node *n, const char *key, uint64_t dflt);
/* Whether the node's tag: is `tag` (e.g. "DW_TAG_member"). */
bool di_is_tag(tt_arena *a, const di_node *n, const char *tag);
/* The items of a list node "!{!1, null, !3}" as ids (-1 for null); arena array. */
uint32_t di_list(tt_arena *a, const di_index *ix, long id, long **items);

#endif
