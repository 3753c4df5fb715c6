/* test_numbers.c: the numbers of scene files (Sources/CScene/numbers.c, compiled into this
 * program), against the C library's correctly rounded strtod and printf.
 *
 * The writer's text must read back to the same double bit for bit and be the shortest that does:
 * no decimal of one digit fewer reads back (the candidates are the double correctly rounded to
 * that many digits and its two neighbours at that length). Its notation is %g's: where the first
 * of %.15g, %.16g, %.17g that reads back is as short, the texts are equal. The reader must give
 * strtod's double for every JSON number. Random doubles of every exponent, random doubles of
 * scene-like sizes, and the edges (subnormals, powers of two, 1e-300, 1e21, -0.0, integers up
 * to 2^53, 0.1, 1/3, ties between two doubles) are checked, and 64-bit whole numbers against
 * printf's. */
#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "numbers.h"

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint64_t next_random(void) { /* xorshift64* */
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ull;
}

static double from_bits(uint64_t b) {
    double v;
    memcpy(&v, &b, sizeof v);
    return v;
}
static uint64_t bits_of(double v) {
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

/* The significant digits a JSON number text has (leading zeros, the point and the exponent not
 * counted). */
static int significant_digits(const char *s) {
    int n = 0, started = 0, last = 0;
    for (; *s && *s != 'e'; s++) {
        if (*s < '0' || *s > '9') continue;
        if (*s != '0') started = 1;
        if (started) {
            n++;
            if (*s != '0') last = n;
        }
    }
    return last; /* trailing zeros of a whole number do not count */
}

/* Whether some decimal of `digits` significant digits reads back to v: v correctly rounded to
 * that many digits, or one unit of its last digit either side. */
static int shorter_reads_back(double v, int digits) {
    if (digits < 1) return 0;
    char text[64];
    snprintf(text, sizeof text, "%.*e", digits - 1, v);
    char *e = strchr(text, 'e');
    int exponent = atoi(e + 1);
    unsigned long long mantissa = 0;
    for (char *p = text; p < e; p++)
        if (*p >= '0' && *p <= '9') mantissa = mantissa * 10 + (unsigned long long)(*p - '0');
    for (int delta = -1; delta <= 1; delta++) {
        char candidate[64];
        snprintf(candidate, sizeof candidate, "%s%llue%d", v < 0 ? "-" : "", mantissa + (unsigned long long)delta,
                 exponent - (digits - 1));
        if (mantissa + (unsigned long long)delta == 0) continue;
        if (bits_of(strtod(candidate, NULL)) == bits_of(v)) return 1;
    }
    return 0;
}

/* What scene files wrote before the integer path: the first of %.15g .. %.17g that reads back
 * (from %.1g for subnormals). */
static void reference(char *buf, size_t size, double v) {
    if (v == 0) {
        snprintf(buf, size, "%s", signbit(v) ? "-0.0" : "0");
        return;
    }
    for (int p = fabs(v) < DBL_MIN ? 1 : 15; p <= 17; p++) {
        snprintf(buf, size, "%.*g", p, v);
        if (strtod(buf, NULL) == v) return;
    }
}

static long printed, printer_failures;

/* Formats v and checks the text: reads back, shortest, %g's notation. */
static void check_printed(double v) {
    char text[40], ref[40];
    gs_format_number(text, sizeof text, v);
    printed++;
    int bad = 0;
    if (bits_of(strtod(text, NULL)) != bits_of(v)) bad = 1;
    int n = significant_digits(text);
    if (v != 0 && shorter_reads_back(v, n - 1)) bad = 2;
    reference(ref, sizeof ref, v);
    if (strcmp(text, ref) != 0 && significant_digits(ref) <= n) bad = 3;
    /* JSON: no '+' before the number, no leading '.', no "inf" or "nan". */
    if (text[0] == '+' || text[0] == '.' || strchr(text, 'n') || strchr(text, 'i')) bad = 4;
    if (bad && printer_failures++ < 10)
        printf("printer: %.17g (bits %016llx) gave \"%s\" (%s; %%g gives \"%s\")\n", v, (unsigned long long)bits_of(v),
               text,
               bad == 1   ? "does not read back"
               : bad == 2 ? "a shorter text reads back"
               : bad == 3 ? "differs from %g"
                          : "not JSON",
               ref);
}

static long read_count, reader_failures;

/* Reads text with gs_read_number and checks it is strtod's double. */
static void check_read(const char *text) {
    double got = 0, want = strtod(text, NULL);
    read_count++;
    int ok = gs_read_number(text, strlen(text), &got) && bits_of(got) == bits_of(want);
    if (!ok && reader_failures++ < 10)
        printf("reader: \"%s\" gave %.17g (bits %016llx), strtod %.17g (bits %016llx)\n", text, got,
               (unsigned long long)bits_of(got), want, (unsigned long long)bits_of(want));
}

static void test_printer_edges(void) {
    struct {
        double v;
        const char *text;
    } cases[] = {
        {0.1, "0.1"},
        {0.3, "0.3"},
        {1.0 / 3, "0.3333333333333333"},
        {2.0 / 3, "0.6666666666666666"},
        {0.1 + 0.2, "0.30000000000000004"},
        {1.5, "1.5"},
        {-42.5, "-42.5"},
        {100, "100"},
        {1200, "1200"},
        {0, "0"},
        {-0.0, "-0.0"},
        {0.0001, "0.0001"},
        {0.00012345, "0.00012345"},
        {1e-5, "1e-05"},
        {1.5e-7, "1.5e-07"},
        {123456789012345, "123456789012345"},
        {1e15, "1e+15"},
        {1.5e15, "1.5e+15"},
        {1234567890123456, "1234567890123456"},
        {9007199254740991, "9007199254740991"},     /* 2^53 - 1 */
        {9007199254740992, "9007199254740992"},     /* 2^53 */
        {2251799813685248.5, "2251799813685248.5"}, /* 2^51 + 1/2 */
        {1e16, "1e+16"},
        {1e21, "1e+21"},
        {1e22, "1e+22"},
        {1e-300, "1e-300"},
        {DBL_MAX, "1.7976931348623157e+308"},
        {DBL_MIN, "2.2250738585072014e-308"},
        {5e-324, "5e-324"},                                  /* the smallest subnormal */
        {2.2250738585072009e-308, "2.225073858507201e-308"}, /* the largest subnormal */
        {2534.9236856765265, "2534.9236856765265"},
        {0.5, "0.5"},
        {0.25, "0.25"},
        {0.125, "0.125"},
        {3.0517578125e-05, "3.0517578125e-05"}, /* 2^-15 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[40];
        gs_format_number(text, sizeof text, cases[i].v);
        CHECK_STR(text, cases[i].text);
        check_printed(cases[i].v);
    }
    /* Every power of two, the doubles either side of it, and every integer near 2^53. */
    for (int e = -1074; e <= 1023; e++) {
        double p = ldexp(1, e);
        check_printed(p);
        check_printed(nextafter(p, 0));
        check_printed(nextafter(p, INFINITY));
        check_printed(-p);
    }
    for (int64_t i = -1000; i <= 1000; i++) {
        check_printed((double)((1ll << 53) + i));
        check_printed((double)i);
        check_printed((double)i / 10);
        check_printed((double)i / 1000);
    }
}

static void test_printer_random(void) {
    /* Bit patterns: every exponent (subnormals included), finite only. */
    for (int i = 0; i < 200000; i++) {
        double v = from_bits(next_random());
        if (isfinite(v)) check_printed(v);
    }
    /* Scene-like numbers: coordinates and sizes in [0, 10^k) for k from -6 to 16. */
    for (int i = 0; i < 800000; i++) {
        int k = (int)(next_random() % 23) - 6;
        double v = (double)(next_random() >> 11) / 9007199254740992.0 * pow(10, k);
        check_printed(i & 1 ? -v : v);
    }
    /* Whole numbers and short decimals, as a hand-written scene has them. */
    for (int i = 0; i < 200000; i++) {
        double whole = (double)(next_random() % 100000000);
        check_printed(whole);
        check_printed(whole / 100);
    }
    CHECK_INT(printer_failures, 0);
    CHECK(printed > 1400000);
}

static void test_reader(void) {
    const char *edges[] = {
        "0",
        "-0",
        "0.0",
        "-0.0",
        "1",
        "0.1",
        "0.3",
        "0.30000000000000004",
        "1e21",
        "1e-300",
        "5e-324",
        "2.2250738585072014e-308",
        "1.7976931348623157e+308",
        "1e400",
        "-1e400",
        "1e-400",
        "9007199254740993",    /* 2^53 + 1: a tie, to the even 2^53 */
        "2251799813685248.25", /* a tie between 2^51's neighbours 2251799813685248 and .5: to the even */
        "2251799813685248.75", /* a tie between ...248.5 (odd) and ...249 (even) */
        "2251799813685248.7500000000000001",
        "0.1000000000000000055511151231257827",
        "123456789012345678",
        "1234567890123456789",
        "12345678901234567890",
        "0.000001",
        "0.0000012345678901234567",
        "3.0517578125e-05",
        "1E5",
        "1e+5",
        "1.5E-3",
        "2534.9236856765265",
        "2534.92368567652650000",
        "100000000000000000000000",
        "0.00000000000000000001",
        "4.9406564584124654e-324",
        "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791",
    };
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) check_read(edges[i]);
    /* Doubles of every exponent, written with 17 digits and with the shortest text. */
    for (int i = 0; i < 500000; i++) {
        double v = from_bits(next_random());
        if (!isfinite(v)) continue;
        char text[40];
        snprintf(text, sizeof text, "%.17g", v);
        check_read(text);
        gs_format_number(text, sizeof text, v);
        check_read(text);
    }
    /* Random decimals: 1 to 20 digits, the point anywhere, an exponent or none. */
    for (int i = 0; i < 1000000; i++) {
        char text[64];
        int n = 1 + (int)(next_random() % 20), point = (int)(next_random() % (unsigned)(n + 1)), at = 0;
        if (next_random() & 1) text[at++] = '-';
        for (int d = 0; d < n; d++) {
            if (d == point && d > 0) text[at++] = '.';
            int digit = (int)(next_random() % 10);
            text[at++] = (char)('0' + (d == 0 && n > 1 && digit == 0 ? 1 : digit));
        }
        if (next_random() % 3 == 0) at += snprintf(text + at, sizeof text - (size_t)at, "e%d", (int)(next_random() % 60) - 30);
        text[at] = 0;
        check_read(text);
    }
    /* Scene-like numbers as the writer writes them. */
    for (int i = 0; i < 500000; i++) {
        double v = (double)(next_random() >> 11) / 9007199254740992.0 * 4000;
        char text[40];
        gs_format_number(text, sizeof text, v);
        check_read(text);
    }
    CHECK_INT(reader_failures, 0);
    CHECK(read_count > 2400000);
}

/* Whole numbers of 64 bits (ids, user_data) as their digits. */
static void test_u64(void) {
    char text[24], want[24];
    gs_format_u64(text, 0);
    CHECK_STR(text, "0");
    gs_format_u64(text, 10);
    CHECK_STR(text, "10");
    CHECK_INT(gs_format_u64(text, UINT64_MAX), 20);
    CHECK_STR(text, "18446744073709551615");
    int bad = 0;
    for (int i = 0; i < 100000; i++) {
        uint64_t v = next_random() >> (next_random() % 64);
        gs_format_u64(text, v);
        snprintf(want, sizeof want, "%llu", (unsigned long long)v);
        bad += strcmp(text, want) != 0;
    }
    CHECK_INT(bad, 0);
}

int main(void) {
    test_u64();
    test_printer_edges();
    test_printer_random();
    test_reader();
    printf("(%ld numbers printed, %ld read)\n", printed, read_count);
    return check_summary("Scene numbers");
}
