/* repr(C) is invisible in debuginfo, but its effect is not: a struct whose rustc offsets
 * are exactly C's declaration-order placement while the Rust algorithm would reorder its
 * fields must be repr(C). This pass reads the exported document back, lays each such
 * struct out both ways with the engine, and adds "C" to its "repr" where only C agrees.
 * The same holds for a generic last field `T: ?Sized` (debuginfo gives instances without
 * bounds): where neither agrees but Rust's placement with the last field kept last does,
 * the struct gets "maybe_unsized_tail": true.
 * repr(align(N)) and repr(packed(N)) are visible (the exporter writes them), so
 * repr(C, align(N)) and repr(C, packed(N)) are found the same way: packing caps each
 * field's alignment in both placements, align(N) moves no field.
 *
 * Every candidate of a round is decided and marked at once: a struct's verdict uses its
 * fields' layouts, which come from their own layout blocks (rustc's sizes), not from their
 * repr. Rounds repeat until one marks nothing (each marks at least one struct not marked
 * before, so there are at most as many rounds as structs; in practice one, plus the
 * confirming one). */
#include <stdlib.h>
#include <string.h>

#include "emit.h"

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
    uint64_t *want = calloc(d->nfields, sizeof *want), *cpos = calloc(d->nfields, sizeof *cpos);
    bool have = want && cpos;
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

/* The exporter writes each struct as `"NAME": {"kind": "struct", ` followed, when it has a
 * repr, by `"repr": [`. One pass: at every such opening whose NAME is in `mark`, "C" goes
 * first into the repr list (a new list when there is none), or "maybe_unsized_tail": true
 * comes first. Returns how many were marked. */
static unsigned mark_in_json(tt_buf *json, const tt_map *mark)
{
    static const char opening[] = "\": {\"kind\": \"struct\", ";
    static const char repr[] = "\"repr\": [";
    tt_buf out = {0}, key = {0};
    unsigned marked = 0;
    const char *s = json->data ? json->data : "", *copied = s, *at;
    while ((at = strstr(s, opening)) != NULL) {
        const char *after = at + sizeof opening - 1;
        /* the key: back to its opening quote (names never hold an unescaped quote) */
        const char *b = at;
        while (b > json->data && !(b[-1] == '"' && (b - 1 == json->data || b[-2] != '\\')))
            b--;
        key.len = 0;
        for (const char *p = b; p < at; p++) {
            if (*p == '\\' && p + 1 < at)
                p++;
            buf_putn(&key, p, 1);
        }
        buf_putn(&key, "", 0);
        const int *v = b > json->data ? map_get(mark, key.data) : NULL;
        if (v) {
            bool has = *v == VERDICT_C && strncmp(after, repr, sizeof repr - 1) == 0;
            const char *cut = has ? after + sizeof repr - 1 : after;
            buf_putn(&out, copied, (size_t)(cut - copied));
            buf_put(&out, *v == VERDICT_TAIL ? "\"maybe_unsized_tail\": true, "
                          : has ? "\"C\", " : "\"repr\": [\"C\"], ");
            copied = cut;
            marked++;
        }
        s = after;
    }
    buf_put(&out, copied);
    free(key.data);
    free(json->data);
    *json = out;
    return marked;
}

unsigned export_infer_repr_c(tt_ctx *outer, tt_buf *json)
{
    unsigned marked = 0;
    for (;;) {
        tt_ctx *c = ctx_new();
        ingest_prelude(c);
        tt_map *mark = map_new(c->arena);
        if (ingest_json_text(c, "<export>", json->data ? json->data : "", json->len, false) &&
            types_validate_defs(c)) {
            for (uint32_t i = 0; i < c->nuser_defs; i++) {
                tt_def *d = (tt_def *)c->user_defs[i];
                static const int verdicts[] = {VERDICT_NONE, VERDICT_C, VERDICT_TAIL};
                int v = d->kind == DEF_STRUCT && d->nfields >= 2 && !d->ngenerics && !d->repr.c &&
                                d->layout.present && d->layout.nfields == d->nfields
                            ? verdict(c, d) : VERDICT_NONE;
                if (v != VERDICT_NONE)
                    map_put(mark, d->name, (void *)&verdicts[v]);
            }
        }
        unsigned n = map_count(mark) ? mark_in_json(json, mark) : 0;
        ctx_free(c);
        marked += n;
        if (n == 0)
            break;
    }
    (void)outer;
    return marked;
}
