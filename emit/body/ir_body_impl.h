/* Private to emit/ir_body*.c, the parts of the body typer (the overview: emit/body/ir_body.c):
 * its state and the functions one part defines for another. Everyone else uses
 * emit/body/ir_body.h. Each function's contract is in the comment at its definition. */
#ifndef IR_BODY_IMPL_H
#define IR_BODY_IMPL_H

#include "../emit.h"
#include "ir_body.h"
#include "../ir/ir_lex.h"

typedef struct {
    size_t start, end;
} span;

#define ATTR "\"enzyme_type\"=\""
#define MD_KIND "!enzyme_type"
#define MD_SEGMENTS "!enzyme_truetype" /* a copy's segment list (ir_body_segments.c) */
#define MD_RUNS "!" RUNS_NAME

/* A metadata line we wrote earlier ends with this comment: re-annotation drops it. */
#define OUR_MD_MARK "; typetree"

typedef struct {
    tt_type *t;       /* the Rust type of the place's memory */
    uint64_t off;     /* byte offset into it */
    bool elems;       /* t is the element of a run of unknown length (pointer parameters) */
    const char *what; /* for explain: where the type comes from */
} place;

/* A metadata annotation worked out once per type (allocas, loads): most recur thousands of
 * times in a crate. id 0: nothing to say. */
typedef struct {
    unsigned long id;
    const char *tree; /* for explain */
} md_memo;

/* Per byte of a type: its class (BYTE_FLOAT + tt_kind: one per float type), and its kind
 * (tt_kind; for a segment list, the kind that names a segment starting there). */
enum { BYTE_NONE, BYTE_PAD, BYTE_DATA, BYTE_FLOAT };
typedef struct {
    uint64_t size; /* 0: some byte's kind is not certain */
    uint8_t *cls;
    uint8_t *kind;
} body_bytes;

/* The Rust types whose runs getelementptrs over one LLVM named type index (ir_body_scan.c;
 * more than BODY_ELEM_TYPES: many, and the name says nothing). */
#define BODY_ELEM_TYPES 4
typedef struct body_elem_type {
    tt_type *t[BODY_ELEM_TYPES];
    size_t n;
    bool many;
} body_elem_type;

/* The functions copies of run-time length become (ir_body_loops.c) start with this. */
#define LOOP_PREFIX "__typetree_copy."
/* The values of the loads and stores a copy of a few bytes becomes start with this. */
#define SMALL_PREFIX "tt.copy"

struct body_typer {
    tt_ctx *c;
    annotator *a;
    tt_tree_opts o;
    tt_map *var_names;   /* metadata number -> the DILocalVariable's name, in this module */
    unsigned long next_md;
    tt_map *md_ids;      /* tree string -> metadata number of its root node */
    tt_map *md_nodes;    /* node text "!{...}" -> its number: each distinct node written once */
    tt_map *memo;        /* "a|T" (a pointer to a T), "l|T|off|size" (load) -> md_memo */
    tt_buf md;           /* the metadata lines to append */
    tt_map *mem_trees;   /* type name -> tt_tree* (memory tree, memoised) */
    tt_map *byte_kinds;  /* type name -> its bytes' kinds for segment lists (memoised) */
    tt_map *by_variant;  /* type name -> "y"/"n": copied by variant (ir_body_loops.c) */
    tt_map *places;      /* per function: "%name" -> place* */
    tt_map *pairs;       /* per function: "%name" -> tt_type* (returned {A, B}) */
    tt_map *derived;     /* per function: "%name" of pointers computed from places */
    tt_map *types;       /* the module's named types: "%name" -> its definition */
    tt_map *declared;    /* "<define index>:%name" -> "N[,N...]": the variables declared there */
    tt_map *alloca_size; /* "<define index>:%name" -> "N" of its `alloca [N x i8]` */
    tt_map *copies;      /* "<define index>:%name" -> "%a=L,%b=L...": memcpys with it (length L) */
    tt_map *small_src;   /* "<define index>:%tt.copyL.N" -> the source of that small copy */
    tt_map *sret_dest;   /* "<define index>:%name" of a call's sret -> the callee ("": unknown) */
    tt_map *elem_types;  /* an LLVM named type's name (without % and quotes) -> the Rust
                          * types of the runs its getelementptrs index (body_elem_type;
                          * body_scan_gep; written by body_finish) */
    tt_map *slot_stores; /* "<define index>:%name" of an `alloca [8 x i8]` -> "%a,%b,...": the
                          * pointers stored into it ("?": something else) */
    bool copy_loops;     /* annotate --typed-copy-loops (ir_body_loops.c) */
    bool small_copies;   /* annotate --typed-small-copies (ir_body_loops.c) */
    unsigned long next_small; /* the number in the names of the next small copy's values */
    tt_map *loops;       /* a loop function's shape -> its loop_fn */
    tt_map *loops_present; /* names of loop functions in the module or to be written */
    bool module_has_write, module_has_abort; /* declared or defined (ir_body_variant.c) */
    const struct loop_fn **loop_order; /* those to write at the end, in order */
    size_t nloop_order, loop_cap;
    unsigned note_fn;    /* first pass: defines seen */
    unsigned body_fn;    /* second pass: bodies begun */
    const char *fn;
    body_report report;
    void *report_arg;
    body_stats stats;
};

/* the first pass (ir_body_notes.c) */
const char *body_tmp_ids(body_typer *b, const char *y);

/* line scanning and places (ir_body_scan.c) */
unsigned long body_declare_of(body_typer *b, const char *s, size_t n, const char **name);
const char *body_digits(uint64_t v, char buf[24]);
const char *body_memo_key(body_typer *b, char tag, const char *name, bool nums, uint64_t x,
                          uint64_t y);
