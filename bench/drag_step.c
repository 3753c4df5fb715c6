/* drag_step.c: the time of one drag step + frame read, one program for both targets: natively
 * against libgrip.so, and for wasm32-wasi against the wasm libgrip.a (run under Node's WASI), so
 * the two figures compare the library alone (docs/performance.md, "The web library").
 *
 *   drag_step [BOXES]     (default 1): BOXES boxes, the first one editing and dragged */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "grip.h"

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    int boxes = argc > 1 ? atoi(argv[1]) : 1, steps = 200000, i;
    grip_engine_desc d;
    grip_engine *e = NULL;
    grip_frame f;
    grip_pointer_event p = {GRIP_PHASE_DOWN, 1, 250, 250, 0, 0};
    double t = 0, sum = 0, start;
    if (boxes < 1) boxes = 1;
    grip_engine_desc_init(&d);
    d.width = 100000;
    d.height = 100000;
    if (grip_engine_create(&d, &e) != GRIP_OK) return 1;
    for (i = 0; i < boxes; i++) {
        grip_box_desc b;
        grip_box id;
        grip_box_desc_init(&b);
        b.x = 200 + (i % 300) * 120;
        b.y = 200 + (i / 300) * 120;
        b.width = 100;
        b.height = 100;
        b.editing = i == 0;
        if (grip_box_create(e, &b, &id) != GRIP_OK) return 1;
    }
    grip_frame_get(e, &f);
    grip_dispatch_pointer(e, &p, NULL);
    start = seconds();
    for (i = 0; i < steps; i++) {
        p.phase = GRIP_PHASE_MOVE;
        t += 0.001;
        p.time = t;
        p.x = 250 + (i % 100);
        p.y = 250 + (i % 50);
        grip_dispatch_pointer(e, &p, NULL);
        grip_frame_get(e, &f);
        sum += f.commands[0].transform.tx;
    }
    printf("%d boxes: drag step + frame read %.0f ns (checksum %g)\n", boxes,
           (seconds() - start) / steps * 1e9, sum);
    grip_engine_destroy(e);
    return 0;
}
