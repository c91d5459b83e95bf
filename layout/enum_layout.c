/* Enum layouts as rustc computes them: univariant enums as structs, the direct-tagged
 * layout (with tag widening), the niche-filling layout, and the choice between them. */
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "xalloc.h"

typedef struct {
    unsigned size; /* bytes */
    bool is_signed;
} int_ty;

static const int_ty int_kinds[] = {
    [TT_INT_I8] = {1, true},    [TT_INT_I16] = {2, true},  [TT_INT_I32] = {4, true},
    [TT_INT_I64] = {8, true},   [TT_INT_I128] = {16, true}, [TT_INT_ISIZE] = {8, true},
    [TT_INT_U8] = {1, false},   [TT_INT_U16] = {2, false}, [TT_INT_U32] = {4, false},
    [TT_INT_U64] = {8, false},  [TT_INT_U128] = {16, false}, [TT_INT_USIZE] = {8, false},
};

static tt_u128 mask_bits(unsigned bytes)
{
    return bytes >= 16 ? ~(tt_u128)0 : (((tt_u128)1 << (bytes * 8)) - 1);
}

static tt_i128 sign_extend(tt_u128 v, unsigned bytes)
{
    if (bytes >= 16)
        return (tt_i128)v;
    unsigned shift = 128 - bytes * 8;
    return (tt_i128)(v << shift) >> shift;
}

static unsigned fit_unsigned(tt_u128 v)
{
    return v <= 0xFF ? 1 : v <= 0xFFFF ? 2 : v <= 0xFFFFFFFFu ? 4 : v <= UINT64_MAX ? 8 : 16;
}

static unsigned fit_signed(tt_i128 v)
{
    if (v >= -128 && v <= 127)
        return 1;
    if (v >= -32768 && v <= 32767)
        return 2;
    if (v >= INT32_MIN && v <= INT32_MAX)
        return 4;
    if (v >= INT64_MIN && v <= INT64_MAX)
        return 8;
    return 16;
}

static bool any_uninhabited(const tt_layout *const *fs, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (fs[i]->uninhabited)
            return true;
    return false;
}

/* A variant is absent when uninhabited with only 1-ZST fields: it needs neither
 * space nor a tag value. */
static bool absent(const tt_layout *const *fs, uint32_t n)
{
    if (!any_uninhabited(fs, n))
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (!layout_is_1zst(fs[i]))
            return false;
    return true;
}

/* Discriminant values: explicit or previous + 1, checked against the discriminant
 * type (the integer repr, or isize). Stored truncated to the type's width. */
static bool discriminants(tt_ctx *c, const tt_def *d, int_ty dt, tt_u128 *out)
{
    tt_u128 mask = mask_bits(dt.size);
    tt_i128 smax = (tt_i128)(mask >> 1), smin = -smax - 1;
    tt_i128 prev_s = 0;
    tt_u128 prev_u = 0;
    for (uint32_t v = 0; v < d->nvariants; v++) {
        const tt_variant_def *vd = &d->variants[v];
        bool fits;
        if (vd->has_discr) {
            if (dt.is_signed) {
                tt_i128 s = (tt_i128)vd->discr;
                fits = vd->discr_negative ? (s < 0 && s >= smin) : (vd->discr <= (tt_u128)smax);
                prev_s = s;
            } else {
                fits = !vd->discr_negative && vd->discr <= mask;
                prev_u = vd->discr;
            }
            if (!fits) {
                diag_add(c, TT_ERROR, vd->where,
                         "discriminant of variant \"%s\" does not fit the %s%u discriminant type",
                         vd->name, dt.is_signed ? "i" : "u", dt.size * 8);
                return false;
            }
        } else if (v > 0) {
            if (dt.is_signed ? prev_s == smax : prev_u == mask) {
                diag_add(c, TT_ERROR, vd->where,
                         "enum discriminant overflowed at variant \"%s\" (rustc E0370)", vd->name);
                return false;
            }
            prev_s++;
            prev_u++;
        }
        out[v] = (dt.is_signed ? (tt_u128)prev_s : prev_u) & mask;
    }
    for (uint32_t v = 0; v < d->nvariants; v++)
        for (uint32_t w = 0; w < v; w++)
            if (out[v] == out[w]) {
                diag_add(c, TT_ERROR, d->variants[v].where,
                         "discriminant value of variant \"%s\" is already used by \"%s\" (rustc E0081)",
                         d->variants[v].name, d->variants[w].name);
                return false;
            }
    return true;
}

