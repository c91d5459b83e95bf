/* tools/cli.c: the command-line plumbing of typetree (tools/cli.h says what each piece
 * does): the help text, the options, reading TYPES.json and --types-from, printing
 * diagnostics, writing an output whole. The commands are tools/typetree.c's. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../layout/xalloc.h"

static const char usage_text[] =
    "usage: typetree <command> [options] [arguments]\n"
    "\n"
    "commands:\n"
    "  layout [-t TARGET] [-o OUT] TYPES.json [TYPE...]\n"
    "      print rustc's layout of each type expression (default: every named,\n"
    "      non-generic type of TYPES.json) as one JSON object\n"
    "  tree [-t TARGET] [--max-offset N] [--max-depth N] TYPES.json TYPE...\n"
    "      print the Enzyme TypeTree of a value of each type, one line each\n"
    "  annotate --types TYPES.json IN.{ll,bc} (-o OUT.{ll,bc} | -i) [--emit=ll|bc]\n"
    "           [--strict] [--stats] [--no-typetree] [--pair-offsets]\n"
    "           [--no-body] [--optnone-checks] [--typed-copy-loops] [--typed-small-copies]\n"
    "           [--rename-allocator] [--split-memmove] [--drop-unused]\n"
    "      put \"enzyme_type\" attributes on the parameters and returns of every\n"
    "      function of the IR that TYPES.json describes ('-': stdin/stdout)\n"
    "  export IN.ll [-o TYPES.json] [--drop-unused]\n"
    "      describe every function of IR compiled with -C debuginfo=2, and the types\n"
    "      its signature uses, as rust-types/1 (rustc's offsets in \"layout\" blocks)\n"
    "  max-offset [-t TARGET] TYPES.json\n"
    "      print the -enzyme-max-type-offset (and --max-offset) at which Enzyme types\n"
    "      every copy of TYPES.json's types without segment lists: the size of its\n"
    "      largest type that mixes a float with other data, at least 500 (Enzyme's\n"
    "      default; annotate gives typed copies longer than the limit segment lists)\n"
    "  explain [-t TARGET] [--max-offset N] [--max-depth N] TYPES.json SYMBOL\n"
    "          [--body IN.ll [--pair-offsets]]\n"
    "      show how a function of TYPES.json's \"functions\" (by symbol or path)\n"
    "      is lowered: each Rust argument, its pass mode, its LLVM parameters\n"
    "      and the TypeTree each gets; with --body, also each tree annotate puts\n"
    "      inside that function's body in IN.ll and the Rust place it comes from\n";

/* In parts: C11 compilers need only take string literals of 4095 characters. */
static const char usage_wrapper[] =
    "\n"
    "commands tools/rustc-typetree runs (docs/enzyme-workarounds.md says why):\n"
    "  rewrite [--rename-allocator] [--split-memmove] [--strip-memory]\n"
    "          [--strip-dead-on-return] [--float-loads]\n"
    "          [--range-loads] [--pointer-selects] [--inner-first] [--join-loops] [--loop-exits]\n"
    "          [--quiet-checks] [--float-from-bits] [--pair-returns] [--loop-starts]\n"
    "          [--entry-trees] [--byte-moves] [--const-fn-pointers] [--pointer-float-returns]\n"
    "          [--copy-segments [--max-offset N]] IN.ll (-o OUT.ll | -i)\n"
    "      the wrapper's rewrites of LLVM IR text, the ones annotate does not do\n"
    "  split-pipeline PIPELINE\n"
    "      print clang's pass pipeline (as -print-pipeline-passes wrote it to the\n"
    "      file PIPELINE) in two lines: the passes before Enzyme, then Enzyme and\n"
    "      the rest, each a pipeline opt runs\n"
    "  calls-enzyme IN.ll\n"
    "      exit 0 when the module declares one of Enzyme's __enzyme_* functions,\n"
    "      3 when it does not\n";

