/* malloc and friends under the one allocation-failure policy (xalloc.h). A leaf: it
 * depends on nothing else of typetree, so every folder can use it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

void xalloc_fail(void)
{
    fputs("typetree: out of memory\n", stderr);
    abort();
}

static void *checked(void *p)
{
    if (!p)
        xalloc_fail();
    return p;
}

/* Sizes of 0 ask for 1 byte, so a NULL from the C library always means out of memory. */
void *xmalloc(size_t n) { return checked(malloc(n ? n : 1)); }

void *xcalloc(size_t count, size_t size)
{
    return checked(count && size ? calloc(count, size) : calloc(1, 1));
}

void *xrealloc(void *p, size_t n) { return checked(realloc(p, n ? n : 1)); }

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}
