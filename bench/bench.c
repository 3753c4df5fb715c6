/* Grip benchmarks through the C ABI: the path a host takes (dispatch + grip_frame_get).
 * Every figure is a median (and p99 where asked) over many repetitions after a warm-up; the
 * comparisons are ratios taken in the same run. Writes a Markdown table to the path in argv[1]. */
#define _POSIX_C_SOURCE 199309L
#include "bench_scene.h"
#include "alloc_count.h"
#include "marquee_floor.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* This thread's CPU time in seconds: what a call costs without the time the thread waited for a core. */
static double cpu_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double percentile(double *v, int n, double p) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    int i = (int)(p * (n - 1) + 0.5);
    return v[i];
}

static double t_host = 0; /* the host clock, advanced 1 ms per event */

static void pointer(grip_engine *e, grip_phase phase, unsigned id, double x, double y) {
    grip_pointer_event ev = {phase, id, x, y, t_host, 0};
    CHECK(grip_dispatch_pointer(e, &ev, NULL));
}

static bool target_editing = true;

/* n - 1 random rotated boxes over a 4000 x 4000 world, then the target: editing (unless
 * target_editing is false), on top, at (200, 200). */
static grip_engine *scene(int n, grip_box *target) {
    grip_engine *e = world_4000();
    add_scene_boxes(e, n - 1, target_editing, target);
    return e;
}

typedef void (*step_fn)(grip_engine *e, int i, void *ctx);

/* Median ns per step over `batches` batches of `per` steps (a warm-up batch first). */
static double per_step(grip_engine *e, step_fn f, void *ctx, int batches, int per) {
    double *v = malloc(sizeof(double) * (size_t)batches);
    int i = 0;
    for (int k = 0; k < per; k++) f(e, i++, ctx);
    for (int b = 0; b < batches; b++) {
        double t0 = now();
        for (int k = 0; k < per; k++) f(e, i++, ctx);
        v[b] = (now() - t0) / per * 1e9;
        drain(e);
    }
    double m = percentile(v, batches, 0.5);
    free(v);
    return m;
}

static void drag_step(grip_engine *e, int i, void *ctx) {
    (void)ctx;
    t_host += 0.001;
    pointer(e, GRIP_PHASE_MOVE, 1, 200 + (i % 64), 200 + ((i / 64) % 2) * 20);
    grip_frame f;
    CHECK(grip_frame_get(e, &f));
}

static double bench_drag(int n) {
    grip_box target;
    grip_engine *e = scene(n, &target);
    pointer(e, GRIP_PHASE_DOWN, 1, 200, 200);
    double ns = per_step(e, drag_step, NULL, 41, 2000);
    pointer(e, GRIP_PHASE_UP, 1, 200, 200);
    grip_engine_destroy(e);
    return ns;
}

/* Resize: the bottom-right handle of a child inside a rotated, scaled parent. */
static double handle_x, handle_y;
static void resize_step(grip_engine *e, int i, void *ctx) {
    (void)ctx;
    t_host += 0.001;
    pointer(e, GRIP_PHASE_MOVE, 1, handle_x + (i % 40), handle_y + (i % 25));
    grip_frame f;
    CHECK(grip_frame_get(e, &f));
}

/* A scene for the resize: the pointer down on the bottom-right handle of an editing child of a
 * rotated, scaled parent. */
static grip_engine *resize_scene(void) {
    grip_box target;
    grip_engine *e = scene(1, &target);
    grip_box_desc b;
    grip_box_desc_init(&b);
    b.x = 1000;
    b.y = 1000;
    b.width = 600;
    b.height = 400;
    b.rotation = 0.5;
    b.scale = 1.5;
    grip_box parent, child;
    CHECK(grip_box_create(e, &b, &parent));
    grip_box_desc_init(&b);
    b.parent = parent;
    b.x = 100;
    b.y = 100;
    b.width = 200;
    b.height = 120;
    b.rotation = 0.3;
    b.editing = true;
    CHECK(grip_box_create(e, &b, &child));
    grip_box_state s;
    CHECK(grip_box_state_get(e, child, &s));
    handle_x = s.corners[2].x;
    handle_y = s.corners[2].y;
    pointer(e, GRIP_PHASE_DOWN, 1, handle_x, handle_y);
    return e;
}

static double bench_resize(void) {
    grip_engine *e = resize_scene();
    double ns = per_step(e, resize_step, NULL, 41, 2000);
    grip_engine_destroy(e);
    return ns;
}

static void pinch_step(grip_engine *e, int i, void *ctx) {
    (void)ctx;
    t_host += 0.001;
    pointer(e, GRIP_PHASE_MOVE, 2, 260 + (i % 30), 260 + (i % 17));
    grip_frame f;
    CHECK(grip_frame_get(e, &f));
}

/* Two pointers down on one box. */
static grip_engine *pinch_scene(void) {
    grip_box target;
    grip_engine *e = scene(1, &target);
    pointer(e, GRIP_PHASE_DOWN, 1, 180, 180);
    pointer(e, GRIP_PHASE_DOWN, 2, 240, 240);
    return e;
}

static double bench_pinch(void) {
    grip_engine *e = pinch_scene();
    double ns = per_step(e, pinch_step, NULL, 41, 2000);
    grip_engine_destroy(e);
    return ns;
}

/* Hit tests at random points: p50 and p99 of single calls, less the clock's own cost. */
static void bench_hit(int n, double *p50, double *p99) {
    grip_box target;
    grip_engine *e = scene(n, &target);
    enum { N = 200000 };
    double *v = malloc(sizeof(double) * N);
    double overhead[1001];
    for (int i = 0; i < 1001; i++) {
        double a = now();
        overhead[i] = (now() - a) * 1e9;
    }
    double clock_ns = percentile(overhead, 1001, 0.5);
    grip_hit h;
    for (int i = 0; i < 1000; i++) CHECK(grip_hit_test(e, 4000 * rnd(), 4000 * rnd(), &h));
    for (int i = 0; i < N; i++) {
        double x = 4000 * rnd(), y = 4000 * rnd();
        double a = now();
        grip_hit_test(e, x, y, &h);
        v[i] = (now() - a) * 1e9 - clock_ns;
    }
    *p50 = percentile(v, N, 0.5);
    *p99 = percentile(v, N, 0.99);
    free(v);
    grip_engine_destroy(e);
}

/* grip_boxes_query of a 200 x 200 world rectangle at random places among n rotated boxes (from
 * the spatial index; a box of the query's size meets a few dozen of them), and grip_boxes_list
 * of all of them: median ns per call. */
