/* rustc's enum layouts (layout/enum_layout.c, scalar.c), one test per rule: tags and
 * their widths and valid ranges, tag widening, niche filling, the choice between them.
 * Every number is rustc's on this machine (x86_64-unknown-linux-gnu), from
 * shared/research/rust-layout-abi.md Part 1 or re-measured with size_of / offset_of!;
 * niche values are stable rustc 1.95's (nightly 1.97 picks others, see §1.7.4 there).
 * Types are written as Rust declarations (unit.h translates them to rust-types/1). */
#include "unit.h"

/* ---- 1.6 fieldless enums ---- */

static void test_c_like_enums(void **state)
{
    static const lcase cases[] = {
        {"enum E { A, B, C }", "E", 1, 1, NULL, "tag u8"},
        {"enum E { A = -1, B = 127 }", "E", 1, 1, NULL, "tag i8"},
        {"enum E { A = -1, B = 128 }", "E", 2, 2, NULL, "tag i16"},
        {"enum E { A = 0, B = 255 }", "E", 1, 1, NULL, "tag u8"},
        {"enum E { A = 0, B = 256 }", "E", 2, 2, NULL, "tag u16"},
        {"enum E { A = 0, B = 4294967296 }", "E", 8, 8, NULL, "tag u64"},
        {"#[repr(i128)] enum E { A = -170141183460469231731687303715884105728, B }", "E", 16, 16, NULL,
         "tag i128"},
        {"#[repr(u8)] enum E { A, B }", "E", 1, 1, NULL, "tag u8"},
        {"#[repr(i32)] enum E { A, B }", "E", 4, 4, NULL, "tag i32"},
        {"#[repr(C)] enum E { A, B }", "E", 4, 4, NULL, "tag u32"},
        {"#[repr(C)] enum E { A = 0, B = 4294967296 }", "E", 8, 8, NULL, "tag u64"},
        {"#[repr(u64)] enum E { A }", "E", 8, 8, NULL, "tag u64"},
        {"#[repr(i8)] enum E { A = -128, B = 127 }", "Option<E>", 2, 1, NULL, "tag u8"},
        {"#[repr(u8)] enum E { A = 0, B = 200 }", "Option<E>", 1, 1, NULL, "niche"},
        {"enum E { A = 1, B = 2, C = 3 }", "Option<E>", 1, 1, NULL, "niche"},
        {"enum E { A }", "E", 0, 1, NULL, "none"},
        {"enum E {}", "E", 0, 1, NULL, "none"},
        {"", "Result<!, u32>", 4, 4, NULL, "none"},
        {"", "Option<!>", 0, 1, NULL, "none"},
    };
    CHECK_LAYOUTS(cases);
}

static void test_tag_valid_ranges(void **state)
{
    tt_ctx *c = ctx_rust("enum A { X, Y, Z } #[repr(u8)] enum B { X = 0, Y = 200 } enum C { X = 0, Y = 200 }"
                         " #[repr(i8)] enum D { X = -1, Y = 0, Z = 1 } enum N {}");
    const tt_layout *l = layout_expr(c, "A");
    assert_scalar(l->tag, PRIM_INT, 1, 0, 2);
    assert_int_equal(l->abi, ABI_SCALAR);
    assert_scalar(layout_expr(c, "B")->tag, PRIM_INT, 1, 200, 0); /* unsigned repr: wraps */
    assert_scalar(layout_expr(c, "C")->tag, PRIM_INT, 1, 0, 200);
    assert_scalar(layout_expr(c, "D")->tag, PRIM_INT, 1, 255, 1);
    assert_true(layout_expr(c, "N")->uninhabited);
    /* Option's None takes a value next to the range (stable 1.95's reserve) */
    assert_true(layout_expr(c, "Option<A>")->niche_start == 3);
    assert_true(layout_expr(c, "Option<B>")->niche_start == 1);
    assert_true(layout_expr(c, "Option<D>")->niche_start == 2);
    ctx_free(c);
}

/* ---- 1.7 enums with data ---- */

