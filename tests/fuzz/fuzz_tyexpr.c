/* fuzz_tyexpr: any byte string, read as a type expression (as `typetree layout FILE EXPR`
 * does with EXPR) and as a definition key, must parse, resolve against a few fixed
 * definitions and lay out, or fail with a message: no crash, no leak, no sanitizer report. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../emit/emit.h"

static const tt_loc fuzz_loc = {NULL, "fuzz"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Names for the expressions to reach: generic, ?Sized, defaults, recursion through a
 * pointer, repr'd enums, a union, a valid range, an ambiguous short name (Dup). */
static const char defs_json[] =
    "{\"format\": \"rust-types/1\", \"types\": {"
    " \"geo::Point\": {\"kind\": \"struct\", \"repr\": [\"C\"],"
    "   \"fields\": [{\"name\": \"x\", \"ty\": \"f32\"}, {\"name\": \"y\", \"ty\": \"f32\"}]},"
    " \"Pair<T>\": {\"kind\": \"struct\", \"fields\": [{\"ty\": \"T\"}, {\"ty\": \"T\"}]},"
    " \"Header<T: ?Sized>\": {\"kind\": \"struct\","
    "   \"fields\": [{\"name\": \"len\", \"ty\": \"usize\"}, {\"name\": \"data\", \"ty\": \"T\"}]},"
    " \"WithDefault<T, U = u8>\": {\"kind\": \"struct\","
    "   \"fields\": [{\"name\": \"t\", \"ty\": \"T\"}, {\"name\": \"u\", \"ty\": \"U\"}]},"
    " \"Node\": {\"kind\": \"struct\","
    "   \"fields\": [{\"name\": \"v\", \"ty\": \"f64\"}, {\"name\": \"next\", \"ty\": \"Option<Box<Node>>\"}]},"
    " \"Shape\": {\"kind\": \"enum\", \"repr\": [\"u8\"], \"variants\": ["
    "   {\"name\": \"Circle\", \"fields\": [{\"ty\": \"f64\"}]},"
    "   {\"name\": \"Rect\", \"fields\": [{\"name\": \"w\", \"ty\": \"f64\"}, {\"name\": \"h\", \"ty\": \"f64\"}]},"
    "   {\"name\": \"Empty\", \"discriminant\": 7}]},"
    " \"Either<L, R>\": {\"kind\": \"enum\", \"variants\": ["
    "   {\"name\": \"Left\", \"fields\": [{\"ty\": \"L\"}]}, {\"name\": \"Right\", \"fields\": [{\"ty\": \"R\"}]}]},"
    " \"Void\": {\"kind\": \"enum\", \"variants\": []},"
    " \"Bits\": {\"kind\": \"union\", \"repr\": [\"C\"],"
    "   \"fields\": [{\"name\": \"f\", \"ty\": \"f32\"}, {\"name\": \"u\", \"ty\": \"u32\"}]},"
    " \"Small\": {\"kind\": \"struct\", \"valid_range_start\": 1, \"valid_range_end\": 200,"
    "   \"fields\": [{\"ty\": \"u8\"}]},"
    " \"Packed<T>\": {\"kind\": \"struct\", \"repr\": [\"packed\"],"
    "   \"fields\": [{\"ty\": \"u8\"}, {\"ty\": \"T\"}]},"
    " \"Aligned\": {\"kind\": \"struct\", \"repr\": [\"align(64)\"], \"fields\": [{\"ty\": \"u8\"}]},"
    " \"a::Dup\": {\"kind\": \"struct\", \"fields\": []},"
    " \"b::Dup\": {\"kind\": \"struct\", \"fields\": [{\"ty\": \"u8\"}]}"
    "}}";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *src = malloc(size + 1);
    if (!src)
        return 0;
    memcpy(src, data, size);
    src[size] = '\0'; /* a NUL inside ends the expression, as it would in argv */

    tt_ctx *c = tt_ctx_new();
    if (!ingest_json_text(c, "<defs>", defs_json, sizeof defs_json - 1, false) ||
        !types_validate_defs(c))
        abort(); /* the fixed definitions are part of the harness: fix them */

    const char *err = NULL;
    tt_tyexpr *e = tyexpr_parse(c->arena, src, &err);
    if (e) {
        tt_type *t = types_resolve_str(c, src, &fuzz_loc);
        const tt_layout *l = t ? layout_of(c, t, &fuzz_loc) : NULL;
        if (l) {
            tt_buf out = {0};
            layout_json(c, &out, src, t, l);
            /* the TypeTree stage on the same type: by value, and behind a pointer */
            tt_tree tr = {0}, tp = {0};
            if (tree_of_value(c, t, &tree_default_opts, &tr, &fuzz_loc))
                tree_to_string(&tr, &out);
            if (tree_of_pointer_to(c, t, &tree_default_opts, &tp, &fuzz_loc))
                tree_to_string(&tp, &out);
            tree_free(&tr);
            tree_free(&tp);
            free(out.data);
        }
    }
    const char *name;
    tt_generic *params;
    uint32_t nparams;
    tyexpr_parse_key(c->arena, src, &name, &params, &nparams, &err);

    ctx_free(c);
    free(src);
    return 0;
}
