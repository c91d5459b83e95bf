/* Copies of run-time length over elements of mixed type, as loops of typed loads and
 * stores (annotate --typed-copy-loops; emit/body/ir_body.c says where it sits).
 *
 * Enzyme types a memcpy/memmove whose length is not a constant from offset 0 of its
 * operands alone: every byte of it gets the type of the element's first bytes, so a copy of
 * n structs { f64, f64, u32, f32 } moves the derivative of the f32 as if it were part of a
 * double, silently (tests/enzyme-bugs/runtime-copy-first-type.ll), with trees or without,
 * with Enzyme's default options or the wrapper's; with -enzyme-strict-aliasing=0 it stops
 * instead ("Cannot deduce type of copy") wherever the first bytes do not type the rest. No
 * tree can say more: a tree describes offsets, and a run-time length has none.
 *
 * So such a copy, when the bytes it moves are a whole number of elements of one Rust type
 * (a place with elements: docs/typetree-rules.md, "Copies of run-time length") whose every
 * byte's kind is certain (layout's tree_of_copied_bytes), becomes a call to a function of the
 * module that copies element by element: each float with a load and a store of its LLVM
 * float type, each pointer as `ptr`, integer, padding and uncovered enum bytes as integers
 * of at most 8 bytes; a length that is not a whole number of elements (none of rustc's)
 * ends byte by byte. Every byte is copied, bit for bit: the program computes what it did.
 * Enzyme then differentiates loads and stores, which carry their own types. A memmove's
 * function copies upwards when the destination lies below the source and downwards
 * otherwise, element and piece order reversed, as memmove must. The functions are
 * `noinline` (inlined into a caller, LLVM's passes could see the loop as a memcpy again)
 * and named by the element's pieces, one per shape; a module that has one already (an
 * annotated module annotated again) keeps it.
 *
 * An enum whose variants put different kinds at one byte (`enum { A(f64), B(u64) }`: a
 * float in one, an integer in the other) has no pieces that hold for every element. Left a
 * memcpy, Enzyme typed it from the first bytes (the tag: Integer) and moved no derivative:
 * `to_vec` of such a slice gave a zero gradient at -O2, silently, where plain Enzyme stops
 * (a random case of tests/gradients/random_cases.py, seed 3). Its elements are copied by a
 * function of its own that reads the tag (or the niche) and copies the pieces of the
 * variant the element holds (each variant's fields with their types, the rest as
 * integers); a tag no variant has copies every byte as integers. Enzyme differentiates that
 * function by a rule of ours (ir_body_variant.c says why its own derivative is wrong). A
 * struct holding such an enum is copied field by field, the enum through that function.
 * The pieces themselves come from ir_body_pieces.c. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir_body_variant.h"

typedef struct loop_fn {
    const char *name;      /* without the '@' */
    const char *type_name; /* the Rust element type, for the comment */
    bool move;
    bool swap; /* swaps %d's and %s's elements (body_swap_call) */
    uint64_t es;
    piece *p;
    size_t np;
    /* an enum copied variant by variant (p unused): its layout, and per variant its
     * pieces (vnp[v] 0: uninhabited, never copied); [nvariants]: a tag no variant has */
    const tt_layout *el;
    piece **vp;
    size_t *vnp;
} loop_fn;

/* Whether a copy's fourth argument says volatile (not `i1 false`): it stays the call it is. */
static bool volatile_copy(const char *s, const span *args)
{
    lex_cur v = lex_start(s, args[3].start, args[3].end);
    return !lex_take(&v, "i1") || !lex_eq(s, v.t, "false");
}

/* FNV-1a, for the function's name. */
static uint64_t hash_str(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    return h;
}

/* The function that copies (move: moves; swap: swaps) runs of t, made once per shape; by
 * variant (an enum whose variants disagree) only when by_variant. */
