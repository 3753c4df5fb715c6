/* soak.c: a long mixed session on one engine, to show Grip neither leaks nor grows.
 *
 *   soak [EVENTS [CREATIONS [SEED]]]   default 1,000,000 events, 10,000 box creations, seed 1
 *
 * Drives drags on bodies and handles, pinches, magnifies, long presses, double taps and resets,
 * timer ticks, editing toggles, configures, view changes, frames and event polls, while boxes
 * (some nested) are created and destroyed so that CREATIONS boxes are made over the run; every
 * 25,000 events a Lua state is created on the engine, runs a script that installs hooks (custom
 * handle, indicator, constraint, event handler), sees some events and is destroyed, and creations
 * with bad settings (engines and Lua states) are refused, leaving nothing allocated. Invariants
 * (Tests/fuzz/invariants.h) are checked along the way. Prints the resident set size after a
 * warm-up and at the end: with EVENTS >= 200,000 it fails when RSS grew by more than 2 MiB after
 * the first fifth of the run (not under valgrind, whose own memory grows). Run it under
 * `valgrind --leak-check=full` (scripts/test does, with fewer events) for leaks.
 */
#include "grip.h"
#include "invariants.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}
static double uni(double lo, double hi) { return lo + (hi - lo) * (rnd() / 4294967296.0); }

