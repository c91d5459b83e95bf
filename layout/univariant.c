/* rustc's univariant(): one struct or enum variant laid out from its fields' layouts:
 * fields sorted by alignment group with the largest niche biased to the start (or the end,
 * for enums, when that moves it further from the start), repr(C)/packed/align respected,
 * offsets and memory order recorded. The conformance test checks it against rustc. */
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "xalloc.h"

static unsigned ctz64(uint64_t x) { return x ? (unsigned)__builtin_ctzll(x) : 64; }

typedef struct {
    uint64_t key;       /* alignment group */
    tt_u128 niche_key;  /* start bias: larger niche first; end bias: larger last */
    uint64_t inner_key; /* niche position inside the field */
} sort_key;

static int key_cmp_sized(const sort_key *a, const sort_key *b)
{
    /* descending group, then niche_key ascending, then inner ascending */
    if (a->key != b->key)
        return a->key > b->key ? -1 : 1;
    if (a->niche_key != b->niche_key)
        return a->niche_key < b->niche_key ? -1 : 1;
    if (a->inner_key != b->inner_key)
        return a->inner_key < b->inner_key ? -1 : 1;
    return 0;
}

static int key_cmp_prefixed(const sort_key *a, const sort_key *b)
{
    /* ascending group, then niche size ascending (largest niche last) */
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    if (a->niche_key != b->niche_key)
        return a->niche_key < b->niche_key ? -1 : 1;
    return 0;
}

/* Stable merge sort of indices by keys (rustc uses a stable sort_by_key). */
static void stable_sort(uint32_t *idx, uint32_t n, const sort_key *keys,
                        int (*cmp)(const sort_key *, const sort_key *))
{
    if (n < 2)
        return;
    uint32_t *tmp = xmalloc(n * sizeof *tmp);
    for (uint32_t width = 1; width < n; width *= 2) {
        for (uint32_t lo = 0; lo < n; lo += 2 * width) {
            uint32_t mid = lo + width < n ? lo + width : n;
            uint32_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            uint32_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = cmp(&keys[idx[j]], &keys[idx[i]]) < 0 ? idx[j++] : idx[i++];
            while (i < mid)
                tmp[k++] = idx[i++];
            while (j < hi)
                tmp[k++] = idx[j++];
        }
        memcpy(idx, tmp, n * sizeof *idx);
    }
    free(tmp);
}

