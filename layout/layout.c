/* rustc's layout algorithm (x86_64 Rust ABI): primitives, pointers, arrays, tuples,
 * structs, unions. Field reordering (univariant) is in univariant.c, enums in
 * enum_layout.c.
 * Each rule names the rustc behaviour it reproduces; the conformance test checks them
 * against the real compiler. */
#include <string.h>

#include "layout.h"

static void set_scalar(const tt_ctx *c, tt_layout *l, tt_scalar s)
{
    l->sized = true;
    l->abi = ABI_SCALAR;
    l->a = s;
    l->size = s.prim.size;
    l->align = prim_align(c, s.prim);
    l->has_niche = niche_of_scalar(s, 0, &l->niche);
}

static void set_pair(const tt_ctx *c, tt_layout *l, tt_scalar a, tt_scalar b)
{
    l->sized = true;
    l->abi = ABI_PAIR;
    l->a = a;
    l->b = b;
    layout_scalar_pair(c, a, b, &l->b_offset, &l->size, &l->align);
    /* Of equal niches the first half's wins (rustc iterates b then a, max_by_key). */
    tt_niche na, nb;
    bool ha = niche_of_scalar(a, 0, &na), hb = niche_of_scalar(b, l->b_offset, &nb);
    if (ha && (!hb || niche_avail(true, &na) >= niche_avail(true, &nb))) {
        l->has_niche = true;
        l->niche = na;
    } else if (hb) {
        l->has_niche = true;
        l->niche = nb;
    }
    l->nfields = 2;
    l->offsets = arena_alloc(c->arena, 2 * sizeof *l->offsets);
    l->offsets[1] = l->b_offset;
    l->memory_order = arena_alloc(c->arena, 2 * sizeof *l->memory_order);
    l->memory_order[1] = 1;
}

static tt_prim int_prim(unsigned size, bool is_signed)
{
    tt_prim p = {.kind = PRIM_INT, .size = (uint8_t)size, .is_signed = is_signed};
    return p;
}

static tt_scalar ptr_scalar(const tt_ctx *c, bool nonnull)
{
    tt_prim p = {.kind = PRIM_PTR, .size = (uint8_t)c->target->ptr_size};
    tt_scalar s = scalar_full(p);
    if (nonnull)
        s.valid.start = 1;
    return s;
}

static void from_variant(tt_layout *l, const tt_variant_layout *v, bool sized)
{
    l->size = v->size;
    l->align = v->align;
    l->sized = sized;
    l->uninhabited = v->uninhabited;
    l->abi = v->abi;
    l->a = v->a;
    l->b = v->b;
    l->b_offset = v->b_offset;
    l->has_niche = v->has_niche;
    l->niche = v->niche;
    l->nfields = v->nfields;
    l->offsets = v->offsets;
    l->memory_order = v->memory_order;
    l->max_repr_align = v->max_repr_align;
    l->vector = v->vector;
}

/* ---- per kind ---- */

static bool layout_fields_of(tt_ctx *c, tt_type *t, uint32_t variant, uint32_t n,
                             const tt_layout **out, const tt_loc *where)
{
    for (uint32_t i = 0; i < n; i++) {
        tt_type *ft = types_field(c, t, variant, i);
        if (!ft)
            return false;
        const tt_field_def *fd = t->def->kind == DEF_ENUM ? &t->def->variants[variant].fields[i]
                                                          : &t->def->fields[i];
        (void)where;
        out[i] = layout_of(c, ft, fd->where);
        if (!out[i])
            return false;
    }
    return true;
}

/* rustc's check_packed_inner: a packed type may not reach a repr(align) struct or union
 * through the *declared* types of struct and union fields. Arrays, tuples, enums and
 * generic parameters end the search, as in rustc (`struct P { a: [A; 2] }` is allowed). */
static const tt_def *packed_reaches_align(tt_ctx *c, const tt_def *d, const tt_def **stack,
                                          unsigned depth)
{
    if (depth >= 64)
        return NULL;
    stack[depth] = d;
    for (uint32_t i = 0; i < d->nfields; i++) {
        tt_type *ft = types_decl_field(c, d, i);
        if (!ft || ft->kind != TY_ADT || ft->def->kind == DEF_ENUM)
            continue;
        bool seen = false;
        for (unsigned k = 0; k <= depth; k++)
            seen |= stack[k] == ft->def;
        if (seen)
            continue;
        if (ft->def->repr.align)
            return ft->def;
        const tt_def *found = packed_reaches_align(c, ft->def, stack, depth + 1);
        if (found)
            return found;
    }
    return NULL;
}

