/* The allocator of counted_malloc.c: what it has counted so far in this process. */
#ifndef COUNTED_MALLOC_H
#define COUNTED_MALLOC_H

#include <stddef.h>

extern size_t counted_live;                    /* bytes allocated and not freed */
extern size_t counted_peak;                    /* the most counted_live has been (a program may reset it) */
extern unsigned long long counted_allocations; /* allocations made (malloc, calloc, realloc, aligned) */

#endif
