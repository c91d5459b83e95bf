/* Trees inside function bodies of textual IR (emit/body/ir_body.c), for the streaming
 * rewriter (emit/annotate/ir_text.c) and `typetree explain --body`. Private to emit/. */
#ifndef IR_BODY_H
#define IR_BODY_H

#include <stdio.h>

#include "../annotate/annotate.h"

/* The name of a place's byte runs, annotate's for the wrapper's rewrite after LLVM's passes
 * (emit/rewrite/ir_copy_segments.c): `!typetree_segments` on an alloca, the attribute
 * "typetree_segments" on a pointer parameter (body_param_runs). */
#define RUNS_NAME "typetree_segments"
/* A memmove of values of an enum whose variants disagree on a byte's kind, a float among
 * them (body_disputed_move): the attribute "typetree_disputed_move"="RUST TYPE" on its
 * destination operand, for the wrapper's check after LLVM's passes (emit/rewrite/ir_checks.c,
 * --enum-moves). */
#define DISPUTED_MOVE_NAME "typetree_disputed_move"
/* The named metadata of the LLVM named types whose getelementptrs index runs of a type
 * with byte runs, and the tag of each node: !{!"typetree_elem", !"NAME", !"RUNS"}. */
#define ELEM_TYPES_NAME "typetree.elem_types"
#define ELEM_TYPE_TAG "typetree_elem"

typedef struct body_typer body_typer;
typedef tt_body_counts body_stats;
typedef tt_body_report body_report;

/* Arena-owned; body_free() releases its heap buffer. */
body_typer *body_new(tt_ctx *c, annotator *a, const tt_tree_opts *o);
void body_free(body_typer *b);
void body_set_report(body_typer *b, body_report fn, void *arg);
const body_stats *body_stats_of(const body_typer *b);

/* First pass, every line of the module: metadata numbers in use, variable names. */
void body_note_line(body_typer *b, const char *s, size_t n);
/* ... and a "  store ..." line of a body (ir_body_notes.c: the pointers a temporary holds). */
void body_note_store(body_typer *b, const char *s, size_t n);
/* Whether a line is a metadata node an earlier run appended (dropped when re-annotating). */
bool body_is_our_metadata(const char *s, size_t n);

/* A function body: its parameters' names ("%x") and, for pointer parameters of a described
 * function, the Rust type they point to (NULL pointees: nothing known). */
void body_begin(body_typer *b, const char *fn, uint32_t nparams, const char *const *names,
                tt_type *const *pointees);
/* One line of the body: true when it wrote the line (changed) to out, false when the line
 * is to be copied as it is. strip: only remove our annotations (--no-typetree). */
bool body_line(body_typer *b, const char *s, size_t n, bool strip, tt_buf *out);
void body_end(body_typer *b);
/* A function of the listing the writing pass leaves out (annotate --drop-unused): the
 * functions after it keep the notes the listing took of them (they go by position). */
void body_skip_function(body_typer *b);
/* The first metadata number the trees take (the listing sets it past the module's
 * highest): lower when the highest nodes are left out (--drop-unused), so annotating the
 * output again numbers the trees as this run did. */
void body_set_next_md(body_typer *b, unsigned long next);
/* Copies s[0, n) into out without what annotate wrote: `"enzyme_type"="..."` and
 * `"typetree_segments"="..."` attributes (with the space after each) and `, !enzyme_type
 * !N`, `, !enzyme_truetype !N` and `, !typetree_segments !N` attachments. */
void body_strip_ours(const char *s, size_t n, tt_buf *out);
/* The byte runs of what a pointer parameter points to (a slice's element), for the
 * "typetree_segments" attribute of its define line (ir_body_segments.c); NULL: none. */
const char *body_param_runs(body_typer *b, tt_type *pointee);
/* The pointers inside a pointer parameter's pointee whose own pointee has runs (a Vec's
 * buffer): "OFF=RUNS|OFF=RUNS", NULL when none ("typetree_fields" on the parameter, which
 * the rewrite before Enzyme reads: emit/rewrite/ir_elem_ptrs.c). */
#define FIELDS_NAME "typetree_fields"
const char *body_field_runs(body_typer *b, tt_type *pointee);
/* After the last line: the metadata nodes the annotations refer to. */
void body_finish(body_typer *b, FILE *out);

#endif
