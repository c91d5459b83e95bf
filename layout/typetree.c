/* Layouts -> Enzyme TypeTrees. The rule everywhere: describe less, never wrong. A byte
 * gets a kind only when every value of the type has that kind there; floats are one
 * entry at their first byte, integers one entry per byte, pointers one entry plus what
 * they point to one level deeper. See include/typetree.h for the path convention. */
#include <stdlib.h>
#include <string.h>

#include "tree.h"
#include "typetree_build.h"

/* Runs of mixed elements are listed element by element at every pointer level, which
 * multiplies: above 512 entries a tree is built lean, above 4096 shallower (build()). */
const tt_tree_opts tree_default_opts = {.max_offset = 500, .max_depth = 6, .max_entries = 4096,
                                        .lean_above = 512};

/* ---- building ---- */

void tb_add(builder *b, int64_t off, tt_kind kind)
{
    if (off > b->o->max_offset || b->len + 1 > b->o->max_depth || b->len + 1 > TT_PATH_MAX)
        return;
    if (b->bound && ++b->added > b->bound) {
        b->overflow = true;
        return;
    }
    tt_entry e = {.len = (uint8_t)(b->len + 1), .kind = (uint8_t)kind};
    memcpy(e.path, b->path, b->len * sizeof e.path[0]);
    e.path[b->len] = off;
    tree_push(b->out, &e);
}

uint64_t tree_kind_width(const tt_ctx *c, tt_kind k)
{
    switch (k) {
    case KIND_POINTER:
        return c->target->ptr_size;
    case KIND_HALF:
        return 2;
    case KIND_FLOAT:
        return 4;
    case KIND_DOUBLE:
        return 8;
    case KIND_FP128:
        return 16;
    default:
        return 1;
    }
}

static tt_kind float_kind(unsigned size)
{
    return size == 2 ? KIND_HALF : size == 4 ? KIND_FLOAT : size == 8 ? KIND_DOUBLE : KIND_FP128;
}


const tt_layout *tb_lay(builder *b, tt_type *t)
{
    const tt_layout *l = layout_of(b->c, t, b->where);
    if (!l)
        b->ok = false;
    return l;
}

/* What a homogeneous element is: every byte one kind, tiled without gaps. Decided from
 * the type, so [f32; 1000000] costs what [f32; 1] costs. */
typedef struct {
    int kind;           /* -1: not homogeneous; else tt_kind */
    tt_type *pointee;   /* KIND_POINTER: what each pointer points to (NULL: nothing known) */
    bool pointee_many;  /* the pointee is itself an unknown-length buffer */
} homog;

static homog homogeneous(builder *b, tt_type *t, unsigned depth);
static bool untyped_byte(builder *b, tt_type *t, unsigned depth);

/* Follows single-field wrappers (Box, NonNull, Unique, transparent newtypes) down to the
 * raw/ref pointer they hold; NULL when t is not a thin pointer of that shape, or when a
 * field on the way has a "points_to" (what its pointer points to is that, not the type
 * the field names: hashbrown's Bucket<T> points one past its T). */
static tt_type *thin_pointer_core(builder *b, tt_type *t, unsigned depth)
{
    for (; depth < 32; depth++) {
        const tt_layout *l = tb_lay(b, t);
        if (!l || l->abi != ABI_SCALAR || l->a.prim.kind != PRIM_PTR)
            return NULL;
        if (t->kind == TY_REF || t->kind == TY_PTR || t->kind == TY_FNPTR)
            return t;
        if (t->kind != TY_ADT || t->def->kind != DEF_STRUCT)
            return NULL;
        tt_type *next = NULL;
        for (uint32_t i = 0; i < t->def->nfields; i++) {
            tt_type *ft = types_field(b->c, t, 0, i);
            const tt_layout *fl = ft ? tb_lay(b, ft) : NULL;
            if (!fl)
                return NULL;
            if (!layout_is_zst(fl) && types_field_points_to(b->c, t, 0, i))
                return NULL;
            if (!layout_is_zst(fl))
                next = ft;
        }
        if (!next)
            return NULL;
        t = next;
    }
    return NULL;
}

