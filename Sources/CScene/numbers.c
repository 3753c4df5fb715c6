/* Numbers of scene files, independent of the host's locale.
 *
 * Both directions have an exact integer path for the numbers scene files are made of (a value
 * between about 1e-5 and 9e15 with up to 19 significant digits) and fall back to the C library
 * (strtod, snprintf, in the "C" locale) for the rest. The integer paths compare the decimal with
 * the double's rounding interval in 128-bit integers: a double v = m * 2^e (m < 2^53) rounds
 * every real strictly between (m - 1/2) * 2^e and (m + 1/2) * 2^e to itself, and the two ends to
 * whichever of the two neighbours has an even m (the lower end is (m - 1/4) * 2^e when m = 2^52,
 * the neighbour below being half as far). */
#define _POSIX_C_SOURCE 200809L
#include "numbers.h"

#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 128-bit products (gcc and clang, wasm32 included; __extension__ keeps -pedantic quiet). */
__extension__ typedef unsigned __int128 u128;

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

static const uint64_t pow10_u64[20] = {1ull,
                                       10ull,
                                       100ull,
                                       1000ull,
                                       10000ull,
                                       100000ull,
                                       1000000ull,
                                       10000000ull,
                                       100000000ull,
                                       1000000000ull,
                                       10000000000ull,
                                       100000000000ull,
                                       1000000000000ull,
                                       10000000000000ull,
                                       100000000000000ull,
                                       1000000000000000ull,
                                       10000000000000000ull,
                                       100000000000000000ull,
                                       1000000000000000000ull,
                                       10000000000000000000ull};

/* 10^k for k in [0, 22], each exactly a double. */
static const double pow10_double[23] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* 10^k for k in [0, 21]. */
static u128 pow10_128(int k) { return k < 20 ? (u128)pow10_u64[k] : (u128)pow10_u64[19] * pow10_u64[k - 19]; }

/* The parts of a positive finite double: v = m * 2^e2, with the exponent field (0: subnormal). */
typedef struct parts {
    uint64_t m;
    int e2, field;
} parts;

static parts parts_of(double v) {
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    parts p;
    p.field = (int)(bits >> 52 & 0x7FF);
    uint64_t fraction = bits & ((1ull << 52) - 1);
    p.m = p.field ? fraction | 1ull << 52 : fraction;
    p.e2 = (p.field ? p.field : 1) - 1075;
    return p;
}

/* The lower end of v's rounding interval as a multiple of 2^(e2 - 2): 4m - 2, or 4m - 1 when the
 * double below is half as far (m = 2^52 and v is not the smallest normal). */
static uint64_t lower_end(parts p) { return 4 * p.m - (p.m == 1ull << 52 && p.field > 1 ? 1 : 2); }

/* x >> s for s in [1, 127], and x * 10^k (k <= 21, x below 2^56), written out in 64-bit halves:
 * this file is built for size (-Oz), which turns 128-bit shifts and divisions by constants
 * into calls. */
static u128 shift_right(u128 x, int s) {
    uint64_t hi = (uint64_t)(x >> 64), lo = (uint64_t)x;
    if (s >= 64) return hi >> (s - 64);
    return (u128)(hi >> s) << 64 | (lo >> s | hi << (64 - s));
}

/* x << s for s in [0, 127] (x below 2^(128 - s)). */
static u128 shift_left(u128 x, int s) {
    uint64_t hi = (uint64_t)(x >> 64), lo = (uint64_t)x;
    if (s >= 64) return (u128)(lo << (s - 64)) << 64;
    if (s == 0) return x;
    return (u128)(hi << s | lo >> (64 - s)) << 64 | (lo << s);
}

static u128 times_pow10(uint64_t x, int k) {
    if (k < 20) return (u128)x * pow10_u64[k];
    return (u128)x * pow10_u64[19] * pow10_u64[k - 19];
}

/* floor(n * BY_5_POW_9 / 2^75) is floor(n / 5^9) for every n below 2^54: the constant exceeds
 * 2^75 / 5^9 by e < 5^9, which adds n * e / 2^75 < 1 / 5^9 to the quotient. */
#define BY_5_POW_9 ((uint64_t)((((u128)1 << 75) / 1953125) + 1))

/* n / 10 by the multiplication a compiler uses when optimising for speed. */
static uint64_t tenth(uint64_t n) { return (uint64_t)(((u128)n * 0xCCCCCCCCCCCCCCCDull) >> 64) >> 3; }

