/* JSON ingest: a rust-types/1 document -> tt_def / tt_fn_def records in the context.
 * With ingest_reader.c, the only files that include json-c. Every error names the JSON path. */
#include <ctype.h>
#include <errno.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "ingest_reader.h"
#include "model.h"
#include "xalloc.h"

static bool parse_pow2_arg(const char *s, const char *prefix, uint64_t *out)
{
    size_t n = strlen(prefix);
    if (strncmp(s, prefix, n) != 0 || s[n] != '(')
        return false;
    char *end;
    errno = 0;
    if (!isdigit((unsigned char)s[n + 1]))
        return false;
    unsigned long long v = strtoull(s + n + 1, &end, 10);
    if (errno || strcmp(end, ")") != 0)
        return false;
    *out = v;
    return true;
}

static void parse_repr(reader *r, json_object *arr, const tt_loc *where, tt_def *d)
{
    tt_repr *rp = &d->repr;
    rp->int_kind = -1;
    if (!arr)
        return;
    if (!json_object_is_type(arr, json_type_array)) {
        rd_err(r, where, "expected an array of repr strings");
        return;
    }
    bool packed_seen = false;
    for (size_t i = 0; i < json_object_array_length(arr); i++) {
        json_object *v = json_object_array_get_idx(arr, i);
        const tt_loc *w = rd_idx(r, where, i);
        if (!json_object_is_type(v, json_type_string)) {
            rd_err(r, w, "expected a string");
            continue;
        }
        const char *s = json_object_get_string(v);
        uint64_t n;
        if (strcmp(s, "C") == 0)
            rp->c = true;
        else if (strcmp(s, "transparent") == 0)
            rp->transparent = true;
        else if (strcmp(s, "no_niche") == 0)
            rp->no_niche = true;
        else if (strcmp(s, "simd") == 0)
            rp->simd = true;
        else if (strcmp(s, "packed") == 0 || parse_pow2_arg(s, "packed", &n)) {
            if (strcmp(s, "packed") == 0)
                n = 1;
            if (packed_seen)
                rd_err(r, w, "conflicting packed representation hints (rustc E0634)");
            else if (n == 0 || (n & (n - 1)) || n > ((uint64_t)1 << 29))
                rd_err(r, w, "packed(N) needs a power of two up to 2^29");
            packed_seen = true;
            rp->pack = n;
        } else if (parse_pow2_arg(s, "align", &n)) {
            if (n == 0 || (n & (n - 1)) || n > ((uint64_t)1 << 29))
                rd_err(r, w, "align(N) needs a power of two up to 2^29 (rustc E0589)");
            else if (n > rp->align)
                rp->align = n; /* several align hints: the largest wins, as in rustc */
        } else {
            int k = types_int_kind(s);
            if (k < 0) {
                rd_err(r, w, arena_printf(r->c->arena, "unknown repr \"%s\"", s));
                continue;
            }
            if (rp->int_kind >= 0)
                rd_err(r, w, "conflicting integer representation hints (rustc E0566)");
            rp->int_kind = k;
        }
    }
    /* The combinations rustc rejects. */
    if (rp->pack && rp->align)
        rd_err(r, where, "a type cannot be both packed and aligned (rustc E0587)");
    if (rp->transparent && (rp->c || rp->pack || rp->align || rp->int_kind >= 0))
        rd_err(r, where, "repr(transparent) cannot be combined with other representation hints "
                      "(rustc E0692)");
    if (rp->int_kind >= 0 && d->kind != DEF_ENUM)
        rd_err(r, where, "integer representation hints are only allowed on enums (rustc E0517)");
    if (rp->simd && (d->kind != DEF_STRUCT || rp->c || rp->transparent || rp->pack))
        rd_err(r, where, "repr(simd) applies to structs only, without C, transparent or packed");
    if (rp->pack && d->kind == DEF_ENUM)
        rd_err(r, where, "repr(packed) is not allowed on enums (rustc E0517)");
}

