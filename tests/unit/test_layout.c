/* rustc's layout rules for primitives, pointers, arrays, tuples, structs and unions
 * (layout/layout.c), one test per rule, and the errors rustc reports for bad types.
 * Every number is rustc's on this machine (x86_64-unknown-linux-gnu), from
 * shared/research/rust-layout-abi.md Part 1 or re-measured with size_of / offset_of!.
 * Types are written as Rust declarations (unit.h translates them to rust-types/1). */
#include "unit.h"

/* ---- 1.2 primitives ---- */

static void test_primitives(void **state)
{
    static const lcase cases[] = {
        {"", "bool", 1, 1, NULL, NULL},   {"", "char", 4, 4, NULL, NULL},
        {"", "i8", 1, 1, NULL, NULL},     {"", "u16", 2, 2, NULL, NULL},
        {"", "i32", 4, 4, NULL, NULL},    {"", "u64", 8, 8, NULL, NULL},
        {"", "i128", 16, 16, NULL, NULL}, {"", "u128", 16, 16, NULL, NULL},
        {"", "isize", 8, 8, NULL, NULL},  {"", "usize", 8, 8, NULL, NULL},
        {"", "f16", 2, 2, NULL, NULL},    {"", "f32", 4, 4, NULL, NULL},
        {"", "f64", 8, 8, NULL, NULL},    {"", "f128", 16, 16, NULL, NULL},
        {"", "()", 0, 1, NULL, NULL},     {"", "!", 0, 1, NULL, NULL},
    };
    CHECK_LAYOUTS(cases);
    tt_ctx *c = ctx_rust("");
    const tt_layout *l = layout_expr(c, "bool");
    assert_int_equal(l->abi, ABI_SCALAR);
    assert_scalar(l->a, PRIM_INT, 1, 0, 1);
    assert_true(l->has_niche);
    assert_true(range_available(l->niche.scalar.prim, l->niche.scalar.valid) == 254);
    l = layout_expr(c, "char");
    assert_scalar(l->a, PRIM_INT, 4, 0, 0x10FFFF);
    assert_true(range_available(l->a.prim, l->a.valid) == 4293853184u);
    l = layout_expr(c, "i64");
    assert_true(l->a.prim.is_signed);
    assert_false(l->has_niche);
    assert_int_equal(layout_expr(c, "f64")->a.prim.kind, PRIM_FLOAT);
    assert_true(layout_expr(c, "!")->uninhabited);
    assert_int_equal(layout_expr(c, "()")->abi, ABI_MEMORY);
    assert_false(layout_expr(c, "str")->sized);
    ctx_free(c);
}

/* ---- pointers: thin scalars, wide pairs; references are non-null ---- */

static void test_pointers(void **state)
{
    tt_ctx *c = ctx_rust("struct Un { a: u8, tail: [u16] }");
    const tt_layout *l = layout_expr(c, "*const u8");
    assert_int_equal(l->size, 8);
    assert_scalar(l->a, PRIM_PTR, 8, 0, U64MAX);
    assert_false(l->has_niche); /* raw pointers have no niche */
    static const char *const thin_nonnull[] = {"&u8", "&mut f64", "Box<u8>", "NonNull<u8>",
                                               "Rc<u8>", "Arc<u8>", "fn(u8) -> u8",
                                               "extern \"C\" fn()", "&&[u8]", "&Vec<u8>"};
    for (size_t i = 0; i < sizeof thin_nonnull / sizeof thin_nonnull[0]; i++) {
        l = layout_expr(c, thin_nonnull[i]);
        assert_int_equal(l->size, 8);
        assert_int_equal(l->abi, ABI_SCALAR);
        assert_scalar(l->a, PRIM_PTR, 8, 1, U64MAX);
    }
    static const char *const slices[] = {"&[f64]", "&str", "&mut [u8]", "Box<[f64]>", "Box<str>",
                                         "Rc<[u8]>", "NonNull<[u8]>", "&Un"};
    for (size_t i = 0; i < 8; i++) {
        l = layout_expr(c, slices[i]);
        assert_int_equal(l->size, 16);
        assert_int_equal(l->align, 8);
        assert_int_equal(l->abi, ABI_PAIR);
        assert_int_equal(l->b_offset, 8);
        assert_scalar(l->a, PRIM_PTR, 8, 1, U64MAX);
        assert_scalar(l->b, PRIM_INT, 8, 0, U64MAX); /* the length has no niche */
        assert_true(l->has_niche && l->niche.offset == 0);
    }
    l = layout_expr(c, "*const [u8]");
    assert_int_equal(l->abi, ABI_PAIR);
    assert_scalar(l->a, PRIM_PTR, 8, 0, U64MAX);
    assert_false(l->has_niche);
    l = layout_expr(c, "*const dyn Any");
    assert_scalar(l->b, PRIM_PTR, 8, 1, U64MAX); /* a vtable pointer is never null */
    static const char *const dyns[] = {"&dyn Debug", "Box<dyn Fn(u8) -> u8>", "Rc<dyn Any>"};
    for (size_t i = 0; i < 3; i++) {
        l = layout_expr(c, dyns[i]);
        assert_int_equal(l->size, 16);
        assert_scalar(l->a, PRIM_PTR, 8, 1, U64MAX);
        assert_scalar(l->b, PRIM_PTR, 8, 1, U64MAX);
        assert_true(l->has_niche && l->niche.offset == 0); /* the data pointer wins the tie */
    }
    ctx_free(c);
}

