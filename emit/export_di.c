/* Debuginfo -> rust-types/1: reads the DISubprogram and DIType metadata that rustc
 * writes with -C debuginfo=2 and describes every defined function and every type it
 * mentions, with rustc's own offsets in "layout" blocks (research §3). JSON is written
 * by hand: only ingest uses json-c. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "di_index.h"
#include "ir_define.h"

enum { MAX_NESTING = 200 };

typedef struct {
    tt_ctx *c;
    tt_arena *a;
    di_index ix;
    const char **memo;  /* per node: its type expression, once known */
    uint8_t *failed;    /* per node: conversion failed (a diagnostic was given) */
    tt_map *keys;       /* type keys in use */
    tt_buf types, fns, locals;
    uint32_t ntypes, nfns, nlocals;
    unsigned depth;
    const char *file;  /* the IR file, for messages */
} exporter;

static const char *expr_of(exporter *x, long id);


static const tt_loc *where_of(exporter *x, long id)
{
    return loc_new(x->a, x->file, "metadata !%ld", id);
}

static const char *fail(exporter *x, long id, const char *msg)
{
    if (id >= 0 && (unsigned long)id < x->ix.n && !x->failed[id]) {
        x->failed[id] = 1;
        diag_add(x->c, TT_WARNING, where_of(x, id), "%s", msg);
    }
    return NULL;
}

static bool starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

/* The Rust path of a scope: namespaces, enclosing types and functions joined by "::". */
static const char *scope_path(exporter *x, long id, unsigned depth)
{
    const di_node *n = di_get(&x->ix, id);
    if (!n || depth > 64)
        return "";
    if (strcmp(n->kind, "DINamespace") != 0 && strcmp(n->kind, "DICompositeType") != 0 &&
        strcmp(n->kind, "DISubprogram") != 0)
        return "";
    const char *name = di_str(x->a, n, "name");
    const char *outer = scope_path(x, di_ref(x->a, n, "scope"), depth + 1);
    if (!name)
        return outer;
    return *outer ? arena_printf(x->a, "%s::%s", outer, name) : name;
}

static const char *full_name(exporter *x, const di_node *n)
{
    const char *name = di_str(x->a, n, "name");
    const char *outer = scope_path(x, di_ref(x->a, n, "scope"), 0);
    if (!name)
        name = "_";
    return *outer ? arena_printf(x->a, "%s::%s", outer, name) : name;
}

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
    const char *key = arena_strdup(x->a, b.data);
    free(b.data);
    for (unsigned k = 2; map_get(x->keys, key) || map_get(x->c->defs, key); k++)
        key = arena_printf(x->a, "%s_%u", key, k);
    map_put(x->keys, key, (void *)1);
    return key;
}

static long member_type(exporter *x, long member)
{
    return di_ref(x->a, di_get(&x->ix, member), "baseType");
}