static const loop_fn *loop_for(body_typer *b, tt_type *t, bool move, bool swap, bool by_variant)
{
    const char *what = swap ? "swap" : move ? "move" : "copy";
    piece *p = NULL, **vp = NULL;
    size_t *vnp = NULL;
    const tt_layout *el = NULL;
    /* a swap moves its bytes as i64s whatever T is: one kind needs the typed function too */
    size_t np = body_pieces_of(b, t, swap, &p);
    if (!np && !swap && by_variant && !(el = body_variant_pieces(b, t, &vp, &vnp))) {
        /* a struct holding such enums: each enum through its own function */
        np = body_struct_pieces(b, t, &p);
        for (size_t k = 0; k < np; k++)
            if (p[k].held) {
                const loop_fn *cf = loop_for(b, p[k].held, true, false, true);
                if (!cf)
                    return NULL;
                p[k].call = cf->name;
            }
    }
    if (!np && !el)
        return NULL;
    uint64_t es = body_size_of(b, t);
    tt_buf sig = {0};
    buf_printf(&sig, "%s%llu", what, (unsigned long long)es);
    for (size_t k = 0; k < np; k++)
        buf_printf(&sig, ",%llu:%s", (unsigned long long)p[k].off,
                   p[k].call ? arena_printf(b->c->arena, "@%s", p[k].call) : p[k].ty);
    if (el) {
        /* the decoding, then each variant's pieces */
        buf_printf(&sig, ";tag%u@%llu/%u", (unsigned)el->tag_encoding,
                   (unsigned long long)el->tag_offset, el->tag.prim.size);
        if (el->tag_encoding == TAG_NICHE) {
            buf_printf(&sig, ",%u-%u,untagged %u,start ", el->niche_first, el->niche_last,
                       el->untagged_variant);
            body_put_tag_value(&sig, el->niche_start, el->tag.prim.size);
        }
        for (uint32_t v = 0; v < el->nvariants; v++) {
            buf_printf(&sig, "|%u", v);
            if (el->tag_encoding == TAG_DIRECT && vnp[v]) {
                buf_put(&sig, "=");
                body_put_tag_value(&sig, el->discriminants[v], el->tag.prim.size);
            }
            for (size_t k = 0; k < vnp[v]; k++)
                buf_printf(&sig, ",%llu:%s", (unsigned long long)vp[v][k].off, vp[v][k].ty);
        }
    }
    const char *key = arena_strndup(b->c->arena, sig.data, sig.len);
    uint64_t h = hash_str(sig.data, sig.len);
    free(sig.data);
    loop_fn *f = map_get(b->loops, key);
    if (f)
        return f;
    f = arena_alloc(b->c->arena, sizeof *f);
    f->name = arena_printf(b->c->arena, LOOP_PREFIX "%s.%llu.%016llx", what,
                           (unsigned long long)es, (unsigned long long)h);
    f->type_name = t->name;
    f->move = move;
    f->swap = swap;
    f->es = es;
    f->p = p;
    f->np = np;
    f->el = el;
    f->vp = vp;
    f->vnp = vnp;
    map_put(b->loops, key, f);
    if (!map_get(b->loops_present, f->name)) {
        /* to write at the end, in the order first asked for */
        if (b->nloop_order == b->loop_cap) {
            b->loop_cap = b->loop_cap ? 2 * b->loop_cap : 8;
            const loop_fn **v = arena_alloc(b->c->arena, b->loop_cap * sizeof *v);
            if (b->nloop_order)
                memcpy(v, b->loop_order, b->nloop_order * sizeof *v);
            b->loop_order = v;
        }
        b->loop_order[b->nloop_order++] = f;
        map_put(b->loops_present, f->name, (void *)f->name);
    }
    return f;
}

/* Whether two types' bytes have the same certain kinds (MaybeUninit<T> and T: std's sorts
 * copy between a slice of T and their scratch of MaybeUninit<T>). */
static bool same_bytes(body_typer *b, tt_type *t, tt_type *u)
{
    const body_bytes *x = body_byte_kinds(b, t), *y = body_byte_kinds(b, u);
    return x->size && x->size == y->size && memcmp(x->cls, y->cls, x->size) == 0 &&
           memcmp(x->kind, y->kind, x->size) == 0;
}

/* The value a wrapper holds: a struct or union whose one field of nonzero size lies at
 * offset 0 and fills it (ManuallyDrop<T>, MaybeUninit<T> = { uninit: (), value:
 * ManuallyDrop<T> }, a newtype), down to a type that is not one; t itself when its tree
 * says nothing about its bytes (a raw buffer: layout's storage_union), which stays
 * untyped (elem_type says why). std's small sorts copy whole elements between a slice of
 * T and their scratch of MaybeUninit<T>: an enum whose variants disagree, seen as the
 * union, was left a memcpy typed with the bytes every variant agrees on, and one entry of
 * the gradient came out NaN at every level where plain Enzyme stops (random_cases.py seed
 * 12, case 9: to_vec + sort_by). */
