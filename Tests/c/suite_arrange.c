/* suite_arrange.c: arranging the selection through the C ABI: grip_selection_align (to the
 * selection's bounds and to a key box), grip_selection_distribute, grip_selection_flip and
 * grip_selection_rotate90, with rotated and nested members, one COMMITTED step each that undo
 * and redo restore bit for bit, allow bits, containment, C constraints and every refusal.
 * Expected numbers are worked out here from the rules in grip.h, not taken from the library. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

/* ---- helpers -------------------------------------------------------------------------------- */

static grip_engine *arrange_engine(double w, double h, grip_selection_mode mode) {
    grip_engine_desc d;
    grip_engine *e = NULL;
    grip_engine_desc_init(&d);
    d.width = w;
    d.height = h;
    d.selection = mode;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    return e;
}

/* A top-level box at top-left (x, y), w x h, unrotated. */
static grip_box box_at(grip_engine *e, double x, double y, double w, double h) {
    return add_box(e, GRIP_NO_BOX, x, y, w, h, 0, 1, false);
}

static void select_boxes(grip_engine *e, const grip_box *boxes, int n) {
    int i;
    CHECK_STATUS(grip_select(e, GRIP_NO_BOX, GRIP_SELECT_REPLACE), GRIP_OK);
    for (i = 0; i < n; i++) CHECK_STATUS(grip_select(e, boxes[i], GRIP_SELECT_ADD), GRIP_OK);
    drain_events(e);
}

static void configure(grip_engine *e, grip_box b, uint32_t allow, bool contain) {
    grip_box_desc d;
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, b, &d), GRIP_OK);
    d.allow = allow;
    d.contain = contain;
    CHECK_STATUS(grip_box_configure(e, b, &d), GRIP_OK);
}

static bool same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* The geometry of two states equal bit for bit. */
static bool same_geometry(grip_box_state a, grip_box_state b) {
    return same_bits(a.center.x, b.center.x) && same_bits(a.center.y, b.center.y) && same_bits(a.width, b.width) &&
           same_bits(a.height, b.height) && same_bits(a.rotation, b.rotation) && same_bits(a.scale, b.scale) &&
           a.flipped_x == b.flipped_x && a.flipped_y == b.flipped_y;
}

static void states(grip_engine *e, const grip_box *boxes, int n, grip_box_state *out) {
    int i;
    for (i = 0; i < n; i++) out[i] = state_of(e, boxes[i]);
}

static bool all_same(grip_engine *e, const grip_box *boxes, int n, const grip_box_state *want) {
    int i;
    bool ok = true;
    for (i = 0; i < n; i++) ok = ok && same_geometry(state_of(e, boxes[i]), want[i]);
    return ok;
}

static size_t undo_steps(grip_engine *e) {
    size_t u = 99, r = 99;
    CHECK_STATUS(grip_history_depth(e, &u, &r), GRIP_OK);
    return u;
}

/* What the queue held (drained): COMMITTED events, the last one's gesture, box and change count,
 * and whether that step's `after` of each box listed is where the box is now. */
typedef struct step_seen {
    int committed, others;
    grip_gesture gesture;
    grip_box box;
    size_t changes;
    bool after_is_now;
} step_seen;

static step_seen drain_steps(grip_engine *e) {
    step_seen s;
    grip_event ev;
    memset(&s, 0, sizeof s);
    while (grip_event_poll(e, &ev) == GRIP_OK) {
        grip_change c[16];
        size_t n = 0, i;
        if (ev.kind != GRIP_EVENT_COMMITTED) {
            s.others++;
            continue;
        }
        s.committed++;
        s.gesture = ev.gesture;
        s.box = ev.box;
        CHECK_STATUS(grip_event_changes(e, c, 16, &n), GRIP_OK);
        s.changes = n;
        s.after_is_now = true;
        for (i = 0; i < n && i < 16; i++) {
            grip_box_state now = state_of(e, c[i].box);
            s.after_is_now = s.after_is_now && same_bits(now.center.x, c[i].after.center.x) &&
                             same_bits(now.center.y, c[i].after.center.y) &&
                             same_bits(now.rotation, c[i].after.rotation) && now.flipped_x == c[i].after.flipped_x &&
                             now.flipped_y == c[i].after.flipped_y;
        }
    }
    return s;
}

/* Undo gives `before` back bit for bit, redo `after`, each with one UNDONE / REDONE. */
static void check_undo_redo(grip_engine *e, const grip_box *boxes, int n, const grip_box_state *before) {
    grip_box_state after[8];
    states(e, boxes, n, after);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK(all_same(e, boxes, n, before));
    CHECK_STATUS(grip_redo(e), GRIP_OK);
    CHECK(all_same(e, boxes, n, after));
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK(all_same(e, boxes, n, before));
    drain_events(e);
}

static grip_selection_state frame_of(grip_engine *e) {
    grip_selection_state s;
    memset(&s, 0, sizeof s);
    s.struct_size = sizeof s;
    CHECK_STATUS(grip_selection_state_get(e, &s), GRIP_OK);
    return s;
}

/* ---- align ---------------------------------------------------------------------------------- */

/* Three boxes: A x 0..10 y 0..10, B x 30..50 y 50..90, C x 100..110 y 20..50; the selection's
 * bounds are x 0..110, y 0..90 (centre lines x 55, y 45). Each edge moves every box along one
 * axis only; one step each, undone bit for bit; aligned again: GRIP_DONE, no step. */
