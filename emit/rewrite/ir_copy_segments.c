/* Segment lists for the copies LLVM's passes make (IR_RW_COPY_SEGMENTS; emit/rewrite/
 * ir_rewrite.h says why).
 *
 * annotate gives each copy rustc wrote that Enzyme cannot type from the trees its segment
 * list (`!enzyme_truetype`, emit/body/ir_body_segments.c): a copy longer than Enzyme's
 * offset limit, of bytes of more than one kind. LLVM's passes then make copies of their
 * own (memcpyopt forwards `b <- a; c <- b` to `c <- a`, SROA cuts a copy at the parts it
 * splits off), and those carry no list. So annotate also writes each typed place's bytes
 * where they survive the passes: `!typetree_segments` on an alloca, `"typetree_segments"`
 * on a pointer parameter (a run of the type from there on: a slice's elements), both
 * "SIZE;Kind:start Kind:start ..." with padding as Anything. Here, right before Enzyme, a
 * memcpy, memmove or memset of a constant length without a list whose operand is such a
 * place, or a constant `getelementptr i8` offset into one, gets the list of the bytes it
 * covers, when
 * - it is longer than the offset limit and its bytes are of more than one kind: Enzyme
 *   would give every byte past the limit the kind of the last segment before it and move
 *   no derivative for the floats there, silently (tests/enzyme-bugs/array-element-chain.ll;
 *   a loop `fl = evolve(fl)` over a 736-byte [Craft; 4], forwarded by memcpyopt); or
 * - its bytes are padding alone: Enzyme purges the source's Anything and, with an untyped
 *   destination (an alloca SROA made for the padding), stops on "Cannot deduce type of
 *   copy" (craft_by_value at -O0). Padding holds no derivative: Integer.
 * A list LLVM left on a copy it changed (dead-store elimination shortens a copy whose end a
 * later store overwrites, and keeps its metadata: Enzyme then copies shadow bytes past the
 * shortened copy's end, a heap overflow) is made again from the places, or, with no place,
 * cut at the copy's end; one the places say Enzyme does not need goes.
 * Operands whose places give different lists: nothing (the same bytes typed two ways).
 * The same places type the integer loads LLVM's passes left without a tree where the bytes
 * loaded are integers and padding (integer_load). The places also include the pointers
 * that walk them and those loaded from a parameter's pointer fields (ir_elem_ptrs.c; a
 * copy through one gets its list at any length, since Enzyme's trees do not reach it), and
 * integer moves of their bytes that mix a float with other data are split at the kinds
 * (ir_split_moves.c). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir_rewriter.h"
#include "../body/ir_body.h"

/* A place's bytes: its runs (as annotate wrote them), the offset into them, and whether
 * they repeat (a pointer parameter: a run of its pointee). */
struct base {
    const char *runs;
    uint64_t off;
    bool tiled;
    bool walked; /* an element pointer (ir_elem_ptrs.c): Enzyme's trees do not reach it */
};

/* Runs beyond which a list is not worth writing (a copy of thousands of elements). */
#define MAX_ENTRIES 4096

/* The number after "!" at s[i] as text ("12"), or NULL. */
static const char *md_number(ir_rewriter *rw, const char *s, size_t i, size_t n)
{
    size_t j = i;
    while (j < n && rw_is_digit(s[j]))
        j++;
    return j > i ? arena_strndup(rw->c->arena, s + i, j - i) : NULL;
}

#define MD_RUNS ", !" RUNS_NAME " !"
#define TRUETYPE ", !enzyme_truetype !"