typedef struct {
    tt_variant_layout *variants;
    uint64_t size, align;
    tt_abikind abi;
    tt_scalar a, b;
    uint64_t b_offset;
    bool has_niche;
    tt_niche niche;
    bool uninhabited;
    tt_scalar tag;
    uint64_t tag_offset;
    tt_tagenc enc;
    uint32_t untagged, first, last;
    tt_u128 niche_start;
    uint64_t max_repr_align;
} candidate;

static bool prim_eq(tt_prim a, tt_prim b)
{
    return a.kind == b.kind && a.size == b.size && a.is_signed == b.is_signed;
}

/* ScalarPair(tag, payload) when every variant has at most one non-ZST scalar field at
 * one common offset with compatible primitives. */
static void tagged_abi(tt_ctx *c, candidate *k, const tt_layout *const *const *fs,
                       const uint32_t *nf, uint32_t nv)
{
    k->abi = ABI_MEMORY;
    if (k->tag.prim.size == k->size) {
        k->abi = ABI_SCALAR;
        k->a = k->tag;
        return;
    }
    bool have = false, init_all = true;
    tt_prim prim = {0};
    uint64_t common_off = 0;
    for (uint32_t v = 0; v < nv; v++) {
        int found = -1, count = 0;
        for (uint32_t i = 0; i < nf[v]; i++)
            if (!layout_is_zst(fs[v][i])) {
                found = (int)i;
                count++;
            }
        if (count == 0) {
            init_all = false;
            continue;
        }
        if (count > 1)
            return;
        const tt_layout *f = fs[v][found];
        if (f->abi != ABI_SCALAR)
            return;
        if (f->a.is_union)
            init_all = false;
        uint64_t off = k->variants[v].offsets[found];
        tt_prim p = f->a.prim;
        if (!have) {
            have = true;
            prim = p;
            common_off = off;
            continue;
        }
        if (off != common_off)
            return;
        if (prim_eq(prim, p)) {
        } else if (prim.kind == PRIM_INT && p.kind == PRIM_INT && prim.size == p.size) {
            /* the first variant's signedness wins */
        } else if (((prim.kind == PRIM_PTR && p.kind == PRIM_INT) ||
                    (prim.kind == PRIM_INT && p.kind == PRIM_PTR)) &&
                   prim.size == p.size && prim_align(c, prim) == prim_align(c, p)) {
            if (p.kind == PRIM_PTR)
                prim = p;
        } else {
            return;
        }
    }
    if (!have)
        return;
    tt_scalar payload = scalar_full(prim);
    payload.is_union = !init_all;
    uint64_t boff, psize, palign;
    layout_scalar_pair(c, k->tag, payload, &boff, &psize, &palign);
    if (boff == common_off && k->align == palign && k->size == psize) {
        k->abi = ABI_PAIR;
        k->a = k->tag;
        k->b = payload;
        k->b_offset = boff;
    }
}

