/* Trees inside function bodies (textual IR): what moves bytes gets the type of the place
 * it moves them from or to, when that place's Rust type is certain.
 *
 * Places: a pointer parameter of a described function (its pointee, a value passed
 * Indirect, the sret return), an alloca a #dbg_declare gives a Rust type (the types file's
 * "locals", checked against the variable's name in this very module), the sret argument
 * of a call to a described function, a constant-offset `getelementptr i8` into any of
 * those, and a `getelementptr` of any index into a run of elements whose stride (sized by
 * emit/body/ir_types.c, named structs included) is the element's size. Values: the {A, B} a
 * call to a described function returns.
 *
 * Annotated: llvm.memcpy / llvm.memmove / llvm.memset call sites, on each pointer operand,
 * when the bytes copied are exactly a place's type, one of its fields, or a whole number
 * of its array elements (run-time lengths: a pointer to elements of one kind); the tree is
 * "[-1]:Pointer" plus those bytes, the form Enzyme reads on calls that return nothing.
 * Such a copy longer than the offset limit also gets `!enzyme_truetype`, its segment list
 * (ir_body_segments.c says why). extractvalue of such {A, B}: `!enzyme_type` metadata, Enzyme's node encoding, of that
 * half's register tree. Nothing where a place's bytes are not certain (union bytes, enum
 * bytes whose variants disagree: the trees leave them out), where the two operands of a
 * copy have different trees, or where the length fits no type.
 *
 * The parts, one file each, sharing emit/body/ir_body_impl.h: the first pass over the module
 * (ir_body_notes.c), line scanning and places (ir_body_scan.c), trees of places
 * (ir_body_trees.c), segment lists of long copies (ir_body_segments.c), the rewrites of
 * lines (ir_body_rewrite.c), copies as typed loads and stores or calls of copy functions
 * (ir_body_loops.c, over the pieces of ir_body_pieces.c), the metadata they refer to
 * (ir_body_md.c). This file: the typer's life, a function's begin and end, and body_line,
 * which hands each line to the scans and rewrites. */
#include <stdlib.h>
#include <string.h>

#include "ir_body_impl.h"

body_typer *body_new(tt_ctx *c, annotator *a, const tt_tree_opts *o)
{
    body_typer *b = arena_alloc(c->arena, sizeof *b);
    b->c = c;
    b->a = a;
    b->o = o ? *o : tree_default_opts;
    b->var_names = map_new(c->arena);
    b->md_ids = map_new(c->arena);
    b->md_nodes = map_new(c->arena);
    b->memo = map_new(c->arena);
    b->alloca_size = map_new(c->arena);
    b->copies = map_new(c->arena);
    b->small_src = map_new(c->arena);
    b->sret_dest = map_new(c->arena);
    b->slot_stores = map_new(c->arena);
    b->elem_types = map_new(c->arena);
    b->mem_trees = map_new(c->arena);
    b->byte_kinds = map_new(c->arena);
    b->declared = map_new(c->arena);
    b->types = map_new(c->arena);
    b->loops = map_new(c->arena);
    b->loops_present = map_new(c->arena);
    b->by_variant = map_new(c->arena);
    b->copy_loops = a && o && annotator_copy_loops_on(a);
    b->small_copies = a && o && annotator_small_copies_on(a);
    return b;
}

void body_free(body_typer *b)
{
    if (!b)
        return;
    free(b->md.data);
    b->md.data = NULL;
}

void body_set_report(body_typer *b, body_report fn, void *arg)
{
    b->report = fn;
    b->report_arg = arg;
}

const body_stats *body_stats_of(const body_typer *b) { return &b->stats; }

/* ---- per function ---- */

void body_begin(body_typer *b, const char *fn, uint32_t nparams, const char *const *names,
                tt_type *const *pointees)
{
    b->fn = fn;
    b->body_fn++;
    b->places = map_new(b->c->arena);
    b->pairs = map_new(b->c->arena);
    b->derived = map_new(b->c->arena);
    for (uint32_t i = 0; i < nparams; i++) {
        if (!names[i] || !pointees || !pointees[i])
            continue;
        place *p = arena_alloc(b->c->arena, sizeof *p);
        p->t = pointees[i];
        p->what = arena_printf(b->c->arena, "parameter %s: %s", names[i], pointees[i]->name);
        /* a pointer parameter to a T, or to the first of a run of them (slices) */
        if (p->t->kind == TY_SLICE) {
            p->t = p->t->elem;
            p->elems = true;
        } else {
            p->elems = true; /* *const T is also how a run of T is passed (copy_nonoverlapping) */
        }
        map_put(b->places, names[i], p);
    }
}

