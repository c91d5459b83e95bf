/* The pieces a copy of a Rust type's bytes moves as (ir_body_pieces.h), from the certain
 * kinds of its bytes (ir_body_segments.c's body_byte_kinds) or, for an enum whose variants
 * disagree, from each variant's bytes (layout's tree_of_variant_bytes). ir_body_loops.c
 * says why copies go by pieces. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir_body_pieces.h"

static const char *float_ty(tt_kind k)
{
    switch (k) {
    case KIND_DOUBLE:
        return "double";
    case KIND_FLOAT:
        return "float";
    case KIND_HALF:
        return "half";
    case KIND_FP128:
        return "fp128";
    default:
        return NULL;
    }
}

/* The integer piece at offset off that starts `room` bytes before the next boundary: the
 * widest of 8, 4, 2, 1 bytes that fits. */
static piece int_piece(uint64_t off, uint64_t room)
{
    static const char *const int_ty[9] = {NULL, "i8", "i16", NULL, "i32",
                                          NULL, NULL, NULL, "i64"};
    uint64_t w = room >= 8 ? 8 : room >= 4 ? 4 : room >= 2 ? 2 : 1;
    return (piece){off, w, int_ty[w], NULL, NULL};
}

/* The pieces of bytes [from, from + len) of m at p (at most max, offsets from `from`), in
 * order; 0 when there would be more, or a float or pointer crosses the range's end. */
size_t body_pieces_in(body_typer *b, const body_bytes *m, uint64_t from, uint64_t len, piece *p,
                      size_t max)
{
    size_t np = 0;
    uint64_t ptr_size = tree_kind_width(b->c, KIND_POINTER);
    uint64_t stop = from + len;
    if (stop > m->size)
        return 0;
    for (uint64_t i = from; i < stop;) {
        if (np == max)
            return 0;
        uint8_t cls = m->cls[i];
        tt_kind k = (tt_kind)m->kind[i];
        const char *fty = cls >= BYTE_FLOAT ? float_ty(k) : NULL;
        if (fty) {
            uint64_t w = tree_kind_width(b->c, k);
            if (i + w > stop)
                return 0;
            p[np++] = (piece){i - from, w, fty, NULL, NULL};
            i += w;
            continue;
        }
        if (cls == BYTE_DATA && k == KIND_POINTER) {
            if (i + ptr_size > stop)
                return 0;
            p[np++] = (piece){i - from, ptr_size, "ptr", NULL, NULL};
            i += ptr_size;
            continue;
        }
        /* integers, padding, uncovered enum bytes: up to the next float or pointer */
        uint64_t end = i;
        while (end < stop && !(m->cls[end] >= BYTE_FLOAT ||
                               (m->cls[end] == BYTE_DATA && m->kind[end] == KIND_POINTER)))
            end++;
        while (i < end) {
            if (np == max)
                return 0;
            p[np] = int_piece(i - from, end - i);
            i += p[np++].size;
        }
    }
    return np;
}

/* The pieces of one element of t, in order; 0 when some byte's kind is not certain, and
 * (unless one_kind) when every piece has the same type. */
size_t body_pieces_of(body_typer *b, tt_type *t, bool one_kind, piece **out)
{
    const body_bytes *m = body_byte_kinds(b, t);
    if (!m->size)
        return 0;
    piece *p = arena_alloc(b->c->arena, (MAX_PIECES + 1) * sizeof *p);
    size_t np = body_pieces_in(b, m, 0, m->size, p, MAX_PIECES);
    /* a copy of one kind throughout needs no loop: Enzyme's own rule types it
     * (body_copy_tree) */
    if (one_kind && np) {
        *out = p;
        return np;
    }
    for (size_t k = 1; k < np; k++)
        if (strcmp(p[k].ty, p[0].ty) != 0) {
            *out = p;
            return np;
        }
    return 0;
}

/* Integer pieces of bytes [from, end), each ending at the next cut (or end), appended to
 * q[*nq]; false when that would make more than max. */
static bool cut_int_pieces(uint64_t from, uint64_t end, const bool *cut, piece *q, size_t *nq,
                           size_t max)
{
    for (uint64_t i = from; i < end;) {
        uint64_t stop = i + 1;
        while (stop < end && !cut[stop])
            stop++;
        if (*nq == max)
            return false;
        q[*nq] = int_piece(i, stop - i);
        i += q[(*nq)++].size;
    }
    return true;
}

