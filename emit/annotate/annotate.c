/* IR annotation decisions, independent of how the IR is read: match an LLVM function to
 * an entry of the "functions" list, lower the Rust signature, check it against the LLVM
 * signature, and hand back one attribute string per parameter. A function whose LLVM
 * signature is not what the Rust ABI gives is left alone: a tree on the wrong parameter
 * gives silently wrong gradients. */
#include <libiberty/demangle.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"

typedef struct {
    const tt_fn_def *fn;
    const char *matched_by; /* first symbol matched to this entry */
    bool reported_twice;
} entry_state;

struct annotator {
    tt_ctx *c;
    tt_tree_opts opts;
    entry_state *entries;    /* parallel to c->fns */
    tt_map *by_symbol;       /* symbol -> entry_state* */
    tt_map *by_path;         /* path -> entry_state*, or the ambiguous marker */
    tt_map *by_bare_path;    /* path without generic arguments -> same */
    tt_map *aliases;         /* target symbol -> alias_list* */
    tt_map *defined;         /* symbols the IR defines (when the backend listed them) */
    bool defined_known;
    annotate_stats stats;
    bool pair_offsets;       /* see annotator_pair_offsets */
    bool no_body;            /* see annotator_no_body */
    bool optnone_checks;     /* see annotator_optnone_checks */
    bool copy_loops;         /* see annotator_copy_loops */
    bool small_copies;       /* see annotator_small_copies */
    tt_body_report report;   /* see annotator_on_body */
    void *report_arg;
    tt_map *callees;         /* symbol -> callee_info* (annotator_callee) */
};

static entry_state ambiguous_entry;

typedef struct alias_list {
    const char *name;
    struct alias_list *next;
} alias_list;

const char *demangle_rust_path(tt_ctx *c, const char *symbol)
{
    if (strncmp(symbol, "_ZN", 3) != 0 && strncmp(symbol, "_R", 2) != 0)
        return NULL;
    char *d = rust_demangle(symbol, 0); /* without DMGL_VERBOSE: no hash, no crate id */
    if (!d)
        return NULL;
    const char *r = arena_strdup(c->arena, d);
    free(d);
    return r;
}

/* "a::b::<f64>::c<u8>" -> "a::b::c": generic arguments differ between legacy symbols
 * (none) and v0 symbols (all), so matching falls back to the bare path. */
static const char *bare_path(tt_ctx *c, const char *path)
{
    tt_buf b = {0};
    int depth = 0;
    for (const char *s = path; *s; s++) {
        if (*s == '<') {
            depth++;
            continue;
        }
        if (*s == '>' && depth) {
            depth--;
            continue;
        }
        if (!depth)
            buf_putn(&b, s, 1);
    }
    /* drop "::" left dangling by "::<...>" */
    tt_buf o = {0};
    for (size_t i = 0; b.data && i < b.len; i++) {
        if (b.data[i] == ':' && i + 3 < b.len + 1 && strncmp(b.data + i, "::::", 4) == 0) {
            buf_put(&o, "::");
            i += 3;
            continue;
        }
        buf_putn(&o, b.data + i, 1);
    }
    while (o.len >= 2 && o.data[o.len - 1] == ':' && o.data[o.len - 2] == ':')
        o.data[o.len -= 2] = 0;
    const char *r = arena_strdup(c->arena, o.data ? o.data : "");
    free(b.data);
    free(o.data);
    return r;
}

static void index_path(tt_map *m, const char *key, entry_state *e)
{
    entry_state *prev = map_get(m, key);
    map_put(m, key, prev && prev != e ? &ambiguous_entry : e);
}

annotator *annotator_new(tt_ctx *c, const tt_tree_opts *o)
{
    annotator *a = arena_alloc(c->arena, sizeof *a);
    a->c = c;
    a->opts = o ? *o : tree_default_opts;
    a->callees = map_new(c->arena);
    a->entries = arena_alloc(c->arena, (c->nfns + 1) * sizeof *a->entries);
    a->by_symbol = map_new(c->arena);
    a->by_path = map_new(c->arena);
    a->by_bare_path = map_new(c->arena);
    a->aliases = map_new(c->arena);
    a->defined = map_new(c->arena);
    for (uint32_t i = 0; i < c->nfns; i++) {
        entry_state *e = &a->entries[i];
        e->fn = &c->fns[i];
        if (e->fn->symbol)
            map_put(a->by_symbol, e->fn->symbol, e);
        if (e->fn->path) {
            index_path(a->by_path, e->fn->path, e);
            index_path(a->by_bare_path, bare_path(c, e->fn->path), e);
        }
    }
    return a;
}

