/* What of a module nothing live refers to (annotate and export --drop-unused), by LLVM's globaldce
 * rule: a definition with internal or private linkage is dead unless something live
 * refers to it; everything else the module defines is live (it may be used from outside),
 * and so is whatever a declaration, a named metadata node, a metadata node or a
 * uselistorder line names. The same rule for numbered metadata: a node is live when named
 * metadata or something live refers to it. A name holding "enzyme" or starting "llvm." is
 * live by name: Enzyme finds its registration globals (__enzyme_register_gradient_*,
 * __enzyme_inactivefn, ...) by name, not by use.
 *
 * Why: rustc's fat-LTO module holds all of std that any crate in the program pulls in,
 * internalized; well over half of its functions and metadata are dead. LLVM's passes drop
 * them late (GlobalOpt deletes unused functions early, but not a dead cycle or what a dead
 * vtable holds: those reach globaldce at the end of the pipeline, after Enzyme), so every
 * later step parses and optimizes them for nothing (docs/build-time.md).
 *
 * References are found by a scan of each line, not a parse: '@' starts a global's name
 * (@name, @"quoted", @0), '!' before a digit a metadata node's number, and text inside
 * quotes is skipped unless it is a quoted name. A string that happens to look like a
 * reference keeps something live that is not: wrong only towards keeping. A module with
 * `module asm` (which may name internal symbols in assembly text) is kept whole. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir_define.h"
#include "ir_live.h"
#include "../../layout/xalloc.h"

typedef struct {
    uint32_t *v;
    size_t n, cap;
} u32s;

static void push(u32s *a, uint32_t x)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 1024;
        a->v = xrealloc(a->v, a->cap * sizeof *a->v);
    }
    a->v[a->n++] = x;
}

typedef struct {
    uint32_t key, key_len;     /* the name in the pool, without '@' (quotes kept) */
    uint32_t gfirst, gn;       /* the globals it names: gref[gfirst, gfirst + gn) */
    uint32_t mfirst, mn;       /* the metadata nodes it names: mref[...] */
    uint8_t defined, local, function, live;
} gsym;

typedef struct {
    uint32_t mfirst, mn;
    uint8_t defined, live;
} mnode;

struct ir_live {
    char *pool;
    size_t pool_len, pool_cap;
    gsym *g;
    size_t ng, gcap;
    uint32_t *slots; /* open addressing by name: 0 empty, else index + 1 */
    size_t nslots;
    mnode *m;
    size_t mcap; /* node numbers below mcap */
    u32s gref, mref, groot, mroot;
    /* listing: the function whose body is being read (index + 1; 0 none), the current
     * owner of the references found (globals: index + 1; metadata: number + 1) */
    uint32_t body_fn, owner_g, owner_m;
    bool off;
    bool metadata; /* metadata nodes' liveness too (annotate); without, only the globals' */
    /* writing */
    bool dropping;
    unsigned long dropped_f, dropped_g, dropped_m;
};

ir_live *ir_live_new(bool metadata)
{
    ir_live *l = xcalloc(1, sizeof *l);
    l->metadata = metadata;
    l->nslots = 1u << 14;
    l->slots = xcalloc(l->nslots, sizeof *l->slots);
    return l;
}

void ir_live_free(ir_live *l)
{
    if (!l)
        return;
    free(l->pool);
    free(l->g);
    free(l->slots);
    free(l->m);
    free(l->gref.v);
    free(l->mref.v);
    free(l->groot.v);
    free(l->mroot.v);
    free(l);
}