/* ---- 1.3 arrays and ZSTs ---- */

static void test_arrays(void **state)
{
    static const lcase cases[] = {
        {"", "[u8; 3]", 3, 1, NULL, NULL},
        {"", "[u16; 3]", 6, 2, NULL, NULL},
        {"", "[[u8; 3]; 2]", 6, 1, NULL, NULL},
        {"", "[(u8, u16); 3]", 12, 2, NULL, NULL},
        {"", "[u64; 0]", 0, 8, NULL, NULL},
        {"", "Option<[bool; 2]>", 2, 1, NULL, "niche"},
        {"", "Option<[&u8; 1]>", 8, 8, NULL, "niche"},
        {"", "Option<[bool; 0]>", 1, 1, NULL, "tag u8"},
        {"", "[u8; 2305843009213693951]", 2305843009213693951u, 1, NULL, NULL},
    };
    CHECK_LAYOUTS(cases);
    tt_ctx *c = ctx_rust("");
    const tt_layout *l = layout_expr(c, "[f64; 1]");
    assert_int_equal(l->abi, ABI_MEMORY); /* arrays are always Memory */
    assert_true(l->is_array);
    assert_int_equal(l->count, 1);
    assert_int_equal(l->stride, 8);
    /* computed in O(1), not per element */
    l = layout_expr(c, "[f32; 1000000000000]");
    assert_true(l->size == 4000000000000u);
    assert_int_equal(l->count, 1000000000000u);
    l = layout_expr(c, "[[f64; 1000000]; 1000000]");
    assert_true(l->size == 8000000000000u);
    ctx_free(c);
}

static void test_array_too_big(void **state)
{
    tt_ctx *c = ctx_rust("");
    assert_layout_error(c, "[u8; 2305843009213693952]", "expr",
                        "values of the type `[u8; 2305843009213693952]` are too big for the target "
                        "architecture (rustc E0080)");
    assert_layout_error(c, "[u16; 1152921504606846976]", "expr", "too big");
    assert_layout_error(c, "[u64; 18446744073709551615]", "expr", "too big"); /* no wrap-around */
    assert_layout_error(c, "[[u8; 4294967296]; 4294967296]", "expr", "too big");
    ctx_free(c);
}

static void test_zsts(void **state)
{
    static const lcase cases[] = {
        {"", "PhantomData<u64>", 0, 1, NULL, NULL},
        {"struct E {}", "E", 0, 1, "", NULL},
        {"#[repr(C)] struct E {}", "E", 0, 1, "", NULL},
        {"struct E;", "E", 0, 1, "", NULL},
        {"struct F { a: f32, z: [u64; 0] }", "F", 8, 8, "0 0", NULL},
    };
    CHECK_LAYOUTS(cases);
    tt_ctx *c = ctx_rust("struct F { a: f32, z: [u64; 0] }");
    assert_int_equal(layout_expr(c, "F")->abi, ABI_MEMORY); /* the ZST's align stops Scalar */
    ctx_free(c);
}

