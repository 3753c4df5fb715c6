/* threads.c: four host threads, each driving its own engine (and its own Lua state) at once.
 * grip.h: "Separate engines are independent. There is no global state." Run under
 * ThreadSanitizer (scripts/test --sanitize) this shows no data race between engines; threads 0
 * and 1 replay the same seed, so their final frames must be bit-identical, and equal to the same
 * seed run alone afterwards on the main thread.
 *
 *   threads [EVENTS_PER_THREAD]   (default 20,000)
 */
#include "grip.h"
#include "invariants.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t seed;
    long events;
    uint64_t digest; /* of the final frame */
    long polled;
} job;

static uint32_t next(uint64_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (uint32_t)(*s >> 16);
}
static double uni(uint64_t *s, double lo, double hi) { return lo + (hi - lo) * (next(s) / 4294967296.0); }

static uint64_t frame_digest(grip_engine *e) {
    grip_frame f;
    if (grip_frame_get(e, &f) != GRIP_OK) inv_fail("frame");
    uint64_t h = 0xcbf29ce484222325ull;
    const unsigned char *p = (const unsigned char *)f.vertices;
    for (size_t i = 0; i < f.vertex_count * sizeof(grip_vec2); i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    for (size_t i = 0; i < f.command_count; i++) {
        const double *d = &f.commands[i].transform.a;
        for (int k = 0; k < 6; k++) {
            uint64_t u;
            memcpy(&u, &d[k], sizeof u);
            h ^= u;
            h *= 0x100000001b3ull;
        }
        /* Without the top 16 bits: the tag of the engine, which differs between engines alive
         * at the same time (the rest of the id is the same for the same session). */
        h ^= f.commands[i].box & 0xFFFFFFFFFFFFull;
        h *= 0x100000001b3ull;
    }
    return h;
}

static const char script[] =
    "local e = grip.host\n"
    "local b = e:box{x = 500, y = 300, width = 120, height = 90, editing = true, allow = 'all'}\n"
    "b:set_constraint(function(p, c) p.width = math.max(20, p.width) return p end)\n"
    "b:on('any', function(ev) end)\n";

static void *run(void *arg) {
    job *j = arg;
    uint64_t s = j->seed;
    grip_engine *e;
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 800;
    d.height = 600;
    if (grip_engine_create(&d, &e) != GRIP_OK) inv_fail("engine");
    grip_lua *L;
    if (grip_lua_create(e, NULL, &L) != GRIP_OK) inv_fail("lua");
    if (grip_lua_exec(L, "=threads", script, sizeof script - 1) != GRIP_OK) inv_fail("script: %s", grip_lua_errmsg(L));
    grip_box boxes[16];
    for (int i = 0; i < 16; i++) {
        grip_box_desc b;
        grip_box_desc_init(&b);
        b.x = uni(&s, 0, 600);
        b.y = uni(&s, 0, 450);
        b.width = uni(&s, 40, 150);
        b.height = uni(&s, 40, 120);
        b.rotation = uni(&s, -0.5, 0.5);
        b.editing = true;
        b.allow = GRIP_ALLOW_ALL;
        if (grip_box_create(e, &b, &boxes[i]) != GRIP_OK) inv_fail("box");
    }
    double t = 0;
    uint64_t serial = 0;
    for (long n = 0; n < j->events;) {
        grip_box_state st;
        if (grip_box_state_get(e, boxes[next(&s) % 16], &st) != GRIP_OK) inv_fail("state");
        int k = (int)(next(&s) % 5);
        double x = k < 4 ? st.corners[k].x : (st.corners[0].x + st.corners[2].x) / 2;
        double y = k < 4 ? st.corners[k].y : (st.corners[0].y + st.corners[2].y) / 2;
        double dx = uni(&s, -40, 40), dy = uni(&s, -40, 40);
        grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, x, y, t, 0};
        inv_status(grip_dispatch_pointer(e, &ev, NULL), "down");
        for (int i = 1; i <= 4; i++) {
            ev.phase = GRIP_PHASE_MOVE;
            ev.x = x + dx * i / 4;
            ev.y = y + dy * i / 4;
            ev.time = t += 0.016;
            inv_status(grip_dispatch_pointer(e, &ev, NULL), "move");
        }
        ev.phase = GRIP_PHASE_UP;
        inv_status(grip_dispatch_pointer(e, &ev, NULL), "up");
        inv_status(grip_dispatch_timer(e, t += 0.05), "timer");
        n += 7;
        inv_frame(e, &serial);
        j->polled += inv_events(e);
    }
    j->digest = frame_digest(e);
    grip_lua_destroy(L);
    grip_engine_destroy(e);
    return NULL;
}

int main(int argc, char **argv) {
    long events = argc > 1 ? atol(argv[1]) : 20000;
    job jobs[4] = {{0x1234, events, 0, 0}, {0x1234, events, 0, 0}, {0x777, events, 0, 0}, {0xBEEF, events, 0, 0}};
    pthread_t th[4];
    for (int i = 0; i < 4; i++)
        if (pthread_create(&th[i], NULL, run, &jobs[i]) != 0) inv_fail("pthread_create");
    for (int i = 0; i < 4; i++) pthread_join(th[i], NULL);
    job alone = {0x1234, events, 0, 0};
    run(&alone);
    int ok = jobs[0].digest == jobs[1].digest && jobs[0].digest == alone.digest;
    printf("threads: 4 engines x %ld events at once; same seed -> %016llx %016llx, alone %016llx: %s\n", events,
           (unsigned long long)jobs[0].digest, (unsigned long long)jobs[1].digest, (unsigned long long)alone.digest,
           ok ? "identical" : "DIFFERENT");
    return ok ? 0 : 1;
}
