/* Numbers of scene files, independent of the host's locale. */
#define _POSIX_C_SOURCE 200809L
#include "numbers.h"

#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool gs_with_c_numbers(void (*body)(void *ctx), void *ctx) {
#ifdef __wasi__
    /* wasi-libc (musl's stdio) reads and writes numbers with "." in every locale, and its
     * newlocale would read the environment: nothing to switch. */
    body(ctx);
    return true;
#else
    locale_t c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    if (c == (locale_t)0) return false;
    locale_t old = uselocale(c);
    body(ctx);
    uselocale(old);
    freelocale(c);
    return true;
#endif
}

bool gs_read_number(const char *text, size_t length, double *value) {
    char small[64];
    char *copy = length < sizeof small ? small : (char *)malloc(length + 1);
    if (copy == NULL) return false;
    memcpy(copy, text, length);
    copy[length] = 0;
    *value = strtod(copy, NULL);
    if (copy != small) free(copy);
    return true;
}

/* At most 17 significant digits identify a double, and at least 15 are needed only when fewer do
 * not read back; so the first of %.15g, %.16g, %.17g that reads back is the shortest (%g drops
 * trailing zeros). Subnormals, with fewer bits, are tried from 1 digit up. */
void gs_format_number(char *buf, size_t size, double v) {
    if (v == 0) {
        snprintf(buf, size, "%s", signbit(v) ? "-0.0" : "0");
        return;
    }
    /* Whole numbers below 1e15 (most coordinates and sizes) are their digits: the same text %.15g
     * gives, without formatting and reading back three times (a third of a scene's save time). */
    if (fabs(v) < 1e15 && v == (double)(long long)v && size >= 18) {
        char digits[20];
        long long n = (long long)v;
        unsigned long long u = n < 0 ? 0ull - (unsigned long long)n : (unsigned long long)n;
        int k = 0;
        do {
            digits[k++] = (char)('0' + u % 10);
            u /= 10;
        } while (u);
        size_t at = 0;
        if (n < 0) buf[at++] = '-';
        while (k) buf[at++] = digits[--k];
        buf[at] = 0;
        return;
    }
    int p = fabs(v) < DBL_MIN ? 1 : 15;
    for (; p < 17; p++) {
        snprintf(buf, size, "%.*g", p, v);
        if (strtod(buf, NULL) == v) return;
    }
    snprintf(buf, size, "%.17g", v);
}
