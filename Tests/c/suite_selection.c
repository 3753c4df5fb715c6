/* suite_selection.c: the selection through the C ABI: grip_select and its rules, the selection
 * frame, its overlay and handles, group move, resize (both policies, flip, minimum sizes),
 * rotate, pinch and magnify, and pointer selection (press, tap, shift, marquee, hover). Expected
 * numbers come from the rules in grip.h worked out here, not from the library. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

static grip_engine *engine_with(grip_selection_mode mode, grip_group_resize policy) {
    grip_engine_desc d;
    grip_engine *e = NULL;
    grip_engine_desc_init(&d);
    d.width = 1000;
    d.height = 800;
    d.selection = mode;
    d.group_resize = policy;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    return e;
}

static size_t selection_count(grip_engine *e) {
    size_t n = 99;
    CHECK_STATUS(grip_selection_get(e, NULL, 0, &n), GRIP_OK);
    return n;
}

static grip_selection_state frame_of(grip_engine *e) {
    grip_selection_state s;
    memset(&s, 0, sizeof s);
    s.struct_size = sizeof s;
    CHECK_STATUS(grip_selection_state_get(e, &s), GRIP_OK);
    return s;
}

/* Counts queued events of a kind (draining the queue); the last one's box and gesture. */
static int events_of(grip_engine *e, grip_event_kind kind, grip_box *box, grip_gesture *gesture) {
    grip_event ev;
    int n = 0;
    while (grip_event_poll(e, &ev) == GRIP_OK) {
        if (ev.kind != kind) continue;
        n++;
        if (box) *box = ev.box;
        if (gesture) *gesture = ev.gesture;
    }
    return n;
}

static void drag(grip_engine *e, double x0, double y0, double x1, double y1, double t) {
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, x0, y0, t), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, (x0 + x1) / 2, (y0 + y1) / 2, t + 0.02), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, x1, y1, t + 0.04), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, x1, y1, t + 0.06), GRIP_OK);
}

static void tap(grip_engine *e, double x, double y, uint32_t mods, double t) {
    grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, x, y, t, mods};
    CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    ev.phase = GRIP_PHASE_UP;
    ev.time = t + 0.05;
    CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
}

static bool selected(grip_engine *e, grip_box b) {
    grip_box ids[16];
    size_t n = 0, i;
    CHECK_STATUS(grip_selection_get(e, ids, 16, &n), GRIP_OK);
    for (i = 0; i < n && i < 16; i++)
        if (ids[i] == b) return true;
    return false;
}

