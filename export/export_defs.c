/* Debuginfo composites -> definition records (tt_def): structs, unions, enums with data
 * and fieldless enums, each with rustc's size, alignment and offsets as its layout block,
 * as ingest would read them from the JSON the writer makes of them. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "../layout/xalloc.h"

/* A definition key for a concrete type: the path with every segment made an identifier
 * ("Gen<u64>" -> "Gen_u64", "{closure_env#0}" -> "closure_env_0"), unique in the file. */
static const char *key_for(exporter *x, const char *path)
{
    tt_buf b = {0};
    int depth = 0;
    bool sep = true, pending = false;
    for (const char *s = path; *s; s++) {
        if (*s == '<' || *s == '(' || *s == '[')
            depth++;
        else if ((*s == '>' || *s == ')' || *s == ']') && depth > 0)
            depth--;
        if (depth == 0 && s[0] == ':' && s[1] == ':') {
            buf_put(&b, "::");
            s++;
            sep = true;
            pending = false;
            continue;
        }
        if (*s == '&') { /* Option<&f64> and Option<f64> must not collide */
            buf_put(&b, sep ? "ref" : "_ref");
            sep = false;
            pending = true;
        } else if (isalnum((unsigned char)*s) || *s == '_') {
            if (pending && !sep)
                buf_put(&b, "_");
            if (sep && isdigit((unsigned char)*s))
                buf_put(&b, "_");
            buf_putn(&b, s, 1);
            sep = pending = false;
        } else {
            pending = true;
        }
    }
    if (!b.data || sep)
        buf_put(&b, "_");
    const char *base = arena_strdup(x->a, b.data), *key = base;
    free(b.data);
    for (unsigned k = 2; map_get(x->keys, key) || map_get(x->c->defs, key); k++)
        key = arena_printf(x->a, "%s_%u", base, k);
    map_put(x->keys, key, (void *)1);
    return key;
}

static bool positional(const char *name)
{
    if (!name || name[0] != '_' || name[1] != '_' || !name[2])
        return false;
    for (const char *s = name + 2; *s; s++)
        if (!isdigit((unsigned char)*s))
            return false;
    return true;
}

static bool all_positional(exporter *x, const long *m, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (!positional(di_str(x->a, di_get(&x->ix, m[i]), "name")))
            return false;
    return n > 0;
}

/* The fields of a struct, union or variant (`*out`) and their rustc offsets (`names`,
 * `offsets`: the layout block's entries). False when a field's type cannot be exported. */
static bool fields_of(exporter *x, const tt_loc *where, const long *m, uint32_t n,
                      tt_field_def **out, const char ***names, uint64_t **offsets)
{
    bool pos = all_positional(x, m, n);
    tt_field_def *fs = arena_alloc(x->a, (n ? n : 1) * sizeof *fs);
    *names = arena_alloc(x->a, (n ? n : 1) * sizeof **names);
    *offsets = arena_alloc(x->a, (n ? n : 1) * sizeof **offsets);
    *out = fs;
    for (uint32_t i = 0; i < n; i++) {
        const di_node *mn = di_get(&x->ix, m[i]);
        const char *ty = export_type(x, export_member_type(x, m[i]));
        if (!ty)
            return false;
        /* An unsized tail ([T] in Header<[T]>): rustc writes the member with the element
         * type and no size, where a zero-sized member's type has no size either. */
        if (i == n - 1 && !di_field(x->a, mn, "size") &&
            di_num(x->a, di_get(&x->ix, export_member_type(x, m[i])), "size", 0) > 0)
            ty = arena_printf(x->a, "[%s]", ty);
        fs[i].name = pos ? arena_printf(x->a, "%u", i) : di_str(x->a, mn, "name");
        fs[i].ty_src = ty;
        fs[i].ty = export_parse(x, ty, m[i]);
        if (!fs[i].ty)
            return false;
        fs[i].where = where;
        (*names)[i] = fs[i].name;
        (*offsets)[i] = di_num(x->a, mn, "offset", 0) / 8;
    }
    return true;
}

static tt_def *new_def(exporter *x, long id, const di_node *n, tt_defkind kind)
{
    tt_def *d = arena_alloc(x->a, sizeof *d);
    d->name = key_for(x, export_full_name(x, n));
    d->kind = kind;
    d->repr.int_kind = -1;
    d->where = export_where(x, id);
    d->layout.present = true;
    d->layout.where = d->where;
    d->layout.size = di_num(x->a, n, "size", 0) / 8;
    d->layout.align = di_num(x->a, n, "align", 8) / 8;
    x->memo[id] = d->name;
    return d;
}

/* Ends a definition: records it when its fields could be exported, else forgets its key
 * and reports. */
static const char *finish_def(exporter *x, long id, const di_node *n, tt_def *d, bool ok,
                              const char *what)
{
    if (!ok) {
        x->memo[id] = NULL;
        return export_fail(x, id, arena_printf(x->a, "%s '%s': a field's type cannot be "
                                                     "exported", what, export_full_name(x, n)));
    }
    export_records *r = &x->rec;
    if (r->ndefs == r->cap_defs) {
        r->cap_defs = r->cap_defs ? 2 * r->cap_defs : 64;
        r->defs = xrealloc(r->defs, r->cap_defs * sizeof *r->defs);
    }
    r->defs[r->ndefs++] = d;
    return d->name;
}