static const char usage_options[] =
    "\n"
    "options:\n"
    "  -t, --target TARGET   target triple (default x86_64-unknown-linux-gnu)\n"
    "  -r, --rustc stable|nightly\n"
    "                        whose layout rules to follow: stable 1.95 (default) or\n"
    "                        1.97-nightly (differs in niche values and in enums whose\n"
    "                        variants are all uninhabited under an integer repr)\n"
    "  -o, --output FILE     write the result to FILE (atomically) instead of stdout\n"
    "  --max-offset N        Enzyme's -enzyme-max-type-offset (default 500; see\n"
    "                        max-offset)\n"
    "  --max-depth N         Enzyme's -enzyme-max-type-depth (default 6)\n"
    "  --max-entries N       rebuild a larger tree one level shallower until it fits\n"
    "                        (default 4096; 0: no limit)\n"
    "  --lean-above N        rebuild a larger tree lean: in arrays and buffers only the\n"
    "                        first element's pointers say what they point to\n"
    "                        (default 512; 0: never)\n"
    "  --types-from FILE     read more type expressions, one per line ('-': stdin;\n"
    "                        blank lines and lines starting with # are skipped)\n"
    ;
/* (two strings: C99 promises string literals of 4095 characters only) */
static const char usage_options_commands[] =
    "  --types FILE          (annotate) the type description\n"
    "  -i, --in-place        (annotate) rewrite IN itself (atomically)\n"
    "  --emit=ll|bc          (annotate) output format (default: from OUT's extension)\n"
    "  --strict              (annotate) a function whose LLVM signature differs from\n"
    "                        its Rust signature is an error, not a skipped function\n"
    "  --stats               (annotate) print counts of annotated and skipped functions\n"
    "  --verify              (annotate) for .ll to .ll: also parse the result with LLVM and\n"
    "                        run its verifier, so any invalid input is an error (the\n"
    "                        streaming path alone checks structure: complete lines,\n"
    "                        closed function bodies, readable define lines)\n"
    "  --no-typetree         (annotate) remove the attributes instead (rustc's NoTT)\n"
    "  --pair-offsets        (annotate) returned pairs get byte-offset trees ({[0]:...,\n"
    "                        [8]:...}); only for IR no interprocedural LLVM pass rewrites\n"
    "                        before Enzyme (-O0): by default a pair gets the register\n"
    "                        tree its two halves share, or nothing\n"
    "  --no-body             (annotate) signatures only: no trees inside function bodies\n"
    "                        (typed copies, alloca/load/extractvalue metadata)\n"
    "  --optnone-checks      (annotate) std's debug precondition checks get noinline\n"
    "                        optnone: LLVM leaves them as rustc wrote them (for -O0 IR\n"
    "                        that LLVM optimizes before Enzyme; docs/wrapper.md)\n"
    "  --typed-copy-loops    (annotate) a memcpy/memmove of run-time length over elements\n"
    "                        of mixed type becomes a call to a function the module gets,\n"
    "                        which copies element by element with typed loads and stores\n"
    "                        (Enzyme types a run-time length from its first bytes alone;\n"
    "                        docs/typetree-rules.md); text IR only\n"
    "  --typed-small-copies  (annotate) a memcpy/memmove of at most 64 bytes of a constant\n"
    "                        length that moves a float or a pointer becomes typed loads\n"
    "                        and stores (LLVM would make it integer ones before Enzyme\n"
    "                        runs; docs/typetree-rules.md); text IR only\n"
    "  --drop-unused         (annotate, export) leave out the internal and private\n"
    "                        functions, variables and metadata nothing live refers to\n"
    "                        (LLVM's globaldce rule; text IR only)\n"
    "  --rename-allocator    (annotate, rewrite) std's mangled allocator shims get the\n"
    "                        plain names Enzyme knows (__rust_alloc, ...)\n"
    "  --split-memmove       (annotate, rewrite) llvm.memmove calls go through\n"
    "                        @__typetree_memmove: two memcpys through a temporary\n"
    "  --strip-memory        (rewrite) defined functions lose memory(...) attributes\n"
    "  --strip-dead-on-return  (rewrite) parameters lose dead_on_return (Enzyme's\n"
    "                        reverse reads such memory after the return; docs/wrapper.md)\n"
    "  --strip-captures      (rewrite) functions that may hand a pointer to a rule of\n"
    "                        their own (__enzyme_register_gradient_*), the calls of them\n"
    "                        and calls through pointers lose captures(...) (a rule's\n"
    "                        tape may keep the shadow; docs/wrapper.md)\n"
    "  --float-loads         (rewrite) every load of a floating-point type without\n"
    "                        !enzyme_type gets its register tree (Enzyme takes no type\n"
    "                        from a load's LLVM type; docs/typetree-rules.md)\n"
    "  --range-loads         (rewrite) every integer load with !range and without\n"
    "                        !enzyme_type gets the tree Integer (a tag, a bool, a\n"
    "                        capacity; docs/typetree-rules.md)\n"
    "  --pointer-selects     (rewrite) an inttoptr of a select between an integer\n"
    "                        constant and a ptrtoint becomes a select of pointers (Enzyme\n"
    "                        stops on the integer select; docs/wrapper.md)\n"
    ;