/* grip_select's operations, order, the ancestor rule, events, destroy, and bad input. */
static void select_api(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, GRIP_GROUP_RESIZE_KEEP_SHAPES);
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 100, 50, 0, 1, false);
    grip_box b = add_box(e, GRIP_NO_BOX, 300, 150, 100, 50, 0, 1, false);
    grip_box p = add_box(e, GRIP_NO_BOX, 500, 400, 200, 200, 0, 1, false);
    grip_box q = add_box(e, p, 20, 20, 50, 50, 0, 1, false);
    grip_box ids[8];
    size_t n = 0;
    grip_box evbox = 0;
    grip_selection_state st;
    drain_events(e);

    CHECK_INT(selection_count(e), 0);
    CHECK_STATUS(grip_select(e, b, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_ADD), GRIP_OK);
    CHECK_STATUS(grip_selection_get(e, ids, 8, &n), GRIP_OK);
    CHECK_INT(n, 2);
    CHECK(ids[0] == b && ids[1] == a); /* the order they were selected in */
    /* Two changes not polled in between: one event says "read the selection now". */
    CHECK_INT(events_of(e, GRIP_EVENT_SELECTION_CHANGED, &evbox, NULL), 1);
    CHECK(evbox == GRIP_SELECTION);
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REMOVE), GRIP_OK);
    CHECK_INT(events_of(e, GRIP_EVENT_SELECTION_CHANGED, NULL, NULL), 1);
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_ADD), GRIP_OK);
    CHECK_INT(events_of(e, GRIP_EVENT_SELECTION_CHANGED, NULL, NULL), 1);
    /* No change, no event. */
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_ADD), GRIP_OK);
    CHECK_INT(events_of(e, GRIP_EVENT_SELECTION_CHANGED, NULL, NULL), 0);
    /* Capacity smaller than the count: count is the whole, one id copied. */
    ids[1] = 0;
    CHECK_STATUS(grip_selection_get(e, ids, 1, &n), GRIP_OK);
    CHECK_INT(n, 2);
    CHECK(ids[0] == b && ids[1] == 0);
    CHECK_STATUS(grip_select(e, b, GRIP_SELECT_TOGGLE), GRIP_OK);
    CHECK(!selected(e, b) && selected(e, a));
    CHECK_STATUS(grip_select(e, b, GRIP_SELECT_TOGGLE), GRIP_OK);
    CHECK(selected(e, b));
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REMOVE), GRIP_OK);
    CHECK(!selected(e, a) && selected(e, b));
    /* A box and its ancestor are never selected together. */
    CHECK_STATUS(grip_select(e, p, GRIP_SELECT_ADD), GRIP_OK);
    CHECK_STATUS(grip_select(e, q, GRIP_SELECT_ADD), GRIP_OK);
    CHECK(selected(e, q) && !selected(e, p) && selected(e, b));
    CHECK_STATUS(grip_select(e, p, GRIP_SELECT_TOGGLE), GRIP_OK);
    CHECK(selected(e, p) && !selected(e, q));
    /* Re-parenting a selected box under another selected one keeps the one selected first. */
    {
        grip_box_desc d;
        grip_box x = add_box(e, GRIP_NO_BOX, 10, 10, 40, 40, 0, 1, false);
        CHECK_STATUS(grip_select(e, x, GRIP_SELECT_ADD), GRIP_OK);
        grip_box_desc_init(&d);
        CHECK_STATUS(grip_box_describe(e, x, &d), GRIP_OK);
        d.parent = b;
        CHECK_STATUS(grip_box_configure(e, x, &d), GRIP_OK);
        CHECK(selected(e, b) && !selected(e, x));
        CHECK_STATUS(grip_box_destroy(e, x), GRIP_OK);
    }
    /* Destroying a selected box takes it out, with an event. */
    drain_events(e);
    CHECK_STATUS(grip_box_destroy(e, p), GRIP_OK);
    CHECK_INT(selection_count(e), 1);
    CHECK_INT(events_of(e, GRIP_EVENT_SELECTION_CHANGED, NULL, NULL), 1);
    /* REPLACE with GRIP_NO_BOX clears. */
    CHECK_STATUS(grip_select(e, GRIP_NO_BOX, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_INT(selection_count(e), 0);
    st = frame_of(e);
    CHECK_INT(st.count, 0);
    CHECK(st.width == 0 && st.height == 0 && st.center.x == 0);

    /* Bad input: an error with a message, nothing changed. */
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_select(e, b, (grip_select_op)9), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "grip_select_op") != NULL);
    CHECK_STATUS(grip_select(e, GRIP_NO_BOX, GRIP_SELECT_ADD), GRIP_ERR_ARG);
    CHECK_STATUS(grip_select(e, q, GRIP_SELECT_ADD), GRIP_ERR_NOT_FOUND); /* destroyed with p */
    CHECK_STATUS(grip_select(e, GRIP_SELECTION, GRIP_SELECT_ADD), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_selection_get(e, ids, 8, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_selection_get(e, NULL, 8, &n), GRIP_ERR_ARG);
    st.struct_size = 4;
    CHECK_STATUS(grip_selection_state_get(e, &st), GRIP_ERR_ARG);
    /* The message says what to set: the struct has no _init function. */
    CHECK(strstr(grip_engine_errmsg(e), "(set struct_size = sizeof(grip_selection_state))") != NULL);
    CHECK_STATUS(grip_selection_state_get(e, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_select(NULL, a, GRIP_SELECT_ADD), GRIP_ERR_ARG);
    CHECK_INT(selection_count(e), 1);
    CHECK(selected(e, a));
    /* A gesture on the selection: GRIP_ERR_STATE. */
    CHECK_STATUS(grip_select(e, b, GRIP_SELECT_ADD), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 125, 1.0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 190, 125, 1.1), GRIP_OK);
    CHECK_STATUS(grip_select(e, GRIP_NO_BOX, GRIP_SELECT_REPLACE), GRIP_ERR_STATE);
    CHECK_INT(frame_of(e).gesture_active, 1);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 190, 125, 1.2), GRIP_OK);
    CHECK_INT(selection_count(e), 2);
    grip_engine_destroy(e);
}

