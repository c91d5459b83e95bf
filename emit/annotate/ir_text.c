/* Streaming annotation of textual LLVM IR: every line is copied as it is except the
 * `define` lines of functions the annotator describes, where "enzyme_type" attributes are
 * inserted right after each parameter's type and right before the return type. One line
 * in memory at a time, so the cost is that of reading and writing the file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../body/ir_body.h"
#include "../ir/ir_define.h"
#include "../ir/ir_lex.h"
#include "../rewrite/ir_rewrite.h"
#include "../../layout/xalloc.h"
#include "../ir/ir_live.h"
#include "ir_run.h"

#define ATTR "\"enzyme_type\"=\""

typedef struct {
    ir_run *r;
    tt_ctx *c;
    body_typer *body;
    ir_define_line *def; /* the define line being rewritten (12 KB: not on the stack) */
    unsigned long lineno;
    ir_rewriter *rw;     /* the wrapper's rewrites, on every line written; NULL: none */
    tt_buf rewritten;
} text_state;

/* Writes p[0, n) (whole lines), through the wrapper's rewrites when there are any. */
static bool put(text_state *st, const char *p, size_t n, FILE *out)
{
    if (st->rw) {
        st->rewritten.len = 0;
        for (size_t i = 0; i < n;) {
            const char *nl = memchr(p + i, '\n', n - i);
            size_t e = nl ? (size_t)(nl - p) + 1 : n;
            ir_rewrite_line(st->rw, p + i, e - i, &st->rewritten);
            i = e;
        }
        p = st->rewritten.data, n = st->rewritten.len;
    }
    return fwrite(p, 1, n, out) == n;
}

/* A parameter's value name: its last token when that is %name; NULL otherwise. */
static const char *param_name(tt_ctx *c, const char *s, size_t start, size_t end)
{
    lex_tok last = {.kind = LEX_END};
    for (lex_tok t = lex_next(s, start, end); t.kind != LEX_END; t = lex_next(s, t.end, end))
        last = t;
    return last.kind == LEX_LOCAL ? arena_strndup(c->arena, s + last.at, last.end - last.at)
                                  : NULL;
}

static bool parse_error(text_state *st, const char *what)
{
    diag_add(st->c, TT_ERROR, ir_run_at(st->r, "line %lu", st->lineno),
             "cannot read this define line: %s", what);
    return false;
}

/* The function attributes annotator_optnone_checks adds, before the attribute group. */
#define FREEZE "noinline optnone "

/* Where FREEZE goes in a define line of a function that gets it: at its attribute group
 * (`#N`), else at its first metadata attachment or its `{`; 0 when it gets none (or has
 * them already: re-annotation changes nothing). */
static size_t freeze_at(text_state *st, const char *symbol, const char *s, size_t n,
                        size_t params_end)
{
    if (!annotator_freezes(st->r->a, symbol))
        return 0;
    for (lex_tok t = lex_next(s, params_end, n); t.kind != LEX_END; t = lex_next(s, t.end, n)) {
        if (lex_eq(s, t, "optnone"))
            return 0;
        if (t.kind == LEX_META || t.kind == LEX_ATTRS || lex_is(s, t, '{'))
            return t.at;
    }
    return 0;
}

