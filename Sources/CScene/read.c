/* Reading scene files: one pass over the text, straight into an array of grip_box_desc. The
 * parser is written for this format rather than taken from a general JSON library: it keeps no
 * tree (memory is the text plus the boxes it describes), knows where every value starts (so a
 * message names the line and column of the bad value itself), and reads numbers in the "C"
 * locale whatever the host's locale is (numbers.c).
 *
 * It reads all of JSON (RFC 8259): strings are checked for valid UTF-8 and escapes, numbers for
 * the JSON grammar, nesting is bounded (GS_MAX_DEPTH). Values the format does not know are
 * checked and skipped. A syntax error anywhere refuses the text; otherwise the file's own errors
 * are reported in the order a reader would check them: the root, the version, the bounds, the
 * box list, then the boxes in order (within a box: id, parent, the fields in grip_box_desc's
 * order, the centre). */
#include "include/CScene.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../Include/grip.h"
#include "grip_names.h"
#include "numbers.h"
#include "sizes.h"

/* Arrays and objects nest at most this deep (deeper text is refused, so no input can exhaust
 * memory or time through nesting). */
#define GS_MAX_DEPTH 512
/* Keys and names longer than this match nothing the format knows (they are still checked). */
#define NAME_CAPACITY 32

/* Where a check of the file's content failed, ordered as the checks are: the class first (root,
 * version, bounds, list, box), then the box's index, then the check within the box. */
enum { RANK_ROOT = 1,
       RANK_VERSION,
       RANK_BOUNDS,
       RANK_LIST,
       RANK_BOX };
enum { BOX_SHAPE,
       BOX_ID,
       BOX_ID_TWICE,
       BOX_PARENT,
       BOX_FIELD /* + field index */,
       BOX_CENTER = 250,
       BOX_KEY = 251,
       BOX_REFUSED /* by the reader's box function */ };

static uint64_t rank_of(int cls, size_t index, int check) {
    return ((uint64_t)cls << 56) | ((uint64_t)(index & 0xFFFFFFFFFFull) << 8) | (uint64_t)check;
}

/* Earlier boxes' ids -> their index; open addressing, grown at half full. */
typedef struct id_table {
    int64_t *ids;
    uint32_t *indices; /* (a scene has at most max_boxes, a uint32_t, boxes) */
    unsigned char *used;
    size_t mask, count;
    bool hashed; /* false while box i's id has been i + 1 (what a save writes): no table needed */
} id_table;

typedef struct parser {
    const char *s;
    size_t n, p;
    gs_scene *out;
    size_t limit; /* boxes stored at most (0: no limit) */
    /* A syntax error (or no memory): everything stops. */
    bool broken;
    size_t key_at; /* where the key of the member being read starts */
    /* The first failed check of the content, by rank. */
    uint64_t rank;
    const gs_reader *reader;
    unsigned char *depths; /* [capacity]: each stored box's nesting depth (0: top level), at most 255 */
    size_t capacity;
    id_table ids;
    /* grip_box_desc's fields by name: open-addressed slots holding a field's index + 1. */
    unsigned char field_slots[128];
    grip_box_desc defaults; /* grip_box_desc_init's */
} parser;

/* ---- errors --------------------------------------------------------------------------------- */

/* 1-based line and column (in characters: UTF-8 continuation bytes do not count) of offset p. */
void gs_line_column(const char *s, size_t length, size_t p, size_t *line, size_t *column) {
    *line = 1;
    *column = 1;
    if (p > length) p = length;
    for (size_t i = 0; i < p; i++) {
        if (s[i] == '\n') {
            ++*line;
            *column = 1;
        } else if (((unsigned char)s[i] & 0xC0) != 0x80) {
            ++*column;
        }
    }
}

static void vmessage(parser *P, size_t at, const char *format, va_list ap) {
    size_t line, column;
    gs_line_column(P->s, P->n, at, &line, &column);
    char *m = P->out->message;
    size_t cap = sizeof P->out->message;
    int k = snprintf(m, cap, "line %zu, column %zu: ", line, column);
    if (k > 0 && (size_t)k < cap) vsnprintf(m + k, cap - (size_t)k, format, ap);
}

/* A syntax error at P->p (at the end of the text: at its last character). Returns false. */
static bool syntax(parser *P, const char *format, ...) {
    if (P->broken) return false;
    P->broken = true;
    size_t at = P->p;
    if (at >= P->n) {
        /* The end of the text: the column of its last character (0 in an empty text). */
        size_t line, column;
        gs_line_column(P->s, P->n, P->n ? P->n - 1 : 0, &line, &column);
        if (P->n == 0) column = 0;
        int k = snprintf(P->out->message, sizeof P->out->message, "line %zu, column %zu: ", line, column);
        va_list ap;
        va_start(ap, format);
        if (k > 0 && (size_t)k < sizeof P->out->message)
            vsnprintf(P->out->message + k, sizeof P->out->message - (size_t)k, format, ap);
        va_end(ap);
        return false;
    }
    va_list ap;
    va_start(ap, format);
    vmessage(P, at, format, ap);
    va_end(ap);
    return false;
}

