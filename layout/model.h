/* The type model (layout/): type expressions, the definitions ingest reads from JSON (or
 * the exporter builds from debuginfo), interned resolved types, and the context that owns
 * them. Types, definitions and strings live in the context's arena and die with
 * ctx_free(). */
#ifndef TT_MODEL_H
#define TT_MODEL_H

#include "base.h"

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

#endif
