/* LLVM type sizes for the body pass (emit/body/ir_body.c): the alloc size of a type, the stride
 * of a getelementptr over it, with the module's named struct definitions
 * (%"cases::Record" = type { double, [3 x double], i64, i8, [7 x i8] }, which rustc gives a
 * slice's elements at -O0) and x86_64's data layout as rustc writes it (i128 and fp128
 * 16-byte aligned). 0 for what it cannot size (vectors, opaque, x86_fp80, a name the
 * module does not define): the caller then types nothing. */
#include <stdlib.h>
#include <string.h>

#include "../ir/ir_lex.h"
#include "ir_types.h"

typedef struct {
    uint64_t size, align;
} sized;

#define DEPTH_MAX 32
#define SIZE_MAX_OK (UINT64_C(1) << 48) /* larger is nonsense for a type here */

static bool size_in(const tt_map *defs, const char *s, size_t i, size_t n, unsigned depth,
                    sized *o);

/* The fields of a struct body s[i, n) (between its braces), laid out in order. */
static bool fields_in(const tt_map *defs, const char *s, size_t i, size_t n, unsigned depth,
                      bool packed, sized *o)
{
    uint64_t off = 0, align = 1;
    if (lex_next(s, i, n).kind == LEX_END) {
        o->size = 0, o->align = 1;
        return true;
    }
    for (;;) {
        bool open = false;
        size_t end = lex_item_end(s, i, n, &open);
        sized f;
        if (open || !size_in(defs, s, i, end, depth + 1, &f))
            return false;
        if (!packed) {
            off = align_up(off, f.align);
            if (f.align > align)
                align = f.align;
        }
        off += f.size;
        if (off > SIZE_MAX_OK)
            return false;
        if (end >= n)
            break;
        i = end + 1;
    }
    o->size = packed ? off : align_up(off, align);
    o->align = packed ? 1 : align;
    return true;
}

/* s[i, n) is exactly one type. */
static bool size_in(const tt_map *defs, const char *s, size_t i, size_t n, unsigned depth,
                    sized *o)
{
    static const struct {
        const char *t;
        uint64_t size, align;
    } scalars[] = {{"i1", 1, 1},     {"i8", 1, 1},     {"i16", 2, 2},    {"i32", 4, 4},
                   {"i64", 8, 8},    {"i128", 16, 16}, {"half", 2, 2},   {"bfloat", 2, 2},
                   {"float", 4, 4},  {"double", 8, 8}, {"fp128", 16, 16}, {"ptr", 8, 8}};
    if (depth > DEPTH_MAX)
        return false;
    lex_tok t = lex_next(s, i, n);
    if (t.kind == LEX_WORD) {
        if (lex_next(s, t.end, n).kind != LEX_END)
            return false;
        for (size_t k = 0; k < sizeof scalars / sizeof scalars[0]; k++)
            if (lex_eq(s, t, scalars[k].t)) {
                o->size = scalars[k].size, o->align = scalars[k].align;
                return true;
            }
        return false;
    }
    if (t.kind == LEX_LOCAL && !t.open) {
        if (lex_next(s, t.end, n).kind != LEX_END)
            return false;
        char key[512];
        size_t len = t.end - t.at;
        if (len >= sizeof key)
            return false;
        memcpy(key, s + t.at, len);
        key[len] = '\0';
        const char *def = map_get(defs, key);
        return def && size_in(defs, def, 0, strlen(def), depth + 1, o);
    }
    if (t.kind != LEX_PUNCT)
        return false;
    size_t close = lex_skip_group(s, t.at, n);
    if (!close || lex_next(s, close, n).kind != LEX_END)
        return false;
    if (lex_is(s, t, '[')) { /* [N x T] */
        lex_tok num = lex_next(s, t.end, close - 1);
        lex_tok x = lex_next(s, num.end, close - 1);
        sized e;
        if (num.kind != LEX_NUMBER || s[num.at] == '-' || !lex_eq(s, x, "x") ||
            !size_in(defs, s, x.end, close - 1, depth + 1, &e))
            return false;
        uint64_t count = strtoull(s + num.at, NULL, 10);
        if (e.size && count > SIZE_MAX_OK / e.size)
            return false;
        o->size = count * e.size, o->align = e.align;
        return true;
    }
    if (lex_is(s, t, '{'))
        return fields_in(defs, s, t.end, close - 1, depth, false, o);
    if (lex_is(s, t, '<')) { /* <{ ... }> packed; <N x T> a vector: not sized here */
        lex_tok brace = lex_next(s, t.end, close - 1);
        if (!lex_is(s, brace, '{'))
            return false;
        size_t inner = lex_skip_group(s, brace.at, close - 1);
        if (!inner || lex_next(s, inner, close - 1).kind != LEX_END)
            return false;
        return fields_in(defs, s, brace.end, inner - 1, depth, true, o);
    }
    return false;
}

void ir_types_note(tt_map *defs, tt_arena *a, const char *s, size_t n)
{
    lex_cur c = lex_start(s, 0, n);
    lex_tok name = c.t;
    lex_step(&c);
    if (name.kind != LEX_LOCAL || name.open || name.at != 0 || !lex_take(&c, "=") ||
        !lex_take(&c, "type") || c.t.kind == LEX_END)
        return;
    size_t end = n;
    while (end > c.t.at && (s[end - 1] == '\n' || s[end - 1] == '\r' || s[end - 1] == ' '))
        end--;
    map_put(defs, arena_strndup(a, s, name.end), arena_strndup(a, s + c.t.at, end - c.t.at));
}

uint64_t ir_type_size(const tt_map *defs, const char *s, size_t n)
{
    sized o;
    return size_in(defs, s, 0, n, 0, &o) ? o.size : 0;
}
