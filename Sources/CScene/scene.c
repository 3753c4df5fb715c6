/* grip_scene_save and grip_scene_load, over grip.h's own functions: the boxes are walked with
 * grip_boxes_list / grip_box_describe and created with grip_box_create's checks (gs_box_check,
 * gs_box_create), so a loaded box is checked exactly as any other. A load checks the whole file
 * before it changes anything (below, at grip_scene_load). */
#include "include/CScene.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hooks.h"
#include "numbers.h"
#include "sizes.h"
#include "write.h"

/* Formats the engine's error message and returns status. */
static grip_status fail(grip_engine *engine, grip_status status, const char *format, ...) {
    char message[512];
    va_list ap;
    va_start(ap, format);
    vsnprintf(message, sizeof message, format, ap);
    va_end(ap);
    return gs_engine_fail(engine, status, message);
}

/* ---- save ----------------------------------------------------------------------------------- */

/* Box id -> index in the list, open addressing (ids are never 0, so 0 marks a free slot). */
typedef struct id_map {
    uint64_t *keys;
    size_t *values;
    size_t mask;
} id_map;

static bool map_init(id_map *m, size_t count) {
    size_t cap = 16;
    if (!gs_fits(count, 4 * sizeof(uint64_t))) return false; /* cap < 4 * count */
    while (cap < count * 2) cap *= 2;
    m->keys = (uint64_t *)calloc(cap, sizeof *m->keys);
    m->values = (size_t *)malloc(cap * sizeof *m->values);
    m->mask = cap - 1;
    return m->keys && m->values;
}

static size_t map_slot(const id_map *m, uint64_t id) {
    size_t i = (size_t)(id * 0x9E3779B97F4A7C15ull) & m->mask;
    while (m->keys[i] != 0 && m->keys[i] != id) i = (i + 1) & m->mask;
    return i;
}

/* A save's walk: the boxes in draw order, each described and written as it comes. */
typedef struct save_job {
    grip_engine *engine;
    const grip_box *ids;
    size_t count;
    id_map map;
    double width, height;
    grip_status status; /* GRIP_OK, or what a call refused (its message is the engine's) */
    gs_text text;
} save_job;

static void save_in_c_locale(void *ctx) {
    save_job *job = (save_job *)ctx;
    gs_text_begin(&job->text, job->width, job->height);
    for (size_t i = 0; i < job->count && !job->text.failed; i++) {
        grip_box_desc d;
        grip_vec2 center;
        gs_entry entry;
        grip_status st = gs_box_describe(job->engine, job->ids[i], &d, &center, &entry.key);
        if (st != GRIP_OK) {
            job->status = st;
            return;
        }
        /* A magnify preview may take one box past its scale limits until the gesture ends (which
         * clamps it): the file gets the nearer limit, so that it loads (a box loads at rest). */
        if (d.scale > d.max_scale) d.scale = d.max_scale;
        if (d.scale < d.min_scale) d.scale = d.min_scale;
        size_t p = map_slot(&job->map, d.parent);
        /* The list has parents before their children. */
        entry.parent = d.parent != GRIP_NO_BOX && job->map.keys[p] ? (int64_t)job->map.values[p] : -1;
        entry.has_center = true;
        entry.center_x = center.x;
        entry.center_y = center.y;
        entry.offset = 0;
        gs_text_box(&job->text, &d, &entry);
        p = map_slot(&job->map, job->ids[i]);
        job->map.keys[p] = job->ids[i];
        job->map.values[p] = i;
    }
}

/* The scene's text, malloc'd, into *text (the caller frees it) and its length; on failure the
 * status, with the engine's message. */