/* ---- 1.4 tuples: sorted, the last element pinned, never end-biased ---- */

static void test_tuples(void **state)
{
    static const lcase cases[] = {
        {"", "(u8, u64, u8)", 16, 8, "8 0 9", NULL},
        {"", "(u8, u16, u32, u64)", 16, 8, "6 4 0 8", NULL},
        {"", "(u64, u32, u16, u8)", 16, 8, "0 8 12 14", NULL},
        {"", "(bool, u32)", 8, 4, "0 4", NULL},
        {"", "(u32, bool)", 8, 4, "0 4", NULL},
        {"", "(u8, u32)", 8, 4, "0 4", NULL},
        {"", "(bool, u16, u8)", 4, 2, "2 0 3", NULL},
        {"", "(f32, f64)", 16, 8, "0 8", NULL},
        {"", "(f64, u8)", 16, 8, "0 8", NULL},
        {"", "(u8, u128)", 32, 16, "0 16", NULL},
        {"", "(u8,)", 1, 1, "0", NULL},
        {"", "Option<(u8, bool)>", 2, 1, NULL, "niche"},
    };
    CHECK_LAYOUTS(cases);
    tt_ctx *c = ctx_rust("");
    const tt_layout *l = layout_expr(c, "Option<(u8, bool)>");
    assert_int_equal(l->tag_offset, 1); /* the tuple keeps bool last */
    l = layout_expr(c, "(u8, u64, u8)");
    assert_int_equal(l->memory_order[0], 1);
    assert_int_equal(l->memory_order[1], 0);
    assert_int_equal(l->memory_order[2], 2);
    ctx_free(c);
}

/* ---- 1.4 struct field reordering (start bias; group keys from effective alignment) ---- */

static void test_struct_reordering(void **state)
{
    static const lcase cases[] = {
        {"struct S1 { a: u8, b: u32, c: u16 }", "S1", 8, 4, "6 0 4", NULL},
        {"struct S2 { a: u8, b: u64, c: u8, d: u32 }", "S2", 16, 8, "12 0 13 8", NULL},
        {"struct S5 { a: u32, b: char, c: u8 }", "S5", 12, 4, "4 0 8", NULL},
        {"struct S6 { a: [u8; 4], b: u16, c: u8 }", "S6", 8, 2, "0 4 6", NULL},
        {"struct S7 { a: [u8; 6], b: u16, c: u32 }", "S7", 12, 4, "4 10 0", NULL},
        {"struct S8 { a: u8, b: [u8; 16], c: bool }", "S8", 18, 1, "1 2 0", NULL},
        {"struct X1 { a: u8, b: [u8; 16] }", "X1", 17, 1, "16 0", NULL},
        {"struct X2 { a: u8, b: [u8; 16], c: u32 }", "X2", 24, 4, "20 0 16", NULL},
        {"struct X3 { a: u32, b: [u8; 16], c: bool }", "X3", 24, 4, "0 4 20", NULL},
        {"struct X4 { a: u16, b: [u16; 3], c: u32 }", "X4", 12, 4, "4 6 0", NULL},
        {"struct S9 { a: (), b: u8, c: PhantomData<u64>, d: u32, e: [u64; 0] }", "S9", 8, 8,
         "4 4 5 0 0", NULL},
        {"struct Z1 { a: u8, z: [u32; 0], b: u16 }", "Z1", 4, 4, "2 0 0", NULL},
        {"struct Z2 { a: u8, z: PhantomData<u64>, b: u64 }", "Z2", 16, 8, "8 9 0", NULL},
        {"struct S10 { a: u8, b: u128, c: u16 }", "S10", 32, 16, "18 0 16", NULL},
        {"struct S11 { a: u16, b: &'static u8, c: u8 }", "S11", 16, 8, "8 0 10", NULL},
        {"struct S15 { x: f32, y: f64, z: f32 }", "S15", 16, 8, "8 0 12", NULL},
        {"struct S16 { a: u8, b: char, c: bool }", "S16", 8, 4, "5 0 4", NULL},
        {"struct X5 { a: bool, b: char }", "X5", 8, 4, "4 0", NULL},
        {"struct X6 { a: bool, b: bool, c: u8 }", "X6", 3, 1, "0 1 2", NULL},
        {"struct X7 { a: u8, b: Option<bool>, c: bool }", "X7", 3, 1, "2 1 0", NULL},
        {"struct X8 { a: (u8, bool), b: u32 }", "X8", 8, 4, "4 0", NULL},
        {"struct X10 { a: u32, b: NonZero<u16>, c: NonZero<u32> }", "X10", 12, 4, "4 8 0", NULL},
        {"struct N1 { a: bool, b: NonZero<u8>, c: u8 }", "N1", 3, 1, "0 1 2", NULL},
        {"struct N2 { a: u16, b: (u8, bool), c: u8 }", "N2", 6, 2, "2 0 4", NULL},
        {"struct S1 { a: u8, b: u32, c: u16 } struct Nest { a: u8, inner: S1, b: u16 }", "Nest",
         12, 4, "10 0 8", NULL},
    };
    CHECK_LAYOUTS(cases);
}

