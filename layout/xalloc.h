/* The one allocation-failure policy of typetree (library and CLI alike): running out of
 * memory is not an input error and has no sane answer, so these write "typetree: out of
 * memory" to stderr and abort() (include/typetree.h says so). They never return NULL; a
 * size of 0 still gives a unique pointer to free(). Every heap allocation of ours, the
 * arena's chunks included, goes through them. */
#ifndef TT_XALLOC_H
#define TT_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* The same end for an allocation another library (json-c) reports failed. */
_Noreturn void xalloc_fail(void);

#endif
