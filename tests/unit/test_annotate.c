/* The IR-annotation decisions, without IR: matching an LLVM function to an entry of the
 * "functions" list (symbol, legacy and v0 Rust paths, generic instances), checking the
 * lowered Rust signature against the LLVM one, and the attribute strings handed back. */
#include "unit.h"

#include "../emit/annotate/annotate.h"

static const char doc[] =
    "{\"format\": \"rust-types/1\", \"functions\": ["
    " {\"symbol\": \"p_multi\", \"args\": [{\"name\": \"a\", \"ty\": \"u8\"},"
    "  {\"name\": \"b\", \"ty\": \"&[f64]\"}, {\"name\": \"e\", \"ty\": \"bool\"}], \"ret\": \"f64\"},"
    " {\"symbol\": \"unused\", \"path\": \"s::geo::dist\", \"args\": [{\"ty\": \"&[f32; 2]\"}], \"ret\": \"f32\"},"
    " {\"symbol\": \"unused2\", \"path\": \"s::gen::<f64>\", \"args\": [{\"ty\": \"f64\"}], \"ret\": \"f64\"},"
    " {\"symbol\": \"big\", \"args\": [], \"ret\": \"Vec<f64>\"},"
    " {\"symbol\": \"pair_same\", \"args\": [], \"ret\": \"(f32, f32)\"},"
    " {\"symbol\": \"pair_mixed\", \"args\": [], \"ret\": \"(f64, usize)\"}"
    "]}";

static ir_decision decide(annotator *a, const char *sym, const char *ret, uint32_t n,
                          const char *const *types)
{
    ir_function f = {.symbol = sym, .nparams = n, .param_types = types, .ret_type = ret};
    annotator_note_defined(a, sym); /* as a backend does for every define first */
    return annotator_decide(a, &f);
}

static void test_path_only_when_entry_symbol_absent(void **state)
{
    (void)state;
    /* The entry's own symbol is defined in the IR: another function with the same Rust
     * path (a second instance the types file leaves out) must not take its entry. */
    tt_ctx *c = ctx_json("{\"format\": \"rust-types/1\", \"functions\": [{\"symbol\": "
                         "\"_ZN1s3gen17h54800953af53cbc2E\", \"path\": \"s::gen\", "
                         "\"args\": [{\"ty\": \"&f64\"}], \"ret\": \"f64\"}]}");
    annotator *a = annotator_new(c, NULL);
    annotator_note_defined(a, "_ZN1s3gen17h54800953af53cbc2E");
    const char *types[] = {"ptr"};
    ir_function other = {.symbol = "_ZN1s3gen17h9f3c2a1b4d5e6f70E", .nparams = 1,
                         .param_types = types, .ret_type = "double"};
    annotator_note_defined(a, other.symbol);
    ir_decision d = annotator_decide(a, &other);
    assert_int_equal(d.outcome, OUT_NOT_DESCRIBED);
    ir_function own = other;
    own.symbol = "_ZN1s3gen17h54800953af53cbc2E";
    d = annotator_decide(a, &own);
    assert_int_equal(d.outcome, OUT_ANNOTATED);
    assert_false(c->nerrors);
    ctx_free(c);
}

static void test_match_by_symbol(void **state)
{
    (void)state;
    tt_ctx *c = ctx_json(doc);
    assert_true(types_validate_defs(c));
    annotator *a = annotator_new(c, NULL);
    const char *types[] = {"i8", "ptr", "i64", "i1"};
    ir_decision d = decide(a, "p_multi", "double", 4, types);
    assert_int_equal(d.outcome, OUT_ANNOTATED);
    assert_string_equal(d.param_attr[0], "{[-1]:Integer}");
    assert_string_equal(d.param_attr[1], "{[-1]:Pointer, [-1,0]:Float@double}");
    assert_string_equal(d.param_attr[2], "{[-1]:Integer}");
    assert_string_equal(d.param_attr[3], "{[-1]:Integer}");
    assert_string_equal(d.ret_attr, "{[-1]:Float@double}");
    ctx_free(c);
}