static tt_type *held_value(body_typer *b, tt_type *t)
{
    if (tree_untyped_bytes(b->c, t))
        return t;
    for (int depth = 0; depth < 8; depth++) {
        const tt_layout *l = layout_of_quiet(b->c, t);
        if (!l || !l->sized || t->kind != TY_ADT || t->def->kind == DEF_ENUM)
            return t;
        tt_type *next = NULL;
        for (uint32_t i = 0; i < t->def->nfields; i++) {
            tt_type *ft = types_field(b->c, t, 0, i);
            const tt_layout *fl = ft ? layout_of_quiet(b->c, ft) : NULL;
            if (!fl)
                return t;
            if (layout_is_zst(fl))
                continue;
            if (next || l->offsets[i] != 0 || !fl->sized || fl->size != l->size)
                return t;
            next = ft;
        }
        if (!next)
            return t;
        t = next;
    }
    return t;
}

/* Whether values of t are copied by variant: an enum whose variants disagree on a byte's
 * kind (body_variant_pieces) or a struct, tuple or array holding one (body_struct_pieces).
 * Memoised per type: every copy into a part of a place and every memmove asks. */
static bool by_variant_type(body_typer *b, tt_type *t)
{
    const char *m = map_get(b->by_variant, t->name);
    if (!m) {
        piece **vp, *p;
        size_t *vnp;
        m = body_variant_pieces(b, t, &vp, &vnp) || body_struct_pieces(b, t, &p) ? "y" : "n";
        map_put(b->by_variant, t->name, (void *)m);
    }
    return m[0] == 'y';
}

/* A part of a place (an element of an array, a field) copied whole, when it is an enum
 * copied by variant or holds one: `v[1] = v[0]` over a local `[E; 2]` had stayed a memcpy
 * with the tree every variant agrees on, and came out wrong where the place held another
 * variant before (random_cases.py seed 12, case 9, reduced). Other copies of parts keep
 * the trees they had. */
static tt_type *by_variant_part(body_typer *b, tt_type *t, uint64_t off, uint64_t len)
{
    tt_type *u = body_part_at(b, t, off, len);
    if (!u || !(u = held_value(b, u)))
        return NULL;
    return by_variant_type(b, u) ? u : NULL;
}

/* Whether a place of type t says nothing about its bytes: a raw buffer, such as the
 * MaybeUninit<([usize; 32], [T; 0])> std's slice::rotate keeps T's in (layout's storage
 * unions: their trees are empty). Not tree_untyped_bytes: that one is about [u8]-like
 * bytes, and this buffer's tree is {} because of the union, not because of its bytes. */
static bool says_nothing(body_typer *b, tt_type *t)
{
    if (!body_size_of(b, t))
        return false;
    tt_tree tr = {0};
    tt_diag *tail = b->c->diags_tail;
    unsigned errs = b->c->nerrors;
    bool empty = tree_of_memory(b->c, t, &b->o, &tr, NULL) && tr.n == 0;
    diag_truncate(b->c, tail, errs);
    tree_free(&tr);
    return empty;
}

/* The element type both operands agree on (one operand without a place, or a place that
 * says nothing about its bytes: the other's): the same type, or types whose bytes are
 * alike. A copy of a constant length len (0: a run-time one) also takes a place that is
 * one value of the type, when len is its size. std's rotate buffer (ptr_rotate_memmove's
 * MaybeUninit<([usize; 32], [T; 0])>) so takes the slice's T, and its copies in and out
 * become typed loops: rotate_left(3) of 12 {f64, u32, f32} is right at -O0..-O3 (it
 * stopped Enzyme, "Cannot deduce type of copy"). The -O1 wrong gradient once blamed on
 * this (slice_moves_mixed, before rewrite --loop-starts) was Enzyme's loop-cache reuse in
 * the case's two sums after `v.swap` (tests/enzyme-bugs/loop-cache-reuse.ll): the same
 * module with --loop-starts alone is right. */
static tt_type *elem_type(body_typer *b, const place *const pl[2], uint64_t len)
{
    tt_type *t = NULL;
    for (int k = 0; k < 2; k++) {
        if (!pl[k] || (pl[!k] && says_nothing(b, pl[k]->t)))
            continue;
        tt_type *u = NULL;
        if (!pl[k]->off && (pl[k]->elems || (len && len == body_size_of(b, pl[k]->t))))
            u = held_value(b, pl[k]->t);
        else if (!pl[k]->elems && len)
            u = by_variant_part(b, pl[k]->t, pl[k]->off, len);
        if (!u)
            return NULL;
        if (t && t != u && strcmp(t->name, u->name) != 0 && !same_bytes(b, t, u))
            return NULL;
        if (!t || !tree_untyped_bytes(b->c, u))
            t = u;
    }
    return t;
}

/* A call line up to its callee's '@', then name: the call now calls @name (open: the '('
 * of its arguments). */
static void put_callee(const char *s, size_t open, const char *name, tt_buf *out)
{
    size_t at = open;
    while (at > 0 && s[at - 1] != '@')
        at--;
    buf_putn(out, s, at);
    buf_put(out, name);
}

