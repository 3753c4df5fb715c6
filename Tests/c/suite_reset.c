/* suite_reset.c: grip_box_reset: DONE at home, STATE mid-gesture, the animated reset over
 * 0.2 s of timer time with GRIP_EVENT_RESET, and "home" following configure. */
#include <math.h>

#include "check.h"
#include "suites.h"
#include "util.h"

static void drag(grip_engine *e, double x0, double y0, double x1, double y1, double t) {
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, x0, y0, t), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, x1, y1, t + 0.05), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, x1, y1, t + 0.1), GRIP_OK);
}

static int count_resets(grip_engine *e, grip_box box) {
    grip_event ev;
    int n = 0;
    while (grip_event_poll(e, &ev) == GRIP_OK)
        if (ev.kind == GRIP_EVENT_RESET) n += ev.box == box ? 1 : 100;
    return n;
}

void suite_reset(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 200, 100, 0, 1, false); /* centre (200, 150) */
    grip_box_desc d;
    grip_box_state s;

    CHECK_STATUS(grip_box_reset(e, a, false), GRIP_DONE);
    CHECK_STATUS(grip_box_reset(e, a, true), GRIP_DONE);
    CHECK_STATUS(grip_box_reset(NULL, a, true), GRIP_ERR_ARG);
    CHECK_STATUS(grip_box_reset(e, GRIP_NO_BOX, true), GRIP_ERR_NOT_FOUND);

    /* Mid-gesture: refused. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 150, 0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 250, 200, 0.1), GRIP_OK);
    CHECK_STATUS(grip_box_reset(e, a, true), GRIP_ERR_STATE);
    CHECK(grip_engine_errmsg(e)[0] != '\0');
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 250, 200, 0.2), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 300, EXACT);
    CHECK_NEAR(state_of(e, a).center.y, 200, EXACT);
    count_resets(e, a);

    /* Animated: starts at the last dispatched time, arrives 0.2 s later. */
    CHECK_STATUS(grip_dispatch_timer(e, 1.0), GRIP_OK);
    CHECK_STATUS(grip_box_reset(e, a, true), GRIP_OK);
    CHECK_STR(grip_engine_errmsg(e), "");
    CHECK_STATUS(grip_dispatch_timer(e, 1.1), GRIP_OK);
    s = state_of(e, a);
    CHECK(s.center.x > 200 + 1e-6 && s.center.x < 300 - 1e-6);
    CHECK(s.center.y > 150 + 1e-6 && s.center.y < 200 - 1e-6);
    CHECK_INT(count_resets(e, a), 0);
    CHECK_STATUS(grip_dispatch_timer(e, 1.2), GRIP_OK);
    s = state_of(e, a);
    CHECK_NEAR(s.center.x, 200, EXACT);
    CHECK_NEAR(s.center.y, 150, EXACT);
    CHECK_NEAR(s.width, 200, EXACT);
    CHECK_NEAR(s.scale, 1, EXACT);
    CHECK_NEAR(s.rotation, 0, EXACT);
    CHECK_INT(count_resets(e, a), 1);
    CHECK_STATUS(grip_dispatch_timer(e, 1.5), GRIP_OK);
    CHECK_INT(count_resets(e, a), 0);
    CHECK_STATUS(grip_box_reset(e, a, true), GRIP_DONE);

    /* Immediate. */
    drag(e, 200, 150, 260, 170, 2);
    CHECK_NEAR(state_of(e, a).center.x, 260, EXACT);
    CHECK_STATUS(grip_box_reset(e, a, false), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 200, EXACT);
    CHECK_NEAR(state_of(e, a).center.y, 150, EXACT);

    /* configure moves home. */
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, a, &d), GRIP_OK);
    d.x = 400;
    CHECK_STATUS(grip_box_configure(e, a, &d), GRIP_OK);
    CHECK_STATUS(grip_box_reset(e, a, false), GRIP_DONE);
    drag(e, 500, 150, 450, 250, 3);
    CHECK_STATUS(grip_box_reset(e, a, false), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 500, EXACT);
    CHECK_NEAR(state_of(e, a).center.y, 150, EXACT);
    grip_engine_destroy(e);
}