/* A returned pair: by byte offsets only when asked (IR no interprocedural pass rewrites);
 * otherwise the tree both halves share, or nothing. */
static void test_pair_returns(void **state)
{
    (void)state;
    tt_ctx *c = ctx_json(doc);
    annotator *a = annotator_new(c, NULL);
    ir_decision d = decide(a, "pair_same", "{ float, float }", 0, NULL);
    assert_int_equal(d.outcome, OUT_ANNOTATED);
    assert_string_equal(d.ret_attr, "{[-1]:Float@float}");
    d = decide(a, "pair_mixed", "{ double, i64 }", 0, NULL);
    assert_int_equal(d.outcome, OUT_ANNOTATED);
    assert_null(d.ret_attr);
    ctx_free(c);

    c = ctx_json(doc);
    a = annotator_new(c, NULL);
    annotator_pair_offsets(a, true);
    d = decide(a, "pair_same", "{ float, float }", 0, NULL);
    assert_string_equal(d.ret_attr, "{[0]:Float@float, [4]:Float@float}");
    d = decide(a, "pair_mixed", "{ double, i64 }", 0, NULL);
    assert_string_equal(d.ret_attr, "{[0]:Float@double, [8]:Integer, [9]:Integer, [10]:Integer, "
                                    "[11]:Integer, [12]:Integer, [13]:Integer, [14]:Integer, "
                                    "[15]:Integer}");
    ctx_free(c);
}

static void test_match_by_demangled_path(void **state)
{
    (void)state;
    tt_ctx *c = ctx_json(doc);
    annotator *a = annotator_new(c, NULL);
    const char *types[] = {"ptr"};
    /* legacy mangling, hash dropped */
    ir_decision d = decide(a, "_ZN1s3geo4dist17h858adb3ed2277a68E", "float", 1, types);
    assert_int_equal(d.outcome, OUT_ANNOTATED);
    assert_string_equal(d.param_attr[0], "{[-1]:Pointer, [-1,0]:Float@float, [-1,4]:Float@float}");
    ctx_free(c);
    /* v0 mangling of the same function */
    c = ctx_json(doc);
    a = annotator_new(c, NULL);
    d = decide(a, "_RNvNtCs8t2GQvMjaLT_1s3geo4dist", "float", 1, types);
    assert_int_equal(d.outcome, OUT_ANNOTATED);
    ctx_free(c);
}

static void test_generic_instance_paths(void **state)
{
    (void)state;
    tt_ctx *c = ctx_json(doc);
    annotator *a = annotator_new(c, NULL);
    const char *types[] = {"double"};
    /* v0 keeps the generic arguments: an exact path match */
    ir_decision d = decide(a, "_RINvCs8t2GQvMjaLT_1s3gendEB2_", "double", 1, types);
    assert_int_equal(d.outcome, OUT_ANNOTATED);
    ctx_free(c);
    /* legacy drops them: matched through the bare path */
    c = ctx_json(doc);
    a = annotator_new(c, NULL);
    d = decide(a, "_ZN1s3gen17h54800953af53cbc2E", "double", 1, types);
    assert_int_equal(d.outcome, OUT_ANNOTATED);
    /* a second instance with the same bare path is an error, not a guess */
    d = decide(a, "_ZN1s3gen17h9f3c2a1b4d5e6f70E", "double", 1, types);
    assert_int_equal(d.outcome, OUT_NOT_DESCRIBED); /* the entry is the first one's */
    assert_error_at(c, "$.functions[2]", "matches two functions of the IR");
    ctx_free(c);
}