static homog homogeneous(builder *b, tt_type *t, unsigned depth)
{
    homog none = {.kind = -1};
    const tt_layout *l = tb_lay(b, t);
    if (!l || !l->sized || l->uninhabited || l->size == 0 || depth > 32)
        return none;
    switch (t->kind) {
    case TY_BOOL:
    case TY_CHAR:
    case TY_INT:
        return (homog){.kind = KIND_INTEGER};
    case TY_FLOAT:
        return (homog){.kind = float_kind(t->size)};
    case TY_FNPTR:
        return (homog){.kind = KIND_POINTER};
    case TY_REF:
    case TY_PTR:
        if (l->abi != ABI_SCALAR)
            return none; /* wide pointers: pointer + metadata */
        return (homog){.kind = KIND_POINTER, .pointee = t->elem};
    case TY_ARRAY:
        return t->len && !untyped_byte(b, t->elem, 0) ? homogeneous(b, t->elem, depth + 1) : none;
    case TY_TUPLE:
    case TY_ADT: {
        if (t->kind == TY_ADT && t->def->kind == DEF_ENUM) {
            /* A fieldless enum is its tag: integer bytes. */
            if (l->abi == ABI_SCALAR && l->tag_encoding == TAG_DIRECT && l->size == l->tag.prim.size)
                return (homog){.kind = KIND_INTEGER};
            return none;
        }
        if (t->kind == TY_ADT && t->def->kind == DEF_UNION)
            return none;
        tt_type *core = thin_pointer_core(b, t, depth);
        if (core) {
            homog h = homogeneous(b, core, depth + 1);
            /* A points_to buffer is not a single pointee: not homogeneous with others. */
            return h;
        }
        uint32_t n = t->kind == TY_TUPLE ? t->n : t->def->nfields;
        homog acc = {.kind = -2};
        uint64_t covered = 0;
        for (uint32_t i = 0; i < n; i++) {
            tt_type *ft = t->kind == TY_TUPLE ? t->items[i] : types_field(b->c, t, 0, i);
            const tt_layout *fl = ft ? tb_lay(b, ft) : NULL;
            if (!fl)
                return none;
            if (fl->size == 0)
                continue;
            if (t->kind == TY_ADT && types_field_points_to(b->c, t, 0, i))
                return none;
            homog h = homogeneous(b, ft, depth + 1);
            if (h.kind < 0)
                return none;
            if (acc.kind == -2)
                acc = h;
            else if (acc.kind != h.kind || acc.pointee != h.pointee)
                return none;
            covered += fl->size;
        }
        /* No padding: the fields tile the value. */
        if (acc.kind < 0 || covered != l->size)
            return none;
        return acc;
    }
    default:
        return none;
    }
}


/* For elements whose kind the type alone does not settle (enums such as Option<&T> or
 * Option<u32>, &dyn): describe one element, and if its first-level entries tile it with
 * one kind (integers every byte, floats or pointers every size) and every pointer has
 * the same subtree, emit that once at -1. Only for elements within the offset limit, so
 * the description is complete. */
