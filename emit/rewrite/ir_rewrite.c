/* The wrapper's rewrites of textual LLVM IR, one line at a time (emit/rewrite/ir_rewrite.h says
 * which and why; tools/enzyme-workarounds.tsv names the Enzyme bug behind each). They read
 * the text as the wrapper's former sed and awk programs did, character by character where
 * those matched characters, so a module comes out byte for byte as it did; the golden
 * files of tests/rewrite hold each rule's cases. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir_rewriter.h"
#include "../ir/ir_lex.h"
#include "../annotate/annotate.h"
#include "../../layout/xalloc.h"

ir_rewriter *ir_rewriter_new(tt_ctx *c, const char *file, unsigned which)
{
    ir_rewriter *rw = arena_alloc(c->arena, sizeof *rw);
    rw->c = c;
    rw->file = file;
    rw->which = which;
    rw->def_groups = map_new(c->arena);
    rw->intrinsic_groups = map_new(c->arena);
    rw->ptrtoints = map_new(c->arena);
    rw->selects = map_new(c->arena);
    rw->syms = map_new(c->arena);
    rw->consts = map_new(c->arena);
    rw->runs_md = map_new(c->arena);
    rw->truetype_md = map_new(c->arena);
    rw->seg_nodes = map_new(c->arena);
    rw->ep_fns = map_new(c->arena);
    rw->split_fns = map_new(c->arena);
    rw->type_defs = map_new(c->arena);
    rw->mm_variants = map_new(c->arena);
    rw->elem_types = map_new(c->arena);
    rw->max_offset = 500;
    return rw;
}

void ir_rewriter_release(ir_rewriter *rw)
{
    for (size_t k = 0; k < rw->nfns; k++)
        free(rw->fns[k].text.data);
    free(rw->fns);
    free(rw->fn.data);
    free(rw->fn2.data);
    free(rw->listed.data);
    free(rw->dor.data);
    free(rw->capt.data);
    rw->capt = (tt_buf){0};
    free(rw->ren_note.data);
    free(rw->ren_line.data);
    free(rw->sz_line.data);
    rw->sz_line = (tt_buf){0};
    rw->ren_note = rw->ren_line = (tt_buf){0};
    free(rw->split_text.data);
    free(rw->mm_defs.data);
    free(rw->entry_defs.data);
    free(rw->entry_def);
    rw->entry_def = NULL;
    rw->dor = rw->split_text = rw->mm_defs = rw->entry_defs = (tt_buf){0};
    free(rw->cfps);
    rw->cfps = NULL;
    rw->ncfps = rw->cap_cfps = 0;
    rw->fn = rw->fn2 = rw->listed = (tt_buf){0};
    free(rw->sr_fn.data), free(rw->sr_out.data);
    rw->sr_fn = rw->sr_out = (tt_buf){0};
    rw->fns = NULL;
    rw->nfns = rw->cap_fns = rw->nmoved = 0;
    rw->holding = NULL;
}

bool ir_rewrite_needs_listing(const ir_rewriter *rw)
{
    return rw->which & (IR_RW_STRIP_MEMORY | IR_RW_FLOAT_LOADS | IR_RW_RANGE_LOADS |
                        IR_RW_POINTER_SELECTS | IR_RW_INNER_FIRST | IR_RW_BYTE_MOVES |
                        IR_RW_CONST_FN_POINTERS | IR_RW_POINTER_FLOAT_RETURNS |
                        IR_RW_COPY_SEGMENTS | IR_RW_ENTRY_TREES | IR_RW_ENUM_MOVES |
                        IR_RW_STRIP_CAPTURES | IR_RW_STD_RULES);
}

/* ---- memory attributes ----
 * A define line's attribute group is its first " #N " (a space on both sides: a call's
 * group, at the line's end or before ", !dbg", is not one); the group keeps memory(...)
 * when a declaration of an llvm.* intrinsic uses it too. LLVM prints one group per set of
 * function attributes, so every function, declaration and call with a stripped set loses
 * the attribute alike. */
