/* extern "C" parameter lowering on x86_64 (System V), as rustc's callconv/x86_64.rs does
 * it: each argument's eightbytes are classed INTEGER or SSE from the scalars inside it; an
 * aggregate of at most two eightbytes travels in registers, cast to one LLVM register
 * type or a `{ lo, hi }` struct, anything else (larger, misaligned, or when the registers
 * run out) in memory: a byval pointer for arguments, sret for the return. Scalars go
 * direct, as in the Rust ABI, and so do SIMD vectors, in vector registers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"

/* rustc's Class, ordered as it merges them (min): INTEGER wins over SSE. 0: no class. */
enum { CLS_NONE, CLS_INT, CLS_SSE, CLS_SSEUP };
enum { MAX_EIGHTBYTES = 8, MAX_INT_REGS = 6, MAX_SSE_REGS = 8 };

static void fill(uint8_t *cls, uint64_t off, uint64_t size, uint8_t k)
{
    for (uint64_t i = off / 8; size && i <= (off + size - 1) / 8 && i < MAX_EIGHTBYTES; i++) {
        cls[i] = cls[i] == CLS_NONE || k < cls[i] ? k : cls[i];
        if (k == CLS_SSE)
            k = CLS_SSEUP;
    }
}

static uint8_t scalar_class(tt_scalar s) { return s.prim.kind == PRIM_FLOAT ? CLS_SSE : CLS_INT; }

static bool classify(tt_ctx *c, tt_type *t, uint64_t off, uint8_t *cls, unsigned depth);

static bool classify_fields(tt_ctx *c, tt_type *t, uint32_t v, const uint64_t *offsets,
                            uint32_t n, uint64_t off, uint8_t *cls, unsigned depth)
{
    for (uint32_t i = 0; i < n; i++)
        if (!classify(c, types_field(c, t, v, i), off + offsets[i], cls, depth + 1))
            return false;
    return true;
}

/* False: the value goes in memory (a misaligned field). */
static bool classify(tt_ctx *c, tt_type *t, uint64_t off, uint8_t *cls, unsigned depth)
{
    const tt_layout *l = t && depth < 64 ? layout_of(c, t, t->kind == TY_ADT ? t->def->where : NULL) : NULL;
    if (!l)
        return false;
    if (off % l->align)
        return layout_is_zst(l);
    if (l->vector) {
        fill(cls, off, l->size, CLS_SSE);
        return true;
    }
    if (l->abi == ABI_SCALAR) {
        fill(cls, off, l->size, scalar_class(l->a));
        return true;
    }
    if (t->kind == TY_REF || t->kind == TY_PTR || t->kind == TY_FNPTR) {
        fill(cls, off, l->a.prim.size, scalar_class(l->a));
        fill(cls, off + l->b_offset, l->b.prim.size, scalar_class(l->b));
        return true;
    }
    if (t->kind == TY_TUPLE) {
        for (uint32_t i = 0; i < t->n; i++)
            if (!classify(c, t->items[i], off + l->offsets[i], cls, depth + 1))
                return false;
        return true;
    }
    if (t->kind == TY_ARRAY) {
        for (uint64_t k = 0; l->stride && k < l->count; k++)
            if (!classify(c, t->elem, off + k * l->stride, cls, depth + 1))
                return false;
        return true;
    }
    if (t->kind != TY_ADT)
        return true; /* never, or zero-sized */
    const tt_def *d = t->def;
    if (d->kind == DEF_STRUCT)
        return classify_fields(c, t, 0, l->offsets, d->nfields, off, cls, depth);
    if (d->kind == DEF_UNION) {
        for (uint32_t i = 0; i < d->nfields; i++)
            if (!classify(c, types_field(c, t, 0, i), off, cls, depth + 1))
                return false;
        return true;
    }
    /* An enum: its tag, then every variant's fields, as union members. */
    if (l->single_variant_index_valid) {
        uint32_t v = l->single_variant;
        return classify_fields(c, t, v, l->variants[v].offsets, l->variants[v].nfields, off, cls,
                               depth);
    }
    if (l->tag_encoding != TAG_NONE)
        fill(cls, off + l->tag_offset, l->tag.prim.size, scalar_class(l->tag));
    for (uint32_t v = 0; v < l->nvariants; v++)
        if (!classify_fields(c, t, v, l->variants[v].offsets, l->variants[v].nfields, off, cls,
                             depth))
            return false;
    return true;
}

