/* A TypeTree as a value: a heap array of entries, kept sorted in Enzyme's order and free
 * of duplicate paths (tree_normalize), compared entry by entry. The builders are in
 * typetree.c. */
#include <stdlib.h>
#include <string.h>

#include "tree.h"
#include "xalloc.h"

void tree_free(tt_tree *t)
{
    free(t->v);
    t->v = NULL;
    t->n = t->cap = 0;
}

void tree_push(tt_tree *t, const tt_entry *e)
{
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 16;
        tt_entry *v = xrealloc(t->v, cap * sizeof *v);
        t->v = v;
        t->cap = cap;
    }
    t->v[t->n++] = *e;
}

/* Enzyme's order: index lists compared element by element as signed numbers (-1 first),
 * a prefix before its extensions; the kind breaks ties so duplicates sit together. */
int tree_entry_cmp(const void *pa, const void *pb)
{
    const tt_entry *a = pa, *b = pb;
    unsigned n = a->len < b->len ? a->len : b->len;
    for (unsigned i = 0; i < n; i++)
        if (a->path[i] != b->path[i])
            return a->path[i] < b->path[i] ? -1 : 1;
    if (a->len != b->len)
        return a->len < b->len ? -1 : 1;
    return (int)a->kind - (int)b->kind;
}

static bool same_path(const tt_entry *a, const tt_entry *b)
{
    return a->len == b->len && memcmp(a->path, b->path, a->len * sizeof a->path[0]) == 0;
}

bool tree_equal(const tt_tree *a, const tt_tree *b)
{
    if (a->n != b->n)
        return false;
    for (size_t i = 0; i < a->n; i++)
        if (!same_path(&a->v[i], &b->v[i]) || a->v[i].kind != b->v[i].kind)
            return false;
    return true;
}

void tree_normalize(tt_tree *t)
{
    if (t->n < 2)
        return;
    qsort(t->v, t->n, sizeof *t->v, tree_entry_cmp);
    size_t w = 0;
    for (size_t i = 0; i < t->n; i++) {
        if (w && same_path(&t->v[w - 1], &t->v[i])) {
            /* Two kinds for one path would be a contradiction; Enzyme keeps the first
             * silently, so neither is safe. The builders never produce this; keep the
             * guarantee anyway by dropping both. */
            if (t->v[w - 1].kind != t->v[i].kind)
                t->v[w - 1].kind = 0xFF;
            continue;
        }
        t->v[w++] = t->v[i];
    }
    t->n = w;
    size_t k = 0;
    for (size_t i = 0; i < t->n; i++)
        if (t->v[i].kind != 0xFF)
            t->v[k++] = t->v[i];
    t->n = k;
}
