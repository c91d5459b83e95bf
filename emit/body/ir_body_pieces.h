/* The pieces a copy of a Rust type's bytes moves as (emit/body/ir_body_pieces.c): each float
 * with its LLVM float type, each pointer as `ptr`, integers, padding and bytes no variant
 * covers as integers of at most 8 bytes; an enum whose variants disagree on a byte's kind,
 * per variant; a struct holding such an enum, per field, the enum as one piece. For the
 * copy functions of ir_body_loops.c and the unrolled small copies. */
#ifndef TT_IR_BODY_PIECES_H
#define TT_IR_BODY_PIECES_H

#include "ir_body_impl.h"

typedef struct {
    uint64_t off;
    uint64_t size;
    const char *ty; /* LLVM type of the load and store; NULL for a call */
    /* a value of enum type held whose variants disagree, held in a struct
     * (body_struct_pieces); call: the name of the copy function of that enum, whose
     * @<call>.variant copies one value by its variant (ir_body_loops.c sets it) */
    tt_type *held;
    const char *call;
} piece;

/* Past this many pieces per element, a copy stays as it is (the function would be long,
 * and such elements are arrays of one kind in all programs seen). */
#define MAX_PIECES 256

/* The pieces of bytes [from, from + len) of m at p (at most max, offsets from `from`), in
 * order; 0 when there would be more, or a float or pointer crosses the range's end. */
size_t body_pieces_in(body_typer *b, const body_bytes *m, uint64_t from, uint64_t len, piece *p,
                      size_t max);
/* The pieces of one element of t (arena), in order; 0 when some byte's kind is not
 * certain, and (unless one_kind) when every piece has the same type. */
size_t body_pieces_of(body_typer *b, tt_type *t, bool one_kind, piece **out);
/* The layout of enum t when its elements can be copied variant by variant, vp/vnp (arena)
 * each variant's pieces and, at [nvariants], those of a tag no variant has; NULL
 * otherwise. */
const tt_layout *body_variant_pieces(body_typer *b, tt_type *t, piece ***vp, size_t **vnp);
/* The pieces of one value of t (arena) when it is a struct, tuple or array holding an enum
 * whose variants disagree, each such enum one piece with held set; 0 otherwise. */
size_t body_struct_pieces(body_typer *b, tt_type *t, piece **out);

#endif
