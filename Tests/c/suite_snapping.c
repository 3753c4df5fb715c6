/* suite_snapping.c: grip_engine_set_snapping. Validation, moves snapping to edges across the
 * threshold (screen units, so zoom halves it in world units), objects before the grid, equal gaps,
 * resize snapping of the moving edge, flush snaps (an edge to a neighbour's facing edge) of moves
 * and resizes, the bypass modifier, GUIDE and GAP commands. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

static grip_status ptr(grip_engine *e, grip_phase phase, double x, double y, double t, uint32_t mods) {
    grip_pointer_event ev = {phase, 1, x, y, t, mods};
    return grip_dispatch_pointer(e, &ev, NULL);
}

static void validation(void) {
    grip_engine *e = new_engine(800, 600);
    grip_snap_desc d;
    grip_snap_desc_init(&d);
    CHECK(d.struct_size == sizeof d && d.flags == 0 && d.grid_x == 10 && d.grid_y == 10 && d.threshold == 8);
    CHECK(d.grid_origin.x == 0 && d.grid_origin.y == 0 && d.bypass_modifiers == (GRIP_MOD_CTRL | GRIP_MOD_META));
    CHECK_STATUS(grip_engine_set_snapping(NULL, &d), GRIP_ERR_ARG);
    CHECK_STATUS(grip_engine_set_snapping(e, NULL), GRIP_OK);
    d.grid_x = NAN;
    CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "grip_snap_desc.grid_x") != NULL);
    d.grid_x = 10;
    d.grid_y = -1;
    CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "grid_y") != NULL);
    d.grid_y = 10;
    d.threshold = INFINITY;
    CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "threshold") != NULL);
    d.threshold = 8;
    d.flags = 1u << 7;
    CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_ERR_ARG);
    d.flags = GRIP_SNAP_EDGES;
    d.struct_size = 12;
    CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "struct_size") != NULL);
    d.struct_size = sizeof d;
    CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_OK);
    CHECK_STR(grip_engine_errmsg(e), "");
    grip_engine_destroy(e);
}

/* Drags the box whose centre is (cx, cy) by (dx, dy) world units at zoom z (a slop-clearing move
 * first), its events from time t on, and returns its left edge, the pointer left down. */
static double drag_left_at(grip_engine *e, grip_box b, double z, double dx, double dy, uint32_t mods, double t) {
    grip_box_state s = state_of(e, b);
    double cx = s.center.x * z, cy = s.center.y * z;
    ptr(e, GRIP_PHASE_DOWN, cx, cy, t, 0);
    ptr(e, GRIP_PHASE_MOVE, cx, cy + 30, t + 0.1, mods);
    ptr(e, GRIP_PHASE_MOVE, cx + dx * z, cy + dy * z, t + 0.2, mods);
    s = state_of(e, b);
    return s.center.x - s.width / 2;
}

/* The same from time 0. */
static double drag_left(grip_engine *e, grip_box b, double z, double dx, double dy, uint32_t mods) {
    return drag_left_at(e, b, z, dx, dy, mods, 0);
}

static void threshold_at_zoom(double z) {
    int inside;
    for (inside = 0; inside < 2; inside++) {
        grip_engine *e = new_engine(4000, 4000);
        grip_snap_desc d;
        grip_affine view = {z, 0, 0, z, 0, 0};
        grip_frame f;
        grip_box b;
        double left;
        grip_snap_desc_init(&d);
        d.flags = GRIP_SNAP_EDGES;
        CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_OK);
        CHECK_STATUS(grip_engine_set_view(e, &view), GRIP_OK);
        add_box(e, GRIP_NO_BOX, 500, 0, 50, 40, 0, 1, false);
        b = add_box(e, GRIP_NO_BOX, 100, 400, 100, 100, 0, 1, false);
        /* 8 screen units: 7.9 snaps, 8.1 does not; in world units that is divided by the zoom. */
        left = drag_left(e, b, z, (inside ? 400 - 7.9 / z : 400 - 8.1 / z), 0, 0);
        CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
        if (inside) {
            CHECK_NEAR(left, 500, 0);
            CHECK(count_commands(&f, GRIP_CMD_GUIDE) == 1);
            int g = find_command(&f, GRIP_CMD_GUIDE, 0);
            if (g >= 0) {
                const grip_vec2 *v = f.vertices + f.commands[g].first_vertex;
                /* Screen coordinates: x = 500 * z, from the target's top (0) to the moving bottom (500). */
                CHECK_NEAR(v[0].x, 500 * z, EXACT);
                CHECK_NEAR(v[1].x, 500 * z, EXACT);
                CHECK_NEAR(fmin(v[0].y, v[1].y), 0, EXACT);
                CHECK_NEAR(fmax(v[0].y, v[1].y), 500 * z, EXACT);
            }
        } else {
            CHECK_NEAR(left, 500 - 8.1 / z, EXACT);
            CHECK(count_commands(&f, GRIP_CMD_GUIDE) == 0);
        }
        ptr(e, GRIP_PHASE_UP, 0, 0, 0.3, 0);
        CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
        CHECK(count_commands(&f, GRIP_CMD_GUIDE) == 0);
        grip_engine_destroy(e);
    }
}