static const char *first_group(tt_arena *a, const char *s, size_t n)
{
    for (size_t i = 0; i + 2 < n; i++) {
        if (s[i] != ' ' || s[i + 1] != '#' || !rw_is_digit(s[i + 2]))
            continue;
        size_t j = i + 2;
        while (j < n && rw_is_digit(s[j]))
            j++;
        if (j < n && s[j] == ' ')
            return arena_strndup(a, s + i + 2, j - i - 2);
    }
    return NULL;
}

static bool float_loads_note(ir_rewriter *rw, const char *s, size_t n);
static void pointer_selects_note(ir_rewriter *rw, const char *s, size_t n);
static void inner_first_note(ir_rewriter *rw, const char *s, size_t n);
static void byte_moves_note(ir_rewriter *rw, const char *s, size_t n);

void ir_rewrite_note(ir_rewriter *rw, const char *s, size_t n)
{
    rw->lines++;
    if (rw->which & IR_RW_RENAME_ENZYME_LOCALS) {
        rw->ren_note.len = 0;
        if (ir_rename_enzyme_locals(s, n, &rw->ren_note)) {
            s = rw->ren_note.data;
            n = rw->ren_note.len;
        }
    }
    if (rw_starts(s, n, "define "))
        rw->fn_noted++;
    if (rw->which & IR_RW_STD_RULES)
        ir_std_rules_note(rw, s, n);
    if (rw->which & IR_RW_POINTER_SELECTS)
        pointer_selects_note(rw, s, n);
    if (rw->which & (IR_RW_INNER_FIRST | IR_RW_BYTE_MOVES | IR_RW_POINTER_FLOAT_RETURNS |
                     IR_RW_ENUM_MOVES | IR_RW_STRIP_CAPTURES | IR_RW_ENTRY_TREES))
        inner_first_note(rw, s, n);
    if (rw->which & IR_RW_STRIP_CAPTURES)
        ir_taped_captures_note(rw, s, n);
    if (rw->which & IR_RW_ENUM_MOVES)
        ir_enum_moves_note(rw, s, n);
    if (rw->which & IR_RW_BYTE_MOVES)
        byte_moves_note(rw, s, n);
    if (rw->which & IR_RW_CONST_FN_POINTERS)
        ir_const_fn_pointers_note(rw, s, n);
    if (rw->which & IR_RW_COPY_SEGMENTS)
        ir_copy_segments_note(rw, s, n);
    if (rw->which & IR_RW_ENTRY_TREES)
        ir_entry_trees_note(rw, s, n);
    if ((rw->which & (IR_RW_FLOAT_LOADS | IR_RW_RANGE_LOADS | IR_RW_COPY_SEGMENTS)) &&
        float_loads_note(rw, s, n))
        return;
    if (!(rw->which & IR_RW_STRIP_MEMORY))
        return;
    bool def = rw_starts(s, n, "define ");
    bool intrinsic = !def && rw_starts(s, n, "declare ") && rw_find(s, 8, n, "@llvm.") < n;
    if (!def && !intrinsic)
        return;
    const char *g = first_group(rw->c->arena, s, n);
    if (g)
        map_put(def ? rw->def_groups : rw->intrinsic_groups, g, (void *)1);
}

/* `attributes #N = { ... }` of a stripped group: every " memory(...)" deleted. */
static bool strip_memory(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    if (!rw_starts(s, n, "attributes #"))
        return false;
    size_t j = 12;
    while (j < n && rw_is_digit(s[j]))
        j++;
    if (j == 12 || !rw_starts(s + j, n - j, " = "))
        return false;
    const char *g = arena_strndup(rw->c->arena, s + 12, j - 12);
    if (!map_get(rw->def_groups, g) || map_get(rw->intrinsic_groups, g))
        return false;
    size_t i = 0, start = out->len;
    for (;;) {
        size_t m = rw_find(s, i, n, " memory(");
        size_t close = m < n ? rw_find(s, m + 8, n, ")") : n;
        if (close == n) {
            buf_putn(out, s + i, n - i);
            break;
        }
        buf_putn(out, s + i, m - i);
        i = close + 1;
    }
    /* LLVM reads no empty group: one that held memory(...) alone is an error */
    const char *brace = memchr(out->data + start, '{', out->len - start);
    if (brace) {
        const char *p = brace + 1;
        while (*p == ' ')
            p++;
        if (*p == '}')
            diag_add(rw->c, TT_ERROR, loc_new(rw->c->arena, rw->file, NULL),
                     "attribute group #%s holds nothing but memory(...): deleting it would "
                     "leave an empty group, which LLVM cannot read",
                     g);
    }
    return true;
}