static void align_edges(void) {
    static const struct {
        grip_align edge;
        double ax, ay, bx, by, cx, cy; /* the centres after */
    } cases[] = {
        {GRIP_ALIGN_LEFT, 5, 5, 10, 70, 5, 35},
        {GRIP_ALIGN_CENTER, 55, 5, 55, 70, 55, 35},
        {GRIP_ALIGN_RIGHT, 105, 5, 100, 70, 105, 35},
        {GRIP_ALIGN_TOP, 5, 5, 40, 20, 105, 15},
        {GRIP_ALIGN_MIDDLE, 5, 45, 40, 45, 105, 45},
        {GRIP_ALIGN_BOTTOM, 5, 85, 40, 70, 105, 75},
    };
    grip_engine *e = arrange_engine(1000, 1000, GRIP_SELECTION_OFF);
    grip_box b[3];
    grip_box_state start[3];
    size_t k;
    b[0] = box_at(e, 0, 0, 10, 10);
    b[1] = box_at(e, 30, 50, 20, 40);
    b[2] = box_at(e, 100, 20, 10, 30);
    select_boxes(e, b, 3);
    states(e, b, 3, start);
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        step_seen s;
        CHECK_STATUS(grip_selection_align(e, cases[k].edge, GRIP_NO_BOX), GRIP_OK);
        CHECK_NEAR(state_of(e, b[0]).center.x, cases[k].ax, 0);
        CHECK_NEAR(state_of(e, b[0]).center.y, cases[k].ay, 0);
        CHECK_NEAR(state_of(e, b[1]).center.x, cases[k].bx, 0);
        CHECK_NEAR(state_of(e, b[1]).center.y, cases[k].by, 0);
        CHECK_NEAR(state_of(e, b[2]).center.x, cases[k].cx, 0);
        CHECK_NEAR(state_of(e, b[2]).center.y, cases[k].cy, 0);
        s = drain_steps(e);
        CHECK_INT(s.committed, 1);
        CHECK_INT(s.others, 0);
        CHECK_INT(s.gesture, GRIP_GESTURE_ALIGN);
        CHECK(s.box == GRIP_SELECTION);
        CHECK_INT(s.changes, 3);
        CHECK(s.after_is_now);
        CHECK_INT(undo_steps(e), 1);
        /* Aligned already: nothing moves, no step. */
        CHECK_STATUS(grip_selection_align(e, cases[k].edge, GRIP_NO_BOX), GRIP_DONE);
        CHECK_INT(drain_steps(e).committed, 0);
        CHECK_INT(undo_steps(e), 1);
        check_undo_redo(e, b, 3, start);
        CHECK_STATUS(grip_history_clear(e), GRIP_OK);
    }
    grip_engine_destroy(e);
}

/* The frame follows: after aligning left (x 0..10, 0..20, 0..10) C's BOX command starts at x 0
 * and the selection's border spans x 0..20, y 0..90; after undo, x 100 and 0..110 again. */
static int box_command(const grip_frame *f, grip_box b) {
    size_t i;
    for (i = 0; i < f->command_count; i++)
        if (f->commands[i].kind == GRIP_CMD_BOX && f->commands[i].box == b) return (int)i;
    return -1;
}

static void arranged_frame(void) {
    grip_engine *e = arrange_engine(1000, 1000, GRIP_SELECTION_OFF);
    grip_box b[3];
    grip_frame f;
    int k;
    b[0] = box_at(e, 0, 0, 10, 10);
    b[1] = box_at(e, 30, 50, 20, 40);
    b[2] = box_at(e, 100, 20, 10, 30);
    select_boxes(e, b, 3);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_LEFT, GRIP_NO_BOX), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    k = box_command(&f, b[2]);
    CHECK(k >= 0);
    if (k >= 0) {
        CHECK_NEAR(f.commands[k].transform.tx, 0, EXACT);
        CHECK_NEAR(f.commands[k].transform.ty, 20, EXACT);
    }
    k = find_command(&f, GRIP_CMD_BORDER, 0);
    CHECK(k >= 0 && f.commands[k].box == GRIP_SELECTION);
    if (k >= 0) {
        const grip_vec2 *v = &f.vertices[f.commands[k].first_vertex];
        CHECK_NEAR(v[0].x, 0, EXACT);
        CHECK_NEAR(v[0].y, 0, EXACT);
        CHECK_NEAR(v[2].x, 20, EXACT);
        CHECK_NEAR(v[2].y, 90, EXACT);
    }
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    k = box_command(&f, b[2]);
    CHECK(k >= 0 && fabs(f.commands[k].transform.tx - 100) < EXACT);
    k = find_command(&f, GRIP_CMD_BORDER, 0);
    CHECK(k >= 0 && fabs(f.vertices[f.commands[k].first_vertex + 2].x - 110) < EXACT);
    grip_engine_destroy(e);
}

/* To key box B (x 30..50, y 50..90), which stays put; the key must be a selected, live box. */
static void align_key(void) {
    grip_engine *e = arrange_engine(1000, 1000, GRIP_SELECTION_OFF);
    grip_box b[3], outside, gone;
    grip_box_state start[3];
    b[0] = box_at(e, 0, 0, 10, 10);
    b[1] = box_at(e, 30, 50, 20, 40);
    b[2] = box_at(e, 100, 20, 10, 30);
    outside = box_at(e, 500, 500, 10, 10);
    gone = box_at(e, 600, 500, 10, 10);
    CHECK_STATUS(grip_box_destroy(e, gone), GRIP_OK);
    select_boxes(e, b, 3);
    states(e, b, 3, start);
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_LEFT, b[1]), GRIP_OK);
    CHECK_NEAR(state_of(e, b[0]).center.x, 35, 0);
    CHECK_NEAR(state_of(e, b[2]).center.x, 35, 0);
    CHECK(same_geometry(state_of(e, b[1]), start[1]));
    CHECK_INT(drain_steps(e).changes, 3);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_BOTTOM, b[1]), GRIP_OK);
    CHECK_NEAR(state_of(e, b[0]).center.y, 85, 0);
    CHECK_NEAR(state_of(e, b[2]).center.y, 75, 0);
    CHECK(same_geometry(state_of(e, b[1]), start[1]));
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    drain_events(e);
    /* Refused, nothing changed: a key not selected, unknown, destroyed. */
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_LEFT, outside), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "is not selected") != NULL);
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_LEFT, (grip_box)12345), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_LEFT, gone), GRIP_ERR_NOT_FOUND);
    CHECK(all_same(e, b, 3, start));
    CHECK_INT(drain_steps(e).committed + drain_steps(e).others, 0);
    /* A selection of the key alone: nothing to move. */
    select_boxes(e, b + 1, 1);
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_RIGHT, b[1]), GRIP_DONE);
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_RIGHT, GRIP_NO_BOX), GRIP_DONE);
    CHECK_INT(drain_steps(e).committed, 0);
    grip_engine_destroy(e);
}

/* ---- distribute ----------------------------------------------------------------------------- */

