/* repr(C) is invisible in debuginfo, but its effect is not: a struct whose rustc offsets
 * are exactly C's declaration-order placement while the Rust algorithm would reorder its
 * fields must be repr(C). This pass reads the exported document back, lays each such
 * struct out both ways with the engine, and adds "repr": ["C"] where only C agrees. */
#include <stdlib.h>
#include <string.h>

#include "typetree.h"

/* Offsets of d's fields placed in declaration order (C), from the fields' own layouts. */
static bool c_offsets(tt_ctx *c, tt_type *t, uint64_t *out)
{
    const tt_def *d = t->def;
    uint64_t off = 0;
    for (uint32_t i = 0; i < d->nfields; i++) {
        tt_type *ft = types_field(c, t, 0, i);
        const tt_layout *fl = ft ? layout_of(c, ft, d->where) : NULL;
        if (!fl || !fl->sized)
            return false;
        off = (off + fl->align - 1) & ~(fl->align - 1);
        out[i] = off;
        off += fl->size;
    }
    return true;
}

/* Inserts `"repr": ["C"], ` after `"NAME": {"kind": "struct", ` in the JSON text. */
static bool insert_repr_c(tt_buf *json, const char *name)
{
    tt_buf pat = {0};
    buf_put(&pat, "\"");
    for (const char *s = name; *s; s++) {
        if (*s == '"' || *s == '\\')
            buf_put(&pat, "\\");
        buf_putn(&pat, s, 1);
    }
    buf_put(&pat, "\": {\"kind\": \"struct\", ");
    char *at = json->data ? strstr(json->data, pat.data) : NULL;
    bool ok = at != NULL;
    if (ok) {
        size_t pos = (size_t)(at - json->data) + pat.len;
        const char *ins = "\"repr\": [\"C\"], ";
        size_t n = strlen(ins);
        buf_putn(json, "", 0);
        tt_buf tail = {0};
        buf_putn(&tail, json->data + pos, json->len - pos);
        json->len = pos;
        buf_putn(json, ins, n);
        buf_putn(json, tail.data ? tail.data : "", tail.len);
        free(tail.data);
    }
    free(pat.data);
    return ok;
}

unsigned export_infer_repr_c(tt_ctx *outer, tt_buf *json)
{
    unsigned marked = 0;
    /* Marking one struct changes the layouts of those containing it: redo until stable. */
    for (int round = 0; round < 64; round++) {
        tt_ctx *c = ctx_new();
        bool changed = false;
        if (ingest_json_text(c, "<export>", json->data ? json->data : "", json->len, false) &&
            types_validate_defs(c)) {
            for (uint32_t i = 0; i < c->nuser_defs && !changed; i++) {
                tt_def *d = (tt_def *)c->user_defs[i];
                if (d->kind != DEF_STRUCT || d->nfields < 2 || d->ngenerics || d->repr.c ||
                    d->repr.pack || d->repr.align || !d->layout.present ||
                    d->layout.nfields != d->nfields)
                    continue;
                /* rustc's offsets, by field name, in declaration order */
                uint64_t *want = calloc(d->nfields, sizeof *want), *cpos = calloc(d->nfields, sizeof *cpos);
                bool have = want && cpos;
                for (uint32_t f = 0; have && f < d->nfields; f++) {
                    uint32_t k = 0;
                    while (k < d->layout.nfields &&
                           (!d->layout.field_names[k] ||
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
                bool rust_agrees = l != NULL;
                for (uint32_t f = 0; rust_agrees && f < d->nfields; f++)
                    rust_agrees = l->offsets[f] == want[f];
                bool c_agrees = l && !rust_agrees && c_offsets(c, t, cpos);
                for (uint32_t f = 0; c_agrees && f < d->nfields; f++)
                    c_agrees = cpos[f] == want[f];
                d->layout = saved;
                if (c_agrees && insert_repr_c(json, d->name)) {
                    marked++;
                    changed = true;
                }
                free(want);
                free(cpos);
            }
        }
        ctx_free(c);
        if (!changed)
            break;
    }
    (void)outer;
    return marked;
}
