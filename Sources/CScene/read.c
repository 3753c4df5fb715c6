/* Reading scene files: jansson parses; this file checks every field and translates it into a
 * grip_box_desc. jansson does not keep where a value was, so for a message about a value the
 * text is walked again (jansson reading each value, only separators looked at here). */
#include "include/CScene.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../Include/grip.h"
#include "grip_names.h"

/* ---- positions ------------------------------------------------------------------------------ */

static size_t skip_space(const char *s, size_t n, size_t p) {
    while (p < n && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r')) p++;
    return p;
}

/* The JSON value at p (new reference) and where it ends; NULL when there is none. */
static json_t *value_at(const char *s, size_t n, size_t p, size_t *end) {
    json_error_t e;
    json_t *v = json_loadb(s + p, n - p, JSON_DECODE_ANY | JSON_DISABLE_EOF_CHECK | JSON_ALLOW_NUL, &e);
    if (v) *end = p + (size_t)e.position;
    return v;
}

/* Steps over the value at p and a following ','; false at the container's end or on an error. */
static bool next_item(const char *s, size_t n, size_t *p) {
    size_t end;
    json_t *v = value_at(s, n, *p, &end);
    if (v == NULL) return false;
    json_decref(v);
    *p = skip_space(s, n, end);
    if (*p >= n || s[*p] != ',') return false;
    *p = skip_space(s, n, *p + 1);
    return true;
}

/* Where the value of `key` starts in the object at p. */
static bool member_at(const char *s, size_t n, size_t p, const char *key, size_t *at) {
    p = skip_space(s, n, p);
    if (p >= n || s[p] != '{') return false;
    p = skip_space(s, n, p + 1);
    while (p < n && s[p] == '"') {
        size_t end;
        json_t *k = value_at(s, n, p, &end);
        if (k == NULL) return false;
        bool match = json_is_string(k) && strcmp(json_string_value(k), key) == 0;
        json_decref(k);
        p = skip_space(s, n, end);
        if (p >= n || s[p] != ':') return false;
        p = skip_space(s, n, p + 1);
        if (match) {
            *at = p;
            return true;
        }
        if (!next_item(s, n, &p)) return false;
    }
    return false;
}

/* Where element `index` starts in the array at p. */
static bool element_at(const char *s, size_t n, size_t p, size_t index, size_t *at) {
    p = skip_space(s, n, p);
    if (p >= n || s[p] != '[') return false;
    p = skip_space(s, n, p + 1);
    for (size_t i = 0; p < n && s[p] != ']'; i++) {
        if (i == index) {
            *at = p;
            return true;
        }
        if (!next_item(s, n, &p)) return false;
    }
    return false;
}

/* Where a value starts: the root (key NULL), a top-level member, or (key "boxes") box `index`
 * (SIZE_MAX: the array itself) and its member `field` (NULL: the box). The root's start when the
 * path is not there. */
static size_t locate(const char *s, size_t n, const char *key, size_t index, const char *field) {
    size_t root = skip_space(s, n, 0), at = root, box;
    if (key == NULL || !member_at(s, n, root, key, &at)) return at;
    if (index == SIZE_MAX || !element_at(s, n, at, index, &box)) return at;
    if (field == NULL || !member_at(s, n, box, field, &at)) return box;
    return at;
}

/* 1-based line and column (in characters: UTF-8 continuation bytes do not count) of offset p. */
static void line_column(const char *s, size_t p, size_t *line, size_t *column) {
    *line = 1;
    *column = 1;
    for (size_t i = 0; i < p; i++) {
        if (s[i] == '\n') {
            ++*line;
            *column = 1;
        } else if (((unsigned char)s[i] & 0xC0) != 0x80) {
            ++*column;
        }
    }
}

void gs_locate(const char *json, size_t length, const char *key, size_t index, size_t *line, size_t *column) {
    line_column(json, locate(json, length, key, index, NULL), line, column);
}

/* ---- checking ------------------------------------------------------------------------------- */

typedef struct reader {
    const char *json;
    size_t length;
    gs_scene *out;
} reader;

/* Sets the message for the value at the path (see locate) and returns false. */
static bool fail(reader *r, const char *key, size_t index, const char *field, const char *format, ...) {
    size_t line, column;
    line_column(r->json, locate(r->json, r->length, key, index, field), &line, &column);
    int n = snprintf(r->out->message, sizeof r->out->message, "line %zu, column %zu: ", line, column);
    va_list ap;
    va_start(ap, format);
    if (n > 0 && (size_t)n < sizeof r->out->message)
        vsnprintf(r->out->message + n, sizeof r->out->message - (size_t)n, format, ap);
    va_end(ap);
    return false;
}

static int name_index(const char *const *names, const char *s) {
    for (int i = 0; names[i]; i++) {
        if (strcmp(names[i], s) == 0) return i;
    }
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

/* One field of box i from its JSON value into the description. */
static bool read_field(reader *r, size_t i, const gn_field *f, json_t *v, grip_box_desc *d) {
    char *p = (char *)d + f->offset;
    switch (f->kind) {
    case GN_NUMBER:
        if (!json_is_number(v)) return fail(r, "boxes", i, f->name, "boxes[%zu].%s must be a number", i, f->name);
        *(double *)p = json_number_value(v);
        return true;
    case GN_BOOL:
        if (!json_is_boolean(v)) return fail(r, "boxes", i, f->name, "boxes[%zu].%s must be true or false", i, f->name);
        *(bool *)p = json_is_true(v);
        return true;
    case GN_MASK: {
        if (!json_is_array(v)) return fail(r, "boxes", i, f->name, "boxes[%zu].%s must be a list of names", i, f->name);
        uint32_t mask = 0;
        for (size_t k = 0; k < json_array_size(v); k++) {
            json_t *name = json_array_get(v, k);
            int bit = json_is_string(name) ? name_index(gn_tables[f->table] + f->first, json_string_value(name)) : -1;
            if (bit < 0) return fail(r, "boxes", i, f->name, "boxes[%zu].%s[%zu] is not a name of %s", i, f->name, k, f->name);
            mask |= 1u << (f->first + bit);
        }
        *(uint32_t *)p = mask;
        return true;
    }
    case GN_ENUM: {
        int value = json_is_string(v) ? name_index(gn_tables[f->table], json_string_value(v)) : -1;
        if (value < 0) return fail(r, "boxes", i, f->name, "boxes[%zu].%s is not a name of %s", i, f->name, f->name);
        *(uint32_t *)p = (uint32_t)value;
        return true;
    }
    case GN_U64:
        if (!json_is_string(v) || !parse_u64(json_string_value(v), (uint64_t *)p))
            return fail(r, "boxes", i, f->name, "boxes[%zu].%s must be a string of decimal digits within 64 bits", i, f->name);
        return true;
    case GN_BOX: return true;
    }
    return true;
}

/* Box i: "id" (unique), "parent" (null or an earlier box's id) and the description's fields;
 * ids maps each earlier id's text to its index. */
static bool read_box(reader *r, size_t i, json_t *box, json_t *ids) {
    if (!json_is_object(box)) return fail(r, "boxes", i, NULL, "boxes[%zu] must be an object", i);
    grip_box_desc *d = (grip_box_desc *)r->out->descs + i;
    grip_box_desc_init(d);
    json_t *id = json_object_get(box, "id");
    if (!json_is_integer(id)) return fail(r, "boxes", i, id ? "id" : NULL, "boxes[%zu].id must be an integer", i);
    char key[24];
    snprintf(key, sizeof key, "%lld", (long long)json_integer_value(id));
    if (json_object_get(ids, key)) return fail(r, "boxes", i, "id", "boxes[%zu].id %s is used twice", i, key);
    json_t *parent = json_object_get(box, "parent");
    r->out->entries[i].parent = -1;
    if (parent && !json_is_null(parent)) {
        char pkey[24];
        json_t *at = NULL;
        if (json_is_integer(parent)) {
            snprintf(pkey, sizeof pkey, "%lld", (long long)json_integer_value(parent));
            at = json_object_get(ids, pkey);
        }
        if (at == NULL)
            return fail(r, "boxes", i, "parent", "boxes[%zu].parent must be null or the id of an earlier box", i);
        r->out->entries[i].parent = (int64_t)json_integer_value(at);
    }
    for (const gn_field *f = gn_box_desc_fields; f->name[0]; f++) {
        if (f->kind == GN_BOX) continue;
        json_t *v = json_object_get(box, f->name);
        if (v && !read_field(r, i, f, v, d)) return false;
    }
    /* The exact centre, where the file's x and y are the ones it gives (else x and y were edited). */
    json_t *center = json_object_get(box, "center");
    if (center) {
        json_t *cx = json_object_get(center, "x"), *cy = json_object_get(center, "y");
        if (!json_is_number(cx) || !json_is_number(cy))
            return fail(r, "boxes", i, "center", "boxes[%zu].center must be {\"x\": number, \"y\": number}", i);
        gs_entry *e = &r->out->entries[i];
        e->center_x = json_number_value(cx);
        e->center_y = json_number_value(cy);
        e->has_center = e->center_x - d->width * 0.5 == d->x && e->center_y - d->height * 0.5 == d->y;
    }
    if (json_object_set_new(ids, key, json_integer((json_int_t)i)) != 0) {
        r->out->nomem = true;
        snprintf(r->out->message, sizeof r->out->message, "out of memory");
        return false;
    }
    return true;
}

static bool read_scene(reader *r, json_t *root) {
    gs_scene *out = r->out;
    if (!json_is_object(root)) return fail(r, NULL, 0, NULL, "a scene file is a JSON object");
    json_t *version = json_object_get(root, "grip_scene");
    if (version == NULL) return fail(r, NULL, 0, NULL, "not a scene file (no \"grip_scene\" version)");
    if (!json_is_integer(version) || json_integer_value(version) < 1)
        return fail(r, "grip_scene", SIZE_MAX, NULL, "\"grip_scene\" must be a version number (1)");
    if (json_integer_value(version) > GS_VERSION)
        return fail(r, "grip_scene", SIZE_MAX, NULL,
                    "scene version %lld is newer than this library reads (%d): update Grip to load it",
                    (long long)json_integer_value(version), GS_VERSION);
    json_t *bounds = json_object_get(root, "bounds");
    if (bounds) {
        json_t *w = json_object_get(bounds, "width"), *h = json_object_get(bounds, "height");
        if (!json_is_number(w) || !json_is_number(h))
            return fail(r, "bounds", SIZE_MAX, NULL, "\"bounds\" must be {\"width\": number, \"height\": number}");
        out->has_bounds = true;
        out->width = json_number_value(w);
        out->height = json_number_value(h);
    }
    json_t *boxes = json_object_get(root, "boxes");
    if (!json_is_array(boxes)) return fail(r, boxes ? "boxes" : NULL, SIZE_MAX, NULL, "\"boxes\" must be a list");
    size_t n = json_array_size(boxes);
    out->descs = calloc(n ? n : 1, sizeof(grip_box_desc));
    out->entries = (gs_entry *)calloc(n ? n : 1, sizeof(gs_entry));
    json_t *ids = json_object();
    bool ok = out->descs && out->entries && ids;
    if (!ok) {
        out->nomem = true;
        snprintf(out->message, sizeof out->message, "out of memory");
    }
    for (size_t i = 0; ok && i < n; i++) ok = read_box(r, i, json_array_get(boxes, i), ids);
    json_decref(ids);
    if (ok) out->count = n;
    return ok;
}

bool gs_read(const char *json, size_t length, gs_scene *out) {
    memset(out, 0, sizeof *out);
    json_error_t e;
    json_t *root = json_loadb(json, length, JSON_REJECT_DUPLICATES, &e);
    if (root == NULL) {
        out->nomem = json_error_code(&e) == json_error_out_of_memory;
        snprintf(out->message, sizeof out->message, "line %d, column %d: %s", e.line, e.column, e.text);
        return false;
    }
    reader r = {json, length, out};
    bool ok = read_scene(&r, root);
    json_decref(root);
    return ok;
}

void gs_free(gs_scene *scene) {
    free(scene->descs);
    free(scene->entries);
    scene->descs = NULL;
    scene->entries = NULL;
    scene->count = 0;
}
