/* test_scene_memory.c: the memory a scene load takes, counted by this program's own allocator
 * (counted_malloc.c).
 *
 * Reading a scene text takes memory bounded by the text, and a text that is refused stops
 * taking it at the first refused box: a 28.5 MB text of empty objects (which made a JSON
 * library allocate 2.2 GB) is refused with the peak below 64 KB; a text of 100,000 boxes whose
 * last is refused is refused having taken at most 80 bytes a box; a text of 200,000 boxes
 * over max_boxes 1000 stops at the limit; 100,000 empty objects of an unknown key take
 * nothing. A load that is accepted holds its boxes in the engine, and while loading it takes at
 * most the text's size beside what the engine holds afterwards. A save of those boxes takes at most
 * twice the text and a few words a box. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counted_malloc.h"
#include "grip.h"

/* The bytes live and their peak, as counted_malloc.c counts them. */
#define live counted_live
#define peak counted_peak

/* A growing text (counted too: built before each load, outside what is measured). */
typedef struct text {
    char *s;
    size_t n, cap;
} text;
static void add(text *t, const char *s) {
    size_t k = strlen(s);
    if (t->n + k + 1 > t->cap) {
        t->cap = (t->n + k + 1) * 2;
        t->s = realloc(t->s, t->cap);
    }
    memcpy(t->s + t->n, s, k + 1);
    t->n += k;
}

static grip_engine *engine(uint32_t max_boxes) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 4000;
    d.height = 4000;
    d.max_boxes = max_boxes;
    grip_engine *e = NULL;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    return e;
}

/* Loads t into e, returning the status; *rise is how far the peak of live bytes rose above what
 * was live before the call, *kept what stayed live after it. */
static grip_status measured_load(grip_engine *e, const text *t, size_t *rise, size_t *kept) {
    size_t before = live;
    peak = live;
    grip_status st = grip_scene_load(e, t->s, t->n);
    *rise = peak - before;
    *kept = live > before ? live - before : 0;
    return st;
}

static size_t box_count(grip_engine *e) {
    size_t n = 0;
    grip_boxes_list(e, NULL, 0, &n);
    return n;
}

static void test_empty_objects(void) {
    /* 28.5 MB: 9.5 million empty objects where boxes go. */
    text t = {NULL, 0, 0};
    add(&t, "{\"grip_scene\": 1, \"boxes\": [{}");
    for (int i = 1; i < 9500000; i++) add(&t, ",{}");
    add(&t, "]}");
    CHECK(t.n > 28500000);
    grip_engine *e = engine(0);
    size_t rise, kept;
    CHECK_STATUS(measured_load(e, &t, &rise, &kept), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "boxes[0].id must be an integer") != NULL);
    printf("(28.5 MB of empty objects: refused, peak +%zu bytes)\n", rise);
    CHECK(rise < 64 * 1024);
    CHECK_INT(kept, 0);
    /* The same objects under a key the format does not know: checked, skipped, nothing kept. */
    t.n = 0;
    add(&t, "{\"grip_scene\": 1, \"future\": [{}");
    for (int i = 1; i < 100000; i++) add(&t, ",{}");
    add(&t, "], \"boxes\": []}");
    CHECK_STATUS(measured_load(e, &t, &rise, &kept), GRIP_OK);
    CHECK(rise < 64 * 1024);
    grip_engine_destroy(e);
    free(t.s);
}

/* 100,000 boxes {"id": N} in an order a save does not write (so the reader keeps a table of
 * ids), then one more whose width is negative. */
static void test_refused_last(void) {
    text t = {NULL, 0, 0};
    char box[64];
    add(&t, "{\"grip_scene\": 1, \"boxes\": [");
    for (int i = 0; i < 100000; i++) {
        snprintf(box, sizeof box, "%s{\"id\": %d}", i ? "," : "", (i * 7919) % 100000 + 1);
        add(&t, box);
    }
    add(&t, ",{\"id\": 0, \"width\": -1}]}");
    grip_engine *e = engine(0);
    size_t rise, kept;
    CHECK_STATUS(measured_load(e, &t, &rise, &kept), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "boxes[100000]") != NULL);
    printf("(100,000 boxes, the last refused: peak +%zu bytes, %.1f a box, text %zu bytes)\n", rise, rise / 1e5, t.n);
    CHECK(rise <= 80 * 100000);
    CHECK_INT(kept, 0);
    CHECK_INT(box_count(e), 0);
    grip_engine_destroy(e);
    free(t.s);
}

static void test_over_limit(void) {
    text t = {NULL, 0, 0};
    char box[64];
    add(&t, "{\"grip_scene\": 1, \"boxes\": [");
    for (int i = 0; i < 200000; i++) {
        snprintf(box, sizeof box, "%s{\"id\": %d}", i ? "," : "", i + 1);
        add(&t, box);
    }
    add(&t, "]}");
    grip_engine *e = engine(1000);
    size_t rise, kept;
    CHECK_STATUS(measured_load(e, &t, &rise, &kept), GRIP_ERR_LIMIT);
    CHECK(strstr(grip_engine_errmsg(e), "boxes[1000]: max_boxes (1000) reached") != NULL);
    CHECK(rise < 256 * 1024);
    CHECK_INT(box_count(e), 0);
    grip_engine_destroy(e);
    free(t.s);
}

/* An accepted load of 100,000 boxes as a save writes them: the peak while loading is what the
 * engine holds afterwards plus at most the text's size. */
static void test_accepted(void) {
    grip_engine *e = engine(0);
    int created = 0;
    for (int i = 0; i < 100000; i++) {
        grip_box_desc d;
        grip_box_desc_init(&d);
        d.x = (i % 400) * 10;
        d.y = (i / 400) * 10 + 0.25;
        d.width = 12.5;
        d.height = 10.125;
        d.rotation = i * 0.001;
        grip_box b;
        created += grip_box_create(e, &d, &b) == GRIP_OK;
    }
    CHECK_INT(created, 100000);
    text t = {NULL, 0, 0};
    /* A save holds the text (grown by doubling: at most twice its size while it grows) and a few
     * words a box (the list of ids, an id -> index table of at most 4 slots of 16 bytes a box),
     * never a copy of every box's description (224 bytes a box). */
    size_t before = live;
    peak = live;
    CHECK_STATUS(grip_scene_save_text(e, &t.s, &t.n), GRIP_OK);
    size_t save_rise = peak - before;
    t.cap = t.n + 1;
    printf("(100,000 boxes saved: text %zu bytes, peak +%zu while saving)\n", t.n, save_rise);
    CHECK(save_rise <= 2 * t.n + 100000 * (8 + 64) + 65536);
    grip_engine_destroy(e);
    e = engine(0);
    size_t rise, kept;
    CHECK_STATUS(measured_load(e, &t, &rise, &kept), GRIP_OK);
    CHECK_INT(box_count(e), 100000);
    printf("(100,000 boxes accepted: text %zu bytes, the engine keeps %zu, peak +%zu: %zu beside what it keeps)\n", t.n,
           kept, rise, rise - kept);
    CHECK(rise >= kept);
    CHECK(rise - kept <= t.n);
    grip_engine_destroy(e);
    grip_free(t.s);
}

int main(void) {
    test_empty_objects();
    test_refused_last();
    test_over_limit();
    test_accepted();
    return check_summary("Scene memory");
}
