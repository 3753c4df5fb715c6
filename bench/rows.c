/* The bulk rows of scripts/bench as loops for callgrind, where wall clock on a shared machine is
 * too noisy to compare two builds: `grip-rows MODE N` runs N steps of MODE through the C ABI.
 *   create   N boxes created (bench.c's create row: a 1,000-wide grid of 20 x 20 boxes)
 *   destroy  N boxes created, then destroyed
 *   query    N grip_boxes_query calls of a 200 x 200 rectangle among 100,000 rotated boxes
 *   movehit  N (drag move + hit test) steps among 10,000 rotated boxes
 *   frame1   N (drag move + frame read) steps among 10,000 rotated boxes
 *   marquee  N marquee pointer moves over a 100,000-box grid (after 400 that build the bounds tree)
 *   select   N grip_select ADD calls (of a 30,000-box grid's first N boxes)
 *   snapset  N (0 or 1) grip_engine_set_snapping calls turning edges on among 100,000 boxes
 *   snapnext N (0 or 1): after a snapped drag of 100 moves among 100,000 boxes, whether the first
 *            move of a second gesture on another box (the index brought up to date) is made
 *   gaps     N snapped drag moves + frame reads with gaps, among 100,000 boxes
 *   order    N rounds among 100,000 boxes of four draw-order changes, each followed by a frame
 *            read: a child created under a random box, a random box destroyed, re-parented
 *            under another one, sent to the front or the back
 * Instructions per step: the difference of callgrind's "Collected" totals of two runs with
 * different N, divided by the difference of N (the setup cancels):
 *   valgrind --tool=callgrind --callgrind-out-file=/dev/null .build/bench/grip-rows create 20000
 * scripts/bench builds it beside grip-loop (grip-rows, grip-rows-runtime). */
#include "bench_scene.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double t = 0;
static void pointer(grip_engine *e, grip_phase phase, double x, double y) {
    t += 0.001;
    grip_pointer_event ev = {phase, 1, x, y, t, 0};
    CHECK(grip_dispatch_pointer(e, &ev, NULL));
}

/* bench.c's scene(): n - 1 random rotated boxes over 4000 x 4000, then an editing target box at
 * (200, 200). */
static grip_engine *scene(int n) {
    grip_engine *e = world_4000();
    grip_box id;
    add_scene_boxes(e, n - 1, true, &id);
    return e;
}

static grip_engine *grid(int n, int side, double pitch, double size, grip_selection_mode mode, grip_box *ids) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 100000;
    d.height = 100000;
    d.selection = mode;
    grip_engine *e;
    CHECK(grip_engine_create(&d, &e));
    grip_box_desc b;
    grip_box_desc_init(&b);
    grip_box id;
    for (int i = 0; i < n; i++) {
        b.x = pitch * (i % side) + 5;
        b.y = pitch * (i / side) + 5;
        b.width = size;
        b.height = size;
        CHECK(grip_box_create(e, &b, ids ? &ids[i] : &id));
    }
    return e;
}

static const char rows_usage[] =
    "usage: grip-rows create|destroy|query|movehit|frame1|marquee|select|snapset|snapnext|gaps|order N\n";

