/* enzyme_check: does Enzyme accept this TypeTree string, and is it one typetree may emit?
 *
 * Standalone (no library dependency): it parses each line with the grammar of Enzyme's
 * TypeTree::parse (../shared/research/enzyme-typetree.md section 1) and then applies the
 * rules of section 2 and of issue 3. A string passes only if Enzyme parses it without an
 * assertion AND none of the things that make Enzyme abort later or silently go wrong is
 * present AND it is in the canonical form Enzyme's own printer (TypeTree::str) produces.
 *
 *   enzyme_check [OPTIONS] [FILE...]      one string per line (stdin when no FILE or "-")
 *   enzyme_check --cases FILE             self-test: lines "ACCEPT [OPT...] STRING" or
 *                                         "REJECT:KEY [OPT...] STRING"
 * OPTIONS: --param        every first index must be -1 (parameter attributes: Enzyme
 *                         checks other first indices against the *call's result* size and
 *                         aborts on void calls)
 *          --ret-pair     a returned {A, B}: every first index is a byte offset (>= 0)
 *          --reg-size N   first indices that are byte offsets must be < N (Enzyme's
 *                         "bad enzyme_type ... RegSize" abort)
 *          --max-depth N  longest index path (Enzyme's -enzyme-max-type-depth, 6)
 *          --max-offset N largest offset at any level (-enzyme-max-type-offset, 500)
 *          -q             print only failures and the total
 * Default mode (`typetree tree` output): first indices are all -1 (register form) or all
 * byte offsets (byte-offset form), never both.
 *
 * Output: "PASS" or "FAIL line N: reason" per string (prefixed by "FILE: " for a named
 * file), then "N passed, N failed".
 * Exit status: 0 all passed, 1 a failure, 2 usage error. Every reason starts with a key
 * (grammar, unknown-kind, forbidden-kind, empty-path, index, depth, offset, param,
 * ret-pair, reg-size, mixed, duplicate, conflict, redundant, prefix, missing-prefix,
 * order, format); the self-test compares REJECT:KEY with it. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PATH 64 /* longer paths are reported as "depth" before any use */

typedef struct {
    long path[MAX_PATH];
    int len;
    char kind[24];          /* as written (truncated copy; long names are unknown anyway) */
    size_t col;             /* 1-based column of the entry's '[' */
} entry;

typedef struct {
    int param, ret_pair;
    long reg_size;          /* -1: not checked */
    long max_depth, max_offset;
} opts;

typedef struct {
    entry *v;
    size_t n, cap;
    char reason[512];
} tree;

static void fail(tree *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(tree *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->reason, sizeof t->reason, fmt, ap);
    va_end(ap);
}

static void push(tree *t, const entry *e) {
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 16;
        t->v = realloc(t->v, t->cap * sizeof *t->v);
        if (!t->v) {
            perror("enzyme_check");
            exit(2);
        }
    }
    t->v[t->n++] = *e;
}

/* ---- Enzyme's parser, step by step. StringRef::operator[] past the end asserts, so
 * every look at s[pos] first checks for the end. ---- */
typedef struct {
    const char *s;
    size_t len, pos;
    tree *t;
} parser;

static int at_end(parser *p, const char *what) {
    if (p->pos < p->len)
        return 0;
    fail(p->t, "grammar: string ends %s (Enzyme reads past the end: assertion)", what);
    return 1;
}

static int skip_spaces(parser *p, const char *what) {
    for (;;) {
        if (at_end(p, what))
            return 0;
        if (p->s[p->pos] != ' ')
            return 1;
        p->pos++;
    }
}

/* StringRef::consumeInteger(10, int&): optional '-', then decimal digits; fails on no
 * digits or when the value does not fit an int. */
static int consume_int(parser *p, long *out) {
    size_t i = p->pos;
    int neg = 0;
    if (i < p->len && p->s[i] == '-') {
        neg = 1;
        i++;
    }
    size_t d0 = i;
    long long v = 0;
    while (i < p->len && p->s[i] >= '0' && p->s[i] <= '9') {
        v = v * 10 + (p->s[i] - '0');
        if (v > (long long)INT_MAX + 1)
            return 0;
        i++;
    }
    if (i == d0)
        return 0;
    if (neg)
        v = -v;
    if (v > INT_MAX || v < INT_MIN)
        return 0;
    *out = (long)v;
    p->pos = i;
    return 1;
}

