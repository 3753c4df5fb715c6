/* suite_manipulation.c: resize, rotate, pinch and containment through the C ABI, checked against
 * independent maths: the opposite corner stays fixed in world space, flips, minimum sizes, both
 * pinch fingers stay on their box points, snapping, containment. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

static grip_box box_with(grip_engine *e, grip_box parent, double x, double y, double w, double h,
                         double rotation, double scale, uint32_t allow, bool flip) {
    grip_box_desc d;
    grip_box b = GRIP_NO_BOX;
    grip_box_desc_init(&d);
    d.parent = parent;
    d.x = x;
    d.y = y;
    d.width = w;
    d.height = h;
    d.rotation = rotation;
    d.scale = scale;
    d.editing = true;
    d.allow = allow;
    d.allow_flip = flip;
    CHECK_STATUS(grip_box_create(e, &d, &b), GRIP_OK);
    return b;
}

static double dist(grip_vec2 a, grip_vec2 b) { return hypot(a.x - b.x, a.y - b.y); }

/* Bottom-right handle of a child in a rotated, scaled parent: the top-left corner stays put in
 * the world while the bottom-right follows the pointer exactly (it was grabbed on the corner). */
static void corner_resize_in_rotated_parent(void) {
    grip_engine *e = new_engine(2000, 2000);
    grip_box parent = box_with(e, GRIP_NO_BOX, 500, 500, 600, 400, 0.4, 1.5, GRIP_ALLOW_ALL, true);
    grip_box child = box_with(e, parent, 100, 80, 200, 120, -0.3, 1.2, GRIP_ALLOW_ALL, true);
    grip_box_state s0 = state_of(e, child), s1;
    grip_vec2 grab = s0.corners[2], target;
    CHECK_STATUS(grip_box_set_editing(e, parent, false), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, grab.x, grab.y, 0), GRIP_OK);
    target.x = grab.x + 37;
    target.y = grab.y + 21;
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, target.x, target.y, 0.1), GRIP_OK);
    s1 = state_of(e, child);
    CHECK(dist(s1.corners[0], s0.corners[0]) < 1e-9);
    CHECK(dist(s1.corners[2], target) < 1e-9);
    CHECK_NEAR(s1.rotation, s0.rotation, 1e-12);
    CHECK_NEAR(s1.scale, s0.scale, 1e-12);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, target.x, target.y, 0.2), GRIP_OK);
    grip_engine_destroy(e);
}

/* Right edge dragged past the left edge: the box flips, the left edge stays, width follows. */
static void flip_and_minimum(void) {
    grip_engine *e = new_engine(2000, 2000);
    grip_box b = box_with(e, GRIP_NO_BOX, 300, 300, 200, 100, 0, 1, GRIP_ALLOW_ALL, true);
    grip_box c = box_with(e, GRIP_NO_BOX, 900, 300, 200, 100, 0, 1, GRIP_ALLOW_ALL, false);
    grip_box_state s;
    grip_frame f;
    int i, active = 0;
    /* b's right handle at (500, 350); drag to x = 250: 50 past the left edge at 300. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 500, 350, 0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 250, 352, 0.1), GRIP_OK);
    s = state_of(e, b);
    CHECK(s.flipped_x);
    CHECK(!s.flipped_y);
    CHECK_NEAR(s.width, 50, 1e-9);
    CHECK_NEAR(s.height, 100, 1e-9);
    CHECK_NEAR(s.center.x, 275, 1e-9);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    for (i = 0; i < (int)f.command_count; i++)
        if (f.commands[i].kind == GRIP_CMD_HANDLE && (f.commands[i].state & GRIP_STATE_ACTIVE)) {
            active = f.commands[i].handle;
            CHECK_NEAR(f.commands[i].center.x, 250, 1e-9); /* the mirrored handle sits under the pointer */
        }
    CHECK_INT(active, GRIP_HANDLE_LEFT);
    /* Just past the edge the minimum width holds (mirrored). */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 297, 352, 0.2), GRIP_OK);
    s = state_of(e, b);
    CHECK_NEAR(s.width, 10, 1e-9);
    CHECK(s.flipped_x);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 297, 352, 0.3), GRIP_OK);
    /* c does not flip: it clamps at min_width with its left edge fixed. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 2, 1100, 350, 1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 2, 700, 350, 1.1), GRIP_OK);
    s = state_of(e, c);
    CHECK(!s.flipped_x);
    CHECK_NEAR(s.width, 10, 1e-9);
    CHECK_NEAR(s.center.x, 905, 1e-9);
    grip_engine_destroy(e);
}

/* Uniform mode keeps the start's aspect ratio; shift turns freeform into uniform; alt resizes
 * about the centre. */
static void uniform_shift_alt(void) {
    grip_engine *e = new_engine(2000, 2000);
    grip_box b = box_with(e, GRIP_NO_BOX, 100, 100, 200, 100, 0, 1, GRIP_ALLOW_ALL, true);
    grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, 300, 200, 0, GRIP_MOD_SHIFT};
    grip_box_state s;
    CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    ev.phase = GRIP_PHASE_MOVE;
    ev.x = 400;
    ev.y = 210;
    ev.time = 0.1;
    CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    s = state_of(e, b);
    CHECK_NEAR(s.width / s.height, 2, 1e-12);
    CHECK_NEAR(s.corners[0].x, 100, 1e-9);
    CHECK_NEAR(s.corners[0].y, 100, 1e-9);
    ev.modifiers = GRIP_MOD_ALT;
    ev.x = 350;
    ev.y = 230;
    ev.time = 0.2; /* freeform, about the centre */
    CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    s = state_of(e, b);
    CHECK_NEAR(s.center.x, 200, 1e-9);
    CHECK_NEAR(s.center.y, 150, 1e-9);
    CHECK_NEAR(s.width, 300, 1e-9);
    CHECK_NEAR(s.height, 160, 1e-9);
    grip_engine_destroy(e);
}

