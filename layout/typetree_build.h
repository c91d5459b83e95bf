/* The TypeTree builder shared by layout/typetree.c (scalars, pointers, arrays, the walk
 * of a type's memory) and layout/typetree_fields.c (fields, enum variants, union members,
 * padding). Private to those two files; the interface is tree.h's tree_of_*. */
#ifndef TT_TYPETREE_BUILD_H
#define TT_TYPETREE_BUILD_H

#include "tree.h"

#define STACK_MAX 64

typedef struct {
    tt_ctx *c;
    const tt_tree_opts *o;
    tt_tree *out;
    int64_t path[TT_PATH_MAX]; /* prefix of every entry added */
    unsigned len;
    const tt_type *stack[STACK_MAX]; /* pointee types on the current pointer path */
    unsigned nstack;
    const tt_loc *where;
    bool ok;
    size_t added;      /* entries added so far, across temporary trees */
    bool lean;         /* runs: only the first element's pointers get a pointee (build) */
    unsigned bare;     /* > 0: inside such an element after the first */
    size_t bound;      /* entries allowed (0: any): lean_above, then max_entries */
    bool overflow;     /* more than bound: build() retries lean, then shallower */
    bool gap;          /* a byte's kind was left out as unknowable (tree_of_bytes) */
    bool bytes_integer; /* untyped bytes ([u8; N]) are integers (tree_of_copied_bytes) */
} builder;

struct alternative; /* typetree_fields.c: one union member or enum variant */

/* typetree.c */
void tb_add(builder *b, int64_t off, tt_kind kind); /* one entry at b->path + off */
const tt_layout *tb_lay(builder *b, tt_type *t);   /* NULL (b->ok cleared) when none */
/* What the pointer at `at` points to, one level deeper (many: a buffer of them). */
void tb_descend(builder *b, int64_t at, tt_type *pointee, bool many);
void tb_mem(builder *b, tt_type *t, int64_t base); /* t's bytes at base */

/* typetree_fields.c */
/* The fields of a struct, tuple or variant at their offsets from base, into `into`; cov,
 * when given, gets the byte ranges they cover. */
void tb_fields(builder *b, tt_type *t, uint32_t variant, const uint64_t *offsets, uint32_t n,
               int64_t base, tt_tree *into, struct alternative *cov);
/* A union's members or an enum's variants: an entry only where every one agrees. */
void tb_alternatives(builder *b, tt_type *t, const tt_layout *l, int64_t base);
/* Anything on every byte of a struct or tuple that no field covers (behind a pointer). */
void tb_padding(builder *b, tt_type *t, const tt_layout *l, uint32_t n, int64_t base);

#endif