tt_type *body_variant_constant(body_typer *b, const place *const pl[2], uint64_t len)
{
    tt_type *t = elem_type(b, pl, len);
    const tt_layout *l = t ? layout_of_quiet(b->c, t) : NULL;
    if (!l || body_byte_kinds(b, t)->size)
        return NULL;
    if (l->is_enum)
        return l->tag_encoding != TAG_NONE ? t : NULL;
    /* a struct holding such enums */
    return by_variant_type(b, t) ? t : NULL;
}

/* The name of the element type of a memmove over places pl (len: its constant length, 0
 * for a run-time one) when that type is an enum whose variants put different kinds at one
 * byte, a float among them, each variant's own bytes certain (the enums copied by variant:
 * body_variant_pieces), or a struct holding one (body_struct_pieces); NULL otherwise. A
 * memmove is not copied by variant (body_rewrite_mem says why), and Enzyme types it from
 * its first bytes: the payloads' derivatives do not move (random_cases.py seed 3, case 2:
 * copy_within at -O2, silently, where plain Enzyme stops; copy_within and rotate_left of a
 * struct holding one, wrong at -O0 and -O2 where plain Enzyme stops). The body pass marks
 * it for the mid rewrite (typetree rewrite --enum-moves), which refuses it in code Enzyme
 * differentiates. Not a type whose bytes are uncertain for another reason (a [u8; N]
 * field): marking those, and the memcpys left as they are, refused 22 builds of
 * random_cases.py seeds 1-6 that were right with trees and without. */
const char *body_disputed_move(body_typer *b, const place *const pl[2], uint64_t len)
{
    tt_type *t = elem_type(b, pl, len);
    if (!t || body_byte_kinds(b, t)->size)
        return NULL;
    return by_variant_type(b, t) ? t->name : NULL;
}

bool body_loop_copy(body_typer *b, const char *s, size_t n, const span *args, uint32_t na,
                    size_t open, size_t close, bool move, const place *const pl[2],
                    const char *const vn[2], uint64_t len, bool by_variant, tt_buf *out)
{
    if (!b->copy_loops || na != 4 || close >= n)
        return false;
    if (volatile_copy(s, args))
        return false;
    /* an i64 length: the functions take one */
    lex_cur ty = lex_start(s, args[2].start, args[2].end);
    if (!lex_eq(s, ty.t, "i64"))
        return false;
    tt_type *t = elem_type(b, pl, len);
    if (!t || tree_untyped_bytes(b->c, t))
        return false;
    const loop_fn *f = loop_for(b, t, move, false, by_variant);
    if (!f || (len && len % f->es))
        return false;
    /* "call void @llvm.memcpy.p0.p0.i64(A, B, i64 L, i1 false)<rest>" ->
     * "call void @NAME(A, B, i64 L)<rest>" */
    put_callee(s, open, f->name, out);
    buf_putn(out, s + open, args[2].end - open);
    buf_putn(out, s + close, n - close);
    b->stats.copies_looped++;
    if (b->report)
        b->report(b->report_arg, b->fn,
                  arena_printf(b->c->arena, "%s %s <- %s, %s bytes: element by element",
                               move ? "memmove" : "memcpy", vn[0], vn[1],
                               len ? arena_printf(b->c->arena, "%llu", (unsigned long long)len)
                                   : "run-time"),
                  arena_printf(b->c->arena, "@%s", f->name),
                  arena_printf(b->c->arena, "%s (%s)", pl[0] ? pl[0]->what : pl[1]->what,
                               f->type_name));
    return true;
}

/* std's `ptr::swap_nonoverlapping::<T>` (inlined by rustc's MIR passes into every caller:
 * `slice::rotate`'s swap path, `<[T]>::swap_with_slice`) swaps `count * size_of::<T>()`
 * bytes through the non-generic `core::ptr::swap_nonoverlapping_bytes(x, y, bytes)`, eight
 * bytes at a time: an `i64` that is a `T`'s double in one step and its `u32` and `f32` the
 * next. No tree and no split can type such a move, and Enzyme takes every one for a
 * pointer: `rotate_left(27)` of 60 `{ f64, u32, f32 }` computed a gradient whose entries
 * were wrong by up to 175%, silently, with trees, and with plain Enzyme on rustc's
 * optimized module (the baseline). A T of floats alone fares no better: swap_with_slice of
 * f64s was wrong by 13%, with trees, without, at every level (gradient case
 * swap_with_slice; the baseline was right at -O2 only). So a call of it whose two operands
 * are runs of one T holding a float calls the typed swap function of T instead (element by
 * element, each piece with its type). */
