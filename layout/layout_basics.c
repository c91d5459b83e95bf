/* The small facts about layouts that layout.c, univariant.c, enum_layout.c and
 * simd_layout.c all use: rounding, the target's size bound, zero-size types, niches, the
 * scalar pair's placement. A leaf below the layout algorithm, which recurses through the
 * others (a struct's field may be an enum holding a struct). */
#include "layout.h"

tt_layout *layout_new(tt_ctx *c) { return arena_alloc(c->arena, sizeof(tt_layout)); }

uint64_t align_up(uint64_t x, uint64_t a) { return (x + a - 1) & ~(a - 1); }

bool size_ok(const tt_ctx *c, uint64_t size) { return size < c->target->obj_size_bound; }

bool layout_is_zst(const tt_layout *l) { return l->sized && l->size == 0; }
bool layout_is_1zst(const tt_layout *l) { return layout_is_zst(l) && l->align == 1; }

void report_too_big(tt_ctx *c, const tt_loc *where, const char *type_name)
{
    diag_add(c, TT_ERROR, where,
             "values of the type `%s` are too big for the target architecture (rustc E0080)",
             type_name);
}

bool niche_of_scalar(tt_scalar s, uint64_t offset, tt_niche *out)
{
    if (s.is_union || range_available(s.prim, s.valid) == 0)
        return false;
    out->offset = offset;
    out->scalar = s;
    return true;
}

tt_u128 niche_avail(bool has, const tt_niche *n)
{
    return has ? range_available(n->scalar.prim, n->scalar.valid) : 0;
}

/* rustc's LayoutData::scalar_pair: b at a's size rounded to b's alignment. */
void layout_scalar_pair(const tt_ctx *c, tt_scalar a, tt_scalar b, uint64_t *b_offset,
                        uint64_t *size, uint64_t *align)
{
    uint64_t aa = prim_align(c, a.prim), ba = prim_align(c, b.prim);
    *align = aa > ba ? aa : ba;
    *b_offset = align_up(a.prim.size, ba);
    *size = align_up(*b_offset + b.prim.size, *align);
}
