/* Layout -> JSON text, for `typetree layout`. Hand-written (only ingest uses json-c);
 * big integers are decimal strings because they may exceed 2^53. */
#include <string.h>

#include "emit.h"


static void json_big(tt_buf *b, tt_u128 v)
{
    buf_put(b, "\"");
    buf_u128(b, v);
    buf_put(b, "\"");
}

static void json_range(tt_buf *b, tt_range r)
{
    buf_put(b, "[");
    json_big(b, r.start);
    buf_put(b, ", ");
    json_big(b, r.end);
    buf_put(b, "]");
}

static const char *prim_name(tt_prim p)
{
    static const char *const ints[] = {"i8", "i16", "i32", "i64", "i128"};
    static const char *const uints[] = {"u8", "u16", "u32", "u64", "u128"};
    static const char *const floats[] = {"f16", "f32", "f64", "f128"};
    int lg = p.size == 1 ? 0 : p.size == 2 ? 1 : p.size == 4 ? 2 : p.size == 8 ? 3 : 4;
    if (p.kind == PRIM_PTR)
        return "ptr";
    if (p.kind == PRIM_FLOAT)
        return floats[lg - 1];
    return p.is_signed ? ints[lg] : uints[lg];
}

static void json_scalar(tt_buf *b, tt_scalar s)
{
    buf_printf(b, "{\"prim\": \"%s\"", prim_name(s.prim));
    if (!s.is_union) {
        buf_put(b, ", \"valid_range\": ");
        json_range(b, s.valid);
    }
    buf_put(b, "}");
}

static void json_fields(tt_buf *b, uint32_t n, const char *const *names, const uint64_t *offsets)
{
    buf_put(b, "[");
    for (uint32_t i = 0; i < n; i++) {
        buf_put(b, i ? ", {\"name\": " : "{\"name\": ");
        buf_json_str(b, names[i]);
        buf_printf(b, ", \"offset\": %llu}", (unsigned long long)offsets[i]);
    }
    buf_put(b, "]");
}

static const char *const *field_names(tt_ctx *c, const tt_type *t, uint32_t variant, uint32_t n)
{
    const char **names = arena_alloc(c->arena, (n + 1) * sizeof *names);
    for (uint32_t i = 0; i < n; i++) {
        if (t->kind == TY_ADT)
            names[i] = t->def->kind == DEF_ENUM ? t->def->variants[variant].fields[i].name
                                                : t->def->fields[i].name;
        else
            names[i] = arena_printf(c->arena, "%u", i);
    }
    return names;
}

static void json_discr(tt_buf *b, const tt_type *t, const tt_layout *l, uint32_t v)
{
    /* Shown as the Rust source value: signed discriminant types sign-extend. */
    const tt_def *d = t->def;
    int k = d->repr.int_kind;
    bool is_signed = k < 0 || k <= TT_INT_ISIZE;
    unsigned bytes = k < 0 ? 8 : (k == TT_INT_I8 || k == TT_INT_U8) ? 1
                     : (k == TT_INT_I16 || k == TT_INT_U16) ? 2
                     : (k == TT_INT_I32 || k == TT_INT_U32) ? 4
                     : (k == TT_INT_I128 || k == TT_INT_U128) ? 16 : 8;
    tt_u128 raw = l->discriminants[v];
    buf_put(b, "\"");
    if (is_signed && bytes < 16 && (raw >> (bytes * 8 - 1)) & 1) {
        buf_put(b, "-");
        buf_u128(b, (((tt_u128)1 << (bytes * 8)) - raw));
    } else if (is_signed && bytes == 16 && (raw >> 127)) {
        buf_put(b, "-");
        buf_u128(b, (tt_u128)0 - raw);
    } else {
        buf_u128(b, raw);
    }
    buf_put(b, "\"");
}