/* Equal gaps: (last's near edge - first's far edge - sizes between) / (n - 1), the boxes ordered
 * by centre whatever the selection order; negative gaps overlap. */
static void distribute_gaps(void) {
    grip_engine *e = arrange_engine(1000, 1000, GRIP_SELECTION_OFF);
    grip_box b[4], four[4];
    grip_box_state start[4];
    step_seen s;
    /* x 0..10, 30..50, 100..110: gap (100 - 10 - 20) / 2 = 35, the middle box at x 45. */
    b[0] = box_at(e, 0, 0, 10, 10);
    b[1] = box_at(e, 30, 0, 20, 10);
    b[2] = box_at(e, 100, 0, 10, 10);
    select_boxes(e, b, 3);
    states(e, b, 3, start);
    CHECK_STATUS(grip_selection_distribute(e, GRIP_AXIS_HORIZONTAL), GRIP_OK);
    CHECK_NEAR(state_of(e, b[1]).center.x, 55, 0); /* x 45 */
    CHECK_NEAR(state_of(e, b[1]).center.y, 5, 0);
    CHECK(same_geometry(state_of(e, b[0]), start[0]));
    CHECK(same_geometry(state_of(e, b[2]), start[2]));
    s = drain_steps(e);
    CHECK_INT(s.committed, 1);
    CHECK_INT(s.gesture, GRIP_GESTURE_DISTRIBUTE);
    CHECK(s.box == GRIP_SELECTION);
    CHECK(s.after_is_now);
    CHECK_STATUS(grip_selection_distribute(e, GRIP_AXIS_HORIZONTAL), GRIP_DONE); /* even already */
    check_undo_redo(e, b, 3, start);
    /* Vertically: y 0..10, 15..25, 100..120: gap (100 - 10 - 10) / 2 = 40, the middle at y 50. */
    CHECK_STATUS(grip_box_destroy(e, b[0]), GRIP_OK);
    CHECK_STATUS(grip_box_destroy(e, b[1]), GRIP_OK);
    CHECK_STATUS(grip_box_destroy(e, b[2]), GRIP_OK);
    b[0] = box_at(e, 0, 0, 10, 10);
    b[1] = box_at(e, 5, 15, 10, 10);
    b[2] = box_at(e, 0, 100, 10, 20);
    select_boxes(e, b, 3);
    CHECK_STATUS(grip_selection_distribute(e, GRIP_AXIS_VERTICAL), GRIP_OK);
    CHECK_NEAR(state_of(e, b[1]).center.y, 55, 0);
    CHECK_NEAR(state_of(e, b[1]).center.x, 10, 0);
    /* Four boxes selected out of order: x 0..10 (centre 5), 20..30 (25), 25..55 (40), 200..210
     * (205): gap (200 - 10 - 40) / 3 = 50, so x 60..70 and 120..150. */
    four[0] = box_at(e, 0, 300, 10, 10);
    four[1] = box_at(e, 20, 300, 10, 10);
    four[2] = box_at(e, 25, 300, 30, 10);
    four[3] = box_at(e, 200, 300, 10, 10);
    {
        grip_box order[4];
        order[0] = four[3];
        order[1] = four[1];
        order[2] = four[0];
        order[3] = four[2];
        select_boxes(e, order, 4);
    }
    CHECK_STATUS(grip_selection_distribute(e, GRIP_AXIS_HORIZONTAL), GRIP_OK);
    CHECK_NEAR(state_of(e, four[0]).center.x, 5, 0);
    CHECK_NEAR(state_of(e, four[1]).center.x, 65, 0);
    CHECK_NEAR(state_of(e, four[2]).center.x, 135, 0);
    CHECK_NEAR(state_of(e, four[3]).center.x, 205, 0);
    CHECK_INT(drain_steps(e).changes, 4);
    /* Overlapping: x 0..50 (25), 10..60 (35), 60..70 (65): gap (60 - 50 - 50) / 2 = -20, x 30. */
    b[0] = box_at(e, 0, 500, 50, 10);
    b[1] = box_at(e, 10, 500, 50, 10);
    b[2] = box_at(e, 60, 500, 10, 10);
    select_boxes(e, b, 3);
    CHECK_STATUS(grip_selection_distribute(e, GRIP_AXIS_HORIZONTAL), GRIP_OK);
    CHECK_NEAR(state_of(e, b[1]).center.x, 55, 0);
    /* Two boxes: nothing between them. */
    select_boxes(e, b, 2);
    states(e, b, 2, start);
    CHECK_STATUS(grip_selection_distribute(e, GRIP_AXIS_VERTICAL), GRIP_DONE);
    CHECK(all_same(e, b, 2, start));
    CHECK_INT(drain_steps(e).committed, 0);
    grip_engine_destroy(e);
}

/* ---- rotated and nested members ------------------------------------------------------------- */

/* Bounds in world space: R, 40 x 20 about (100, 100) turned 90 degrees, spans x 90..110 and
 * y 80..120; N, 10 x 10 at (10, 10) in P (100 x 100 at (200, 0), scale 2 about its centre
 * (250, 50)), has world centre (250 + 2 * (15 - 50), 50 + 2 * (15 - 50)) = (180, -20) and spans
 * x 170..190, y -30..-10; B spans x 0..30, y 300..330. Union: x 0..190, y -30..330. A world
 * shift of N is half as long in P's space. */