static void bench_queries(int n, double *query_ns, double *list_us) {
    grip_box target;
    grip_engine *e = scene(n, &target);
    grip_box *out = malloc(sizeof(grip_box) * (size_t)n);
    size_t count = 0;
    enum {
        Q = 2001,
        L = 31
    };
    double v[Q];
    for (int i = 0; i < 100; i++) {
        double x = 3800 * rnd(), y = 3800 * rnd();
        CHECK(grip_boxes_query(e, x, y, x + 200, y + 200, false, out, (size_t)n, &count));
    }
    for (int i = 0; i < Q; i++) {
        double x = 3800 * rnd(), y = 3800 * rnd();
        double a = now();
        grip_boxes_query(e, x, y, x + 200, y + 200, false, out, (size_t)n, &count);
        v[i] = (now() - a) * 1e9;
    }
    *query_ns = percentile(v, Q, 0.5);
    CHECK(grip_boxes_list(e, out, (size_t)n, &count));
    for (int i = 0; i < L; i++) {
        double a = now();
        grip_boxes_list(e, out, (size_t)n, &count);
        v[i] = (now() - a) * 1e6;
    }
    *list_us = percentile(v, L, 0.5);
    free(out);
    grip_engine_destroy(e);
}

static void move_and_hit_step(grip_engine *e, int i, void *ctx) {
    drag_step(e, i, ctx);
    grip_hit h;
    CHECK(grip_hit_test(e, 4000 * rnd(), 4000 * rnd(), &h));
}

static double bench_move_and_hit(int n) {
    grip_box target;
    grip_engine *e = scene(n, &target);
    pointer(e, GRIP_PHASE_DOWN, 1, 200, 200);
    double ns = per_step(e, move_and_hit_step, NULL, 41, 2000);
    grip_engine_destroy(e);
    return ns;
}

static void bench_create_destroy(int n, double *create_ms, double *destroy_ms) {
    grip_engine *e;
    CHECK(grip_engine_create(NULL, &e));
    grip_box *ids = malloc(sizeof(grip_box) * (size_t)n);
    grip_box_desc b;
    grip_box_desc_init(&b);
    double t0 = now();
    for (int i = 0; i < n; i++) {
        b.x = (i % 1000) * 1.0;
        b.y = (i / 1000) * 7.0;
        b.width = 20;
        b.height = 20;
        CHECK(grip_box_create(e, &b, &ids[i]));
    }
    double t1 = now();
    for (int i = 0; i < n; i++) CHECK(grip_box_destroy(e, ids[i]));
    double t2 = now();
    *create_ms = (t1 - t0) * 1e3;
    *destroy_ms = (t2 - t1) * 1e3;
    free(ids);
    grip_engine_destroy(e);
}

/* The longest single call of a host session in a scene of n boxes, timed one call at a time:
 * create n rotated boxes (the last one on top), 60,000 hit tests at random points, a drag of the
 * top box (200 moves, a frame read after each), 2,000 idle timer calls (a frame read after each),
 * 60,000 hit tests again. longest[0..3]: create, hit test, drag, timer (ns, monotonic clock);
 * cpu[0..3]: the longest in this thread's CPU time (the same calls without the time spent
 * waiting for a core on a loaded machine). */
static double call_start, call_cpu_start, cpu_longest[5];
static void call_begin(void) {
    call_cpu_start = cpu_now();
    call_start = now();
}
static void call_end(double *longest, int kind) {
    double t = now(), c = cpu_now();
    *longest = fmax(*longest, (t - call_start) * 1e9);
    cpu_longest[kind] = fmax(cpu_longest[kind], (c - call_cpu_start) * 1e9);
}
static void bench_longest_call(int n, double longest[5], double cpu[5]) {
    for (int k = 0; k < 5; k++) longest[k] = cpu_longest[k] = 0;
    grip_engine *e = world_4000();
    grip_box_desc b;
    grip_box_desc_init(&b);
    grip_box id;
    for (int i = 0; i < n; i++) {
        scene_box(&b, i == n - 1, false);
        call_begin();
        grip_status st = grip_box_create(e, &b, &id);
        call_end(&longest[0], 0);
        CHECK(st);
    }
    grip_hit h;
    grip_frame f;
    /* The first frame read after the creation, on its own (it holds every new box's command). */
    call_begin();
    grip_frame_get(e, &f);
    call_end(&longest[4], 4);
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < 60000; i++) {
            double x = 4000 * rnd(), y = 4000 * rnd();
            call_begin();
            grip_hit_test(e, x, y, &h);
            call_end(&longest[1], 1);
        }
        if (round == 1) break;
        for (int i = 0; i <= 201; i++) {
            grip_phase ph = i == 0 ? GRIP_PHASE_DOWN : i == 201 ? GRIP_PHASE_UP
                                                                : GRIP_PHASE_MOVE;
            grip_pointer_event ev = {ph, 1, 200 + 2.0 * i, 200 + 1.5 * i, t_host += 0.016, 0};
            call_begin();
            grip_dispatch_pointer(e, &ev, NULL);
            grip_frame_get(e, &f);
            call_end(&longest[2], 2);
        }
        drain(e);
        for (int i = 0; i < 2000; i++) {
            t_host += 0.016;
            call_begin();
            grip_dispatch_timer(e, t_host);
            grip_frame_get(e, &f);
            call_end(&longest[3], 3);
        }
        drain(e);
    }
    grip_engine_destroy(e);
    for (int k = 0; k < 5; k++) cpu[k] = cpu_longest[k];
}

/* The longest single call around changes of the draw order among n boxes, timed one call at a
 * time: n rotated boxes created and a frame read (not timed), then 100 rounds of four cases, each
 * the change and the next frame read: a child created under a random box (in the middle of the
 * draw order), a random box destroyed, a random box re-parented under another one, a random box
 * sent to the front or the back; then the four changes again and one frame read after them all.
 * longest[c][0..1]: case c's change and frame read (ns, monotonic clock; case 4: the read after
 * the four); cpu[c][0..1]: the same in this thread's CPU time. */
static void draworder_change(grip_engine *e, int c, int round, grip_box *ids, int *count) {
    int k = (int)(rnd() * (*count - 1)), other = (int)(rnd() * (*count - 1));
    grip_box_desc b;
    grip_status st;
    switch (c) {
    case 0:
        grip_box_desc_init(&b);
        b.parent = ids[k];
        b.x = b.y = 10;
        b.width = b.height = 20;
        st = grip_box_create(e, &b, &ids[*count]);
        /* (A box destroyed is replaced in the list by the last one.) */
        if (st == GRIP_OK) (*count)++;
        break;
    case 1:
        st = grip_box_destroy(e, ids[k]);
        if (st == GRIP_OK) ids[k] = ids[--*count];
        break;
    case 2:
        /* (Refused when the new parent is a descendant or too deep: timed too.) */
        grip_box_desc_init(&b);
        st = grip_box_describe(e, ids[k], &b);
        b.parent = ids[other];
        if (st == GRIP_OK) (void)grip_box_configure(e, ids[k], &b);
        break;
    default:
        (void)grip_box_order(e, ids[k], round % 2 ? GRIP_ORDER_BACK : GRIP_ORDER_FRONT);
        break;
    }
}
static void bench_longest_draworder(int n, double longest[5][2], double cpu[5][2]) {
    for (int c = 0; c < 5; c++) longest[c][0] = longest[c][1] = cpu[c][0] = cpu[c][1] = 0;
    cpu_longest[0] = cpu_longest[1] = 0;
    grip_engine *e = world_4000();
    grip_box *ids = malloc(sizeof(grip_box) * (size_t)(n + 300));
    grip_box_desc b;
    grip_box_desc_init(&b);
    for (int i = 0; i < n; i++) {
        scene_box(&b, false, false);
        CHECK(grip_box_create(e, &b, &ids[i]));
    }
    int count = n;
    grip_frame f;
    CHECK(grip_frame_get(e, &f));
    for (int round = 0; round < 100; round++) {
        for (int c = 0; c < 8; c++) {
            int kind = c < 4 ? c : 4;
            call_begin();
            draworder_change(e, c % 4, round, ids, &count);
            call_end(&longest[c % 4][0], 0);
            cpu[c % 4][0] = fmax(cpu[c % 4][0], cpu_longest[0]);
            cpu_longest[0] = 0;
            if (c >= 4 && c < 7) continue;
            call_begin();
            grip_frame_get(e, &f);
            call_end(&longest[kind][1], 1);
            cpu[kind][1] = fmax(cpu[kind][1], cpu_longest[1]);
            cpu_longest[1] = 0;
        }
    }
    free(ids);
    grip_engine_destroy(e);
}

