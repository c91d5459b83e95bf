/* What every module of the library stands on (layout/): 128-bit integers, the arena,
 * growable strings, maps, locations and diagnostics' records, the target's primitive
 * sizes. Not installed; the public interface is include/typetree.h. Units are bytes
 * unless a name says otherwise; a tt_buf's data is heap memory its owner frees. */
#ifndef TT_BASE_H
#define TT_BASE_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include "typetree.h"

__extension__ typedef unsigned __int128 tt_u128;
__extension__ typedef __int128 tt_i128;

/* ---- arena, strings (layout/arena.c) ---- */
typedef struct tt_arena tt_arena;
tt_arena *arena_new(void);
void arena_free(tt_arena *a);
void *arena_alloc(tt_arena *a, size_t size); /* zeroed, 16-aligned */
char *arena_strdup(tt_arena *a, const char *s);
char *arena_strndup(tt_arena *a, const char *s, size_t n);
char *arena_printf(tt_arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A growable string; the caller frees .data with free(). */
typedef struct { char *data; size_t len, cap; } tt_buf;
void buf_put(tt_buf *b, const char *s);
void buf_putn(tt_buf *b, const char *s, size_t n);
void buf_printf(tt_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_u128(tt_buf *b, tt_u128 v); /* decimal */
void buf_json_str(tt_buf *b, const char *s); /* a JSON string literal, quoted and escaped */

/* String -> pointer map, keys copied into the arena (layout/arena.c). */
typedef struct tt_map tt_map;
tt_map *map_new(tt_arena *a);
void *map_get(const tt_map *m, const char *key);
void map_put(tt_map *m, const char *key, void *value); /* replaces */
size_t map_count(const tt_map *m);
/* Calls fn on every entry, in slot order; fn must not add to m. */
void map_each(const tt_map *m, void (*fn)(void *arg, const char *key, void *value), void *arg);

/* ---- diagnostics (layout/diag.c) ----
 * Every diagnostic names its source explicitly: the file and the place inside it (a JSON
 * path "$.types[\"S\"].fields[0]", "line 12", "function f"). Locations are built where
 * the place is known (ingest, the IR readers) and travel with what they locate. */
typedef struct tt_loc {
    const char *file;  /* may be NULL: the command line, the library itself */
    const char *path;  /* may be NULL */
} tt_loc;
struct tt_diag {
    tt_severity severity;
    const char *file;  /* may be NULL */
    const char *where; /* the path inside the file; may be NULL */
    const char *msg;
    struct tt_diag *next;
};
/* A location in the arena: file and a printf-formatted path (fmt NULL: no path). */
const tt_loc *loc_new(tt_arena *a, const char *file, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
const tt_loc *loc_vnew(tt_arena *a, const char *file, const char *fmt, va_list ap);
/* The same file, parent's path followed by the formatted suffix (".x", "[3]"). */
const tt_loc *loc_sub(tt_arena *a, const tt_loc *parent, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- target (layout/target.c): primitive sizes and alignments as data ---- */
typedef struct {
    const char *triple;
    unsigned ptr_size, ptr_align;
    unsigned int_align[5];   /* i8 i16 i32 i64 i128 */
    unsigned float_align[4]; /* f16 f32 f64 f128 */
    unsigned c_enum_min_size;
    uint64_t obj_size_bound; /* sizes must stay below this */
} tt_target;
const tt_target *target_find(const char *triple); /* NULL when unsupported */
const char *target_list(void);                    /* comma separated, for messages */

#endif