static void align_rotated_nested(void) {
    grip_engine *e = arrange_engine(1000, 1000, GRIP_SELECTION_OFF);
    grip_box p = add_box(e, GRIP_NO_BOX, 200, 0, 100, 100, 0, 2, false);
    grip_box b[3];
    grip_box_state start[3], now;
    b[0] = add_box(e, GRIP_NO_BOX, 80, 90, 40, 20, PI / 2, 1, false);
    b[1] = add_box(e, p, 10, 10, 10, 10, 0, 1, false);
    b[2] = box_at(e, 0, 300, 30, 30);
    select_boxes(e, b, 3);
    states(e, b, 3, start);
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_LEFT, GRIP_NO_BOX), GRIP_OK);
    now = state_of(e, b[0]);
    CHECK_NEAR(now.center.x, 10, EXACT);
    CHECK_NEAR(now.center.y, 100, 0);
    CHECK(same_bits(now.rotation, start[0].rotation));
    now = state_of(e, b[1]);
    CHECK_NEAR(now.center.x, 15 - 85, EXACT); /* world -170: parent space -85 */
    CHECK_NEAR(now.center.y, 15, 0);
    CHECK_NEAR(now.corners[0].x, 0, EXACT);
    CHECK_NEAR(now.corners[0].y, -30, EXACT);
    CHECK(same_geometry(state_of(e, b[2]), start[2]));
    check_undo_redo(e, b, 3, start);
    /* Right edges on x 190 (N's, which stays bit for bit). */
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_RIGHT, GRIP_NO_BOX), GRIP_OK);
    CHECK_NEAR(state_of(e, b[0]).center.x, 180, EXACT);
    CHECK(same_geometry(state_of(e, b[1]), start[1]));
    CHECK_NEAR(state_of(e, b[2]).center.x, 175, EXACT);
    check_undo_redo(e, b, 3, start);
    /* Top edges on y -30 (N's). */
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_TOP, GRIP_NO_BOX), GRIP_OK);
    CHECK_NEAR(state_of(e, b[0]).center.y, -10, EXACT);
    CHECK_NEAR(state_of(e, b[2]).center.y, -15, EXACT);
    check_undo_redo(e, b, 3, start);
    /* Distributed vertically by their centres (N -20, R 100, B 315): gap (300 - (-10) - 40) / 2
     * = 135, so R spans y 125..165, centre 145. */
    CHECK_STATUS(grip_selection_distribute(e, GRIP_AXIS_VERTICAL), GRIP_OK);
    CHECK_NEAR(state_of(e, b[0]).center.y, 145, EXACT);
    CHECK(same_geometry(state_of(e, b[1]), start[1]));
    CHECK(same_geometry(state_of(e, b[2]), start[2]));
    check_undo_redo(e, b, 3, start);
    grip_engine_destroy(e);
}

/* ---- flip ----------------------------------------------------------------------------------- */

/* Each world corner of `after` is corner k of `before` mirrored across the line through `c`
 * with unit normal (nx, ny). */
static bool corners_mirrored(grip_box_state before, grip_box_state after, grip_vec2 c, double nx, double ny) {
    int k;
    bool ok = true;
    for (k = 0; k < 4; k++) {
        double along = (before.corners[k].x - c.x) * nx + (before.corners[k].y - c.y) * ny;
        double x = before.corners[k].x - 2 * along * nx, y = before.corners[k].y - 2 * along * ny;
        ok = ok && fabs(after.corners[k].x - x) < EXACT && fabs(after.corners[k].y - y) < EXACT;
    }
    return ok;
}

/* A (x 0..10), B (x 30..50) and T (10 x 20 about (5, 50), turned 0.3 rad: half extents
 * 5 cos 0.3 + 10 sin 0.3 across, 5 sin 0.3 + 10 cos 0.3 down). The members do not share a
 * rotation, so the frame is axis-aligned: x from 5 - hx to 50, y from 0 to 50 + hy. */
static void flip_mirror(void) {
    grip_engine *e = arrange_engine(1000, 1000, GRIP_SELECTION_OFF);
    grip_box b[3];
    grip_box_state start[3], now;
    double hx = 5 * cos(0.3) + 10 * sin(0.3), hy = 5 * sin(0.3) + 10 * cos(0.3);
    double cx = ((5 - hx) + 50) / 2, cy = (50 + hy) / 2;
    grip_vec2 c;
    step_seen s;
    int k;
    b[0] = box_at(e, 0, 0, 10, 10);
    b[1] = box_at(e, 30, 0, 20, 10);
    b[2] = add_box(e, GRIP_NO_BOX, 0, 40, 10, 20, 0.3, 1, false);
    select_boxes(e, b, 3);
    states(e, b, 3, start);
    CHECK_NEAR(frame_of(e).center.x, cx, EXACT);
    CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_HORIZONTAL), GRIP_OK);
    now = state_of(e, b[0]);
    CHECK_NEAR(now.center.x, 2 * cx - 5, EXACT);
    CHECK_NEAR(now.center.y, 5, 0);
    CHECK(now.flipped_x && !now.flipped_y);
    CHECK_NEAR(now.rotation, 0, 0);
    CHECK_NEAR(state_of(e, b[1]).center.x, 2 * cx - 40, EXACT);
    now = state_of(e, b[2]);
    CHECK_NEAR(now.center.x, 2 * cx - 5, EXACT);
    CHECK_NEAR(now.rotation, -0.3, EXACT);
    CHECK(now.flipped_x);
    c.x = cx;
    c.y = 0;
    for (k = 0; k < 3; k++) CHECK(corners_mirrored(start[k], state_of(e, b[k]), c, 1, 0));
    s = drain_steps(e);
    CHECK_INT(s.committed, 1);
    CHECK_INT(s.gesture, GRIP_GESTURE_FLIP);
    CHECK_INT(s.changes, 3);
    CHECK(s.after_is_now);
    check_undo_redo(e, b, 3, start);
    /* Vertically: across y = cy; flipped_y toggles, the rotation is mirrored the same way. */
    CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_VERTICAL), GRIP_OK);
    now = state_of(e, b[0]);
    CHECK_NEAR(now.center.y, 2 * cy - 5, EXACT);
    CHECK_NEAR(now.center.x, 5, 0);
    CHECK(now.flipped_y && !now.flipped_x);
    now = state_of(e, b[2]);
    CHECK_NEAR(now.rotation, -0.3, EXACT);
    CHECK(now.flipped_y);
    c.x = 0;
    c.y = cy;
    for (k = 0; k < 3; k++) CHECK(corners_mirrored(start[k], state_of(e, b[k]), c, 0, 1));
    check_undo_redo(e, b, 3, start);
    /* Twice: back where it was (up to rounding), flips off again. */
    CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_HORIZONTAL), GRIP_OK);
    CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_HORIZONTAL), GRIP_OK);
    for (k = 0; k < 3; k++) {
        now = state_of(e, b[k]);
        CHECK_NEAR(now.center.x, start[k].center.x, EXACT);
        CHECK_NEAR(now.rotation, start[k].rotation, EXACT);
        CHECK(!now.flipped_x);
    }
    CHECK_INT(undo_steps(e), 2);
    grip_engine_destroy(e);
}