static bool tagged_layout(tt_ctx *c, const tt_def *d, const tt_layout *const *const *fs,
                          const uint32_t *nf, const tt_u128 *discr, int_ty dt, candidate *k)
{
    uint32_t nv = d->nvariants;
    const tt_repr *repr = &d->repr;
    /* Tag integer: the smallest fitting the constructible variants' discriminants. */
    tt_i128 min = 0, max = 0;
    bool any = false;
    tt_u128 *needed = xmalloc((nv + 1) * sizeof *needed);
    size_t nneeded = 0;
    for (uint32_t v = 0; v < nv; v++) {
        if (!repr->c && any_uninhabited(fs[v], nf[v]))
            continue;
        tt_i128 val = dt.is_signed ? sign_extend(discr[v], dt.size) : (tt_i128)discr[v];
        if (!any || val < min)
            min = val;
        if (!any || val > max)
            max = val;
        any = true;
        needed[nneeded++] = discr[v];
    }
    unsigned ity;
    bool is_signed;
    unsigned ufit = fit_unsigned((tt_u128)min > (tt_u128)max ? (tt_u128)min : (tt_u128)max);
    unsigned sfit = fit_signed(min) > fit_signed(max) ? fit_signed(min) : fit_signed(max);
    if (repr->int_kind >= 0) {
        ity = int_kinds[repr->int_kind].size;
        is_signed = int_kinds[repr->int_kind].is_signed;
    } else {
        unsigned at_least = repr->c ? c->target->c_enum_min_size : 1;
        if (min >= 0) {
            ity = ufit > at_least ? ufit : at_least;
            is_signed = false;
        } else {
            ity = sfit > at_least ? sfit : at_least;
            is_signed = true;
        }
    }
    tt_prim tagp = {.kind = PRIM_INT, .size = (uint8_t)ity, .is_signed = is_signed};
    uint64_t prefix_align = prim_align(c, tagp);
    if (repr->c)
        for (uint32_t v = 0; v < nv; v++)
            for (uint32_t i = 0; i < nf[v]; i++)
                if (fs[v][i]->align > prefix_align)
                    prefix_align = fs[v][i]->align;
    uint64_t size = 0, align = 1, start_align = 256, max_repr_align = repr->align;
    k->variants = arena_alloc(c->arena, (nv + 1) * sizeof *k->variants);
    bool uninhabited = true;
    for (uint32_t v = 0; v < nv; v++) {
        bool sized;
        if (!layout_univariant(c, fs[v], nf[v], repr, KIND_PREFIXED, ity, prefix_align,
                               &k->variants[v], &sized, d->variants[v].where)) {
            free(needed);
            return false;
        }
        tt_variant_layout *vl = &k->variants[v];
        for (uint32_t m = 0; m < vl->nfields; m++) {
            const tt_layout *f = fs[v][vl->memory_order[m]];
            if (!layout_is_1zst(f)) {
                if (f->align < start_align)
                    start_align = f->align;
                break;
            }
        }
        if (vl->size > size)
            size = vl->size;
        if (vl->align > align)
            align = vl->align;
        if (vl->max_repr_align > max_repr_align)
            max_repr_align = vl->max_repr_align;
        if (!vl->uninhabited)
            uninhabited = false;
    }
    size = align_up(size, align);
    if (!size_ok(c, size)) {
        free(needed);
        report_too_big(c, d->where, d->name);
        return false;
    }
    /* Widen the tag up to the first field's alignment: the bytes are padding anyway,
     * and a wider tag spares LLVM partial loads. */
    unsigned new_ity = ity;
    if (!repr->c && repr->int_kind < 0 && start_align <= 16 && start_align > ity)
        new_ity = (unsigned)start_align;
    if (new_ity > ity) {
        for (uint32_t v = 0; v < nv; v++) {
            tt_variant_layout *vl = &k->variants[v];
            for (uint32_t i = 0; i < vl->nfields; i++)
                if (vl->offsets[i] <= ity)
                    vl->offsets[i] = new_ity;
            if (vl->size <= ity)
                vl->size = new_ity;
        }
        ity = new_ity;
    }
    tagp.size = (uint8_t)ity;
    tt_u128 mask = mask_bits(ity);
    tt_range vr;
    if (!any) {
        vr.start = vr.end = 0;
    } else if (repr->int_kind >= 0 && !int_kinds[repr->int_kind].is_signed) {
        /* An explicit unsigned repr gets the narrowest wrapping range (observed on
         * rustc 1.95: repr(u8) {0, 200} is 200..=0). */
        for (size_t i = 0; i < nneeded; i++)
            needed[i] &= mask;
        vr = range_smallest_containing(needed, nneeded, ity * 8);
    } else {
        vr.start = (tt_u128)min & mask;
        vr.end = (tt_u128)max & mask;
    }
    free(needed);
    k->tag.prim = tagp;
    k->tag.valid = vr;
    k->tag.is_union = false;
    k->tag_offset = 0;
    k->enc = TAG_DIRECT;
    k->size = size;
    k->align = align;
    k->uninhabited = uninhabited;
    k->max_repr_align = max_repr_align;
    tagged_abi(c, k, fs, nf, nv);
    k->has_niche = niche_of_scalar(k->tag, 0, &k->niche);
    return true;
}