bool body_swap_call(body_typer *b, const char *s, size_t n, tt_buf *out)
{
    if (!b->copy_loops)
        return false;
    size_t open;
    const char *sym = body_call_callee(b, s, n, &open);
    static const char path[] = "4core3ptr25swap_nonoverlapping_bytes";
    const char *at = sym ? strstr(sym, path) : NULL;
    if (!at || (at[strlen(path)] && strncmp(at + strlen(path), "17h", 3) != 0))
        return false;
    span args[8];
    size_t close;
    if (body_split_args(s, open, n, args, 8, &close) != 3 || close >= n)
        return false;
    lex_cur ty = lex_start(s, args[2].start, args[2].end);
    if (!lex_eq(s, ty.t, "i64"))
        return false;
    const place *pl[2] = {NULL, NULL};
    const char *vn[2] = {"?", "?"};
    for (int k = 0; k < 2; k++) {
        size_t a;
        const char *v = body_arg_value(b, s, args[k], &a);
        if (!v)
            return false;
        vn[k] = v;
        pl[k] = body_place_of(b, v);
    }
    tt_type *t = pl[0] && pl[1] ? elem_type(b, pl, 0) : NULL;
    if (!t || tree_untyped_bytes(b->c, t))
        return false;
    const body_bytes *m = body_byte_kinds(b, t);
    bool flt = false;
    for (uint64_t i = 0; i < m->size; i++)
        flt |= m->cls[i] >= BYTE_FLOAT;
    if (!flt)
        return false;
    const loop_fn *f = loop_for(b, t, false, true, false);
    if (!f)
        return false;
    put_callee(s, open, f->name, out);
    buf_putn(out, s + open, n - open);
    b->stats.copies_looped++;
    if (b->report)
        b->report(b->report_arg, b->fn,
                  arena_printf(b->c->arena, "swap_nonoverlapping_bytes %s <-> %s: element by "
                                            "element",
                               vn[0], vn[1]),
                  arena_printf(b->c->arena, "@%s", f->name),
                  arena_printf(b->c->arena, "%s (%s)", pl[0]->what, f->type_name));
    return true;
}

/* Copies of a few bytes: at most this many, in at most SMALL_PIECES loads and stores; past
 * SMALL_BYTES_ONE_KIND, only copies of pieces of more than one type (a struct of floats and
 * other data: SROA cuts its copy at the padding, and the copy of padding alone it leaves
 * has no type Enzyme can find, stress nbody_vec's Option<Body> at -O0; an array of one
 * kind stays a copy Enzyme types from its tree). */
#define SMALL_BYTES 128
#define SMALL_BYTES_ONE_KIND 64
#define SMALL_PIECES 16

/* The value an operand span passes ("ptr align 8 %x" -> "%x"), from where body_arg_value
 * found it; NULL for a constant expression (at 0). */
static const char *operand_text(body_typer *b, const char *s, span a, size_t at)
{
    if (!at)
        return NULL;
    size_t e = a.end;
    while (e > at && (s[e - 1] == ' ' || s[e - 1] == '\t'))
        e--;
    for (size_t i = at; i < e; i++)
        if (s[i] == ' ' || s[i] == '(' || s[i] == ',')
            return NULL; /* one token only */
    return e > at ? arena_strndup(b->c->arena, s + at, e - at) : NULL;
}