/* When the niche lands in the middle, rustc tries the end-biased order and keeps it if
 * the niche moves further from the start than the tail is long. */
static void test_struct_end_bias(void **state)
{
    static const lcase cases[] = {
        {"struct S3 { a: bool, b: u32, c: u8 }", "S3", 8, 4, "5 0 4", NULL},
        {"struct S4 { a: u8, b: bool, c: u16 }", "S4", 4, 2, "2 3 0", NULL},
        {"struct S12 { a: u8, b: NonZero<u8>, c: u8, d: u32 }", "S12", 8, 4, "4 6 5 0", NULL},
        {"struct S13 { a: u64, b: bool, c: u8, d: u8 }", "S13", 16, 8, "0 10 8 9", NULL},
        {"struct S14 { a: u8, b: u8, c: bool, d: u32 }", "S14", 8, 4, "4 5 6 0", NULL},
        {"struct N3 { a: u32, b: (bool, u8, u8), c: u8 }", "N3", 8, 4, "0 5 4", NULL},
        {"#[repr(packed(4))] struct P { a: u8, b: u64, c: bool }", "P", 12, 4, "8 0 9", NULL},
    };
    CHECK_LAYOUTS(cases);
    tt_ctx *c = ctx_rust("struct S3 { a: bool, b: u32, c: u8 }");
    const tt_layout *l = layout_expr(c, "S3");
    assert_true(l->has_niche);
    assert_int_equal(l->niche.offset, 5);
    ctx_free(c);
}

/* Generic structs: an implicit `T: Sized` last field is sorted; `T: ?Sized` stays last. */
static void test_struct_generic(void **state)
{
    static const char g[] = "struct G<T> { a: u8, t: T, b: u16 }";
    static const char x9[] = "struct X9<T: ?Sized> { a: u8, b: u32, t: T }";
    static const lcase cases[] = {
        {g, "G<u8>", 4, 2, "2 3 0", NULL},   {g, "G<u64>", 16, 8, "10 0 8", NULL},
        {g, "G<()>", 4, 2, "2 3 0", NULL},   {g, "G<bool>", 4, 2, "2 3 0", NULL},
        {x9, "X9<u64>", 16, 8, "4 0 8", NULL}, {x9, "X9<u8>", 8, 4, "4 0 5", NULL},
        {"struct U { a: u8, b: u64, c: u16, tail: [u32; 1] }", "U", 16, 8, "14 0 12 8", NULL},
    };
    CHECK_LAYOUTS(cases);
}

/* ---- repr(C), packed, align, transparent ---- */

static void test_repr_c(void **state)
{
    static const lcase cases[] = {
        {"#[repr(C)] struct C { a: u8, b: u32, c: u16 }", "C", 12, 4, "0 4 8", NULL},
        {"#[repr(C)] struct C { a: u8, b: u64, c: u8 }", "C", 24, 8, "0 8 16", NULL},
        {"#[repr(C)] struct C { a: u8, z: [u64; 0], c: u8 }", "C", 16, 8, "0 8 8", NULL},
        {"#[repr(C, align(8))] struct C { a: u8, b: u16 }", "C", 8, 8, "0 2", NULL},
        {"#[repr(C)] struct C { a: u32, b: bool }", "Option<C>", 8, 4, NULL, "niche"},
    };
    CHECK_LAYOUTS(cases);
    /* a repr(C) newtype of a scalar is Memory; of a pair, still a pair */
    tt_ctx *c = ctx_rust("#[repr(C)] struct CW(f64); struct W(f64); #[repr(C)] struct CP(&'static [u8]);");
    assert_int_equal(layout_expr(c, "CW")->abi, ABI_MEMORY);
    assert_int_equal(layout_expr(c, "W")->abi, ABI_SCALAR);
    assert_int_equal(layout_expr(c, "CP")->abi, ABI_PAIR);
    ctx_free(c);
}

