/* JSON ingest (layout/ingest.c): a valid rust-types/1 document becomes the expected
 * definitions and functions; every class of bad input is reported as an error at the
 * JSON path of the culprit (schema/README.md says what is allowed). */
#include "unit.h"

static const tt_def *def(tt_ctx *c, const char *name)
{
    const tt_def *d = map_get(c->defs, name);
    if (!d) {
        print_error("no definition \"%s\"\n", name);
        fail();
    }
    return d;
}

/* Reads a document of one type definition "A" (single quotes for double). */
static tt_ctx *ctx_def(const char *body)
{
    tt_buf b = {0};
    buf_printf(&b, "{'A': %s}", body);
    tt_ctx *c = ctx_types(b.data);
    free(b.data);
    return c;
}

/* A bad input, the JSON path its error must name, and a part of the message. */
typedef struct {
    const char *input, *where, *msg;
} err_case;

/* Reads each input with `read` and asserts its error. */
static void check_errors(const err_case *cases, size_t n, tt_ctx *(*read)(const char *))
{
    for (size_t i = 0; i < n; i++) {
        tt_ctx *c = read(cases[i].input);
        assert_error_at(c, cases[i].where, cases[i].msg);
        ctx_free(c);
    }
}

#define CHECK_ERRORS(cases, read) check_errors(cases, sizeof cases / sizeof cases[0], read)

/* ---- valid documents ---- */

/* The example of schema/README.md, field by field. */
static void test_readme_example(void **state)
{
    tt_ctx *c = ctx_json(
        "{\"format\": \"rust-types/1\", \"target\": \"x86_64-unknown-linux-gnu\", \"doc\": \"x\",\n"
        " \"types\": {\n"
        "  \"geo::Point\": {\"kind\": \"struct\", \"repr\": [\"C\"], \"doc\": \"d\",\n"
        "    \"fields\": [{\"name\": \"x\", \"ty\": \"f32\", \"doc\": \"d\"}, {\"name\": \"y\", \"ty\": \"f32\"}]},\n"
        "  \"Shape\": {\"kind\": \"enum\", \"repr\": [\"u8\"], \"variants\": [\n"
        "    {\"name\": \"Circle\", \"fields\": [{\"ty\": \"f64\"}], \"doc\": \"d\"},\n"
        "    {\"name\": \"Rect\", \"fields\": [{\"name\": \"w\", \"ty\": \"f64\"}, {\"name\": \"h\", \"ty\": \"f64\"}]},\n"
        "    {\"name\": \"Empty\", \"discriminant\": 7}]},\n"
        "  \"Pair<T>\": {\"kind\": \"struct\", \"fields\": [{\"name\": \"a\", \"ty\": \"T\"}, {\"name\": \"b\", \"ty\": \"T\"}]},\n"
        "  \"RawBuf\": {\"kind\": \"struct\", \"fields\": [\n"
        "    {\"name\": \"ptr\", \"ty\": \"*mut f64\", \"points_to\": \"[f64]\"}, {\"name\": \"len\", \"ty\": \"usize\"}]}},\n"
        " \"functions\": [\n"
        "  {\"symbol\": \"_ZN7numeric3sum17h5c0e8a41d2b7f903E\", \"path\": \"numeric::sum\",\n"
        "   \"args\": [{\"name\": \"xs\", \"ty\": \"&[f32]\", \"doc\": \"d\"}], \"ret\": \"f32\", \"doc\": \"d\"},\n"
        "  {\"symbol\": \"scale_buf\", \"args\": [{\"name\": \"b\", \"ty\": \"&mut RawBuf\"}, {\"ty\": \"Pair<f64>\"}],\n"
        "   \"track_caller\": true, \"abi\": \"C\"}]}");
    assert_no_diags(c);
    assert_true(types_validate_defs(c));
    assert_int_equal(c->nuser_defs, 4);

    const tt_def *p = def(c, "geo::Point");
    assert_int_equal(p->kind, DEF_STRUCT);
    assert_true(p->repr.c);
    assert_int_equal(p->repr.int_kind, -1);
    assert_int_equal(p->nfields, 2);
    assert_string_equal(p->fields[1].name, "y");
    assert_string_equal(p->fields[1].ty_src, "f32");
    assert_string_equal(p->fields[1].where->path, "$.types[\"geo::Point\"].fields[1]");
    assert_string_equal(p->where->file, "t.json");
    assert_false(p->from_prelude);

    const tt_def *s = def(c, "Shape");
    assert_int_equal(s->kind, DEF_ENUM);
    assert_int_equal(s->repr.int_kind, TT_INT_U8);
    assert_int_equal(s->nvariants, 3);
    assert_string_equal(s->variants[0].fields[0].name, "0"); /* positional */
    assert_string_equal(s->variants[1].fields[1].name, "h");
    assert_int_equal(s->variants[2].nfields, 0);
    assert_false(s->variants[1].has_discr);
    assert_true(s->variants[2].has_discr);
    assert_true(s->variants[2].discr == 7);

    const tt_def *pair = def(c, "Pair");
    assert_int_equal(pair->ngenerics, 1);
    assert_string_equal(pair->generics[0].name, "T");
    assert_non_null(def(c, "RawBuf")->fields[0].points_to);
    assert_int_equal(def(c, "RawBuf")->fields[0].points_to->kind, TX_SLICE);

    assert_int_equal(c->nfns, 2);
    assert_string_equal(c->fns[0].path, "numeric::sum");
    assert_string_equal(c->fns[0].args[0].name, "xs");
    assert_string_equal(c->fns[0].ret_src, "f32");
    assert_false(c->fns[0].track_caller);
    assert_false(c->fns[0].abi_c);
    assert_null(c->fns[1].path);
    assert_null(c->fns[1].args[1].name);
    assert_string_equal(c->fns[1].ret_src, "()"); /* the default */
    assert_true(c->fns[1].track_caller);
    assert_true(c->fns[1].abi_c);
    assert_string_equal(c->fns[1].args[1].where->path, "$.functions[1].args[1]");
    ctx_free(c);
}

