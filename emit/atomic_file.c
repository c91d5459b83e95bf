/* Output files that appear whole or not at all: written to a temporary file beside the
 * target, then renamed over it. A failed run removes the temporary and leaves the target
 * as it was.
 * Two kinds of target are not replaced. One that exists and is not a regular file
 * (/dev/null, /dev/stdout, a FIFO) is written in place: a rename would put a regular file
 * where the device or pipe was (run as root, `-o /dev/null` replaced /dev/null itself), or
 * fail for want of a writable /dev. A symbolic link is followed: the temporary goes beside
 * the file it names and replaces that file, so the link stays a link. */
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

#define TMP_SUFFIX ".tmpXXXXXX"

/* The file a symbolic link at path names, through every link on the way (heap; the file
 * need not exist yet, as when the shell writes through a dangling link); NULL when path
 * is no link, or after 40 links. */
static char *link_target(const char *path)
{
    struct stat sb;
    char *cur = NULL;
    for (int hops = 0; hops < 40; hops++) {
        const char *p = cur ? cur : path;
        if (lstat(p, &sb) != 0 || !S_ISLNK(sb.st_mode))
            return cur;
        char to[4096];
        ssize_t n = readlink(p, to, sizeof to - 1);
        if (n < 0)
            break;
        to[n] = 0;
        const char *slash = strrchr(p, '/');
        size_t dir = (to[0] != '/' && slash) ? (size_t)(slash - p) + 1 : 0;
        char *next = xmalloc(dir + (size_t)n + 1);
        memcpy(next, p, dir);
        memcpy(next + dir, to, (size_t)n + 1);
        free(cur);
        cur = next;
    }
    free(cur);
    return NULL;
}

FILE *atomic_open(tt_ctx *c, const char *path, char **tmp)
{
    *tmp = NULL;
    struct stat sb;
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        FILE *f = fopen(path, "wb");
        if (!f)
            diag_add(c, TT_ERROR, loc_new(c->arena, arena_strdup(c->arena, path), NULL),
                     "cannot write: %s", strerror(errno));
        return f;
    }
    char *real = link_target(path);
    const char *target = real ? real : path;
    size_t n = strlen(target);
    *tmp = xmalloc(n + sizeof TMP_SUFFIX);
    snprintf(*tmp, n + sizeof TMP_SUFFIX, "%s" TMP_SUFFIX, target);
    free(real);
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
    if (!tmp) { /* written in place (atomic_open: not a regular file) */
        if (keep && !ok)
            diag_add(c, TT_ERROR, loc_new(c->arena, arena_strdup(c->arena, path), NULL),
                     "cannot write: %s", strerror(errno));
        return ok;
    }
    /* The file the temporary replaces: its name less the suffix (a link's target). */
    size_t n = strlen(tmp) - (sizeof TMP_SUFFIX - 1);
    char *target = xmalloc(n + 1);
    memcpy(target, tmp, n);
    target[n] = 0;
    if (ok && rename(tmp, target) != 0)
        ok = false;
    free(target);
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
