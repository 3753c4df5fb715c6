/* The longest single call in pathological scenes of N boxes (default 100,000), each against its
 * budget: 1 ms plus 50 ns per box the call must change.
 *   group    the first group moves with every box selected (each move changes every box)
 *   keys     arrow keys with every box selected (each nudge changes every box)
 *   marquee  a marquee swept over every box (a move changes the boxes that join or leave)
 *   snap     a drag snapping among N stacked snap targets (one box changes)
 *   hit      hit tests where every box overlaps the point (nothing changes)
 *   history  commits of one-box drags at a full history of 1,000,000 steps (one box changes)
 * and the marquee against its C floor (a bucket grid, overlap tests and the joined/left lists,
 * in the same run). Wall-clock; the longest call of each case is the row.
 *   grip-longcalls [N] */
#define _POSIX_C_SOURCE 200809L
#include "bench_scene.h"
#include "marquee_floor.h"
#include <string.h>
#include <time.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double t_host = 1.0;
static double longest;
static double t0;
#define TIMED(call)                     \
    do {                                \
        t0 = now_ms();                  \
        CHECK(call);                    \
        double d_ = now_ms() - t0;      \
        if (d_ > longest) longest = d_; \
    } while (0)

static grip_engine *engine_for(int n, grip_selection_mode mode) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 100000;
    d.height = 100000;
    d.max_boxes = (uint32_t)n + 16;
    d.selection = mode;
    grip_engine *e;
    CHECK(grip_engine_create(&d, &e));
    return e;
}

/* Box i of a square grid of 30 x 30 boxes 40 apart (or all at (500, 500) when stacked). */
static grip_box grid_box(grip_engine *e, int i, int side, bool stacked, bool snap_target) {
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.x = stacked ? 500 : 40.0 * (i % side) + 5;
    d.y = stacked ? 500 : 40.0 * (i / side) + 5;
    d.width = 30;
    d.height = 30;
    d.snap_target = snap_target;
    grip_box b;
    CHECK(grip_box_create(e, &d, &b));
    return b;
}

static void pointer(grip_engine *e, grip_phase phase, double x, double y) {
    t_host += 0.001;
    grip_pointer_event ev = {phase, 1, x, y, t_host, 0};
    TIMED(grip_dispatch_pointer(e, &ev, NULL));
    grip_frame f;
    TIMED(grip_frame_get(e, &f));
}

static grip_engine *all_selected(int n, grip_box *grabbed) {
    grip_engine *e = engine_for(n, GRIP_SELECTION_POINTER);
    int side = 316;
    for (int i = 0; i < n; i++) {
        grip_box b = grid_box(e, i, side, false, false);
        if (i == 0) *grabbed = b;
        CHECK(grip_select(e, b, GRIP_SELECT_ADD));
    }
    grip_frame f;
    CHECK(grip_frame_get(e, &f));
    drain(e);
    return e;
}

/* The first three moves of a group drag, every box selected. */
static double group_moves(int n) {
    grip_box grabbed;
    grip_engine *e = all_selected(n, &grabbed);
    longest = 0;
    t_host += 0.001;
    grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, 6325, 6325, t_host, 0};
    CHECK(grip_dispatch_pointer(e, &ev, NULL));
    for (int i = 1; i <= 3; i++) pointer(e, GRIP_PHASE_MOVE, 6325 + 7 * i, 6325 + 3 * i);
    double t = longest;
    grip_engine_destroy(e);
    return t;
}

/* Ten arrow keys (down, up), every box selected, the first far from any earlier nudge. */
static double arrow_keys(int n) {
    grip_box grabbed;
    grip_engine *e = all_selected(n, &grabbed);
    longest = 0;
    for (int i = 0; i < 10; i++) {
        t_host += 0.1;
        grip_key_event k = {GRIP_PHASE_DOWN, i % 2 ? GRIP_KEY_RIGHT : GRIP_KEY_DOWN, 0, t_host};
        TIMED(grip_dispatch_key(e, &k, NULL));
        k.phase = GRIP_PHASE_UP;
        TIMED(grip_dispatch_key(e, &k, NULL));
        grip_frame f;
        TIMED(grip_frame_get(e, &f));
    }
    double t = longest;
    grip_engine_destroy(e);
    return t;
}

/* A marquee from an empty corner over the whole grid and back in 20 moves; *most gets the most
 * boxes one move changed (joined + left). */