static const char *const accepted_kinds[] = {
    /* what ConcreteType(StringRef) knows; anything else asserts or is unreachable */
    "Integer", "Pointer", "Anything", "Unknown", "Float",
    "Float@half", "Float@float", "Float@double", "Float@fp80", "Float@bf16", "Float@fp128",
    "Float@ppc128",
};
static const char *const emitted_kinds[] = {
    "Integer", "Pointer", "Float@half", "Float@float", "Float@double", "Float@fp128", "Anything",
};

static int in_list(const char *s, size_t n, const char *const *list, size_t count) {
    for (size_t i = 0; i < count; i++)
        if (strlen(list[i]) == n && memcmp(list[i], s, n) == 0)
            return 1;
    return 0;
}

static const char *forbidden_why(const char *k) {
    if (strcmp(k, "Unknown") == 0)
        return "merging it trips Enzyme's assertion RHS != BaseType::Unknown";
    if (strcmp(k, "Float") == 0)
        return "a float with no concrete type: silently a zero gradient";
    return "typetree never emits it (no Rust type has this float format)";
}

/* Returns 1 when Enzyme's parser accepts the string; fills t. */
static int enzyme_parse(const char *s, size_t len, tree *t) {
    parser p = {s, len, 0, t};
    if (len == 0) {
        fail(t, "grammar: empty string (Enzyme asserts on str[0])");
        return 0;
    }
    if (s[0] != '{') {
        fail(t, "grammar: does not start with '{' (Enzyme asserts str[0] == '{')");
        return 0;
    }
    p.pos = 1;
    for (;;) {
        if (!skip_spaces(&p, "before '}'"))
            return 0;
        if (s[p.pos] == '}')
            break;
        if (s[p.pos] != '[') {
            fail(t, "grammar: expected '[' or '}' at column %zu, found '%c'", p.pos + 1, s[p.pos]);
            return 0;
        }
        entry e;
        memset(&e, 0, sizeof e);
        e.col = p.pos + 1;
        p.pos++;
        for (;;) {
            if (!skip_spaces(&p, "inside an index list"))
                return 0;
            if (s[p.pos] == ']') {
                p.pos++;
                break;
            }
            long idx;
            if (!consume_int(&p, &idx)) {
                fail(t, "grammar: expected an index (a decimal int) at column %zu", p.pos + 1);
                return 0;
            }
            if (e.len == MAX_PATH) {
                fail(t, "depth: path at column %zu is longer than %d indices", e.col, MAX_PATH);
                return 0;
            }
            e.path[e.len++] = idx;
            if (!skip_spaces(&p, "inside an index list"))
                return 0;
            if (s[p.pos] == ',')
                p.pos++;
        }
        if (!skip_spaces(&p, "before ':'"))
            return 0;
        if (s[p.pos] != ':') {
            fail(t, "grammar: expected ':' at column %zu, found '%c'", p.pos + 1, s[p.pos]);
            return 0;
        }
        p.pos++;
        if (!skip_spaces(&p, "before a type name"))
            return 0;
        /* The type name runs to the first ',', '}' or ' ' (whichever comes first). */
        size_t end = p.pos;
        while (end < len && s[end] != ',' && s[end] != '}' && s[end] != ' ')
            end++;
        if (end == len) {
            fail(t, "grammar: no ',', '}' or ' ' after the type name at column %zu "
                    "(Enzyme asserts endval != npos)", p.pos + 1);
            return 0;
        }
        size_t n = end - p.pos;
        if (!in_list(s + p.pos, n, accepted_kinds, sizeof accepted_kinds / sizeof *accepted_kinds)) {
            fail(t, "unknown-kind: '%.*s' at column %zu is not a type name Enzyme knows "
                    "(it asserts or hits llvm_unreachable)", (int)(n > 40 ? 40 : n), s + p.pos, p.pos + 1);
            return 0;
        }
        memcpy(e.kind, s + p.pos, n);
        e.kind[n] = '\0';
        p.pos = end;
        push(t, &e);
        /* After the entry: spaces, then an optional ','. Reading the next character
         * at the very end of the string asserts. */
        if (!skip_spaces(&p, "after an entry"))
            return 0;
        if (s[p.pos] == ',')
            p.pos++;
    }
    return 1;
}