static bool check_packed_align(tt_ctx *c, const tt_def *d, const tt_layout *const *fs, uint32_t n)
{
    (void)fs;
    (void)n;
    if (!d->repr.pack)
        return true;
    const tt_def *stack[64];
    const tt_def *found = packed_reaches_align(c, d, stack, 0);
    if (found) {
        diag_add(c, TT_ERROR, d->where,
                 "packed type `%s` cannot transitively contain the #[repr(align)] type `%s` "
                 "(rustc E0588)", d->name, found->name);
        return false;
    }
    return true;
}

static bool layout_struct(tt_ctx *c, tt_type *t, tt_layout *l)
{
    const tt_def *d = t->def;
    const tt_layout **fs = arena_alloc(c->arena, (d->nfields + 1) * sizeof *fs);
    if (!layout_fields_of(c, t, 0, d->nfields, fs, d->where) ||
        !check_packed_align(c, d, fs, d->nfields))
        return false;
    if (d->repr.simd)
        return layout_simd(c, t, fs, l);
    if (d->repr.transparent) {
        uint32_t non_zst = 0;
        for (uint32_t i = 0; i < d->nfields; i++)
            if (!layout_is_1zst(fs[i]))
                non_zst++;
        if (non_zst > 1) {
            diag_add(c, TT_ERROR, d->where,
                     "transparent struct `%s` needs at most one field with non-trivial size or "
                     "alignment, but has %u (rustc E0690)", t->name, non_zst);
            return false;
        }
    }
    struct_kind kind = d->nfields && (d->maybe_unsized_tail || types_decl_maybe_unsized_tail(c, d))
                           ? KIND_MAYBE_UNSIZED : KIND_ALWAYS_SIZED;
    tt_variant_layout v;
    bool sized;
    if (!layout_univariant(c, fs, d->nfields, &d->repr, kind, 0, 1, &v, &sized, d->where))
        return false;
    from_variant(l, &v, sized);
    if (d->repr.no_niche) {
        /* UnsafeCell: interior mutability hides every niche. */
        if (l->abi == ABI_SCALAR)
            l->a = scalar_full(l->a.prim);
        if (l->abi == ABI_PAIR) {
            l->a = scalar_full(l->a.prim);
            l->b = scalar_full(l->b.prim);
        }
        l->has_niche = false;
        return true;
    }
    if (d->has_vr_start || d->has_vr_end) {
        if (l->abi != ABI_SCALAR && l->abi != ABI_PAIR) {
            diag_add(c, TT_ERROR, d->where,
                     "valid_range_start/end need a struct whose ABI is a scalar or a scalar pair; "
                     "`%s` is %s", t->name, abi_name(l->abi));
            return false;
        }
        tt_u128 mask = l->a.prim.size >= 16 ? ~(tt_u128)0 : (((tt_u128)1 << (l->a.prim.size * 8)) - 1);
        if ((d->has_vr_start && d->vr_start > mask) || (d->has_vr_end && d->vr_end > mask)) {
            diag_add(c, TT_ERROR, d->where, "valid range bound does not fit the %u-byte scalar",
                     l->a.prim.size);
            return false;
        }
        if (d->has_vr_start)
            l->a.valid.start = d->vr_start;
        if (d->has_vr_end)
            l->a.valid.end = d->vr_end;
        tt_niche n;
        if (niche_of_scalar(l->a, 0, &n) &&
            (!l->has_niche || niche_avail(true, &l->niche) <= niche_avail(true, &n))) {
            l->has_niche = true;
            l->niche = n;
        }
    }
    return true;
}

static bool scalar_eq_union(tt_scalar a, tt_scalar b)
{
    return a.prim.kind == b.prim.kind && a.prim.size == b.prim.size &&
           a.prim.is_signed == b.prim.is_signed;
}

