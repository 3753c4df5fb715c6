/* Counts heap allocations made by anything in the process (libgrip.so included): the bench
 * binary defines malloc and friends, which the dynamic linker prefers over libc's, and forwards
 * to glibc's __libc_* entry points. */
#include <stddef.h>
#include <errno.h>
#include "alloc_count.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static unsigned long long allocations;

unsigned long long alloc_count(void) { return allocations; }

void *malloc(size_t n) {
    allocations++;
    return __libc_malloc(n);
}
void *calloc(size_t n, size_t m) {
    allocations++;
    return __libc_calloc(n, m);
}
void *realloc(void *p, size_t n) {
    allocations++;
    return __libc_realloc(p, n);
}
void free(void *p) { __libc_free(p); }
void *memalign(size_t a, size_t n) {
    allocations++;
    return __libc_memalign(a, n);
}
void *aligned_alloc(size_t a, size_t n) {
    allocations++;
    return __libc_memalign(a, n);
}
int posix_memalign(void **out, size_t a, size_t n) {
    void *p;
    allocations++;
    p = __libc_memalign(a, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
