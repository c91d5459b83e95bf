/* The type-expression parser (layout/tyexpr.c): every form of schema/README.md's grammar
 * parses to the expected tree, and every malformed input is rejected with the column of
 * the problem. Trees are compared through a canonical rendering (render() below). */
#include "unit.h"

/* Canonical Rust spelling of a parsed expression: one space after ',' and ';', none
 * elsewhere; lifetimes are gone (the parser drops them). */
static void render(tt_buf *b, const tt_tyexpr *e)
{
    switch (e->kind) {
    case TX_PATH:
        buf_put(b, e->path);
        if (e->nargs) {
            buf_put(b, "<");
            for (uint32_t i = 0; i < e->nargs; i++) {
                buf_put(b, i ? ", " : "");
                render(b, e->args[i]);
            }
            buf_put(b, ">");
        }
        break;
    case TX_REF:
        buf_put(b, e->is_mut ? "&mut " : "&");
        render(b, e->elem);
        break;
    case TX_PTR:
        buf_put(b, e->is_mut ? "*mut " : "*const ");
        render(b, e->elem);
        break;
    case TX_ARRAY:
        buf_put(b, "[");
        render(b, e->elem);
        buf_printf(b, "; %llu]", (unsigned long long)e->len);
        break;
    case TX_SLICE:
        buf_put(b, "[");
        render(b, e->elem);
        buf_put(b, "]");
        break;
    case TX_TUPLE:
        buf_put(b, "(");
        for (uint32_t i = 0; i < e->nargs; i++) {
            buf_put(b, i ? ", " : "");
            render(b, e->args[i]);
        }
        buf_put(b, e->nargs == 1 ? ",)" : ")");
        break;
    case TX_FN:
        buf_put(b, "fn(");
        for (uint32_t i = 0; i < e->nargs; i++) {
            buf_put(b, i ? ", " : "");
            render(b, e->args[i]);
        }
        buf_put(b, ")");
        if (e->elem) {
            buf_put(b, " -> ");
            render(b, e->elem);
        }
        break;
    case TX_DYN:
        buf_printf(b, "dyn %s", e->path);
        break;
    case TX_NEVER:
        buf_put(b, "!");
        break;
    }
}

typedef struct {
    const char *src, *expect;
} case_t;

/* Parses every src and compares the rendering (or, for errors, the message) with expect. */
static void check_cases(const case_t *cases, size_t n, bool errors)
{
    tt_arena *a = arena_new();
    for (size_t i = 0; i < n; i++) {
        const char *err;
        tt_tyexpr *e = tyexpr_parse(a, cases[i].src, &err);
        tt_buf b = {0};
        if (e && !errors) {
            assert_null(err);
            render(&b, e);
        } else if (e) {
            print_error("\"%s\" parsed, expected the error \"%s\"\n", cases[i].src, cases[i].expect);
        } else if (!errors) {
            print_error("\"%s\" failed: %s\n", cases[i].src, err);
        } else {
            buf_put(&b, err);
        }
        if (!b.data || strcmp(b.data, cases[i].expect) != 0) {
            print_error("\"%s\": got \"%s\", expected \"%s\"\n", cases[i].src,
                        b.data ? b.data : "(nothing)", cases[i].expect);
            free(b.data);
            arena_free(a);
            fail();
        }
        free(b.data);
    }
    arena_free(a);
}

#define CHECK(cases) check_cases(cases, sizeof cases / sizeof cases[0], false)
#define CHECK_ERRORS(cases) check_cases(cases, sizeof cases / sizeof cases[0], true)

static tt_tyexpr *parse_ok(tt_arena *a, const char *src)
{
    const char *err;
    tt_tyexpr *e = tyexpr_parse(a, src, &err);
    if (!e) {
        print_error("\"%s\": %s\n", src, err);
        fail();
    }
    return e;
}

/* ---- forms ---- */

static void test_primitives(void **state)
{
    static const case_t cases[] = {
        {"bool", "bool"}, {"char", "char"}, {"i8", "i8"},       {"i128", "i128"},
        {"isize", "isize"}, {"u64", "u64"}, {"usize", "usize"}, {"f16", "f16"},
        {"f32", "f32"},   {"f64", "f64"},   {"f128", "f128"},   {"str", "str"},
        {"!", "!"},       {"()", "()"},     {"  f64\t\n", "f64"},
    };
    CHECK(cases);
    tt_arena *a = arena_new();
    assert_int_equal(parse_ok(a, "f64")->kind, TX_PATH);
    assert_int_equal(parse_ok(a, "!")->kind, TX_NEVER);
    tt_tyexpr *unit = parse_ok(a, "( )");
    assert_int_equal(unit->kind, TX_TUPLE);
    assert_int_equal(unit->nargs, 0);
    arena_free(a);
}

