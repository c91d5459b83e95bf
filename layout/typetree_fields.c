/* Layouts -> TypeTrees, the parts of a type that are lists (layout/typetree.c walks the
 * rest): a struct's or tuple's fields and their padding, and the alternatives of a union or
 * an enum, of which an entry survives only where every alternative agrees. */
#include <stdlib.h>
#include <string.h>

#include "typetree_build.h"
#include "xalloc.h"

/* Union fields and enum variants: an entry survives only if every alternative that
 * covers its first-level byte has the very same entry. */
typedef struct alternative {
    tt_tree entries;         /* sorted */
    uint64_t *lo, *hi;       /* covered first-level byte ranges [lo, hi) */
    uint32_t nranges;
} alternative;

/* Whether alternative a has a field overlapping the bytes [lo, hi). */
static bool covers(const alternative *a, uint64_t lo, uint64_t hi)
{
    for (uint32_t i = 0; i < a->nranges; i++)
        if (lo < a->hi[i] && a->lo[i] < hi)
            return true;
    return false;
}

/* The bytes an entry's scalar occupies at the first level: a float its width, a
 * pointer (and everything described below it) the pointer's size, an integer byte one. */
static uint64_t entry_span(const builder *b, const tt_entry *e)
{
    if (e->len > b->len + 1)
        return b->c->target->ptr_size;
    return tree_kind_width(b->c, (tt_kind)e->kind);
}

static bool has_entry(const alternative *a, const tt_entry *e)
{
    return a->entries.n && bsearch(e, a->entries.v, a->entries.n, sizeof *e, tree_entry_cmp) != NULL;
}

static void merge_alternatives(builder *b, alternative *alts, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        for (size_t k = 0; k < alts[i].entries.n; k++) {
            const tt_entry *e = &alts[i].entries.v[k];
            int64_t off = e->path[b->len];
            bool agreed = off >= 0;
            uint64_t lo = (uint64_t)off, hi = lo + entry_span(b, e);
            /* Every other alternative overlapping the scalar's bytes must say the same:
             * a float of variant A over bytes 4..11 and an integer of variant B at 8 make
             * both unknowable. */
            for (uint32_t j = 0; j < n && agreed; j++)
                if (j != i && covers(&alts[j], lo, hi) && !has_entry(&alts[j], e))
                    agreed = false;
            if (agreed)
                tree_push(b->out, e);
            else
                b->gap = true;
        }
    }
    for (uint32_t i = 0; i < n; i++)
        tree_free(&alts[i].entries);
}

/* Describes fields (of a struct, tuple, variant or union member list) into `into`. */
void tb_fields(builder *b, tt_type *t, uint32_t variant, const uint64_t *offsets, uint32_t n,
               int64_t base, tt_tree *into, struct alternative *cov)
{
    tt_tree *saved = b->out;
    b->out = into;
    for (uint32_t i = 0; i < n; i++) {
        tt_type *ft = t->kind == TY_TUPLE ? t->items[i] : types_field(b->c, t, variant, i);
        const tt_layout *fl = ft ? tb_lay(b, ft) : NULL;
        if (!fl) {
            b->gap = true;
            continue;
        }
        int64_t off = base + (int64_t)offsets[i];
        if (cov && fl->size) {
            cov->lo[cov->nranges] = (uint64_t)off;
            cov->hi[cov->nranges++] = (uint64_t)off + fl->size;
        }
        tt_type *pt = t->kind == TY_ADT ? types_field_points_to(b->c, t, variant, i) : NULL;
        if (pt && fl->abi == ABI_SCALAR && fl->a.prim.kind == PRIM_PTR) {
            /* The field is a type-erased pointer whose real pointee the format states. */
            tb_add(b, off, KIND_POINTER);
            if (pt->kind == TY_SLICE)
                tb_descend(b, off, pt->elem, true);
            else
                tb_descend(b, off, pt, false);
            continue;
        }
        tb_mem(b, ft, off);
    }
    b->out = saved;
}

void tb_alternatives(builder *b, tt_type *t, const tt_layout *l, int64_t base)
{
    const tt_def *d = t->def;
    uint32_t n = d->kind == DEF_ENUM ? l->nvariants : d->nfields;
    alternative *alts = xcalloc(n + 1, sizeof *alts);
    uint32_t used = 0;
    for (uint32_t v = 0; v < n; v++) {
        alternative *a = &alts[used];
        uint32_t nf = d->kind == DEF_ENUM ? l->variants[v].nfields : 1;
        a->lo = xcalloc(nf + 1, sizeof *a->lo);
        a->hi = xcalloc(nf + 1, sizeof *a->hi);
        if (d->kind == DEF_ENUM) {
            if (l->variants[v].uninhabited) {
                free(a->lo);
                free(a->hi);
                continue; /* no value of this variant exists */
            }
            tb_fields(b, t, v, l->variants[v].offsets, nf, base, &a->entries, a);
        } else {
            /* union field v alone, at offset 0 */
            tt_type *ft = types_field(b->c, t, 0, v);
            const tt_layout *fl = ft ? tb_lay(b, ft) : NULL;
            if (fl && fl->size) {
                a->lo[0] = (uint64_t)base;
                a->hi[0] = (uint64_t)base + fl->size;
                a->nranges = 1;
                tt_tree *saved = b->out;
                b->out = &a->entries;
                tb_mem(b, ft, base);
                b->out = saved;
            }
        }
        tree_normalize(&a->entries);
        used++;
    }
    merge_alternatives(b, alts, used);
    for (uint32_t i = 0; i < used; i++) {
        free(alts[i].lo);
        free(alts[i].hi);
    }
    free(alts);
}

/* The padding of a struct or tuple (bytes no field of non-zero size covers): Anything, one
 * entry per byte, as Enzyme's own Julia front end marks it. No value ever lives there, so
 * any type is true of it, and Enzyme can then type a copy that moves padding alone (SROA
 * splits a struct copied by value into slices, padding slices included: "Cannot deduce
 * type of copy" without it). Up to the offset limit. tests/enzyme-rules/padding-copy.ll
 * shows Enzyme typing such a copy with it and stopping without it. */
void tb_padding(builder *b, tt_type *t, const tt_layout *l, uint32_t n, int64_t base)
{
    /* behind a pointer only: a value's own padding (byte-offset trees of registers) moves
     * with the value, never alone */
    if (b->len == 0 || !l->sized || base > b->o->max_offset)
        return;
    uint64_t size = l->size, room = (uint64_t)(b->o->max_offset - base) + 1;
    if (size > room)
        size = room;
    uint8_t *used = xcalloc(size + 1, 1);
    for (uint32_t i = 0; i < n; i++) {
        tt_type *ft = t->kind == TY_TUPLE ? t->items[i] : types_field(b->c, t, 0, i);
        const tt_layout *fl = ft ? tb_lay(b, ft) : NULL;
        if (!fl)
            goto out; /* a field without a layout: which bytes it takes is unknown */
        for (uint64_t k = l->offsets[i]; k < l->offsets[i] + fl->size && k < size; k++)
            used[k] = 1;
    }
    for (uint64_t k = 0; k < size; k++)
        if (!used[k])
            tb_add(b, base + (int64_t)k, KIND_ANYTHING);
out:
    free(used);
}