static void grid_targets_gaps_bypass(void) {
    grip_engine *e = new_engine(4000, 4000);
    grip_snap_desc d;
    grip_box_desc bd;
    grip_frame f;
    grip_box b, hidden;
    grip_snap_desc_init(&d);
    d.flags = GRIP_SNAP_GRID | GRIP_SNAP_EDGES | GRIP_SNAP_GAPS;
    CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_OK);
    add_box(e, GRIP_NO_BOX, 507, 0, 20, 40, 0, 1, false);
    hidden = add_box(e, GRIP_NO_BOX, 505, 100, 20, 40, 0, 1, false);
    grip_box_desc_init(&bd);
    CHECK_STATUS(grip_box_describe(e, hidden, &bd), GRIP_OK);
    bd.snap_target = false;
    CHECK_STATUS(grip_box_configure(e, hidden, &bd), GRIP_OK);
    b = add_box(e, GRIP_NO_BOX, 100, 400, 100, 100, 0, 1, false);
    /* Left at 503: the grid line 500 is 3 away, the target at 507 is 4 away (505 is no target). */
    CHECK_NEAR(drag_left(e, b, 1, 403, 0, 0), 507, 0);
    /* ctrl held: no snapping at all. */
    CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, 150 + 403, 450.5, 0.3, GRIP_MOD_CTRL), GRIP_OK);
    CHECK_NEAR(state_of(e, b).center.x, 553, 0);
    CHECK_NEAR(state_of(e, b).center.y, 450.5, 0);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK(count_commands(&f, GRIP_CMD_GUIDE) == 0);
    /* Nothing but the grid in range: the centre at 453.5 goes to 450, no guide. */
    CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, 150 + 1003, 453.5, 0.4, 0), GRIP_OK);
    CHECK_NEAR(state_of(e, b).center.x, 1150, 0);
    CHECK_NEAR(state_of(e, b).center.y, 450, 0);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK(count_commands(&f, GRIP_CMD_GUIDE) == 0);
    ptr(e, GRIP_PHASE_UP, 0, 0, 0.5, 0);
    grip_engine_destroy(e);

    /* Equal gaps: centred between two boxes of a row, two GAP commands of 50 world units. */
    e = new_engine(4000, 4000);
    d.flags = GRIP_SNAP_GAPS;
    CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_OK);
    add_box(e, GRIP_NO_BOX, 100, 400, 100, 60, 0, 1, false);
    add_box(e, GRIP_NO_BOX, 400, 420, 100, 60, 0, 1, false);
    b = add_box(e, GRIP_NO_BOX, 0, 410, 100, 40, 0, 1, false);
    CHECK_NEAR(drag_left(e, b, 1, 246, 0, 0), 250, 0);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK(count_commands(&f, GRIP_CMD_GAP) == 2);
    int g = find_command(&f, GRIP_CMD_GAP, 0);
    if (g >= 0) {
        CHECK(f.commands[g].vertex_count == 2);
        CHECK_NEAR(f.commands[g].width, 50, 0);
    }
    grip_engine_destroy(e);
}

static void resize_moving_edge(void) {
    grip_engine *e = new_engine(4000, 4000);
    grip_snap_desc d;
    grip_box_state s;
    grip_box b;
    grip_snap_desc_init(&d);
    d.flags = GRIP_SNAP_EDGES | GRIP_SNAP_WHILE_RESIZING;
    CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_OK);
    add_box(e, GRIP_NO_BOX, 0, 0, 300, 40, 0, 1, false); /* right edge 300 */
    b = add_box(e, GRIP_NO_BOX, 100, 350, 100, 100, 0, 1, true);
    /* The right handle at (200, 400) dragged to 296: the right edge snaps to 300, the left stays. */
    CHECK_STATUS(ptr(e, GRIP_PHASE_DOWN, 200, 400, 0, 0), GRIP_OK);
    CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, 296, 403, 0.1, 0), GRIP_OK);
    s = state_of(e, b);
    CHECK_NEAR(s.center.x - s.width / 2, 100, 0);
    CHECK_NEAR(s.width, 200, 0);
    CHECK_NEAR(s.height, 100, 0);
    grip_engine_destroy(e);
}

