/* The interface between the layout modules (layout/): the arena, diagnostics, the type
 * model, layouts, TypeTrees and the Rust ABI lowering. Not installed; the public
 * interface is include/typetree.h. Units are bytes unless a name says otherwise.
 * Ownership: types, definitions, layouts and strings live in the context's arena and die
 * with ctx_free(); a tt_tree's entries, a tt_lowered_fn's arrays and a tt_buf's data are
 * heap memory their owner releases (tree_free, abi_lowered_free, free). */
#ifndef TT_LAYOUT_H
#define TT_LAYOUT_H

#include <stdarg.h>
#include <stdio.h>

#include "typetree.h"

__extension__ typedef unsigned __int128 tt_u128;
__extension__ typedef __int128 tt_i128;

/* ---- arena, strings (layout/arena.c) ---- */
typedef struct tt_arena tt_arena;
tt_arena *arena_new(void);
void arena_free(tt_arena *a);
void *arena_alloc(tt_arena *a, size_t size); /* zeroed, 16-aligned */
char *arena_strdup(tt_arena *a, const char *s);
char *arena_strndup(tt_arena *a, const char *s, size_t n);
char *arena_printf(tt_arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A growable string; the caller frees .data with free(). */
typedef struct { char *data; size_t len, cap; } tt_buf;
void buf_put(tt_buf *b, const char *s);
void buf_putn(tt_buf *b, const char *s, size_t n);
void buf_printf(tt_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_u128(tt_buf *b, tt_u128 v); /* decimal */
void buf_json_str(tt_buf *b, const char *s); /* a JSON string literal, quoted and escaped */

/* String -> pointer map, keys copied into the arena (layout/arena.c). */
typedef struct tt_map tt_map;
tt_map *map_new(tt_arena *a);
void *map_get(const tt_map *m, const char *key);
void map_put(tt_map *m, const char *key, void *value); /* replaces */
size_t map_count(const tt_map *m);
/* Calls fn on every entry, in slot order; fn must not add to m. */
void map_each(const tt_map *m, void (*fn)(void *arg, const char *key, void *value), void *arg);

/* ---- diagnostics (layout/diag.c) ----
 * Every diagnostic names its source explicitly: the file and the place inside it (a JSON
 * path "$.types[\"S\"].fields[0]", "line 12", "function f"). Locations are built where
 * the place is known (ingest, the IR readers) and travel with what they locate. */
typedef struct tt_loc {
    const char *file;  /* may be NULL: the command line, the library itself */
    const char *path;  /* may be NULL */
} tt_loc;
struct tt_diag {
    tt_severity severity;
    const char *file;  /* may be NULL */
    const char *where; /* the path inside the file; may be NULL */
    const char *msg;
    struct tt_diag *next;
};
/* A location in the arena: file and a printf-formatted path (fmt NULL: no path). */
const tt_loc *loc_new(tt_arena *a, const char *file, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
const tt_loc *loc_vnew(tt_arena *a, const char *file, const char *fmt, va_list ap);
/* The same file, parent's path followed by the formatted suffix (".x", "[3]"). */
const tt_loc *loc_sub(tt_arena *a, const tt_loc *parent, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- target (layout/target.c): primitive sizes and alignments as data ---- */
typedef struct {
    const char *triple;
    unsigned ptr_size, ptr_align;
    unsigned int_align[5];   /* i8 i16 i32 i64 i128 */
    unsigned float_align[4]; /* f16 f32 f64 f128 */
    unsigned c_enum_min_size;
    uint64_t obj_size_bound; /* sizes must stay below this */
} tt_target;
const tt_target *target_find(const char *triple); /* NULL when unsupported */
const char *target_list(void);                    /* comma separated, for messages */

/* ---- type expressions (layout/tyexpr.c) ---- */
typedef enum { TX_PATH, TX_REF, TX_PTR, TX_ARRAY, TX_SLICE, TX_TUPLE, TX_FN, TX_DYN, TX_NEVER } tt_txkind;
typedef struct tt_tyexpr {
    tt_txkind kind;
    bool is_mut;              /* &mut, *mut */
    const char *path;         /* TX_PATH name ("alloc::vec::Vec"), TX_DYN trait text */
    uint32_t nargs;           /* generic args, tuple items, fn params */
    struct tt_tyexpr **args;
    struct tt_tyexpr *elem;   /* pointee, array/slice element, fn return (NULL = ()) */
    uint64_t len;             /* array length */
    uint32_t col;             /* 1-based column in the source string */
} tt_tyexpr;
/* Parses a Rust type expression. On error returns NULL and sets *err (arena string). */
tt_tyexpr *tyexpr_parse(tt_arena *a, const char *src, const char **err);
/* Parses a type-definition key "Name<T: ?Sized, A = X>" into name and params. */
typedef struct { const char *name; bool maybe_unsized; tt_tyexpr *dflt; } tt_generic;
bool tyexpr_parse_key(tt_arena *a, const char *src, const char **name, tt_generic **params,
                      uint32_t *nparams, const char **err);

/* ---- definitions (layout/ingest.c reads them from JSON) ---- */
typedef enum { DEF_STRUCT, DEF_ENUM, DEF_UNION } tt_defkind;
typedef struct {
    const char *name;       /* "x", or "0", "1" for positional fields */
    const char *ty_src;     /* the expression as written */
    tt_tyexpr *ty;
    tt_tyexpr *points_to;   /* optional */
    const tt_loc *where;      /* JSON path of the field, for messages */
} tt_field_def;
typedef struct {
    const char *name;
    uint32_t nfields;
    tt_field_def *fields;
    bool has_discr;
    tt_u128 discr;          /* the literal's value modulo 2^128 */
    bool discr_negative;    /* the literal had a minus sign */
    const tt_loc *where;
} tt_variant_def;
typedef struct {
    bool c, transparent, no_niche;
    bool simd;              /* #[repr(simd)]: a vector of one primitive */
    uint64_t pack;          /* 0: none */
    uint64_t align;         /* 0: none */
    int int_kind;           /* -1: none; else TT_INT_* below */
} tt_repr;
enum { TT_INT_I8, TT_INT_I16, TT_INT_I32, TT_INT_I64, TT_INT_I128, TT_INT_ISIZE,
       TT_INT_U8, TT_INT_U16, TT_INT_U32, TT_INT_U64, TT_INT_U128, TT_INT_USIZE };
/* An integer repr's type name ("u8") and back (layout/types.c): -1 / NULL when none. */
int types_int_kind(const char *name);
const char *types_int_name(int kind);
typedef struct {
    bool present;
    uint64_t size, align;
    uint32_t nfields;
    const char **field_names;
    uint64_t *field_offsets;
    uint32_t nvariants;
    const char **variant_names;
    uint32_t *variant_nfields;
    const char ***variant_field_names;
    uint64_t **variant_field_offsets;
    const tt_loc *where;
} tt_layout_block;
typedef struct tt_def {
    const char *name;       /* path without generics */
    tt_defkind kind;
    uint32_t ngenerics;
    tt_generic *generics;
    tt_repr repr;
    uint32_t nfields;       /* struct, union */
    tt_field_def *fields;
    uint32_t nvariants;     /* enum */
    tt_variant_def *variants;
    bool has_vr_start, has_vr_end;
    bool maybe_unsized_tail; /* "maybe_unsized_tail": the last field's declared type may be
                                unsized (T: ?Sized), so rustc keeps it last */
    tt_u128 vr_start, vr_end;
    tt_layout_block layout;
    bool from_prelude;
    const tt_loc *where;      /* JSON path of the definition */
} tt_def;

typedef struct {
    const char *name;       /* may be NULL */
    const char *ty_src;
    tt_tyexpr *ty;
    const tt_loc *where;
} tt_arg_def;
typedef struct {
    const char *symbol, *path;
    uint32_t nargs;
    tt_arg_def *args;
    const char *ret_src;    /* "()" when absent */
    tt_tyexpr *ret;
    bool track_caller;
    bool abi_c;
    const tt_loc *where;
} tt_fn_def;

/* A debuginfo variable of one textual module ("locals": typetree export writes them):
 * the place a #dbg_declare of it declares has this Rust type. */
typedef struct {
    uint64_t id;            /* metadata number of its DILocalVariable */
    const char *name;
    const char *ty_src;
    tt_tyexpr *ty;
    const tt_loc *where;
} tt_local_def;

/* ---- types (layout/types.c): interned, resolved type model ---- */
typedef enum {
    TY_BOOL, TY_CHAR, TY_INT, TY_FLOAT, TY_STR, TY_NEVER, TY_TUPLE, TY_ARRAY, TY_SLICE,
    TY_REF, TY_PTR, TY_FNPTR, TY_DYN, TY_ADT, TY_PARAM
} tt_tykind;
typedef struct tt_layout tt_layout;
typedef struct tt_type {
    tt_tykind kind;
    uint8_t size;            /* TY_INT, TY_FLOAT: bytes */
    bool is_signed;          /* TY_INT */
    bool is_mut;             /* TY_REF, TY_PTR */
    bool maybe_unsized;      /* TY_PARAM declared ?Sized */
    struct tt_type *elem;    /* pointee / element / fn return */
    uint64_t len;            /* TY_ARRAY */
    uint32_t n;              /* tuple items, fn params, ADT args */
    struct tt_type **items;
    const tt_def *def;       /* TY_ADT */
    const char *name;        /* canonical Rust spelling, also the intern key */
    struct tt_type ***field_types; /* memo (types.c): per variant, per field */
    tt_layout *layout;       /* memo (layout/layout.c) */
    int layout_state;        /* 0 none, 1 in progress, 2 done, 3 failed */
} tt_type;

/* ---- context (layout/ctx.c) ---- */
typedef struct tt_ctx {
    tt_arena *arena;
    const tt_target *target;
    tt_map *defs;            /* full name -> tt_def* (user definitions and prelude) */
    tt_map *short_names;     /* last path segment -> tt_def*, or AMBIGUOUS marker */
    tt_map *types;           /* canonical name -> tt_type* */
    const tt_def **user_defs;/* user definitions in file order */
    uint32_t nuser_defs, cap_user_defs;
    tt_fn_def *fns;
    uint32_t nfns;
    tt_map *locals;          /* metadata number (decimal) -> tt_local_def* */
    tt_diag *diags, *diags_tail;
    unsigned nerrors, nwarnings;
    unsigned max_depth;      /* recursion guard for type resolution and layouts */
    unsigned layout_depth;   /* current nesting of layout_of */
    bool nightly;            /* model rustc 1.97-nightly instead of stable 1.95 */
    tt_map *tree_memo;       /* trees built without a diagnostic (layout/typetree.c, build) */
} tt_ctx;

tt_ctx *ctx_new(void);       /* an empty context: no definitions, not even the prelude */
void ctx_free(tt_ctx *c);
bool ctx_set_target(tt_ctx *c, const char *triple);
/* Drops diagnostics added after `tail` (a candidate computation that was abandoned). */
void diag_truncate(tt_ctx *c, tt_diag *tail, unsigned nerrors);
void diag_add(tt_ctx *c, tt_severity sev, const tt_loc *where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Reads a rust-types/1 document (layout/ingest.c). `file` names it in messages, also
 * in later diagnostics about its definitions. `text` must have a NUL at text[len].
 * Returns false (with diagnostics) on any error; definitions read so far stay. */
bool ingest_json_file(tt_ctx *c, const char *path);
bool ingest_json_text(tt_ctx *c, const char *file, const char *text, size_t len, bool prelude);
/* Reads the std prelude compiled into the library (schema/prelude.json). */
bool ingest_prelude(tt_ctx *c);

/* Looks a type name up: exact, then unique last segment, then std/core/alloc aliases. */
/* Registers a definition for lookup by full and by short name (ingest calls it). */
void types_add_def(tt_ctx *c, const tt_def *d, bool prelude);
const tt_def *types_find_def(tt_ctx *c, const char *name, const char **err);
/* Resolves an expression with no generic environment. NULL + diagnostic on error. */
tt_type *types_resolve(tt_ctx *c, const tt_tyexpr *e, const tt_loc *where);
/* Resolves a type expression string (parse + resolve). */
tt_type *types_resolve_str(tt_ctx *c, const char *src, const tt_loc *where);
/* The type a named definition denotes with no arguments (generics must all have defaults). */
tt_type *types_of_def(tt_ctx *c, const tt_def *d, const tt_loc *where);
/* Field types of an ADT instance, substituted. Variant v for enums (0 otherwise). */
tt_type *types_field(tt_ctx *c, const tt_type *adt, uint32_t variant, uint32_t field);
bool types_is_sized(tt_ctx *c, const tt_type *t);
/* What a thin pointer type points to: &T, *const T, and single-field wrappers of them
 * (Box<T>, NonNull<T>, Unique<T>); a wide pointer's pointee too ([T], str). NULL when t
 * is no pointer. */
tt_type *types_pointee(tt_ctx *c, tt_type *t);
/* Pointer metadata kind of a pointee: 0 thin, 1 length (slice/str), 2 vtable (dyn). */
int types_ptr_metadata(tt_ctx *c, const tt_type *pointee);
bool types_validate_defs(tt_ctx *c); /* resolves every field of every user definition */
/* Whether a struct's last field, as declared (generic), may be unsized. */
bool types_decl_maybe_unsized_tail(tt_ctx *c, const tt_def *d);
/* The "points_to" type of an ADT instance's field, substituted; NULL when absent. */
tt_type *types_field_points_to(tt_ctx *c, const tt_type *adt, uint32_t variant, uint32_t field);
/* A field's declared type, generic parameters left as TY_PARAM. */
tt_type *types_decl_field(tt_ctx *c, const tt_def *d, uint32_t field);

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

/* ---- Rust ABI lowering (layout/abi.c): Rust signature -> LLVM parameters ---- */
typedef enum { PASS_IGNORE, PASS_DIRECT, PASS_PAIR, PASS_CAST, PASS_INDIRECT } tt_passmode;
typedef struct {
    int rust_arg;            /* index into the function's args; -1 sret, -2 track_caller */
    int piece;               /* Pair: 0 or 1; otherwise 0 */
    tt_passmode mode;        /* of the Rust argument this parameter comes from */
    char llvm_type[48];      /* "ptr", "i64", "i1", "double", "{ double, i64 }" (C) */
    tt_tree tree;            /* may be empty: nothing described */
    const char *why_empty;   /* when tree is empty: the reason, for explain output */
} tt_llvm_param;
typedef struct {
    const tt_fn_def *fn;
    tt_passmode ret_mode;    /* PASS_INDIRECT means sret: params[0] is the sret pointer */
    char ret_llvm_type[48];  /* "void", "double", "{ double, i8 }", "i24" */
    tt_tree ret_tree;        /* return attribute (Pair: byte offsets in the struct) */
    const char *ret_why_empty;
    tt_tree ret_shared_tree; /* Pair: the register tree ([-1]...) both halves have, when
                                they have the same one; it stays true when LLVM's
                                interprocedural passes drop one half of the return */
    tt_passmode *arg_modes;  /* per Rust argument */
    uint32_t nparams;
    tt_llvm_param *params;
} tt_lowered_fn;
/* Lowers a function of the "functions" list, by the Rust ABI or, for "abi": "C", the
 * x86_64 System V C ABI. False + diagnostic when a type has no layout or its passing is
 * not modelled. */
bool abi_lower_fn(tt_ctx *c, const tt_fn_def *f, const tt_tree_opts *o, tt_lowered_fn *out);
void abi_lowered_free(tt_lowered_fn *l);
const char *passmode_name(tt_passmode m);
const tt_fn_def *fn_find(const tt_ctx *c, const char *symbol_or_path);
/* Between abi.c and abi_c.c (layout/abi_param.c): the LLVM type of a scalar ("i1" for
 * bool), the next LLVM parameter, and the tree of an integer register holding bytes [offset, offset + size) of
 * a value of type t ({[-1]:Integer} when all are integers, else empty with *why). */
void abi_llvm_scalar_type(tt_scalar s, char *out, size_t n);
tt_llvm_param *abi_new_param(tt_lowered_fn *out, int rust_arg, int piece, tt_passmode mode);
void abi_int_reg_tree(tt_ctx *c, tt_type *t, uint64_t offset, uint64_t size,
                      const tt_tree_opts *o, tt_tree *out, const char **why, const tt_loc *where);
/* extern "C" (abi_c.c): fills out (arrays allocated by abi_lower_fn) from the resolved
 * return and argument types and their layouts. */
void abi_lower_c(tt_ctx *c, const tt_fn_def *f, const tt_tree_opts *o, tt_type *rt,
                 const tt_layout *rl, tt_type **at, const tt_layout **al, tt_lowered_fn *out);

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
