/* SIMD vectors: the layout of a #[repr(simd)] struct. */
#include "layout.h"

/* #[repr(simd)] (rustc's layout_of_simd_type): one array of a primitive, or fields all of
 * one primitive type; the vector's alignment is its size rounded up to a power of two
 * (x86_64's data layout names no vector alignment), at least repr(align(N)). */
bool layout_simd(tt_ctx *c, tt_type *t, const tt_layout *const *fs, tt_layout *l)
{
    const tt_def *d = t->def;
    tt_type *f0 = d->nfields ? types_field(c, t, 0, 0) : NULL;
    bool array = d->nfields == 1 && f0 && f0->kind == TY_ARRAY;
    tt_type *elem = array ? f0->elem : f0;
    const tt_layout *el = array ? (elem ? layout_of(c, elem, d->where) : NULL) : fs[0];
    bool ok = el && el->abi == ABI_SCALAR && !el->vector && (array ? f0->len > 0 : true);
    for (uint32_t i = 1; ok && !array && i < d->nfields; i++)
        ok = types_field(c, t, 0, i) == f0;
    if (!ok) {
        diag_add(c, TT_ERROR, d->where,
                 "repr(simd) struct `%s` needs one array of a primitive type, or fields all of "
                 "one primitive type (rustc E0077)", t->name);
        return false;
    }
    uint64_t count = array ? f0->len : d->nfields, size = el->size * count, align = 1;
    while (align < size)
        align *= 2;
    if (d->repr.align > align)
        align = d->repr.align;
    l->sized = true;
    l->size = align_up(size, align);
    l->align = align;
    l->abi = ABI_MEMORY;
    l->vector = true;
    l->nfields = d->nfields;
    l->offsets = arena_alloc(c->arena, (d->nfields + 1) * sizeof *l->offsets);
    l->memory_order = arena_alloc(c->arena, (d->nfields + 1) * sizeof *l->memory_order);
    for (uint32_t i = 0; i < d->nfields; i++) {
        l->offsets[i] = array ? 0 : i * el->size;
        l->memory_order[i] = i;
    }
    return size_ok(c, l->size);
}