static entry_state *match(annotator *a, const char *symbol, const char **why)
{
    entry_state *e = map_get(a->by_symbol, symbol);
    if (e)
        return e;
    const char *path = demangle_rust_path(a->c, symbol);
    if (!path)
        return NULL;
    e = map_get(a->by_path, path);
    if (!e)
        e = map_get(a->by_bare_path, bare_path(a->c, path));
    /* "When the symbol is not found, match by path": an entry whose symbol the IR does
     * define belongs to that function alone. */
    if (e && e != &ambiguous_entry && e->fn->symbol &&
        (!a->defined_known || map_get(a->defined, e->fn->symbol)))
        return NULL;
    if (e == &ambiguous_entry) {
        *why = arena_printf(a->c->arena, "its Rust path %s matches several entries of the "
                                         "types file; give the symbol", path);
        return NULL;
    }
    return e;
}

/* Whether an LLVM type text is the one the lowering expects. */
static bool type_matches(const char *expected, const char *found)
{
    return strcmp(expected, found) == 0;
}

static const char *signature_text(tt_ctx *c, const char *ret, uint32_t n, const char *const *types)
{
    tt_buf b = {0};
    buf_printf(&b, "%s (", ret);
    for (uint32_t i = 0; i < n; i++)
        buf_printf(&b, "%s%s", i ? ", " : "", types[i]);
    buf_put(&b, ")");
    const char *s = arena_strdup(c->arena, b.data);
    free(b.data);
    return s;
}

static ir_decision decide_one(annotator *a, const ir_function *f, bool count);

/* Whether a function is one of std's `...::precondition_check` (core::ub_checks). */
static bool is_precondition_check(tt_ctx *c, const entry_state *e, const char *symbol)
{
    const char *path = e && e->fn->path ? e->fn->path : demangle_rust_path(c, symbol);
    static const char tail[] = "::precondition_check";
    size_t n = path ? strlen(path) : 0, m = sizeof tail - 1;
    return n >= m && strcmp(path + n - m, tail) == 0;
}

static bool same_attrs(const ir_decision *x, const ir_decision *y, uint32_t n)
{
    if (x->outcome != OUT_ANNOTATED || y->outcome != OUT_ANNOTATED)
        return false;
    if ((x->ret_attr == NULL) != (y->ret_attr == NULL) ||
        (x->ret_attr && strcmp(x->ret_attr, y->ret_attr) != 0))
        return false;
    for (uint32_t i = 0; i < n; i++)
        if ((x->param_attr[i] == NULL) != (y->param_attr[i] == NULL) ||
            (x->param_attr[i] && strcmp(x->param_attr[i], y->param_attr[i]) != 0))
            return false;
    return true;
}

ir_decision annotator_decide(annotator *a, const ir_function *f)
{
    ir_decision d = decide_one(a, f, true);
    if (d.outcome != OUT_ANNOTATED)
        return d;
    if (f->rewritten_cc) {
        /* LLVM gives internal functions fastcc exactly when it rewrites their arguments
         * (dead ones removed, pointees promoted), sometimes keeping count and types. */
        d.outcome = OUT_MISMATCH;
        d.reason = "LLVM changed its calling convention (fastcc: arguments may have been "
                   "removed or promoted), so the Rust ABI lowering no longer applies";
        d.param_attr = NULL;
        d.ret_attr = NULL;
        a->stats.annotated--;
        a->stats.mismatched++;
        return d;
    }
    for (alias_list *l = map_get(a->aliases, f->symbol); l; l = l->next) {
        ir_function af = *f;
        af.symbol = l->name;
        ir_decision ad = decide_one(a, &af, false);
        if (!same_attrs(&d, &ad, f->nparams)) {
            d.outcome = OUT_MISMATCH;
            d.reason = arena_printf(a->c->arena,
                                    "its body also serves %s (merged functions), which is %s; "
                                    "one body cannot carry two descriptions",
                                    l->name, ad.outcome == OUT_NOT_DESCRIBED
                                                 ? "not described"
                                                 : "described differently");
            d.param_attr = NULL;
            d.ret_attr = NULL;
            a->stats.annotated--;
            a->stats.mismatched++;
            return d;
        }
    }
    for (uint32_t i = 0; i < f->nparams; i++)
        if (d.param_attr[i])
            a->stats.params_annotated++;
    return d;
}