static void test_enum_tagged(void **state)
{
    static const lcase cases[] = {
        {"enum E { A(u32), B(u8) }", "E", 8, 4, "4 | 1", "tag u8"},
        {"enum E { A(u64), B(u8, u8) }", "E", 16, 8, "8 | 1 2", "tag u8"},
        {"enum E { A(u8, u32), B(u16) }", "E", 8, 4, "1 4 | 2", "tag u8"},
        {"enum E { A(u8), B(u16), C(u32), D(u64) }", "E", 16, 8, "1 | 2 | 4 | 8", "tag u8"},
        {"enum E { A([u8; 7]), B(u32) }", "E", 8, 4, "1 | 4", "tag u8"},
        {"enum E { A(u64, u8), B(u32) }", "E", 16, 8, "8 1 | 4", "tag u8"},
        {"enum E { A { x: u16, y: u64 }, B { z: u8 } }", "E", 16, 8, "2 8 | 1", "tag u8"},
        {"enum E { A(&'static u8), B, C }", "E", 16, 8, "8 | - | -", "tag u64"},
        {"enum E { A(NonZero<u32>), B(NonZero<u32>) }", "E", 8, 4, "4 | 4", "tag u32"},
        {"enum E { X(u8), Y(NonZero<u8>, u8), Z }", "E", 3, 1, NULL, "tag u8"},
        {"", "Result<u32, u8>", 8, 4, "4 | 1", "tag u8"},
        {"", "Result<u64, bool>", 16, 8, NULL, "tag u8"},
        {"", "Result<bool, bool>", 2, 1, NULL, "tag u8"},
        {"", "Option<u8>", 2, 1, "- | 1", "tag u8"},
    };
    CHECK_LAYOUTS(cases);
}

/* The tag grows to the alignment of the first field that follows it. */
static void test_enum_tag_widening(void **state)
{
    static const lcase cases[] = {
        {"", "Option<u32>", 8, 4, "- | 4", "tag u32"},
        {"", "Option<u64>", 16, 8, "- | 8", "tag u64"},
        {"", "Option<f64>", 16, 8, "- | 8", "tag u64"},
        {"", "Option<u128>", 32, 16, "- | 16", "tag u128"},
        {"", "Option<f16>", 4, 2, "- | 2", "tag u16"},
        {"enum E { A(f64), B(f32), C }", "E", 16, 8, "8 | 4 | -", "tag u32"},
        {"enum E { A(u32, u32), B(u64) }", "E", 16, 8, "4 8 | 8", "tag u32"},
        {"enum E { A(u128), B }", "E", 32, 16, "16 | -", "tag u128"},
        {"enum E { A(Box<u8>), B(u32) }", "E", 16, 8, "8 | 4", "tag u32"},
        {"", "Result<&'static u8, u32>", 16, 8, NULL, "tag u32"},
        {"", "Option<RefCell<u32>>", 24, 8, NULL, "tag u64"},
    };
    CHECK_LAYOUTS(cases);
    tt_ctx *c = ctx_rust("");
    const tt_layout *l = layout_expr(c, "Option<u32>");
    assert_int_equal(l->abi, ABI_PAIR); /* (tag, payload) */
    assert_scalar(l->a, PRIM_INT, 4, 0, 1);
    assert_true(l->b.is_union); /* None leaves the payload uninitialised */
    assert_int_equal(layout_expr(c, "Result<u32, u8>")->abi, ABI_MEMORY);
    ctx_free(c);
}

static void test_enum_niche(void **state)
{
    static const lcase cases[] = {
        {"enum E { A(bool), B }", "E", 1, 1, NULL, "niche"},
        {"enum E { A(bool), B, C, D }", "E", 1, 1, NULL, "niche"},
        {"enum E { A, B(bool), C }", "E", 1, 1, NULL, "niche"},
        {"enum E { A(char), B, C }", "E", 4, 4, NULL, "niche"},
        {"enum E { A(&'static u8), B }", "E", 8, 8, NULL, "niche"},
        {"", "Result<(), Box<u8>>", 8, 8, NULL, "niche"},
        {"", "Option<Result<bool, ()>>", 1, 1, NULL, "niche"},
        {"", "Option<Option<u8>>", 2, 1, NULL, "niche"},
        {"", "Option<&u8>", 8, 8, NULL, "niche"},
    };
    CHECK_LAYOUTS(cases);
    tt_ctx *c = ctx_rust("");
    const tt_layout *l = layout_expr(c, "Option<&u8>");
    assert_int_equal(l->abi, ABI_SCALAR);
    assert_int_equal(l->a.prim.kind, PRIM_PTR);
    assert_true(range_available(l->a.prim, l->a.valid) == 0); /* None took the only free value */
    assert_false(l->has_niche);
    assert_true(l->niche_start == 0);
    assert_int_equal(l->untagged_variant, 1);
    ctx_free(c);
}

