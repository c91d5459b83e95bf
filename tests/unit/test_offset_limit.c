/* The -enzyme-max-type-offset a types file needs (layout/offset_limit.c): the size of the
 * largest type that mixes a float with other data, reachable from the functions, the
 * locals and the non-generic definitions, at least the floor (Enzyme's default, 500).
 * Sizes are rustc's (the layouts test_layout.c checks). */
#include "unit.h"

static uint64_t need(tt_ctx *c) { return offset_limit_needed(c, 500); }

/* One kind of data, at any size: the default limit loses nothing. */
static void test_one_kind(void **state)
{
    tt_ctx *c = ctx_rust("struct Doubles { a: [f64; 100] }\n"      /* 800 bytes of f64 */
                         "struct Ints { a: [u64; 100], p: *const u8, b: bool }\n"
                         "struct Small { x: f64, n: u32 }\n");  /* mixed, 16 bytes */
    assert_int_equal(need(c), 500);
    assert_no_diags(c);
    ctx_free(c);
}

/* A float with an integer, or two float types, past 500: the type's size. */
static void test_mixed(void **state)
{
    tt_ctx *c = ctx_rust("struct M { a: [f64; 70], n: u32 }");  /* 560 + 4, padded to 568 */
    assert_int_equal(need(c), 568);
    ctx_free(c);
    c = ctx_rust("struct H { a: [f32; 200], b: f64 }");  /* f32 and f64: 808 */
    assert_int_equal(need(c), 808);
    ctx_free(c);
    c = ctx_rust("enum E { A([f64; 70]), B }");  /* a direct tag beside the floats: 568 */
    assert_int_equal(need(c), 568);
    ctx_free(c);
    /* the largest of several */
    c = ctx_rust("struct M { a: [f64; 70], n: u32 }\nstruct N { a: [f64; 90], n: u8 }");
    assert_int_equal(need(c), 728);
    ctx_free(c);
}

/* Reached only behind a pointer or as an array of a small mixed type: still counted. A
 * generic definition no function or local instantiates is not. */
static void test_reachable(void **state)
{
    tt_ctx *c = ctx_rust("struct R { x: f64, n: u64 }\n"   /* 16 bytes, mixed */
                         "struct H { p: &'static [R; 40] }\n"  /* [R; 40]: 640 */
                         "struct G<T> { a: [T; 100], n: u8 }\n");
    assert_int_equal(need(c), 640);
    ctx_free(c);
    /* functions' signatures and locals are roots too */
    c = ctx_json("{\"format\": \"rust-types/1\", \"types\": {\"R\": {\"kind\": \"struct\", "
                 "\"fields\": [{\"name\": \"x\", \"ty\": \"f64\"}, {\"name\": \"n\", \"ty\": \"u64\"}]}},"
                 " \"functions\": [{\"symbol\": \"f\", \"args\": [{\"name\": \"a\", \"ty\": "
                 "\"&[R; 50]\"}], \"ret\": \"f64\"}],"
                 " \"locals\": {\"7\": {\"name\": \"v\", \"ty\": \"[(f32, u8); 100]\"}}}");
    assert_no_diags(c);
    assert_int_equal(need(c), 800); /* [R; 50]; the local's [(f32, u8); 100] is 800 too */
    ctx_free(c);
    c = ctx_json("{\"format\": \"rust-types/1\", \"types\": {},"
                 " \"locals\": {\"7\": {\"name\": \"v\", \"ty\": \"[(f32, u8); 200]\"}}}");
    assert_no_diags(c);
    assert_int_equal(need(c), 1600);
    ctx_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_kind),
        cmocka_unit_test(test_mixed),
        cmocka_unit_test(test_reachable),
    };
    return cmocka_run_group_tests_name("offset_limit", tests, NULL, NULL);
}