/* ---- reading -------------------------------------------------------------------------------- */

/* The double next to positive finite v, above (up) or below. */
static double next_to(double v, bool up) {
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    bits = up ? bits + 1 : bits - 1;
    memcpy(&v, &bits, sizeof v);
    return v;
}

/* digits / 10^k (digits < 2^64, 1 <= k <= 21), correctly rounded, into *value; false when the
 * result is not a double below 2^53 that this path decides. */
static bool quotient(uint64_t digits, int k, double *value) {
    /* Two roundings (the conversion, the division by the exact 10^k) leave r within one unit of
     * the last place of the answer: r or a neighbour, which the exact comparison picks. */
    double r = (double)digits / pow10_double[k];
    u128 scale = pow10_128(k);
    for (int tries = 0; tries < 3; tries++) {
        parts p = parts_of(r);
        if (p.field == 0 || p.e2 >= 0) return false;
        /* digits / 10^k against the interval's ends, all times 10^k * 2^(2 - e2): digits * 2^(2 - e2)
         * is below 2^126 (it is about 4m * 10^k, as the ends are). */
        int shift = 2 - p.e2;
        if (shift > 127 || (shift > 63 && digits >> (127 - shift) != 0)) return false; /* (never: see above) */
        u128 c = shift_left(digits, shift);
        u128 lo = (u128)lower_end(p) * scale, hi = (u128)(4 * p.m + 2) * scale;
        bool odd = p.m & 1;
        if (c < lo || (c == lo && odd)) r = next_to(r, false);
        else if (c > hi || (c == hi && odd)) r = next_to(r, true);
        else {
            *value = r;
            return true;
        }
    }
    return false;
}

/* The JSON number text[0..length) by the integer path; false when it is not one the path takes. */
static bool read_exact(const char *text, size_t length, double *value) {
    size_t i = 0;
    bool negative = text[0] == '-';
    if (negative) i++;
    uint64_t digits = 0;
    int significant = 0, k = 0;
    bool point = false;
    for (; i < length; i++) {
        char c = text[i];
        if (c == '.') {
            point = true;
            continue;
        }
        if (c < '0' || c > '9') break;
        if (digits == 0 && c == '0') {
            if (point) k++;
            continue;
        }
        if (++significant > 19) return false;
        digits = digits * 10 + (uint64_t)(c - '0');
        if (point) k++;
    }
    if (i < length) { /* an exponent */
        i++;
        bool minus = text[i] == '-';
        if (text[i] == '-' || text[i] == '+') i++;
        int e = 0;
        for (; i < length; i++) {
            if (e > 1000) return false;
            e = e * 10 + (text[i] - '0');
        }
        k += minus ? e : -e;
    }
    return gs_decimal_value(digits, k, negative, value);
}

bool gs_decimal_value(uint64_t digits, int k, bool negative, double *value) {
    double v;
    if (digits == 0) v = 0;
    else if (digits <= 1ull << 53 && k >= -22 && k <= 22) {
        /* Both exact: one rounding (the multiplication or division), the correct one. */
        v = k >= 0 ? (double)digits / pow10_double[k] : (double)digits * pow10_double[-k];
    } else if (k >= 1 && k <= 21) {
        if (!quotient(digits, k, &v)) return false;
    } else return false;
    *value = negative ? -v : v;
    return true;
}

bool gs_read_number(const char *text, size_t length, double *value) {
    if (length > 0 && read_exact(text, length, value)) return true;
    char small[64];
    char *copy = length < sizeof small ? small : (char *)malloc(length + 1);
    if (copy == NULL) return false;
    memcpy(copy, text, length);
    copy[length] = 0;
    *value = strtod(copy, NULL);
    if (copy != small) free(copy);
    return true;
}

/* ---- writing -------------------------------------------------------------------------------- */

/* v's rounding interval scaled by 10^k: its ends (times 2^(e2 - 2)) are lo and hi, inclusive
 * when m is even. Whether an integer lies in it, the integers being [*first, *last]. */
typedef struct interval {
    uint64_t lo, hi;
    int shift;
    bool inclusive;
} interval;