static bool univariant_biased(tt_ctx *c, const tt_layout *const *fields, uint32_t n,
                              const tt_repr *repr, struct_kind kind, uint64_t prefix_size,
                              uint64_t prefix_align, bool bias_end, tt_variant_layout *out,
                              bool *sized_out, const tt_loc *where)
{
    uint64_t pack = repr->pack;
    uint32_t *order = arena_alloc(c->arena, (n + 1) * sizeof *order);
    uint64_t *offsets = arena_alloc(c->arena, (n + 1) * sizeof *offsets);
    for (uint32_t i = 0; i < n; i++)
        order[i] = i;
    bool optimize = !(repr->c || repr->int_kind >= 0) && n > 1;
    uint32_t end = kind == KIND_MAYBE_UNSIZED ? n - 1 : n;
    if (optimize && end > 1) {
        /* The tail of an unsizable struct is excluded so that Foo<T> and Foo<dyn Tr>
         * agree on the sized prefix. */
        uint64_t max_field_align = 1;
        tt_u128 largest_niche = 0;
        for (uint32_t i = 0; i < end; i++) {
            if (fields[i]->align > max_field_align)
                max_field_align = fields[i]->align;
            tt_u128 av = niche_avail(fields[i]->has_niche, &fields[i]->niche);
            if (av > largest_niche)
                largest_niche = av;
        }
        sort_key *keys = xmalloc(end * sizeof *keys);
        for (uint32_t i = 0; i < end; i++) {
            const tt_layout *f = fields[i];
            tt_u128 av = niche_avail(f->has_niche, &f->niche);
            uint64_t group;
            if (pack) {
                group = f->align < pack ? f->align : pack;
            } else {
                /* log2 of the "effective alignment": [u8; 4] groups with align-4 fields */
                unsigned size_as_align = ctz64(f->align > f->size ? f->align : f->size);
                if (largest_niche > 0) {
                    if (!bias_end) {
                        unsigned m = ctz64(max_field_align);
                        group = m < size_as_align ? m : size_as_align;
                    } else if (av == largest_niche) {
                        group = ctz64(f->align);
                    } else {
                        group = size_as_align;
                    }
                } else {
                    group = size_as_align;
                }
            }
            keys[i].key = group;
            if (kind == KIND_PREFIXED) {
                keys[i].niche_key = av;
                keys[i].inner_key = 0;
            } else if (!bias_end) {
                keys[i].niche_key = ~av;
                keys[i].inner_key = f->has_niche ? f->niche.offset : 0;
            } else {
                keys[i].niche_key = av;
                keys[i].inner_key =
                    f->has_niche ? ~(f->size - f->niche.offset - f->niche.scalar.prim.size) : 0;
            }
        }
        stable_sort(order, end, keys, kind == KIND_PREFIXED ? key_cmp_prefixed : key_cmp_sized);
        free(keys);
    }

    uint64_t offset = 0, align = 1, max_repr_align = repr->align;
    if (kind == KIND_PREFIXED) {
        uint64_t pa = pack && pack < prefix_align ? pack : prefix_align;
        align = pa > align ? pa : align;
        offset = align_up(prefix_size, pa);
    }
    bool sized = true, has_niche = false, uninhabited = false;
    tt_u128 best = 0;
    tt_niche niche = {0};
    for (uint32_t k = 0; k < n; k++) {
        uint32_t i = order[k];
        const tt_layout *f = fields[i];
        if (!sized) {
            diag_add(c, TT_ERROR, where, "an unsized field must be the last field");
            return false;
        }
        if (!f->sized) {
            if (kind != KIND_MAYBE_UNSIZED) {
                diag_add(c, TT_ERROR, where,
                         "field %u has a dynamically sized type; only the last field of a "
                         "struct may be unsized (rustc E0277)", i);
                return false;
            }
            sized = false;
        }
        uint64_t fa = pack && pack < f->align ? pack : f->align;
        offset = align_up(offset, fa);
        if (fa > align)
            align = fa;
        if (f->max_repr_align > max_repr_align)
            max_repr_align = f->max_repr_align;
        if (f->uninhabited)
            uninhabited = true;
        offsets[i] = offset;
        if (f->has_niche) {
            tt_u128 av = niche_avail(true, &f->niche);
            if (bias_end ? av >= best : av > best) {
                best = av;
                has_niche = true;
                niche = f->niche;
                niche.offset += offset;
            }
        }
        if (f->size >= c->target->obj_size_bound - offset)
            return false;
        offset += f->size;
    }
    if (repr->align > align)
        align = repr->align;
    uint64_t size = align_up(offset, align);
    if (!size_ok(c, size))
        return false;

    memset(out, 0, sizeof *out);
    out->size = size;
    out->align = align;
    out->nfields = n;
    out->offsets = offsets;
    out->memory_order = order;
    out->has_niche = has_niche;
    out->niche = niche;
    out->uninhabited = uninhabited;
    out->max_repr_align = max_repr_align;
    out->abi = ABI_MEMORY;
    /* Newtypes inherit their field's ABI; two scalars in pair positions form a pair. */
    if (sized && size > 0) {
        uint32_t nz[3], cnt = 0;
        for (uint32_t i = 0; i < n && cnt < 3; i++)
            if (!layout_is_zst(fields[i]))
                nz[cnt++] = i;
        if (cnt == 1) {
            const tt_layout *f = fields[nz[0]];
            if (offsets[nz[0]] == 0 && align == f->align && size == f->size) {
                if (f->abi == ABI_SCALAR && !repr->c) {
                    out->abi = ABI_SCALAR;
                    out->a = f->a;
                } else if (f->vector && !repr->c) {
                    out->vector = true; /* like scalars: not through repr(C) */
                } else if (f->abi == ABI_PAIR) {
                    out->abi = ABI_PAIR;
                    out->a = f->a;
                    out->b = f->b;
                    out->b_offset = f->b_offset;
                }
            }
        } else if (cnt == 2 && fields[nz[0]]->abi == ABI_SCALAR && fields[nz[1]]->abi == ABI_SCALAR) {
            uint32_t lo = nz[0], hi = nz[1];
            if (offsets[hi] < offsets[lo]) {
                lo = nz[1];
                hi = nz[0];
            }
            uint64_t boff, psize, palign;
            layout_scalar_pair(c, fields[lo]->a, fields[hi]->a, &boff, &psize, &palign);
            if (offsets[lo] == 0 && offsets[hi] == boff && align == palign && size == psize) {
                out->abi = ABI_PAIR;
                out->a = fields[lo]->a;
                out->b = fields[hi]->a;
                out->b_offset = boff;
            }
        }
    }
    *sized_out = sized;
    return true;
}

bool layout_univariant(tt_ctx *c, const tt_layout *const *fields, uint32_t n, const tt_repr *repr,
                       struct_kind kind, uint64_t prefix_size, uint64_t prefix_align,
                       tt_variant_layout *out, bool *sized, const tt_loc *where)
{
    unsigned errs = c->nerrors;
    if (!univariant_biased(c, fields, n, repr, kind, prefix_size, prefix_align, false, out, sized,
                           where)) {
        if (c->nerrors == errs)
            diag_add(c, TT_ERROR, where,
                     "values of this type are too big for the target architecture (rustc E0080)");
        return false;
    }
    /* Enums prefer niches near either edge, so other variants can fit beside them:
     * when the niche is neither at the start nor at the end, try biasing it to the end
     * and keep that if the niche moves further from the start than the tail is long. */
    if (kind != KIND_MAYBE_UNSIZED && out->has_niche && n > 1) {
        uint64_t head = out->niche.offset;
        uint64_t tail = out->size - head - out->niche.scalar.prim.size;
        if (head != 0 && tail > 0) {
            tt_variant_layout alt;
            bool alt_sized;
            if (univariant_biased(c, fields, n, repr, kind, prefix_size, prefix_align, true, &alt,
                                  &alt_sized, where) &&
                alt.has_niche) {
                uint64_t alt_head = alt.niche.offset;
                if (alt_head > head && alt_head > tail) {
                    *out = alt;
                    *sized = alt_sized;
                }
            }
        }
    }
    return true;
}