static void test_references(void **state)
{
    static const case_t cases[] = {
        {"&u8", "&u8"},
        {"&mut f64", "&mut f64"},
        {"&'a u8", "&u8"},
        {"&'static mut [f32]", "&mut [f32]"},
        {"& 'a   mut  str", "&mut str"},
        {"&&mut &u8", "&&mut &u8"},
        {"&mutable", "&mutable"}, /* a type named `mutable`, not `mut` */
        {"&dyn Fn()", "&dyn Fn()"},
    };
    CHECK(cases);
    tt_arena *a = arena_new();
    tt_tyexpr *e = parse_ok(a, "&mut u8");
    assert_int_equal(e->kind, TX_REF);
    assert_true(e->is_mut);
    assert_false(parse_ok(a, "&u8")->is_mut);
    arena_free(a);
}

static void test_raw_pointers(void **state)
{
    static const case_t cases[] = {
        {"*const u8", "*const u8"},
        {"*mut f64", "*mut f64"},
        {"* mut [f64]", "*mut [f64]"},
        {"*const *mut dyn Any", "*const *mut dyn Any"},
    };
    CHECK(cases);
    tt_arena *a = arena_new();
    tt_tyexpr *e = parse_ok(a, "*mut u8");
    assert_int_equal(e->kind, TX_PTR);
    assert_true(e->is_mut);
    assert_false(parse_ok(a, "*const u8")->is_mut);
    arena_free(a);
}

static void test_arrays(void **state)
{
    static const case_t cases[] = {
        {"[u8; 3]", "[u8; 3]"},
        {"[u8;0]", "[u8; 0]"},
        {"[ f64 ; 4 ]", "[f64; 4]"},
        {"[u8; 0x10]", "[u8; 16]"},
        {"[u8; 0XfF]", "[u8; 255]"},
        {"[u8; 1_000_000]", "[u8; 1000000]"},
        {"[u8; 0x_ff_ff]", "[u8; 65535]"},
        {"[u8; 8usize]", "[u8; 8]"},
        {"[f32; 1000000000000]", "[f32; 1000000000000]"},
        {"[u8; 18446744073709551615]", "[u8; 18446744073709551615]"},
        {"[u8; 0xffffffffffffffff]", "[u8; 18446744073709551615]"},
        {"[[u8; 3]; 2]", "[[u8; 3]; 2]"},
        {"[(u8, u16); 3]", "[(u8, u16); 3]"},
    };
    CHECK(cases);
    tt_arena *a = arena_new();
    tt_tyexpr *e = parse_ok(a, "[u8; 2305843009213693952]");
    assert_int_equal(e->kind, TX_ARRAY);
    assert_true(e->len == (uint64_t)1 << 61);
    arena_free(a);
}

static void test_slices(void **state)
{
    static const case_t cases[] = {
        {"[u8]", "[u8]"},
        {"&[f64]", "&[f64]"},
        {"&mut [[f32; 4]]", "&mut [[f32; 4]]"},
        {"Box<[Option<u8>]>", "Box<[Option<u8>]>"},
    };
    CHECK(cases);
    tt_arena *a = arena_new();
    assert_int_equal(parse_ok(a, "[u8]")->kind, TX_SLICE);
    arena_free(a);
}

static void test_tuples(void **state)
{
    static const case_t cases[] = {
        {"(u8, u16)", "(u8, u16)"},
        {"(u8,)", "(u8,)"},
        {"( u8 , )", "(u8,)"},
        {"(u8)", "u8"},            /* parentheses, not a tuple */
        {"((u8))", "u8"},
        {"((u8,))", "(u8,)"},
        {"(u8, u16,)", "(u8, u16)"},
        {"((), ((),))", "((), ((),))"},
        {"(&u8, [u8], (f32, f64))", "(&u8, [u8], (f32, f64))"},
    };
    CHECK(cases);
    tt_arena *a = arena_new();
    tt_tyexpr *one = parse_ok(a, "(u8,)");
    assert_int_equal(one->kind, TX_TUPLE);
    assert_int_equal(one->nargs, 1);
    assert_int_equal(parse_ok(a, "(u8)")->kind, TX_PATH);
    arena_free(a);
}