/* One box is mirrored in place, across its own axes: S (40 x 20 about (120, 110), 0.5 rad)
 * keeps its centre bit for bit and its rotation, and its corners trade places across the line
 * through its centre along its own y axis. */
static void flip_one_box(void) {
    grip_engine *e = arrange_engine(1000, 1000, GRIP_SELECTION_OFF);
    grip_box s = add_box(e, GRIP_NO_BOX, 100, 100, 40, 20, 0.5, 1, false);
    grip_box_state start = state_of(e, s), now;
    CHECK_STATUS(grip_select(e, s, GRIP_SELECT_REPLACE), GRIP_OK);
    drain_events(e);
    CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_HORIZONTAL), GRIP_OK);
    now = state_of(e, s);
    CHECK(same_bits(now.center.x, start.center.x) && same_bits(now.center.y, start.center.y));
    CHECK_NEAR(now.rotation, 0.5, EXACT);
    CHECK(now.flipped_x && !now.flipped_y);
    CHECK(corners_mirrored(start, now, start.center, cos(0.5), sin(0.5)));
    {
        step_seen st = drain_steps(e);
        CHECK_INT(st.committed, 1);
        CHECK(st.box == s); /* one box: its own id */
    }
    check_undo_redo(e, &s, 1, &start);
    grip_engine_destroy(e);
}

/* Members of a parent turned 0.4 rad and scaled 1.5, and a top-level box: each one's world
 * corners mirrored across the frame's centre line, whatever its parent; undo and redo bit for
 * bit. */
static void flip_nested(void) {
    grip_engine *e = arrange_engine(1000, 1000, GRIP_SELECTION_OFF);
    grip_box q = add_box(e, GRIP_NO_BOX, 300, 300, 200, 100, 0.4, 1.5, false);
    grip_box b[3];
    grip_box_state start[3];
    grip_selection_state f;
    grip_vec2 c;
    int k;
    b[0] = add_box(e, q, 10, 10, 30, 20, 0, 1, false);
    b[1] = add_box(e, q, 120, 50, 40, 30, 0.2, 1, false);
    b[2] = box_at(e, 50, 50, 20, 20);
    select_boxes(e, b, 3);
    states(e, b, 3, start);
    f = frame_of(e);
    CHECK_NEAR(f.rotation, 0, 0);
    CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_HORIZONTAL), GRIP_OK);
    c = f.center;
    for (k = 0; k < 3; k++) {
        CHECK(corners_mirrored(start[k], state_of(e, b[k]), c, 1, 0));
        CHECK(state_of(e, b[k]).flipped_x);
    }
    check_undo_redo(e, b, 3, start);
    CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_VERTICAL), GRIP_OK);
    for (k = 0; k < 3; k++) {
        CHECK(corners_mirrored(start[k], state_of(e, b[k]), c, 0, 1));
        CHECK(state_of(e, b[k]).flipped_y);
    }
    check_undo_redo(e, b, 3, start);
    grip_engine_destroy(e);
}

/* ---- quarter turns -------------------------------------------------------------------------- */

/* Each world corner of `after` is corner k of `before` turned q quarter turns clockwise (y down)
 * about `c`: (x, y) -> (-y, x) once. */
static bool corners_turned(grip_box_state before, grip_box_state after, grip_vec2 c, int q) {
    int k, i;
    bool ok = true;
    for (k = 0; k < 4; k++) {
        double x = before.corners[k].x - c.x, y = before.corners[k].y - c.y, t;
        for (i = 0; i < q; i++) {
            t = x;
            x = -y;
            y = t;
        }
        ok = ok && fabs(after.corners[k].x - (c.x + x)) < EXACT && fabs(after.corners[k].y - (c.y + y)) < EXACT;
    }
    return ok;
}

/* A (centre (5, 5)) and B (20 x 10 about (40, 5)): the frame spans x 0..50, y 0..10, centre
 * (25, 5). A quarter turn clockwise takes A's offset (-20, 0) to (0, -20): centre (25, -15);
 * B's (15, 0) to (0, 15): (25, 20); both turn by exactly pi / 2. */
