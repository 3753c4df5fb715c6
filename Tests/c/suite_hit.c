/* suite_hit.c: grip_hit_test: handles before bodies, nearest handle, the small-box rule,
 * innermost and topmost boxes, handle_hit_radius, rotated handles. */
#include <math.h>

#include "check.h"
#include "suites.h"
#include "util.h"

static void hit_is(grip_engine *e, double x, double y, grip_box box, grip_handle handle, int line) {
    grip_hit h;
    h.box = 0xBAD;
    h.handle = (grip_handle)77;
    check_status(grip_hit_test(e, x, y, &h), GRIP_OK, "grip_hit_test", __FILE__, line);
    check_int((long long)h.box, (long long)box, "hit.box", __FILE__, line);
    check_int(h.handle, handle, "hit.handle", __FILE__, line);
}
#define HIT_IS(x, y, box, handle) hit_is(e, x, y, box, handle, __LINE__)

static void handles_and_bodies(void) {
    grip_engine *e = new_engine(800, 600);
    /* Editing box: x 100..300, y 100..200. */
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 200, 100, 0, 1, true);
    /* A plain box created later, on top of a's top-left corner: x 80..120, y 80..120. */
    grip_box b = add_box(e, GRIP_NO_BOX, 80, 80, 40, 40, 0, 1, false);
    /* A small editing box: 40 x 40, so handles reach only 10 inside it. */
    grip_box s = add_box(e, GRIP_NO_BOX, 500, 400, 40, 40, 0, 1, true);
    grip_hit h;

    HIT_IS(100, 100, a, GRIP_HANDLE_TOP_LEFT); /* handle wins over b's body on top */
    HIT_IS(85, 85, a, GRIP_HANDLE_TOP_LEFT);
    HIT_IS(82, 118, b, GRIP_HANDLE_NONE);   /* 25.5 from the corner: b's body */
    HIT_IS(200, 76, a, GRIP_HANDLE_ROTATE); /* 24 above the top edge's midpoint */
    HIT_IS(200, 101, a, GRIP_HANDLE_TOP);
    HIT_IS(310, 150, a, GRIP_HANDLE_RIGHT);
    HIT_IS(298, 198, a, GRIP_HANDLE_BOTTOM_RIGHT);
    HIT_IS(200, 150, a, GRIP_HANDLE_NONE);
    HIT_IS(150, 150, a, GRIP_HANDLE_NONE);
    HIT_IS(700, 300, GRIP_NO_BOX, GRIP_HANDLE_NONE);

    HIT_IS(495, 395, s, GRIP_HANDLE_TOP_LEFT); /* outside: the full 22 */
    HIT_IS(505, 405, s, GRIP_HANDLE_TOP_LEFT); /* 7 inside: within a quarter of 40 */
    HIT_IS(515, 415, s, GRIP_HANDLE_NONE);     /* 21 inside: the body */
    HIT_IS(520, 420, s, GRIP_HANDLE_NONE);

    CHECK_STATUS(grip_hit_test(e, NAN, 0, &h), GRIP_ERR_ARG);
    CHECK_STATUS(grip_hit_test(e, 0, INFINITY, &h), GRIP_ERR_ARG);
    CHECK_STATUS(grip_hit_test(e, 0, 0, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_hit_test(NULL, 0, 0, &h), GRIP_ERR_ARG);

    /* Not editing: no handles. */
    CHECK_STATUS(grip_box_set_editing(e, a, false), GRIP_OK);
    HIT_IS(200, 76, GRIP_NO_BOX, GRIP_HANDLE_NONE);
    HIT_IS(100, 100, b, GRIP_HANDLE_NONE);
    grip_engine_destroy(e);
}

static void nesting_and_order(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box p = add_box(e, GRIP_NO_BOX, 400, 50, 300, 200, 0, 1, false);
    grip_box c = add_box(e, p, 50, 50, 100, 100, 0, 1, false); /* world 450..550, 100..200 */
    grip_box x = add_box(e, GRIP_NO_BOX, 20, 300, 100, 100, 0, 1, false);
    grip_box y = add_box(e, GRIP_NO_BOX, 70, 350, 100, 100, 0, 1, false);
    HIT_IS(500, 150, c, GRIP_HANDLE_NONE);
    HIT_IS(650, 220, p, GRIP_HANDLE_NONE);
    HIT_IS(100, 380, y, GRIP_HANDLE_NONE); /* later sibling on top */
    HIT_IS(40, 320, x, GRIP_HANDLE_NONE);
    grip_engine_destroy(e);
}

static void radius_and_rotation(void) {
    grip_engine_desc d;
    grip_engine *e = NULL;
    grip_box a, r;
    grip_engine_desc_init(&d);
    d.width = 800;
    d.height = 600;
    d.handle_hit_radius = 5;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    a = add_box(e, GRIP_NO_BOX, 100, 100, 200, 100, 0, 1, true);
    HIT_IS(95, 97, GRIP_NO_BOX, GRIP_HANDLE_NONE); /* 5.8 away: outside a radius of 5 */
    HIT_IS(97, 98, a, GRIP_HANDLE_TOP_LEFT);       /* 3.6 away */
    /* Quarter turn clockwise: centre (350, 325); box-space top-left lands at (375, 275). */
    r = add_box(e, GRIP_NO_BOX, 300, 300, 100, 50, PI / 2, 1, true);
    HIT_IS(375, 275, r, GRIP_HANDLE_TOP_LEFT);
    HIT_IS(399, 325, r, GRIP_HANDLE_ROTATE);
    HIT_IS(350, 375, r, GRIP_HANDLE_RIGHT);
    HIT_IS(325, 275, r, GRIP_HANDLE_BOTTOM_LEFT);
    grip_engine_destroy(e);
}

void suite_hit(void) {
    handles_and_bodies();
    nesting_and_order();
    radius_and_rotation();
}
