/* fuzz_ir: any byte string, read as LLVM IR (bitcode or text) by the annotate driver (the
 * LLVM-C backend, or for text to text the streaming one with LLVM's verifier on its
 * output) and annotated against a fixed types document, must come back as an annotated module or a
 * diagnostic: no crash, no leak, no sanitizer report, no exit from inside LLVM. An output
 * that was written must read back: a second pass over it must succeed. */
#define _GNU_SOURCE /* memfd_create */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../emit/annotate/annotate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Signatures of every pass mode the seeds (tests/fuzz/seeds-ir/) define. */
static const char types_json[] =
    "{\"format\": \"rust-types/1\","
    " \"types\": {\"Big\": {\"kind\": \"struct\", \"fields\": ["
    "   {\"name\": \"a\", \"ty\": \"[f64; 8]\"}, {\"name\": \"n\", \"ty\": \"u32\"}]}},"
    " \"functions\": ["
    "  {\"symbol\": \"add_f64\", \"args\": [{\"ty\": \"f64\"}, {\"ty\": \"f64\"}], \"ret\": \"f64\"},"
    "  {\"symbol\": \"sum\", \"args\": [{\"name\": \"xs\", \"ty\": \"&[f64]\"}], \"ret\": \"f64\"},"
    "  {\"symbol\": \"flag\", \"args\": [{\"ty\": \"bool\"}, {\"ty\": \"[f32; 2]\"}], \"ret\": \"(f64, u8)\"},"
    "  {\"symbol\": \"make_big\", \"args\": [{\"ty\": \"f64\"}], \"ret\": \"Big\"},"
    "  {\"symbol\": \"located\", \"args\": [{\"ty\": \"f64\"}], \"ret\": \"f64\", \"track_caller\": true},"
    "  {\"symbol\": \"_ZN5seeds3geo4norm17h0000000000000000E\", \"path\": \"seeds::geo::norm\","
    "   \"args\": [{\"ty\": \"&[f32]\"}], \"ret\": \"f32\"}"
    " ]}";

/* The driver reads a path (an in-memory file) and writes its outputs, whole or not at all,
 * into a private directory that the fuzzer removes at exit. */
static int in_fd = -1;
static char in_path[32], dir[64], out_path[96];

static void remove_dir(void)
{
    unlink(out_path);
    rmdir(dir);
}

/* One annotation run in a fresh context, through the annotate driver as the CLI runs it.
 * With verbose, a failure prints its diagnostics. */
static bool annotate(const char *in, const char *out, bool out_bitcode, bool strip,
                     bool verbose)
{
    tt_ctx *c = tt_ctx_new();
    bool ok = ingest_json_text(c, "<types>", types_json, sizeof types_json - 1, false) &&
              types_validate_defs(c) && !c->nerrors;
    if (!ok)
        abort(); /* the fixed document is valid */
    annotator *a = annotator_new(c, &tree_default_opts);
    ir_job j = {.in_path = in, .out_path = out, .strip = strip, .verify = true,
                .emit = out_bitcode ? TT_EMIT_BITCODE : TT_EMIT_TEXT};
    ok = ir_annotate(c, a, &j);
    for (const tt_diag *d = c->diags; verbose && !ok && d; d = d->next)
        fprintf(stderr, "fuzz_ir: %s: %s: %s\n", d->file ? d->file : "-",
                d->where ? d->where : "-", d->msg);
    ctx_free(c);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (in_fd < 0) {
        in_fd = memfd_create("fuzz_ir_in", 0);
        snprintf(dir, sizeof dir, "%s/fuzz_ir.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
        if (in_fd < 0 || !mkdtemp(dir))
            abort();
        snprintf(in_path, sizeof in_path, "/proc/self/fd/%d", in_fd);
        snprintf(out_path, sizeof out_path, "%s/out", dir);
        atexit(remove_dir);
    }
    unlink(out_path);
    if (ftruncate(in_fd, 0) != 0 || (size && pwrite(in_fd, data, size, 0) != (ssize_t)size))
        abort();
    /* Output kind and strip from the size, so the input bytes stay the IR itself. */
    bool out_bitcode = size & 1, strip = size % 5 == 0;
    if (annotate(in_path, out_path, out_bitcode, strip, false) &&
        !annotate(out_path, NULL, !out_bitcode, strip, true)) {
        fprintf(stderr, "fuzz_ir: the annotated output does not read back\n");
        abort();
    }
    return 0;
}
