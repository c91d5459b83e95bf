/* The debuginfo exporter's passes (export/export_*.c), private to them. The exporter builds
 * the library's own records from rustc's debuginfo (tt_def, tt_fn_def, tt_local_def, as
 * ingest builds them from JSON), infers over those records what debuginfo does not say
 * (repr(C), a ?Sized last field), and writes them as one rust-types/1 document. */
#ifndef TT_EXPORT_H
#define TT_EXPORT_H

#include "di_index.h"
#include "exporter.h"

/* What the exporter found, in the order it is written. Arrays are heap (export_records_free);
 * the records themselves and their strings live in the context's arena. */
typedef struct {
    tt_def **defs;          /* in the order their conversion finished */
    uint32_t ndefs, cap_defs;
    tt_fn_def *fns;
    bool *fn_has_ret;       /* per function: debuginfo gives a return type ("ret" written) */
    const char **fn_define; /* per function: its define line (the index's, not owned) */
    uint32_t nfns, cap_fns;
    tt_local_def *locals;
    uint32_t nlocals, cap_locals;
} export_records;
void export_records_free(export_records *r);

/* ---- debuginfo -> records (export/export_types.c: types; export/export_di.c: the rest) ---- */
typedef struct {
    tt_ctx *c;              /* diagnostics; its definitions (the prelude) name std types */
    tt_arena *a;
    di_index ix;
    const char **memo;      /* per node: its type expression, once known */
    uint8_t *failed;        /* per node: conversion failed (a diagnostic was given) */
    tt_map *keys;           /* definition keys in use */
    tt_map *idents;         /* a composite's unique "identifier" -> its first node (long *) */
    export_records rec;
    unsigned depth;
    const char *file;       /* the IR file, for messages */
} exporter;
/* The Rust type expression of debuginfo node `id`, adding the definitions it needs to
 * x->rec.defs; NULL (with a warning, once per node) when it cannot be exported. */
const char *export_type(exporter *x, long id);
/* The Rust path of a scope: namespaces, enclosing types and functions joined by "::". */
const char *export_scope_path(exporter *x, long id);
/* A type's full path ("crate::m::S<u64>"), from its name and scope. */
const char *export_full_name(exporter *x, const di_node *n);
/* Node `id` as a location, "metadata !N" in the IR file. */
const tt_loc *export_where(exporter *x, long id);
/* Reports, once per node, that it cannot be exported; returns NULL. */
const char *export_fail(exporter *x, long id, const char *msg);
/* A type expression the exporter wrote, parsed; NULL (reported at node `id`) if it does not
 * parse, which would make the written document unreadable. */
tt_tyexpr *export_parse(exporter *x, const char *src, long id);
/* The DW_TAG_member nodes of a composite (*out, arena), and a member's type. */
uint32_t export_members(exporter *x, const di_node *n, long **out);
long export_member_type(exporter *x, long member);

/* Definitions (export/export_defs.c): each records the definition in x->rec.defs once its
 * fields are exported and returns its key; NULL (with a warning) when one cannot be. */
const char *export_def_struct(exporter *x, long id, const di_node *n, bool is_union);
const char *export_def_enum(exporter *x, long id, const di_node *n, long variant_part);
const char *export_def_left_out(exporter *x, long id, const di_node *n);
const char *export_def_c_enum(exporter *x, long id, const di_node *n);

/* A type context holding the prelude and every definition of the records, as ingest would
 * make it of the written document; ctx_free() it. (export/export_infer.c) */
tt_ctx *export_records_ctx(const export_records *r);

/* ---- inference over the records (export/export_infer.c, export/export_sig.c) ----
 * Marks "C" in the repr of structs whose rustc offsets only C's placement explains, and
 * maybe_unsized_tail where only Rust's placement with the last field kept last does,
 * repeating until nothing changes. Returns how many definitions were marked. */
unsigned export_infer_repr(export_records *r);
/* Marks "C" in the repr of single-field structs that the define lines show passed as an
 * integer rather than as their field, and functions whose define line only the C ABI
 * explains as extern "C". Returns how many marks it made. */
unsigned export_infer_from_signatures(export_records *r);

/* ---- records -> JSON (export/export_json.c) ---- */
/* Appends the rust-types/1 document; `doc` is its "doc" string. */
void export_write_json(const export_records *r, const char *doc, tt_buf *out);

#endif
