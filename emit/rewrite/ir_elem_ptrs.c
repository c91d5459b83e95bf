/* Element pointers: the pointers a function walks a parameter's run with (IR_RW_COPY_SEGMENTS;
 * emit/rewrite/ir_copy_segments.c uses them as it uses the parameter).
 *
 * annotate writes `"typetree_segments"="SIZE;Kind:start ..."` on a pointer parameter whose
 * pointee's bytes are of more than one kind: the parameter points at a run of that pointee
 * (a slice's elements). Code walks the run with pointers of its own. std's slice iterators
 * are a phi of the parameter and of that phi plus the element's size (`%p = phi ptr [ %xs,
 * %start ], [ %next, %body ]`, `%next = getelementptr inbounds i8, ptr %p, i64 80`); sorts
 * step by `getelementptr %T, ptr %p, i64 %i`; loop strength reduction makes `getelementptr
 * i8, ptr %xs, i64 %lsr.iv` with `%lsr.iv` a multiple of the size. Enzyme types a phi from
 * what its incoming values share, and a pointer past the first element shares nothing
 * Enzyme knows: an integer loaded through such a pointer has no type, and an
 * overflow-checked `age += 1` on it stops Enzyme ("cannot handle (augmented) unknown
 * intrinsic" sadd.with.overflow: stress nbody_vec at -O0).
 *
 * The same holds of an alloca annotate wrote the bytes of (`!typetree_segments`): std's
 * sorts keep their scratch of `MaybeUninit<T>` in one, and walk it as they walk the slice.
 * Its bytes are a run of their shortest period (an array's element; a struct: itself).
 *
 * So the listing pass notes, per function, the values below; the rewrite pass works out at
 * the function's define line (the allocas' runs are metadata at the module's end) which
 * pointers point at one byte of an element of such a run on every path, and which byte
 * (offsets modulo the element's size): the parameter or alloca itself (byte 0); a getelementptr of one by a constant (i8, or a
 * type whose size is known: the module's named types), or by an index whose every value is
 * a multiple of the element's size; a phi or a select of such pointers at the same byte.
 * An index's divisors come from the same work: constants, add/sub/or disjoint (the gcd),
 * mul and shl by a constant, integer phis (the gcd). Values are worked out optimistically
 * over loops (a phi not yet known takes the others' value; pointers at two different bytes,
 * or any other incoming value, and it is none), which finds a loop's walk and nothing that
 * does not hold on every path. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir_rewriter.h"
#include "../body/ir_body.h"
#include "../body/ir_types.h"

#define ATTR_RUNS "\"" RUNS_NAME "\"=\""

/* Each parameter on define line s[0, n) with the string attribute whose `"NAME"="` is
 * prefix: fn(arg, "%name", value). */
static void param_attrs(ir_rewriter *rw, const char *s, size_t n, const char *prefix,
                        void (*fn)(void *arg, const char *name, const char *value), void *arg)
{
    for (size_t at = rw_find(s, 0, n, prefix); at < n; at = rw_find(s, at, n, prefix)) {
        size_t v = at + strlen(prefix), e = rw_find(s, v, n, "\"");
        if (e == n)
            return;
        /* the parameter's name: the first local after the value, before ',' or ')'
         * (LLVM prints string attributes last, right before the name) */
        lex_tok t = lex_next(s, e + 1, n);
        while (t.kind != LEX_END && t.kind != LEX_LOCAL && !lex_is(s, t, ',') && !lex_is(s, t, ')'))
            t = lex_next(s, t.end, n);
        at = t.kind == LEX_END ? n : t.end;
        if (t.kind == LEX_LOCAL)
            fn(arg, rw_tok_text(rw, s, t), arena_strndup(rw->c->arena, s + v, e - v));
    }
}

void rw_param_runs(ir_rewriter *rw, const char *s, size_t n,
                   void (*fn)(void *arg, const char *name, const char *runs), void *arg)
{
    param_attrs(rw, s, n, ATTR_RUNS, fn, arg);
}

#define ATTR_FIELDS "\"" FIELDS_NAME "\"=\""

static void put_fields(void *arg, const char *name, const char *fields)
{
    map_put(arg, name, (void *)fields);
}

