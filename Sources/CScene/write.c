/* Writing scene files: fixed keys and names (nothing to escape), numbers in their shortest form
 * that reads back to the same double, in the "C" locale (numbers.c); a box's fields at their
 * defaults are left out. */
#include "include/CScene.h"

#include <stdlib.h>
#include <string.h>

#include "../../Include/grip.h"
#include "grip_names.h"
#include "numbers.h"

/* A growing text; `failed` once an allocation failed (everything after is dropped). */
typedef struct text {
    char *s;
    size_t length, capacity;
    bool failed;
} text;

static void put(text *t, const char *s, size_t n) {
    if (t->failed) return;
    if (t->length + n + 1 > t->capacity) {
        size_t cap = t->capacity ? t->capacity : 4096;
        while (t->length + n + 1 > cap) cap *= 2;
        char *grown = (char *)realloc(t->s, cap);
        if (grown == NULL) {
            t->failed = true;
            return;
        }
        t->s = grown;
        t->capacity = cap;
    }
    memcpy(t->s + t->length, s, n);
    t->length += n;
    t->s[t->length] = 0;
}

static void puts_(text *t, const char *s) { put(t, s, strlen(s)); }

static void put_number(text *t, double v) {
    char buf[40];
    put(t, buf, gs_format_number(buf, sizeof buf, v));
}

static void put_u64(text *t, uint64_t v) {
    char buf[24];
    put(t, buf, gs_format_u64(buf, v));
}

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

/* One box: {"id": .., "parent": .., then each field of grip_box_desc, in declaration order,
 * whose value is not grip_box_desc_init's default (bit for bit: -0.0 is written); a load gives
 * a field left out its default, so the box reads back the same. */
static void put_box(text *t, size_t index, const grip_box_desc *d, const grip_box_desc *defaults, const gs_entry *e) {
    puts_(t, "    {\"id\": ");
    put_u64(t, index + 1);
    puts_(t, ", \"parent\": ");
    if (e->parent < 0) puts_(t, "null");
    else put_u64(t, (uint64_t)e->parent + 1);
    for (const gn_field *f = gn_box_desc_fields; f->name[0]; f++) {
        if (f->kind == GN_BOX) continue;
        const char *p = (const char *)d + f->offset;
        if (same_bits(p, (const char *)defaults + f->offset, field_size(f))) continue;
        puts_(t, ", \"");
        puts_(t, f->name);
        puts_(t, "\": ");
        switch (f->kind) {
        case GN_NUMBER: {
            put_number(t, *(const double *)p);
            break;
        }
        case GN_BOOL: puts_(t, *(const bool *)p ? "true" : "false"); break;
        case GN_MASK: {
            const char *const *names = gn_tables[f->table] + f->first;
            uint32_t mask = *(const uint32_t *)p;
            bool first = true;
            puts_(t, "[");
            for (int i = 0; names[i]; i++) {
                if (!(mask & (1u << (f->first + i)))) continue;
                puts_(t, first ? "\"" : ", \"");
                puts_(t, names[i]);
                puts_(t, "\"");
                first = false;
            }
            puts_(t, "]");
            break;
        }
        case GN_ENUM: {
            const char *const *names = gn_tables[f->table];
            uint32_t v = *(const uint32_t *)p;
            uint32_t n = 0;
            while (names[n]) n++;
            puts_(t, "\"");
            puts_(t, v < n ? names[v] : "");
            puts_(t, "\"");
            break;
        }
        case GN_U64:
            puts_(t, "\"");
            put_u64(t, *(const uint64_t *)p);
            puts_(t, "\"");
            break;
        case GN_BOX: break;
        }
    }
    if (d->x + d->width * 0.5 != e->center_x || d->y + d->height * 0.5 != e->center_y) {
        puts_(t, ", \"center\": {\"x\": ");
        put_number(t, e->center_x);
        puts_(t, ", \"y\": ");
        put_number(t, e->center_y);
        puts_(t, "}");
    }
    if (e->key != 0) {
        puts_(t, ", \"key\": \"");
        put_u64(t, e->key);
        puts_(t, "\"");
    }
    puts_(t, "}");
}

/* What gs_write writes, for gs_with_c_numbers. */
typedef struct write_job {
    double width, height;
    const void *descs;
    const gs_entry *entries;
    size_t count;
    text t;
} write_job;

static void write_scene(void *ctx) {
    write_job *job = (write_job *)ctx;
    text *t = &job->t;
    puts_(t, "{\n  \"grip_scene\": 1,\n  \"bounds\": {\"width\": ");
    put_number(t, job->width);
    puts_(t, ", \"height\": ");
    put_number(t, job->height);
    puts_(t, "},\n  \"boxes\": [");
    grip_box_desc defaults;
    memset(&defaults, 0, sizeof defaults); /* padding too: fields are compared as bytes */
    grip_box_desc_init(&defaults);
    for (size_t i = 0; i < job->count; i++) {
        puts_(t, i ? ",\n" : "\n");
        put_box(t, i, (const grip_box_desc *)job->descs + i, &defaults, job->entries + i);
    }
    puts_(t, job->count ? "\n  ]\n}\n" : "]\n}\n");
}

bool gs_write(double width, double height, const void *descs, const gs_entry *entries, size_t count,
              char **out, size_t *length) {
    write_job job = {width, height, descs, entries, count, {NULL, 0, 0, false}};
    if (!gs_with_c_numbers(write_scene, &job)) return false;
    text t = job.t;
    if (t.failed) {
        free(t.s);
        return false;
    }
    *out = t.s;
    *length = t.length;
    return true;
}

void gs_free_text(char *text) { free(text); }
