/* Layouts of the std types, which schema/prelude.json describes as data: Vec, String,
 * Box, Rc, Arc, NonNull, NonZero, the cells, ManuallyDrop and MaybeUninit (doc §1.8).
 * Every number is rustc's on this machine (x86_64-unknown-linux-gnu), from
 * shared/research/rust-layout-abi.md Part 1 or re-measured with size_of / offset_of!.
 * Types are written as Rust declarations (unit.h translates them to rust-types/1). */
#include "unit.h"

/* ---- 1.8 std types ---- */

static void test_std_vec_string(void **state)
{
    static const lcase cases[] = {
        {"", "Vec<u8>", 24, 8, "0 16", NULL},
        {"", "Vec<()>", 24, 8, NULL, NULL},
        {"", "Vec<u128>", 24, 8, NULL, NULL},
        {"", "String", 24, 8, "0", NULL},
        {"", "Option<Vec<f64>>", 24, 8, NULL, "niche"},
        {"", "Option<Option<Vec<f64>>>", 24, 8, NULL, "niche"},
        {"", "Option<String>", 24, 8, NULL, "niche"},
        {"", "(Vec<u8>, u8)", 32, 8, "0 24", NULL},
        {"", "Option<(Vec<u8>, u8)>", 32, 8, NULL, "niche"},
    };
    CHECK_LAYOUTS(cases);
    tt_ctx *c = ctx_rust("");
    const tt_layout *l = layout_expr(c, "Vec<u16>");
    assert_int_equal(l->abi, ABI_MEMORY);
    assert_true(l->has_niche);
    assert_int_equal(l->niche.offset, 0); /* the capacity */
    assert_scalar(l->niche.scalar, PRIM_INT, 8, 0, ((tt_u128)1 << 63) - 1);
    l = layout_expr(c, "alloc::raw_vec::RawVecInner<u16>"); /* buf.inner: ptr@8, cap@0 */
    assert_int_equal(l->offsets[0], 8);
    assert_int_equal(l->offsets[1], 0);
    ctx_free(c);
}

static void test_std_pointers(void **state)
{
    static const lcase cases[] = {
        {"", "Box<u8>", 8, 8, NULL, NULL},
        {"", "Box<[u8]>", 16, 8, NULL, NULL},
        {"", "Box<dyn Any>", 16, 8, NULL, NULL},
        {"", "Option<Box<u8>>", 8, 8, NULL, "niche"},
        {"", "Rc<u64>", 8, 8, NULL, NULL},
        {"", "Arc<u8>", 8, 8, NULL, NULL},
        {"", "Option<Arc<u8>>", 8, 8, NULL, "niche"},
        {"", "alloc::rc::RcInner<u8>", 24, 8, "0 8 16", NULL},
        {"", "alloc::rc::RcInner<u128>", 32, 16, "0 8 16", NULL},
        {"", "alloc::sync::ArcInner<u16>", 24, 8, "0 8 16", NULL},
        {"", "NonNull<u8>", 8, 8, NULL, NULL},
        {"", "Option<NonNull<u8>>", 8, 8, NULL, "niche"},
        {"", "NonNull<[u8]>", 16, 8, NULL, NULL},
        {"", "Option<&mut f64>", 8, 8, NULL, "niche"},
    };
    CHECK_LAYOUTS(cases);
}

static void test_std_cells_and_wrappers(void **state)
{
    static const lcase cases[] = {
        {"", "Cell<bool>", 1, 1, NULL, NULL},
        {"", "Option<Cell<bool>>", 2, 1, NULL, "tag u8"}, /* UnsafeCell hides the niche */
        {"", "Option<UnsafeCell<&u8>>", 16, 8, NULL, "tag u64"},
        {"", "RefCell<u8>", 16, 8, "0 8", NULL},
        {"", "RefCell<f64>", 16, 8, "0 8", NULL},
        {"", "RefCell<Vec<u8>>", 32, 8, "0 8", NULL},
        {"", "ManuallyDrop<bool>", 1, 1, NULL, NULL},
        {"", "Option<ManuallyDrop<bool>>", 1, 1, NULL, "niche"},
        {"", "MaybeUninit<bool>", 1, 1, NULL, NULL},
        {"", "Option<MaybeUninit<bool>>", 2, 1, NULL, "tag u8"},
        {"", "MaybeUninit<[u64; 3]>", 24, 8, NULL, NULL},
        {"", "NonZero<u32>", 4, 4, NULL, NULL},
        {"", "NonZero<u128>", 16, 16, NULL, NULL},
        {"", "Option<NonZero<u32>>", 4, 4, NULL, "niche"},
    };
    CHECK_LAYOUTS(cases);
    tt_ctx *c = ctx_rust("");
    const tt_layout *l = layout_expr(c, "RefCell<u8>");
    assert_int_equal(l->abi, ABI_PAIR); /* {i64, i8} */
    assert_true(l->a.prim.is_signed);
    assert_int_equal(l->b.prim.size, 1);
    assert_false(l->has_niche);
    l = layout_expr(c, "NonZero<u32>");
    assert_scalar(l->a, PRIM_INT, 4, 1, 0xFFFFFFFF);
    assert_int_equal(layout_expr(c, "MaybeUninit<u64>")->abi, ABI_SCALAR);
    assert_true(layout_expr(c, "MaybeUninit<u64>")->a.is_union);
    ctx_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_std_vec_string),
        cmocka_unit_test(test_std_pointers),
        cmocka_unit_test(test_std_cells_and_wrappers),
    };
    return cmocka_run_group_tests_name("layout_std", tests, NULL, NULL);
}