void ir_copy_segments_note(ir_rewriter *rw, const char *s, size_t n)
{
    ir_split_moves_note(rw, s, n); /* first: it asks whether the function has places */
    ir_elem_ptrs_note(rw, s, n);
    size_t at = rw_find(s, 0, n, MD_RUNS);
    if (at < n) {
        const char *id = md_number(rw, s, at + strlen(MD_RUNS), n);
        if (id)
            map_put(rw->runs_md, id, (void *)"");
        return;
    }
    at = rw_find(s, 0, n, TRUETYPE);
    if (at < n) {
        const char *id = md_number(rw, s, at + strlen(TRUETYPE), n);
        if (id)
            map_put(rw->truetype_md, id, (void *)"");
        return;
    }
    /* `!N = !{!"RUNS"}` of a number an alloca referred to, `!N = !{...}` of a copy's list
     * (the nodes follow the bodies) */
    if (n < 2 || s[0] != '!' || !rw_is_digit(s[1]))
        return;
    const char *id = md_number(rw, s, 1, n);
    size_t open = rw_find(s, 0, n, " = !{");
    if (!id || open == n)
        return;
    if (map_get(rw->truetype_md, id)) {
        size_t close = rw_find(s, open, n, "}");
        if (close < n)
            map_put(rw->truetype_md, id, arena_strndup(rw->c->arena, s + open + 3, close + 1 - open - 3));
        return;
    }
    if (!map_get(rw->runs_md, id) || !rw_starts(s + open, n - open, " = !{!\""))
        return;
    open += 7;
    size_t close = rw_find(s, open, n, "\"");
    if (close < n)
        map_put(rw->runs_md, id, arena_strndup(rw->c->arena, s + open, close - open));
}

/* The define line's pointer parameters with runs: "%name" -> base (a run of its pointee). */
static void note_param(void *arg, const char *name, const char *runs)
{
    ir_rewriter *rw = arg;
    struct base *b = arena_alloc(rw->c->arena, sizeof *b);
    b->runs = runs;
    b->off = 0;
    b->tiled = true;
    map_put(rw->bases, name, b);
}

/* "%x = alloca ..., !typetree_segments !N" and "%y = getelementptr [inbounds] [nuw] i8, ptr
 * %x, i64 C" of a place: the bases they give (true when the line gave one). */
static bool note_place(ir_rewriter *rw, const char *s, size_t n)
{
    lex_cur c = lex_start(s, 0, n);
    lex_tok y;
    if (rw_assigns(&c, s, n, "alloca", &y)) {
        size_t at = rw_find(s, 0, n, MD_RUNS);
        const char *id = at < n ? md_number(rw, s, at + strlen(MD_RUNS), n) : NULL;
        const char *runs = id ? map_get(rw->runs_md, id) : NULL;
        if (!runs || !*runs)
            return false;
        struct base *b = arena_alloc(rw->c->arena, sizeof *b);
        b->runs = runs;
        b->off = 0;
        b->tiled = false;
        map_put(rw->bases, rw_tok_text(rw, s, y), b);
        return true;
    }
    c = lex_start(s, 0, n);
    if (!rw_assigns(&c, s, n, "getelementptr", &y))
        return false;
    rw_skip_flags(&c);
    if (!lex_take(&c, "i8") || !lex_take(&c, ",") || !lex_take(&c, "ptr") || c.t.kind != LEX_LOCAL)
        return false;
    const struct base *from = map_get(rw->bases, rw_tok_text(rw, s, c.t));
    lex_step(&c);
    if (!from || !lex_take(&c, ",") || !lex_take(&c, "i64") || c.t.kind != LEX_NUMBER ||
        s[c.t.at] == '-')
        return false;
    char *end;
    uint64_t k = strtoull(s + c.t.at, &end, 10);
    if (end != s + c.t.end)
        return false;
    lex_step(&c);
    if (!rw_at_tail(&c))
        return false;
    struct base *b = arena_alloc(rw->c->arena, sizeof *b);
    *b = *from;
    b->off += k;
    map_put(rw->bases, rw_tok_text(rw, s, y), b);
    return true;
}

/* The bases line s[0, n) gives: a place above, else an element pointer the listing pass
 * found (ir_elem_ptrs.c; an alloca's bounds stay those of the place when the pointer is
 * a constant offset into it). */