static bool niche_layout(tt_ctx *c, const tt_def *d, const tt_layout *const *const *fs,
                         const uint32_t *nf, candidate *k)
{
    uint32_t nv = d->nvariants;
    if (nv < 2)
        return false;
    unsigned errs = c->nerrors;
    tt_diag *saved_tail = c->diags_tail;
    k->variants = arena_alloc(c->arena, (nv + 1) * sizeof *k->variants);
    uint64_t align = 1, max_repr_align = d->repr.align;
    for (uint32_t v = 0; v < nv; v++) {
        bool sized;
        if (!layout_univariant(c, fs[v], nf[v], &d->repr, KIND_ALWAYS_SIZED, 0, 1,
                               &k->variants[v], &sized, d->variants[v].where)) {
            /* rustc drops the niche candidate silently; so do we. */
            diag_truncate(c, saved_tail, errs);
            return false;
        }
        if (k->variants[v].align > align)
            align = k->variants[v].align;
        if (k->variants[v].max_repr_align > max_repr_align)
            max_repr_align = k->variants[v].max_repr_align;
    }
    uint32_t largest = 0;
    for (uint32_t v = 1; v < nv; v++)
        if (k->variants[v].size >= k->variants[largest].size)
            largest = v; /* the last of the largest */
    int64_t first = -1, last = -1;
    for (uint32_t v = 0; v < nv; v++)
        if (v != largest && !absent(fs[v], nf[v])) {
            if (first < 0)
                first = v;
            last = v;
        }
    if (first < 0)
        return false;
    tt_variant_layout *big = &k->variants[largest];
    if (!big->has_niche)
        return false;
    tt_u128 count = (tt_u128)(last - first + 1), start;
    tt_range nr;
    if (!scalar_niche_reserve(big->niche.scalar.prim, big->niche.scalar.valid, count, c->nightly,
                              &start, &nr))
        return false;
    uint64_t niche_off = big->niche.offset, niche_size = big->niche.scalar.prim.size;
    uint64_t size = align_up(big->size, align);
    for (uint32_t v = 0; v < nv; v++) {
        if (v == largest)
            continue;
        tt_variant_layout *vl = &k->variants[v];
        vl->has_niche = false;
        if (vl->size <= niche_off)
            continue; /* fits before the niche */
        uint64_t shift = align_up(niche_off + niche_size, vl->align);
        if (shift + vl->size > size)
            return false;
        for (uint32_t i = 0; i < vl->nfields; i++)
            vl->offsets[i] += shift;
        if (!vl->uninhabited)
            vl->abi = ABI_MEMORY;
        vl->size += shift;
    }
    tt_scalar ns = big->niche.scalar;
    ns.valid = nr;
    bool others_zst = true, uninhabited = true;
    for (uint32_t v = 0; v < nv; v++) {
        if (v != largest && k->variants[v].size != 0)
            others_zst = false;
        if (!k->variants[v].uninhabited)
            uninhabited = false;
    }
    k->abi = ABI_MEMORY;
    if (others_zst && size == big->size && align == big->align) {
        if (big->abi == ABI_SCALAR) {
            k->abi = ABI_SCALAR;
            k->a = ns;
        } else if (big->abi == ABI_PAIR) {
            k->abi = ABI_PAIR;
            k->b_offset = big->b_offset;
            if (niche_off == 0) {
                k->a = ns;
                k->b = big->b;
                k->b.is_union = true;
            } else {
                k->a = big->a;
                k->a.is_union = true;
                k->b = ns;
            }
        }
    }
    k->size = size;
    k->align = align;
    k->uninhabited = uninhabited;
    k->max_repr_align = max_repr_align;
    k->tag = ns;
    k->tag_offset = niche_off;
    k->enc = TAG_NICHE;
    k->untagged = largest;
    k->first = (uint32_t)first;
    k->last = (uint32_t)last;
    k->niche_start = start;
    k->has_niche = niche_of_scalar(ns, niche_off, &k->niche);
    return true;
}