void body_skip_function(body_typer *b) { b->body_fn++; }

void body_set_next_md(body_typer *b, unsigned long next) { b->next_md = next; }

void body_end(body_typer *b)
{
    b->fn = NULL;
    b->places = b->pairs = b->derived = NULL;
}

/* ---- a line of a body ---- */

/* Where our annotation that starts with token t ends (with the one space after an
 * attribute), 0 when t starts none: `"enzyme_type"="{...}"` (and our "typetree_segments"
 * and "typetree_fields" attributes), `, !enzyme_type !N` and
 * `, !enzyme_truetype !N`. */
static size_t ours_end(const char *s, size_t n, lex_tok t)
{
    if (t.kind == LEX_STRING &&
        (lex_eq(s, t, "\"enzyme_type\"") || lex_eq(s, t, "\"" RUNS_NAME "\"") ||
         lex_eq(s, t, "\"" FIELDS_NAME "\"")) && t.end + 1 < n &&
        s[t.end] == '=' && s[t.end + 1] == '"') {
        size_t e = lex_next(s, t.end + 1, n).end;
        return e < n && s[e] == ' ' ? e + 1 : e;
    }
    if (!lex_is(s, t, ',') || t.end + 1 >= n || s[t.end] != ' ')
        return 0;
    lex_tok k = lex_next(s, t.end, n);
    if (k.kind != LEX_META ||
        !(lex_eq(s, k, MD_KIND) || lex_eq(s, k, MD_SEGMENTS) || lex_eq(s, k, MD_RUNS)) ||
        k.end + 1 >= n || s[k.end] != ' ' ||
        s[k.end + 1] != '!')
        return 0;
    lex_tok id = lex_next(s, k.end, n);
    return id.end == id.at + 1 || (s[id.at + 1] >= '0' && s[id.at + 1] <= '9') ? id.end : 0;
}

void body_strip_ours(const char *s, size_t n, tt_buf *out)
{
    size_t from = 0;
    for (lex_tok t = lex_next(s, 0, n); t.kind != LEX_END; t = lex_next(s, t.end, n)) {
        size_t e = ours_end(s, n, t);
        if (!e)
            continue;
        buf_putn(out, s + from, t.at - from);
        from = t.end = e;
    }
    buf_putn(out, s + from, n - from);
}

bool body_line(body_typer *b, const char *s, size_t n, bool strip, tt_buf *out)
{
    bool ours = (body_contains(s, n, "enzyme_type") &&
                 (body_contains(s, n, ATTR) || body_contains(s, n, MD_KIND))) ||
                body_contains(s, n, MD_SEGMENTS) || body_contains(s, n, MD_RUNS);
    tt_buf clean = {0};
    if (ours) {
        body_strip_ours(s, n, &clean);
        s = clean.data;
        n = clean.len;
    }
    bool changed = ours;
    if (!strip && b->places) {
        lex_cur op; /* at the instruction after "%y = " */
        const char *y = body_defined_value(b, s, n, &op);
        if (body_contains(s, n, "#dbg_declare(")) {
            body_scan_declare(b, s, n);
        } else if (y && (body_rewrite_alloca(b, y, s, n, op, out) ||
                         body_rewrite_extract(b, s, n, op, out) ||
                         body_rewrite_load(b, y, s, n, op, out))) {
            free(clean.data);
            return true;
        } else if (body_contains(s, n, "@llvm.mem")) {
            size_t before = out->len;
            if (body_rewrite_mem(b, s, n, out)) {
                free(clean.data);
                return true;
            }
            out->len = before;
        } else {
            if (y)
                body_scan_gep(b, y, s, n, op);
            else if (n > 12 && memcmp(s, "  store ptr ", 12) == 0)
                body_scan_store(b, s + 2, n - 2);
            if (body_contains(s, n, "call ") || body_contains(s, n, "invoke ")) {
                if (!y && body_swap_call(b, s, n, out)) {
                    free(clean.data);
                    return true;
                }
                body_scan_call(b, y, s, n);
                if (y && (body_rewrite_sat_cast(b, s, n, out) ||
                          body_rewrite_indirect_fp(b, s, n, out))) {
                    free(clean.data);
                    return true;
                }
            }
        }
    }
    if (changed)
        buf_putn(out, s, n);
    free(clean.data);
    return changed;
}