/* ---- the rules beyond the grammar ---- */
static int path_cmp(const entry *a, const entry *b) {
    int n = a->len < b->len ? a->len : b->len;
    for (int i = 0; i < n; i++)
        if (a->path[i] != b->path[i])
            return a->path[i] < b->path[i] ? -1 : 1;
    return a->len < b->len ? -1 : a->len > b->len;
}

static void path_str(const long *path, int len, char *buf, size_t size) {
    size_t o = 0;
    o += (size_t)snprintf(buf + o, size - o, "[");
    for (int i = 0; i < len && o < size; i++)
        o += (size_t)snprintf(buf + o, size - o, i ? ",%ld" : "%ld", path[i]);
    if (o < size)
        snprintf(buf + o, size - o, "]");
}

/* Whether `g` is at least as general as `s` (same length; every index equal or -1 in g),
 * as TypeTree::insert compares them. */
static int more_general(const entry *g, const entry *s) {
    if (g->len != s->len)
        return 0;
    for (int i = 0; i < g->len; i++)
        if (g->path[i] != s->path[i] && g->path[i] != -1)
            return 0;
    return 1;
}

/* The entry for `path` as Enzyme's lookup finds it: exact, or through -1 at any level. */
static const entry *lookup(const tree *t, const long *path, int len) {
    entry probe;
    memset(&probe, 0, sizeof probe);
    memcpy(probe.path, path, (size_t)len * sizeof *path);
    probe.len = len;
    for (size_t i = 0; i < t->n; i++)
        if (path_cmp(&t->v[i], &probe) == 0)
            return &t->v[i];
    for (size_t i = 0; i < t->n; i++)
        if (more_general(&t->v[i], &probe))
            return &t->v[i];
    return NULL;
}

