/* What the Rust and the C ABI lowerings (abi.c, abi_c.c) share: the LLVM type of a
 * scalar, the next LLVM parameter, and the tree of an integer register. A leaf below both. */
#include <stdio.h>
#include <string.h>

#include "abi.h"
#include "xalloc.h"

/* rustc passes a 1-byte unsigned scalar whose valid range is exactly 0..=1 as i1. */
void abi_llvm_scalar_type(tt_scalar s, char *out, size_t n)
{
    static const char *const floats[] = {[2] = "half", [4] = "float", [8] = "double", [16] = "fp128"};
    if (s.prim.kind == PRIM_PTR)
        snprintf(out, n, "ptr");
    else if (s.prim.kind == PRIM_FLOAT)
        snprintf(out, n, "%s", floats[s.prim.size]);
    else if (s.prim.size == 1 && !s.prim.is_signed && !s.is_union && s.valid.start == 0 &&
             s.valid.end == 1) /* rustc's Scalar::is_bool: unsigned only (repr(i8) stays i8) */
        snprintf(out, n, "i1");
    else
        snprintf(out, n, "i%u", s.prim.size * 8);
}

static const char *why_cast_empty =
    "small aggregate passed as one integer register holds non-integer bytes; Enzyme reads "
    "register offsets other than -1 only on calls returning at least as much (fatal on void "
    "calls), so nothing is said";

void abi_int_reg_tree(tt_ctx *c, tt_type *t, uint64_t offset, uint64_t size,
                      const tt_tree_opts *o, tt_tree *out, const char **why, const tt_loc *where)
{
    tt_tree m = {0};
    tree_of_memory(c, t, o, &m, where);
    uint64_t ints = 0;
    bool other = false;
    for (size_t i = 0; i < m.n; i++) {
        if (m.v[i].len != 1 || m.v[i].path[0] < (int64_t)offset ||
            m.v[i].path[0] >= (int64_t)(offset + size))
            continue;
        if (m.v[i].kind == KIND_INTEGER)
            ints++;
        else
            other = true;
    }
    if (!other && ints == size) {
        tt_entry e = {.len = 1, .kind = KIND_INTEGER, .path = {-1}};
        out->v = xmalloc(sizeof e);
        out->v[0] = e;
        out->n = out->cap = 1;
    } else {
        *why = other ? why_cast_empty
                     : "small aggregate passed as one integer register has bytes of unknown "
                       "kind (padding, or enum variants that disagree)";
    }
    tree_free(&m);
}

tt_llvm_param *abi_new_param(tt_lowered_fn *out, int rust_arg, int piece, tt_passmode mode)
{
    tt_llvm_param *p = &out->params[out->nparams++];
    memset(p, 0, sizeof *p);
    p->rust_arg = rust_arg;
    p->piece = piece;
    p->mode = mode;
    return p;
}
