/* CPlatform: the few C functions libgrip.so defines for itself so that it needs no newer glibc
 * than 2.25 (see random.c). Nothing here is exported from the library. */
#ifndef GRIP_CPLATFORM_H
#define GRIP_CPLATFORM_H

#include <stddef.h>

/* Fills buffer with length random bytes (from getrandom). */
__attribute__((visibility("hidden"))) void arc4random_buf(void *buffer, size_t length);

#endif
