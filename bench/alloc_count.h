/* Heap allocations made so far by the whole process. */
#ifndef ALLOC_COUNT_H
#define ALLOC_COUNT_H
unsigned long long alloc_count(void);
#endif
