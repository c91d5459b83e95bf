/* The rewrites of body lines (emit/body/ir_body.c): each reads one kind of instruction and, when
 * a place or an LLVM type makes its tree certain, writes the line annotated to out and
 * returns true. */
#include <stdlib.h>
#include <string.h>

#include "ir_body_impl.h"
#include "ir_types.h"

static void report(body_typer *b, const char *what, const char *tree, const char *from)
{
    if (b->report)
        b->report(b->report_arg, b->fn, what, tree, from);
}

/* memcpy/memmove/memset: an attribute on each pointer operand whose place types it. */
/* Line s[0, n) to out up to the last pointer operand, each of the first nptr operands given
 * the attribute of tree text t (NULL: none) right where its attributes begin, the first
 * also attribute text first (NULL: none); returns where the rest of the line starts. at[k]:
 * where operand k's value is (0: a constant operand, found here). */
static size_t put_operand_trees(const char *s, const span *args, size_t *at, uint32_t nptr,
                                const char *t, const char *first, tt_buf *out)
{
    size_t pos = 0;
    for (uint32_t k = 0; k < nptr; k++) {
        if (!at[k]) {
            /* a constant operand (@g, or getelementptr (i8, ptr @g, i64 8) whose last
             * token is inside the expression): the attribute goes right after the
             * type, where parameter attributes begin */
            lex_cur c = lex_start(s, args[k].start, args[k].end);
            lex_take_item(&c);
            at[k] = c.t.kind != LEX_END ? c.t.at : args[k].end;
        }
        buf_putn(out, s + pos, at[k] - pos);
        if (k == 0 && first)
            buf_printf(out, "%s ", first);
        if (t)
            buf_printf(out, ATTR "%s\" ", t);
        pos = at[k];
    }
    return pos;
}