static void quarter_turns(void) {
    grip_engine *e = arrange_engine(1000, 1000, GRIP_SELECTION_OFF);
    grip_box b[2], t, alone;
    grip_box_state start[2], now;
    grip_vec2 pivot = {25, 5};
    step_seen s;
    b[0] = box_at(e, 0, 0, 10, 10);
    b[1] = box_at(e, 30, 0, 20, 10);
    select_boxes(e, b, 2);
    states(e, b, 2, start);
    CHECK_STATUS(grip_selection_rotate90(e, 1), GRIP_OK);
    now = state_of(e, b[0]);
    CHECK_NEAR(now.center.x, 25, 0);
    CHECK_NEAR(now.center.y, -15, 0);
    CHECK_NEAR(now.rotation, PI / 2, 0);
    now = state_of(e, b[1]);
    CHECK_NEAR(now.center.x, 25, 0);
    CHECK_NEAR(now.center.y, 20, 0);
    CHECK_NEAR(now.rotation, PI / 2, 0);
    CHECK(corners_turned(start[0], state_of(e, b[0]), pivot, 1));
    CHECK(corners_turned(start[1], state_of(e, b[1]), pivot, 1));
    CHECK_NEAR(frame_of(e).center.x, 25, EXACT);
    CHECK_NEAR(frame_of(e).center.y, 5, EXACT);
    CHECK_NEAR(frame_of(e).rotation, PI / 2, EXACT);
    s = drain_steps(e);
    CHECK_INT(s.committed, 1);
    CHECK_INT(s.gesture, GRIP_GESTURE_ROTATE90);
    CHECK(s.box == GRIP_SELECTION);
    CHECK(s.after_is_now);
    check_undo_redo(e, b, 2, start);
    /* Counter-clockwise: (-20, 0) -> (0, 20); -7 is 1 modulo 4 (clockwise); a half turn. */
    CHECK_STATUS(grip_selection_rotate90(e, -1), GRIP_OK);
    CHECK_NEAR(state_of(e, b[0]).center.y, 25, 0);
    CHECK_NEAR(state_of(e, b[0]).rotation, -PI / 2, 0);
    CHECK(corners_turned(start[0], state_of(e, b[0]), pivot, 3));
    check_undo_redo(e, b, 2, start);
    CHECK_STATUS(grip_selection_rotate90(e, -7), GRIP_OK);
    CHECK_NEAR(state_of(e, b[0]).center.y, -15, 0);
    check_undo_redo(e, b, 2, start);
    CHECK_STATUS(grip_selection_rotate90(e, 2), GRIP_OK);
    CHECK_NEAR(state_of(e, b[0]).center.x, 45, 0);
    CHECK_NEAR(state_of(e, b[1]).center.x, 10, 0);
    CHECK_NEAR(state_of(e, b[0]).rotation, PI, 0);
    check_undo_redo(e, b, 2, start);
    /* Whole turns do nothing. */
    CHECK_STATUS(grip_selection_rotate90(e, 0), GRIP_DONE);
    CHECK_STATUS(grip_selection_rotate90(e, 4), GRIP_DONE);
    CHECK_STATUS(grip_selection_rotate90(e, -8), GRIP_DONE);
    CHECK(all_same(e, b, 2, start));
    CHECK_INT(drain_steps(e).committed, 0);
    /* Members of different rotations: the axis-aligned frame keeps its orientation turned. */
    t = add_box(e, GRIP_NO_BOX, 0, 40, 10, 20, 0.3, 1, false);
    {
        grip_box two[2];
        two[0] = b[0];
        two[1] = t;
        select_boxes(e, two, 2);
    }
    CHECK_NEAR(frame_of(e).rotation, 0, 0);
    CHECK_STATUS(grip_selection_rotate90(e, 1), GRIP_OK);
    CHECK_NEAR(state_of(e, t).rotation, 0.3 + PI / 2, EXACT);
    CHECK_NEAR(frame_of(e).rotation, PI / 2, EXACT);
    /* One box turns about its own centre, which stays bit for bit; 3 + pi / 2 wraps to
     * 3 - 3 pi / 2. */
    alone = add_box(e, GRIP_NO_BOX, 500, 500, 40, 20, 3.0, 1, false);
    CHECK_STATUS(grip_select(e, alone, GRIP_SELECT_REPLACE), GRIP_OK);
    start[0] = state_of(e, alone);
    drain_events(e);
    CHECK_STATUS(grip_selection_rotate90(e, 1), GRIP_OK);
    now = state_of(e, alone);
    CHECK(same_bits(now.center.x, start[0].center.x) && same_bits(now.center.y, start[0].center.y));
    CHECK_NEAR(now.rotation, 3.0 - 1.5 * PI, EXACT);
    CHECK(drain_steps(e).box == alone);
    grip_engine_destroy(e);
}

/* Nested members turn about the frame's centre in world space: corners checked in the world. */
static void quarter_turns_nested(void) {
    grip_engine *e = arrange_engine(1000, 1000, GRIP_SELECTION_OFF);
    grip_box q = add_box(e, GRIP_NO_BOX, 300, 300, 200, 100, 0.4, 1.5, false);
    grip_box b[2];
    grip_box_state start[2];
    grip_selection_state f;
    int k;
    b[0] = add_box(e, q, 10, 10, 30, 20, 0, 1, false);
    b[1] = box_at(e, 50, 50, 20, 20);
    select_boxes(e, b, 2);
    states(e, b, 2, start);
    f = frame_of(e);
    CHECK_STATUS(grip_selection_rotate90(e, 1), GRIP_OK);
    for (k = 0; k < 2; k++) CHECK(corners_turned(start[k], state_of(e, b[k]), f.center, 1));
    CHECK_NEAR(state_of(e, b[0]).rotation, PI / 2, EXACT); /* its own rotation, in q's space */
    check_undo_redo(e, b, 2, start);
    grip_engine_destroy(e);
}

/* ---- allow bits ----------------------------------------------------------------------------- */

/* A member that does not allow what would happen to it stays exactly where it is: moving needs
 * MOVE, a quarter turn ROTATE, a mirror RESIZE; distribute leaves boxes that may not move out. */
