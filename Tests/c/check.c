/* check.c: counts checks, reports failures with file:line and the values seen, and runs each
 * suite in a child process so that a crash inside the library fails that suite, not the run.
 * WASI has no processes: there every suite runs in the program itself, and a trap ends the run
 * (the runner reports it, and the summary line is missing). */
#define _DEFAULT_SOURCE 1 /* fork, waitpid, mmap(MAP_ANONYMOUS) under -std=c99 */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#ifndef __wasi__
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

/* Moved to shared memory by check_suite, so a child's counts survive its crash. */
static struct counts { int checks, failed; } local_counts, *counts = &local_counts;

static void fail(const char *file, int line) {
    counts->failed++;
    fprintf(stderr, "FAIL %s:%d: ", file, line);
}

void check_true(int ok, const char *expr, const char *file, int line) {
    counts->checks++;
    if (!ok) {
        fail(file, line);
        fprintf(stderr, "%s\n", expr);
    }
}

void check_near(double got, double want, double tol, const char *expr, const char *file, int line) {
    counts->checks++;
    /* Written so that NaN fails. */
    if (!(fabs(got - want) <= tol)) {
        fail(file, line);
        fprintf(stderr, "%s = %.17g, want %.17g (tolerance %g)\n", expr, got, want, tol);
    }
}

void check_int(long long got, long long want, const char *expr, const char *file, int line) {
    counts->checks++;
    if (got != want) {
        fail(file, line);
        fprintf(stderr, "%s = %lld, want %lld\n", expr, got, want);
    }
}

void check_status(grip_status got, grip_status want, const char *expr, const char *file, int line) {
    counts->checks++;
    if (got != want) {
        fail(file, line);
        fprintf(stderr, "%s = %d (%s), want %d (%s)\n", expr, (int)got, grip_status_string(got),
                (int)want, grip_status_string(want));
    }
}

void check_str(const char *got, const char *want, const char *expr, const char *file, int line) {
    counts->checks++;
    if (got == NULL || strcmp(got, want) != 0) {
        fail(file, line);
        fprintf(stderr, "%s = \"%s\", want \"%s\"\n", expr, got ? got : "(null)", want);
    }
}

int check_failures(void) { return counts->failed; }

#ifdef __wasi__
void check_suite(const char *name, void (*suite)(void)) {
    (void)name;
    suite();
    fflush(stdout);
    fflush(stderr);
}
#else
void check_suite(const char *name, void (*suite)(void)) {
    pid_t pid = -1;
    int status = 0;
    if (counts == &local_counts) {
        void *m = mmap(NULL, sizeof *counts, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (m != MAP_FAILED) {
            counts = (struct counts *)m;
            *counts = local_counts;
        }
    }
    fflush(stdout);
    fflush(stderr);
    if (counts != &local_counts) pid = fork();
    if (pid == 0) {
        suite();
        fflush(stdout);
        fflush(stderr);
        _exit(0);
    }
    if (pid < 0) { /* no isolation available: run it here */
        suite();
        return;
    }
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        counts->checks++;
        counts->failed++;
        if (WIFSIGNALED(status))
            fprintf(stderr, "FAIL %s: crashed with signal %d; its later checks did not run\n", name,
                    WTERMSIG(status));
        else
            fprintf(stderr, "FAIL %s: exited with status %d\n", name, WEXITSTATUS(status));
    }
}
#endif

int check_summary(const char *name) {
    printf("%s: %d checks, %d failed\n", name, counts->checks, counts->failed);
    return counts->failed == 0 ? 0 : 1;
}
