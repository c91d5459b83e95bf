/* What the IR signatures tell that debuginfo does not: a struct of one non-zero-sized field
 * is passed as that field (a float in a float register, a pointer as ptr) unless it is
 * repr(C), which rustc passes as an integer of its size (rustc_abi's univariant: C
 * newtypes keep BackendRepr::Memory, "as that affects C ABIs"; the Rust ABI then casts
 * small memory to an integer). Offsets cannot tell the two apart, the define line can:
 * `#[repr(C)] struct F { v: f32 }` arrives as i32, not float. Likewise a repr(simd)
 * vector, which the Rust ABI passes by pointer where a struct of its size would be an
 * integer (std's own vectors are known by name: export/export_defs.c).
 *
 * A function whose define line disagrees with its Rust lowering and whose arguments or
 * return hold such structs by value is lowered again with them marked; the marks stay
 * when the lowering then agrees exactly, each one only if the agreement needs it. A
 * function that still disagrees is extern "C" when the C lowering agrees (debuginfo does
 * not record the ABI either). Passes repeat until they mark nothing new. Functions whose
 * signature LLVM rewrote (fastcc...) say nothing. */
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "../emit/ir/ir_define.h"
#include "../layout/xalloc.h"

typedef struct {
    const char *ret;
    uint32_t n;
    const char **params;
} llvm_sig;

/* The return and parameter types of a define line, read by the one define-line parser
 * (emit/ir/ir_define.c) the text backend uses; false when the line cannot be read or LLVM
 * rewrote the signature (a calling convention other than C's). */
static bool read_sig(tt_arena *a, const char *s, llvm_sig *out)
{
    ir_define_line *d = xmalloc(sizeof *d); /* 12 KB of spans: not on the stack */
    const char *why;
    bool ok = ir_define_parse(s, strlen(s), d, &why) && !d->rewritten_cc;
    if (ok) {
        out->ret = arena_strndup(a, s + d->ret_start, d->ret_end - d->ret_start);
        out->n = d->nparams;
        out->params = arena_alloc(a, (d->nparams ? d->nparams : 1) * sizeof *out->params);
        for (uint32_t i = 0; i < d->nparams; i++)
            out->params[i] = arena_strndup(a, s + d->params[i].start,
                                           d->params[i].type_end - d->params[i].start);
    }
    free(d);
    return ok;
}

/* Whether the lowering of f (by its ABI) gives exactly the define line's signature. */
static bool lowering_agrees(tt_ctx *c, const tt_fn_def *f, const llvm_sig *s)
{
    /* the LLVM types are wanted, not the trees: keep those small */
    static const tt_tree_opts shallow = {.max_offset = 16, .max_depth = 1, .max_entries = 64};
    tt_lowered_fn lf;
    bool same = abi_lower_fn(c, f, &shallow, &lf) && lf.nparams == s->n &&
                strcmp(lf.ret_llvm_type, s->ret) == 0;
    for (uint32_t i = 0; same && i < s->n; i++)
        same = strcmp(lf.params[i].llvm_type, s->params[i]) == 0;
    abi_lowered_free(&lf);
    return same;
}

/* A struct whose mark may explain a define line: repr(C) (a newtype rustc would pass as
 * its field) or repr(simd) (a vector, which the Rust ABI passes by pointer). */
typedef struct {
    tt_def *d;
    bool simd;
} cand;
typedef struct {
    cand *v;
    uint32_t n, cap;
    tt_map *seen;   /* type names visited */
} cands;

static bool *mark_of(const cand *k) { return k->simd ? &k->d->repr.simd : &k->d->repr.c; }

/* A struct that may be a SIMD vector: one array of a primitive type, or two or more fields
 * of one primitive type. */
static bool vector_shaped(tt_ctx *c, tt_type *t)
{
    const tt_def *d = t->def;
    tt_type *f0 = d->nfields ? types_field(c, t, 0, 0) : NULL;
    bool array = d->nfields == 1 && f0 && f0->kind == TY_ARRAY && f0->len > 0;
    tt_type *e = array ? f0->elem : d->nfields >= 2 ? f0 : NULL;
    const tt_layout *el = e ? layout_of(c, e, d->where) : NULL;
    if (!el || el->abi != ABI_SCALAR || e->kind == TY_ADT)
        return false;
    for (uint32_t i = 1; !array && i < d->nfields; i++)
        if (types_field(c, t, 0, i) != f0)
            return false;
    return true;
}

static void add_cand(cands *out, const tt_def *d, bool simd)
{
    if (out->n == out->cap) {
        out->cap = out->cap ? 2 * out->cap : 8;
        out->v = xrealloc(out->v, out->cap * sizeof *out->v);
    }
    out->v[out->n++] = (cand){(tt_def *)d, simd};
}

/* The exported structs that a value of type t holds by value (not behind a pointer) and
 * whose passing a repr mark would change: newtypes rustc passes as their one field
 * unless they are repr(C), and vector-shaped structs. */