static void test_signature_mismatch_is_left_alone(void **state)
{
    (void)state;
    tt_ctx *c = ctx_json(doc);
    annotator *a = annotator_new(c, NULL);
    /* what LLVM makes of an internal function at O3: an argument removed */
    const char *types[] = {"ptr", "i64"};
    ir_decision d = decide(a, "p_multi", "double", 2, types);
    assert_int_equal(d.outcome, OUT_MISMATCH);
    assert_null(d.param_attr);
    assert_non_null(strstr(d.reason, "expected double (i8, ptr, i64, i1)"));
    assert_non_null(strstr(d.reason, "found double (ptr, i64)"));
    /* a different type at the same position is a mismatch too */
    const char *types2[] = {"i8", "ptr", "i64", "i8"};
    d = decide(a, "p_multi", "double", 4, types2);
    assert_int_equal(d.outcome, OUT_MISMATCH);
    ctx_free(c);
}

static void test_sret(void **state)
{
    (void)state;
    tt_ctx *c = ctx_json(doc);
    annotator *a = annotator_new(c, NULL);
    const char *types[] = {"ptr"};
    ir_decision d = decide(a, "big", "void", 1, types);
    assert_int_equal(d.outcome, OUT_ANNOTATED);
    assert_null(d.ret_attr);
    assert_non_null(strstr(d.param_attr[0], "{[-1]:Pointer, [-1,0]:Integer"));
    assert_non_null(strstr(d.param_attr[0], "[-1,8]:Pointer, [-1,8,-1]:Float@double"));
    ctx_free(c);
}

static void test_not_described_and_nothing_matched(void **state)
{
    (void)state;
    tt_ctx *c = ctx_json(doc);
    annotator *a = annotator_new(c, NULL);
    const char *types[] = {"i32"};
    ir_decision d = decide(a, "other", "void", 1, types);
    assert_int_equal(d.outcome, OUT_NOT_DESCRIBED);
    d = decide(a, "_ZN1s5other17h1111111111111111E", "void", 1, types);
    assert_int_equal(d.outcome, OUT_NOT_DESCRIBED);
    assert_false(annotator_finish(a));
    assert_error_at(c, "$.functions", "none of the 6 functions of the types file matches");
    assert_int_equal(annotator_stats(a)->not_described, 2);
    ctx_free(c);
}

/* Issue 11, item 9: --stats' "failed" counts described functions whose lowering failed;
 * a function without an entry of its own is "not described", whatever its path matches
 * (several entries, or an entry another function took first). */
static void test_stats_failed_means_lowering_failed(void **state)
{
    (void)state;
    tt_ctx *c = ctx_json("{\"format\": \"rust-types/1\", \"functions\": ["
                         " {\"symbol\": \"good\", \"args\": [{\"ty\": \"f64\"}], \"ret\": \"f64\"},"
                         " {\"symbol\": \"bad\", \"args\": [{\"ty\": \"NoSuchType\"}]},"
                         " {\"path\": \"s::gen::<f64>\", \"args\": [{\"ty\": \"f64\"}]},"
                         " {\"path\": \"s::gen::<f32>\", \"args\": [{\"ty\": \"f32\"}]},"
                         " {\"path\": \"s::one\", \"args\": [{\"ty\": \"f64\"}]}]}");
    annotator *a = annotator_new(c, NULL);
    const char *f64[] = {"double"};
    assert_int_equal(decide(a, "good", "double", 1, f64).outcome, OUT_ANNOTATED);
    assert_int_equal(decide(a, "bad", "void", 1, f64).outcome, OUT_FAILED);
    /* legacy symbols of s::gen: the bare path matches two entries */
    ir_decision d = decide(a, "_ZN1s3gen17h54800953af53cbc2E", "void", 1, f64);
    assert_int_equal(d.outcome, OUT_NOT_DESCRIBED);
    assert_non_null(strstr(d.reason, "matches several entries"));
    assert_int_equal(decide(a, "other", "void", 0, NULL).outcome, OUT_NOT_DESCRIBED);
    assert_int_equal(decide(a, "_ZN1s3one17h858adb3ed2277a68E", "void", 1, f64).outcome,
                     OUT_ANNOTATED);
    assert_int_equal(decide(a, "_ZN1s3one17h9f3c2a1b4d5e6f70E", "void", 1, f64).outcome,
                     OUT_NOT_DESCRIBED);
    const annotate_stats *s = annotator_stats(a);
    assert_int_equal(s->functions, 6);
    assert_int_equal(s->annotated, 2);
    assert_int_equal(s->failed, 1);
    assert_int_equal(s->mismatched, 0);
    assert_int_equal(s->not_described, 3);
    ctx_free(c);
}

