/* Array sizes that fit size_t: on a 32-bit target (wasm32) `count * size` can wrap for counts a
 * large scene file reaches, and a wrapped size would allocate too little. */
#ifndef GS_SIZES_H
#define GS_SIZES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Whether count elements of size bytes (size > 0) fit in a size_t. */
static inline bool gs_fits(size_t count, size_t size) { return count <= SIZE_MAX / size; }

#endif
