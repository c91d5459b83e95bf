/* What of a module's text nothing live refers to (annotate and export --drop-unused;
 * ir_live.c): the internal and private functions, variables and aliases LLVM's globaldce
 * would delete, and the numbered metadata nodes only they refer to. Two passes over the
 * same lines, in order: ir_live_note on every line, ir_live_mark, then ir_live_drops on
 * every line of the writing pass (or ir_live_keeps_line on what a reader kept). For the
 * text IR readers of emit/ and export/. */
#ifndef IR_LIVE_H
#define IR_LIVE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ir_live ir_live;

/* metadata: the metadata nodes' liveness too; without it (a reader that needs only which
 * functions are kept: export) every node is kept and the scan is cheaper. Which globals
 * are live is the same either way. */
ir_live *ir_live_new(bool metadata);
void ir_live_free(ir_live *l);
/* The listing pass: one line of the module (with or without its newline). */
void ir_live_note(ir_live *l, const char *s, size_t n);
/* After the last line: what is live. */
void ir_live_mark(ir_live *l);
/* The writing pass: whether the line belongs to something dead (a dead function's define
 * line, body and closing brace; a dead variable's, alias's or metadata node's line). */
bool ir_live_drops(ir_live *l, const char *s, size_t n);
/* After ir_live_mark, without the writing pass's state: whether it keeps a define or a
 * global's line (the first line of what it is), and metadata node num's line. */
bool ir_live_keeps_line(const ir_live *l, const char *s, size_t n);
bool ir_live_keeps_node(const ir_live *l, unsigned long num);
/* What was dropped so far: functions, other globals, metadata nodes. */
void ir_live_counts(const ir_live *l, unsigned long *functions, unsigned long *globals,
                    unsigned long *metadata);

#endif