static uint64_t hash(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static void rehash(ir_live *l)
{
    size_t nslots = 2 * l->nslots;
    uint32_t *slots = xcalloc(nslots, sizeof *slots);
    for (size_t i = 0; i < l->ng; i++) {
        size_t k = hash(l->pool + l->g[i].key, l->g[i].key_len) & (nslots - 1);
        while (slots[k])
            k = (k + 1) & (nslots - 1);
        slots[k] = (uint32_t)i + 1;
    }
    free(l->slots);
    l->slots = slots;
    l->nslots = nslots;
}

/* The global named s[0, n) (without '@'): its index, made when add; -1 when absent. */
static long global(ir_live *l, const char *s, size_t n, bool add)
{
    size_t k = hash(s, n) & (l->nslots - 1);
    for (; l->slots[k]; k = (k + 1) & (l->nslots - 1)) {
        gsym *g = &l->g[l->slots[k] - 1];
        if (g->key_len == n && memcmp(l->pool + g->key, s, n) == 0)
            return (long)l->slots[k] - 1;
    }
    if (!add)
        return -1;
    if (l->pool_len + n > l->pool_cap) {
        l->pool_cap = 2 * (l->pool_cap + n) + 4096;
        l->pool = xrealloc(l->pool, l->pool_cap);
    }
    memcpy(l->pool + l->pool_len, s, n);
    if (l->ng == l->gcap) {
        l->gcap = l->gcap ? 2 * l->gcap : 1024;
        l->g = xrealloc(l->g, l->gcap * sizeof *l->g);
    }
    l->g[l->ng] = (gsym){.key = (uint32_t)l->pool_len, .key_len = (uint32_t)n};
    l->pool_len += n;
    l->slots[k] = (uint32_t)++l->ng;
    if (2 * l->ng > l->nslots)
        rehash(l);
    return (long)l->ng - 1;
}

static mnode *node(ir_live *l, unsigned long num)
{
    if (num >= UINT32_MAX - 1)
        return NULL;
    if (num >= l->mcap) {
        size_t cap = l->mcap ? l->mcap : 4096;
        while (cap <= num)
            cap *= 2;
        l->m = xrealloc(l->m, cap * sizeof *l->m);
        memset(l->m + l->mcap, 0, (cap - l->mcap) * sizeof *l->m);
        l->mcap = cap;
    }
    return &l->m[num];
}

static bool name_char(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
           ch == '-' || ch == '$' || ch == '.' || ch == '_';
}

/* The end of the name that starts after the '@' at s[i] (a quoted name's closing quote
 * included); i + 1 when none follows. */
static size_t name_end(const char *s, size_t i, size_t n)
{
    size_t j = i + 1;
    if (j < n && s[j] == '"') {
        const char *q = memchr(s + j + 1, '"', n - j - 1);
        return q ? (size_t)(q - s) + 1 : i + 1;
    }
    while (j < n && name_char(s[j]))
        j++;
    return j;
}

static bool linkage_is_local(const char *s, size_t n)
{
    return (n >= 9 && memcmp(s, "internal ", 9) == 0) || (n >= 8 && memcmp(s, "private ", 8) == 0);
}

static bool live_by_name(const char *s, size_t n)
{
    if (n >= 5 && memcmp(s, "llvm.", 5) == 0)
        return true;
    for (size_t i = 0; i + 6 <= n; i++)
        if (s[i] == 'e' && memcmp(s + i, "enzyme", 6) == 0)
            return true;
    return false;
}

/* The number of the metadata node named by the '!' at s[i] (*end: past its digits; i + 1
 * when none follow). False when no digit follows or the number is too large to index. */
static bool node_number(const char *s, size_t i, size_t n, unsigned long *num, size_t *end)
{
    size_t j = i + 1;
    unsigned long v = 0;
    while (j < n && s[j] >= '0' && s[j] <= '9' && v < UINT32_MAX)
        v = v * 10 + (unsigned long)(s[j++] - '0');
    *num = v;
    *end = j;
    return j > i + 1 && v < UINT32_MAX - 1;
}

/* Whether the line defines a numbered metadata node ("!12 = ..."). */
static bool node_line(const char *s, size_t n)
{
    return n > 1 && s[0] == '!' && s[1] >= '0' && s[1] <= '9';
}

/* Every reference on the line goes to the current owner, or to the roots without one. */
static void scan_refs(ir_live *l, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        if (ch == '"') {
            const char *q = memchr(s + i + 1, '"', n - i - 1);
            if (!q)
                return;
            i = (size_t)(q - s);
        } else if (ch == '@') {
            size_t e = name_end(s, i, n);
            if (e > i + 1) {
                uint32_t g = (uint32_t)global(l, s + i + 1, e - i - 1, true);
                push(l->owner_g ? &l->gref : &l->groot, g);
            }
            i = e - 1;
        } else if (ch == '!' && l->metadata) {
            unsigned long num;
            size_t e;
            if (node_number(s, i, n, &num, &e))
                push(l->owner_g || l->owner_m ? &l->mref : &l->mroot, (uint32_t)num);
            i = e - 1;
        }
    }
}

