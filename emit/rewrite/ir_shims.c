/* The rewrites of std's allocator shims (IR_RW_RENAME_ALLOCATOR) and of memmoves
 * (IR_RW_SPLIT_MEMMOVE), which annotate does too (emit/rewrite/ir_rewrite.h says why), and
 * the memmove helpers they call; out of ir_rewrite.c, the driver, whose rewrite_line ends
 * with them. */
#include <stdlib.h>
#include <string.h>

#include "ir_rewriter.h"

/* ---- allocator shims ----
 * @_RNvCs<crate hash>_7___rustc<N>_<shim>, the shim one of the four and ending the name
 * or followed by a character that cannot be in a name's word: @<shim> instead. */
static const char *const shims[] = {"__rust_alloc_zeroed", "__rust_alloc", "__rust_dealloc",
                                    "__rust_realloc"};

/* Length of the mangled shim name at s[i] (just past '@'), 0 if none; *shim its name. */
static size_t mangled_shim(const char *s, size_t i, size_t n, const char **shim)
{
    if (!rw_starts(s + i, n - i, "_RNvCs"))
        return 0;
    size_t word_end = i + 6;
    while (word_end < n && rw_is_word(s[word_end]))
        word_end++;
    /* the hash is one or more word characters, then _7___rustc: try each place */
    for (size_t k = i + 7; k + 10 <= word_end; k++) {
        if (memcmp(s + k, "_7___rustc", 10) != 0)
            continue;
        size_t d = k + 10, e = d;
        while (e < word_end && rw_is_digit(s[e]))
            e++;
        if (e == d || e >= word_end || s[e] != '_')
            continue;
        for (size_t x = 0; x < sizeof shims / sizeof *shims; x++) {
            size_t m = strlen(shims[x]);
            if (e + 1 + m <= n && memcmp(s + e + 1, shims[x], m) == 0 &&
                (e + 1 + m == n || !rw_is_word(s[e + 1 + m]))) {
                *shim = shims[x];
                return e + 1 + m - i;
            }
        }
    }
    return 0;
}

/* ---- memmove ----
 * `call void @llvm.memmove.p0.p0.i64(ARGS)` where ARGS ends in ", i1 false" and every
 * parenthesis in it belongs to a group holding no parenthesis, '@' or '%' (an attribute's
 * argument, dereferenceable(24), not a constant expression): the first such call on the
 * line calls @__typetree_memmove instead. */
#define MEMMOVE_CALL "call void @llvm.memmove.p0.p0.i64("

static bool memmove_args_plain(const char *s, size_t open, size_t n)
{
    bool in_group = false;
    for (size_t i = open + 1; i < n; i++) {
        char ch = s[i];
        if (in_group) {
            if (ch == ')')
                in_group = false;
            else if (ch == '(' || ch == '@' || ch == '%')
                return false;
        } else if (ch == '(') {
            in_group = true;
        } else if (ch == ')') {
            return i - (open + 1) >= 10 && memcmp(s + i - 10, ", i1 false", 10) == 0;
        }
    }
    return false;
}

/* The memmove call at s[call] typed by annotate: "enzyme_type" on its pointer operands
 * (and a segment list, !enzyme_truetype) goes with it into a helper of its own,
 * @__typetree_memmove.K, whose copies carry them and, when the call's length is a
 * constant, that constant. Inside the one shared helper the length is an argument and the
 * operands have no tree of their own, so Enzyme, which types a copy of run-time length
 * from the first bytes of its operands alone, stops there ("Cannot deduce type of copy":
 * rotate_left, copy_within of f64 at -O1..-O3, the gradient case slice_moves_mixed).
 * Keeping the length constant keeps the meaning annotate's tree has on the original call:
 * a tree of mixed kinds on a constant length types each byte, on a run-time length it
 * would type every byte as the first (annotate writes trees on copies of run-time length
 * only for values of one kind). Returns the call's new text up to its "(". */