static bool homogeneous_by_entries(builder *b, tt_type *elem, const tt_layout *el)
{
    if (el->size > (uint64_t)b->o->max_offset || !el->sized)
        return false;
    tt_tree one = {0};
    tt_tree *saved = b->out;
    b->out = &one;
    tb_mem(b, elem, 0);
    b->out = saved;
    tree_normalize(&one);
    unsigned lvl = b->len; /* index of the element-relative offset in each path */
    int kind = -1;
    uint64_t step = 0, next = 0;
    bool ok = one.n > 0;
    const tt_entry *first_ptr = NULL;
    for (size_t i = 0; ok && i < one.n; i++) {
        const tt_entry *e = &one.v[i];
        if (e->len != lvl + 1)
            continue;
        if (kind < 0) {
            kind = e->kind;
            step = tree_kind_width(b->c, (tt_kind)kind);
        }
        ok = e->kind == kind && (uint64_t)e->path[lvl] == next;
        next += step;
    }
    ok = ok && kind >= 0 && next == el->size;
    /* Pointers: every one must carry the same subtree. */
    for (size_t i = 0; ok && i < one.n; i++) {
        const tt_entry *e = &one.v[i];
        if (e->len == lvl + 1 && kind == KIND_POINTER && !first_ptr)
            first_ptr = e;
    }
    size_t sub0 = 0;
    if (ok && kind == KIND_POINTER) {
        for (size_t i = 0; i < one.n; i++)
            if (one.v[i].len > lvl + 1 && one.v[i].path[lvl] == 0)
                sub0++;
        for (uint64_t p = step; ok && p < el->size; p += step) {
            size_t subp = 0;
            for (size_t i = 0; i < one.n && ok; i++) {
                const tt_entry *e = &one.v[i];
                if (e->len <= lvl + 1 || (uint64_t)e->path[lvl] != p)
                    continue;
                subp++;
                tt_entry probe = *e;
                probe.path[lvl] = 0;
                ok = bsearch(&probe, one.v, one.n, sizeof probe, tree_entry_cmp) != NULL;
            }
            ok = ok && subp == sub0;
        }
    }
    if (ok) {
        for (size_t i = 0; i < one.n; i++) {
            tt_entry e = one.v[i];
            if (e.len < lvl + 1 || (e.len > lvl && e.path[lvl] != 0))
                continue;
            e.path[lvl] = -1;
            tree_push(b->out, &e);
        }
    }
    tree_free(&one);
    return ok;
}

/* count elements of `elem` from `base`, each at its own offset, up to the offset limit.
 * In a lean tree the elements after the first say nothing of what their pointers point
 * to (build() says why). */
static void elements(builder *b, tt_type *elem, uint64_t count, int64_t base)
{
    const tt_layout *el = tb_lay(b, elem);
    if (!el || el->size == 0 || el->uninhabited)
        return;
    if (untyped_byte(b, elem, 0)) {
        if (!b->bytes_integer) {
            b->gap = true;
            return;
        }
        for (uint64_t i = 0; i < count && (uint64_t)base + i <= (uint64_t)b->o->max_offset; i++)
            tb_add(b, base + (int64_t)i, KIND_INTEGER);
        return;
    }
    for (uint64_t i = 0; i < count; i++) {
        uint64_t off = (uint64_t)base + i * el->size;
        if (off > (uint64_t)b->o->max_offset || b->overflow)
            break;
        bool bare = b->lean && i > 0;
        b->bare += bare;
        tb_mem(b, elem, (int64_t)off);
        b->bare -= bare;
    }
}

/* A heap buffer of elements owned by Vec, Box<[T]>, String (a "points_to" field): the
 * allocation holds nothing else, so one -1 entry when the elements are homogeneous is
 * exact; mixed elements are listed one by one up to the offset limit (claims past the
 * allocation's end concern memory no other value occupies). */
static void heap_elements(builder *b, tt_type *elem)
{
    const tt_layout *el = tb_lay(b, elem);
    if (!el || el->size == 0 || el->uninhabited)
        return;
    homog h = homogeneous(b, elem, 0);
    if (h.kind >= 0) {
        tb_add(b, -1, (tt_kind)h.kind);
        if (h.kind == KIND_POINTER && h.pointee)
            tb_descend(b, -1, h.pointee, false);
        return;
    }
    if (homogeneous_by_entries(b, elem, el))
        return;
    elements(b, elem, UINT64_MAX, 0);
}

/* A struct that is nothing but an unsized tail at offset 0 (OsStr { inner: Slice {
 * inner: [u8] } }, possibly with ZSTs beside it) is that slice as far as bytes go. */
