/* typetree: the command-line interface. Each command runs library stages over its
 * arguments and prints the result; the plumbing they share (options, help, reading
 * TYPES.json, diagnostics, the exit status: 0 success, 1 bad input, 2 usage error) is
 * tools/cli.c's. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../export/exporter.h"

static int cmd_layout(int argc, char **argv)
{
    cli_options o;
    tt_ctx *c;
    int st = cli_begin(argc, argv, 1, "layout: missing TYPES.json", &o, &c);
    if (!c)
        return st;
    tt_buf out = {0};
    buf_put(&out, "{");
    int n = 0;
    if (!st && o.nargs == 1) {
        n = (int)layout_json_defs(c, &out);
    } else if (!st) {
        for (int i = 1; i < o.nargs; i++) {
            /* these come from the command line, not from a file */
            const tt_loc *where = loc_new(c->arena, NULL, "type expression %d ('%s')", i,
                                          o.args[i]);
            tt_type *t = types_resolve_str(c, o.args[i], where);
            const tt_layout *l = t ? layout_of(c, t, where) : NULL;
            if (l) {
                buf_put(&out, n++ ? ",\n " : "\n ");
                layout_json(c, &out, o.args[i], t, l);
            }
        }
    }
    buf_put(&out, n ? "\n}\n" : "}\n");
    return cli_finish(&o, c, &out, st);
}

static int cmd_tree(int argc, char **argv)
{
    cli_options o;
    tt_ctx *c;
    int st = cli_begin(argc, argv, 2, "tree: usage: typetree tree TYPES.json TYPE...", &o, &c);
    if (!c)
        return st;
    tt_buf out = {0};
    for (int i = 1; !st && i < o.nargs; i++) {
        const tt_loc *where = loc_new(c->arena, NULL, "type expression %d ('%s')", i, o.args[i]);
        tt_type *t = types_resolve_str(c, o.args[i], where);
        tt_tree tr = {0};
        if (t && tree_of_value(c, t, &o.tree, &tr, where)) {
            tree_to_string(&tr, &out);
            buf_put(&out, "\n");
        }
        tree_free(&tr);
    }
    return cli_finish(&o, c, &out, st);
}

static void explain_tree(tt_buf *out, const tt_tree *t, const char *why)
{
    if (t->n)
        tree_to_string(t, out);
    else
        buf_printf(out, "(no attribute: %s)", why ? why : "nothing known");
}

/* explain --body: the in-body annotations of one function, as annotate makes them. */
typedef struct {
    tt_ctx *c;
    const char *symbol, *path, *arg; /* what names the function */
    const char *matched;             /* the symbol of the body that matched */
    tt_buf text;
    unsigned n;
} body_lines;

static void on_body(void *arg, const char *fn, const char *what, const char *tree,
                    const char *from)
{
    body_lines *bl = arg;
    if (!fn)
        return;
    bool match = (bl->symbol && strcmp(fn, bl->symbol) == 0) || strcmp(fn, bl->arg) == 0;
    if (!match && !bl->symbol) {
        const char *p = demangle_rust_path(bl->c, fn);
        match = p && ((bl->path && strcmp(p, bl->path) == 0) || strcmp(p, bl->arg) == 0);
    }
    if (!match)
        return;
    if (bl->matched && strcmp(bl->matched, fn) != 0)
        return; /* the first function of that path only: its symbol is printed */
    bl->matched = arena_strdup(bl->c->arena, fn);
    buf_printf(&bl->text, "  %s: %s\n      from %s\n", what, tree, from);
    bl->n++;
}

static bool explain_body(tt_ctx *c, const cli_options *o, const tt_fn_def *f, const char *name,
                         tt_buf *out)
{
    const char *path = o->body_file;
    bool bitcode;
    if (!ir_input_format(c, path, &bitcode))
        return false;
    if (bitcode) {
        diag_add(c, TT_ERROR, loc_new(c->arena, path, NULL),
                 "explain --body reads textual IR (llvm-dis the bitcode first)");
        return false;
    }
    annotator *a = annotator_new(c, &o->tree);
    annotator_pair_offsets(a, o->pair_offsets);
    body_lines bl = {.c = c, .symbol = f ? f->symbol : NULL, .path = f ? f->path : NULL,
                     .arg = name};
    annotator_on_body(a, on_body, &bl);
    /* annotate's own remarks about the rest of the module are not the question here */
    tt_diag *tail = c->diags_tail;
    unsigned errs = tt_error_count(c);
    ir_job j = {.in_path = path, .out_path = NULL};
    bool ok = ir_annotate(c, a, &j);
    if (ok)
        diag_truncate(c, tail, errs);
    if (!ok)
        return false;
    if (!bl.matched) {
        buf_printf(out, "body: no annotation inside a function named %s in %s\n", name, path);
    } else {
        buf_printf(out, "body of %s in %s: %u annotation%s\n", bl.matched, path, bl.n,
                   bl.n == 1 ? "" : "s");
        buf_putn(out, bl.text.data, bl.text.len);
    }
    free(bl.text.data);
    return true;
}

