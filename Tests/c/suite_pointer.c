/* suite_pointer.c: grip_dispatch_pointer and the move gesture, grip_event_poll. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

/* A plain (not editing) box with user_data. */
static grip_box add_tagged(grip_engine *e, double x, double y, double w, double h, uint64_t tag) {
    grip_box_desc d;
    grip_box b = GRIP_NO_BOX;
    grip_box_desc_init(&d);
    d.x = x;
    d.y = y;
    d.width = w;
    d.height = h;
    d.user_data = tag;
    CHECK_STATUS(grip_box_create(e, &d, &b), GRIP_OK);
    return b;
}

static void move_gesture(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box a = add_tagged(e, 100, 100, 200, 100, 77); /* centre (200, 150) */
    grip_event ev, untouched;
    bool consumed = false;
    int n = 0, began = 0, changed = 0, ended = 0, committed = 0, order_ok = 1;
    grip_vec2 ended_at = {0, 0};
    double last_time = -1;

    CHECK_STATUS(grip_event_poll(e, &ev), GRIP_DONE);
    CHECK_STATUS(grip_event_poll(e, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_event_poll(NULL, &ev), GRIP_ERR_ARG);

    CHECK_STATUS(pointer_consumed(e, GRIP_PHASE_DOWN, 1, 150, 130, 0, &consumed), GRIP_OK);
    CHECK(consumed);
    /* Inside the touch slop (10): nothing moves, no gesture yet. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 155, 130, 0.05), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 159, 130, 0.06), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 200, EXACT);
    CHECK(!state_of(e, a).gesture_active);
    memset(&untouched, 0x5A, sizeof untouched);
    ev = untouched;
    CHECK_STATUS(grip_event_poll(e, &ev), GRIP_DONE);
    CHECK(memcmp(&ev, &untouched, sizeof ev) == 0);
    /* Past the slop the box follows fully: the grabbed point stays under the pointer. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 170, 130, 0.1), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 220, EXACT);
    CHECK_NEAR(state_of(e, a).center.y, 150, EXACT);
    CHECK(state_of(e, a).gesture_active);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 250, 180, 0.2), GRIP_OK);
    CHECK_STATUS(pointer_consumed(e, GRIP_PHASE_UP, 1, 250, 180, 0.3, &consumed), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 300, EXACT);
    CHECK_NEAR(state_of(e, a).center.y, 200, EXACT);
    CHECK(!state_of(e, a).gesture_active);

    /* BEGAN, CHANGED..., ENDED, each with the box, its user_data and the pointer, then one
     * COMMITTED (the undo step) with the box and the gesture, at the release's time. */
    while (grip_event_poll(e, &ev) == GRIP_OK && n < 100) {
        n++;
        CHECK(ev.box == a);
        CHECK(ev.user_data == 77);
        CHECK_INT(ev.gesture, GRIP_GESTURE_MOVE);
        CHECK_INT(ev.pointer, ev.kind == GRIP_EVENT_COMMITTED ? 0 : 1); /* a step has no pointer */
        CHECK(ev.time >= last_time);
        last_time = ev.time;
        if (ev.kind == GRIP_EVENT_GESTURE_BEGAN) {
            order_ok &= began == 0 && changed == 0 && ended == 0;
            began++;
        } else if (ev.kind == GRIP_EVENT_GESTURE_CHANGED) {
            order_ok &= began == 1 && ended == 0;
            changed++;
        } else if (ev.kind == GRIP_EVENT_GESTURE_ENDED) {
            order_ok &= began == 1 && ended == 0;
            ended++;
            ended_at = ev.position;
        } else if (ev.kind == GRIP_EVENT_COMMITTED) {
            order_ok &= ended == 1 && committed == 0;
            committed++;
        } else {
            order_ok = 0;
        }
    }
    CHECK(order_ok);
    CHECK_INT(began, 1);
    CHECK(changed >= 1);
    CHECK_INT(ended, 1);
    CHECK_INT(committed, 1);
    CHECK_NEAR(last_time, 0.3, 0);
    CHECK_NEAR(ended_at.x, 250, EXACT);
    CHECK_NEAR(ended_at.y, 180, EXACT);
    grip_engine_destroy(e);
}

static void misuse(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box a = add_tagged(e, 100, 100, 200, 100, 1); /* centre (200, 150) */
    grip_pointer_event ev;
    grip_event out;

    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 5, 10, 10, 0), GRIP_ERR_STATE);
    CHECK(grip_engine_errmsg(e)[0] != '\0');
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 200, 150, 1), GRIP_OK);
    CHECK_STR(grip_engine_errmsg(e), "");
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 230, 150, 1.1), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 230, EXACT);
    drain_events(e);

    /* Time going backwards: refused, nothing changed, no event. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 300, 150, 1.05), GRIP_ERR_STATE);
    CHECK(grip_engine_errmsg(e)[0] != '\0');
    CHECK_NEAR(state_of(e, a).center.x, 230, EXACT);
    CHECK_STATUS(grip_event_poll(e, &out), GRIP_DONE);
    CHECK_STATUS(grip_dispatch_timer(e, 1.0), GRIP_ERR_STATE);

    /* Bad arguments. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, NAN, 150, 1.2), GRIP_ERR_ARG);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 250, INFINITY, 1.2), GRIP_ERR_ARG);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 250, 150, NAN), GRIP_ERR_ARG);
    CHECK_STATUS(pointer(e, (grip_phase)9, 1, 250, 150, 1.2), GRIP_ERR_ARG);
    CHECK_STATUS(grip_dispatch_pointer(e, NULL, NULL), GRIP_ERR_ARG);
    memset(&ev, 0, sizeof ev);
    ev.time = 2;
    CHECK_STATUS(grip_dispatch_pointer(NULL, &ev, NULL), GRIP_ERR_ARG);
    CHECK_NEAR(state_of(e, a).center.x, 230, EXACT);
    CHECK_STATUS(grip_event_poll(e, &out), GRIP_DONE);

    /* The gesture goes on after the refused events. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 240, 160, 1.2), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 240, 160, 1.3), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 240, EXACT);
    CHECK_NEAR(state_of(e, a).center.y, 160, EXACT);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 240, 160, 1.4), GRIP_ERR_STATE);
    grip_engine_destroy(e);
}

/* The grabbed point of a box nested in a rotated, scaled parent stays under the pointer. */
static void nested_move(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box p = add_box(e, GRIP_NO_BOX, 300, 200, 200, 100, PI / 6, 2, false);
    grip_box c = add_box(e, p, 20, 10, 60, 40, 0.5, 1.5, false);
    grip_box_state ps = state_of(e, p), cs = state_of(e, c);
    grip_vec2 g = aff_apply(cs.world, 10, 10), now;
    grip_hit hit;

    CHECK_STATUS(grip_hit_test(e, g.x, g.y, &hit), GRIP_OK);
    CHECK(hit.box == c);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, g.x, g.y, 0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, g.x + 15, g.y, 0.1), GRIP_OK);
    now = aff_apply(state_of(e, c).world, 10, 10);
    CHECK_NEAR(now.x, g.x + 15, EXACT);
    CHECK_NEAR(now.y, g.y, EXACT);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 450, 300, 0.2), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 450, 300, 0.3), GRIP_OK);
    cs = state_of(e, c);
    now = aff_apply(cs.world, 10, 10);
    CHECK_NEAR(now.x, 450, EXACT);
    CHECK_NEAR(now.y, 300, EXACT);
    /* Only the child's centre changed; in the parent's space it moved by the world delta
     * rotated back by 30 degrees and divided by 2. */
    CHECK_NEAR(cs.rotation, 0.5, EXACT);
    CHECK_NEAR(cs.scale, 1.5, EXACT);
    {
        double dx = 450 - g.x, dy = 300 - g.y;
        double lx = (dx * cos(PI / 6) + dy * sin(PI / 6)) / 2;
        double ly = (-dx * sin(PI / 6) + dy * cos(PI / 6)) / 2;
        CHECK_NEAR(cs.center.x, 50 + lx, EXACT);
        CHECK_NEAR(cs.center.y, 30 + ly, EXACT);
    }
    CHECK_NEAR(state_of(e, p).center.x, ps.center.x, 0);
    CHECK_NEAR(state_of(e, p).rotation, ps.rotation, 0);
    grip_engine_destroy(e);
}