/* Two fingers: pan + scale + rotate about their centroid keeps both on their box points. */
static void pinch_keeps_fingers(void) {
    grip_engine *e = new_engine(2000, 2000);
    grip_box parent = box_with(e, GRIP_NO_BOX, 400, 400, 800, 800, 0.25, 1.1, GRIP_ALLOW_ALL, true);
    grip_box b = box_with(e, parent, 200, 200, 300, 200, 0.1, 1, GRIP_ALLOW_ALL, true);
    grip_box_state s0, s1;
    grip_vec2 a0, b0, a1 = {0, 0}, b1 = {0, 0}, la, lb, pa, pb;
    CHECK_STATUS(grip_box_set_editing(e, parent, false), GRIP_OK);
    CHECK_STATUS(grip_box_set_editing(e, b, false), GRIP_OK);
    s0 = state_of(e, b);
    a0 = aff_apply(s0.world, 100, 80);
    b0 = aff_apply(s0.world, 220, 140);
    la = aff_apply(aff_invert(s0.world), a0.x, a0.y);
    lb = aff_apply(aff_invert(s0.world), b0.x, b0.y);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, a0.x, a0.y, 0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 2, b0.x, b0.y, 0.01), GRIP_OK);
    a1.x = a0.x - 20;
    a1.y = a0.y + 10;
    b1.x = b0.x + 60;
    b1.y = b0.y + 45;
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, a1.x, a1.y, 0.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 2, b1.x, b1.y, 0.1), GRIP_OK);
    s1 = state_of(e, b);
    pa = aff_apply(s1.world, la.x, la.y);
    pb = aff_apply(s1.world, lb.x, lb.y);
    CHECK(dist(pa, a1) < 1e-9);
    CHECK(dist(pb, b1) < 1e-9);
    CHECK(s1.scale > s0.scale);
    CHECK_NEAR(s1.width, s0.width, 1e-12); /* a pinch scales, it does not resize */
    grip_engine_destroy(e);
}

/* The rotate handle snaps to 15-degree multiples within the tolerance. */
static void rotate_snaps(void) {
    grip_engine *e = new_engine(2000, 2000);
    grip_box_desc d;
    grip_box b;
    grip_box_state s;
    grip_frame f;
    double a;
    grip_box_desc_init(&d);
    d.x = 400;
    d.y = 400;
    d.width = 200;
    d.height = 100;
    d.editing = true;
    d.rotation_snap = PI / 12;
    d.snap_tolerance = 0.05;
    CHECK_STATUS(grip_box_create(e, &d, &b), GRIP_OK);
    /* Rotate handle: 24 above the top middle, (500, 376); centre (500, 450). */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 500, 376, 0), GRIP_OK);
    a = PI / 12 + 0.03; /* within the tolerance of 15 degrees */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 500 + 74 * sin(a), 450 - 74 * cos(a), 0.1), GRIP_OK);
    s = state_of(e, b);
    CHECK_NEAR(s.rotation, PI / 12, 1e-12);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK_INT(count_commands(&f, GRIP_CMD_GUIDE), 1); /* the snapped axis is shown */
    a = PI / 12 + 0.1;                                /* outside it: follows the pointer */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 500 + 74 * sin(a), 450 - 74 * cos(a), 0.2), GRIP_OK);
    s = state_of(e, b);
    CHECK_NEAR(s.rotation, a, 1e-9);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK_INT(count_commands(&f, GRIP_CMD_GUIDE), 0);
    grip_engine_destroy(e);
}

/* Containment: moving stops at the edge and remembers the overshoot; a pinch step that would
 * leave is refused as a whole. */
static void containment(void) {
    grip_engine *e = new_engine(1000, 1000);
    grip_box_desc d;
    grip_box b;
    grip_box_state s;
    grip_box_desc_init(&d);
    d.x = 100;
    d.y = 100;
    d.width = 100;
    d.height = 100;
    d.contain = true;
    d.inset_left = 20;
    CHECK_STATUS(grip_box_create(e, &d, &b), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 150, 0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 20, 150, 0.1), GRIP_OK); /* 130 left: stops at 20 */
    s = state_of(e, b);
    CHECK_NEAR(s.corners[0].x, 20, 1e-9);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 60, 150, 0.2), GRIP_OK); /* back 40: still pushed */
    s = state_of(e, b);
    CHECK_NEAR(s.corners[0].x, 20, 1e-9);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 100, 150, 0.3), GRIP_OK); /* back past the grab */
    s = state_of(e, b);
    CHECK_NEAR(s.corners[0].x, 50, 1e-9);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 100, 150, 0.4), GRIP_OK);
    /* Pinch outward until the box would pass x = 20: that step is refused. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 80, 150, 1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 2, 120, 150, 1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 2, 130, 150, 1.1), GRIP_OK); /* x 1.25 about x = 105: fits */
    s = state_of(e, b);
    CHECK_NEAR(s.scale, 1.25, 1e-12);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 2, 200, 150, 1.2), GRIP_OK); /* x 3: would leave */
    s = state_of(e, b);
    CHECK_NEAR(s.scale, 1.25, 1e-12);
    grip_engine_destroy(e);
}

void suite_manipulation(void) {
    corner_resize_in_rotated_parent();
    flip_and_minimum();
    uniform_shift_alt();
    pinch_keeps_fingers();
    rotate_snaps();
    containment();
}