/* Checks that frame f holds exactly one GUIDE, from (x0, y0) to (x1, y1) in screen coordinates
 * (either way round). */
static void one_guide(const grip_frame *f, double x0, double y0, double x1, double y1) {
    CHECK(count_commands(f, GRIP_CMD_GUIDE) == 1);
    int g = find_command(f, GRIP_CMD_GUIDE, 0);
    if (g < 0) return;
    CHECK(f->commands[g].vertex_count == 2);
    const grip_vec2 *v = f->vertices + f->commands[g].first_vertex;
    bool forward = fabs(v[0].x - x0) + fabs(v[0].y - y0) <= fabs(v[1].x - x0) + fabs(v[1].y - y0);
    const grip_vec2 a = forward ? v[0] : v[1], b = forward ? v[1] : v[0];
    CHECK_NEAR(a.x, x0, EXACT);
    CHECK_NEAR(a.y, y0, EXACT);
    CHECK_NEAR(b.x, x1, EXACT);
    CHECK_NEAR(b.y, y1, EXACT);
}

/* A moved box snaps flush against its neighbour: an edge snaps to either edge of a target on
 * its axis. The neighbours are x 500 ... 560, y 0 ... 40 and x 1200 ... 1260, y 1000 ... 1040;
 * the box, 100 x 100, starts at (100, 400). */
static void flush_move(void) {
    grip_engine *e = new_engine(4000, 4000);
    grip_snap_desc d;
    grip_frame f;
    grip_box_state s;
    grip_box b;
    grip_snap_desc_init(&d);
    d.flags = GRIP_SNAP_EDGES;
    CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_OK);
    add_box(e, GRIP_NO_BOX, 500, 0, 60, 40, 0, 1, false);
    add_box(e, GRIP_NO_BOX, 1200, 1000, 60, 40, 0, 1, false);
    b = add_box(e, GRIP_NO_BOX, 100, 400, 100, 100, 0, 1, false);
    /* Its left at 563, 3 from the neighbour's right edge: left = 560 exactly, one vertical guide
     * x = 560 from the neighbour's top (0) to the box's bottom (500). */
    CHECK_NEAR(drag_left(e, b, 1, 463, 0, 0), 560, 0);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    one_guide(&f, 560, 0, 560, 500);
    CHECK_STATUS(ptr(e, GRIP_PHASE_UP, 150 + 463, 450, 0.3, 0), GRIP_OK);
    s = state_of(e, b);
    CHECK_NEAR(s.center.x - s.width / 2, 560, 0);
    CHECK_NEAR(s.center.y - s.height / 2, 400, 0);
    /* Its right at 497 (left 397), 3 from the neighbour's left edge: right = 500, left = 400. */
    CHECK_NEAR(drag_left_at(e, b, 1, -163, 0, 0, 1), 400, 0);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    one_guide(&f, 500, 0, 500, 500);
    CHECK_STATUS(ptr(e, GRIP_PHASE_UP, 610 - 163, 450, 1.3, 0), GRIP_OK);
    /* Back to x 100 ... 200 and up to a top at 43, 3 below the neighbour's bottom edge: top = 40
     * exactly, one horizontal guide y = 40 from the box's left (100) to the neighbour's right (560). */
    CHECK_NEAR(drag_left_at(e, b, 1, -300, -357, 0, 2), 100, 0);
    s = state_of(e, b);
    CHECK_NEAR(s.center.y - s.height / 2, 40, 0);
    CHECK_NEAR(s.center.y + s.height / 2, 140, 0);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    one_guide(&f, 100, 40, 560, 40);
    CHECK_STATUS(ptr(e, GRIP_PHASE_UP, 450 - 300, 450 - 357, 2.3, 0), GRIP_OK);
    /* Its bottom against the other neighbour's top, at zoom 2 (screen = 2 x world): the box (now
     * y 40 ... 140) moved to x 700 ... 800 with its bottom at 998.5, 1.5 above 1000 (within 8
     * screen units, 4 world units): bottom = 1000 exactly. */
    grip_affine view = {2, 0, 0, 2, 0, 0};
    CHECK_STATUS(grip_engine_set_view(e, &view), GRIP_OK);
    CHECK_NEAR(drag_left_at(e, b, 2, 600, 858.5, 0, 3), 700, 0);
    s = state_of(e, b);
    CHECK_NEAR(s.center.y - s.height / 2, 900, 0);
    CHECK_NEAR(s.center.y + s.height / 2, 1000, 0);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    /* y = 1000 from the box's left (700) to the neighbour's right (1260), times 2 on screen. */
    one_guide(&f, 1400, 2000, 2520, 2000);
    CHECK_STATUS(ptr(e, GRIP_PHASE_UP, 2 * (150 + 600), 2 * (90 + 858.5), 3.3, 0), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK(count_commands(&f, GRIP_CMD_GUIDE) == 0);
    grip_engine_destroy(e);
}