static int cmd_explain(int argc, char **argv)
{
    cli_options o;
    tt_ctx *c;
    int st = cli_begin(argc, argv, 2, "explain: usage: typetree explain TYPES.json SYMBOL", &o, &c);
    if (!c)
        return st;
    if (o.nargs != 2) {
        free(o.args);
        ctx_free(c);
        return cli_usage_error("%s", "explain: usage: typetree explain TYPES.json SYMBOL (one symbol)");
    }
    tt_buf out = {0};
    const tt_fn_def *f = st ? NULL : fn_find(c, o.args[1]);
    if (!st && !f && !o.body_file) {
        diag_add(c, TT_ERROR, loc_new(c->arena, o.args[0], "$.functions"),
                 "no function with symbol or path \"%s\" (%u function%s listed)", o.args[1],
                 c->nfns, c->nfns == 1 ? "" : "s");
    }
    tt_lowered_fn lf;
    if (f && abi_lower_fn(c, f, &o.tree, &lf)) {
        buf_printf(&out, "%s", f->symbol ? f->symbol : f->path);
        if (f->path && f->symbol)
            buf_printf(&out, " (%s)", f->path);
        buf_printf(&out, ": %u LLVM parameter%s, returns %s\n", lf.nparams,
                   lf.nparams == 1 ? "" : "s", lf.ret_llvm_type);
        buf_printf(&out, "  return %s: %s -> %s ", f->ret_src, passmode_name(lf.ret_mode),
                   lf.ret_llvm_type);
        explain_tree(&out, &lf.ret_tree, lf.ret_why_empty);
        buf_put(&out, "\n");
        uint32_t next = 0;
        for (int a = -1; a <= (int)f->nargs; a++) {
            if (a >= 0 && a < (int)f->nargs) {
                const tt_arg_def *ad = &f->args[a];
                buf_printf(&out, "  arg %d %s: %s: %s%s\n", a, ad->name ? ad->name : "_",
                           ad->ty_src, passmode_name(lf.arg_modes[a]),
                           lf.arg_modes[a] == PASS_IGNORE ? " (zero-sized: no LLVM parameter)" : "");
            }
            int want = a == (int)f->nargs ? -2 : a;
            while (next < lf.nparams && lf.params[next].rust_arg == want) {
                const tt_llvm_param *p = &lf.params[next];
                const char *role = p->rust_arg == -1   ? "sret "
                                   : p->rust_arg == -2 ? "track_caller location "
                                   : "";
                buf_printf(&out, "    %%%u %s%s", next, role, p->llvm_type);
                if (p->mode == PASS_PAIR)
                    buf_printf(&out, " (half %d)", p->piece);
                buf_put(&out, ": ");
                explain_tree(&out, &p->tree, p->why_empty);
                buf_put(&out, "\n");
                next++;
            }
        }
        abi_lowered_free(&lf);
    }
    if (!st && o.body_file && !explain_body(c, &o, f, o.args[1], &out))
        st = CLI_EXIT_INPUT;
    return cli_finish(&o, c, &out, st);
}