/* The selection frame: the members' world bounds, oriented when they share a world rotation. */
static void frame_rules(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, GRIP_GROUP_RESIZE_KEEP_SHAPES);
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 100, 50, 0, 1, false);
    grip_box b = add_box(e, GRIP_NO_BOX, 300, 150, 100, 50, 0, 1, false);
    grip_box r1 = add_box(e, GRIP_NO_BOX, 100, 400, 100, 60, 0.3, 1, false);
    grip_box r2 = add_box(e, GRIP_NO_BOX, 400, 500, 80, 40, 0.3, 1, false);
    grip_selection_state s;
    double c = cos(0.3), sn = sin(0.3), lo = 1e300, hi = -1e300, lo2 = 1e300, hi2 = -1e300;
    int i;
    grip_box two[2] = {r1, r2};
    int k;

    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    s = frame_of(e);
    CHECK_INT(s.count, 1);
    CHECK_NEAR(s.center.x, 150, EXACT);
    CHECK_NEAR(s.width, 100, EXACT);
    CHECK_STATUS(grip_select(e, b, GRIP_SELECT_ADD), GRIP_OK);
    s = frame_of(e);
    CHECK_INT(s.count, 2);
    CHECK_NEAR(s.center.x, 250, EXACT);
    CHECK_NEAR(s.center.y, 150, EXACT);
    CHECK_NEAR(s.width, 300, EXACT);
    CHECK_NEAR(s.height, 100, EXACT);
    CHECK_NEAR(s.rotation, 0, EXACT);
    CHECK_NEAR(s.corners[2].x, 400, EXACT);
    CHECK_NEAR(s.corners[2].y, 200, EXACT);

    /* Both turned 0.3: the frame turns with them; its extent is the corners projected on its axes. */
    CHECK_STATUS(grip_select(e, r1, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_select(e, r2, GRIP_SELECT_ADD), GRIP_OK);
    s = frame_of(e);
    CHECK_NEAR(s.rotation, 0.3, 1e-12);
    for (k = 0; k < 2; k++) {
        grip_box_state bs = state_of(e, two[k]);
        for (i = 0; i < 4; i++) {
            double u = c * bs.corners[i].x + sn * bs.corners[i].y, v = -sn * bs.corners[i].x + c * bs.corners[i].y;
            if (u < lo) lo = u;
            if (u > hi) hi = u;
            if (v < lo2) lo2 = v;
            if (v > hi2) hi2 = v;
        }
    }
    CHECK_NEAR(s.width, hi - lo, 1e-9);
    CHECK_NEAR(s.height, hi2 - lo2, 1e-9);
    /* Different rotations: axis-aligned world bounds of every corner. */
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_ADD), GRIP_OK);
    s = frame_of(e);
    CHECK_NEAR(s.rotation, 0, EXACT);
    {
        grip_box all[3] = {a, r1, r2};
        double minx = 1e300, maxy = -1e300;
        for (k = 0; k < 3; k++) {
            grip_box_state bs = state_of(e, all[k]);
            for (i = 0; i < 4; i++) {
                if (bs.corners[i].x < minx) minx = bs.corners[i].x;
                if (bs.corners[i].y > maxy) maxy = bs.corners[i].y;
            }
        }
        CHECK_NEAR(s.corners[0].x, minx, EXACT);
        CHECK_NEAR(s.corners[2].y, maxy, EXACT);
        CHECK_NEAR(s.corners[0].y, 100, EXACT);
    }
    grip_engine_destroy(e);
}

/* One selected box shows its own border and handles; two or more an OUTLINE each, and the
 * selection's BORDER exactly on the frame with 9 handles, all hit as GRIP_SELECTION. */