static void test_repr_packed(void **state)
{
    static const lcase cases[] = {
        {"#[repr(packed)] struct P { a: u8, b: u32, c: u16 }", "P", 7, 1, "0 1 5", NULL},
        {"#[repr(C, packed)] struct P { a: u8, b: u32, c: u16 }", "P", 7, 1, "0 1 5", NULL},
        {"#[repr(packed)] struct P { a: u8, b: bool, c: u32 }", "P", 6, 1, "1 0 2", NULL},
        {"#[repr(packed)] struct P { a: u32, b: u8, c: bool }", "P", 6, 1, "1 5 0", NULL},
        {"#[repr(packed(2))] struct P { a: u8, b: u32, c: u16 }", "P", 8, 2, "6 0 4", NULL},
        {"#[repr(C, packed(4))] struct P { a: u8, b: u64, c: u16 }", "P", 16, 4, "0 4 12", NULL},
    };
    CHECK_LAYOUTS(cases);
}

static void test_repr_align(void **state)
{
    static const lcase cases[] = {
        {"#[repr(align(16))] struct A { a: u8, b: u32 }", "A", 16, 16, "4 0", NULL},
        {"#[repr(align(64))] struct A(u8);", "A", 64, 64, "0", NULL},
        {"#[repr(align(2))] struct A(u64);", "A", 8, 8, "0", NULL}, /* never lowers */
        {"#[repr(align(8))] struct A(u8); struct B { a: A, b: u8 }", "B", 16, 8, "0 8", NULL},
    };
    CHECK_LAYOUTS(cases);
}

static void test_repr_transparent(void **state)
{
    static const lcase cases[] = {
        {"#[repr(transparent)] struct T(f64, PhantomData<u8>);", "T", 8, 8, "0 8", NULL},
        {"#[repr(transparent)] struct T { z: (), v: u32 }", "T", 4, 4, "4 0", NULL},
        {"#[repr(transparent)] struct T(bool);", "Option<T>", 1, 1, NULL, "niche"},
    };
    CHECK_LAYOUTS(cases);
    tt_ctx *c = ctx_rust("#[repr(transparent)] struct T(PhantomData<u8>, f32, ());");
    const tt_layout *l = layout_expr(c, "T");
    assert_int_equal(l->abi, ABI_SCALAR);
    assert_int_equal(l->a.prim.kind, PRIM_FLOAT);
    ctx_free(c);
}

/* ScalarPair: two scalars at their pair positions, in memory order. */
static void test_struct_scalar_pair(void **state)
{
    tt_ctx *c = ctx_rust("struct R { start: usize, end: usize } struct M { a: u8, b: u64 }"
                         " struct Q { a: u8, b: u16, c: u8 }");
    const tt_layout *l = layout_expr(c, "R");
    assert_int_equal(l->abi, ABI_PAIR);
    assert_int_equal(l->b_offset, 8);
    l = layout_expr(c, "M"); /* b@0, a@8: the pair is (u64, u8) */
    assert_int_equal(l->abi, ABI_PAIR);
    assert_int_equal(l->a.prim.size, 8);
    assert_int_equal(l->b.prim.size, 1);
    assert_int_equal(layout_expr(c, "Q")->abi, ABI_MEMORY);
    ctx_free(c);
}

/* ---- 1.5 unions ---- */

