/* The resolved type model: type expressions + definitions -> interned tt_type nodes.
 * A type's canonical Rust spelling is its identity, so equal types are one node and
 * their layouts are computed once. */
#include <stdlib.h>
#include <string.h>

#include "model.h"

typedef struct {
    const tt_def *def;   /* whose generic parameters are in scope */
    tt_type **args;      /* their values */
} env;

static const struct {
    const char *name;
    tt_tykind kind;
    uint8_t size;
    bool is_signed;
} prims[] = {
    {"bool", TY_BOOL, 1, false}, {"char", TY_CHAR, 4, false}, {"str", TY_STR, 0, false},
    {"i8", TY_INT, 1, true},     {"i16", TY_INT, 2, true},    {"i32", TY_INT, 4, true},
    {"i64", TY_INT, 8, true},    {"i128", TY_INT, 16, true},  {"isize", TY_INT, 8, true},
    {"u8", TY_INT, 1, false},    {"u16", TY_INT, 2, false},   {"u32", TY_INT, 4, false},
    {"u64", TY_INT, 8, false},   {"u128", TY_INT, 16, false}, {"usize", TY_INT, 8, false},
    {"f16", TY_FLOAT, 2, false}, {"f32", TY_FLOAT, 4, false}, {"f64", TY_FLOAT, 8, false},
    {"f128", TY_FLOAT, 16, false},
};

static tt_type *intern(tt_ctx *c, tt_type *proto)
{
    tt_type *t = map_get(c->types, proto->name);
    if (t)
        return t;
    t = arena_alloc(c->arena, sizeof *t);
    *t = *proto;
    t->name = arena_strdup(c->arena, proto->name);
    if (proto->n) {
        t->items = arena_alloc(c->arena, proto->n * sizeof *t->items);
        memcpy(t->items, proto->items, proto->n * sizeof *t->items);
    }
    map_put(c->types, t->name, t);
    return t;
}

static tt_type *mk_prim(tt_ctx *c, size_t i)
{
    tt_type p = {.kind = prims[i].kind, .size = prims[i].size, .is_signed = prims[i].is_signed,
                 .name = prims[i].name};
    return intern(c, &p);
}

static void put_list(tt_buf *b, tt_type **items, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        buf_printf(b, "%s%s", i ? ", " : "", items[i]->name);
}

static tt_type *mk_compound(tt_ctx *c, tt_type *proto)
{
    tt_buf b = {0};
    switch (proto->kind) {
    case TY_REF:
        buf_printf(&b, "&%s%s", proto->is_mut ? "mut " : "", proto->elem->name);
        break;
    case TY_PTR:
        buf_printf(&b, "*%s %s", proto->is_mut ? "mut" : "const", proto->elem->name);
        break;
    case TY_ARRAY:
        buf_printf(&b, "[%s; %llu]", proto->elem->name, (unsigned long long)proto->len);
        break;
    case TY_SLICE:
        buf_printf(&b, "[%s]", proto->elem->name);
        break;
    case TY_TUPLE:
        buf_put(&b, "(");
        put_list(&b, proto->items, proto->n);
        buf_put(&b, proto->n == 1 ? ",)" : ")");
        break;
    case TY_FNPTR:
        buf_put(&b, "fn(");
        put_list(&b, proto->items, proto->n);
        buf_put(&b, ")");
        if (!(proto->elem->kind == TY_TUPLE && proto->elem->n == 0))
            buf_printf(&b, " -> %s", proto->elem->name);
        break;
    case TY_ADT:
        buf_put(&b, proto->def->name);
        if (proto->n) {
            buf_put(&b, "<");
            put_list(&b, proto->items, proto->n);
            buf_put(&b, ">");
        }
        break;
    default:
        buf_put(&b, proto->name);
        break;
    }
    proto->name = b.data;
    tt_type *t = intern(c, proto);
    free(b.data);
    return t;
}

/* Short names are kept per origin, "p:" (prelude) and "u:" (user), because a std path
 * looks in the prelude first and any other path in the user's definitions first. */
void types_add_def(tt_ctx *c, const tt_def *d, bool prelude)
{
    map_put(c->defs, d->name, (void *)d);
    const char *seg = strrchr(d->name, ':');
    seg = seg ? seg + 1 : d->name;
    const char *skey = arena_printf(c->arena, "%c:%s", prelude ? 'p' : 'u', seg);
    const tt_def *prev = map_get(c->short_names, skey);
    /* A short name shared by two definitions is ambiguous: remember that with a
     * marker that never compares equal to a real definition. */
    static const tt_def ambiguous;
    map_put(c->short_names, skey, prev && prev != d ? (void *)&ambiguous : (void *)d);
    if (!prelude) {
        if (c->nuser_defs == c->cap_user_defs) {
            uint32_t cap = c->cap_user_defs ? c->cap_user_defs * 2 : 64;
            const tt_def **v = arena_alloc(c->arena, cap * sizeof *v);
            if (c->user_defs)
                memcpy(v, c->user_defs, c->nuser_defs * sizeof *v);
            c->user_defs = v;
            c->cap_user_defs = cap;
        }
        c->user_defs[c->nuser_defs++] = d;
    }
}