/* More items than the parser's 64-entry inline list. */
static void test_long_lists(void **state)
{
    tt_arena *a = arena_new();
    tt_buf src = {0}, want = {0};
    buf_put(&src, "(");
    buf_put(&want, "(");
    for (int i = 0; i < 150; i++) {
        buf_printf(&src, "%s[u8; %d]", i ? "," : "", i);
        buf_printf(&want, "%s[u8; %d]", i ? ", " : "", i);
    }
    buf_put(&src, ")");
    buf_put(&want, ")");
    tt_tyexpr *e = parse_ok(a, src.data);
    assert_int_equal(e->nargs, 150);
    tt_buf got = {0};
    render(&got, e);
    assert_string_equal(got.data, want.data);
    free(got.data);
    free(src.data);
    free(want.data);
    arena_free(a);
}

static void test_fn_pointers(void **state)
{
    static const case_t cases[] = {
        {"fn()", "fn()"},
        {"fn() -> ()", "fn() -> ()"},
        {"fn(f64) -> f64", "fn(f64) -> f64"},
        {"fn(x: f64, _: &u8) -> bool", "fn(f64, &u8) -> bool"},
        {"fn(f64,)", "fn(f64)"},
        {"fn(std::vec::Vec<u8>) -> !", "fn(std::vec::Vec<u8>) -> !"},
        {"unsafe fn(*mut u8)", "fn(*mut u8)"},
        {"extern \"C\" fn(i32) -> i32", "fn(i32) -> i32"},
        {"unsafe extern \"C\" fn(f64, f64) -> f64", "fn(f64, f64) -> f64"},
        {"unsafe extern fn()", "fn()"},
        {"fn(fn(u8) -> u8) -> fn() -> u8", "fn(fn(u8) -> u8) -> fn() -> u8"},
        {"fnord", "fnord"}, /* a path, not `fn` */
    };
    CHECK(cases);
    tt_arena *a = arena_new();
    tt_tyexpr *e = parse_ok(a, "fn(u8)");
    assert_int_equal(e->kind, TX_FN);
    assert_null(e->elem); /* no return type: () */
    arena_free(a);
}

static void test_dyn(void **state)
{
    static const case_t cases[] = {
        {"dyn Any", "dyn Any"},
        {"dyn Debug + Send + 'static", "dyn Debug + Send + 'static"},
        {"dyn Fn(f64) -> f64", "dyn Fn(f64) -> f64"},
        {"dyn FnMut(&[f32], usize) -> Vec<f32> + Send", "dyn FnMut(&[f32], usize) -> Vec<f32> + Send"},
        {"dyn Fn()", "dyn Fn()"},
        {"dyn core::fmt::Debug", "dyn core::fmt::Debug"},
        {"dyn AsRef<[u8]> + Sync", "dyn AsRef<[u8]> + Sync"},
        {"&dyn Fn(u8) + Send", "&dyn Fn(u8) + Send"},
        {"Box<dyn Fn(u8) -> u8 + Send>", "Box<dyn Fn(u8) -> u8 + Send>"},
    };
    CHECK(cases);
}

static void test_paths(void **state)
{
    static const case_t cases[] = {
        {"Point", "Point"},
        {"geo::Point", "geo::Point"},
        {"::core::option::Option<u8>", "core::option::Option<u8>"},
        {"Vec<u8>", "Vec<u8>"},
        {"Vec<Vec<u8>>", "Vec<Vec<u8>>"},
        {"Vec<Vec<Vec<u8>>>", "Vec<Vec<Vec<u8>>>"},
        {"Result<Vec<u8>, Box<dyn Error>>", "Result<Vec<u8>, Box<dyn Error>>"},
        {"HashMap<String, Vec<(u8, u16)>>", "HashMap<String, Vec<(u8, u16)>>"},
        {"Cow<'a, str>", "Cow<str>"},
        {"Ref<'a, 'b, u8>", "Ref<u8>"},
        {"Vec<u8,>", "Vec<u8>"},
        {"Foo<>", "Foo"},
        {"Option < & 'a  mut  [ f64 ; 4 ] >", "Option<&mut [f64; 4]>"},
        {"{closure_env#0}", "{closure_env#0}"},
        {"my_crate::main::{closure_env#1}", "my_crate::main::{closure_env#1}"},
        {"_Private9", "_Private9"},
    };
    CHECK(cases);
    tt_arena *a = arena_new();
    tt_tyexpr *e = parse_ok(a, "Result<u8, Cow<'a, str>>");
    assert_int_equal(e->nargs, 2);
    assert_int_equal(e->args[1]->nargs, 1); /* the lifetime is not an argument */
    arena_free(a);
}

/* Columns of nodes are 1-based positions in the source. */
static void test_columns(void **state)
{
    tt_arena *a = arena_new();
    tt_tyexpr *e = parse_ok(a, "Result<u8, [f64; 2]>");
    assert_int_equal(e->col, 1);
    assert_int_equal(e->args[0]->col, 8);
    assert_int_equal(e->args[1]->col, 12);
    assert_int_equal(e->args[1]->elem->col, 13);
    arena_free(a);
}