static void print_stats(const annotate_stats *s)
{
    fprintf(stderr,
            "typetree: annotate: %u functions in the IR: %u annotated (%u parameters), %u "
            "skipped (%u signature mismatch, %u failed, %u left without trees by rule: std's "
            "debug precondition checks), %u not described by the types file\n",
            s->functions, s->annotated, s->params_annotated,
            s->mismatched + s->failed + s->withheld, s->mismatched, s->failed, s->withheld,
            s->not_described);
    if (s->dropped_functions + s->dropped_globals + s->dropped_metadata)
        fprintf(stderr,
                "typetree: annotate: left out as unused: %lu functions, %lu other globals, %lu "
                "metadata nodes\n",
                s->dropped_functions, s->dropped_globals, s->dropped_metadata);
    const tt_body_counts *b = &s->body;
    if (b->copies || b->extracts_typed || b->allocas_typed || b->loads_typed || b->calls_typed)
        fprintf(stderr,
                "typetree: annotate: in bodies: %u of %u llvm.memcpy/memmove/memset calls typed "
                "(%u with a segment list, %u left alone: their two places disagree), %u of "
                "run-time length copied element by element, %u of a few bytes as typed loads and "
                "stores, %u allocas, "
                "%u loads, %u of %u extractvalue, %u indirect calls\n",
                b->copies_typed, b->copies, b->copies_segmented, b->conflicting, b->copies_looped,
                b->copies_unrolled,
                b->allocas_typed,
                b->loads_typed,
                b->extracts_typed, b->extracts, b->calls_typed);
}

/* Enzyme's limit of type offsets that the types of TYPES.json need (layout/offset_limit.c). */
static int cmd_max_offset(int argc, char **argv)
{
    cli_options o;
    tt_ctx *c;
    int st = cli_begin(argc, argv, 1, "max-offset: missing TYPES.json", &o, &c);
    if (!c)
        return st;
    if (!st && o.nargs != 1)
        st = cli_usage_error("%s", "max-offset: one TYPES.json, no type expressions");
    tt_buf out = {0};
    if (!st)
        buf_printf(&out, "%llu\n",
                   (unsigned long long)offset_limit_needed(c, (uint64_t)tree_default_opts.max_offset));
    return cli_finish(&o, c, &out, st);
}

static int cmd_annotate(int argc, char **argv)
{
    cli_options o;
    int st = cli_parse(argc, argv, &o);
    if (st)
        return free(o.args), st;
    const char *usage = "annotate: usage: typetree annotate --types TYPES.json IN (-o OUT | -i)";
    if (!o.types_file || o.nargs != 1 || (!o.output && !o.in_place) || (o.output && o.in_place)) {
        free(o.args);
        return cli_usage_error("%s", usage);
    }
    const char *in = o.args[0];
    if (o.in_place && strcmp(in, "-") == 0) {
        free(o.args);
        return cli_usage_error("%s", "annotate: -i needs a file, not standard input");
    }
    const char *refused = cli_annotate_refuses(o.rewrites);
    if (refused) {
        free(o.args);
        return cli_usage_error("annotate: %s is typetree rewrite's", refused);
    }
    tt_ctx *c = cli_load(&o, o.types_file, &st);
    if (!c) {
        free(o.args);
        return st;
    }
    annotator *a = NULL;
    if (!st) {
        a = annotator_new(c, &o.tree);
        annotator_pair_offsets(a, o.pair_offsets);
        annotator_no_body(a, o.no_body);
        annotator_optnone_checks(a, o.optnone_checks);
        annotator_copy_loops(a, o.copy_loops);
        annotator_small_copies(a, o.small_copies);
        ir_job j = {.in_path = in, .out_path = o.in_place ? in : o.output,
                    .emit = !o.emit ? TT_EMIT_AUTO
                            : strcmp(o.emit, "bc") == 0 ? TT_EMIT_BITCODE : TT_EMIT_TEXT,
                    .strip = o.no_tt, .verify = o.verify, .strict = o.strict,
                    .werror = o.werror, .rewrites = o.rewrites,
                    .drop_unused = o.drop_unused};
        if (!ir_annotate(c, a, &j))
            st = CLI_EXIT_INPUT;
    }
    cli_print_diags(c);
    if (!st && o.stats)
        print_stats(annotator_stats(a));
    free(o.args);
    ctx_free(c);
    return st;
}

static int cmd_export(int argc, char **argv)
{
    cli_options o;
    int st = cli_parse(argc, argv, &o);
    if (st)
        return free(o.args), st;
    if (o.nargs != 1) {
        free(o.args);
        return cli_usage_error("%s", "export: usage: typetree export IN.ll [-o TYPES.json] "
                                     "[--drop-unused]");
    }
    tt_ctx *c = tt_ctx_new();
    tt_buf out = {0};
    if (!tt_error_count(c) && !export_debuginfo(c, o.args[0], o.drop_unused, &out))
        st = CLI_EXIT_INPUT;
    return cli_finish(&o, c, &out, st);
}