static void note_value(ir_rewriter *rw, const char *s, size_t n)
{
    if (note_place(rw, s, n) || !rw->ep_fn || !rw_starts(s, n, "  %"))
        return;
    lex_tok t = lex_next(s, 0, n);
    uint64_t off;
    const char *name = t.kind == LEX_LOCAL ? rw_tok_text(rw, s, t) : NULL;
    const char *runs = name ? ir_elem_ptr(rw, name, &off) : NULL;
    if (!runs)
        return;
    struct base *b = arena_alloc(rw->c->arena, sizeof *b);
    b->runs = runs;
    b->off = off;
    b->tiled = true;
    b->walked = true;
    map_put(rw->bases, name, b);
}

/* Whether kind text a[0, la) is Integer or Pointer, one segment kind to Enzyme (it merges
 * them). */
static bool data_kind(const char *a, size_t la)
{
    return la == 7 && (memcmp(a, "Integer", 7) == 0 || memcmp(a, "Pointer", 7) == 0);
}

static bool same_kind(const char *a, size_t la, const char *b, size_t lb)
{
    bool ia = data_kind(a, la), ib = data_kind(b, lb);
    return ia || ib ? ia && ib : la == lb && memcmp(a, b, la) == 0;
}

/* What a base says of a copy of len bytes from it. */
enum { LIST_UNKNOWN, LIST_NONE, LIST_NEEDED };

/* The segment list of bytes [0, len) of base p: LIST_NEEDED with *node "!{...}" when the
 * copy needs one (see the file's comment), LIST_NONE when Enzyme types it right from the
 * trees, LIST_UNKNOWN when the runs do not cover it or would be too many. */
static int list_of(ir_rewriter *rw, const struct base *p, uint64_t len, const char **node)
{
    struct rw_runs rr;
    if (!rw_parse_runs(p->runs, &rr) ||
        (!p->tiled && (p->off > rr.size || len > rr.size - p->off)))
        return LIST_UNKNOWN;
    uint64_t size = rr.size;
    size_t nr = rr.n;
    const char *const *kind = rr.kind;
    const size_t *klen = rr.klen;
    const uint64_t *start = rr.start;
    tt_buf list = {0};
    size_t entries = 0, cur = SIZE_MAX; /* the run whose kind the last entry has */
    size_t steps = 0;
    for (uint64_t at = p->off, stop = p->off + len; at < stop; steps++) {
        if (entries > MAX_ENTRIES || steps > 64 * MAX_ENTRIES) {
            free(list.data);
            return LIST_UNKNOWN;
        }
        uint64_t in = p->tiled ? at % size : at, tile = at - in;
        size_t k = rw_run_at(&rr, in);
        uint64_t next = tile + (k + 1 < nr ? start[k + 1] : size);
        bool pad = rw_run_is(&rr, k, "Anything");
        if (!pad && (cur == SIZE_MAX || !same_kind(kind[cur], klen[cur], kind[k], klen[k]))) {
            /* the first segment starts at 0, whatever padding comes before it */
            buf_printf(&list, "%s!\"%.*s\", i64 %llu", entries ? ", " : "", (int)klen[k], kind[k],
                       (unsigned long long)(entries ? at - p->off : 0));
            entries++;
            cur = k;
        }
        at = next;
    }
    /* Not a copy that begins past the bytes Enzyme knows of the place, though Enzyme stops
     * on it ("Cannot deduce type of memset": SROA's memset of the last row of `u`, at byte
     * 528 of gauss_jordan6's 592-byte `Lu`): with its list that program's gradient is
     * wrong, silently, at -O0 and -O2, as it was when the whole module's limit was raised
     * (docs/enzyme-benchmark.md: Enzyme's bugs around memory attributes). */
    int st = LIST_NEEDED;
    if (!entries)
        *node = "!{!\"Integer\", i64 0}"; /* padding alone */
    else if (entries > 1 && (len > (uint64_t)rw->max_offset || p->walked))
        *node = arena_printf(rw->c->arena, "!{%s}", list.data);
    else
        st = LIST_NONE;
    free(list.data);
    return st;
}