static void frame_step(grip_engine *e, int i, void *ctx) {
    (void)i;
    (void)ctx;
    grip_frame f;
    CHECK(grip_frame_get(e, &f));
}

static double bench_frame_unchanged(int n) {
    grip_box target;
    grip_engine *e = scene(n, &target);
    double ns = per_step(e, frame_step, NULL, 41, 20000);
    grip_engine_destroy(e);
    return ns;
}

/* The frame read alone, after a move of one box (the move itself is not timed). */
static double bench_frame_one_changed(int n) {
    grip_box target;
    grip_engine *e = scene(n, &target);
    pointer(e, GRIP_PHASE_DOWN, 1, 200, 200);
    enum { N = 40001 };
    double *v = malloc(sizeof(double) * N);
    grip_frame f;
    for (int i = 0; i < N; i++) {
        t_host += 0.001;
        pointer(e, GRIP_PHASE_MOVE, 1, 200 + (i % 64), 220);
        double a = now();
        grip_frame_get(e, &f);
        v[i] = (now() - a) * 1e9;
        if (i % 1000 == 0) drain(e);
    }
    double m = percentile(v, N, 0.5);
    free(v);
    grip_engine_destroy(e);
    return m;
}

/* Heap allocations per step of `f` on `e` in the steady state (after a warm-up), events polled
 * every 500 steps as a host would; destroys `e`. */
static double allocations_per_step(grip_engine *e, step_fn f) {
    for (int i = 0; i < 5000; i++) {
        f(e, i, NULL);
        if (i % 500 == 0) drain(e);
    }
    drain(e);
    unsigned long long a0 = alloc_count();
    enum { N = 10000 };
    for (int i = 0; i < N; i++) {
        f(e, i, NULL);
        if (i % 500 == 0) drain(e);
    }
    unsigned long long a1 = alloc_count();
    grip_engine_destroy(e);
    return (double)(a1 - a0) / N;
}

static double bench_allocations(void) {
    grip_box target;
    grip_engine *e = scene(10000, &target);
    pointer(e, GRIP_PHASE_DOWN, 1, 200, 200);
    return allocations_per_step(e, drag_step);
}

/* Multiplayer: a drag with the change feed on, the ephemeral feed and the change feed read after
 * every event (what a host syncing each frame does). */
static void feed_drag_step(grip_engine *e, int i, void *ctx) {
    drag_step(e, i, ctx);
    grip_live_box live[4];
    grip_feed_change change[4];
    size_t n;
    grip_feed_live(e, live, 4, &n);
    CHECK(grip_feed_read(e, change, 4, &n, NULL));
}

static double bench_feed_allocations(void) {
    grip_box target;
    grip_engine *e = scene(10000, &target);
    CHECK(grip_feed_enable(e, 4096));
    pointer(e, GRIP_PHASE_DOWN, 1, 200, 200);
    return allocations_per_step(e, feed_drag_step);
}

/* One remote change (a new centre of one of 10,000 boxes, as another peer's feed gives it) per
 * step, applied with grip_remote_apply. */
static grip_feed_change remote_changes[64];
static void remote_step(grip_engine *e, int i, void *ctx) {
    (void)ctx;
    grip_feed_change *c = &remote_changes[i % 64];
    c->after.center.x = 100 + (i % 1000);
    CHECK(grip_remote_apply(e, c, 1, NULL));
}

static double bench_remote_apply(void) {
    grip_box target;
    grip_engine *e = scene(10000, &target);
    grip_box ids[64];
    size_t n = 0;
    grip_boxes_list(e, ids, 64, &n);
    for (size_t k = 0; k < 64; k++) {
        grip_feed_change *c = &remote_changes[k];
        memset(c, 0, sizeof *c);
        c->kind = GRIP_FEED_CHANGED;
        c->fields = GRIP_FIELD_CENTER;
        CHECK(grip_box_get_key(e, ids[k % n], &c->key));
        grip_box_desc_init(&c->desc);
        CHECK(grip_box_describe(e, ids[k % n], &c->desc));
        grip_box_state st;
        CHECK(grip_box_state_get(e, ids[k % n], &st));
        c->after.center = st.center;
        c->after.width = st.width;
        c->after.height = st.height;
        c->after.rotation = st.rotation;
        c->after.scale = st.scale;
    }
    double ns = per_step(e, remote_step, NULL, 41, 2000);
    grip_engine_destroy(e);
    return ns;
}

/* The floor: what a drag must do at the least, in plain C with no engine: map the pointer from
 * screen to the parent's space (a full affine), move the centre by the pointer's travel since the
 * grab, build the box's transform from its kept cosine and sine, and write one complete
 * grip_command. Commands go round a ring of 64 that an opaque function reads after each batch,
 * so the compiler can drop none of the writes. */
static grip_command floor_ring[64];
static volatile double sink;
__attribute__((noinline)) static void floor_publish(const grip_command *ring) {
    double s = 0;
    for (int i = 0; i < 64; i++) s += ring[i].transform.tx + ring[i].transform.ty;
    sink = s;
}
static double bench_floor(void) {
    volatile double rot_in = 0.3, scale_in = 1.0; /* not constants the compiler could fold */
    double rot = rot_in, scale = scale_in, w = 100, h = 100;
    double cs = cos(rot) * scale, sn = sin(rot) * scale;
    grip_affine inv = {1, 0, 0, 1, 0, 0}; /* screen -> parent */
    double grab_x = 200, grab_y = 200, c0x = 200, c0y = 200;
    grip_command cmd = {.kind = GRIP_CMD_BOX, .box = 1, .width = w, .height = h};
    enum {
        B = 41,
        PER = 200000
    };
    double v[B];
    int i = 0;
    for (int b = 0; b < B; b++) {
        double t0 = now();
        for (int k = 0; k < PER; k++, i++) {
            double px = 200 + (i % 64), py = 200 + ((i / 64) % 2) * 20;
            double qx = inv.a * px + inv.c * py + inv.tx, qy = inv.b * px + inv.d * py + inv.ty;
            double cx = c0x + (qx - grab_x), cy = c0y + (qy - grab_y);
            cmd.transform = (grip_affine){cs, sn, -sn, cs, cx - (cs * w / 2 - sn * h / 2), cy - (sn * w / 2 + cs * h / 2)};
            floor_ring[i & 63] = cmd;
        }
        floor_publish(floor_ring);
        v[b] = (now() - t0) / PER * 1e9;
    }
    return percentile(v, B, 0.5);
}