/* A constraint hook that moves the proposed geometry by *context in x. */
static bool shift_x(void *context, grip_box box, const grip_geometry *current, grip_geometry *proposed) {
    (void)box;
    (void)current;
    proposed->center.x += *(const double *)context;
    return true;
}

/* Snapping proposes the geometry before the constraint hook, and the guides describe what was
 * applied: the move of flush_move's first step snaps the left edge to 560; a hook that keeps the
 * proposal keeps the guide, one that moves the box 5 further leaves no edge on a target (no
 * guide), one that moves it 60 back puts its left edge on the neighbour's left edge (the guide
 * is drawn there, x = 500). */
static void snap_before_constraint(void) {
    static const double shifts[3] = {0, 5, -60}, lefts[3] = {560, 565, 500};
    for (int k = 0; k < 3; k++) {
        grip_engine *e = new_engine(4000, 4000);
        grip_snap_desc d;
        grip_frame f;
        grip_snap_desc_init(&d);
        d.flags = GRIP_SNAP_EDGES;
        CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_OK);
        add_box(e, GRIP_NO_BOX, 500, 0, 60, 40, 0, 1, false);
        grip_box b = add_box(e, GRIP_NO_BOX, 100, 400, 100, 100, 0, 1, false);
        double shift = shifts[k];
        CHECK_STATUS(grip_box_set_constraint(e, b, shift_x, &shift), GRIP_OK);
        CHECK_NEAR(drag_left(e, b, 1, 463, 0, 0), lefts[k], 0);
        CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
        if (k == 1) CHECK_INT(count_commands(&f, GRIP_CMD_GUIDE), 0);
        else one_guide(&f, lefts[k], 0, lefts[k], 500);
        CHECK_STATUS(ptr(e, GRIP_PHASE_UP, 150 + 463, 450, 0.3, 0), GRIP_OK);
        grip_engine_destroy(e);
    }
}

/* A resize whose moving right edge comes within 3 of a neighbour's left edge snaps flush
 * against it, the left edge kept. */
static void resize_flush(void) {
    grip_engine *e = new_engine(4000, 4000);
    grip_snap_desc d;
    grip_frame f;
    grip_box_state s;
    grip_box b;
    grip_snap_desc_init(&d);
    d.flags = GRIP_SNAP_EDGES | GRIP_SNAP_WHILE_RESIZING;
    CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_OK);
    add_box(e, GRIP_NO_BOX, 300, 0, 100, 40, 0, 1, false); /* left edge 300 */
    b = add_box(e, GRIP_NO_BOX, 100, 350, 100, 100, 0, 1, true);
    /* The right handle at (200, 400) dragged to 297: the right edge goes to 300. */
    CHECK_STATUS(ptr(e, GRIP_PHASE_DOWN, 200, 400, 0, 0), GRIP_OK);
    CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, 297, 403, 0.1, 0), GRIP_OK);
    s = state_of(e, b);
    CHECK_NEAR(s.center.x - s.width / 2, 100, 0);
    CHECK_NEAR(s.center.x + s.width / 2, 300, 0);
    CHECK_NEAR(s.width, 200, 0);
    CHECK_NEAR(s.height, 100, 0);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    /* x = 300 from the neighbour's top (0) to the box's bottom (450). */
    one_guide(&f, 300, 0, 300, 450);
    /* Without GRIP_SNAP_WHILE_RESIZING the edge follows the pointer to 297. */
    CHECK_STATUS(ptr(e, GRIP_PHASE_UP, 297, 403, 0.2, 0), GRIP_OK);
    d.flags = GRIP_SNAP_EDGES;
    CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_OK);
    CHECK_STATUS(ptr(e, GRIP_PHASE_DOWN, 300, 400, 0.3, 0), GRIP_OK);
    CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, 340, 403, 0.35, 0), GRIP_OK);
    CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, 298, 403, 0.4, 0), GRIP_OK);
    s = state_of(e, b);
    CHECK_NEAR(s.center.x + s.width / 2, 298, 0);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK(count_commands(&f, GRIP_CMD_GUIDE) == 0);
    CHECK_STATUS(ptr(e, GRIP_PHASE_UP, 298, 403, 0.5, 0), GRIP_OK);
    grip_engine_destroy(e);
}