static const char usage_options_checks[] =
    "  --inner-first         (rewrite) the functions that call Enzyme move to the end,\n"
    "                        each after those it reaches (Enzyme lowers them in module\n"
    "                        order: nested derivatives; docs/wrapper.md)\n"
    "  --std-rules           (rewrite) the rules for std's allocator added to a module\n"
    "                        that reallocates (Vec growth; docs/std-rules.md)\n"
    "  --rename-enzyme-locals  (rewrite) local names that start with enzyme_ start with\n"
    "                        tt.enzyme_ (Enzyme takes such an alloca among a call's\n"
    "                        arguments for a marker; docs/wrapper.md)\n"
    "  --join-loops, --loop-exits, --quiet-checks  (rewrite) Enzyme's loop caches:\n"
    "                        loops made one, exits it sees, checks (docs/wrapper.md)\n"
    "  --float-from-bits     (rewrite) a float made from shifted integer bits (rand's\n"
    "                        samples) is a call Enzyme takes for inactive (it stops on\n"
    "                        the bitcast otherwise; docs/wrapper.md)\n"
    "  --pair-returns        (rewrite) the integer members of a returned pair of an\n"
    "                        integer and a float (Option<f64>) are Integer to Enzyme\n"
    "                        (it drops the float's derivative otherwise; docs/wrapper.md)\n"
    "  --loop-starts         (rewrite) loops walking a buffer from the same start get\n"
    "                        starts of their own (Enzyme reads one loop's loads from\n"
    "                        another's cache otherwise; docs/wrapper.md)\n"
    "  --entry-trees         (rewrite) a function handed to Enzyme is handed through a\n"
    "                        forwarder that calls it (Enzyme reads no tree of the\n"
    "                        function it is handed otherwise; docs/wrapper.md)\n"
    "  --byte-moves          (rewrite) a check: fail when code Enzyme differentiates\n"
    "                        moves bytes that may be a float's (Enzyme moves no\n"
    "                        derivative with them; docs/wrapper.md)\n"
    "  --const-fn-pointers   (rewrite) a check: fail when a function of floats or\n"
    "                        pointers is passed to Enzyme as enzyme_const (calls\n"
    "                        through it are taken for inactive; docs/wrapper.md)\n"
    "  --pointer-float-returns  (rewrite) a check: fail when a function reached from\n"
    "                        Enzyme's reverse mode returns a pointer and a float\n"
    "                        together (it drops the float's derivative; docs/wrapper.md)\n"
    "  --copy-segments       (rewrite) copies LLVM's passes made of places annotate\n"
    "                        wrote the bytes of get segment lists (past the offset\n"
    "                        limit; padding alone; docs/typetree-rules.md)\n"
    "  -W, --warnings-as-errors\n"
    "                        treat warnings (layout-block disagreements...) as errors\n"
    "  -h, --help            show this help\n"
    "  -V, --version         show the version\n"
    "\n"
    "TYPES.json may be '-' for standard input. Exit status: 0 success, 1 invalid\n"
    "input (messages name the file and the JSON path), 2 usage error.\n";


void cli_print_help(void)
{
    fputs(usage_text, stdout), fputs(usage_wrapper, stdout), fputs(usage_options, stdout);
    fputs(usage_options_commands, stdout), fputs(usage_options_checks, stdout);
}

void cli_print_diags(const tt_ctx *c)
{
    for (const tt_diag *d = tt_diag_first(c); d; d = tt_diag_next(d)) {
        fputs("typetree: ", stderr);
        if (tt_diag_file(d))
            fprintf(stderr, "%s: ", tt_diag_file(d));
        if (tt_diag_where(d))
            fprintf(stderr, "%s: ", tt_diag_where(d));
        fprintf(stderr, "%s: %s\n", tt_diag_severity(d) == TT_ERROR ? "error" : "warning",
                tt_diag_message(d));
    }
}

int cli_usage_error(const char *fmt, const char *arg)
{
    fputs("typetree: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'typetree --help'.\n", stderr);
    return CLI_EXIT_USAGE;
}

