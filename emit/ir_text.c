/* Streaming annotation of textual LLVM IR: every line is copied as it is except the
 * `define` lines of functions the annotator describes, where "enzyme_type" attributes are
 * inserted right after each parameter's type and right before the return type. One line
 * in memory at a time, so the cost is that of reading and writing the file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir_body.h"
#include "ir_define.h"
#include "ir_run.h"

#define ATTR "\"enzyme_type\"=\""

/* Removes every `"enzyme_type"="..."` (with one following space) from [s, s+n) into b. */
static void put_without_ours(tt_buf *b, const char *s, size_t n)
{
    size_t alen = strlen(ATTR);
    size_t i = 0;
    while (i < n) {
        if (n - i >= alen && memcmp(s + i, ATTR, alen) == 0) {
            size_t j = i + alen;
            while (j < n && s[j] != '"')
                j++;
            j++; /* closing quote */
            if (j < n && s[j] == ' ')
                j++;
            i = j;
            continue;
        }
        buf_putn(b, s + i, 1);
        i++;
    }
}

typedef struct {
    size_t start, end;       /* the parameter's text */
    size_t type_end;         /* end of its type */
    char type[64];
} param_span;

/* A parameter's type: a bracketed group or one token. */
static size_t type_end_at(const char *s, size_t i, size_t n)
{
    if (s[i] == '{' || s[i] == '<' || s[i] == '[')
        return ir_skip_group(s, i, n);
    while (i < n && s[i] != ' ' && s[i] != ',' && s[i] != ')')
        i++;
    return i;
}

typedef struct {
    ir_run *r;
    tt_ctx *c;
    body_typer *body;
    unsigned long lineno;
} text_state;

/* A parameter's value name: its last token when that is %name; NULL otherwise. */
static const char *param_name(tt_ctx *c, const char *s, size_t start, size_t end)
{
    while (end > start && s[end - 1] == ' ')
        end--;
    size_t i = end;
    while (i > start && s[i - 1] != ' ')
        i--;
    return i < end && s[i] == '%' ? arena_strndup(c->arena, s + i, end - i) : NULL;
}

static bool parse_error(text_state *st, const char *what)
{
    diag_add(st->c, TT_ERROR, ir_run_at(st->r, "line %lu", st->lineno),
             "cannot read this define line: %s", what);
    return false;
}

