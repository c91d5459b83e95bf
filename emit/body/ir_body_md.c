/* Metadata for bodies (emit/body/ir_body.c): trees as Enzyme's `!enzyme_type` nodes, each
 * distinct node written once and appended after the module's last line (body_finish). */
#include <stdlib.h>
#include <string.h>

#include "ir_body_impl.h"

static unsigned long md_node(body_typer *b, const tt_tree *t, size_t lo, size_t hi, unsigned lvl);

/* The metadata number of a tree (Enzyme's TypeTree::toMD encoding), written once; by the
 * tree's text k (arena-owned), which the caller may already have. */
static unsigned long md_of_text(body_typer *b, const tt_tree *t, const char *k)
{
    unsigned long *id = map_get(b->md_ids, k);
    if (id)
        return *id;
    id = arena_alloc(b->c->arena, sizeof *id);
    *id = md_node(b, t, 0, t->n, 0);
    map_put(b->md_ids, k, id);
    return *id;
}

static unsigned long md_of(body_typer *b, const tt_tree *t)
{
    tt_buf key = {0};
    tree_to_string(t, &key);
    const char *k = arena_strdup(b->c->arena, key.data);
    free(key.data);
    return md_of_text(b, t, k);
}

/* Entries [lo, hi) share path[0..lvl); the node for that prefix: "!{!\"<kind at the
 * prefix, or Unknown>\", i32 <next index>, !child, ...}". Returns its number. */
static unsigned long md_node(body_typer *b, const tt_tree *t, size_t lo, size_t hi, unsigned lvl)
{
    const char *base = "Unknown";
    tt_buf body = {0};
    size_t i = lo;
    if (i < hi && t->v[i].len == lvl) {
        base = kind_name((tt_kind)t->v[i].kind);
        i++;
    }
    while (i < hi) {
        int64_t idx = t->v[i].path[lvl];
        size_t j = i;
        while (j < hi && t->v[j].path[lvl] == idx)
            j++;
        unsigned long child = md_node(b, t, i, j, lvl + 1);
        buf_printf(&body, ", i32 %lld, !%lu", (long long)idx, child);
        i = j;
    }
    const char *content = arena_printf(b->c->arena, "!{!\"%s\"%s}", base, body.data ? body.data : "");
    free(body.data);
    return body_md_intern(b, content);
}

/* The number of the metadata node "!{...}" content, written once: subtrees shared between
 * trees, and segment lists shared between copies, are one node each. */
unsigned long body_md_intern(body_typer *b, const char *content)
{
    const unsigned long *known = map_get(b->md_nodes, content);
    if (known)
        return *known;
    unsigned long *id = arena_alloc(b->c->arena, sizeof *id);
    *id = b->next_md++;
    buf_printf(&b->md, "!%lu = %s " OUR_MD_MARK "\n", *id, content);
    map_put(b->md_nodes, content, id);
    return *id;
}

struct elem_types {
    body_typer *b;
    tt_buf ids;
};

static void put_elem_type(void *arg, const char *name, void *value)
{
    struct elem_types *e = arg;
    const body_elem_type *et = value;
    const char *runs = !et->many && et->n ? body_type_runs(e->b, et->t[0]) : NULL;
    for (size_t i = 1; runs && i < et->n; i++) {
        const char *r = body_type_runs(e->b, et->t[i]);
        if (!r || strcmp(r, runs) != 0)
            runs = NULL; /* types of different bytes under one name: it says nothing */
    }
    if (!runs)
        return;
    unsigned long id = body_md_intern(
        e->b, arena_printf(e->b->c->arena, "!{!\"" ELEM_TYPE_TAG "\", !\"%s\", !\"%s\"}", name, runs));
    buf_printf(&e->ids, "%s!%lu", e->ids.len ? ", " : "", id);
}

void body_finish(body_typer *b, FILE *out)
{
    body_loops_finish(b, out); /* their loads' metadata goes below too */
    /* the LLVM named types that index runs of a type with byte runs, each
     * `!{!"typetree_elem", !"NAME", !"RUNS"}`, kept alive by a named node */
    struct elem_types e = {b, {0}};
    map_each(b->elem_types, put_elem_type, &e);
    if (e.ids.len)
        buf_printf(&b->md, "!" ELEM_TYPES_NAME " = !{%s} " OUR_MD_MARK "\n", e.ids.data);
    free(e.ids.data);
    if (b->md.len)
        fwrite(b->md.data, 1, b->md.len, out);
}

/* Appends ", <kind> !id" (kind: MD_KIND, MD_SEGMENTS) to a line. */
void body_put_md_id(const char *s, size_t n, const char *kind, unsigned long id, tt_buf *out)
{
    size_t line_end = n;
    while (line_end && (s[line_end - 1] == '\n' || s[line_end - 1] == '\r'))
        line_end--;
    buf_putn(out, s, line_end);
    char d[24];
    buf_put(out, ", ");
    buf_put(out, kind);
    buf_put(out, " !");
    buf_put(out, body_digits(id, d));
    buf_putn(out, s + line_end, n - line_end);
}

/* Appends ", !enzyme_type !N" (the node of tree t) to a line. */
void body_put_with_md(body_typer *b, const char *s, size_t n, const tt_tree *t, tt_buf *out)
{
    body_put_md_id(s, n, MD_KIND, md_of(b, t), out);
}

/* The memoised metadata of tree t (NULL or empty: nothing) under key. */
const md_memo *body_memo_put(body_typer *b, const char *key, const tt_tree *t)
{
    md_memo *m = arena_alloc(b->c->arena, sizeof *m);
    m->id = 0;
    m->tree = NULL;
    if (t && t->n) {
        tt_buf tb = {0};
        tree_to_string(t, &tb);
        m->tree = arena_strdup(b->c->arena, tb.data);
        free(tb.data);
        m->id = md_of_text(b, t, m->tree);
    }
    map_put(b->memo, key, m);
    return m;
}
