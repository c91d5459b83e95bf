/* Helpers shared by the cmocka unit tests: contexts built from inline JSON or from Rust
 * declarations, layouts of type expressions, and assertions on diagnostics.
 * Header-only (the Makefile builds each tests/unit/test_*.c alone against the library);
 * every helper is static inline so a test file may use any subset. A test frees its
 * context with ctx_free(). */
#ifndef TT_UNIT_H
#define TT_UNIT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../emit/emit.h"

/* The location tests give the library for what they compute. */
static const tt_loc test_loc = {NULL, "expr"};
#define TEST_LOC (&test_loc)

/* ---- diagnostics ---- */

/* All diagnostics of c as text, one per line (caller frees). */
static inline char *diags_text(const tt_ctx *c)
{
    tt_buf b = {0};
    buf_put(&b, "");
    for (const tt_diag *d = c->diags; d; d = d->next)
        buf_printf(&b, "  %s: %s: %s: %s\n", d->file ? d->file : "-", d->where ? d->where : "-",
                   d->severity == TT_ERROR ? "error" : "warning", d->msg);
    return b.data;
}

static inline void assert_no_diags(const tt_ctx *c)
{
    if (c->diags) {
        char *t = diags_text(c);
        print_error("unexpected diagnostics:\n%s", t);
        free(t);
        fail();
    }
}

/* Asserts a diagnostic of severity sev whose JSON path is exactly `where` (any path when
 * NULL) and whose message contains `msg`. */
static inline void assert_diag(const tt_ctx *c, tt_severity sev, const char *where, const char *msg)
{
    for (const tt_diag *d = c->diags; d; d = d->next)
        if (d->severity == sev && (!where || (d->where && strcmp(d->where, where) == 0)) &&
            strstr(d->msg, msg))
            return;
    char *t = diags_text(c);
    print_error("no %s at %s containing \"%s\"; diagnostics:\n%s",
                sev == TT_ERROR ? "error" : "warning", where ? where : "(any path)", msg, t);
    free(t);
    fail();
}

static inline void assert_error_at(const tt_ctx *c, const char *where, const char *msg)
{
    assert_diag(c, TT_ERROR, where, msg);
}

static inline void assert_warning_at(const tt_ctx *c, const char *where, const char *msg)
{
    assert_diag(c, TT_WARNING, where, msg);
}

/* ---- contexts ---- */

/* A fresh context that has read `json` (a whole document) as the file "t.json".
 * Diagnostics, if any, stay in the context for the test to inspect. */
static inline tt_ctx *ctx_json(const char *json)
{
    tt_ctx *c = tt_ctx_new();
    assert_no_diags(c); /* the built-in prelude */
    ingest_json_text(c, "t.json", json, strlen(json), false);
    return c;
}

/* The document {"format": "rust-types/1", "types": TYPES}, where TYPES is written with
 * single quotes for readability ('S' -> "S"); then validated like the CLI does. */
static inline tt_ctx *ctx_types(const char *types)
{
    tt_buf b = {0};
    buf_put(&b, "{\"format\": \"rust-types/1\", \"types\": ");
    size_t start = b.len;
    buf_put(&b, types);
    for (size_t i = start; i < b.len; i++)
        if (b.data[i] == '\'')
            b.data[i] = '"';
    buf_put(&b, "}");
    tt_ctx *c = ctx_json(b.data);
    free(b.data);
    if (!c->nerrors)
        types_validate_defs(c);
    return c;
}

/* -- Rust declarations -> rust-types/1, so layout tests read like the rustc probes. --
 * Accepted: `#[repr(...)]`, `#[valid_range_start(N)]`, `#[valid_range_end(N)]`, then
 *   struct Name<G> { a: T, ... }   struct Name<G>(T, ...);   struct Name;
 *   union Name<G> { a: T, ... }    enum Name<G> { A, B(T, ...), C { x: T }, D = -3 }
 * Types are copied as written; commas inside <>, (), [] and {} do not split. */

static inline void rs_ws(const char **p)
{
    while (isspace((unsigned char)**p))
        (*p)++;
}

