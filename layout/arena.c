/* Arena allocation, growable strings and a string-keyed map: the storage every
 * stage shares. Nothing here is freed piecemeal; the arena dies with the run. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "xalloc.h"

#define CHUNK_MIN (64 * 1024)

struct chunk {
    struct chunk *next;
    size_t used, cap;
    _Alignas(16) unsigned char data[];
};

struct tt_arena {
    struct chunk *head;
};

tt_arena *arena_new(void)
{
    tt_arena *a = xmalloc(sizeof *a);
    a->head = NULL;
    return a;
}

void arena_free(tt_arena *a)
{
    if (!a)
        return;
    for (struct chunk *c = a->head, *n; c; c = n) {
        n = c->next;
        free(c);
    }
    free(a);
}

void *arena_alloc(tt_arena *a, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    struct chunk *c = a->head;
    if (!c || c->cap - c->used < size) {
        size_t cap = size > CHUNK_MIN ? size : CHUNK_MIN;
        c = xmalloc(sizeof *c + cap);
        c->cap = cap;
        c->used = 0;
        c->next = a->head;
        a->head = c;
    }
    void *p = c->data + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

char *arena_strndup(tt_arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *arena_strdup(tt_arena *a, const char *s) { return arena_strndup(a, s, strlen(s)); }

char *arena_printf(tt_arena *a, const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *p = arena_alloc(a, (size_t)n + 1);
    vsnprintf(p, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    return p;
}

static void buf_reserve(tt_buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->data = xrealloc(b->data, cap);
    b->cap = cap;
}

void buf_putn(tt_buf *b, const char *s, size_t n)
{
    buf_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
}

void buf_put(tt_buf *b, const char *s) { buf_putn(b, s, strlen(s)); }

void buf_printf(tt_buf *b, const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    buf_reserve(b, (size_t)n);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    b->len += (size_t)n;
}

void buf_u128(tt_buf *b, tt_u128 v)
{
    char tmp[48];
    int i = (int)sizeof tmp;
    tmp[--i] = 0;
    do {
        tmp[--i] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    buf_put(b, tmp + i);
}

void buf_json_str(tt_buf *b, const char *s)
{
    buf_put(b, "\"");
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            buf_printf(b, "\\%c", ch);
        else if (ch < 0x20)
            buf_printf(b, "\\u%04x", ch);
        else
            buf_putn(b, s, 1);
    }
    buf_put(b, "\"");
}

/* Open addressing, FNV-1a, power-of-two capacity, at most half full. */
struct slot {
    const char *key;
    void *value;
    uint64_t hash;
};

struct tt_map {
    tt_arena *arena;
    struct slot *slots;
    size_t cap, count;
};

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

tt_map *map_new(tt_arena *a)
{
    tt_map *m = arena_alloc(a, sizeof *m);
    m->arena = a;
    m->cap = 64;
    m->slots = arena_alloc(a, m->cap * sizeof *m->slots);
    return m;
}

static struct slot *map_slot(const tt_map *m, const char *key, uint64_t h)
{
    size_t i = (size_t)h & (m->cap - 1);
    for (;;) {
        struct slot *s = &m->slots[i];
        if (!s->key || (s->hash == h && strcmp(s->key, key) == 0))
            return s;
        i = (i + 1) & (m->cap - 1);
    }
}

void *map_get(const tt_map *m, const char *key)
{
    struct slot *s = map_slot(m, key, hash_str(key));
    return s->key ? s->value : NULL;
}

void map_put(tt_map *m, const char *key, void *value)
{
    uint64_t h = hash_str(key);
    struct slot *s = map_slot(m, key, h);
    if (s->key) {
        s->value = value;
        return;
    }
    if ((m->count + 1) * 2 > m->cap) {
        /* Old slots stay in the arena: the arena owns everything, growth is rare. */
        struct slot *old = m->slots;
        size_t oldcap = m->cap;
        m->cap *= 2;
        m->slots = arena_alloc(m->arena, m->cap * sizeof *m->slots);
        for (size_t i = 0; i < oldcap; i++)
            if (old[i].key)
                *map_slot(m, old[i].key, old[i].hash) = old[i];
        s = map_slot(m, key, h);
    }
    s->key = arena_strdup(m->arena, key);
    s->value = value;
    s->hash = h;
    m->count++;
}

size_t map_count(const tt_map *m) { return m->count; }

void map_each(const tt_map *m, void (*fn)(void *arg, const char *key, void *value), void *arg)
{
    for (size_t i = 0; i < m->cap; i++)
        if (m->slots[i].key)
            fn(arg, m->slots[i].key, m->slots[i].value);
}