static void overlay(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, GRIP_GROUP_RESIZE_KEEP_SHAPES);
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 100, 50, 0, 1, false);
    grip_box b = add_box(e, GRIP_NO_BOX, 300, 150, 100, 50, 0, 1, true);
    grip_frame f;
    grip_hit hit;
    int i, k;

    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK_INT(count_commands(&f, GRIP_CMD_BORDER), 1); /* b is editing */
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK_INT(count_commands(&f, GRIP_CMD_BORDER), 2); /* a shows its own now */
    CHECK_INT(count_commands(&f, GRIP_CMD_HANDLE), 18);
    CHECK_INT(count_commands(&f, GRIP_CMD_OUTLINE), 0);
    CHECK_STATUS(grip_hit_test(e, 200, 150, &hit), GRIP_OK);
    CHECK(hit.box == a && hit.handle == GRIP_HANDLE_BOTTOM_RIGHT);

    CHECK_STATUS(grip_select(e, b, GRIP_SELECT_ADD), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK_INT(count_commands(&f, GRIP_CMD_OUTLINE), 2);
    CHECK_INT(count_commands(&f, GRIP_CMD_BORDER), 1); /* the members' own go */
    CHECK_INT(count_commands(&f, GRIP_CMD_HANDLE), 9);
    k = find_command(&f, GRIP_CMD_BORDER, 0);
    CHECK(k >= 0 && f.commands[k].box == GRIP_SELECTION && f.commands[k].vertex_count == 4);
    if (k >= 0) {
        const grip_vec2 *v = &f.vertices[f.commands[k].first_vertex];
        CHECK_NEAR(v[0].x, 100, EXACT);
        CHECK_NEAR(v[0].y, 100, EXACT);
        CHECK_NEAR(v[2].x, 400, EXACT);
        CHECK_NEAR(v[2].y, 200, EXACT);
    }
    for (i = 0; i < (int)f.command_count; i++) {
        if (f.commands[i].kind == GRIP_CMD_HANDLE) CHECK(f.commands[i].box == GRIP_SELECTION);
        if (f.commands[i].kind == GRIP_CMD_OUTLINE) CHECK(f.commands[i].box == a || f.commands[i].box == b);
    }
    k = find_command(&f, GRIP_CMD_OUTLINE, 0);
    if (k >= 0) {
        const grip_vec2 *v = &f.vertices[f.commands[k].first_vertex];
        CHECK(f.commands[k].box == a && f.commands[k].vertex_count == 4);
        CHECK_NEAR(v[0].x, 100, EXACT);
        CHECK_NEAR(v[2].y, 150, EXACT);
    }
    CHECK_STATUS(grip_hit_test(e, 400, 200, &hit), GRIP_OK);
    CHECK(hit.box == GRIP_SELECTION && hit.handle == GRIP_HANDLE_BOTTOM_RIGHT);
    CHECK_STATUS(grip_hit_test(e, 250, 76, &hit), GRIP_OK); /* 24 screen units above the top */
    CHECK(hit.box == GRIP_SELECTION && hit.handle == GRIP_HANDLE_ROTATE);
    CHECK_STATUS(grip_hit_test(e, 150, 125, &hit), GRIP_OK); /* a member's body is its own */
    CHECK(hit.box == a && hit.handle == GRIP_HANDLE_NONE);
    /* The ants march on the selection's border too. */
    {
        double phase0;
        uint64_t serial = f.serial;
        k = find_command(&f, GRIP_CMD_BORDER, 0);
        phase0 = f.commands[k].dash_phase;
        CHECK_STATUS(grip_dispatch_timer(e, 0.25), GRIP_OK);
        CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
        CHECK(f.serial != serial);
        k = find_command(&f, GRIP_CMD_BORDER, 0);
        CHECK_NEAR(f.commands[k].dash_phase, fmod(phase0 + 2.5, 12), 1e-9);
    }
    grip_engine_destroy(e);
}

/* Dragging any member moves every member by the pointer's world displacement, each in its own
 * parent's space; events carry GRIP_SELECTION. */
static void group_move(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, GRIP_GROUP_RESIZE_KEEP_SHAPES);
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 100, 50, 0, 1, false);
    grip_box p = add_box(e, GRIP_NO_BOX, 500, 300, 300, 200, 0.7, 1.5, false);
    grip_box c = add_box(e, p, 30, 40, 60, 40, -0.4, 1, false);
    grip_box_state a0 = state_of(e, a), c0 = state_of(e, c), a1, c1;
    grip_box evbox = 0;
    grip_gesture gesture = GRIP_GESTURE_NONE;
    grip_vec2 wc0 = aff_apply(c0.world, 30, 20), wc1; /* c's centre in the world */

    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_select(e, c, GRIP_SELECT_ADD), GRIP_OK);
    drain_events(e);
    drag(e, 150, 125, 180.5, 145.25, 1.0);
    a1 = state_of(e, a);
    c1 = state_of(e, c);
    wc1 = aff_apply(c1.world, 30, 20);
    CHECK_NEAR(a1.center.x - a0.center.x, 30.5, EXACT);
    CHECK_NEAR(a1.center.y - a0.center.y, 20.25, EXACT);
    CHECK_NEAR(wc1.x - wc0.x, 30.5, 1e-9);
    CHECK_NEAR(wc1.y - wc0.y, 20.25, 1e-9);
    CHECK_NEAR(c1.rotation, c0.rotation, EXACT);
    CHECK(state_of(e, p).center.x == 650); /* the parent stays */
    CHECK_INT(events_of(e, GRIP_EVENT_GESTURE_ENDED, &evbox, &gesture), 1);
    CHECK(evbox == GRIP_SELECTION && gesture == GRIP_GESTURE_MOVE);
    grip_engine_destroy(e);
}

