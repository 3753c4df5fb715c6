/* drag_step.c: the time of one drag step + frame read, one program for both targets: natively
 * against libgrip.so, and for wasm32-wasi against the wasm libgrip.a (run under Node's WASI), so
 * the two figures compare the library alone (docs/performance.md, "The web library"). The
 * group and snap rows are bench/web_binding.mjs's, step for step, for its native ratios.
 *
 *   drag_step [BOXES]     (default 1): BOXES boxes, the first one editing and dragged
 *   drag_step group       1,000 boxes selected (20 x 20, 40 a row, 30 apart), dragged as a group
 *   drag_step snap        100,000 boxes (200 x 200, 316 a row, 300 apart), the first dragged with
 *                         edge and centre snapping (threshold 8) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grip.h"

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int add_box(grip_engine *e, double x, double y, double w, double h, bool editing, grip_box *id) {
    grip_box_desc b;
    grip_box_desc_init(&b);
    b.x = x;
    b.y = y;
    b.width = w;
    b.height = h;
    b.editing = editing;
    return grip_box_create(e, &b, id) == GRIP_OK;
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "1";
    bool group = strcmp(mode, "group") == 0, snap = strcmp(mode, "snap") == 0;
    int boxes = group ? 1000 : snap ? 100000
                                    : atoi(mode),
        steps = group || snap ? 2000 : 200000, i;
    double x0 = group ? 10 : snap ? 110
                                  : 250,
           rx = snap ? 300 : 100, ry = snap ? 200 : 50;
    grip_engine_desc d;
    grip_engine *e = NULL;
    grip_frame f;
    grip_pointer_event p = {GRIP_PHASE_DOWN, 1, x0, x0, 0, 0};
    double t = 0, sum = 0, start;
    if (boxes < 1) boxes = 1;
    grip_engine_desc_init(&d);
    d.width = 100000;
    d.height = 100000;
    if (group) d.selection = GRIP_SELECTION_POINTER;
    if (grip_engine_create(&d, &e) != GRIP_OK) return 1;
    for (i = 0; i < boxes; i++) {
        grip_box id;
        int ok = group  ? add_box(e, (i % 40) * 30, (i / 40) * 30, 20, 20, false, &id)
                 : snap ? add_box(e, (i % 316) * 300 + 10, (i / 316) * 300 + 10, 200, 200, false, &id)
                        : add_box(e, 200 + (i % 300) * 120, 200 + (i / 300) * 120, 100, 100, i == 0, &id);
        if (!ok || (group && grip_select(e, id, GRIP_SELECT_ADD) != GRIP_OK)) return 1;
    }
    if (snap) {
        grip_snap_desc s;
        grip_snap_desc_init(&s);
        s.flags = GRIP_SNAP_EDGES | GRIP_SNAP_CENTERS;
        s.threshold = 8;
        if (grip_engine_set_snapping(e, &s) != GRIP_OK) return 1;
    }
    grip_frame_get(e, &f);
    grip_dispatch_pointer(e, &p, NULL);
    p.phase = GRIP_PHASE_MOVE;
    /* A warm-up of a tenth of the steps, as the JavaScript rows have. */
    for (i = 0; i < steps / 10; i++) {
        t += 0.001;
        p.time = t;
        p.x = x0 + (i % (int)rx);
        p.y = x0 + (i % (int)ry);
        grip_dispatch_pointer(e, &p, NULL);
        grip_frame_get(e, &f);
    }
    start = seconds();
    for (i = 0; i < steps; i++) {
        t += 0.001;
        p.time = t;
        p.x = x0 + (i % (int)rx);
        p.y = x0 + (i % (int)ry);
        grip_dispatch_pointer(e, &p, NULL);
        grip_frame_get(e, &f);
        sum += f.commands[0].transform.tx;
    }
    printf("%s%s: drag step + frame read %.0f ns (checksum %g)\n", group ? "group of 1000" : snap ? "snap among 100000"
                                                                                                  : mode,
           group || snap ? "" : " boxes",
           (seconds() - start) / steps * 1e9, sum);
    grip_engine_destroy(e);
    return 0;
}