static bool digits_at(const interval *w, int k, uint64_t *first, uint64_t *last) {
    /* ceil(a / 2^shift) is floor((a - 1) / 2^shift) + 1 (a > 0). */
    u128 a = times_pow10(w->lo, k), b = times_pow10(w->hi, k);
    u128 f = shift_right(w->inclusive ? a - 1 : a, w->shift) + 1; /* ceil(a / 2^s), or floor + 1 */
    u128 l = shift_right(w->inclusive ? b : b - 1, w->shift);     /* floor(b / 2^s), or ceil - 1 */
    if (f > l || l >> 64) return false;                           /* (l fits 64 bits from 17 digits down) */
    *first = (uint64_t)f;
    *last = (uint64_t)l;
    return true;
}

/* The shortest decimal d * 10^-k in positive v's rounding interval (nearest v among those of
 * its length): false when v is outside this path (subnormal, from 2^52 up, or more than 21
 * places: below about 1e-5). */
static bool shortest(double v, uint64_t *digits, int *k) {
    parts p = parts_of(v);
    if (p.field == 0 || p.e2 >= 0 || p.e2 < -125) return false;
    interval w = {lower_end(p), 4 * p.m + 2, 2 - p.e2, (p.m & 1) == 0};
    /* x, v's decimal exponent, is floor(log10 2^(field - 1023)) or one more: 17 significant
     * digits, always enough, are at most 17 - x places. */
    int x = ((p.field - 1023) * 78913) >> 18, high = 17 - x;
    uint64_t first = 0, last = 0;
    if (high > 21) high = 21;
    if (high < 0) high = 0;
    if (!digits_at(&w, high, &first, &last)) return false; /* (only below about 1e-5) */
    /* With one place fewer, the integers j in the interval are those with 10 j in [first, last]:
     * ceil(first / 10) to floor(last / 10). Places go while one is left. */
    for (;;) {
        uint64_t up = tenth(first + 9), down = tenth(last);
        if (up > down) break;
        first = up, last = down, high--;
    }
    /* v itself at that scale, rounded half to even, kept inside the interval (from no places
     * down, the interval is narrower than 1: first is the one integer). */
    if (high <= 0 || first == last) {
        *digits = first;
        *k = high;
        return true;
    }
    u128 exact = times_pow10(4 * p.m, high);
    uint64_t d = (uint64_t)shift_right(exact, w.shift);
    u128 rest = exact - shift_left(d, w.shift), half = shift_left(1, w.shift - 1);
    if (rest > half || (rest == half && (d & 1))) d++;
    if (d < first) d = first;
    if (d > last) d = last;
    *digits = d;
    *k = high;
    return true;
}

/* "00" to "99": digits are written two at a time. */
static const char two_digits[201] = "0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849"
                                    "5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899";

/* n / 100 for every 32-bit n, by the multiplication a compiler uses when optimising for speed. */
static uint32_t hundredth(uint32_t n) { return (uint32_t)((uint64_t)n * 0x51EB851Fu >> 37); }

/* Writes v's decimal digits (no leading zeros; at least `width` digits, zero-padded) so that they
 * end just before end; returns where they start. */
static char *digits_before(char *end, uint32_t v, int width) {
    char *d = end;
    for (; v >= 100; v = hundredth(v)) {
        d -= 2;
        memcpy(d, two_digits + 2 * (v - hundredth(v) * 100), 2);
    }
    if (v >= 10) {
        d -= 2;
        memcpy(d, two_digits + 2 * v, 2);
    } else *--d = (char)('0' + v);
    while (end - d < width) *--d = '0';
    return d;
}

/* Writes digits * 10^-k as %.Pg would with P = max(15, the digit count): plain notation for a
 * decimal exponent in [-4, P), otherwise d.ddde+XX. */