/* A contained member stops the whole group at its edge; the overshoot is remembered. */
static void group_containment(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, GRIP_GROUP_RESIZE_KEEP_SHAPES);
    grip_box_desc d;
    grip_box a, b;
    grip_box_desc_init(&d);
    d.x = 100;
    d.y = 100;
    d.width = 100;
    d.height = 50;
    d.contain = true;
    CHECK_STATUS(grip_box_create(e, &d, &a), GRIP_OK);
    b = add_box(e, GRIP_NO_BOX, 300, 150, 100, 50, 0, 1, false);
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_select(e, b, GRIP_SELECT_ADD), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 350, 175, 1.0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 150, 175, 1.1), GRIP_OK); /* 200 left: a stops after 100 */
    CHECK(state_of(e, a).center.x == 50);                                 /* exactly at the edge */
    CHECK(state_of(e, b).center.x == 250);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 240, 175, 1.2), GRIP_OK); /* still past: nothing moves */
    CHECK(state_of(e, b).center.x == 250);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 260, 175, 1.3), GRIP_OK); /* 10 back inside */
    CHECK(state_of(e, a).center.x == 60);
    CHECK(state_of(e, b).center.x == 260);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 260, 175, 1.4), GRIP_OK);
    grip_engine_destroy(e);
}

/* Resizing by the selection's handle: the opposite corner stays; members scale with the frame. */
static void group_resize(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, GRIP_GROUP_RESIZE_KEEP_SHAPES);
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 100, 50, 0, 1, false);
    grip_box b = add_box(e, GRIP_NO_BOX, 300, 150, 100, 50, 0, 1, false);
    grip_box_state s;
    grip_selection_state f;
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_select(e, b, GRIP_SELECT_ADD), GRIP_OK);
    drag(e, 400, 200, 700, 300, 1.0); /* frame 300 x 100 -> 600 x 200 */
    s = state_of(e, a);
    CHECK_NEAR(s.center.x, 200, 1e-9);
    CHECK_NEAR(s.center.y, 150, 1e-9);
    CHECK_NEAR(s.width, 200, 1e-9);
    CHECK_NEAR(s.height, 100, 1e-9);
    s = state_of(e, b);
    CHECK_NEAR(s.center.x, 600, 1e-9);
    CHECK_NEAR(s.center.y, 250, 1e-9);
    CHECK_NEAR(s.width, 200, 1e-9);
    CHECK_NEAR(s.height, 100, 1e-9);
    f = frame_of(e);
    CHECK_NEAR(f.corners[0].x, 100, 1e-9);
    CHECK_NEAR(f.corners[0].y, 100, 1e-9); /* the fixed corner */
    CHECK_NEAR(f.corners[2].x, 700, 1e-9);
    CHECK_NEAR(f.corners[2].y, 300, 1e-9);

    /* Past the opposite edge: the picture mirrors about the fixed edge (x = 100). */
    drag(e, 700, 200, 0, 200, 2.0); /* the right edge's handle: 600 wide -> -100 */
    s = state_of(e, a);
    CHECK(s.flipped_x && !s.flipped_y);
    CHECK_NEAR(s.width, 200.0 / 6, 1e-9);
    CHECK_NEAR(s.center.x, 100 - 100.0 / 6, 1e-9);
    CHECK_NEAR(s.rotation, 0, 1e-12);
    s = state_of(e, b);
    CHECK_NEAR(s.center.x, 100 - 500.0 / 6, 1e-9);
    grip_engine_destroy(e);

    /* Minimum sizes: the frame stops where the first member reaches its minimum, exactly. */
    e = engine_with(GRIP_SELECTION_OFF, GRIP_GROUP_RESIZE_KEEP_SHAPES);
    a = add_box(e, GRIP_NO_BOX, 100, 100, 100, 50, 0, 1, false);
    b = add_box(e, GRIP_NO_BOX, 300, 150, 200, 50, 0, 1, false);
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_select(e, b, GRIP_SELECT_ADD), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 500, 150, 1.0), GRIP_OK); /* the right edge */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 101, 150, 1.1), GRIP_OK); /* one jump, far past a's minimum */
    s = state_of(e, a);
    CHECK(s.width == 10); /* a: 100 wide, minimum 10: factor 0.1 */
    CHECK_NEAR(state_of(e, b).width, 20, 1e-9);
    CHECK_NEAR(s.center.x, 105, 1e-9);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 101, 150, 1.2), GRIP_OK);
    grip_engine_destroy(e);
}