/* ---- float loads ----
 * The floating-point types by the names LLVM prints and Enzyme's names for them. */
static const char *const fp_llvm[6] = {"double", "float", "half", "bfloat", "fp128", "x86_fp80"};
static const char *const fp_enzyme[7] = {"Float@double", "Float@float", "Float@half",
                                         "Float@bfloat16", "Float@fp128", "Float@fp80",
                                         "Integer"}; /* [RW_INTEGER_MD] */

/* "!N = ..." lines: the largest N. True when the line was one. */
static bool float_loads_note(ir_rewriter *rw, const char *s, size_t n)
{
    if (n < 2 || s[0] != '!' || !rw_is_digit(s[1]))
        return false;
    unsigned long v = strtoul(s + 1, NULL, 10);
    if (v > rw->max_md)
        rw->max_md = v;
    return true;
}

/* The floating-point type a "  %x = load [volatile] T, ..." line loads (T or <N x T>),
 * as an index of fp_llvm; -1 when the line is no such load or carries !enzyme_type. */
static int float_load_type(const char *s, size_t n)
{
    size_t i = rw_loaded_type(s, n);
    if (i >= n)
        return -1;
    if (s[i] == '<') { /* <N x T> */
        size_t x = rw_find(s, i, n, " x ");
        if (x == n)
            return -1;
        i = x + 3;
    }
    for (int k = 0; k < 6; k++) {
        size_t l = strlen(fp_llvm[k]);
        if (rw_starts(s + i, n - i, fp_llvm[k]) && i + l < n &&
            (s[i + l] == ',' || s[i + l] == '>'))
            return rw_find(s, i, n, "!enzyme_type") < n ? -1 : k;
    }
    return -1;
}

static bool float_load(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    int k = float_load_type(s, n);
    if (k < 0)
        return false;
    rw_add_load_tree(rw, k, s, n, out);
    return true;
}

/* "  %x = load [volatile] iN, ptr ..., !range !M" without !enzyme_type: Integer. */
static bool range_load(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    if (rw_find(s, 0, n, ", !range !") == n || rw_find(s, 0, n, "!enzyme_type") < n)
        return false;
    size_t i = rw_loaded_type(s, n);
    if (i + 1 >= n || s[i] != 'i' || !rw_is_digit(s[i + 1]))
        return false; /* a vector, a pointer */
    rw_add_load_tree(rw, RW_INTEGER_MD, s, n, out);
    return true;
}

/* ---- pointer selects ----
 * Lines are read with the project's lexer (emit/ir/ir_lex.h): "%x = OP ..." with nothing
 * after the last operand but an optional ", !..." tail of metadata. */

static const char *fn_key(ir_rewriter *rw, unsigned long fn, const char *s, lex_tok t)
{
    return arena_printf(rw->c->arena, "%lu:%.*s", fn, (int)(t.end - t.at), s + t.at);
}

static void pointer_selects_note(ir_rewriter *rw, const char *s, size_t n)
{
    lex_cur c;
    lex_tok x, p;
    if (rw_assigns(&c, s, n, "ptrtoint", &x)) {
        if (lex_take(&c, "ptr") && (p = rw_take_kind(&c, LEX_LOCAL)).kind == LEX_LOCAL &&
            lex_take(&c, "to") && lex_take(&c, "i64") && rw_at_tail(&c))
            map_put(rw->ptrtoints, fn_key(rw, rw->fn_noted, s, x), rw_tok_text(rw, s, p));
    } else if (rw_assigns(&c, s, n, "select", &x) && lex_take(&c, "i1")) {
        lex_tok cond = c.t;
        if (!(cond.kind == LEX_LOCAL && !cond.open) && !lex_eq(s, cond, "true") &&
            !lex_eq(s, cond, "false"))
            return;
        lex_step(&c);
        struct ptr_select sel = {rw_tok_text(rw, s, cond), {NULL, NULL}};
        for (int k = 0; k < 2; k++) {
            if (!lex_take(&c, ",") || !lex_take(&c, "i64"))
                return;
            lex_tok a = c.t;
            if (a.kind == LEX_NUMBER)
                for (size_t j = a.at + (s[a.at] == '-'); j < a.end; j++)
                    if (!rw_is_digit(s[j]))
                        return; /* an integer constant, as i64 operands are printed */
            if ((a.kind != LEX_LOCAL && a.kind != LEX_NUMBER) || a.open)
                return;
            lex_step(&c);
            sel.arm[k] = rw_tok_text(rw, s, a);
        }
        if (rw_at_tail(&c)) {
            struct ptr_select *kept = arena_alloc(rw->c->arena, sizeof *kept);
            *kept = sel;
            map_put(rw->selects, fn_key(rw, rw->fn_noted, s, x), kept);
        }
    }
}