static size_t put_decimal(char *buf, bool negative, uint64_t digits, int k) {
    while (digits == tenth(digits) * 10) digits = tenth(digits), k--; /* (a whole number's zeros) */
    /* The digits, written from the last into f's end: the low nine (below 10^17, the numbers
     * split in two halves below 10^9), then the rest. */
    char f[20];
    char *d = f + sizeof f;
    uint64_t billions = (uint64_t)(((u128)(digits >> 9) * BY_5_POW_9) >> 75); /* digits / 10^9 */
    uint32_t low = (uint32_t)(digits - billions * 1000000000u), high = (uint32_t)billions;
    if (high) d = digits_before(digits_before(d, low, 9), high, 1);
    else d = digits_before(d, low, 1);
    int n = (int)(f + sizeof f - d);
    /* The first digit's decimal exponent: */
    int x = n - 1 - k, precision = n > 15 ? n : 15;
    char *o = buf;
    if (negative) *o++ = '-';
    if (x < -4 || x >= precision) {
        *o++ = d[0];
        if (n > 1) {
            *o++ = '.';
            memcpy(o, d + 1, (size_t)(n - 1));
            o += n - 1;
        }
        *o++ = 'e';
        *o++ = x < 0 ? '-' : '+';
        int e = x < 0 ? -x : x;
        if (e >= 100) *o++ = (char)('0' + e / 100);
        *o++ = (char)('0' + e / 10 % 10);
        *o++ = (char)('0' + e % 10);
    } else if (x < 0) {
        *o++ = '0';
        *o++ = '.';
        for (int i = -1; i > x; i--) *o++ = '0';
        memcpy(o, d, (size_t)n);
        o += n;
    } else if (n <= x + 1) { /* whole: the digits, then zeros up to the point */
        memcpy(o, d, (size_t)n);
        o += n;
        for (int i = n; i <= x; i++) *o++ = '0';
    } else { /* the point inside the digits */
        memcpy(o, d, (size_t)(x + 1));
        o += x + 1;
        *o++ = '.';
        memcpy(o, d + x + 1, (size_t)(n - x - 1));
        o += n - x - 1;
    }
    *o = 0;
    return (size_t)(o - buf);
}

/* The decimal of `count` significant digits nearest v, or one unit of its last digit above or
 * below it, that reads back to v (strtod, in the "C" locale): false when none does. */
static bool digits_that_read_back(double v, int count, uint64_t *digits, int *k) {
    char text[40];
    snprintf(text, sizeof text, "%.*e", count - 1, v);
    const char *e = strchr(text, 'e');
    if (e == NULL) return false;
    uint64_t nearest = 0;
    for (const char *c = text; c < e; c++)
        if (*c >= '0' && *c <= '9') nearest = nearest * 10 + (uint64_t)(*c - '0');
    int places = count - 1 - atoi(e + 1);
    for (int delta = 0; delta <= 2; delta++) {
        uint64_t d = delta == 0 ? nearest : delta == 1 ? nearest + 1
                                                       : nearest - 1;
        if (d == 0) continue;
        snprintf(text, sizeof text, "%llue%d", (unsigned long long)d, -places);
        if (strtod(text, NULL) == v) {
            *digits = d;
            *k = places;
            return true;
        }
    }
    return false;
}

/* The integer path, else (subnormals, magnitudes from 2^52 up or below about 1e-5): at most 17
 * significant digits identify a double, and fewer than 15 only when 15 do with trailing zeros;
 * so the first count of 15, 16, 17 digits with a decimal that reads back gives the shortest
 * (from 1 digit up for subnormals, with fewer bits). The candidates of a count are the nearest
 * decimal and its two neighbours: where v is a power of two the double below is half as far
 * as the one above, and the nearest may miss where the one above reads back. */
size_t gs_format_number(char *buf, size_t size, double v) {
    if (v == 0 || size < 32) {
        snprintf(buf, size, "%s", v == 0 && signbit(v) ? "-0.0" : "0");
        return strlen(buf);
    }
    uint64_t digits;
    int k;
    if (shortest(fabs(v), &digits, &k)) return put_decimal(buf, v < 0, digits, k);
    for (int count = fabs(v) < DBL_MIN ? 1 : 15; count <= 17; count++)
        if (digits_that_read_back(fabs(v), count, &digits, &k)) return put_decimal(buf, v < 0, digits, k);
    snprintf(buf, size, "%.17g", v); /* (never: 17 digits always read back) */
    return strlen(buf);
}

size_t gs_format_u64(char *buf, uint64_t v) {
    /* Nine digits at a time from the last: 10^9 parts fit 32 bits. */
    char f[20];
    char *d = f + sizeof f;
    while (v >= 1000000000u) {
        uint64_t q = v / 1000000000u;
        d = digits_before(d, (uint32_t)(v - q * 1000000000u), 9);
        v = q;
    }
    d = digits_before(d, (uint32_t)v, 1);
    size_t n = (size_t)(f + sizeof f - d);
    memcpy(buf, d, n);
    buf[n] = 0;
    return n;
}