/* A key the object already had (a key the format knows; unknown ones are not compared). */
static bool duplicate(parser *P, const char *key) {
    P->p = P->key_at;
    return syntax(P, "duplicate key \"%s\"", key);
}

static bool out_of_memory(parser *P) {
    if (!P->broken) {
        P->broken = true;
        P->out->nomem = true;
        snprintf(P->out->message, sizeof P->out->message, "out of memory");
    }
    return false;
}

/* Notes a failed check of the content at offset `at`, kept when it comes before every failed
 * check noted so far. Parsing goes on: a syntax error later in the text still wins. */
static void refuse(parser *P, uint64_t rank, size_t at, const char *format, ...) {
    if (P->rank != 0 && P->rank <= rank) return;
    P->rank = rank;
    P->out->status = GRIP_ERR_ARG;
    va_list ap;
    va_start(ap, format);
    vmessage(P, at, format, ap);
    va_end(ap);
}

/* ---- tokens --------------------------------------------------------------------------------- */

/* This file is compiled for size (-Oz), which calls even the smallest helper: the helpers the
 * scanner runs at every token are inlined into their callers instead. */
#define HOT static inline __attribute__((always_inline))

/* Steps over white space: one comparison for a byte that is none (most bytes), a loop over a run
 * of it (indentation). */
HOT void space(parser *P) {
    const unsigned char *u = (const unsigned char *)P->s;
    size_t p = P->p, n = P->n;
    if (p < n && u[p] > ' ') return;
    while (p < n && (u[p] == ' ' || u[p] == '\n' || u[p] == '\t' || u[p] == '\r')) p++;
    P->p = p;
}

HOT int peek(parser *P) { return P->p < P->n ? (unsigned char)P->s[P->p] : -1; }

/* Consumes c (after white space) or fails with a syntax error. */
static bool expected(parser *P, const char *what) {
    return syntax(P, peek(P) < 0 ? "end of text where %s was expected" : "%s expected", what);
}
HOT bool expect(parser *P, char c, const char *what) {
    space(P);
    if (peek(P) == (unsigned char)c) {
        P->p++;
        return true;
    }
    return expected(P, what);
}

static int hex(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Four hex digits at P->p. */
static bool hex4(parser *P, unsigned *out) {
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        int d = P->p < P->n ? hex((unsigned char)P->s[P->p]) : -1;
        if (d < 0) return syntax(P, "\\u must be followed by four hex digits");
        v = v * 16 + (unsigned)d;
        P->p++;
    }
    *out = v;
    return true;
}

/* The length of the valid UTF-8 sequence at s[0..n) (lead byte >= 0x80), or 0. */
static size_t utf8_length(const unsigned char *s, size_t n) {
    unsigned c = s[0];
    size_t len;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) len = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0) lo = 0xA0;      /* no overlong forms */
        else if (c == 0xED) hi = 0x9F; /* no surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0) lo = 0x90;
        else if (c == 0xF4) hi = 0x8F; /* nothing past U+10FFFF */
    } else return 0;
    if (n < len || s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < len; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    return len;
}

/* Puts one code point's UTF-8 into name (when it fits). */
static void put_code_point(char *name, size_t *len, unsigned cp) {
    unsigned char b[4];
    size_t k;
    if (cp < 0x80) b[0] = (unsigned char)cp, k = 1;
    else if (cp < 0x800) b[0] = (unsigned char)(0xC0 | cp >> 6), b[1] = (unsigned char)(0x80 | (cp & 0x3F)), k = 2;
    else if (cp < 0x10000)
        b[0] = (unsigned char)(0xE0 | cp >> 12), b[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F)),
        b[2] = (unsigned char)(0x80 | (cp & 0x3F)), k = 3;
    else
        b[0] = (unsigned char)(0xF0 | cp >> 18), b[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F)),
        b[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F)), b[3] = (unsigned char)(0x80 | (cp & 0x3F)), k = 4;
    for (size_t i = 0; i < k; i++) {
        if (*len < NAME_CAPACITY) name[*len] = (char)b[i];
        ++*len;
    }
}

/* A string at P->p (after its opening quote is checked here). When name is not NULL its text is
 * decoded into name (NUL-terminated) if it fits in NAME_CAPACITY - 1 bytes and has no NUL, else
 * name is "" and *fits false. */
