/* Rust-ABI parameter lowering on x86_64 (rustc's extern "Rust"; extern "C" is
 * layout/abi_c.c): each Rust argument
 * becomes 0, 1 or 2 LLVM parameters, an oversized return becomes a leading sret
 * pointer, #[track_caller] adds a trailing pointer. Each LLVM parameter gets the
 * TypeTree of exactly the bytes it carries. Independent of LLVM: the IR stage and
 * `typetree explain` both use it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "xalloc.h"

const char *passmode_name(tt_passmode m)
{
    static const char *const names[] = {"Ignore", "Direct", "Pair", "Cast", "Indirect"};
    return names[m];
}

const tt_fn_def *fn_find(const tt_ctx *c, const char *name)
{
    for (uint32_t i = 0; i < c->nfns; i++)
        if (c->fns[i].symbol && strcmp(c->fns[i].symbol, name) == 0)
            return &c->fns[i];
    for (uint32_t i = 0; i < c->nfns; i++)
        if (c->fns[i].path && strcmp(c->fns[i].path, name) == 0)
            return &c->fns[i];
    return NULL;
}

/* The mode rustc's Rust ABI picks for a value of this layout (§2.1 of the research
 * notes): ZSTs vanish, scalars go direct, pairs as two values, small memory in one
 * integer register, the rest by pointer. */
static tt_passmode arg_mode(const tt_layout *l)
{
    if (l->sized && l->size == 0)
        return PASS_IGNORE;
    if (l->vector) /* rustc makes SIMD vectors indirect in the Rust ABI at any size */
        return PASS_INDIRECT;
    if (l->abi == ABI_SCALAR)
        return PASS_DIRECT;
    if (l->abi == ABI_PAIR)
        return PASS_PAIR;
    if (l->sized && l->size <= 8)
        return PASS_CAST;
    return PASS_INDIRECT;
}

static tt_passmode ret_mode(const tt_ctx *c, const tt_layout *l)
{
    tt_passmode m = arg_mode(l);
    if (m == PASS_IGNORE || (l->uninhabited && l->size == 0))
        return PASS_IGNORE;
    if (l->size > 2 * (uint64_t)c->target->ptr_size)
        return PASS_INDIRECT; /* even a scalar pair: Option<u128> is returned via sret */
    return m;
}

static const char *empty_reason(const tt_tree *t, const char *why)
{
    return t->n ? NULL : why;
}

