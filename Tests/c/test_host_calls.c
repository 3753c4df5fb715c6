/*
 * test_host_calls.c: what a C host may rely on around its Lua state: the script's events stay
 * the script's, the frame the host holds survives a script, a destroyed engine is detected
 * without reading freed memory, and the documented limits hold at their edges.
 *
 *   cc -std=c99 -Wall -Wextra -Werror -pedantic -IInclude Tests/c/test_host_calls.c -Lbin -lgrip-lua -lgrip -lpthread -o t
 */
#define _POSIX_C_SOURCE 200809L
#include <grip.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int checks, failures;

#define CHECK(cond, ...)                                         \
    do {                                                         \
        checks++;                                                \
        if (!(cond)) {                                           \
            failures++;                                          \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                        \
            fprintf(stderr, "\n");                               \
        }                                                        \
    } while (0)

static grip_engine *new_engine(void) {
    grip_engine *e = NULL;
    if (grip_engine_create(NULL, &e) != GRIP_OK) {
        fprintf(stderr, "cannot create an engine\n");
        exit(1);
    }
    return e;
}

static grip_lua *new_lua(grip_engine *e) {
    grip_lua *lua = NULL;
    if (grip_lua_create(e, NULL, &lua) != GRIP_OK) {
        fprintf(stderr, "cannot create a Lua state: %s\n", grip_lua_errmsg(NULL));
        exit(1);
    }
    return lua;
}

static grip_status run(grip_lua *lua, const char *src) { return grip_lua_exec(lua, "test", src, strlen(src)); }

static int drain_host(grip_engine *e) {
    grip_event ev;
    int n = 0;
    while (grip_event_poll(e, &ev) == GRIP_OK) n++;
    return n;
}

/* ---- the script's events ------------------------------------------------------ */

static void test_events_stay_the_scripts(void) {
    grip_engine *e = new_engine();
    grip_lua *lua = new_lua(e);
    /* An on handler raises on the first event of a drag: the rest of the drag's events (and the
     * cancel the macro sends on its way out) stay in the script's queue. */
    grip_status st = run(lua,
                         "local e = grip.host\n"
                         "local b = e:box{x = 100, y = 100, width = 100, height = 100, editing = true}\n"
                         "b:on('gesture_began', function() error('boom') end)\n"
                         "local ok, err = pcall(e.drag, e, {from = {150, 150}, to = {200, 200}, steps = 5})\n"
                         "assert(not ok and tostring(err):find('boom'), tostring(err))\n");
    CHECK(st == GRIP_OK, "handler script: %s", grip_lua_errmsg(lua));
    CHECK(drain_host(e) == 0, "events of a script whose handler raised reached grip_event_poll");
    st = run(lua,
             "local e = grip.host\n"
             "local kinds = {}\n"
             "for ev in e:events() do kinds[#kinds + 1] = ev.kind end\n"
             "assert(kinds[1] == 'gesture_began' and kinds[#kinds] == 'gesture_cancelled', table.concat(kinds, ' '))\n");
    CHECK(st == GRIP_OK, "the script's events: %s", grip_lua_errmsg(lua));
    /* A later, unrelated call does not fail with the old error. */
    st = run(lua, "local b = grip.host:boxes()[1]; b:state()");
    CHECK(st == GRIP_OK, "a later call failed: %s", grip_lua_errmsg(lua));
    st = run(lua, "local b = grip.host:boxes()[1]; grip.host:select(b)");
    CHECK(st == GRIP_OK, "select: %s", grip_lua_errmsg(lua));
    CHECK(drain_host(e) == 0, "a script's SELECTION_CHANGED reached grip_event_poll");
    grip_lua_destroy(lua);
    grip_engine_destroy(e);
}

/* A Lua hook that calls e:events() while the host drags takes none of the host's events: the
 * host polls every event of its own drag, both gestures' BEGAN included, and the script sees none
 * of them. */
