/* replace_file.h: writes a file the user names by replacing it whole, never in place. */
#ifndef GRIP_CLI_REPLACE_FILE_H
#define GRIP_CLI_REPLACE_FILE_H

#include <stdio.h>

/* A file being written: a temporary file beside the target, renamed over it by
 * replace_file_commit. Its fields belong to these functions. */
typedef struct replace_file {
    const char *path; /* the target, borrowed from the caller for the write's lifetime */
    char *temp_path;  /* the temporary file's path, malloc'd; NULL when there is none */
    FILE *out;        /* the stream onto the temporary file; NULL when closed */
    int error;        /* the errno of the first failure, 0 while none */
    const char *step; /* what failed ("create", "write", "sync", "rename", ...), NULL while none */
} replace_file;

/* Creates a temporary file in the directory of path (exclusively: never one that exists, never
 * through a link), with the permission bits of the regular file already at path or else 0666
 * less the umask, and returns the stream to write the new contents into; the file at path is not
 * touched. NULL when it cannot be created: r->error and r->step say why, and nothing is left
 * behind. path must outlive the write. */
FILE *replace_file_begin(replace_file *r, const char *path);

/* Flushes and syncs the temporary file and renames it over path, so path names either the old
 * file, unchanged, or the complete new one. A symbolic link at path is replaced by the new file;
 * its target is not written. Returns 0, or -1 after removing the temporary file and leaving path
 * as it was (r->error and r->step say why). Either way r is finished with. */
int replace_file_commit(replace_file *r);

/* Records that writing the contents failed with error (an errno): the commit then fails and
 * removes the temporary file. The first failure recorded is the one reported. */
void replace_file_fail(replace_file *r, int error);

/* Abandons the write: closes and removes the temporary file; path is as it was. */
void replace_file_abort(replace_file *r);

/* Prints "grip: cannot write PATH: STEP: REASON; PATH is unchanged" to stderr for a failed
 * write. */
void replace_file_report(const replace_file *r);

#endif
