/* The annotate stage (emit/annotate/): the annotator's decisions, which no LLVM type
 * reaches (annotate.c; both IR backends and the body pass use them), and the driver that
 * runs a backend over a module (ir_annotate.c; the backends' own interface is ir_run.h).
 * Decisions and the strings in them live in the context's arena. */
#ifndef TT_ANNOTATE_H
#define TT_ANNOTATE_H

#include "../emit.h"
#include "../ir/ir_input.h"

/* ---- IR annotation decisions (annotate.c; no LLVM types, both IR backends use it) ----
 * A backend lists each function it finds with its LLVM signature as text; the annotator
 * matches it to the "functions" list (by symbol, else by demangled Rust path with the hash
 * dropped), lowers the Rust signature, checks it against the LLVM one, and returns the
 * attribute string for each parameter and the return value. */
typedef struct {
    const char *symbol;
    uint32_t nparams;
    const char *const *param_types; /* LLVM type text: "ptr", "i64", "double", "i1" */
    const char *ret_type;           /* "void", "double", "{ double, i8 }" */
    bool rewritten_cc;              /* a calling convention other than C's (fastcc...): LLVM
                                       rewrote the signature, the Rust ABI no longer applies */
} ir_function;
typedef enum {
    OUT_ANNOTATED,      /* matched, signature agrees: attributes below */
    OUT_NOT_DESCRIBED,  /* no entry of its own in the types file (a path matching several
                           entries, or an entry another function took, included) */
    OUT_MISMATCH,       /* the LLVM signature is not what the Rust ABI gives: left alone */
    OUT_FAILED,         /* the entry's types have no layout / unsupported ABI */
    OUT_WITHHELD        /* described, left without trees by a rule of ours (std's
                           precondition checks: Enzyme bug inttoptr-dangling) */
} ir_outcome;
typedef struct {
    ir_outcome outcome;
    const char *reason;             /* OUT_MISMATCH/OUT_FAILED: expected vs found;
                                       OUT_NOT_DESCRIBED: why a path match was refused;
                                       OUT_WITHHELD: the rule */
    const tt_fn_def *fn;            /* the matched entry */
    const char **param_attr;        /* per LLVM parameter: "{...}" or NULL */
    const char *ret_attr;           /* "{...}" or NULL */
    tt_type **param_pointee;        /* per LLVM parameter: the Rust type a pointer parameter
                                       points to (a reference's or Box's pointee, a value
                                       passed Indirect, the sret return); NULL otherwise */
} ir_decision;
typedef struct annotator annotator;
/* Owned by the context's arena; strings in decisions too. */
annotator *annotator_new(tt_ctx *c, const tt_tree_opts *o);
/* Whether returned pairs may carry byte-offset trees ({[0]:..., [8]:...}). Right only for
 * IR that no interprocedural LLVM pass rewrites before Enzyme reads it (-O0): dead
 * argument elimination shrinks {A, B} returns to A or B and keeps the attribute, which
 * Enzyme then reads wrongly or rejects. Off by default: a pair then gets its halves'
 * shared register tree, or nothing. */
void annotator_pair_offsets(annotator *a, bool allow);
/* Signatures only: function bodies keep no trees (earlier ones are removed). For telling
 * what the in-body trees change; default off. */
void annotator_no_body(annotator *a, bool no_body);
/* Whether std's debug precondition checks (`...::precondition_check` of core::ub_checks)
 * get `noinline optnone`, so that LLVM leaves them as rustc wrote them (for IR that LLVM's
 * -O2 passes reach before Enzyme at -O0: optimized, they `or` two pointers' addresses into
 * one alignment test, which stops Enzyme: tests/enzyme-bugs/pointer-or-pointer.ll).
 * Default off. annotator_freezes: whether a defined function gets them. */
void annotator_optnone_checks(annotator *a, bool on);
/* Copies and moves of run-time length over elements of mixed type become calls to
 * functions the module gets, which copy element by element with typed loads and stores
 * (emit/body/ir_body_loops.c says why). Text IR only (the body pass). */
void annotator_copy_loops(annotator *a, bool on);
bool annotator_copy_loops_on(const annotator *a);
/* Copies and moves of a few bytes (at most 64, of a constant length) that hold a float or a
 * pointer become typed loads and stores in place (emit/body/ir_body_loops.c says why: LLVM's
 * passes before Enzyme would make them integer loads and stores). Text IR only. */