/* Vertices of a full indicator of `shape` on a size x size box (the fewest that keep within 0.25). */
static unsigned indicator_vertices(grip_indicator_shape shape, double size) {
    grip_engine *e;
    CHECK(grip_engine_create(NULL, &e));
    grip_box_desc b;
    grip_box_desc_init(&b);
    b.x = 100;
    b.y = 100;
    b.width = size;
    b.height = size;
    b.allow = GRIP_ALLOW_LONG_PRESS;
    b.indicator = shape;
    b.corner_radius = size / 4;
    grip_box id;
    CHECK(grip_box_create(e, &b, &id));
    grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, 100 + size / 2, 100 + size / 2, 0, 0};
    CHECK(grip_dispatch_pointer(e, &ev, NULL));
    CHECK(grip_dispatch_timer(e, 2.0));
    grip_frame f;
    CHECK(grip_frame_get(e, &f));
    unsigned n = 0;
    for (size_t i = 0; i < f.command_count; i++)
        if (f.commands[i].kind == GRIP_CMD_INDICATOR) n = f.commands[i].vertex_count;
    grip_engine_destroy(e);
    return n;
}

/* ---- Selections ---------------------------------------------------------------------------- */

/* 10,000 boxes in a 100 x 100 grid of 80-unit cells (every 4th turned), `editing` of them
 * editing (the first ones), `selected` of them selected (the first ones, at most all), the
 * pointer down on box 0's centre (20, 20): far enough from the next row that no handle of it
 * (the rotate handle sits 24 screen units above a box) is within reach. */
static grip_engine *grid_scene(int n, int editing, int selected) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 100000;
    d.height = 100000;
    grip_engine *e;
    CHECK(grip_engine_create(&d, &e));
    grip_box_desc b;
    grip_box_desc_init(&b);
    int side = (int)sqrt((double)n);
    for (int i = 0; i < n; i++) {
        b.x = 80.0 * (i % side) + 5;
        b.y = 80.0 * (i / side) + 5;
        b.width = 30;
        b.height = 30;
        b.rotation = i % 4 == 3 ? 0.3 : 0;
        b.editing = i < editing;
        grip_box id;
        CHECK(grip_box_create(e, &b, &id));
        if (i < selected) CHECK(grip_select(e, id, GRIP_SELECT_ADD));
    }
    pointer(e, GRIP_PHASE_DOWN, 1, 20, 20);
    return e;
}

/* A drag step whose time does not move (the marching ants hold still). */
static void still_drag_step(grip_engine *e, int i, void *ctx) {
    (void)ctx;
    pointer(e, GRIP_PHASE_MOVE, 1, 20 + (i % 64), 20 + ((i / 64) % 2) * 20);
    grip_frame f;
    CHECK(grip_frame_get(e, &f));
}

static double bench_editing_drag(int n, int editing, bool still) {
    grip_engine *e = grid_scene(n, editing, 0);
    double ns = per_step(e, still ? still_drag_step : drag_step, NULL, 21, 500);
    grip_engine_destroy(e);
    return ns;
}

static double bench_group_drag(int n, int selected) {
    grip_engine *e = grid_scene(n, 0, selected);
    double ns = per_step(e, drag_step, NULL, 11, selected >= 10000 ? 20 : 100);
    grip_engine_destroy(e);
    return ns;
}

/* A marquee over a 100,000-box grid: its corner sweeps a 4,000-unit square (about 10,000 boxes
 * picked), one pointer move per step; *allocs gets the heap allocations per move after that. */
static void marquee_step(grip_engine *e, int i, void *ctx) {
    (void)ctx;
    t_host += 0.001;
    pointer(e, GRIP_PHASE_MOVE, 1, 3000 + (i % 64) * 15, 3000 + (i % 29) * 20);
}

static double bench_marquee(int n, double *allocs) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 100000;
    d.height = 100000;
    d.selection = GRIP_SELECTION_POINTER;
    grip_engine *e;
    CHECK(grip_engine_create(&d, &e));
    grip_box_desc b;
    grip_box_desc_init(&b);
    int side = (int)sqrt((double)n);
    for (int i = 0; i < n; i++) {
        b.x = 40.0 * (i % side) + 5;
        b.y = 40.0 * (i / side) + 5;
        b.width = 30;
        b.height = 30;
        grip_box id;
        CHECK(grip_box_create(e, &b, &id));
    }
    pointer(e, GRIP_PHASE_DOWN, 1, 1, 1); /* between boxes: a marquee */
    pointer(e, GRIP_PHASE_MOVE, 1, 3000, 3000);
    /* The steady state: the largest rectangle of the sweep twice (the buffers the engine keeps
     * reach their final size), then moves until the bounds tree of the new boxes is built (its
     * bounded steps ride on the first few hundred queries; row 5 measures them). */
    marquee_step(e, 1855, NULL); /* 1855 % 64 == 63, 1855 % 29 == 28 */
    marquee_step(e, 1855, NULL);
    for (int i = 0; i < 400; i++) {
        marquee_step(e, i, NULL);
        if (i % 10 == 0) drain(e);
    }
    double ns = per_step(e, marquee_step, NULL, 11, 10);
    unsigned long long a0 = alloc_count();
    for (int i = 0; i < 200; i++) {
        marquee_step(e, i, NULL);
        if (i % 10 == 0) drain(e);
    }
    *allocs = (double)(alloc_count() - a0) / 200;
    grip_engine_destroy(e);
    return ns;
}

/* Row 11's marquee on its C floor (marquee_floor.h: the same grid in 160-unit cells, the same
 * moves and warm-up), ns per move: the median of 11 batches of 10 moves. */
static double bench_marquee_floor(int n) {
    marquee_floor f;
    marquee_floor_init(&f, n, (int)sqrt((double)n), 40, 30, 160);
    volatile int sink = 0;
#define FLOOR_MOVE(i) sink += marquee_floor_move(&f, (floor_rect){1, 1, 3000 + ((i) % 64) * 15, 3000 + ((i) % 29) * 20})
    FLOOR_MOVE(1855);
    FLOOR_MOVE(1855);
    int i = 0;
    for (; i < 400; i++) FLOOR_MOVE(i);
    double v[11];
    for (int b = 0; b < 11; b++) {
        double t0 = now();
        for (int k = 0; k < 10; k++, i++) FLOOR_MOVE(i);
        v[b] = (now() - t0) / 10 * 1e9;
    }
#undef FLOOR_MOVE
    (void)sink;
    marquee_floor_free(&f);
    return percentile(v, 11, 0.5);
}

