/* The annotate driver: one run of `typetree annotate` from input path to output path.
 * It checks the input's format once (empty, bitcode by its magic, NUL bytes, a cut last
 * line), picks the backend (text to text streams through emit/annotate/ir_text.c; every other pair
 * goes through LLVM, emit/annotate/ir_bitcode.c), hands the backend each decision, and finishes:
 * entries matched twice or never, --strict, the output renamed into place only when
 * everything succeeded. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ir_run.h"

const tt_loc *ir_run_at(const ir_run *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const tt_loc *l = loc_vnew(r->c->arena, r->file, fmt, ap);
    va_end(ap);
    return l;
}

void ir_run_defined(ir_run *r, const char *symbol)
{
    if (!r->strip)
        annotator_note_defined(r->a, symbol);
}

void ir_run_alias(ir_run *r, const char *alias, const char *target)
{
    if (!r->strip)
        annotator_add_alias(r->a, alias, target);
}

ir_decision ir_run_decide(ir_run *r, const ir_function *f, unsigned long line)
{
    ir_decision d = {.outcome = OUT_NOT_DESCRIBED};
    if (r->strip)
        return d;
    d = annotator_decide(r->a, f);
    if (d.outcome == OUT_MISMATCH || d.outcome == OUT_FAILED)
        diag_add(r->c, TT_WARNING,
                 line ? ir_run_at(r, "line %lu", line) : ir_run_at(r, "function %s", f->symbol),
                 "function %s left unannotated: %s", f->symbol, d.reason);
    if (d.outcome != OUT_ANNOTATED) {
        d.param_attr = NULL;
        d.ret_attr = NULL;
        d.param_pointee = NULL;
    }
    return d;
}

/* Raw bitcode starts with 'B' 'C' 0xC0DE; the Darwin wrapper with 0x0B17C0DE (LE). */
bool ir_is_bitcode(const void *p, size_t n)
{
    static const unsigned char raw[4] = {'B', 'C', 0xC0, 0xDE};
    static const unsigned char wrapper[4] = {0xDE, 0xC0, 0x17, 0x0B};
    return n >= 4 && (memcmp(p, raw, 4) == 0 || memcmp(p, wrapper, 4) == 0);
}

/* Standard input made a file: a pipe's bytes go to a temporary file that becomes fd 0, so
 * that every reader below (and LLVM's) reads it as it reads a file path. */
static bool stdin_as_file(tt_ctx *c)
{
    if (lseek(0, 0, SEEK_CUR) >= 0)
        return true;
    FILE *t = tmpfile();
    bool ok = t != NULL;
    char chunk[65536];
    ssize_t k;
    while (ok && (k = read(0, chunk, sizeof chunk)) != 0) {
        if (k < 0 && errno == EINTR)
            continue;
        ok = k > 0 && fwrite(chunk, 1, (size_t)k, t) == (size_t)k;
    }
    ok = ok && fflush(t) == 0 && dup2(fileno(t), 0) >= 0 && lseek(0, 0, SEEK_SET) == 0;
    if (!ok)
        diag_add(c, TT_ERROR, loc_new(c->arena, "<stdin>", NULL),
                 "cannot copy standard input to a temporary file: %s", strerror(errno));
    if (t)
        fclose(t); /* fd 0 keeps the (unlinked) file open */
    return ok;
}

const char *ir_input_path(const char *path)
{
    return strcmp(path, "-") == 0 ? "/proc/self/fd/0" : path;
}

bool ir_input_format(tt_ctx *c, const char *path, bool *bitcode)
{
    const tt_loc *file = loc_new(c->arena, strcmp(path, "-") == 0 ? "<stdin>"
                                                                   : arena_strdup(c->arena, path),
                                 NULL);
    if (strcmp(path, "-") == 0 && !stdin_as_file(c))
        return false;
    FILE *f = fopen(ir_input_path(path), "rb");
    if (!f) {
        diag_add(c, TT_ERROR, file, "cannot open: %s", strerror(errno));
        return false;
    }
    char chunk[65536];
    size_t n, total = 0;
    unsigned long line = 1;
    char last = '\n';
    bool ok = true;
    *bitcode = false;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (total == 0 && ir_is_bitcode(chunk, n)) {
            *bitcode = true;
            total = n;
            break; /* LLVM's bitcode reader checks the rest */
        }
        const char *nul = memchr(chunk, 0, n);
        for (const char *p = chunk, *end = nul ? nul : chunk + n;
             (p = memchr(p, '\n', (size_t)(end - p))); p++)
            line++;
        if (nul) {
            diag_add(c, TT_ERROR, loc_new(c->arena, file->file, "line %lu", line),
                     "not LLVM IR: no bitcode magic ('BC' 0xC0DE), and text cannot hold NUL "
                     "bytes");
            ok = false;
            break;
        }
        total += n;
        last = chunk[n - 1];
    }
    if (ok && ferror(f)) {
        diag_add(c, TT_ERROR, file, "read error: %s", strerror(errno));
        ok = false;
    }
    fclose(f);
    if (ok && total == 0) {
        diag_add(c, TT_ERROR, file, "the IR file is empty");
        ok = false;
    } else if (ok && !*bitcode && last != '\n') {
        /* LLVM ends every file it prints with a newline. */
        diag_add(c, TT_ERROR, loc_new(c->arena, file->file, "line %lu", line),
                 "the IR ends in the middle of a line: the file is truncated");
        ok = false;
    }
    return ok;
}

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
                .file = strcmp(j->in_path, "-") == 0 ? "<stdin>" : arena_strdup(c->arena, j->in_path)};
    const char *in = ir_input_path(j->in_path);
    unsigned errors = c->nerrors;
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
        /* LLVM writes by path: the temporary file, or standard output */
        ok = ir_llvm_rewrite(&r, in, tmp ? tmp : (to_stdout ? "-" : "/dev/null"), out_bc);
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
    if (tmp)
        ok = atomic_close(c, out, tmp, j->out_path, ok) && ok;
    else if (out != stdout)
        fclose(out);
    return ok;
}
