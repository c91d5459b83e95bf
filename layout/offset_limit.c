/* The -enzyme-max-type-offset a module needs (`typetree max-offset`, the rustc wrapper).
 *
 * Enzyme keeps no TypeTree entry at a byte offset past its -enzyme-max-type-offset (500 by
 * default), and differentiates a copy of constant length by walking its bytes and merging
 * each byte's type into the current segment's: an unknown byte merges with anything. So
 * past the limit every byte of a copy takes the type of the last segment before it, and a
 * value that mixes floats with other data there loses the derivatives of its later floats
 * or adds derivatives into integer and pointer bytes, silently. Met: craft_by_value at -O2
 * (a [Craft; 4] of 736 bytes, doubles and integers, copied whole after `fl = evolve(fl)`),
 * with and without trees: tests/enzyme-bugs/array-element-chain.ll.
 *
 * A value whose bytes are all one float type, or hold no float at all, is safe at any
 * limit (the extended segment has the right type, or carries no derivative), and raising
 * the limit costs Enzyme time where it then tracks more offsets (mlp_unrolled's 12x12
 * matrices of doubles: 1.8x at 16384). So the limit is the size of the largest sized type
 * that holds a float and something else (another float type, an integer, a pointer, a
 * tag), among the types of the functions' signatures and locals of the types file and
 * every type reachable from them through fields, elements, variants and pointees; at least
 * Enzyme's default. */
#include "tree.h"

enum {
    K_INT = 1, /* integers, bool, char, enum tags */
    K_PTR = 2,
    K_F16 = 4,
    K_F32 = 8,
    K_F64 = 16,
    K_F128 = 32,
    K_FLOATS = K_F16 | K_F32 | K_F64 | K_F128
};

#define DEPTH_MAX 64

typedef struct {
    tt_ctx *c;
    tt_map *kinds;   /* type name -> 1 + the kinds of data its bytes hold */
    tt_map *visited; /* type name -> itself, once walked */
    uint64_t need;
} offset_walk;

/* The kinds of data a value of t holds in its own bytes (not behind its pointers). */
static unsigned kinds_of(offset_walk *w, tt_type *t, unsigned depth)
{
    if (!t || depth > DEPTH_MAX)
        return 0;
    void *memo = map_get(w->kinds, t->name);
    if (memo)
        return (unsigned)((uintptr_t)memo - 1);
    unsigned k = 0;
    switch (t->kind) {
    case TY_BOOL:
    case TY_CHAR:
    case TY_INT:
        k = K_INT;
        break;
    case TY_FLOAT:
        k = t->size == 2 ? K_F16 : t->size == 4 ? K_F32 : t->size == 8 ? K_F64 : K_F128;
        break;
    case TY_REF:
    case TY_PTR:
    case TY_FNPTR:
        /* a wide pointer's length is an integer, a vtable a pointer: not floats either */
        k = K_PTR;
        break;
    case TY_ARRAY:
        k = t->len ? kinds_of(w, t->elem, depth + 1) : 0;
        break;
    case TY_STR:
        k = K_INT;
        break;
    case TY_SLICE:
        k = kinds_of(w, t->elem, depth + 1);
        break;
    case TY_TUPLE:
        for (uint32_t i = 0; i < t->n; i++)
            k |= kinds_of(w, t->items[i], depth + 1);
        break;
    case TY_ADT: {
        const tt_def *d = t->def;
        uint32_t nv = d->kind == DEF_ENUM ? d->nvariants : 1;
        for (uint32_t v = 0; v < nv; v++) {
            uint32_t nf = d->kind == DEF_ENUM ? d->variants[v].nfields : d->nfields;
            for (uint32_t i = 0; i < nf; i++)
                k |= kinds_of(w, types_field(w->c, t, v, i), depth + 1);
        }
        const tt_layout *l = d->kind == DEF_ENUM ? layout_of_quiet(w->c, t) : NULL;
        if (l && l->is_enum && l->tag_encoding == TAG_DIRECT)
            k |= K_INT;
        break;
    }
    default: /* never, dyn, a generic parameter: no bytes of its own to type */
        break;
    }
    map_put(w->kinds, t->name, (void *)(uintptr_t)(k + 1));
    return k;
}

/* A float and something else: other data, or another float type. */
static bool mixed(unsigned k)
{
    unsigned floats = k & K_FLOATS;
    return floats && (k != floats || (floats & (floats - 1)) != 0);
}

static void walk(offset_walk *w, tt_type *t, unsigned depth)
{
    if (!t || depth > DEPTH_MAX || map_get(w->visited, t->name))
        return;
    map_put(w->visited, t->name, t);
    const tt_layout *l = layout_of_quiet(w->c, t);
    if (l && l->sized && !l->uninhabited && l->size > w->need && mixed(kinds_of(w, t, 0)))
        w->need = l->size;
    switch (t->kind) {
    case TY_REF:
    case TY_PTR:
    case TY_ARRAY:
    case TY_SLICE:
        walk(w, t->elem, depth + 1);
        break;
    case TY_TUPLE:
        for (uint32_t i = 0; i < t->n; i++)
            walk(w, t->items[i], depth + 1);
        break;
    case TY_ADT: {
        const tt_def *d = t->def;
        uint32_t nv = d->kind == DEF_ENUM ? d->nvariants : 1;
        for (uint32_t v = 0; v < nv; v++) {
            uint32_t nf = d->kind == DEF_ENUM ? d->variants[v].nfields : d->nfields;
            for (uint32_t i = 0; i < nf; i++) {
                walk(w, types_field(w->c, t, v, i), depth + 1);
                walk(w, types_field_points_to(w->c, t, v, i), depth + 1);
            }
        }
        break;
    }
    default:
        break;
    }
}

static void walk_expr(offset_walk *w, const tt_tyexpr *e)
{
    if (!e)
        return;
    tt_diag *tail = w->c->diags_tail;
    unsigned errs = w->c->nerrors;
    tt_type *t = types_resolve(w->c, e, NULL);
    diag_truncate(w->c, tail, errs);
    walk(w, t, 0);
}

static void walk_local(void *arg, const char *key, void *value)
{
    (void)key;
    walk_expr(arg, ((const tt_local_def *)value)->ty);
}

uint64_t offset_limit_needed(tt_ctx *c, uint64_t floor)
{
    offset_walk w = {.c = c, .kinds = map_new(c->arena), .visited = map_new(c->arena),
                     .need = floor};
    for (uint32_t i = 0; i < c->nfns; i++) {
        const tt_fn_def *f = &c->fns[i];
        for (uint32_t j = 0; j < f->nargs; j++)
            walk_expr(&w, f->args[j].ty);
        walk_expr(&w, f->ret);
    }
    map_each(c->locals, walk_local, &w);
    for (uint32_t i = 0; i < c->nuser_defs; i++) {
        const tt_def *d = c->user_defs[i];
        if (d->ngenerics)
            continue;
        tt_diag *tail = c->diags_tail;
        unsigned errs = c->nerrors;
        tt_type *t = types_of_def(c, d, NULL);
        diag_truncate(c, tail, errs);
        walk(&w, t, 0);
    }
    return w.need;
}
