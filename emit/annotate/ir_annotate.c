/* The annotate driver: one run of `typetree annotate` from input path to output path.
 * It checks the input's format once (empty, bitcode by its magic, NUL bytes, a cut last
 * line), picks the backend (text to text streams through ir_text.c; every other pair goes
 * through LLVM, ir_bitcode.c), hands the backend each decision, and finishes:
 * entries matched twice or never, --strict, the output renamed into place only when
 * everything succeeded. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ir_run.h"

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

bool ir_annotate(tt_ctx *c, annotator *a, const ir_job *j)
{
    bool in_bc;
    if (!ir_input_format(c, j->in_path, &in_bc))
        return false;
    bool to_stdout = j->out_path && strcmp(j->out_path, "-") == 0;
    bool in_place = j->out_path && !to_stdout && strcmp(j->in_path, j->out_path) == 0;
    bool out_bc = j->emit == TT_EMIT_BITCODE ||
                  (j->emit == TT_EMIT_AUTO &&
                   (in_place ? in_bc : j->out_path && !to_stdout && ends_with(j->out_path, ".bc")));
    ir_run r = {.c = c, .a = a, .strip = j->strip, .rewrites = j->rewrites,
                .drop_unused = j->drop_unused,
                .file = strcmp(j->in_path, "-") == 0 ? "<stdin>" : arena_strdup(c->arena, j->in_path)};
    const char *in = ir_input_path(j->in_path);
    unsigned errors = c->nerrors;
    if (j->drop_unused && (in_bc || out_bc)) {
        diag_add(c, TT_ERROR, ir_run_at(&r, NULL),
                 "--drop-unused reads and writes LLVM IR text: give text in and out");
        return false;
    }
    if (j->rewrites && (in_bc || out_bc)) {
        diag_add(c, TT_ERROR, ir_run_at(&r, NULL),
                 "--rename-allocator and --split-memmove rewrite LLVM IR text: give text in "
                 "and out");
        return false;
    }

    char *tmp = NULL;
    FILE *out = NULL;
    if (!j->out_path)
        out = fopen("/dev/null", "wb");
    else if (to_stdout)
        out = stdout;
    else
        out = atomic_open(c, j->out_path, &tmp);
    if (!out) {
        if (!j->out_path)
            diag_add(c, TT_ERROR, loc_new(c->arena, "/dev/null", NULL), "cannot open: %s",
                     strerror(errno));
        return false;
    }

    bool ok;
    if (!in_bc && !out_bc) {
        FILE *fi = fopen(in, "rb");
        if (!fi)
            diag_add(c, TT_ERROR, ir_run_at(&r, NULL), "cannot open: %s", strerror(errno));
        ok = fi && ir_text_rewrite(&r, fi, out);
        if (fi)
            fclose(fi);
        if (ok && fflush(out) != 0) {
            diag_add(c, TT_ERROR, loc_new(c->arena, to_stdout ? "<stdout>" : j->out_path, NULL),
                     "cannot write: %s", strerror(errno));
            ok = false;
        }
        if (ok && j->verify && tmp)
            ok = ir_llvm_verify(&r, tmp);
    } else if ((annotator_copy_loops_on(a) || annotator_small_copies_on(a)) && !j->strip) {
        /* the loops and loads are made by the body pass, which reads text */
        diag_add(c, TT_ERROR, ir_run_at(&r, NULL),
                 "%s needs text IR in and out (.ll), as the trees inside function bodies do; %s",
                 annotator_copy_loops_on(a) ? "--typed-copy-loops" : "--typed-small-copies",
                 in_bc ? "the input is bitcode" : "the output would be bitcode");
        ok = false;
    } else {
        /* LLVM writes by path: the temporary file, standard output, or a target that is
         * no regular file (atomic_open: written in place) */
        const char *to = tmp ? tmp : to_stdout ? "-" : j->out_path ? j->out_path : "/dev/null";
        ok = ir_llvm_rewrite(&r, in, to, out_bc);
    }
    if (ok && !j->strip)
        ok = annotator_finish(a);
    const annotate_stats *s = annotator_stats(a);
    if (ok && j->strict && s->mismatched + s->failed) {
        diag_add(c, TT_ERROR, ir_run_at(&r, NULL),
                 "--strict: %u function(s) could not be annotated (see above)",
                 s->mismatched + s->failed);
        ok = false;
    }
    if (ok && j->werror && c->nwarnings)
        ok = false;
    ok = ok && c->nerrors == errors;
    if (j->out_path && !to_stdout)
        ok = atomic_close(c, out, tmp, j->out_path, ok) && ok;
    else if (out != stdout)
        fclose(out);
    return ok;
}
