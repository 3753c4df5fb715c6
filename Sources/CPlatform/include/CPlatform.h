/* CPlatform: the few C functions libgrip.so defines for itself: what it needs of a newer glibc
 * than 2.25 (random.c), and the process-wide state engines share (engines.c). Nothing here is
 * exported from the library. */
#ifndef GRIP_CPLATFORM_H
#define GRIP_CPLATFORM_H

#include <stddef.h>

/* Fills buffer with length random bytes (from getrandom). */
__attribute__((visibility("hidden"))) void arc4random_buf(void *buffer, size_t length);

/* The lowest engine tag (0 ... 65535) no live engine holds, now held by the caller; -1 when all
 * are held. Thread-safe (lock-free). Give it back with grip_platform_tag_release. */
__attribute__((visibility("hidden"))) int grip_platform_tag_acquire(void);
/* Gives back a tag grip_platform_tag_acquire handed out (others are ignored). */
__attribute__((visibility("hidden"))) void grip_platform_tag_release(int tag);

/* The calling thread's message of its last failed grip_engine_create ("" when it succeeded):
 * set copies text (truncated to fit), get returns the thread's own buffer, never NULL. */
__attribute__((visibility("hidden"))) void grip_platform_create_error_set(const char *text, size_t length);
__attribute__((visibility("hidden"))) const char *grip_platform_create_error_get(void);

#endif
