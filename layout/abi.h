/* The Rust and C ABI lowerings (layout/abi.c, abi_c.c, abi_param.c): a function's LLVM
 * parameters, each with the tree of exactly the bytes it carries. A tt_lowered_fn's arrays
 * are heap memory abi_lowered_free releases. */
#ifndef TT_ABI_H
#define TT_ABI_H

#include "tree.h"

/* ---- Rust ABI lowering (layout/abi.c): Rust signature -> LLVM parameters ---- */
typedef enum { PASS_IGNORE, PASS_DIRECT, PASS_PAIR, PASS_CAST, PASS_INDIRECT } tt_passmode;
typedef struct {
    int rust_arg;            /* index into the function's args; -1 sret, -2 track_caller */
    int piece;               /* Pair: 0 or 1; otherwise 0 */
    tt_passmode mode;        /* of the Rust argument this parameter comes from */
    char llvm_type[48];      /* "ptr", "i64", "i1", "double", "{ double, i64 }" (C) */
    tt_tree tree;            /* may be empty: nothing described */
    const char *why_empty;   /* when tree is empty: the reason, for explain output */
} tt_llvm_param;
typedef struct {
    const tt_fn_def *fn;
    tt_passmode ret_mode;    /* PASS_INDIRECT means sret: params[0] is the sret pointer */
    char ret_llvm_type[48];  /* "void", "double", "{ double, i8 }", "i24" */
    tt_tree ret_tree;        /* return attribute (Pair: byte offsets in the struct) */
    const char *ret_why_empty;
    tt_tree ret_shared_tree; /* Pair: the register tree ([-1]...) both halves have, when
                                they have the same one; it stays true when LLVM's
                                interprocedural passes drop one half of the return */
    tt_passmode *arg_modes;  /* per Rust argument */
    uint32_t nparams;
    tt_llvm_param *params;
} tt_lowered_fn;
/* Lowers a function of the "functions" list, by the Rust ABI or, for "abi": "C", the
 * x86_64 System V C ABI. False + diagnostic when a type has no layout or its passing is
 * not modelled. */
bool abi_lower_fn(tt_ctx *c, const tt_fn_def *f, const tt_tree_opts *o, tt_lowered_fn *out);
void abi_lowered_free(tt_lowered_fn *l);
const char *passmode_name(tt_passmode m);
const tt_fn_def *fn_find(const tt_ctx *c, const char *symbol_or_path);
/* Between abi.c and abi_c.c (layout/abi_param.c): the LLVM type of a scalar ("i1" for
 * bool), the next LLVM parameter, and the tree of an integer register holding bytes
 * [offset, offset + size) of a value of type t ({[-1]:Integer} when all are integers,
 * else empty with *why). */
void abi_llvm_scalar_type(tt_scalar s, char *out, size_t n);
tt_llvm_param *abi_new_param(tt_lowered_fn *out, int rust_arg, int piece, tt_passmode mode);
void abi_int_reg_tree(tt_ctx *c, tt_type *t, uint64_t offset, uint64_t size,
                      const tt_tree_opts *o, tt_tree *out, const char **why, const tt_loc *where);
/* extern "C" (abi_c.c): fills out (arrays allocated by abi_lower_fn) from the resolved
 * return and argument types and their layouts. */
void abi_lower_c(tt_ctx *c, const tt_fn_def *f, const tt_tree_opts *o, tt_type *rt,
                 const tt_layout *rl, tt_type **at, const tt_layout **al, tt_lowered_fn *out);

#endif