static tt_type *bare_unsized_tail(builder *b, tt_type *t)
{
    for (unsigned depth = 0; depth < 32; depth++) {
        if (t->kind == TY_SLICE || t->kind == TY_STR)
            return t;
        if (t->kind != TY_ADT || t->def->kind != DEF_STRUCT || !t->def->nfields)
            return NULL;
        const tt_layout *l = tb_lay(b, t);
        if (!l || l->sized)
            return NULL;
        uint32_t last = t->def->nfields - 1;
        for (uint32_t i = 0; i < last; i++) {
            tt_type *ft = types_field(b->c, t, 0, i);
            const tt_layout *fl = ft ? tb_lay(b, ft) : NULL;
            if (!fl || fl->size)
                return NULL;
        }
        if (l->offsets[last] != 0)
            return NULL;
        t = types_field(b->c, t, 0, last);
        if (!t)
            return NULL;
    }
    return NULL;
}

/* Bytes (u8, i8, and size-1 wrappers of them: MaybeUninit<u8>, Cell<u8>) in a run (an
 * array or slice) or behind a pointer are Rust's untyped memory: what the allocator
 * returns (*mut u8), RawVecInner's type-erased buffer (Unique<u8>), storage for other
 * types (sort's AlignedStorage<T> is [MaybeUninit<u8>; N]), byte views of any data
 * (slice::from_raw_parts(p as *const u8, n), bytemuck). Saying "integer" there makes
 * Enzyme treat floats kept in such memory as integers: no gradient, silently, or a
 * contradiction it stops on. A lone u8 field or value stays an integer. So is C's void,
 * core::ffi::c_void (a one-byte enum no value of which is ever made): `*mut c_void` got
 * "[-1,0]:Integer", and a copy through a pointer stored into such a variable, the same
 * value as a typed pointer (an `as` cast is no instruction), was typed as one Integer
 * byte (run-make case body-stored-pointers). */
static bool untyped_byte(builder *b, tt_type *t, unsigned depth)
{
    if (depth > 16)
        return false;
    if (t->kind == TY_INT)
        return t->size == 1;
    if (t->kind == TY_ADT && t->def->kind == DEF_ENUM)
        return strcmp(t->def->name, "core::ffi::c_void") == 0;
    if (t->kind != TY_ADT)
        return false;
    const tt_layout *l = tb_lay(b, t);
    if (!l || l->size != 1)
        return false;
    for (uint32_t i = 0; i < t->def->nfields; i++) {
        tt_type *ft = types_field(b->c, t, 0, i);
        const tt_layout *fl = ft ? tb_lay(b, ft) : NULL;
        if (!fl)
            return false;
        if (fl->size && !untyped_byte(b, ft, depth + 1))
            return false;
    }
    return true;
}

static bool untyped_bytes(builder *b, tt_type *t)
{
    while (t->kind == TY_ARRAY || t->kind == TY_SLICE)
        t = t->elem;
    return untyped_byte(b, t, 0);
}

bool tree_untyped_bytes(tt_ctx *c, tt_type *t)
{
    builder b = {.c = c};
    return untyped_bytes(&b, t);
}

/* Describes what a pointer at offset `at` (of the current level) points to. */
void tb_descend(builder *b, int64_t at, tt_type *pointee, bool many)
{
    if (!many && pointee->kind == TY_ADT) {
        tt_type *tail = bare_unsized_tail(b, pointee);
        if (tail)
            pointee = tail;
    }
    if (untyped_bytes(b, pointee) || b->bare)
        return;
    if (b->len + 2 > b->o->max_depth || b->len + 1 >= TT_PATH_MAX || b->overflow)
        return; /* entries below would be longer than Enzyme keeps */
    if (at > b->o->max_offset)
        return; /* the pointer itself is beyond the offset limit, so is all below it */
    for (unsigned i = 0; i < b->nstack; i++)
        if (b->stack[i] == pointee)
            return; /* recursion: already described on this path */
    if (b->nstack == STACK_MAX)
        return;
    b->path[b->len++] = at;
    b->stack[b->nstack++] = pointee;
    if (many)
        heap_elements(b, pointee);
    else
        tb_mem(b, pointee, 0);
    b->nstack--;
    b->len--;
}

