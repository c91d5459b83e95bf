/* rustc's layouts (layout/layout.c, univariant.c, enum_layout.c, simd_layout.c,
 * scalar.c, layout_basics.c): the layout of a type, memoised in it, and what those files
 * share among themselves. Layouts live in the context's arena. */
#ifndef TT_LAYOUT_H
#define TT_LAYOUT_H

#include "model.h"

/* ---- layouts (layout/layout.c, layout/enum_layout.c, layout/scalar.c) ---- */
typedef enum { PRIM_INT, PRIM_FLOAT, PRIM_PTR } tt_primkind;
typedef struct {
    uint8_t kind;            /* tt_primkind */
    uint8_t size;            /* bytes */
    bool is_signed;
} tt_prim;
typedef struct { tt_u128 start, end; } tt_range; /* inclusive, may wrap */
typedef struct {
    tt_prim prim;
    tt_range valid;
    bool is_union;           /* may be uninitialised (no valid range) */
} tt_scalar;
typedef struct {
    uint64_t offset;
    tt_scalar scalar;
} tt_niche;
typedef enum { ABI_SCALAR, ABI_PAIR, ABI_MEMORY } tt_abikind;
typedef enum { TAG_NONE, TAG_DIRECT, TAG_NICHE } tt_tagenc;

typedef struct {
    uint64_t size, align;
    bool uninhabited;
    tt_abikind abi;
    tt_scalar a, b;
    uint64_t b_offset;
    uint32_t nfields;
    uint64_t *offsets;       /* declaration order */
    uint32_t *memory_order;  /* memory_order[k] = field at the k-th lowest offset */
    bool has_niche;
    tt_niche niche;
    uint64_t max_repr_align; /* 0 when no repr(align) inside */
    bool vector;             /* a newtype of a SIMD vector */
} tt_variant_layout;

struct tt_layout {
    uint64_t size;           /* for unsized types: the sized prefix */
    uint64_t align;
    bool sized;
    bool uninhabited;
    tt_abikind abi;
    tt_scalar a, b;          /* ABI_SCALAR: a; ABI_PAIR: a at 0, b at b_offset */
    uint64_t b_offset;
    bool has_niche;
    tt_niche niche;
    uint64_t max_repr_align;
    bool vector;             /* a SIMD vector (rustc's BackendRepr::SimdVector), or a newtype
                                of one: abi is ABI_MEMORY, but the Rust ABI passes it by
                                pointer at any size and the C ABI in a vector register */
    /* fields: structs, tuples, unions, closures */
    uint32_t nfields;
    uint64_t *offsets;
    uint32_t *memory_order;
    /* arrays, slices, str */
    bool is_array;
    uint64_t count, stride;
    /* enums */
    bool is_enum;
    uint32_t nvariants;
    tt_variant_layout *variants;
    tt_u128 *discriminants;  /* per variant, as rustc stores them (truncated to tag bits) */
    tt_tagenc tag_encoding;
    tt_scalar tag;
    uint64_t tag_offset;
    uint32_t untagged_variant;
    uint32_t niche_first, niche_last;
    tt_u128 niche_start;
    bool single_variant_index_valid;
    uint32_t single_variant; /* univariant enums laid out as a struct */
};

/* The layout of a type; NULL + diagnostic when rustc would reject it. Memoised. */
const tt_layout *layout_of(tt_ctx *c, tt_type *t, const tt_loc *where);
/* The same, for callers that only ask: NULL when t has no layout, and no diagnostic left. */
const tt_layout *layout_of_quiet(tt_ctx *c, tt_type *t);
uint64_t prim_align(const tt_ctx *c, tt_prim p);
tt_u128 range_available(tt_prim p, tt_range r); /* free values of a valid range */
tt_scalar scalar_full(tt_prim p);
bool scalar_niche_reserve(tt_prim p, tt_range r, tt_u128 count, bool nightly, tt_u128 *start,
                          tt_range *out);
tt_range range_smallest_containing(const tt_u128 *vals, size_t n, unsigned bits);
const char *abi_name(tt_abikind k);

/* ---- between layout.c, univariant.c and enum_layout.c ---- */
typedef enum { KIND_ALWAYS_SIZED, KIND_MAYBE_UNSIZED, KIND_PREFIXED } struct_kind;

/* rustc's univariant(): lays out fields (declaration order) as one struct/variant.
 * Returns false with a diagnostic on overflow or misplaced unsized fields. `sized`
 * receives whether the result is sized (an unsized tail makes it unsized). */
bool layout_univariant(tt_ctx *c, const tt_layout *const *fields, uint32_t n, const tt_repr *repr,
                       struct_kind kind, uint64_t prefix_size, uint64_t prefix_align,
                       tt_variant_layout *out, bool *sized, const tt_loc *where);

/* A #[repr(simd)] struct (simd_layout.c), its fields' layouts given. */
bool layout_simd(tt_ctx *c, tt_type *t, const tt_layout *const *fields, tt_layout *l);

/* Enums (enum_layout.c). */
bool layout_enum(tt_ctx *c, tt_type *t, tt_layout *l, const tt_loc *where);

tt_layout *layout_new(tt_ctx *c);
bool layout_is_zst(const tt_layout *l);
bool layout_is_1zst(const tt_layout *l);
uint64_t align_up(uint64_t x, uint64_t a);
bool size_ok(const tt_ctx *c, uint64_t size);
void layout_scalar_pair(const tt_ctx *c, tt_scalar a, tt_scalar b, uint64_t *b_offset,
                        uint64_t *size, uint64_t *align);
bool niche_of_scalar(tt_scalar s, uint64_t offset, tt_niche *out);
/* How many invalid values a niche offers (0 without one). */
tt_u128 niche_avail(bool has, const tt_niche *n);
void report_too_big(tt_ctx *c, const tt_loc *where, const char *type_name);

#endif
