/* Indexes the metadata of a textual LLVM module: every "!N = [distinct] !Kind(...)" and
 * "!N = !{...}" line by its number, and the define lines that point into it. Values are
 * read lazily, by key, from the stored text. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "di_index.h"
#include "../emit/ir/ir_lex.h"
#include "../emit/ir/ir_live.h"
#include "../layout/xalloc.h"

static void put_node(di_index *ix, uint32_t *cap, unsigned long id, const char *kind,
                     const char *body)
{
    if (id >= 100000000UL)
        return;
    if (id >= *cap) {
        uint32_t nc = *cap ? *cap : 1024;
        while (nc <= id)
            nc *= 2;
        ix->nodes = xrealloc(ix->nodes, nc * sizeof *ix->nodes);
        memset(ix->nodes + *cap, 0, (nc - *cap) * sizeof *ix->nodes);
        *cap = nc;
    }
    ix->nodes[id].kind = kind;
    ix->nodes[id].body = body;
    if (id >= ix->n)
        ix->n = (uint32_t)id + 1;
}

/* "!N = [distinct] !Kind(body)" or "!N = [distinct] !{body}": the head by tokens, the body
 * to the bracket that ends the line (bodies are long: they are read lazily, by key). */
static void index_metadata(tt_arena *a, di_index *ix, uint32_t *cap, const char *s)
{
    size_t len = strlen(s);
    lex_cur c = lex_start(s, 0, len);
    lex_tok num = c.t;
    lex_step(&c);
    if (num.kind != LEX_META || !isdigit((unsigned char)s[num.at + 1]) || !lex_take(&c, "="))
        return;
    unsigned long id = strtoul(s + num.at + 1, NULL, 10);
    lex_take(&c, "distinct");
    lex_tok kind = c.t;
    if (kind.kind != LEX_META || kind.end >= len || len < 2)
        return;
    char close = s[kind.end] == '{' && kind.end == kind.at + 1 ? '}' : s[kind.end] == '(' ? ')' : 0;
    if (!close || s[len - 1] != close)
        return;
    put_node(ix, cap, id, arena_strndup(a, s + kind.at + 1, kind.end - kind.at - 1),
             arena_strndup(a, s + kind.end + 1, len - 1 - (kind.end + 1)));
}

/* "#dbg_declare(ptr %x, !N, ...": N, or -1. */
static long declared_variable(const char *line)
{
    size_t n = strlen(line);
    lex_cur c = lex_start(line, 0, n);
    if (!lex_take(&c, "#dbg_declare") || !lex_is(line, c.t, '('))
        return -1;
    size_t e = lex_item_end(line, c.t.end, n, NULL); /* past the address */
    lex_tok v = lex_next(line, e + 1, n);
    if (e == n || v.kind != LEX_META || v.end == v.at + 1 ||
        !isdigit((unsigned char)line[v.at + 1]))
        return -1;
    return strtol(line + v.at + 1, NULL, 10);
}

/* Leaves out of ix the defines live does not keep and the variables declared in them
 * (decl_fn[i]: the define variable i is declared in, -1 none). */
static void keep_live(di_index *ix, const ir_live *live, const long *decl_fn)
{
    uint32_t *to = xcalloc(ix->ndefines + 1, sizeof *to); /* new index + 1; 0 dropped */
    uint32_t n = 0;
    for (uint32_t i = 0; i < ix->ndefines; i++) {
        if (ir_live_keeps_line(live, ix->defines[i], strlen(ix->defines[i]))) {
            ix->defines[n++] = ix->defines[i];
            to[i] = n;
        } else {
            free(ix->defines[i]);
        }
    }
    ix->ndefines = n;
    n = 0;
    for (uint32_t i = 0; i < ix->ndeclared; i++)
        if (decl_fn[i] < 0 || to[decl_fn[i]])
            ix->declared[n++] = ix->declared[i];
    ix->ndeclared = n;
    free(to);
}

