/* Trees of places, for bodies (emit/body/ir_body.c): a Rust type's memory tree (memoised), which
 * bytes of a type are exactly one of its parts, the tree of a copy of some of them, the
 * pointer type stored at an offset. */
#include <stdlib.h>
#include <string.h>

#include "ir_body_impl.h"
#include "../../layout/xalloc.h"

static const tt_tree *memory_tree(body_typer *b, tt_type *t)
{
    tt_tree *m = map_get(b->mem_trees, t->name);
    if (m)
        return m;
    m = arena_alloc(b->c->arena, sizeof *m);
    tt_diag *tail = b->c->diags_tail;
    unsigned errs = b->c->nerrors;
    if (!tree_of_memory(b->c, t, &b->o, m, NULL)) {
        tree_free(m);
        memset(m, 0, sizeof *m);
    }
    diag_truncate(b->c, tail, errs);
    /* the tree's entries live on the heap: copy them into the arena, free the heap */
    tt_entry *v = arena_alloc(b->c->arena, (m->n + 1) * sizeof *v);
    if (m->n)
        memcpy(v, m->v, m->n * sizeof *v);
    free(m->v);
    m->v = v;
    m->cap = m->n;
    map_put(b->mem_trees, t->name, m);
    return m;
}

uint64_t body_size_of(body_typer *b, tt_type *t)
{
    const tt_layout *l = layout_of_quiet(b->c, t);
    return l && l->sized && !l->uninhabited ? l->size : 0;
}

/* The part of a t that bytes [off, off+len) are exactly: t itself, a field (recursively),
 * an element of an array; with runs, also a whole number of consecutive elements of an
 * array, which gives that array. The outermost of several; NULL when they are none. */
static tt_type *part_at(body_typer *b, tt_type *t, uint64_t off, uint64_t len, bool runs)
{
    for (unsigned depth = 0; t && depth <= 32; depth++) {
        uint64_t size = body_size_of(b, t);
        if (!size || off + len > size)
            return NULL;
        if (off == 0 && len == size)
            return t;
        tt_type *next = NULL;
        if (t->kind == TY_ARRAY) {
            uint64_t es = body_size_of(b, t->elem);
            if (!es)
                return NULL;
            if (runs && off % es == 0 && len % es == 0)
                return t;
            if (off % es + len > es)
                return NULL;
            next = t->elem;
            off %= es;
        } else {
            const tt_layout *l = layout_of_quiet(b->c, t);
            if (!l || l->is_enum || (t->kind == TY_ADT && t->def->kind == DEF_UNION))
                return NULL;
            uint32_t n = t->kind == TY_TUPLE ? t->n : t->kind == TY_ADT ? t->def->nfields : 0;
            for (uint32_t i = 0; i < n && !next; i++) {
                tt_type *ft = t->kind == TY_TUPLE ? t->items[i] : types_field(b->c, t, 0, i);
                uint64_t fo = l->offsets[i], fs = ft ? body_size_of(b, ft) : 0;
                if (ft && fs && off >= fo && off + len <= fo + fs) {
                    next = ft;
                    off -= fo;
                }
            }
        }
        t = next;
    }
    return NULL;
}

bool body_exact_part(body_typer *b, tt_type *t, uint64_t off, uint64_t len)
{
    return part_at(b, t, off, len, true) != NULL;
}

tt_type *body_part_at(body_typer *b, tt_type *t, uint64_t off, uint64_t len)
{
    return part_at(b, t, off, len, false);
}

/* "[-1]:Pointer" plus the entries of t's memory tree in [off, off+len), rebased to 0. */
static bool window_tree(body_typer *b, tt_type *t, uint64_t off, uint64_t len, tt_tree *out)
{
    const tt_tree *m = memory_tree(b, t);
    tt_entry head = {.len = 1, .kind = KIND_POINTER, .path = {-1}};
    out->n = 0;
    for (size_t i = 0; i < m->n; i++) {
        const tt_entry *e = &m->v[i];
        if (e->path[0] < (int64_t)off || e->path[0] >= (int64_t)(off + len))
            continue;
        if ((unsigned)e->len + 1 > b->o.max_depth || e->len + 1 > TT_PATH_MAX)
            continue;
        tt_entry x = {.len = (uint8_t)(e->len + 1), .kind = e->kind};
        x.path[0] = -1;
        x.path[1] = e->path[0] - (int64_t)off;
        memcpy(x.path + 2, e->path + 1, (e->len - 1) * sizeof e->path[0]);
        if (out->n == out->cap) {
            out->cap = out->cap ? out->cap * 2 : 16;
            out->v = xrealloc(out->v, out->cap * sizeof *out->v);
        }
        out->v[out->n++] = x;
    }
    if (!out->n)
        return false;
    if (out->n == out->cap) {
        out->v = xrealloc(out->v, (out->cap + 1) * sizeof *out->v);
        out->cap++;
    }
    out->v[out->n++] = head;
    tree_normalize(out);
    return true;
}