bool body_rewrite_mem(body_typer *b, const char *s, size_t n, tt_buf *out)
{
    size_t open;
    const char *sym = body_call_callee(b, s, n, &open);
    const char *what = !sym                                     ? NULL
                       : strncmp(sym, "llvm.memset.", 12) == 0  ? "memset"
                       : strncmp(sym, "llvm.memcpy.", 12) == 0  ? "memcpy"
                       : strncmp(sym, "llvm.memmove.", 13) == 0 ? "memmove"
                                                                : NULL;
    if (!what)
        return false;
    bool set = what[3] == 's';
    span args[8];
    size_t close;
    uint32_t na = body_split_args(s, open, n, args, 8, &close);
    if (na < 3)
        return false;
    b->stats.copies++;
    uint32_t nptr = set ? 1 : 2;
    /* "i64 24": a constant length */
    lex_cur len = lex_start(s, args[2].start, args[2].end);
    bool known = false;
    uint64_t bytes = 0;
    if ((lex_take(&len, "i64") || lex_take(&len, "i32")) && len.t.kind == LEX_NUMBER) {
        char *end;
        bytes = strtoull(s + len.t.at, &end, 10);
        known = end == s + len.t.end && len.t.end == args[2].end;
    }
    tt_tree trees[2] = {{0}, {0}};
    bool have[2] = {false, false};
    size_t at[2] = {0, 0};
    const place *pl[2] = {NULL, NULL};
    const char *vn[2] = {"?", "?"};
    for (uint32_t k = 0; k < nptr; k++) {
        const char *v = body_arg_value(b, s, args[k], &at[k]);
        if (v)
            vn[k] = v;
        pl[k] = body_place_of(b, v);
        if (pl[k])
            have[k] = body_copy_tree(b, pl[k], known, bytes, &trees[k]);
    }
    const tt_tree *use = NULL;
    if (have[0] && have[1]) {
        if (tree_equal(&trees[0], &trees[1]))
            use = &trees[0];
        else
            b->stats.conflicting++; /* the same bytes typed two ways: say nothing */
    } else if (have[0] || have[1]) {
        use = have[0] ? &trees[0] : &trees[1];
    }
    /* past the offset limit Enzyme types the copy from a segment list, which every
     * operand with a place must agree on */
    const char *segs = NULL;
    if (use && known && bytes > (uint64_t)b->o.max_offset) {
        for (uint32_t k = 0; k < nptr; k++) {
            if (!have[k])
                continue;
            const char *sk = body_copy_segments(b, pl[k], bytes);
            if (!sk || (segs && strcmp(sk, segs) != 0)) {
                segs = NULL;
                break;
            }
            segs = sk;
        }
    }
    bool done = false;
    bool move = what[3] == 'm';
    tt_type *vt = NULL;
    /* memmoves of run-time length never by variant: `rotate_left(1)` over a slice of `enum {
     * V0(f64), V1(f64, f64, f64), V2(S0 { [u64; 1], f64 }, Option<f64>) }` comes out wrong at
     * -O2 with them by variant (random_cases.py seed 4, case 7, reduced; plain Enzyme is
     * wrong there too): rotate's own element reads through temporaries annotate cannot
     * place stay memcpys. Such memmoves are marked for the mid rewrite's check instead
     * (body_disputed_move). A memmove of one value (ptr::swap's) goes by variant, through
     * the rule of ir_body_variant.c: `v.swap(i, j)` of such a slice is right at -O0 and -O2
     * (it was refused). A memcpy of constant length goes through the move function too (it
     * takes any overlap), by variant. */
    if (!use && !known && !set &&
        body_loop_copy(b, s, n, args, na, open, close, move, pl, vn, 0, !move, out)) {
        done = true;
    } else if (use && known && !set && na == 4 &&
               body_small_copy(b, s, n, args, close, have[0] ? pl[0] : pl[1], bytes, at, out)) {
        report(b, arena_printf(b->c->arena, "%s %s <- %s, %llu bytes: typed loads and stores",
                               what, vn[0], vn[1], (unsigned long long)bytes),
               "", have[0] ? pl[0]->what : pl[1]->what);
        done = true;
    } else if (use && known && move && bytes &&
               body_loop_copy(b, s, n, args, na, open, close, true, pl, vn, bytes, true,
                              out)) {
        /* a memmove longer than a few bytes over values of mixed kinds: the wrapper's
         * memmove helper (--split-memmove) would take its length as a run-time one, and
         * Enzyme types such a copy from its first bytes alone (docs/typetree-rules.md,
         * "Copies of run-time length") */
        done = true;
    } else if (known && bytes && !set && !move && (vt = body_variant_constant(b, pl, bytes)) &&
               body_loop_copy(b, s, n, args, na, open, close, true, pl, vn, bytes, true, out)) {
        /* whole values of an enum whose variants put different kinds at one byte: no
         * tree types the copy for every variant (ir_body_loops.c) */
        done = true;
        /* a temporary the copy fills (no variable names it) holds such a value: copies out
         * of it go by variant too. At -O1 `v.push(*e)` copies `*e` into one, then the
         * temporary into the Vec; left a memcpy, that second copy stopped Enzyme ("Cannot
         * deduce type of copy": gradient case enum_push_refs) */
        const char *sz = pl[0] ? NULL : map_get(b->alloca_size, body_fn_key(b, b->body_fn, vn[0]));
        if (sz && strtoull(sz, NULL, 10) == bytes)
            body_add_place(b, vn[0], vt, 0, false,
                           b->report ? arena_printf(b->c->arena, "the temporary %s, a copy of %s",
                                                    vn[0], vn[1])
                                     : "a temporary");
    }
    /* a memmove left as it is over values whose variants disagree: marked for the mid
     * rewrite's check (body_disputed_move), as an attribute of its destination operand
     * (LLVM's passes keep call-site attributes where they rebuild a call; metadata
     * DeadArgumentElimination drops). Not a memcpy left as it is: marking those (a copy
     * through a local whose tree says Integer beyond the tag, a struct holding such an
     * enum) refused builds of random_cases.py seeds 4 and 6 that were right with trees
     * and without. Only with --typed-copy-loops, the wrapper's mode for a program that
     * calls Enzyme: without it nothing goes by variant, and no check reads the marks. */
    const char *disputed =
        !done && move && b->copy_loops ? body_disputed_move(b, pl, known ? bytes : 0) : NULL;
    const char *mark =
        disputed ? arena_printf(b->c->arena, "\"" DISPUTED_MOVE_NAME "\"=\"%s\"", disputed) : NULL;
    if (!done && (use || mark)) {
        tt_buf t = {0};
        if (use)
            tree_to_string(use, &t);
        size_t pos = put_operand_trees(s, args, at, use ? nptr : 1, t.data, mark, out);
        if (segs) {
            body_put_md_id(s + pos, n - pos, MD_SEGMENTS, body_md_intern(b, segs), out);
            b->stats.copies_segmented++;
        } else {
            buf_putn(out, s + pos, n - pos);
        }
        if (use) {
            b->stats.copies_typed++;
            report(b,
                   arena_printf(b->c->arena, "%s %s%s%s, %s bytes%s", what, vn[0],
                                set ? "" : " <- ", set ? "" : vn[1],
                                known ? arena_printf(b->c->arena, "%llu", (unsigned long long)bytes)
                                      : "run-time",
                                segs ? arena_printf(b->c->arena, ", segments %s", segs) : ""),
                   t.data, pl[0] && have[0] ? pl[0]->what : pl[1]->what);
        }
        if (mark)
            report(b, arena_printf(b->c->arena, "%s %s <- %s: marked, %s's bytes have no certain kind",
                                   what, vn[0], vn[1], disputed),
                   "", pl[0] ? pl[0]->what : pl[1]->what);
        free(t.data);
        done = true;
    }
    tree_free(&trees[0]);
    tree_free(&trees[1]);
    return done;
}

