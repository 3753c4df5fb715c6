/* Writing scene files: fixed keys and names (nothing to escape), numbers in their shortest form
 * that reads back to the same double, in the "C" locale (numbers.c); a box's fields at their
 * defaults are left out. */
#include "write.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../Include/grip.h"
#include "grip_names.h"
#include "numbers.h"

/* Room for n more bytes and a NUL at the text's end, or NULL (the text failed: everything after
 * is dropped). The capacity doubles, so a text of L bytes is copied fewer than 2 L times. */
static char *room(gs_text *t, size_t n) {
    if (t->failed) return NULL;
    if (n > SIZE_MAX / 4 - t->length) {
        t->failed = true;
        return NULL;
    }
    if (t->length + n + 1 > t->capacity) {
        size_t cap = t->capacity ? t->capacity : 4096;
        while (t->length + n + 1 > cap) cap *= 2;
        char *grown = (char *)realloc(t->s, cap);
        if (grown == NULL) {
            t->failed = true;
            return NULL;
        }
        t->s = grown;
        t->capacity = cap;
    }
    return t->s + t->length;
}

/* Copies a string literal to o and moves o past it (its length known when compiled). */
#define PUT(o, literal) (memcpy((o), (literal), sizeof(literal) - 1), (o) += sizeof(literal) - 1)

/* Copies s to o and moves o past it. */
static char *put_string(char *o, const char *s) {
    size_t n = strlen(s);
    memcpy(o, s, n);
    return o + n;
}

/* The most bytes a number takes (gs_format_number's buffer), an unsigned 64-bit integer. */
enum { NUMBER_BYTES = 40,
       U64_BYTES = 24 };

/* The bytes field f takes in a grip_box_desc. */
static size_t field_size(const gn_field *f) {
    switch (f->kind) {
    case GN_NUMBER: return sizeof(double);
    case GN_BOOL: return sizeof(bool);
    case GN_MASK:
    case GN_ENUM: return sizeof(uint32_t);
    case GN_U32: return sizeof(uint32_t);
    case GN_U64: return sizeof(uint64_t);
    case GN_VEC2: return sizeof(grip_vec2);
    default: return 0; /* unknown: always written */
    }
}

/* Whether a and b hold the same `size` bytes (0: never, a field of a kind not listed above);
 * the common sizes compared as one load each rather than through memcmp. */
static bool same_bits(const char *a, const char *b, size_t size) {
    uint64_t x, y;
    uint32_t u, v;
    switch (size) {
    case 1: return *a == *b;
    case 4:
        memcpy(&u, a, 4);
        memcpy(&v, b, 4);
        return u == v;
    case 8:
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        return x == y;
    case 0: return false;
    default: return memcmp(a, b, size) == 0;
    }
}

/* The most bytes one box's text takes: its id, parent, centre and key, and every field written
 * (a name, its quotes and separators, the longest value of its kind). */
static size_t box_bound(void) {
    size_t n = 128 + 4 * U64_BYTES + 2 * NUMBER_BYTES; /* id, parent, "center", "key", the braces */
    for (const gn_field *f = gn_box_desc_fields; f->name[0]; f++) {
        n += strlen(f->name) + 8;
        switch (f->kind) {
        case GN_MASK:
        case GN_ENUM:
            n += 2;
            for (const char *const *names = gn_tables[f->table]; *names; names++) n += strlen(*names) + 4;
            break;
        case GN_U64:
        case GN_U32: n += U64_BYTES + 2; break;
        default: n += NUMBER_BYTES; break; /* numbers, and "true" / "false" */
        }
    }
    return n;
}

/* One box's fields, written from o on (at most box_bound() bytes): each field of grip_box_desc,
 * in declaration order, whose value is not grip_box_desc_init's default (bit for bit: -0.0 is
 * written); a load gives a field left out its default, so the box reads back the same. */