static bool string(parser *P, char *name, bool *fits) {
    space(P);
    if (peek(P) != '"') return syntax(P, peek(P) < 0 ? "end of text where a string was expected" : "a string expected");
    P->p++;
    char scratch[NAME_CAPACITY];
    char *dst = name ? name : scratch;
    size_t len = 0;
    bool has_nul = false;
    for (;;) {
        /* Plain ASCII (most of every key and name) in a tight loop. */
        const unsigned char *u = (const unsigned char *)P->s;
        size_t begin = P->p, at = begin, n = P->n;
        while (at < n && (unsigned char)(u[at] - 0x20) < 0x60 && u[at] != '"' && u[at] != '\\') at++;
        /* The run is copied once (as much of it as fits). */
        if (len < NAME_CAPACITY) memcpy(dst + len, u + begin, at - begin < NAME_CAPACITY - len ? at - begin : NAME_CAPACITY - len);
        len += at - begin;
        P->p = at;
        if (P->p >= P->n) return syntax(P, "end of text inside a string");
        unsigned char c = (unsigned char)P->s[P->p];
        if (c == '"') {
            P->p++;
            break;
        }
        if (c < 0x20) return syntax(P, "control character in a string (write it as an escape)");
        if (c == '\\') {
            P->p++;
            int e = peek(P);
            unsigned cp;
            switch (e) {
            case '"': cp = '"'; break;
            case '\\': cp = '\\'; break;
            case '/': cp = '/'; break;
            case 'b': cp = '\b'; break;
            case 'f': cp = '\f'; break;
            case 'n': cp = '\n'; break;
            case 'r': cp = '\r'; break;
            case 't': cp = '\t'; break;
            case 'u': {
                P->p++;
                if (!hex4(P, &cp)) return false;
                if (cp >= 0xDC00 && cp <= 0xDFFF) return syntax(P, "a low surrogate without its high one in \\u escapes");
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    unsigned low;
                    if (P->p + 1 >= P->n || P->s[P->p] != '\\' || P->s[P->p + 1] != 'u')
                        return syntax(P, "a high surrogate without its low one in \\u escapes");
                    P->p += 2;
                    if (!hex4(P, &low)) return false;
                    if (low < 0xDC00 || low > 0xDFFF) return syntax(P, "a high surrogate without its low one in \\u escapes");
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                }
                if (cp == 0) has_nul = true;
                put_code_point(dst, &len, cp);
                continue;
            }
            default: return syntax(P, "unknown escape in a string");
            }
            P->p++;
            put_code_point(dst, &len, cp);
            continue;
        }
        size_t k = 1;
        if (c >= 0x80 && (k = utf8_length((const unsigned char *)P->s + P->p, P->n - P->p)) == 0)
            return syntax(P, "invalid UTF-8 in a string");
        for (size_t i = 0; i < k; i++, len++)
            if (len < NAME_CAPACITY) dst[len] = P->s[P->p + i];
        P->p += k;
    }
    if (name) {
        bool ok = len < NAME_CAPACITY && !has_nul;
        name[ok ? len : 0] = 0;
        if (fits) *fits = ok;
    }
    return true;
}

/* A number at P->p, checked against JSON's grammar. *integer: it has no fraction and no exponent
 * and fits int64_t (then *whole is its value). The value as a double is in *value. */
static bool number(parser *P, double *value, bool *integer, int64_t *whole) {
    size_t start = P->p, i = P->p;
    const char *s = P->s;
    bool negative = i < P->n && s[i] == '-';
    if (negative) i++;
    if (i >= P->n || s[i] < '0' || s[i] > '9') {
        P->p = i;
        return syntax(P, "a digit expected in a number");
    }
    /* Digits are found first, then added up (19 always fit 64 bits; more than 19 integer
     * digits are no int64_t and no number this reads itself). */
    uint64_t digits = 0;
    bool overflow = false;
    if (s[i] == '0') i++;
    else {
        size_t begin = i;
        while (i < P->n && (unsigned char)(s[i] - '0') < 10) i++;
        overflow = i - begin > 19;
        for (size_t q = begin; q < i && q < begin + 19; q++) digits = digits * 10 + (uint64_t)(s[q] - '0');
    }
    bool plain = true;
    /* The number as mantissa * 10^-places while its significant digits fit 19. */
    uint64_t mantissa = digits;
    int significant = digits && !overflow ? (int)(i - start - negative) : 0, places = 0; /* (at most 19) */
    bool short_enough = !overflow;
    if (i < P->n && s[i] == '.') {
        plain = false;
        i++;
        if (i >= P->n || s[i] < '0' || s[i] > '9') {
            P->p = i;
            return syntax(P, "a digit expected after the decimal point");
        }
        size_t first = i, lead = i;
        while (i < P->n && (unsigned char)(s[i] - '0') < 10) i++;
        if (mantissa == 0)
            while (lead < i && s[lead] == '0') lead++; /* zeros before the first significant digit */
        size_t count = i - lead;
        if (!short_enough || i - first > 400 || count > (size_t)(19 - significant)) short_enough = false;
        else {
            for (size_t q = lead; q < i; q++) mantissa = mantissa * 10 + (uint64_t)(s[q] - '0');
            significant += (int)count;
            places = (int)(i - first);
        }
    }
    if (i < P->n && (s[i] == 'e' || s[i] == 'E')) {
        plain = false;
        i++;
        bool minus = i < P->n && s[i] == '-';
        if (i < P->n && (s[i] == '+' || s[i] == '-')) i++;
        if (i >= P->n || s[i] < '0' || s[i] > '9') {
            P->p = i;
            return syntax(P, "a digit expected in the exponent");
        }
        int exponent = 0;
        for (; i < P->n && s[i] >= '0' && s[i] <= '9'; i++)
            if (exponent < 100000) exponent = exponent * 10 + (s[i] - '0');
        places += minus ? exponent : -exponent;
    }
    P->p = i;
    uint64_t limit = negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    *integer = plain && !overflow && digits <= limit;
    if (*integer) *whole = negative ? (int64_t)(0 - digits) : (int64_t)digits;
    /* Up to 2^53 an integer is its double exactly; the rest goes through the C library. */
    if (plain && !overflow && digits <= (1ull << 53)) {
        *value = negative ? -(double)digits : (double)digits;
        return true;
    }
    if (short_enough && gs_decimal_value(mantissa, places, negative, value)) return true;
    if (!gs_read_number(s + start, i - start, value)) return out_of_memory(P);
    return true;
}