static void from_candidate(tt_layout *l, const candidate *k)
{
    l->sized = true;
    l->size = k->size;
    l->align = k->align;
    l->uninhabited = k->uninhabited;
    l->abi = k->abi;
    l->a = k->a;
    l->b = k->b;
    l->b_offset = k->b_offset;
    l->has_niche = k->has_niche;
    l->niche = k->niche;
    l->max_repr_align = k->max_repr_align;
    l->variants = k->variants;
    l->tag = k->tag;
    l->tag_offset = k->tag_offset;
    l->tag_encoding = k->enc;
    l->untagged_variant = k->untagged;
    l->niche_first = k->first;
    l->niche_last = k->last;
    l->niche_start = k->niche_start;
}

static tt_u128 cand_niche(const candidate *k)
{
    return k->has_niche ? range_available(k->niche.scalar.prim, k->niche.scalar.valid) : 0;
}

bool layout_enum(tt_ctx *c, tt_type *t, tt_layout *l, const tt_loc *where)
{
    const tt_def *d = t->def;
    const tt_repr *repr = &d->repr;
    uint32_t nv = d->nvariants;
    (void)where;
    if (repr->transparent && nv != 1) {
        diag_add(c, TT_ERROR, d->where,
                 "transparent enum needs exactly one variant, but has %u (rustc E0731)", nv);
        return false;
    }
    const tt_layout ***fs = arena_alloc(c->arena, (nv + 1) * sizeof *fs);
    uint32_t *nf = arena_alloc(c->arena, (nv + 1) * sizeof *nf);
    bool explicit_discr = false, has_fields = false;
    for (uint32_t v = 0; v < nv; v++) {
        nf[v] = d->variants[v].nfields;
        fs[v] = arena_alloc(c->arena, (nf[v] + 1) * sizeof **fs);
        for (uint32_t i = 0; i < nf[v]; i++) {
            tt_type *ft = types_field(c, t, v, i);
            if (!ft || !(fs[v][i] = layout_of(c, ft, d->variants[v].fields[i].where)))
                return false;
            if (!fs[v][i]->sized) {
                diag_add(c, TT_ERROR, d->variants[v].fields[i].where,
                         "enum variant fields must be sized (rustc E0277)");
                return false;
            }
        }
        if (d->variants[v].has_discr)
            explicit_discr = true;
        if (nf[v])
            has_fields = true;
    }
    int_ty dt = repr->int_kind >= 0 ? int_kinds[repr->int_kind] : (int_ty){8, true};
    tt_u128 *discr = arena_alloc(c->arena, (nv + 1) * sizeof *discr);
    if (!discriminants(c, d, dt, discr))
        return false;
    if (explicit_discr && has_fields && repr->int_kind < 0 && !repr->c && !d->from_prelude)
        diag_add(c, TT_WARNING, d->where,
                 "enum `%s` has explicit discriminants and variants with fields; rustc requires a "
                 "#[repr(inttype)] for that (E0732); laid out as rustc would without one",
                 d->name);
    l->is_enum = true;
    l->nvariants = nv;
    l->discriminants = discr;
    l->tag_encoding = TAG_NONE;

    int64_t present_first = -1;
    bool present_second = false;
    /* Stable 1.95 skips absent variants unless repr(C); nightly 1.97 also keeps them
     * under an integer repr (observed: #[repr(u8)] enum E { A(!) } is 0 bytes on
     * stable, 1 on nightly). */
    bool keep_absent = repr->c || (c->nightly && repr->int_kind >= 0);
    for (uint32_t v = 0; v < nv; v++) {
        if (!keep_absent && absent(fs[v], nf[v]))
            continue;
        if (present_first < 0)
            present_first = v;
        else
            present_second = true;
    }
    if (present_first < 0) {
        /* No constructible variant: the never type's layout. */
        l->sized = true;
        l->align = 1;
        l->uninhabited = true;
        l->abi = ABI_MEMORY;
        l->variants = arena_alloc(c->arena, (nv + 1) * sizeof *l->variants);
        for (uint32_t v = 0; v < nv; v++) {
            l->variants[v].nfields = nf[v];
            l->variants[v].offsets = arena_alloc(c->arena, (nf[v] + 1) * sizeof(uint64_t));
        }
        return true;
    }
    bool inhibit = repr->c || repr->int_kind >= 0;
    if (!present_second && !inhibit) {
        /* One constructible variant and no repr: laid out as that struct, no tag. */
        tt_variant_layout sv;
        bool sized;
        uint32_t v = (uint32_t)present_first;
        if (!layout_univariant(c, fs[v], nf[v], repr, KIND_ALWAYS_SIZED, 0, 1, &sv, &sized,
                               d->variants[v].where))
            return false;
        l->sized = true;
        l->size = sv.size;
        l->align = sv.align;
        l->uninhabited = sv.uninhabited;
        l->abi = sv.abi;
        l->a = sv.a;
        l->b = sv.b;
        l->b_offset = sv.b_offset;
        l->has_niche = sv.has_niche;
        l->niche = sv.niche;
        l->max_repr_align = sv.max_repr_align;
        l->single_variant_index_valid = true;
        l->single_variant = v;
        l->variants = arena_alloc(c->arena, (nv + 1) * sizeof *l->variants);
        for (uint32_t w = 0; w < nv; w++) {
            if (w == v) {
                l->variants[w] = sv;
                continue;
            }
            /* Absent variants: all fields are 1-ZSTs at offset 0. */
            l->variants[w].nfields = nf[w];
            l->variants[w].offsets = arena_alloc(c->arena, (nf[w] + 1) * sizeof(uint64_t));
            l->variants[w].memory_order = arena_alloc(c->arena, (nf[w] + 1) * sizeof(uint32_t));
            l->variants[w].uninhabited = true;
            l->variants[w].align = 1;
            for (uint32_t i = 0; i < nf[w]; i++)
                l->variants[w].memory_order[i] = i;
        }
        return true;
    }
    candidate tagged = {0}, niche = {0};
    if (!tagged_layout(c, d, (const tt_layout *const *const *)fs, nf, discr, dt, &tagged))
        return false;
    bool have_niche = !inhibit && !explicit_discr &&
                      niche_layout(c, d, (const tt_layout *const *const *)fs, nf, &niche);
    /* Smaller wins; at equal size the larger remaining niche; otherwise tagged. */
    const candidate *best = &tagged;
    if (have_niche && (tagged.size > niche.size ||
                       (tagged.size == niche.size && cand_niche(&tagged) < cand_niche(&niche))))
        best = &niche;
    from_candidate(l, best);
    return true;
}