bool body_small_copy(body_typer *b, const char *s, size_t n, const span *args, size_t close,
                     const place *pl, uint64_t len, const size_t at[2], tt_buf *out)
{
    /* pl typed the copy (body_copy_tree: no untyped bytes) */
    if (!b->small_copies || !len || len > SMALL_BYTES || close >= n || volatile_copy(s, args))
        return false;
    const body_bytes *m = body_byte_kinds(b, pl->t);
    if (!m->size)
        return false;
    piece p[SMALL_PIECES];
    size_t np = 0;
    if (pl->elems && pl->off == 0 && len > m->size) {
        /* whole elements of a run */
        if (len % m->size)
            return false;
        size_t one = body_pieces_in(b, m, 0, m->size, p, SMALL_PIECES);
        if (!one || (len / m->size) * one > SMALL_PIECES)
            return false;
        for (uint64_t e = 0; e < len / m->size; e++)
            for (size_t k = 0; k < one; k++, np++)
                p[np] = (piece){e * m->size + p[k].off, p[k].size, p[k].ty, NULL, NULL};
    } else {
        np = body_pieces_in(b, m, pl->off, len, p, SMALL_PIECES);
    }
    bool moves_data = false; /* a float or a pointer: what LLVM's integer copy would hide */
    bool mixed = false;
    for (size_t k = 0; k < np; k++) {
        moves_data |= p[k].ty[0] != 'i';
        mixed |= strcmp(p[k].ty, p[0].ty) != 0;
    }
    if (!np || !moves_data || (len > SMALL_BYTES_ONE_KIND && !mixed))
        return false;
    const char *dst = operand_text(b, s, args[0], at[0]);
    const char *src = operand_text(b, s, args[1], at[1]);
    if (!dst || !src)
        return false;
    /* the call's !dbg goes on each load and store */
    const char *dbg = NULL;
    for (size_t i = close; i + 6 < n; i++)
        if (strncmp(s + i, "!dbg !", 6) == 0) {
            size_t e = i + 6;
            while (e < n && s[e] >= '0' && s[e] <= '9')
                e++;
            dbg = arena_strndup(b->c->arena, s + i, e - i);
            break;
        }
    /* every load before any store: right for a memmove whose operands overlap too. The
     * values are named SMALL_PREFIX "<length>.<number>": the first pass of a later
     * annotation reads the copy back from the first load and store (body_note_small) */
    const char *name = arena_printf(b->c->arena, "%%" SMALL_PREFIX "%llu.%lu",
                                    (unsigned long long)len, b->next_small++);
    tt_buf text = {0};
    for (int store = 0; store < 2; store++) {
        const char *base = store ? dst : src;
        for (size_t k = 0; k < np; k++) {
            const char *at_ptr = base;
            if (p[k].off) {
                buf_printf(&text, "  %s.%c%zu = getelementptr inbounds i8, ptr %s, i64 %llu\n",
                           name, store ? 'd' : 's', k, base, (unsigned long long)p[k].off);
                at_ptr = arena_printf(b->c->arena, "%s.%c%zu", name, store ? 'd' : 's', k);
            }
            if (store)
                buf_printf(&text, "  store %s %s.v%zu, ptr %s, align 1%s%s\n", p[k].ty, name, k,
                           at_ptr, dbg ? ", " : "", dbg ? dbg : "");
            else
                buf_printf(&text, "  %s.v%zu = load %s, ptr %s, align 1%s%s\n", name, k, p[k].ty,
                           at_ptr, dbg ? ", " : "", dbg ? dbg : "");
        }
    }
    /* each line as the body pass sees it (loads of typed places get their metadata), so
     * that annotating the output again changes nothing */
    for (size_t i = 0; i < text.len;) {
        const char *l = text.data + i;
        size_t ln = (size_t)((const char *)memchr(l, '\n', text.len - i) - l) + 1;
        i += ln;
        size_t before = out->len;
        if (!body_line(b, l, ln, false, out)) {
            out->len = before;
            buf_putn(out, l, ln);
        }
    }
    free(text.data);
    b->stats.copies_unrolled++;
    return true;
}

void body_loops_note(body_typer *b, const char *s, size_t n)
{
    lex_cur c = lex_start(s, 0, n);
    for (; c.t.kind != LEX_END; lex_step(&c)) {
        if (c.t.kind != LEX_GLOBAL)
            continue;
        const char *name = lex_unquote(b->c->arena, s + c.t.at + 1, c.t.end - c.t.at - 1);
        if (strncmp(name, LOOP_PREFIX, strlen(LOOP_PREFIX)) == 0)
            map_put(b->loops_present, name, (void *)name);
        /* what the rules' stop (ir_body_variant.c) calls */
        b->module_has_write |= strcmp(name, "write") == 0;
        b->module_has_abort |= strcmp(name, "abort") == 0;
        return;
    }
}

/* The pieces of one element at %<src>/%<dst> + %<off>, in order (reverse: last first); an
 * enum's through the function that copies the variant it holds. */
static void put_pieces(tt_buf *o, const loop_fn *f, const char *tag, const char *off, bool reverse)
{
    buf_printf(o, "  %%%ss = getelementptr inbounds i8, ptr %%s, i64 %s\n", tag, off);
    buf_printf(o, "  %%%sd = getelementptr inbounds i8, ptr %%d, i64 %s\n", tag, off);
    if (f->el) {
        buf_printf(o, "  call void @%s.variant(ptr %%%sd, ptr %%%ss)\n", f->name, tag, tag);
        return;
    }
    char sb[16], db[16];
    snprintf(sb, sizeof sb, "%ss", tag);
    snprintf(db, sizeof db, "%sd", tag);
    body_put_piece_list(o, f->p, f->np, tag, sb, db, reverse);
}

/* A swap's function: element by element, every piece of both loaded before any store;
 * then the bytes past the last whole element. */