/* A literal word (true, false, null) at P->p. */
static bool word(parser *P, const char *w) {
    size_t k = strlen(w);
    if (P->n - P->p < k || memcmp(P->s + P->p, w, k) != 0) return syntax(P, "invalid value");
    P->p += k;
    return true;
}

/* Checks and steps over one value of any kind, without recursion (nesting up to GS_MAX_DEPTH). */
static bool skip_value(parser *P) {
    unsigned char in_object[GS_MAX_DEPTH / 8];
    size_t depth = 0;
    for (;;) {
        space(P);
        int c = peek(P);
        bool closed = false;
        if (c == '{' || c == '[') {
            if (depth == GS_MAX_DEPTH) return syntax(P, "nested deeper than %d levels", GS_MAX_DEPTH);
            if (c == '{') in_object[depth / 8] |= (unsigned char)(1u << (depth % 8));
            else in_object[depth / 8] &= (unsigned char)~(1u << (depth % 8));
            depth++;
            P->p++;
            space(P);
            if (peek(P) == (c == '{' ? '}' : ']')) {
                P->p++;
                depth--;
                closed = true;
            } else if (c == '{') {
                if (!string(P, NULL, NULL) || !expect(P, ':', "':'")) return false;
                continue;
            } else {
                continue;
            }
        }
        if (!closed) {
            double v;
            bool integer;
            int64_t whole;
            if (c == '"') {
                if (!string(P, NULL, NULL)) return false;
            } else if (c == '-' || (c >= '0' && c <= '9')) {
                if (!number(P, &v, &integer, &whole)) return false;
            } else if (c == 't') {
                if (!word(P, "true")) return false;
            } else if (c == 'f') {
                if (!word(P, "false")) return false;
            } else if (c == 'n') {
                if (!word(P, "null")) return false;
            } else {
                return syntax(P, c < 0 ? "end of text where a value was expected" : "invalid value");
            }
        }
        /* After a value: the next one of its container, or the container's end. */
        for (;;) {
            if (depth == 0) return true;
            bool object = in_object[(depth - 1) / 8] & (1u << ((depth - 1) % 8));
            space(P);
            int d = peek(P);
            if (d == ',') {
                P->p++;
                if (object && (!string(P, NULL, NULL) || !expect(P, ':', "':'"))) return false;
                break;
            }
            if (d == (object ? '}' : ']')) {
                P->p++;
                depth--;
                continue;
            }
            return syntax(P, object ? "',' or '}' expected" : "',' or ']' expected");
        }
    }
}

/* The members of an object at P->p: for each, its key is decoded into key (see string) and
 * member(P, key, ctx) reads the value. */
static bool members(parser *P, bool (*member)(parser *, const char *key, void *ctx), void *ctx) {
    if (!expect(P, '{', "'{'")) return false;
    space(P);
    if (peek(P) == '}') {
        P->p++;
        return true;
    }
    for (;;) {
        char key[NAME_CAPACITY];
        bool fits;
        space(P);
        P->key_at = P->p;
        if (!string(P, key, &fits) || !expect(P, ':', "':'")) return false;
        space(P);
        if (!member(P, key, ctx)) return false;
        space(P);
        if (peek(P) == ',') {
            P->p++;
            space(P);
            continue;
        }
        return expect(P, '}', "',' or '}'");
    }
}