const char *body_fn_key(body_typer *b, unsigned fn, const char *name);
bool body_contains(const char *s, size_t n, const char *lit);
const char *body_defined_value(body_typer *b, const char *s, size_t n, lex_cur *op);
uint32_t body_split_args(const char *s, size_t open, size_t n, span *out, uint32_t max,
                         size_t *close);
const char *body_arg_value(body_typer *b, const char *s, span a, size_t *at);
const place *body_place_of(body_typer *b, const char *name);
void body_add_place(body_typer *b, const char *name, tt_type *t, uint64_t off, bool elems,
                    const char *what);
tt_type *body_local_type(body_typer *b, const char *key, const char **vname);
void body_scan_declare(body_typer *b, const char *s, size_t n);
void body_scan_gep(body_typer *b, const char *y, const char *s, size_t n, lex_cur c);
const char *body_call_callee(body_typer *b, const char *s, size_t n, size_t *open);
const char *body_call_sret_arg(body_typer *b, const char *s, size_t open, size_t n);
void body_scan_call(body_typer *b, const char *y, const char *s, size_t n);

/* trees of places (ir_body_trees.c) */
uint64_t body_size_of(body_typer *b, tt_type *t);
/* Whether bytes [off, off+len) of a t are exactly one of its parts: t itself, a field, an
 * element, recursively, or a whole number of consecutive elements of an array. */
bool body_exact_part(body_typer *b, tt_type *t, uint64_t off, uint64_t len);
/* The type of the one value that bytes [off, off+len) of a t are exactly (t itself, a
 * field, an element, recursively; the outermost of several); NULL when they are none. */
tt_type *body_part_at(body_typer *b, tt_type *t, uint64_t off, uint64_t len);
bool body_copy_tree(body_typer *b, const place *p, bool len_known, uint64_t len, tt_tree *out);
tt_type *body_pointee_at(body_typer *b, tt_type *t, uint64_t off, unsigned depth);
void body_tree_keep_common(tt_tree *t, const tt_tree *u);

/* segment lists of long copies (ir_body_segments.c) */
const body_bytes *body_byte_kinds(body_typer *b, tt_type *t);
/* m from the first-level tree t of a value of size bytes (tree_of_bytes' form); m->size
 * stays 0 when t is NULL or two entries claim a byte differently. */
void body_bytes_from_tree(body_typer *b, const tt_tree *t, uint64_t size, body_bytes *m);
const char *body_copy_segments(body_typer *b, const place *p, uint64_t len);
const char *body_type_runs(body_typer *b, tt_type *t);

/* metadata (ir_body_md.c) */
unsigned long body_md_intern(body_typer *b, const char *content);
void body_put_md_id(const char *s, size_t n, const char *kind, unsigned long id, tt_buf *out);
void body_put_with_md(body_typer *b, const char *s, size_t n, const tt_tree *t, tt_buf *out);
const md_memo *body_memo_put(body_typer *b, const char *key, const tt_tree *t);

/* the rewrites (ir_body_rewrite.c): true when the line went, annotated, to out */
bool body_rewrite_mem(body_typer *b, const char *s, size_t n, tt_buf *out);
bool body_rewrite_extract(body_typer *b, const char *s, size_t n, lex_cur c, tt_buf *out);
bool body_rewrite_alloca(body_typer *b, const char *y, const char *s, size_t n, lex_cur c,
                         tt_buf *out);
bool body_rewrite_load(body_typer *b, const char *y, const char *s, size_t n, lex_cur c,
                       tt_buf *out);
bool body_rewrite_indirect_fp(body_typer *b, const char *s, size_t n, tt_buf *out);
bool body_rewrite_sat_cast(body_typer *b, const char *s, size_t n, tt_buf *out);
/* a pointer stored into a typed place takes the place it points to (ir_body_rewrite.c) */
void body_scan_store(body_typer *b, const char *s, size_t n);

/* the Rust type of the elements a memmove moves when they are of an enum whose variants
 * disagree on a byte's kind, a float among them: what the mid rewrite's enum-move check
 * refuses (ir_body_loops.c) */
const char *body_disputed_move(body_typer *b, const place *const pl[2], uint64_t len);
/* copies of run-time length (len 0), and memmoves of a constant length len, as loops
 * (ir_body_loops.c) */
bool body_loop_copy(body_typer *b, const char *s, size_t n, const span *args, uint32_t na,
                    size_t open, size_t close, bool move, const place *const pl[2],
                    const char *const vn[2], uint64_t len, bool by_variant, tt_buf *out);
/* The type of the values a copy of the constant length len moves when they are of an enum
 * whose variants disagree on a byte's kind (or of a struct holding one): such a copy goes
 * by variant; NULL otherwise. Every such copy
 * does: the function by variant is opaque to Enzyme, which differentiates it by its rule
 * (ir_body_variant.c). Before the rule, a copy whose tree said Integer past the tag stayed
 * a memcpy: the function moved integers untyped, and Enzyme took an `x as u64` stored
 * there for a pointer (gradient case result_early_exit at -O0 aborted Enzyme). */
tt_type *body_variant_constant(body_typer *b, const place *const pl[2], uint64_t len);
/* A call of std's swap_nonoverlapping_bytes over two runs of one type holding a float
 * becomes a call of the typed swap of that type (ir_body_loops.c). */
bool body_swap_call(body_typer *b, const char *s, size_t n, tt_buf *out);
bool body_small_copy(body_typer *b, const char *s, size_t n, const span *args, size_t close,
                     const place *p, uint64_t len, const size_t at[2], tt_buf *out);
void body_loops_note(body_typer *b, const char *s, size_t n);
void body_loops_finish(body_typer *b, FILE *out);

#endif
