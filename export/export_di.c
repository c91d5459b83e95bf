/* Debuginfo -> rust-types/1: reads the DISubprogram and DIType metadata that rustc
 * writes with -C debuginfo=2 and records every defined function, every type it mentions
 * (export/export_types.c) and every declared variable; then infers what debuginfo leaves
 * out (export/export_infer.c) and writes the records once (export/export_json.c). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "../emit/ir/ir_define.h"
#include "../emit/ir/ir_input.h"
#include "../emit/ir/ir_lex.h"
#include "../layout/xalloc.h"

void export_records_free(export_records *r)
{
    free(r->defs);
    free(r->fns);
    free(r->fn_has_ret);
    free(r->fn_define);
    free(r->locals);
    memset(r, 0, sizeof *r);
}

static bool is_ident(const char *s)
{
    if (!s || !(isalpha((unsigned char)*s) || *s == '_'))
        return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return false;
    return true;
}

static void *grow(void *v, uint32_t *cap, size_t elem)
{
    *cap = *cap ? 2 * *cap : 64;
    v = xrealloc(v, *cap * elem);
    return v;
}

static void export_function(exporter *x, const char *line, unsigned *no_types)
{
    size_t n = strlen(line), at, lparen;
    if (!ir_define_name(line, n, &at, &lparen))
        return;
    /* the subprogram: the "!dbg !N" pair after the parameter list, token by token (a
     * quoted attribute cannot be taken for it) */
    size_t past = lex_skip_group(line, lparen, n);
    long spid = -1;
    for (lex_tok t = lex_next(line, past, n); past && t.kind != LEX_END && spid < 0;) {
        lex_tok u = lex_next(line, t.end, n);
        if (t.kind == LEX_META && lex_eq(line, t, "!dbg") && u.kind == LEX_META &&
            u.end > u.at + 1 && isdigit((unsigned char)line[u.at + 1]))
            spid = strtol(line + u.at + 1, NULL, 10);
        t = u;
    }
    const char *sym = ir_define_symbol(x->a, line, n);
    if (spid < 0 || !sym)
        return;
    const di_node *sp = di_get(&x->ix, spid);
    const di_node *st = di_get(&x->ix, di_ref(x->a, sp, "type"));
    long *t;
    uint32_t k = di_list(x->a, &x->ix, di_ref(x->a, st, "types"), &t);
    if (!sp || !st || k == 0) {
        ++*no_types;
        return;
    }
    const char **names = arena_alloc(x->a, k * sizeof *names);
    long *vars;
    uint32_t nv = di_list(x->a, &x->ix, di_ref(x->a, sp, "retainedNodes"), &vars);
    for (uint32_t i = 0; i < nv; i++) {
        const di_node *v = di_get(&x->ix, vars[i]);
        uint64_t arg = di_num(x->a, v, "arg", 0);
        if (v && strcmp(v->kind, "DILocalVariable") == 0 && arg >= 1 && arg < k)
            names[arg] = di_str(x->a, v, "name");
    }
    const tt_loc *where = loc_new(x->a, x->file, "function %s", sym);
    tt_fn_def f = {.symbol = sym, .nargs = k - 1, .ret_src = "()", .where = where};
    const char *name = di_str(x->a, sp, "name");
    const char *outer = export_scope_path(x, di_ref(x->a, sp, "scope"));
    if (name)
        f.path = *outer ? arena_printf(x->a, "%s::%s", outer, name) : name;
    f.args = arena_alloc(x->a, k * sizeof *f.args);
    bool ok = true;
    for (uint32_t i = 1; ok && i < k; i++) {
        tt_arg_def *a = &f.args[i - 1];
        a->ty_src = export_type(x, t[i]);
        a->ty = a->ty_src ? export_parse(x, a->ty_src, t[i]) : NULL;
        ok = a->ty != NULL;
        a->name = is_ident(names[i]) ? names[i] : NULL;
        a->where = where;
    }
    if (ok && t[0] >= 0)
        f.ret_src = export_type(x, t[0]);
    f.ret = ok && f.ret_src ? export_parse(x, f.ret_src, t[0]) : NULL;
    ok = f.ret != NULL;
    if (!ok) {
        diag_add(x->c, TT_WARNING, where,
                 "not exported: a type of its signature cannot be exported (see above)");
        return;
    }
    export_records *r = &x->rec;
    if (r->nfns == r->cap_fns) {
        uint32_t cap = r->cap_fns;
        r->fns = grow(r->fns, &cap, sizeof *r->fns);
        cap = r->cap_fns;
        r->fn_define = grow(r->fn_define, &cap, sizeof *r->fn_define);
        r->fn_has_ret = grow(r->fn_has_ret, &r->cap_fns, sizeof *r->fn_has_ret);
    }
    r->fn_has_ret[r->nfns] = t[0] >= 0;
    r->fn_define[r->nfns] = line;
    r->fns[r->nfns++] = f;
}