static void test_hook_reads_events_during_host_drag(void) {
    grip_engine *e = new_engine();
    grip_lua *lua = new_lua(e);
    grip_status st = run(lua,
                         "local e = grip.host\n"
                         "taken = 0\n"
                         "for i = 0, 1 do\n"
                         "  local b = e:box{x = 100 + 300 * i, y = 100, width = 100, height = 100}\n"
                         "  b:set_constraint(function(proposed) for ev in e:events() do taken = taken + 1 end return proposed end)\n"
                         "end\n");
    CHECK(st == GRIP_OK, "setup: %s", grip_lua_errmsg(lua));
    drain_host(e);
    int began = 0, changed = 0, ended = 0, committed = 0, total = 0;
    double t = 1;
    for (int i = 0; i < 2; i++) {
        double x = 150 + 300 * i;
        grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, x, 150, t, 0};
        CHECK(grip_dispatch_pointer(e, &ev, NULL) == GRIP_OK, "down: %s", grip_engine_errmsg(e));
        for (int k = 1; k <= 3; k++) {
            grip_pointer_event mv = {GRIP_PHASE_MOVE, 1, x + 10 * k, 150, t + 0.01 * k, 0};
            CHECK(grip_dispatch_pointer(e, &mv, NULL) == GRIP_OK, "move: %s", grip_engine_errmsg(e));
        }
        grip_pointer_event up = {GRIP_PHASE_UP, 1, x + 30, 150, t + 0.05, 0};
        CHECK(grip_dispatch_pointer(e, &up, NULL) == GRIP_OK, "up: %s", grip_engine_errmsg(e));
        t += 1;
    }
    grip_event ev;
    while (grip_event_poll(e, &ev) == GRIP_OK) {
        total++;
        began += ev.kind == GRIP_EVENT_GESTURE_BEGAN;
        changed += ev.kind == GRIP_EVENT_GESTURE_CHANGED;
        ended += ev.kind == GRIP_EVENT_GESTURE_ENDED;
        committed += ev.kind == GRIP_EVENT_COMMITTED;
    }
    CHECK(began == 2, "the host polled %d GESTURE_BEGAN of 2 (%d events in all)", began, total);
    CHECK(ended == 2 && committed == 2, "ENDED %d, COMMITTED %d, of 2 each", ended, committed);
    CHECK(changed >= 4, "the host polled %d GESTURE_CHANGED", changed);
    st = run(lua, "assert(taken == 0, 'the hooks took ' .. taken .. ' of the host\\'s events')");
    CHECK(st == GRIP_OK, "script: %s", grip_lua_errmsg(lua));
    grip_lua_destroy(lua);
    grip_engine_destroy(e);
}

/* ---- the host's frame ------------------------------------------------------------ */

static void test_frame_survives_script(void) {
    grip_engine *e = new_engine();
    grip_lua *lua = new_lua(e);
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.x = 10;
    d.y = 10;
    d.width = 50;
    d.height = 40;
    d.editing = true;
    grip_box b;
    CHECK(grip_box_create(e, &d, &b) == GRIP_OK, "box: %s", grip_engine_errmsg(e));
    grip_frame f;
    CHECK(grip_frame_get(e, &f) == GRIP_OK, "frame");
    size_t nc = f.command_count, nv = f.vertex_count;
    grip_command *cmds = malloc(nc * sizeof *cmds);
    grip_vec2 *verts = malloc(nv * sizeof *verts + 1);
    memcpy(cmds, f.commands, nc * sizeof *cmds);
    memcpy(verts, f.vertices, nv * sizeof *verts);
    /* The script grows the scene (the frame arrays must grow) and reads the frame twice. */
    grip_status st = run(lua,
                         "local e = grip.host\n"
                         "for i = 1, 300 do e:box{x = i, y = i, width = 20, height = 20, editing = true} end\n"
                         "assert(#e:frame().commands > 3000)\n"
                         "e:box{x = 1, y = 1, width = 15, height = 15}\n"
                         "assert(#e:frame().commands > 3000)\n");
    CHECK(st == GRIP_OK, "script: %s", grip_lua_errmsg(lua));
    CHECK(memcmp(cmds, f.commands, nc * sizeof *cmds) == 0, "the host's frame commands changed under a script");
    CHECK(memcmp(verts, f.vertices, nv * sizeof *verts) == 0, "the host's frame vertices changed under a script");
    grip_frame g;
    CHECK(grip_frame_get(e, &g) == GRIP_OK && g.command_count > 3000, "the next frame has the script's boxes");
    CHECK(g.serial != f.serial, "the next frame has a new serial");
    /* And once more: a script between two host reads, the engine destroyed with arrays retired. */
    st = run(lua, "local e = grip.host; e:box{x = 3, y = 3, width = 15, height = 15}; e:frame()");
    CHECK(st == GRIP_OK, "script: %s", grip_lua_errmsg(lua));
    CHECK(g.commands[0].kind == GRIP_CMD_BOX && g.commands[0].box == b, "the held frame still reads");
    free(cmds);
    free(verts);
    grip_lua_destroy(lua);
    grip_engine_destroy(e);
}