/* Rewrites one `define` line into out. */
static bool rewrite_define(text_state *st, const char *s, size_t n, tt_buf *out)
{
    size_t at, name_end; /* the name's '@' and the '(' after it */
    if (!ir_define_name(s, n, &at, &name_end))
        return parse_error(st, "no function name followed by a parameter list");
    size_t params_end = ir_skip_group(s, name_end, n);
    if (!params_end)
        return parse_error(st, "unbalanced parameter list");
    /* the return type ends just before " @" */
    size_t ret_end = at;
    while (ret_end > 0 && s[ret_end - 1] == ' ')
        ret_end--;
    size_t ret_start = ret_end;
    if (ret_end && (s[ret_end - 1] == '}' || s[ret_end - 1] == ']' || s[ret_end - 1] == '>')) {
        int depth = 0;
        while (ret_start > 0) {
            char ch = s[--ret_start];
            if (ch == '}' || ch == ']' || ch == '>')
                depth++;
            else if ((ch == '{' || ch == '[' || ch == '<') && --depth == 0)
                break;
        }
        if (ret_start && s[ret_start - 1] == '<') /* packed struct <{ ... }> */
            ret_start--;
    } else {
        while (ret_start > 0 && s[ret_start - 1] != ' ')
            ret_start--;
    }
    const char *symbol = ir_define_symbol(st->c->arena, s, n);
    char *ret_type = arena_strndup(st->c->arena, s + ret_start, ret_end - ret_start);

    /* parameters, split at top-level commas */
    param_span ps[512];
    uint32_t np = 0;
    size_t i = name_end + 1;
    while (i < params_end - 1) {
        while (s[i] == ' ')
            i++;
        if (i >= params_end - 1)
            break;
        if (np == sizeof ps / sizeof ps[0])
            return parse_error(st, "more than 512 parameters");
        param_span *p = &ps[np++];
        p->start = i;
        p->type_end = type_end_at(s, i, params_end - 1);
        if (!p->type_end)
            return parse_error(st, "unbalanced parameter type");
        size_t tl = p->type_end - p->start;
        if (tl >= sizeof p->type)
            tl = sizeof p->type - 1;
        memcpy(p->type, s + p->start, tl);
        p->type[tl] = 0;
        /* to the next top-level comma */
        size_t j = p->type_end;
        while (j < params_end - 1 && s[j] != ',') {
            if (s[j] == '(' || s[j] == '{' || s[j] == '[' || s[j] == '<' || s[j] == '"') {
                size_t k = s[j] == '"' ? j : ir_skip_group(s, j, params_end - 1);
                if (s[j] == '"') {
                    for (k = j + 1; k < params_end - 1 && s[k] != '"'; k++)
                        ;
                    k++;
                }
                if (!k)
                    return parse_error(st, "unbalanced parameter attribute");
                j = k;
                continue;
            }
            j++;
        }
        p->end = j;
        i = j + 1;
    }

    /* A calling convention among the words before the return type (fastcc, coldcc,
     * cc 10, ...; "ccc" is C's own): LLVM rewrote this function's signature. */
    bool rewritten_cc = false;
    for (size_t k = 7; k < ret_start;) {
        while (k < ret_start && s[k] == ' ')
            k++;
        size_t e = k;
        while (e < ret_start && s[e] != ' ')
            e++;
        size_t len = e - k;
        if ((len > 2 && memcmp(s + e - 2, "cc", 2) == 0 && !(len == 3 && s[k] == 'c')) ||
            (len == 2 && memcmp(s + k, "cc", 2) == 0))
            rewritten_cc = true;
        k = e;
    }
    const char **types = arena_alloc(st->c->arena, (np + 1) * sizeof *types);
    for (uint32_t k = 0; k < np; k++)
        types[k] = arena_strdup(st->c->arena, ps[k].type);
    ir_function f = {.symbol = symbol, .nparams = np, .param_types = types,
                     .ret_type = ret_type, .rewritten_cc = rewritten_cc};
    ir_decision d = ir_run_decide(st->r, &f, st->lineno);
    if (!st->r->strip) {
        const char **names = arena_alloc(st->c->arena, (np + 1) * sizeof *names);
        for (uint32_t k = 0; k < np; k++)
            names[k] = param_name(st->c, s, ps[k].type_end, ps[k].end);
        body_begin(st->body, symbol, np, names, d.param_pointee);
    }
    /* Nothing to set and nothing of ours to remove: the line stays as it is. */
    if (d.outcome != OUT_ANNOTATED && !strstr(s, ATTR)) {
        buf_putn(out, s, n);
        return true;
    }
    /* rebuild: prefix, return attribute, return type .. '(' , params, rest */
    put_without_ours(out, s, ret_start);
    if (d.ret_attr)
        buf_printf(out, ATTR "%s\" ", d.ret_attr);
    buf_putn(out, s + ret_start, name_end + 1 - ret_start);
    for (uint32_t k = 0; k < np; k++) {
        const param_span *p = &ps[k];
        if (k)
            buf_put(out, ", ");
        buf_putn(out, s + p->start, p->type_end - p->start);
        if (d.param_attr && d.param_attr[k])
            buf_printf(out, " " ATTR "%s\"", d.param_attr[k]);
        put_without_ours(out, s + p->type_end, p->end - p->type_end);
    }
    buf_putn(out, s + params_end - 1, n - (params_end - 1));
    return true;
}

/* The listing pass: the defined symbols (so path matching knows which entries' symbols
 * are present, see annotator_note_defined), the aliases, and the module's metadata
 * numbers and variable names for the in-body trees. */
static void list_functions(ir_run *r, body_typer *body, FILE *in)
{
    tt_ctx *c = r->c;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, in)) > 0) {
        if (strncmp(line, "define ", 7) == 0) {
            body_note_line(body, line, (size_t)len);
            const char *sym = ir_define_symbol(c->arena, line, (size_t)len);
            if (sym)
                ir_run_defined(r, sym);
        } else if (line[0] == '@' && strstr(line, " alias ")) {
            /* @a = ... alias <type>, ptr @b: @b's body is also @a */
            const char *eq = strstr(line, " = ");
            const char *tgt = strrchr(line, '@');
            if (eq && tgt && tgt > eq) {
                const char *alias = ir_name_text(c->arena, line + 1, (size_t)(eq - line - 1));
                const char *target = ir_name_text(c->arena, tgt + 1, strcspn(tgt + 1, " ,\n"));
                ir_run_alias(r, alias, target);
            }
        } else if (line[0] == '!' ||
                   (line[0] == ' ' && (strstr(line, "#dbg_declare(") || strstr(line, " = alloca [") ||
                                       strstr(line, "@llvm.memcpy.") || strstr(line, " sret(")))) {
            body_note_line(body, line, (size_t)len);
        }
    }
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
        list_functions(r, body, in);
    }
    text_state st = {.r = r, .c = c, .body = body};
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
            if (fwrite(b.data, 1, b.len, out) != b.len) {
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
                if (fwrite(b.data, 1, b.len, out) != b.len) {
                    ok = false;
                    break;
                }
                continue;
            }
        }
        if (fwrite(line, 1, n, out) != n) {
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
    free(line);
    free(b.data);
    body_free(body);
    return ok;
}
