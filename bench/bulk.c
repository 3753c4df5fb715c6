/* Calls that touch many boxes at once, at 100,000 boxes, each timed as one call:
 *   destroy the parent of N editing children
 *   destroy the parent of N children that one group drag put in one undo step
 *   load a one-box scene over N editing top-level boxes
 *   grip-bulk [N]   (default 100,000; prints one line per case, in milliseconds)
 * scripts/bench runs it (out/bench-bulk.md). */
#define _POSIX_C_SOURCE 200809L
#include "bench_scene.h"
#include <string.h>
#include <time.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static grip_engine *engine_for(int n) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 4000;
    d.height = 4000;
    d.max_boxes = (uint32_t)n + 16;
    grip_engine *e;
    CHECK(grip_engine_create(&d, &e));
    return e;
}

/* Box i of a 300-column grid of 10 x 10 boxes under parent. */
static grip_box grid_box(grip_engine *e, grip_box parent, int i, bool editing) {
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.parent = parent;
    d.x = 10 + (i % 300) * 13;
    d.y = 10 + (i / 300) * 11;
    d.width = 10;
    d.height = 10;
    d.editing = editing;
    grip_box b;
    CHECK(grip_box_create(e, &d, &b));
    return b;
}

static grip_box parent_box(grip_engine *e) {
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.width = 4000;
    d.height = 4000;
    grip_box b;
    CHECK(grip_box_create(e, &d, &b));
    return b;
}

static double destroy_editing_children(int n) {
    grip_engine *e = engine_for(n);
    grip_box p = parent_box(e);
    for (int i = 0; i < n; i++) grid_box(e, p, i, true);
    double t0 = now_ms();
    CHECK(grip_box_destroy(e, p));
    double t = now_ms() - t0;
    grip_engine_destroy(e);
    return t;
}

static double destroy_one_step_children(int n) {
    grip_engine *e = engine_for(n);
    grip_box p = parent_box(e), grabbed = GRIP_NO_BOX;
    for (int i = 0; i < n; i++) {
        grip_box b = grid_box(e, p, i, false);
        if (i == n / 2) grabbed = b;
        CHECK(grip_select(e, b, GRIP_SELECT_ADD));
    }
    grip_box_state s;
    CHECK(grip_box_state_get(e, grabbed, &s));
    grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, s.center.x, s.center.y, 1.0, 0};
    CHECK(grip_dispatch_pointer(e, &ev, NULL));
    ev.phase = GRIP_PHASE_MOVE, ev.x += 30, ev.time = 1.1;
    CHECK(grip_dispatch_pointer(e, &ev, NULL));
    ev.phase = GRIP_PHASE_UP, ev.time = 1.2;
    CHECK(grip_dispatch_pointer(e, &ev, NULL));
    size_t undo = 0, redo = 0;
    CHECK(grip_history_depth(e, &undo, &redo));
    if (undo != 1) {
        fprintf(stderr, "grip-bulk: the group drag made no undo step\n");
        exit(1);
    }
    drain(e);
    double t0 = now_ms();
    CHECK(grip_box_destroy(e, p));
    double t = now_ms() - t0;
    grip_engine_destroy(e);
    return t;
}

static double load_over_editing(int n) {
    grip_engine *e = engine_for(n);
    for (int i = 0; i < n; i++) grid_box(e, GRIP_NO_BOX, i, true);
    const char *scene = "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1, \"editing\": true}]}";
    double t0 = now_ms();
    CHECK(grip_scene_load(e, scene, strlen(scene)));
    double t = now_ms() - t0;
    grip_engine_destroy(e);
    return t;
}

int main(int argc, char **argv) {
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("usage: grip-bulk [N]   (calls that touch N boxes at once, timed; default 100000)\n");
        return 0;
    }
    int n = argc == 2 ? atoi(argv[1]) : 100000;
    if (argc > 2 || n < 1) {
        fprintf(stderr, "usage: grip-bulk [N]   (calls that touch N boxes at once, timed; default 100000)\n");
        return 2;
    }
    printf("| one call, %d boxes | ms |\n|---|---|\n", n);
    printf("| destroy the parent of %d editing children | %.1f |\n", n, destroy_editing_children(n));
    printf("| destroy the parent of %d children in one undo step | %.1f |\n", n, destroy_one_step_children(n));
    printf("| load a one-box scene over %d editing boxes | %.1f |\n", n, load_over_editing(n));
    return 0;
}
