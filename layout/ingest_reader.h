/* The JSON reader under layout/ingest.c: where an error is (the JSON path of a value, from
 * the document's root), what a value must be (keys allowed, strings, integers of up to 128
 * bits) and the error that says so. Private to ingest.c and ingest_reader.c, the two files
 * that include json-c. Every function that finds an error records it (diag_add, naming
 * the file and the path) and clears r->ok; the document is read to its end regardless,
 * so that one run reports every error. */
#ifndef TT_INGEST_READER_H
#define TT_INGEST_READER_H

#include <json-c/json.h>

#include "model.h"

typedef struct {
    tt_ctx *c;
    const char *file;
    bool prelude;
    bool ok;
} reader;

void rd_err(reader *r, const tt_loc *where, const char *msg);

/* Paths: base["key"] (the key JSON-quoted), base[i], base.key, and a path from the root
 * (NULL: the file alone). */
const tt_loc *rd_key(reader *r, const tt_loc *base, const char *key);
const tt_loc *rd_idx(reader *r, const tt_loc *base, size_t i);
const tt_loc *rd_dot(reader *r, const tt_loc *base, const char *key);
const tt_loc *rd_at(reader *r, const char *path);

const char *rd_type_name(json_object *o); /* "string", "int", ... for messages */

/* An error for each key of obj outside allowed (NULL-terminated), each null value and a
 * "doc" that is not a string: a typo must not pass silently. */
void rd_check_keys(reader *r, json_object *obj, const tt_loc *where, const char *const *allowed);

json_object *rd_get(json_object *obj, const char *key); /* NULL when absent */
/* obj.key as a string in the context's arena; NULL when absent (an error if required) or
 * not a string (an error). */
const char *rd_get_string(reader *r, json_object *obj, const char *key, const tt_loc *where,
                          bool required);
tt_tyexpr *rd_tyexpr(reader *r, const char *src, const tt_loc *where);
/* An integer that may exceed 64 bits: a JSON integer, or a decimal (optional minus) or 0x
 * hex string; negative values in two's complement. */
bool rd_big(reader *r, json_object *v, const tt_loc *where, tt_u128 *out, bool *negative);
/* obj.key, required, a non-negative JSON integer below 2^64 - 1. */
bool rd_u64_field(reader *r, json_object *obj, const char *key, const tt_loc *where,
                  uint64_t *out);

#endif
