/* suite_state.c: grip_box_state_get for nested, rotated, scaled and flipped boxes, checked
 * against numbers computed here from the geometry model's formula (docs/specification.md,
 * Geometry model). */
#include <math.h>

#include "check.h"
#include "suites.h"
#include "util.h"

static void check_affine(grip_affine got, grip_affine want, int line) {
    check_near(got.a, want.a, EXACT, "a", __FILE__, line);
    check_near(got.b, want.b, EXACT, "b", __FILE__, line);
    check_near(got.c, want.c, EXACT, "c", __FILE__, line);
    check_near(got.d, want.d, EXACT, "d", __FILE__, line);
    check_near(got.tx, want.tx, EXACT, "tx", __FILE__, line);
    check_near(got.ty, want.ty, EXACT, "ty", __FILE__, line);
}

static void check_corners(const grip_box_state *s, grip_affine world, double w, double h, int line) {
    const double bx[4] = {0, 1, 1, 0}, by[4] = {0, 0, 1, 1};
    int i;
    for (i = 0; i < 4; i++) {
        grip_vec2 p = aff_apply(world, bx[i] * w, by[i] * h);
        check_near(s->corners[i].x, p.x, EXACT, "corner x", __FILE__, line);
        check_near(s->corners[i].y, p.y, EXACT, "corner y", __FILE__, line);
    }
}

static void nested(void) {
    grip_engine *e = new_engine(800, 600);
    /* Parent: centre (400, 250), 200 x 100, 30 degrees clockwise, scale 2. */
    grip_box p = add_box(e, GRIP_NO_BOX, 300, 200, 200, 100, PI / 6, 2, false);
    /* Child: centre (50, 30) in the parent's box space, 60 x 40, 0.5 rad, scale 1.5. */
    grip_box c = add_box(e, p, 20, 10, 60, 40, 0.5, 1.5, true);
    grip_box_state ps = state_of(e, p), cs = state_of(e, c);
    grip_affine lp = aff_local(400, 250, 200, 100, PI / 6, 2, false, false);
    grip_affine lc = aff_local(50, 30, 60, 40, 0.5, 1.5, false, false);
    grip_affine wc = aff_mul(lp, lc);

    /* The parent's top-left corner by hand: centre + R(30 deg) * 2 * (-100, -50). */
    CHECK_NEAR(ps.corners[0].x, 400 + 2 * (-100 * cos(PI / 6) + 50 * sin(PI / 6)), EXACT);
    CHECK_NEAR(ps.corners[0].y, 250 + 2 * (-100 * sin(PI / 6) - 50 * cos(PI / 6)), EXACT);
    CHECK_NEAR(ps.corners[0].x, 276.79491924311228, 1e-9);
    CHECK_NEAR(ps.corners[0].y, 63.397459621556138, 1e-9);

    CHECK_NEAR(ps.center.x, 400, EXACT);
    CHECK_NEAR(ps.center.y, 250, EXACT);
    CHECK_NEAR(ps.width, 200, EXACT);
    CHECK_NEAR(ps.height, 100, EXACT);
    CHECK_NEAR(ps.rotation, PI / 6, EXACT);
    CHECK_NEAR(ps.scale, 2, EXACT);
    CHECK(!ps.editing && !ps.gesture_active && !ps.flipped_x && !ps.flipped_y);
    check_affine(ps.local, lp, __LINE__);
    check_affine(ps.world, lp, __LINE__);
    check_corners(&ps, lp, 200, 100, __LINE__);

    CHECK_NEAR(cs.center.x, 50, EXACT);
    CHECK_NEAR(cs.center.y, 30, EXACT);
    CHECK_NEAR(cs.rotation, 0.5, EXACT);
    CHECK_NEAR(cs.scale, 1.5, EXACT);
    CHECK(cs.editing);
    check_affine(cs.local, lc, __LINE__);
    check_affine(cs.world, wc, __LINE__);
    check_corners(&cs, wc, 60, 40, __LINE__);
    /* The child's centre in world space: the parent's world applied to (50, 30). */
    {
        grip_vec2 mid = aff_apply(cs.world, 30, 20), want = aff_apply(lp, 50, 30);
        CHECK_NEAR(mid.x, want.x, EXACT);
        CHECK_NEAR(mid.y, want.y, EXACT);
    }

    /* Moving the parent moves the child's world transform too (cache invalidated). */
    {
        grip_box_desc d;
        grip_box_state after;
        grip_box_desc_init(&d);
        CHECK_STATUS(grip_box_describe(e, p, &d), GRIP_OK);
        d.x += 10;
        d.rotation = 0;
        CHECK_STATUS(grip_box_configure(e, p, &d), GRIP_OK);
        after = state_of(e, c);
        lp = aff_local(410, 250, 200, 100, 0, 2, false, false);
        check_affine(after.world, aff_mul(lp, lc), __LINE__);
        check_affine(after.local, lc, __LINE__);
    }
    grip_engine_destroy(e);
}

static void flipped(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box_desc d;
    grip_box b = 0;
    grip_box_state s;
    grip_box_desc_init(&d);
    d.width = 100;
    d.height = 50;
    d.flipped_x = true;
    CHECK_STATUS(grip_box_create(e, &d, &b), GRIP_OK);
    s = state_of(e, b);
    CHECK(s.flipped_x && !s.flipped_y);
    CHECK_NEAR(s.local.a, -1, EXACT);
    CHECK_NEAR(s.local.d, 1, EXACT);
    /* Box-space top-left lands on the right. */
    CHECK_NEAR(s.corners[0].x, 100, EXACT);
    CHECK_NEAR(s.corners[0].y, 0, EXACT);
    CHECK_NEAR(s.corners[1].x, 0, EXACT);
    CHECK_NEAR(s.corners[2].y, 50, EXACT);
    check_affine(s.world, aff_local(50, 25, 100, 50, 0, 1, true, false), __LINE__);
    grip_engine_destroy(e);
}

void suite_state(void) {
    nested();
    flipped();
}