/* Writes the result to path ("-" or NULL: stdout); a file appears whole or not at all. */
static bool write_output(tt_ctx *c, const char *path, const char *data, size_t len)
{
    if (path && strcmp(path, "-") != 0)
        return atomic_write(c, path, data, len);
    if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) {
        diag_add(c, TT_ERROR, loc_new(c->arena, "<stdout>", NULL), "cannot write: %s",
                 strerror(errno));
        return false;
    }
    return true;
}


/* The IR rewrites' options (emit/rewrite/ir_rewrite.h), in the order annotate names the
 * first one it does not take; annotate: annotate does it too, in the run that writes the
 * module. */
static const struct {
    const char *flag;
    unsigned bit;
    bool annotate;
} rewrite_flags[] = {
    {"--rename-allocator", IR_RW_RENAME_ALLOCATOR, true},
    {"--split-memmove", IR_RW_SPLIT_MEMMOVE, true},
    {"--strip-memory", IR_RW_STRIP_MEMORY, false},
    {"--float-loads", IR_RW_FLOAT_LOADS, false},
    {"--range-loads", IR_RW_RANGE_LOADS, false},
    {"--pointer-selects", IR_RW_POINTER_SELECTS, false},
    {"--inner-first", IR_RW_INNER_FIRST, false},
    {"--join-loops", IR_RW_JOIN_LOOPS, false},
    {"--loop-exits", IR_RW_LOOP_EXITS, false},
    {"--quiet-checks", IR_RW_QUIET_CHECKS, false},
    {"--float-from-bits", IR_RW_FLOAT_FROM_BITS, false},
    {"--pair-returns", IR_RW_PAIR_RETURNS, false},
    {"--loop-starts", IR_RW_LOOP_STARTS, false},
    {"--entry-trees", IR_RW_ENTRY_TREES, false},
    {"--byte-moves", IR_RW_BYTE_MOVES, false},
    {"--enum-moves", IR_RW_ENUM_MOVES, false},
    {"--const-fn-pointers", IR_RW_CONST_FN_POINTERS, false},
    {"--pointer-float-returns", IR_RW_POINTER_FLOAT_RETURNS, false},
    {"--copy-segments", IR_RW_COPY_SEGMENTS, false},
    {"--strip-dead-on-return", IR_RW_STRIP_DEAD_ON_RETURN, false},
    {"--strip-captures", IR_RW_STRIP_CAPTURES, false},
    {"--rename-enzyme-locals", IR_RW_RENAME_ENZYME_LOCALS, false},
    {"--std-rules", IR_RW_STD_RULES, false},
    {"--strong-zero", IR_RW_STRONG_ZERO, false},
};

/* The IR_RW_* bit of a rewrite option, 0 for any other argument. */
static unsigned rewrite_flag(const char *a)
{
    for (size_t k = 0; k < sizeof rewrite_flags / sizeof *rewrite_flags; k++)
        if (strcmp(a, rewrite_flags[k].flag) == 0)
            return rewrite_flags[k].bit;
    return 0;
}

const char *cli_annotate_refuses(unsigned rewrites)
{
    for (size_t k = 0; k < sizeof rewrite_flags / sizeof *rewrite_flags; k++)
        if ((rewrites & rewrite_flags[k].bit) && !rewrite_flags[k].annotate)
            return rewrite_flags[k].flag;
    return NULL;
}

int cli_rewrite_usage(void)
{
    fputs("typetree: rewrite: usage: typetree rewrite", stderr);
    for (size_t k = 0; k < sizeof rewrite_flags / sizeof *rewrite_flags; k++)
        fprintf(stderr, " [%s%s]", rewrite_flags[k].flag,
                rewrite_flags[k].bit == IR_RW_COPY_SEGMENTS ? " [--max-offset N]" : "");
    fputs(" IN.ll (-o OUT.ll | -i)\nTry 'typetree --help'.\n", stderr);
    return CLI_EXIT_USAGE;
}