static grip_status save_text(grip_engine *engine, char **text, size_t *length) {
    grip_engine_desc settings;
    grip_engine_desc_init(&settings);
    grip_status st = grip_engine_describe(engine, &settings);
    if (st != GRIP_OK) return st;
    size_t n = 0;
    if ((st = grip_boxes_list(engine, NULL, 0, &n)) != GRIP_OK) return st;
    size_t rows = n ? n : 1;
    grip_box *ids = gs_fits(rows, sizeof(grip_box)) ? (grip_box *)malloc(rows * sizeof *ids) : NULL;
    save_job job = {engine, ids, n, {NULL, NULL, 0}, settings.width, settings.height, GRIP_OK, {0}};
    if (ids == NULL || !map_init(&job.map, n)) {
        st = fail(engine, GRIP_ERR_NOMEM, "out of memory saving the scene");
        goto done;
    }
    if ((st = grip_boxes_list(engine, ids, n, &job.count)) != GRIP_OK) goto done;
    if (!gs_with_c_numbers(save_in_c_locale, &job)) job.text.failed = true;
    bool written = gs_text_finish(&job.text, text, length);
    if (job.status != GRIP_OK) {
        st = job.status;
        if (written) free(*text);
    } else if (!written) st = fail(engine, GRIP_ERR_NOMEM, "out of memory writing the scene");
done:
    free(job.map.keys);
    free(job.map.values);
    free(ids);
    return st;
}

grip_status grip_scene_save(grip_engine *engine, char *buffer, size_t capacity, size_t *length) {
    grip_engine_desc settings;
    grip_engine_desc_init(&settings);
    grip_status st = grip_engine_describe(engine, &settings); /* a bad engine before a NULL length */
    if (st != GRIP_OK) return st;
    if (length == NULL) return fail(engine, GRIP_ERR_ARG, "length is NULL");
    char *text = NULL;
    size_t text_length = 0;
    if ((st = save_text(engine, &text, &text_length)) != GRIP_OK) return st;
    *length = text_length;
    if (buffer == NULL || capacity <= text_length) {
        st = fail(engine, GRIP_ERR_LIMIT, "the scene takes %zu bytes and a terminator; the buffer holds %zu",
                  text_length, buffer ? capacity : 0);
    } else memcpy(buffer, text, text_length + 1);
    free(text);
    return st;
}

grip_status grip_scene_save_text(grip_engine *engine, char **text, size_t *length) {
    grip_engine_desc settings;
    grip_engine_desc_init(&settings);
    grip_status st = grip_engine_describe(engine, &settings);
    if (st != GRIP_OK) return st;
    if (text == NULL) return fail(engine, GRIP_ERR_ARG, "text is NULL");
    char *made = NULL;
    size_t made_length = 0;
    if ((st = save_text(engine, &made, &made_length)) != GRIP_OK) return st;
    *text = made;
    if (length != NULL) *length = made_length;
    return GRIP_OK;
}

void grip_free(void *memory) { free(memory); }

/* ---- load ----------------------------------------------------------------------------------- */

/* A load reads the text twice. The first reading checks every box (gs_box_check, in an empty
 * engine with the engine's settings and the file's bounds) and creates nothing; only when the
 * whole file was accepted are the engine's history and boxes cleared, and the second reading
 * creates the boxes in the engine, which the first reading's checks guarantee it accepts. So a
 * refused file changes nothing, and no copy of the scene is held beside the text and the
 * engine's boxes. */
/* The keys of the first reading's boxes (open addressing; keys are never 0, so 0 marks a free
 * slot), each with the first box that has it, and the first box (in file order) whose key an
 * earlier box has: a file's keys are unique, as the boxes of one engine's are. Linear in the
 * boxes (a sort of them took an eighth of a load's instructions). */
typedef struct key_set {
    uint64_t *keys;
    size_t *first; /* [slot]: the index of the first box with that key */
    size_t mask, count;
    bool repeated;                                    /* a box repeats an earlier box's key: */
    uint64_t repeat_key;                              /* that key, */
    size_t repeat_index, repeat_offset, repeat_first; /* which box, where it starts, the earlier box */
} key_set;

