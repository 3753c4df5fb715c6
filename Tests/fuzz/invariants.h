/* invariants.h: what must hold of an engine after any sequence of calls, however hostile.
 * Used by the fuzz harnesses, the soak and the thread programs. A broken invariant prints what
 * and where, then abort()s, which libFuzzer and the sanitizers report as a crash with a stack. */
#ifndef GRIP_INVARIANTS_H
#define GRIP_INVARIANTS_H

#include "grip.h"

/* Aborts with a formatted message (prefixed "INVARIANT: "). */
void inv_fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((noreturn, format(printf, 1, 2)))
#endif
    ;

/* The status is one of the documented grip_status values. */
void inv_status(grip_status s, const char *call);
/* After a failed call on a live engine: the message is non-empty. */
void inv_failure_message(grip_engine *e, grip_status s, const char *call);
/* Every failure message a harness sees: appended as "CALL STATUS MESSAGE" to the file named by
 * GRIP_ERRMSG_LOG (when set), so that two builds' messages for the same inputs can be compared.
 * (Not checked here for text the library must never write: a fuzzer learns the strings a
 * harness searches for and then writes them into its scripts.) */
void inv_log_message(const char *call, grip_status s, const char *message);

/* Checks the frame (kinds, finite numbers, vertex ranges, progress, serial not going back).
 * *serial carries the previous serial in and the new one out (0: none yet). Returns the frame. */
grip_frame inv_frame(grip_engine *e, uint64_t *serial);
/* Checks one box: state finite, sizes >= the describe'd minimums, scale > 0, corners consistent.
 * Returns the status of grip_box_state_get (GRIP_ERR_NOT_FOUND for a destroyed box). */
grip_status inv_box(grip_engine *e, grip_box box);
/* Drains the event queue, checking every event; returns how many there were. */
int inv_events(grip_engine *e);

#endif