/* A pointer value at `base`: thin (one entry + pointee) or wide (data + metadata). */
static void pointer(builder *b, tt_type *t, int64_t base)
{
    tb_add(b, base, KIND_POINTER);
    if (t->kind == TY_FNPTR)
        return;
    int meta = types_ptr_metadata(b->c, t->elem);
    if (meta == 2) {
        /* dyn: the data's type is unknown; the vtable is a pointer to opaque words */
        tb_add(b, base + 8, KIND_POINTER);
        return;
    }
    tb_descend(b, base, t->elem, false);
    if (meta == 1)
        for (int i = 0; i < 8; i++)
            tb_add(b, base + 8 + i, KIND_INTEGER);
}

/* A union with a zero-sized field (MaybeUninit<T> = { uninit: (), value: T }) whose other
 * fields are integers only is a raw buffer: code keeps values of other types in it through
 * casts of its pointer. std's slice::rotate copies the f64s of a slice into a
 * MaybeUninit<([usize; 32], [f64; 0])> (stress program unrolled_lattice256: Integer claimed
 * over the f64s, "Illegal updateAnalysis"). Its bytes get nothing. A MaybeUninit<T> of
 * any other T holds a T (sort's scratch [MaybeUninit<T>], Vec's spare capacity) and keeps
 * T's tree: without it Enzyme cannot type the scratch buffer's copies (gradient case
 * sort_weighted at -O0). */
static bool storage_union(builder *b, tt_type *t)
{
    bool zst = false, data = false;
    for (uint32_t i = 0; i < t->def->nfields; i++) {
        tt_type *ft = types_field(b->c, t, 0, i);
        const tt_layout *fl = ft ? tb_lay(b, ft) : NULL;
        if (!fl)
            return true;
        if (fl->sized && fl->size == 0) {
            zst = true;
            continue;
        }
        if (homogeneous(b, ft, 0).kind != KIND_INTEGER)
            data = true;
    }
    return zst && !data;
}

void tb_mem(builder *b, tt_type *t, int64_t base)
{
    if (base > b->o->max_offset || b->overflow)
        return;
    const tt_layout *l = tb_lay(b, t);
    if (!l || l->uninhabited || (l->sized && l->size == 0))
        return;
    switch (t->kind) {
    case TY_BOOL:
    case TY_CHAR:
    case TY_INT:
        for (unsigned i = 0; i < l->size; i++)
            tb_add(b, base + i, KIND_INTEGER);
        return;
    case TY_FLOAT:
        tb_add(b, base, float_kind(t->size));
        return;
    case TY_REF:
    case TY_PTR:
    case TY_FNPTR:
        pointer(b, t, base);
        return;
    case TY_ARRAY:
        elements(b, t->elem, t->len, base);
        return;
    case TY_SLICE: /* its length is not known here: only the first element is certain */
        b->gap = true;
        elements(b, t->elem, 1, base);
        return;
    case TY_STR:
        b->gap = true;
        tb_add(b, base, KIND_INTEGER);
        return;
    case TY_DYN:
    case TY_NEVER:
    case TY_PARAM:
        b->gap = true;
        return;
    case TY_TUPLE:
        tb_fields(b, t, 0, l->offsets, t->n, base, b->out, NULL);
        tb_padding(b, t, l, t->n, base);
        return;
    case TY_ADT:
        break;
    }
    const tt_def *d = t->def;
    if (d->kind == DEF_STRUCT) {
        tb_fields(b, t, 0, l->offsets, d->nfields, base, b->out, NULL);
        tb_padding(b, t, l, d->nfields, base);
    } else if (d->kind == DEF_UNION) {
        if (!storage_union(b, t))
            tb_alternatives(b, t, l, base);
        else
            b->gap = true;
    } else if (l->single_variant_index_valid) {
        uint32_t v = l->single_variant;
        tb_fields(b, t, v, l->variants[v].offsets, l->variants[v].nfields, base, b->out, NULL);
    } else {
        if (l->tag_encoding == TAG_DIRECT)
            for (unsigned i = 0; i < l->tag.prim.size; i++)
                tb_add(b, base + (int64_t)l->tag_offset + i, KIND_INTEGER);
        tb_alternatives(b, t, l, base);
    }
}

