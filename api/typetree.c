/* The public interface (include/typetree.h) over layout/ and emit/: each function
 * translates to the internal calls and copies results into the context's arena, so the
 * one ownership rule holds: the caller frees nothing but the context. */
#include <stdlib.h>
#include <string.h>

#include "../emit/annotate/annotate.h"
#include "../export/exporter.h"

const tt_tree_limits tt_default_limits = {500, 6, 4096, 512};

static tt_tree_opts opts_of(const tt_tree_limits *l)
{
    if (!l)
        return tree_default_opts;
    tt_tree_opts o = {.max_offset = l->max_offset, .max_depth = l->max_depth,
                      .max_entries = l->max_entries, .lean_above = l->lean_above};
    return o;
}

static const tt_loc *api_loc(tt_ctx *c, const char *what)
{
    return loc_new(c->arena, NULL, "%s", what);
}

tt_ctx *tt_ctx_new(void)
{
    tt_ctx *c = ctx_new();
    /* The prelude is part of the library and checked by the test suite; if it ever
     * failed to load, its diagnostics are in the context. */
    ingest_prelude(c);
    return c;
}

void tt_ctx_free(tt_ctx *c) { ctx_free(c); }
bool tt_ctx_set_target(tt_ctx *c, const char *triple) { return ctx_set_target(c, triple); }
void tt_ctx_set_nightly(tt_ctx *c, bool nightly) { c->nightly = nightly; }
const char *tt_targets(void) { return target_list(); }
const char *tt_version(void) { return TYPETREE_VERSION; }

bool tt_load_file(tt_ctx *c, const char *path)
{
    unsigned errors = c->nerrors;
    return ingest_json_file(c, path) && types_validate_defs(c) && c->nerrors == errors;
}

bool tt_load_text(tt_ctx *c, const char *name, const char *text, size_t len)
{
    /* the reader needs a NUL after the text */
    char *copy = arena_strndup(c->arena, text, len);
    unsigned errors = c->nerrors;
    return ingest_json_text(c, arena_strdup(c->arena, name ? name : "<memory>"), copy, len,
                            false) &&
           types_validate_defs(c) && c->nerrors == errors;
}

const tt_diag *tt_diag_first(const tt_ctx *c) { return c->diags; }
const tt_diag *tt_diag_next(const tt_diag *d) { return d->next; }
tt_severity tt_diag_severity(const tt_diag *d) { return d->severity; }
const char *tt_diag_file(const tt_diag *d) { return d->file; }
const char *tt_diag_where(const tt_diag *d) { return d->where; }
const char *tt_diag_message(const tt_diag *d) { return d->msg; }
unsigned tt_error_count(const tt_ctx *c) { return c->nerrors; }
unsigned tt_warning_count(const tt_ctx *c) { return c->nwarnings; }

static const tt_layout *layout_named(tt_ctx *c, const char *type, tt_type **t)
{
    const tt_loc *at = api_loc(c, "type expression");
    *t = types_resolve_str(c, type, at);
    return *t ? layout_of(c, *t, at) : NULL;
}

bool tt_layout_of(tt_ctx *c, const char *type, tt_layout_info *out)
{
    tt_type *t;
    const tt_layout *l = layout_named(c, type, &t);
    if (!l)
        return false;
    out->size = l->size;
    out->align = l->align;
    out->sized = l->sized;
    out->abi = l->vector ? "vector" : abi_name(l->abi);
    return true;
}

const char *tt_layout_json(tt_ctx *c, const char *type)
{
    tt_type *t;
    const tt_layout *l = layout_named(c, type, &t);
    if (!l)
        return NULL;
    tt_buf b = {0};
    buf_put(&b, "{");
    layout_json(c, &b, type, t, l);
    buf_put(&b, "}");
    const char *s = arena_strdup(c->arena, b.data);
    free(b.data);
    return s;
}

const char *tt_tree_of(tt_ctx *c, const char *type, const tt_tree_limits *limits)
{
    const tt_loc *at = api_loc(c, "type expression");
    tt_type *t = types_resolve_str(c, type, at);
    tt_tree_opts o = opts_of(limits);
    tt_tree tree = {0};
    if (!t || !tree_of_value(c, t, &o, &tree, at))
        return NULL;
    const char *s = tree_string(c, &tree);
    tree_free(&tree);
    return s ? s : "{}";
}

bool tt_signature_of(tt_ctx *c, const char *fn, const tt_tree_limits *limits, tt_signature *out)
{
    const tt_fn_def *f = fn_find(c, fn);
    if (!f) {
        diag_add(c, TT_ERROR, api_loc(c, "$.functions"), "no function with symbol or path \"%s\"",
                 fn);
        return false;
    }
    tt_tree_opts o = opts_of(limits);
    tt_lowered_fn lf;
    if (!abi_lower_fn(c, f, &o, &lf))
        return false;
    const char **types = arena_alloc(c->arena, (lf.nparams + 1) * sizeof *types);
    const char **trees = arena_alloc(c->arena, (lf.nparams + 1) * sizeof *trees);
    for (uint32_t i = 0; i < lf.nparams; i++) {
        types[i] = arena_strdup(c->arena, lf.params[i].llvm_type);
        trees[i] = tree_string(c, &lf.params[i].tree);
    }
    out->nparams = lf.nparams;
    out->param_types = types;
    out->param_trees = trees;
    out->ret_type = arena_strdup(c->arena, lf.ret_llvm_type);
    out->ret_tree = tree_string(c, &lf.ret_tree);
    abi_lowered_free(&lf);
    return true;
}

bool tt_annotate(tt_ctx *c, const tt_annotate_opts *o, tt_annotate_stats *stats)
{
    tt_tree_opts to = opts_of(o->limits);
    annotator *a = annotator_new(c, &to);
    annotator_pair_offsets(a, o->pair_offsets);
    annotator_no_body(a, o->no_body);
    ir_job j = {.in_path = o->in_path, .out_path = o->out_path, .emit = o->emit,
                .strip = o->strip, .verify = o->verify, .strict = o->strict,
                .werror = o->warnings_as_errors};
    bool ok = ir_annotate(c, a, &j);
    if (stats) {
        const annotate_stats *s = annotator_stats(a);
        *stats = (tt_annotate_stats){.functions = s->functions, .annotated = s->annotated,
                                     .params_annotated = s->params_annotated,
                                     .not_described = s->not_described,
                                     .mismatched = s->mismatched, .failed = s->failed,
                                     .withheld = s->withheld};
    }
    return ok;
}

const char *tt_export(tt_ctx *c, const char *ll_path)
{
    tt_buf b = {0};
    unsigned errors = c->nerrors;
    bool ok = export_debuginfo(c, ll_path, false, &b);
    const char *s = ok && c->nerrors == errors ? arena_strdup(c->arena, b.data) : NULL;
    free(b.data);
    return s;
}
