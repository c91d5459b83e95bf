/* A function of textual LLVM IR read as blocks and edges (emit/rewrite/ir_cfg.c): lines,
 * labels, successors from each terminator's `label %x`, predecessors, back edges; and the
 * pieces the control-flow rewrites write (phis, renamed lines, fresh names). Private to
 * emit/rewrite/. */
#ifndef IR_CFG_H
#define IR_CFG_H

#include "ir_rewrite.h"

typedef struct {
    size_t at, n; /* the line (with its '\n') in the function text */
} line;

typedef struct {
    const char *name; /* the label as a name ("%bb2", "%\"a b\"", "%12"; an unnamed entry's number) */
    size_t first, end; /* its lines [first, end): the label line, if any, first */
    size_t *instr;     /* the lines where its instructions start */
    size_t ninstr;
    size_t *succ;      /* successor blocks (with repeats), from the terminator's labels */
    bool *back;        /* whether each successor edge is a back edge */
    size_t nsucc;
    size_t *pred;      /* predecessor blocks, one per edge, and whether that edge is back */
    bool *pred_back;
    size_t npred;
} block;

typedef struct {
    const char *s; /* the function text */
    line *ln;
    size_t nln;
    block *b;
    size_t nb;
    tt_map *by_name; /* block name -> index + 1 */
    tt_map *names;   /* every local name of the function */
    tt_arena *a;
} fn_cfg;

/* One phi: "  %x = phi <flags> <type> [ v, %b ], ... <tail>". */
typedef struct {
    const char *name;    /* %x */
    const char *head;    /* " phi fast double " and the like: from after '=' to the first entry */
    const char **val;    /* each entry's value and block, as written */
    const char **from;
    size_t n;
    const char *tail;    /* after the last entry (", !dbg !7" or ""), without the '\n' */
} phi;

/* Reads function text s[0, n) (its define line to its "}" line) into g, whose s, a,
 * by_name and names the caller sets (names: every local name, for cfg_fresh). False when
 * the text is not a function as LLVM prints one. */
bool cfg_read(fn_cfg *g, const char *s, size_t n);
void cfg_free(fn_cfg *g);
/* A phi line "  %x = phi <flags> <type> [ v, %b ], ... <tail>"; false if not one. */
bool cfg_phi_read(tt_arena *a, const char *s, size_t n, phi *p);
/* The phi's value from block name b; NULL when it has none or several. */
const char *cfg_phi_from(const phi *p, const char *b);
/* Whether the instruction at line l is a phi. */
bool cfg_is_phi(const fn_cfg *g, size_t l);
/* Whether block k's terminator (its last instruction) starts with word, e.g. "br". */
bool cfg_ends_in(const fn_cfg *g, size_t k, const char *word);
/* Whether block k ends in `br` or `switch`: the terminators whose labels the control-flow
 * rewrites retarget. */
bool cfg_ends_in_branch(const fn_cfg *g, size_t k);
/* The block block k's last instruction `br label %x` goes to, unconditionally; -1 if not. */
size_t cfg_forwards_to(const fn_cfg *g, size_t k);
/* A local name "%tt.<stem>N" no name of the function uses (N from *counter on). */
const char *cfg_fresh(fn_cfg *g, const char *stem, unsigned *counter);
/* Line s[0, n) with each local name ren maps renamed, and `label %from` made `label %to`
 * when from is not NULL. */
void cfg_put_renamed(tt_buf *out, const char *s, size_t n, tt_map *ren, const char *from,
                     const char *to, tt_arena *a);
/* "  NAME =HEAD[ v, %b ], ...TAIL\n". */
void cfg_put_phi(tt_buf *out, const char *name, const char *head, const char **val,
                 const char **from, size_t n, const char *tail);
/* Whether block y can be reached from the entry without passing block x (x does not
 * dominate y). */
bool cfg_reaches_around(const fn_cfg *g, size_t x, size_t y);

/* One rewrite of function text s[0, n) appended to out, true; or false (out untouched)
 * when there is nothing left to rewrite. */
typedef bool (*cfg_step)(tt_arena *a, const char *s, size_t n, const void *arg,
                         unsigned *counter, tt_buf *out);
/* Function text s[0, n) rewritten by step again and again, each time on what it last
 * wrote (fresh names numbered on from one counter), until it rewrites nothing or max
 * times; appended to out. The number of rewrites. */
unsigned cfg_repeat(const char *s, size_t n, cfg_step step, const void *arg, unsigned max,
                    tt_buf *out);

#endif