/* Niche values: variant v is stored as niche_start + (v - first). Stable 1.95 numbers. */
static void test_enum_niche_values(void **state)
{
    static const struct {
        const char *decls, *expr;
        tt_u128 start;
        uint32_t first, last, untagged;
        uint64_t offset;
    } cases[] = {
        {"", "Option<bool>", 2, 0, 0, 1, 0},
        {"", "Option<Option<bool>>", 3, 0, 0, 1, 0},
        {"", "Option<Option<Option<bool>>>", 4, 0, 0, 1, 0},
        {"", "Option<char>", 0x110000, 0, 0, 1, 0},
        {"", "Option<Option<char>>", 0x110001, 0, 0, 1, 0},
        {"#[repr(u32)] enum E { A, B }", "Option<E>", 2, 0, 0, 1, 0},
        {"#[repr(i8)] enum E { A = -2, B, C, D, F }", "Option<E>", 3, 0, 0, 1, 0},
        {"#[repr(u8)] enum E { A = 250, B = 251 }", "Option<E>", 252, 0, 0, 1, 0},
        {"", "Option<NonZero<u8>>", 0, 0, 0, 1, 0},
        {"", "Option<fn()>", 0, 0, 0, 1, 0},
        {"", "Option<Vec<u8>>", (tt_u128)1 << 63, 0, 0, 1, 0},
        {"", "Option<Option<Vec<u8>>>", ((tt_u128)1 << 63) + 1, 0, 0, 1, 0},
        {"enum E { A(bool), B, C, D }", "E", 2, 1, 3, 0, 0},
        {"enum E { A, B(bool), C }", "E", 2, 0, 2, 1, 0},
        {"enum E { A(char), B, C }", "E", 0x110000, 1, 2, 0, 0},
        {"enum E { A(u32, char), B(u32) }", "E", 0x110000, 1, 1, 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tt_ctx *c = ctx_rust(cases[i].decls);
        const tt_layout *l = layout_expr(c, cases[i].expr);
        if (l->tag_encoding != TAG_NICHE || l->niche_start != cases[i].start ||
            l->niche_first != cases[i].first || l->niche_last != cases[i].last ||
            l->untagged_variant != cases[i].untagged || l->tag_offset != cases[i].offset) {
            print_error("%s: encoding %d, start %llx, variants %u..=%u, untagged %u, offset %llu\n",
                        cases[i].expr, l->tag_encoding, (unsigned long long)l->niche_start,
                        l->niche_first, l->niche_last, l->untagged_variant,
                        (unsigned long long)l->tag_offset);
            fail();
        }
        ctx_free(c);
    }
}

/* Other variants fit before or after the niche of the largest one. */
static void test_enum_multi_variant_niche(void **state)
{
    static const lcase cases[] = {
        {"enum E { A(u8, bool, u8), B(u8) }", "E", 3, 1, "1 0 2 | 1", "niche"},
        {"enum E { A([bool; 2]), B(u8) }", "E", 2, 1, "0 | 1", "niche"},
        {"enum E { A(u32, char), B(u32) }", "E", 8, 4, "4 0 | 4", "niche"},
        {"enum E { A(u16, u8, bool), B(u16), C }", "E", 4, 2, "0 2 3 | 0 | -", "niche"},
    };
    CHECK_LAYOUTS(cases);
    tt_ctx *c = ctx_rust("enum E { A(u16, u8, bool), B(u16), C }");
    const tt_layout *l = layout_expr(c, "E");
    assert_int_equal(l->tag_offset, 3);
    assert_true(l->niche_start == 2); /* B = 2, C = 3 in byte 3 */
    ctx_free(c);
}

/* At equal size the niche layout needs a strictly larger remaining niche. */
static void test_enum_tie_rule(void **state)
{
    static const lcase cases[] = {
        {"enum E { A(u32, bool), B, C }", "E", 8, 4, "4 1 | - | -", "tag u8"},
        {"enum E { A(u32, bool), B(u8), C }", "E", 8, 4, "4 1 | 1 | -", "tag u8"},
        {"enum E { A(u64, bool), B(u32), C(u16) }", "E", 16, 8, "8 1 | 4 | 2", "tag u8"},
        {"enum E { A(bool, u64), B(u32) }", "E", 16, 8, "1 8 | 4", "tag u8"},
        {"enum E { A(NonZero<u8>, u32), B(u16) }", "E", 8, 4, "1 4 | 2", "tag u8"},
        {"enum E { A(bool, [u8; 6]), B(u32) }", "E", 8, 4, "7 1 | 4", "tag u8"},
    };
    CHECK_LAYOUTS(cases);
}

/* Uninhabited variants: absent ones take no tag value or space. */
static void test_enum_uninhabited(void **state)
{
    static const lcase cases[] = {
        {"enum E { A(u8, !), B(u32) }", "E", 8, 4, NULL, NULL},
        {"enum E { A(!), B(u32), C }", "E", 8, 4, NULL, NULL},
        {"enum E { A(!), B(u32), C }", "Option<E>", 8, 4, NULL, NULL},
        {"enum E { A(u64) }", "Option<E>", 16, 8, NULL, "tag u64"},
    };
    CHECK_LAYOUTS(cases);
}

/* ---- repr(C) and repr(int) enums with data: no reordering, no niche layout ---- */

static void test_enum_repr(void **state)
{
    static const lcase cases[] = {
        {"#[repr(C)] enum E { A(u8), B(u32) }", "E", 8, 4, "4 | 4", "tag u32"},
        {"#[repr(C)] enum E { A(u64), B(u8, u16) }", "E", 16, 8, "8 | 8 10", "tag u32"},
        {"#[repr(u8)] enum E { A(u32), B(u8) }", "E", 8, 4, "4 | 1", "tag u8"},
        {"#[repr(u8)] enum E { A(u64, u8), B }", "E", 24, 8, "8 16 | -", "tag u8"},
        {"#[repr(u32)] enum E { A(u8), B(bool) }", "E", 8, 4, "4 | 4", "tag u32"},
        {"#[repr(u8)] enum E { A(bool), B }", "E", 2, 1, "1 | -", "tag u8"},
        {"#[repr(C, u8)] enum E { A(u32), B(u8) }", "E", 8, 4, "4 | 4", "tag u8"},
        {"#[repr(u8)] enum E { A(u8) = 3, B(u16) = 9 }", "E", 4, 2, "1 | 2", "tag u8"},
    };
    CHECK_LAYOUTS(cases);
    tt_ctx *c = ctx_rust("#[repr(u8)] enum E { A(u8) = 3, B(u16) = 9 }");
    const tt_layout *l = layout_expr(c, "E");
    assert_true(l->discriminants[0] == 3 && l->discriminants[1] == 9);
    assert_scalar(l->tag, PRIM_INT, 1, 3, 9);
    ctx_free(c);
}

static void test_error_discriminants(void **state)
{
    tt_ctx *c = ctx_rust("enum D { A = 1, B = 1 } enum I { A = 3, B = 2, C }"
                         " #[repr(u8)] enum R { A = 256 } #[repr(u8)] enum O { A = 255, B }"
                         " #[repr(i8)] enum N { A = -129 } #[repr(u8)] enum M { A = -1 }");
    assert_layout_error(c, "D", "$.types[\"D\"].variants[1]",
                        "discriminant value of variant \"B\" is already used by \"A\" (rustc E0081)");
    assert_layout_error(c, "I", "$.types[\"I\"].variants[2]", "already used by \"A\"");
    assert_layout_error(c, "R", "$.types[\"R\"].variants[0]",
                        "discriminant of variant \"A\" does not fit the u8 discriminant type");
    assert_layout_error(c, "O", "$.types[\"O\"].variants[1]",
                        "enum discriminant overflowed at variant \"B\" (rustc E0370)");
    assert_layout_error(c, "N", "$.types[\"N\"].variants[0]", "does not fit the i8 discriminant type");
    assert_layout_error(c, "M", "$.types[\"M\"].variants[0]", "does not fit the u8 discriminant type");
    ctx_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_c_like_enums),
        cmocka_unit_test(test_tag_valid_ranges),
        cmocka_unit_test(test_enum_tagged),
        cmocka_unit_test(test_enum_tag_widening),
        cmocka_unit_test(test_enum_niche),
        cmocka_unit_test(test_enum_niche_values),
        cmocka_unit_test(test_enum_multi_variant_niche),
        cmocka_unit_test(test_enum_tie_rule),
        cmocka_unit_test(test_enum_uninhabited),
        cmocka_unit_test(test_enum_repr),
        cmocka_unit_test(test_error_discriminants),
    };
    return cmocka_run_group_tests_name("layout_enums", tests, NULL, NULL);
}