int main(int argc, char **argv) {
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(rows_usage, stdout);
        return 0;
    }
    static const char *const modes[] = {"create", "destroy", "query", "movehit", "frame1", "marquee",
                                        "select", "snapset", "snapnext", "gaps", "order"};
    int known = 0;
    for (size_t m = 0; argc >= 3 && m < sizeof modes / sizeof modes[0]; m++) known |= !strcmp(argv[1], modes[m]);
    if (!known || argv[2][0] == '-' || argc > 3) {
        fputs(rows_usage, stderr);
        return 2;
    }
    const char *mode = argv[1];
    long n = atol(argv[2]);
    double sum = 0;
    if (!strcmp(mode, "create") || !strcmp(mode, "destroy")) {
        grip_engine *e;
        CHECK(grip_engine_create(NULL, &e));
        grip_box *ids = malloc(sizeof(grip_box) * (size_t)n);
        grip_box_desc b;
        grip_box_desc_init(&b);
        for (long i = 0; i < n; i++) {
            b.x = (double)(i % 1000);
            b.y = (double)(i / 1000) * 7.0;
            b.width = 20;
            b.height = 20;
            CHECK(grip_box_create(e, &b, &ids[i]));
        }
        if (!strcmp(mode, "destroy"))
            for (long i = 0; i < n; i++) CHECK(grip_box_destroy(e, ids[i]));
        free(ids);
        grip_engine_destroy(e);
    } else if (!strcmp(mode, "query")) {
        grip_engine *e = scene(100000);
        grip_box *out = malloc(sizeof(grip_box) * 100000);
        size_t count = 0;
        for (long i = 0; i < n; i++) {
            double x = 3800 * rnd(), y = 3800 * rnd();
            CHECK(grip_boxes_query(e, x, y, x + 200, y + 200, false, out, 100000, &count));
            sum += (double)count;
        }
        free(out);
        grip_engine_destroy(e);
    } else if (!strcmp(mode, "movehit") || !strcmp(mode, "frame1")) {
        grip_engine *e = scene(10000);
        pointer(e, GRIP_PHASE_DOWN, 200, 200);
        grip_frame f;
        for (long i = 0; i < n; i++) {
            pointer(e, GRIP_PHASE_MOVE, 200 + (double)(i % 64), 220);
            if (mode[0] == 'm') {
                grip_hit h;
                CHECK(grip_hit_test(e, 4000 * rnd(), 4000 * rnd(), &h));
                sum += h.handle;
            } else {
                CHECK(grip_frame_get(e, &f));
                sum += (double)f.command_count;
            }
            if (i % 1000 == 0) drain(e);
        }
        grip_engine_destroy(e);
    } else if (!strcmp(mode, "marquee")) {
        grip_engine *e = grid(100000, 316, 40, 30, GRIP_SELECTION_POINTER, NULL);
        pointer(e, GRIP_PHASE_DOWN, 1, 1);
        pointer(e, GRIP_PHASE_MOVE, 3000, 3000);
        /* 400 moves first, as scripts/bench's marquee row makes them: the bounds tree of the new
         * boxes is built in bounded steps riding on the first few hundred queries. */
        for (long i = 0; i < 400; i++) {
            pointer(e, GRIP_PHASE_MOVE, 3000 + (double)(i % 64) * 15, 3000 + (double)(i % 29) * 20);
            if (i % 100 == 0) drain(e);
        }
        for (long i = 0; i < n; i++) {
            pointer(e, GRIP_PHASE_MOVE, 3000 + (double)(i % 64) * 15, 3000 + (double)(i % 29) * 20);
            if (i % 100 == 0) drain(e);
        }
        grip_engine_destroy(e);
    } else if (!strcmp(mode, "select")) {
        enum { BOXES = 30000 };
        if (n > BOXES) n = BOXES;
        grip_box *ids = malloc(sizeof(grip_box) * BOXES);
        grip_engine *e = grid(BOXES, 100, 12, 10, GRIP_SELECTION_OFF, ids);
        for (long i = 0; i < n; i++) CHECK(grip_select(e, ids[i], GRIP_SELECT_ADD));
        free(ids);
        grip_engine_destroy(e);
    } else if (!strcmp(mode, "snapset") || !strcmp(mode, "snapnext") || !strcmp(mode, "gaps")) {
        grip_engine *e = scene(100000);
        grip_snap_desc d;
        grip_snap_desc_init(&d);
        d.flags = GRIP_SNAP_GRID | GRIP_SNAP_EDGES | GRIP_SNAP_CENTERS | (mode[0] == 'g' ? GRIP_SNAP_GAPS : 0);
        if (!strcmp(mode, "snapset")) {
            if (n > 0) CHECK(grip_engine_set_snapping(e, &d));
            grip_engine_destroy(e);
            printf("%f\n", sum);
            return 0;
        }
        CHECK(grip_engine_set_snapping(e, &d));
        grip_frame f;
        CHECK(grip_frame_get(e, &f));
        pointer(e, GRIP_PHASE_DOWN, 200, 200);
        long moves = mode[0] == 'g' ? n : 100;
        for (long i = 0; i < moves; i++) {
            pointer(e, GRIP_PHASE_MOVE, 2000 + (double)(i % 64) * 1.37, 2000 + (double)((i / 64) % 8) * 2.1);
            CHECK(grip_frame_get(e, &f));
            sum += (double)f.command_count;
            if (i % 1000 == 0) drain(e);
        }
        if (!strcmp(mode, "snapnext")) {
            pointer(e, GRIP_PHASE_UP, 2000, 2000);
            drain(e);
            grip_hit h = {0};
            double x = 1000, y = 1000;
            for (int k = 0; k < 1000 && h.box == GRIP_NO_BOX; k++) {
                x = 1000 + 2000 * rnd();
                y = 1000 + 2000 * rnd();
                CHECK(grip_hit_test(e, x, y, &h));
            }
            pointer(e, GRIP_PHASE_DOWN, x, y);
            if (n > 0) {
                pointer(e, GRIP_PHASE_MOVE, x + 30, y + 1);
                CHECK(grip_frame_get(e, &f));
            }
        }
        grip_engine_destroy(e);
    } else if (!strcmp(mode, "order")) {
        enum { BOXES = 100000 };
        grip_engine *e = world_4000();
        grip_box *ids = malloc(sizeof(grip_box) * (size_t)(BOXES + n + 1));
        grip_box_desc b;
        grip_box_desc_init(&b);
        for (int i = 0; i < BOXES; i++) {
            scene_box(&b, false, false);
            CHECK(grip_box_create(e, &b, &ids[i]));
        }
        long count = BOXES;
        grip_frame f;
        CHECK(grip_frame_get(e, &f));
        for (long i = 0; i < n; i++) {
            for (int c = 0; c < 4; c++) {
                long k = (long)(rnd() * (double)(count - 1)), other = (long)(rnd() * (double)(count - 1));
                if (c == 0) {
                    grip_box_desc_init(&b);
                    b.parent = ids[k];
                    b.width = b.height = 20;
                    if (grip_box_create(e, &b, &ids[count]) == GRIP_OK) count++;
                } else if (c == 1) {
                    if (grip_box_destroy(e, ids[k]) == GRIP_OK) ids[k] = ids[--count];
                } else if (c == 2) {
                    grip_box_desc_init(&b);
                    CHECK(grip_box_describe(e, ids[k], &b));
                    b.parent = ids[other];
                    (void)grip_box_configure(e, ids[k], &b);
                } else {
                    CHECK(grip_box_order(e, ids[k], i % 2 ? GRIP_ORDER_BACK : GRIP_ORDER_FRONT));
                }
                CHECK(grip_frame_get(e, &f));
                sum += (double)f.command_count;
            }
        }
        free(ids);
        grip_engine_destroy(e);
    } else {
        fprintf(stderr, "grip-rows: unknown mode %s\n", mode);
        return 2;
    }
    printf("%f\n", sum);
    return 0;
}