static int check_rules(const char *s, size_t len, tree *t, const opts *o) {
    char pb[1024], pb2[1024];
    /* per entry: kind, path shape, limits */
    for (size_t i = 0; i < t->n; i++) {
        entry *e = &t->v[i];
        if (!in_list(e->kind, strlen(e->kind), emitted_kinds, sizeof emitted_kinds / sizeof *emitted_kinds)) {
            fail(t, "forbidden-kind: '%s' at column %zu: %s", e->kind, e->col, forbidden_why(e->kind));
            return 0;
        }
        /* Anything absorbs every later type (a float there would get a zero gradient):
         * typetree writes it on a struct's padding only, a byte inside a pointee. */
        if (strcmp(e->kind, "Anything") == 0 && (e->len < 2 || e->path[e->len - 1] < 0)) {
            fail(t, "forbidden-kind: 'Anything' at column %zu: only on padding, a byte offset "
                    "inside a pointee (it absorbs every later type: a float there would get a "
                    "zero gradient)", e->col);
            return 0;
        }
        if (e->len == 0) {
            fail(t, "empty-path: '[]' at column %zu (Enzyme's attribute reader indexes element 0: segfault)",
                 e->col);
            return 0;
        }
        for (int k = 0; k < e->len; k++)
            if (e->path[k] < -1) {
                fail(t, "index: %ld at column %zu: only -1 (every offset) and byte offsets >= 0 mean something",
                     e->path[k], e->col);
                return 0;
            }
        path_str(e->path, e->len, pb, sizeof pb);
        if (e->len > o->max_depth) {
            fail(t, "depth: %s has %d indices, more than the depth limit %ld (Enzyme drops it)", pb, e->len,
                 o->max_depth);
            return 0;
        }
        for (int k = 0; k < e->len; k++)
            if (e->path[k] > o->max_offset) {
                fail(t, "offset: %s: offset %ld is above the offset limit %ld (Enzyme drops it, "
                        "or drops others when it is the smallest)", pb, e->path[k], o->max_offset);
                return 0;
            }
    }
    /* first-level form */
    int any_reg = 0, any_off = 0;
    for (size_t i = 0; i < t->n; i++) {
        entry *e = &t->v[i];
        path_str(e->path, e->len, pb, sizeof pb);
        if (o->param && e->path[0] != -1) {
            fail(t, "param: %s: a parameter attribute's first index must be -1 (Enzyme checks it "
                    "against the call's result size; fatal on void calls)", pb);
            return 0;
        }
        if (o->ret_pair && e->path[0] == -1) {
            fail(t, "ret-pair: %s: a returned {A, B} is described by byte offsets, not -1", pb);
            return 0;
        }
        if (o->reg_size >= 0 && e->path[0] >= o->reg_size) {
            fail(t, "reg-size: %s: first index %ld is not below the register size %ld "
                    "(Enzyme: bad enzyme_type, Canonicalization failed)", pb, e->path[0], o->reg_size);
            return 0;
        }
        if (e->path[0] == -1)
            any_reg = 1;
        else
            any_off = 1;
    }
    if (!o->param && !o->ret_pair && any_reg && any_off) {
        fail(t, "mixed: first indices mix -1 (register form) and byte offsets");
        return 0;
    }
    /* duplicates, and pairs where one path generalises the other */
    for (size_t i = 0; i < t->n; i++)
        for (size_t j = i + 1; j < t->n; j++) {
            entry *a = &t->v[i], *b = &t->v[j];
            if (path_cmp(a, b) == 0) {
                path_str(a->path, a->len, pb, sizeof pb);
                fail(t, "duplicate: %s at columns %zu and %zu (Enzyme keeps the first silently)", pb, a->col,
                     b->col);
                return 0;
            }
        }
    /* conflicts first: they abort Enzyme, a redundancy only makes the string non-canonical */
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < t->n; i++)
            for (size_t j = 0; j < t->n; j++) {
                entry *g = &t->v[i], *sp = &t->v[j];
                if (i == j || !more_general(g, sp) || (strcmp(g->kind, sp->kind) == 0) == (pass == 0))
                    continue;
                path_str(g->path, g->len, pb, sizeof pb);
                path_str(sp->path, sp->len, pb2, sizeof pb2);
                if (pass == 0)
                    fail(t, "conflict: %s:%s and %s:%s (Enzyme: illegal insertion / Illegal updateAnalysis)",
                         pb, g->kind, pb2, sp->kind);
                else
                    fail(t, "redundant: %s is covered by %s (Enzyme's printer keeps only the general one)",
                         pb2, pb);
                return 0;
            }
    /* every intermediate level is a Pointer, and is there */
    for (size_t i = 0; i < t->n; i++) {
        entry *e = &t->v[i];
        for (int k = 1; k < e->len; k++) {
            const entry *pre = lookup(t, e->path, k);
            path_str(e->path, e->len, pb, sizeof pb);
            path_str(e->path, k, pb2, sizeof pb2);
            if (!pre) {
                fail(t, "missing-prefix: %s has no %s:Pointer above it (typetree always emits the pointer)",
                     pb, pb2);
                return 0;
            }
            if (strcmp(pre->kind, "Pointer") != 0) {
                fail(t, "prefix: %s lies below %s, which is %s, not Pointer (Enzyme asserts in insert)", pb,
                     pb2, pre->kind);
                return 0;
            }
        }
    }
    /* canonical: Enzyme's order, then Enzyme's exact spelling */
    for (size_t i = 1; i < t->n; i++)
        if (path_cmp(&t->v[i - 1], &t->v[i]) > 0) {
            path_str(t->v[i - 1].path, t->v[i - 1].len, pb, sizeof pb);
            path_str(t->v[i].path, t->v[i].len, pb2, sizeof pb2);
            fail(t, "order: %s comes before %s (Enzyme prints numerically, -1 first, prefix first)", pb, pb2);
            return 0;
        }
    size_t cap = 16 + t->n * (24 + 16 * MAX_PATH), o2 = 0;
    char *canon = malloc(cap);
    if (!canon) {
        perror("enzyme_check");
        exit(2);
    }
    o2 += (size_t)snprintf(canon + o2, cap - o2, "{");
    for (size_t i = 0; i < t->n; i++) {
        path_str(t->v[i].path, t->v[i].len, pb, sizeof pb);
        o2 += (size_t)snprintf(canon + o2, cap - o2, "%s%s:%s", i ? ", " : "", pb, t->v[i].kind);
    }
    o2 += (size_t)snprintf(canon + o2, cap - o2, "}");
    int ok = o2 == len && memcmp(canon, s, len) == 0;
    if (!ok) {
        size_t c = 0;
        while (c < len && c < o2 && canon[c] == s[c])
            c++;
        if (c == o2)
            fail(t, "format: characters after the closing '}' at column %zu", c + 1);
        else
            fail(t, "format: not Enzyme's printed form at column %zu (expected '%.20s')", c + 1, canon + c);
    }
    free(canon);
    return ok;
}