/* The variables of #dbg_declare records whose type can be exported, by metadata number:
 * typetree annotate types the places they declare (allocas) from them. A variable whose
 * type cannot be exported is left out quietly: it only means an untyped place. */
static void export_locals(exporter *x)
{
    uint8_t *seen = xcalloc(x->ix.n + 1, 1);
    export_records *r = &x->rec;
    for (uint32_t i = 0; i < x->ix.ndeclared; i++) {
        long id = x->ix.declared[i];
        if (id < 0 || (unsigned long)id >= x->ix.n || seen[id])
            continue;
        seen[id] = 1;
        const di_node *v = di_get(&x->ix, id);
        if (!v || strcmp(v->kind, "DILocalVariable") != 0)
            continue;
        const char *name = di_str(x->a, v, "name");
        tt_diag *tail = x->c->diags_tail;
        unsigned errs = x->c->nerrors;
        const char *ty = export_type(x, di_ref(x->a, v, "type"));
        tt_tyexpr *e = ty && name ? export_parse(x, ty, id) : NULL;
        diag_truncate(x->c, tail, errs);
        if (!e)
            continue;
        if (r->nlocals == r->cap_locals)
            r->locals = grow(r->locals, &r->cap_locals, sizeof *r->locals);
        r->locals[r->nlocals++] =
            (tt_local_def){.id = (uint64_t)id, .name = name, .ty_src = ty, .ty = e};
    }
    free(seen);
}

bool export_debuginfo(tt_ctx *c, const char *path, bool drop_unused, tt_buf *out)
{
    /* the one format check of every IR reader: empty, NUL bytes, a cut last line */
    bool bitcode;
    if (!ir_input_format(c, path, &bitcode))
        return false;
    const tt_loc *file = loc_new(c->arena, strcmp(path, "-") == 0 ? "<stdin>"
                                                                  : arena_strdup(c->arena, path),
                                 NULL);
    if (bitcode) {
        diag_add(c, TT_ERROR, file,
                 "bitcode input is not supported yet: give textual IR (rustc --emit=llvm-ir, "
                 "or llvm-dis)");
        return false;
    }
    FILE *f = fopen(ir_input_path(path), "rb");
    if (!f) {
        diag_add(c, TT_ERROR, file, "cannot open: %s", strerror(errno));
        return false;
    }
    exporter x = {.c = c, .a = c->arena, .file = file->file, .keys = map_new(c->arena),
                  .idents = map_new(c->arena)};
    bool ok = di_index_read(c->arena, f, &x.ix, drop_unused);
    fclose(f);
    if (!ok) {
        diag_add(c, TT_ERROR, file, "read error: %s", strerror(errno));
        di_index_free(&x.ix);
        return false;
    }
    x.memo = xcalloc(x.ix.n + 1, sizeof *x.memo);
    x.failed = xcalloc(x.ix.n + 1, 1);
    unsigned no_types = 0;
    for (uint32_t i = 0; i < x.ix.ndefines; i++)
        export_function(&x, x.ix.defines[i], &no_types);
    export_locals(&x);
    if (no_types)
        diag_add(c, TT_WARNING, file,
                 "%u defined function%s without a debuginfo signature (compile with "
                 "-C debuginfo=2)", no_types, no_types == 1 ? "" : "s");
    export_infer_from_signatures(&x.rec);
    export_infer_repr(&x.rec);
    export_write_json(&x.rec, arena_printf(c->arena, "exported by typetree export from %s", path),
                      out);
    export_records_free(&x.rec);
    free(x.memo);
    free(x.failed);
    di_index_free(&x.ix);
    return true;
}