static bool layout_union(tt_ctx *c, tt_type *t, tt_layout *l)
{
    const tt_def *d = t->def;
    const tt_layout **fs = arena_alloc(c->arena, (d->nfields + 1) * sizeof *fs);
    if (!layout_fields_of(c, t, 0, d->nfields, fs, d->where) ||
        !check_packed_align(c, d, fs, d->nfields))
        return false;
    uint64_t align = 1, size = 0, max_repr_align = d->repr.align;
    bool mismatch = d->repr.c, have = false;
    const tt_layout *common = NULL;
    for (uint32_t i = 0; i < d->nfields; i++) {
        const tt_layout *f = fs[i];
        if (!f->sized) {
            diag_add(c, TT_ERROR, d->fields[i].where,
                     "union fields must be sized (rustc E0277)");
            return false;
        }
        if (f->align > align)
            align = f->align;
        if (f->size > size)
            size = f->size;
        if (f->max_repr_align > max_repr_align)
            max_repr_align = f->max_repr_align;
        if (layout_is_zst(f) || mismatch)
            continue;
        if (!have) {
            have = true;
            common = f;
            continue;
        }
        /* Same repr after discarding valid ranges ("union" scalars). */
        bool same = f->abi == common->abi;
        if (same && f->abi == ABI_SCALAR)
            same = scalar_eq_union(f->a, common->a);
        else if (same && f->abi == ABI_PAIR)
            same = scalar_eq_union(f->a, common->a) && scalar_eq_union(f->b, common->b) &&
                   f->b_offset == common->b_offset;
        if (!same)
            mismatch = true;
    }
    if (d->repr.pack && d->repr.pack < align)
        align = d->repr.pack;
    if (d->repr.align > align)
        align = d->repr.align;
    l->sized = true;
    l->align = align;
    l->size = align_up(size, align);
    if (!size_ok(c, l->size)) {
        report_too_big(c, d->where, t->name);
        return false;
    }
    l->max_repr_align = max_repr_align;
    l->abi = ABI_MEMORY;
    if (have && !mismatch && common->abi != ABI_MEMORY) {
        uint64_t salign = common->abi == ABI_SCALAR
                              ? prim_align(c, common->a.prim)
                              : (prim_align(c, common->a.prim) > prim_align(c, common->b.prim)
                                     ? prim_align(c, common->a.prim)
                                     : prim_align(c, common->b.prim));
        if (salign == align) {
            l->abi = common->abi;
            l->a = common->a;
            l->a.is_union = true;
            l->b = common->b;
            l->b.is_union = true;
            l->b_offset = common->b_offset;
        }
    }
    l->nfields = d->nfields;
    l->offsets = arena_alloc(c->arena, (d->nfields + 1) * sizeof *l->offsets);
    l->memory_order = arena_alloc(c->arena, (d->nfields + 1) * sizeof *l->memory_order);
    for (uint32_t i = 0; i < d->nfields; i++)
        l->memory_order[i] = i;
    return true;
}

static bool layout_tuple(tt_ctx *c, tt_type *t, tt_layout *l, const tt_loc *where)
{
    const tt_layout **fs = arena_alloc(c->arena, (t->n + 1) * sizeof *fs);
    for (uint32_t i = 0; i < t->n; i++)
        if (!(fs[i] = layout_of(c, t->items[i], where)))
            return false;
    tt_repr repr = {.int_kind = -1};
    tt_variant_layout v;
    bool sized;
    if (!layout_univariant(c, fs, t->n, &repr, t->n ? KIND_MAYBE_UNSIZED : KIND_ALWAYS_SIZED, 0, 1,
                           &v, &sized, where))
        return false;
    from_variant(l, &v, sized);
    return true;
}

static bool layout_array(tt_ctx *c, tt_type *t, tt_layout *l, const tt_loc *where)
{
    const tt_layout *e = layout_of(c, t->elem, where);
    if (!e)
        return false;
    if (!e->sized) {
        diag_add(c, TT_ERROR, where, "the element type of `%s` is not sized (rustc E0277)",
                 t->name);
        return false;
    }
    l->is_array = true;
    l->stride = e->size;
    l->align = e->align;
    l->max_repr_align = e->max_repr_align;
    l->abi = ABI_MEMORY;
    if (t->kind == TY_SLICE || t->kind == TY_STR) {
        l->sized = false;
        return true;
    }
    l->sized = true;
    l->count = t->len;
    /* O(1) in the length: one multiplication, bounded like rustc's checked_mul. */
    if (e->size && t->len > (c->target->obj_size_bound - 1) / e->size) {
        report_too_big(c, where, t->name);
        return false;
    }
    l->size = e->size * t->len;
    if (t->len) {
        l->has_niche = e->has_niche;
        l->niche = e->niche;
        l->uninhabited = e->uninhabited;
    }
    return true;
}

