/* The LLVM-text lexer (emit/ir/ir_lex.c) and the define-line parser on it (emit/ir/ir_define.c):
 * token kinds as LLVM prints them, quoted names with escapes, strings holding '@' and
 * brackets, metadata, attribute groups, nesting of every bracket kind, and lines cut inside
 * a string or a group. Every line is copied into a heap buffer of exactly n bytes, so the
 * sanitizer build fails when anything reads s[n]. */
#include "unit.h"

#include "../emit/ir/ir_define.h"
#include "../emit/ir/ir_lex.h"

/* A copy of text without its NUL (caller frees). */
static char *exact(const char *text, size_t *n)
{
    *n = strlen(text);
    char *s = malloc(*n ? *n : 1);
    assert_non_null(s);
    memcpy(s, text, *n);
    return s;
}

/* The tokens of text as "K:text" joined by spaces (K: G L M A S N W P; '~' marks an open
 * string or quoted name). Caller frees. */
static char *tokens(const char *text)
{
    static const char kinds[] = "-GLMASNWP";
    size_t n;
    char *s = exact(text, &n);
    tt_buf b = {0};
    buf_put(&b, "");
    for (lex_tok t = lex_next(s, 0, n); t.kind != LEX_END; t = lex_next(s, t.end, n)) {
        assert_true(t.at < t.end && t.end <= n);
        buf_printf(&b, "%s%c%s:%.*s", b.len ? " " : "", kinds[t.kind], t.open ? "~" : "",
                   (int)(t.end - t.at), s + t.at);
    }
    free(s);
    return b.data;
}

static void assert_tokens(const char *text, const char *want)
{
    char *got = tokens(text);
    assert_string_equal(got, want);
    free(got);
}

static void test_token_kinds(void **state)
{
    (void)state;
    assert_tokens("  %x = call noundef double @f(ptr align 8 %0, i64 -12) #3, !dbg !12\n",
                  "L:%x P:= W:call W:noundef W:double G:@f P:( W:ptr W:align N:8 L:%0 P:, "
                  "W:i64 N:-12 P:) A:#3 P:, M:!dbg M:!12");
    assert_tokens("double 1.000000e+00, double -1.5e-3, i64 0x7FF8000000000000, ...",
                  "W:double N:1.000000e+00 P:, W:double N:-1.5e-3 P:, W:i64 "
                  "N:0x7FF8000000000000 P:, W:...");
    assert_tokens("dereferenceable(24) ptr* c\"ab\\00\" $comdat.x",
                  "W:dereferenceable P:( N:24 P:) W:ptr P:* W:c S:\"ab\\00\" W:$comdat.x");
}

static void test_quoted_names(void **state)
{
    (void)state;
    tt_arena *a = arena_new();
    /* LLVM prints '"' as \22 and '\' as \5C (or \\ in names): all decode */
    const char *text = "@\"a\\22b\\5Cc\\\\d\" %\"q r\" !\"s\\22\" \"x\\41\\\"";
    size_t n;
    char *s = exact(text, &n);
    lex_tok t = lex_next(s, 0, n);
    assert_int_equal(t.kind, LEX_GLOBAL);
    assert_false(t.open);
    assert_string_equal(lex_text(a, s, t), "a\"b\\c\\d");
    t = lex_next(s, t.end, n);
    assert_int_equal(t.kind, LEX_LOCAL);
    assert_string_equal(lex_text(a, s, t), "q r");
    t = lex_next(s, t.end, n);
    assert_int_equal(t.kind, LEX_META);
    assert_string_equal(lex_text(a, s, t), "s\"");
    t = lex_next(s, t.end, n);
    assert_int_equal(t.kind, LEX_STRING);
    assert_string_equal(lex_text(a, s, t), "xA\\");
    assert_int_equal(lex_next(s, t.end, n).kind, LEX_END);
    free(s);
    /* plain names are copied; "\\" before the closing quote is one backslash */
    assert_string_equal(lex_unquote(a, "_ZN1a1b17h0E", 12), "_ZN1a1b17h0E");
    assert_string_equal(lex_unquote(a, "\"\\\\\"", 4), "\\");
    arena_free(a);
}