static void builder_init(builder *b, tt_ctx *c, const tt_tree_opts *o, tt_tree *out,
                         const tt_loc *where)
{
    memset(b, 0, sizeof *b);
    b->c = c;
    b->o = o ? o : &tree_default_opts;
    b->out = out;
    b->where = where;
    b->ok = true;
}

/* Builds with the given limits. A tree of more than lean_above entries is built again
 * lean: in every run (a fixed array, a heap buffer) only the first element's pointers say
 * what they point to. Listing elements multiplies at each pointer level (Vec<Vec<T>>: T's
 * buffer once per row that fits in 500 bytes; a BTree node's edges, each a node), and
 * Enzyme's cost per tree operation grows with the entries: on stress program grid_nested
 * at -O0 its pass took 50 s with trees of up to 3476 entries and 6 s with the same trees
 * lean (1244 at most), both stopping at the same place. The first element is what Enzyme
 * reads for a run-time index (it shifts a pointee's tree by the index's known values, and
 * a loop index is known to start at 0); for the others it infers a loaded pointer's
 * pointee from its uses, as without trees. When the tree still exceeds max_entries it is
 * built again one level shallower (the deepest level is where the multiplication
 * happens) until it fits. Every attempt stops as soon as it overflows its bound, so the
 * cost stays bounded. */
static bool build_uncached(tt_ctx *c, tt_type *t, const tt_tree_opts *o, tt_tree *out,
                           const tt_loc *where, bool behind_pointer);

/* A tree built once: annotate asks for the same type's tree at every function, call and
 * local that has it (on a 80 MB module, building them again took 70% of its time). */
typedef struct {
    bool ok;
    size_t n;
    tt_entry *v;
} tree_memo;

/* The memoised form of build_uncached, for a tree built into an empty out without a
 * diagnostic (one with diagnostics is built again each time, so they are reported each
 * time; `where` only names their place). */
static bool build(tt_ctx *c, tt_type *t, const tt_tree_opts *o, tt_tree *out, const tt_loc *where,
                  bool behind_pointer)
{
    if (out->n)
        return build_uncached(c, t, o, out, where, behind_pointer);
    const tt_tree_opts *lim = o ? o : &tree_default_opts;
    char key[160];
    snprintf(key, sizeof key, "%p|%p|%d|%d|%lld|%u|%zu|%zu", (void *)t, (const void *)c->target,
             behind_pointer, c->nightly, (long long)lim->max_offset, lim->max_depth,
             lim->max_entries, lim->lean_above);
    if (!c->tree_memo)
        c->tree_memo = map_new(c->arena);
    const tree_memo *m = map_get(c->tree_memo, key);
    if (m) {
        for (size_t i = 0; i < m->n; i++)
            tree_push(out, &m->v[i]);
        return m->ok;
    }
    tt_diag *tail = c->diags_tail;
    unsigned errs = c->nerrors, warns = c->nwarnings;
    bool ok = build_uncached(c, t, o, out, where, behind_pointer);
    if (c->diags_tail != tail || c->nerrors != errs || c->nwarnings != warns)
        return ok;
    tree_memo *nm = arena_alloc(c->arena, sizeof *nm);
    nm->ok = ok;
    nm->n = out->n;
    nm->v = out->n ? arena_alloc(c->arena, out->n * sizeof *nm->v) : NULL;
    if (out->n)
        memcpy(nm->v, out->v, out->n * sizeof *nm->v);
    map_put(c->tree_memo, arena_strdup(c->arena, key), nm);
    return ok;
}