static void put_swap_fn(tt_buf *o, const loop_fn *f)
{
    unsigned long long es = (unsigned long long)f->es;
    buf_printf(o, "\n; typetree: swaps runs of %s (%llu bytes each, run-time length), element "
                  "by element with typed loads and stores (annotate --typed-copy-loops)\n",
               f->type_name, es);
    buf_printf(o, "define internal void @%s(ptr %%d, ptr %%s, i64 %%n) unnamed_addr noinline "
                  "nounwind {\n",
               f->name);
    buf_printf(o, "entry:\n  %%c = udiv i64 %%n, %llu\n  %%t0 = mul i64 %%c, %llu\n"
                  "  %%uz = icmp eq i64 %%c, 0\n  br i1 %%uz, label %%utail, label %%uloop\n",
               es, es);
    buf_put(o, "uloop:\n  %ui = phi i64 [ 0, %entry ], [ %ui1, %uloop ]\n");
    buf_printf(o, "  %%uo = mul i64 %%ui, %llu\n", es);
    buf_put(o, "  %us = getelementptr inbounds i8, ptr %s, i64 %uo\n"
               "  %ud = getelementptr inbounds i8, ptr %d, i64 %uo\n");
    for (size_t k = 0; k < f->np; k++) {
        const piece *p = &f->p[k];
        buf_printf(o, "  %%us%zu = getelementptr inbounds i8, ptr %%us, i64 %llu\n", k,
                   (unsigned long long)p->off);
        buf_printf(o, "  %%ud%zu = getelementptr inbounds i8, ptr %%ud, i64 %llu\n", k,
                   (unsigned long long)p->off);
        buf_printf(o, "  %%usv%zu = load %s, ptr %%us%zu, align 1\n", k, p->ty, k);
        buf_printf(o, "  %%udv%zu = load %s, ptr %%ud%zu, align 1\n", k, p->ty, k);
    }
    for (size_t k = 0; k < f->np; k++) {
        const piece *p = &f->p[k];
        buf_printf(o, "  store %s %%udv%zu, ptr %%us%zu, align 1\n", p->ty, k, k);
        buf_printf(o, "  store %s %%usv%zu, ptr %%ud%zu, align 1\n", p->ty, k, k);
    }
    buf_put(o, "  %ui1 = add nuw i64 %ui, 1\n  %um = icmp ult i64 %ui1, %c\n"
               "  br i1 %um, label %uloop, label %utail\n");
    buf_put(o, "utail:\n  %ur = icmp ult i64 %t0, %n\n  br i1 %ur, label %ubytes, label %done\n");
    buf_put(o, "ubytes:\n  %uj = phi i64 [ %t0, %utail ], [ %uj1, %ubytes ]\n"
               "  %ubs = getelementptr inbounds i8, ptr %s, i64 %uj\n"
               "  %ubd = getelementptr inbounds i8, ptr %d, i64 %uj\n"
               "  %ubv = load i8, ptr %ubs, align 1\n  %ubw = load i8, ptr %ubd, align 1\n"
               "  store i8 %ubw, ptr %ubs, align 1\n  store i8 %ubv, ptr %ubd, align 1\n"
               "  %uj1 = add nuw i64 %uj, 1\n  %ubm = icmp ult i64 %uj1, %n\n"
               "  br i1 %ubm, label %ubytes, label %done\n");
    buf_put(o, "done:\n  ret void\n}\n");
}


/* One function's text: entry, then upwards (copy, or a move to a lower address), then for
 * a move downwards. */