static void test_define_return_attribute(void **state)
{
    (void)state;
    tt_arena *a = arena_new();
    /* the return attribute holds '@', '(' and brackets inside its string; so does the name */
    const char *text =
        "define internal noundef \"enzyme_type\"=\"{[-1]:Float@double}\" double "
        "@\"f\\22(x\"(ptr noalias noundef align 8 dereferenceable(24) "
        "\"enzyme_type\"=\"{[-1]:Pointer, [-1,0]:Float@double}\" %self, { i64, double } %p, "
        "<{ i8, [2 x i16] }> %\"q, r\", i64 %3) unnamed_addr #0 !dbg !5 {\n";
    size_t n;
    char *s = exact(text, &n);
    ir_define_line *d = malloc(sizeof *d);
    const char *why = NULL;
    assert_true(ir_define_parse(s, n, d, &why));
    assert_int_equal(s[d->at], '@');
    assert_int_equal(s[d->lparen], '(');
    assert_int_equal(s[d->params_end - 1], ')');
    assert_string_equal(ir_define_symbol(a, s, n), "f\"(x");
    assert_string_equal(arena_strndup(a, s + d->ret_start, d->ret_end - d->ret_start), "double");
    assert_false(d->rewritten_cc);
    assert_int_equal(d->nparams, 4);
    static const char *const types[] = {"ptr", "{ i64, double }", "<{ i8, [2 x i16] }>", "i64"};
    static const char *const texts[] = {
        "ptr noalias noundef align 8 dereferenceable(24) \"enzyme_type\"=\"{[-1]:Pointer, "
        "[-1,0]:Float@double}\" %self",
        "{ i64, double } %p", "<{ i8, [2 x i16] }> %\"q, r\"", "i64 %3"};
    for (uint32_t k = 0; k < d->nparams; k++) {
        const ir_param_span *p = &d->params[k];
        assert_string_equal(arena_strndup(a, s + p->start, p->type_end - p->start), types[k]);
        assert_string_equal(arena_strndup(a, s + p->start, p->end - p->start), texts[k]);
    }
    free(s);

    /* a pair return type, a calling convention, no parameters */
    s = exact("define internal fastcc { ptr, i64 } @g() {\n", &n);
    assert_true(ir_define_parse(s, n, d, &why));
    assert_string_equal(arena_strndup(a, s + d->ret_start, d->ret_end - d->ret_start),
                        "{ ptr, i64 }");
    assert_true(d->rewritten_cc);
    assert_int_equal(d->nparams, 0);
    free(s);
    /* "ccc" is C's own convention; "cc 10" is not */
    s = exact("define ccc void @h(i8 %x)", &n);
    assert_true(ir_define_parse(s, n, d, &why));
    assert_false(d->rewritten_cc);
    assert_int_equal(d->nparams, 1);
    free(s);
    s = exact("define cc 10 void @h()", &n);
    assert_true(ir_define_parse(s, n, d, &why));
    assert_true(d->rewritten_cc);
    free(s);
    /* no name before a parameter list; a list cut at the line end */
    s = exact("define \"enzyme_type\"=\"@x(\" void", &n);
    assert_false(ir_define_parse(s, n, d, &why));
    assert_string_equal(why, "no function name followed by a parameter list");
    assert_null(ir_define_symbol(a, s, n));
    free(s);
    s = exact("define void @f(ptr \"a)\", { i64", &n);
    assert_false(ir_define_parse(s, n, d, &why));
    assert_string_equal(why, "unbalanced parameter list");
    free(s);
    free(d);
    arena_free(a);
}

static void test_metadata(void **state)
{
    (void)state;
    assert_tokens("!7 = distinct !{!7, !8, !\"x(y\", i32 2}",
                  "M:!7 P:= W:distinct M:! P:{ M:!7 P:, M:!8 P:, M:!\"x(y\" P:, W:i32 N:2 P:}");
    assert_tokens("!DIExpression(DW_OP_LLVM_fragment, 0, 64), !llvm.module.flags",
                  "M:!DIExpression P:( W:DW_OP_LLVM_fragment P:, N:0 P:, N:64 P:) P:, "
                  "M:!llvm.module.flags");
    size_t n;
    char *s = exact("!{!1, !{!\"}\"}, null} tail", &n);
    lex_tok bang = lex_next(s, 0, n);
    assert_int_equal(bang.kind, LEX_META);
    assert_int_equal(bang.end - bang.at, 1);
    size_t past = lex_skip_group(s, bang.end, n);
    assert_int_equal(past, strlen("!{!1, !{!\"}\"}, null}"));
    /* the items of the node: the second is itself a node */
    assert_int_equal(lex_item_end(s, 2, n, NULL), 4);
    assert_int_equal(lex_item_end(s, 5, n, NULL), strlen("!{!1, !{!\"}\"}"));
    free(s);
}