/* "%y = extractvalue {A, B} %x, K" of a described call's result: metadata. */
bool body_rewrite_extract(body_typer *b, const char *s, size_t n, lex_cur c, tt_buf *out)
{
    if (!lex_take(&c, "extractvalue"))
        return false;
    b->stats.extracts++;
    /* "{A, B} %x, K": a returned pair is a literal struct */
    if (!lex_is(s, c.t, '{') || lex_take_item(&c).kind == LEX_END)
        return false;
    lex_tok x = c.t;
    lex_step(&c);
    if (x.kind != LEX_LOCAL || x.open || !lex_take(&c, ","))
        return false;
    const char *pair = arena_strndup(b->c->arena, s + x.at, x.end - x.at);
    tt_type *t = map_get(b->pairs, pair);
    if (!t)
        return false;
    lex_tok idx = c.t;
    lex_step(&c);
    char *end = NULL;
    unsigned long k = idx.kind == LEX_NUMBER ? strtoul(s + idx.at, &end, 10) : 2;
    if (end != s + idx.end || k > 1 || (c.t.kind != LEX_END && !lex_is(s, c.t, ',')))
        return false;
    tt_diag *tail = b->c->diags_tail;
    unsigned errs = b->c->nerrors;
    const tt_layout *l = layout_of(b->c, t, NULL);
    tt_tree half = {0};
    if (l && l->abi == ABI_PAIR)
        tree_of_scalar_at(b->c, t, k ? l->b_offset : 0, k ? l->b.prim.size : l->a.prim.size,
                          &b->o, &half, NULL);
    diag_truncate(b->c, tail, errs);
    bool done = false;
    if (half.n) {
        body_put_with_md(b, s, n, &half, out);
        b->stats.extracts_typed++;
        tt_buf tb = {0};
        tree_to_string(&half, &tb);
        report(b, arena_printf(b->c->arena, "extractvalue %lu of %s", k, pair), tb.data,
               arena_printf(b->c->arena, "the %s a call returns", t->name));
        free(tb.data);
        done = true;
    }
    tree_free(&half);
    return done;
}

/* The metadata of a pointer to a t (NULL id: nothing more than "[-1]:Pointer"), worked out
 * once per type: typed allocas and pointers loaded from typed places. */
static const md_memo *pointer_memo(body_typer *b, tt_type *t)
{
    const char *key = body_memo_key(b, 'a', t->name, false, 0, 0);
    const md_memo *m = map_get(b->memo, key);
    if (m)
        return m;
    tt_diag *tail = b->c->diags_tail;
    unsigned errs = b->c->nerrors;
    tt_tree one = {0};
    tree_of_pointer_to(b->c, t, &b->o, &one, NULL);
    diag_truncate(b->c, tail, errs);
    m = body_memo_put(b, key, one.n > 1 ? &one : NULL);
    tree_free(&one);
    return m;
}