static inline bool rs_eat(const char **p, const char *tok)
{
    rs_ws(p);
    size_t n = strlen(tok);
    if (strncmp(*p, tok, n) != 0)
        return false;
    *p += n;
    return true;
}

static inline void rs_expect(const char **p, const char *tok)
{
    if (!rs_eat(p, tok)) {
        print_error("Rust declaration: expected '%s' at \"%.30s\"\n", tok, *p);
        fail();
    }
}

/* Copies an identifier (with ::) into b as a JSON string body. */
static inline void rs_ident(const char **p, tt_buf *b)
{
    rs_ws(p);
    const char *s = *p;
    while (isalnum((unsigned char)**p) || **p == '_' || (**p == ':' && (*p)[1] == ':'))
        *p += **p == ':' ? 2 : 1;
    if (*p == s) {
        print_error("Rust declaration: expected a name at \"%.30s\"\n", s);
        fail();
    }
    buf_putn(b, s, (size_t)(*p - s));
}

/* Text up to the next top-level ',' or unmatched closer, without trailing spaces. */
static inline void rs_item(const char **p, tt_buf *b)
{
    rs_ws(p);
    const char *s = *p;
    int depth = 0;
    for (; **p; (*p)++) {
        char ch = **p;
        if (ch == '<' || ch == '(' || ch == '[' || ch == '{')
            depth++;
        else if ((ch == '>' && !(*p > s && (*p)[-1] == '-')) || ch == ')' || ch == ']' || ch == '}') {
            if (depth == 0)
                break;
            depth--;
        } else if (ch == ',' && depth == 0)
            break;
    }
    const char *e = *p;
    while (e > s && isspace((unsigned char)e[-1]))
        e--;
    for (const char *q = s; q < e; q++) {
        if (*q == '"' || *q == '\\')
            buf_put(b, "\\");
        buf_putn(b, q, 1);
    }
}

/* Fields up to `close`: named ("a: T") or positional ("T"), as a JSON array. */
static inline void rs_fields(const char **p, tt_buf *b, const char *close, bool named)
{
    buf_put(b, "[");
    for (int i = 0; !rs_eat(p, close); i++) {
        buf_put(b, i ? ", {" : "{");
        if (named) {
            buf_put(b, "\"name\": \"");
            rs_ident(p, b);
            buf_put(b, "\", ");
            rs_expect(p, ":");
        }
        buf_put(b, "\"ty\": \"");
        rs_item(p, b);
        buf_put(b, "\"}");
        rs_eat(p, ",");
    }
    buf_put(b, "]");
}

static inline void rs_variants(const char **p, tt_buf *b)
{
    buf_put(b, ", \"variants\": [");
    for (int i = 0; !rs_eat(p, "}"); i++) {
        buf_put(b, i ? ", {\"name\": \"" : "{\"name\": \"");
        rs_ident(p, b);
        buf_put(b, "\"");
        if (rs_eat(p, "(")) {
            buf_put(b, ", \"fields\": ");
            rs_fields(p, b, ")", false);
        } else if (rs_eat(p, "{")) {
            buf_put(b, ", \"fields\": ");
            rs_fields(p, b, "}", true);
        }
        if (rs_eat(p, "=")) {
            buf_put(b, ", \"discriminant\": \"");
            rs_item(p, b);
            buf_put(b, "\"");
        }
        buf_put(b, "}");
        rs_eat(p, ",");
    }
    buf_put(b, "]");
}