/* The runs of the pointer at byte off of fields text "OFF=RUNS|...", NULL when none. */
static const char *field_at(ir_rewriter *rw, const char *fields, uint64_t off)
{
    for (const char *q = fields; q && *q;) {
        char *end;
        uint64_t o = strtoull(q, &end, 10);
        const char *bar = strchr(q, '|');
        if (*end != '=')
            return NULL;
        if (o == off) {
            size_t len = bar ? (size_t)(bar - end - 1) : strlen(end + 1);
            return arena_strndup(rw->c->arena, end + 1, len);
        }
        q = bar ? bar + 1 : NULL;
    }
    return NULL;
}

/* An operand: a local's name, or a constant. */
typedef struct {
    const char *name;
    int64_t c;
} operand;

enum { EP_GEP, EP_PTRS, EP_ADD, EP_MUL, EP_INTS };
enum { ST_TOP, ST_SOME, ST_NONE };

struct ep_note {
    const char *name;
    int kind;
    /* EP_GEP: a + k + idx * scale (idx.name NULL: no variable index); EP_MUL: a * k;
     * EP_ADD: a + b; EP_PTRS, EP_INTS: a phi's or a select's values */
    operand a, b, idx;
    int64_t k, scale;
    const char *ty; /* EP_GEP: the LLVM named type it indexes (NULL: another type) */
    operand *in;
    size_t nin;
    int state;
    const char *runs; /* pointers: the run, and the byte of its element */
    uint64_t off;
    uint64_t div; /* integers: a divisor of every value (0: the value is 0) */
};

/* A place a function's pointers start from: a parameter's runs, or an alloca's runs node. */
struct ep_root {
    const char *runs; /* one element's runs (an alloca's: worked out when resolved) */
    const char *md;   /* an alloca's node number */
    bool loaded;      /* loaded from a parameter's field: found as a pointer too */
};

/* A listed function's notes: its places, its values (name -> 1 + index into notes). */
struct ep_func {
    tt_map *roots, *names, *fields; /* fields: parameters' "typetree_fields" */
    struct ep_note *notes;
    size_t n, cap;
    bool any; /* a place */
};

/* Where a found pointer points. */
struct elem_found {
    const char *runs;
    uint64_t off;
};

static struct ep_note *new_note(ir_rewriter *rw, const char *name, int kind)
{
    struct ep_func *f = rw->ep_cur;
    if (f->n == f->cap) {
        size_t cap = f->cap ? 2 * f->cap : 16;
        struct ep_note *v = arena_alloc(rw->c->arena, cap * sizeof *v);
        if (f->n)
            memcpy(v, f->notes, f->n * sizeof *v);
        f->notes = v;
        f->cap = cap;
    }
    struct ep_note *p = &f->notes[f->n++];
    *p = (struct ep_note){.name = name, .kind = kind};
    map_put(f->names, name, (void *)(uintptr_t)f->n);
    return p;
}

static const struct ep_note *note_of(const struct ep_func *f, const char *name)
{
    uintptr_t i = name ? (uintptr_t)map_get(f->names, name) : 0;
    return i ? &f->notes[i - 1] : NULL;
}

