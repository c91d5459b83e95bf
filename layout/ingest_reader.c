/* The JSON reader under layout/ingest.c (ingest_reader.h): JSON paths for messages, the
 * checks of keys, strings and integers, and the errors that name file and path. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ingest_reader.h"

void rd_err(reader *r, const tt_loc *where, const char *msg)
{
    diag_add(r->c, TT_ERROR, where, "%s", msg);
    r->ok = false;
}

/* JSON-quoted key for paths: $.types["geo::Point"] */
const tt_loc *rd_key(reader *r, const tt_loc *base, const char *key)
{
    tt_buf b = {0};
    for (const char *s = key; *s; s++) {
        if (*s == '"' || *s == '\\')
            buf_putn(&b, "\\", 1);
        buf_putn(&b, s, 1);
    }
    const tt_loc *l = loc_sub(r->c->arena, base, "[\"%s\"]", b.data ? b.data : "");
    free(b.data);
    return l;
}

const tt_loc *rd_idx(reader *r, const tt_loc *base, size_t i)
{
    return loc_sub(r->c->arena, base, "[%zu]", i);
}

const tt_loc *rd_dot(reader *r, const tt_loc *base, const char *key)
{
    return loc_sub(r->c->arena, base, ".%s", key);
}

/* A path from the document's root. */
const tt_loc *rd_at(reader *r, const char *path)
{
    return path ? loc_new(r->c->arena, r->file, "%s", path) : loc_new(r->c->arena, r->file, NULL);
}

const char *rd_type_name(json_object *o) { return json_type_to_name(json_object_get_type(o)); }

/* Rejects keys outside `allowed` (NULL-terminated): a typo must not pass silently. */
void rd_check_keys(reader *r, json_object *obj, const tt_loc *where, const char *const *allowed)
{
    json_object_object_foreach(obj, key, val)
    {
        /* json-c hands JSON null back as a missing value; no key of the format takes null. */
        if (!val) {
            rd_err(r, rd_dot(r, where, key), "null is not a valid value here");
            continue;
        }
        if (strcmp(key, "doc") == 0 && !json_object_is_type(val, json_type_string))
            rd_err(r, rd_dot(r, where, key), "\"doc\" must be a string");
        bool known = false;
        for (const char *const *a = allowed; *a; a++)
            if (strcmp(*a, key) == 0)
                known = true;
        if (!known) {
            tt_buf b = {0};
            buf_printf(&b, "unknown key \"%s\" (expected one of:", key);
            for (const char *const *a = allowed; *a; a++)
                buf_printf(&b, " %s", *a);
            buf_put(&b, ")");
            rd_err(r, where, b.data);
            free(b.data);
        }
    }
}

json_object *rd_get(json_object *obj, const char *key)
{
    json_object *v = NULL;
    return json_object_object_get_ex(obj, key, &v) ? v : NULL;
}

const char *rd_get_string(reader *r, json_object *obj, const char *key, const tt_loc *where,
                          bool required)
{
    json_object *v = rd_get(obj, key);
    if (!v) {
        if (required)
            rd_err(r, where, arena_printf(r->c->arena, "missing required key \"%s\"", key));
        return NULL;
    }
    if (!json_object_is_type(v, json_type_string)) {
        rd_err(r, rd_dot(r, where, key),
            arena_printf(r->c->arena, "expected a string, found %s", rd_type_name(v)));
        return NULL;
    }
    return arena_strdup(r->c->arena, json_object_get_string(v));
}

tt_tyexpr *rd_tyexpr(reader *r, const char *src, const tt_loc *where)
{
    const char *e;
    tt_tyexpr *t = tyexpr_parse(r->c->arena, src, &e);
    if (!t)
        rd_err(r, where, arena_printf(r->c->arena, "invalid type expression \"%s\": %s", src, e));
    return t;
}

/* Integer that may exceed 64 bits: a JSON integer, or a decimal/hex string. */
bool rd_big(reader *r, json_object *v, const tt_loc *where, tt_u128 *out, bool *negative)
{
    *negative = false;
    if (json_object_is_type(v, json_type_int)) {
        errno = 0;
        int64_t i = json_object_get_int64(v);
        uint64_t u = json_object_get_uint64(v);
        /* json-c saturates out-of-range integers to these values without an error. */
        if (i == INT64_MIN || u == UINT64_MAX) {
            rd_err(r, where, "integer at the 64-bit limit may have been saturated by the JSON "
                          "reader; write values of 64 bits or more as strings");
            return false;
        }
        if (i < 0) {
            *negative = true;
            *out = (tt_u128)(tt_i128)i; /* two's complement, like the string form */
        } else {
            *out = u;
        }
        return true;
    }
    if (!json_object_is_type(v, json_type_string)) {
        rd_err(r, where, arena_printf(r->c->arena, "expected an integer or a string, found %s",
                                   rd_type_name(v)));
        return false;
    }
    const char *s = json_object_get_string(v);
    const char *p = s;
    if (*p == '-') {
        *negative = true;
        p++;
    }
    unsigned base = 10;
    /* The schema's forms: decimal with an optional minus, or unsigned 0x hex. */
    if (p[0] == '0' && p[1] == 'x' && !*negative) {
        base = 16;
        p += 2;
    }
    tt_u128 val = 0;
    bool any = false;
    for (; *p; p++) {
        unsigned d;
        if (isdigit((unsigned char)*p))
            d = (unsigned)(*p - '0');
        else if (base == 16 && isxdigit((unsigned char)*p))
            d = (unsigned)(tolower((unsigned char)*p) - 'a' + 10);
        else {
            rd_err(r, where, arena_printf(r->c->arena, "invalid integer \"%s\"", s));
            return false;
        }
        if (val > (~(tt_u128)0 - d) / base) {
            rd_err(r, where, arena_printf(r->c->arena, "integer \"%s\" does not fit in 128 bits", s));
            return false;
        }
        val = val * base + d;
        any = true;
    }
    if (!any) {
        rd_err(r, where, arena_printf(r->c->arena, "invalid integer \"%s\"", s));
        return false;
    }
    if (*negative && val > ((tt_u128)1 << 127)) {
        rd_err(r, where, arena_printf(r->c->arena, "integer \"%s\" does not fit in i128", s));
        return false;
    }
    *out = *negative ? (tt_u128)0 - val : val;
    return true;
}

bool rd_u64_field(reader *r, json_object *obj, const char *key, const tt_loc *where,
                  uint64_t *out)
{
    json_object *v = rd_get(obj, key);
    const tt_loc *w = rd_dot(r, where, key);
    if (!v) {
        rd_err(r, where, arena_printf(r->c->arena, "missing required key \"%s\"", key));
        return false;
    }
    if (!json_object_is_type(v, json_type_int) || json_object_get_int64(v) < 0 ||
        json_object_get_uint64(v) == UINT64_MAX) {
        rd_err(r, w, "expected a non-negative integer");
        return false;
    }
    *out = json_object_get_uint64(v);
    return true;
}