static void test_unions(void **state)
{
    static const lcase cases[] = {
        {"union U { a: u8, b: u32, c: [u8; 5] }", "U", 8, 4, "0 0 0", NULL},
        {"#[repr(C)] union U { a: u8, b: u64 }", "U", 8, 8, NULL, NULL},
        {"#[repr(packed)] union U { a: u8, b: u64 }", "U", 8, 1, NULL, NULL},
        {"#[repr(align(32))] union U { a: u8 }", "U", 32, 32, NULL, NULL},
        {"union U { a: (), b: bool }", "U", 1, 1, NULL, NULL},
        {"union U { a: bool }", "Option<U>", 2, 1, NULL, "tag u8"}, /* unions hide niches */
    };
    CHECK_LAYOUTS(cases);
    tt_ctx *c = ctx_rust("union A { a: f64, b: u64 } union B { a: f32, b: u32 }"
                         " union C { a: (f64, f64), b: (f64, f64) } union D { a: u8 }");
    assert_int_equal(layout_expr(c, "A")->abi, ABI_MEMORY);
    assert_int_equal(layout_expr(c, "B")->abi, ABI_MEMORY);
    assert_int_equal(layout_expr(c, "C")->abi, ABI_PAIR);
    const tt_layout *l = layout_expr(c, "D");
    assert_int_equal(l->abi, ABI_SCALAR);
    assert_true(l->a.is_union);
    assert_false(l->has_niche);
    ctx_free(c);
}

/* Valid-range attributes restrict a newtype's scalar, as for NonNull. */
static void test_valid_range(void **state)
{
    tt_ctx *c = ctx_rust("#[valid_range_start(1)] #[valid_range_end(254)] struct B(u8);"
                         " #[valid_range_start(10)] #[valid_range_end(2)] struct W(u8);");
    const tt_layout *l = layout_expr(c, "B");
    assert_scalar(l->a, PRIM_INT, 1, 1, 254);
    assert_true(layout_expr(c, "Option<B>")->niche_start == 0);
    assert_scalar(layout_expr(c, "W")->a, PRIM_INT, 1, 10, 2); /* wrapping */
    assert_int_equal(layout_expr(c, "Option<Option<W>>")->size, 1);
    ctx_free(c);
    c = ctx_rust_diags("#[valid_range_start(1)] struct P { a: u8, b: u16, c: u32 }");
    assert_layout_error(c, "P", "$.types[\"P\"]", "need a struct whose ABI is a scalar or a scalar pair");
    ctx_free(c);
    c = ctx_rust_diags("#[valid_range_end(256)] struct P(u8);");
    assert_layout_error(c, "P", "$.types[\"P\"]", "valid range bound does not fit the 1-byte scalar");
    ctx_free(c);
}

/* ---- unsized structs: the tail stays last; a pointer to them is wide ---- */

static void test_unsized_structs(void **state)
{
    static const char un[] = "struct Unsz { a: u8, b: u64, c: u16, tail: [u32] }";
    static const lcase cases[] = {
        {un, "&Unsz", 16, 8, NULL, NULL},
        {"struct X9<T: ?Sized> { a: u8, b: u32, t: T }", "Box<X9<[f64]>>", 16, 8, NULL, NULL},
        {"struct D { n: u32, d: dyn Debug }", "&D", 16, 8, NULL, NULL},
        {"struct S { n: u16, s: str }", "*const S", 16, 8, NULL, NULL},
        {"", "&(u8, [u16])", 16, 8, NULL, NULL},
    };
    CHECK_LAYOUTS(cases);
    tt_ctx *c = ctx_rust(un);
    const tt_layout *l = layout_expr(c, "Unsz");
    assert_false(l->sized);
    assert_int_equal(l->align, 8);
    assert_offsets_are(l->offsets, l->nfields, "10 0 8 12");
    ctx_free(c);
    c = ctx_rust("struct X9<T: ?Sized> { a: u8, b: u32, t: T }");
    l = layout_expr(c, "X9<str>");
    assert_false(l->sized);
    assert_offsets_are(l->offsets, l->nfields, "4 0 5");
    ctx_free(c);
}

static void test_unsized_misplaced(void **state)
{
    tt_ctx *c = ctx_rust_diags("struct S { a: [u8], b: u8 } enum E { A(str) } union U { a: [u8] }");
    assert_layout_error(c, "S", NULL, "only the last field of a struct may be unsized (rustc E0277)");
    assert_layout_error(c, "E", "$.types[\"E\"].variants[0].fields[0]",
                        "enum variant fields must be sized (rustc E0277)");
    assert_layout_error(c, "U", "$.types[\"U\"].fields[0]", "union fields must be sized (rustc E0277)");
    assert_layout_error(c, "[str; 2]", "expr", "the element type of `[str; 2]` is not sized");
    assert_layout_error(c, "[[u8]]", "expr", "is not sized");
    ctx_free(c);
}