static int check_string(const char *s, size_t len, const opts *o, char *reason, size_t rsize) {
    tree t;
    memset(&t, 0, sizeof t);
    int ok = enzyme_parse(s, len, &t) && check_rules(s, len, &t, o);
    snprintf(reason, rsize, "%s", ok ? "" : t.reason);
    free(t.v);
    return ok;
}

/* ---- input ---- */
static char *read_line(FILE *f, size_t *len) {
    size_t cap = 256, n = 0;
    int c = 0;
    char *b = malloc(cap);
    if (!b) {
        perror("enzyme_check");
        exit(2);
    }
    while ((c = fgetc(f)) != EOF && c != '\n') {
        if (n + 1 == cap) {
            cap *= 2;
            b = realloc(b, cap);
            if (!b) {
                perror("enzyme_check");
                exit(2);
            }
        }
        b[n++] = (char)c;
    }
    if (c == EOF && n == 0) {
        free(b);
        return NULL;
    }
    b[n] = '\0';
    *len = n;
    return b;
}

static int parse_long(const char *s, long *out) {
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < 0)
        return 0;
    *out = v;
    return 1;
}

/* One option token (from argv or from a case line); returns 1 when recognised. `next` is
 * the following token for options with a value (argv style) or NULL ("--opt=N" style). */
static int take_option(opts *o, const char *tok, const char *next, int *used_next) {
    static const char *const valued[] = {"--reg-size", "--max-depth", "--max-offset"};
    *used_next = 0;
    if (strcmp(tok, "--param") == 0) {
        o->param = 1;
        return 1;
    }
    if (strcmp(tok, "--ret-pair") == 0) {
        o->ret_pair = 1;
        return 1;
    }
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(valued[i]);
        if (strncmp(tok, valued[i], n) != 0)
            continue;
        const char *val = NULL;
        if (tok[n] == '=')
            val = tok + n + 1;
        else if (tok[n] == '\0' && next) {
            val = next;
            *used_next = 1;
        } else
            return 0;
        long v;
        if (!parse_long(val, &v))
            return 0;
        if (i == 0)
            o->reg_size = v;
        else if (i == 1)
            o->max_depth = v;
        else
            o->max_offset = v;
        return 1;
    }
    return 0;
}

static const opts default_opts = {0, 0, -1, 6, 500};

/* A case string: the rest of the line verbatim, or "..." with \" \\ \t \r \n escapes
 * (for strings with leading or trailing spaces, tabs, or the empty string). */
static size_t unquote(char *s) {
    size_t n = strlen(s);
    if (n < 2 || s[0] != '"' || s[n - 1] != '"')
        return n;
    size_t o = 0;
    for (size_t i = 1; i + 1 < n; i++) {
        char c = s[i];
        if (c == '\\' && i + 2 < n) {
            c = s[++i];
            c = c == 't' ? '\t' : c == 'n' ? '\n' : c == 'r' ? '\r' : c;
        }
        s[o++] = c;
    }
    s[o] = '\0';
    return o;
}