/* rustc's classify_arg: the classes of the value's eightbytes, false for memory. */
static bool classify_arg(tt_ctx *c, tt_type *t, const tt_layout *l, uint8_t *cls)
{
    uint64_t n = (l->size + 7) / 8;
    memset(cls, 0, MAX_EIGHTBYTES);
    if (n > MAX_EIGHTBYTES || !classify(c, t, 0, cls, 0))
        return false;
    if (n > 2) {
        if (cls[0] != CLS_SSE)
            return false;
        for (uint64_t i = 1; i < n; i++)
            if (cls[i] != CLS_SSEUP)
                return false;
        return true;
    }
    for (uint64_t i = 0; i < n;) {
        if (cls[i] == CLS_SSEUP) {
            cls[i] = CLS_SSE;
        } else if (cls[i] == CLS_SSE) {
            for (i++; i != n && cls[i] == CLS_SSEUP; i++)
                ;
            continue;
        }
        i++;
    }
    return true;
}

/* One register of a cast (rustc's reg_component): its LLVM type, its size in bytes.
 * False when the eightbyte has no class. */
static bool reg_component(const uint8_t *cls, unsigned *i, uint64_t size, char *ty, size_t tn,
                          uint64_t *bytes)
{
    if (*i >= MAX_EIGHTBYTES || cls[*i] == CLS_NONE)
        return false;
    if (cls[*i] == CLS_INT) {
        ++*i;
        *bytes = size < 8 ? size : 8;
        snprintf(ty, tn, "i%llu", (unsigned long long)*bytes * 8);
        return true;
    }
    unsigned len = 1;
    while (*i + len < MAX_EIGHTBYTES && cls[*i + len] == CLS_SSEUP)
        len++;
    *i += len;
    if (len == 1) {
        *bytes = size == 4 ? 4 : 8;
        snprintf(ty, tn, "%s", size == 4 ? "float" : "double");
    } else {
        *bytes = 8 * (uint64_t)len;
        snprintf(ty, tn, "<%llu x i8>", (unsigned long long)*bytes);
    }
    return true;
}

static const char *why_pair =
    "passed as an LLVM struct of two registers; no tree is written for it";

/* The tree of one cast register: integers as in the Rust ABI's cast; a float register
 * when it holds exactly one scalar of its own kind. */
static void reg_tree(tt_ctx *c, tt_type *t, const char *ty, uint64_t bytes,
                     const tt_tree_opts *o, tt_tree *out, const char **why, const tt_loc *where)
{
    if (ty[0] == 'i') {
        abi_int_reg_tree(c, t, 0, bytes, o, out, why, where);
        return;
    }
    tree_of_scalar_at(c, t, 0, bytes, o, out, where);
    tt_kind want = bytes == 4 ? KIND_FLOAT : KIND_DOUBLE;
    if (out->n && (out->v[0].len != 1 || out->v[0].kind != want))
        tree_free(out);
    if (!out->n)
        *why = "the register does not hold one float of its own width";
}

/* An aggregate in registers: its LLVM type (one register or { lo, hi }) and the tree. */
static void cast(tt_ctx *c, tt_type *t, const tt_layout *l, const uint8_t *cls,
                 const tt_tree_opts *o, char *ty, size_t tn, tt_tree *tree, const char **why,
                 const tt_loc *where)
{
    unsigned i = 0;
    char lo[16], hi[16];
    uint64_t lo_bytes = 0, hi_bytes = 0;
    reg_component(cls, &i, l->size, lo, sizeof lo, &lo_bytes);
    uint64_t offset = 8 * (uint64_t)i;
    if (l->size > offset && reg_component(cls, &i, l->size - offset, hi, sizeof hi, &hi_bytes)) {
        snprintf(ty, tn, "{ %s, %s }", lo, hi);
        *why = why_pair;
        return;
    }
    snprintf(ty, tn, "%s", lo);
    if (lo[0] == '<')
        *why = "a vector register";
    else
        reg_tree(c, t, lo, lo_bytes, o, tree, why, where);
}

/* The LLVM type of a SIMD vector ("<4 x float>"), through newtypes of one. */
static bool vector_type(tt_ctx *c, tt_type *t, char *out, size_t n, unsigned depth)
{
    const tt_def *d = t && t->kind == TY_ADT ? t->def : NULL;
    if (!d || d->kind != DEF_STRUCT || !d->nfields || depth > 16)
        return false;
    if (!d->repr.simd) {
        for (uint32_t i = 0; i < d->nfields; i++) {
            tt_type *ft = types_field(c, t, 0, i);
            const tt_layout *fl = ft ? layout_of(c, ft, d->where) : NULL;
            if (fl && fl->vector)
                return vector_type(c, ft, out, n, depth + 1);
        }
        return false;
    }
    tt_type *f0 = types_field(c, t, 0, 0);
    bool array = d->nfields == 1 && f0 && f0->kind == TY_ARRAY;
    tt_type *elem = array ? f0->elem : f0;
    const tt_layout *el = elem ? layout_of(c, elem, d->where) : NULL;
    if (!el || el->abi != ABI_SCALAR)
        return false;
    char et[16];
    abi_llvm_scalar_type(el->a, et, sizeof et);
    if (strcmp(et, "i1") == 0)
        snprintf(et, sizeof et, "i8");
    snprintf(out, n, "<%llu x %s>", (unsigned long long)(array ? f0->len : d->nfields), et);
    return true;
}