static bool layout_pointer(tt_ctx *c, tt_type *t, tt_layout *l)
{
    tt_scalar data = ptr_scalar(c, t->kind != TY_PTR);
    int meta = types_ptr_metadata(c, t->elem);
    if (meta == 0)
        set_scalar(c, l, data);
    else if (meta == 1)
        set_pair(c, l, data, scalar_full(int_prim(c->target->ptr_size, false)));
    else
        set_pair(c, l, data, ptr_scalar(c, true)); /* the vtable pointer is never null */
    return true;
}

static void apply_layout_block(tt_ctx *c, tt_type *t, tt_layout *l);

static bool compute(tt_ctx *c, tt_type *t, tt_layout *l, const tt_loc *where)
{
    tt_prim p;
    switch (t->kind) {
    case TY_BOOL: {
        tt_scalar s = scalar_full(int_prim(1, false));
        s.valid.end = 1;
        set_scalar(c, l, s);
        return true;
    }
    case TY_CHAR: {
        tt_scalar s = scalar_full(int_prim(4, false));
        s.valid.end = 0x10FFFF;
        set_scalar(c, l, s);
        return true;
    }
    case TY_INT:
        set_scalar(c, l, scalar_full(int_prim(t->size, t->is_signed)));
        return true;
    case TY_FLOAT:
        p.kind = PRIM_FLOAT;
        p.size = t->size;
        p.is_signed = false;
        set_scalar(c, l, scalar_full(p));
        return true;
    case TY_STR: {
        l->is_array = true;
        l->stride = 1;
        l->align = 1;
        l->abi = ABI_MEMORY;
        return true;
    }
    case TY_DYN:
        l->align = 1;
        l->abi = ABI_MEMORY;
        return true;
    case TY_NEVER:
        l->sized = true;
        l->align = 1;
        l->uninhabited = true;
        l->abi = ABI_MEMORY;
        return true;
    case TY_TUPLE:
        return layout_tuple(c, t, l, where);
    case TY_ARRAY:
    case TY_SLICE:
        return layout_array(c, t, l, where);
    case TY_REF:
    case TY_PTR:
        return layout_pointer(c, t, l);
    case TY_FNPTR:
        set_scalar(c, l, ptr_scalar(c, true));
        return true;
    case TY_PARAM:
        diag_add(c, TT_ERROR, where, "generic parameter `%s` has no layout without an argument",
                 t->name + 1);
        return false;
    case TY_ADT: {
        bool ok;
        if (t->def->kind == DEF_STRUCT)
            ok = layout_struct(c, t, l);
        else if (t->def->kind == DEF_UNION)
            ok = layout_union(c, t, l);
        else
            ok = layout_enum(c, t, l, t->def->where);
        if (ok && t->def->layout.present && t->def->ngenerics == 0)
            apply_layout_block(c, t, l);
        return ok;
    }
    }
    return false;
}

/* Type names of runaway recursion get long; messages keep both ends. */
static const char *short_name(tt_ctx *c, const char *name)
{
    size_t n = strlen(name);
    if (n <= 100)
        return name;
    return arena_printf(c->arena, "%.50s...%s", name, name + n - 40);
}

const tt_layout *layout_of_quiet(tt_ctx *c, tt_type *t)
{
    tt_diag *tail = c->diags_tail;
    unsigned errs = c->nerrors;
    const tt_layout *l = layout_of(c, t, NULL);
    diag_truncate(c, tail, errs);
    return l;
}