/* The layout of enum t when its elements can be copied variant by variant: a tag or niche
 * of a width LLVM loads as one integer, every inhabited variant's bytes certain, and a
 * float among them. Fills vp/vnp (arena). NULL otherwise. */
const tt_layout *body_variant_pieces(body_typer *b, tt_type *t, piece ***vp, size_t **vnp)
{
    const tt_layout *l = layout_of_quiet(b->c, t);
    if (!l || !l->is_enum || !l->sized || l->uninhabited || l->single_variant_index_valid ||
        l->tag_encoding == TAG_NONE || !l->nvariants)
        return NULL;
    unsigned tb = l->tag.prim.size;
    if (!(tb == 1 || tb == 2 || tb == 4 || tb == 8 || tb == 16) || l->tag_offset + tb > l->size)
        return NULL;
    /* [nvariants]: the pieces of a tag no variant has (below) */
    piece **p = arena_alloc(b->c->arena, (l->nvariants + 1) * sizeof *p);
    size_t *np = arena_alloc(b->c->arena, (l->nvariants + 1) * sizeof *np);
    bool flt = false;
    for (uint32_t v = 0; v < l->nvariants; v++) {
        if (l->variants[v].uninhabited)
            continue;
        tt_tree tr = {0};
        tt_diag *tail = b->c->diags_tail;
        unsigned errs = b->c->nerrors;
        bool ok = tree_of_variant_bytes(b->c, t, v, &tr, NULL);
        diag_truncate(b->c, tail, errs);
        body_bytes m = {0};
        body_bytes_from_tree(b, ok ? &tr : NULL, l->size, &m);
        tree_free(&tr);
        if (!m.size)
            return NULL;
        for (uint64_t i = 0; i < m.size; i++)
            flt |= m.cls[i] >= BYTE_FLOAT;
        p[v] = arena_alloc(b->c->arena, (MAX_PIECES + 1) * sizeof *p[v]);
        np[v] = body_pieces_in(b, &m, 0, m.size, p[v], MAX_PIECES);
        if (!np[v])
            return NULL;
    }
    if (!flt)
        return NULL;
    /* Enzyme types memory per pointer, not per path: one variant's float at a byte types it
     * in every block of the copy. An integer piece of another variant across that float's
     * first or last byte then mixes kinds in one load ("unhandled accumulate with partial
     * sizes": random_cases.py seed 3, case 8), so integer pieces are cut where any
     * variant's float or pointer begins or ends. */
    bool *cut = arena_alloc(b->c->arena, l->size + 1);
    for (uint32_t v = 0; v < l->nvariants; v++)
        for (size_t k = 0; k < np[v]; k++)
            if (p[v][k].ty[0] != 'i')
                cut[p[v][k].off] = cut[p[v][k].off + p[v][k].size] = true;
    for (uint32_t v = 0; v < l->nvariants; v++) {
        piece *q = arena_alloc(b->c->arena, (MAX_PIECES + 1) * sizeof *q);
        size_t nq = 0;
        for (size_t k = 0; k < np[v];) {
            if (p[v][k].ty[0] != 'i') {
                if (nq == MAX_PIECES)
                    return NULL;
                q[nq++] = p[v][k++];
                continue;
            }
            /* a run of integer pieces cut again as one: pieces_in's widths do not stop at
             * the cuts, and cut each on its own, [28, 36) [36, 44) [44, 48) around another
             * variant's double at [40, 48) became i32s inside it, which Enzyme types as
             * that double ("Illegal intermediate": random_cases.py seed 5, case 11) */
            uint64_t from = p[v][k].off, end = from + p[v][k].size;
            for (k++; k < np[v] && p[v][k].ty[0] == 'i' && p[v][k].off == end; k++)
                end += p[v][k].size;
            if (!cut_int_pieces(from, end, cut, q, &nq, MAX_PIECES))
                return NULL;
        }
        p[v] = q;
        np[v] = nq;
    }
    /* a direct tag no variant has: every byte as integers, cut at the same places. One
     * byte at a time, an i8 load where a variant has an f32 is an Integer Enzyme's type
     * analysis finds against that Float (Illegal updateAnalysis: gradient case
     * enum_copy_values at -O2, once one value's copies went by variant too). */
    piece *o = arena_alloc(b->c->arena, l->size * sizeof *o);
    size_t no = 0;
    cut_int_pieces(0, l->size, cut, o, &no, l->size); /* at most one piece a byte */
    p[l->nvariants] = o;
    np[l->nvariants] = no;
    *vp = p;
    *vnp = np;
    return l;
}

