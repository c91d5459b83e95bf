/* Scalars and their valid ranges: niches, niche reservation, tag ranges.
 * Ranges are inclusive and wrap modulo 2^bits, as in rustc's WrappingRange. */
#include <stdlib.h>

#include "layout.h"
#include "xalloc.h"

static tt_u128 mask_of(unsigned size)
{
    return size >= 16 ? ~(tt_u128)0 : (((tt_u128)1 << (size * 8)) - 1);
}

uint64_t prim_align(const tt_ctx *c, tt_prim p)
{
    static const int log2_size[17] = {0, 0, 1, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 4};
    switch (p.kind) {
    case PRIM_PTR:
        return c->target->ptr_align;
    case PRIM_FLOAT:
        return c->target->float_align[log2_size[p.size] - 1];
    default:
        return c->target->int_align[log2_size[p.size]];
    }
}

tt_scalar scalar_full(tt_prim p)
{
    tt_scalar s = {.prim = p, .valid = {0, mask_of(p.size)}};
    return s;
}

tt_u128 range_available(tt_prim p, tt_range r)
{
    tt_u128 m = mask_of(p.size);
    return (r.start - r.end - 1) & m;
}

/* rustc 1.95's Niche::reserve: take `count` invalid values next to the valid range,
 * preferring the side that keeps zero reachable for the first reservation. */
static tt_u128 abs_signed(tt_u128 x, unsigned size)
{
    tt_u128 m = mask_of(size), sign = (m >> 1) + 1;
    return x & sign ? ((m - x) + 1) & m : x;
}

bool scalar_niche_reserve(tt_prim p, tt_range v, tt_u128 count, bool nightly, tt_u128 *start,
                          tt_range *out)
{
    tt_u128 max = mask_of(p.size);
    tt_u128 available = (v.start - v.end - 1) & max;
    if (count == 0 || count > available)
        return false;
    /* Nightly 1.97 (rust-lang/rust#155473, "prefer -1 for None"): a single value goes
     * to whichever neighbour of the valid range is nearer zero as a signed number,
     * start-1 on a tie; bool-like 0..=1 bytes keep the stable rule. Inferred from
     * probes, not from the source. */
    if (nightly && count == 1 && !(p.size == 1 && v.start == 0 && v.end == 1)) {
        tt_u128 lo = (v.start - 1) & max, hi = (v.end + 1) & max;
        *out = v;
        if (abs_signed(lo, p.size) <= abs_signed(hi, p.size)) {
            *start = lo;
            out->start = lo;
        } else {
            *start = hi;
            out->end = hi;
        }
        return true;
    }
    bool move_start;
    tt_u128 distance_end_zero = max - v.end;
    if (v.start > v.end) {
        move_start = false;
    } else if (v.start <= distance_end_zero) {
        move_start = count <= v.start;
    } else {
        tt_u128 end = (v.end + count) & max;
        bool overshot_zero = end >= 1 && end <= v.end;
        move_start = overshot_zero;
    }
    *out = v;
    if (move_start) {
        *start = (v.start - count) & max;
        out->start = *start;
    } else {
        *start = (v.end + 1) & max;
        out->end = (v.end + count) & max;
    }
    return true;
}

static int cmp_u128(const void *a, const void *b)
{
    tt_u128 x = *(const tt_u128 *)a, y = *(const tt_u128 *)b;
    return x < y ? -1 : x > y;
}

/* The narrowest wrapping range holding every value; ties go to the smaller start
 * (rustc's WrappingRange::smallest_range_containing). */
tt_range range_smallest_containing(const tt_u128 *vals, size_t n, unsigned bits)
{
    tt_range r = {0, 0};
    if (n == 0)
        return r;
    tt_u128 m = bits >= 128 ? ~(tt_u128)0 : (((tt_u128)1 << bits) - 1);
    tt_u128 *v = xmalloc(n * sizeof *v);
    for (size_t i = 0; i < n; i++)
        v[i] = vals[i];
    qsort(v, n, sizeof *v, cmp_u128);
    bool have = false;
    tt_u128 best_width = 0;
    for (size_t i = 0; i < n; i++) {
        tt_u128 end = v[i], start = v[(i + 1) % n];
        tt_u128 width = (end - start) & m; /* width - 1, no overflow at full range */
        if (!have || width < best_width || (width == best_width && start < r.start)) {
            have = true;
            best_width = width;
            r.start = start;
            r.end = end;
        }
    }
    free(v);
    return r;
}

const char *abi_name(tt_abikind k)
{
    return k == ABI_SCALAR ? "scalar" : k == ABI_PAIR ? "scalar_pair" : "memory";
}
