/* replace_file.c: a new file's contents go into a temporary file beside the target, synced, then
 * renamed over it: a write cut short leaves the old file whole. */
#define _POSIX_C_SOURCE 200809L
#include "replace_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

/* How many names a begin tries when others are taken (each attempt is one open call). */
enum { attempts = 64 };

static void failed(replace_file *r, const char *step, int error) {
    if (r->step == NULL) {
        r->step = step;
        r->error = error != 0 ? error : EIO;
    }
}

/* The length of path's directory part, with its final '/' (0 for a name in the working
 * directory). */
static size_t directory_length(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash == NULL ? 0 : (size_t)(slash - path) + 1;
}

FILE *replace_file_begin(replace_file *r, const char *path) {
    size_t dir = directory_length(path), name = strlen(path) - dir, size;
    unsigned long seed = ((unsigned long)getpid() * 2654435761u) ^ (unsigned long)time(NULL);
    mode_t mode = 0666;
    struct stat old;
    int fd = -1, i;

    memset(r, 0, sizeof *r);
    r->path = path;
    if (name == 0) { /* "dir/": no file name to replace */
        failed(r, "create", EISDIR);
        return NULL;
    }
    /* An existing regular file keeps its permissions (a private document stays private). */
    if (lstat(path, &old) == 0 && S_ISREG(old.st_mode)) mode = old.st_mode & 0777;

    size = dir + 1 + name + 32; /* "DIR/" "." "NAME" ".tmp-XXXXXXXXXXXXXXXX" NUL */
    r->temp_path = (char *)malloc(size);
    if (r->temp_path == NULL) {
        failed(r, "create", ENOMEM);
        return NULL;
    }
    for (i = 0; i < attempts && fd < 0; i++) {
        seed = (seed * 1103515245u + 12345u) & 0xffffffffu;
        snprintf(r->temp_path, size, "%.*s.%s.tmp-%08lx", (int)dir, path, path + dir, seed);
        fd = open(r->temp_path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) {
        failed(r, "create", errno);
        free(r->temp_path);
        r->temp_path = NULL;
        return NULL;
    }
    /* open applied the umask; an existing file's own bits are kept exactly. */
    if (mode != 0666 && fchmod(fd, mode) != 0) failed(r, "chmod", errno);
    r->out = fdopen(fd, "wb");
    if (r->out == NULL || r->step != NULL) {
        failed(r, "open", errno);
        if (r->out != NULL) fclose(r->out);
        else close(fd);
        r->out = NULL;
        unlink(r->temp_path);
        free(r->temp_path);
        r->temp_path = NULL;
        return NULL;
    }
    return r->out;
}

/* Syncs the directory holding path, so the rename itself survives a crash (best effort: some
 * file systems do not sync directories). */
static void sync_directory(const char *path) {
    size_t dir = directory_length(path);
    char *name = (char *)malloc(dir + 2);
    int fd;
    if (name == NULL) return;
    if (dir == 0) strcpy(name, ".");
    else {
        memcpy(name, path, dir);
        name[dir] = '\0';
    }
    fd = open(name, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(name);
}

int replace_file_commit(replace_file *r) {
    int ok;
    if (r->out == NULL) {
        failed(r, "write", EBADF);
        replace_file_abort(r);
        return -1;
    }
    if (ferror(r->out)) failed(r, "write", EIO); /* when the writer did not record its errno */
    if (r->step == NULL && fflush(r->out) != 0) failed(r, "write", errno);
    if (r->step == NULL && fsync(fileno(r->out)) != 0) failed(r, "sync", errno);
    if (fclose(r->out) != 0) failed(r, "close", errno);
    r->out = NULL;
    if (r->step == NULL && rename(r->temp_path, r->path) != 0) failed(r, "rename", errno);
    ok = r->step == NULL;
    if (ok) {
        sync_directory(r->path);
        free(r->temp_path);
        r->temp_path = NULL;
        return 0;
    }
    replace_file_abort(r);
    return -1;
}

void replace_file_fail(replace_file *r, int error) { failed(r, "write", error); }

void replace_file_abort(replace_file *r) {
    if (r->out != NULL) fclose(r->out);
    r->out = NULL;
    if (r->temp_path != NULL) unlink(r->temp_path);
    free(r->temp_path);
    r->temp_path = NULL;
}

void replace_file_report(const replace_file *r) {
    fprintf(stderr, "grip: cannot write %s: %s: %s; %s is unchanged\n", r->path, r->step != NULL ? r->step : "write",
            strerror(r->error != 0 ? r->error : EIO), r->path);
}