/* An arm as a pointer: %p for a noted ptrtoint of %p, a constant as inttoptr; NULL if
 * neither. */
static const char *pointer_arm(ir_rewriter *rw, const char *arm)
{
    if (arm[0] == '%')
        return map_get(rw->ptrtoints, arena_printf(rw->c->arena, "%lu:%s", rw->fn_seen, arm));
    return arena_printf(rw->c->arena, "inttoptr (i64 %s to ptr)", arm);
}

static bool pointer_select(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    lex_cur c;
    lex_tok x, v;
    if (!rw_assigns(&c, s, n, "inttoptr", &x))
        return false;
    size_t op = lex_next(s, x.end, n).end; /* past "=" */
    op = lex_next(s, op, n).at;            /* "inttoptr" */
    if (!lex_take(&c, "i64") || (v = rw_take_kind(&c, LEX_LOCAL)).kind != LEX_LOCAL ||
        !lex_take(&c, "to"))
        return false;
    lex_tok ty = c.t;
    if (!lex_take(&c, "ptr") || !rw_at_tail(&c))
        return false;
    struct ptr_select *sel = map_get(rw->selects, fn_key(rw, rw->fn_seen, s, v));
    if (!sel || (sel->arm[0][0] == '%') == (sel->arm[1][0] == '%'))
        return false; /* one arm a value, the other a constant */
    const char *a = pointer_arm(rw, sel->arm[0]), *b = pointer_arm(rw, sel->arm[1]);
    if (!a || !b)
        return false;
    buf_putn(out, s, op);
    buf_printf(out, "select i1 %s, ptr %s, ptr %s", sel->cond, a, b);
    buf_putn(out, s + ty.end, n - ty.end);
    return true;
}

/* ---- inner first ---- */
/* The next global a line names from s[*i] (the lexer skips quoted strings, such as the
 * "Float@double" of a tree): true with its token, *i moved past it. */
static bool next_global(const char *s, size_t *i, size_t n, lex_tok *g)
{
    for (lex_tok t = lex_next(s, *i, n); t.kind != LEX_END; t = lex_next(s, t.end, n))
        if (t.kind == LEX_GLOBAL && !t.open) {
            *g = t;
            *i = t.end;
            return true;
        }
    *i = n;
    return false;
}

/* Define lines start a function (its name is the line's first global); every global a
 * body names is a reference, @__enzyme_* marks the function. */
