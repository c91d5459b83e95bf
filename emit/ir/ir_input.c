/* The checks every reader of a module makes first, whichever stage it is (annotate's
 * backends, the exporter, the wrapper's rewrites): the input's format and standard input
 * made a file (emit/ir/ir_input.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ir_input.h"

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