/* A metadata node's references to globals keep those live (the roots): only its references
 * to other nodes are its own. */
static void scan_node(ir_live *l, mnode *m, const char *s, size_t n)
{
    size_t first = l->mref.n;
    scan_refs(l, s, n);
    m->mfirst = (uint32_t)first;
    m->mn = (uint32_t)(l->mref.n - first);
}

static void begin_global(ir_live *l, long g, bool local, bool function)
{
    gsym *x = &l->g[g];
    if (x->defined) /* defined twice: the IR is bad; keep it, LLVM will say why */
        local = false;
    x->defined = 1;
    x->local = local && !live_by_name(l->pool + x->key, x->key_len);
    x->function = function;
    x->gfirst = (uint32_t)l->gref.n;
    x->mfirst = (uint32_t)l->mref.n;
    l->owner_g = (uint32_t)g + 1;
}

static void end_global(ir_live *l)
{
    gsym *x = &l->g[l->owner_g - 1];
    x->gn = (uint32_t)(l->gref.n - x->gfirst);
    x->mn = (uint32_t)(l->mref.n - x->mfirst);
    l->owner_g = 0;
}

static size_t trimmed(const char *s, size_t n)
{
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        n--;
    return n;
}

/* The define line's function: index, or -1; *local its linkage. */
static long define_of(ir_live *l, const char *s, size_t n, bool add, bool *local);

void ir_live_note(ir_live *l, const char *s, size_t n)
{
    n = trimmed(s, n);
    if (l->off)
        return;
    /* only the globals' liveness: a line that names no global adds nothing but the end of
     * a body (the same references either way: what follows only skips the scan) */
    if (!l->metadata && !memchr(s, '@', n) && !(l->body_fn && n && s[0] == '}') &&
        !(n >= 10 && memcmp(s, "module asm", 10) == 0))
        return;
    if (!l->metadata && node_line(s, n) && !l->body_fn) {
        scan_refs(l, s, n); /* a node's globals: roots */
        return;
    }
    if (l->body_fn) {
        scan_refs(l, s, n);
        if (n && s[0] == '}') {
            end_global(l);
            l->body_fn = 0;
        }
        return;
    }
    if (n >= 7 && memcmp(s, "define ", 7) == 0) {
        bool local;
        long g = define_of(l, s, n, true, &local);
        if (g < 0) { /* not a define we can read: its references keep things live */
            scan_refs(l, s, n);
            return;
        }
        begin_global(l, g, local, true);
        scan_refs(l, s, n);
        if (n && s[n - 1] == '{')
            l->body_fn = (uint32_t)g + 1;
        else
            end_global(l);
    } else if (n > 1 && s[0] == '@') {
        size_t e = name_end(s, 0, n);
        if (e + 3 <= n && memcmp(s + e, " = ", 3) == 0) {
            long g = global(l, s + 1, e - 1, true);
            begin_global(l, g, linkage_is_local(s + e + 3, n - e - 3), false);
            scan_refs(l, s + e, n - e);
            end_global(l);
        } else {
            scan_refs(l, s, n);
        }
    } else if (node_line(s, n)) {
        unsigned long num;
        size_t j;
        mnode *m = node_number(s, 0, n, &num, &j) ? node(l, num) : NULL;
        if (!m || m->defined) { /* unreadable or defined twice: everything it names lives */
            scan_refs(l, s + j, n - j);
            return;
        }
        m->defined = 1;
        l->owner_m = (uint32_t)num + 1;
        scan_node(l, m, s + j, n - j);
        l->owner_m = 0;
    } else if (n >= 10 && memcmp(s, "module asm", 10) == 0) {
        l->off = true;
    } else {
        scan_refs(l, s, n); /* declare, named metadata, uselistorder, ...: roots */
    }
}