/* Past this depth of structs in structs a copy stays as it is. */
#define MAX_HELD_DEPTH 8

/* Appends to p[*np] (at most max) the pieces of a value of t at offset base, in order: a
 * struct, tuple or array holding an enum whose variants disagree (body_variant_pieces),
 * each such enum one piece (held: its type), every other field by its certain bytes,
 * padding between fields as integers. *held counts the enums. False when some part is
 * neither (a union, untyped bytes, an enum whose variants' own bytes are uncertain).
 *
 * Without it a struct holding such an enum, copied whole (passed by value, through a
 * local), kept rustc's memcpy: its tree says nothing of the bytes where the variants
 * disagree, Enzyme typed them from the other bytes or the enum's first variant, and the
 * derivatives of the others' floats did not move, silently, at -O0..-O2 (random_cases.py
 * seed 5, case 11: a `#[repr(C)] struct { (Option<f32>, i32, enum { V0(f64), V1(f32,
 * usize), V2(S0, [f64; 2]) }), u64, [f64; 3], i64 }` passed by value; plain Enzyme stops
 * at -O0 and is wrong at -O1/-O2 too). */
static bool held_pieces(body_typer *b, tt_type *t, uint64_t base, piece *p, size_t *np,
                        size_t max, unsigned *held, unsigned depth)
{
    const tt_layout *l = layout_of_quiet(b->c, t);
    if (!l || !l->sized || l->uninhabited || tree_untyped_bytes(b->c, t))
        return false;
    if (!l->size)
        return true;
    const body_bytes *m = body_byte_kinds(b, t);
    if (m->size) {
        size_t k = body_pieces_in(b, m, 0, m->size, p + *np, max - *np);
        if (!k)
            return false;
        for (size_t i = 0; i < k; i++)
            p[*np + i].off += base;
        *np += k;
        return true;
    }
    piece **vp;
    size_t *vnp;
    if (body_variant_pieces(b, t, &vp, &vnp)) {
        if (*np == max)
            return false;
        p[(*np)++] = (piece){base, l->size, NULL, t, NULL};
        (*held)++;
        return true;
    }
    if (depth == MAX_HELD_DEPTH || l->is_enum)
        return false;
    uint32_t n = 0;
    if (t->kind == TY_TUPLE)
        n = t->n;
    else if (t->kind == TY_ADT && t->def->kind == DEF_STRUCT)
        n = t->def->nfields;
    else if (t->kind != TY_ARRAY)
        return false;
    if (t->kind == TY_ARRAY ? l->count > max : n != l->nfields)
        return false;
    uint64_t count = t->kind == TY_ARRAY ? l->count : n;
    uint64_t at = 0; /* the bytes before it are in p */
    for (uint64_t k = 0; k < count; k++) {
        uint32_t f = t->kind == TY_ARRAY ? 0 : l->memory_order[k];
        tt_type *ft = t->kind == TY_ARRAY   ? t->elem
                      : t->kind == TY_TUPLE ? t->items[f]
                                            : types_field(b->c, t, 0, f);
        uint64_t off = t->kind == TY_ARRAY ? k * l->stride : l->offsets[f];
        const tt_layout *fl = ft ? layout_of_quiet(b->c, ft) : NULL;
        if (!fl || off < at)
            return false;
        if (!fl->size)
            continue;
        for (; at < off; at += p[(*np)++].size) {
            if (*np == max)
                return false;
            p[*np] = int_piece(base + at, off - at);
        }
        if (!held_pieces(b, ft, base + off, p, np, max, held, depth + 1))
            return false;
        at = off + fl->size;
    }
    for (; at < l->size; at += p[(*np)++].size) {
        if (*np == max)
            return false;
        p[*np] = int_piece(base + at, l->size - at);
    }
    return true;
}

size_t body_struct_pieces(body_typer *b, tt_type *t, piece **out)
{
    if (body_byte_kinds(b, t)->size)
        return 0;
    piece *p = arena_alloc(b->c->arena, (MAX_PIECES + 1) * sizeof *p);
    size_t np = 0;
    unsigned held = 0;
    if (!held_pieces(b, t, 0, p, &np, MAX_PIECES, &held, 0) || !held)
        return 0;
    *out = p;
    return np;
}