static void cancel_and_consumed(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box a = add_tagged(e, 100, 100, 200, 100, 5);
    grip_event ev;
    bool consumed = true;
    int cancelled = 0, ended = 0;

    CHECK_STATUS(pointer_consumed(e, GRIP_PHASE_DOWN, 2, 600, 500, 0, &consumed), GRIP_OK);
    CHECK(!consumed); /* empty space */
    CHECK_STATUS(pointer_consumed(e, GRIP_PHASE_UP, 2, 600, 500, 0.1, &consumed), GRIP_OK);
    CHECK(!consumed);
    CHECK_STATUS(pointer_consumed(e, GRIP_PHASE_DOWN, 1, 150, 150, 0.2, &consumed), GRIP_OK);
    CHECK(consumed);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 200, 190, 0.3), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 250, EXACT);
    CHECK_STATUS(pointer(e, GRIP_PHASE_CANCEL, 1, 200, 190, 0.4), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 200, EXACT);
    CHECK_NEAR(state_of(e, a).center.y, 150, EXACT);
    CHECK(!state_of(e, a).gesture_active);
    while (grip_event_poll(e, &ev) == GRIP_OK) {
        cancelled += ev.kind == GRIP_EVENT_GESTURE_CANCELLED;
        ended += ev.kind == GRIP_EVENT_GESTURE_ENDED;
        if (ev.kind == GRIP_EVENT_GESTURE_CANCELLED) CHECK(ev.box == a && ev.user_data == 5);
    }
    CHECK_INT(cancelled, 1);
    CHECK_INT(ended, 0);

    /* Destroying a box mid-gesture ends the gesture as cancelled. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 150, 1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 180, 150, 1.1), GRIP_OK);
    drain_events(e);
    CHECK_STATUS(grip_box_destroy(e, a), GRIP_OK);
    CHECK_STATUS(grip_event_poll(e, &ev), GRIP_OK);
    CHECK_INT(ev.kind, GRIP_EVENT_GESTURE_CANCELLED);
    CHECK(ev.box == a);
    grip_engine_destroy(e);
}

static void pointer_limit(void) {
    grip_engine_desc d;
    grip_engine *e = NULL;
    grip_box b3;
    grip_engine_desc_init(&d);
    d.max_pointers = 2;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    add_tagged(e, 0, 0, 100, 100, 1);
    add_tagged(e, 200, 0, 100, 100, 2);
    b3 = add_tagged(e, 400, 0, 100, 100, 3);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 50, 50, 0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 2, 250, 50, 0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 3, 450, 50, 0), GRIP_ERR_LIMIT);
    CHECK(grip_engine_errmsg(e)[0] != '\0');
    /* The refused pointer is unknown: moving it does not move b3. */
    pointer(e, GRIP_PHASE_MOVE, 3, 480, 80, 0.1);
    CHECK_NEAR(state_of(e, b3).center.x, 450, EXACT);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 50, 50, 0.2), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 3, 450, 50, 0.3), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 3, 480, 80, 0.4), GRIP_OK);
    CHECK_NEAR(state_of(e, b3).center.x, 480, EXACT);
    grip_engine_destroy(e);
}

