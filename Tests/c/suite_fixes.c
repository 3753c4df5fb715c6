/* suite_fixes.c: 0.1 behaviour fixed in 0.2: the rotate handle's offset in screen units, times
 * beyond 1e9 s, ids that carry their engine, grip_engine_errmsg(NULL) after a failed create,
 * and no zero-length move when both fingers of a pinch lift together. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

/* The center of box's handle h in the frame; false when it is not drawn. */
static bool handle_at(grip_engine *e, grip_box box, grip_handle h, grip_vec2 *at) {
    grip_frame f;
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    for (size_t i = 0; i < f.command_count; i++) {
        const grip_command *c = &f.commands[i];
        if (c->kind == GRIP_CMD_HANDLE && c->box == box && c->handle == h) {
            *at = c->center;
            return true;
        }
    }
    return false;
}

static grip_vec2 screen_of(grip_engine *e, grip_vec2 w) {
    grip_vec2 s = {0, 0};
    CHECK_STATUS(grip_world_to_screen(e, w, &s), GRIP_OK);
    return s;
}

/* The rotate handle sits `offset` screen units beyond the top edge's midpoint, along the line
 * from the bottom edge's midpoint (the box's up direction on screen). The top is the one the
 * user sees: box space's bottom edge when the box is flipped along y. */
static void rotate_handle_is(grip_engine *e, grip_box b, double offset, int line) {
    grip_box_state s = state_of(e, b);
    grip_vec2 c[4];
    for (int i = 0; i < 4; i++) c[i] = screen_of(e, s.corners[i]);
    /* Box space's top edge is corners 0-1, its bottom edge corners 3-2. */
    double ax = (c[0].x + c[1].x) / 2, ay = (c[0].y + c[1].y) / 2;
    double bx = (c[3].x + c[2].x) / 2, by = (c[3].y + c[2].y) / 2;
    double topx = s.flipped_y ? bx : ax, topy = s.flipped_y ? by : ay;
    double upx = s.flipped_y ? bx - ax : ax - bx, upy = s.flipped_y ? by - ay : ay - by;
    double len = sqrt(upx * upx + upy * upy);
    grip_vec2 h = {0, 0};
    check_true(handle_at(e, b, GRIP_HANDLE_ROTATE, &h), "rotate handle drawn", __FILE__, line);
    check_near(h.x, topx + upx / len * offset, 1e-9, "rotate handle x", __FILE__, line);
    check_near(h.y, topy + upy / len * offset, 1e-9, "rotate handle y", __FILE__, line);
    /* A hit test there grabs it. */
    grip_vec2 w;
    CHECK_STATUS(grip_screen_to_world(e, h, &w), GRIP_OK);
    grip_hit hit;
    CHECK_STATUS(grip_hit_test(e, w.x, w.y, &hit), GRIP_OK);
    check_int((long long)hit.box, (long long)b, "hit box", __FILE__, line);
    check_int(hit.handle, GRIP_HANDLE_ROTATE, "hit handle", __FILE__, line);
}

static void rotate_handle_offset(void) {
    grip_engine *e = new_engine(800, 600);
    /* Plain: 24 above the top edge's midpoint, as in 0.1. */
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 200, 100, 0, 1, true);
    grip_vec2 h;
    CHECK(handle_at(e, a, GRIP_HANDLE_ROTATE, &h));
    CHECK(h.x == 200 && h.y == 76);
    rotate_handle_is(e, a, 24, __LINE__);
    /* A scaled, rotated box in a scaled parent, under a zoomed and turned view. */
    grip_box p = add_box(e, GRIP_NO_BOX, 300, 200, 300, 300, 0.3, 1.7, false);
    grip_box b = add_box(e, p, 50, 60, 120, 80, -0.8, 0.4, true);
    rotate_handle_is(e, b, 24, __LINE__);
    grip_affine v = {0.5 * cos(0.6), 0.5 * sin(0.6), -0.5 * sin(0.6), 0.5 * cos(0.6), 120, -40};
    CHECK_STATUS(grip_engine_set_view(e, &v), GRIP_OK);
    rotate_handle_is(e, b, 24, __LINE__);
    rotate_handle_is(e, a, 24, __LINE__);
    grip_affine z = {3, 0, 0, 3, -200, -100};
    CHECK_STATUS(grip_engine_set_view(e, &z), GRIP_OK);
    rotate_handle_is(e, a, 24, __LINE__);
    /* Flipped: the handle stays at the top the user sees. */
    grip_box_desc d;
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, b, &d), GRIP_OK);
    d.flipped_y = true;
    CHECK_STATUS(grip_box_configure(e, b, &d), GRIP_OK);
    rotate_handle_is(e, b, 24, __LINE__);
    grip_engine_destroy(e);

    /* rotate_handle_offset in the desc. */
    grip_engine_desc ed;
    grip_engine_desc_init(&ed);
    CHECK(ed.rotate_handle_offset == 24);
    ed.rotate_handle_offset = 40;
    CHECK_STATUS(grip_engine_create(&ed, &e), GRIP_OK);
    a = add_box(e, GRIP_NO_BOX, 100, 100, 200, 100, 0.5, 2, true);
    rotate_handle_is(e, a, 40, __LINE__);
    CHECK_STATUS(grip_engine_set_view(e, &v), GRIP_OK);
    rotate_handle_is(e, a, 40, __LINE__);
    grip_engine_destroy(e);
    ed.rotate_handle_offset = -1;
    CHECK_STATUS(grip_engine_create(&ed, &e), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(NULL), "grip_engine_desc.rotate_handle_offset") != NULL);
}