static void allow_bits(void) {
    const uint32_t all = GRIP_ALLOW_ALL;
    grip_engine *e = arrange_engine(1000, 1000, GRIP_SELECTION_OFF);
    grip_box b[3], d[4];
    grip_box_state start[4], now;
    b[0] = box_at(e, 0, 0, 10, 10);
    b[1] = box_at(e, 30, 50, 20, 40);
    b[2] = box_at(e, 100, 20, 10, 30);
    configure(e, b[1], all & ~(uint32_t)GRIP_ALLOW_MOVE, false);
    select_boxes(e, b, 3);
    states(e, b, 3, start);
    /* Align right: the frame is still every member's (x 0..110); B stays. */
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_RIGHT, GRIP_NO_BOX), GRIP_OK);
    CHECK_NEAR(state_of(e, b[0]).center.x, 105, 0);
    CHECK(same_geometry(state_of(e, b[1]), start[1]));
    CHECK_NEAR(state_of(e, b[2]).center.x, 105, 0);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    /* Only B may not move, and only B would: nothing moves, no step. */
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_LEFT, b[0]), GRIP_OK); /* C moves */
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    {
        grip_box ab[2];
        ab[0] = b[0];
        ab[1] = b[1];
        select_boxes(e, ab, 2);
        CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_LEFT, b[0]), GRIP_DONE);
        CHECK(all_same(e, b, 3, start));
        CHECK_INT(drain_steps(e).committed, 0);
    }
    /* Distribute: x 0..10, (30..50 may not move), 60..70, 100..110: the three that may are
     * spaced by (100 - 10 - 10) / 2 = 40, the third at x 50; the pinned one stays. */
    d[0] = box_at(e, 0, 300, 10, 10);
    d[1] = box_at(e, 30, 300, 20, 10);
    d[2] = box_at(e, 60, 300, 10, 10);
    d[3] = box_at(e, 100, 300, 10, 10);
    configure(e, d[1], all & ~(uint32_t)GRIP_ALLOW_MOVE, false);
    select_boxes(e, d, 4);
    states(e, d, 4, start);
    CHECK_STATUS(grip_selection_distribute(e, GRIP_AXIS_HORIZONTAL), GRIP_OK);
    CHECK_NEAR(state_of(e, d[2]).center.x, 55, 0);
    CHECK(same_geometry(state_of(e, d[1]), start[1]));
    CHECK_INT(drain_steps(e).changes, 4);
    /* Quarter turn of A (0..10) and B2 (30..50, y 0..10) about (25, 5): A may not rotate and
     * stays; B2 turns to (25, 20). Then B2 may rotate but not move: it stays too. */
    {
        grip_box pair[2];
        pair[0] = box_at(e, 0, 600, 10, 10);
        pair[1] = box_at(e, 30, 600, 20, 10);
        configure(e, pair[0], all & ~(uint32_t)GRIP_ALLOW_ROTATE, false);
        select_boxes(e, pair, 2);
        states(e, pair, 2, start);
        CHECK_STATUS(grip_selection_rotate90(e, 1), GRIP_OK);
        CHECK(same_geometry(state_of(e, pair[0]), start[0]));
        CHECK_NEAR(state_of(e, pair[1]).center.x, 25, 0);
        CHECK_NEAR(state_of(e, pair[1]).center.y, 620, 0);
        CHECK_STATUS(grip_undo(e), GRIP_OK);
        configure(e, pair[1], all & ~(uint32_t)GRIP_ALLOW_MOVE, false);
        CHECK_STATUS(grip_selection_rotate90(e, 1), GRIP_DONE);
        /* A mirror needs RESIZE: pair[1] (no MOVE) and pair[0] (RESIZE off now) are skipped. */
        configure(e, pair[0], all & ~(uint32_t)GRIP_ALLOW_RESIZE, false);
        CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_HORIZONTAL), GRIP_DONE);
        CHECK(all_same(e, pair, 2, start));
        /* One box without MOVE turns and mirrors in place (its centre stays); without
         * ROTATE it does not turn, without RESIZE it does not mirror. */
        select_boxes(e, pair + 1, 1);
        CHECK_STATUS(grip_selection_rotate90(e, 1), GRIP_OK);
        now = state_of(e, pair[1]);
        CHECK(same_bits(now.center.x, start[1].center.x));
        CHECK_NEAR(now.rotation, PI / 2, 0);
        CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_VERTICAL), GRIP_OK);
        CHECK(state_of(e, pair[1]).flipped_y);
        configure(e, pair[1], GRIP_ALLOW_MOVE, false);
        CHECK_STATUS(grip_selection_rotate90(e, 1), GRIP_DONE);
        CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_VERTICAL), GRIP_DONE);
        CHECK_INT(drain_steps(e).committed, 2);
    }
    grip_engine_destroy(e);
}

/* ---- containment ---------------------------------------------------------------------------- */

/* Root bounds 200 x 200. A contained box moved out is moved back in by the least translation;
 * one that still does not fit stays where it is. */
static void containment(void) {
    grip_engine *e = arrange_engine(200, 200, GRIP_SELECTION_OFF);
    grip_box b[2], w, p, k;
    grip_box_state start[2], now;
    b[0] = box_at(e, 10, 0, 20, 10);
    b[1] = box_at(e, 190, 50, 50, 10); /* x 190..240, not contained */
    configure(e, b[0], GRIP_ALLOW_ALL, true);
    select_boxes(e, b, 2);
    states(e, b, 2, start);
    /* Right edges on 240: A would span 220..240, clamped to 180..200. */
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_RIGHT, GRIP_NO_BOX), GRIP_OK);
    CHECK_NEAR(state_of(e, b[0]).center.x, 190, 0);
    CHECK(same_geometry(state_of(e, b[1]), start[1]));
    check_undo_redo(e, b, 2, start);
    /* W, 100 x 20 about (100, 190), contained: a quarter turn makes it 20 x 100 about
     * (100, 190), y 140..240, clamped up by 40 to y 100..200. */
    w = box_at(e, 50, 180, 100, 20);
    configure(e, w, GRIP_ALLOW_ALL, true);
    CHECK_STATUS(grip_select(e, w, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_selection_rotate90(e, 1), GRIP_OK);
    now = state_of(e, w);
    CHECK_NEAR(now.center.x, 100, EXACT);
    CHECK_NEAR(now.center.y, 150, EXACT);
    CHECK_NEAR(now.rotation, PI / 2, 0);
    /* K, 150 x 10 inside P (200 x 100): turned it would be 150 tall, taller than P: it stays. */
    p = box_at(e, 0, 0, 200, 100);
    k = add_box(e, p, 25, 45, 150, 10, 0, 1, false);
    configure(e, k, GRIP_ALLOW_ALL, true);
    CHECK_STATUS(grip_select(e, k, GRIP_SELECT_REPLACE), GRIP_OK);
    start[0] = state_of(e, k);
    drain_events(e);
    CHECK_STATUS(grip_selection_rotate90(e, 1), GRIP_DONE);
    CHECK(same_geometry(state_of(e, k), start[0]));
    CHECK_INT(drain_steps(e).committed, 0);
    grip_engine_destroy(e);
}

/* ---- constraints ---------------------------------------------------------------------------- */

typedef struct arrange_probe {
    grip_engine *engine;
    int calls, mode; /* 0: x down to a multiple of 4; 1: refuse */
    grip_geometry current, proposed;
    grip_status reentry;
} arrange_probe;

static bool arrange_constraint(void *context, grip_box box, const grip_geometry *current, grip_geometry *proposed) {
    arrange_probe *p = (arrange_probe *)context;
    (void)box;
    p->calls++;
    p->current = *current;
    p->proposed = *proposed;
    p->reentry = grip_selection_align(p->engine, GRIP_ALIGN_LEFT, GRIP_NO_BOX);
    if (p->mode == 1) return false;
    proposed->center.x = floor(proposed->center.x / 4) * 4;
    return true;
}

/* A (centre x 5) under a constraint, B x 13..23: aligned right A is proposed at centre 18,
 * which the constraint puts at 16; a constraint that refuses keeps A where it is. */