/* The slot of key in s: where it is, or the free slot where it goes. */
static size_t key_slot(const key_set *s, uint64_t key) {
    size_t i = (size_t)(key * 0x9E3779B97F4A7C15ull >> 17) & s->mask;
    while (s->keys[i] != 0 && s->keys[i] != key) i = (i + 1) & s->mask;
    return i;
}

/* Adds box `index` (starting at offset) with key; false when out of memory. */
static bool key_set_add(key_set *s, uint64_t key, size_t index, size_t offset) {
    if (s->count + 1 > (s->mask + 1) / 2) { /* at most half full: double the slots */
        size_t slots = s->keys ? 2 * (s->mask + 1) : 256;
        if (!gs_fits(slots, sizeof(uint64_t) + sizeof(size_t))) return false;
        key_set grown = *s;
        grown.keys = (uint64_t *)calloc(slots, sizeof *grown.keys);
        grown.first = (size_t *)malloc(slots * sizeof *grown.first);
        grown.mask = slots - 1;
        if (grown.keys == NULL || grown.first == NULL) {
            free(grown.keys);
            free(grown.first);
            return false;
        }
        for (size_t i = 0; s->keys && i <= s->mask; i++) {
            if (s->keys[i] == 0) continue;
            size_t j = key_slot(&grown, s->keys[i]);
            grown.keys[j] = s->keys[i];
            grown.first[j] = s->first[i];
        }
        free(s->keys);
        free(s->first);
        *s = grown;
    }
    size_t i = key_slot(s, key);
    if (s->keys[i] == 0) {
        s->keys[i] = key;
        s->first[i] = index;
        s->count++;
    } else if (!s->repeated) {
        s->repeated = true;
        s->repeat_key = key;
        s->repeat_index = index;
        s->repeat_offset = offset;
        s->repeat_first = s->first[i];
    }
    return true;
}

typedef struct load_job {
    grip_engine *engine;       /* the engine loaded */
    grip_engine_desc settings; /* its settings */
    grip_engine *checker;      /* the first reading's empty engine (NULL until needed) */
    bool creating;             /* the second reading */
    grip_box *ids;             /* [count of the first reading]: the boxes created */
    key_set keys;              /* the first reading's keys */
} load_job;

/* Out of memory while checking: the message and status. */
static int refusal_nomem(char *message, size_t capacity) {
    snprintf(message, capacity, "out of memory checking the scene's keys");
    return GRIP_ERR_NOMEM;
}

/* Copies the engine's message (after a refusal) into message. */
static int refusal(grip_status st, grip_engine *engine, char *message, size_t capacity) {
    snprintf(message, capacity, "%s", grip_engine_errmsg(engine));
    return st;
}

/* An empty engine with the settings and bounds w x h into *out, or its refusal. */
static int empty_engine(load_job *job, double w, double h, grip_engine **out, char *message, size_t capacity) {
    grip_engine_desc d = job->settings;
    d.width = w;
    d.height = h;
    grip_status st = grip_engine_create(&d, out);
    return st == GRIP_OK ? GRIP_OK : refusal(st, NULL, message, capacity);
}

static int load_bounds(void *ctx, double w, double h, char *message, size_t capacity) {
    load_job *job = (load_job *)ctx;
    if (job->creating) return GRIP_OK;
    if (job->checker == NULL) return empty_engine(job, w, h, &job->checker, message, capacity);
    /* Bounds after the boxes: checked in an engine of their own. */
    grip_engine *probe = NULL;
    int st = empty_engine(job, w, h, &probe, message, capacity);
    grip_engine_destroy(probe);
    return st;
}

