/* suite_magnify.c: grip_dispatch_magnify: scaling about the focal point, preview and commit
 * limits, cancel, misuse. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

static void about_focal_point(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 200, 100, 0, 1, false); /* centre (200, 150) */
    grip_box_state s;
    grip_vec2 p;
    grip_event ev;
    bool consumed = false;
    int began = 0, changed = 0, ended = 0;

    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_MOVE, 2, 250, 150, 0, NULL), GRIP_ERR_STATE);
    CHECK(grip_engine_errmsg(e)[0] != '\0');
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_UP, 2, 250, 150, 0, NULL), GRIP_ERR_STATE);
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_DOWN, 0, 250, 150, 0, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_DOWN, -1, 250, 150, 0, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_DOWN, NAN, 250, 150, 0, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_DOWN, 1, NAN, 150, 0, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(magnify_consumed(e, (grip_phase)7, 1, 250, 150, 0, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_dispatch_magnify(e, NULL, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(magnify_consumed(NULL, GRIP_PHASE_DOWN, 1, 250, 150, 0, NULL), GRIP_ERR_ARG);
    CHECK_NEAR(state_of(e, a).scale, 1, 0);

    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_DOWN, 1, 250, 150, 0, &consumed), GRIP_OK);
    CHECK(consumed);
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_MOVE, 0, 250, 150, 0.05, NULL), GRIP_ERR_ARG);
    /* Factor 2 about (250, 150): the box point under the focal point stays there. */
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_MOVE, 2, 250, 150, 0.1, NULL), GRIP_OK);
    s = state_of(e, a);
    CHECK_NEAR(s.scale, 2, EXACT);
    CHECK_NEAR(s.center.x, 150, EXACT);
    CHECK_NEAR(s.center.y, 150, EXACT);
    p = aff_apply(s.world, 150, 50);
    CHECK_NEAR(p.x, 250, EXACT);
    CHECK_NEAR(p.y, 150, EXACT);
    /* The preview is clamped to 5x the scale at began. */
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_MOVE, 8, 250, 150, 0.2, NULL), GRIP_OK);
    s = state_of(e, a);
    CHECK_NEAR(s.scale, 5, EXACT);
    CHECK_NEAR(s.center.x, 0, EXACT);
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_MOVE, 1.5, 250, 150, 0.3, NULL), GRIP_OK);
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_UP, 1.5, 250, 150, 0.4, NULL), GRIP_OK);
    s = state_of(e, a);
    CHECK_NEAR(s.scale, 1.5, EXACT);
    CHECK_NEAR(s.center.x, 175, EXACT);
    CHECK_NEAR(s.center.y, 150, EXACT);
    CHECK_NEAR(s.width, 200, EXACT);
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_MOVE, 2, 250, 150, 0.5, NULL), GRIP_ERR_STATE);

    while (grip_event_poll(e, &ev) == GRIP_OK) {
        CHECK_INT(ev.gesture, GRIP_GESTURE_MAGNIFY);
        CHECK(ev.box == a);
        began += ev.kind == GRIP_EVENT_GESTURE_BEGAN;
        changed += ev.kind == GRIP_EVENT_GESTURE_CHANGED;
        ended += ev.kind == GRIP_EVENT_GESTURE_ENDED;
    }
    CHECK_INT(began, 1);
    CHECK(changed >= 3);
    CHECK_INT(ended, 1);

    /* Over empty space: not consumed. */
    consumed = true;
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_DOWN, 1, 700, 500, 1, &consumed), GRIP_OK);
    CHECK(!consumed);
    grip_engine_destroy(e);
}

static void commit_limit_and_cancel(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box_desc d;
    grip_box a = GRIP_NO_BOX;
    grip_box_state s;
    grip_event ev;
    int cancelled = 0;

    grip_box_desc_init(&d);
    d.x = 100;
    d.y = 100;
    d.width = 200;
    d.height = 100;
    d.max_scale = 3;
    CHECK_STATUS(grip_box_create(e, &d, &a), GRIP_OK);
    /* Preview 4, committed at max_scale 3. */
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_DOWN, 1, 200, 150, 0, NULL), GRIP_OK);
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_MOVE, 4, 200, 150, 0.1, NULL), GRIP_OK);
    CHECK_NEAR(state_of(e, a).scale, 4, EXACT);
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_UP, 4, 200, 150, 0.2, NULL), GRIP_OK);
    s = state_of(e, a);
    CHECK_NEAR(s.scale, 3, EXACT);
    CHECK_NEAR(s.center.x, 200, EXACT);
    drain_events(e);

    /* Cancel restores the scale at began. */
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_DOWN, 1, 250, 150, 1, NULL), GRIP_OK);
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_MOVE, 0.5, 250, 150, 1.1, NULL), GRIP_OK);
    CHECK_NEAR(state_of(e, a).scale, 1.5, EXACT);
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_CANCEL, 0.5, 250, 150, 1.2, NULL), GRIP_OK);
    s = state_of(e, a);
    CHECK_NEAR(s.scale, 3, EXACT);
    CHECK_NEAR(s.center.x, 200, EXACT);
    CHECK_NEAR(s.center.y, 150, EXACT);
    while (grip_event_poll(e, &ev) == GRIP_OK) cancelled += ev.kind == GRIP_EVENT_GESTURE_CANCELLED;
    CHECK_INT(cancelled, 1);
    /* Time going backwards. */
    CHECK_STATUS(magnify_consumed(e, GRIP_PHASE_DOWN, 1, 250, 150, 1.0, NULL), GRIP_ERR_STATE);
    grip_engine_destroy(e);
}

void suite_magnify(void) {
    about_focal_point();
    commit_limit_and_cancel();
}
