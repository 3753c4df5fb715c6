/* suite_boxes.c: box create / describe / configure / destroy, ids and the hierarchy. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

static void desc_defaults(void) {
    grip_box_desc d;
    memset(&d, 0xAB, sizeof d);
    grip_box_desc_init(&d);
    CHECK_INT(d.struct_size, sizeof(grip_box_desc));
    CHECK(d.parent == GRIP_NO_BOX);
    CHECK_NEAR(d.rotation, 0, 0);
    CHECK_NEAR(d.scale, 1, 0);
    CHECK_INT(d.allow, GRIP_ALLOW_ALL & ~(uint32_t)GRIP_ALLOW_LONG_PRESS);
    CHECK_INT(d.handles, GRIP_HANDLES_ALL8 | GRIP_HANDLE_BIT(GRIP_HANDLE_ROTATE));
    CHECK_INT(d.resize_mode, GRIP_RESIZE_FREEFORM);
    CHECK(!d.centered);
    CHECK(d.allow_flip);
    CHECK_NEAR(d.min_width, 10, 0);
    CHECK_NEAR(d.min_height, 10, 0);
    CHECK_NEAR(d.min_scale, 0.1, 0);
    CHECK_NEAR(d.max_scale, 10, 0);
    CHECK(!d.contain);
    CHECK_NEAR(d.inset_top + d.inset_left + d.inset_bottom + d.inset_right, 0, 0);
    CHECK_NEAR(d.long_press_duration, 1.0, 0);
    CHECK_NEAR(d.corner_radius, 6, 0);
    CHECK_NEAR(d.rotation_snap, 0, 0);
    CHECK_NEAR(d.snap_tolerance, 0.087, 0);
    CHECK(d.user_data == 0);
    CHECK(!d.flipped_x && !d.flipped_y);
}

static void base_desc(grip_box_desc *d) {
    grip_box_desc_init(d);
    d->x = 10;
    d->y = 20;
    d->width = 100;
    d->height = 50;
}

/* Creation must fail with want, leave *out alone and leave a message. */
static void create_fails(grip_engine *e, const grip_box_desc *d, grip_status want, const char *what,
                         int line) {
    grip_box out = 0xDEADBEEFu;
    check_status(grip_box_create(e, d, &out), want, what, __FILE__, line);
    check_true(out == 0xDEADBEEFu, "out untouched", __FILE__, line);
    check_true(grip_engine_errmsg(e)[0] != '\0', "errmsg set", __FILE__, line);
}
#define CREATE_FAILS(field_assignment, want)                    \
    do {                                                        \
        base_desc(&d);                                          \
        field_assignment;                                       \
        create_fails(e, &d, want, #field_assignment, __LINE__); \
    } while (0)

static void create_validation(grip_engine *e) {
    grip_box_desc d;
    grip_box out = 0;
    base_desc(&d);
    CHECK_STATUS(grip_box_create(NULL, &d, &out), GRIP_ERR_ARG);
    CHECK_STATUS(grip_box_create(e, NULL, &out), GRIP_ERR_ARG);
    CHECK_STATUS(grip_box_create(e, &d, NULL), GRIP_ERR_ARG);
    CREATE_FAILS(d.struct_size = 8, GRIP_ERR_ARG);
    CREATE_FAILS(d.x = NAN, GRIP_ERR_ARG);
    CREATE_FAILS(d.y = INFINITY, GRIP_ERR_ARG);
    CREATE_FAILS(d.rotation = -INFINITY, GRIP_ERR_ARG);
    CREATE_FAILS(d.scale = NAN, GRIP_ERR_ARG);
    CREATE_FAILS(d.scale = 0, GRIP_ERR_ARG);
    CREATE_FAILS(d.scale = -1, GRIP_ERR_ARG);
    CREATE_FAILS(d.width = 0, GRIP_ERR_ARG);
    CREATE_FAILS(d.height = -5, GRIP_ERR_ARG);
    CREATE_FAILS(d.width = 5, GRIP_ERR_ARG); /* below min_width 10 */
    CREATE_FAILS(d.min_width = -1, GRIP_ERR_ARG);
    CREATE_FAILS(d.min_height = NAN, GRIP_ERR_ARG);
    CREATE_FAILS(d.min_scale = NAN, GRIP_ERR_ARG);
    CREATE_FAILS(d.inset_left = NAN, GRIP_ERR_ARG);
    CREATE_FAILS(d.long_press_duration = -1, GRIP_ERR_ARG);
    CREATE_FAILS(d.corner_radius = INFINITY, GRIP_ERR_ARG);
    CREATE_FAILS(d.snap_tolerance = NAN, GRIP_ERR_ARG);
    /* Finite inputs whose corners overflow to infinity. */
    CREATE_FAILS((d.x = 1e308, d.width = 1e308), GRIP_ERR_ARG);
    CREATE_FAILS((d.x = 1.7e308, d.width = 1e308), GRIP_ERR_ARG);
    CREATE_FAILS(d.resize_mode = (grip_resize_mode)7, GRIP_ERR_ARG);
    CREATE_FAILS(d.indicator = (grip_indicator_shape)9, GRIP_ERR_ARG);
    CREATE_FAILS(d.parent = (grip_box)12345, GRIP_ERR_NOT_FOUND);
    /* Negative insets are allowed: they extend the bounds. */
    base_desc(&d);
    d.inset_top = -5;
    CHECK_STATUS(grip_box_create(e, &d, &out), GRIP_OK);
    CHECK(out != GRIP_NO_BOX);
    CHECK_STR(grip_engine_errmsg(e), "");
}

static void describe_round_trip(grip_engine *e) {
    grip_box_desc d, got;
    grip_box b = 0, parent = add_box(e, GRIP_NO_BOX, 0, 0, 300, 300, 0, 1, false);
    base_desc(&d);
    d.parent = parent;
    d.rotation = 0.25;
    d.scale = 1.5;
    d.editing = true;
    d.allow = GRIP_ALLOW_MOVE | GRIP_ALLOW_RESIZE;
    d.handles = GRIP_HANDLES_CORNERS;
    d.resize_mode = GRIP_RESIZE_UNIFORM;
    d.centered = true;
    d.allow_flip = false;
    d.min_width = 12;
    d.min_height = 14;
    d.min_scale = 0.5;
    d.max_scale = 3;
    d.contain = true;
    d.inset_top = 1;
    d.inset_left = 2;
    d.inset_bottom = 3;
    d.inset_right = -4;
    d.long_press_duration = 0.75;
    d.indicator = GRIP_INDICATOR_ROUNDED_RECT;
    d.corner_radius = 9;
    d.rotation_snap = 0.5;
    d.snap_tolerance = 0.05;
    d.user_data = 0x1234567890ABCDEFull;
    d.flipped_x = true;
    CHECK_STATUS(grip_box_create(e, &d, &b), GRIP_OK);
    grip_box_desc_init(&got);
    CHECK_STATUS(grip_box_describe(e, b, &got), GRIP_OK);
    CHECK(got.parent == parent);
    CHECK_NEAR(got.x, 10, EXACT);
    CHECK_NEAR(got.y, 20, EXACT);
    CHECK_NEAR(got.width, 100, EXACT);
    CHECK_NEAR(got.height, 50, EXACT);
    CHECK_NEAR(got.rotation, 0.25, EXACT);
    CHECK_NEAR(got.scale, 1.5, EXACT);
    CHECK(got.editing);
    CHECK_INT(got.allow, GRIP_ALLOW_MOVE | GRIP_ALLOW_RESIZE);
    CHECK_INT(got.handles, GRIP_HANDLES_CORNERS);
    CHECK_INT(got.resize_mode, GRIP_RESIZE_UNIFORM);
    CHECK(got.centered && !got.allow_flip && got.contain);
    CHECK_NEAR(got.min_width, 12, 0);
    CHECK_NEAR(got.min_height, 14, 0);
    CHECK_NEAR(got.min_scale, 0.5, 0);
    CHECK_NEAR(got.max_scale, 3, 0);
    CHECK_NEAR(got.inset_right, -4, 0);
    CHECK_NEAR(got.inset_bottom, 3, 0);
    CHECK_NEAR(got.long_press_duration, 0.75, 0);
    CHECK_INT(got.indicator, GRIP_INDICATOR_ROUNDED_RECT);
    CHECK_NEAR(got.corner_radius, 9, 0);
    CHECK_NEAR(got.rotation_snap, 0.5, 0);
    CHECK_NEAR(got.snap_tolerance, 0.05, 0);
    CHECK(got.user_data == 0x1234567890ABCDEFull);
    CHECK(got.flipped_x && !got.flipped_y);
    CHECK(state_of(e, b).flipped_x);

    /* describe + configure keeps the box as it is. */
    {
        grip_box_state before = state_of(e, b), after;
        int i;
        CHECK_STATUS(grip_box_configure(e, b, &got), GRIP_OK);
        after = state_of(e, b);
        for (i = 0; i < 4; i++) {
            CHECK_NEAR(after.corners[i].x, before.corners[i].x, EXACT);
            CHECK_NEAR(after.corners[i].y, before.corners[i].y, EXACT);
        }
    }
    CHECK_STATUS(grip_box_describe(e, b, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_box_describe(NULL, b, &got), GRIP_ERR_ARG);
    CHECK_STATUS(grip_box_describe(e, GRIP_NO_BOX, &got), GRIP_ERR_NOT_FOUND);
}

static void configure(grip_engine *e) {
    grip_box b = add_box(e, GRIP_NO_BOX, 10, 20, 100, 50, 0, 1, false);
    grip_box_desc d;
    grip_box_state s;
    base_desc(&d);
    d.x = 200;
    d.y = 100;
    d.width = 60;
    d.height = 40;
    d.rotation = PI / 2;
    CHECK_STATUS(grip_box_configure(e, b, &d), GRIP_OK);
    s = state_of(e, b);
    CHECK_NEAR(s.center.x, 230, EXACT);
    CHECK_NEAR(s.center.y, 120, EXACT);
    CHECK_NEAR(s.width, 60, EXACT);
    CHECK_NEAR(s.rotation, PI / 2, EXACT);
    /* Failures change nothing. */
    d.x = NAN;
    CHECK_STATUS(grip_box_configure(e, b, &d), GRIP_ERR_ARG);
    CHECK(grip_engine_errmsg(e)[0] != '\0');
    d.x = 0;
    d.height = -1;
    CHECK_STATUS(grip_box_configure(e, b, &d), GRIP_ERR_ARG);
    d.height = 40;
    d.parent = (grip_box)999999;
    CHECK_STATUS(grip_box_configure(e, b, &d), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_configure(e, b, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_box_configure(NULL, b, &d), GRIP_ERR_ARG);
    s = state_of(e, b);
    CHECK_NEAR(s.center.x, 230, EXACT);
    CHECK_NEAR(s.height, 40, EXACT);
}

static void ids_and_stale(grip_engine *e) {
    grip_box ids[6], fresh;
    grip_box_desc d;
    grip_box_state s;
    int i, j;
    for (i = 0; i < 6; i++) {
        ids[i] = add_box(e, GRIP_NO_BOX, 0, 0, 20, 20, 0, 1, false);
        CHECK(ids[i] != GRIP_NO_BOX);
        CHECK_STATUS(grip_box_destroy(e, ids[i]), GRIP_OK);
    }
    for (i = 0; i < 6; i++)
        for (j = 0; j < i; j++) CHECK(ids[i] != ids[j]);
    fresh = add_box(e, GRIP_NO_BOX, 0, 0, 20, 20, 0, 1, false);
    for (i = 0; i < 6; i++) CHECK(fresh != ids[i]);
    /* Every call taking the stale id says NOT_FOUND; the live box is fine. */
    base_desc(&d);
    CHECK_STATUS(grip_box_state_get(e, ids[5], &s), GRIP_ERR_NOT_FOUND);
    CHECK(grip_engine_errmsg(e)[0] != '\0');
    CHECK_STATUS(grip_box_destroy(e, ids[5]), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_configure(e, ids[5], &d), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_describe(e, ids[5], &d), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_set_editing(e, ids[5], true), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_reset(e, ids[5], false), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_destroy(e, GRIP_NO_BOX), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_destroy(e, ~(grip_box)0), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_destroy(NULL, fresh), GRIP_ERR_ARG);
    d.parent = ids[0];
    CHECK_STATUS(grip_box_create(e, &d, &fresh), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_state_get(e, fresh, &s), GRIP_OK);
    CHECK_STATUS(grip_box_state_get(e, fresh, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_box_destroy(e, fresh), GRIP_OK);
}

static void hierarchy(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box p = add_box(e, GRIP_NO_BOX, 0, 0, 400, 400, 0, 1, false);
    grip_box c = add_box(e, p, 10, 10, 200, 200, 0, 1, false);
    grip_box g = add_box(e, c, 10, 10, 50, 50, 0, 1, false);
    grip_box s = add_box(e, GRIP_NO_BOX, 500, 0, 50, 50, 0, 1, false);
    grip_box_desc d;
    grip_box_state st;
    grip_frame f;

    /* A box cannot become its own ancestor. */
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, p, &d), GRIP_OK);
    d.parent = g;
    CHECK_STATUS(grip_box_configure(e, p, &d), GRIP_ERR_STATE);
    CHECK(grip_engine_errmsg(e)[0] != '\0');
    d.parent = p;
    CHECK_STATUS(grip_box_configure(e, p, &d), GRIP_ERR_STATE);
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, g, &d), GRIP_OK);
    CHECK(d.parent == c);

    /* Destroying the parent takes the subtree with it. */
    CHECK_STATUS(grip_box_destroy(e, p), GRIP_OK);
    CHECK_STATUS(grip_box_state_get(e, c, &st), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_state_get(e, g, &st), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_state_get(e, s, &st), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK_INT(count_commands(&f, GRIP_CMD_BOX), 1);
    CHECK(f.command_count == 1 && f.commands[0].box == s);
    grip_engine_destroy(e);
}

/* Moving a box under a rotated, scaled parent and back keeps its world corners. */
static void reparent(grip_engine *e) {
    grip_box r = add_box(e, GRIP_NO_BOX, 100, 100, 200, 150, PI / 6, 2, false);
    grip_box q = add_box(e, GRIP_NO_BOX, 500, 400, 80, 40, 0.4, 1.5, false);
    grip_box_state before = state_of(e, q), inside, rs = state_of(e, r), back;
    grip_box_desc d;
    grip_affine w;
    int i;

    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, q, &d), GRIP_OK);
    d.parent = r;
    CHECK_STATUS(grip_box_configure(e, q, &d), GRIP_OK);
    inside = state_of(e, q);
    for (i = 0; i < 4; i++) {
        CHECK_NEAR(inside.corners[i].x, before.corners[i].x, EXACT);
        CHECK_NEAR(inside.corners[i].y, before.corners[i].y, EXACT);
    }
    CHECK_NEAR(inside.rotation, 0.4 - PI / 6, EXACT);
    CHECK_NEAR(inside.scale, 0.75, EXACT);
    CHECK_NEAR(inside.width, 80, EXACT);
    w = aff_mul(rs.world, inside.local);
    CHECK_NEAR(w.a, inside.world.a, EXACT);
    CHECK_NEAR(w.tx, inside.world.tx, EXACT);
    CHECK_NEAR(w.ty, inside.world.ty, EXACT);

    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, q, &d), GRIP_OK);
    CHECK(d.parent == r);
    d.parent = GRIP_NO_BOX;
    CHECK_STATUS(grip_box_configure(e, q, &d), GRIP_OK);
    back = state_of(e, q);
    for (i = 0; i < 4; i++) {
        CHECK_NEAR(back.corners[i].x, before.corners[i].x, EXACT);
        CHECK_NEAR(back.corners[i].y, before.corners[i].y, EXACT);
    }
    CHECK_NEAR(back.center.x, 540, EXACT);
    CHECK_NEAR(back.center.y, 420, EXACT);
}

void suite_boxes(void) {
    grip_engine *e = new_engine(800, 600);
    desc_defaults();
    create_validation(e);
    describe_round_trip(e);
    configure(e);
    ids_and_stale(e);
    hierarchy();
    reparent(e);
    grip_engine_destroy(e);
}