static void inner_first_note(ir_rewriter *rw, const char *s, size_t n)
{
    size_t i = 0;
    lex_tok g;
    if (rw_starts(s, n, "define ")) {
        if (rw->nfns == rw->cap_fns) {
            rw->cap_fns = rw->cap_fns ? 2 * rw->cap_fns : 256;
            rw->fns = xrealloc(rw->fns, rw->cap_fns * sizeof *rw->fns);
        }
        memset(&rw->fns[rw->nfns], 0, sizeof *rw->fns);
        if (next_global(s, &i, n, &g)) {
            rw->fns[rw->nfns].sym = rw_sym_of(rw, s, g);
            rw->fns[rw->nfns].sym->fn = (long)rw->nfns;
            if (rw->which & (IR_RW_BYTE_MOVES | IR_RW_POINTER_FLOAT_RETURNS | IR_RW_ENUM_MOVES))
                rw->fns[rw->nfns].name = rw_tok_text(rw, s, g);
        }
        if ((rw->which & IR_RW_POINTER_FLOAT_RETURNS) && ir_pointer_float_return(s, n))
            rw->fns[rw->nfns].pf_return = rw->lines;
        rw->nfns++;
        rw->in_body = true;
        return;
    }
    if (!rw->in_body)
        return;
    if (rw_starts(s, n, "}")) {
        rw->in_body = false;
        return;
    }
    if (!memchr(s, '@', n))
        return; /* most body lines name no global: not lexed */
    struct fn_rec *f = &rw->fns[rw->nfns - 1];
    bool calls_enzyme = rw_find(s, 0, n, "@__enzyme_") < n;
    /* reverse mode: every entry point but forward mode's (__enzyme_fwddiff*) and the
     * helpers that differentiate nothing themselves are named so */
    bool calls_reverse = calls_enzyme && (rw_find(s, 0, n, "@__enzyme_autodiff") < n ||
                                          rw_find(s, 0, n, "@__enzyme_augmentfwd") < n ||
                                          rw_find(s, 0, n, "@__enzyme_reverse") < n);
    while (next_global(s, &i, n, &g)) {
        if (rw_starts(s + g.at, g.end - g.at, "@__enzyme_")) {
            f->enzyme = true;
            continue;
        }
        struct sym *y = rw_sym_of(rw, s, g);
        y->handed |= calls_enzyme;
        y->reverse |= calls_reverse;
        if (y->stamp == rw->nfns)
            continue;
        y->stamp = rw->nfns;
        struct ref *r = arena_alloc(rw->c->arena, sizeof *r);
        r->to = y;
        r->next = f->refs;
        f->refs = r;
    }
}

/* ---- byte moves ----
 * The listing pass keeps each function's text until its "}" and asks ir_byte_moves about
 * it; a global whose definition says `constant` is noted. LLVM prints globals before
 * functions; a constant printed after a function would be unknown to it, and that
 * function's loads from it refused, never let through. */
static void byte_moves_note(ir_rewriter *rw, const char *s, size_t n)
{
    if (n && s[0] == '@') {
        lex_cur c = lex_start(s, 0, n);
        lex_tok g = c.t;
        lex_step(&c);
        if (g.kind != LEX_GLOBAL || g.open || !lex_take(&c, "="))
            return;
        for (; c.t.kind == LEX_WORD; lex_step(&c))
            if (lex_eq(s, c.t, "constant")) {
                map_put(rw->consts, arena_strndup(rw->c->arena, s + g.at + 1, g.end - g.at - 1),
                        (void *)1);
                return;
            }
        return;
    }
    bool define = rw_starts(s, n, "define ");
    if (!define && !rw->listed.len)
        return;
    if (define)
        rw->listed_from = rw->lines;
    buf_putn(&rw->listed, s, n);
    if (!rw_starts(s, n, "}"))
        return;
    struct fn_rec *f = &rw->fns[rw->nfns - 1];
    size_t at = f->name && !rw_starts(f->name, strlen(f->name), "@__typetree_copy.")
                    ? ir_byte_moves(rw->listed.data, rw->listed.len, rw->consts)
                    : 0;
    if (at)
        f->byte_move = rw->listed_from + at - 1;
    rw->listed.len = 0;
}

/* Which functions that call Enzyme reach which: reach[a * ne + b] for the a-th and b-th of
 * them (module order), through the references of the functions' bodies. */
static bool *enzyme_reach(ir_rewriter *rw, const size_t *e, size_t ne)
{
    bool *reach = xcalloc(ne * ne, 1);
    long *index_of = xmalloc(rw->nfns * sizeof *index_of); /* fn -> its place in e, or -1 */
    size_t *seen = xcalloc(rw->nfns, sizeof *seen), *stack = xmalloc(rw->nfns * sizeof *stack);
    for (size_t k = 0; k < rw->nfns; k++)
        index_of[k] = -1;
    for (size_t a = 0; a < ne; a++)
        index_of[e[a]] = (long)a;
    for (size_t a = 0; a < ne; a++) {
        size_t top = 0;
        stack[top++] = e[a];
        seen[e[a]] = a + 1;
        while (top) {
            struct fn_rec *f = &rw->fns[stack[--top]];
            for (struct ref *r = f->refs; r; r = r->next) {
                long g = r->to->fn;
                if (g < 0)
                    continue;
                if (index_of[g] >= 0)
                    reach[a * ne + (size_t)index_of[g]] = true;
                if (seen[g] != a + 1) {
                    seen[g] = a + 1;
                    stack[top++] = (size_t)g;
                }
            }
        }
    }
    free(index_of);
    free(seen);
    free(stack);
    return reach;
}