/* grip_select ADD of 10,000 boxes one by one, in ms. */
static double bench_select_many(int n) {
    grip_engine *e;
    CHECK(grip_engine_create(NULL, &e));
    grip_box *ids = malloc(sizeof(grip_box) * (size_t)n);
    grip_box_desc b;
    grip_box_desc_init(&b);
    for (int i = 0; i < n; i++) {
        b.x = (i % 100) * 12.0;
        b.y = (i / 100) * 12.0;
        b.width = 10;
        b.height = 10;
        CHECK(grip_box_create(e, &b, &ids[i]));
    }
    double t0 = now();
    for (int i = 0; i < n; i++) CHECK(grip_select(e, ids[i], GRIP_SELECT_ADD));
    double ms = (now() - t0) * 1e3;
    free(ids);
    grip_engine_destroy(e);
    return ms;
}

/* Snapping: the target box (at (150, 150), 100 x 100) dragged through the middle of the scene's
 * n - 1 rotated boxes with grid, edges and centres (and gaps), threshold 8, under a view panned by
 * (pan_x, pan_y). */
static double snap_pan_x, snap_pan_y;
static void snap_step(grip_engine *e, int i, void *ctx) {
    (void)ctx;
    t_host += 0.001;
    pointer(e, GRIP_PHASE_MOVE, 1, snap_pan_x + 2000 + (i % 64) * 1.37, snap_pan_y + 2000 + ((i / 64) % 8) * 2.1);
    grip_frame f;
    CHECK(grip_frame_get(e, &f));
}

static double snap_set_ms; /* the last grip_engine_set_snapping of snap_scene (the index built) */
static grip_engine *snap_scene(int n, bool gaps, double *first_ms, grip_box *target) {
    grip_engine *e = scene(n, target);
    grip_snap_desc d;
    grip_snap_desc_init(&d);
    d.flags = GRIP_SNAP_GRID | GRIP_SNAP_EDGES | GRIP_SNAP_CENTERS | (gaps ? GRIP_SNAP_GAPS : 0);
    double t0 = now();
    CHECK(grip_engine_set_snapping(e, &d));
    snap_set_ms = (now() - t0) * 1e3;
    grip_affine view = {1, 0, 0, 1, snap_pan_x, snap_pan_y};
    CHECK(grip_engine_set_view(e, &view));
    grip_frame f;
    CHECK(grip_frame_get(e, &f)); /* the first frame (all BOX commands) is not the snap's */
    pointer(e, GRIP_PHASE_DOWN, 1, snap_pan_x + 200, snap_pan_y + 200);
    CHECK(grip_frame_get(e, &f));
    t0 = now();
    snap_step(e, 0, NULL);
    if (first_ms) *first_ms = (now() - t0) * 1e3;
    return e;
}

static double bench_snap(int n, bool gaps, double *first_ms) {
    grip_box target;
    grip_engine *e = snap_scene(n, gaps, first_ms, &target);
    double ns = per_step(e, snap_step, NULL, 21, 2000);
    grip_engine_destroy(e);
    return ns;
}

/* The first snapped move of a second gesture, on another box, after the first gesture moved the
 * target: the index is brought up to date (the target's entries move), not built again. */
static double bench_snap_update(int n) {
    grip_box target;
    grip_engine *e = snap_scene(n, false, NULL, &target);
    for (int i = 1; i < 100; i++) snap_step(e, i, NULL);
    pointer(e, GRIP_PHASE_UP, 1, 2000, 2000);
    drain(e);
    grip_hit h = {0};
    double x = 1000, y = 1000;
    for (int k = 0; k < 1000 && (h.box == GRIP_NO_BOX || h.box == target); k++) {
        x = 1000 + 2000 * rnd();
        y = 1000 + 2000 * rnd();
        CHECK(grip_hit_test(e, x, y, &h));
    }
    pointer(e, GRIP_PHASE_DOWN, 1, x, y);
    t_host += 0.001;
    double t0 = now();
    pointer(e, GRIP_PHASE_MOVE, 1, x + 30, y + 1);
    grip_frame f;
    CHECK(grip_frame_get(e, &f));
    double ms = (now() - t0) * 1e3;
    grip_engine_destroy(e);
    return ms;
}

/* Snapping turned on first, then n - 1 boxes created and the target dragged: the first snapped
 * move brings the index up to date with every box created since. */
static double bench_snap_created_after(int n) {
    grip_engine *e = world_4000();
    grip_snap_desc sd;
    grip_snap_desc_init(&sd);
    sd.flags = GRIP_SNAP_GRID | GRIP_SNAP_EDGES | GRIP_SNAP_CENTERS;
    CHECK(grip_engine_set_snapping(e, &sd));
    grip_box id;
    add_scene_boxes(e, n - 1, true, &id);
    grip_frame f;
    CHECK(grip_frame_get(e, &f));
    pointer(e, GRIP_PHASE_DOWN, 1, 200, 200);
    CHECK(grip_frame_get(e, &f));
    double t0 = now();
    snap_step(e, 0, NULL);
    double ms = (now() - t0) * 1e3;
    grip_engine_destroy(e);
    return ms;
}

/* The longest single call of a snapping session among n boxes, timed one call at a time:
 * snapping (grid, edges, centres) turned on before the boxes are created (snap_first) or after,
 * n - 1 rotated boxes and the target created, a frame read, the target dragged (200 snapped moves,
 * a frame read after each), 2,000 idle timer calls (a frame read after each); the first frame
 * read (every box's BOX command) is not timed. longest[0..3]:
 * create, set_snapping, snapped move, timer (ns, monotonic clock); cpu[0..3] the same in thread
 * CPU time; *first_ms: the first snapped move + frame read. */
static void bench_longest_snap_call(int n, bool snap_first, double longest[4], double cpu[4], double *first_ms) {
    for (int k = 0; k < 4; k++) longest[k] = cpu_longest[k] = 0;
    grip_engine *e = world_4000();
    grip_snap_desc sd;
    grip_snap_desc_init(&sd);
    sd.flags = GRIP_SNAP_GRID | GRIP_SNAP_EDGES | GRIP_SNAP_CENTERS;
    for (int round = 0; round < 2; round++) {
        if (round == (snap_first ? 0 : 1)) {
            call_begin();
            grip_status st = grip_engine_set_snapping(e, &sd);
            call_end(&longest[1], 1);
            CHECK(st);
        }
        if (round == 1) break;
        grip_box_desc b;
        grip_box_desc_init(&b);
        grip_box id;
        for (int i = 0; i < n; i++) {
            scene_box(&b, i == n - 1, true);
            call_begin();
            grip_status st = grip_box_create(e, &b, &id);
            call_end(&longest[0], 0);
            CHECK(st);
        }
    }
    grip_frame f;
    CHECK(grip_frame_get(e, &f)); /* the first frame (all 100,000 BOX commands) is not timed */
    for (int i = 0; i <= 201; i++) {
        grip_phase ph = i == 0 ? GRIP_PHASE_DOWN : i == 201 ? GRIP_PHASE_UP
                                                            : GRIP_PHASE_MOVE;
        double x = i == 0 ? 200 : 2000 + (i % 64) * 1.37, y = i == 0 ? 200 : 2000 + ((i / 64) % 8) * 2.1;
        grip_pointer_event ev = {ph, 1, x, y, t_host += 0.016, 0};
        double t0 = now();
        call_begin();
        grip_dispatch_pointer(e, &ev, NULL);
        grip_frame_get(e, &f);
        call_end(&longest[2], 2);
        if (i == 1) *first_ms = (now() - t0) * 1e3;
    }
    drain(e);
    for (int i = 0; i < 2000; i++) {
        t_host += 0.016;
        call_begin();
        grip_dispatch_timer(e, t_host);
        grip_frame_get(e, &f);
        call_end(&longest[3], 3);
    }
    drain(e);
    grip_engine_destroy(e);
    for (int k = 0; k < 4; k++) cpu[k] = cpu_longest[k];
}

