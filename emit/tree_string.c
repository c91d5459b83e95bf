/* TypeTree -> the string Enzyme parses, in the form Enzyme's own printer writes:
 * "{[-1]:Pointer, [-1,0]:Float@double}" (entries already sorted by tree_normalize). */
#include <stdlib.h>

#include "emit.h"

const char *kind_name(tt_kind k)
{
    static const char *const names[] = {
        [KIND_INTEGER] = "Integer",     [KIND_POINTER] = "Pointer",
        [KIND_HALF] = "Float@half",     [KIND_FLOAT] = "Float@float",
        [KIND_DOUBLE] = "Float@double", [KIND_FP128] = "Float@fp128",
        [KIND_ANYTHING] = "Anything",
    };
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "?";
}

void tree_to_string(const tt_tree *t, tt_buf *out)
{
    buf_put(out, "{");
    for (size_t i = 0; i < t->n; i++) {
        const tt_entry *e = &t->v[i];
        buf_put(out, i ? ", [" : "[");
        for (unsigned k = 0; k < e->len; k++) {
            /* not printf: a large type's tree has thousands of entries, and annotate
             * writes one per function, typed place and call */
            long long v = (long long)e->path[k];
            if (k)
                buf_put(out, ",");
            if (v < 0)
                buf_put(out, "-");
            buf_u128(out, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v);
        }
        buf_put(out, "]:");
        buf_put(out, kind_name((tt_kind)e->kind));
    }
    buf_put(out, "}");
}

const char *tree_string(tt_ctx *c, const tt_tree *t)
{
    if (!t->n)
        return NULL;
    tt_buf b = {0};
    tree_to_string(t, &b);
    const char *s = arena_strdup(c->arena, b.data);
    free(b.data);
    return s;
}
