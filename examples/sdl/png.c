/* png.c: see png.h. */
#include "png.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- checksums ---------------------------------------------------------------------------- */

static uint32_t crc_table[256];

static void crc_init(void) {
    uint32_t n, c;
    int k;
    for (n = 0; n < 256; n++) {
        c = n;
        for (k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
}

static uint32_t crc_update(uint32_t crc, const unsigned char *p, size_t n) {
    while (n--) crc = crc_table[(crc ^ *p++) & 0xFF] ^ (crc >> 8);
    return crc;
}

static uint32_t adler32(const unsigned char *p, size_t n) {
    uint32_t a = 1, b = 0;
    while (n > 0) {
        size_t chunk = n < 5552 ? n : 5552; /* the most bytes before b can overflow */
        n -= chunk;
        while (chunk--) {
            a += *p++;
            b += a;
        }
        a %= 65521;
        b %= 65521;
    }
    return (b << 16) | a;
}

/* ---- deflate, fixed Huffman codes --------------------------------------------------------- */

typedef struct bits {
    unsigned char *out;
    size_t len;
    uint32_t acc;
    int count;
} bits;

static void put_bits(bits *w, uint32_t value, int n) { /* LSB first, as deflate packs them */
    w->acc |= value << w->count;
    w->count += n;
    while (w->count >= 8) {
        w->out[w->len++] = (unsigned char)(w->acc & 0xFF);
        w->acc >>= 8;
        w->count -= 8;
    }
}

static void put_code(bits *w, uint32_t code, int n) { /* Huffman codes go MSB first */
    uint32_t r = 0;
    int i;
    for (i = 0; i < n; i++) r |= ((code >> i) & 1u) << (n - 1 - i);
    put_bits(w, r, n);
}

static void put_symbol(bits *w, int sym) {
    if (sym < 144) put_code(w, 0x30u + (uint32_t)sym, 8);
    else if (sym < 256) put_code(w, 0x190u + (uint32_t)(sym - 144), 9);
    else if (sym < 280) put_code(w, (uint32_t)(sym - 256), 7);
    else put_code(w, 0xC0u + (uint32_t)(sym - 280), 8);
}

static const int len_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const int len_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const int dist_base[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                  257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const int dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

static void put_match(bits *w, int length, int distance) {
    int i = 28, d = 29;
    while (len_base[i] > length) i--;
    put_symbol(w, 257 + i);
    if (len_extra[i]) put_bits(w, (uint32_t)(length - len_base[i]), len_extra[i]);
    while (dist_base[d] > distance) d--;
    put_code(w, (uint32_t)d, 5);
    if (dist_extra[d]) put_bits(w, (uint32_t)(distance - dist_base[d]), dist_extra[d]);
}

#define HASH_BITS 15

static size_t match_length(const unsigned char *p, size_t pos, size_t from, size_t n) {
    size_t len = 0, max = n - pos < 258 ? n - pos : 258;
    while (len < max && p[from + len] == p[pos + len]) len++;
    return len;
}

/* One final fixed-Huffman block; out must hold n * 9 / 8 + 64 bytes. Returns the length. */
static size_t deflate_fixed(const unsigned char *p, size_t n, size_t row, unsigned char *out) {
    bits w = {out, 0, 0, 0};
    size_t pos = 0;
    size_t *head = calloc((size_t)1 << HASH_BITS, sizeof *head); /* position + 1, 0 = none */
    put_bits(&w, 1, 1);                                          /* BFINAL */
    put_bits(&w, 1, 2);                                          /* BTYPE = 01, fixed codes */
    while (pos < n) {
        size_t best = 0, best_dist = 0, cand[3];
        int c, nc = 0;
        uint32_t h = 0;
        if (pos >= 3) cand[nc++] = pos - 3;                     /* the pixel to the left */
        if (pos >= row && row <= 32768) cand[nc++] = pos - row; /* the pixel above */
        if (head && pos + 3 <= n) {
            h = ((uint32_t)p[pos] * 506832829u ^ (uint32_t)p[pos + 1] * 2654435761u ^ (uint32_t)p[pos + 2] * 40503u) >>
                (32 - HASH_BITS);
            if (head[h] && pos - (head[h] - 1) <= 32768) cand[nc++] = head[h] - 1;
        }
        for (c = 0; c < nc; c++) {
            size_t len = match_length(p, pos, cand[c], n);
            if (len > best) {
                best = len;
                best_dist = pos - cand[c];
            }
        }
        if (best >= 3) {
            size_t k;
            put_match(&w, (int)best, (int)best_dist);
            if (head) /* remember the positions the match covered */
                for (k = pos; k < pos + best && k + 3 <= n; k++)
                    head[((uint32_t)p[k] * 506832829u ^ (uint32_t)p[k + 1] * 2654435761u ^ (uint32_t)p[k + 2] * 40503u) >>
                         (32 - HASH_BITS)] = k + 1;
            pos += best;
        } else {
            if (head && pos + 3 <= n) head[h] = pos + 1;
            put_symbol(&w, p[pos]);
            pos++;
        }
    }
    put_symbol(&w, 256); /* end of block */
    if (w.count > 0) put_bits(&w, 0, 8 - w.count);
    free(head);
    return w.len;
}

/* ---- PNG ---------------------------------------------------------------------------------- */

static void be32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

static int chunk(FILE *f, const char *type, const unsigned char *data, size_t n) {
    unsigned char b[4];
    uint32_t crc;
    be32(b, (uint32_t)n);
    if (fwrite(b, 1, 4, f) != 4 || fwrite(type, 1, 4, f) != 4) return -1;
    if (n && fwrite(data, 1, n, f) != n) return -1;
    crc = crc_update(0xFFFFFFFFu, (const unsigned char *)type, 4);
    crc = crc_update(crc, data, n) ^ 0xFFFFFFFFu;
    be32(b, crc);
    return fwrite(b, 1, 4, f) == 4 ? 0 : -1;
}

int png_write_rgba(const char *path, const unsigned char *rgba, int width, int height, size_t pitch) {
    static const unsigned char signature[8] = {137, 'P', 'N', 'G', '\r', '\n', 26, '\n'};
    size_t row = (size_t)width * 3 + 1, raw_len = row * (size_t)height, z_len;
    unsigned char *raw, *z, ihdr[13];
    uint32_t adler;
    FILE *f;
    int x, y, r = 0;
    if (width <= 0 || height <= 0) return -1;
    raw = malloc(raw_len);
    z = malloc(raw_len + raw_len / 8 + 64);
    if (!raw || !z) {
        free(raw);
        free(z);
        return -1;
    }
    for (y = 0; y < height; y++) { /* filter type 0, RGB */
        unsigned char *o = raw + row * (size_t)y;
        const unsigned char *in = rgba + pitch * (size_t)y;
        *o++ = 0;
        for (x = 0; x < width; x++, in += 4) {
            *o++ = in[0];
            *o++ = in[1];
            *o++ = in[2];
        }
    }
    crc_init();
    z[0] = 0x78; /* zlib: deflate, 32 KiB window */
    z[1] = 0x01; /* no dictionary, fastest; (0x78 * 256 + 0x01) % 31 == 0 */
    z_len = 2 + deflate_fixed(raw, raw_len, row, z + 2);
    adler = adler32(raw, raw_len);
    be32(z + z_len, adler);
    z_len += 4;

    be32(ihdr, (uint32_t)width);
    be32(ihdr + 4, (uint32_t)height);
    ihdr[8] = 8;  /* bits per channel */
    ihdr[9] = 2;  /* RGB */
    ihdr[10] = 0; /* deflate */
    ihdr[11] = 0; /* adaptive filtering (every row: none) */
    ihdr[12] = 0; /* not interlaced */
    f = fopen(path, "wb");
    if (!f) r = -1;
    if (!r && fwrite(signature, 1, 8, f) != 8) r = -1;
    if (!r) r = chunk(f, "IHDR", ihdr, sizeof ihdr);
    if (!r) r = chunk(f, "IDAT", z, z_len);
    if (!r) r = chunk(f, "IEND", NULL, 0);
    if (f && fclose(f) != 0) r = -1;
    free(raw);
    free(z);
    return r;
}