static void times(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box b = add_box(e, GRIP_NO_BOX, 100, 100, 200, 200, 0, 1, false);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 200, 200, 1.0), GRIP_OK);
    const double bad[] = {1e9 + 1, 1e300, -1.5e9, INFINITY, NAN};
    for (int i = 0; i < 5; i++) {
        CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 300, 200, bad[i]), GRIP_ERR_ARG);
        CHECK(strstr(grip_engine_errmsg(e), "time") != NULL);
        CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 2, 300, 200, bad[i]), GRIP_ERR_ARG);
        CHECK_STATUS(magnify(e, GRIP_PHASE_DOWN, 1.5, 200, 200, bad[i]), GRIP_ERR_ARG);
        CHECK_STATUS(grip_dispatch_timer(e, bad[i]), GRIP_ERR_ARG);
        CHECK(strstr(grip_engine_errmsg(e), "1e9") != NULL || strstr(grip_engine_errmsg(e), "finite") != NULL);
    }
    /* Nothing moved and the clock did not: an event at 1.1 s is still fine. */
    CHECK_NEAR(state_of(e, b).center.x, 200, EXACT);
    grip_frame f;
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK(f.time == 1.0);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 260, 200, 1.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 260, 200, 1e9), GRIP_OK);
    CHECK_NEAR(state_of(e, b).center.x, 260, EXACT);
    grip_engine_destroy(e);
}

static void foreign_ids(void) {
    grip_engine *e1 = new_engine(800, 600);
    grip_box a = add_box(e1, GRIP_NO_BOX, 100, 100, 100, 100, 0, 1, true);
    /* The only engine alive: the plain layout, generation 1 of slot 0. */
    CHECK(a == (grip_box)1 << 32);
    grip_engine *e2 = new_engine(800, 600);
    grip_box b = add_box(e2, GRIP_NO_BOX, 100, 100, 100, 100, 0, 1, true);
    CHECK(b != a);
    CHECK(b != GRIP_NO_BOX && b != GRIP_SELECTION);
    CHECK((uint32_t)b == (uint32_t)a); /* the same slot ... */
    grip_box_desc d;
    grip_box_desc_init(&d);
    grip_box_state s;
    /* ... and yet each engine refuses the other's id. */
    CHECK_STATUS(grip_box_describe(e2, a, &d), GRIP_ERR_NOT_FOUND);
    CHECK(strstr(grip_engine_errmsg(e2), "does not exist") != NULL);
    CHECK_STATUS(grip_box_state_get(e1, b, &s), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_set_editing(e2, a, false), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_reset(e2, a, false), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_order(e2, a, GRIP_ORDER_BACK), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_destroy(e2, a), GRIP_ERR_NOT_FOUND);
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_configure(e1, b, &d), GRIP_ERR_NOT_FOUND);
    d.parent = a;
    grip_box c;
    CHECK_STATUS(grip_box_create(e2, &d, &c), GRIP_ERR_NOT_FOUND);
    /* Both boxes are still there. */
    CHECK_STATUS(grip_box_state_get(e1, a, &s), GRIP_OK);
    CHECK(s.editing);
    CHECK_STATUS(grip_box_state_get(e2, b, &s), GRIP_OK);
    CHECK(s.editing);
    /* A new engine takes the lowest tag free: e2's once e2 is gone, so it hands out e2's ids. */
    grip_engine_destroy(e2);
    grip_engine *e3 = new_engine(800, 600);
    CHECK(add_box(e3, GRIP_NO_BOX, 0, 0, 10, 10, 0, 1, false) == b);
    CHECK_STATUS(grip_box_state_get(e3, a, &s), GRIP_ERR_NOT_FOUND);
    grip_engine_destroy(e3);
    grip_engine_destroy(e1);
    /* Alone again: the plain layout again. */
    e1 = new_engine(800, 600);
    CHECK(add_box(e1, GRIP_NO_BOX, 0, 0, 10, 10, 0, 1, false) == a);
    grip_engine_destroy(e1);
}