/* List node ("!{...}") cut to the segments that start before len; NULL when none is cut. */
static const char *cut_list(ir_rewriter *rw, const char *node, uint64_t len)
{
    tt_buf out = {0};
    bool cut = false;
    buf_put(&out, "!{");
    for (const char *q = strstr(node, "!\""); q; q = strstr(q, "!\"")) {
        const char *e = strstr(q, ", i64 ");
        if (!e)
            break;
        char *end;
        uint64_t at = strtoull(e + 6, &end, 10);
        if (at >= len) {
            cut = true;
            break;
        }
        buf_printf(&out, "%s%.*s", out.len > 2 ? ", " : "", (int)(end - q), q);
        q = end;
    }
    buf_put(&out, "}");
    const char *r = cut && out.len > 3 ? arena_strdup(rw->c->arena, out.data) : NULL;
    free(out.data);
    return r;
}

/* The base an operand s[a, e) ("ptr <attrs> %x") names, or NULL. */
static const struct base *operand_base(ir_rewriter *rw, const char *s, size_t a, size_t e)
{
    lex_tok last = {LEX_END, 0, 0, false};
    for (lex_tok t = lex_next(s, a, e); t.kind != LEX_END; t = lex_next(s, t.end, e))
        last = t;
    return last.kind == LEX_LOCAL ? map_get(rw->bases, rw_tok_text(rw, s, last)) : NULL;
}

/* The number of the node a copy's list is written in, giving the node one when new. */
static unsigned long node_id(ir_rewriter *rw, const char *node)
{
    unsigned long *id = map_get(rw->seg_nodes, node);
    if (!id) {
        id = arena_alloc(rw->c->arena, sizeof *id);
        *id = ++rw->max_md;
        map_put(rw->seg_nodes, node, id);
        buf_printf(&rw->seg_md, "!%lu = %s\n", *id, node);
    }
    return *id;
}

/* A call of llvm.memcpy/memmove/memset of a constant length: to out with the list it needs
 * (true), when that is not the one it has. */
static bool copy_line(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    size_t at = rw_find(s, 0, n, "call void @llvm.mem");
    if (at == n)
        return false;
    at += strlen("call void @llvm.mem");
    bool set = rw_starts(s + at, n - at, "set.");
    if (!set && !rw_starts(s + at, n - at, "cpy.") && !rw_starts(s + at, n - at, "move."))
        return false;
    size_t open = rw_find(s, at, n, "(");
    size_t close = open < n ? lex_skip_group(s, open, n) : 0;
    if (!close)
        return false;
    /* the arguments: dst, src (memset: the byte), the length, volatile; arg[k + 1] - 1 is
     * where argument k ends */
    size_t arg[4], k = 0, i = open + 1;
    for (; k < 4 && i < close; k++) {
        arg[k] = i;
        bool grp;
        i = lex_item_end(s, i, close - 1, &grp) + 1;
        if (grp)
            return false;
    }
    if (k < 4 || i != close)
        return false;
    /* the length: "i64 L" */
    lex_cur c = lex_start(s, arg[2], arg[3] - 1);
    if (!(lex_take(&c, "i64") || lex_take(&c, "i32")) || c.t.kind != LEX_NUMBER)
        return false;
    char *end;
    uint64_t len = strtoull(s + c.t.at, &end, 10);
    if (end != s + c.t.end || !len)
        return false;
    /* the list it has: `, !enzyme_truetype !N` at [has, has_end) */
    size_t has = rw_find(s, close, n, TRUETYPE);
    size_t has_end = has;
    const char *had = NULL;
    if (has < n) {
        has_end = has + strlen(TRUETYPE);
        while (has_end < n && rw_is_digit(s[has_end]))
            has_end++;
        had = map_get(rw->truetype_md,
                      arena_strndup(rw->c->arena, s + has + strlen(TRUETYPE),
                                    has_end - has - strlen(TRUETYPE)));
    }
    /* the list the places give; every operand with a place must agree */
    const char *node = NULL;
    int st = LIST_UNKNOWN;
    bool any = false;
    for (size_t op = 0; op < (set ? 1u : 2u); op++) {
        const struct base *b = operand_base(rw, s, arg[op], arg[op + 1] - 1);
        if (!b)
            continue;
        const char *l = NULL;
        int sl = list_of(rw, b, len, &l);
        if (any && (sl != st || (l && strcmp(l, node) != 0)))
            return false; /* the same bytes typed two ways: nothing */
        any = true;
        st = sl;
        node = l;
    }
    if (!any && had)
        node = cut_list(rw, had, len); /* LLVM shortened a copy annotate gave its list */
    else if (st == LIST_UNKNOWN || (st == LIST_NEEDED && had && strcmp(had, node) == 0))
        return false;
    if (!node && (st != LIST_NONE || has == n))
        return false;
    size_t e = rw_text_end(s, n);
    if (has < n) { /* the list it had goes (LIST_NONE) or is replaced */
        buf_putn(out, s, has);
        buf_putn(out, s + has_end, e - has_end);
    } else {
        buf_putn(out, s, e);
    }
    if (node)
        buf_printf(out, TRUETYPE "%lu", node_id(rw, node));
    buf_putn(out, s + e, n - e);
    return true;
}