static uint64_t run_size(const char *runs)
{
    return strtoull(runs, NULL, 10);
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* An integer operand's divisor: ST_SOME with *div (1 for a value nothing is known of), or
 * ST_TOP (not worked out yet). */
static int div_of(const struct ep_func *rw, operand o, uint64_t *div)
{
    if (!o.name) {
        *div = o.c < 0 ? (uint64_t)0 - (uint64_t)o.c : (uint64_t)o.c;
        return ST_SOME;
    }
    const struct ep_note *p = note_of(rw, o.name);
    *div = p && p->kind >= EP_ADD && p->state == ST_SOME ? p->div : 1;
    return p && p->kind >= EP_ADD && p->state == ST_TOP ? ST_TOP : ST_SOME;
}

/* A pointer operand's place: ST_SOME with *runs and *off, ST_TOP, or ST_NONE. */
static int place_of(const struct ep_func *rw, operand o, const char **runs, uint64_t *off)
{
    if (!o.name)
        return ST_NONE;
    const struct ep_root *root = map_get(rw->roots, o.name);
    if (root) {
        *runs = root->runs;
        *off = 0;
        return root->runs ? ST_SOME : ST_NONE;
    }
    const struct ep_note *p = note_of(rw, o.name);
    if (!p || p->kind > EP_PTRS)
        return ST_NONE;
    *runs = p->runs;
    *off = p->off;
    return p->state;
}

/* The byte off + delta of an element of size, delta signed. */
static uint64_t shift(uint64_t off, int64_t delta, uint64_t size)
{
    uint64_t d = delta < 0 ? (uint64_t)0 - (uint64_t)delta : (uint64_t)delta;
    d %= size;
    return delta < 0 ? (off + size - d) % size : (off + d) % size;
}

/* One note's value from its operands' (state, and runs/off or div). */
static int eval(const struct ep_func *rw, const tt_map *types, const struct ep_note *p,
                const char **runs, uint64_t *off, uint64_t *div)
{
    uint64_t da, db;
    int sa, sb;
    switch (p->kind) {
    case EP_GEP: {
        int st = place_of(rw, p->a, runs, off);
        if (st == ST_NONE && p->ty) {
            /* from no place, but over a named type annotate saw index runs of one type */
            *runs = map_get(types, p->ty);
            *off = 0;
            st = *runs && run_size(*runs) == (uint64_t)p->scale ? ST_SOME : ST_NONE;
        }
        if (st != ST_SOME)
            return st;
        uint64_t size = run_size(*runs);
        if (!size)
            return ST_NONE;
        if (p->idx.name) {
            if (div_of(rw, p->idx, &da) == ST_TOP)
                return ST_TOP;
            /* every index times the scale is a whole number of elements */
            uint64_t step = da * (uint64_t)p->scale;
            if (p->scale <= 0 || (da && step / da != (uint64_t)p->scale) || step % size)
                return ST_NONE;
        }
        *off = shift(*off, p->k, size);
        return ST_SOME;
    }
    case EP_PTRS: {
        int st = ST_TOP;
        for (size_t k = 0; k < p->nin; k++) {
            const char *r;
            uint64_t o;
            int sk = place_of(rw, p->in[k], &r, &o);
            if (sk == ST_TOP)
                continue;
            if (sk == ST_NONE || (st == ST_SOME && (strcmp(r, *runs) != 0 || o != *off)))
                return ST_NONE;
            st = ST_SOME;
            *runs = r;
            *off = o;
        }
        return st;
    }
    case EP_ADD:
        sa = div_of(rw, p->a, &da);
        sb = div_of(rw, p->b, &db);
        if (sa == ST_TOP || sb == ST_TOP)
            return ST_TOP;
        *div = gcd(da, db);
        return ST_SOME;
    case EP_MUL:
        sa = div_of(rw, p->a, &da);
        if (sa != ST_SOME)
            return sa;
        if (da && p->k && (da * (uint64_t)p->k) / da != (uint64_t)p->k)
            return ST_NONE; /* overflows: say nothing */
        *div = da * (uint64_t)p->k;
        return ST_SOME;
    default: { /* EP_INTS */
        int st = ST_TOP;
        for (size_t k = 0; k < p->nin; k++) {
            if (div_of(rw, p->in[k], &da) == ST_TOP)
                continue;
            *div = st == ST_SOME ? gcd(*div, da) : da;
            st = ST_SOME;
        }
        return st;
    }
    }
}

/* Bytes past which an alloca's runs are not searched for a period. */
#define MAX_PERIOD_BYTES (1u << 16)

/* One element's runs of an alloca's runs "SIZE;Kind:start ...": those of its shortest
 * period (the whole when it has none), or NULL when malformed or too long. */
static const char *period_runs(ir_rewriter *rw, const char *runs)
{
    char *end;
    uint64_t size = strtoull(runs, &end, 10);
    if (!size || size > MAX_PERIOD_BYTES || *end != ';')
        return NULL;
    /* each byte's run: the index of its kind text among the runs' */
    uint16_t *kind = calloc(size, sizeof *kind);
    const char **names = calloc(size, sizeof *names);
    size_t *lens = calloc(size, sizeof *lens);
    if (!kind || !names || !lens)
        abort();
    size_t nk = 0;
    bool ok = true;
    uint64_t prev = 0;
    for (const char *q = end + 1; *q && ok;) {
        const char *colon = strchr(q, ':');
        uint64_t start = colon ? strtoull(colon + 1, &end, 10) : size;
        if (!colon || start >= size || (nk && start <= prev) || (!nk && start) || nk >= size) {
            ok = false;
            break;
        }
        names[nk] = q;
        lens[nk] = (size_t)(colon - q);
        for (uint64_t i = start; i < size; i++)
            kind[i] = (uint16_t)(nk < UINT16_MAX ? nk : UINT16_MAX);
        prev = start;
        nk++;
        q = *end == ' ' ? end + 1 : end;
    }
    const char *out = NULL;
    if (ok && nk) {
        /* kinds compared by their text: the same kind in two runs is one */
        uint64_t period = size;
        for (uint64_t p = 1; p < size; p++) {
            if (size % p)
                continue;
            bool same = true;
            for (uint64_t i = 0; i + p < size && same; i++) {
                size_t x = kind[i], y = kind[i + p];
                same = lens[x] == lens[y] && memcmp(names[x], names[y], lens[x]) == 0;
            }
            if (same) {
                period = p;
                break;
            }
        }
        tt_buf b = {0};
        buf_printf(&b, "%llu;", (unsigned long long)period);
        for (uint64_t i = 0; i < period; i++)
            if (!i || kind[i] != kind[i - 1])
                buf_printf(&b, "%s%.*s:%llu", i ? " " : "", (int)lens[kind[i]], names[kind[i]],
                           (unsigned long long)i);
        out = arena_strndup(rw->c->arena, b.data, b.len);
        free(b.data);
    }
    free(kind);
    free(names);
    free(lens);
    return out;
}

static void find_alloca_runs(void *arg, const char *name, void *value)
{
    ir_rewriter *rw = arg;
    struct ep_root *r = value;
    (void)name;
    if (r->md) {
        const char *runs = map_get(rw->runs_md, r->md);
        r->runs = runs && *runs ? period_runs(rw, runs) : NULL;
        r->md = NULL;
    }
}

/* The pointers found so far ("%p" -> struct elem_found; NULL: none yet). */
struct founds {
    ir_rewriter *rw;
    tt_map *found;
};

static void put_found(struct founds *fs, const char *name, const char *runs, uint64_t off)
{
    struct elem_found *e = arena_alloc(fs->rw->c->arena, sizeof *e);
    e->runs = runs;
    e->off = off;
    if (!fs->found)
        fs->found = map_new(fs->rw->c->arena);
    map_put(fs->found, name, e);
}

static void add_loaded(void *arg, const char *name, void *value)
{
    const struct ep_root *r = value;
    if (r->loaded && r->runs)
        put_found(arg, name, r->runs, 0);
}

static void add_typed_base(void *arg, const char *name, void *value)
{
    const char *runs = value;
    if (*runs) /* "": two types over one base */
        put_found(arg, name, runs, 0);
}

/* Function f's notes worked out to a fixed point: the pointers found, "%p" -> struct
 * elem_found (NULL: none). */
static tt_map *resolve(ir_rewriter *rw, struct ep_func *f)
{
    map_each(f->roots, find_alloca_runs, rw);
    /* each note's value only goes down (TOP, then a value, then NONE; a divisor only to a
     * divisor of it), so this ends; the bound is a guard */
    bool changed = true;
    for (size_t round = 0; changed && round < 64; round++) {
        changed = false;
        for (size_t i = 0; i < f->n; i++) {
            struct ep_note *p = &f->notes[i];
            if (p->state == ST_NONE)
                continue;
            const char *runs = NULL;
            uint64_t off = 0, div = 0;
            int st = eval(f, rw->elem_types, p, &runs, &off, &div);
            if (st == ST_TOP)
                continue;
            if (st == ST_SOME && p->state == ST_SOME) {
                if (p->kind <= EP_PTRS) {
                    if (strcmp(runs, p->runs) == 0 && off == p->off)
                        continue;
                    st = ST_NONE;
                } else {
                    div = gcd(p->div, div);
                    if (div == p->div)
                        continue;
                }
            }
            p->state = st;
            p->runs = runs;
            p->off = off;
            p->div = div;
            changed = true;
        }
    }
    if (changed)
        return NULL; /* no fixed point within the bound: nothing found */
    struct founds fs = {rw, NULL};
    map_each(f->roots, add_loaded, &fs);
    for (size_t i = 0; i < f->n; i++) {
        const struct ep_note *p = &f->notes[i];
        if (p->kind <= EP_PTRS && p->state == ST_SOME)
            put_found(&fs, p->name, p->runs, p->off);
    }
    /* The base of `getelementptr %T, ptr %b, ...` over a named type annotate saw index runs
     * of points at byte 0 of a T too (rustc writes `b.add(i)` of a `*const T` so), when
     * nothing else says where %b points (a pointer loaded from a local Vec, a call's
     * result): rotate's `ptr::copy_nonoverlapping(x, buf, 1)` of the first element takes
     * its list from it (random_cases.py seed 10 case 6). Two such types over one base:
     * nothing. */
    tt_map *typed = NULL;
    for (size_t i = 0; i < f->n; i++) {
        const struct ep_note *p = &f->notes[i];
        const char *runs =
            p->kind == EP_GEP && p->ty && p->a.name ? map_get(rw->elem_types, p->ty) : NULL;
        if (!runs || run_size(runs) != (uint64_t)p->scale || note_of(f, p->a.name) ||
            map_get(f->roots, p->a.name) || (fs.found && map_get(fs.found, p->a.name)))
            continue;
        if (!typed)
            typed = map_new(rw->c->arena);
        const char *had = map_get(typed, p->a.name);
        map_put(typed, p->a.name, (void *)(had && strcmp(had, runs) != 0 ? "" : runs));
    }
    if (typed)
        map_each(typed, add_typed_base, &fs);
    return fs.found;
}

static void add_root(void *arg, const char *name, const char *runs)
{
    ir_rewriter *rw = arg;
    if (run_size(runs)) {
        struct ep_root *r = arena_alloc(rw->c->arena, sizeof *r);
        r->runs = runs;
        r->md = NULL;
        map_put(rw->ep_cur->roots, name, r);
        rw->ep_cur->any = true;
    }
}

/* An operand token: a local, or an integer constant; false for anything else. */
static bool take_operand(ir_rewriter *rw, const char *s, lex_cur *c, operand *o)
{
    if (c->t.kind == LEX_LOCAL && !c->t.open) {
        *o = (operand){rw_tok_text(rw, s, c->t), 0};
        lex_step(c);
        return true;
    }
    if (c->t.kind == LEX_NUMBER) {
        char *end;
        long long v = strtoll(s + c->t.at, &end, 10);
        if (end != s + c->t.end)
            return false;
        *o = (operand){NULL, v};
        lex_step(c);
        return true;
    }
    return false;
}

/* "[ V, %bb ], [ V, %bb ] ..." of a phi: its values to p (a value that is no operand: the
 * note says nothing). */
static void take_incoming(ir_rewriter *rw, const char *s, size_t n, lex_cur *c, struct ep_note *p)
{
    size_t cap = 0;
    while (lex_take(c, "[")) {
        if (p->nin == cap) {
            cap = cap ? 2 * cap : 4;
            operand *v = arena_alloc(rw->c->arena, cap * sizeof *v);
            if (p->nin)
                memcpy(v, p->in, p->nin * sizeof *v);
            p->in = v;
        }
        if (!take_operand(rw, s, c, &p->in[p->nin++]) || !lex_take(c, ",")) {
            p->state = ST_NONE;
            return;
        }
        lex_step(c); /* the block */
        if (!lex_take(c, "]") || !lex_take(c, ","))
            break;
    }
    (void)n;
    if (!p->nin)
        p->state = ST_NONE;
}

/* "%y = OP ..." of the function being listed: its note, when it is one of the forms above. */
static void note_line(ir_rewriter *rw, const char *s, size_t n)
{
    lex_cur c = lex_start(s, 0, n);
    if (c.t.kind != LEX_LOCAL)
        return;
    lex_tok y = c.t;
    lex_step(&c);
    if (!lex_take(&c, "="))
        return;
    lex_tok op = c.t;
    lex_step(&c);
    const char *name = NULL;
    if (lex_eq(s, op, "load") && lex_eq(s, c.t, "ptr")) {
        /* a pointer loaded from a parameter's pointer field (a Vec's buffer): a root */
        lex_step(&c);
        if (!lex_take(&c, ",") || !lex_take(&c, "ptr") || c.t.kind != LEX_LOCAL || c.t.open)
            return;
        const char *q = rw_tok_text(rw, s, c.t);
        uint64_t off = 0;
        const struct ep_note *g = note_of(rw->ep_cur, q);
        if (g && g->kind == EP_GEP && !g->idx.name && g->a.name && g->k >= 0) {
            off = (uint64_t)g->k;
            q = g->a.name;
        }
        const char *fields = map_get(rw->ep_cur->fields, q);
        const char *runs = fields ? field_at(rw, fields, off) : NULL;
        if (!runs || !run_size(runs))
            return;
        struct ep_root *r = arena_alloc(rw->c->arena, sizeof *r);
        r->runs = runs;
        r->md = NULL;
        r->loaded = true;
        map_put(rw->ep_cur->roots, rw_tok_text(rw, s, y), r);
        rw->ep_cur->any = true;
        return;
    }
    if (lex_eq(s, op, "alloca")) {
        size_t at = rw_find(s, 0, n, ", !" RUNS_NAME " !");
        if (at == n)
            return;
        at += strlen(", !" RUNS_NAME " !");
        size_t e = at;
        while (e < n && rw_is_digit(s[e]))
            e++;
        if (e == at)
            return;
        struct ep_root *r = arena_alloc(rw->c->arena, sizeof *r);
        r->runs = NULL;
        r->md = arena_strndup(rw->c->arena, s + at, e - at);
        map_put(rw->ep_cur->roots, rw_tok_text(rw, s, y), r);
        rw->ep_cur->any = true;
        return;
    }
    if (lex_eq(s, op, "phi") || lex_eq(s, op, "select")) {
        bool phi = lex_eq(s, op, "phi");
        if (!phi) { /* select i1 %c, T %a, T %b */
            if (!lex_take(&c, "i1") || c.t.kind != LEX_LOCAL)
                return;
            lex_step(&c);
            if (!lex_take(&c, ","))
                return;
        }
        bool ptr = lex_eq(s, c.t, "ptr");
        if (!ptr && !lex_eq(s, c.t, "i64"))
            return;
        lex_step(&c);
        name = rw_tok_text(rw, s, y);
        struct ep_note *p = new_note(rw, name, ptr ? EP_PTRS : EP_INTS);
        if (phi) {
            take_incoming(rw, s, n, &c, p);
            return;
        }
        p->in = arena_alloc(rw->c->arena, 2 * sizeof *p->in);
        p->nin = 2;
        if (!take_operand(rw, s, &c, &p->in[0]) || !lex_take(&c, ",") ||
            !(lex_take(&c, "ptr") || lex_take(&c, "i64")) || !take_operand(rw, s, &c, &p->in[1]))
            p->state = ST_NONE;
        return;
    }
    if (lex_eq(s, op, "getelementptr")) {
        rw_skip_flags(&c);
        lex_tok ty = lex_take_item(&c);
        if (ty.kind == LEX_END || !lex_take(&c, ",") || !lex_take(&c, "ptr"))
            return;
        operand from, idx;
        if (!take_operand(rw, s, &c, &from) || !from.name || !lex_take(&c, ",") ||
            !lex_take(&c, "i64") || !take_operand(rw, s, &c, &idx) || !rw_at_tail(&c))
            return;
        uint64_t scale = lex_eq(s, ty, "i8") ? 1 : ir_type_size(rw->type_defs, s + ty.at, ty.end - ty.at);
        if (!scale || scale > INT64_MAX)
            return;
        struct ep_note *p = new_note(rw, rw_tok_text(rw, s, y), EP_GEP);
        p->a = from;
        p->scale = (int64_t)scale;
        if (s[ty.at] == '%') { /* the name as annotate wrote it: without % and quotes */
            bool q = ty.end - ty.at > 3 && s[ty.at + 1] == '"';
            p->ty = arena_strndup(rw->c->arena, s + ty.at + 1 + q, ty.end - ty.at - 1 - 2 * q);
            rw->ep_cur->any = true;
        }
        if (idx.name) {
            p->idx = idx;
        } else if (idx.c > INT64_MAX / (int64_t)scale || idx.c < INT64_MIN / (int64_t)scale) {
            p->state = ST_NONE;
        } else {
            p->k = idx.c * (int64_t)scale;
        }
        return;
    }
    bool add = lex_eq(s, op, "add") || lex_eq(s, op, "sub") || lex_eq(s, op, "or");
    bool mul = lex_eq(s, op, "mul"), shl = lex_eq(s, op, "shl");
    if (!add && !mul && !shl)
        return;
    bool disjoint = lex_eq(s, c.t, "disjoint");
    if (lex_eq(s, op, "or") && !disjoint)
        return; /* an `or` is an add only when its operands share no bit */
    rw_skip_flags(&c);
    if (!lex_take(&c, "i64"))
        return;
    operand a, b;
    if (!take_operand(rw, s, &c, &a) || !lex_take(&c, ",") || !take_operand(rw, s, &c, &b) ||
        !rw_at_tail(&c))
        return;
    struct ep_note *p = new_note(rw, rw_tok_text(rw, s, y), add ? EP_ADD : EP_MUL);
    if (add) {
        p->a = a;
        p->b = b;
        return;
    }
    if (!a.name) { /* mul C, %x */
        operand t = a;
        a = b;
        b = t;
    }
    if (b.name || b.c < 0 || (shl && b.c > 62)) {
        p->state = ST_NONE;
        return;
    }
    p->a = a;
    p->k = shl ? (int64_t)1 << b.c : b.c;
}

/* `!N = !{!"typetree_elem", !"NAME", !"RUNS"}` (annotate's, emit/body/ir_body_md.c): the
 * runs the LLVM named type NAME indexes, to rw->elem_types. */
static void note_elem_type(ir_rewriter *rw, const char *s, size_t n)
{
    static const char tag[] = " = !{!\"" ELEM_TYPE_TAG "\", !\"";
    size_t at = rw_find(s, 0, n, tag);
    if (at == n)
        return;
    size_t v = at + strlen(tag), e = rw_find(s, v, n, "\", !\"");
    size_t r = e + 5, re = rw_find(s, r, n, "\"}");
    if (e == n || re == n)
        return;
    map_put(rw->elem_types, arena_strndup(rw->c->arena, s + v, e - v),
            arena_strndup(rw->c->arena, s + r, re - r));
}

void ir_elem_ptrs_note(ir_rewriter *rw, const char *s, size_t n)
{
    if (n && s[0] == '%') {
        ir_types_note(rw->type_defs, rw->c->arena, s, n);
        return;
    }
    if (n > 1 && s[0] == '!' && rw_is_digit(s[1])) {
        note_elem_type(rw, s, n);
        return;
    }
    if (rw_starts(s, n, "define ")) {
        struct ep_func *f = arena_alloc(rw->c->arena, sizeof *f);
        *f = (struct ep_func){.roots = map_new(rw->c->arena), .names = map_new(rw->c->arena),
                              .fields = map_new(rw->c->arena)};
        rw->ep_cur = f;
        rw_param_runs(rw, s, n, add_root, rw);
        /* the parameters' "typetree_fields" ("OFF=RUNS|..."): "%name" -> text */
        param_attrs(rw, s, n, ATTR_FIELDS, put_fields, f->fields);
        return;
    }
    if (!rw->ep_cur)
        return;
    if (rw_starts(s, n, "}")) {
        /* kept only when there is something to work out */
        if (rw->ep_cur->any && rw->ep_cur->n)
            map_put(rw->ep_fns, arena_printf(rw->c->arena, "%lu", rw->fn_noted), rw->ep_cur);
        rw->ep_cur = NULL;
        return;
    }
    if (rw_starts(s, n, "  %"))
        note_line(rw, s, n);
}

bool ir_elem_ptrs_places(const ir_rewriter *rw)
{
    return rw->ep_cur && rw->ep_cur->any;
}

void ir_elem_ptrs_function(ir_rewriter *rw)
{
    struct ep_func *f = map_get(rw->ep_fns, arena_printf(rw->c->arena, "%lu", rw->fn_seen));
    rw->ep_fn = f ? resolve(rw, f) : NULL;
}

const char *ir_elem_ptr(ir_rewriter *rw, const char *name, uint64_t *off)
{
    const struct elem_found *f = rw->ep_fn ? map_get(rw->ep_fn, name) : NULL;
    if (!f)
        return NULL;
    *off = f->off;
    return f->runs;
}