static ir_decision decide_one(annotator *a, const ir_function *f, bool count)
{
    tt_ctx *c = a->c;
    ir_decision d = {.outcome = OUT_NOT_DESCRIBED};
    annotate_stats scratch;
    annotate_stats *stats = count ? &a->stats : &scratch;
    if (!count)
        scratch = a->stats;
    stats->functions++;
    const char *why = NULL;
    entry_state *e = match(a, f->symbol, &why);
    if (e && is_precondition_check(a->c, e, f->symbol)) {
        /* std's debug-assertion checks (`precondition_check` of ub_checks) take pointers
         * made from integers (NonNull::without_provenance of an alignment) and only
         * compare them: their true {[-1]:Pointer} contradicts Enzyme's inttoptr rule and
         * stops it (tests/enzyme-bugs/inttoptr-dangling.ll). They compute nothing to
         * differentiate, so they are left without trees. */
        d.outcome = OUT_WITHHELD;
        d.reason = "a debug precondition check (left unannotated: Enzyme bug inttoptr-dangling)";
        stats->withheld++;
        return d;
    }
    if (!e) {
        /* No entry of its own (a path that matches several entries included): not
         * described. "failed" counts described functions whose lowering failed. */
        d.reason = why;
        stats->not_described++;
        return d;
    }
    if (count && e->matched_by && strcmp(e->matched_by, f->symbol) != 0) {
        if (!e->reported_twice)
            diag_add(c, TT_ERROR, e->fn->where,
                     "the entry for %s matches two functions of the IR, %s and %s; give each "
                     "its symbol", e->fn->path ? e->fn->path : e->fn->symbol, e->matched_by,
                     f->symbol);
        e->reported_twice = true;
        d.reason = "its entry, matched by path, already matched another function";
        stats->not_described++;
        return d;
    }
    if (count)
        e->matched_by = arena_strdup(c->arena, f->symbol);
    d.fn = e->fn;

    unsigned errs = c->nerrors;
    tt_diag *tail = c->diags_tail;
    tt_lowered_fn lf;
    if (!abi_lower_fn(c, e->fn, &a->opts, &lf)) {
        /* The entry's own problem (a type without layout): the function is skipped and
         * the reason reported; the diagnostics stay as warnings of that function. */
        tt_buf b = {0};
        for (tt_diag *x = tail ? tail->next : c->diags; x; x = x->next)
            buf_printf(&b, "%s%s", b.len ? "; " : "", x->msg);
        diag_truncate(c, tail, errs);
        d.outcome = OUT_FAILED;
        d.reason = arena_strdup(c->arena, b.data ? b.data : "cannot lower the signature");
        free(b.data);
        abi_lowered_free(&lf);
        stats->failed++;
        return d;
    }
    bool same = lf.nparams == f->nparams && type_matches(lf.ret_llvm_type, f->ret_type);
    for (uint32_t i = 0; same && i < f->nparams; i++)
        same = type_matches(lf.params[i].llvm_type, f->param_types[i]);
    if (!same) {
        const char **exp = arena_alloc(c->arena, (lf.nparams + 1) * sizeof *exp);
        for (uint32_t i = 0; i < lf.nparams; i++)
            exp[i] = lf.params[i].llvm_type;
        d.outcome = OUT_MISMATCH;
        d.reason = arena_printf(c->arena, "expected %s from the Rust signature, found %s",
                                signature_text(c, lf.ret_llvm_type, lf.nparams, exp),
                                signature_text(c, f->ret_type, f->nparams, f->param_types));
        abi_lowered_free(&lf);
        stats->mismatched++;
        return d;
    }
    d.outcome = OUT_ANNOTATED;
    d.param_attr = arena_alloc(c->arena, (f->nparams + 1) * sizeof *d.param_attr);
    for (uint32_t i = 0; i < f->nparams; i++) {
        d.param_attr[i] = tree_string(c, &lf.params[i].tree);
    }
    d.ret_attr = tree_string(c, lf.ret_mode == PASS_PAIR && !a->pair_offsets ? &lf.ret_shared_tree
                                                                             : &lf.ret_tree);
    d.param_pointee = arena_alloc(c->arena, (f->nparams + 1) * sizeof *d.param_pointee);
    for (uint32_t i = 0; i < f->nparams; i++) {
        const tt_llvm_param *p = &lf.params[i];
        if (strcmp(p->llvm_type, "ptr") != 0)
            continue;
        tt_type *t = NULL;
        if (p->rust_arg == -1)
            t = types_resolve(c, e->fn->ret, NULL);
        else if (p->rust_arg >= 0)
            t = types_resolve(c, e->fn->args[p->rust_arg].ty, NULL);
        if (t && p->mode != PASS_INDIRECT && p->rust_arg != -1)
            t = p->piece == 0 ? types_pointee(c, t) : NULL;
        d.param_pointee[i] = t;
    }
    abi_lowered_free(&lf);
    stats->annotated++;
    return d;
}

