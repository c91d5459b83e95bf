/* An enum's element copy by the variant it holds, and Enzyme's rule for it
 * (emit/body/ir_body_variant.c); the copy functions of ir_body_loops.c call it. */
#ifndef TT_IR_BODY_VARIANT_H
#define TT_IR_BODY_VARIANT_H

#include "ir_body_pieces.h"

/* What one enum's copy by variant is made of: the layout, per variant its pieces (vnp[v]
 * 0: uninhabited, never copied) and at [nvariants] those of a tag no variant has. */
typedef struct {
    const char *name;      /* the functions are @<name>.variant, @<name>.variant.copy, ... */
    const char *type_name; /* the Rust enum, for the comment */
    const tt_layout *el;
    piece **vp;
    size_t *vnp;
    uint64_t size;  /* of one value */
    uint64_t psize; /* of a pointer */
} variant_copy;

/* Pieces p[0, np) from base %<sb> to %<db>, the values named %<tag>s<k>, %<tag>d<k>,
 * %<tag>v<k>: a load and a store each, in order (reverse: last first); a piece that holds
 * an enum through that enum's @<name>.variant. */
void body_put_piece_list(tt_buf *o, const piece *p, size_t np, const char *tag, const char *sb,
                         const char *db, bool reverse);
/* An integer constant of iN (N = 8 * bytes) as LLVM reads it: the value's N bits as a
 * signed number. */
void body_put_tag_value(tt_buf *o, tt_u128 v, unsigned bytes);
/* The functions of v's copy, its rule, and the rule's registration with Enzyme. */
void body_put_variant_fns(tt_buf *o, const variant_copy *v);
/* The function a rule calls when active data would be copied into memory Enzyme holds
 * inactive (once per module, named LOOP_PREFIX "lost"), and the declarations it needs
 * that the module lacks (have_write, have_abort: the module declares or defines them). */
void body_put_variant_lost(tt_buf *o, uint64_t psize, bool have_write, bool have_abort);

#endif