/* ---- errors ---- */

static void test_error_unbalanced(void **state)
{
    static const case_t cases[] = {
        {"Vec<u8", "expected ',' or '>' in generic arguments at column 7"},
        {"Vec<Vec<u8>", "expected ',' or '>' in generic arguments at column 12"},
        {"[u8; 4", "expected ']' at column 7"},
        {"[u8", "expected ']' at column 4"},
        {"(u8, u16", "expected ',' or ')' in tuple at column 9"},
        {"(u8 u16)", "expected ',' or ')' in tuple at column 5"},
        {"fn(u8", "expected ',' or ')' in fn parameters at column 6"},
        {"dyn Fn(u8", "expected ',' or ')' at column 10"},
        {")", "expected a type at column 1"},
        {"]", "expected a type at column 1"},
        {"Vec<>>", "unexpected text after the type at column 6"},
    };
    CHECK_ERRORS(cases);
}

static void test_error_trailing_text(void **state)
{
    static const case_t cases[] = {
        {"u8 u16", "unexpected text after the type at column 4"},
        {"Vec<u8>>", "unexpected text after the type at column 8"},
        {"(u8,))", "unexpected text after the type at column 6"},
        {"[u8; 4]]", "unexpected text after the type at column 8"},
        {"&u8;", "unexpected text after the type at column 4"},
        {"u8 + Send", "unexpected text after the type at column 4"},
        {"[u8; 4 5]", "expected ']' at column 8"},
        {"[u8; 4u32]", "expected ']' at column 7"}, /* only the usize suffix is a length */
    };
    CHECK_ERRORS(cases);
}

static void test_error_unsupported(void **state)
{
    static const case_t cases[] = {
        {"Foo<3>", "const generic arguments are not supported at column 5"},
        {"Foo<u8, {N + 1}>", "const generic arguments are not supported at column 9"},
        {"Foo<-1>", "const generic arguments are not supported at column 5"},
        {"impl Fn(u8)", "'impl Trait' is not a concrete type at column 1"},
        {"Box<impl Debug>", "'impl Trait' is not a concrete type at column 5"},
        {"<T as Iterator>::Item", "qualified paths (<T as Trait>::X) are not supported at column 1"},
        {"Vec<u8>::Item", "associated types are not supported at column 8"},
        {"_", "'_' is not a concrete type at column 1"},
        {"Vec<_>", "'_' is not a concrete type at column 5"},
        {"extern \"C\" fn(i32, ...)", "variadic fn pointers are not supported at column 20"},
        {"*u8", "expected 'const' or 'mut' after '*' at column 2"},
        {"*constant u8", "expected 'const' or 'mut' after '*' at column 2"},
        {"extern \"C fn()", "unterminated ABI string at column 8"},
        {"extern \"C\" u8", "expected 'fn' at column 12"},
        {"unsafe u8", "expected 'fn' at column 8"},
        {"fn u8", "expected '(' after fn at column 4"},
        {"geo::", "expected a name after '::' at column 6"},
        {"geo::3", "expected a name after '::' at column 6"},
    };
    CHECK_ERRORS(cases);
}

static void test_error_array_length(void **state)
{
    static const case_t cases[] = {
        {"[u8; 18446744073709551616]", "array length does not fit in 64 bits at column 25"},
        {"[u8; 0x1_0000_0000_0000_0000]", "array length does not fit in 64 bits at column 28"},
        {"[u8; 99999999999999999999999]", "array length does not fit in 64 bits at column 25"},
        {"[u8; ]", "expected an integer array length at column 6"},
        {"[u8; N]", "expected an integer array length at column 6"},
        {"[u8; -1]", "expected an integer array length at column 6"},
        {"[u8; 0x]", "expected an integer array length at column 8"},
    };
    CHECK_ERRORS(cases);
}

static void test_error_empty(void **state)
{
    static const case_t cases[] = {
        {"", "expected a type at column 1"},
        {"   ", "expected a type at column 4"},
        {"&", "expected a type at column 2"},
        {"Vec<", "expected a type at column 5"},
        {"[; 3]", "expected a type at column 2"},
        {"fn(u8) ->", "expected a type at column 10"},
    };
    CHECK_ERRORS(cases);
}

