/* Indexes the metadata of a textual LLVM module: every "!N = [distinct] !Kind(...)" and
 * "!N = !{...}" line by its number, and the define lines that point into it. Values are
 * read lazily, by key, from the stored text. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "di_index.h"

static char *read_line(FILE *f)
{
    size_t cap = 256, n = 0;
    char *s = malloc(cap);
    int ch;
    if (!s)
        abort();
    while ((ch = getc(f)) != EOF && ch != '\n') {
        if (n + 1 >= cap) {
            cap *= 2;
            s = realloc(s, cap);
            if (!s)
                abort();
        }
        s[n++] = (char)ch;
    }
    if (ch == EOF && n == 0) {
        free(s);
        return NULL;
    }
    s[n] = 0;
    return s;
}

static void put_node(di_index *ix, uint32_t *cap, unsigned long id, const char *kind,
                     const char *body)
{
    if (id >= 100000000UL)
        return;
    if (id >= *cap) {
        uint32_t nc = *cap ? *cap : 1024;
        while (nc <= id)
            nc *= 2;
        ix->nodes = realloc(ix->nodes, nc * sizeof *ix->nodes);
        if (!ix->nodes)
            abort();
        memset(ix->nodes + *cap, 0, (nc - *cap) * sizeof *ix->nodes);
        *cap = nc;
    }
    ix->nodes[id].kind = kind;
    ix->nodes[id].body = body;
    if (id >= ix->n)
        ix->n = (uint32_t)id + 1;
}

/* "!N = [distinct] !Kind(body)" or "!N = [distinct] !{body}". */
static void index_metadata(tt_arena *a, di_index *ix, uint32_t *cap, const char *s)
{
    char *end;
    unsigned long id = strtoul(s + 1, &end, 10);
    if (end == s + 1 || strncmp(end, " = ", 3) != 0)
        return;
    s = end + 3;
    if (strncmp(s, "distinct ", 9) == 0)
        s += 9;
    if (*s != '!')
        return;
    s++;
    size_t len = strlen(s);
    if (*s == '{' && len >= 2 && s[len - 1] == '}') {
        put_node(ix, cap, id, "", arena_strndup(a, s + 1, len - 2));
        return;
    }
    const char *open = strchr(s, '(');
    if (!open || len < 2 || s[len - 1] != ')')
        return;
    put_node(ix, cap, id, arena_strndup(a, s, (size_t)(open - s)),
             arena_strndup(a, open + 1, (size_t)(s + len - 1 - open - 1)));
}

/* "#dbg_declare(ptr %x, !N, ...": N, or -1. */
static long declared_variable(const char *line)
{
    const char *d = strstr(line, "#dbg_declare(");
    if (!d)
        return -1;
    const char *v = strstr(d, ", !");
    if (!v || !isdigit((unsigned char)v[3]))
        return -1;
    return strtol(v + 3, NULL, 10);
}

bool di_index_read(tt_arena *a, FILE *f, di_index *ix)
{
    memset(ix, 0, sizeof *ix);
    uint32_t cap = 0, dcap = 0, vcap = 0;
    char *line;
    while ((line = read_line(f))) {
        long var = line[0] == ' ' ? declared_variable(line) : -1;
        if (var >= 0) {
            if (ix->ndeclared == vcap) {
                vcap = vcap ? vcap * 2 : 256;
                ix->declared = realloc(ix->declared, vcap * sizeof *ix->declared);
                if (!ix->declared)
                    abort();
            }
            ix->declared[ix->ndeclared++] = var;
            free(line);
        } else if (line[0] == '!' && isdigit((unsigned char)line[1])) {
            index_metadata(a, ix, &cap, line);
            free(line);
        } else if (strncmp(line, "define ", 7) == 0) {
            if (ix->ndefines == dcap) {
                dcap = dcap ? dcap * 2 : 64;
                ix->defines = realloc(ix->defines, dcap * sizeof *ix->defines);
                if (!ix->defines)
                    abort();
            }
            ix->defines[ix->ndefines++] = line;
        } else {
            free(line);
        }
    }
    return !ferror(f);
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

/* The end of the value that starts at s: the next top-level ',' or the end. */
static const char *value_end(const char *s)
{
    int depth = 0;
    bool quoted = false;
    for (; *s; s++) {
        if (quoted) {
            if (*s == '\\' && s[1])
                s++;
            else if (*s == '"')
                quoted = false;
        } else if (*s == '"') {
            quoted = true;
        } else if (*s == '(' || *s == '{' || *s == '[') {
            depth++;
        } else if (*s == ')' || *s == '}' || *s == ']') {
            depth--;
        } else if (*s == ',' && depth == 0) {
            break;
        }
    }
    return s;
}

const char *di_field(tt_arena *a, const di_node *n, const char *key)
{
    if (!n || !n->body)
        return NULL;
    size_t klen = strlen(key);
    const char *s = n->body;
    while (*s) {
        while (*s == ' ')
            s++;
        const char *e = value_end(s);
        if (strncmp(s, key, klen) == 0 && s[klen] == ':' && s[klen + 1] == ' ')
            return arena_strndup(a, s + klen + 2, (size_t)(e - (s + klen + 2)));
        s = *e ? e + 1 : e;
    }
    return NULL;
}

static int hexval(int ch)
{
    return isdigit(ch) ? ch - '0' : (tolower(ch) - 'a' + 10);
}

const char *di_str(tt_arena *a, const di_node *n, const char *key)
{
    const char *v = di_field(a, n, key);
    if (!v || v[0] != '"')
        return NULL;
    size_t len = strlen(v);
    char *out = arena_alloc(a, len + 1), *o = out;
    for (const char *s = v + 1; *s && *s != '"'; s++) {
        if (*s == '\\' && isxdigit((unsigned char)s[1]) && isxdigit((unsigned char)s[2])) {
            *o++ = (char)(hexval((unsigned char)s[1]) * 16 + hexval((unsigned char)s[2]));
            s += 2;
        } else {
            *o++ = *s;
        }
    }
    *o = 0;
    return out;
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
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        const char *e = value_end(s);
        v[k++] = (s[0] == '!' && isdigit((unsigned char)s[1])) ? strtol(s + 1, NULL, 10) : -1;
        s = *e ? e + 1 : e;
    }
    *items = v;
    return k;
}