static double marquee_sweep(int n, size_t *most) {
    grip_engine *e = engine_for(n, GRIP_SELECTION_POINTER);
    int side = 316;
    for (int i = 0; i < n; i++) grid_box(e, i, side, false, false);
    grip_frame f;
    CHECK(grip_frame_get(e, &f));
    longest = 0;
    t_host += 0.001;
    grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, 1, 1, t_host, 0};
    CHECK(grip_dispatch_pointer(e, &ev, NULL));
    size_t before = 0;
    *most = 0;
    double far = 40.0 * side;
    for (int i = 1; i <= 20; i++) {
        double s = i <= 10 ? far * i / 10 : far * (20 - i) / 10 + 2;
        pointer(e, GRIP_PHASE_MOVE, s, s);
        size_t c = 0;
        CHECK(grip_selection_get(e, NULL, 0, &c));
        size_t d = c > before ? c - before : before - c;
        if (d > *most) *most = d;
        before = c;
        drain(e);
    }
    double t = longest;
    grip_engine_destroy(e);
    return t;
}

/* A drag of one box over N stacked snap targets, edges and centres on. */
static double snap_stacked(int n) {
    grip_engine *e = engine_for(n, GRIP_SELECTION_POINTER);
    for (int i = 0; i < n; i++) grid_box(e, i, 1, true, true);
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.x = 2000;
    d.y = 2000;
    d.width = 30;
    d.height = 30;
    grip_box mover;
    CHECK(grip_box_create(e, &d, &mover));
    grip_snap_desc s;
    grip_snap_desc_init(&s);
    s.flags = GRIP_SNAP_EDGES | GRIP_SNAP_CENTERS;
    CHECK(grip_engine_set_snapping(e, &s));
    grip_frame f;
    CHECK(grip_frame_get(e, &f));
    for (int i = 0; i < 200; i++) CHECK(grip_frame_get(e, &f)); /* the snap index built */
    longest = 0;
    t_host += 0.001;
    grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, 2015, 2015, t_host, 0};
    CHECK(grip_dispatch_pointer(e, &ev, NULL));
    for (int i = 1; i <= 60; i++) pointer(e, GRIP_PHASE_MOVE, 2015 - 25 * i, 2015 - 25 * i);
    double t = longest;
    grip_engine_destroy(e);
    return t;
}

/* 100 hit tests among N stacked boxes turned 45 degrees (centre (515, 515)): at points every box
 * covers (`inside`), or at points inside every box's bounds but outside every box (near a corner
 * of the bounds, where the turned square leaves a gap). */
static double hit_stacked(int n, bool inside) {
    grip_engine *e = engine_for(n, GRIP_SELECTION_POINTER);
    for (int i = 0; i < n; i++) {
        grip_box_desc d;
        grip_box_desc_init(&d);
        d.x = 500, d.y = 500, d.width = 30, d.height = 30, d.rotation = 0.7853981633974483;
        grip_box b;
        CHECK(grip_box_create(e, &d, &b));
    }
    grip_frame f;
    CHECK(grip_frame_get(e, &f));
    grip_hit h;
    for (int i = 0; i < 400; i++) CHECK(grip_hit_test(e, 515, 515, &h)); /* the bounds tree built */
    longest = 0;
    for (int i = 0; i < 100; i++) {
        double u = (i % 10) * 0.2, v = (i / 10) * 0.2;
        /* |dx| + |dy| <= 21.2 is inside; 34 + ... is in the bounds' corner, outside the box */
        if (inside) TIMED(grip_hit_test(e, 510 + u, 512 + v, &h));
        else TIMED(grip_hit_test(e, 532 - u, 532 - v, &h));
        if (inside ? h.box == GRIP_NO_BOX : h.box != GRIP_NO_BOX) {
            fprintf(stderr, "grip-longcalls: the hit test %s a box\n", inside ? "missed" : "found");
            exit(1);
        }
    }
    double t = longest;
    grip_engine_destroy(e);
    return t;
}

/* Drag number i of the 40 x 40 box at (*x - 20, 1000): 20 right (even i) or left, from its centre;
 * its press and move timed when `timed`, its release when `timed_release`. */
static void one_box_drag(grip_engine *e, double *x, int i, bool timed, bool timed_release) {
    double dx = i % 2 ? -20 : 20;
    t_host += 0.1;
    grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, *x, 1020, t_host, 0};
    for (int k = 0; k < 3; k++) {
        if (k == 1) ev.phase = GRIP_PHASE_MOVE, ev.x += dx, ev.time += 0.01;
        if (k == 2) ev.phase = GRIP_PHASE_UP, ev.time += 0.01;
        if (k == 2 ? timed_release : timed) {
            TIMED(grip_dispatch_pointer(e, &ev, NULL));
        } else {
            CHECK(grip_dispatch_pointer(e, &ev, NULL));
        }
    }
    *x += dx;
}

/* One-box drags until the history holds `steps` steps (its limit), then 200 more: the longest
 * commit (the release that records the step) among those. */