static long rss_kib(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, resident = 0;
    if (!f) return -1;
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = -1;
    fclose(f);
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

#define LIVE 256
static grip_engine *e;
static grip_box live[LIVE];
static int nlive;
static long created, destroyed;
static double now;
static long events_done;

static void must(grip_status s, const char *what) {
    inv_status(s, what);
    if ((int)s < 0 && s != GRIP_ERR_STATE && s != GRIP_ERR_NOT_FOUND && s != GRIP_ERR_LIMIT)
        inv_fail("%s: %d %s", what, (int)s, grip_engine_errmsg(e));
}

static void create_box(void) {
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.width = uni(30, 200);
    d.height = uni(30, 160);
    d.x = uni(0, 800 - d.width);
    d.y = uni(0, 600 - d.height);
    d.rotation = (rnd() % 3 == 0) ? uni(-1, 1) : 0;
    d.editing = rnd() % 2;
    d.allow = GRIP_ALLOW_ALL;
    d.contain = rnd() % 4 == 0;
    d.indicator = (grip_indicator_shape)(rnd() % 3);
    d.resize_mode = (grip_resize_mode)(rnd() % 2);
    d.rotation_snap = rnd() % 5 == 0 ? 0.2617993877991494 : 0;
    d.user_data = (uint64_t)created;
    if (rnd() % 3 == 0) { /* odd minimums: sizes clamped there must still satisfy them exactly */
        d.min_width = uni(1, 25);
        d.min_height = uni(1, 25);
        d.allow_flip = rnd() % 2;
        d.centered = rnd() % 4 == 0;
    }
    if (nlive > 0 && rnd() % 4 == 0) { /* a child, in its parent's space */
        d.parent = live[rnd() % nlive];
        d.x = uni(0, 40);
        d.y = uni(0, 40);
        d.width = uni(25, 60);
        d.height = uni(25, 60);
    }
    grip_box b;
    grip_status s = grip_box_create(e, &d, &b);
    created++;
    if (s == GRIP_ERR_NOT_FOUND || s == GRIP_ERR_LIMIT) return; /* parent went with an ancestor; depth */
    must(s, "grip_box_create");
    if (nlive < LIVE) live[nlive++] = b;
    else {
        must(grip_box_destroy(e, live[0]), "grip_box_destroy");
        destroyed++;
        live[0] = b;
    }
}

static void destroy_one(void) {
    if (nlive == 0) return;
    int i = (int)(rnd() % nlive);
    grip_status s = grip_box_destroy(e, live[i]);
    if (s == GRIP_OK) destroyed++;
    else if (s != GRIP_ERR_NOT_FOUND) must(s, "grip_box_destroy");
    live[i] = live[--nlive];
}

/* A point on a live box: centre, a corner or an edge middle (screen = world, no view). */
static void point_on_box(double *x, double *y) {
    grip_box_state st;
    for (int tries = 0; tries < 4 && nlive > 0; tries++) {
        if (grip_box_state_get(e, live[rnd() % nlive], &st) != GRIP_OK) continue;
        int k = (int)(rnd() % 6);
        if (k < 4) {
            *x = st.corners[k].x;
            *y = st.corners[k].y;
        } else {
            *x = (st.corners[0].x + st.corners[2].x) / 2;
            *y = (st.corners[0].y + st.corners[2].y) / 2;
        }
        return;
    }
    *x = uni(0, 800);
    *y = uni(0, 600);
}

static void ptr(grip_phase ph, uint32_t id, double x, double y, uint32_t mods) {
    grip_pointer_event ev = {ph, id, x, y, now, mods};
    must(grip_dispatch_pointer(e, &ev, NULL), "grip_dispatch_pointer");
    events_done++;
}

static void tick(double dt) {
    now += dt;
    must(grip_dispatch_timer(e, now), "grip_dispatch_timer");
    events_done++;
}

static void drag(void) {
    double x, y;
    point_on_box(&x, &y);
    uint32_t mods = rnd() % 8 == 0 ? GRIP_MOD_SHIFT : rnd() % 8 == 0 ? GRIP_MOD_ALT
                                                                     : 0;
    ptr(GRIP_PHASE_DOWN, 1, x, y, mods);
    double dx = uni(-60, 60), dy = uni(-60, 60);
    int n = 2 + (int)(rnd() % 8);
    for (int i = 1; i <= n; i++) {
        now += 0.016;
        ptr(GRIP_PHASE_MOVE, 1, x + dx * i / n, y + dy * i / n, mods);
    }
    now += 0.016;
    ptr(rnd() % 20 ? GRIP_PHASE_UP : GRIP_PHASE_CANCEL, 1, x + dx, y + dy, mods);
}

static void pinch(void) {
    double x, y;
    point_on_box(&x, &y);
    ptr(GRIP_PHASE_DOWN, 2, x - 10, y, 0);
    ptr(GRIP_PHASE_DOWN, 3, x + 10, y, 0);
    double s = uni(0.5, 2), a = uni(-1, 1);
    for (int i = 1; i <= 6; i++) {
        now += 0.016;
        double r = 10 * (1 + (s - 1) * i / 6.0), t = a * i / 6.0;
        ptr(GRIP_PHASE_MOVE, 2, x - r * cos(t), y - r * sin(t), 0);
        ptr(GRIP_PHASE_MOVE, 3, x + r * cos(t), y + r * sin(t), 0);
    }
    ptr(GRIP_PHASE_UP, 3, x, y, 0);
    ptr(GRIP_PHASE_UP, 2, x, y, 0);
}

static void magnify(void) {
    double x, y;
    point_on_box(&x, &y);
    grip_magnify_event ev = {GRIP_PHASE_DOWN, 1, x, y, now};
    must(grip_dispatch_magnify(e, &ev, NULL), "grip_dispatch_magnify");
    for (int i = 1; i <= 4; i++) {
        ev.phase = GRIP_PHASE_MOVE;
        ev.factor = 1 + uni(-0.5, 1);
        ev.time = now += 0.016;
        must(grip_dispatch_magnify(e, &ev, NULL), "grip_dispatch_magnify");
    }
    ev.phase = rnd() % 4 ? GRIP_PHASE_UP : GRIP_PHASE_CANCEL;
    must(grip_dispatch_magnify(e, &ev, NULL), "grip_dispatch_magnify");
    events_done += 6;
}

static void press_or_taps(void) {
    double x, y;
    point_on_box(&x, &y);
    if (rnd() % 2) { /* long press, held through the timer */
        ptr(GRIP_PHASE_DOWN, 4, x, y, 0);
        for (int i = 0; i < 6; i++) tick(0.25);
        ptr(GRIP_PHASE_UP, 4, x, y, 0);
    } else { /* double tap: resets a moved box */
        ptr(GRIP_PHASE_DOWN, 4, x, y, 0);
        now += 0.05;
        ptr(GRIP_PHASE_UP, 4, x, y, 0);
        now += 0.1;
        ptr(GRIP_PHASE_DOWN, 4, x, y, 0);
        now += 0.05;
        ptr(GRIP_PHASE_UP, 4, x, y, 0);
        for (int i = 0; i < 5; i++) tick(0.05);
    }
}

static void misc(void) {
    if (nlive == 0) return;
    grip_box b = live[rnd() % nlive];
    switch (rnd() % 5) {
    case 0: must(grip_box_set_editing(e, b, rnd() % 2), "grip_box_set_editing"); break;
    case 1: {
        grip_box_desc d;
        grip_box_desc_init(&d);
        if (grip_box_describe(e, b, &d) == GRIP_OK) {
            d.rotation = uni(-1, 1);
            must(grip_box_configure(e, b, &d), "grip_box_configure");
        }
        break;
    }
    case 2: {
        grip_status s = grip_box_reset(e, b, rnd() % 2);
        must(s, "grip_box_reset");
        break;
    }
    case 3: {
        grip_hit h;
        must(grip_hit_test(e, uni(0, 800), uni(0, 600), &h), "grip_hit_test");
        break;
    }
    default: {
        grip_affine v = rnd() % 2 ? (grip_affine){1, 0, 0, 1, 0, 0} : (grip_affine){1, 0, 0, 1, 0.5, 0};
        must(grip_engine_set_view(e, &v), "grip_engine_set_view");
        break;
    }
    }
    events_done++;
}

static const char lua_script[] =
    "local e = grip.host\n"
    "local b = e:box{x = 300, y = 200, width = 120, height = 90, editing = true, allow = 'all', indicator = 'custom'}\n"
    "b:add_handle{name = 'knob', position = function(s) return s.width / 2, -30 end,\n"
    "  drag = function(s, x, y) return {rotation = math.atan(y, x)} end}\n"
    "b:set_indicator(function(p, s) return {{0, 0}, {s.width * p, 0}, {s.width * p, s.height}} end)\n"
    "b:set_constraint(function(p, c) p.width = math.max(20, p.width) return p end)\n"
    "local n = 0\n"
    "b:on('any', function(ev) n = n + 1 end)\n"
    "e:drag{from = {360, 245}, to = {400, 260}, steps = 4, duration = 0.05}\n"
    "e:drag_handle(b, 'bottom_right', 20, 10)\n"
    "e:hold(380, 250, 1.2)\n"
    "for ev in e:events() do end\n";

static void lua_round(void) {
    grip_lua *L;
    must(grip_lua_create(e, NULL, &L), "grip_lua_create");
    grip_status s = grip_lua_exec(L, "=soak", lua_script, sizeof lua_script - 1);
    if (s != GRIP_OK) inv_fail("soak script: %s", grip_lua_errmsg(L));
    grip_frame f;
    must(grip_frame_get(e, &f), "grip_frame_get");
    now = f.time;
    grip_lua_destroy(L);
    /* the script's box outlives the state: find and destroy it so the scene stays bounded */
    grip_hit h;
    if (grip_hit_test(e, 360, 245, &h) == GRIP_OK && h.box != GRIP_NO_BOX) grip_box_destroy(e, h.box);
    events_done += 30;
}

/* Creations the library refuses (bad settings), which must leave nothing allocated behind:
 * valgrind's leak check covers them. */
static long failed_creates;
static void refused_creations(void) {
    grip_engine_desc bad;
    grip_engine *none = NULL;
    grip_engine_desc_init(&bad);
    bad.width = -1;
    if (grip_engine_create(&bad, &none) == GRIP_OK) inv_fail("an engine with width -1 was created");
    grip_engine_desc_init(&bad);
    bad.touch_slop = NAN;
    if (grip_engine_create(&bad, &none) == GRIP_OK) inv_fail("an engine with touch_slop NaN was created");
    grip_engine_desc_init(&bad);
    bad.max_pointers = 1000;
    if (grip_engine_create(&bad, &none) == GRIP_OK) inv_fail("an engine with 1000 pointers was created");
    grip_lua_desc lbad;
    grip_lua *L = NULL;
    grip_lua_desc_init(&lbad);
    lbad.memory_limit = 1024; /* too small for the standard libraries */
    if (grip_lua_create(e, &lbad, &L) == GRIP_OK) inv_fail("a Lua state in 1 KiB was created");
    failed_creates += 4;
}

int main(int argc, char **argv) {
    long target = argc > 1 ? atol(argv[1]) : 1000000;
    long creations = argc > 2 ? atol(argv[2]) : 10000;
    if (argc > 3) rng ^= (uint64_t)strtoull(argv[3], NULL, 0) * 0x2545F4914F6CDD1Dull;
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 800;
    d.height = 600;
    if (grip_engine_create(&d, &e) != GRIP_OK) inv_fail("engine");
    for (int i = 0; i < 64; i++) create_box();
    long rss_warm = -1, rss_peak = 0, next_lua = 25000;
    uint64_t serial = 0;
    long polled = 0;
    while (events_done < target) {
        long before = events_done;
        uint32_t k = rnd() % 100;
        if (k < 40) drag();
        else if (k < 55) pinch();
        else if (k < 62) magnify();
        else if (k < 70) press_or_taps();
        else if (k < 85) tick(0.016);
        else misc();
#ifdef SOAK_CHECK_ALL /* every live box after every step: slow, but names the step that broke one */
        if (getenv("SOAK_TRACE")) fprintf(stderr, "step %u at event %ld\n", k, events_done);
        for (int i = 0; i < nlive; i++) inv_box(e, live[i]);
#endif
        /* box churn, spread so that `creations` boxes are made over the run */
        long due = (long)((double)creations * (double)events_done / (double)target);
        while (created < due) {
            if (nlive > 48) destroy_one();
            create_box();
        }
        if (events_done >= next_lua) {
            lua_round();
            refused_creations();
            next_lua += 25000;
        }
        inv_frame(e, &serial);
        polled += inv_events(e);
        if (events_done / 50000 != before / 50000) {
            for (int i = 0; i < nlive && i < 16; i++) inv_box(e, live[i]);
        }
        if (rss_warm < 0 && events_done >= target / 5) rss_warm = rss_kib();
        if (events_done % 1024 < (events_done - before)) {
            long r = rss_kib();
            if (r > rss_peak) rss_peak = r;
        }
    }
    long rss_end = rss_kib();
    if (rss_end > rss_peak) rss_peak = rss_end;
    for (int i = 0; i < nlive; i++) inv_box(e, live[i]);
    grip_engine_destroy(e);
    printf("soak: %ld events, %ld boxes created, %ld destroyed, %ld events polled, %d live at the end, "
           "%ld creations refused; RSS %ld KiB after the first fifth, %ld KiB peak, %ld KiB at the end\n",
           events_done, created, destroyed, polled, nlive, failed_creates, rss_warm, rss_peak, rss_end);
    const char *preload = getenv("LD_PRELOAD");
    if (preload && strstr(preload, "vgpreload")) {
        printf("soak: RSS not checked under valgrind (its own memory grows with the run)\n");
        return 0;
    }
    if (target >= 200000 && rss_peak - rss_warm > 2048) {
        printf("soak: FAILED: RSS grew by %ld KiB after the warm-up\n", rss_peak - rss_warm);
        return 1;
    }
    return 0;
}