const tt_def *types_find_def(tt_ctx *c, const char *name, const char **err)
{
    *err = NULL;
    const tt_def *d = map_get(c->defs, name);
    if (d)
        return d;
    const char *seg = strrchr(name, ':');
    seg = seg ? seg + 1 : name;
    /* std:: re-exports core:: and alloc:: items; the prelude defines each std type once,
     * under its defining path, so std paths go to the prelude first. */
    bool std_path = strncmp(name, "std::", 5) == 0 || strncmp(name, "core::", 6) == 0 ||
                    strncmp(name, "alloc::", 7) == 0;
    const tt_def *p = map_get(c->short_names, arena_printf(c->arena, "p:%s", seg));
    if (std_path && p && p->name)
        return p;
    /* Then the user's types by last segment (`crate::geo::Point` finds "geo::Point"),
     * which take precedence over the prelude's short names. */
    d = map_get(c->short_names, arena_printf(c->arena, "u:%s", seg));
    if (d && !d->name) {
        *err = arena_printf(c->arena, "type name \"%s\" is ambiguous: several types end in "
                                      "\"%s\"; use the full path", name, seg);
        return NULL;
    }
    if (d)
        return d;
    if (p && p->name)
        return p;
    *err = arena_printf(c->arena, "unknown type name \"%s\"", name);
    return NULL;
}

static tt_type *resolve(tt_ctx *c, const tt_tyexpr *e, const env *en, const tt_loc *where,
                        unsigned depth);

static tt_type *unit_type(tt_ctx *c)
{
    tt_type p = {.kind = TY_TUPLE, .name = "()"};
    return intern(c, &p);
}

/* Instantiates definition d with explicit args (resolved), filling defaults. */
static tt_type *instantiate(tt_ctx *c, const tt_def *d, tt_type **args, uint32_t nargs,
                            const tt_loc *where, const tt_tyexpr *e, unsigned depth)
{
    uint32_t required = 0;
    for (uint32_t i = 0; i < d->ngenerics; i++)
        if (!d->generics[i].dflt)
            required = i + 1;
    if (nargs > d->ngenerics || nargs < required) {
        if (d->ngenerics == required)
            diag_add(c, TT_ERROR, where,
                     "type \"%s\" takes %u generic argument%s but %u %s given (at column %u)",
                     d->name, d->ngenerics, d->ngenerics == 1 ? "" : "s", nargs,
                     nargs == 1 ? "was" : "were", e ? e->col : 1);
        else
            diag_add(c, TT_ERROR, where,
                     "type \"%s\" takes %u to %u generic arguments but %u %s given (at column %u)",
                     d->name, required, d->ngenerics, nargs, nargs == 1 ? "was" : "were",
                     e ? e->col : 1);
        return NULL;
    }
    tt_type **all = arena_alloc(c->arena, (d->ngenerics + 1) * sizeof *all);
    if (nargs)
        memcpy(all, args, nargs * sizeof *all);
    for (uint32_t i = nargs; i < d->ngenerics; i++) {
        env inner = {.def = d, .args = all};
        all[i] = resolve(c, d->generics[i].dflt, &inner, d->where, depth + 1);
        if (!all[i])
            return NULL;
    }
    tt_type p = {.kind = TY_ADT, .def = d, .n = d->ngenerics, .items = all};
    return mk_compound(c, &p);
}

static tt_type *resolve_path(tt_ctx *c, const tt_tyexpr *e, const env *en, const tt_loc *where,
                             unsigned depth)
{
    if (e->nargs == 0 && !strchr(e->path, ':')) {
        if (en && en->def)
            for (uint32_t i = 0; i < en->def->ngenerics; i++)
                if (strcmp(en->def->generics[i].name, e->path) == 0)
                    return en->args[i];
        for (size_t i = 0; i < sizeof prims / sizeof prims[0]; i++)
            if (strcmp(prims[i].name, e->path) == 0)
                return mk_prim(c, i);
    }
    const char *err;
    const tt_def *d = types_find_def(c, e->path, &err);
    if (!d) {
        diag_add(c, TT_ERROR, where, "%s (at column %u)", err, e->col);
        return NULL;
    }
    tt_type **args = arena_alloc(c->arena, (e->nargs + 1) * sizeof *args);
    for (uint32_t i = 0; i < e->nargs; i++) {
        args[i] = resolve(c, e->args[i], en, where, depth + 1);
        if (!args[i])
            return NULL;
    }
    return instantiate(c, d, args, e->nargs, where, e, depth);
}