static bool build_uncached(tt_ctx *c, tt_type *t, const tt_tree_opts *o, tt_tree *out,
                           const tt_loc *where, bool behind_pointer)
{
    tt_tree_opts lim = o ? *o : tree_default_opts;
    bool try_lean = lim.lean_above && (!lim.max_entries || lim.lean_above <= lim.max_entries);
    bool lean = false;
    for (;;) {
        builder b;
        builder_init(&b, c, &lim, out, where);
        b.lean = lean;
        b.bound = try_lean && !lean ? lim.lean_above : lim.max_entries;
        if (behind_pointer) {
            tb_add(&b, -1, KIND_POINTER);
            b.path[b.len++] = -1;
            b.stack[b.nstack++] = t;
        }
        /* behind a pointer, bytes are untyped memory, as in tb_descend() */
        if (!behind_pointer || !untyped_bytes(&b, t))
            tb_mem(&b, t, 0);
        if (b.overflow && try_lean && !lean) {
            out->n = 0;
            lean = true;
            continue;
        }
        if (!b.overflow || lim.max_depth <= 1) {
            if (b.overflow) /* even one level is too big: keep nothing rather than a part */
                out->n = 0;
            tree_normalize(out);
            return b.ok;
        }
        out->n = 0;
        lim.max_depth--;
    }
}

bool tree_of_memory(tt_ctx *c, tt_type *t, const tt_tree_opts *o, tt_tree *out, const tt_loc *where)
{
    return build(c, t, o, out, where, false);
}

bool tree_of_pointer_to(tt_ctx *c, tt_type *t, const tt_tree_opts *o, tt_tree *out,
                        const tt_loc *where)
{
    return build(c, t, o, out, where, true);
}

/* The bytes of a value of t (layout l) are built as the pointee of a pointer (padding is
 * marked there only), one level deep, then taken out from under it: entries by offset. */
static void bytes_begin(builder *b, tt_ctx *c, tt_tree_opts *o, const tt_layout *l, tt_type *t,
                        tt_tree *out, const tt_loc *where)
{
    *o = (tt_tree_opts){.max_offset = (int64_t)l->size, .max_depth = 2};
    builder_init(b, c, o, out, where);
    b->path[b->len++] = -1;
    b->stack[b->nstack++] = t;
}

static bool bytes_end(builder *b, tt_tree *out)
{
    for (size_t i = 0; i < out->n; i++) {
        out->v[i].len = 1;
        out->v[i].path[0] = out->v[i].path[1];
    }
    tree_normalize(out);
    return b->ok && !b->gap;
}

static bool whole_bytes(tt_ctx *c, tt_type *t, tt_tree *out, const tt_loc *where,
                        bool bytes_integer)
{
    const tt_layout *l = layout_of(c, t, where);
    if (!l || !l->sized || l->uninhabited || l->size == 0)
        return false;
    tt_tree_opts o;
    builder b;
    bytes_begin(&b, c, &o, l, t, out, where);
    if (untyped_bytes(&b, t))
        return false;
    b.bytes_integer = bytes_integer;
    tb_mem(&b, t, 0);
    return bytes_end(&b, out);
}

bool tree_of_bytes(tt_ctx *c, tt_type *t, tt_tree *out, const tt_loc *where)
{
    return whole_bytes(c, t, out, where, false);
}

bool tree_of_copied_bytes(tt_ctx *c, tt_type *t, tt_tree *out, const tt_loc *where)
{
    return whole_bytes(c, t, out, where, true);
}

bool tree_of_variant_bytes(tt_ctx *c, tt_type *t, uint32_t v, tt_tree *out, const tt_loc *where)
{
    const tt_layout *l = layout_of(c, t, where);
    if (!l || !l->sized || l->uninhabited || l->size == 0 || !l->is_enum ||
        l->single_variant_index_valid || l->tag_encoding == TAG_NONE || v >= l->nvariants ||
        l->variants[v].uninhabited)
        return false;
    tt_tree_opts o;
    builder b;
    bytes_begin(&b, c, &o, l, t, out, where);
    /* the tag's bytes: a direct tag in every variant; a niche in the variants it encodes
     * (the untagged variant's own field covers them, with its own kind) */
    if (l->tag_encoding == TAG_DIRECT || v != l->untagged_variant)
        for (unsigned i = 0; i < l->tag.prim.size; i++)
            tb_add(&b, (int64_t)l->tag_offset + i, KIND_INTEGER);
    tb_fields(&b, t, v, l->variants[v].offsets, l->variants[v].nfields, 0, b.out, NULL);
    return bytes_end(&b, out);
}

