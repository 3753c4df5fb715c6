/* check.h: a tiny assertion framework for the C and C++ ABI tests.
 * A failed check prints file:line with the values it saw and the run goes on;
 * check_summary() prints "<name>: N checks, F failed" and gives the exit code. */
#ifndef GRIP_TEST_CHECK_H
#define GRIP_TEST_CHECK_H

#include "grip.h"

#ifdef __cplusplus
extern "C" {
#endif

void check_true(int ok, const char *expr, const char *file, int line);
void check_near(double got, double want, double tol, const char *expr, const char *file, int line);
void check_int(long long got, long long want, const char *expr, const char *file, int line);
void check_status(grip_status got, grip_status want, const char *expr, const char *file, int line);
void check_str(const char *got, const char *want, const char *expr, const char *file, int line);
/* Runs suite in a child process; a crash counts as one failed check. */
void check_suite(const char *name, void (*suite)(void));
/* Prints the summary line; returns 0 when nothing failed, 1 otherwise. */
int check_summary(const char *name);
int check_failures(void);

#ifdef __cplusplus
}
#endif

#define CHECK(cond)                check_true((cond) ? 1 : 0, #cond, __FILE__, __LINE__)
#define CHECK_NEAR(got, want, tol) check_near((got), (want), (tol), #got, __FILE__, __LINE__)
#define CHECK_INT(got, want)       check_int((long long)(got), (long long)(want), #got, __FILE__, __LINE__)
#define CHECK_STATUS(call, want)   check_status((call), (want), #call, __FILE__, __LINE__)
#define CHECK_STR(got, want)       check_str((got), (want), #got, __FILE__, __LINE__)

#endif
