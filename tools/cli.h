/* tools/cli.h: the command-line plumbing the typetree commands share (tools/cli.c). A
 * command parses its options (cli_parse or cli_begin), does its work into a buffer, and
 * ends with cli_finish (output written whole, on success only) or cli_finish_quiet (a
 * command that wrote its own output). Exit statuses: 0 success, CLI_EXIT_INPUT bad input
 * (diagnostics on stderr), CLI_EXIT_USAGE a usage error. */
#ifndef TT_TOOLS_CLI_H
#define TT_TOOLS_CLI_H

#include "../emit/annotate/annotate.h"
#include "../emit/rewrite/ir_rewrite.h"

enum { CLI_EXIT_INPUT = 1, CLI_EXIT_USAGE = 2 };

/* Every command's options; a command reads the ones it takes. args: the arguments that are
 * not options (malloc'd array, freed by cli_finish*). */
typedef struct {
    const char *target, *output, *rustc, *types_from, *types_file, *emit, *body_file;
    bool werror, in_place, strict, stats, no_tt, verify, pair_offsets, no_body, optnone_checks,
        copy_loops, small_copies, drop_unused;
    unsigned rewrites; /* IR_RW_* */
    tt_tree_opts tree;
    int nargs;
    char **args;
} cli_options;

/* `typetree --help`'s text, on stdout. */
void cli_print_help(void);
/* Prints c's diagnostics on stderr, each as "typetree: FILE: WHERE: severity: message". */
void cli_print_diags(const tt_ctx *c);
/* Prints "typetree: " fmt (with arg) and the hint to --help; returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *fmt, const char *arg);
/* rewrite's usage line, listing every rewrite option; returns CLI_EXIT_USAGE. */
int cli_rewrite_usage(void);
/* The first option among rewrites (IR_RW_* bits) that is typetree rewrite's and not
 * annotate's; NULL when annotate takes them all. */
const char *cli_annotate_refuses(unsigned rewrites);
/* Parses argv into *o; 0, or the exit status of a usage error (printed). */
int cli_parse(int argc, char **argv, cli_options *o);
/* A context with the types of file read and checked (o->rustc, o->target applied);
 * *status 0 or the exit status; NULL (after a message) for an unsupported target. */
tt_ctx *cli_load(const cli_options *o, const char *file, int *status);
/* The start of a command over TYPES.json: options, at least min_args arguments (usage is
 * the message otherwise), TYPES.json and --types-from read. 0 with *cp set, or an exit
 * status; with *cp set, diagnostics are pending and cli_finish prints them. */
int cli_begin(int argc, char **argv, int min_args, const char *usage, cli_options *o,
              tt_ctx **cp);
/* The end of a command: diagnostics, the exit status, out written to o->output (or
 * stdout) only on success; frees out, o's arguments and c. */
int cli_finish(cli_options *o, tt_ctx *c, tt_buf *out, int st);
/* cli_finish for a command that wrote its own output: nothing of out is written. */
int cli_finish_quiet(cli_options *o, tt_ctx *c, tt_buf *out, int st);

#endif