/* Appends one declaration as `"Name<G>": {...}`. */
static inline void rs_decl(const char **p, tt_buf *b)
{
    tt_buf attrs = {0};
    buf_put(&attrs, "");
    int nrepr = 0;
    while (rs_eat(p, "#[")) {
        if (rs_eat(p, "repr(")) {
            buf_put(&attrs, ", \"repr\": [");
            while (!rs_eat(p, ")")) {
                buf_put(&attrs, nrepr++ ? ", \"" : "\"");
                rs_item(p, &attrs);
                buf_put(&attrs, "\"");
                rs_eat(p, ",");
            }
            buf_put(&attrs, "]");
        } else {
            bool start = rs_eat(p, "valid_range_start(");
            if (!start)
                rs_expect(p, "valid_range_end(");
            buf_printf(&attrs, ", \"valid_range_%s\": \"", start ? "start" : "end");
            rs_item(p, &attrs);
            buf_put(&attrs, "\"");
            rs_expect(p, ")");
        }
        rs_expect(p, "]");
    }
    const char *kind = rs_eat(p, "struct") ? "struct" : rs_eat(p, "union") ? "union" : NULL;
    if (!kind) {
        rs_expect(p, "enum");
        kind = "enum";
    }
    buf_put(b, "\"");
    rs_ident(p, b);
    if (rs_eat(p, "<")) {
        buf_put(b, "<");
        rs_item(p, b);
        while (rs_eat(p, ",")) {
            buf_put(b, ", ");
            rs_item(p, b);
        }
        rs_expect(p, ">");
        buf_put(b, ">");
    }
    buf_printf(b, "\": {\"kind\": \"%s\"%s", kind, attrs.data);
    free(attrs.data);
    if (strcmp(kind, "enum") == 0) {
        rs_expect(p, "{");
        rs_variants(p, b);
    } else if (rs_eat(p, "{")) {
        buf_put(b, ", \"fields\": ");
        rs_fields(p, b, "}", true);
    } else if (rs_eat(p, "(")) {
        buf_put(b, ", \"fields\": ");
        rs_fields(p, b, ")", false);
        rs_eat(p, ";");
    } else {
        rs_expect(p, ";");
        buf_put(b, ", \"fields\": []");
    }
    buf_put(b, "}");
}

/* The rust-types/1 document for `decls` (caller frees). */
static inline char *rust_to_json(const char *decls)
{
    tt_buf b = {0};
    buf_put(&b, "{\"format\": \"rust-types/1\", \"types\": {");
    const char *p = decls;
    for (int i = 0;; i++) {
        rs_ws(&p);
        if (!*p)
            break;
        if (i)
            buf_put(&b, ", ");
        rs_decl(&p, &b);
    }
    buf_put(&b, "}}");
    return b.data;
}

/* A context holding the Rust declarations `decls`, read and validated; diagnostics stay. */
static inline tt_ctx *ctx_rust_diags(const char *decls)
{
    char *json = rust_to_json(decls);
    tt_ctx *c = ctx_json(json);
    free(json);
    if (!c->nerrors)
        types_validate_defs(c);
    return c;
}

/* As ctx_rust_diags, asserting that reading and validating produced no diagnostic. */
static inline tt_ctx *ctx_rust(const char *decls)
{
    tt_ctx *c = ctx_rust_diags(decls);
    assert_no_diags(c);
    return c;
}

/* ---- layouts ---- */

/* The layout of a type expression; fails the test (showing the diagnostics) if there is
 * none or computing it reported an error. */
static inline const tt_layout *layout_expr(tt_ctx *c, const char *expr)
{
    unsigned errors = c->nerrors;
    tt_type *t = types_resolve_str(c, expr, TEST_LOC);
    const tt_layout *l = t ? layout_of(c, t, TEST_LOC) : NULL;
    if (!l || c->nerrors != errors) {
        char *d = diags_text(c);
        print_error("no layout for %s:\n%s", expr, d);
        free(d);
        fail();
    }
    return l;
}

/* Asserts that expr has no layout and that an error mentions `msg` (JSON path `where`,
 * any when NULL). */
static inline void assert_layout_error(tt_ctx *c, const char *expr, const char *where,
                                       const char *msg)
{
    tt_type *t = types_resolve_str(c, expr, TEST_LOC);
    const tt_layout *l = t ? layout_of(c, t, TEST_LOC) : NULL;
    if (l) {
        print_error("%s unexpectedly has a layout (size %llu)\n", expr,
                    (unsigned long long)l->size);
        fail();
    }
    assert_error_at(c, where, msg);
}

/* Compares offsets (declaration order) with a space-separated list: "5 0 4". */
static inline void assert_offsets_are(const uint64_t *offsets, uint32_t n, const char *expect)
{
    tt_buf b = {0};
    buf_put(&b, "");
    for (uint32_t i = 0; i < n; i++)
        buf_printf(&b, "%s%llu", i ? " " : "", (unsigned long long)offsets[i]);
    assert_string_equal(b.data, expect);
    free(b.data);
}

