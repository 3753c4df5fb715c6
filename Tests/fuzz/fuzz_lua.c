/* fuzz_lua.c: libFuzzer target feeding the input bytes as a script to a sandboxed, hosted Lua
 * state (grip_lua_exec), with small memory and instruction budgets. The host engine starts with
 * a few boxes so scripts reach gestures and hooks; after the script (and a few host events that
 * run any hooks it installed) the engine's invariants (invariants.h) must hold, the status must
 * be documented and a failure must come with a message. A second exec of a fixed script checks
 * the state still answers after whatever the input did. Budgets: every call from the host (the
 * exec, and each dispatch and frame read that runs the script's hooks) must return within
 * GRIP_FUZZ_CALL_SECONDS of wall-clock time (default 2 s; the budget is 200,000 instructions).
 *
 * Built like fuzz_abi.c (libFuzzer, or -DGRIP_FUZZ_STANDALONE to replay files).
 */
#include "grip.h"
#include "invariants.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Fails when one call from the host ran longer than the budget allows. */
static void within_budget(double t0, const char *what) {
    static double limit = 0;
    if (limit == 0) limit = getenv("GRIP_FUZZ_CALL_SECONDS") ? atof(getenv("GRIP_FUZZ_CALL_SECONDS")) : 2.0;
    double dt = seconds() - t0;
    if (dt > limit) inv_fail("%s ran for %.2f s: a script held the host past its budget", what, dt);
}

static void check_engine(grip_engine *e, grip_box *ids, int n) {
    uint64_t serial = 0;
    inv_frame(e, &serial);
    for (int i = 0; i < n; i++) inv_box(e, ids[i]);
    inv_events(e);
}

static void exec(grip_lua *L, const char *name, const char *src, size_t n) {
    double t0 = seconds();
    grip_status s = grip_lua_exec(L, name, src, n);
    within_budget(t0, "grip_lua_exec");
    inv_status(s, "grip_lua_exec");
    if (getenv("GRIP_FUZZ_TRACE")) fprintf(stderr, "%s: %s %s\n", name, grip_status_string(s), grip_lua_errmsg(L));
    if ((int)s < 0) {
        const char *m = grip_lua_errmsg(L);
        if (!m || !m[0]) inv_fail("grip_lua_exec failed (%d) with an empty message", (int)s);
        inv_log_message(name, s, m);
    } else if (s != GRIP_OK) {
        inv_fail("grip_lua_exec returned %d", (int)s);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    grip_engine *e = NULL;
    grip_engine_desc ed;
    grip_engine_desc_init(&ed);
    ed.width = 800;
    ed.height = 600;
    ed.max_boxes = 200;
    if (grip_engine_create(&ed, &e) != GRIP_OK) inv_fail("engine");
    grip_box ids[3];
    static const double geo[3][5] = {{100, 100, 200, 150, 0}, {400, 250, 160, 120, 0.5}, {30, 20, 80, 50, 0}};
    for (int i = 0; i < 3; i++) {
        grip_box_desc d;
        grip_box_desc_init(&d);
        d.x = geo[i][0];
        d.y = geo[i][1];
        d.width = geo[i][2];
        d.height = geo[i][3];
        d.rotation = geo[i][4];
        d.editing = true;
        d.allow = GRIP_ALLOW_ALL;
        if (i == 2) d.parent = ids[0];
        if (grip_box_create(e, &d, &ids[i]) != GRIP_OK) inv_fail("box %d", i);
    }
    grip_lua_desc ld;
    grip_lua_desc_init(&ld);
    ld.memory_limit = 4u << 20;
    ld.instruction_limit = 200000;
    grip_lua *L = NULL;
    if (grip_lua_create(e, &ld, &L) != GRIP_OK) inv_fail("grip_lua_create: %s", grip_engine_errmsg(e));

    exec(L, "=fuzz", (const char *)data, size);
    check_engine(e, ids, 3);

    /* Host events after the script: hooks it installed run now, from the host's side. */
    grip_frame f;
    double t = 0;
    double t0 = seconds();
    if (grip_frame_get(e, &f) == GRIP_OK) t = f.time;
    within_budget(t0, "grip_frame_get");
    static const double path[][2] = {{200, 175}, {300, 100}, {480, 310}, {560, 370}, {20, 20}};
    for (int i = 0; i < 5; i++) {
        grip_pointer_event pe = {GRIP_PHASE_DOWN, 1, path[i][0], path[i][1], t += 0.05, 0};
        t0 = seconds();
        inv_status(grip_dispatch_pointer(e, &pe, NULL), "grip_dispatch_pointer");
        within_budget(t0, "grip_dispatch_pointer (down)");
        pe.phase = GRIP_PHASE_MOVE;
        pe.x += 37;
        pe.y -= 23;
        pe.time = t += 0.05;
        t0 = seconds();
        inv_status(grip_dispatch_pointer(e, &pe, NULL), "grip_dispatch_pointer");
        within_budget(t0, "grip_dispatch_pointer (move)");
        t0 = seconds();
        inv_status(grip_dispatch_timer(e, t += 1.1), "grip_dispatch_timer");
        within_budget(t0, "grip_dispatch_timer");
        pe.phase = GRIP_PHASE_UP;
        pe.time = t;
        t0 = seconds();
        inv_status(grip_dispatch_pointer(e, &pe, NULL), "grip_dispatch_pointer");
        within_budget(t0, "grip_dispatch_pointer (up)");
        t0 = seconds();
        inv_status(grip_frame_get(e, &f), "grip_frame_get");
        within_budget(t0, "grip_frame_get");
        check_engine(e, ids, 3);
    }
    /* still usable */
    static const char probe[] = "local f = grip.host:frame() assert(type(f.serial) == 'number')";
    exec(L, "=probe", probe, sizeof probe - 1);
    grip_lua_destroy(L);
    check_engine(e, ids, 3);
    grip_engine_destroy(e);
    return 0;
}