static void create_errors(void) {
    grip_engine_desc d;
    grip_engine *e = (grip_engine *)0x1;
    grip_engine_desc_init(&d);
    d.width = NAN;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    CHECK_STR(grip_engine_errmsg(NULL), "grip_engine_desc.width must be finite and > 0");
    CHECK(e == (grip_engine *)0x1);
    grip_engine_desc_init(&d);
    d.height = -5;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    CHECK_STR(grip_engine_errmsg(NULL), "grip_engine_desc.height must be finite and > 0");
    grip_engine_desc_init(&d);
    d.max_pointers = 65;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    CHECK(strncmp(grip_engine_errmsg(NULL), "grip_engine_desc.max_pointers", 29) == 0);
    grip_engine_desc_init(&d);
    d.selection = (grip_selection_mode)9;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    CHECK(strncmp(grip_engine_errmsg(NULL), "grip_engine_desc.selection", 26) == 0);
    grip_engine_desc_init(&d);
    d.marquee_rule = (grip_marquee_rule)2;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    CHECK(strncmp(grip_engine_errmsg(NULL), "grip_engine_desc.marquee_rule", 29) == 0);
    grip_engine_desc_init(&d);
    d.nudge_step = 0;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    CHECK(strncmp(grip_engine_errmsg(NULL), "grip_engine_desc.nudge_step", 27) == 0);
    grip_engine_desc_init(&d);
    d.struct_size = 12;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(NULL), "grip_engine_desc.struct_size is 12") != NULL);
    CHECK_STATUS(grip_engine_create(NULL, NULL), GRIP_ERR_ARG);
    CHECK_STR(grip_engine_errmsg(NULL), "out is NULL");
    /* A success clears it. */
    CHECK_STATUS(grip_engine_create(NULL, &e), GRIP_OK);
    CHECK(strstr(grip_engine_errmsg(NULL), "grip_engine_desc") == NULL);
    CHECK(strstr(grip_engine_errmsg(NULL), "out is NULL") == NULL);
    CHECK(grip_engine_errmsg(NULL)[0] != 0);
    CHECK_STR(grip_engine_errmsg(e), "");
    grip_engine_destroy(e);
}

/* The kinds (and gestures) of the events waiting, drained, into kinds; returns how many. */
static int events(grip_engine *e, int *kinds, int *gestures) {
    grip_event ev;
    int n = 0;
    while (grip_event_poll(e, &ev) == GRIP_OK && n < 16) {
        kinds[n] = ev.kind;
        gestures[n] = ev.gesture;
        n++;
    }
    return n;
}

static void pinch_lift(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box b = add_box(e, GRIP_NO_BOX, 200, 200, 200, 200, 0, 1, false);
    int k[16], g[16];
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 250, 300, 0.0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 2, 350, 300, 0.01), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 2, 370, 300, 0.02), GRIP_OK);
    drain_events(e);
    grip_box_state before = state_of(e, b);
    /* Both lift in the same frame. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 250, 300, 0.03), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 2, 370, 300, 0.03), GRIP_OK);
    int n = events(e, k, g);
    CHECK_INT(n, 2);
    CHECK(k[0] == GRIP_EVENT_GESTURE_ENDED && g[0] == GRIP_GESTURE_PINCH);
    CHECK(k[1] == GRIP_EVENT_COMMITTED && g[1] == GRIP_GESTURE_PINCH);
    grip_box_state after = state_of(e, b);
    CHECK(after.center.x == before.center.x && after.scale == before.scale && !after.gesture_active);

    /* One lifts, the other moves on: the move begins at that move, from where things are. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 250, 300, 1.0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 2, 350, 300, 1.01), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 2, 360, 300, 1.02), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 250, 300, 1.03), GRIP_OK);
    drain_events(e);
    before = state_of(e, b);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 2, 363, 304, 1.04), GRIP_OK);
    n = events(e, k, g);
    CHECK_INT(n, 2);
    CHECK(k[0] == GRIP_EVENT_GESTURE_BEGAN && g[0] == GRIP_GESTURE_MOVE);
    CHECK(k[1] == GRIP_EVENT_GESTURE_CHANGED);
    after = state_of(e, b);
    CHECK_NEAR(after.center.x - before.center.x, 3, EXACT);
    CHECK_NEAR(after.center.y - before.center.y, 4, EXACT);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 2, 363, 304, 1.05), GRIP_OK);
    n = events(e, k, g);
    CHECK(n == 2 && k[0] == GRIP_EVENT_GESTURE_ENDED && g[0] == GRIP_GESTURE_MOVE);
    CHECK(k[1] == GRIP_EVENT_COMMITTED && g[1] == GRIP_GESTURE_MOVE);
    grip_engine_destroy(e);
}

void suite_fixes(void) {
    rotate_handle_offset();
    times();
    foreign_ids();
    create_errors();
    pinch_lift();
}