static char *put_fields(char *o, const grip_box_desc *d, const grip_box_desc *defaults) {
    for (const gn_field *f = gn_box_desc_fields; f->name[0]; f++) {
        if (f->kind == GN_BOX) continue;
        const char *p = (const char *)d + f->offset;
        if (same_bits(p, (const char *)defaults + f->offset, field_size(f))) continue;
        PUT(o, ", \"");
        o = put_string(o, f->name);
        PUT(o, "\": ");
        switch (f->kind) {
        case GN_NUMBER: o += gs_format_number(o, NUMBER_BYTES, *(const double *)p); break;
        case GN_BOOL:
            if (*(const bool *)p) PUT(o, "true");
            else PUT(o, "false");
            break;
        case GN_MASK: {
            const char *const *names = gn_tables[f->table] + f->first;
            uint32_t mask = *(const uint32_t *)p;
            bool first = true;
            *o++ = '[';
            for (int i = 0; names[i]; i++) {
                if (!(mask & (1u << (f->first + i)))) continue;
                if (!first) PUT(o, ", ");
                *o++ = '"';
                o = put_string(o, names[i]);
                *o++ = '"';
                first = false;
            }
            *o++ = ']';
            break;
        }
        case GN_ENUM: {
            const char *const *names = gn_tables[f->table];
            uint32_t v = *(const uint32_t *)p;
            uint32_t n = 0;
            while (names[n]) n++;
            *o++ = '"';
            if (v < n) o = put_string(o, names[v]);
            *o++ = '"';
            break;
        }
        case GN_U64:
            *o++ = '"';
            o += gs_format_u64(o, *(const uint64_t *)p);
            *o++ = '"';
            break;
        default: PUT(o, "null"); break; /* (no other kind is in grip_box_desc) */
        }
    }
    return o;
}

void gs_text_begin(gs_text *t, double width, double height) {
    *t = (gs_text){NULL, 0, 0, box_bound(), 0, {0}, false};
    memset(&t->defaults, 0, sizeof t->defaults); /* padding too: fields are compared as bytes */
    grip_box_desc_init(&t->defaults);
    char *o = room(t, 128 + 2 * NUMBER_BYTES), *start = o;
    if (o == NULL) return;
    PUT(o, "{\n  \"grip_scene\": 1,\n  \"bounds\": {\"width\": ");
    o += gs_format_number(o, NUMBER_BYTES, width);
    PUT(o, ", \"height\": ");
    o += gs_format_number(o, NUMBER_BYTES, height);
    PUT(o, "},\n  \"boxes\": [");
    t->length += (size_t)(o - start);
    t->s[t->length] = 0;
}

void gs_text_box(gs_text *t, const grip_box_desc *d, const gs_entry *e) {
    char *o = room(t, t->box_bound), *start = o;
    if (o == NULL) return;
    if (t->boxes) *o++ = ',';
    PUT(o, "\n    {\"id\": ");
    o += gs_format_u64(o, t->boxes + 1);
    PUT(o, ", \"parent\": ");
    if (e->parent < 0) PUT(o, "null");
    else o += gs_format_u64(o, (uint64_t)e->parent + 1);
    o = put_fields(o, d, &t->defaults);
    if (d->x + d->width * 0.5 != e->center_x || d->y + d->height * 0.5 != e->center_y) {
        PUT(o, ", \"center\": {\"x\": ");
        o += gs_format_number(o, NUMBER_BYTES, e->center_x);
        PUT(o, ", \"y\": ");
        o += gs_format_number(o, NUMBER_BYTES, e->center_y);
        *o++ = '}';
    }
    if (e->key != 0) {
        PUT(o, ", \"key\": \"");
        o += gs_format_u64(o, e->key);
        *o++ = '"';
    }
    *o++ = '}';
    t->length += (size_t)(o - start);
    t->s[t->length] = 0;
    t->boxes++;
}

bool gs_text_finish(gs_text *t, char **out, size_t *length) {
    char *o = room(t, 16), *start = o;
    if (o != NULL) {
        if (t->boxes) PUT(o, "\n  ]\n}\n");
        else PUT(o, "]\n}\n");
        t->length += (size_t)(o - start);
        t->s[t->length] = 0;
    }
    if (t->failed) {
        free(t->s);
        *t = (gs_text){0};
        return false;
    }
    *out = t->s;
    *length = t->length;
    return true;
}
