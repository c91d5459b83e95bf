/* Every byte of a type by its kind (layout's tree_of_bytes), the input of the segment lists
 * annotate writes on copies longer than Enzyme's offset limit (emit/body/ir_body_segments.c):
 * complete at any size, padding marked, and false whenever a byte's kind is not certain,
 * so that no list claims what the trees leave out. Offsets are rustc's (fields reordered
 * by alignment). */
#include "unit.h"

/* The tree of bytes of expr as a string ("" and false when tree_of_bytes is false). */
static char *bytes_of(tt_ctx *c, const char *expr, bool *ok)
{
    tt_type *t = types_resolve_str(c, expr, TEST_LOC);
    assert_non_null(t);
    tt_tree tr = {0};
    *ok = tree_of_bytes(c, t, &tr, TEST_LOC);
    tt_buf b = {0};
    tree_to_string(&tr, &b);
    tree_free(&tr);
    return b.data;
}

/* Past 500 bytes, every offset listed; a u8 and the padding after it. */
static void test_whole(void **state)
{
    tt_ctx *c = ctx_rust("struct Big { x: [f64; 70], t: u8, k: [i32; 3], f: f32 }");
    bool ok;
    char *s = bytes_of(c, "Big", &ok); /* x 0..560, k 560..572, f 572, t 576, pad 577..584 */
    assert_true(ok);
    assert_non_null(strstr(s, "{[0]:Float@double, [8]:Float@double, "));
    assert_non_null(strstr(s, ", [552]:Float@double, [560]:Integer, "));
    assert_non_null(strstr(s, ", [571]:Integer, [572]:Float@float, [576]:Integer, [577]:Anything, "));
    assert_non_null(strstr(s, ", [583]:Anything}"));
    free(s);
    ctx_free(c);
}

/* A pointer is one entry with nothing of its pointee; a slice reference two halves. */
static void test_pointers(void **state)
{
    tt_ctx *c = ctx_rust("struct P { v: &'static [f64], p: *const f64, x: f64 }");
    bool ok;
    char *s = bytes_of(c, "P", &ok);
    assert_true(ok);
    assert_string_equal(s, "{[0]:Pointer, [8]:Integer, [9]:Integer, [10]:Integer, [11]:Integer, "
                           "[12]:Integer, [13]:Integer, [14]:Integer, [15]:Integer, [16]:Pointer, "
                           "[24]:Float@double}");
    free(s);
    ctx_free(c);
}

/* Enum bytes: certain where the variants agree or only one covers them, false where a float
 * of one variant meets an integer of another. */
static void test_enums(void **state)
{
    tt_ctx *c = ctx_rust("enum T { A(f64), B }\nenum E { A(f64), B(u64) }\n"
                         "struct S { e: [E; 2], x: f64 }");
    bool ok;
    char *s = bytes_of(c, "T", &ok);
    assert_true(ok);
    assert_non_null(strstr(s, "[8]:Float@double}"));
    free(s);
    s = bytes_of(c, "E", &ok);
    assert_false(ok);
    free(s);
    s = bytes_of(c, "S", &ok); /* inside a struct, inside an array: still false */
    assert_false(ok);
    free(s);
    ctx_free(c);
}

/* Untyped bytes (any data may be viewed as them) and a storage union: false. */
static void test_untyped(void **state)
{
    tt_ctx *c = ctx_rust("struct B { b: [u8; 16], x: f64 }\n"
                         "union U { a: f64, b: u64 }\nstruct W { u: U, y: f64 }");
    bool ok;
    char *s = bytes_of(c, "B", &ok);
    assert_false(ok);
    free(s);
    s = bytes_of(c, "W", &ok);
    assert_false(ok);
    free(s);
    s = bytes_of(c, "[u8; 600]", &ok);
    assert_false(ok);
    free(s);
    ctx_free(c);
}

/* As a copy moves them (tree_of_copied_bytes): a byte array's bytes are Integer, so a
 * struct holding one is certain; a union, an enum whose variants disagree and bytes alone
 * stay false. */
static void test_copied(void **state)
{
    tt_ctx *c = ctx_rust("struct B { b: [u8; 3], x: f64 }\n"
                         "struct S0 { f0: u32, f1: [u8; 2], f2: i32, f3: f64 }\n"
                         "enum E { A(S0), B, C(u8) }\n"
                         "union U { a: f64, b: u64 }\nstruct W { u: U, y: f64 }");
    bool ok;
    tt_type *t = types_resolve_str(c, "B", TEST_LOC); /* x 0, b 8..11, pad 11..16 */
    tt_tree tr = {0};
    tt_buf b = {0};
    assert_true(tree_of_copied_bytes(c, t, &tr, TEST_LOC));
    tree_to_string(&tr, &b);
    assert_string_equal(b.data, "{[0]:Float@double, [8]:Integer, [9]:Integer, [10]:Integer, "
                                "[11]:Anything, [12]:Anything, [13]:Anything, [14]:Anything, "
                                "[15]:Anything}");
    tree_free(&tr);
    free(b.data);
    b = (tt_buf){0};
    t = types_resolve_str(c, "E", TEST_LOC); /* tag 0, C's u8 at 1, A's S0 at 8: f3 at 8 */
    assert_true(tree_of_copied_bytes(c, t, &tr, TEST_LOC));
    tree_to_string(&tr, &b);
    assert_non_null(strstr(b.data, "[8]:Float@double"));
    assert_non_null(strstr(b.data, "[24]:Integer, [25]:Integer"));
    tree_free(&tr);
    free(b.data);
    char *s = bytes_of(c, "E", &ok); /* the tree of bytes itself stays uncertain */
    assert_false(ok);
    free(s);
    const char *nos[] = {"W", "[u8; 16]"};
    for (size_t k = 0; k < 2; k++) {
        t = types_resolve_str(c, nos[k], TEST_LOC);
        assert_false(tree_of_copied_bytes(c, t, &tr, TEST_LOC));
        tree_free(&tr);
    }
    ctx_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_whole),
        cmocka_unit_test(test_pointers),
        cmocka_unit_test(test_enums),
        cmocka_unit_test(test_untyped),
        cmocka_unit_test(test_copied),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