void layout_json(tt_ctx *c, tt_buf *out, const char *key, tt_type *t, const tt_layout *l)
{
    buf_json_str(out, key);
    buf_printf(out, ": {\"size\": %llu, \"align\": %llu, \"sized\": %s, \"abi\": \"%s\"",
               (unsigned long long)l->size, (unsigned long long)l->align,
               l->sized ? "true" : "false", l->vector ? "vector" : abi_name(l->abi));
    if (l->uninhabited)
        buf_put(out, ", \"uninhabited\": true");
    if (l->abi == ABI_SCALAR) {
        buf_put(out, ", \"scalar\": ");
        json_scalar(out, l->a);
    } else if (l->abi == ABI_PAIR) {
        buf_put(out, ", \"pair\": [");
        json_scalar(out, l->a);
        buf_put(out, ", ");
        json_scalar(out, l->b);
        buf_printf(out, "], \"pair_b_offset\": %llu", (unsigned long long)l->b_offset);
    }
    if (l->is_array) {
        if (l->sized)
            buf_printf(out, ", \"count\": %llu", (unsigned long long)l->count);
        buf_printf(out, ", \"stride\": %llu", (unsigned long long)l->stride);
    }
    bool has_fields = (t->kind == TY_TUPLE || (t->kind == TY_ADT && t->def->kind != DEF_ENUM));
    if (has_fields) {
        buf_put(out, ", \"fields\": ");
        json_fields(out, l->nfields, field_names(c, t, 0, l->nfields), l->offsets);
        buf_put(out, ", \"memory_order\": [");
        for (uint32_t i = 0; i < l->nfields; i++)
            buf_printf(out, "%s%u", i ? ", " : "", l->memory_order[i]);
        buf_put(out, "]");
    }
    if (l->is_enum) {
        const tt_def *d = t->def;
        buf_put(out, ", \"variants\": [");
        for (uint32_t v = 0; v < l->nvariants; v++) {
            buf_put(out, v ? ", {\"name\": " : "{\"name\": ");
            buf_json_str(out, d->variants[v].name);
            buf_put(out, ", \"discriminant\": ");
            json_discr(out, t, l, v);
            buf_put(out, ", \"fields\": ");
            json_fields(out, l->variants[v].nfields,
                        field_names(c, t, v, l->variants[v].nfields), l->variants[v].offsets);
            buf_put(out, "}");
        }
        buf_put(out, "]");
        if (l->tag_encoding == TAG_DIRECT) {
            buf_printf(out, ", \"tag\": {\"encoding\": \"direct\", \"offset\": %llu, \"size\": %u, "
                            "\"signed\": %s, \"valid_range\": ",
                       (unsigned long long)l->tag_offset, l->tag.prim.size,
                       l->tag.prim.is_signed ? "true" : "false");
            json_range(out, l->tag.valid);
            buf_put(out, "}");
        } else if (l->tag_encoding == TAG_NICHE) {
            buf_printf(out, ", \"tag\": {\"encoding\": \"niche\", \"offset\": %llu, \"size\": %u, "
                            "\"prim\": \"%s\", \"niche_start\": ",
                       (unsigned long long)l->tag_offset, l->tag.prim.size, prim_name(l->tag.prim));
            json_big(out, l->niche_start);
            buf_printf(out, ", \"niche_variants\": [%u, %u], \"untagged_variant\": %u, "
                            "\"valid_range\": ",
                       l->niche_first, l->niche_last, l->untagged_variant);
            json_range(out, l->tag.valid);
            buf_put(out, "}");
        }
    }
    if (l->has_niche) {
        buf_printf(out, ", \"niche\": {\"offset\": %llu, \"size\": %u, \"valid_range\": ",
                   (unsigned long long)l->niche.offset, l->niche.scalar.prim.size);
        json_range(out, l->niche.scalar.valid);
        buf_put(out, "}");
    }
    buf_put(out, "}");
}

unsigned layout_json_defs(tt_ctx *c, tt_buf *out)
{
    unsigned n = 0;
    for (uint32_t i = 0; i < c->nuser_defs; i++) {
        const tt_def *d = c->user_defs[i];
        if (d->ngenerics)
            continue;
        tt_type *t = types_of_def(c, d, d->where);
        const tt_layout *l = t ? layout_of(c, t, d->where) : NULL;
        if (l) {
            buf_put(out, n++ ? ",\n " : "\n ");
            layout_json(c, out, d->name, t, l);
        }
    }
    return n;
}