/* A number value at P->p (true), or something else stepped over (false in *is_number). */
static bool number_value(parser *P, double *out, bool *is_number) {
    int c = peek(P);
    *is_number = c == '-' || (c >= '0' && c <= '9');
    if (!*is_number) return skip_value(P);
    bool integer;
    int64_t whole;
    return number(P, out, &integer, &whole);
}

/* An integer value at P->p, or something else stepped over (false in *is_integer). */
static bool integer_value(parser *P, int64_t *out, bool *is_integer) {
    int c = peek(P);
    *is_integer = false;
    if (c != '-' && (c < '0' || c > '9')) return skip_value(P);
    double v;
    return number(P, &v, is_integer, out);
}

/* A string value at P->p decoded into name, or something else stepped over (false in *is_string;
 * a string too long for name is a string that matches nothing: name ""). */
static bool name_value(parser *P, char *name, bool *is_string) {
    *is_string = peek(P) == '"';
    if (!*is_string) return skip_value(P);
    bool fits;
    return string(P, name, &fits);
}

/* ---- the format ----------------------------------------------------------------------------- */

static int name_index(const char *const *names, const char *s) {
    for (int i = 0; names[i]; i++)
        if (strcmp(names[i], s) == 0) return i;
    return -1;
}

/* A string of 1 to 20 decimal digits within uint64_t. */
static bool parse_u64(const char *s, uint64_t *out) {
    uint64_t v = 0;
    if (*s == 0) return false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return false;
        unsigned digit = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - digit) / 10) return false;
        v = v * 10 + digit;
    }
    *out = v;
    return true;
}