bool annotator_finish(annotator *a)
{
    tt_ctx *c = a->c;
    if (c->nfns && a->stats.annotated + a->stats.mismatched + a->stats.failed == 0)
        diag_add(c, TT_ERROR, loc_new(c->arena, c->fns[0].where->file, "$.functions"),
                 "none of the %u functions of the types file matches a function of the IR "
                 "(%u functions read)", c->nfns, a->stats.functions);
    return c->nerrors == 0;
}

const annotate_stats *annotator_stats(const annotator *a) { return &a->stats; }

typedef struct {
    tt_type *ret;
    tt_passmode mode;
    bool ok;
} callee_info;

bool annotator_callee(annotator *a, const char *symbol, tt_type **ret, tt_passmode *mode)
{
    callee_info *ci = map_get(a->callees, symbol);
    if (!ci) {
        ci = arena_alloc(a->c->arena, sizeof *ci);
        const char *why = NULL;
        entry_state *e = match(a, symbol, &why);
        tt_diag *tail = a->c->diags_tail;
        unsigned errs = a->c->nerrors;
        if (e) {
            tt_lowered_fn lf;
            if (abi_lower_fn(a->c, e->fn, &a->opts, &lf)) {
                ci->ret = types_resolve(a->c, e->fn->ret, NULL);
                ci->mode = lf.ret_mode;
                ci->ok = ci->ret != NULL;
            }
            abi_lowered_free(&lf);
        }
        diag_truncate(a->c, tail, errs); /* the function's own define reports problems */
        map_put(a->callees, symbol, ci);
    }
    *ret = ci->ret;
    *mode = ci->mode;
    return ci->ok;
}

void annotator_pair_offsets(annotator *a, bool allow) { a->pair_offsets = allow; }

void annotator_no_body(annotator *a, bool no_body) { a->no_body = no_body; }

void annotator_optnone_checks(annotator *a, bool on) { a->optnone_checks = on; }

void annotator_copy_loops(annotator *a, bool on) { a->copy_loops = on; }

bool annotator_copy_loops_on(const annotator *a) { return a->copy_loops; }

void annotator_small_copies(annotator *a, bool on) { a->small_copies = on; }

bool annotator_small_copies_on(const annotator *a) { return a->small_copies; }

bool annotator_freezes(annotator *a, const char *symbol)
{
    return a->optnone_checks && is_precondition_check(a->c, NULL, symbol);
}

bool annotator_types_bodies(const annotator *a) { return !a->no_body; }

void annotator_on_body(annotator *a, tt_body_report fn, void *arg)
{
    a->report = fn;
    a->report_arg = arg;
}

const tt_tree_opts *annotator_tree_opts(const annotator *a) { return &a->opts; }

void annotator_body_reporter(const annotator *a, tt_body_report *fn, void **arg)
{
    *fn = a->report;
    *arg = a->report_arg;
}

void annotator_count_body(annotator *a, const tt_body_counts *n)
{
    tt_body_counts *s = &a->stats.body;
    s->copies += n->copies;
    s->copies_typed += n->copies_typed;
    s->copies_segmented += n->copies_segmented;
    s->copies_looped += n->copies_looped;
    s->copies_unrolled += n->copies_unrolled;
    s->conflicting += n->conflicting;
    s->extracts += n->extracts;
    s->extracts_typed += n->extracts_typed;
    s->allocas_typed += n->allocas_typed;
    s->loads_typed += n->loads_typed;
    s->calls_typed += n->calls_typed;
}

void annotator_count_dropped(annotator *a, unsigned long functions, unsigned long globals,
                             unsigned long metadata)
{
    a->stats.dropped_functions = functions;
    a->stats.dropped_globals = globals;
    a->stats.dropped_metadata = metadata;
}

void annotator_note_defined(annotator *a, const char *symbol)
{
    a->defined_known = true;
    map_put(a->defined, symbol, a);
}

void annotator_add_alias(annotator *a, const char *alias, const char *target)
{
    alias_list *l = arena_alloc(a->c->arena, sizeof *l);
    l->name = arena_strdup(a->c->arena, alias);
    l->next = map_get(a->aliases, target);
    map_put(a->aliases, target, l);
}
