/* typetree: the command-line interface. Parses arguments, runs the library stages,
 * prints results and diagnostics, and picks the exit status:
 * 0 success, 1 bad input (diagnostics on stderr), 2 usage error. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "typetree.h"

enum { EXIT_INPUT = 1, EXIT_USAGE = 2 };

static const char usage_text[] =
    "usage: typetree <command> [options] [arguments]\n"
    "\n"
    "commands:\n"
    "  layout [-t TARGET] [-o OUT] TYPES.json [TYPE...]\n"
    "      print rustc's layout of each type expression (default: every named,\n"
    "      non-generic type of TYPES.json) as one JSON object\n"
    "\n"
    "options:\n"
    "  -t, --target TARGET   target triple (default x86_64-unknown-linux-gnu)\n"
    "  -r, --rustc stable|nightly\n"
    "                        whose layout rules to follow: stable 1.95 (default) or\n"
    "                        1.97-nightly (differs in niche values and in enums whose\n"
    "                        variants are all uninhabited under an integer repr)\n"
    "  -o, --output FILE     write the result to FILE (atomically) instead of stdout\n"
    "  -W, --warnings-as-errors\n"
    "                        treat warnings (layout-block disagreements...) as errors\n"
    "  -h, --help            show this help\n"
    "  -V, --version         show the version\n"
    "\n"
    "TYPES.json may be '-' for standard input. Exit status: 0 success, 1 invalid\n"
    "input (messages name the file and the JSON path), 2 usage error.\n";

static void print_diags(const tt_ctx *c)
{
    for (const tt_diag *d = c->diags; d; d = d->next) {
        fputs("typetree: ", stderr);
        if (d->file)
            fprintf(stderr, "%s: ", d->file);
        if (d->where)
            fprintf(stderr, "%s: ", d->where);
        fprintf(stderr, "%s: %s\n", d->severity == DIAG_ERROR ? "error" : "warning", d->msg);
    }
}

static int usage_error(const char *fmt, const char *arg)
{
    fputs("typetree: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'typetree --help'.\n", stderr);
    return EXIT_USAGE;
}

/* Writes data to path via a temporary file in the same directory and rename(), so a
 * failure never leaves a partial file behind. "-" or NULL means stdout. */
static bool write_output(const char *path, const char *data, size_t len)
{
    if (!path || strcmp(path, "-") == 0) {
        if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) {
            fprintf(stderr, "typetree: error writing standard output: %s\n", strerror(errno));
            return false;
        }
        return true;
    }
    size_t n = strlen(path);
    char *tmp = malloc(n + 16);
    if (!tmp)
        abort();
    snprintf(tmp, n + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        fprintf(stderr, "typetree: %s: cannot create temporary file: %s\n", path, strerror(errno));
        free(tmp);
        return false;
    }
    FILE *f = fdopen(fd, "wb");
    bool ok = f && fwrite(data, 1, len, f) == len;
    ok = (f ? fclose(f) == 0 : (close(fd), false)) && ok;
    if (ok && rename(tmp, path) != 0)
        ok = false;
    if (!ok) {
        fprintf(stderr, "typetree: %s: cannot write: %s\n", path, strerror(errno));
        unlink(tmp);
    }
    free(tmp);
    return ok;
}

typedef struct {
    const char *target, *output, *rustc;
    bool werror;
    int nargs;
    char **args;
} options;