/* Rewrites one `define` line into out. */
static bool rewrite_define(text_state *st, const char *s, size_t n, tt_buf *out)
{
    ir_define_line *d = st->def;
    const char *why;
    if (!ir_define_parse(s, n, d, &why))
        return parse_error(st, why);
    tt_arena *a = st->c->arena;
    const char *symbol = lex_unquote(a, s + d->at + 1, d->lparen - d->at - 1);
    uint32_t np = d->nparams;
    const char **types = arena_alloc(a, (np + 1) * sizeof *types);
    for (uint32_t k = 0; k < np; k++) {
        const ir_param_span *p = &d->params[k];
        types[k] = arena_strndup(a, s + p->start, p->type_end - p->start);
    }
    ir_function f = {.symbol = symbol, .nparams = np, .param_types = types,
                     .ret_type = arena_strndup(a, s + d->ret_start, d->ret_end - d->ret_start),
                     .rewritten_cc = d->rewritten_cc};
    ir_decision dec = ir_run_decide(st->r, &f, st->lineno);
    if (!st->r->strip) {
        const char **names = arena_alloc(a, (np + 1) * sizeof *names);
        for (uint32_t k = 0; k < np; k++)
            names[k] = param_name(st->c, s, d->params[k].type_end, d->params[k].end);
        body_begin(st->body, symbol, np, names, dec.param_pointee);
    }
    size_t freeze = freeze_at(st, symbol, s, n, d->params_end);
    /* Nothing to set and nothing of ours to remove: the line stays as it is. */
    if (dec.outcome != OUT_ANNOTATED && !strstr(s, ATTR) && !freeze) {
        buf_putn(out, s, n);
        return true;
    }
    /* rebuild: prefix, return attribute, return type .. '(' , params, rest */
    body_strip_ours(s, d->ret_start, out);
    if (dec.ret_attr)
        buf_printf(out, ATTR "%s\" ", dec.ret_attr);
    buf_putn(out, s + d->ret_start, d->lparen + 1 - d->ret_start);
    for (uint32_t k = 0; k < np; k++) {
        const ir_param_span *p = &d->params[k];
        if (k)
            buf_put(out, ", ");
        buf_putn(out, s + p->start, p->type_end - p->start);
        if (dec.param_attr && dec.param_attr[k])
            buf_printf(out, " " ATTR "%s\"", dec.param_attr[k]);
        /* a parameter with a tree: its pointee's byte runs, and those of the pointers its
         * pointee holds (ir_body_segments.c) */
        tt_type *pointee = !st->r->strip && annotator_types_bodies(st->r->a) &&
                                   dec.param_attr && dec.param_attr[k] && dec.param_pointee
                               ? dec.param_pointee[k]
                               : NULL;
        const char *runs = pointee ? body_param_runs(st->body, pointee) : NULL;
        if (runs)
            buf_printf(out, " \"" RUNS_NAME "\"=\"%s\"", runs);
        const char *fields = pointee ? body_field_runs(st->body, pointee) : NULL;
        if (fields)
            buf_printf(out, " \"" FIELDS_NAME "\"=\"%s\"", fields);
        body_strip_ours(s + p->type_end, p->end - p->type_end, out);
    }
    if (!freeze) {
        buf_putn(out, s + d->params_end - 1, n - (d->params_end - 1));
        return true;
    }
    buf_putn(out, s + d->params_end - 1, freeze - (d->params_end - 1));
    buf_put(out, FREEZE);
    buf_putn(out, s + freeze, n - freeze);
    return true;
}

/* `@a = ... alias <type>, ptr @b`: @b's body is also @a. */
static void note_alias(ir_run *r, const char *s, size_t n)
{
    lex_tok name = lex_next(s, 0, n), eq = lex_next(s, name.end, n), last = {.kind = LEX_END};
    if (name.kind != LEX_GLOBAL || !lex_is(s, eq, '='))
        return;
    for (lex_tok t = lex_next(s, eq.end, n); t.kind != LEX_END; t = lex_next(s, t.end, n))
        if (t.kind == LEX_GLOBAL)
            last = t;
    if (last.kind == LEX_GLOBAL)
        ir_run_alias(r, lex_text(r->c->arena, s, name), lex_text(r->c->arena, s, last));
}

/* What the listing keeps for --drop-unused, to use once liveness is known: the numbers of
 * the module's metadata nodes (not ours), for the trees' first number when some are left
 * out (body_set_next_md); the define and alias lines, whose symbols the annotator learns
 * only when they are kept (path matching goes by the symbols the output defines, so that
 * annotating the output again decides the same). */
typedef struct {
    unsigned long *v;
    size_t n, cap;
    const char **lines;
    size_t nlines, lcap;
} live_listing;

