/* The checks of the mid rewrite that refuse a module rather than change it (typetree rewrite
 * --const-fn-pointers, --byte-moves, --pointer-float-returns; emit/rewrite/ir_rewrite.h says
 * when each refuses and why): what the listing pass notes for them, and ir_rewrite_check,
 * which reports every refusal with the function's name and Rust path. */
#include <stdlib.h>
#include <string.h>

#include "ir_rewriter.h"
#include "../../layout/xalloc.h"
#include "../body/ir_body.h"

/* ---- const fn pointers ----
 * Define and declare lines: whether the function's return type or parameter list names a
 * float type, a vector or ptr (quoted attribute values, such as a tree's "Float@double",
 * are strings to the lexer: not read). Lines calling @__enzyme_*: the global passed right
 * after each @enzyme_const, when the argument is a global (a pointer in a register cannot
 * be told here). */
static bool value_type_word(const char *s, lex_tok t)
{
    static const char *const words[] = {"float", "double", "half", "bfloat", "fp128",
                                        "x86_fp80", "ppc_fp128", "ptr"};
    if (t.kind == LEX_PUNCT && lex_is(s, t, '<'))
        return true; /* <N x T> */
    for (size_t k = 0; k < sizeof words / sizeof *words; k++)
        if (t.kind == LEX_WORD && lex_eq(s, t, words[k]))
            return true;
    return false;
}

void ir_const_fn_pointers_note(ir_rewriter *rw, const char *s, size_t n)
{
    bool def = rw_starts(s, n, "define "), decl = !def && rw_starts(s, n, "declare ");
    if (def || decl) {
        bool values = false;
        lex_tok t = lex_next(s, 0, n);
        for (; t.kind != LEX_END && t.kind != LEX_GLOBAL; t = lex_next(s, t.end, n))
            values |= value_type_word(s, t); /* the return type, among linkage words */
        if (t.kind != LEX_GLOBAL || t.open)
            return;
        struct sym *y = rw_sym_of(rw, s, t);
        lex_tok open = lex_next(s, t.end, n);
        size_t close = lex_is(s, open, '(') ? lex_skip_group(s, open.at, n) : 0;
        for (t = lex_next(s, open.end, n); close && t.kind != LEX_END && t.at < close;
             t = lex_next(s, t.end, n))
            values |= value_type_word(s, t);
        y->function = true;
        y->values = values;
        return;
    }
    if (rw_find(s, 0, n, "@__enzyme_") == n || rw_find(s, 0, n, "@enzyme_const") == n)
        return;
    for (lex_tok t = lex_next(s, 0, n); t.kind != LEX_END; t = lex_next(s, t.end, n)) {
        if (t.kind != LEX_GLOBAL || !lex_eq(s, t, "@enzyme_const"))
            continue;
        lex_tok c = lex_next(s, t.end, n);
        if (!lex_is(s, c, ','))
            continue;
        size_t end = lex_item_end(s, c.end, n, NULL);
        lex_tok g = lex_next(s, c.end, n);
        while (g.kind != LEX_END && g.at < end && g.kind != LEX_GLOBAL && g.kind != LEX_LOCAL)
            g = lex_next(s, g.end, n);
        if (g.kind != LEX_GLOBAL || g.open || g.at >= end)
            continue;
        if (rw->ncfps == rw->cap_cfps) {
            rw->cap_cfps = rw->cap_cfps ? 2 * rw->cap_cfps : 8;
            rw->cfps = xrealloc(rw->cfps, rw->cap_cfps * sizeof *rw->cfps);
        }
        rw->cfps[rw->ncfps++] = (struct const_fp){rw_sym_of(rw, s, g), rw_tok_text(rw, s, g), rw->lines};
    }
}

/* A legacy-mangled Rust name's path (_ZN5suite4main17h0123456789abcdefE ->
 * suite::main; the hash and escapes as written), for messages; "" for any other name. */
static const char *rust_path(tt_arena *a, const char *name)
{
    const char *p = name + (name[0] == '@');
    if (strncmp(p, "_ZN", 3) != 0)
        return "";
    tt_buf b = {0};
    for (p += 3; *p >= '0' && *p <= '9';) {
        char *end;
        unsigned long len = strtoul(p, &end, 10);
        if (strlen(end) < len)
            break;
        if (!(len == 17 && end[0] == 'h' && end[len] == 'E'))
            buf_printf(&b, "%s%.*s", b.len ? "::" : "", (int)len, end);
        p = end + len;
    }
    const char *out = arena_printf(a, " (%s)", b.data ? b.data : "");
    free(b.data);
    return b.len ? out : "";
}

static bool const_fn_pointers_check(ir_rewriter *rw)
{
    bool ok = true;
    for (size_t k = 0; k < rw->ncfps; k++) {
        const struct const_fp *p = &rw->cfps[k];
        if (!p->to->function || !p->to->values)
            continue;
        /* tools/rustc-typetree knows the refusal by "as enzyme_const" */
        diag_add(rw->c, TT_ERROR, loc_new(rw->c->arena, rw->file, "line %zu", p->line),
                 "%s%s is passed to Enzyme as enzyme_const, a function pointer whose "
                 "signature carries floats or pointers: Enzyme takes every call through a "
                 "constant function pointer for inactive, and the derivative through it "
                 "would be 0 (tests/enzyme-bugs/const-fnptr-inactive.ll); call the function "
                 "directly, or pass a closure or a generic F: Fn instead",
                 p->name, rust_path(rw->c->arena, p->name));
        ok = false;
    }
    return ok;
}