static tt_type *resolve(tt_ctx *c, const tt_tyexpr *e, const env *en, const tt_loc *where,
                        unsigned depth)
{
    if (depth > c->max_depth) {
        diag_add(c, TT_ERROR, where,
                 "type nesting deeper than %u levels (generic defaults or arguments recurse?)",
                 c->max_depth);
        return NULL;
    }
    tt_type p = {0};
    switch (e->kind) {
    case TX_PATH:
        return resolve_path(c, e, en, where, depth);
    case TX_NEVER:
        p.kind = TY_NEVER;
        p.name = "!";
        return intern(c, &p);
    case TX_DYN:
        p.kind = TY_DYN;
        p.name = arena_printf(c->arena, "dyn %s", e->path);
        return intern(c, &p);
    case TX_REF:
    case TX_PTR:
    case TX_ARRAY:
    case TX_SLICE:
        p.kind = e->kind == TX_REF ? TY_REF : e->kind == TX_PTR ? TY_PTR
                 : e->kind == TX_ARRAY ? TY_ARRAY : TY_SLICE;
        p.is_mut = e->is_mut;
        p.len = e->len;
        p.elem = resolve(c, e->elem, en, where, depth + 1);
        return p.elem ? mk_compound(c, &p) : NULL;
    case TX_TUPLE:
    case TX_FN: {
        p.kind = e->kind == TX_TUPLE ? TY_TUPLE : TY_FNPTR;
        p.n = e->nargs;
        p.items = arena_alloc(c->arena, (e->nargs + 1) * sizeof *p.items);
        for (uint32_t i = 0; i < e->nargs; i++)
            if (!(p.items[i] = resolve(c, e->args[i], en, where, depth + 1)))
                return NULL;
        if (e->kind == TX_FN) {
            p.elem = e->elem ? resolve(c, e->elem, en, where, depth + 1) : unit_type(c);
            if (!p.elem)
                return NULL;
        }
        return mk_compound(c, &p);
    }
    }
    return NULL;
}

tt_type *types_resolve(tt_ctx *c, const tt_tyexpr *e, const tt_loc *where)
{
    return resolve(c, e, NULL, where, 0);
}

tt_type *types_resolve_str(tt_ctx *c, const char *src, const tt_loc *where)
{
    const char *err;
    tt_tyexpr *e = tyexpr_parse(c->arena, src, &err);
    if (!e) {
        diag_add(c, TT_ERROR, where, "invalid type expression \"%s\": %s", src, err);
        return NULL;
    }
    return types_resolve(c, e, where);
}

tt_type *types_of_def(tt_ctx *c, const tt_def *d, const tt_loc *where)
{
    return instantiate(c, d, NULL, 0, where, NULL, 0);
}

tt_type *types_field(tt_ctx *c, const tt_type *adt, uint32_t variant, uint32_t field)
{
    const tt_def *d = adt->def;
    tt_type *mut = (tt_type *)adt; /* the memo is not part of the type's identity */
    if (!mut->field_types) {
        uint32_t nv = d->kind == DEF_ENUM ? d->nvariants : 1;
        mut->field_types = arena_alloc(c->arena, (nv + 1) * sizeof *mut->field_types);
        for (uint32_t v = 0; v < nv; v++) {
            uint32_t nf = d->kind == DEF_ENUM ? d->variants[v].nfields : d->nfields;
            mut->field_types[v] = arena_alloc(c->arena, (nf + 1) * sizeof(tt_type *));
        }
    }
    tt_type **slot = &mut->field_types[variant][field];
    if (!*slot) {
        const tt_field_def *f = d->kind == DEF_ENUM ? &d->variants[variant].fields[field]
                                                    : &d->fields[field];
        env en = {.def = d, .args = adt->items};
        *slot = resolve(c, f->ty, &en, f->where, 0);
    }
    return *slot;
}

tt_type *types_field_points_to(tt_ctx *c, const tt_type *adt, uint32_t variant, uint32_t field)
{
    const tt_def *d = adt->def;
    const tt_field_def *f = d->kind == DEF_ENUM ? &d->variants[variant].fields[field]
                                                : &d->fields[field];
    if (!f->points_to)
        return NULL;
    env en = {.def = d, .args = adt->items};
    return resolve(c, f->points_to, &en, f->where, 0);
}