static void defer_line(tt_ctx *c, live_listing *d, const char *s, size_t n)
{
    if (d->nlines == d->lcap) {
        d->lcap = d->lcap ? 2 * d->lcap : 1024;
        d->lines = xrealloc(d->lines, d->lcap * sizeof *d->lines);
    }
    d->lines[d->nlines++] = arena_strndup(c->arena, s, n);
}

/* The listing pass: the defined symbols (so path matching knows which entries' symbols
 * are present, see annotator_note_defined), the aliases, and the module's metadata
 * numbers and variable names for the in-body trees; with live, what is live. */
static void list_functions(ir_run *r, body_typer *body, ir_live *live, live_listing *nums,
                           FILE *in)
{
    tt_ctx *c = r->c;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, in)) > 0) {
        if (live)
            ir_live_note(live, line, (size_t)len);
        if (strncmp(line, "define ", 7) == 0) {
            body_note_line(body, line, (size_t)len);
            const char *sym = live ? NULL : ir_define_symbol(c->arena, line, (size_t)len);
            if (live)
                defer_line(c, nums, line, (size_t)len);
            else if (sym)
                ir_run_defined(r, sym);
        } else if (strncmp(line, "declare ", 8) == 0) {
            body_note_line(body, line, (size_t)len);
        } else if (line[0] == '@' && strstr(line, " alias ")) {
            if (live)
                defer_line(c, nums, line, (size_t)len);
            else
                note_alias(r, line, (size_t)len);
        } else if (line[0] == '!' || (line[0] == '%' && strstr(line, " = type ")) ||
                   (line[0] == ' ' && (strstr(line, "#dbg_declare(") || strstr(line, " = alloca [") ||
                                       strstr(line, "@llvm.memcpy.") || strstr(line, " sret(")))) {
            body_note_line(body, line, (size_t)len);
            if (live && line[0] == '!' && line[1] >= '0' && line[1] <= '9' &&
                !body_is_our_metadata(line, (size_t)len)) {
                if (nums->n == nums->cap) {
                    nums->cap = nums->cap ? 2 * nums->cap : 4096;
                    nums->v = xrealloc(nums->v, nums->cap * sizeof *nums->v);
                }
                nums->v[nums->n++] = strtoul(line + 1, NULL, 10);
            }
        } else if (strncmp(line, "  store ", 8) == 0) {
            body_note_store(body, line, (size_t)len);
        }
    }
    free(line);
    clearerr(in);
    rewind(in);
}

/* The listing pass of a run that lists nothing else (--no-typetree): what is live. */
static void note_live(ir_live *live, FILE *in)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, in)) > 0)
        ir_live_note(live, line, (size_t)len);
    free(line);
    clearerr(in);
    rewind(in);
}