static void test_nested_groups(void **state)
{
    (void)state;
    const char *text = "[2 x { ptr, <4 x i32> }] (i8 (ptr), \")\") {\"}\", [1 x <{ i8 }>]}, x";
    size_t n;
    char *s = exact(text, &n);
    size_t g1 = lex_skip_group(s, 0, n);
    assert_int_equal(g1, strlen("[2 x { ptr, <4 x i32> }]"));
    size_t g2 = lex_skip_group(s, g1 + 1, n);
    assert_int_equal(g2, strlen("[2 x { ptr, <4 x i32> }] (i8 (ptr), \")\")"));
    size_t g3 = lex_skip_group(s, g2 + 1, n);
    assert_int_equal(s[g3], ',');
    assert_int_equal(g3, n - 3);
    /* inside the first group: the ',' after ptr; at the top level: the one before x */
    assert_int_equal(lex_item_end(s, 6, n, NULL), strlen("[2 x { ptr"));
    assert_int_equal(lex_item_end(s, 0, n, NULL), n - 3);
    assert_int_equal(lex_item_end(s, n - 1, n, NULL), n);
    /* a token that opens nothing is no group */
    assert_int_equal(lex_skip_group(s, 1, n), 0);
    free(s);
}

static void test_attribute_groups(void **state)
{
    (void)state;
    assert_tokens("} #12 #dbg_declare(ptr %x, !3, !DIExpression(), !9) # #",
                  "P:} A:#12 W:#dbg_declare P:( W:ptr L:%x P:, M:!3 P:, M:!DIExpression P:( "
                  "P:) P:, M:!9 P:) P:# P:#");
    assert_tokens("attributes #0 = { \"target-cpu\"=\"x86-64\" uwtable }",
                  "W:attributes A:#0 P:= P:{ S:\"target-cpu\" P:= S:\"x86-64\" W:uwtable P:}");
}

static void test_cut_at_line_end(void **state)
{
    (void)state;
    tt_arena *a = arena_new();
    /* strings and quoted names cut by n: open, and never read past n */
    assert_tokens("@\"abc", "G~:@\"abc");
    assert_tokens("x \"ab\\2", "W:x S~:\"ab\\2");
    assert_tokens("!\"", "M~:!\"");
    assert_tokens("% @ !", "P:% P:@ M:!");
    size_t n;
    char *s = exact("\"a\\5C", &n);
    assert_string_equal(lex_text(a, s, lex_next(s, 0, n)), "a\\");
    free(s);
    /* groups still open at n, also behind a string that holds the closer */
    s = exact("{ i64, \"}\"", &n);
    assert_int_equal(lex_skip_group(s, 0, n), 0);
    bool open = false;
    assert_int_equal(lex_item_end(s, 0, n, &open), n);
    assert_true(open);
    free(s);
    s = exact("(a, \"b)", &n);
    assert_int_equal(lex_skip_group(s, 0, n), 0);
    free(s);
    /* an empty line */
    s = exact("", &n);
    assert_int_equal(lex_next(s, 0, n).kind, LEX_END);
    assert_int_equal(lex_item_end(s, 0, n, NULL), 0);
    free(s);
    arena_free(a);
}

static void test_cursor(void **state)
{
    (void)state;
    size_t n;
    char *s = exact("  %v = load { ptr, i64 }, ptr %\"p\", align 8", &n);
    lex_cur c = lex_start(s, 0, n);
    assert_int_equal(c.t.kind, LEX_LOCAL);
    lex_step(&c);
    assert_true(lex_take(&c, "="));
    assert_false(lex_take(&c, "store"));
    assert_true(lex_take(&c, "load"));
    lex_tok ty = lex_take_item(&c);
    assert_int_equal(ty.end - ty.at, strlen("{ ptr, i64 }"));
    assert_true(lex_take(&c, ","));
    assert_true(lex_take(&c, "ptr"));
    assert_true(lex_take(&c, "%\"p\""));
    free(s);
    s = exact("load [2 x i8", &n);
    c = lex_start(s, 0, n);
    assert_true(lex_take(&c, "load"));
    assert_int_equal(lex_take_item(&c).kind, LEX_END);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_token_kinds),     cmocka_unit_test(test_quoted_names),
        cmocka_unit_test(test_define_return_attribute), cmocka_unit_test(test_metadata),
        cmocka_unit_test(test_nested_groups),   cmocka_unit_test(test_attribute_groups),
        cmocka_unit_test(test_cut_at_line_end), cmocka_unit_test(test_cursor),
    };
    return cmocka_run_group_tests_name("lex", tests, NULL, NULL);
}