/* size, align and field offsets of expr; offsets NULL to skip them. */
static inline const tt_layout *expect_layout(tt_ctx *c, const char *expr, uint64_t size,
                                             uint64_t align, const char *offsets)
{
    const tt_layout *l = layout_expr(c, expr);
    if (l->size != size || l->align != align) {
        print_error("%s: size/align %llu/%llu, expected %llu/%llu\n", expr,
                    (unsigned long long)l->size, (unsigned long long)l->align,
                    (unsigned long long)size, (unsigned long long)align);
        fail();
    }
    if (offsets)
        assert_offsets_are(l->offsets, l->nfields, offsets);
    return l;
}

/* ---- tables of layout facts ---- */

/* One layout fact: the declarations, a type expression, size, align, and optionally the
 * field offsets in declaration order ("6 0 4"; for enums each variant's, joined by " | ",
 * "-" for a variant without fields) and the tag ("tag u8", "niche", "none"). */
typedef struct {
    const char *decls, *expr;
    uint64_t size, align;
    const char *offsets, *tag;
} lcase;

static inline void render_offsets(tt_buf *b, const tt_layout *l)
{
    if (!l->is_enum) {
        for (uint32_t i = 0; i < l->nfields; i++)
            buf_printf(b, "%s%llu", i ? " " : "", (unsigned long long)l->offsets[i]);
        return;
    }
    for (uint32_t v = 0; v < l->nvariants; v++) {
        buf_put(b, v ? " | " : "");
        if (!l->variants[v].nfields)
            buf_put(b, "-");
        for (uint32_t i = 0; i < l->variants[v].nfields; i++)
            buf_printf(b, "%s%llu", i ? " " : "", (unsigned long long)l->variants[v].offsets[i]);
    }
}

static inline void render_tag(tt_buf *b, const tt_layout *l)
{
    if (l->tag_encoding == TAG_NICHE)
        buf_put(b, "niche");
    else if (l->tag_encoding == TAG_DIRECT)
        buf_printf(b, "tag %c%u", l->tag.prim.is_signed ? 'i' : 'u', l->tag.prim.size * 8);
    else
        buf_put(b, "none");
}

static inline void check_layouts(const lcase *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        tt_ctx *c = ctx_rust(cases[i].decls);
        const tt_layout *l = layout_expr(c, cases[i].expr);
        tt_buf got = {0}, want = {0};
        buf_printf(&got, "%llu/%llu", (unsigned long long)l->size, (unsigned long long)l->align);
        buf_printf(&want, "%llu/%llu", (unsigned long long)cases[i].size,
                   (unsigned long long)cases[i].align);
        if (cases[i].offsets) {
            buf_put(&got, " ");
            render_offsets(&got, l);
            buf_printf(&want, " %s", cases[i].offsets);
        }
        if (cases[i].tag) {
            buf_put(&got, ", ");
            render_tag(&got, l);
            buf_printf(&want, ", %s", cases[i].tag);
        }
        if (strcmp(got.data, want.data) != 0) {
            print_error("%s  [%s]\n  got      %s\n  expected %s\n", cases[i].expr, cases[i].decls,
                        got.data, want.data);
            free(got.data);
            free(want.data);
            ctx_free(c);
            fail();
        }
        free(got.data);
        free(want.data);
        ctx_free(c);
    }
}

#define CHECK_LAYOUTS(cases) check_layouts(cases, sizeof cases / sizeof cases[0])

static inline void assert_scalar(tt_scalar s, tt_primkind kind, unsigned size, tt_u128 start, tt_u128 end)
{
    assert_int_equal(s.prim.kind, kind);
    assert_int_equal(s.prim.size, size);
    if (s.valid.start != start || s.valid.end != end) {
        print_error("valid range %llx..=%llx (low 64 bits), expected %llx..=%llx\n",
                    (unsigned long long)s.valid.start, (unsigned long long)s.valid.end,
                    (unsigned long long)start, (unsigned long long)end);
        fail();
    }
}

#define U64MAX ((tt_u128)UINT64_MAX)

#endif