/* The functions reached from those handed to Enzyme (to its reverse mode alone when
 * reverse), in the order a depth-first walk meets them; *count of them. Heap array. */
static size_t *reached_from_enzyme(ir_rewriter *rw, bool reverse, size_t *count)
{
    size_t *stack = xmalloc((rw->nfns ? rw->nfns : 1) * sizeof *stack), top = 0;
    size_t *order = xmalloc((rw->nfns ? rw->nfns : 1) * sizeof *order), m = 0;
    bool *seen = xcalloc(rw->nfns ? rw->nfns : 1, 1);
    for (size_t k = 0; k < rw->nfns; k++) {
        struct sym *y = rw->fns[k].name ? map_get(rw->syms, rw->fns[k].name + 1) : NULL;
        if (y && y->handed && (!reverse || y->reverse) && !seen[k]) {
            seen[k] = true;
            stack[top++] = k;
        }
    }
    while (top) {
        size_t k = stack[--top];
        order[m++] = k;
        for (struct ref *r = rw->fns[k].refs; r; r = r->next)
            if (r->to->fn >= 0 && !seen[r->to->fn]) {
                seen[r->to->fn] = true;
                stack[top++] = (size_t)r->to->fn;
            }
    }
    free(stack);
    free(seen);
    *count = m;
    return order;
}

/* ---- enum moves ----
 * A body line with annotate's mark "typetree_disputed_move"="TYPE" (on a memmove's
 * destination): the function's first, and the type it names. */
#define ENUM_MOVE_MARK "\"" DISPUTED_MOVE_NAME "\"=\""

void ir_enum_moves_note(ir_rewriter *rw, const char *s, size_t n)
{
    if (!rw->in_body || !rw->nfns)
        return;
    struct fn_rec *f = &rw->fns[rw->nfns - 1];
    if (f->enum_move)
        return;
    size_t at = rw_find(s, 0, n, ENUM_MOVE_MARK);
    if (at == n)
        return;
    size_t from = at + strlen(ENUM_MOVE_MARK), to = from;
    while (to < n && s[to] != '"')
        to++;
    f->enum_move = rw->lines;
    f->enum_move_type = arena_strndup(rw->c->arena, s + from, to - from);
}

/* The refusals of functions reached from Enzyme: which check, from which mode, and what
 * the message says after the function's name. tools/rustc-typetree knows each refusal by
 * its message ("moves bytes one at a time", "returns a pointer and a float", "moves values
 * of"). */
static const struct {
    unsigned which;
    bool reverse; /* reached from Enzyme's reverse mode alone */
    const char *why;
} reached_refusals[] = {
    {IR_RW_BYTE_MOVES, false,
     "which Enzyme differentiates, moves bytes one at a time where they may hold a float (a "
     "run-time byte index, or four adjacent bytes); Enzyme moves no derivative with values "
     "narrower than 16 bits (tests/enzyme-bugs/float-as-bytes.ll)"},
    {IR_RW_ENUM_MOVES, false,
     "which Enzyme differentiates, moves values of %s by a memmove, an enum whose variants "
     "put a float and other data at one byte or a type that holds one (copy_within, rotate, "
     "Vec::insert or remove over them); Enzyme types such a move from its first bytes and "
     "moves no derivative with the payloads (tests/enzyme-bugs/enum-memmove.ll); copies of "
     "such values (to_vec, clone_from_slice, one value at a time) go variant by variant and "
     "are right"},
    {IR_RW_POINTER_FLOAT_RETURNS, true,
     "which Enzyme differentiates in reverse mode, returns a pointer and a float together (a "
     "pair such as (&T, f64) by value); Enzyme's reverse mode drops the float's derivative "
     "there (tests/enzyme-bugs/pointer-float-return.ll); return an index, or the float alone "
     "with the reference through a parameter, or mark the function #[inline(always)]"},
};

/* The module line function f's record holds for check `which` (0: nothing to refuse). */
static size_t refused_line(const struct fn_rec *f, unsigned which)
{
    return which == IR_RW_BYTE_MOVES ? f->byte_move
           : which == IR_RW_ENUM_MOVES ? f->enum_move
                                       : f->pf_return;
}

bool ir_rewrite_check(ir_rewriter *rw)
{
    bool ok = !(rw->which & IR_RW_CONST_FN_POINTERS) || const_fn_pointers_check(rw);
    if ((rw->which & IR_RW_STD_RULES) && !ir_std_rules_check(rw))
        return false;
    for (size_t r = 0; r < sizeof reached_refusals / sizeof *reached_refusals; r++) {
        if (!(rw->which & reached_refusals[r].which))
            continue;
        size_t m, *order = reached_from_enzyme(rw, reached_refusals[r].reverse, &m);
        for (size_t j = 0; j < m; j++) {
            struct fn_rec *f = &rw->fns[order[j]];
            size_t line = refused_line(f, reached_refusals[r].which);
            if (!line)
                continue;
            const char *why = reached_refusals[r].why;
            if (reached_refusals[r].which == IR_RW_ENUM_MOVES)
                why = arena_printf(rw->c->arena, why, f->enum_move_type);
            diag_add(rw->c, TT_ERROR, loc_new(rw->c->arena, rw->file, "line %zu", line),
                     "%s%s, %s", f->name, rust_path(rw->c->arena, f->name), why);
            ok = false;
        }
        free(order);
    }
    return ok;
}