/* Whether the same world-space drags snap the box to the same place (within 1e-9) under two pans. */
static int snap_pan_independent(int n, int moves) {
    grip_engine *e[2];
    grip_box target[2];
    unsigned long long keep = rng;
    int same = 1;
    for (int k = 0; k < 2; k++) {
        rng = keep;
        snap_pan_x = k ? -1234.5 : 0;
        snap_pan_y = k ? 777.25 : 0;
        e[k] = snap_scene(n, true, NULL, &target[k]);
    }
    for (int i = 1; i < moves; i++) {
        grip_box_state s[2];
        for (int k = 0; k < 2; k++) {
            snap_pan_x = k ? -1234.5 : 0;
            snap_pan_y = k ? 777.25 : 0;
            snap_step(e[k], i * 7, NULL);
            CHECK(grip_box_state_get(e[k], target[k], &s[k]));
        }
        if (fabs(s[0].center.x - s[1].center.x) > 1e-9 || fabs(s[0].center.y - s[1].center.y) > 1e-9) same = 0;
    }
    grip_engine_destroy(e[0]);
    grip_engine_destroy(e[1]);
    snap_pan_x = snap_pan_y = 0;
    return same;
}

/* The snapping rows (12). */
struct snap_results {
    double snap100k, snap_first, snap_update, snap_set, snap_created_after, snap_gaps100k, snap_gaps_first, allocs_snap;
    int snap_pan;
    double before[4], before_cpu[4], after[4], after_cpu[4], first_before, first_after;
};
static void measure_snap(struct snap_results *r) {
    double first;
    r->snap_first = r->snap_gaps_first = r->snap_set = r->snap100k = r->snap_gaps100k = 1e300;
    for (int round = 0; round < 2; round++) {
        r->snap100k = fmin(r->snap100k, bench_snap(100000, false, &first));
        r->snap_first = fmin(r->snap_first, first);
        r->snap_set = fmin(r->snap_set, snap_set_ms);
        r->snap_gaps100k = fmin(r->snap_gaps100k, bench_snap(100000, true, &first));
        r->snap_gaps_first = fmin(r->snap_gaps_first, first);
    }
    r->snap_update = bench_snap_update(100000);
    r->snap_created_after = bench_snap_created_after(100000);
    grip_box snap_target;
    r->allocs_snap = allocations_per_step(snap_scene(100000, true, NULL, &snap_target), snap_step);
    r->snap_pan = snap_pan_independent(100000, 400);
    bench_longest_snap_call(100000, true, r->before, r->before_cpu, &r->first_before);
    bench_longest_snap_call(100000, false, r->after, r->after_cpu, &r->first_after);
}
static void print_snap_rows(FILE *o, const struct snap_results *r) {
    double bmax = fmax(fmax(r->before[0], r->before[1]), fmax(r->before[2], r->before[3]));
    double amax = fmax(fmax(r->after[0], r->after[1]), fmax(r->after[2], r->after[3]));
    fprintf(o, "| 12 | snapped drag event + frame read, 1 of 100,000 boxes, grid + edges + centres | %.0f ns | <= 2 us |\n", r->snap100k);
    fprintf(o, "| 12 | first snapped move, snapping turned on among 100,000 boxes just before / first move of the next gesture on another box | %.3f ms / %.3f ms | <= 2 ms |\n", r->snap_first, r->snap_update);
    fprintf(o, "| 12 | grip_engine_set_snapping turning edges on among 100,000 boxes | %.3f ms | |\n", r->snap_set);
    fprintf(o, "| 12 | first snapped move after 100,000 boxes were created with snapping already on | %.3f ms | <= 2 ms |\n", r->snap_created_after);
    fprintf(o, "| 12 | the same with equal gaps | %.0f ns (first move %.2f ms) | <= 20 us |\n", r->snap_gaps100k, r->snap_gaps_first);
    fprintf(o, "| 12 | heap allocations per snapped drag event + frame read (100,000 boxes, gaps on) | %.3f | 0 |\n", r->allocs_snap);
    fprintf(o, "| 12 | snapped positions the same at two pans (399 moves, gaps on) | %s | yes |\n", r->snap_pan ? "yes" : "no");
    fprintf(o, "| 12 | longest single call, snapping on before 100,000 boxes are created: create / set_snapping / snapped move + frame read / frame read + idle timer; then in thread CPU time | %.0f us (%.0f / %.0f / %.0f / %.0f us); CPU %.0f / %.0f / %.0f / %.0f us | <= 1 ms |\n",
            bmax / 1e3, r->before[0] / 1e3, r->before[1] / 1e3, r->before[2] / 1e3, r->before[3] / 1e3,
            r->before_cpu[0] / 1e3, r->before_cpu[1] / 1e3, r->before_cpu[2] / 1e3, r->before_cpu[3] / 1e3);
    fprintf(o, "| 12 | the same, snapping turned on after the 100,000 boxes exist | %.0f us (%.0f / %.0f / %.0f / %.0f us); CPU %.0f / %.0f / %.0f / %.0f us | <= 1 ms |\n",
            amax / 1e3, r->after[0] / 1e3, r->after[1] / 1e3, r->after[2] / 1e3, r->after[3] / 1e3,
            r->after_cpu[0] / 1e3, r->after_cpu[1] / 1e3, r->after_cpu[2] / 1e3, r->after_cpu[3] / 1e3);
    fprintf(o, "| 12 | first snapped move + frame read in those two sessions (snapping on before / after creation) | %.3f ms / %.3f ms | <= 2 ms |\n",
            r->first_before, r->first_after);
}

static void cpu_name(char *out, size_t n) {
    FILE *f = fopen("/proc/cpuinfo", "r");
    snprintf(out, n, "unknown CPU");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0) {
            char *p = strchr(line, ':');
            if (p) {
                p += 2;
                p[strcspn(p, "\n")] = 0;
                snprintf(out, n, "%s", p);
            }
            break;
        }
    }
    fclose(f);
}