/* ---- a destroyed engine, the documented limits at their edges ------------------------ */

static void test_engine_destroyed_first(void) {
    grip_engine *e = new_engine();
    grip_lua *lua = new_lua(e);
    grip_engine_destroy(e); /* against the rules: the state must notice, without reading e */
    grip_status st = run(lua, "return 1");
    CHECK(st == GRIP_ERR_STATE, "exec after the engine was destroyed: %s", grip_status_string(st));
    CHECK(strstr(grip_lua_errmsg(lua), "destroyed") != NULL, "message: %s", grip_lua_errmsg(lua));
    grip_lua_destroy(lua);
}

static void print_nowhere(void *context, const char *text, size_t length) { (void)context, (void)text, (void)length; }

/* Calls on a destroyed grip_lua are refused without reading the freed state (run under ASan by
 * the asan suite, a read of it is a heap-use-after-free report). */
static void test_state_destroyed(void) {
    grip_engine *e = new_engine();
    grip_lua *lua = new_lua(e);
    grip_lua_destroy(lua); /* against the rules from here on */
    grip_status st = run(lua, "return 1");
    CHECK(st == GRIP_ERR_ARG, "exec on a destroyed state: %s", grip_status_string(st));
    st = grip_lua_exec_file(lua, "x.lua");
    CHECK(st == GRIP_ERR_ARG, "exec_file on a destroyed state: %s", grip_status_string(st));
    CHECK(grip_lua_set_print(lua, print_nowhere, NULL) == GRIP_ERR_ARG, "set_print on a destroyed state");
    CHECK(strstr(grip_lua_errmsg(lua), "not a live grip_lua") != NULL, "message: %s", grip_lua_errmsg(lua));
    grip_lua_destroy(lua); /* a second destroy is ignored */
    /* The engine is free again for a new state. */
    grip_lua *again = new_lua(e);
    CHECK(run(again, "return 1") == GRIP_OK, "a new state on the engine: %s", grip_lua_errmsg(again));
    grip_lua_destroy(again);
    grip_engine_destroy(e);
}

static void test_limits_at_their_edges(void) {
    grip_engine *e = new_engine();
    grip_box_desc d;
    grip_box parent = GRIP_NO_BOX, b;
    /* "Boxes nest at most 32 levels deep": 32 levels are accepted, a 33rd is GRIP_ERR_LIMIT. */
    for (int level = 1; level <= 32; level++) {
        grip_box_desc_init(&d);
        d.parent = parent;
        d.width = 50;
        d.height = 50;
        grip_status st = grip_box_create(e, &d, &b);
        CHECK(st == GRIP_OK, "level %d: %s", level, grip_engine_errmsg(e));
        parent = b;
    }
    grip_box_desc_init(&d);
    d.parent = parent;
    CHECK(grip_box_create(e, &d, &b) == GRIP_ERR_LIMIT, "a 33rd level was accepted");
    /* "coordinates and sizes within 1e9": x = 1e9 with width 1e9 is in range, beyond is not. */
    grip_box_desc_init(&d);
    d.x = 1e9;
    d.y = -1e9;
    d.width = 1e9;
    d.height = 1e9;
    CHECK(grip_box_create(e, &d, &b) == GRIP_OK, "x = 1e9, width = 1e9 refused: %s", grip_engine_errmsg(e));
    d.x = 1.0000001e9;
    CHECK(grip_box_create(e, &d, &b) == GRIP_ERR_ARG, "x beyond 1e9 accepted");
    d.x = 0;
    d.width = 1.0000001e9;
    CHECK(grip_box_create(e, &d, &b) == GRIP_ERR_ARG, "width beyond 1e9 accepted");
    /* Times are bounded at 1e9 s: 1e308 is refused and does not wedge the engine. */
    grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, 10, 10, 1e308, 0};
    CHECK(grip_dispatch_pointer(e, &ev, NULL) == GRIP_ERR_ARG, "time 1e308 accepted");
    CHECK(grip_dispatch_timer(e, 1e308) == GRIP_ERR_ARG, "timer at 1e308 accepted");
    ev.time = 1.0;
    CHECK(grip_dispatch_pointer(e, &ev, NULL) == GRIP_OK, "the engine is wedged after 1e308: %s", grip_engine_errmsg(e));
    grip_engine_destroy(e);
}