/* Decides, once, whether functions move and in which order. A function must come after
 * every other one it reaches and that does not reach it back (in a cycle neither can be
 * first; the module's order stays between them). */
static void inner_first_order(ir_rewriter *rw)
{
    rw->ordered = true;
    size_t ne = 0, *e = xmalloc((rw->nfns ? rw->nfns : 1) * sizeof *e);
    for (size_t k = 0; k < rw->nfns; k++)
        if (rw->fns[k].enzyme)
            e[ne++] = k;
    bool *reach = ne > 1 ? enzyme_reach(rw, e, ne) : NULL;
#define NEEDS(a, b) ((a) != (b) && reach[(a) * ne + (b)] && !reach[(b) * ne + (a)])
    bool change = false;
    for (size_t a = 0; a < ne && !change; a++)
        for (size_t b = a + 1; b < ne && !change; b++)
            change = NEEDS(a, b);
    if (change) {
        bool *done = xcalloc(ne, 1);
        rw->moved = arena_alloc(rw->c->arena, ne * sizeof *rw->moved);
        while (rw->nmoved < ne) {
            size_t pick = ne;
            for (size_t a = 0; a < ne && pick == ne; a++) {
                if (done[a])
                    continue;
                bool ready = true;
                for (size_t b = 0; b < ne && ready; b++)
                    ready = done[b] || !NEEDS(a, b);
                if (ready)
                    pick = a;
            }
            for (size_t a = 0; a < ne && pick == ne; a++)
                if (!done[a])
                    pick = a; /* unreachable: NEEDS is acyclic; kept for safety */
            done[pick] = true;
            rw->moved[rw->nmoved++] = e[pick];
            rw->fns[e[pick]].held = true;
        }
        free(done);
    }
#undef NEEDS
    free(reach);
    free(e);
}

static void rewrite_line(ir_rewriter *rw, const char *s, size_t n, tt_buf *out);

/* The rewrites that take a whole function at once, in this order. */
#define FN_PASSES (IR_RW_JOIN_LOOPS | IR_RW_LOOP_EXITS | IR_RW_PAIR_RETURNS | IR_RW_LOOP_STARTS)

/* The function held in rw->fn through each of them to `to`: each reads one buffer and
 * writes the other, the last appends to `to`. */
static void function_passes(ir_rewriter *rw, tt_buf *to)
{
    static const unsigned order[] = {IR_RW_JOIN_LOOPS, IR_RW_LOOP_EXITS, IR_RW_LOOP_STARTS,
                                     IR_RW_PAIR_RETURNS};
    unsigned left = rw->which & FN_PASSES;
    tt_buf *in = &rw->fn, *spare = &rw->fn2;
    for (size_t k = 0; k < sizeof order / sizeof *order; k++) {
        if (!(left & order[k]))
            continue;
        left &= ~order[k];
        tt_buf *o = left ? spare : to;
        if (left)
            spare->len = 0;
        if (order[k] == IR_RW_JOIN_LOOPS)
            ir_join_loops(in->data, in->len, o);
        else if (order[k] == IR_RW_LOOP_EXITS)
            rw->never_used |= ir_loop_exits(in->data, in->len, o) > 0;
        else if (order[k] == IR_RW_LOOP_STARTS)
            ir_loop_starts(in->data, in->len, o, &rw->pair_used);
        else
            ir_pair_returns(in->data, in->len, o, &rw->pair_used);
        if (left) {
            spare = in;
            in = o;
        }
    }
    rw->fn.len = rw->fn2.len = 0;
}