bool di_index_read(tt_arena *a, FILE *f, di_index *ix, bool drop_unused)
{
    memset(ix, 0, sizeof *ix);
    uint32_t cap = 0, dcap = 0, vcap = 0;
    char *line = NULL; /* one buffer for every line (getline: a module is ~10^6 lines) */
    size_t lcap = 0;
    ssize_t len;
    ir_live *live = drop_unused ? ir_live_new(false) : NULL;
    long *decl_fn = NULL; /* with live: the define each variable is declared in */
    while ((len = getline(&line, &lcap, f)) > 0) {
        if (line[len - 1] == '\n')
            line[--len] = 0;
        if (live)
            ir_live_note(live, line, (size_t)len);
        long var = line[0] == ' ' ? declared_variable(line) : -1;
        if (var >= 0) {
            if (ix->ndeclared == vcap) {
                vcap = vcap ? vcap * 2 : 256;
                ix->declared = xrealloc(ix->declared, vcap * sizeof *ix->declared);
                if (live)
                    decl_fn = xrealloc(decl_fn, vcap * sizeof *decl_fn);
            }
            if (live)
                decl_fn[ix->ndeclared] = (long)ix->ndefines - 1;
            ix->declared[ix->ndeclared++] = var;
        } else if (line[0] == '!' && isdigit((unsigned char)line[1])) {
            index_metadata(a, ix, &cap, line);
        } else if (strncmp(line, "define ", 7) == 0) {
            if (ix->ndefines == dcap) {
                dcap = dcap ? dcap * 2 : 64;
                ix->defines = xrealloc(ix->defines, dcap * sizeof *ix->defines);
            }
            ix->defines[ix->ndefines++] = xstrdup(line);
        }
    }
    free(line);
    bool ok = !ferror(f);
    if (live) {
        ir_live_mark(live);
        keep_live(ix, live, decl_fn);
        ir_live_free(live);
        free(decl_fn);
    }
    return ok;
}

void di_index_free(di_index *ix)
{
    for (uint32_t i = 0; i < ix->ndefines; i++)
        free(ix->defines[i]);
    free(ix->defines);
    free(ix->nodes);
    free(ix->declared);
    memset(ix, 0, sizeof *ix);
}

const di_node *di_get(const di_index *ix, long id)
{
    if (id < 0 || (unsigned long)id >= ix->n || !ix->nodes[id].kind)
        return NULL;
    return &ix->nodes[id];
}

const char *di_field(tt_arena *a, const di_node *n, const char *key)
{
    if (!n || !n->body)
        return NULL;
    size_t klen = strlen(key), len = strlen(n->body);
    const char *s = n->body;
    for (size_t i = 0; i < len;) {
        while (s[i] == ' ')
            i++;
        size_t e = lex_item_end(s, i, len, NULL);
        if (e - i >= klen + 2 && memcmp(s + i, key, klen) == 0 && s[i + klen] == ':' &&
            s[i + klen + 1] == ' ')
            return arena_strndup(a, s + i + klen + 2, e - (i + klen + 2));
        i = e + 1;
    }
    return NULL;
}

const char *di_str(tt_arena *a, const di_node *n, const char *key)
{
    const char *v = di_field(a, n, key);
    if (!v || v[0] != '"')
        return NULL;
    size_t len = strlen(v);
    return lex_text(a, v, lex_next(v, 0, len));
}

long di_ref(tt_arena *a, const di_node *n, const char *key)
{
    const char *v = di_field(a, n, key);
    if (!v || v[0] != '!' || !isdigit((unsigned char)v[1]))
        return -1;
    return strtol(v + 1, NULL, 10);
}

uint64_t di_num(tt_arena *a, const di_node *n, const char *key, uint64_t dflt)
{
    const char *v = di_field(a, n, key);
    if (!v || !isdigit((unsigned char)v[0]))
        return dflt;
    return strtoull(v, NULL, 10);
}

bool di_is_tag(tt_arena *a, const di_node *n, const char *tag)
{
    const char *v = di_field(a, n, "tag");
    return v && strcmp(v, tag) == 0;
}

uint32_t di_list(tt_arena *a, const di_index *ix, long id, long **items)
{
    const di_node *n = di_get(ix, id);
    *items = NULL;
    if (!n || n->kind[0])
        return 0;
    uint32_t count = 0;
    for (const char *s = n->body; *s; s++)
        count += *s == ',';
    long *v = arena_alloc(a, (count + 1) * sizeof *v);
    uint32_t k = 0;
    const char *s = n->body;
    size_t len = strlen(s);
    for (size_t i = 0; i < len;) {
        while (s[i] == ' ')
            i++;
        if (i >= len)
            break;
        size_t e = lex_item_end(s, i, len, NULL);
        v[k++] = s[i] == '!' && isdigit((unsigned char)s[i + 1]) ? strtol(s + i + 1, NULL, 10) : -1;
        i = e + 1;
    }
    *items = v;
    return k;
}