/* Nesting is bounded so that hostile input cannot exhaust the stack. */
static void test_error_deep_nesting(void **state)
{
    tt_arena *a = arena_new();
    const char *err;
    tt_buf ok = {0}, deep = {0}, brackets = {0};
    for (int i = 0; i < 255; i++)
        buf_put(&ok, "&");
    buf_put(&ok, "u8");
    assert_non_null(tyexpr_parse(a, ok.data, &err)); /* 256 levels: the limit */

    for (int i = 0; i < 100000; i++)
        buf_put(&deep, "&");
    buf_put(&deep, "u8");
    assert_null(tyexpr_parse(a, deep.data, &err));
    assert_string_equal(err, "type expression nested too deeply at column 257");

    for (int i = 0; i < 5000; i++)
        buf_put(&brackets, "[(Vec<");
    assert_null(tyexpr_parse(a, brackets.data, &err));
    assert_non_null(strstr(err, "nested too deeply"));
    free(ok.data);
    free(deep.data);
    free(brackets.data);
    arena_free(a);
}

/* ---- type-definition keys ---- */

static void test_parse_key(void **state)
{
    tt_arena *a = arena_new();
    const char *name, *err;
    tt_generic *g;
    uint32_t n;

    assert_true(tyexpr_parse_key(a, "geo::Point", &name, &g, &n, &err));
    assert_string_equal(name, "geo::Point");
    assert_int_equal(n, 0);

    assert_true(tyexpr_parse_key(a, "Pair<T>", &name, &g, &n, &err));
    assert_string_equal(name, "Pair");
    assert_int_equal(n, 1);
    assert_string_equal(g[0].name, "T");
    assert_false(g[0].maybe_unsized);
    assert_null(g[0].dflt);

    assert_true(tyexpr_parse_key(a, "Header<T: ?Sized>", &name, &g, &n, &err));
    assert_true(g[0].maybe_unsized);

    assert_true(tyexpr_parse_key(a, "W<'a, T: Clone + ?Sized + 'a, U: Iterator<Item = u8>>",
                                 &name, &g, &n, &err));
    assert_int_equal(n, 2); /* lifetimes are not parameters */
    assert_true(g[0].maybe_unsized);
    assert_string_equal(g[1].name, "U");
    assert_false(g[1].maybe_unsized);

    assert_true(tyexpr_parse_key(a, "alloc::vec::Vec<T, A = alloc::alloc::Global>", &name, &g,
                                 &n, &err));
    assert_string_equal(name, "alloc::vec::Vec");
    assert_int_equal(n, 2);
    assert_null(g[0].dflt);
    assert_non_null(g[1].dflt);
    assert_string_equal(g[1].dflt->path, "alloc::alloc::Global");
    arena_free(a);
}

static void test_parse_key_errors(void **state)
{
    static const case_t cases[] = {
        {"Foo<const N: usize>", "const generic parameters are not supported at column 11"},
        {"Foo<T> extra", "unexpected text after the type name at column 8"},
        {"Foo<T U>", "expected ',' or '>' in generic parameters at column 7"},
        {"Foo<3>", "expected a generic parameter name at column 5"},
        {"9Lives", "invalid type name at column 1"},
        {"", "invalid type name at column 1"},
        {"geo::", "invalid type name at column 6"},
        {"Vec<T, A = [u8>", "expected ']' at column 15"},
    };
    tt_arena *a = arena_new();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *name, *err;
        tt_generic *g;
        uint32_t n;
        if (tyexpr_parse_key(a, cases[i].src, &name, &g, &n, &err)) {
            print_error("key \"%s\" accepted\n", cases[i].src);
            fail();
        }
        if (strcmp(err, cases[i].expect) != 0) {
            print_error("key \"%s\": got \"%s\", expected \"%s\"\n", cases[i].src, err,
                        cases[i].expect);
            fail();
        }
    }
    arena_free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_primitives),       cmocka_unit_test(test_references),
        cmocka_unit_test(test_raw_pointers),     cmocka_unit_test(test_arrays),
        cmocka_unit_test(test_slices),           cmocka_unit_test(test_tuples),
        cmocka_unit_test(test_long_lists),       cmocka_unit_test(test_fn_pointers),
        cmocka_unit_test(test_dyn),              cmocka_unit_test(test_paths),
        cmocka_unit_test(test_columns),          cmocka_unit_test(test_error_unbalanced),
        cmocka_unit_test(test_error_trailing_text), cmocka_unit_test(test_error_unsupported),
        cmocka_unit_test(test_error_array_length), cmocka_unit_test(test_error_empty),
        cmocka_unit_test(test_error_deep_nesting), cmocka_unit_test(test_parse_key),
        cmocka_unit_test(test_parse_key_errors),
    };
    return cmocka_run_group_tests_name("tyexpr", tests, NULL, NULL);
}