/* Parses options anywhere among the arguments; "--" ends them. */
int cli_parse(int argc, char **argv, cli_options *o)
{
    memset(o, 0, sizeof *o);
    o->tree = tree_default_opts;
    o->args = xcalloc((size_t)argc + 1, sizeof *o->args);
    bool opts = true;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (opts && strcmp(a, "--") == 0) {
            opts = false;
        } else if (opts && (strcmp(a, "-t") == 0 || strcmp(a, "--target") == 0 ||
                            strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0 ||
                            strcmp(a, "-r") == 0 || strcmp(a, "--rustc") == 0)) {
            if (i + 1 >= argc)
                return cli_usage_error("option '%s' needs an argument", a);
            char k = a[1] == '-' ? a[2] : a[1];
            if (k == 't')
                o->target = argv[++i];
            else if (k == 'o')
                o->output = argv[++i];
            else
                o->rustc = argv[++i];
        } else if (opts && strcmp(a, "--types") == 0) {
            if (i + 1 >= argc)
                return cli_usage_error("option '%s' needs an argument", a);
            o->types_file = argv[++i];
        } else if (opts && strncmp(a, "--types=", 8) == 0) {
            o->types_file = a + 8;
        } else if (opts && strncmp(a, "--emit=", 7) == 0) {
            o->emit = a + 7;
            if (strcmp(o->emit, "ll") != 0 && strcmp(o->emit, "bc") != 0)
                return cli_usage_error("--emit takes 'll' or 'bc', not '%s'", o->emit);
        } else if (opts && (strcmp(a, "-i") == 0 || strcmp(a, "--in-place") == 0)) {
            o->in_place = true;
        } else if (opts && strcmp(a, "--verify") == 0) {
            o->verify = true;
        } else if (opts && strcmp(a, "--strict") == 0) {
            o->strict = true;
        } else if (opts && strcmp(a, "--stats") == 0) {
            o->stats = true;
        } else if (opts && strcmp(a, "--no-typetree") == 0) {
            o->no_tt = true;
        } else if (opts && strcmp(a, "--pair-offsets") == 0) {
            o->pair_offsets = true;
        } else if (opts && strcmp(a, "--no-body") == 0) {
            o->no_body = true;
        } else if (opts && strcmp(a, "--optnone-checks") == 0) {
            o->optnone_checks = true;
        } else if (opts && strcmp(a, "--typed-copy-loops") == 0) {
            o->copy_loops = true;
        } else if (opts && strcmp(a, "--typed-small-copies") == 0) {
            o->small_copies = true;
        } else if (opts && strcmp(a, "--drop-unused") == 0) {
            o->drop_unused = true;
        } else if (opts && rewrite_flag(a)) {
            o->rewrites |= rewrite_flag(a);
        } else if (opts && strcmp(a, "--body") == 0) {
            if (i + 1 >= argc)
                return cli_usage_error("option '%s' needs an argument", a);
            o->body_file = argv[++i];
        } else if (opts && strcmp(a, "--types-from") == 0) {
            if (i + 1 >= argc)
                return cli_usage_error("option '%s' needs an argument", a);
            o->types_from = argv[++i];
        } else if (opts && (strcmp(a, "--max-entries") == 0 || strcmp(a, "--lean-above") == 0)) {
            if (i + 1 >= argc)
                return cli_usage_error("option '%s' needs an argument", a);
            char *end;
            errno = 0;
            long long v = strtoll(argv[++i], &end, 10);
            if (errno || *end || end == argv[i] || v < 0)
                return cli_usage_error("bad value for %s", a);
            if (a[2] == 'm')
                o->tree.max_entries = (size_t)v;
            else
                o->tree.lean_above = (size_t)v;
        } else if (opts && (strcmp(a, "--max-offset") == 0 || strcmp(a, "--max-depth") == 0)) {
            if (i + 1 >= argc)
                return cli_usage_error("option '%s' needs an argument", a);
            char *end;
            errno = 0;
            long long v = strtoll(argv[++i], &end, 10);
            if (errno || *end || end == argv[i] || v < (a[6] == 'o' ? 0 : 1) || v > (a[6] == 'o' ? 1000000000LL : TT_PATH_MAX))
                return cli_usage_error("bad value for %s", a);
            if (a[6] == 'o')
                o->tree.max_offset = v;
            else
                o->tree.max_depth = (unsigned)v;
        } else if (opts && strncmp(a, "--rustc=", 8) == 0) {
            o->rustc = a + 8;
        } else if (opts && strncmp(a, "--target=", 9) == 0) {
            o->target = a + 9;
        } else if (opts && strncmp(a, "--output=", 9) == 0) {
            o->output = a + 9;
        } else if (opts && (strcmp(a, "-W") == 0 || strcmp(a, "--warnings-as-errors") == 0)) {
            o->werror = true;
        } else if (opts && a[0] == '-' && a[1]) {
            return cli_usage_error("unknown option '%s'", a);
        } else {
            o->args[o->nargs++] = argv[i];
        }
    }
    if (o->rustc && strcmp(o->rustc, "stable") != 0 && strcmp(o->rustc, "nightly") != 0)
        return cli_usage_error("--rustc takes 'stable' or 'nightly', not '%s'", o->rustc);
    return 0;
}

