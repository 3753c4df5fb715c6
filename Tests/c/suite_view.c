/* suite_view.c: grip_engine_set_view. Events arrive and frames leave in screen coordinates,
 * box state stays in world coordinates, slop and handle marks keep their on-screen size. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

static void rejects_bad_views(grip_engine *e) {
    grip_affine singular = {1, 2, 2, 4, 0, 0}, zero = {0, 0, 0, 0, 0, 0};
    grip_affine bad_nan = {1, 0, 0, 1, 0, 0}, bad_inf = {1, 0, 0, 1, 0, 0};
    grip_affine ok = {1, 0, 0, 1, 0, 0};
    bad_nan.a = NAN;
    bad_inf.tx = INFINITY;
    CHECK_STATUS(grip_engine_set_view(NULL, &ok), GRIP_ERR_ARG);
    CHECK_STATUS(grip_engine_set_view(e, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_engine_set_view(e, &singular), GRIP_ERR_ARG);
    CHECK(grip_engine_errmsg(e)[0] != '\0');
    CHECK_STATUS(grip_engine_set_view(e, &zero), GRIP_ERR_ARG);
    CHECK_STATUS(grip_engine_set_view(e, &bad_nan), GRIP_ERR_ARG);
    CHECK_STATUS(grip_engine_set_view(e, &bad_inf), GRIP_ERR_ARG);
    CHECK_STATUS(grip_engine_set_view(e, &ok), GRIP_OK);
    CHECK_STR(grip_engine_errmsg(e), "");
}

/* grip_engine_get_view: the identity before any view, then exactly the view last set (a refused
 * one changes nothing). */
static void gets_the_view(void) {
    grip_engine *e = new_engine(800, 600);
    grip_affine v = {0, 0, 0, 0, 0, 0}, set = {0.5, 0.25, -0.25, 0.5, 10.125, -3}, singular = {1, 2, 2, 4, 0, 0};
    CHECK_STATUS(grip_engine_get_view(e, &v), GRIP_OK);
    CHECK(v.a == 1 && v.b == 0 && v.c == 0 && v.d == 1 && v.tx == 0 && v.ty == 0);
    CHECK_STATUS(grip_engine_set_view(e, &set), GRIP_OK);
    CHECK_STATUS(grip_engine_set_view(e, &singular), GRIP_ERR_ARG);
    CHECK_STATUS(grip_engine_get_view(e, &v), GRIP_OK);
    CHECK(memcmp(&v, &set, sizeof v) == 0);
    CHECK_STATUS(grip_engine_get_view(e, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_engine_get_view(NULL, &v), GRIP_ERR_ARG);
    grip_engine_destroy(e);
}

void suite_view(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box b = add_box(e, GRIP_NO_BOX, 100, 100, 100, 100, 0, 1, false); /* centre (150, 150) */
    grip_affine view = {2, 0, 0, 2, -100, -50};                            /* 2x zoom */
    grip_hit hit;
    grip_event ev;
    grip_frame f;
    grip_box_state s;
    int i;

    rejects_bad_views(e);
    gets_the_view();
    CHECK_STATUS(grip_engine_set_view(e, &view), GRIP_OK);

    /* hit_test takes world coordinates. */
    CHECK_STATUS(grip_hit_test(e, 150, 150, &hit), GRIP_OK);
    CHECK(hit.box == b);

    /* World (150, 150) is screen (200, 250). 8 screen units is inside the slop, 12 is past it:
     * the slop is 10 on screen (5 in world). */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 200, 250, 0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 208, 250, 0.1), GRIP_OK);
    CHECK_NEAR(state_of(e, b).center.x, 150, EXACT);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 212, 250, 0.2), GRIP_OK);
    CHECK_NEAR(state_of(e, b).center.x, 156, EXACT);
    /* A screen drag of (100, 40) moves the box (50, 20) in world space. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 300, 290, 0.3), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 300, 290, 0.4), GRIP_OK);
    s = state_of(e, b);
    CHECK_NEAR(s.center.x, 200, EXACT);
    CHECK_NEAR(s.center.y, 170, EXACT);
    CHECK_NEAR(s.world.a, 1, EXACT);
    CHECK_NEAR(s.world.tx, 150, EXACT);
    CHECK_NEAR(s.world.ty, 120, EXACT);

    /* Event positions are world positions: the last one is where the pointer went up. */
    for (i = 0; grip_event_poll(e, &ev) == GRIP_OK; i++) {
        if (ev.kind != GRIP_EVENT_GESTURE_ENDED) continue;
        CHECK_NEAR(ev.position.x, 200, EXACT);
        CHECK_NEAR(ev.position.y, 170, EXACT);
    }
    CHECK(i >= 3);

    /* Frames are in screen coordinates; handle marks and the border inset keep screen sizes. */
    CHECK_STATUS(grip_box_set_editing(e, b, true), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    i = find_command(&f, GRIP_CMD_BOX, 0);
    CHECK(i >= 0);
    if (i >= 0) {
        const grip_command *c = &f.commands[i];
        CHECK_NEAR(c->transform.a, 2, EXACT);
        CHECK_NEAR(c->transform.d, 2, EXACT);
        CHECK_NEAR(c->transform.tx, 200, EXACT);
        CHECK_NEAR(c->transform.ty, 190, EXACT);
        CHECK_NEAR(c->width, 100, EXACT);
    }
    i = find_command(&f, GRIP_CMD_HANDLE, 0);
    CHECK(i >= 0);
    if (i >= 0) {
        CHECK_INT(f.commands[i].handle, GRIP_HANDLE_TOP_LEFT);
        CHECK_NEAR(f.commands[i].center.x, 200, EXACT);
        CHECK_NEAR(f.commands[i].center.y, 190, EXACT);
        CHECK_NEAR(f.commands[i].radius, 5, EXACT);
    }
    i = find_command(&f, GRIP_CMD_BORDER, 0);
    CHECK(i >= 0 && f.commands[i].vertex_count == 4);
    if (i >= 0 && f.commands[i].vertex_count == 4) {
        const grip_vec2 *v = f.vertices + f.commands[i].first_vertex;
        CHECK_NEAR(v[0].x, 200.5, EXACT);
        CHECK_NEAR(v[0].y, 190.5, EXACT);
        CHECK_NEAR(v[2].x, 399.5, EXACT);
        CHECK_NEAR(v[2].y, 389.5, EXACT);
    }
    grip_engine_destroy(e);
}