bool abi_lower_fn(tt_ctx *c, const tt_fn_def *f, const tt_tree_opts *o, tt_lowered_fn *out)
{
    memset(out, 0, sizeof *out);
    out->fn = f;
    unsigned errs = c->nerrors;
    tt_type *rt = f->ret ? types_resolve(c, f->ret, f->where) : NULL;
    const tt_layout *rl = rt ? layout_of(c, rt, f->where) : NULL;
    if (!rl)
        return false;
    tt_type **at = xcalloc(f->nargs + 1, sizeof *at);
    const tt_layout **al = xcalloc(f->nargs + 1, sizeof *al);
    out->arg_modes = xcalloc(f->nargs + 1, sizeof *out->arg_modes);
    /* at most: sret + 2 per argument + track_caller */
    out->params = xcalloc(2 * (size_t)f->nargs + 2, sizeof *out->params);
    bool ok = true;
    for (uint32_t i = 0; i < f->nargs && ok; i++) {
        at[i] = f->args[i].ty ? types_resolve(c, f->args[i].ty, f->args[i].where) : NULL;
        al[i] = at[i] ? layout_of(c, at[i], f->args[i].where) : NULL;
        if (!al[i])
            ok = false;
        else if (!al[i]->sized) {
            diag_add(c, TT_ERROR, f->args[i].where,
                     "argument of unsized type `%s` passed by value is not supported", at[i]->name);
            ok = false;
        }
    }
    if (!ok || f->abi_c) {
        if (ok)
            abi_lower_c(c, f, o, rt, rl, at, al, out);
        free(at);
        free(al);
        return ok && c->nerrors == errs;
    }

    out->ret_mode = ret_mode(c, rl);
    switch (out->ret_mode) {
    case PASS_IGNORE:
        snprintf(out->ret_llvm_type, sizeof out->ret_llvm_type, "void");
        out->ret_why_empty = "no return value";
        break;
    case PASS_DIRECT:
        abi_llvm_scalar_type(rl->a, out->ret_llvm_type, sizeof out->ret_llvm_type);
        tree_of_scalar_at(c, rt, 0, rl->a.prim.size, o, &out->ret_tree, f->where);
        out->ret_why_empty = empty_reason(&out->ret_tree, "the returned bytes are not all known");
        break;
    case PASS_PAIR: {
        char a[16], b[16];
        abi_llvm_scalar_type(rl->a, a, sizeof a);
        abi_llvm_scalar_type(rl->b, b, sizeof b);
        snprintf(out->ret_llvm_type, sizeof out->ret_llvm_type, "{ %s, %s }", a, b);
        /* A returned {A, B} is one register: its entries are byte offsets in it. */
        tree_of_memory(c, rt, o, &out->ret_tree, f->where);
        out->ret_why_empty = empty_reason(&out->ret_tree, "the returned bytes are not all known");
        tt_tree ha = {0}, hb = {0};
        tree_of_scalar_at(c, rt, 0, rl->a.prim.size, o, &ha, f->where);
        tree_of_scalar_at(c, rt, rl->b_offset, rl->b.prim.size, o, &hb, f->where);
        if (ha.n && tree_equal(&ha, &hb)) {
            out->ret_shared_tree = ha;
            ha.v = NULL;
        }
        tree_free(&ha);
        tree_free(&hb);
        break;
    }
    case PASS_CAST:
        snprintf(out->ret_llvm_type, sizeof out->ret_llvm_type, "i%llu",
                 (unsigned long long)rl->size * 8);
        abi_int_reg_tree(c, rt, 0, rl->size, o, &out->ret_tree, &out->ret_why_empty, f->where);
        break;
    case PASS_INDIRECT: {
        snprintf(out->ret_llvm_type, sizeof out->ret_llvm_type, "void");
        out->ret_why_empty = "returned through the sret pointer (first parameter)";
        tt_llvm_param *p = abi_new_param(out, -1, 0, PASS_INDIRECT);
        snprintf(p->llvm_type, sizeof p->llvm_type, "ptr");
        tree_of_pointer_to(c, rt, o, &p->tree, f->where);
        break;
    }
    }

    for (uint32_t i = 0; i < f->nargs; i++) {
        const tt_layout *l = al[i];
        tt_passmode m = arg_mode(l);
        out->arg_modes[i] = m;
        const tt_loc *w = f->args[i].where;
        tt_llvm_param *p;
        switch (m) {
        case PASS_IGNORE:
            break;
        case PASS_DIRECT:
            p = abi_new_param(out, (int)i, 0, m);
            abi_llvm_scalar_type(l->a, p->llvm_type, sizeof p->llvm_type);
            tree_of_scalar_at(c, at[i], 0, l->a.prim.size, o, &p->tree, w);
            p->why_empty = empty_reason(&p->tree, "the bytes of this scalar are not all known");
            break;
        case PASS_PAIR:
            p = abi_new_param(out, (int)i, 0, m);
            abi_llvm_scalar_type(l->a, p->llvm_type, sizeof p->llvm_type);
            tree_of_scalar_at(c, at[i], 0, l->a.prim.size, o, &p->tree, w);
            p->why_empty = empty_reason(&p->tree, "the bytes of this half are not all known");
            p = abi_new_param(out, (int)i, 1, m);
            abi_llvm_scalar_type(l->b, p->llvm_type, sizeof p->llvm_type);
            tree_of_scalar_at(c, at[i], l->b_offset, l->b.prim.size, o, &p->tree, w);
            p->why_empty = empty_reason(&p->tree, "the bytes of this half are not all known");
            break;
        case PASS_CAST:
            p = abi_new_param(out, (int)i, 0, m);
            snprintf(p->llvm_type, sizeof p->llvm_type, "i%llu", (unsigned long long)l->size * 8);
            abi_int_reg_tree(c, at[i], 0, l->size, o, &p->tree, &p->why_empty, w);
            break;
        case PASS_INDIRECT:
            p = abi_new_param(out, (int)i, 0, m);
            snprintf(p->llvm_type, sizeof p->llvm_type, "ptr");
            tree_of_pointer_to(c, at[i], o, &p->tree, w);
            break;
        }
    }
    if (f->track_caller) {
        /* &'static core::panic::Location: said to be a pointer, nothing more. */
        tt_llvm_param *p = abi_new_param(out, -2, 0, PASS_DIRECT);
        snprintf(p->llvm_type, sizeof p->llvm_type, "ptr");
        tt_entry e = {.len = 1, .kind = KIND_POINTER, .path = {-1}};
        p->tree.v = xmalloc(sizeof e);
        p->tree.v[0] = e;
        p->tree.n = p->tree.cap = 1;
    }
    free(at);
    free(al);
    return c->nerrors == errs;
}

void abi_lowered_free(tt_lowered_fn *l)
{
    for (uint32_t i = 0; i < l->nparams; i++)
        tree_free(&l->params[i].tree);
    tree_free(&l->ret_tree);
    tree_free(&l->ret_shared_tree);
    free(l->params);
    free(l->arg_modes);
    memset(l, 0, sizeof *l);
}
