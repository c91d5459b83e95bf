/* typetree: Rust type descriptions -> rustc-exact layouts -> Enzyme TypeTrees, and LLVM IR
 * annotated with them. The library's public interface; link with libtypetree.a
 * (`pkg-config --cflags --libs typetree`).
 *
 * Ownership, the one rule: everything a tt_ function returns (strings, diagnostics,
 * arrays) belongs to the tt_ctx it was given and lives until tt_ctx_free(); the caller
 * frees nothing else. Nothing here prints or exits: failures return false or NULL and
 * leave diagnostics in the context, each naming its file and place (JSON path, line,
 * function). Units are bytes.
 *
 * Out of memory is the one exception, and not a failure these functions return: the
 * library writes "typetree: out of memory" to stderr and calls abort() (LLVM, which
 * annotating bitcode uses, ends the same way with its own message). No function returns
 * NULL for want of memory. */
#ifndef TYPETREE_H
#define TYPETREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TYPETREE_VERSION "0.1.0"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tt_ctx tt_ctx;
typedef struct tt_diag tt_diag;

/* ---- context ---- */
/* A context with the std prelude loaded (Vec, Box, Option, ...); never NULL. Target
 * x86_64-unknown-linux-gnu, layouts of stable rustc. */
tt_ctx *tt_ctx_new(void);
void tt_ctx_free(tt_ctx *c);
/* False when the triple is not supported (tt_targets() lists those that are). */
bool tt_ctx_set_target(tt_ctx *c, const char *triple);
/* Follow rustc 1.97-nightly's layout rules instead of stable 1.95's (niche values). */
void tt_ctx_set_nightly(tt_ctx *c, bool nightly);
const char *tt_targets(void); /* comma separated */
const char *tt_version(void);

/* ---- type descriptions (rust-types/1 JSON, schema/rust-types.schema.json) ---- */
/* Reads a document ("-": standard input) and checks every definition it adds. False
 * with diagnostics on any error; definitions read before the error stay. */
bool tt_load_file(tt_ctx *c, const char *path);
/* The same from memory; `name` names the document in diagnostics. */
bool tt_load_text(tt_ctx *c, const char *name, const char *text, size_t len);

/* ---- diagnostics, in the order they were made ---- */
typedef enum { TT_ERROR, TT_WARNING } tt_severity;
const tt_diag *tt_diag_first(const tt_ctx *c);
const tt_diag *tt_diag_next(const tt_diag *d);
tt_severity tt_diag_severity(const tt_diag *d);
const char *tt_diag_file(const tt_diag *d);    /* NULL: not about a file */
const char *tt_diag_where(const tt_diag *d);   /* JSON path, "line 12", ...; may be NULL */
const char *tt_diag_message(const tt_diag *d);
unsigned tt_error_count(const tt_ctx *c);
unsigned tt_warning_count(const tt_ctx *c);

/* ---- layouts and trees of Rust types, written as in Rust ("&[f64]", "geo::Point") ---- */
typedef struct {
    uint64_t size;     /* for unsized types: the sized prefix */
    uint64_t align;
    bool sized;
    const char *abi;   /* rustc's BackendRepr: "scalar", "scalar_pair", "vector", "memory" */
} tt_layout_info;
bool tt_layout_of(tt_ctx *c, const char *type, tt_layout_info *out);
/* The layout as `typetree layout` prints it: a JSON object with offsets, niches, tags. */
const char *tt_layout_json(tt_ctx *c, const char *type);

/* Enzyme's limits; tt_tree_of(), tt_signature_of() and tt_annotate() take NULL for the defaults. */
typedef struct {
    int64_t max_offset;  /* -enzyme-max-type-offset (default 500): no entry beyond */
    unsigned max_depth;  /* -enzyme-max-type-depth (default 6): no longer index path */
    size_t max_entries;  /* a larger tree is rebuilt one level shallower (default 4096;
                            0: no limit) */
    size_t lean_above;   /* a larger tree is rebuilt lean: in arrays and buffers only the
                            first element's pointers say what they point to (default 512;
                            0: never) */
} tt_tree_limits;
extern const tt_tree_limits tt_default_limits;
/* Enzyme's string for a value of the type, "{[-1]:Pointer, [-1,-1]:Float@double}" for
 * &[f64]: scalars and pointers as a register, other values by byte offset. */
const char *tt_tree_of(tt_ctx *c, const char *type, const tt_tree_limits *limits);

/* ---- functions of the "functions" list, lowered by the Rust ABI to LLVM parameters ---- */
typedef struct {
    unsigned nparams;
    const char *const *param_types; /* LLVM types: "ptr", "i64", "double" */
    const char *const *param_trees; /* Enzyme strings; NULL: nothing known */
    const char *ret_type;           /* "void", "double", "{ double, i8 }" */
    const char *ret_tree;           /* NULL: nothing known */
} tt_signature;
/* By symbol or by Rust path. False with a diagnostic when there is no such entry or its
 * types have no layout. */
bool tt_signature_of(tt_ctx *c, const char *fn, const tt_tree_limits *limits,
                     tt_signature *out);

/* ---- annotating LLVM IR ---- */
typedef enum { TT_EMIT_AUTO, TT_EMIT_TEXT, TT_EMIT_BITCODE } tt_emit;
typedef struct {
    const char *in_path;      /* .ll or .bc (told by its magic); "-": standard input */
    const char *out_path;     /* "-": standard output; a file appears whole or not at all */
    tt_emit emit;             /* AUTO: bitcode when out_path ends in .bc, or, when
                                 rewriting in_path in place, as the input */
    const tt_tree_limits *limits;
    bool strip;               /* remove typetree's attributes instead */
    bool no_body;             /* signatures only: no trees inside function bodies */
    bool pair_offsets;        /* byte-offset trees on returned pairs (-O0 IR only) */
    bool verify;              /* text to text: also run LLVM's verifier on the result */
    bool strict;              /* a signature mismatch is an error, not a skip */
    bool warnings_as_errors;
} tt_annotate_opts;
typedef struct {
    unsigned functions;       /* defined in the IR */
    unsigned annotated, params_annotated;
    unsigned not_described;   /* no entry of their own in the types file */
    unsigned mismatched;      /* LLVM signature differs from the Rust ABI's: left alone */
    unsigned failed;          /* their types have no layout: left alone */
    unsigned withheld;        /* described, left without trees by a rule (std's debug
                                 precondition checks, which Enzyme cannot take typed) */
} tt_annotate_stats;
/* Puts "enzyme_type" attributes on every function the loaded descriptions cover. The
 * output is written only when the run succeeds. stats may be NULL. */
bool tt_annotate(tt_ctx *c, const tt_annotate_opts *o, tt_annotate_stats *stats);

/* ---- exporting descriptions from rustc's debuginfo ---- */
/* A rust-types/1 document for textual IR compiled with -C debuginfo=2 ("-": standard
 * input): every defined function with a debuginfo signature and the types it uses. What
 * cannot be exported is left out with a warning. NULL on error. */
const char *tt_export(tt_ctx *c, const char *ll_path);

#ifdef __cplusplus
}
#endif
#endif