static void constraints(void) {
    grip_engine *e = arrange_engine(1000, 1000, GRIP_SELECTION_OFF);
    grip_box b[2];
    grip_box_state start[2];
    arrange_probe p;
    memset(&p, 0, sizeof p);
    p.engine = e;
    b[0] = box_at(e, 0, 0, 10, 10);
    b[1] = box_at(e, 13, 20, 10, 10);
    CHECK_STATUS(grip_box_set_constraint(e, b[0], arrange_constraint, &p), GRIP_OK);
    select_boxes(e, b, 2);
    states(e, b, 2, start);
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_RIGHT, GRIP_NO_BOX), GRIP_OK);
    CHECK_INT(p.calls, 1);
    CHECK_NEAR(p.current.center.x, 5, 0);
    CHECK_NEAR(p.proposed.center.x, 18, 0);
    CHECK_STATUS(p.reentry, GRIP_ERR_STATE); /* the engine is busy inside the hook */
    CHECK_NEAR(state_of(e, b[0]).center.x, 16, 0);
    check_undo_redo(e, b, 2, start);
    p.mode = 1;
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_RIGHT, GRIP_NO_BOX), GRIP_DONE);
    CHECK(all_same(e, b, 2, start));
    CHECK_INT(drain_steps(e).committed, 0);
    grip_engine_destroy(e);
}

/* ---- refusals ------------------------------------------------------------------------------- */

/* Every call once on engine e: each must give `want` and change nothing. */
static void all_refused(grip_engine *e, grip_status want, const char *message, const grip_box *boxes, int n) {
    grip_box_state before[4];
    size_t depth = undo_steps(e);
    states(e, boxes, n, before);
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_LEFT, GRIP_NO_BOX), want);
    CHECK(strstr(grip_engine_errmsg(e), message) != NULL);
    CHECK_STATUS(grip_selection_distribute(e, GRIP_AXIS_HORIZONTAL), want);
    CHECK(strstr(grip_engine_errmsg(e), message) != NULL);
    CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_VERTICAL), want);
    CHECK(strstr(grip_engine_errmsg(e), message) != NULL);
    CHECK_STATUS(grip_selection_rotate90(e, 1), want);
    CHECK(strstr(grip_engine_errmsg(e), message) != NULL);
    CHECK(all_same(e, boxes, n, before));
    CHECK_INT(undo_steps(e), depth);
}

static void refusals(void) {
    grip_engine *e = arrange_engine(1000, 1000, GRIP_SELECTION_POINTER);
    grip_box b[3];
    step_seen s;
    b[0] = box_at(e, 0, 0, 10, 10);
    b[1] = box_at(e, 30, 0, 20, 10);
    b[2] = box_at(e, 100, 0, 10, 10);
    CHECK_STATUS(grip_selection_align(NULL, GRIP_ALIGN_LEFT, GRIP_NO_BOX), GRIP_ERR_ARG);
    CHECK_STATUS(grip_selection_distribute(NULL, GRIP_AXIS_HORIZONTAL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_selection_flip(NULL, GRIP_AXIS_HORIZONTAL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_selection_rotate90(NULL, 1), GRIP_ERR_ARG);
    /* Nothing selected. */
    all_refused(e, GRIP_ERR_STATE, "nothing is selected", b, 3);
    CHECK_INT(drain_steps(e).committed, 0);
    select_boxes(e, b, 3);
    /* Unknown enum values. */
    CHECK_STATUS(grip_selection_align(e, (grip_align)6, GRIP_NO_BOX), GRIP_ERR_ARG);
    CHECK_STR(grip_engine_errmsg(e), "edge 6 is not a grip_align");
    CHECK_STATUS(grip_selection_align(e, (grip_align)-1, GRIP_NO_BOX), GRIP_ERR_ARG);
    CHECK_STATUS(grip_selection_distribute(e, (grip_axis)2), GRIP_ERR_ARG);
    CHECK_STR(grip_engine_errmsg(e), "axis 2 is not a grip_axis");
    CHECK_STATUS(grip_selection_flip(e, (grip_axis)7), GRIP_ERR_ARG);
    CHECK_STR(grip_engine_errmsg(e), "axis 7 is not a grip_axis");
    /* During a gesture: a drag of the selection in progress. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 5, 5, 0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 25, 25, 0.05), GRIP_OK);
    CHECK(frame_of(e).gesture_active);
    all_refused(e, GRIP_ERR_STATE, "a gesture is in progress", b, 3);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 25, 25, 0.1), GRIP_OK);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    drain_events(e);
    /* During a marquee from empty space (shift: adding, so the selection stays). */
    {
        grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, 500, 500, 1, GRIP_MOD_SHIFT};
        CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
        ev.phase = GRIP_PHASE_MOVE;
        ev.x = ev.y = 600;
        ev.time = 1.05;
        CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
        CHECK(frame_of(e).gesture_active);
        CHECK_INT(frame_of(e).count, 3);
        all_refused(e, GRIP_ERR_STATE, "a gesture is in progress", b, 3);
        ev.phase = GRIP_PHASE_CANCEL;
        ev.time = 1.1;
        CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    }
    select_boxes(e, b, 3);
    /* A nudge run in progress is committed first, as its own step. */
    {
        grip_key_event k = {GRIP_PHASE_DOWN, GRIP_KEY_RIGHT, 0, 2};
        size_t depth = undo_steps(e);
        CHECK_STATUS(grip_dispatch_key(e, &k, NULL), GRIP_OK);
        CHECK_NEAR(state_of(e, b[1]).center.x, 41, 0);
        CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_LEFT, GRIP_NO_BOX), GRIP_OK);
        CHECK_NEAR(state_of(e, b[1]).center.x, 11, 0); /* x 1 */
        CHECK_INT(undo_steps(e), depth + 2);
        s = drain_steps(e);
        CHECK_INT(s.committed, 2);
        CHECK_INT(s.gesture, GRIP_GESTURE_ALIGN);
        CHECK_STATUS(grip_undo(e), GRIP_OK);
        CHECK_NEAR(state_of(e, b[1]).center.x, 41, 0);
    }
    grip_engine_destroy(e);
}

void suite_arrange(void) {
    align_edges();
    arranged_frame();
    align_key();
    distribute_gaps();
    align_rotated_nested();
    flip_mirror();
    flip_one_box();
    flip_nested();
    quarter_turns();
    quarter_turns_nested();
    allow_bits();
    containment();
    constraints();
    refusals();
}