/* ---- one budget per host call, for all the hooks it runs ------------------------------ */

static double seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void test_hooks_share_a_budget(void) {
    grip_engine *e = new_engine();
    grip_lua_desc ld;
    grip_lua_desc_init(&ld);
    ld.instruction_limit = 10000000; /* 10 million per call from the host */
    grip_lua *lua = NULL;
    CHECK(grip_lua_create(e, &ld, &lua) == GRIP_OK, "lua: %s", grip_lua_errmsg(NULL));
    /* 400 editing boxes with 16 custom handles each whose position hook runs about 200,000
     * instructions: each hook alone is well within the budget, a frame's 6,400 of them are not.
     * (Made 50 boxes a call: each call has its budget, and its 200 ms backstop under ASan on a
     * busy machine.) */
    grip_status st = run(lua, "function heavy(s) local n = 0 for i = 1, 50000 do n = n + i end return s.width / 2, -20 end\n");
    for (int part = 0; part < 8 && st == GRIP_OK; part++) {
        char chunk[512];
        snprintf(chunk, sizeof chunk,
                 "local e = grip.host\n"
                 "for i = %d, %d do\n"
                 "  local b = e:box{x = (i %% 20) * 50, y = (i // 20) * 50, width = 40, height = 40, editing = true}\n"
                 "  for h = 1, 16 do b:add_handle{name = 'h' .. h, position = heavy} end\n"
                 "end\n",
                 part * 50, part * 50 + 49);
        st = run(lua, chunk);
    }
    CHECK(st == GRIP_OK, "setup: %s", grip_lua_errmsg(lua));
    drain_host(e);
    double t0 = seconds();
    grip_frame f;
    st = grip_frame_get(e, &f);
    double dt = seconds() - t0;
    CHECK(st == GRIP_OK, "frame: %s", grip_engine_errmsg(e));
    CHECK(dt < 1.0, "one frame read ran its hooks for %.2f s (one budget of 10 million instructions is ~50 ms)", dt);
    grip_event ev;
    int errors = 0;
    char first[512] = ""; /* a message that names the limit */
    while (grip_event_poll(e, &ev) == GRIP_OK) {
        if (ev.kind != GRIP_EVENT_SCRIPT_ERROR) continue;
        errors++;
        if (strstr(grip_engine_errmsg(e), "limit exceeded") != NULL) snprintf(first, sizeof first, "%s", grip_engine_errmsg(e));
    }
    CHECK(errors > 0, "the frame's hooks ran out of their shared budget without a SCRIPT_ERROR");
    /* (On a machine busy with other work the wall-clock backstop can pass before the instructions
     * ran out: then the message names that limit, in milliseconds.) */
    CHECK(strstr(first, "instruction limit exceeded (10000000 instructions per call from the host)") != NULL ||
              strstr(first, "time limit exceeded (a call from the host may run its scripts for") != NULL,
          "no SCRIPT_ERROR says the limit was exceeded: '%s'", first);
    /* The hooks that failed are disabled: the next frame read is quick and the state still works. */
    t0 = seconds();
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.width = 30;
    d.height = 30;
    grip_box nb;
    CHECK(grip_box_create(e, &d, &nb) == GRIP_OK, "box");
    CHECK(grip_frame_get(e, &f) == GRIP_OK, "second frame");
    CHECK(seconds() - t0 < 1.0, "the second frame read took %.2f s", seconds() - t0);
    CHECK(run(lua, "assert(#grip.host:boxes() == 401)") == GRIP_OK, "exec after: %s", grip_lua_errmsg(lua));
    printf("  6,400 heavy hooks in one frame read: stopped after %.0f ms, %d SCRIPT_ERROR events\n", dt * 1000, errors);
    grip_lua_destroy(lua);
    grip_engine_destroy(e);
}

int main(int argc, char **argv) {
    static const struct {
        const char *name;
        void (*run)(void);
    } tests[] = {
        {"events", test_events_stay_the_scripts}, {"hook_events", test_hook_reads_events_during_host_drag}, {"frame", test_frame_survives_script}, {"destroyed", test_engine_destroyed_first}, {"state_destroyed", test_state_destroyed}, {"limits", test_limits_at_their_edges}, {"hooks", test_hooks_share_a_budget}};
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        if (argc > 1 && strcmp(argv[1], tests[i].name) != 0) continue; /* one test: its name */
        tests[i].run();
    }
    printf("test_host_calls: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
