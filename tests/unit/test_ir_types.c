/* LLVM type sizes of the body pass (emit/body/ir_types.c) against LLVM itself: each type of a
 * module with rustc's x86_64 data layout is sized by ir_type_size from the module's text
 * and by LLVM's DataLayout (LLVMABISizeOfType: the alloc size, a getelementptr's stride). */
#include "unit.h"

#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Target.h>

#include "../emit/body/ir_types.h"

static const char *const type_lines[] = {
    "%R = type { double, [3 x double], i64, i32, float, i8, [7 x i8] }",
    "%\"cases::rec::Rec<f32>\" = type { %R, i8, %\"inner two\", [0 x i64] }",
    "%\"inner two\" = type { i16, i128 }",
    "%Packed = type <{ i8, i64, i16 }>",
    "%Nested = type { <{ i8, i32 }>, i8 }",
    "%Empty = type {}",
    "%Floats = type { half, fp128, bfloat, i1 }",
    "%Arr = type { [3 x { i8, ptr }], [2 x %Packed] }",
};

/* Types whose size ir_type_size does not claim (0): the caller then types nothing. */
static const char *const unsized_lines[] = {
    "%Vec = type { <4 x float>, i8 }",
    "%Opaque = type opaque",
    "%Undefined = type { %NoSuchType }",
    "%F80 = type { x86_fp80 }",
};

/* The length of "%name" at the start of a type definition line. */
static size_t name_len(const char *line)
{
    return (size_t)(strstr(line, " = type") - line);
}

static void test_sizes_agree_with_llvm(void **state)
{
    (void)state;
    tt_ctx *c = tt_ctx_new();
    tt_map *defs = map_new(c->arena);
    tt_buf mod = {0};
    buf_put(&mod, "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-"
                  "i128:128-f80:128-n8:16:32:64-S128\"\n"
                  "target triple = \"x86_64-unknown-linux-gnu\"\n");
    for (size_t i = 0; i < sizeof type_lines / sizeof type_lines[0]; i++) {
        ir_types_note(defs, c->arena, type_lines[i], strlen(type_lines[i]));
        buf_printf(&mod, "%s\n", type_lines[i]);
    }
    /* keep every named type alive in the parsed module */
    buf_put(&mod, "define void @use(");
    for (size_t i = 0; i < sizeof type_lines / sizeof type_lines[0]; i++) {
        size_t len = name_len(type_lines[i]);
        buf_printf(&mod, "%sptr byval(%.*s) %%a%zu", i ? ", " : "", (int)len, type_lines[i], i);
    }
    buf_put(&mod, ") {\n  ret void\n}\n");

    LLVMContextRef ctx = LLVMContextCreate();
    LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(mod.data, mod.len, "types");
    LLVMModuleRef m = NULL;
    char *err = NULL;
    assert_int_equal(LLVMParseIRInContext(ctx, mb, &m, &err), 0);
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
    for (size_t i = 0; i < sizeof type_lines / sizeof type_lines[0]; i++) {
        size_t len = name_len(type_lines[i]);
        const char *name = type_lines[i] + 1;
        char *plain = NULL;
        if (name[0] == '"') { /* %"a b" is named a b */
            plain = strndup(name + 1, len - 3);
            name = plain;
        } else {
            plain = strndup(name, len - 1);
            name = plain;
        }
        LLVMTypeRef t = LLVMGetTypeByName2(ctx, name);
        if (!t)
            fail_msg("LLVM has no type named %s", name);
        uint64_t want = LLVMABISizeOfType(td, t);
        uint64_t got = ir_type_size(defs, type_lines[i], len);
        if (got != want)
            fail_msg("%s: ir_type_size %llu, LLVM %llu", type_lines[i], (unsigned long long)got,
                     (unsigned long long)want);
        free(plain);
    }
    /* plain types as a getelementptr names them */
    assert_int_equal(ir_type_size(defs, "[5 x i16]", 9), 10);
    assert_int_equal(ir_type_size(defs, "{ i8, i128 }", 12), 32);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    free(mod.data);
    ctx_free(c);
}

static void test_what_it_cannot_size_is_zero(void **state)
{
    (void)state;
    tt_ctx *c = tt_ctx_new();
    tt_map *defs = map_new(c->arena);
    for (size_t i = 0; i < sizeof unsized_lines / sizeof unsized_lines[0]; i++)
        ir_types_note(defs, c->arena, unsized_lines[i], strlen(unsized_lines[i]));
    for (size_t i = 0; i < sizeof unsized_lines / sizeof unsized_lines[0]; i++)
        assert_int_equal(ir_type_size(defs, unsized_lines[i], name_len(unsized_lines[i])), 0);
    /* a type defined through itself ends at the depth limit, not in a loop */
    const char *self = "%Loop = type { %Loop }";
    ir_types_note(defs, c->arena, self, strlen(self));
    assert_int_equal(ir_type_size(defs, "%Loop", 5), 0);
    /* lines that define no type */
    const char *notype = "%x = alloca [8 x i8], align 8";
    ir_types_note(defs, c->arena, notype, strlen(notype));
    assert_null(map_get(defs, "%x"));
    ctx_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sizes_agree_with_llvm),
        cmocka_unit_test(test_what_it_cannot_size_is_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