/* Issue 11, item 8: `typetree tree` and annotate give one type one tree. &[*const S; 5]
 * (Direct) and [*const S; 5] (Indirect, by pointer) both list the five pointers element
 * by element, as `tree` prints the reference: a fixed array behind a pointer is never
 * one [-1] run (its elements end where the array does). */
static void test_tree_agrees_with_annotate(void **state)
{
    (void)state;
    tt_ctx *c = ctx_json("{\"format\": \"rust-types/1\", \"types\": {\"S\": {\"kind\": "
                         "\"struct\", \"fields\": [{\"name\": \"a\", \"ty\": \"f64\"}, "
                         "{\"name\": \"n\", \"ty\": \"*const S\"}]}}, \"functions\": ["
                         " {\"symbol\": \"by_ref\", \"args\": [{\"ty\": \"&[*const S; 5]\"}]},"
                         " {\"symbol\": \"by_value\", \"args\": [{\"ty\": \"[*const S; 5]\"}]}]}");
    assert_true(types_validate_defs(c));
    tt_type *t = types_resolve_str(c, "&[*const S; 5]", TEST_LOC);
    tt_tree tr = {0};
    assert_true(tree_of_value(c, t, NULL, &tr, TEST_LOC));
    tt_buf b = {0};
    tree_to_string(&tr, &b);
    assert_non_null(strstr(b.data, "[-1,32]:Pointer, [-1,32,0]:Float@double"));
    assert_null(strstr(b.data, "[-1,-1]"));
    annotator *a = annotator_new(c, NULL);
    const char *types[] = {"ptr"};
    ir_decision d = decide(a, "by_ref", "void", 1, types);
    assert_int_equal(d.outcome, OUT_ANNOTATED);
    assert_string_equal(d.param_attr[0], b.data);
    d = decide(a, "by_value", "void", 1, types);
    assert_int_equal(d.outcome, OUT_ANNOTATED);
    assert_string_equal(d.param_attr[0], b.data);
    free(b.data);
    tree_free(&tr);
    ctx_free(c);
}

static void test_demangle(void **state)
{
    (void)state;
    tt_ctx *c = tt_ctx_new();
    assert_string_equal(demangle_rust_path(c, "_ZN1s3geo4dist17h858adb3ed2277a68E"), "s::geo::dist");
    assert_string_equal(demangle_rust_path(c, "_RNvNtCs8t2GQvMjaLT_1s3geo4dist"), "s::geo::dist");
    assert_null(demangle_rust_path(c, "p_multi"));
    assert_null(demangle_rust_path(c, "_ZN3foo"));
    ctx_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_match_by_symbol),
        cmocka_unit_test(test_pair_returns),
        cmocka_unit_test(test_match_by_demangled_path),
        cmocka_unit_test(test_generic_instance_paths),
        cmocka_unit_test(test_signature_mismatch_is_left_alone),
        cmocka_unit_test(test_sret),
        cmocka_unit_test(test_not_described_and_nothing_matched),
        cmocka_unit_test(test_demangle),
        cmocka_unit_test(test_path_only_when_entry_symbol_absent),
        cmocka_unit_test(test_stats_failed_means_lowering_failed),
        cmocka_unit_test(test_tree_agrees_with_annotate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