static int cmd_rewrite(int argc, char **argv)
{
    cli_options o;
    int st = cli_parse(argc, argv, &o);
    if (st)
        return free(o.args), st;
    if (o.nargs != 1 || (!o.output && !o.in_place) || (o.output && o.in_place) ||
        (o.in_place && strcmp(o.args[0], "-") == 0)) {
        free(o.args);
        return cli_rewrite_usage();
    }
    tt_ctx *c = tt_ctx_new();
    if (!tt_error_count(c) &&
        !ir_rewrite_file(c, o.args[0], o.in_place ? o.args[0] : o.output, o.rewrites,
                         o.tree.max_offset > 0 ? o.tree.max_offset : tree_default_opts.max_offset))
        st = CLI_EXIT_INPUT;
    tt_buf none = {0};
    o.output = NULL;
    return cli_finish_quiet(&o, c, &none, st);
}

static int cmd_split_pipeline(int argc, char **argv)
{
    cli_options o;
    int st = cli_parse(argc, argv, &o);
    if (st)
        return free(o.args), st;
    if (o.nargs != 1) {
        free(o.args);
        return cli_usage_error("%s", "split-pipeline: usage: typetree split-pipeline PIPELINE");
    }
    tt_ctx *c = tt_ctx_new();
    tt_buf out = {0}, text = {0};
    const char *path = o.args[0];
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        diag_add(c, TT_ERROR, loc_new(c->arena, path, NULL), "cannot open: %s", strerror(errno));
        st = CLI_EXIT_INPUT;
    } else {
        char chunk[65536];
        size_t n;
        while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
            buf_putn(&text, chunk, n);
        if (f != stdin)
            fclose(f);
        char *pre, *post;
        if (!text.data || !ir_split_pipeline(text.data, &pre, &post)) {
            diag_add(c, TT_ERROR, loc_new(c->arena, path, "line 1"),
                     "no EnzymeNewPM in this pipeline: the plugin does not add Enzyme to "
                     "clang's pipeline");
            st = CLI_EXIT_INPUT;
        } else {
            buf_printf(&out, "%s\n%s\n", pre, post);
            free(pre), free(post);
        }
    }
    free(text.data);
    return cli_finish(&o, c, &out, st);
}

enum { EXIT_NO = 3 };

static int cmd_calls_enzyme(int argc, char **argv)
{
    cli_options o;
    int st = cli_parse(argc, argv, &o);
    if (st)
        return free(o.args), st;
    if (o.nargs != 1) {
        free(o.args);
        return cli_usage_error("%s", "calls-enzyme: usage: typetree calls-enzyme IN.ll");
    }
    tt_ctx *c = tt_ctx_new();
    bool yes = false;
    if (!tt_error_count(c) && !ir_declares_enzyme(c, o.args[0], &yes))
        st = CLI_EXIT_INPUT;
    tt_buf none = {0};
    o.output = NULL;
    st = cli_finish_quiet(&o, c, &none, st);
    return st ? st : yes ? 0 : EXIT_NO;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage_error("%s", "missing command");
    const char *cmd = argv[1];
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "help") == 0) {
        cli_print_help();
        return 0;
    }
    if (strcmp(cmd, "-V") == 0 || strcmp(cmd, "--version") == 0) {
        printf("typetree %s (layouts of rustc 1.95, target %s)\n", TYPETREE_VERSION, target_list());
        return 0;
    }
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            cli_print_help();
            return 0;
        }
    if (strcmp(cmd, "layout") == 0)
        return cmd_layout(argc - 2, argv + 2);
    if (strcmp(cmd, "tree") == 0)
        return cmd_tree(argc - 2, argv + 2);
    if (strcmp(cmd, "export") == 0)
        return cmd_export(argc - 2, argv + 2);
    if (strcmp(cmd, "max-offset") == 0)
        return cmd_max_offset(argc - 2, argv + 2);
    if (strcmp(cmd, "explain") == 0)
        return cmd_explain(argc - 2, argv + 2);
    if (strcmp(cmd, "annotate") == 0)
        return cmd_annotate(argc - 2, argv + 2);
    if (strcmp(cmd, "rewrite") == 0)
        return cmd_rewrite(argc - 2, argv + 2);
    if (strcmp(cmd, "split-pipeline") == 0)
        return cmd_split_pipeline(argc - 2, argv + 2);
    if (strcmp(cmd, "calls-enzyme") == 0)
        return cmd_calls_enzyme(argc - 2, argv + 2);
    return cli_usage_error("unknown command '%s'", cmd);
}

