/* Debuginfo types -> Rust type expressions: primitives, pointers (thin, wide, Box),
 * arrays, tuples, fn pointers, std types the prelude knows, and definitions of the
 * crate's own structs and enums (export/export_defs.c) for the rest (research §3). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"

enum { MAX_NESTING = 200 };

const tt_loc *export_where(exporter *x, long id)
{
    return loc_new(x->a, x->file, "metadata !%ld", id);
}

const char *export_fail(exporter *x, long id, const char *msg)
{
    if (id >= 0 && (unsigned long)id < x->ix.n && !x->failed[id]) {
        x->failed[id] = 1;
        diag_add(x->c, TT_WARNING, export_where(x, id), "%s", msg);
    }
    return NULL;
}

tt_tyexpr *export_parse(exporter *x, const char *src, long id)
{
    const char *err;
    tt_tyexpr *e = tyexpr_parse(x->a, src, &err);
    if (!e)
        export_fail(x, id, arena_printf(x->a, "the type expression \"%s\" written for it does "
                                              "not parse: %s", src, err));
    return e;
}

static bool starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

static const char *scope_path_at(exporter *x, long id, unsigned depth)
{
    const di_node *n = di_get(&x->ix, id);
    if (!n || depth > 64)
        return "";
    if (strcmp(n->kind, "DINamespace") != 0 && strcmp(n->kind, "DICompositeType") != 0 &&
        strcmp(n->kind, "DISubprogram") != 0)
        return "";
    const char *name = di_str(x->a, n, "name");
    const char *outer = scope_path_at(x, di_ref(x->a, n, "scope"), depth + 1);
    if (!name)
        return outer;
    return *outer ? arena_printf(x->a, "%s::%s", outer, name) : name;
}

const char *export_scope_path(exporter *x, long id) { return scope_path_at(x, id, 0); }

const char *export_full_name(exporter *x, const di_node *n)
{
    const char *name = di_str(x->a, n, "name");
    const char *outer = export_scope_path(x, di_ref(x->a, n, "scope"));
    if (!name)
        name = "_";
    return *outer ? arena_printf(x->a, "%s::%s", outer, name) : name;
}

long export_member_type(exporter *x, long member)
{
    return di_ref(x->a, di_get(&x->ix, member), "baseType");
}

/* Members of a composite (DW_TAG_member nodes only). */
uint32_t export_members(exporter *x, const di_node *n, long **out)
{
    long *items;
    uint32_t k = di_list(x->a, &x->ix, di_ref(x->a, n, "elements"), &items), m = 0;
    for (uint32_t i = 0; i < k; i++)
        if (di_is_tag(x->a, di_get(&x->ix, items[i]), "DW_TAG_member"))
            items[m++] = items[i];
    *out = items;
    return m;
}

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
    const char *p = export_type(x, pointee);
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
    long pointee = di_ref(x->a, di_get(&x->ix, export_member_type(x, m[0])), "baseType");
    if (strcmp(a, "data_ptr") == 0 && strcmp(b, "length") == 0) {
        const char *inner = name ? name + strlen(ptr_prefix(name)) : "";
        if (is_box(name))
            inner = strchr(name, '<') + 1;
        if (starts(inner, "str"))
            return wrap_pointer(x, name, "str");
        if (inner[0] != '[')
            return pointer_to(x, name, pointee); /* a struct with an unsized tail */
        const char *elem = export_type(x, pointee);
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
    const char *path = export_full_name(x, n);
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
                              ? export_type(x, ty) : NULL;
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
        const char *t = export_type(x, export_member_type(x, m[i]));
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

/* Whether rustc left a composite's fields out of its debuginfo: no field, yet a size
 * (export_def_left_out says what then). */
static bool left_out(exporter *x, const di_node *n)
{
    long *m;
    return di_num(x->a, n, "size", 0) >= 8 && export_members(x, n, &m) == 0;
}

static const char *composite(exporter *x, long id, const di_node *n)
{
    /* One definition per type: a fat-LTO module keeps every crate's copy of a type's
     * debuginfo (core::panic::Location 13 times in one binary), each with the type's
     * unique identifier. The first copy met stands for all. */
    const char *ident = di_str(x->a, n, "identifier");
    long *first = ident ? map_get(x->idents, ident) : NULL;
    if (first && *first != id)
        return export_type(x, *first);
    if (ident && !first) {
        first = arena_alloc(x->a, sizeof *first);
        *first = id;
        map_put(x->idents, ident, first);
    }
    const char *name = di_str(x->a, n, "name");
    if (di_is_tag(x->a, n, "DW_TAG_array_type")) {
        const char *elem = export_type(x, di_ref(x->a, n, "baseType"));
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
        return export_def_c_enum(x, id, n);
    if (di_is_tag(x->a, n, "DW_TAG_union_type"))
        return left_out(x, n) ? export_def_left_out(x, id, n) : export_def_struct(x, id, n, true);
    if (!di_is_tag(x->a, n, "DW_TAG_structure_type"))
        return export_fail(x, id, "this kind of composite type is not exported");
    long *items;
    uint32_t k = di_list(x->a, &x->ix, di_ref(x->a, n, "elements"), &items);
    for (uint32_t i = 0; i < k; i++)
        if (di_is_tag(x->a, di_get(&x->ix, items[i]), "DW_TAG_variant_part"))
            return export_def_enum(x, id, n, items[i]);
    long *m;
    uint32_t nm = export_members(x, n, &m);
    const char *w = wide_pointer(x, id, n, m, nm);
    if (w || (x->failed[id]))
        return w;
    if (is_dyn(name))
        return dyn_of(x, name);
    if (name && name[0] == '(')
        return left_out(x, n) ? export_def_left_out(x, id, n) : tuple_expr(x, m, nm);
    const char *p = prelude_type(x, n);
    if (p)
        return p;
    return left_out(x, n) ? export_def_left_out(x, id, n) : export_def_struct(x, id, n, false);
}

static const char *fn_pointer(exporter *x, const di_node *sub)
{
    long *t;
    uint32_t k = di_list(x->a, &x->ix, di_ref(x->a, sub, "types"), &t);
    tt_buf b = {0};
    buf_put(&b, "fn(");
    const char *r = NULL;
    for (uint32_t i = 1; i < k; i++) {
        const char *a = export_type(x, t[i]);
        if (!a)
            goto out;
        buf_put(&b, i > 1 ? ", " : "");
        buf_put(&b, a);
    }
    buf_put(&b, ")");
    if (k && t[0] >= 0) {
        const char *ret = export_type(x, t[0]);
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
        return export_fail(x, id, "missing or null type");
    const char *name = di_str(x->a, n, "name");
    if (strcmp(n->kind, "DIBasicType") == 0) {
        for (int i = 0; primitives[i]; i++)
            if (name && strcmp(name, primitives[i]) == 0)
                return primitives[i];
        return export_fail(x, id, arena_printf(x->a, "unknown basic type '%s'", name ? name : "?"));
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
            return export_type(x, di_ref(x->a, n, "baseType"));
        return export_fail(x, id, "this kind of derived type is not exported");
    }
    if (strcmp(n->kind, "DICompositeType") == 0)
        return composite(x, id, n);
    if (strcmp(n->kind, "DISubroutineType") == 0)
        return fn_pointer(x, n);
    return export_fail(x, id, arena_printf(x->a, "'%s' is not a type", n->kind));
}

const char *export_type(exporter *x, long id)
{
    if (id < 0 || (unsigned long)id >= x->ix.n)
        return export_fail(x, -1, "missing type");
    if (x->memo[id])
        return x->memo[id];
    if (x->failed[id])
        return NULL;
    if (x->depth >= MAX_NESTING)
        return export_fail(x, id, "types nested too deeply");
    x->depth++;
    const char *e = convert(x, id);
    x->depth--;
    if (e)
        x->memo[id] = e;
    return e;
}