/* Members of a composite (DW_TAG_member nodes only). */
static uint32_t members_of(exporter *x, const di_node *n, long **out)
{
    long *items;
    uint32_t k = di_list(x->a, &x->ix, di_ref(x->a, n, "elements"), &items), m = 0;
    for (uint32_t i = 0; i < k; i++)
        if (di_is_tag(x->a, di_get(&x->ix, items[i]), "DW_TAG_member"))
            items[m++] = items[i];
    *out = items;
    return m;
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

/* `"fields": [...]` of a struct, union or variant, and the matching layout entries. */
static bool write_fields(exporter *x, const long *m, uint32_t n, tt_buf *d, tt_buf *lay)
{
    bool pos = all_positional(x, m, n);
    buf_put(d, "[");
    buf_put(lay, "[");
    for (uint32_t i = 0; i < n; i++) {
        const di_node *mn = di_get(&x->ix, m[i]);
        const char *ty = expr_of(x, member_type(x, m[i]));
        if (!ty)
            return false;
        /* An unsized tail ([T] in Header<[T]>): rustc writes the member with the element
         * type and no size, where a zero-sized member's type has no size either. */
        if (i == n - 1 && !di_field(x->a, mn, "size") &&
            di_num(x->a, di_get(&x->ix, member_type(x, m[i])), "size", 0) > 0)
            ty = arena_printf(x->a, "[%s]", ty);
        const char *name = pos ? arena_printf(x->a, "%u", i) : di_str(x->a, mn, "name");
        buf_put(d, i ? ", {" : "{");
        if (!pos) {
            buf_put(d, "\"name\": ");
            buf_json_str(d, name);
            buf_put(d, ", ");
        }
        buf_put(d, "\"ty\": ");
        buf_json_str(d, ty);
        buf_put(d, "}");
        buf_put(lay, i ? ", {\"name\": " : "{\"name\": ");
        buf_json_str(lay, name);
        buf_printf(lay, ", \"offset\": %llu}",
                   (unsigned long long)(di_num(x->a, mn, "offset", 0) / 8));
    }
    buf_put(d, "]");
    buf_put(lay, "]");
    return true;
}

static void add_def(exporter *x, const char *key, tt_buf *d)
{
    buf_put(&x->types, x->ntypes++ ? ",\n    " : "\n    ");
    buf_json_str(&x->types, key);
    buf_put(&x->types, ": ");
    buf_putn(&x->types, d->data, d->len);
}

/* Ends a definition: adds it when its fields could be written, else forgets the key and
 * reports. Frees both buffers. */
static const char *finish_def(exporter *x, long id, const di_node *n, const char *key, bool ok,
                              tt_buf *d, tt_buf *lay, const char *what)
{
    if (ok)
        add_def(x, key, d);
    free(d->data);
    free(lay->data);
    if (ok)
        return key;
    x->memo[id] = NULL;
    return fail(x, id, arena_printf(x->a, "%s '%s': a field's type cannot be exported", what,
                                    full_name(x, n)));
}

/* A struct or union with its members. repr hints that change the layout are guessed from
 * the alignments (packed, align(N)); repr(C) cannot be seen in debuginfo. */
static const char *def_struct(exporter *x, long id, const di_node *n, bool is_union)
{
    const char *key = key_for(x, full_name(x, n));
    x->memo[id] = key;
    long *m;
    uint32_t nm = members_of(x, n, &m);
    uint64_t size = di_num(x->a, n, "size", 0) / 8, align = di_num(x->a, n, "align", 8) / 8;
    uint64_t max_align = 1;
    for (uint32_t i = 0; i < nm; i++) {
        uint64_t al = di_num(x->a, di_get(&x->ix, m[i]), "align", 8) / 8;
        max_align = al > max_align ? al : max_align;
    }
    tt_buf d = {0}, lay = {0};
    buf_printf(&d, "{\"kind\": \"%s\", ", is_union ? "union" : "struct");
    if (align < max_align && align == 1)
        buf_put(&d, "\"repr\": [\"packed\"], ");
    else if (align < max_align)
        buf_printf(&d, "\"repr\": [\"packed(%llu)\"], ", (unsigned long long)align);
    if (align > max_align)
        buf_printf(&d, "\"repr\": [\"align(%llu)\"], ", (unsigned long long)align);
    buf_put(&d, "\"fields\": ");
    bool ok = write_fields(x, m, nm, &d, &lay);
    if (ok) {
        buf_printf(&d, ",\n      \"layout\": {\"size\": %llu, \"align\": %llu, \"fields\": ",
                   (unsigned long long)size, (unsigned long long)align);
        buf_putn(&d, lay.data, lay.len);
        buf_put(&d, "}}");
    }
    return finish_def(x, id, n, key, ok, &d, &lay, "type");
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
 * Discriminants are written only for a direct tag whose values are not 0, 1, 2, ...
 * (then the enum had an integer repr: the discriminator's type). Niche-encoded enums get
 * none: the engine chooses the niche values, and the layout block keeps the offsets. */
static const char *def_enum(exporter *x, long id, const di_node *n, long vpart)
{
    const char *key = key_for(x, full_name(x, n));
    x->memo[id] = key;
    const di_node *vp = di_get(&x->ix, vpart);
    const di_node *dn = di_get(&x->ix, di_ref(x->a, vp, "discriminator"));
    const di_node *dt = di_get(&x->ix, di_ref(x->a, dn, "baseType"));
    const char *enc = di_field(x->a, dt, "encoding");
    bool is_unsigned = !enc || !starts(enc, "DW_ATE_signed");
    long *vs;
    uint32_t nv = members_of(x, vp, &vs);
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
    const char *repr = all_direct && !sequential && nv > 0 ? di_str(x->a, dt, "name") : NULL;
    uint64_t size = di_num(x->a, n, "size", 0) / 8, align = di_num(x->a, n, "align", 8) / 8;
    tt_buf d = {0}, lay = {0};
    buf_put(&d, "{\"kind\": \"enum\", ");
    if (repr) {
        buf_put(&d, "\"repr\": [");
        buf_json_str(&d, repr);
        buf_put(&d, "], ");
    }
    buf_put(&d, "\"variants\": [");
    buf_printf(&lay, ",\n      \"layout\": {\"size\": %llu, \"align\": %llu, \"variants\": [",
               (unsigned long long)size, (unsigned long long)align);
    bool ok = true;
    for (uint32_t i = 0; ok && i < nv; i++) {
        const di_node *vn = di_get(&x->ix, vs[i]);
        const char *vname = di_str(x->a, vn, "name");
        const di_node *vstruct = di_get(&x->ix, di_ref(x->a, vn, "baseType"));
        long *fm;
        uint32_t nf = vstruct ? members_of(x, vstruct, &fm) : 0;
        buf_put(&d, i ? ",\n        {\"name\": " : "\n        {\"name\": ");
        buf_json_str(&d, vname ? vname : "_");
        buf_put(&lay, i ? ", {\"name\": " : "{\"name\": ");
        buf_json_str(&lay, vname ? vname : "_");
        if (repr) {
            buf_put(&d, ", \"discriminant\": ");
            buf_json_str(&d, discr[i]);
        }
        buf_put(&d, ", \"fields\": ");
        buf_put(&lay, ", \"fields\": ");
        ok = write_fields(x, fm, nf, &d, &lay);
        buf_put(&d, "}");
        buf_put(&lay, "}");
    }
    if (ok) {
        buf_put(&d, "]");
        buf_putn(&d, lay.data, lay.len);
        buf_put(&d, "]}}");
    }
    return finish_def(x, id, n, key, ok, &d, &lay, "enum");
}

/* A fieldless enum: DW_TAG_enumeration_type with DIEnumerators; its tag type is its repr. */
static const char *def_c_enum(exporter *x, long id, const di_node *n)
{
    const char *key = key_for(x, full_name(x, n));
    x->memo[id] = key;
    const char *repr = di_str(x->a, di_get(&x->ix, di_ref(x->a, n, "baseType")), "name");
    long *items;
    uint32_t k = di_list(x->a, &x->ix, di_ref(x->a, n, "elements"), &items);
    tt_buf d = {0};
    buf_put(&d, "{\"kind\": \"enum\", ");
    if (repr) {
        buf_put(&d, "\"repr\": [");
        buf_json_str(&d, repr);
        buf_put(&d, "], ");
    }
    buf_put(&d, "\"variants\": [");
    for (uint32_t i = 0; i < k; i++) {
        const di_node *e = di_get(&x->ix, items[i]);
        const char *v = di_field(x->a, e, "value");
        buf_put(&d, i ? ", {\"name\": " : "{\"name\": ");
        buf_json_str(&d, di_str(x->a, e, "name") ? di_str(x->a, e, "name") : "_");
        buf_put(&d, ", \"discriminant\": ");
        buf_json_str(&d, v ? v : "0");
        buf_put(&d, "}");
    }
    buf_printf(&d, "],\n      \"layout\": {\"size\": %llu, \"align\": %llu}}",
               (unsigned long long)(di_num(x->a, n, "size", 0) / 8),
               (unsigned long long)(di_num(x->a, n, "align", 8) / 8));
    add_def(x, key, &d);
    free(d.data);
    return key;
}

/* "&", "&mut ", "*const ", "*mut " from a pointer's name; Box is handled by the caller. */
static const char *ptr_prefix(const char *name)
{
    if (!name)
        return "*const ";
    if (starts(name, "&mut "))
        return "&mut ";
    if (starts(name, "&"))
        return "&";
    if (starts(name, "*mut "))
        return "*mut ";
    return "*const ";
}

static bool is_box(const char *name)
{
    return name && (starts(name, "alloc::boxed::Box<") || starts(name, "Box<"));
}

static const char *wrap_pointer(exporter *x, const char *name, const char *pointee)
{
    if (is_box(name))
        return arena_printf(x->a, "alloc::boxed::Box<%s>", pointee);
    return arena_printf(x->a, "%s%s", ptr_prefix(name), pointee);
}

/* The pointer `name` to the type with debuginfo id `pointee`, exported as it is. */
static const char *pointer_to(exporter *x, const char *name, long pointee)
{
    const char *p = expr_of(x, pointee);
    return p ? wrap_pointer(x, name, p) : NULL;
}

/* Whether a type name is a trait object: "dyn a::Tr", or "(dyn a::Tr + Send)" as rustc
 * writes one with auto traits. */
static bool is_dyn(const char *name)
{
    return name && (starts(name, "dyn ") || starts(name, "(dyn "));
}

/* "dyn a::Tr<X> + Send", "(dyn a::Tr + Send)" -> "dyn a::Tr": any trait path will do for
 * layout. */
static const char *dyn_of(exporter *x, const char *name)
{
    const char *s = name + (name[0] == '(') + 4;
    size_t n = strcspn(s, "< +");
    return arena_printf(x->a, "dyn %.*s", (int)n, s);
}

/* Wide pointers are structs {data_ptr, length} and {pointer, vtable}. */
static const char *wide_pointer(exporter *x, long id, const di_node *n, const long *m,
                                uint32_t nm)
{
    if (nm != 2)
        return NULL;
    const char *a = di_str(x->a, di_get(&x->ix, m[0]), "name");
    const char *b = di_str(x->a, di_get(&x->ix, m[1]), "name");
    if (!a || !b)
        return NULL;
    const char *name = di_str(x->a, n, "name");
    long pointee = di_ref(x->a, di_get(&x->ix, member_type(x, m[0])), "baseType");
    if (strcmp(a, "data_ptr") == 0 && strcmp(b, "length") == 0) {
        const char *inner = name ? name + strlen(ptr_prefix(name)) : "";
        if (is_box(name))
            inner = strchr(name, '<') + 1;
        if (starts(inner, "str"))
            return wrap_pointer(x, name, "str");
        if (inner[0] != '[')
            return pointer_to(x, name, pointee); /* a struct with an unsized tail */
        const char *elem = expr_of(x, pointee);
        return elem ? wrap_pointer(x, name, arena_printf(x->a, "[%s]", elem)) : NULL;
    }
    if (strcmp(a, "pointer") == 0 && strcmp(b, "vtable") == 0) {
        const char *pname = di_str(x->a, di_get(&x->ix, pointee), "name");
        if (is_dyn(pname))
            return wrap_pointer(x, name, dyn_of(x, pname));
        return pointer_to(x, name, pointee); /* a struct whose last field is a trait object */
    }
    return NULL;
}

static const char *const primitives[] = {
    "bool", "char", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64",
    "u128", "usize", "f16", "f32", "f64", "f128", "str", "!", "()", NULL};

/* A std type of the prelude (Vec, String, Rc, NonNull...) by its path and its template
 * parameters, when they match the prelude's generics by name. Enums are not mapped, so
 * Option and Result instances keep rustc's layout block. */
static const char *prelude_type(exporter *x, const di_node *n)
{
    const char *path = full_name(x, n);
    size_t base = strcspn(path, "<");
    const tt_def *d = map_get(x->c->defs, arena_strndup(x->a, path, base));
    if (!d || !d->from_prelude || d->kind != DEF_STRUCT)
        return NULL;
    long *tp;
    uint32_t k = di_list(x->a, &x->ix, di_ref(x->a, n, "templateParams"), &tp);
    uint32_t required = 0;
    for (uint32_t i = 0; i < d->ngenerics; i++)
        required += d->generics[i].dflt == NULL;
    if (k > d->ngenerics || k < required)
        return NULL;
    tt_buf b = {0};
    buf_putn(&b, path, base);
    const char *result = NULL;
    for (uint32_t i = 0; i < k; i++) {
        const di_node *p = di_get(&x->ix, tp[i]);
        const char *pname = di_str(x->a, p, "name");
        /* rustc writes str's parameter as u8 and [T]'s as T (NonNull<str> has T = u8):
         * the argument's name must appear in the type's own name, not as a slice. */
        long ty = di_ref(x->a, p, "type");
        const char *tname = di_str(x->a, di_get(&x->ix, ty), "name");
        const char *arg = pname && strcmp(pname, d->generics[i].name) == 0 && tname &&
                                  strstr(path + base, tname) &&
                                  !strstr(path + base, arena_printf(x->a, "[%s]", tname))
                              ? expr_of(x, ty) : NULL;
        if (!arg)
            goto out;
        buf_put(&b, i ? ", " : "<");
        buf_put(&b, arg);
    }
    if (k)
        buf_put(&b, ">");
    result = arena_strdup(x->a, b.data);
out:
    free(b.data);
    if (!result && k == 1) {
        /* NonNull<[u8]>, Box<str>...: rustc's template parameter names the element, the
         * type's own name the slice; a slice of a primitive, or str, can be read off the
         * name (keeping the prelude's niche, which a field-by-field export would lose). */
        const char *arg = path + base + 1;
        size_t al = strlen(arg);
        if (al > 1 && arg[al - 1] == '>') {
            char *inner = arena_strndup(x->a, arg, al - 1);
            bool ok = strcmp(inner, "str") == 0;
            for (int i = 0; !ok && primitives[i]; i++)
                ok = strcmp(inner, arena_printf(x->a, "[%s]", primitives[i])) == 0;
            if (ok)
                result = arena_printf(x->a, "%.*s<%s>", (int)base, path, inner);
        }
    }
    return result;
}

static const char *tuple_expr(exporter *x, const long *m, uint32_t nm)
{
    tt_buf b = {0};
    buf_put(&b, "(");
    for (uint32_t i = 0; i < nm; i++) {
        const char *t = expr_of(x, member_type(x, m[i]));
        if (!t) {
            free(b.data);
            return NULL;
        }
        buf_put(&b, i ? ", " : "");
        buf_put(&b, t);
    }
    buf_put(&b, nm == 1 ? ",)" : ")");
    const char *r = arena_strdup(x->a, b.data);
    free(b.data);
    return r;
}

static const char *composite(exporter *x, long id, const di_node *n)
{
    const char *name = di_str(x->a, n, "name");
    if (di_is_tag(x->a, n, "DW_TAG_array_type")) {
        const char *elem = expr_of(x, di_ref(x->a, n, "baseType"));
        long *sub;
        uint32_t k = di_list(x->a, &x->ix, di_ref(x->a, n, "elements"), &sub);
        if (!elem)
            return NULL;
        const char *count = k ? di_field(x->a, di_get(&x->ix, sub[0]), "count") : NULL;
        if (!count || !isdigit((unsigned char)count[0]))
            return arena_printf(x->a, "[%s]", elem);
        return arena_printf(x->a, "[%s; %s]", elem, count);
    }
    if (di_is_tag(x->a, n, "DW_TAG_enumeration_type"))
        return def_c_enum(x, id, n);
    if (di_is_tag(x->a, n, "DW_TAG_union_type"))
        return def_struct(x, id, n, true);
    if (!di_is_tag(x->a, n, "DW_TAG_structure_type"))
        return fail(x, id, "this kind of composite type is not exported");
    long *items;
    uint32_t k = di_list(x->a, &x->ix, di_ref(x->a, n, "elements"), &items);
    for (uint32_t i = 0; i < k; i++)
        if (di_is_tag(x->a, di_get(&x->ix, items[i]), "DW_TAG_variant_part"))
            return def_enum(x, id, n, items[i]);
    long *m;
    uint32_t nm = members_of(x, n, &m);
    const char *w = wide_pointer(x, id, n, m, nm);
    if (w || (x->failed[id]))
        return w;
    if (is_dyn(name))
        return dyn_of(x, name);
    if (name && name[0] == '(')
        return tuple_expr(x, m, nm);
    const char *p = prelude_type(x, n);
    return p ? p : def_struct(x, id, n, false);
}

static const char *fn_pointer(exporter *x, const di_node *sub)
{
    long *t;
    uint32_t k = di_list(x->a, &x->ix, di_ref(x->a, sub, "types"), &t);
    tt_buf b = {0};
    buf_put(&b, "fn(");
    const char *r = NULL;
    for (uint32_t i = 1; i < k; i++) {
        const char *a = expr_of(x, t[i]);
        if (!a)
            goto out;
        buf_put(&b, i > 1 ? ", " : "");
        buf_put(&b, a);
    }
    buf_put(&b, ")");
    if (k && t[0] >= 0) {
        const char *ret = expr_of(x, t[0]);
        if (!ret)
            goto out;
        buf_printf(&b, " -> %s", ret);
    }
    r = arena_strdup(x->a, b.data);
out:
    free(b.data);
    return r;
}


static const char *convert(exporter *x, long id)
{
    const di_node *n = di_get(&x->ix, id);
    if (!n)
        return fail(x, id, "missing or null type");
    const char *name = di_str(x->a, n, "name");
    if (strcmp(n->kind, "DIBasicType") == 0) {
        for (int i = 0; primitives[i]; i++)
            if (name && strcmp(name, primitives[i]) == 0)
                return primitives[i];
        return fail(x, id, arena_printf(x->a, "unknown basic type '%s'", name ? name : "?"));
    }
    if (strcmp(n->kind, "DIDerivedType") == 0) {
        if (di_is_tag(x->a, n, "DW_TAG_pointer_type")) {
            /* A function item (`fn(..) -> R {path}`) is a pointer_type without a size:
             * a zero-sized value, unlike a fn pointer (size 64). */
            if (di_num(x->a, n, "size", 0) == 0)
                return "()";
            const di_node *base = di_get(&x->ix, di_ref(x->a, n, "baseType"));
            if (base && strcmp(base->kind, "DISubroutineType") == 0)
                return fn_pointer(x, base);
            return pointer_to(x, name, di_ref(x->a, n, "baseType"));
        }
        if (di_is_tag(x->a, n, "DW_TAG_typedef") || di_is_tag(x->a, n, "DW_TAG_const_type"))
            return expr_of(x, di_ref(x->a, n, "baseType"));
        return fail(x, id, "this kind of derived type is not exported");
    }
    if (strcmp(n->kind, "DICompositeType") == 0)
        return composite(x, id, n);
    if (strcmp(n->kind, "DISubroutineType") == 0)
        return fn_pointer(x, n);
    return fail(x, id, arena_printf(x->a, "'%s' is not a type", n->kind));
}

static const char *expr_of(exporter *x, long id)
{
    if (id < 0 || (unsigned long)id >= x->ix.n)
        return fail(x, -1, "missing type");
    if (x->memo[id])
        return x->memo[id];
    if (x->failed[id])
        return NULL;
    if (x->depth >= MAX_NESTING)
        return fail(x, id, "types nested too deeply");
    x->depth++;
    const char *e = convert(x, id);
    x->depth--;
    if (e)
        x->memo[id] = e;
    return e;
}

static bool is_ident(const char *s)
{
    if (!s || !(isalpha((unsigned char)*s) || *s == '_'))
        return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return false;
    return true;
}

static void export_function(exporter *x, const char *line, unsigned *no_types)
{
    size_t n = strlen(line), at, lparen;
    if (!ir_define_name(line, n, &at, &lparen))
        return;
    /* after the name: a quoted attribute before it cannot be taken for the !dbg */
    const char *dbg = strstr(line + lparen, " !dbg !");
    const char *sym = ir_define_symbol(x->a, line, n);
    if (!dbg || !sym)
        return;
    long spid = strtol(dbg + 7, NULL, 10);
    const di_node *sp = di_get(&x->ix, spid);
    const di_node *st = di_get(&x->ix, di_ref(x->a, sp, "type"));
    long *t;
    uint32_t k = di_list(x->a, &x->ix, di_ref(x->a, st, "types"), &t);
    if (!sp || !st || k == 0) {
        ++*no_types;
        return;
    }
    const char **names = arena_alloc(x->a, k * sizeof *names);
    long *vars;
    uint32_t nv = di_list(x->a, &x->ix, di_ref(x->a, sp, "retainedNodes"), &vars);
    for (uint32_t i = 0; i < nv; i++) {
        const di_node *v = di_get(&x->ix, vars[i]);
        uint64_t arg = di_num(x->a, v, "arg", 0);
        if (v && strcmp(v->kind, "DILocalVariable") == 0 && arg >= 1 && arg < k)
            names[arg] = di_str(x->a, v, "name");
    }
    tt_buf f = {0};
    buf_put(&f, "{\"symbol\": ");
    buf_json_str(&f, sym);
    const char *name = di_str(x->a, sp, "name");
    const char *outer = scope_path(x, di_ref(x->a, sp, "scope"), 0);
    if (name) {
        buf_put(&f, ", \"path\": ");
        buf_json_str(&f, *outer ? arena_printf(x->a, "%s::%s", outer, name) : name);
    }
    buf_put(&f, ",\n     \"args\": [");
    bool ok = true;
    for (uint32_t i = 1; ok && i < k; i++) {
        const char *ty = expr_of(x, t[i]);
        ok = ty != NULL;
        buf_put(&f, i > 1 ? ", {" : "{");
        if (is_ident(names[i])) {
            buf_put(&f, "\"name\": ");
            buf_json_str(&f, names[i]);
            buf_put(&f, ", ");
        }
        buf_put(&f, "\"ty\": ");
        buf_json_str(&f, ty ? ty : "");
        buf_put(&f, "}");
    }
    buf_put(&f, "]");
    if (ok && t[0] >= 0) {
        const char *ret = expr_of(x, t[0]);
        ok = ret != NULL;
        buf_put(&f, ", \"ret\": ");
        buf_json_str(&f, ret ? ret : "");
    }
    buf_put(&f, "}");
    if (ok) {
        buf_put(&x->fns, x->nfns++ ? ",\n    " : "\n    ");
        buf_putn(&x->fns, f.data, f.len);
    } else {
        diag_add(x->c, TT_WARNING, loc_new(x->a, x->file, "function %s", sym),
                 "not exported: a type of its signature cannot be exported (see above)");
    }
    free(f.data);
}

/* The variables of #dbg_declare records whose type can be exported, by metadata number:
 * typetree annotate types the places they declare (allocas) from them. A variable whose
 * type cannot be exported is left out quietly: it only means an untyped place. */
static void export_locals(exporter *x)
{
    uint8_t *seen = calloc(x->ix.n + 1, 1);
    if (!seen)
        abort();
    for (uint32_t i = 0; i < x->ix.ndeclared; i++) {
        long id = x->ix.declared[i];
        if (id < 0 || (unsigned long)id >= x->ix.n || seen[id])
            continue;
        seen[id] = 1;
        const di_node *v = di_get(&x->ix, id);
        if (!v || strcmp(v->kind, "DILocalVariable") != 0)
            continue;
        const char *name = di_str(x->a, v, "name");
        tt_diag *tail = x->c->diags_tail;
        unsigned errs = x->c->nerrors;
        const char *ty = expr_of(x, di_ref(x->a, v, "type"));
        diag_truncate(x->c, tail, errs);
        if (!ty || !name)
            continue;
        buf_put(&x->locals, x->nlocals++ ? ",\n    " : "\n    ");
        buf_printf(&x->locals, "\"%ld\": {\"name\": ", id);
        buf_json_str(&x->locals, name);
        buf_put(&x->locals, ", \"ty\": ");
        buf_json_str(&x->locals, ty);
        buf_put(&x->locals, "}");
    }
    free(seen);
}

bool export_debuginfo(tt_ctx *c, const char *path, tt_buf *out)
{
    /* the one format check of every IR reader: empty, NUL bytes, a cut last line */
    bool bitcode;
    if (!ir_input_format(c, path, &bitcode))
        return false;
    const tt_loc *file = loc_new(c->arena, strcmp(path, "-") == 0 ? "<stdin>"
                                                                  : arena_strdup(c->arena, path),
                                 NULL);
    if (bitcode) {
        diag_add(c, TT_ERROR, file,
                 "bitcode input is not supported yet: give textual IR (rustc --emit=llvm-ir, "
                 "or llvm-dis)");
        return false;
    }
    FILE *f = fopen(ir_input_path(path), "rb");
    if (!f) {
        diag_add(c, TT_ERROR, file, "cannot open: %s", strerror(errno));
        return false;
    }
    exporter x = {.c = c, .a = c->arena, .file = file->file, .keys = map_new(c->arena)};
    bool ok = di_index_read(c->arena, f, &x.ix);
    fclose(f);
    if (!ok) {
        diag_add(c, TT_ERROR, file, "read error: %s", strerror(errno));
        di_index_free(&x.ix);
        return false;
    }
    x.memo = calloc(x.ix.n + 1, sizeof *x.memo);
    x.failed = calloc(x.ix.n + 1, 1);
    if (!x.memo || !x.failed)
        abort();
    unsigned no_types = 0;
    for (uint32_t i = 0; i < x.ix.ndefines; i++)
        export_function(&x, x.ix.defines[i], &no_types);
    export_locals(&x);
    if (no_types)
        diag_add(c, TT_WARNING, file,
                 "%u defined function%s without a debuginfo signature (compile with "
                 "-C debuginfo=2)", no_types, no_types == 1 ? "" : "s");
    buf_put(out, "{\n  \"format\": \"rust-types/1\",\n  \"doc\": ");
    buf_json_str(out, arena_printf(c->arena, "exported by typetree export from %s", path));
    buf_put(out, ",\n  \"types\": {");
    if (x.types.len)
        buf_putn(out, x.types.data, x.types.len);
    buf_put(out, x.ntypes ? "\n  },\n  \"functions\": [" : "},\n  \"functions\": [");
    if (x.fns.len)
        buf_putn(out, x.fns.data, x.fns.len);
    buf_put(out, x.nfns ? "\n  ]" : "]");
    buf_put(out, ",\n  \"locals\": {");
    if (x.locals.len)
        buf_putn(out, x.locals.data, x.locals.len);
    buf_put(out, x.nlocals ? "\n  }\n}\n" : "}\n}\n");
    free(x.types.data);
    free(x.fns.data);
    free(x.locals.data);
    free(x.memo);
    free(x.failed);
    di_index_free(&x.ix);
    return true;
}