static const char bench_usage[] =
    "usage: grip-bench [OUT.md [--snap | --longest]]\n"
    "  OUT.md     where the table goes (default out/bench.md); it may not start with '-'\n"
    "  --snap     only the snapping rows, to stdout\n"
    "  --longest  only creation and the longest calls, to stdout\n";

int main(int argc, char **argv) {
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(bench_usage, stdout);
        return 0;
    }
    /* An output path that looks like an option is refused, so that a mistyped option never
     * becomes a file; the second argument is one of the two modes or nothing. */
    if (argc > 3 || (argc > 1 && argv[1][0] == '-') ||
        (argc > 2 && strcmp(argv[2], "--snap") != 0 && strcmp(argv[2], "--longest") != 0)) {
        fputs(bench_usage, stderr);
        return 2;
    }
    const char *md = argc > 1 ? argv[1] : "out/bench.md";
    if (argc > 2 && strcmp(argv[2], "--snap") == 0) {
        /* Only the snapping rows, to stdout (a quick look while working on snapping). */
        struct snap_results r;
        measure_snap(&r);
        print_snap_rows(stdout, &r);
        return 0;
    }
    if (argc > 2 && strcmp(argv[2], "--longest") == 0) {
        /* Only creation and the longest calls, to stdout (a quick look at hitches). */
        double create_ms, destroy_ms, l[5], c[5];
        bench_create_destroy(100000, &create_ms, &destroy_ms);
        bench_longest_call(100000, l, c);
        printf("create 100,000: %.1f ms; longest CPU us: create %.0f / first frame read %.0f / hit test %.0f / drag %.0f / timer %.0f\n",
               create_ms, c[0] / 1e3, c[4] / 1e3, c[1] / 1e3, c[2] / 1e3, c[3] / 1e3);
        double dl[5][2], dc[5][2];
        bench_longest_draworder(100000, dl, dc);
        printf("draw-order changes among 100,000: longest CPU us (change / next frame read): create in the middle %.0f / %.0f, destroy %.0f / %.0f, re-parent %.0f / %.0f, reorder %.0f / %.0f; the four then one read %.0f\n",
               dc[0][0] / 1e3, dc[0][1] / 1e3, dc[1][0] / 1e3, dc[1][1] / 1e3, dc[2][0] / 1e3, dc[2][1] / 1e3, dc[3][0] / 1e3, dc[3][1] / 1e3, dc[4][1] / 1e3);
        return 0;
    }
    char cpu[256];
    cpu_name(cpu, sizeof cpu);
    double floor_ns = bench_floor();
    /* The gesture steps in three interleaved rounds, keeping each one's best median, so that a
     * slow moment of a shared machine does not land on one measurement only and skew it or the
     * scene-size ratios. */
    double drag1 = 1e300, drag100 = 1e300, drag10k = 1e300, drag100k = 1e300;
    double plain1 = 1e300, plain10k = 1e300, resize = 1e300, pinch = 1e300;
    for (int round = 0; round < 3; round++) {
        drag1 = fmin(drag1, bench_drag(1));
        drag100 = fmin(drag100, bench_drag(100));
        drag10k = fmin(drag10k, bench_drag(10000));
        drag100k = fmin(drag100k, bench_drag(100000));
        target_editing = false;
        plain1 = fmin(plain1, bench_drag(1));
        plain10k = fmin(plain10k, bench_drag(10000));
        target_editing = true;
        resize = fmin(resize, bench_resize());
        pinch = fmin(pinch, bench_pinch());
    }
    double h1k50, h1k99, h10k50, h10k99, h100k50, h100k99;
    bench_hit(1000, &h1k50, &h1k99);
    bench_hit(10000, &h10k50, &h10k99);
    bench_hit(100000, &h100k50, &h100k99);
    double movehit = bench_move_and_hit(10000);
    double query100k, list100k;
    bench_queries(100000, &query100k, &list100k);
    double create_ms, destroy_ms;
    bench_create_destroy(100000, &create_ms, &destroy_ms);
    double longest[5], longest_cpu[5];
    bench_longest_call(100000, longest, longest_cpu);
    double longest_any = fmax(fmax(fmax(longest[0], longest[1]), fmax(longest[2], longest[3])), longest[4]);
    double order_longest[5][2], order_cpu[5][2], order_any = 0;
    bench_longest_draworder(100000, order_longest, order_cpu);
    for (int c = 0; c < 5; c++) order_any = fmax(order_any, fmax(order_longest[c][0], order_longest[c][1]));
    double unchanged = bench_frame_unchanged(10000), one_changed = bench_frame_one_changed(10000);
    double allocs = bench_allocations();
    double allocs_resize = allocations_per_step(resize_scene(), resize_step);
    double allocs_pinch = allocations_per_step(pinch_scene(), pinch_step);
    double allocs_frame = allocations_per_step(scene(10000, &(grip_box){0}), frame_step);
    double editing_still = bench_editing_drag(10000, 1000, true), editing_ants = bench_editing_drag(10000, 1000, false);
    double group1k = bench_group_drag(10000, 1000), group10k = bench_group_drag(10000, 10000);
    double allocs_marquee;
    double marquee100k = bench_marquee(100000, &allocs_marquee), select10k = bench_select_many(10000);
    double marquee_floor_ns = bench_marquee_floor(100000);
    double allocs_group = allocations_per_step(grid_scene(10000, 0, 1000), drag_step);
    double allocs_feed = bench_feed_allocations(), remote_ns = bench_remote_apply();
    struct snap_results sr;
    measure_snap(&sr);
    unsigned circle40 = indicator_vertices(GRIP_INDICATOR_CIRCLE, 40), circle400 = indicator_vertices(GRIP_INDICATOR_CIRCLE, 400);
    unsigned rounded40 = indicator_vertices(GRIP_INDICATOR_ROUNDED_RECT, 40), rounded400 = indicator_vertices(GRIP_INDICATOR_ROUNDED_RECT, 400);
    unsigned rect40 = indicator_vertices(GRIP_INDICATOR_RECT, 40), rect400 = indicator_vertices(GRIP_INDICATOR_RECT, 400);

    FILE *out = fopen(md, "w");
    FILE *outs[2] = {stdout, out};
    for (int k = 0; k < 2; k++) {
        FILE *o = outs[k];
        if (!o) continue;
        fprintf(o, "Grip %u.%u.%u benchmarks on %s (2 cores), medians after warm-up, one run "
                   "(drags, resize and pinch: best of three interleaved rounds).\n\n",
                grip_version() >> 16, (grip_version() >> 8) & 255, grip_version() & 255, cpu);
        fprintf(o, "| # | measurement | result | target |\n|---|---|---|---|\n");
        fprintf(o, "| 1 | drag event + frame read, 1 box | %.0f ns | <= 150 ns |\n", drag1);
        fprintf(o, "| 1 | drag event + frame read, 100 boxes | %.0f ns | |\n", drag100);
        fprintf(o, "| 1 | drag event + frame read, 10,000 boxes | %.0f ns (%.2fx the 1-box figure) | <= 150 ns, ratio <= 1.3 |\n", drag10k, drag10k / drag1);
        fprintf(o, "| 1 | drag event + frame read, 100,000 boxes | %.0f ns (%.2fx) | |\n", drag100k, drag100k / drag1);
        fprintf(o, "| 1 | the same drags of a box that is not editing (no overlay), 1 / 10,000 boxes | %.0f ns / %.0f ns | |\n", plain1, plain10k);
        fprintf(o, "| 2 | resize a rotated nested box by a corner (+ frame read) | %.0f ns | <= 300 ns |\n", resize);
        fprintf(o, "| 3 | two-pointer pinch step (+ frame read) | %.0f ns | <= 300 ns |\n", pinch);
        fprintf(o, "| 4 | hit test, 1,000 rotated boxes | p50 %.0f ns, p99 %.0f ns | |\n", h1k50, h1k99);
        fprintf(o, "| 4 | hit test, 10,000 rotated boxes | p50 %.0f ns, p99 %.0f ns | <= 200 ns, p99 <= 1 us |\n", h10k50, h10k99);
        fprintf(o, "| 4 | hit test, 100,000 rotated boxes | p50 %.0f ns, p99 %.0f ns | p99 <= 2 us |\n", h100k50, h100k99);
        fprintf(o, "| 4 | move one box + hit test, 10,000 boxes (index update) | %.0f ns | |\n", movehit);
        fprintf(o, "| 4 | grip_boxes_query of a 200 x 200 world rectangle, 100,000 rotated boxes | %.0f ns | |\n", query100k);
        fprintf(o, "| 4 | grip_boxes_list of 100,000 boxes | %.0f us | |\n", list100k);
        fprintf(o, "| 5 | create 100,000 boxes | %.1f ms | <= 50 ms |\n", create_ms);
        fprintf(o, "| 5 | destroy 100,000 boxes | %.1f ms | |\n", destroy_ms);
        fprintf(o, "| 5 | longest single call of a session: create 100,000 boxes, first frame read, 60,000 hit tests, drag (frame read after each move), 2,000 idle timer calls (+ frame read), 60,000 hit tests (create / first frame read / hit test / drag / timer); then the same in thread CPU time | %.0f us (%.0f / %.0f / %.0f / %.0f / %.0f us); CPU %.0f / %.0f / %.0f / %.0f / %.0f us | <= 1 ms |\n",
                longest_any / 1e3, longest[0] / 1e3, longest[4] / 1e3, longest[1] / 1e3, longest[2] / 1e3, longest[3] / 1e3,
                longest_cpu[0] / 1e3, longest_cpu[4] / 1e3, longest_cpu[1] / 1e3, longest_cpu[2] / 1e3, longest_cpu[3] / 1e3);
        fprintf(o, "| 5 | longest single call around draw-order changes among 100,000 boxes, the change / the next frame read: a child created in the middle / destroy / re-parent / send to front or back (100 of each); the frame read after those four at once; then in thread CPU time | %.0f us (%.0f / %.0f, %.0f / %.0f, %.0f / %.0f, %.0f / %.0f; %.0f us); CPU %.0f / %.0f, %.0f / %.0f, %.0f / %.0f, %.0f / %.0f; %.0f us | <= 1 ms |\n",
                order_any / 1e3, order_longest[0][0] / 1e3, order_longest[0][1] / 1e3, order_longest[1][0] / 1e3, order_longest[1][1] / 1e3,
                order_longest[2][0] / 1e3, order_longest[2][1] / 1e3, order_longest[3][0] / 1e3, order_longest[3][1] / 1e3, order_longest[4][1] / 1e3,
                order_cpu[0][0] / 1e3, order_cpu[0][1] / 1e3, order_cpu[1][0] / 1e3, order_cpu[1][1] / 1e3,
                order_cpu[2][0] / 1e3, order_cpu[2][1] / 1e3, order_cpu[3][0] / 1e3, order_cpu[3][1] / 1e3, order_cpu[4][1] / 1e3);
        fprintf(o, "| 6 | frame read, nothing changed (10,000 boxes) | %.1f ns | <= 50 ns |\n", unchanged);
        fprintf(o, "| 6 | frame read, one box of 10,000 changed | %.0f ns | |\n", one_changed);
        fprintf(o, "| 7 | heap allocations per event + frame read (steady state): drag (10,000 boxes) / resize / pinch | %.3f / %.3f / %.3f | 0 |\n", allocs, allocs_resize, allocs_pinch);
        fprintf(o, "| 7 | heap allocations per frame read, nothing changed | %.3f | 0 |\n", allocs_frame);
        fprintf(o, "| 8 | C floor: the drag's maths + one complete command written, no engine | %.1f ns | |\n", floor_ns);
        fprintf(o, "| 8 | drag at 1 box / C floor | %.1fx | <= 20x |\n", drag1 / floor_ns);
        fprintf(o, "| 9 | drag event + frame read, 1,000 of 10,000 boxes editing, time still / ants moving | %.0f ns / %.0f ns | <= 150 ns / <= 2 us |\n", editing_still, editing_ants);
        fprintf(o, "| 10 | group drag event + frame read, 1,000 / 10,000 selected (of 10,000) | %.0f ns / %.0f ns | <= 30 us / <= 300 us |\n", group1k, group10k);
        fprintf(o, "| 10 | heap allocations per group drag event + frame read (1,000 selected) | %.3f | 0 |\n", allocs_group);
        fprintf(o, "| 11 | marquee pointer move over 100,000 boxes | %.0f ns | <= 1 ms |\n", marquee100k);
        fprintf(o, "| 11 | C floor: the same marquee moves on a bucket grid, overlap tests and the joined/left lists, no engine | %.0f ns | |\n", marquee_floor_ns);
        fprintf(o, "| 11 | marquee pointer move / its C floor | %.1fx | <= 5x |\n", marquee100k / marquee_floor_ns);
        fprintf(o, "| 11 | heap allocations per marquee pointer move (100,000 boxes) | %.3f | 0 |\n", allocs_marquee);
        fprintf(o, "| 13 | heap allocations per drag event + frame read + grip_feed_live + grip_feed_read, feed on (10,000 boxes) | %.3f | 0 |\n", allocs_feed);
        fprintf(o, "| 13 | grip_remote_apply of one change (a new centre, 10,000 boxes) | %.0f ns | <= 1 us |\n", remote_ns);
        fprintf(o, "| 11 | selecting 10,000 boxes one by one (grip_select ADD) | %.1f ms | <= 10 ms |\n", select10k);
        print_snap_rows(o, &sr);
        fprintf(o, "\nIndicator vertices for a full ring (within 0.25 units of the true curve):\n\n");
        fprintf(o, "| shape | 40-unit box | 400-unit box |\n|---|---|---|\n");
        fprintf(o, "| circle | %u | %u |\n| rounded rect (radius = side / 4) | %u | %u |\n| rect | %u | %u |\n",
                circle40, circle400, rounded40, rounded400, rect40, rect400);
    }
    if (out) fclose(out);
    return 0;
}
