/* Segment lists for copies longer than Enzyme's offset limit (emit/body/ir_body.c).
 *
 * Enzyme keeps no type entry past -enzyme-max-type-offset (500 by default). Its rule for
 * a copy's derivative walks the copy's bytes and merges each byte's type into the segment
 * before it, and an unknown byte merges with anything: so every byte of a copy past the
 * limit takes the type of the last segment before it, and a 736-byte copy of mixed
 * structs moves no derivative for the floats past byte 500, silently, trees or not
 * (tests/enzyme-bugs/array-element-chain.ll). Raising the limit for the whole module
 * costs Enzyme time on every pointer and shows it far offsets it then contradicts itself
 * on (the README's benchmark section).
 *
 * A copy (memcpy, memmove, memset) that carries `!enzyme_truetype` is not typed that way:
 * Enzyme takes the node's list, pairs of a kind and the offset where it starts, each
 * segment running to the next, as the copy's segments, at any length (Enzyme's Julia
 * front end writes them). annotate writes the list on a typed copy longer than the limit
 * whose bytes are exactly a place's type, one of its parts, or a whole number of its
 * elements, from the layout, when every byte's kind is certain as a copy moves it
 * (layout's tree_of_copied_bytes: a byte array's bytes are integers) and they are of more
 * than one kind.
 * Integers and pointers are one segment kind to Enzyme (it merges them); padding and bytes
 * no enum variant covers join the segment before them, as Enzyme's own rule joins unknown
 * bytes. */
#include <stdlib.h>
#include <string.h>

#include "ir_body_impl.h"

const body_bytes *body_byte_kinds(body_typer *b, tt_type *t)
{
    body_bytes *m = map_get(b->byte_kinds, t->name);
    if (m)
        return m;
    m = arena_alloc(b->c->arena, sizeof *m);
    map_put(b->byte_kinds, t->name, m);
    uint64_t size = body_size_of(b, t);
    if (!size)
        return m;
    tt_tree tr = {0};
    tt_diag *tail = b->c->diags_tail;
    unsigned errs = b->c->nerrors;
    bool ok = tree_of_copied_bytes(b->c, t, &tr, NULL);
    diag_truncate(b->c, tail, errs);
    body_bytes_from_tree(b, ok ? &tr : NULL, size, m);
    tree_free(&tr);
    return m;
}

void body_bytes_from_tree(body_typer *b, const tt_tree *t, uint64_t size, body_bytes *m)
{
    if (!t)
        return;
    uint8_t *cls = arena_alloc(b->c->arena, size), *kind = arena_alloc(b->c->arena, size);
    bool ok = true;
    for (size_t i = 0; ok && i < t->n; i++) {
        const tt_entry *e = &t->v[i];
        tt_kind k = (tt_kind)e->kind;
        uint8_t c = k == KIND_ANYTHING ? BYTE_PAD
                    : k == KIND_INTEGER || k == KIND_POINTER ? BYTE_DATA
                                                             : (uint8_t)(BYTE_FLOAT + k);
        uint64_t w = tree_kind_width(b->c, k);
        ok = e->len == 1 && e->path[0] >= 0 && (uint64_t)e->path[0] + w <= size;
        for (uint64_t j = (uint64_t)e->path[0]; ok && j < (uint64_t)e->path[0] + w; j++) {
            ok = cls[j] == BYTE_NONE || cls[j] == c;
            cls[j] = c;
            kind[j] = (uint8_t)k;
        }
    }
    if (ok) {
        m->size = size;
        m->cls = cls;
        m->kind = kind;
    }
}

const char *body_copy_segments(body_typer *b, const place *p, uint64_t len)
{
    if ((p->elems || p->t->kind == TY_ARRAY) && tree_untyped_bytes(b->c, p->t))
        return NULL;
    const body_bytes *m = body_byte_kinds(b, p->t);
    if (!m->size || !len)
        return NULL;
    /* a whole number of elements from a pointer to the first, or exactly a part of t */
    bool tiled = p->elems && p->off == 0 && len % m->size == 0;
    if (!tiled && !body_exact_part(b, p->t, p->off, len))
        return NULL;
    tt_buf list = {0};
    uint8_t cur = BYTE_NONE;
    unsigned segments = 0;
    for (uint64_t i = 0; i < len; i++) {
        uint64_t at = tiled ? i % m->size : p->off + i;
        uint8_t c = m->cls[at];
        if (c == BYTE_NONE || c == BYTE_PAD || c == cur)
            continue; /* padding and uncovered enum bytes join the segment before them */
        /* the first segment starts at 0, whatever padding comes before its first byte */
        buf_printf(&list, "%s!\"%s\", i64 %llu", list.len ? ", " : "", kind_name((tt_kind)m->kind[at]),
                   (unsigned long long)(cur == BYTE_NONE ? 0 : i));
        cur = c;
        segments++;
    }
    /* one segment: Enzyme's own rule extends the last known type over the bytes past the
     * limit, which is the list's answer already */
    const char *node = segments > 1 ? arena_printf(b->c->arena, "!{%s}", list.data) : NULL;
    free(list.data);
    return node;
}