/* The bit of ir_pair_widths a define line of @__typetree_integer.iN sets (0: none). */
static unsigned pair_helper(const char *s, size_t n)
{
    static const char name[] = "@__typetree_integer.i";
    size_t at = rw_find(s, 0, n, name);
    if (at == n)
        return 0;
    unsigned w = (unsigned)strtoul(s + at + sizeof name - 1, NULL, 10);
    for (int k = 0; k < IR_PAIR_WIDTHS; k++)
        if (ir_pair_widths[k] == w)
            return 1u << k;
    return 0;
}

/* ---- dead_on_return ----
 * A define or declare line holding the attribute: in rw->dor without it; true when it was
 * one. */
static bool strip_dead_on_return(ir_rewriter *rw, const char *s, size_t n)
{
    static const char *const word[] = {"dead_on_return"};
    if (!(rw_starts(s, n, "define ") || rw_starts(s, n, "declare ")) ||
        rw_find(s, 0, n, " dead_on_return") == n)
        return false;
    rw_strip_attrs(s, n, word, 1, &rw->dor);
    return true;
}

static void rewrite_rest(ir_rewriter *rw, const char *s, size_t n, tt_buf *out);

void ir_rewrite_line(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    const tt_buf *b = (rw->which & IR_RW_STD_RULES) ? ir_std_rules_line(rw, s, n) : NULL;
    if (!b) {
        rewrite_rest(rw, s, n, out);
        return;
    }
    for (size_t i = 0; i < b->len;) {
        size_t len = rw_line_len(b->data, i, b->len);
        rewrite_rest(rw, b->data + i, len, out);
        i += len;
    }
}

/* ir_rewrite_line after the std rules. */
static void rewrite_rest(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    if (rw->which & IR_RW_STRONG_ZERO) {
        rw->sz_line.len = 0;
        if (ir_strong_zero(rw, s, n, &rw->sz_line)) {
            s = rw->sz_line.data;
            n = rw->sz_line.len;
        }
    }
    if (rw->which & IR_RW_RENAME_ENZYME_LOCALS) {
        rw->ren_line.len = 0;
        if (ir_rename_enzyme_locals(s, n, &rw->ren_line)) {
            s = rw->ren_line.data;
            n = rw->ren_line.len;
        }
    }
    if ((rw->which & IR_RW_STRIP_DEAD_ON_RETURN) && strip_dead_on_return(rw, s, n)) {
        s = rw->dor.data;
        n = rw->dor.len;
    }
    bool define = rw_starts(s, n, "define ");
    if (define)
        rw->fn_seen++;
    if ((rw->which & IR_RW_STRIP_CAPTURES) && ir_taped_captures(rw, s, n)) {
        s = rw->capt.data;
        n = rw->capt.len;
    }
    if (rw->which & IR_RW_INNER_FIRST) {
        if (!rw->ordered)
            inner_first_order(rw);
        if (define && rw->fn_seen <= rw->nfns && rw->fns[rw->fn_seen - 1].held)
            rw->holding = &rw->fns[rw->fn_seen - 1].text;
    }
    tt_buf *to = rw->holding ? rw->holding : out;
    bool end = rw_starts(s, n, "}");
    if (rw->which & FN_PASSES) {
        rw->in_fn |= define;
        rw->never_defined |= rw_starts(s, n, "@__typetree_never = ");
        if (define)
            rw->pair_defined |= pair_helper(s, n);
        if (rw->in_fn) {
            rewrite_line(rw, s, n, &rw->fn);
            if (end) {
                function_passes(rw, to);
                rw->in_fn = false;
            }
        } else {
            rewrite_line(rw, s, n, to);
        }
    } else {
        rewrite_line(rw, s, n, to);
    }
    if (rw->holding && end)
        rw->holding = NULL;
}

/* ---- quiet checks ----
 * A call of a precondition check: memory(inaccessiblemem: readwrite) after its arguments. */
static bool quiet_check(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    if (rw_find(s, 0, n, "precondition_check") == n || rw_find(s, 0, n, "call ") == n)
        return false;
    lex_tok t = lex_callee(s, n, false, NULL);
    if (t.kind != LEX_GLOBAL)
        return false; /* no call, or a call through a pointer */
    const char *path = demangle_rust_path(rw->c, lex_text(rw->c->arena, s, t));
    static const char tail[] = "::precondition_check";
    size_t m = path ? strlen(path) : 0, k = sizeof tail - 1;
    if (m < k || strcmp(path + m - k, tail) != 0)
        return false;
    size_t close = lex_skip_group(s, t.end, n);
    if (!close || rw_find(s, close, n, "memory(") < n)
        return false;
    buf_putn(out, s, close);
    buf_put(out, " memory(inaccessiblemem: readwrite)");
    buf_putn(out, s + close, n - close);
    return true;
}