static long define_of(ir_live *l, const char *s, size_t n, bool add, bool *local)
{
    size_t at, lparen; /* the name as the define line's parser finds it */
    if (!ir_define_name(s, n, &at, &lparen) || lparen <= at + 1)
        return -1;
    *local = linkage_is_local(s + 7, n - 7);
    return global(l, s + at + 1, lparen - at - 1, add);
}

void ir_live_mark(ir_live *l)
{
    if (l->owner_g) /* a body left open (a cut file): the writing pass reports it */
        end_global(l);
    u32s work = {0};
    for (size_t i = 0; i < l->ng; i++)
        if ((l->g[i].defined && !l->g[i].local) || l->off)
            push(&work, (uint32_t)i);
    for (size_t i = 0; i < l->groot.n; i++)
        push(&work, l->groot.v[i]);
    /* metadata numbers ride the same stack, above the globals' indices */
    uint32_t base = (uint32_t)l->ng;
    for (size_t i = 0; i < l->mroot.n; i++)
        push(&work, base + l->mroot.v[i]);
    while (work.n) {
        uint32_t x = work.v[--work.n];
        if (x < base) {
            gsym *g = &l->g[x];
            if (g->live)
                continue;
            g->live = 1;
            for (uint32_t k = 0; k < g->gn; k++)
                push(&work, l->gref.v[g->gfirst + k]);
            for (uint32_t k = 0; k < g->mn; k++)
                push(&work, base + l->mref.v[g->mfirst + k]);
        } else {
            mnode *m = x - base < l->mcap ? &l->m[x - base] : NULL;
            if (!m || m->live)
                continue;
            m->live = 1;
            for (uint32_t k = 0; k < m->mn; k++)
                push(&work, base + l->mref.v[m->mfirst + k]);
        }
    }
    free(work.v);
}

/* Whether the top-level line s[0, n) (trimmed) is the first line of something dead:
 * *function when it is a define. */
static bool dead_line(const ir_live *l, const char *s, size_t n, bool *function)
{
    *function = false;
    if (l->off)
        return false;
    if (n >= 7 && memcmp(s, "define ", 7) == 0) {
        bool local;
        long g = define_of((ir_live *)l, s, n, false, &local);
        if (g < 0 || !l->g[g].local || l->g[g].live || !l->g[g].function)
            return false;
        *function = true;
        return true;
    }
    if (n > 1 && s[0] == '@') {
        size_t e = name_end(s, 0, n);
        if (e + 3 > n || memcmp(s + e, " = ", 3) != 0)
            return false;
        long g = global((ir_live *)l, s + 1, e - 1, false);
        return g >= 0 && l->g[g].local && !l->g[g].live && !l->g[g].function;
    }
    if (node_line(s, n)) {
        unsigned long num;
        size_t j;
        node_number(s, 0, n, &num, &j);
        return !ir_live_keeps_node(l, num);
    }
    return false;
}

bool ir_live_keeps_line(const ir_live *l, const char *s, size_t n)
{
    bool function;
    return !dead_line(l, s, trimmed(s, n), &function);
}

bool ir_live_drops(ir_live *l, const char *s, size_t n)
{
    n = trimmed(s, n);
    if (l->dropping) {
        if (n && s[0] == '}')
            l->dropping = false;
        return true;
    }
    bool function;
    if (!dead_line(l, s, n, &function))
        return false;
    if (function) {
        l->dropping = n && s[n - 1] == '{';
        l->dropped_f++;
    } else if (s[0] == '@') {
        l->dropped_g++;
    } else {
        l->dropped_m++;
    }
    return true;
}

bool ir_live_keeps_node(const ir_live *l, unsigned long num)
{
    return l->off || !l->metadata || num >= l->mcap || !l->m[num].defined || l->m[num].live;
}

void ir_live_counts(const ir_live *l, unsigned long *functions, unsigned long *globals,
                    unsigned long *metadata)
{
    *functions = l->dropped_f;
    *globals = l->dropped_g;
    *metadata = l->dropped_m;
}