/* Dragging the bottom-right handle of an editing box: the top-left corner stays. */
static void resize_corner(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box b = add_box(e, GRIP_NO_BOX, 100, 100, 200, 100, 0, 1, true);
    grip_box_state s;
    grip_event ev;
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 300, 200, 0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 320, 215, 0.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 340, 230, 0.2), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 340, 230, 0.3), GRIP_OK);
    s = state_of(e, b);
    CHECK_NEAR(s.width, 240, EXACT);
    CHECK_NEAR(s.height, 130, EXACT);
    CHECK_NEAR(s.corners[0].x, 100, EXACT);
    CHECK_NEAR(s.corners[0].y, 100, EXACT);
    CHECK_NEAR(s.center.x, 220, EXACT);
    CHECK_NEAR(s.center.y, 165, EXACT);
    CHECK_STATUS(grip_event_poll(e, &ev), GRIP_OK);
    CHECK_INT(ev.kind, GRIP_EVENT_GESTURE_BEGAN);
    CHECK_INT(ev.gesture, GRIP_GESTURE_RESIZE);
    CHECK_INT(ev.handle, GRIP_HANDLE_BOTTOM_RIGHT);
    grip_engine_destroy(e);
}

void suite_pointer(void) {
    move_gesture();
    misuse();
    nested_move();
    cancel_and_consumed();
    pointer_limit();
    resize_corner();
}