static void rewrite_line(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    if ((rw->which & IR_RW_ENTRY_TREES) && ir_entry_trees(rw, s, n, out))
        return;
    if ((rw->which & IR_RW_COPY_SEGMENTS) && ir_copy_segments(rw, s, n, out))
        return;
    if ((rw->which & IR_RW_FLOAT_FROM_BITS) && ir_float_from_bits(rw, s, n, out))
        return;
    if ((rw->which & IR_RW_STRIP_MEMORY) && strip_memory(rw, s, n, out))
        return;
    if ((rw->which & IR_RW_QUIET_CHECKS) && quiet_check(rw, s, n, out))
        return;
    if ((rw->which & IR_RW_FLOAT_LOADS) && float_load(rw, s, n, out))
        return;
    if ((rw->which & IR_RW_RANGE_LOADS) && range_load(rw, s, n, out))
        return;
    if ((rw->which & IR_RW_POINTER_SELECTS) && pointer_select(rw, s, n, out))
        return;
    ir_shims_line(rw, s, n, out);
}

void ir_rewrite_finish(ir_rewriter *rw, tt_buf *out)
{
    if (rw->sr_holding) { /* a function the module leaves open goes out as it came */
        rw->sr_holding = false;
        for (size_t i = 0; i < rw->sr_fn.len;) {
            size_t len = rw_line_len(rw->sr_fn.data, i, rw->sr_fn.len);
            rewrite_rest(rw, rw->sr_fn.data + i, len, out);
            i += len;
        }
    }
    for (size_t k = 0; k < rw->nmoved; k++) {
        tt_buf *t = &rw->fns[rw->moved[k]].text;
        buf_put(out, "\n");
        buf_putn(out, t->data ? t->data : "", t->len);
    }
    bool never = rw->never_used && !rw->never_defined;
    tt_buf moves = rw->mm_defs; /* the typed memmove helpers, printed last */
    rw->mm_defs = (tt_buf){0};
    buf_putn(out, rw->entry_defs.data ? rw->entry_defs.data : "", rw->entry_defs.len);
    ir_rewriter_release(rw);
    ir_float_bits_helpers(rw, out);
    for (int k = 0; k < IR_PAIR_WIDTHS; k++)
        if ((rw->pair_used & ~rw->pair_defined) & (1u << k))
            buf_printf(out, "\n; rustc-typetree: an integer Enzyme takes for an Integer, "
                            "inactive (--pair-returns, --loop-starts)\n"
                            "define internal \"enzyme_type\"=\"{[-1]:Integer}\" i%u "
                            "@__typetree_integer.i%u(i%u %%v) \"enzyme_inactive\" "
                            "\"enzyme_ta_norecur\" {\n"
                            "  ret i%u %%v\n"
                            "}\n",
                       ir_pair_widths[k], ir_pair_widths[k], ir_pair_widths[k],
                       ir_pair_widths[k]);
    if (never)
        buf_put(out, "\n; rustc-typetree: the guards of loop exits Enzyme would not see "
                     "(--loop-exits)\n@__typetree_never = internal global i1 false\n");
    for (int k = 0; k < 7; k++)
        if (rw->fp_md[k])
            buf_printf(out, "!%lu = !{!\"%s\"}\n!%lu = !{!\"Unknown\", i32 -1, !%lu}\n",
                       rw->fp_md[k] - 1, fp_enzyme[k], rw->fp_md[k], rw->fp_md[k] - 1);
    buf_putn(out, rw->seg_md.data ? rw->seg_md.data : "", rw->seg_md.len);
    free(rw->seg_md.data);
    rw->seg_md = (tt_buf){0};
    ir_memmove_helpers(rw, &moves, out);
    ir_strong_zero_finish(rw, out);
    ir_std_rules_finish(rw, out);
}
