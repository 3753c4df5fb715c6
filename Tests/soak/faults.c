/* faults.c: fault injection for the Lua host. Every allocation a Lua state makes goes through
 * CLuaShim's counting allocator, which calls realloc; this program interposes realloc and, for
 * every N from 1 to the number a clean run makes, runs the same session with the N-th realloc
 * and every later one failing: grip_lua_create, a script that builds boxes with hooks (custom
 * handle, indicator, constraint, event handler) and drives gestures, host events that run those
 * hooks, then grip_lua_destroy and grip_engine_destroy. Each run must end without a crash, with
 * every call returning a documented status (a failure with a message), the engine's invariants
 * holding, and the heap back to exactly where it was before the run (glibc's mallinfo2): no leak.
 *
 * The Swift side allocates with malloc, which is never failed here: Swift cannot recover from an
 * allocation failure (the runtime stops the process), so an out-of-memory host is out of scope
 * for the engine itself; what is tested is that Lua's failures stay inside the Lua layer.
 * Not for sanitizer builds (they intercept realloc themselves).
 *
 *   faults [STEP]    test every STEP-th N (default 1: all of them)
 */
#include "grip.h"
#include "invariants.h"

#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_realloc(void *ptr, size_t size);

static int armed;           /* count (and fail) only inside the session */
static long count, fail_at; /* fail_at 0: never */

void *realloc(void *ptr, size_t size) {
    if (armed && size > 0) {
        count++;
        if (fail_at > 0 && count >= fail_at) return NULL;
    }
    return __libc_realloc(ptr, size);
}

static const char script[] =
    "local e = grip.host\n"
    "local b = e:box{x = 100, y = 100, width = 200, height = 120, editing = true, allow = 'all',\n"
    "                indicator = 'custom'}\n"
    "b:add_handle{name = 'knob', position = function(s) return s.width / 2, -30 end,\n"
    "  drag = function(s, x, y) return {rotation = math.atan(y, x)} end}\n"
    "b:set_indicator(function(p, s) local t = {} for i = 0, 16 do t[#t + 1] = {s.width * i / 16, s.height * p} end return t end)\n"
    "b:set_constraint(function(p, c) p.width = math.max(20, p.width) return p end)\n"
    "local seen = {}\n"
    "b:on('any', function(ev) seen[#seen + 1] = ev.kind .. ':' .. tostring(ev.time) end)\n"
    "e:drag{from = {200, 160}, to = {240, 190}, steps = 6, duration = 0.1}\n"
    "e:drag_handle(b, 'bottom_right', 30, 20)\n"
    "e:hold(240, 190, 1.2)\n"
    "local f = e:frame()\n"
    "local parts = {} for i, c in ipairs(f.commands) do parts[#parts + 1] = c.kind end\n"
    "local s = table.concat(parts, ',') .. string.rep('x', 1000)\n"
    "for ev in e:events() do end\n";

static void check(grip_status s, const char *what, grip_engine *e, grip_lua *L) {
    inv_status(s, what);
    if ((int)s >= 0) return;
    const char *m = L ? grip_lua_errmsg(L) : grip_engine_errmsg(e);
    if (!m || !m[0]) inv_fail("%s failed (%d) without a message", what, (int)s);
}

/* One session; returns how many calls failed. */
static int session(void) {
    grip_engine *e;
    if (grip_engine_create(NULL, &e) != GRIP_OK) inv_fail("engine");
    int failures = 0;
    armed = 1;
    grip_lua *L = NULL;
    grip_status s = grip_lua_create(e, NULL, &L);
    inv_status(s, "grip_lua_create");
    if (s != GRIP_OK && !grip_lua_errmsg(NULL)[0]) inv_fail("grip_lua_create failed (%d) without a message", (int)s);
    if (s == GRIP_OK) {
        s = grip_lua_exec(L, "=faults", script, sizeof script - 1);
        check(s, "grip_lua_exec", e, L);
        failures += s != GRIP_OK;
        /* host events: the hooks (if installed) run from here */
        grip_frame f;
        grip_frame_get(e, &f);
        double t = f.time + 0.1;
        static const double pts[][2] = {{200, 70}, {300, 220}, {200, 160}};
        for (int i = 0; i < 3; i++) {
            grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, pts[i][0], pts[i][1], t += 0.05, 0};
            check(grip_dispatch_pointer(e, &ev, NULL), "down", e, NULL);
            ev.phase = GRIP_PHASE_MOVE;
            ev.x += 25;
            ev.y += 15;
            ev.time = t += 0.05;
            check(grip_dispatch_pointer(e, &ev, NULL), "move", e, NULL);
            check(grip_dispatch_timer(e, t += 1.1), "timer", e, NULL);
            ev.phase = GRIP_PHASE_UP;
            check(grip_dispatch_pointer(e, &ev, NULL), "up", e, NULL);
        }
        uint64_t serial = 0;
        inv_frame(e, &serial);
        inv_events(e);
        static const char probe[] = "return 1";
        check(grip_lua_exec(L, "=probe", probe, sizeof probe - 1), "grip_lua_exec(probe)", e, L);
        grip_lua_destroy(L);
    } else {
        failures++;
    }
    armed = 0;
    grip_engine_destroy(e);
    return failures;
}

int main(int argc, char **argv) {
    long step = argc > 1 ? atol(argv[1]) : 1;
    if (step < 1) step = 1;
    /* mallinfo2 counts blocks parked in glibc's per-thread cache as in use: turn the cache off
     * (once, by running this program again with the tunable set) so the heap total is exact. */
    const char *tun = getenv("GLIBC_TUNABLES");
    if (!tun || !strstr(tun, "glibc.malloc.tcache_count=0")) {
        setenv("GLIBC_TUNABLES", "glibc.malloc.tcache_count=0", 1);
        execv("/proc/self/exe", argv);
        perror("execv /proc/self/exe");
        return 2;
    }
    /* warm-up: the Swift runtime's one-time allocations happen here, not in a measured run */
    fail_at = 0;
    for (int i = 0; i < 32; i++) session();
    count = 0;
    size_t base = mallinfo2().uordblks;
    if (session() != 0) inv_fail("the clean run failed");
    long total = count;
    if (mallinfo2().uordblks != base) inv_fail("the clean run leaked %zd bytes", (ssize_t)(mallinfo2().uordblks - base));
    long runs = 0, failed_runs = 0, first_time = 0;
    for (long n = 1; n <= total; n += step) {
        count = 0;
        fail_at = n;
        base = mallinfo2().uordblks;
        failed_runs += session() != 0;
        runs++;
        size_t now = mallinfo2().uordblks;
        if (now != base) {
            /* a path run for the first time may make the Swift runtime's one-time allocations
             * (type metadata): the same run again must then leave the heap exactly as it was */
            count = 0;
            base = mallinfo2().uordblks;
            session();
            now = mallinfo2().uordblks;
            if (now != base) inv_fail("with realloc %ld failing: %zd bytes leaked (twice)", n, (ssize_t)(now - base));
            first_time++;
        }
    }
    printf("faults: a clean session makes %ld Lua allocations; failed the N-th and every later one for %ld values "
           "of N: %ld sessions saw a failure, no crash, every status documented, 0 bytes leaked "
           "(%ld first runs of a path made one-time runtime allocations)\n",
           total, runs, failed_runs, first_time);
    return 0;
}