static bool is_sized_rec(tt_ctx *c, const tt_type *t, unsigned depth)
{
    if (depth > c->max_depth)
        return true; /* a by-value cycle: the layout reports E0072 */
    switch (t->kind) {
    case TY_STR:
    case TY_SLICE:
    case TY_DYN:
        return false;
    case TY_PARAM:
        return !t->maybe_unsized;
    case TY_TUPLE:
        return t->n == 0 || is_sized_rec(c, t->items[t->n - 1], depth + 1);
    case TY_ADT:
        if (t->def->kind == DEF_STRUCT && t->def->nfields) {
            tt_type *last = types_field(c, t, 0, t->def->nfields - 1);
            return !last || is_sized_rec(c, last, depth + 1);
        }
        return true;
    default:
        return true;
    }
}

bool types_is_sized(tt_ctx *c, const tt_type *t) { return is_sized_rec(c, t, 0); }

/* In TT_INT_* order. */
static const char *const int_names[] = {"i8", "i16", "i32", "i64", "i128", "isize",
                                        "u8", "u16", "u32", "u64", "u128", "usize"};

int types_int_kind(const char *name)
{
    for (int k = 0; name && k <= TT_INT_USIZE; k++)
        if (strcmp(name, int_names[k]) == 0)
            return k;
    return -1;
}

const char *types_int_name(int kind)
{
    return kind >= 0 && kind <= TT_INT_USIZE ? int_names[kind] : NULL;
}

int types_ptr_metadata(tt_ctx *c, const tt_type *pointee)
{
    if (types_is_sized(c, pointee))
        return 0;
    /* struct_tail: follow the last field of structs and tuples to the unsized part */
    for (unsigned depth = 0; depth <= c->max_depth; depth++) {
        switch (pointee->kind) {
        case TY_STR:
        case TY_SLICE:
            return 1;
        case TY_DYN:
            return 2;
        case TY_TUPLE:
            pointee = pointee->items[pointee->n - 1];
            break;
        case TY_ADT:
            pointee = types_field(c, pointee, 0, pointee->def->nfields - 1);
            if (!pointee)
                return 0;
            break;
        default:
            return 0;
        }
    }
    return 0;
}

/* Generic parameters as types, so declared field types can be resolved (and their
 * sizedness asked) without arguments. */
static tt_type **param_types(tt_ctx *c, const tt_def *d)
{
    tt_type **ps = arena_alloc(c->arena, (d->ngenerics + 1) * sizeof *ps);
    for (uint32_t i = 0; i < d->ngenerics; i++) {
        tt_type p = {.kind = TY_PARAM, .maybe_unsized = d->generics[i].maybe_unsized,
                     .name = arena_printf(c->arena, "$%s%s", d->generics[i].maybe_unsized ? "?" : "",
                                          d->generics[i].name)};
        ps[i] = intern(c, &p);
    }
    return ps;
}

tt_type *types_decl_field(tt_ctx *c, const tt_def *d, uint32_t field)
{
    env en = {.def = d, .args = param_types(c, d)};
    return resolve(c, d->fields[field].ty, &en, d->fields[field].where, 0);
}

bool types_decl_maybe_unsized_tail(tt_ctx *c, const tt_def *d)
{
    if (d->kind != DEF_STRUCT || d->nfields == 0)
        return false;
    env en = {.def = d, .args = param_types(c, d)};
    tt_type *t = resolve(c, d->fields[d->nfields - 1].ty, &en, d->fields[d->nfields - 1].where, 0);
    return t && !types_is_sized(c, t);
}

bool types_validate_defs(tt_ctx *c)
{
    unsigned before = c->nerrors;
    for (uint32_t i = 0; i < c->nuser_defs; i++) {
        const tt_def *d = c->user_defs[i];
        env en = {.def = d, .args = param_types(c, d)};
        for (uint32_t g = 0; g < d->ngenerics; g++)
            if (d->generics[g].dflt)
                resolve(c, d->generics[g].dflt, &en, d->where, 0);
        uint32_t nv = d->kind == DEF_ENUM ? d->nvariants : 1;
        for (uint32_t v = 0; v < nv; v++) {
            uint32_t nf = d->kind == DEF_ENUM ? d->variants[v].nfields : d->nfields;
            const tt_field_def *fs = d->kind == DEF_ENUM ? d->variants[v].fields : d->fields;
            for (uint32_t f = 0; f < nf; f++) {
                if (fs[f].ty)
                    resolve(c, fs[f].ty, &en, fs[f].where, 0);
                if (fs[f].points_to)
                    resolve(c, fs[f].points_to, &en, fs[f].where, 0);
            }
        }
    }
    for (uint32_t i = 0; i < c->nfns; i++) {
        const tt_fn_def *f = &c->fns[i];
        for (uint32_t a = 0; a < f->nargs; a++)
            if (f->args[a].ty)
                types_resolve(c, f->args[a].ty, f->args[a].where);
        if (f->ret)
            types_resolve(c, f->ret, f->where);
    }
    return c->nerrors == before;
}
