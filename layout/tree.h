/* TypeTrees (layout/typetree.c, typetree_fields.c, tree_store.c, offset_limit.c): the
 * trees of values in memory, in registers and behind pointers. A tt_tree's entries are
 * heap memory tree_free releases. */
#ifndef TT_TREE_H
#define TT_TREE_H

#include "layout.h"

/* ---- TypeTrees (layout/typetree.c) ----
 * A tree is a set of entries "index path -> kind", as Enzyme's TypeTree. The first
 * index is a byte offset inside the value (-1: every offset, i.e. the whole register);
 * each further index is a byte offset inside the memory the pointer at the previous
 * path points to (-1: every offset). Only what is certain is described: ZSTs, an
 * enum's or union's own padding, raw MaybeUninit buffers and bytes where enum variants
 * or union fields disagree get no entry; a struct's padding behind a pointer is
 * Anything (no value lives there). */
typedef enum { KIND_INTEGER, KIND_POINTER, KIND_HALF, KIND_FLOAT, KIND_DOUBLE, KIND_FP128,
               KIND_ANYTHING /* a struct's padding: no value lives there */ } tt_kind;
#define TT_PATH_MAX 16
typedef struct {
    int64_t path[TT_PATH_MAX];
    uint8_t len;             /* 1..TT_PATH_MAX */
    uint8_t kind;            /* tt_kind */
} tt_entry;
typedef struct {
    tt_entry *v;             /* heap array; tree_free() releases it */
    size_t n, cap;
} tt_tree;
typedef struct {
    int64_t max_offset;      /* Enzyme's -enzyme-max-type-offset (500): no entry beyond */
    unsigned max_depth;      /* Enzyme's -enzyme-max-type-depth (6): no longer path */
    size_t max_entries;      /* a tree that would be larger is rebuilt one level shallower,
                                until it fits (0: no limit) */
    size_t lean_above;       /* a tree that would be larger is rebuilt lean: in arrays and
                                buffers only the first element's pointers get a pointee
                                (0: never) */
} tt_tree_opts;
extern const tt_tree_opts tree_default_opts;
void tree_free(tt_tree *t);
/* The bytes a first-level entry of kind k covers: a float its width, a pointer the
 * target's pointer size, an integer or padding byte one. */
uint64_t tree_kind_width(const tt_ctx *c, tt_kind k);
void tree_push(tt_tree *t, const tt_entry *e); /* appends; aborts when out of memory */
/* Enzyme's order of entries (qsort/bsearch comparator over tt_entry). */
int tree_entry_cmp(const void *a, const void *b);
/* Sorts like Enzyme's printer (index lists compared numerically, -1 first, shorter
 * prefix first) and removes duplicates. Every builder below returns sorted trees. */
void tree_normalize(tt_tree *t);
bool tree_equal(const tt_tree *a, const tt_tree *b); /* both normalized */
/* The bytes of a value of type t laid out in memory: entries whose first index is the
 * byte offset inside the value. False + diagnostic when t has no layout. */
bool tree_of_memory(tt_ctx *c, tt_type *t, const tt_tree_opts *o, tt_tree *out, const tt_loc *where);
/* Whether t is a run of bytes (u8/i8, their size-1 wrappers, arrays and slices of them):
 * memory any data may be viewed as, untyped behind a pointer. */
bool tree_untyped_bytes(tt_ctx *c, tt_type *t);
/* The -enzyme-max-type-offset the types of c need (layout/offset_limit.c): the size of the
 * largest type reachable from the functions and locals that mixes a float with other data,
 * at least floor. */
uint64_t offset_limit_needed(tt_ctx *c, uint64_t floor);
/* Every byte of a (sized) t by its kind at the first level, offsets from 0: floats at
 * their first byte, a pointer one entry (nothing of its pointee), integers and padding
 * (Anything) one per byte, bytes no variant of an enum covers none. False when some
 * byte's kind is unknowable rather than absent: enum variants or union fields that
 * disagree, untyped bytes, a part without a layout. For the segment list of a whole copy
 * (emit/body/ir_body_segments.c). */
bool tree_of_bytes(tt_ctx *c, tt_type *t, tt_tree *out, const tt_loc *where);
/* The same with the bytes of a byte array field ([u8; N], [i8; N]) Integer: how a copy
 * moves them. A tree says nothing of such bytes (they may hold anything: the bytes rule,
 * docs/typetree-rules.md), but a copy's segment list must give every byte a kind, and
 * Enzyme's own rule would join them to the segment before them, a float's when one comes
 * first: its reverse pass would then add their bits as a float's adjoint. As integers they
 * move and carry no derivative. A type that is untyped bytes itself ([u8; N], c_void)
 * stays unknowable. For emit/body/ir_body_segments.c's byte kinds. */
bool tree_of_copied_bytes(tt_ctx *c, tt_type *t, tt_tree *out, const tt_loc *where);
/* The same for a value of enum t that holds variant v (a tag or niche: not a single
 * variant laid out as a struct): the tag's bytes Integer (a niche's in the variants it
 * encodes), v's fields at their offsets; bytes v does not cover none. False when v is
 * uninhabited or a byte's kind is unknowable. For the copies that dispatch on the variant
 * (emit/body/ir_body_loops.c). */
bool tree_of_variant_bytes(tt_ctx *c, tt_type *t, uint32_t v, tt_tree *out, const tt_loc *where);
/* "{[-1]:Pointer, [-1,...]: the bytes of t}": a pointer to a value of type t (Indirect
 * arguments, sret). */
bool tree_of_pointer_to(tt_ctx *c, tt_type *t, const tt_tree_opts *o, tt_tree *out,
                        const tt_loc *where);
/* The tree of one register holding the scalar that lies at [offset, offset+size) of a
 * value of type t (Direct and Pair halves): "[-1]:Kind" plus a pointer's pointee.
 * Empty when the bytes are not all known to be that scalar. */
bool tree_of_scalar_at(tt_ctx *c, tt_type *t, uint64_t offset, uint64_t size,
                       const tt_tree_opts *o, tt_tree *out, const tt_loc *where);
/* What `typetree tree` prints for a value of type t: scalars and (wide) pointers in
 * register form ([-1]...), other values by byte offset. */
bool tree_of_value(tt_ctx *c, tt_type *t, const tt_tree_opts *o, tt_tree *out, const tt_loc *where);

#endif
