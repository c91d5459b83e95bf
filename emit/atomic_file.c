/* Output files that appear whole or not at all: written to a temporary file beside the
 * target, then renamed over it. A failed run removes the temporary and leaves the target
 * as it was. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "emit.h"
#include "../layout/xalloc.h"

/* mkstemp creates 0600 files; an output gets the mode a plain create would give (0666
 * less the umask), or keeps the mode of the file it replaces. */
static void fix_mode(int fd, const char *replaced)
{
    struct stat sb;
    if (stat(replaced, &sb) == 0) {
        fchmod(fd, sb.st_mode & 07777);
        return;
    }
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
}

FILE *atomic_open(tt_ctx *c, const char *path, char **tmp)
{
    size_t n = strlen(path);
    *tmp = xmalloc(n + 16);
    snprintf(*tmp, n + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(*tmp);
    if (fd < 0) {
        diag_add(c, TT_ERROR, loc_new(c->arena, arena_strdup(c->arena, path), NULL),
                 "cannot create a temporary file beside it: %s", strerror(errno));
        free(*tmp);
        *tmp = NULL;
        return NULL;
    }
    fix_mode(fd, path);
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        diag_add(c, TT_ERROR, loc_new(c->arena, arena_strdup(c->arena, path), NULL),
                 "cannot write: %s", strerror(errno));
        close(fd);
        unlink(*tmp);
        free(*tmp);
        *tmp = NULL;
    }
    return f;
}

bool atomic_close(tt_ctx *c, FILE *f, char *tmp, const char *path, bool keep)
{
    bool ok = keep;
    if (f && fclose(f) != 0)
        ok = false;
    if (ok && rename(tmp, path) != 0)
        ok = false;
    if (keep && !ok)
        diag_add(c, TT_ERROR, loc_new(c->arena, arena_strdup(c->arena, path), NULL),
                 "cannot write: %s", strerror(errno));
    if (!ok)
        unlink(tmp);
    free(tmp);
    return ok;
}

bool atomic_write(tt_ctx *c, const char *path, const char *data, size_t len)
{
    char *tmp;
    FILE *f = atomic_open(c, path, &tmp);
    if (!f)
        return false;
    if (fwrite(data, 1, len, f) != len) {
        diag_add(c, TT_ERROR, loc_new(c->arena, arena_strdup(c->arena, path), NULL),
                 "cannot write: %s", strerror(errno));
        atomic_close(c, f, tmp, path, false);
        return false;
    }
    return atomic_close(c, f, tmp, path, true);
}