static void collect(tt_ctx *c, tt_type *t, cands *out, unsigned depth)
{
    if (!t || depth > 32 || map_get(out->seen, t->name))
        return;
    map_put(out->seen, t->name, (void *)1);
    if (t->kind == TY_TUPLE)
        for (uint32_t i = 0; i < t->n; i++)
            collect(c, t->items[i], out, depth + 1);
    if (t->kind == TY_ARRAY)
        collect(c, t->elem, out, depth + 1);
    if (t->kind != TY_ADT)
        return;
    const tt_def *d = t->def;
    const tt_layout *l = layout_of(c, t, d->where);
    bool mine = !d->from_prelude && d->kind == DEF_STRUCT && !d->ngenerics && l &&
                !d->repr.c && !d->repr.simd;
    if (mine && l->abi == ABI_SCALAR)
        add_cand(out, d, false);
    else if (mine && !l->vector && !d->repr.pack && vector_shaped(c, t))
        add_cand(out, d, true);
    uint32_t nv = d->kind == DEF_ENUM ? d->nvariants : 1;
    for (uint32_t v = 0; v < nv; v++) {
        uint32_t nf = d->kind == DEF_ENUM ? d->variants[v].nfields : d->nfields;
        for (uint32_t i = 0; i < nf; i++)
            collect(c, types_field(c, t, v, i), out, depth + 1);
    }
}

/* Whether f's lowering agrees with its define line in a fresh type context over the
 * records (layouts are memoised per context, and a mark changes them). */
static bool agrees_now(const export_records *r, const tt_fn_def *f, const llvm_sig *s)
{
    tt_ctx *c = export_records_ctx(r);
    bool same = lowering_agrees(c, f, s);
    ctx_free(c);
    return same;
}

/* Marks the fewest of f's candidates its define line needs (a u32 newtype is i32 either
 * way): from all of them, or else all of one kind (a vector-shaped struct may be a plain
 * one), each then dropped where the agreement does not need it; none when no such set
 * agrees. Returns how many. */
static unsigned mark_needed(const export_records *r, const tt_fn_def *f, const llvm_sig *s,
                            const cands *k)
{
    static const int sets[] = {2, 0, 1}; /* both kinds, repr(C) only, repr(simd) only */
    bool all = false;
    for (int t = 0; t < 3 && !all; t++) {
        for (uint32_t i = 0; i < k->n; i++)
            *mark_of(&k->v[i]) = sets[t] == 2 || sets[t] == (int)k->v[i].simd;
        all = agrees_now(r, f, s);
    }
    unsigned marked = 0;
    for (uint32_t i = 0; i < k->n; i++) {
        bool was = *mark_of(&k->v[i]);
        *mark_of(&k->v[i]) = false;
        if (all && was && !agrees_now(r, f, s))
            *mark_of(&k->v[i]) = true;
        marked += *mark_of(&k->v[i]);
    }
    return marked;
}

/* Whether f, whose Rust lowering disagrees with its define line even with the marks it
 * could take, is extern "C": the C lowering agrees, with the fewest of the same marks (a
 * repr(C) newtype of an integer is an aggregate there, which goes byval when the registers
 * run out). Returns how many marks that made (the ABI counts as one), 0 if none. */
static unsigned mark_extern_c(const export_records *r, tt_fn_def *f, const llvm_sig *s,
                              const cands *k)
{
    if (agrees_now(r, f, s))
        return 0;
    f->abi_c = true;
    if (agrees_now(r, f, s))
        return 1;
    unsigned n = k->n ? mark_needed(r, f, s, k) : 0;
    f->abi_c = n > 0;
    return n ? n + 1 : 0;
}

/* One pass over the functions: those whose Rust lowering disagrees with their define line
 * get the marks of the structs they hold by value, or else are found extern "C". Returns
 * how many marks were made. */
static unsigned infer_pass(export_records *r, const llvm_sig *sigs, const bool *readable)
{
    tt_ctx *c = export_records_ctx(r);
    cands *k = xcalloc(r->nfns + 1, sizeof *k);
    bool *disagrees = xcalloc(r->nfns + 1, sizeof *disagrees);
    for (uint32_t i = 0; i < r->nfns; i++) {
        const tt_fn_def *f = &r->fns[i];
        if (!readable[i] || f->abi_c || lowering_agrees(c, f, &sigs[i]))
            continue;
        disagrees[i] = true;
        k[i].seen = map_new(c->arena);
        for (uint32_t j = 0; j < f->nargs; j++)
            collect(c, types_resolve(c, f->args[j].ty, f->where), &k[i], 0);
        collect(c, types_resolve(c, f->ret, f->where), &k[i], 0);
    }
    ctx_free(c);
    unsigned marked = 0;
    for (uint32_t i = 0; i < r->nfns; i++) {
        if (!disagrees[i])
            continue;
        cands still = {0};
        for (uint32_t j = 0; j < k[i].n; j++) /* not marked for an earlier function */
            if (!k[i].v[j].d->repr.c && !k[i].v[j].d->repr.simd)
                k[i].v[still.n++] = k[i].v[j];
        still.v = k[i].v;
        unsigned n = still.n ? mark_needed(r, &r->fns[i], &sigs[i], &still) : 0;
        marked += n ? n : mark_extern_c(r, &r->fns[i], &sigs[i], &still);
        free(k[i].v);
    }
    free(k);
    free(disagrees);
    return marked;
}

unsigned export_infer_from_signatures(export_records *r)
{
    tt_arena *a = arena_new();
    llvm_sig *sigs = xcalloc(r->nfns + 1, sizeof *sigs);
    bool *readable = xcalloc(r->nfns + 1, sizeof *readable);
    for (uint32_t i = 0; i < r->nfns; i++)
        readable[i] = read_sig(a, r->fn_define[i], &sigs[i]);
    /* each pass marks structs not marked before, so this ends */
    unsigned total = 0, n;
    do {
        n = infer_pass(r, sigs, readable);
        total += n;
    } while (n);
    free(sigs);
    free(readable);
    arena_free(a);
    return total;
}