/* Rotated members: KEEP_SHAPES keeps the ratio (every member scales uniformly); MEMBER_AXES
 * stretches each member along its own axes. Neither turns or skews a member. */
static void group_resize_policies(void) {
    int policy;
    for (policy = 0; policy < 2; policy++) {
        grip_engine *e = engine_with(GRIP_SELECTION_OFF, (grip_group_resize)policy);
        grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 100, 50, 0, 1, false);
        grip_box r = add_box(e, GRIP_NO_BOX, 300, 150, 100, 50, PI / 4, 1, false);
        grip_box_state a0 = state_of(e, a), r0 = state_of(e, r), a1, r1;
        grip_selection_state f;
        double w0, h0, kx, ky;
        CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
        CHECK_STATUS(grip_select(e, r, GRIP_SELECT_ADD), GRIP_OK);
        f = frame_of(e);
        w0 = f.width;
        h0 = f.height;
        /* The right edge handle, 100 further right. */
        drag(e, f.corners[1].x, (f.corners[1].y + f.corners[2].y) / 2, f.corners[1].x + 100,
             (f.corners[1].y + f.corners[2].y) / 2, 1.0);
        kx = (w0 + 100) / w0;
        ky = policy == GRIP_GROUP_RESIZE_KEEP_SHAPES ? kx : 1;
        a1 = state_of(e, a);
        r1 = state_of(e, r);
        CHECK_NEAR(r1.rotation, r0.rotation, 1e-12);
        CHECK_NEAR(a1.width, a0.width * kx, 1e-9);
        CHECK_NEAR(a1.height, a0.height * ky, 1e-9);
        if (policy == GRIP_GROUP_RESIZE_KEEP_SHAPES) {
            CHECK_NEAR(r1.width / r1.height, r0.width / r0.height, 1e-12);
            CHECK_NEAR(r1.width, r0.width * kx, 1e-9);
        } else {
            /* |S u| for u at 45 degrees, S = diag(kx, 1). */
            double g = sqrt(kx * kx * 0.5 + 0.5);
            CHECK_NEAR(r1.width, r0.width * g, 1e-9);
            CHECK_NEAR(r1.height, r0.height * g, 1e-9);
            (void)h0;
        }
        /* The left edge stayed. */
        CHECK_NEAR(frame_of(e).corners[0].x, f.corners[0].x, 1e-9);
        grip_engine_destroy(e);
    }
}

/* The selection's rotate handle turns every member about the frame's centre; the frame stays
 * oriented after. */
static void group_rotate(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, GRIP_GROUP_RESIZE_KEEP_SHAPES);
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 100, 50, 0, 1, false);
    grip_box b = add_box(e, GRIP_NO_BOX, 300, 150, 100, 50, 0, 1, false);
    grip_box_state s;
    grip_frame f;
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_select(e, b, GRIP_SELECT_ADD), GRIP_OK);
    /* The rotate handle at (250, 76); swept a quarter turn clockwise about (250, 150). */
    drag(e, 250, 76, 324, 150, 1.0);
    s = state_of(e, a);
    CHECK_NEAR(s.center.x, 275, 1e-9);
    CHECK_NEAR(s.center.y, 50, 1e-9);
    CHECK_NEAR(s.rotation, PI / 2, 1e-12);
    CHECK_NEAR(frame_of(e).rotation, PI / 2, 1e-12);
    grip_engine_destroy(e);

    /* Shift: 15-degree steps, with a guide while it rests on one. */
    e = engine_with(GRIP_SELECTION_OFF, GRIP_GROUP_RESIZE_KEEP_SHAPES);
    a = add_box(e, GRIP_NO_BOX, 100, 100, 100, 50, 0, 1, false);
    b = add_box(e, GRIP_NO_BOX, 300, 150, 100, 50, 0, 1, false);
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_select(e, b, GRIP_SELECT_ADD), GRIP_OK);
    {
        double t10 = 10 * PI / 180;
        grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, 250, 76, 2.0, GRIP_MOD_SHIFT};
        CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
        ev.phase = GRIP_PHASE_MOVE;
        ev.time = 2.1;
        ev.x = 250 + 74 * sin(t10); /* 10 degrees round the centre (250, 150): snaps to 15 */
        ev.y = 150 - 74 * cos(t10);
        CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
        CHECK_NEAR(state_of(e, a).rotation, PI / 12, 1e-12);
        CHECK_NEAR(state_of(e, b).rotation, PI / 12, 1e-12);
        CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
        CHECK_INT(count_commands(&f, GRIP_CMD_GUIDE), 1);
        ev.modifiers = 0; /* without shift: the pointer's own angle */
        ev.time = 2.15;
        CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
        CHECK_NEAR(state_of(e, a).rotation, t10, 1e-9);
        CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
        CHECK_INT(count_commands(&f, GRIP_CMD_GUIDE), 0);
        ev.phase = GRIP_PHASE_UP;
        ev.time = 2.2;
        CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    }
    grip_engine_destroy(e);
}