/* Types alloca y as holding one t: its place and `!enzyme_type` metadata, the pointer to t's
 * tree (worked out once per type). */
static bool type_alloca(body_typer *b, const char *y, tt_type *t, const char *s, size_t n,
                        tt_buf *out, const char *what)
{
    body_add_place(b, y, t, 0, false, what);
    const md_memo *m = pointer_memo(b, t);
    if (!m->id)
        return false;
    /* and its byte runs, for copies LLVM's passes make of it (body_type_runs) */
    const char *runs = body_type_runs(b, t);
    if (runs) {
        tt_buf line = {0};
        body_put_md_id(s, n, MD_KIND, m->id, &line);
        body_put_md_id(line.data, line.len, MD_RUNS,
                       body_md_intern(b, arena_printf(b->c->arena, "!{!\"%s\"}", runs)), out);
        free(line.data);
    } else {
        body_put_md_id(s, n, MD_KIND, m->id, out);
    }
    b->stats.allocas_typed++;
    if (b->report)
        report(b, arena_printf(b->c->arena, "alloca %s", y), m->tree, what);
    return true;
}

/* "%x = alloca ..." of variables the module #dbg_declare's whole (first pass): the place
 * of that variable and `!enzyme_type` metadata on the alloca, the pointer to its type.
 * The metadata is the alloca's own fact: Enzyme takes it wherever the alloca's users are
 * (without strict aliasing it ignores what a call in another block says about it).
 * Several variables on one alloca (a value under inlined scopes): one type, or only the
 * entries all their trees share and no place. */
bool body_rewrite_alloca(body_typer *b, const char *y, const char *s, size_t n, lex_cur c,
                         tt_buf *out)
{
    if (!lex_take(&c, "alloca"))
        return false;
    const char *ids = map_get(b->declared, body_fn_key(b, b->body_fn, y));
    if (!ids) {
        /* a temporary the callee returns into holds the callee's return type */
        const char *sym = map_get(b->sret_dest, body_fn_key(b, b->body_fn, y));
        tt_type *ret;
        tt_passmode mode;
        if (sym && *sym && annotator_callee(b->a, sym, &ret, &mode) && mode == PASS_INDIRECT && ret)
            return type_alloca(b, y, ret, s, n, out,
                               b->report ? arena_printf(b->c->arena, "the sret result of %s: %s", sym,
                                                        ret->name)
                                         : "sret");
    }
    if (!ids)
        ids = body_tmp_ids(b, y);
    if (!ids)
        return false;
    if (!strchr(ids, ',')) {
        /* one variable: its type's tree, worked out once per type */
        const char *vname;
        tt_type *t = body_local_type(b, ids, &vname);
        if (!t)
            return false;
        return type_alloca(b, y, t, s, n, out,
                           b->report ? arena_printf(b->c->arena, "local %s: %s", vname, t->name)
                                     : "local");
    }
    /* several: their types, in order (an untyped declaration: nothing is certain) */
    size_t nt = 1;
    for (const char *p = ids; *p; p++)
        nt += *p == ',';
    tt_type **types = arena_alloc(b->c->arena, nt * sizeof *types);
    tt_buf names = {0};
    bool same = true;
    const char *what = "locals";
    nt = 0;
    for (const char *p = ids; *p;) {
        size_t len = strcspn(p, ",");
        const char *vname;
        tt_type *t = body_local_type(b, arena_strndup(b->c->arena, p, len), &vname);
        p += len + (p[len] == ',');
        if (!t) {
            free(names.data);
            return false;
        }
        types[nt++] = t;
        buf_put(&names, t->name);
        buf_put(&names, "\x1f"); /* a separator no type name holds */
        if (nt == 1) {
            if (b->report)
                what = arena_printf(b->c->arena, "local %s: %s", vname, t->name);
        } else if (t != types[0] && strcmp(t->name, types[0]->name) != 0) {
            same = false;
            if (b->report)
                what = arena_printf(b->c->arena, "%s, and local %s: %s (their common entries)",
                                    what, vname, t->name);
        }
    }
    if (same && nt)
        body_add_place(b, y, types[0], 0, false, what);
    /* the entries the pointers to all of them share, worked out once per list of types */
    const char *key = body_memo_key(b, 'v', names.data, false, 0, 0);
    free(names.data);
    const md_memo *m = map_get(b->memo, key);
    if (!m) {
        tt_tree ptr = {0};
        for (size_t i = 0; i < nt; i++) {
            tt_diag *tail = b->c->diags_tail;
            unsigned errs = b->c->nerrors;
            tt_tree one = {0};
            tree_of_pointer_to(b->c, types[i], &b->o, &one, NULL);
            diag_truncate(b->c, tail, errs);
            if (!i) {
                ptr = one;
                continue;
            }
            body_tree_keep_common(&ptr, &one);
            tree_free(&one);
        }
        m = body_memo_put(b, key, ptr.n > 1 ? &ptr : NULL); /* more than "[-1]:Pointer" */
        tree_free(&ptr);
    }
    if (!m->id)
        return false;
    body_put_md_id(s, n, MD_KIND, m->id, out);
    b->stats.allocas_typed++;
    if (b->report)
        report(b, arena_printf(b->c->arena, "alloca %s", y), m->tree, what);
    return true;
}