/* ---- errors rustc reports ---- */

static void test_error_recursive(void **state)
{
    static const char *const decls[] = {
        "struct S { a: u8, next: S }",
        "struct S { a: (u8, S) }",
        "struct S { a: [S; 2] }",
        "struct S { a: Option<S> }",
        "struct A { b: B } struct B { a: A }",
        "enum L { Nil, Cons(u8, L) }",
        "struct W<T> { t: T } struct S { w: W<S> }",
    };
    for (size_t i = 0; i < sizeof decls / sizeof decls[0]; i++) {
        tt_ctx *c = ctx_rust(decls[i]);
        const char *name = strstr(decls[i], "enum") ? "L" : "S";
        if (strncmp(decls[i], "struct A", 8) == 0)
            name = "A";
        assert_layout_error(c, name, NULL, "has infinite size: it contains itself by value");
        assert_error_at(c, NULL, "(rustc E0072)");
        ctx_free(c);
    }
    /* indirection breaks the cycle */
    tt_ctx *c = ctx_rust("struct S { a: u8, next: Option<Box<S>> } enum L { Nil, Cons(u8, Box<L>) }"
                         " struct R { v: Vec<R>, p: &'static R, q: *const R, f: fn(R) -> R }");
    expect_layout(c, "S", 16, 8, "8 0");
    expect_layout(c, "L", 16, 8, NULL);
    expect_layout(c, "R", 48, 8, NULL);
    ctx_free(c);
}

static void test_error_unknown_names(void **state)
{
    tt_ctx *c = ctx_rust_diags("struct S { a: u8, b: Nope }");
    assert_error_at(c, "$.types[\"S\"].fields[1]", "unknown type name \"Nope\" (at column 1)");
    ctx_free(c);
    c = ctx_rust("");
    assert_layout_error(c, "Vec<Nope>", "expr", "unknown type name \"Nope\" (at column 5)");
    assert_layout_error(c, "std::collections::HashMap<u8, u8>", "expr",
                        "unknown type name \"std::collections::HashMap\"");
    assert_layout_error(c, "T", "expr", "unknown type name \"T\"");
    ctx_free(c);
    /* two types share the last segment: the short name is ambiguous */
    c = ctx_rust("struct a::P(u8); struct b::P(u16);");
    assert_layout_error(c, "P", "expr", "type name \"P\" is ambiguous");
    expect_layout(c, "b::P", 2, 2, "0");
    expect_layout(c, "a::P", 1, 1, "0");
    ctx_free(c);
}

static void test_error_generic_arity(void **state)
{
    tt_ctx *c = ctx_rust("struct P<T> { a: T, b: T }");
    assert_layout_error(c, "P", "expr", "type \"P\" takes 1 generic argument but 0 were given");
    assert_layout_error(c, "P<u8, u8>", "expr", "type \"P\" takes 1 generic argument but 2 were given");
    assert_layout_error(c, "Vec<u8, alloc::alloc::Global, u8>", "expr",
                        "type \"alloc::vec::Vec\" takes 1 to 2 generic arguments but 3 were given");
    assert_layout_error(c, "Result<u8>", "expr", "takes 2 generic arguments but 1 was given");
    assert_layout_error(c, "&Option<u8, u8>", "expr", "(at column 2)");
    expect_layout(c, "P<u16>", 4, 2, "0 2");
    ctx_free(c);
}

static void test_error_transparent(void **state)
{
    tt_ctx *c = ctx_rust("#[repr(transparent)] struct T(u8, u16);"
                         " #[repr(transparent)] struct Z(u8, [u32; 0]);"
                         " #[repr(transparent)] enum E { A(u8), B }");
    assert_layout_error(c, "T", "$.types[\"T\"]",
                        "transparent struct `T` needs at most one field with non-trivial size or "
                        "alignment, but has 2 (rustc E0690)");
    assert_layout_error(c, "Z", "$.types[\"Z\"]", "(rustc E0690)");
    assert_layout_error(c, "E", "$.types[\"E\"]", "transparent enum needs exactly one variant, but has 2 (rustc E0731)");
    ctx_free(c);
}

