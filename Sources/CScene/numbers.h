/* Numbers in scene files are written and read in the "C" locale, whatever locale the host has
 * set: a file's bytes never depend on it (a decimal comma or a multi-byte decimal point would
 * not be JSON). */
#ifndef CSCENE_NUMBERS_H
#define CSCENE_NUMBERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Runs body(ctx) with the calling thread's numeric locale set to "C" (uselocale: other threads
 * and the process's locale are untouched), then restores the thread's locale. false, without
 * running body, when no locale object could be made (out of memory). */
bool gs_with_c_numbers(void (*body)(void *ctx), void *ctx);

/* The double that the JSON number text[0..length) denotes, correctly rounded (strtod, inside
 * gs_with_c_numbers). false when a long number's copy found no memory. */
bool gs_read_number(const char *text, size_t length, double *value);

/* digits * 10^-k (negated when negative) correctly rounded into *value, without the C library;
 * false (nothing written) for the values this does not decide: it decides every one of at most
 * 19 digits that is zero, of at most 16 digits with |k| <= 22, or below 2^53 with 1 <= k <= 21. */
bool gs_decimal_value(uint64_t digits, int k, bool negative, double *value);

/* The shortest decimal that reads back to v (finite) exactly, NUL-terminated, into buf of at
 * least 32 bytes (inside gs_with_c_numbers); returns its length. Integral text gets no ".0"
 * except -0. */
size_t gs_format_number(char *buf, size_t size, double v);

/* v's decimal digits, NUL-terminated, into buf of at least 21 bytes; returns their count. */
size_t gs_format_u64(char *buf, uint64_t v);

#endif