/* A type's bytes as the wrapper's rewrite between LLVM's passes and Enzyme reads them
 * (emit/rewrite/ir_copy_segments.c, which gives the copies LLVM's passes make the segment
 * lists annotate gives the copies rustc made): "SIZE;Kind:start Kind:start ...", one run
 * per kind (integers and pointers apart), padding as Anything, bytes no enum variant covers joining the run before.
 * NULL when some byte's kind is uncertain, the type is one run, or nothing needs the
 * runs: no copy needs a list (no longer than the offset limit and without padding: Enzyme
 * types such a copy from the trees, except bytes that are padding alone, which it types
 * as nothing) and no integer move of its bytes needs splitting (no float beside integers
 * or pointers: ir_split_moves.c; std's slice::reverse in drift sort swaps a {f64, u32,
 * f32} by i64 halves, the gradient case slice_moves_mixed at -O2).
 * Worked out once per type. */
const char *body_type_runs(body_typer *b, tt_type *t)
{
    const char *key = body_memo_key(b, 'r', t->name, false, 0, 0);
    const char *memo = map_get(b->memo, key);
    if (memo)
        return *memo ? memo : NULL;
    const body_bytes *m = body_byte_kinds(b, t);
    tt_buf list = {0};
    uint8_t cur = BYTE_NONE, cur_kind = 0;
    unsigned runs = 0;
    bool pad = false, flt = false, other = false;
    for (uint64_t i = 0; i < m->size; i++) {
        uint8_t c = m->cls[i];
        flt |= c >= BYTE_FLOAT;
        other |= c == BYTE_DATA;
        /* integers and pointers are one class to a segment list (Enzyme merges them), but
         * not to the rewrite's other readers: an integer load of a pointer's bytes is no
         * Integer, and a pointer moves as a pointer (ir_copy_segments.c, ir_split_moves.c) */
        if (c == BYTE_NONE || (c == cur && (c != BYTE_DATA || m->kind[i] == cur_kind)))
            continue;
        cur_kind = m->kind[i];
        pad |= c == BYTE_PAD;
        buf_printf(&list, "%s%s:%llu", list.len ? " " : "",
                   c == BYTE_PAD ? "Anything" : kind_name((tt_kind)m->kind[i]),
                   (unsigned long long)(cur == BYTE_NONE ? 0 : i));
        cur = c;
        runs++;
    }
    const char *s = "";
    if (runs > 1 && (pad || m->size > (uint64_t)b->o.max_offset || (flt && other)))
        s = arena_printf(b->c->arena, "%llu;%s", (unsigned long long)m->size, list.data);
    free(list.data);
    map_put(b->memo, key, (void *)s);
    return *s ? s : NULL;
}

const char *body_param_runs(body_typer *b, tt_type *pointee)
{
    return body_type_runs(b, pointee->kind == TY_SLICE ? pointee->elem : pointee);
}

/* The pointers inside t at base (fields of structs and tuples, a Vec's or a Box's buffer
 * through its "points_to" field), each whose pointee has runs: "OFF=RUNS" to out, '|'
 * between. Enums, unions and arrays are not entered (their bytes hold other things in
 * other variants, or many pointers). */
static void field_runs(body_typer *b, tt_type *t, uint64_t base, unsigned depth, tt_buf *out)
{
    if (depth > 8)
        return;
    if (t->kind == TY_REF || t->kind == TY_PTR) {
        int meta = types_ptr_metadata(b->c, t->elem);
        tt_type *pointee = meta == 1 && t->elem->kind == TY_SLICE ? t->elem->elem
                           : meta == 0                               ? t->elem
                                                                     : NULL;
        const char *runs = pointee ? body_type_runs(b, pointee) : NULL;
        if (runs)
            buf_printf(out, "%s%llu=%s", out->len ? "|" : "", (unsigned long long)base, runs);
        return;
    }
    bool tuple = t->kind == TY_TUPLE;
    if (!tuple && (t->kind != TY_ADT || t->def->kind != DEF_STRUCT))
        return;
    const tt_layout *l = layout_of_quiet(b->c, t);
    if (!l || !l->sized || l->is_enum)
        return;
    for (uint32_t i = 0; i < l->nfields; i++) {
        tt_type *ft = tuple ? (i < t->n ? t->items[i] : NULL) : types_field(b->c, t, 0, i);
        const tt_layout *fl = ft ? layout_of_quiet(b->c, ft) : NULL;
        if (!fl)
            continue;
        uint64_t off = base + l->offsets[i];
        tt_type *pt = tuple ? NULL : types_field_points_to(b->c, t, 0, i);
        if (pt && fl->abi == ABI_SCALAR && fl->a.prim.kind == PRIM_PTR) {
            /* a type-erased pointer whose real pointee the format states (Vec's buffer) */
            const char *runs = body_type_runs(b, pt->kind == TY_SLICE ? pt->elem : pt);
            if (runs)
                buf_printf(out, "%s%llu=%s", out->len ? "|" : "", (unsigned long long)off, runs);
            continue;
        }
        field_runs(b, ft, off, depth + 1, out);
    }
}

const char *body_field_runs(body_typer *b, tt_type *pointee)
{
    const char *key = body_memo_key(b, 'f', pointee->name, false, 0, 0);
    const char *memo = map_get(b->memo, key);
    if (memo)
        return *memo ? memo : NULL;
    tt_buf out = {0};
    field_runs(b, pointee, 0, 0, &out);
    const char *s = out.len ? arena_strndup(b->c->arena, out.data, out.len) : "";
    free(out.data);
    map_put(b->memo, key, (void *)s);
    return *s ? s : NULL;
}