static int load_box(void *ctx, size_t index, const void *desc, const gs_entry *entry, unsigned depth, char *message,
                    size_t capacity) {
    load_job *job = (load_job *)ctx;
    grip_box_desc d = *(const grip_box_desc *)desc;
    grip_vec2 center = {entry->center_x, entry->center_y};
    const grip_vec2 *c = entry->has_center ? &center : NULL;
    grip_status st;
    if (job->creating) {
        d.parent = entry->parent < 0 ? GRIP_NO_BOX : job->ids[entry->parent];
        st = gs_box_create(job->engine, &d, c, entry->key, &job->ids[index]);
        return st == GRIP_OK ? GRIP_OK : refusal(st, job->engine, message, capacity);
    }
    if (job->checker == NULL) {
        int made = empty_engine(job, job->settings.width, job->settings.height, &job->checker, message, capacity);
        if (made != GRIP_OK) return made;
    }
    st = gs_box_check(job->checker, &d, c, depth);
    if (st != GRIP_OK) return refusal(st, job->checker, message, capacity);
    if (entry->key != 0 && !key_set_add(&job->keys, entry->key, index, entry->offset))
        return refusal_nomem(message, capacity);
    return GRIP_OK;
}

grip_status grip_scene_load(grip_engine *engine, const char *json, size_t length) {
    load_job job = {engine, {0}, NULL, false, NULL, {NULL, NULL, 0, 0, false, 0, 0, 0, 0}};
    grip_engine_desc_init(&job.settings);
    grip_status st = grip_engine_describe(engine, &job.settings);
    if (st != GRIP_OK) return st;
    if (json == NULL) return fail(engine, GRIP_ERR_ARG, "json is NULL");
    gs_reader reader = {load_bounds, load_box, &job};
    gs_scene scene;
    size_t line, column;
    if (!gs_read(json, length, job.settings.max_boxes, &reader, &scene)) {
        st = fail(engine, scene.nomem ? GRIP_ERR_NOMEM : (grip_status)scene.status, "scene: %s", scene.message);
        goto done;
    }
    if (scene.over_limit) {
        /* Every box up to the limit was accepted; the next one is refused as box creation would. */
        gs_line_column(json, length, scene.over_offset, &line, &column);
        st = fail(engine, GRIP_ERR_LIMIT, "scene: line %zu, column %zu: boxes[%zu]: max_boxes (%u) reached", line,
                  column, scene.count, job.settings.max_boxes);
        goto done;
    }
    size_t count = scene.count;
    if (job.keys.repeated) {
        const key_set *k = &job.keys;
        gs_line_column(json, length, k->repeat_offset, &line, &column);
        st = fail(engine, GRIP_ERR_ARG, "scene: line %zu, column %zu: boxes[%zu].key %llu is the key of boxes[%zu] too",
                  line, column, k->repeat_index, (unsigned long long)k->repeat_key, k->repeat_first);
        goto done;
    }
    job.ids = (grip_box *)malloc((count ? count : 1) * sizeof *job.ids);
    if (job.ids == NULL) {
        st = fail(engine, GRIP_ERR_NOMEM, "out of memory loading the scene");
        goto done;
    }
    /* Accepted: now the engine itself, whose history goes first (refused, changing nothing,
     * while a gesture is in progress or a recorded step is open). */
    if (grip_history_recording(engine)) {
        st = fail(engine, GRIP_ERR_STATE, "scene: a recorded step is open; commit or cancel it before loading a scene");
        goto done;
    }
    if ((st = grip_history_clear(engine)) != GRIP_OK) {
        if (st == GRIP_ERR_STATE) st = fail(engine, st, "scene: a gesture is in progress; load the scene after it ends");
        goto done;
    }
    if ((st = gs_engine_clear(engine)) != GRIP_OK) goto done;
    if (scene.has_bounds && (st = grip_engine_set_bounds(engine, scene.width, scene.height)) != GRIP_OK) goto done;
    job.creating = true;
    if (!gs_read(json, length, job.settings.max_boxes, &reader, &scene) || scene.count != count) {
        /* (Not reached: the same text with the same checks.) */
        st = fail(engine, scene.nomem ? GRIP_ERR_NOMEM : GRIP_ERR_ARG, "scene: %s", scene.message);
        goto done;
    }
    st = GRIP_OK;
done:
    grip_engine_destroy(job.checker);
    free(job.ids);
    free(job.keys.keys);
    free(job.keys.first);
    return st;
}