static bool is_ident(const char *s)
{
    if (!isalpha((unsigned char)*s) && *s != '_')
        return false;
    for (s++; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return false;
    return true;
}

static tt_field_def *parse_fields(reader *r, json_object *arr, const tt_loc *where, uint32_t *n)
{
    *n = 0;
    if (!json_object_is_type(arr, json_type_array)) {
        rd_err(r, where, arena_printf(r->c->arena, "expected an array of fields, found %s",
                                   rd_type_name(arr)));
        return NULL;
    }
    size_t len = json_object_array_length(arr);
    tt_field_def *fs = arena_alloc(r->c->arena, (len ? len : 1) * sizeof *fs);
    size_t named = 0;
    static const char *const keys[] = {"name", "ty", "points_to", "doc", NULL};
    for (size_t i = 0; i < len; i++) {
        json_object *f = json_object_array_get_idx(arr, i);
        const tt_loc *w = rd_idx(r, where, i);
        tt_field_def *fd = &fs[i];
        fd->where = w;
        if (!json_object_is_type(f, json_type_object)) {
            rd_err(r, w, "expected a field object");
            continue;
        }
        rd_check_keys(r, f, w, keys);
        fd->name = rd_get_string(r, f, "name", w, false);
        if (fd->name && !is_ident(fd->name)) {
            rd_err(r, rd_dot(r, w, "name"),
                arena_printf(r->c->arena, "field name \"%s\" is not a Rust identifier", fd->name));
            fd->name = NULL;
        }
        if (fd->name) {
            named++;
            for (size_t j = 0; j < i; j++)
                if (fs[j].name && strcmp(fs[j].name, fd->name) == 0)
                    rd_err(r, rd_dot(r, w, "name"),
                        arena_printf(r->c->arena, "duplicate field name \"%s\" (rustc E0124)",
                                     fd->name));
        }
        fd->ty_src = rd_get_string(r, f, "ty", w, true);
        if (fd->ty_src)
            fd->ty = rd_tyexpr(r, fd->ty_src, rd_dot(r, w, "ty"));
        const char *pt = rd_get_string(r, f, "points_to", w, false);
        if (pt)
            fd->points_to = rd_tyexpr(r, pt, rd_dot(r, w, "points_to"));
    }
    if (named && named != len)
        rd_err(r, where, "fields must be all named or all positional");
    for (size_t i = 0; i < len; i++)
        if (!fs[i].name)
            fs[i].name = arena_printf(r->c->arena, "%zu", i);
    *n = (uint32_t)len;
    return fs;
}

static void parse_variants(reader *r, json_object *arr, const tt_loc *where, tt_def *d)
{
    if (!json_object_is_type(arr, json_type_array)) {
        rd_err(r, where, "expected an array of variants");
        return;
    }
    size_t len = json_object_array_length(arr);
    d->variants = arena_alloc(r->c->arena, (len ? len : 1) * sizeof *d->variants);
    d->nvariants = (uint32_t)len;
    static const char *const keys[] = {"name", "fields", "discriminant", "doc", NULL};
    for (size_t i = 0; i < len; i++) {
        json_object *v = json_object_array_get_idx(arr, i);
        const tt_loc *w = rd_idx(r, where, i);
        tt_variant_def *vd = &d->variants[i];
        vd->where = w;
        if (!json_object_is_type(v, json_type_object)) {
            rd_err(r, w, "expected a variant object");
            vd->name = "?";
            continue;
        }
        rd_check_keys(r, v, w, keys);
        vd->name = rd_get_string(r, v, "name", w, true);
        if (vd->name && !is_ident(vd->name))
            rd_err(r, rd_dot(r, w, "name"),
                arena_printf(r->c->arena, "variant name \"%s\" is not a Rust identifier", vd->name));
        if (!vd->name)
            vd->name = "?";
        for (size_t j = 0; j < i; j++)
            if (strcmp(d->variants[j].name, vd->name) == 0)
                rd_err(r, rd_dot(r, w, "name"),
                    arena_printf(r->c->arena, "duplicate variant name \"%s\" (rustc E0428)",
                                 vd->name));
        json_object *fs = rd_get(v, "fields");
        if (fs)
            vd->fields = parse_fields(r, fs, rd_dot(r, w, "fields"), &vd->nfields);
        json_object *disc = rd_get(v, "discriminant");
        if (disc)
            vd->has_discr = rd_big(r, disc, rd_dot(r, w, "discriminant"), &vd->discr,
                                      &vd->discr_negative);
    }
}

static void parse_layout_fields(reader *r, json_object *arr, const tt_loc *where, uint32_t *n,
                                const char ***names, uint64_t **offsets)
{
    *n = 0;
    if (!json_object_is_type(arr, json_type_array)) {
        rd_err(r, where, "expected an array");
        return;
    }
    size_t len = json_object_array_length(arr);
    *names = arena_alloc(r->c->arena, (len ? len : 1) * sizeof **names);
    *offsets = arena_alloc(r->c->arena, (len ? len : 1) * sizeof **offsets);
    static const char *const keys[] = {"name", "offset", NULL};
    for (size_t i = 0; i < len; i++) {
        json_object *f = json_object_array_get_idx(arr, i);
        const tt_loc *w = rd_idx(r, where, i);
        if (!json_object_is_type(f, json_type_object)) {
            rd_err(r, w, "expected an object");
            continue;
        }
        rd_check_keys(r, f, w, keys);
        (*names)[i] = rd_get_string(r, f, "name", w, true);
        rd_u64_field(r, f, "offset", w, &(*offsets)[i]);
    }
    *n = (uint32_t)len;
}

static void parse_layout_block(reader *r, json_object *o, const tt_loc *where, tt_def *d)
{
    tt_layout_block *lb = &d->layout;
    if (!json_object_is_type(o, json_type_object)) {
        rd_err(r, where, "expected a layout object");
        return;
    }
    static const char *const keys[] = {"size", "align", "fields", "variants", "doc", NULL};
    rd_check_keys(r, o, where, keys);
    lb->where = where;
    lb->present = true;
    rd_u64_field(r, o, "size", where, &lb->size);
    if (rd_u64_field(r, o, "align", where, &lb->align) &&
        (lb->align == 0 || (lb->align & (lb->align - 1))))
        rd_err(r, rd_dot(r, where, "align"), "alignment must be a power of two");
    json_object *fs = rd_get(o, "fields");
    if (fs)
        parse_layout_fields(r, fs, rd_dot(r, where, "fields"), &lb->nfields, &lb->field_names,
                            &lb->field_offsets);
    json_object *vs = rd_get(o, "variants");
    if (vs) {
        const tt_loc *vw = rd_dot(r, where, "variants");
        if (!json_object_is_type(vs, json_type_array)) {
            rd_err(r, vw, "expected an array");
            return;
        }
        size_t len = json_object_array_length(vs);
        lb->nvariants = (uint32_t)len;
        lb->variant_names = arena_alloc(r->c->arena, (len ? len : 1) * sizeof(char *));
        lb->variant_nfields = arena_alloc(r->c->arena, (len ? len : 1) * sizeof(uint32_t));
        lb->variant_field_names = arena_alloc(r->c->arena, (len ? len : 1) * sizeof(char **));
        lb->variant_field_offsets = arena_alloc(r->c->arena, (len ? len : 1) * sizeof(uint64_t *));
        static const char *const vkeys[] = {"name", "fields", NULL};
        for (size_t i = 0; i < len; i++) {
            json_object *v = json_object_array_get_idx(vs, i);
            const tt_loc *w = rd_idx(r, vw, i);
            if (!json_object_is_type(v, json_type_object)) {
                rd_err(r, w, "expected an object");
                continue;
            }
            rd_check_keys(r, v, w, vkeys);
            lb->variant_names[i] = rd_get_string(r, v, "name", w, true);
            json_object *vf = rd_get(v, "fields");
            if (vf)
                parse_layout_fields(r, vf, rd_dot(r, w, "fields"), &lb->variant_nfields[i],
                                    &lb->variant_field_names[i], &lb->variant_field_offsets[i]);
        }
    }
}

static void merge_generics(reader *r, tt_def *d, json_object *gen, const tt_loc *where)
{
    if (!json_object_is_type(gen, json_type_array)) {
        rd_err(r, where, "expected an array of generic parameter strings");
        return;
    }
    size_t len = json_object_array_length(gen);
    tt_buf key = {0};
    buf_put(&key, "_<");
    for (size_t i = 0; i < len; i++) {
        json_object *v = json_object_array_get_idx(gen, i);
        if (!json_object_is_type(v, json_type_string)) {
            rd_err(r, rd_idx(r, where, i), "expected a string");
            free(key.data);
            return;
        }
        buf_printf(&key, "%s%s", i ? ", " : "", json_object_get_string(v));
    }
    buf_put(&key, ">");
    const char *name, *e;
    tt_generic *params;
    uint32_t n;
    if (!tyexpr_parse_key(r->c->arena, key.data, &name, &params, &n, &e)) {
        rd_err(r, where, arena_printf(r->c->arena, "invalid generic parameters: %s", e));
    } else if (d->ngenerics == 0) {
        d->generics = params;
        d->ngenerics = n;
    } else {
        bool same = n == d->ngenerics;
        for (uint32_t i = 0; same && i < n; i++)
            same = strcmp(params[i].name, d->generics[i].name) == 0;
        if (!same)
            rd_err(r, where, "\"generics\" disagrees with the parameters in the type's key");
        for (uint32_t i = 0; same && i < n; i++) {
            d->generics[i].maybe_unsized |= params[i].maybe_unsized;
            if (!d->generics[i].dflt)
                d->generics[i].dflt = params[i].dflt;
        }
    }
    free(key.data);
}

static void parse_def(reader *r, const char *key, json_object *o, const tt_loc *where)
{
    tt_ctx *c = r->c;
    if (!json_object_is_type(o, json_type_object)) {
        rd_err(r, where, "expected a type definition object");
        return;
    }
    static const char *const keys[] = {"kind",   "generics",          "repr",
                                       "fields", "variants",          "valid_range_start",
                                       "valid_range_end", "layout",   "doc",
                                       "maybe_unsized_tail", NULL};
    rd_check_keys(r, o, where, keys);
    tt_def *d = arena_alloc(c->arena, sizeof *d);
    d->where = where;
    d->from_prelude = r->prelude;
    const char *e;
    if (!tyexpr_parse_key(c->arena, key, &d->name, &d->generics, &d->ngenerics, &e)) {
        rd_err(r, where, arena_printf(c->arena, "invalid type name \"%s\": %s", key, e));
        return;
    }
    for (uint32_t i = 0; i < d->ngenerics; i++)
        for (uint32_t j = 0; j < i; j++)
            if (strcmp(d->generics[i].name, d->generics[j].name) == 0)
                rd_err(r, where, arena_printf(c->arena, "duplicate generic parameter \"%s\"",
                                           d->generics[i].name));
    json_object *gen = rd_get(o, "generics");
    if (gen)
        merge_generics(r, d, gen, rd_dot(r, where, "generics"));
    const char *kind = rd_get_string(r, o, "kind", where, true);
    if (!kind)
        return;
    if (strcmp(kind, "struct") == 0)
        d->kind = DEF_STRUCT;
    else if (strcmp(kind, "enum") == 0)
        d->kind = DEF_ENUM;
    else if (strcmp(kind, "union") == 0)
        d->kind = DEF_UNION;
    else {
        rd_err(r, rd_dot(r, where, "kind"),
            arena_printf(c->arena, "unknown kind \"%s\" (expected struct, enum or union)", kind));
        return;
    }
    parse_repr(r, rd_get(o, "repr"), rd_dot(r, where, "repr"), d);
    json_object *fs = rd_get(o, "fields"), *vs = rd_get(o, "variants");
    if (d->kind == DEF_ENUM) {
        if (fs)
            rd_err(r, rd_dot(r, where, "fields"), "an enum has \"variants\", not \"fields\"");
        if (!vs)
            rd_err(r, where, "missing required key \"variants\"");
        else
            parse_variants(r, vs, rd_dot(r, where, "variants"), d);
    } else {
        if (vs)
            rd_err(r, rd_dot(r, where, "variants"),
                arena_printf(c->arena, "a %s has \"fields\", not \"variants\"", kind));
        if (!fs)
            rd_err(r, where, "missing required key \"fields\"");
        else
            d->fields = parse_fields(r, fs, rd_dot(r, where, "fields"), &d->nfields);
        if (d->kind == DEF_UNION && fs && d->nfields == 0)
            rd_err(r, rd_dot(r, where, "fields"), "a union needs at least one field");
    }
    json_object *vr;
    bool neg;
    if ((vr = rd_get(o, "valid_range_start"))) {
        d->has_vr_start = rd_big(r, vr, rd_dot(r, where, "valid_range_start"), &d->vr_start, &neg);
        if (neg)
            rd_err(r, rd_dot(r, where, "valid_range_start"), "must not be negative");
    }
    if ((vr = rd_get(o, "valid_range_end"))) {
        d->has_vr_end = rd_big(r, vr, rd_dot(r, where, "valid_range_end"), &d->vr_end, &neg);
        if (neg)
            rd_err(r, rd_dot(r, where, "valid_range_end"), "must not be negative");
    }
    json_object *mu = rd_get(o, "maybe_unsized_tail");
    if (mu) {
        if (!json_object_is_type(mu, json_type_boolean))
            rd_err(r, rd_dot(r, where, "maybe_unsized_tail"), "expected true or false");
        else if (d->kind != DEF_STRUCT)
            rd_err(r, rd_dot(r, where, "maybe_unsized_tail"), "applies to structs only");
        else
            d->maybe_unsized_tail = json_object_get_boolean(mu);
    }
    if ((d->has_vr_start || d->has_vr_end) && d->kind != DEF_STRUCT)
        rd_err(r, where, "valid_range_start/end apply to structs only");
    json_object *lb = rd_get(o, "layout");
    if (lb) {
        if (d->ngenerics)
            rd_err(r, rd_dot(r, where, "layout"),
                "a \"layout\" block needs a concrete type; this one has generic parameters");
        else
            parse_layout_block(r, lb, rd_dot(r, where, "layout"), d);
    }
    if (!r->ok)
        return;
    types_add_def(c, d, r->prelude);
}

static void parse_functions(reader *r, json_object *arr, const tt_loc *where)
{
    tt_ctx *c = r->c;
    if (!json_object_is_type(arr, json_type_array)) {
        rd_err(r, where, "expected an array of functions");
        return;
    }
    size_t len = json_object_array_length(arr);
    tt_fn_def *fns = arena_alloc(c->arena, (c->nfns + len + 1) * sizeof *fns);
    if (c->nfns)
        memcpy(fns, c->fns, c->nfns * sizeof *fns);
    static const char *const keys[] = {"symbol", "path", "args", "ret", "track_caller", "abi", "doc", NULL};
    static const char *const akeys[] = {"name", "ty", "doc", NULL};
    for (size_t i = 0; i < len; i++) {
        json_object *f = json_object_array_get_idx(arr, i);
        const tt_loc *w = rd_idx(r, where, i);
        tt_fn_def *fd = &fns[c->nfns + i];
        fd->where = w;
        if (!json_object_is_type(f, json_type_object)) {
            rd_err(r, w, "expected a function object");
            continue;
        }
        rd_check_keys(r, f, w, keys);
        /* A hand-written entry may know only the Rust path (the hash in the symbol is
         * rustc's); annotate then matches demangled symbols against it. */
        fd->symbol = rd_get_string(r, f, "symbol", w, false);
        fd->path = rd_get_string(r, f, "path", w, false);
        if (!fd->symbol && !fd->path)
            rd_err(r, w, "a function needs \"symbol\" or \"path\" (or both)");
        fd->ret_src = rd_get_string(r, f, "ret", w, false);
        if (!fd->ret_src)
            fd->ret_src = "()";
        fd->ret = rd_tyexpr(r, fd->ret_src, rd_dot(r, w, "ret"));
        json_object *tc = rd_get(f, "track_caller");
        if (tc) {
            if (!json_object_is_type(tc, json_type_boolean))
                rd_err(r, rd_dot(r, w, "track_caller"), "expected true or false");
            fd->track_caller = json_object_get_boolean(tc);
        }
        const char *abi = rd_get_string(r, f, "abi", w, false);
        if (abi && strcmp(abi, "Rust") != 0 && strcmp(abi, "C") != 0)
            rd_err(r, rd_dot(r, w, "abi"), "expected \"Rust\" or \"C\"");
        fd->abi_c = abi && strcmp(abi, "C") == 0;
        json_object *args = rd_get(f, "args");
        const tt_loc *aw = rd_dot(r, w, "args");
        if (!args) {
            rd_err(r, w, "missing required key \"args\"");
            continue;
        }
        if (!json_object_is_type(args, json_type_array)) {
            rd_err(r, aw, "expected an array of arguments");
            continue;
        }
        size_t na = json_object_array_length(args);
        fd->nargs = (uint32_t)na;
        fd->args = arena_alloc(c->arena, (na ? na : 1) * sizeof *fd->args);
        for (size_t j = 0; j < na; j++) {
            json_object *a = json_object_array_get_idx(args, j);
            const tt_loc *w2 = rd_idx(r, aw, j);
            fd->args[j].where = w2;
            if (!json_object_is_type(a, json_type_object)) {
                rd_err(r, w2, "expected an argument object");
                continue;
            }
            rd_check_keys(r, a, w2, akeys);
            fd->args[j].name = rd_get_string(r, a, "name", w2, false);
            fd->args[j].ty_src = rd_get_string(r, a, "ty", w2, true);
            if (fd->args[j].ty_src)
                fd->args[j].ty = rd_tyexpr(r, fd->args[j].ty_src, rd_dot(r, w2, "ty"));
        }
    }
    c->fns = fns;
    c->nfns += (uint32_t)len;
}

/* "locals": {"<metadata number>": {"name": ..., "ty": ...}}: the debuginfo variables of
 * one textual module (typetree export writes them), for typing the places they declare. */
static void parse_locals(reader *r, json_object *obj, const tt_loc *where)
{
    tt_ctx *c = r->c;
    if (!json_object_is_type(obj, json_type_object)) {
        rd_err(r, where, "expected an object mapping metadata numbers to variables");
        return;
    }
    static const char *const keys[] = {"name", "ty", "doc", NULL};
    json_object_object_foreach(obj, key, val) {
        const tt_loc *w = rd_key(r, where, key);
        char *end;
        errno = 0;
        unsigned long long id = strtoull(key, &end, 10);
        if (!*key || *end || errno || !isdigit((unsigned char)*key)) {
            rd_err(r, w, "a local's key is the metadata number of its DILocalVariable (digits)");
            continue;
        }
        if (!json_object_is_type(val, json_type_object)) {
            rd_err(r, w, "expected a variable object");
            continue;
        }
        rd_check_keys(r, val, w, keys);
        tt_local_def *l = arena_alloc(c->arena, sizeof *l);
        l->id = id;
        l->where = w;
        l->name = rd_get_string(r, val, "name", w, true);
        l->ty_src = rd_get_string(r, val, "ty", w, true);
        if (l->ty_src)
            l->ty = rd_tyexpr(r, l->ty_src, rd_dot(r, w, "ty"));
        if (l->name && l->ty)
            map_put(c->locals, arena_printf(c->arena, "%llu", id), l);
    }
}

static void syntax_error(reader *r, const char *text, size_t off, const char *desc)
{
    unsigned line = 1, column = 1;
    for (size_t i = 0; i < off && text[i]; i++) {
        if (text[i] == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
    }
    rd_err(r, loc_new(r->c->arena, r->file, "line %u, column %u", line, column),
        arena_printf(r->c->arena, "invalid JSON: %s", desc));
}

bool ingest_json_text(tt_ctx *c, const char *file, const char *text, size_t len, bool prelude)
{
    reader r = {.c = c, .file = file, .prelude = prelude, .ok = true};
    if (memchr(text, 0, len)) {
        rd_err(&r, rd_at(&r, NULL), "invalid JSON: the file contains a NUL byte");
        return false;
    }
    json_tokener *tok = json_tokener_new_ex(64);
    if (!tok)
        xalloc_fail();
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
    /* Callers pass NUL-terminated text; including the NUL tells json-c the input ends,
     * which it needs to finish a bare top-level number. */
    json_object *root = json_tokener_parse_ex(tok, text, (int)len + 1);
    enum json_tokener_error je = json_tokener_get_error(tok);
    size_t end = json_tokener_get_parse_end(tok);
    if (je == json_tokener_success && !root) {
        rd_err(&r, rd_at(&r, "$"), "expected a JSON object at the top level, found null");
    } else if (!root || je != json_tokener_success) {
        if (je == json_tokener_continue || end >= len)
            syntax_error(&r, text, len, "unexpected end of input");
        else
            syntax_error(&r, text, end, json_tokener_error_desc(je));
    } else {
        for (size_t i = end < len ? end : len; i < len; i++)
            if (!isspace((unsigned char)text[i])) {
                syntax_error(&r, text, i, "unexpected text after the document");
                break;
            }
    }
    json_tokener_free(tok);
    if (!r.ok) {
        json_object_put(root);
        return false;
    }
    if (!json_object_is_type(root, json_type_object)) {
        rd_err(&r, rd_at(&r, "$"), "expected a JSON object at the top level");
    } else {
        static const char *const keys[] = {"format", "target", "types", "functions", "locals",
                                           "doc", NULL};
        rd_check_keys(&r, root, rd_at(&r, "$"), keys);
        const char *fmt = rd_get_string(&r, root, "format", rd_at(&r, "$"), true);
        if (fmt && strcmp(fmt, "rust-types/1") != 0)
            rd_err(&r, rd_at(&r, "$.format"),
                arena_printf(c->arena, "unsupported format \"%s\" (expected \"rust-types/1\")", fmt));
        const char *target = rd_get_string(&r, root, "target", rd_at(&r, "$"), false);
        if (target && !prelude && !ctx_set_target(c, target))
            rd_err(&r, rd_at(&r, "$.target"),
                arena_printf(c->arena, "unsupported target \"%s\" (supported: %s)", target,
                             target_list()));
        json_object *types = rd_get(root, "types");
        if (types) {
            if (!json_object_is_type(types, json_type_object))
                rd_err(&r, rd_at(&r, "$.types"), "expected an object mapping type names to definitions");
            else {
                json_object_object_foreach(types, key, val)
                    parse_def(&r, key, val, rd_key(&r, rd_at(&r, "$.types"), key));
            }
        }
        json_object *fns = rd_get(root, "functions");
        if (fns)
            parse_functions(&r, fns, rd_at(&r, "$.functions"));
        json_object *locals = rd_get(root, "locals");
        if (locals)
            parse_locals(&r, locals, rd_at(&r, "$.locals"));
    }
    json_object_put(root);
    return r.ok;
}

bool ingest_json_file(tt_ctx *c, const char *path)
{
    const char *file = arena_strdup(c->arena, path);
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        diag_add(c, TT_ERROR, loc_new(c->arena, file, NULL), "cannot open: %s", strerror(errno));
        return false;
    }
    tt_buf b = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        buf_putn(&b, chunk, n);
    bool read_err = ferror(f);
    if (f != stdin)
        fclose(f);
    bool ok;
    if (read_err) {
        diag_add(c, TT_ERROR, loc_new(c->arena, file, NULL), "read error");
        ok = false;
    } else if (b.len > (size_t)INT32_MAX) {
        diag_add(c, TT_ERROR, loc_new(c->arena, file, NULL), "file too large for the JSON reader (over 2 GiB)");
        ok = false;
    } else {
        ok = ingest_json_text(c, file, b.data ? b.data : "", b.len, false);
    }
    free(b.data);
    return ok;
}

extern const char prelude_json[];
extern const size_t prelude_json_len;

bool ingest_prelude(tt_ctx *c)
{
    return ingest_json_text(c, "<prelude>", prelude_json, prelude_json_len, true);
}
