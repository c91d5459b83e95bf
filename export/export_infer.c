/* repr(C) is invisible in debuginfo, but its effect is not: a struct whose rustc offsets
 * are exactly C's declaration-order placement while the Rust algorithm would reorder its
 * fields must be repr(C). This pass lays each such struct of the export records out both
 * ways with the engine and adds "C" to its repr where only C agrees.
 * The same holds for a generic last field `T: ?Sized` (debuginfo gives instances without
 * bounds): where neither agrees but Rust's placement with the last field kept last does,
 * the struct gets maybe_unsized_tail.
 * repr(align(N)) and repr(packed(N)) are visible (the exporter records them), so
 * repr(C, align(N)) and repr(C, packed(N)) are found the same way: packing caps each
 * field's alignment in both placements, align(N) moves no field.
 *
 * Every candidate of a round is decided and marked at once: a struct's verdict uses its
 * fields' layouts, whose sizes and offsets come from their own layout blocks (rustc's) but
 * whose niches follow their repr. Rounds repeat, each over a fresh type context (layouts
 * are memoised per context) holding the same records, until one marks nothing: each round
 * marks a struct not marked before, so this ends. */
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "../layout/xalloc.h"

/* Offsets of d's fields placed in declaration order (C), from the fields' own layouts,
 * each field's alignment capped by repr(packed(N)). */
static bool c_offsets(tt_ctx *c, tt_type *t, uint64_t *out)
{
    const tt_def *d = t->def;
    uint64_t off = 0;
    for (uint32_t i = 0; i < d->nfields; i++) {
        tt_type *ft = types_field(c, t, 0, i);
        const tt_layout *fl = ft ? layout_of(c, ft, d->where) : NULL;
        if (!fl || !fl->sized)
            return false;
        uint64_t a = fl->align;
        if (d->repr.pack && d->repr.pack < a)
            a = d->repr.pack;
        off = (off + a - 1) & ~(a - 1);
        out[i] = off;
        off += fl->size;
    }
    return true;
}

enum { VERDICT_NONE, VERDICT_C, VERDICT_TAIL };

/* Whether a placement (NULL: none) puts the n fields at rustc's offsets. */
static bool same_offsets(const uint64_t *got, const uint64_t *want, uint32_t n)
{
    for (uint32_t f = 0; got && f < n; f++)
        if (got[f] != want[f])
            return false;
    return got != NULL;
}

/* What explains d's layout block (rustc's offsets) when the Rust placement does not: C's
 * placement, or Rust's with the last field kept last. */
static int verdict(tt_ctx *c, tt_def *d)
{
    uint64_t *want = xcalloc(d->nfields, sizeof *want), *cpos = xcalloc(d->nfields, sizeof *cpos);
    bool have = true;
    for (uint32_t f = 0; have && f < d->nfields; f++) {
        uint32_t k = 0;
        while (k < d->layout.nfields && (!d->layout.field_names[k] ||
                                          strcmp(d->layout.field_names[k], d->fields[f].name) != 0))
            k++;
        have = k < d->layout.nfields;
        if (have)
            want[f] = d->layout.field_offsets[k];
    }
    tt_layout_block saved = d->layout;
    d->layout.present = false; /* the engine's own answer */
    tt_type *t = have ? types_of_def(c, d, d->where) : NULL;
    const tt_layout *l = t ? layout_of(c, t, d->where) : NULL;
    int v = VERDICT_NONE;
    if (l && !same_offsets(l->offsets, want, d->nfields)) {
        if (same_offsets(c_offsets(c, t, cpos) ? cpos : NULL, want, d->nfields)) {
            v = VERDICT_C;
        } else if (!d->maybe_unsized_tail) {
            d->maybe_unsized_tail = true;
            t->layout_state = 0; /* lay it out again, the last field kept last */
            const tt_layout *kept = layout_of(c, t, d->where);
            if (same_offsets(kept ? kept->offsets : NULL, want, d->nfields))
                v = VERDICT_TAIL;
            d->maybe_unsized_tail = false;
        }
    }
    if (t)
        t->layout_state = 0;
    d->layout = saved;
    free(want);
    free(cpos);
    return v;
}

tt_ctx *export_records_ctx(const export_records *r)
{
    tt_ctx *c = ctx_new();
    ingest_prelude(c);
    for (uint32_t i = 0; i < r->ndefs; i++)
        types_add_def(c, r->defs[i], false);
    return c;
}

unsigned export_infer_repr(export_records *r)
{
    int *verdicts = xcalloc(r->ndefs + 1, sizeof *verdicts);
    unsigned marked = 0, n;
    do {
        tt_ctx *c = export_records_ctx(r);
        for (uint32_t i = 0; i < r->ndefs; i++) {
            tt_def *d = r->defs[i];
            verdicts[i] = d->kind == DEF_STRUCT && d->nfields >= 2 && !d->ngenerics &&
                                  !d->repr.c && d->layout.present &&
                                  d->layout.nfields == d->nfields
                              ? verdict(c, d) : VERDICT_NONE;
        }
        ctx_free(c);
        n = 0;
        for (uint32_t i = 0; i < r->ndefs; i++) {
            if (verdicts[i] == VERDICT_C)
                r->defs[i]->repr.c = true;
            else if (verdicts[i] == VERDICT_TAIL)
                r->defs[i]->maybe_unsized_tail = true;
            n += verdicts[i] != VERDICT_NONE;
        }
        marked += n;
    } while (n);
    free(verdicts);
    return marked;
}
