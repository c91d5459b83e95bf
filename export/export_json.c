/* Export records -> one rust-types/1 document, in the layout the schema documents: what
 * ingest reads back into the same records. JSON is written by hand: only ingest uses
 * json-c. */
#include <stdlib.h>
#include <string.h>

#include "export.h"

static void put_str(tt_buf *b, const char *key, const char *value)
{
    buf_printf(b, "\"%s\": ", key);
    buf_json_str(b, value);
}

/* A discriminant as the decimal text ingest reads (a minus sign and the magnitude). */
static void put_discr(tt_buf *b, const tt_variant_def *v)
{
    tt_buf num = {0};
    if (v->discr_negative) {
        buf_put(&num, "-");
        buf_u128(&num, (tt_u128)0 - v->discr);
    } else {
        buf_u128(&num, v->discr);
    }
    buf_put(b, ", \"discriminant\": ");
    buf_json_str(b, num.data);
    free(num.data);
}

static void put_repr(tt_buf *b, const tt_def *d)
{
    const tt_repr *r = &d->repr;
    if (d->maybe_unsized_tail)
        buf_put(b, "\"maybe_unsized_tail\": true, ");
    if (!r->c && !r->simd && !r->pack && !r->align && r->int_kind < 0)
        return;
    buf_put(b, "\"repr\": [");
    const char *sep = "";
    if (r->c || r->simd) {
        buf_put(b, r->c ? "\"C\"" : "\"simd\"");
        sep = ", ";
    }
    if (r->pack == 1)
        buf_printf(b, "%s\"packed\"", sep);
    else if (r->pack)
        buf_printf(b, "%s\"packed(%llu)\"", sep, (unsigned long long)r->pack);
    sep = r->c || r->simd || r->pack ? ", " : "";
    if (r->align)
        buf_printf(b, "%s\"align(%llu)\"", sep, (unsigned long long)r->align);
    sep = r->c || r->simd || r->pack || r->align ? ", " : "";
    if (r->int_kind >= 0)
        buf_printf(b, "%s\"%s\"", sep, types_int_name(r->int_kind));
    buf_put(b, "], ");
}

/* Fields are positional ("0", "1", ...) or all named; positional ones are written
 * without a name. */
static void put_fields(tt_buf *b, const tt_field_def *fs, uint32_t n)
{
    buf_put(b, "[");
    for (uint32_t i = 0; i < n; i++) {
        buf_put(b, i ? ", {" : "{");
        if (fs[i].name[0] < '0' || fs[i].name[0] > '9') {
            put_str(b, "name", fs[i].name);
            buf_put(b, ", ");
        }
        put_str(b, "ty", fs[i].ty_src);
        buf_put(b, "}");
    }
    buf_put(b, "]");
}

static void put_offsets(tt_buf *b, const char *const *names, const uint64_t *offsets, uint32_t n)
{
    buf_put(b, "[");
    for (uint32_t i = 0; i < n; i++) {
        buf_put(b, i ? ", {" : "{");
        put_str(b, "name", names[i]);
        buf_printf(b, ", \"offset\": %llu}", (unsigned long long)offsets[i]);
    }
    buf_put(b, "]");
}

/* An enum with data has fields in its layout block's variants (an empty list when it has
 * no variant at all); a fieldless enum's block has its size and alignment only. */
