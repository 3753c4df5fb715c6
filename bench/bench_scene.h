/* What the benchmark programs share: a deterministic random source, a status check that stops
 * the program, and the scene most rows run in (random rotated boxes over 4000 x 4000, then a
 * 100 x 100 target on top at (200, 200)). Header-only: each program includes it once. */
#ifndef GRIP_BENCH_SCENE_H
#define GRIP_BENCH_SCENE_H

#include "grip.h"
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/* xorshift64*: deterministic scenes. */
static unsigned long long rng = 88172645463325252ull;
static inline double rnd(void) {
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (double)((rng * 2685821657736338717ull) >> 11) / 9007199254740992.0;
}

#define CHECK(call)                                                                                  \
    do {                                                                                             \
        grip_status s_ = (call);                                                                     \
        if (s_ < 0) {                                                                                \
            fprintf(stderr, "%s:%d: %s -> %s\n", __FILE__, __LINE__, #call, grip_status_string(s_)); \
            exit(1);                                                                                 \
        }                                                                                            \
    } while (0)

/* Polls every waiting event. */
static inline void drain(grip_engine *e) {
    grip_event ev;
    while (grip_event_poll(e, &ev) == GRIP_OK) {}
}

/* A new engine with a 4000 x 4000 root. */
static inline grip_engine *world_4000(void) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 4000;
    d.height = 4000;
    grip_engine *e;
    CHECK(grip_engine_create(&d, &e));
    return e;
}

/* Fills `b` with the next random rotated box, 20-60 units wide over (300, 300)-(3900, 3900); as
 * `target` (the random numbers still drawn, so scenes stay the same), the 100 x 100 box at
 * (150, 150), unrotated, editing when `editing`. */
static inline void scene_box(grip_box_desc *b, bool target, bool editing) {
    b->width = 20 + 40 * rnd();
    b->height = 20 + 40 * rnd();
    b->x = 300 + 3600 * rnd();
    b->y = 300 + 3600 * rnd();
    b->rotation = 6.283 * rnd();
    if (target) {
        b->x = 150;
        b->y = 150;
        b->width = 100;
        b->height = 100;
        b->rotation = 0;
        b->editing = editing;
    }
}

/* Adds `count` random rotated boxes 20-60 units wide over (300, 300)-(3900, 3900), then the
 * target: 100 x 100 at (150, 150), on top, editing when `editing`. */
static inline void add_scene_boxes(grip_engine *e, int count, bool editing, grip_box *target) {
    grip_box_desc b;
    grip_box_desc_init(&b);
    for (int i = 0; i < count; i++) {
        scene_box(&b, false, false);
        grip_box id;
        CHECK(grip_box_create(e, &b, &id));
    }
    grip_box_desc_init(&b);
    b.x = 150;
    b.y = 150;
    b.width = 100;
    b.height = 100;
    b.editing = editing;
    CHECK(grip_box_create(e, &b, target));
}

#endif