static void test_minimal_documents(void **state)
{
    tt_ctx *c = ctx_json("{\"format\": \"rust-types/1\"}");
    assert_no_diags(c);
    assert_int_equal(c->nuser_defs, 0);
    ctx_free(c);
    c = ctx_json("  {\"format\": \"rust-types/1\", \"types\": {}, \"functions\": []}\n\n");
    assert_no_diags(c);
    ctx_free(c);
    /* empty struct, enum without variants, tuple struct */
    c = ctx_types("{'E': {'kind': 'struct', 'fields': []}, 'N': {'kind': 'enum', 'variants': []},"
                  " 'T': {'kind': 'struct', 'fields': [{'ty': 'u8'}, {'ty': 'u16'}]}}");
    assert_no_diags(c);
    assert_string_equal(def(c, "T")->fields[1].name, "1");
    ctx_free(c);
}

/* ---- malformed JSON: the diagnostic names the line and column ---- */

static void test_malformed_json(void **state)
{
    static const struct {
        const char *text, *where, *msg;
    } cases[] = {
        {"{\"format\": \"rust-types/1\",\n  \"types\": {\"A\": {\"kind\": \"struct\" \"fields\": []}}}",
         "line 2, column 36", "invalid JSON: object value separator ',' expected"},
        {"{\"format\": \"rust-types/1\", \"functions\": [1 2]}", "line 1, column 44",
         "invalid JSON: array value separator ',' expected"},
        {"{\"format\": \"rust-types/1\", \"types\": {,}}", "line 1, column 38", "invalid JSON"},
        {"{\"format\": \"rust-types/1\", \"functions\": [],}", "line 1, column 44", "invalid JSON"},
        {"{\"format\": \"rust-types/1\"} x", "line 1, column 28", "invalid JSON"},
        {"{\"format\": \"rust-types/1\"}{}", "line 1, column 27", "invalid JSON"},
        {"{\"format\": \"rust-types/1\", \"types\": {", "line 1, column 38",
         "invalid JSON: unexpected end of input"},
        {"{\"format\": \"rust-\n", "line 2, column 1", "invalid JSON: unexpected end of input"},
        {"", "line 1, column 1", "invalid JSON: unexpected end of input"},
        {"\n\n", "line 3, column 1", "invalid JSON: unexpected end of input"},
        {"{\"format\": 'rust-types/1'}", "line 1, column 12", "invalid JSON"},
        {"{\"format\": \"rust-types/1\" /* c */}", "line 1, column 27", "invalid JSON"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tt_ctx *c = ctx_json(cases[i].text);
        assert_int_equal(c->nerrors, 1);
        assert_string_equal(c->diags->file, "t.json");
        if (strcmp(c->diags->where, cases[i].where) != 0 || !strstr(c->diags->msg, cases[i].msg)) {
            print_error("case %zu: got \"%s: %s\", expected \"%s: %s...\"\n", i, c->diags->where,
                        c->diags->msg, cases[i].where, cases[i].msg);
            fail();
        }
        ctx_free(c);
    }
}

/* json-c's nesting limit (64) bounds the reader's recursion. */
static void test_json_nesting_limit(void **state)
{
    tt_buf b = {0};
    buf_put(&b, "{\"format\": \"rust-types/1\", \"functions\": ");
    for (int i = 0; i < 10000; i++)
        buf_put(&b, "[");
    tt_ctx *c = ctx_json(b.data);
    assert_error_at(c, "line 1, column 104", "invalid JSON: nesting too deep");
    free(b.data);
    ctx_free(c);
}

static void test_nul_byte(void **state)
{
    static const char text[] = "{\"format\": \"rust-types/1\"\0}";
    tt_ctx *c = tt_ctx_new();
    assert_false(ingest_json_text(c, "nul.json", text, sizeof text - 1, false));
    assert_int_equal(c->nerrors, 1);
    assert_string_equal(c->diags->file, "nul.json");
    assert_null(c->diags->where);
    assert_non_null(strstr(c->diags->msg, "NUL byte"));
    ctx_free(c);
}

static void test_missing_file(void **state)
{
    tt_ctx *c = tt_ctx_new();
    assert_false(ingest_json_file(c, "/nonexistent/dir/types.json"));
    assert_int_equal(c->nerrors, 1);
    assert_string_equal(c->diags->file, "/nonexistent/dir/types.json");
    assert_non_null(strstr(c->diags->msg, "cannot open: No such file or directory"));
    ctx_free(c);
}

/* ---- the top level ---- */

static void test_top_level(void **state)
{
    static const err_case cases[] = {
        {"[1]", "$", "expected a JSON object at the top level"},
        {"\"rust-types/1\"", "$", "expected a JSON object at the top level"},
        {"3 ", "$", "expected a JSON object at the top level"},
        {"{}", "$", "missing required key \"format\""},
        {"{\"format\": \"rust-types/2\"}", "$.format",
         "unsupported format \"rust-types/2\" (expected \"rust-types/1\")"},
        {"{\"format\": 1}", "$.format", "expected a string, found int"},
        {"{\"format\": \"rust-types/1\", \"typs\": {}}", "$",
         "unknown key \"typs\" (expected one of: format target types functions locals doc)"},
        {"{\"format\": \"rust-types/1\", \"function\": []}", "$", "unknown key \"function\""},
        {"{\"format\": \"rust-types/1\", \"types\": []}", "$.types",
         "expected an object mapping type names to definitions"},
        {"{\"format\": \"rust-types/1\", \"functions\": {}}", "$.functions",
         "expected an array of functions"},
        {"{\"format\": \"rust-types/1\", \"target\": \"aarch64-unknown-linux-gnu\"}", "$.target",
         "unsupported target \"aarch64-unknown-linux-gnu\" (supported: x86_64-unknown-linux-gnu)"},
        {"{\"format\": \"rust-types/1\", \"target\": 64}", "$.target", "expected a string, found int"},
    };
    CHECK_ERRORS(cases, ctx_json);
}

/* ---- type definitions ---- */

static void test_unknown_keys(void **state)
{
    static const err_case cases[] = {
        {"{'kind': 'struct', 'fields': [], 'feilds': []}",
         "$.types[\"A\"]", "unknown key \"feilds\" (expected one of:"},
        {"{'kind': 'struct', 'fields': [{'name': 'a', 'tyy': 'u8'}]}",
         "$.types[\"A\"].fields[0]", "unknown key \"tyy\" (expected one of:"},
        {"{'kind': 'enum', 'variants': [{'name': 'V', 'discr': 1}]}",
         "$.types[\"A\"].variants[0]", "unknown key \"discr\" (expected one of:"},
        {"{'kind': 'enum', 'variants': [{'name': 'V', 'fields': [{'ty': 'u8', 'x': 0}]}]}",
         "$.types[\"A\"].variants[0].fields[0]", "unknown key \"x\" (expected one of:"},
        {"{'kind': 'struct', 'fields': [], 'layout': {'size': 0, 'align': 1, 'sise': 0}}",
         "$.types[\"A\"].layout", "unknown key \"sise\" (expected one of:"},
        {"{'kind': 'struct', 'fields': [{'name': 'a', 'ty': 'u8'}], 'layout': {'size': 1, 'align': 1,"
         " 'fields': [{'name': 'a', 'offset': 0, 'doc': ''}]}}",
         "$.types[\"A\"].layout.fields[0]", "unknown key \"doc\" (expected one of:"},
    };
    CHECK_ERRORS(cases, ctx_def);
}

static void test_wrong_types(void **state)
{
    static const err_case cases[] = {
        {"5", "$.types[\"A\"]", "expected a type definition object"},
        {"{'kind': 3, 'fields': []}", "$.types[\"A\"].kind", "expected a string, found int"},
        {"{'kind': 'struct', 'fields': {}}", "$.types[\"A\"].fields",
         "expected an array of fields, found object"},
        {"{'kind': 'struct', 'fields': [5]}", "$.types[\"A\"].fields[0]", "expected a field object"},
        {"{'kind': 'struct', 'fields': [{'name': 1, 'ty': 'u8'}]}", "$.types[\"A\"].fields[0].name",
         "expected a string, found int"},
        {"{'kind': 'struct', 'fields': [{'ty': ['u8']}]}", "$.types[\"A\"].fields[0].ty",
         "expected a string, found array"},
        {"{'kind': 'struct', 'fields': [{'name': 'a'}]}", "$.types[\"A\"].fields[0]",
         "missing required key \"ty\""},
        {"{'kind': 'enum', 'variants': {}}", "$.types[\"A\"].variants", "expected an array of variants"},
        {"{'kind': 'enum', 'variants': ['V']}", "$.types[\"A\"].variants[0]", "expected a variant object"},
        {"{'kind': 'enum', 'variants': [{'fields': []}]}", "$.types[\"A\"].variants[0]",
         "missing required key \"name\""},
        {"{'kind': 'struct', 'repr': 'C', 'fields': []}", "$.types[\"A\"].repr",
         "expected an array of repr strings"},
        {"{'kind': 'struct', 'repr': [4], 'fields': []}", "$.types[\"A\"].repr[0]", "expected a string"},
        {"{'kind': 'struct'}", "$.types[\"A\"]", "missing required key \"fields\""},
        {"{'kind': 'enum'}", "$.types[\"A\"]", "missing required key \"variants\""},
        {"{'fields': []}", "$.types[\"A\"]", "missing required key \"kind\""},
        {"{'kind': 'enum', 'fields': [], 'variants': []}", "$.types[\"A\"].fields",
         "an enum has \"variants\", not \"fields\""},
        {"{'kind': 'struct', 'fields': [], 'variants': []}", "$.types[\"A\"].variants",
         "a struct has \"fields\", not \"variants\""},
        {"{'kind': 'union', 'fields': []}", "$.types[\"A\"].fields", "a union needs at least one field"},
        {"{'kind': 'struct', 'fields': [{'name': 'a', 'ty': 'Vec<u8'}]}", "$.types[\"A\"].fields[0].ty",
         "invalid type expression \"Vec<u8\": expected ',' or '>' in generic arguments at column 7"},
        {"{'kind': 'struct', 'fields': [{'name': 'p', 'ty': '*mut u8', 'points_to': '[f64'}]}",
         "$.types[\"A\"].fields[0].points_to", "invalid type expression \"[f64\": expected ']'"},
    };
    CHECK_ERRORS(cases, ctx_def);
}

static void test_bad_kind(void **state)
{
    tt_ctx *c = ctx_def("{'kind': 'strukt', 'fields': []}");
    assert_error_at(c, "$.types[\"A\"].kind", "unknown kind \"strukt\" (expected struct, enum or union)");
    ctx_free(c);
    c = ctx_def("{'kind': 'Struct', 'fields': []}");
    assert_error_at(c, "$.types[\"A\"].kind", "unknown kind \"Struct\"");
    ctx_free(c);
}

static void test_bad_type_names(void **state)
{
    tt_ctx *c = ctx_types("{'9Lives': {'kind': 'struct', 'fields': []}}");
    assert_error_at(c, "$.types[\"9Lives\"]", "invalid type name \"9Lives\"");
    ctx_free(c);
    /* a quote in the key is escaped in the JSON path */
    c = ctx_json("{\"format\": \"rust-types/1\", \"types\": {\"a\\\"b\": {\"kind\": \"struct\", \"fields\": []}}}");
    assert_error_at(c, "$.types[\"a\\\"b\"]", "invalid type name");
    ctx_free(c);
    c = ctx_types("{'P<T, T>': {'kind': 'struct', 'fields': []}}");
    assert_error_at(c, "$.types[\"P<T, T>\"]", "duplicate generic parameter \"T\"");
    ctx_free(c);
}

/* ---- repr ---- */

static void test_repr_parsed(void **state)
{
    tt_ctx *c = ctx_types("{'A': {'kind': 'struct', 'repr': ['C', 'packed(4)'], 'fields': []},"
                          " 'B': {'kind': 'union', 'repr': ['align(8)', 'align(64)', 'align(16)'],"
                          "       'fields': [{'ty': 'u8'}]},"
                          " 'E': {'kind': 'enum', 'repr': ['C', 'i128'], 'variants': []},"
                          " 'T': {'kind': 'enum', 'repr': ['transparent'], 'variants': [{'name': 'V'}]},"
                          " 'P': {'kind': 'struct', 'repr': ['packed', 'no_niche'], 'fields': []}}");
    assert_no_diags(c);
    assert_true(def(c, "A")->repr.c);
    assert_int_equal(def(c, "A")->repr.pack, 4);
    assert_int_equal(def(c, "B")->repr.align, 64); /* the largest align wins */
    assert_int_equal(def(c, "E")->repr.int_kind, TT_INT_I128);
    assert_true(def(c, "T")->repr.transparent);
    assert_int_equal(def(c, "P")->repr.pack, 1);
    assert_true(def(c, "P")->repr.no_niche);
    ctx_free(c);
}

static void test_repr_bad_strings(void **state)
{
    static const struct {
        const char *repr, *msg;
    } cases[] = {
        {"Rust", "unknown repr \"Rust\""},
        {"c", "unknown repr \"c\""},
        {"u7", "unknown repr \"u7\""},
        {"align(x)", "unknown repr \"align(x)\""},
        {"packed()", "unknown repr \"packed()\""},
        {"align(8", "unknown repr \"align(8\""},
        {"packed(3)", "packed(N) needs a power of two up to 2^29"},
        {"packed(0)", "packed(N) needs a power of two up to 2^29"},
        {"align(0)", "align(N) needs a power of two up to 2^29 (rustc E0589)"},
        {"align(12)", "align(N) needs a power of two up to 2^29 (rustc E0589)"},
        {"align(1073741824)", "align(N) needs a power of two up to 2^29 (rustc E0589)"},
        {"align(99999999999999999999999)", "unknown repr"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tt_buf b = {0};
        buf_printf(&b, "{'kind': 'struct', 'repr': ['C', '%s'], 'fields': []}", cases[i].repr);
        tt_ctx *c = ctx_def(b.data);
        assert_error_at(c, "$.types[\"A\"].repr[1]", cases[i].msg);
        free(b.data);
        ctx_free(c);
    }
    /* the limit itself is fine */
    tt_ctx *c = ctx_def("{'kind': 'struct', 'repr': ['align(536870912)'], 'fields': []}");
    assert_no_diags(c);
    ctx_free(c);
}

static void test_repr_conflicts(void **state)
{
    static const struct {
        const char *kind, *repr, *where, *msg;
    } cases[] = {
        {"struct", "'packed', 'align(8)'", "repr", "cannot be both packed and aligned (rustc E0587)"},
        {"union", "'packed(2)', 'align(4)'", "repr", "cannot be both packed and aligned (rustc E0587)"},
        {"struct", "'packed', 'packed(2)'", "repr[1]", "conflicting packed representation hints (rustc E0634)"},
        {"struct", "'transparent', 'C'", "repr", "repr(transparent) cannot be combined with other representation hints (rustc E0692)"},
        {"struct", "'C', 'transparent'", "repr", "cannot be combined with other representation hints"},
        {"struct", "'transparent', 'packed'", "repr", "cannot be combined with other representation hints"},
        {"struct", "'transparent', 'align(4)'", "repr", "cannot be combined with other representation hints"},
        {"enum", "'transparent', 'u8'", "repr", "cannot be combined with other representation hints"},
        {"struct", "'u8'", "repr", "integer representation hints are only allowed on enums (rustc E0517)"},
        {"union", "'C', 'i32'", "repr", "integer representation hints are only allowed on enums (rustc E0517)"},
        {"enum", "'packed'", "repr", "repr(packed) is not allowed on enums (rustc E0517)"},
        {"enum", "'u8', 'i32'", "repr[1]", "conflicting integer representation hints (rustc E0566)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bool is_enum = strcmp(cases[i].kind, "enum") == 0;
        tt_buf b = {0}, where = {0};
        buf_printf(&b, "{'kind': '%s', 'repr': [%s], '%s': [%s]}", cases[i].kind, cases[i].repr,
                   is_enum ? "variants" : "fields", is_enum ? "{'name': 'V'}" : "{'ty': 'u8'}");
        buf_printf(&where, "$.types[\"A\"].%s", cases[i].where);
        tt_ctx *c = ctx_def(b.data);
        assert_error_at(c, where.data, cases[i].msg);
        free(b.data);
        free(where.data);
        ctx_free(c);
    }
}

/* ---- fields and variants ---- */

static void test_field_names(void **state)
{
    tt_ctx *c = ctx_def("{'kind': 'struct', 'fields': [{'name': 'a', 'ty': 'u8'}, {'ty': 'u8'}]}");
    assert_error_at(c, "$.types[\"A\"].fields", "fields must be all named or all positional");
    ctx_free(c);
    c = ctx_def("{'kind': 'enum', 'variants': [{'name': 'V', 'fields': [{'ty': 'u8'}, {'name': 'b', 'ty': 'u8'}]}]}");
    assert_error_at(c, "$.types[\"A\"].variants[0].fields", "fields must be all named or all positional");
    ctx_free(c);
    c = ctx_def("{'kind': 'struct', 'fields': [{'name': 'a', 'ty': 'u8'}, {'name': 'b', 'ty': 'u8'},"
                " {'name': 'a', 'ty': 'u16'}]}");
    assert_error_at(c, "$.types[\"A\"].fields[2].name", "duplicate field name \"a\" (rustc E0124)");
    ctx_free(c);
    c = ctx_def("{'kind': 'union', 'fields': [{'name': 'x', 'ty': 'u8'}, {'name': 'x', 'ty': 'u8'}]}");
    assert_error_at(c, "$.types[\"A\"].fields[1].name", "duplicate field name \"x\"");
    ctx_free(c);
    c = ctx_def("{'kind': 'enum', 'variants': [{'name': 'X'}, {'name': 'Y'}, {'name': 'X'}]}");
    assert_error_at(c, "$.types[\"A\"].variants[2].name", "duplicate variant name \"X\" (rustc E0428)");
    ctx_free(c);
}

/* ---- discriminants ---- */

/* Reads enum A with repr `repr` and one variant whose discriminant is the JSON text d. */
static tt_ctx *ctx_discr(const char *repr, const char *d)
{
    tt_buf b = {0};
    buf_printf(&b, "{\"format\": \"rust-types/1\", \"types\": {\"A\": {\"kind\": \"enum\", "
                   "\"repr\": [\"%s\"], \"variants\": [{\"name\": \"V\", \"discriminant\": %s}]}}}",
               repr, d);
    tt_ctx *c = ctx_json(b.data);
    free(b.data);
    return c;
}

static void test_discriminant_values(void **state)
{
    static const struct {
        const char *repr, *json;
        bool negative;
        tt_u128 value; /* modulo 2^128 */
    } cases[] = {
        {"u8", "7", false, 7},
        {"i8", "-3", true, (tt_u128)0 - 3},
        {"u8", "\"200\"", false, 200},
        {"u8", "\"0xff\"", false, 255},
        {"u32", "\"0xDEADbeef\"", false, 0xdeadbeef},
        {"i16", "\"-32768\"", true, (tt_u128)0 - 32768},
        {"i64", "-9223372036854775807", true, (tt_u128)0 - 9223372036854775807},
        {"u64", "18446744073709551614", false, 18446744073709551614u},
        {"u64", "\"18446744073709551615\"", false, UINT64_MAX},
        {"i64", "\"-9223372036854775808\"", true, (tt_u128)0 - ((tt_u128)1 << 63)},
        {"u128", "\"340282366920938463463374607431768211455\"", false, ~(tt_u128)0},
        {"u128", "\"0xffffffffffffffffffffffffffffffff\"", false, ~(tt_u128)0},
        {"i128", "\"-170141183460469231731687303715884105728\"", true, (tt_u128)1 << 127},
        {"i128", "\"170141183460469231731687303715884105727\"", false, ((tt_u128)1 << 127) - 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tt_ctx *c = ctx_discr(cases[i].repr, cases[i].json);
        assert_no_diags(c);
        const tt_variant_def *v = &def(c, "A")->variants[0];
        assert_true(v->has_discr);
        assert_int_equal(v->discr_negative, cases[i].negative);
        if (v->discr != cases[i].value) {
            print_error("case %zu (%s): wrong value\n", i, cases[i].json);
            fail();
        }
        ctx_free(c);
    }
}

static void test_discriminant_errors(void **state)
{
    static const struct {
        const char *json, *msg;
    } cases[] = {
        /* json-c saturates out-of-range numbers to these limits, so they are refused */
        {"-9223372036854775808", "integer at the 64-bit limit may have been saturated"},
        {"18446744073709551615", "integer at the 64-bit limit may have been saturated"},
        {"18446744073709551616", "may have been saturated by the JSON reader; write values of 64 "
                                 "bits or more as strings"},
        {"-9223372036854775809", "integer at the 64-bit limit may have been saturated"},
        {"7.0", "expected an integer or a string, found double"},
        {"7e0", "expected an integer or a string, found double"},
        {"true", "expected an integer or a string, found boolean"},
        {"\"12a\"", "invalid integer \"12a\""},
        {"\"\"", "invalid integer \"\""},
        {"\"-\"", "invalid integer \"-\""},
        {"\"0x\"", "invalid integer \"0x\""},
        {"\"-0x5\"", "invalid integer \"-0x5\""},
        {"\" 5\"", "invalid integer \" 5\""},
        {"\"340282366920938463463374607431768211456\"", "does not fit in 128 bits"},
        {"\"0x100000000000000000000000000000000\"", "does not fit in 128 bits"},
        {"\"-170141183460469231731687303715884105729\"", "does not fit in i128"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tt_ctx *c = ctx_discr("i128", cases[i].json);
        assert_error_at(c, "$.types[\"A\"].variants[0].discriminant", cases[i].msg);
        ctx_free(c);
    }
}

/* ---- generics ---- */

static void test_generics(void **state)
{
    tt_ctx *c = ctx_types(
        "{'K<T: ?Sized>': {'kind': 'struct', 'fields': [{'name': 't', 'ty': 'T'}]},"
        " 'G': {'kind': 'struct', 'generics': ['T: ?Sized', 'A = u8'], 'fields': [{'name': 'a', 'ty': 'A'},"
        "       {'name': 't', 'ty': 'T'}]},"
        " 'B<T, A>': {'kind': 'struct', 'generics': ['T: ?Sized', 'A = u16'], 'fields': [{'ty': 'A'}]}}");
    assert_no_diags(c);
    const tt_def *k = def(c, "K"), *g = def(c, "G"), *b = def(c, "B");
    assert_int_equal(k->ngenerics, 1);
    assert_true(k->generics[0].maybe_unsized);
    assert_int_equal(g->ngenerics, 2);
    assert_true(g->generics[0].maybe_unsized);
    assert_non_null(g->generics[1].dflt);
    /* key and "generics" agree: ?Sized and defaults from either are kept */
    assert_int_equal(b->ngenerics, 2);
    assert_true(b->generics[0].maybe_unsized);
    assert_string_equal(b->generics[1].dflt->path, "u16");
    assert_non_null(layout_expr(c, "G<[u8]>")); /* A defaults to u8 */
    assert_non_null(layout_expr(c, "B<str>"));
    ctx_free(c);

    c = ctx_def("{'kind': 'struct', 'generics': 'T', 'fields': []}");
    assert_error_at(c, "$.types[\"A\"].generics", "expected an array of generic parameter strings");
    ctx_free(c);
    c = ctx_def("{'kind': 'struct', 'generics': ['T', 3], 'fields': []}");
    assert_error_at(c, "$.types[\"A\"].generics[1]", "expected a string");
    ctx_free(c);
    c = ctx_def("{'kind': 'struct', 'generics': ['const N: usize'], 'fields': []}");
    assert_error_at(c, "$.types[\"A\"].generics",
                    "invalid generic parameters: const generic parameters are not supported");
    ctx_free(c);
    c = ctx_types("{'P<T>': {'kind': 'struct', 'generics': ['U'], 'fields': []}}");
    assert_error_at(c, "$.types[\"P<T>\"].generics", "\"generics\" disagrees with the parameters in the type's key");
    ctx_free(c);
    c = ctx_types("{'P<T>': {'kind': 'struct', 'generics': ['T', 'U'], 'fields': []}}");
    assert_error_at(c, "$.types[\"P<T>\"].generics", "disagrees");
    ctx_free(c);
}

/* ---- the layout block ---- */

static void test_layout_block(void **state)
{
    tt_ctx *c = ctx_types(
        "{'P': {'kind': 'struct', 'fields': [{'name': 'a', 'ty': 'u8'}, {'name': 'b', 'ty': 'u16'}],"
        "  'layout': {'size': 4, 'align': 2, 'doc': 'from rustc', 'fields': [{'name': 'a', 'offset': 2},"
        "             {'name': 'b', 'offset': 0}]}},"
        " 'E': {'kind': 'enum', 'variants': [{'name': 'X', 'fields': [{'ty': 'u32'}]}, {'name': 'Y'}],"
        "  'layout': {'size': 8, 'align': 4, 'variants': [{'name': 'X', 'fields': [{'name': '0', 'offset': 4}]}]}}}");
    assert_no_diags(c);
    const tt_layout_block *lb = &def(c, "P")->layout;
    assert_true(lb->present);
    assert_int_equal(lb->size, 4);
    assert_int_equal(lb->nfields, 2);
    assert_string_equal(lb->field_names[1], "b");
    assert_int_equal(lb->field_offsets[0], 2);
    assert_string_equal(lb->where->path, "$.types[\"P\"].layout");
    const tt_layout_block *eb = &def(c, "E")->layout;
    assert_int_equal(eb->nvariants, 1);
    assert_int_equal(eb->variant_field_offsets[0][0], 4);
    /* numbers that agree with the engine give no warning */
    expect_layout(c, "P", 4, 2, "2 0");
    assert_no_diags(c);
    ctx_free(c);
}

static void test_layout_block_errors(void **state)
{
    static const struct {
        const char *key, *block, *where, *msg;
    } cases[] = {
        {"P<T>", "{'size': 1, 'align': 1}", "$.types[\"P<T>\"].layout",
         "a \"layout\" block needs a concrete type; this one has generic parameters"},
        {"P", "{'size': 1, 'align': 3}", "$.types[\"P\"].layout.align", "alignment must be a power of two"},
        {"P", "{'size': 1, 'align': 0}", "$.types[\"P\"].layout.align", "alignment must be a power of two"},
        {"P", "{'size': -1, 'align': 1}", "$.types[\"P\"].layout.size", "expected a non-negative integer"},
        {"P", "{'size': '1', 'align': 1}", "$.types[\"P\"].layout.size", "expected a non-negative integer"},
        {"P", "{'size': 18446744073709551615, 'align': 1}", "$.types[\"P\"].layout.size",
         "expected a non-negative integer"},
        {"P", "{'align': 1}", "$.types[\"P\"].layout", "missing required key \"size\""},
        {"P", "[1, 1]", "$.types[\"P\"].layout", "expected a layout object"},
        {"P", "{'size': 1, 'align': 1, 'fields': {}}", "$.types[\"P\"].layout.fields", "expected an array"},
        {"P", "{'size': 1, 'align': 1, 'fields': [{'name': 'a'}]}", "$.types[\"P\"].layout.fields[0]",
         "missing required key \"offset\""},
        {"P", "{'size': 1, 'align': 1, 'variants': 1}", "$.types[\"P\"].layout.variants", "expected an array"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tt_buf b = {0};
        buf_printf(&b, "{'%s': {'kind': 'struct', 'fields': [{'name': 'a', 'ty': 'u8'}], 'layout': %s}}",
                   cases[i].key, cases[i].block);
        tt_ctx *c = ctx_types(b.data);
        assert_error_at(c, cases[i].where, cases[i].msg);
        free(b.data);
        ctx_free(c);
    }
}

/* ---- valid ranges ---- */

static void test_valid_ranges(void **state)
{
    tt_ctx *c = ctx_types("{'N': {'kind': 'struct', 'valid_range_start': 1, 'valid_range_end': '0xfe',"
                          "        'fields': [{'ty': 'u8'}]}}");
    assert_no_diags(c);
    const tt_def *n = def(c, "N");
    assert_true(n->has_vr_start && n->has_vr_end);
    assert_true(n->vr_start == 1 && n->vr_end == 0xfe);
    ctx_free(c);
    c = ctx_types("{'E': {'kind': 'enum', 'valid_range_start': 1, 'variants': []}}");
    assert_error_at(c, "$.types[\"E\"]", "valid_range_start/end apply to structs only");
    ctx_free(c);
    c = ctx_types("{'N': {'kind': 'struct', 'valid_range_end': -1, 'fields': [{'ty': 'u8'}]}}");
    assert_error_at(c, "$.types[\"N\"].valid_range_end", "must not be negative");
    ctx_free(c);
    c = ctx_types("{'N': {'kind': 'struct', 'valid_range_start': 1.5, 'fields': [{'ty': 'u8'}]}}");
    assert_error_at(c, "$.types[\"N\"].valid_range_start", "expected an integer or a string, found double");
    ctx_free(c);
}

/* ---- functions ---- */

/* A document whose second function is `fn` (single quotes for double). */
static tt_ctx *ctx_second_fn(const char *fn)
{
    tt_buf b = {0};
    buf_printf(&b, "{\"format\": \"rust-types/1\", \"functions\": [{\"symbol\": \"ok\", \"args\": []}, %s]}",
               fn);
    for (char *p = b.data; *p; p++)
        if (*p == '\'')
            *p = '"';
    tt_ctx *c = ctx_json(b.data);
    free(b.data);
    return c;
}

static void test_function_errors(void **state)
{
    static const err_case cases[] = {
        {"{'args': []}", "$.functions[1]", "a function needs \"symbol\" or \"path\""},
        {"{'symbol': 'f'}", "$.functions[1]", "missing required key \"args\""},
        {"{'symbol': 'f', 'args': {}}", "$.functions[1].args", "expected an array of arguments"},
        {"{'symbol': 'f', 'args': [1]}", "$.functions[1].args[0]", "expected an argument object"},
        {"{'symbol': 'f', 'args': [{'name': 'x'}]}", "$.functions[1].args[0]", "missing required key \"ty\""},
        {"{'symbol': 'f', 'args': [{'ty': 'f64', 'typ': 1}]}", "$.functions[1].args[0]",
         "unknown key \"typ\" (expected one of: name ty doc)"},
        {"{'symbol': 'f', 'args': [], 'returns': 'u8'}", "$.functions[1]", "unknown key \"returns\""},
        {"{'symbol': 'f', 'args': [], 'track_caller': 1}", "$.functions[1].track_caller", "expected true or false"},
        {"{'symbol': 'f', 'args': [], 'abi': 'Fortran'}", "$.functions[1].abi", "expected \"Rust\" or \"C\""},
        {"{'symbol': 5, 'args': []}", "$.functions[1].symbol", "expected a string, found int"},
        {"{'symbol': 'f', 'args': [], 'ret': 'Vec<'}", "$.functions[1].ret",
         "invalid type expression \"Vec<\": expected a type at column 5"},
        {"{'symbol': 'f', 'args': [{'ty': '&[f32'}]}", "$.functions[1].args[0].ty", "invalid type expression"},
        {"'f'", "$.functions[1]", "expected a function object"},
    };
    CHECK_ERRORS(cases, ctx_second_fn);
}

/* Names in function signatures resolve during validation, at the argument's path. */
static void test_function_unknown_type(void **state)
{
    tt_ctx *c = ctx_json("{\"format\": \"rust-types/1\", \"functions\": [{\"symbol\": \"f\", "
                         "\"args\": [{\"ty\": \"f64\"}, {\"ty\": \"&Nope\"}]}]}");
    assert_no_diags(c);
    assert_false(types_validate_defs(c));
    assert_error_at(c, "$.functions[0].args[1]", "unknown type name \"Nope\" (at column 2)");
    ctx_free(c);
}

/* Definitions before an error stay; the error is reported once per culprit. */
static void test_errors_collected(void **state)
{
    tt_ctx *c = ctx_types("{'A': {'kind': 'struct', 'fields': []},"
                          " 'B': {'kind': 'strukt', 'fields': []},"
                          " 'C': {'kind': 'struct', 'fields': [], 'x': 1}}");
    assert_int_equal(c->nerrors, 2);
    assert_non_null(map_get(c->defs, "A"));
    assert_error_at(c, "$.types[\"B\"].kind", "unknown kind");
    assert_error_at(c, "$.types[\"C\"]", "unknown key \"x\"");
    ctx_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_readme_example),
        cmocka_unit_test(test_minimal_documents),
        cmocka_unit_test(test_malformed_json),
        cmocka_unit_test(test_json_nesting_limit),
        cmocka_unit_test(test_nul_byte),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_top_level),
        cmocka_unit_test(test_unknown_keys),
        cmocka_unit_test(test_wrong_types),
        cmocka_unit_test(test_bad_kind),
        cmocka_unit_test(test_bad_type_names),
        cmocka_unit_test(test_repr_parsed),
        cmocka_unit_test(test_repr_bad_strings),
        cmocka_unit_test(test_repr_conflicts),
        cmocka_unit_test(test_field_names),
        cmocka_unit_test(test_discriminant_values),
        cmocka_unit_test(test_discriminant_errors),
        cmocka_unit_test(test_generics),
        cmocka_unit_test(test_layout_block),
        cmocka_unit_test(test_layout_block_errors),
        cmocka_unit_test(test_valid_ranges),
        cmocka_unit_test(test_function_errors),
        cmocka_unit_test(test_function_unknown_type),
        cmocka_unit_test(test_errors_collected),
    };
    return cmocka_run_group_tests_name("ingest", tests, NULL, NULL);
}