const tt_layout *layout_of(tt_ctx *c, tt_type *t, const tt_loc *where)
{
    switch (t->layout_state) {
    case 2:
        return t->layout;
    case 3:
        return NULL;
    case 1:
        diag_add(c, TT_ERROR, t->kind == TY_ADT ? t->def->where : where,
                 "recursive type `%s` has infinite size: it contains itself by value; insert "
                 "some indirection such as Box (rustc E0072)", t->name);
        t->layout_state = 3;
        return NULL;
    default:
        break;
    }
    if (c->layout_depth >= c->max_depth) {
        /* A type that keeps growing by value (S<T> { x: T, y: S<(T,)> }, rustc E0072), or
         * one nested deeper than rustc itself accepts (it stops near 128 levels). */
        diag_add(c, TT_ERROR, t->kind == TY_ADT ? t->def->where : where,
                 "the layout of `%s` nests more than %u levels deep: a recursive type of "
                 "infinite size (rustc E0072), or nesting deeper than rustc accepts",
                 short_name(c, t->name), c->max_depth);
        t->layout_state = 3;
        return NULL;
    }
    t->layout_state = 1;
    c->layout_depth++;
    tt_layout *l = layout_new(c);
    bool ok = compute(c, t, l, where);
    c->layout_depth--;
    if (t->layout_state == 3)
        ok = false; /* a recursion error was reported below us */
    t->layout_state = ok ? 2 : 3;
    t->layout = ok ? l : NULL;
    return t->layout;
}

/* ---- exporter-provided numbers ---- */

static void warn_mismatch(tt_ctx *c, const tt_layout_block *lb, const tt_type *t, const char *what,
                          uint64_t ours, uint64_t theirs)
{
    diag_add(c, TT_WARNING, lb->where,
             "`%s`: %s is %llu in the layout block but the engine computed %llu; using %llu",
             t->name, what, (unsigned long long)theirs, (unsigned long long)ours,
             (unsigned long long)theirs);
}

static void apply_fields(tt_ctx *c, const tt_layout_block *lb, const tt_type *t, const char *ctx,
                         uint32_t n, const tt_field_def *fields, uint64_t *offsets,
                         uint32_t bn, const char **bnames, const uint64_t *boffs)
{
    for (uint32_t i = 0; i < bn; i++) {
        if (!bnames[i])
            continue;
        uint32_t f = 0;
        while (f < n && strcmp(fields[f].name, bnames[i]) != 0)
            f++;
        if (f == n) {
            diag_add(c, TT_WARNING, lb->where, "`%s`: the layout block names %sfield \"%s\", "
                                                 "which the type does not have",
                     t->name, ctx, bnames[i]);
            continue;
        }
        if (offsets[f] != boffs[i]) {
            const char *what = arena_printf(c->arena, "the offset of %sfield \"%s\"", ctx, bnames[i]);
            warn_mismatch(c, lb, t, what, offsets[f], boffs[i]);
            offsets[f] = boffs[i];
        }
    }
}

static void apply_layout_block(tt_ctx *c, tt_type *t, tt_layout *l)
{
    const tt_layout_block *lb = &t->def->layout;
    const tt_def *d = t->def;
    if (l->size != lb->size) {
        warn_mismatch(c, lb, t, "the size", l->size, lb->size);
        l->size = lb->size;
    }
    if (l->align != lb->align) {
        warn_mismatch(c, lb, t, "the alignment", l->align, lb->align);
        l->align = lb->align;
    }
    if (d->kind != DEF_ENUM) {
        apply_fields(c, lb, t, "", d->nfields, d->fields, l->offsets, lb->nfields,
                     lb->field_names, lb->field_offsets);
        return;
    }
    for (uint32_t i = 0; i < lb->nvariants; i++) {
        if (!lb->variant_names[i])
            continue;
        uint32_t v = 0;
        while (v < d->nvariants && strcmp(d->variants[v].name, lb->variant_names[i]) != 0)
            v++;
        if (v == d->nvariants) {
            diag_add(c, TT_WARNING, lb->where,
                     "`%s`: the layout block names variant \"%s\", which the type does not have",
                     t->name, lb->variant_names[i]);
            continue;
        }
        const char *ctx = arena_printf(c->arena, "variant \"%s\" ", d->variants[v].name);
        apply_fields(c, lb, t, ctx, d->variants[v].nfields, d->variants[v].fields,
                     l->variants[v].offsets, lb->variant_nfields[i], lb->variant_field_names[i],
                     lb->variant_field_offsets[i]);
    }
}