static const char *memmove_callee(ir_rewriter *rw, const char *s, size_t n, size_t call)
{
    static const char attr[] = "\"enzyme_type\"=\"";
    const char *tree[2] = {NULL, NULL}, *len = NULL;
    size_t i = call + strlen(MEMMOVE_CALL), from = i, k = 0;
    int depth = 0;
    bool quoted = false;
    for (; i < n && k < 4; i++) {
        char ch = s[i];
        if (quoted) {
            quoted = ch != '"';
            continue;
        }
        if (ch == '"') {
            quoted = true;
        } else if (ch == '(') {
            depth++;
        } else if ((ch == ',' && !depth) || (ch == ')' && !depth--)) {
            size_t a = from;
            while (a < i && s[a] == ' ')
                a++;
            if (k < 2) {
                size_t t = rw_find(s, a, i, attr);
                if (t < i) {
                    size_t v = t + strlen(attr), e = v;
                    while (e < i && s[e] != '"')
                        e++;
                    tree[k] = arena_strndup(rw->c->arena, s + v, e - v);
                }
            } else if (k == 2 && i - a > 4 && memcmp(s + a, "i64 ", 4) == 0) {
                size_t v = a + 4;
                bool number = v < i;
                for (size_t e = v; e < i; e++)
                    number &= rw_is_digit(s[e]);
                len = number ? arena_strndup(rw->c->arena, s + v, i - v) : "%n";
            }
            k++;
            from = i + 1;
            if (ch == ')')
                break;
        }
    }
    if (!tree[0] && !tree[1])
        return "call void @__typetree_memmove(";
    if (!len)
        len = "%n";
    /* the bytes a memmove moves are the same bytes at both ends */
    const char *d = tree[0] ? tree[0] : tree[1], *src = tree[1] ? tree[1] : tree[0];
    const char *md = "";
    size_t m = rw_find(s, call, n, ", !enzyme_truetype !");
    if (m < n) {
        size_t e = m + strlen(", !enzyme_truetype !");
        while (e < n && rw_is_digit(s[e]))
            e++;
        md = arena_strndup(rw->c->arena, s + m, e - m);
    }
    const char *key = arena_printf(rw->c->arena, "%s\n%s\n%s\n%s", d, src, len, md);
    uintptr_t id = (uintptr_t)map_get(rw->mm_variants, key);
    if (!id) {
        id = map_count(rw->mm_variants) + 1;
        map_put(rw->mm_variants, key, (void *)id);
        buf_printf(&rw->mm_defs,
                   "\n; rustc-typetree: memmove through a temporary, typed as annotate typed "
                   "the call\n"
                   "define internal void @__typetree_memmove.%lu(ptr \"enzyme_type\"=\"%s\" %%d, "
                   "ptr \"enzyme_type\"=\"%s\" %%s, i64 %%n, i1 %%v) noinline optnone {\n"
                   "  %%t = call ptr @malloc(i64 %s)\n"
                   "  call void @llvm.memcpy.p0.p0.i64(ptr \"enzyme_type\"=\"%s\" %%t, "
                   "ptr \"enzyme_type\"=\"%s\" %%s, i64 %s, i1 false)%s\n"
                   "  call void @llvm.memcpy.p0.p0.i64(ptr \"enzyme_type\"=\"%s\" %%d, "
                   "ptr \"enzyme_type\"=\"%s\" %%t, i64 %s, i1 false)%s\n"
                   "  call void @free(ptr %%t)\n"
                   "  ret void\n"
                   "}\n",
                   (unsigned long)id, d, src, len, src, src, len, md, d, src, len, md);
    }
    return arena_printf(rw->c->arena, "call void @__typetree_memmove.%lu(", (unsigned long)id);
}

/* Whether the line declares or defines (as its first global) the function name. */
static bool first_global_is(const char *s, size_t n, const char *kw, const char *name)
{
    if (!rw_starts(s, n, kw))
        return false;
    const char *at = memchr(s, '@', n);
    return at && rw_starts(at + 1, n - (size_t)(at + 1 - s), name);
}

void ir_shims_line(ir_rewriter *rw, const char *s, size_t n, tt_buf *out)
{
    size_t call = n;
    if (rw->which & IR_RW_SPLIT_MEMMOVE) {
        for (size_t i = rw_find(s, 0, n, MEMMOVE_CALL); i < n;
             i = rw_find(s, i + 1, n, MEMMOVE_CALL)) {
            rw->saw_memmove = true;
            if (memmove_args_plain(s, i + strlen(MEMMOVE_CALL) - 1, n)) {
                call = i;
                break;
            }
        }
        if (rw_starts(s, n, "declare") || rw_starts(s, n, "define")) {
            rw->has_malloc |= first_global_is(s, n, "de", "malloc(");
            rw->has_free |= first_global_is(s, n, "de", "free(");
            rw->has_memcpy |= first_global_is(s, n, "declare", "llvm.memcpy.p0.p0.i64(");
        }
    }
    size_t from = 0;
    if (rw->which & IR_RW_RENAME_ALLOCATOR) {
        for (size_t i = rw_find(s, 0, n, "@_RNvCs"); i < n; i = rw_find(s, i + 1, n, "@_RNvCs")) {
            const char *shim;
            size_t len = mangled_shim(s, i + 1, n, &shim);
            if (!len)
                continue;
            if (call >= from && call < i) { /* the memmove call comes first */
                buf_putn(out, s + from, call - from);
                buf_put(out, memmove_callee(rw, s, n, call));
                from = call + strlen(MEMMOVE_CALL);
                call = n;
            }
            buf_putn(out, s + from, i + 1 - from);
            buf_put(out, shim);
            from = i + 1 + len;
            i = from - 1;
        }
    }
    if (call < n && call >= from) {
        buf_putn(out, s + from, call - from);
        buf_put(out, memmove_callee(rw, s, n, call));
        from = call + strlen(MEMMOVE_CALL);
    }
    buf_putn(out, s + from, n - from);
}

void ir_memmove_helpers(ir_rewriter *rw, tt_buf *moves, tt_buf *out)
{
    if (!(rw->which & IR_RW_SPLIT_MEMMOVE) || !rw->saw_memmove) {
        free(moves->data);
        return;
    }
    buf_put(out, "\n"
                 "; rustc-typetree: memmove through a temporary (Enzyme differentiates memmove as "
                 "memcpy)\n"
                 "define internal void @__typetree_memmove(ptr %d, ptr %s, i64 %n, i1 %v) "
                 "noinline optnone {\n"
                 "  %t = call ptr @malloc(i64 %n)\n"
                 "  call void @llvm.memcpy.p0.p0.i64(ptr %t, ptr %s, i64 %n, i1 false)\n"
                 "  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %t, i64 %n, i1 false)\n"
                 "  call void @free(ptr %t)\n"
                 "  ret void\n"
                 "}\n");
    buf_putn(out, moves->data ? moves->data : "", moves->len);
    free(moves->data);
    if (!rw->has_malloc)
        buf_put(out, "declare ptr @malloc(i64)\n");
    if (!rw->has_free)
        buf_put(out, "declare void @free(ptr)\n");
    if (!rw->has_memcpy)
        buf_put(out, "declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)\n");
}