/* std's SIMD vectors, which debuginfo shows as structs of one array: core::arch's
 * __m128... and core::simd's Simd<T, N>. */
static bool std_vector(const char *path)
{
    static const char arch[] = "core::core_arch::", simd[] = "core::core_simd::vector::Simd<";
    if (strncmp(path, simd, sizeof simd - 1) == 0)
        return true;
    if (strncmp(path, arch, sizeof arch - 1) != 0)
        return false;
    const char *last = strrchr(path, ':');
    return strncmp(last + 1, "__m", 3) == 0 ||
           strncmp(path + sizeof arch - 1, "simd::", 6) == 0;
}

/* A struct or union with its members. repr hints that change the layout are guessed from
 * the alignments (packed, align(N)); repr(C) cannot be seen in debuginfo. */
const char *export_def_struct(exporter *x, long id, const di_node *n, bool is_union)
{
    tt_def *d = new_def(x, id, n, is_union ? DEF_UNION : DEF_STRUCT);
    long *m;
    uint32_t nm = export_members(x, n, &m);
    uint64_t align = d->layout.align, max_align = 1;
    for (uint32_t i = 0; i < nm; i++) {
        uint64_t al = di_num(x->a, di_get(&x->ix, m[i]), "align", 8) / 8;
        max_align = al > max_align ? al : max_align;
    }
    if (align < max_align)
        d->repr.pack = align;
    if (align > max_align)
        d->repr.align = align;
    if (!is_union && std_vector(export_full_name(x, n))) {
        /* a vector is aligned to its size (a power of two) by itself */
        d->repr.simd = true;
        if (d->repr.align == d->layout.size)
            d->repr.align = 0;
    }
    d->nfields = d->layout.nfields = nm;
    bool ok = fields_of(x, d->where, m, nm, &d->fields, &d->layout.field_names,
                        &d->layout.field_offsets);
    return finish_def(x, id, n, d, ok, "type");
}

/* A struct, union or tuple whose debuginfo lists no field and yet has a size: rustc left
 * the fields out (seen on one 232-byte instance of a generic struct nested 11 deep in the
 * stress program generic_compose, `elements: !{}`; no Rust struct, union or tuple is sized
 * without a field). Exported as written it would be all padding, which trees mark
 * `Anything` byte by byte, a float's bytes among them: a wrong tree. It is exported as a
 * raw buffer instead, `union { uninit: (), value: [u8; size] }` at its size and alignment,
 * the form whose bytes trees leave untyped (docs/typetree-rules.md, the raw-buffer
 * union), so that what holds it keeps the trees of its other fields. A warning says so. */
const char *export_def_left_out(exporter *x, long id, const di_node *n)
{
    tt_def *d = new_def(x, id, n, DEF_UNION);
    if (d->layout.align > 1)
        d->repr.align = d->layout.align;
    d->nfields = d->layout.nfields = 2;
    d->fields = arena_alloc(x->a, 2 * sizeof *d->fields);
    d->layout.field_names = arena_alloc(x->a, 2 * sizeof *d->layout.field_names);
    d->layout.field_offsets = arena_alloc(x->a, 2 * sizeof *d->layout.field_offsets);
    const char *srcs[2] = {"()", arena_printf(x->a, "[u8; %llu]",
                                              (unsigned long long)d->layout.size)};
    const char *names[2] = {"uninit", "value"};
    for (int i = 0; i < 2; i++) {
        d->fields[i].name = d->layout.field_names[i] = names[i];
        d->fields[i].ty_src = srcs[i];
        d->fields[i].ty = export_parse(x, srcs[i], id);
        d->fields[i].where = d->where;
        d->layout.field_offsets[i] = 0;
        if (!d->fields[i].ty)
            return finish_def(x, id, n, d, false, "type");
    }
    diag_add(x->c, TT_WARNING, d->where, "'%s' is %llu bytes and its debuginfo lists no field "
                                         "(rustc left them out): exported as untyped bytes",
             export_full_name(x, n), (unsigned long long)d->layout.size);
    return finish_def(x, id, n, d, true, "type");
}

/* A decimal literal (an optional minus, then digits) as a discriminant. */
static void set_discr(tt_variant_def *v, const char *text)
{
    v->has_discr = true;
    v->discr_negative = text[0] == '-';
    tt_u128 val = 0;
    for (const char *s = text + v->discr_negative; isdigit((unsigned char)*s); s++)
        val = val * 10 + (tt_u128)(*s - '0');
    v->discr = v->discr_negative ? (tt_u128)0 - val : val;
}

/* A variant's discriminant, "i8 -56", as decimal text in the discriminator's type: LLVM
 * prints the bits signed, so a u8's 200 reads -56. NULL when absent. */