static void test_error_packed_align(void **state)
{
    /* rustc looks through the fields of structs and unions, transitively */
    tt_ctx *c = ctx_rust("#[repr(align(8))] struct A(u8); struct W { a: A }"
                         " #[repr(packed)] struct P { x: u8, a: A }"
                         " #[repr(packed(2))] struct Q { w: W }"
                         " #[repr(packed)] union U { w: W }");
    assert_layout_error(c, "P", "$.types[\"P\"]",
                        "packed type `P` cannot transitively contain the #[repr(align)] type `A` (rustc E0588)");
    assert_layout_error(c, "Q", "$.types[\"Q\"]", "the #[repr(align)] type `A` (rustc E0588)");
    assert_layout_error(c, "U", "$.types[\"U\"]", "rustc E0588");
    ctx_free(c);
}

static void test_error_too_big(void **state)
{
    tt_ctx *c = ctx_rust("struct T { a: [u8; 1152921504606846976], b: [u8; 1152921504606846976] }"
                         " struct Ok1 { a: [u8; 1152921504606846976], b: [u8; 1152921504606846975] }"
                         " union U { a: [u8; 2305843009213693951], b: u16 }"
                         " enum E { A([u8; 2305843009213693951]), B }");
    assert_layout_error(c, "T", "$.types[\"T\"]", "too big for the target architecture (rustc E0080)");
    expect_layout(c, "Ok1", 2305843009213693951u, 1, NULL);
    assert_layout_error(c, "U", "$.types[\"U\"]", "too big");
    assert_layout_error(c, "E", NULL, "too big");
    assert_layout_error(c, "(u64, [u8; 2305843009213693944])", NULL, "too big");
    ctx_free(c);
}

/* Exporter-provided numbers win; a disagreement is a warning, not an error. */
static void test_layout_block_overrides(void **state)
{
    tt_ctx *c = ctx_types("{'P': {'kind': 'struct', 'fields': [{'name': 'a', 'ty': 'u8'}],"
                          " 'layout': {'size': 2, 'align': 1, 'fields': [{'name': 'a', 'offset': 1},"
                          "                                              {'name': 'zz', 'offset': 0}]}}}");
    const tt_type *t = types_resolve_str(c, "P", TEST_LOC);
    const tt_layout *l = layout_of(c, (tt_type *)t, TEST_LOC);
    assert_non_null(l);
    assert_int_equal(c->nerrors, 0);
    assert_int_equal(l->size, 2);
    assert_int_equal(l->offsets[0], 1);
    assert_warning_at(c, "$.types[\"P\"].layout", "the size is 2 in the layout block but the engine computed 1");
    assert_warning_at(c, "$.types[\"P\"].layout", "the offset of field \"a\" is 1");
    assert_warning_at(c, "$.types[\"P\"].layout", "names field \"zz\", which the type does not have");
    ctx_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_primitives),
        cmocka_unit_test(test_pointers),
        cmocka_unit_test(test_arrays),
        cmocka_unit_test(test_array_too_big),
        cmocka_unit_test(test_zsts),
        cmocka_unit_test(test_tuples),
        cmocka_unit_test(test_struct_reordering),
        cmocka_unit_test(test_struct_end_bias),
        cmocka_unit_test(test_struct_generic),
        cmocka_unit_test(test_repr_c),
        cmocka_unit_test(test_repr_packed),
        cmocka_unit_test(test_repr_align),
        cmocka_unit_test(test_repr_transparent),
        cmocka_unit_test(test_struct_scalar_pair),
        cmocka_unit_test(test_unions),
        cmocka_unit_test(test_valid_range),
        cmocka_unit_test(test_unsized_structs),
        cmocka_unit_test(test_unsized_misplaced),
        cmocka_unit_test(test_error_recursive),
        cmocka_unit_test(test_error_unknown_names),
        cmocka_unit_test(test_error_generic_arity),
        cmocka_unit_test(test_error_transparent),
        cmocka_unit_test(test_error_packed_align),
        cmocka_unit_test(test_error_too_big),
        cmocka_unit_test(test_layout_block_overrides),
    };
    return cmocka_run_group_tests_name("layout", tests, NULL, NULL);
}
