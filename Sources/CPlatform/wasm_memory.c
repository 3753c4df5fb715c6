/*
 * memcpy, memmove and memset for grip.wasm, as WebAssembly's bulk memory instructions
 * (memory.copy, memory.fill): smaller than wasi-libc's loops, which they replace in that module.
 * scripts/build-wasm links this file into grip.wasm only, not into libgrip.a, so a C program
 * linking libgrip.a keeps its own C library's functions; native builds compile it to nothing.
 */
#include <stddef.h>

#if defined(__wasm__) && defined(__wasm_bulk_memory__)

void *memcpy(void *restrict dest, const void *restrict src, size_t n) {
    __builtin_memcpy(dest, src, n);
    return dest;
}

void *memmove(void *dest, const void *src, size_t n) {
    __builtin_memmove(dest, src, n);
    return dest;
}

void *memset(void *dest, int c, size_t n) {
    __builtin_memset(dest, c, n);
    return dest;
}

#else
typedef int grip_wasm_memory_unused; /* (a translation unit declares something) */
#endif