/* LLVM's float types: rustc gives them to Rust floats alone (the IR is annotated before
 * LLVM's passes could make float values of anything else). */
static const struct {
    const char *ty;     /* as LLVM prints it */
    tt_kind kind;
    const char *tree;   /* the register tree of such a value */
} float_types[] = {
    {"double", KIND_DOUBLE, "{[-1]:Float@double}"},
    {"float", KIND_FLOAT, "{[-1]:Float@float}"},
    {"half", KIND_HALF, "{[-1]:Float@half}"},
    {"fp128", KIND_FP128, "{[-1]:Float@fp128}"},
};
#define NFLOAT_TYPES (sizeof float_types / sizeof float_types[0])

/* A load of an LLVM float type from an untyped place: the value is that float. rustc gives
 * LLVM float types to Rust floats alone, and the IR is annotated before LLVM's passes could
 * make float loads of anything else. Without it, Enzyme cannot type a phi of two such loads
 * when the float use sits in a block that does not post-dominate them (a bounds check's
 * panic branch between): tests/enzyme-bugs/phi-float-branch.ll. */
static bool float_load(body_typer *b, const char *s, size_t n, const char *ty, size_t tlen,
                       tt_buf *out)
{
    for (size_t k = 0; k < NFLOAT_TYPES; k++) {
        if (strlen(float_types[k].ty) != tlen || memcmp(ty, float_types[k].ty, tlen) != 0)
            continue;
        const char *key = float_types[k].ty;
        const md_memo *m = map_get(b->memo, key);
        if (!m) {
            tt_entry e = {.len = 1, .kind = (uint8_t)float_types[k].kind, .path = {-1}};
            tt_tree t = {.v = &e, .n = 1, .cap = 1};
            m = body_memo_put(b, key, &t);
        }
        body_put_md_id(s, n, MD_KIND, m->id, out);
        b->stats.loads_typed++;
        if (b->report)
            report(b, "load", m->tree, "its LLVM float type (rustc's float types are Rust floats)");
        return true;
    }
    return false;
}

/* A pointer loaded from a typed place: a place of its own, the first of a run of its
 * pointee's type, when that type has something to say behind a pointer (not bytes, not
 * unsized): copies through it (sort's merges copy elements between such pointers) then
 * get the element's tree. */
static void place_of_loaded_pointer(body_typer *b, const char *y, const place *p, uint64_t off)
{
    tt_type *pt = body_pointee_at(b, p->t, off, 0);
    if (pt && pt->kind == TY_SLICE)
        pt = pt->elem;
    if (!pt || !body_size_of(b, pt))
        return;
    const md_memo *m = pointer_memo(b, pt);
    if (m->id)
        body_add_place(b, y, pt, 0, true,
                       b->report ? arena_printf(b->c->arena,
                                                "the %s a pointer loaded from %s points to",
                                                pt->name, p->what)
                                 : "a loaded pointer");
}