static unsigned hash_name(const char *s) {
    unsigned h = 2166136261u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The index of grip_box_desc's field `key` in gn_box_desc_fields, or -1. */
static int field_index(const parser *P, const char *key) {
    for (unsigned i = hash_name(key) & 127;; i = (i + 1) & 127) {
        int slot = P->field_slots[i];
        if (slot == 0) return -1;
        if (strcmp(gn_box_desc_fields[slot - 1].name, key) == 0) return slot - 1;
    }
}

static void index_fields(parser *P) {
    memset(P->field_slots, 0, sizeof P->field_slots);
    for (int f = 0; gn_box_desc_fields[f].name[0]; f++) {
        unsigned i = hash_name(gn_box_desc_fields[f].name) & 127;
        while (P->field_slots[i]) i = (i + 1) & 127;
        P->field_slots[i] = (unsigned char)(f + 1);
    }
}

static size_t id_slot(const id_table *t, int64_t id) {
    size_t i = (size_t)((uint64_t)id * 0x9E3779B97F4A7C15ull >> 17) & t->mask;
    while (t->used[i] && t->ids[i] != id) i = (i + 1) & t->mask;
    return i;
}

static bool id_find(const id_table *t, int64_t id, size_t *index) {
    if (!t->hashed) {
        if (id < 1 || (uint64_t)id > t->count) return false;
        *index = (size_t)(id - 1);
        return true;
    }
    if (t->used == NULL) return false;
    size_t i = id_slot(t, id);
    if (!t->used[i]) return false;
    *index = t->indices[i];
    return true;
}

static bool id_insert(id_table *t, int64_t id, size_t index) {
    if (!t->hashed) {
        if (id >= 1 && (uint64_t)id == t->count + 1 && index == t->count) {
            t->count++;
            return true;
        }
        /* The first id out of that order: the earlier ones go into the table. */
        size_t n = t->count;
        t->count = 0;
        t->hashed = true;
        for (size_t i = 0; i < n; i++)
            if (!id_insert(t, (int64_t)i + 1, i)) return false;
    }
    if ((t->count + 1) * 2 > (t->used ? t->mask + 1 : 0)) {
        size_t cap = t->used ? (t->mask + 1) * 2 : 64;
        if (!gs_fits(cap, sizeof(int64_t)) || index > UINT32_MAX) return false;
        id_table g = {malloc(cap * sizeof(int64_t)), malloc(cap * sizeof(uint32_t)), calloc(cap, 1), cap - 1, 0, true};
        if (!g.ids || !g.indices || !g.used) {
            free(g.ids), free(g.indices), free(g.used);
            return false;
        }
        for (size_t i = 0; t->used && i <= t->mask; i++) {
            if (!t->used[i]) continue;
            size_t k = id_slot(&g, t->ids[i]);
            g.used[k] = 1, g.ids[k] = t->ids[i], g.indices[k] = t->indices[i], g.count++;
        }
        free(t->ids), free(t->indices), free(t->used);
        *t = g;
    }
    size_t k = id_slot(t, id);
    t->used[k] = 1, t->ids[k] = id, t->indices[k] = index, t->count++;
    return true;
}

/* One box being read. */
typedef struct box_reader {
    size_t index, at;
    grip_box_desc *desc;
    gs_entry *entry;
    uint64_t seen; /* fields read (bit f), BIT_ID, BIT_PARENT, BIT_CENTER */
    bool center_ok;
    int64_t id;
    double cx, cy;
} box_reader;
#define BIT_KEY    (1ull << 60)
#define BIT_ID     (1ull << 61)
#define BIT_PARENT (1ull << 62)
#define BIT_CENTER (1ull << 63)

static bool once(parser *P, box_reader *b, uint64_t bit, const char *key) {
    if (b->seen & bit) return duplicate(P, key);
    b->seen |= bit;
    return true;
}

/* A field of grip_box_desc (index f) of box b. */
static bool box_field(parser *P, box_reader *b, int f) {
    const gn_field *field = &gn_box_desc_fields[f];
    char *p = (char *)b->desc + field->offset;
    size_t at = P->p, i = b->index;
    uint64_t rank = rank_of(RANK_BOX, i, BOX_FIELD + f);
    char name[NAME_CAPACITY];
    bool ok;
    switch (field->kind) {
    case GN_NUMBER:
        if (!number_value(P, (double *)p, &ok)) return false;
        if (!ok) refuse(P, rank, at, "boxes[%zu].%s must be a number", i, field->name);
        return true;
    case GN_BOOL: {
        int c = peek(P);
        if (c == 't' || c == 'f') {
            if (!word(P, c == 't' ? "true" : "false")) return false;
            *(bool *)p = c == 't';
            return true;
        }
        refuse(P, rank, at, "boxes[%zu].%s must be true or false", i, field->name);
        return skip_value(P);
    }
    case GN_MASK: {
        if (peek(P) != '[') {
            refuse(P, rank, at, "boxes[%zu].%s must be a list of names", i, field->name);
            return skip_value(P);
        }
        P->p++;
        uint32_t mask = 0;
        space(P);
        if (peek(P) == ']') P->p++;
        else
            for (size_t k = 0;; k++) {
                space(P);
                if (!name_value(P, name, &ok)) return false;
                int bit = ok ? name_index(gn_tables[field->table] + field->first, name) : -1;
                if (bit < 0) refuse(P, rank, at, "boxes[%zu].%s[%zu] is not a name of %s", i, field->name, k, field->name);
                else mask |= 1u << (field->first + bit);
                space(P);
                if (peek(P) == ',') {
                    P->p++;
                    continue;
                }
                if (!expect(P, ']', "',' or ']'")) return false;
                break;
            }
        *(uint32_t *)p = mask;
        return true;
    }
    case GN_ENUM: {
        if (!name_value(P, name, &ok)) return false;
        int value = ok ? name_index(gn_tables[field->table], name) : -1;
        if (value < 0) refuse(P, rank, at, "boxes[%zu].%s is not a name of %s", i, field->name, field->name);
        else *(uint32_t *)p = (uint32_t)value;
        return true;
    }
    case GN_U64:
        if (!name_value(P, name, &ok)) return false;
        if (!ok || !parse_u64(name, (uint64_t *)p))
            refuse(P, rank, at, "boxes[%zu].%s must be a string of decimal digits within 64 bits", i, field->name);
        return true;
    case GN_BOX: return skip_value(P);
    }
    return skip_value(P);
}

/* Whether key is word (the first bytes compared inline: most keys differ there). */
static bool is_key(const char *key, const char *word) { return key[0] == word[0] && strcmp(key, word) == 0; }

/* An object of two numbers ("center": x and y, "bounds": width and height); other keys ignored. */
typedef struct pair_reader {
    const char *first, *second;
    double a, b;
    bool has_a, has_b, bad;
} pair_reader;

static bool pair_member(parser *P, const char *key, void *ctx) {
    pair_reader *r = (pair_reader *)ctx;
    bool is_a = strcmp(key, r->first) == 0, is_b = strcmp(key, r->second) == 0, ok;
    if (!is_a && !is_b) return skip_value(P);
    if ((is_a && r->has_a) || (is_b && r->has_b)) return duplicate(P, key);
    if (!number_value(P, is_a ? &r->a : &r->b, &ok)) return false;
    if (!ok) r->bad = true;
    *(is_a ? &r->has_a : &r->has_b) = true;
    return true;
}

/* The pair at P->p; false in *good when it is not an object with both numbers. */
static bool pair(parser *P, pair_reader *r, bool *good) {
    bool object = peek(P) == '{';
    if (!(object ? members(P, pair_member, r) : skip_value(P))) return false;
    *good = object && !r->bad && r->has_a && r->has_b;
    return true;
}

static bool box_member(parser *P, const char *key, void *ctx) {
    box_reader *b = (box_reader *)ctx;
    size_t at = P->p, i = b->index;
    bool ok;
    if (is_key(key, "id")) {
        if (!once(P, b, BIT_ID, key) || !integer_value(P, &b->id, &ok)) return false;
        if (!ok) refuse(P, rank_of(RANK_BOX, i, BOX_ID), at, "boxes[%zu].id must be an integer", i);
        else {
            size_t earlier;
            if (id_find(&P->ids, b->id, &earlier))
                refuse(P, rank_of(RANK_BOX, i, BOX_ID_TWICE), at, "boxes[%zu].id %lld is used twice", i, (long long)b->id);
        }
        return true;
    }
    if (is_key(key, "parent")) {
        if (!once(P, b, BIT_PARENT, key)) return false;
        if (peek(P) == 'n') return word(P, "null");
        int64_t parent;
        size_t index;
        if (!integer_value(P, &parent, &ok)) return false;
        if (ok && id_find(&P->ids, parent, &index)) b->entry->parent = (int64_t)index;
        else refuse(P, rank_of(RANK_BOX, i, BOX_PARENT), at, "boxes[%zu].parent must be null or the id of an earlier box", i);
        return true;
    }
    if (is_key(key, "key")) {
        char digits[NAME_CAPACITY];
        if (!once(P, b, BIT_KEY, key) || !name_value(P, digits, &ok)) return false;
        if (!ok || !parse_u64(digits, &b->entry->key) || b->entry->key == 0)
            refuse(P, rank_of(RANK_BOX, i, BOX_KEY), at, "boxes[%zu].key must be a string of decimal digits, not 0, within 64 bits", i);
        return true;
    }
    if (is_key(key, "center")) {
        if (!once(P, b, BIT_CENTER, key)) return false;
        pair_reader c = {"x", "y", 0, 0, false, false, false};
        if (!pair(P, &c, &b->center_ok)) return false;
        if (!b->center_ok)
            refuse(P, rank_of(RANK_BOX, i, BOX_CENTER), at, "boxes[%zu].center must be {\"x\": number, \"y\": number}", i);
        b->cx = c.a;
        b->cy = c.b;
        return true;
    }
    int f = field_index(P, key);
    if (f < 0 || gn_box_desc_fields[f].kind == GN_BOX) return skip_value(P); /* unknown: ignored */
    if (!once(P, b, 1ull << f, key)) return false;
    return box_field(P, b, f);
}

/* Room for box `count`'s depth. */
static bool grow(parser *P) {
    gs_scene *out = P->out;
    if (out->count < P->capacity) return true;
    size_t cap = P->capacity ? P->capacity * 2 : 64;
    unsigned char *depths = (unsigned char *)realloc(P->depths, cap);
    if (depths == NULL) return false;
    P->depths = depths;
    P->capacity = cap;
    return true;
}

/* Gives the reader's function `refused` status (not GRIP_OK) and message for what starts at
 * `at`, ranked `rank`. */
static void refused_by_reader(parser *P, uint64_t rank, size_t at, int status, const char *what, const char *message) {
    refuse(P, rank, at, "%s%s", what, message);
    if (P->rank == rank) P->out->status = status;
}

/* Box `index` at P->p: stored while every box before it was good and the limit allows it. */
static bool box(parser *P, size_t index) {
    size_t at = P->p;
    gs_scene *out = P->out;
    bool store = P->rank == 0 && !out->over_limit;
    if (store && P->limit != 0 && index >= P->limit) {
        out->over_limit = true;
        out->over_offset = at;
        store = false;
    }
    if (!store) return skip_value(P);
    if (peek(P) != '{') {
        refuse(P, rank_of(RANK_BOX, index, BOX_SHAPE), at, "boxes[%zu] must be an object", index);
        return skip_value(P);
    }
    if (!grow(P)) return out_of_memory(P);
    grip_box_desc desc;
    gs_entry entry;
    grip_box_desc *d = &desc;
    gs_entry *e = &entry;
    *d = P->defaults;
    *e = (gs_entry){-1, false, 0, 0, at, 0};
    box_reader b = {index, at, d, e, 0, false, 0, 0, 0};
    if (!members(P, box_member, &b)) return false;
    if (!(b.seen & BIT_ID)) refuse(P, rank_of(RANK_BOX, index, BOX_ID), at, "boxes[%zu].id must be an integer", index);
    /* The exact centre, where the file's x and y are the ones it gives (else x and y were edited). */
    if (b.center_ok) {
        e->center_x = b.cx;
        e->center_y = b.cy;
        e->has_center = b.cx - d->width * 0.5 == d->x && b.cy - d->height * 0.5 == d->y;
    }
    if (P->rank != 0) return true;
    unsigned depth = e->parent < 0 ? 0 : P->depths[e->parent] + 1u;
    char why[300];
    why[0] = 0;
    int status = P->reader->box(P->reader->ctx, index, d, e, depth, why, sizeof why);
    if (status != GRIP_OK) {
        char what[40];
        snprintf(what, sizeof what, "boxes[%zu]: ", index);
        refused_by_reader(P, rank_of(RANK_BOX, index, BOX_REFUSED), at, status, what, why);
        return true;
    }
    if (!id_insert(&P->ids, b.id, out->count)) return out_of_memory(P);
    P->depths[out->count] = (unsigned char)(depth < 255 ? depth : 255);
    out->count++;
    return true;
}

static bool boxes(parser *P) {
    P->p++; /* '[' */
    space(P);
    if (peek(P) == ']') {
        P->p++;
        return true;
    }
    for (size_t i = 0;; i++) {
        space(P);
        if (!box(P, i)) return false;
        space(P);
        if (peek(P) == ',') {
            P->p++;
            continue;
        }
        return expect(P, ']', "',' or ']'");
    }
}

/* The root object's members as they are read. */
typedef struct root_reader {
    bool has_version, version_ok, has_bounds, has_boxes;
    int64_t version;
    size_t version_at;
} root_reader;

static bool root_member(parser *P, const char *key, void *ctx) {
    root_reader *r = (root_reader *)ctx;
    size_t at = P->p;
    if (is_key(key, "grip_scene")) {
        if (r->has_version) return duplicate(P, key);
        r->has_version = true;
        r->version_at = at;
        return integer_value(P, &r->version, &r->version_ok);
    }
    if (is_key(key, "bounds")) {
        if (r->has_bounds) return duplicate(P, key);
        r->has_bounds = true;
        P->out->bounds_offset = at;
        pair_reader c = {"width", "height", 0, 0, false, false, false};
        bool good;
        if (!pair(P, &c, &good)) return false;
        if (!good) refuse(P, rank_of(RANK_BOUNDS, 0, 0), at, "\"bounds\" must be {\"width\": number, \"height\": number}");
        P->out->has_bounds = true;
        P->out->width = c.a;
        P->out->height = c.b;
        if (good) {
            char why[300] = "";
            int status = P->reader->bounds(P->reader->ctx, c.a, c.b, why, sizeof why);
            if (status != GRIP_OK) refused_by_reader(P, rank_of(RANK_BOUNDS, 0, 0), at, status, "bounds: ", why);
        }
        return true;
    }
    if (is_key(key, "boxes")) {
        if (r->has_boxes) return duplicate(P, key);
        r->has_boxes = true;
        P->out->boxes_offset = at;
        if (peek(P) == '[') return boxes(P);
        refuse(P, rank_of(RANK_LIST, 0, 0), at, "\"boxes\" must be a list");
        return skip_value(P);
    }
    return skip_value(P);
}

static bool read_scene(parser *P) {
    space(P);
    size_t root = P->p;
    if (peek(P) != '{') {
        if (!skip_value(P)) return false;
        refuse(P, rank_of(RANK_ROOT, 0, 0), root, "a scene file is a JSON object");
    } else {
        root_reader r = {false, false, false, false, 0, 0};
        if (!members(P, root_member, &r)) return false;
        if (!r.has_version) refuse(P, rank_of(RANK_VERSION, 0, 0), root, "not a scene file (no \"grip_scene\" version)");
        else if (!r.version_ok || r.version < 1)
            refuse(P, rank_of(RANK_VERSION, 0, 0), r.version_at, "\"grip_scene\" must be a version number (1)");
        else if (r.version > GS_VERSION)
            refuse(P, rank_of(RANK_VERSION, 0, 0), r.version_at,
                   "scene version %lld is newer than this library reads (%d): update Grip to load it",
                   (long long)r.version, GS_VERSION);
        if (!r.has_boxes) refuse(P, rank_of(RANK_LIST, 0, 0), root, "\"boxes\" must be a list");
    }
    space(P);
    if (P->p < P->n) return syntax(P, "end of text expected after the scene's object");
    return P->rank == 0;
}

static void read_in_c_locale(void *ctx) { read_scene((parser *)ctx); }

bool gs_read(const char *json, size_t length, size_t max_boxes, const gs_reader *reader, gs_scene *out) {
    memset(out, 0, sizeof *out);
    out->status = GRIP_ERR_ARG;
    parser P;
    memset(&P, 0, sizeof P);
    P.s = json;
    P.n = length;
    P.out = out;
    P.limit = max_boxes;
    P.reader = reader;
    grip_box_desc_init(&P.defaults);
    index_fields(&P);
    if (!gs_with_c_numbers(read_in_c_locale, &P)) out_of_memory(&P);
    free(P.ids.ids);
    free(P.ids.indices);
    free(P.ids.used);
    free(P.depths);
    return !P.broken && P.rank == 0;
}