static void put_enum(tt_buf *b, const tt_def *d)
{
    const tt_layout_block *lb = &d->layout;
    bool data = lb->nvariants > 0 || d->nvariants == 0;
    buf_put(b, "\"variants\": [");
    for (uint32_t i = 0; i < d->nvariants; i++) {
        const tt_variant_def *v = &d->variants[i];
        if (data)
            buf_put(b, i ? ",\n        {" : "\n        {");
        else
            buf_put(b, i ? ", {" : "{");
        put_str(b, "name", v->name);
        if (v->has_discr)
            put_discr(b, v);
        if (data) {
            buf_put(b, ", \"fields\": ");
            put_fields(b, v->fields, v->nfields);
        }
        buf_put(b, "}");
    }
    buf_printf(b, "],\n      \"layout\": {\"size\": %llu, \"align\": %llu",
               (unsigned long long)lb->size, (unsigned long long)lb->align);
    if (data) {
        buf_put(b, ", \"variants\": [");
        for (uint32_t i = 0; i < lb->nvariants; i++) {
            buf_put(b, i ? ", {" : "{");
            put_str(b, "name", lb->variant_names[i]);
            buf_put(b, ", \"fields\": ");
            put_offsets(b, lb->variant_field_names[i], lb->variant_field_offsets[i],
                        lb->variant_nfields[i]);
            buf_put(b, "}");
        }
        buf_put(b, "]");
    }
    buf_put(b, "}}");
}

static void put_def(tt_buf *b, const tt_def *d)
{
    static const char *const kinds[] = {[DEF_STRUCT] = "struct", [DEF_ENUM] = "enum",
                                        [DEF_UNION] = "union"};
    buf_json_str(b, d->name);
    buf_printf(b, ": {\"kind\": \"%s\", ", kinds[d->kind]);
    put_repr(b, d);
    if (d->kind == DEF_ENUM) {
        put_enum(b, d);
        return;
    }
    const tt_layout_block *lb = &d->layout;
    buf_put(b, "\"fields\": ");
    put_fields(b, d->fields, d->nfields);
    buf_printf(b, ",\n      \"layout\": {\"size\": %llu, \"align\": %llu, \"fields\": ",
               (unsigned long long)lb->size, (unsigned long long)lb->align);
    put_offsets(b, lb->field_names, lb->field_offsets, lb->nfields);
    buf_put(b, "}}");
}

static void put_fn(tt_buf *b, const tt_fn_def *f, bool has_ret)
{
    buf_put(b, "{");
    put_str(b, "symbol", f->symbol);
    if (f->path) {
        buf_put(b, ", ");
        put_str(b, "path", f->path);
    }
    buf_put(b, ",\n     \"args\": [");
    for (uint32_t i = 0; i < f->nargs; i++) {
        buf_put(b, i ? ", {" : "{");
        if (f->args[i].name) {
            put_str(b, "name", f->args[i].name);
            buf_put(b, ", ");
        }
        put_str(b, "ty", f->args[i].ty_src);
        buf_put(b, "}");
    }
    buf_put(b, "]");
    if (has_ret) {
        buf_put(b, ", ");
        put_str(b, "ret", f->ret_src);
    }
    if (f->abi_c)
        buf_put(b, ", \"abi\": \"C\"");
    buf_put(b, "}");
}

void export_write_json(const export_records *r, const char *doc, tt_buf *out)
{
    buf_put(out, "{\n  \"format\": \"rust-types/1\",\n  ");
    put_str(out, "doc", doc);
    buf_put(out, ",\n  \"types\": {");
    for (uint32_t i = 0; i < r->ndefs; i++) {
        buf_put(out, i ? ",\n    " : "\n    ");
        put_def(out, r->defs[i]);
    }
    buf_put(out, r->ndefs ? "\n  },\n  \"functions\": [" : "},\n  \"functions\": [");
    for (uint32_t i = 0; i < r->nfns; i++) {
        buf_put(out, i ? ",\n    " : "\n    ");
        put_fn(out, &r->fns[i], r->fn_has_ret[i]);
    }
    buf_put(out, r->nfns ? "\n  ]" : "]");
    buf_put(out, ",\n  \"locals\": {");
    for (uint32_t i = 0; i < r->nlocals; i++) {
        const tt_local_def *l = &r->locals[i];
        buf_printf(out, "%s\"%llu\": {", i ? ",\n    " : "\n    ", (unsigned long long)l->id);
        put_str(out, "name", l->name);
        buf_put(out, ", ");
        put_str(out, "ty", l->ty_src);
        buf_put(out, "}");
    }
    buf_put(out, r->nlocals ? "\n  }\n}\n" : "}\n}\n");
}