void annotator_small_copies(annotator *a, bool on);
bool annotator_small_copies_on(const annotator *a);
bool annotator_freezes(annotator *a, const char *symbol);
bool annotator_types_bodies(const annotator *a);
/* Called for each in-body annotation: the function's symbol, what was annotated
 * ("memcpy of 24 bytes"), the tree, and the Rust place it comes from ("local pair:
 * (&[f64], &[f64])"). For `typetree explain --body`. */
typedef void (*tt_body_report)(void *arg, const char *fn, const char *what, const char *tree,
                               const char *from);
void annotator_on_body(annotator *a, tt_body_report fn, void *arg);
void annotator_body_reporter(const annotator *a, tt_body_report *fn, void **arg);
const tt_tree_opts *annotator_tree_opts(const annotator *a);
ir_decision annotator_decide(annotator *a, const ir_function *f);
/* Records `@alias = alias ..., ptr @target` (MergeFunctions): a body shared by several
 * Rust functions is annotated only when every name for it is described identically.
 * Call before the target's annotator_decide (LLVM prints aliases before functions). */
void annotator_add_alias(annotator *a, const char *alias, const char *target);
/* Records a symbol the IR defines. Backends call it for every define before deciding:
 * an entry is matched by Rust path only when its own symbol is not defined in the IR
 * (without this list, only entries that give no symbol are matched by path). Otherwise
 * a function the types file leaves out could take another instance's entry. */
void annotator_note_defined(annotator *a, const char *symbol);
/* The return of a function the types file describes, for its call sites: its Rust type
 * and pass mode (PASS_PAIR: an LLVM {A, B}; PASS_INDIRECT: through an sret pointer).
 * False when the symbol is not described or its types have no layout. */
bool annotator_callee(annotator *a, const char *symbol, tt_type **ret, tt_passmode *mode);
/* After all functions: entries matched by two symbols, and whether anything matched. */
bool annotator_finish(annotator *a);
/* What the body rewriter (emit/body/ir_body.c) annotated inside function bodies. */
typedef struct {
    unsigned copies, copies_typed;     /* llvm.memcpy/memmove/memset calls seen, annotated */
    unsigned copies_segmented;         /* of those, given a segment list (!enzyme_truetype) */
    unsigned copies_looped;            /* of run-time length, made loops (--typed-copy-loops) */
    unsigned copies_unrolled;          /* of a few bytes, made loads and stores (--typed-small-copies) */
    unsigned conflicting;              /* copies whose two places disagree: left alone */
    unsigned extracts, extracts_typed; /* extractvalue seen, given metadata */
    unsigned allocas_typed;            /* allocas of described variables, given metadata */
    unsigned loads_typed;              /* scalar loads from typed places, given metadata */
    unsigned calls_typed;              /* indirect calls returning floats */
} tt_body_counts;
typedef struct {
    unsigned functions, annotated, not_described, mismatched, failed, withheld,
        params_annotated;
    unsigned long dropped_functions, dropped_globals, dropped_metadata; /* --drop-unused */
    tt_body_counts body;
} annotate_stats;
void annotator_count_body(annotator *a, const tt_body_counts *n);
void annotator_count_dropped(annotator *a, unsigned long functions, unsigned long globals,
                             unsigned long metadata);
const annotate_stats *annotator_stats(const annotator *a);
/* Rust symbol -> path without the hash ("s::geo::dist"), legacy or v0; NULL if not Rust.
 * Arena-owned. */
const char *demangle_rust_path(tt_ctx *c, const char *symbol);

/* ---- the annotate driver (ir_annotate.c; the backends' interface is ir_run.h) ---- */
typedef struct {
    const char *in_path;   /* "-": standard input */
    const char *out_path;  /* "-": standard output; NULL: discarded (explain --body); a
                              file is written beside and renamed into place on success */
    tt_emit emit;          /* TT_EMIT_AUTO: bitcode when out_path ends in .bc, or, in place
                              (out_path == in_path), as the input */
    bool strip, verify, strict, werror;
    bool drop_unused;      /* leave out what nothing live refers to (text to text only) */
    unsigned rewrites;     /* IR_RW_* of emit/rewrite/ir_rewrite.h applied to the output (text
                              to text only; not IR_RW_STRIP_MEMORY) */
} ir_job;
/* Checks the input, annotates (or strips) every defined function the annotator
 * describes, finishes the annotator and writes the output. Errors name the file and the
 * line or function. */
bool ir_annotate(tt_ctx *c, annotator *a, const ir_job *j);

#endif