static const char *discriminant(exporter *x, const di_node *member, bool is_unsigned)
{
    const char *e = di_field(x->a, member, "extraData");
    if (!e || e[0] != 'i')
        return NULL;
    char *sp;
    unsigned long bits = strtoul(e + 1, &sp, 10);
    if (*sp != ' ' || bits == 0 || bits > 64)
        return NULL;
    errno = 0;
    long long v = strtoll(sp + 1, NULL, 10);
    if (errno)
        return NULL;
    if (!is_unsigned)
        return arena_printf(x->a, "%lld", v);
    unsigned long long u = (unsigned long long)v;
    if (bits < 64)
        u &= (1ULL << bits) - 1;
    return arena_printf(x->a, "%llu", u);
}

/* A struct holding a DW_TAG_variant_part: an enum with data (or Option, Result...).
 * Discriminants are kept only for a direct tag whose values are not 0, 1, 2, ...
 * (then the enum had an integer repr: the discriminator's type). Niche-encoded enums get
 * none: the engine chooses the niche values, and the layout block keeps the offsets. */
const char *export_def_enum(exporter *x, long id, const di_node *n, long vpart)
{
    tt_def *d = new_def(x, id, n, DEF_ENUM);
    const di_node *vp = di_get(&x->ix, vpart);
    const di_node *dn = di_get(&x->ix, di_ref(x->a, vp, "discriminator"));
    const di_node *dt = di_get(&x->ix, di_ref(x->a, dn, "baseType"));
    const char *enc = di_field(x->a, dt, "encoding");
    bool is_unsigned = !enc || strncmp(enc, "DW_ATE_signed", 13) != 0;
    long *vs;
    uint32_t nv = export_members(x, vp, &vs);
    const char **discr = arena_alloc(x->a, (nv + 1) * sizeof *discr);
    bool all_direct = true, sequential = true;
    char num[16];
    for (uint32_t i = 0; i < nv; i++) {
        discr[i] = discriminant(x, di_get(&x->ix, vs[i]), is_unsigned);
        if (!discr[i]) {
            all_direct = false;
            continue;
        }
        snprintf(num, sizeof num, "%u", i);
        if (strcmp(discr[i], num) != 0)
            sequential = false;
    }
    if (all_direct && !sequential && nv > 0)
        d->repr.int_kind = types_int_kind(di_str(x->a, dt, "name"));
    tt_layout_block *lb = &d->layout;
    d->nvariants = lb->nvariants = nv;
    d->variants = arena_alloc(x->a, (nv ? nv : 1) * sizeof *d->variants);
    lb->variant_names = arena_alloc(x->a, (nv ? nv : 1) * sizeof *lb->variant_names);
    lb->variant_nfields = arena_alloc(x->a, (nv ? nv : 1) * sizeof *lb->variant_nfields);
    lb->variant_field_names = arena_alloc(x->a, (nv ? nv : 1) * sizeof *lb->variant_field_names);
    lb->variant_field_offsets =
        arena_alloc(x->a, (nv ? nv : 1) * sizeof *lb->variant_field_offsets);
    bool ok = true;
    for (uint32_t i = 0; ok && i < nv; i++) {
        const di_node *vn = di_get(&x->ix, vs[i]);
        const char *vname = di_str(x->a, vn, "name");
        const di_node *vstruct = di_get(&x->ix, di_ref(x->a, vn, "baseType"));
        long *fm;
        uint32_t nf = vstruct ? export_members(x, vstruct, &fm) : 0;
        tt_variant_def *v = &d->variants[i];
        v->name = lb->variant_names[i] = vname ? vname : "_";
        v->where = d->where;
        if (d->repr.int_kind >= 0)
            set_discr(v, discr[i]);
        v->nfields = lb->variant_nfields[i] = nf;
        ok = fields_of(x, d->where, fm, nf, &v->fields, &lb->variant_field_names[i],
                       &lb->variant_field_offsets[i]);
    }
    return finish_def(x, id, n, d, ok, "enum");
}

/* A fieldless enum: DW_TAG_enumeration_type with DIEnumerators; its tag type is its repr. */
const char *export_def_c_enum(exporter *x, long id, const di_node *n)
{
    tt_def *d = new_def(x, id, n, DEF_ENUM);
    d->repr.int_kind = types_int_kind(di_str(x->a, di_get(&x->ix, di_ref(x->a, n, "baseType")), "name"));
    long *items;
    uint32_t k = di_list(x->a, &x->ix, di_ref(x->a, n, "elements"), &items);
    d->nvariants = k;
    d->variants = arena_alloc(x->a, (k ? k : 1) * sizeof *d->variants);
    for (uint32_t i = 0; i < k; i++) {
        const di_node *e = di_get(&x->ix, items[i]);
        const char *v = di_field(x->a, e, "value"), *name = di_str(x->a, e, "name");
        d->variants[i].name = name ? name : "_";
        d->variants[i].where = d->where;
        set_discr(&d->variants[i], v ? v : "0");
    }
    return finish_def(x, id, n, d, true, "enum");
}