/* Parses options anywhere among the arguments; "--" ends them. */
static int parse_options(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->args = calloc((size_t)argc + 1, sizeof *o->args);
    if (!o->args)
        abort();
    bool opts = true;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (opts && strcmp(a, "--") == 0) {
            opts = false;
        } else if (opts && (strcmp(a, "-t") == 0 || strcmp(a, "--target") == 0 ||
                            strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0 ||
                            strcmp(a, "-r") == 0 || strcmp(a, "--rustc") == 0)) {
            if (i + 1 >= argc)
                return usage_error("option '%s' needs an argument", a);
            char k = a[1] == '-' ? a[2] : a[1];
            if (k == 't')
                o->target = argv[++i];
            else if (k == 'o')
                o->output = argv[++i];
            else
                o->rustc = argv[++i];
        } else if (opts && strncmp(a, "--rustc=", 8) == 0) {
            o->rustc = a + 8;
        } else if (opts && strncmp(a, "--target=", 9) == 0) {
            o->target = a + 9;
        } else if (opts && strncmp(a, "--output=", 9) == 0) {
            o->output = a + 9;
        } else if (opts && (strcmp(a, "-W") == 0 || strcmp(a, "--warnings-as-errors") == 0)) {
            o->werror = true;
        } else if (opts && a[0] == '-' && a[1]) {
            return usage_error("unknown option '%s'", a);
        } else {
            o->args[o->nargs++] = argv[i];
        }
    }
    if (o->rustc && strcmp(o->rustc, "stable") != 0 && strcmp(o->rustc, "nightly") != 0)
        return usage_error("--rustc takes 'stable' or 'nightly', not '%s'", o->rustc);
    return 0;
}

static bool failed(const tt_ctx *c, const options *o)
{
    return c->nerrors > 0 || (o->werror && c->nwarnings > 0);
}

static tt_ctx *load(const options *o, const char *file, int *status)
{
    tt_ctx *c = ctx_new();
    *status = 0;
    c->nightly = o->rustc && strcmp(o->rustc, "nightly") == 0;
    if (c->nerrors) { /* the built-in prelude failed: a build defect, not user input */
        print_diags(c);
        *status = EXIT_INPUT;
        return c;
    }
    ingest_json_file(c, file);
    if (!c->nerrors && o->target && !ctx_set_target(c, o->target)) {
        ctx_free(c);
        fprintf(stderr, "typetree: unsupported target '%s' (supported: %s)\n", o->target,
                target_list());
        *status = EXIT_USAGE;
        return NULL;
    }
    if (!c->nerrors)
        types_validate_defs(c);
    if (c->nerrors)
        *status = EXIT_INPUT;
    return c;
}

static int cmd_layout(int argc, char **argv)
{
    options o;
    int st = parse_options(argc, argv, &o);
    if (st)
        return free(o.args), st;
    if (o.nargs < 1) {
        free(o.args);
        return usage_error("%s", "layout: missing TYPES.json");
    }
    tt_ctx *c = load(&o, o.args[0], &st);
    if (!c) {
        free(o.args);
        return st;
    }
    tt_buf out = {0};
    buf_put(&out, "{");
    int n = 0;
    if (!st && o.nargs == 1) {
        n = (int)layout_json_defs(c, &out);
    } else if (!st) {
        for (int i = 1; i < o.nargs; i++) {
            const char *where = arena_printf(c->arena, "type expression %d ('%s')", i, o.args[i]);
            const char *saved = c->file;
            c->file = NULL; /* these come from the command line, not the file */
            tt_type *t = types_resolve_str(c, o.args[i], where);
            const tt_layout *l = t ? layout_of(c, t, where) : NULL;
            c->file = saved;
            if (l) {
                buf_put(&out, n++ ? ",\n " : "\n ");
                layout_json(c, &out, o.args[i], t, l);
            }
        }
    }
    buf_put(&out, n ? "\n}\n" : "}\n");
    print_diags(c);
    if (!st && failed(c, &o))
        st = EXIT_INPUT;
    if (!st && !write_output(o.output, out.data, out.len))
        st = EXIT_INPUT;
    free(out.data);
    free(o.args);
    ctx_free(c);
    return st;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("%s", "missing command");
    const char *cmd = argv[1];
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (strcmp(cmd, "-V") == 0 || strcmp(cmd, "--version") == 0) {
        printf("typetree %s (layouts of rustc 1.95, target %s)\n", TYPETREE_VERSION, target_list());
        return 0;
    }
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(usage_text, stdout);
            return 0;
        }
    if (strcmp(cmd, "layout") == 0)
        return cmd_layout(argc - 2, argv + 2);
    return usage_error("unknown command '%s'", cmd);
}