static int run_cases(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 2;
    }
    unsigned passed = 0, failed = 0, lineno = 0;
    size_t len;
    char *line;
    while ((line = read_line(f, &len)) != NULL) {
        lineno++;
        if (len == 0 || line[0] == '#') {
            free(line);
            continue;
        }
        int want_accept;
        char key[32] = "";
        char *p = line;
        if (strncmp(p, "ACCEPT ", 7) == 0) {
            want_accept = 1;
            p += 7;
        } else if (strncmp(p, "REJECT:", 7) == 0) {
            want_accept = 0;
            p += 7;
            size_t k = 0;
            while (*p && *p != ' ' && k + 1 < sizeof key)
                key[k++] = *p++;
            key[k] = '\0';
            if (*p == ' ')
                p++;
        } else {
            printf("FAIL line %u: a case starts with 'ACCEPT ' or 'REJECT:KEY '\n", lineno);
            failed++;
            free(line);
            continue;
        }
        opts o = default_opts;
        int used;
        while (p[0] == '-' && p[1] == '-') {
            char *sp = strchr(p, ' ');
            if (!sp)
                break;
            *sp = '\0';
            if (!take_option(&o, p, NULL, &used)) {
                *sp = ' ';
                break;
            }
            p = sp + 1;
        }
        size_t n = unquote(p);
        char reason[512];
        int ok = check_string(p, n, &o, reason, sizeof reason);
        const char *why = NULL;
        if (want_accept && !ok)
            why = reason;
        else if (!want_accept && ok)
            why = "accepted, but the case expects a rejection";
        else if (!want_accept && (strncmp(reason, key, strlen(key)) != 0 || reason[strlen(key)] != ':'))
            why = reason;
        if (why) {
            printf("FAIL line %u: expected %s%s; got: %s\n", lineno, want_accept ? "ACCEPT" : "REJECT:",
                   want_accept ? "" : key, why);
            failed++;
        } else
            passed++;
        free(line);
    }
    fclose(f);
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}

static void usage(void) {
    fprintf(stderr, "usage: enzyme_check [--param|--ret-pair] [--reg-size N] [--max-depth N] "
                    "[--max-offset N] [-q] [FILE...]\n"
                    "       enzyme_check --cases FILE\n");
}

int main(int argc, char **argv) {
    opts o = default_opts;
    int quiet = 0, nfiles = 0;
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    if (!files)
        return 2;
    for (int i = 1; i < argc; i++) {
        int used;
        if (strcmp(argv[i], "--cases") == 0) {
            free(files);
            if (i + 1 >= argc) {
                usage();
                return 2;
            }
            return run_cases(argv[i + 1]);
        } else if (strcmp(argv[i], "-q") == 0)
            quiet = 1;
        else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage();
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1] == '-' && argv[i][2]) {
            if (!take_option(&o, argv[i], i + 1 < argc ? argv[i + 1] : NULL, &used)) {
                fprintf(stderr, "enzyme_check: bad option %s\n", argv[i]);
                free(files);
                usage();
                return 2;
            }
            i += used;
        } else
            files[nfiles++] = argv[i];
    }
    if (o.param && o.ret_pair) {
        fprintf(stderr, "enzyme_check: --param and --ret-pair exclude each other\n");
        free(files);
        return 2;
    }
    if (nfiles == 0)
        files[nfiles++] = "-";
    unsigned passed = 0, failed = 0;
    for (int fi = 0; fi < nfiles; fi++) {
        int is_stdin = strcmp(files[fi], "-") == 0;
        FILE *f = is_stdin ? stdin : fopen(files[fi], "r");
        if (!f) {
            perror(files[fi]);
            free(files);
            return 2;
        }
        unsigned lineno = 0;
        size_t len;
        char *line;
        while ((line = read_line(f, &len)) != NULL) {
            lineno++;
            char reason[512];
            if (check_string(line, len, &o, reason, sizeof reason)) {
                passed++;
                if (!quiet)
                    printf("PASS\n");
            } else {
                failed++;
                if (nfiles > 1 || !is_stdin)
                    printf("%s: ", files[fi]);
                printf("FAIL line %u: %s\n", lineno, reason);
            }
            free(line);
        }
        if (!is_stdin)
            fclose(f);
    }
    free(files);
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
