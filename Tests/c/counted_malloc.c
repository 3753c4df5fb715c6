/* counted_malloc.c: a program's own malloc, calloc, realloc, free and aligned allocations (the
 * dynamic linker prefers them to libc's for libgrip.so too). They forward to glibc's __libc_*
 * entry points and count the bytes live and their peak (with malloc_usable_size) and every
 * allocation made. Linked into programs that measure the library's memory; not into sanitizer
 * builds, which bring their own malloc. */
#define _GNU_SOURCE
#include "counted_malloc.h"

#include <errno.h>
#include <malloc.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

size_t counted_live, counted_peak;
unsigned long long counted_allocations;

static void *counted(void *p) {
    if (p) {
        counted_allocations++;
        counted_live += malloc_usable_size(p);
        if (counted_live > counted_peak) counted_peak = counted_live;
    }
    return p;
}
static void uncount(void *p) {
    if (p) counted_live -= malloc_usable_size(p);
}
void *malloc(size_t n) { return counted(__libc_malloc(n)); }
void *calloc(size_t n, size_t m) { return counted(__libc_calloc(n, m)); }
void *realloc(void *p, size_t n) {
    uncount(p);
    void *q = __libc_realloc(p, n);
    if (q == NULL && p != NULL && n != 0) return counted(p), NULL; /* p is still allocated */
    return counted(q);
}
void free(void *p) {
    uncount(p);
    __libc_free(p);
}
void *memalign(size_t a, size_t n) { return counted(__libc_memalign(a, n)); }
void *aligned_alloc(size_t a, size_t n) { return counted(__libc_memalign(a, n)); }
int posix_memalign(void **out, size_t a, size_t n) {
    void *p = counted(__libc_memalign(a, n));
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