/* "%x = load iN, ptr %p, ..." without a tree, %p a place or a constant offset into one
 * whose N/8 bytes there are integers and padding (at least one integer): to out with
 * {[-1]:Integer}. LLVM's passes drop annotate's metadata from the loads they remake (the
 * typed loads annotate made of a small copy of a struct's two bools and its padding), and
 * an untyped integer load that is combined with other integers (`or disjoint` of masked
 * bytes) stops Enzyme: "cannot handle unknown binary operator" (stress generic_tower -O2). */
static bool integer_load(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    size_t i = rw_loaded_type(s, n);
    if (i + 1 >= n || s[i] != 'i' || !rw_is_digit(s[i + 1]) ||
        rw_find(s, i, n, "!enzyme_type") < n)
        return false;
    char *end;
    unsigned long bits = strtoul(s + i + 1, &end, 10);
    if (bits % 8 || !bits || bits > 64 || *end != ',')
        return false;
    lex_cur c = lex_start(s, (size_t)(end - s) + 1, n);
    if (!lex_take(&c, "ptr") || c.t.kind != LEX_LOCAL)
        return false;
    const struct base *b = map_get(rw->bases, rw_tok_text(rw, s, c.t));
    struct rw_runs rr;
    if (!b || !rw_parse_runs(b->runs, &rr))
        return false;
    uint64_t len = bits / 8;
    if (!b->tiled && (b->off > rr.size || len > rr.size - b->off))
        return false;
    bool integer = false;
    for (uint64_t at = b->off; at < b->off + len; at++) {
        size_t k = rw_run_at(&rr, b->tiled ? at % rr.size : at);
        if (rw_run_is(&rr, k, "Integer"))
            integer = true;
        else if (!rw_run_is(&rr, k, "Anything"))
            return false;
    }
    if (!integer)
        return false;
    rw_add_load_tree(rw, RW_INTEGER_MD, s, n, out);
    return true;
}

/* The runs a pointer %name points into, for ir_split_moves.c. */
static const char *base_runs(ir_rewriter *rw, const char *name, uint64_t *off, bool *tiled)
{
    const struct base *b = map_get(rw->bases, name);
    if (!b)
        return NULL;
    *off = b->off;
    *tiled = b->tiled;
    return b->runs;
}

bool ir_copy_segments(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    if (rw_starts(s, n, "define ")) {
        rw->bases = map_new(rw->c->arena);
        rw_param_runs(rw, s, n, note_param, rw);
        ir_elem_ptrs_function(rw);
        ir_split_moves_function(rw);
        return false;
    }
    if (!rw->bases || !rw_starts(s, n, "  "))
        return false;
    if (rw_find(s, 0, n, "@llvm.mem") < n)
        return copy_line(rw, s, n, out);
    if (ir_split_moves(rw, s, n, base_runs, out) || integer_load(rw, s, n, out))
        return true;
    note_value(rw, s, n);
    return false;
}