/* Two pointers on members pinch the whole selection; magnify scales it about the focal point. */
static void group_pinch_magnify(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, GRIP_GROUP_RESIZE_KEEP_SHAPES);
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 100, 50, 0, 1, false);
    grip_box b = add_box(e, GRIP_NO_BOX, 300, 150, 100, 50, 0, 1, false);
    grip_box_state s;
    grip_box evbox = 0;
    grip_gesture gesture = GRIP_GESTURE_NONE;
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_select(e, b, GRIP_SELECT_ADD), GRIP_OK);
    drain_events(e);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 125, 1.0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 2, 350, 175, 1.01), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 2, 550, 225, 1.1), GRIP_OK); /* twice as far apart */
    s = state_of(e, a);
    CHECK_NEAR(s.center.x, 150, 1e-9);
    CHECK_NEAR(s.center.y, 125, 1e-9);
    CHECK_NEAR(s.scale, 2, 1e-12);
    s = state_of(e, b);
    CHECK_NEAR(s.center.x, 550, 1e-9);
    CHECK_NEAR(s.center.y, 225, 1e-9);
    CHECK_NEAR(s.scale, 2, 1e-12);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 2, 550, 225, 1.2), GRIP_OK);
    CHECK_INT(events_of(e, GRIP_EVENT_GESTURE_BEGAN, &evbox, &gesture), 1);
    CHECK(evbox == GRIP_SELECTION && gesture == GRIP_GESTURE_PINCH);
    /* The finger left moves the whole selection from where it is, once it moves. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 160, 135, 1.3), GRIP_OK);
    CHECK_NEAR(state_of(e, b).center.x, 560, 1e-9);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 150, 125, 1.35), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 150, 125, 1.4), GRIP_OK);
    CHECK_INT(events_of(e, GRIP_EVENT_GESTURE_BEGAN, &evbox, &gesture), 1);
    CHECK(evbox == GRIP_SELECTION && gesture == GRIP_GESTURE_MOVE);

    CHECK_STATUS(magnify(e, GRIP_PHASE_DOWN, 1, 150, 125, 2.0), GRIP_OK);
    CHECK_STATUS(magnify(e, GRIP_PHASE_MOVE, 1.5, 150, 125, 2.1), GRIP_OK);
    CHECK_STATUS(magnify(e, GRIP_PHASE_UP, 1.5, 150, 125, 2.2), GRIP_OK);
    s = state_of(e, b);
    CHECK_NEAR(s.center.x, 150 + 400 * 1.5, 1e-9);
    CHECK_NEAR(s.scale, 3, 1e-12);
    grip_engine_destroy(e);
}

/* Pointer selection: press, tap, toggle, clear, marquee (both rules, ctrl swap, shift add,
 * cancel, outermost), unselectable boxes, hover outline. */
