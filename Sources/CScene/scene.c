/* grip_scene_save and grip_scene_load, over grip.h's own functions: the boxes are walked with
 * grip_boxes_list / grip_box_describe and created with grip_box_create, so a loaded box is checked
 * exactly as any other. A load creates the whole scene in a scratch engine with the engine's
 * settings first; only when every box was accepted there are the engine's history cleared and
 * its boxes replaced. */
#include "include/CScene.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hooks.h"
#include "sizes.h"

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

grip_status grip_scene_save(grip_engine *engine, char *buffer, size_t capacity, size_t *length) {
    grip_engine_desc settings;
    grip_engine_desc_init(&settings);
    grip_status st = grip_engine_describe(engine, &settings);
    if (st != GRIP_OK) return st;
    if (length == NULL) return fail(engine, GRIP_ERR_ARG, "length is NULL");
    size_t n = 0;
    if ((st = grip_boxes_list(engine, NULL, 0, &n)) != GRIP_OK) return st;
    size_t rows = n ? n : 1;
    bool fits = gs_fits(rows, sizeof(grip_box_desc)) && gs_fits(rows, sizeof(gs_entry)); /* ids are smaller */
    grip_box *ids = fits ? (grip_box *)malloc(rows * sizeof *ids) : NULL;
    grip_box_desc *descs = fits ? (grip_box_desc *)malloc(rows * sizeof *descs) : NULL;
    gs_entry *entries = fits ? (gs_entry *)malloc(rows * sizeof *entries) : NULL;
    id_map map = {NULL, NULL, 0};
    char *text = NULL;
    size_t text_length = 0;
    if (!ids || !descs || !entries || !map_init(&map, n)) {
        st = fail(engine, GRIP_ERR_NOMEM, "out of memory saving the scene");
        goto done;
    }
    if ((st = grip_boxes_list(engine, ids, n, &n)) != GRIP_OK) goto done;
    for (size_t i = 0; i < n; i++) {
        grip_box_state state;
        grip_box_desc_init(&descs[i]);
        if ((st = grip_box_describe(engine, ids[i], &descs[i])) != GRIP_OK) goto done;
        if ((st = grip_box_state_get(engine, ids[i], &state)) != GRIP_OK) goto done;
        /* A magnify preview may take one box past its scale limits until the gesture ends (which
         * clamps it): the file gets the nearer limit, so that it loads (a box loads at rest). */
        if (descs[i].scale > descs[i].max_scale) descs[i].scale = descs[i].max_scale;
        if (descs[i].scale < descs[i].min_scale) descs[i].scale = descs[i].min_scale;
        size_t p = map_slot(&map, descs[i].parent);
        /* The list has parents before their children. */
        entries[i].parent = descs[i].parent != GRIP_NO_BOX && map.keys[p] ? (int64_t)map.values[p] : -1;
        entries[i].has_center = true;
        entries[i].center_x = state.center.x;
        entries[i].center_y = state.center.y;
        entries[i].offset = 0;
        if ((st = grip_box_get_key(engine, ids[i], &entries[i].key)) != GRIP_OK) goto done;
        p = map_slot(&map, ids[i]);
        map.keys[p] = ids[i];
        map.values[p] = i;
    }
    if (!gs_write(settings.width, settings.height, descs, entries, n, &text, &text_length)) {
        st = fail(engine, GRIP_ERR_NOMEM, "out of memory writing the scene");
        goto done;
    }
    *length = text_length;
    if (buffer == NULL || capacity <= text_length) {
        st = fail(engine, GRIP_ERR_LIMIT, "the scene takes %zu bytes and a terminator; the buffer holds %zu",
                  text_length, buffer ? capacity : 0);
        goto done;
    }
    memcpy(buffer, text, text_length + 1);
done:
    free(text);
    free(map.keys);
    free(map.values);
    free(entries);
    free(descs);
    free(ids);
    return st;
}

/* ---- load ----------------------------------------------------------------------------------- */

/* Creates the scene's boxes in `engine`, in order, their ids into ids; on a refusal *failed is
 * the refused box's index. */
static grip_status place(grip_engine *engine, const gs_scene *scene, grip_box *ids, size_t *failed) {
    const grip_box_desc *descs = (const grip_box_desc *)scene->descs;
    for (size_t i = 0; i < scene->count; i++) {
        grip_box_desc d = descs[i];
        int64_t p = scene->entries[i].parent;
        d.parent = p < 0 ? GRIP_NO_BOX : ids[p];
        grip_vec2 center = {scene->entries[i].center_x, scene->entries[i].center_y};
        grip_status st = gs_box_create(engine, &d, scene->entries[i].has_center ? &center : NULL, scene->entries[i].key, &ids[i]);
        if (st != GRIP_OK) {
            *failed = i;
            return st;
        }
    }
    return GRIP_OK;
}

grip_status grip_scene_load(grip_engine *engine, const char *json, size_t length) {
    grip_engine_desc settings;
    grip_engine_desc_init(&settings);
    grip_status st = grip_engine_describe(engine, &settings);
    if (st != GRIP_OK) return st;
    if (json == NULL) return fail(engine, GRIP_ERR_ARG, "json is NULL");
    gs_scene scene;
    if (!gs_read(json, length, settings.max_boxes, &scene)) {
        st = fail(engine, scene.nomem ? GRIP_ERR_NOMEM : GRIP_ERR_ARG, "scene: %s", scene.message);
        gs_free(&scene);
        return st;
    }
    size_t line, column, failed = 0;
    grip_box *ids = (grip_box *)malloc((scene.count ? scene.count : 1) * sizeof *ids);
    grip_engine *scratch = NULL;
    if (ids == NULL) {
        st = fail(engine, GRIP_ERR_NOMEM, "out of memory loading the scene");
        goto done;
    }
    if (scene.has_bounds) {
        settings.width = scene.width;
        settings.height = scene.height;
    }
    if ((st = grip_engine_create(&settings, &scratch)) != GRIP_OK) {
        gs_line_column(json, length, scene.bounds_offset, &line, &column);
        if (st == GRIP_ERR_ARG && scene.has_bounds)
            st = fail(engine, st, "scene: line %zu, column %zu: bounds: %s", line, column, grip_engine_errmsg(NULL));
        else
            st = fail(engine, st, "scene: %s", grip_engine_errmsg(NULL));
        goto done;
    }
    if ((st = place(scratch, &scene, ids, &failed)) != GRIP_OK) {
        gs_line_column(json, length, scene.entries[failed].offset, &line, &column);
        st = fail(engine, st, "scene: line %zu, column %zu: boxes[%zu]: %s", line, column, failed,
                  grip_engine_errmsg(scratch));
        goto done;
    }
    if (scene.over_limit) {
        /* Every box up to the limit was accepted; the next one is refused as box creation would. */
        gs_line_column(json, length, scene.over_offset, &line, &column);
        st = fail(engine, GRIP_ERR_LIMIT, "scene: line %zu, column %zu: boxes[%zu]: max_boxes (%u) reached", line,
                  column, scene.count, settings.max_boxes);
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
    st = place(engine, &scene, ids, &failed);
done:
    grip_engine_destroy(scratch);
    free(ids);
    gs_free(&scene);
    return st;
}
