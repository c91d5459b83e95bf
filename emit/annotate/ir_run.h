/* The annotate driver (ir_annotate.c) and its two backends (ir_text.c: streaming .ll to
 * .ll; ir_bitcode.c: LLVM-C for every other pair), with what both ask of the run
 * (ir_run.c). The driver checks the
 * input's format, picks the backend, and owns every decision; a backend only lists the
 * module's functions and aliases, then applies to each function the decision the driver
 * hands back (remove our attributes, set the decided ones). Private to emit/. */
#ifndef IR_RUN_H
#define IR_RUN_H

#include <stdio.h>

#include "annotate.h"

typedef struct {
    tt_ctx *c;
    annotator *a;
    const char *file; /* the input's name in messages ("<stdin>" for standard input) */
    bool strip;       /* remove our attributes and metadata, decide nothing */
    bool drop_unused;  /* leave out what nothing live refers to (ir_live.h) */
    unsigned rewrites; /* the wrapper's rewrites on the output (emit/rewrite/ir_rewrite.h) */
} ir_run;

/* A place in the input, for a diagnostic ("line 12"; fmt NULL: the file itself). */
const tt_loc *ir_run_at(const ir_run *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Listing, before any decision: every function the module defines, and every alias
 * `@alias = alias ..., ptr @target` (MergeFunctions). Nothing when stripping. */
void ir_run_defined(ir_run *r, const char *symbol);
void ir_run_alias(ir_run *r, const char *alias, const char *target);

/* The decision for one defined function: when stripping, none (every attribute NULL);
 * otherwise the annotator's, with a warning when the function is described but left
 * unannotated, located at its define's `line` in text input (0: by the function's name). The backend removes our attributes from the function, then sets the
 * decision's: a function not annotated now loses the trees of an earlier run. */
ir_decision ir_run_decide(ir_run *r, const ir_function *f, unsigned long line);

/* Backends. Each returns false with diagnostics; the driver finishes the run. */
bool ir_text_rewrite(ir_run *r, FILE *in, FILE *out);
bool ir_llvm_rewrite(ir_run *r, const char *in_path, const char *out_path, bool out_bitcode);
/* Parses a file with LLVM and runs the verifier (--verify on text output). */
bool ir_llvm_verify(ir_run *r, const char *path);

#endif