static bool failed(const tt_ctx *c, const cli_options *o);

/* The end of a command that wrote its own output: diagnostics and the exit status. */
int cli_finish_quiet(cli_options *o, tt_ctx *c, tt_buf *out, int st)
{
    if (!st && tt_error_count(c) > 0)
        st = CLI_EXIT_INPUT;
    cli_print_diags(c);
    free(out->data);
    free(o->args);
    ctx_free(c);
    return st;
}

static bool failed(const tt_ctx *c, const cli_options *o)
{
    return tt_error_count(c) > 0 || (o->werror && tt_warning_count(c) > 0);
}

tt_ctx *cli_load(const cli_options *o, const char *file, int *status)
{
    tt_ctx *c = tt_ctx_new();
    *status = 0;
    tt_ctx_set_nightly(c, o->rustc && strcmp(o->rustc, "nightly") == 0);
    if (tt_error_count(c)) { /* the built-in prelude failed: a build defect, not user input */
        cli_print_diags(c);
        *status = CLI_EXIT_INPUT;
        return c;
    }
    ingest_json_file(c, file);
    if (!tt_error_count(c) && o->target && !tt_ctx_set_target(c, o->target)) {
        ctx_free(c);
        fprintf(stderr, "typetree: unsupported target '%s' (supported: %s)\n", o->target,
                target_list());
        *status = CLI_EXIT_USAGE;
        return NULL;
    }
    if (!tt_error_count(c))
        types_validate_defs(c);
    if (tt_error_count(c))
        *status = CLI_EXIT_INPUT;
    return c;
}

/* The commands' shared start: cli_options, argument count, reading and checking
 * TYPES.json (and --types-from). Returns 0 with *cp set, or an exit status; on a status
 * with *cp set, diagnostics are pending and cli_finish() prints them. */
static bool read_types_from(tt_ctx *c, cli_options *o);

int cli_begin(int argc, char **argv, int min_args, const char *usage, cli_options *o, tt_ctx **cp)
{
    *cp = NULL;
    int st = cli_parse(argc, argv, o);
    if (st)
        return free(o->args), st;
    if (o->nargs < min_args && !(o->types_from && o->nargs >= 1)) {
        free(o->args);
        return cli_usage_error("%s", usage);
    }
    *cp = cli_load(o, o->args[0], &st);
    if (!*cp) {
        free(o->args);
        return st;
    }
    if (!st && !read_types_from(*cp, o))
        st = CLI_EXIT_INPUT;
    return st;
}

/* The shared end: diagnostics, the exit status, the output written only on success. */
int cli_finish(cli_options *o, tt_ctx *c, tt_buf *out, int st)
{
    if (!st && failed(c, o))
        st = CLI_EXIT_INPUT;
    if (!st && !write_output(c, o->output, out->data ? out->data : "", out->len))
        st = CLI_EXIT_INPUT;
    cli_print_diags(c);
    free(out->data);
    free(o->args);
    ctx_free(c);
    return st;
}


/* Appends the type expressions of --types-from to o->args (arena-owned strings). */
static bool read_types_from(tt_ctx *c, cli_options *o)
{
    if (!o->types_from)
        return true;
    FILE *f = strcmp(o->types_from, "-") == 0 ? stdin : fopen(o->types_from, "r");
    if (!f) {
        fprintf(stderr, "typetree: %s: cannot open: %s\n", o->types_from, strerror(errno));
        return false;
    }
    char line[65536];
    size_t cap = (size_t)o->nargs + 64;
    char **args = xmalloc(cap * sizeof *args);
    memcpy(args, o->args, (size_t)o->nargs * sizeof *args);
    while (fgets(line, sizeof line, f)) {
        size_t n = strcspn(line, "\r\n");
        line[n] = 0;
        const char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s || *s == '#')
            continue;
        if ((size_t)o->nargs == cap) {
            cap *= 2;
            char **v = xrealloc(args, cap * sizeof *v);
            args = v;
        }
        args[o->nargs++] = arena_strdup(c->arena, s);
    }
    if (f != stdin)
        fclose(f);
    free(o->args);
    o->args = args;
    return true;
}