/* "store ptr %v, ptr %x" into a typed place: %v, when it has no place yet, points to what
 * the pointer stored there points to (place_of_loaded_pointer: not bytes, nothing). At
 * -O0 rustc keeps a variable's value in a register and stores it into the variable's
 * alloca for the debugger only, so a reference variable taken out of an unnamed temporary
 * (`for e in a0.iter()`: `e` is loaded from the Option<&T> that `next` returned) had no
 * place, and neither had the copies through it: `v.push(*e)` of an enum whose variants
 * disagree reached Enzyme untyped and came out wrong, silently (random_cases.py seed 5,
 * case 3 at -O0). */
void body_scan_store(body_typer *b, const char *s, size_t n)
{
    lex_cur c = lex_start(s, 0, n);
    if (!lex_take(&c, "store") || !lex_take(&c, "ptr") || c.t.kind != LEX_LOCAL || c.t.open)
        return;
    const char *v = arena_strndup(b->c->arena, s + c.t.at, c.t.end - c.t.at);
    lex_step(&c);
    if (!lex_take(&c, ",") || !lex_take(&c, "ptr") || c.t.kind != LEX_LOCAL || c.t.open)
        return;
    const char *x = arena_strndup(b->c->arena, s + c.t.at, c.t.end - c.t.at);
    const place *p = body_place_of(b, x);
    if (p && !body_place_of(b, v) && !map_get(b->derived, v))
        place_of_loaded_pointer(b, v, p, p->elems ? 0 : p->off);
}

/* The bytes a load reads when it reads a scalar: an integer of whole bytes, a float type
 * other than bfloat (rustc writes none), ptr, or the [1 x i8] rustc loads a u8 field of a
 * packed or byte-aligned place as; 0 for anything else (arrays, structs, vectors, i1). */
static uint64_t load_size(const body_typer *b, const char *s, size_t n)
{
    if (n == 8 && memcmp(s, "[1 x i8]", 8) == 0)
        return 1;
    if (!n || s[0] == '[' || s[0] == '{' || s[0] == '<' || s[0] == '%' ||
        (n == 2 && memcmp(s, "i1", 2) == 0) || (n == 6 && memcmp(s, "bfloat", 6) == 0))
        return 0;
    return ir_type_size(b->types, s, n);
}

/* The place a pointer loaded from the temporary slot %x points to: the one every pointer
 * stored into %x has (body_note_line's slot stores), NULL when one has none yet or they
 * differ, or when %x is also written whole (a memcpy, a call's sret). */
static const place *slot_place(body_typer *b, const char *x)
{
    const char *key = body_fn_key(b, b->body_fn, x);
    const char *vals = map_get(b->slot_stores, key);
    if (!vals || map_get(b->copies, key) || map_get(b->sret_dest, key))
        return NULL;
    const place *first = NULL;
    for (const char *v = vals; *v;) {
        size_t len = strcspn(v, ",");
        const place *p = body_place_of(b, arena_strndup(b->c->arena, v, len));
        v += len + (v[len] == ',');
        if (!p || (first && (p->t != first->t || p->off != first->off ||
                             p->elems != first->elems)))
            return NULL;
        first = p;
    }
    return first;
}

/* "%v = load <scalar>, ptr %p": the scalar a typed place holds there, as metadata. The
 * load then says what it reads even where Enzyme does not connect %p to its type (a call
 * in a loop does not type its arguments in the caller without strict aliasing). */