static void pointer_selection(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_POINTER, GRIP_GROUP_RESIZE_KEEP_SHAPES);
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 100, 50, 0, 1, false);
    grip_box b = add_box(e, GRIP_NO_BOX, 300, 150, 100, 50, 0, 1, false);
    grip_box p = add_box(e, GRIP_NO_BOX, 500, 400, 200, 200, 0, 1, false);
    grip_box q = add_box(e, p, 20, 20, 50, 50, 0, 1, false);
    grip_box_desc d;
    grip_box u;
    grip_frame f;
    grip_pointer_event ev;
    grip_box evbox = 1;
    grip_gesture gesture = GRIP_GESTURE_NONE;
    int k;
    grip_box_desc_init(&d);
    d.x = 800;
    d.y = 100;
    d.width = 50;
    d.height = 50;
    d.selectable = false;
    CHECK_STATUS(grip_box_create(e, &d, &u), GRIP_OK);

    tap(e, 150, 125, 0, 1.0);
    CHECK(selected(e, a) && selection_count(e) == 1);
    tap(e, 350, 175, GRIP_MOD_SHIFT, 2.0); /* shift-tap adds */
    CHECK(selected(e, a) && selected(e, b));
    tap(e, 350, 175, GRIP_MOD_CTRL, 3.0); /* ctrl-tap toggles it off */
    CHECK(selected(e, a) && !selected(e, b));
    tap(e, 350, 175, GRIP_MOD_META, 4.0);
    CHECK(selection_count(e) == 2);
    tap(e, 150, 125, 0, 5.0); /* a plain tap on one member: it alone */
    CHECK(selected(e, a) && selection_count(e) == 1);
    tap(e, 600, 50, 0, 6.0); /* an empty place clears */
    CHECK_INT(selection_count(e), 0);
    tap(e, 825, 125, 0, 7.0); /* not selectable */
    CHECK_INT(selection_count(e), 0);
    /* A press on an unselected box selects it at the press: the drag moves it. */
    drag(e, 350, 175, 360, 195, 8.0);
    CHECK(selected(e, b) && selection_count(e) == 1);
    CHECK_NEAR(state_of(e, b).center.x, 360, EXACT);

    /* Marquee from an empty place: intersect picks what its rectangle meets. */
    CHECK_STATUS(grip_select(e, GRIP_NO_BOX, GRIP_SELECT_REPLACE), GRIP_OK);
    drain_events(e);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 10, 10, 9.0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 160, 110, 9.1), GRIP_OK);
    CHECK(selected(e, a) && selection_count(e) == 1);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    k = find_command(&f, GRIP_CMD_MARQUEE, 0);
    CHECK(k >= 0 && f.commands[k].vertex_count == 4);
    if (k >= 0) {
        CHECK_NEAR(f.vertices[f.commands[k].first_vertex + 2].x, 160, EXACT);
    }
    ev.phase = GRIP_PHASE_MOVE;
    ev.pointer = 1;
    ev.x = 360;
    ev.y = 190;
    ev.time = 9.2;
    ev.modifiers = 0;
    CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    CHECK(selected(e, a) && selected(e, b));
    ev.modifiers = GRIP_MOD_CTRL; /* contain instead: b is not inside */
    ev.time = 9.3;
    CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    CHECK(selected(e, a) && !selected(e, b));
    ev.phase = GRIP_PHASE_UP;
    ev.time = 9.4;
    CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    CHECK_INT(events_of(e, GRIP_EVENT_GESTURE_ENDED, &evbox, &gesture), 1);
    CHECK(gesture == GRIP_GESTURE_MARQUEE && evbox == GRIP_SELECTION);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK_INT(count_commands(&f, GRIP_CMD_MARQUEE), 0);

    /* Shift at the press adds to the selection before; a cancel restores it. */
    ev.phase = GRIP_PHASE_DOWN;
    ev.x = 480;
    ev.y = 380;
    ev.time = 10.0;
    ev.modifiers = GRIP_MOD_SHIFT;
    CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    ev.phase = GRIP_PHASE_MOVE;
    ev.x = 800;
    ev.y = 700;
    ev.time = 10.1;
    CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    CHECK(selected(e, a) && selected(e, p) && !selected(e, q)); /* the outermost only */
    ev.phase = GRIP_PHASE_CANCEL;
    ev.time = 10.2;
    CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    CHECK(selected(e, a) && selection_count(e) == 1);

    /* Hovering over a selectable box outlines it. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 7, 350, 175, 11.0), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    k = find_command(&f, GRIP_CMD_OUTLINE, 0);
    CHECK(k >= 0 && f.commands[k].box == b && f.commands[k].state == GRIP_STATE_HOVER);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 7, 600, 50, 11.1), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK_INT(count_commands(&f, GRIP_CMD_OUTLINE), 0);
    grip_engine_destroy(e);
}

void suite_selection(void) {
    select_api();
    frame_rules();
    overlay();
    group_move();
    group_containment();
    group_resize();
    group_resize_policies();
    group_rotate();
    group_pinch_magnify();
    pointer_selection();
}