bool ir_text_rewrite(ir_run *r, FILE *in, FILE *out)
{
    tt_ctx *c = r->c;
    annotator *a = r->a;
    bool strip = r->strip;
    body_typer *body = body_new(c, a, strip ? NULL : annotator_tree_opts(a));
    if (!strip) {
        tt_body_report fn;
        void *arg;
        annotator_body_reporter(a, &fn, &arg);
        body_set_report(body, fn, arg);
    }
    ir_live *live = r->drop_unused ? ir_live_new(true) : NULL;
    live_listing nums = {0};
    if (!strip)
        list_functions(r, body, live, &nums, in);
    else if (live)
        note_live(live, in);
    if (live) {
        ir_live_mark(live);
        if (!strip) {
            unsigned long next = 0;
            for (size_t i = 0; i < nums.n; i++)
                if (nums.v[i] + 1 > next && ir_live_keeps_node(live, nums.v[i]))
                    next = nums.v[i] + 1;
            body_set_next_md(body, next);
            for (size_t i = 0; i < nums.nlines; i++) {
                const char *l = nums.lines[i];
                size_t n = strlen(l);
                if (!ir_live_keeps_line(live, l, n))
                    continue;
                const char *sym = l[0] == '@' ? NULL : ir_define_symbol(c->arena, l, n);
                if (l[0] == '@')
                    note_alias(r, l, n);
                else if (sym)
                    ir_run_defined(r, sym);
            }
        }
    }
    free(nums.v);
    free(nums.lines);
    text_state st = {.r = r, .c = c, .body = body,
                     .def = arena_alloc(c->arena, sizeof *st.def),
                     .rw = r->rewrites ? ir_rewriter_new(c, r->file, r->rewrites) : NULL};
    unsigned errors = c->nerrors;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    tt_buf b = {0};
    bool ok = true, in_body = false, saw_module = false;
    unsigned long body_start = 0;
    const char *body_fn = NULL;
    while ((len = getline(&line, &cap, in)) > 0) {
        st.lineno++;
        size_t n = (size_t)len;
        if (!saw_module && n > 0 && line[0] != '\n' && line[0] != ';' &&
            strncmp(line, "source_filename", 15) != 0 && strncmp(line, "target ", 7) != 0 &&
            strncmp(line, "define ", 7) != 0 && strncmp(line, "declare ", 8) != 0 &&
            line[0] != '%' && line[0] != '@' && line[0] != '$' && line[0] != '!' &&
            line[0] != '#' && strncmp(line, "attributes", 10) != 0 &&
            strncmp(line, "module asm", 10) != 0) {
            diag_add(c, TT_ERROR, ir_run_at(r, "line %lu", st.lineno),
                     "this does not look like LLVM IR text");
            ok = false;
            break;
        }
        saw_module = true;
        if (live && !in_body && ir_live_drops(live, line, n)) {
            if (strncmp(line, "define ", 7) == 0)
                body_skip_function(body);
            continue;
        }
        if (strncmp(line, "define ", 7) == 0) {
            if (in_body) {
                diag_add(c, TT_ERROR, ir_run_at(r, "line %lu", st.lineno),
                         "a define inside the body of %s (from line %lu): the IR is damaged",
                         body_fn, body_start);
                ok = false;
                break;
            }
            b.len = 0;
            if (!rewrite_define(&st, line, n, &b)) {
                ok = false;
                break;
            }
            if (!put(&st, b.data, b.len, out)) {
                ok = false;
                break;
            }
            /* a body follows unless the line ends the function */
            in_body = n >= 2 && line[n - 2] == '{';
            body_start = st.lineno;
            body_fn = arena_strndup(c->arena, line, n - 1);
            continue;
        }
        if (in_body && line[0] == '}') {
            in_body = false;
            body_end(body);
        }
        if (body_is_our_metadata(line, n))
            continue; /* an earlier run's node: written anew at the end */
        if (in_body) {
            b.len = 0;
            if (body_line(body, line, n, strip || !annotator_types_bodies(a), &b)) {
                if (!put(&st, b.data, b.len, out)) {
                    ok = false;
                    break;
                }
                continue;
            }
        }
        if (!put(&st, line, n, out)) {
            ok = false;
            break;
        }
    }
    if (!ok && c->nerrors == errors) /* only a write stops the loop without a message */
        diag_add(c, TT_ERROR, ir_run_at(r, NULL), "cannot write the annotated IR: %s",
                 strerror(errno));
    if (ok && ferror(in)) {
        diag_add(c, TT_ERROR, ir_run_at(r, NULL), "read error");
        ok = false;
    }
    if (ok && in_body) {
        diag_add(c, TT_ERROR, ir_run_at(r, "line %lu", body_start),
                 "the IR ends inside a function body: the file is truncated");
        ok = false;
    }
    if (ok && !strip) {
        body_finish(body, out);
        annotator_count_body(a, body_stats_of(body));
    }
    if (ok && st.rw) {
        b.len = 0;
        ir_rewrite_finish(st.rw, &b);
        if (fwrite(b.data ? b.data : "", 1, b.len, out) != b.len) {
            diag_add(c, TT_ERROR, ir_run_at(r, NULL), "cannot write the annotated IR: %s",
                     strerror(errno));
            ok = false;
        }
    }
    if (live) {
        unsigned long f, g, m;
        ir_live_counts(live, &f, &g, &m);
        annotator_count_dropped(a, f, g, m);
    }
    ir_live_free(live);
    free(line);
    free(b.data);
    free(st.rewritten.data);
    body_free(body);
    return ok;
}