bool tree_of_scalar_at(tt_ctx *c, tt_type *t, uint64_t offset, uint64_t size,
                       const tt_tree_opts *o, tt_tree *out, const tt_loc *where)
{
    tt_tree m = {0};
    bool ok = tree_of_memory(c, t, o, &m, where);
    if (!ok) {
        tree_free(&m);
        return false;
    }
    int64_t lo = (int64_t)offset, hi = (int64_t)(offset + size);
    const tt_entry *head = NULL;
    unsigned ints = 0, others = 0;
    for (size_t i = 0; i < m.n; i++) {
        const tt_entry *e = &m.v[i];
        if (e->path[0] < lo || e->path[0] >= hi)
            continue;
        if (e->len == 1) {
            if (e->path[0] == lo && !head)
                head = e;
            if (e->kind == KIND_INTEGER)
                ints++;
            else
                others++;
        }
    }
    bool whole = false;
    if (head && head->kind == KIND_INTEGER)
        whole = ints == size && others == 0;
    else if (head && head->kind == KIND_POINTER)
        whole = size == c->target->ptr_size && ints == 0 && others == 1;
    else if (head)
        whole = ints == 0 && others == 1 &&
                ((head->kind == KIND_HALF && size == 2) || (head->kind == KIND_FLOAT && size == 4) ||
                 (head->kind == KIND_DOUBLE && size == 8) || (head->kind == KIND_FP128 && size == 16));
    if (whole) {
        tt_entry r = {.len = 1, .kind = head->kind, .path = {-1}};
        tree_push(out, &r);
        if (head->kind == KIND_POINTER)
            for (size_t i = 0; i < m.n; i++)
                if (m.v[i].len > 1 && m.v[i].path[0] == lo) {
                    tt_entry e = m.v[i];
                    e.path[0] = -1;
                    tree_push(out, &e);
                }
        tree_normalize(out);
    }
    tree_free(&m);
    return true;
}

/* A wide pointer (or a struct that only wraps one): its data half is what a pointer
 * parameter carries. */
static bool is_wide_pointer(tt_ctx *c, tt_type *t, unsigned depth)
{
    if (depth > 32)
        return false;
    const tt_layout *l = layout_of(c, t, NULL);
    if (!l || l->abi != ABI_PAIR || l->a.prim.kind != PRIM_PTR)
        return false;
    if (t->kind == TY_REF || t->kind == TY_PTR)
        return true;
    if (t->kind != TY_ADT || t->def->kind != DEF_STRUCT)
        return false;
    for (uint32_t i = 0; i < t->def->nfields; i++) {
        tt_type *ft = types_field(c, t, 0, i);
        const tt_layout *fl = ft ? layout_of(c, ft, NULL) : NULL;
        if (fl && fl->size == l->size)
            return is_wide_pointer(c, ft, depth + 1);
    }
    return false;
}

bool tree_of_value(tt_ctx *c, tt_type *t, const tt_tree_opts *o, tt_tree *out, const tt_loc *where)
{
    const tt_layout *l = layout_of(c, t, where);
    if (!l)
        return false;
    if (l->uninhabited || (l->sized && l->size == 0))
        return true;
    if (l->abi == ABI_SCALAR)
        return tree_of_scalar_at(c, t, 0, l->a.prim.size, o, out, where);
    if (is_wide_pointer(c, t, 0))
        return tree_of_scalar_at(c, t, 0, l->a.prim.size, o, out, where);
    return tree_of_memory(c, t, o, out, where);
}