/* Every first-level entry of t's memory tree one kind, tiling t: a run of t copied as a
 * whole is one type, which is all Enzyme takes from a copy of run-time length. */
static bool one_kind(body_typer *b, tt_type *t)
{
    const tt_tree *m = memory_tree(b, t);
    uint64_t size = body_size_of(b, t), covered = 0;
    int kind = -1;
    for (size_t i = 0; i < m->n; i++) {
        const tt_entry *e = &m->v[i];
        if (e->len != 1)
            continue;
        if (kind >= 0 && e->kind != (uint8_t)kind)
            return false;
        kind = e->kind;
        covered += tree_kind_width(b->c, (tt_kind)e->kind);
    }
    return kind >= 0 && covered == size;
}

/* The tree of a copy of `len` bytes (len_known false: a run-time length) at place p. */
bool body_copy_tree(body_typer *b, const place *p, bool len_known, uint64_t len, tt_tree *out)
{
    /* bytes behind a pointer or in a run are untyped: any data may be viewed as them (std's
     * read_unaligned copies a T out of `src as *const u8`; stress program repr_c_unaligned) */
    if ((p->elems || p->t->kind == TY_ARRAY) && tree_untyped_bytes(b->c, p->t))
        return false;
    if (!len_known) {
        if (!p->elems || p->off || !one_kind(b, p->t))
            return false;
        return window_tree(b, p->t, 0, body_size_of(b, p->t), out);
    }
    if (p->elems && p->off == 0) {
        /* a pointer to elements: a whole number of them, or a part of the first */
        uint64_t es = body_size_of(b, p->t);
        if (es && len < es && body_exact_part(b, p->t, 0, len))
            return window_tree(b, p->t, 0, len, out);
        if (!es || len % es)
            return false;
        if (len == es)
            return window_tree(b, p->t, 0, es, out);
        if (!one_kind(b, p->t))
            return false;
        return window_tree(b, p->t, 0, es, out);
    }
    if (!body_exact_part(b, p->t, p->off, len))
        return false;
    return window_tree(b, p->t, p->off, len, out);
}

/* Keeps the entries of *t that u has too, with the same kind (both normalized). */
void body_tree_keep_common(tt_tree *t, const tt_tree *u)
{
    size_t k = 0;
    for (size_t i = 0; i < t->n; i++) {
        for (size_t j = 0; j < u->n; j++) {
            const tt_entry *x = &t->v[i], *y = &u->v[j];
            if (x->len == y->len && x->kind == y->kind &&
                memcmp(x->path, y->path, x->len * sizeof x->path[0]) == 0) {
                t->v[k++] = t->v[i];
                break;
            }
        }
    }
    t->n = k;
}

/* The Rust type a pointer stored at byte off of a t points to (&T, *const T, NonNull<T>,
 * Box<T>, a wide pointer's data half, a field's "points_to" buffer); NULL when no pointer
 * of certain type sits exactly there (enum and union bytes included). */
tt_type *body_pointee_at(body_typer *b, tt_type *t, uint64_t off, unsigned depth)
{
    if (!t || depth > 16)
        return NULL;
    tt_type *pt = types_pointee(b->c, t);
    if (pt)
        return off == 0 ? pt : NULL;
    const tt_layout *l = layout_of_quiet(b->c, t);
    if (!l || l->is_enum || (t->kind == TY_ADT && t->def->kind == DEF_UNION))
        return NULL;
    if (t->kind == TY_ARRAY) {
        uint64_t es = body_size_of(b, t->elem);
        return es ? body_pointee_at(b, t->elem, off % es, depth + 1) : NULL;
    }
    uint32_t nf = t->kind == TY_TUPLE ? t->n : t->kind == TY_ADT ? t->def->nfields : 0;
    for (uint32_t i = 0; i < nf; i++) {
        tt_type *ft = t->kind == TY_TUPLE ? t->items[i] : types_field(b->c, t, 0, i);
        uint64_t fo = l->offsets[i], fs = ft ? body_size_of(b, ft) : 0;
        if (!ft || !fs || off < fo || off >= fo + fs)
            continue;
        if (t->kind == TY_ADT && off == fo) {
            tt_type *to = types_field_points_to(b->c, t, 0, i); /* Vec's buffer: [T] */
            if (to)
                return to;
        }
        return body_pointee_at(b, ft, off - fo, depth + 1);
    }
    return NULL;
}