/* Snapping turned on after 300 boxes exist (the index is built then): a move snaps to one of
 * them, and to a box created after that, with its guide. */
static void turned_on_after_the_boxes(void) {
    grip_engine *e = new_engine(4000, 4000);
    grip_snap_desc d;
    grip_frame f;
    grip_box b;
    grip_box_state s;
    int i;
    /* Far to the right and below, out of reach of the moves. */
    for (i = 0; i < 300; i++) add_box(e, GRIP_NO_BOX, 1500 + 12 * (i % 200), 3000 + (i / 200) * 40, 10, 30, 0, 1, false);
    add_box(e, GRIP_NO_BOX, 500, 0, 50, 40, 0, 1, false);
    b = add_box(e, GRIP_NO_BOX, 100, 400, 100, 100, 0, 1, false);
    grip_snap_desc_init(&d);
    d.flags = GRIP_SNAP_EDGES;
    CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_OK);
    /* Left edge 100 + 395 = 495: 5 from the target's 500. */
    CHECK_NEAR(drag_left(e, b, 1, 395, 0, 0), 500, 0);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK(count_commands(&f, GRIP_CMD_GUIDE) == 1);
    CHECK_STATUS(ptr(e, GRIP_PHASE_UP, 545, 450, 0.3, 0), GRIP_OK);
    s = state_of(e, b);
    CHECK_NEAR(s.center.x - s.width / 2, 500, 0);
    /* A target created now is in the index at the next move: 500 + 697 = 1197 snaps to 1200. */
    add_box(e, GRIP_NO_BOX, 1200, 0, 50, 40, 0, 1, false);
    CHECK_STATUS(ptr(e, GRIP_PHASE_DOWN, 550, 450, 0.4, 0), GRIP_OK);
    CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, 550, 480, 0.5, 0), GRIP_OK);
    CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, 550 + 697, 450, 0.6, 0), GRIP_OK);
    s = state_of(e, b);
    CHECK_NEAR(s.center.x - s.width / 2, 1200, 0);
    CHECK_STATUS(ptr(e, GRIP_PHASE_UP, 550 + 697, 450, 0.7, 0), GRIP_OK);
    grip_engine_destroy(e);
}

/* The index of targets is kept in slices while boxes are created, with snapping on or off: a
 * move right after 3,000 creations (snapping on) or right after turning snapping on among them
 * snaps to a box created last, with no other call in between. */
static void snaps_right_after_many_creations(void) {
    int on_first;
    for (on_first = 1; on_first >= 0; on_first--) {
        grip_engine *e = new_engine(4000, 4000);
        grip_snap_desc d;
        grip_box b;
        grip_box_state s;
        int i;
        grip_snap_desc_init(&d);
        d.flags = GRIP_SNAP_EDGES;
        if (on_first) CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_OK);
        b = add_box(e, GRIP_NO_BOX, 100, 400, 100, 100, 0, 1, false);
        /* Far below, out of reach of the move. */
        for (i = 0; i < 3000; i++) add_box(e, GRIP_NO_BOX, 1500 + 12 * (i % 200), 3000 + (i / 200) * 40, 10, 30, 0, 1, false);
        add_box(e, GRIP_NO_BOX, 777, 0, 50, 40, 0, 1, false);
        if (!on_first) CHECK_STATUS(grip_engine_set_snapping(e, &d), GRIP_OK);
        /* Left edge 100 + 673 = 773: 4 from the last target's 777. */
        CHECK_NEAR(drag_left(e, b, 1, 673, 0, 0), 777, 0);
        CHECK_STATUS(ptr(e, GRIP_PHASE_UP, 823, 450, 0.3, 0), GRIP_OK);
        s = state_of(e, b);
        CHECK_NEAR(s.center.x - s.width / 2, 777, 0);
        grip_engine_destroy(e);
    }
}

void suite_snapping(void) {
    validation();
    threshold_at_zoom(1);
    threshold_at_zoom(2);
    grid_targets_gaps_bypass();
    resize_moving_edge();
    flush_move();
    snap_before_constraint();
    resize_flush();
    turned_on_after_the_boxes();
    snaps_right_after_many_creations();
}