static void put_loop_fn(tt_buf *o, const loop_fn *f, uint64_t psize)
{
    if (f->swap) {
        put_swap_fn(o, f);
        return;
    }
    if (f->el) {
        variant_copy v = {f->name, f->type_name, f->el, f->vp, f->vnp, f->es, psize};
        body_put_variant_fns(o, &v);
    }
    unsigned long long es = (unsigned long long)f->es;
    buf_printf(o, "\n; typetree: %s of run-time length of %s (%llu bytes each), element by "
                  "element with typed loads and stores (annotate --typed-copy-loops)\n",
               f->move ? "moves" : "copies", f->type_name, es);
    buf_printf(o, "define internal void @%s(ptr %%d, ptr %%s, i64 %%n) unnamed_addr noinline "
                  "nounwind {\n",
               f->name);
    buf_printf(o, "entry:\n  %%c = udiv i64 %%n, %llu\n  %%t0 = mul i64 %%c, %llu\n", es, es);
    if (f->move) {
        buf_put(o, "  %up = icmp ule ptr %d, %s\n  br i1 %up, label %uhead, label %dtail\n");
    } else {
        buf_put(o, "  br label %uhead\n");
    }
    /* upwards: elements, then the bytes past the last whole one */
    buf_put(o, "uhead:\n  %uz = icmp eq i64 %c, 0\n  br i1 %uz, label %utail, label %uloop\n");
    buf_put(o, "uloop:\n  %ui = phi i64 [ 0, %uhead ], [ %ui1, %uloop ]\n");
    buf_printf(o, "  %%uo = mul i64 %%ui, %llu\n", es);
    put_pieces(o, f, "u", "%uo", false);
    buf_put(o, "  %ui1 = add nuw i64 %ui, 1\n  %um = icmp ult i64 %ui1, %c\n"
               "  br i1 %um, label %uloop, label %utail\n");
    buf_put(o, "utail:\n  %ur = icmp ult i64 %t0, %n\n  br i1 %ur, label %ubytes, label %done\n");
    buf_put(o, "ubytes:\n  %uj = phi i64 [ %t0, %utail ], [ %uj1, %ubytes ]\n"
               "  %ubs = getelementptr inbounds i8, ptr %s, i64 %uj\n"
               "  %ubd = getelementptr inbounds i8, ptr %d, i64 %uj\n"
               "  %ubv = load i8, ptr %ubs, align 1\n  store i8 %ubv, ptr %ubd, align 1\n"
               "  %uj1 = add nuw i64 %uj, 1\n  %ubm = icmp ult i64 %uj1, %n\n"
               "  br i1 %ubm, label %ubytes, label %done\n");
    if (f->move) {
        /* downwards: the bytes past the last whole element, then the elements */
        buf_put(o, "dtail:\n  %dr = icmp ult i64 %t0, %n\n  br i1 %dr, label %dbytes, label %dhead\n");
        buf_put(o, "dbytes:\n  %dj = phi i64 [ %n, %dtail ], [ %dj1, %dbytes ]\n"
                   "  %dj1 = sub i64 %dj, 1\n"
                   "  %dbs = getelementptr inbounds i8, ptr %s, i64 %dj1\n"
                   "  %dbd = getelementptr inbounds i8, ptr %d, i64 %dj1\n"
                   "  %dbv = load i8, ptr %dbs, align 1\n  store i8 %dbv, ptr %dbd, align 1\n"
                   "  %dbm = icmp ugt i64 %dj1, %t0\n"
                   "  br i1 %dbm, label %dbytes, label %dhead\n");
        buf_put(o, "dhead:\n  %dz = icmp eq i64 %c, 0\n  br i1 %dz, label %done, label %dloop\n");
        buf_put(o, "dloop:\n  %di = phi i64 [ %c, %dhead ], [ %di1, %dloop ]\n"
                   "  %di1 = sub i64 %di, 1\n");
        buf_printf(o, "  %%do = mul i64 %%di1, %llu\n", es);
        put_pieces(o, f, "d", "%do", true);
        buf_put(o, "  %dm = icmp ne i64 %di1, 0\n  br i1 %dm, label %dloop, label %done\n");
    }
    buf_put(o, "done:\n  ret void\n}\n");
}

void body_loops_finish(body_typer *b, FILE *out)
{
    static const char *const names[3] = {"%d", "%s", "%n"};
    bool variants = false;
    for (size_t i = 0; i < b->nloop_order; i++) {
        const loop_fn *f = b->loop_order[i];
        tt_buf text = {0}, line = {0};
        put_loop_fn(&text, f, tree_kind_width(b->c, KIND_POINTER));
        variants |= f->el != NULL;
        /* each line as re-annotation will see it (the float loads get their metadata), so
         * that annotating the output again changes nothing */
        body_begin(b, f->name, 3, names, NULL);
        for (size_t at = 0; at < text.len;) {
            const char *s = text.data + at;
            size_t n = (size_t)((const char *)memchr(s, '\n', text.len - at) - s) + 1;
            at += n;
            bool in_body = s[0] == ' ';
            line.len = 0;
            if (in_body && body_line(b, s, n, false, &line))
                fwrite(line.data, 1, line.len, out);
            else
                fwrite(s, 1, n, out);
        }
        body_end(b);
        free(text.data);
        free(line.data);
    }
    if (variants && !map_get(b->loops_present, LOOP_PREFIX "lost")) {
        tt_buf text = {0};
        body_put_variant_lost(&text, tree_kind_width(b->c, KIND_POINTER), b->module_has_write,
                              b->module_has_abort);
        fwrite(text.data, 1, text.len, out);
        free(text.data);
        map_put(b->loops_present, LOOP_PREFIX "lost", LOOP_PREFIX "lost");
    }
}