bool body_rewrite_load(body_typer *b, const char *y, const char *s, size_t n, lex_cur c,
                       tt_buf *out)
{
    if (!lex_take(&c, "load") || lex_eq(s, c.t, "volatile") || lex_eq(s, c.t, "atomic"))
        return false;
    lex_tok ty = lex_take_item(&c);
    if (ty.kind == LEX_END || !lex_take(&c, ",") || !lex_take(&c, "ptr"))
        return false;
    size_t tlen = ty.end - ty.at;
    uint64_t size = load_size(b, s + ty.at, tlen);
    lex_tok ptr = c.t;
    if (!size || ptr.kind != LEX_LOCAL || ptr.open)
        return false;
    const char *pn = arena_strndup(b->c->arena, s + ptr.at, ptr.end - ptr.at);
    const place *p = body_place_of(b, pn);
    if (!p) {
        /* a pointer into a typed place that says nothing certain here (union bytes,
         * variants that disagree) reads memory typed otherwise too: nothing */
        if (map_get(b->derived, pn))
            return false;
        const place *q = lex_eq(s, ty, "ptr") ? slot_place(b, pn) : NULL;
        if (q)
            body_add_place(b, y, q->t, q->off, q->elems,
                           b->report ? arena_printf(b->c->arena, "%s, through the temporary %s",
                                                    q->what, pn)
                                     : q->what);
        return float_load(b, s, n, s + ty.at, tlen, out);
    }
    uint64_t off = p->elems ? 0 : p->off;
    if (p->elems && size > body_size_of(b, p->t))
        return false; /* a pointer to elements reads the first bytes of one */
    if (lex_eq(s, ty, "ptr"))
        place_of_loaded_pointer(b, y, p, off);
    const char *key = body_memo_key(b, 'l', p->t->name, true, off, size);
    const md_memo *m = map_get(b->memo, key);
    if (!m) {
        tt_diag *tail = b->c->diags_tail;
        unsigned errs = b->c->nerrors;
        tt_tree reg = {0};
        tree_of_scalar_at(b->c, p->t, off, size, &b->o, &reg, NULL);
        diag_truncate(b->c, tail, errs);
        m = body_memo_put(b, key, &reg);
        tree_free(&reg);
    }
    if (!m->id)
        return false;
    body_put_md_id(s, n, MD_KIND, m->id, out);
    b->stats.loads_typed++;
    if (b->report)
        report(b,
               arena_printf(b->c->arena, "load of %llu bytes from %s", (unsigned long long)size, pn),
               m->tree, p->what);
    return true;
}

/* The call line with tree on its return, written before the return type. */
static void put_return_tree(body_typer *b, const char *s, size_t n, lex_tok type,
                            const char *tree, const char *what, const char *why, tt_buf *out)
{
    buf_putn(out, s, type.at);
    buf_printf(out, ATTR "%s\" ", tree);
    buf_putn(out, s + type.at, n - type.at);
    b->stats.calls_typed++;
    report(b, what, tree, why);
}

/* "%y = call iN @llvm.fptoui.sat.*(...)" (and fptosi.sat: every float-to-integer `as` in
 * Rust): an integer, as a tree on the call's return. Enzyme knows neither intrinsic; with
 * nothing else typing the value it took it for active, and where it is stored beside a
 * copy Enzyme differentiates by a rule it asked for the value's shadow and aborted
 * ("cannot find deal with ptr that isnt arg": gradient case result_early_exit at -O0,
 * `x as u64` stored into a Result's Err; tests/enzyme-bugs/fptoui-sat.ll). */
bool body_rewrite_sat_cast(body_typer *b, const char *s, size_t n, tt_buf *out)
{
    if (!body_contains(s, n, "@llvm.fptoui.sat.") && !body_contains(s, n, "@llvm.fptosi.sat."))
        return false;
    lex_tok type, callee = lex_callee(s, n, false, &type);
    if (callee.kind != LEX_GLOBAL)
        return false;
    const char *name = s + callee.at + 1;
    size_t len = callee.end - callee.at - 1;
    bool sat = (len > 17 && (memcmp(name, "llvm.fptoui.sat.", 16) == 0 ||
                             memcmp(name, "llvm.fptosi.sat.", 16) == 0));
    if (!sat || type.kind != LEX_WORD || s[type.at] != 'i')
        return false;
    put_return_tree(b, s, n, type, "{[-1]:Integer}", "call",
                    "a saturating float-to-integer conversion", out);
    return true;
}

/* An indirect call returning a float type: rustc gives LLVM float types to Rust floats
 * alone, so the result is that float (a direct call has its callee's attributes). */
bool body_rewrite_indirect_fp(body_typer *b, const char *s, size_t n, tt_buf *out)
{
    lex_tok type, callee = lex_callee(s, n, false, &type);
    if (callee.kind != LEX_LOCAL || type.kind != LEX_WORD)
        return false;
    for (size_t k = 0; k < NFLOAT_TYPES; k++)
        if (lex_eq(s, type, float_types[k].ty)) {
            put_return_tree(b, s, n, type, float_types[k].tree, "indirect call",
                            "its LLVM float type (rustc's float types are Rust floats)", out);
            return true;
        }
    return false;
}