static double full_history_commit(int steps) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 4000;
    d.height = 4000;
    d.history_limit = (uint32_t)steps;
    d.history_bytes_limit = 1ull << 40;
    grip_engine *e;
    CHECK(grip_engine_create(&d, &e));
    grip_box_desc b;
    grip_box_desc_init(&b);
    b.x = 1000, b.y = 1000, b.width = 40, b.height = 40;
    grip_box id;
    CHECK(grip_box_create(e, &b, &id));
    double x = 1020;
    longest = 0;
    for (int i = 0; i < steps + 200; i++) {
        one_box_drag(e, &x, i, false, i >= steps);
        drain(e);
    }
    size_t undo = 0, redo = 0;
    CHECK(grip_history_depth(e, &undo, &redo));
    if (undo != (size_t)steps) {
        fprintf(stderr, "grip-longcalls: the history holds %zu steps, not %d\n", undo, steps);
        exit(1);
    }
    double t = longest;
    grip_engine_destroy(e);
    return t;
}

/* One-box drags whose events the host never polls: `drags` of them fill the queue (its CHANGED
 * events dropped or merged, the boundaries and steps kept), then 200 more: the longest single
 * call (press, move, release) among those. */
static double unread_queue_drags(int drags) {
    grip_engine *e = engine_for(16, GRIP_SELECTION_OFF);
    grip_box_desc b;
    grip_box_desc_init(&b);
    b.x = 1000, b.y = 1000, b.width = 40, b.height = 40;
    grip_box id;
    CHECK(grip_box_create(e, &b, &id));
    double x = 1020;
    longest = 0;
    for (int i = 0; i < drags + 200; i++) one_box_drag(e, &x, i, i >= drags, i >= drags);
    double t = longest;
    grip_engine_destroy(e);
    return t;
}

/* The marquee's C floor (marquee_floor.h: a bucket grid of 160-unit cells, overlap tests and the
 * joined/left lists against a mark per box): the longest of the same 20 moves as
 * `marquee_sweep`, in its second sweep. */
static double marquee_sweep_floor(int n) {
    int side = 316;
    marquee_floor f;
    marquee_floor_init(&f, n, side, 40, 30, 160);
    double far = 40.0 * side, worst = 0;
    volatile int sink = 0;
    for (int k = 1; k <= 40; k++) { /* twice: the second sweep is measured */
        int step = k > 20 ? k - 20 : k;
        double s = step <= 10 ? far * step / 10 : far * (20 - step) / 10 + 2;
        double t = now_ms();
        sink += marquee_floor_move(&f, (floor_rect){1, 1, s, s});
        double d = now_ms() - t;
        if (k > 20 && d > worst) worst = d;
    }
    (void)sink;
    marquee_floor_free(&f);
    return worst;
}

int main(int argc, char **argv) {
    int n = argc == 2 ? atoi(argv[1]) : 100000;
    if (argc > 2 || n < 1) {
        fprintf(stderr, "usage: grip-longcalls [N]   (the longest call of each case, N boxes; default 100000)\n");
        return 2;
    }
    size_t most = 0;
    double budget_all = 1 + 50e-6 * n;
    printf("| longest single call, %d boxes | ms | budget (1 ms + 50 ns x boxes changed) |\n|---|---|---|\n", n);
    printf("| first group moves, every box selected (+ frame read) | %.2f | %.2f |\n", group_moves(n), budget_all);
    printf("| arrow keys, every box selected (+ frame read) | %.2f | %.2f |\n", arrow_keys(n), budget_all);
    double m = marquee_sweep(n, &most), fl = marquee_sweep_floor(n);
    printf("| marquee swept over every box (+ frame read; at most %zu boxes join or leave in a move) | %.2f | %.2f |\n",
           most, m, 1 + 50e-6 * (double)most);
    printf("| snapped drag over %d stacked snap targets (+ frame read) | %.2f | 1.00 |\n", n, snap_stacked(n));
    printf("| hit test where all %d boxes overlap, at a point they all cover / in their bounds but outside them | %.3f / %.3f | 1.00 |\n",
           n, hit_stacked(n, true), hit_stacked(n, false));
    printf("| commit of a one-box drag at a full 1,000,000-step history (longest of 200) | %.3f | 1.00 |\n",
           full_history_commit(1000000));
    printf("| a one-box drag after 64,000 whose events were never polled (longest call of the last 200) | %.3f | 1.00 |\n",
           unread_queue_drags(64000));
    printf("| marquee's longest move / its C floor (bucket grid, overlap tests, joined/left lists: %.3f ms) | %.1fx | <= 5x |\n",
           fl, m / fl);
    return 0;
}
