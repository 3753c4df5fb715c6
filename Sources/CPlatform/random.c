/*
 * What the Swift standard library asks of the platform that glibc gives only in new versions.
 *
 * Embedded Swift seeds its hashing from arc4random_buf, which glibc has only since 2.36 (Debian
 * 12, Ubuntu 22.10). This definition, hidden inside libgrip.so, takes the bytes from getrandom
 * (glibc 2.25) instead, so the library loads on older systems too. Nothing outside the library
 * sees it.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/random.h>

#include "CPlatform.h"

void arc4random_buf(void *buffer, size_t length) {
    unsigned char *p = buffer;
    static uint64_t fallback = 0x9E3779B97F4A7C15u;
    while (length > 0) {
        ssize_t got = getrandom(p, length > 256 ? 256 : length, 0);
        if (got > 0) {
            p += got;
            length -= (size_t)got;
        } else if (got < 0 && errno == EINTR) {
            continue;
        } else {
            /* No getrandom (a kernel before 3.17): the bytes only seed hash tables, so a
             * splitmix sequence started from the buffer's address is enough. */
            uint64_t z = (fallback += 0x9E3779B97F4A7C15u) ^ (uint64_t)(uintptr_t)p;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
            *p++ = (unsigned char)(z ^ (z >> 31));
            length--;
        }
    }
}
