/* The drivers around the line rewrites of emit/rewrite/ir_rewrite.c: `typetree rewrite` over a
 * file, `typetree calls-enzyme`, and the split of clang's printed pass pipeline around
 * Enzyme (emit/rewrite/ir_rewrite.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir_rewriter.h"
#include "../ir/ir_input.h"
#include "../../layout/xalloc.h"

/* ---- clang's pipeline around Enzyme ---- */
/* s with every occurrence of from replaced by to (only the first when !all). Heap. */
static char *replace(const char *s, const char *from, const char *to, bool all)
{
    tt_buf b = {0};
    size_t n = strlen(s), k = 0, m = strlen(from);
    for (;;) {
        size_t p = rw_find(s, k, n, from);
        buf_putn(&b, s + k, p - k);
        if (p == n)
            break;
        buf_put(&b, to);
        k = p + m;
        if (!all) {
            buf_put(&b, s + k);
            break;
        }
    }
    buf_putn(&b, "", 0);
    return b.data ? b.data : xcalloc(1, 1);
}

bool ir_split_pipeline(const char *pipeline, char **pre, char **post)
{
    size_t n = strcspn(pipeline, "\n");
    size_t at = rw_find(pipeline, 0, n, "EnzymeNewPM");
    if (at == n)
        return false;
    /* the pass managers open at Enzyme: the name before each '(' still open */
    size_t depth = 0, cap = 8, name = 0;
    size_t(*open)[2] = xmalloc(cap * sizeof *open);
    for (size_t k = 0; k < at; k++) {
        char ch = pipeline[k];
        if (ch == '(') {
            if (depth == cap)
                open = xrealloc(open, (cap *= 2) * sizeof *open);
            open[depth][0] = name, open[depth][1] = k;
            depth++;
            name = k + 1;
        } else if (ch == ')' || ch == ',') {
            depth -= ch == ')' && depth > 0;
            name = k + 1;
        }
    }
    /* before Enzyme: without the ',' before it, each open manager closed */
    tt_buf h = {0}, t = {0};
    buf_putn(&h, pipeline, at > 0 && pipeline[at - 1] == ',' ? at - 1 : at);
    for (size_t k = 0; k < depth; k++)
        buf_put(&h, ")");
    buf_putn(&h, "", 0);
    /* from Enzyme on: each manager opened again, outermost first */
    for (size_t k = 0; k < depth; k++) {
        buf_putn(&t, pipeline + open[k][0], open[k][1] - open[k][0]);
        buf_put(&t, "(");
    }
    buf_putn(&t, pipeline + at, n - at);
    free(open);
    char *t1 = replace(t.data, "PreserveNVVMNewPM", "preserve-nvvm-end", true);
    *pre = replace(h.data ? h.data : "", "PreserveNVVMNewPM", "preserve-nvvm", true);
    *post = replace(t1, "EnzymeNewPM", "enzyme", false);
    free(t1), free(h.data), free(t.data);
    return true;
}

/* ---- the `typetree rewrite` and `calls-enzyme` drivers ---- */
static FILE *open_text(tt_ctx *c, const char *path, const tt_loc **file)
{
    bool bitcode;
    *file = loc_new(c->arena, strcmp(path, "-") == 0 ? "<stdin>" : arena_strdup(c->arena, path),
                    NULL);
    if (!ir_input_format(c, path, &bitcode))
        return NULL;
    if (bitcode) {
        diag_add(c, TT_ERROR, *file, "this is bitcode: the rewrites read LLVM IR text "
                                      "(llvm-dis makes it)");
        return NULL;
    }
    FILE *f = fopen(ir_input_path(path), "rb");
    if (!f)
        diag_add(c, TT_ERROR, *file, "cannot open: %s", strerror(errno));
    return f;
}

bool ir_rewrite_file(tt_ctx *c, const char *in, const char *out_path, unsigned which,
                     int64_t max_offset)
{
    const tt_loc *file;
    FILE *fi = open_text(c, in, &file);
    if (!fi)
        return false;
    ir_rewriter *rw = ir_rewriter_new(c, file->file, which);
    rw->max_offset = max_offset;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    if (ir_rewrite_needs_listing(rw)) {
        while ((len = getline(&line, &cap, fi)) > 0)
            ir_rewrite_note(rw, line, (size_t)len);
        rewind(fi);
    }
    if (!ir_rewrite_check(rw)) {
        ir_rewriter_release(rw);
        free(line);
        fclose(fi);
        return false;
    }
    bool to_stdout = strcmp(out_path, "-") == 0;
    char *tmp = NULL;
    FILE *fo = to_stdout ? stdout : atomic_open(c, out_path, &tmp);
    bool ok = fo != NULL;
    tt_buf b = {0};
    while (ok && (len = getline(&line, &cap, fi)) > 0) {
        b.len = 0;
        ir_rewrite_line(rw, line, (size_t)len, &b);
        ok = fwrite(b.data, 1, b.len, fo) == b.len;
        if (!ok)
            diag_add(c, TT_ERROR, loc_new(c->arena, to_stdout ? "<stdout>" : out_path, NULL),
                     "cannot write: %s", strerror(errno));
    }
    ok = ok && !c->nerrors;
    if (ok) {
        b.len = 0;
        ir_rewrite_finish(rw, &b);
        ok = fwrite(b.data ? b.data : "", 1, b.len, fo) == b.len && fflush(fo) == 0;
        if (!ok && !c->nerrors)
            diag_add(c, TT_ERROR, loc_new(c->arena, to_stdout ? "<stdout>" : out_path, NULL),
                     "cannot write: %s", strerror(errno));
    }
    if (ok && ferror(fi)) {
        diag_add(c, TT_ERROR, file, "read error: %s", strerror(errno));
        ok = false;
    }
    ir_rewriter_release(rw);
    free(line);
    free(b.data);
    fclose(fi);
    if (fo && !to_stdout)
        ok = atomic_close(c, fo, tmp, out_path, ok) && ok;
    return ok;
}

bool ir_declares_enzyme(tt_ctx *c, const char *in, bool *yes)
{
    const tt_loc *file;
    FILE *fi = open_text(c, in, &file);
    if (!fi)
        return false;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    *yes = false;
    /* `declare ... @__enzyme_<lower case and _>(`, the entry points' declarations */
    while (!*yes && (len = getline(&line, &cap, fi)) > 0) {
        size_t n = (size_t)len;
        if (!rw_starts(line, n, "declare "))
            continue;
        const char *at = memchr(line, '@', n);
        if (!at || !rw_starts(at, n - (size_t)(at - line), "@__enzyme_"))
            continue;
        const char *p = at + 10;
        while (p < line + n && ((*p >= 'a' && *p <= 'z') || *p == '_'))
            p++;
        *yes = p < line + n && *p == '(';
    }
    bool ok = !ferror(fi);
    if (!ok)
        diag_add(c, TT_ERROR, file, "read error: %s", strerror(errno));
    free(line);
    fclose(fi);
    return ok;
}