static const char *why_vector = "a SIMD vector register: no tree is written for it";

/* Registers the eightbytes need, or false when they do not fit what is left. */
static bool take_regs(const uint8_t *cls, unsigned *ints, unsigned *sses)
{
    unsigned ni = 0, ns = 0;
    for (int i = 0; i < MAX_EIGHTBYTES; i++) {
        ni += cls[i] == CLS_INT;
        ns += cls[i] == CLS_SSE;
    }
    if (ni > *ints || ns > *sses)
        return false;
    *ints -= ni;
    *sses -= ns;
    return true;
}

void abi_lower_c(tt_ctx *c, const tt_fn_def *f, const tt_tree_opts *o, tt_type *rt,
                 const tt_layout *rl, tt_type **at, const tt_layout **al, tt_lowered_fn *out)
{
    unsigned ints = MAX_INT_REGS, sses = MAX_SSE_REGS;
    uint8_t cls[MAX_EIGHTBYTES];
    bool ignore = layout_is_zst(rl) || rl->uninhabited;
    snprintf(out->ret_llvm_type, sizeof out->ret_llvm_type, "void");
    if (ignore) {
        out->ret_mode = PASS_IGNORE;
        out->ret_why_empty = "no return value";
    } else if (!classify_arg(c, rt, rl, cls)) {
        out->ret_mode = PASS_INDIRECT;
        out->ret_why_empty = "returned through the sret pointer (first parameter)";
        tt_llvm_param *p = abi_new_param(out, -1, 0, PASS_INDIRECT);
        snprintf(p->llvm_type, sizeof p->llvm_type, "ptr");
        tree_of_pointer_to(c, rt, o, &p->tree, f->where);
        ints--;
    } else if (rl->vector) {
        out->ret_mode = PASS_DIRECT;
        out->ret_why_empty = why_vector;
        if (!vector_type(c, rt, out->ret_llvm_type, sizeof out->ret_llvm_type, 0))
            diag_add(c, TT_ERROR, f->where, "the SIMD vector `%s` has no element type", rt->name);
    } else if (rl->abi == ABI_SCALAR) {
        out->ret_mode = PASS_DIRECT;
        abi_llvm_scalar_type(rl->a, out->ret_llvm_type, sizeof out->ret_llvm_type);
        tree_of_scalar_at(c, rt, 0, rl->a.prim.size, o, &out->ret_tree, f->where);
        if (!out->ret_tree.n)
            out->ret_why_empty = "the returned bytes are not all known";
    } else {
        out->ret_mode = PASS_CAST;
        cast(c, rt, rl, cls, o, out->ret_llvm_type, sizeof out->ret_llvm_type, &out->ret_tree,
             &out->ret_why_empty, f->where);
    }
    for (uint32_t i = 0; i < f->nargs; i++) {
        const tt_layout *l = al[i];
        const tt_loc *w = f->args[i].where;
        if (layout_is_zst(l)) {
            out->arg_modes[i] = PASS_IGNORE;
            continue;
        }
        bool in_regs = classify_arg(c, at[i], l, cls);
        /* an aggregate for which the registers ran out goes on the stack, byval */
        bool direct = l->abi == ABI_SCALAR || l->vector; /* not aggregates */
        if (in_regs && !take_regs(cls, &ints, &sses) && !direct)
            in_regs = false;
        tt_passmode m = !in_regs ? PASS_INDIRECT : direct ? PASS_DIRECT : PASS_CAST;
        out->arg_modes[i] = m;
        tt_llvm_param *p = abi_new_param(out, (int)i, 0, m);
        if (m == PASS_INDIRECT) {
            snprintf(p->llvm_type, sizeof p->llvm_type, "ptr");
            tree_of_pointer_to(c, at[i], o, &p->tree, w);
        } else if (m == PASS_DIRECT && l->vector) {
            p->why_empty = why_vector;
            if (!vector_type(c, at[i], p->llvm_type, sizeof p->llvm_type, 0))
                diag_add(c, TT_ERROR, w, "the SIMD vector `%s` has no element type", at[i]->name);
        } else if (m == PASS_DIRECT) {
            abi_llvm_scalar_type(l->a, p->llvm_type, sizeof p->llvm_type);
            tree_of_scalar_at(c, at[i], 0, l->a.prim.size, o, &p->tree, w);
            if (!p->tree.n)
                p->why_empty = "the bytes of this scalar are not all known";
        } else {
            cast(c, at[i], l, cls, o, p->llvm_type, sizeof p->llvm_type, &p->tree,
                 &p->why_empty, w);
        }
    }
}
