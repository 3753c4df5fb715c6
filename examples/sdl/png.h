/* png.h: writes 8-bit RGB PNG files with no library: zlib framing, one fixed-Huffman deflate
 * block whose matches look one pixel to the left, one row up, and at the last place the same
 * three bytes were seen (flat UI pictures shrink 20-50x), CRC-32 and Adler-32 done here. */
#ifndef GRIP_SDL_PNG_H
#define GRIP_SDL_PNG_H

#include <stddef.h>

/* rgba: width * height pixels, 4 bytes each (R, G, B, A in memory), rows pitch bytes apart.
 * Alpha is dropped. Returns 0, or -1 when the file cannot be written or memory runs out. */
int png_write_rgba(const char *path, const unsigned char *rgba, int width, int height, size_t pitch);

#endif
