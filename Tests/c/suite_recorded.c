/* suite_recorded.c: steps the host records itself (grip_history_begin, grip_history_commit,
 * grip_history_cancel, grip_history_recording) through the C ABI: recorded configures undone and
 * redone in order with gestures, a slider's merged edits, cancel putting everything back bit for
 * bit, creation and destruction undone with the ids kept, the events, and the refusals. Expected
 * numbers are worked out here from the rules in grip.h. */
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

static grip_engine *engine_rec(void) {
    grip_engine_desc d;
    grip_engine *e = NULL;
    grip_engine_desc_init(&d);
    d.width = 800;
    d.height = 600;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    return e;
}

static void drag(grip_engine *e, double x, double y, double dx, double dy, double t) {
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, x, y, t), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, x + dx, y + dy, t + 0.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, x + dx, y + dy, t + 0.2), GRIP_OK);
}

static size_t undo_depth(grip_engine *e) {
    size_t u = 0, r = 0;
    CHECK_STATUS(grip_history_depth(e, &u, &r), GRIP_OK);
    return u;
}

static size_t redo_depth(grip_engine *e) {
    size_t u = 0, r = 0;
    CHECK_STATUS(grip_history_depth(e, &u, &r), GRIP_OK);
    return r;
}

/* A recorded configure of the box's width (x, the top-left corner, kept). */
static void set_width(grip_engine *e, grip_box b, double w) {
    grip_box_desc d;
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, b, &d), GRIP_OK);
    d.width = w;
    CHECK_STATUS(grip_box_configure(e, b, &d), GRIP_OK);
}

/* Polls up to the next event of kind (others skipped) into *out; false when none came. */
static bool next_of(grip_engine *e, grip_event_kind kind, grip_event *out) {
    while (grip_event_poll(e, out) == GRIP_OK) {
        if (out->kind == kind) return true;
    }
    return false;
}

static int count_kind(grip_engine *e, grip_event_kind kind) {
    grip_event ev;
    int n = 0;
    while (grip_event_poll(e, &ev) == GRIP_OK) {
        if (ev.kind == kind) n++;
    }
    return n;
}

static bool same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* A box 40 x 40 at (100, 100) is dragged 30 to the right (centre 120 -> 150), then a recorded
 * configure makes it 80 wide keeping x = 130 (centre 130 + 40 = 170). Undo: 40 wide at 150; undo
 * again: the drag goes (120); redo twice: 150, then 80 wide at 170. The step's events carry
 * gesture HOST and the box, its changes the widths; configure outside a step still drops the box. */
static void recorded_configure_after_drag(void) {
    grip_engine *e = engine_rec();
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 40, 40, 0, 1, false);
    grip_box_desc d;
    grip_event ev;
    grip_change ch[2];
    size_t n = 0;
    drag(e, 120, 120, 30, 0, 0);
    CHECK_NEAR(state_of(e, a).center.x, 150, EXACT);
    CHECK_INT(undo_depth(e), 1);
    while (grip_event_poll(e, &ev) == GRIP_OK) {
    }
    CHECK(!grip_history_recording(e));
    CHECK_STATUS(grip_history_begin(e, 0), GRIP_OK);
    CHECK(grip_history_recording(e));
    set_width(e, a, 80);
    CHECK_STATUS(grip_history_commit(e), GRIP_OK);
    CHECK(!grip_history_recording(e));
    CHECK_INT(undo_depth(e), 2);
    CHECK_NEAR(state_of(e, a).width, 80, 0);
    CHECK_NEAR(state_of(e, a).center.x, 170, EXACT);
    CHECK(next_of(e, GRIP_EVENT_COMMITTED, &ev));
    CHECK_INT(ev.gesture, GRIP_GESTURE_HOST);
    CHECK_INT(ev.box, a);
    CHECK_STATUS(grip_event_changes(e, ch, 2, &n), GRIP_OK);
    CHECK_INT(n, 1);
    CHECK_INT(ch[0].box, a);
    CHECK_NEAR(ch[0].before.width, 40, 0);
    CHECK_NEAR(ch[0].after.width, 80, 0);
    CHECK_NEAR(ch[0].before.center.x, 150, EXACT);
    CHECK_NEAR(ch[0].after.center.x, 170, EXACT);
    CHECK_INT(ch[0].before.parent, GRIP_NO_BOX);
    CHECK_INT(ch[0].after.parent, GRIP_NO_BOX);

    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_NEAR(state_of(e, a).width, 40, 0);
    CHECK_NEAR(state_of(e, a).center.x, 150, EXACT);
    CHECK(next_of(e, GRIP_EVENT_UNDONE, &ev));
    CHECK_INT(ev.gesture, GRIP_GESTURE_HOST);
    CHECK_STATUS(grip_event_changes(e, ch, 2, &n), GRIP_OK);
    CHECK_INT(n, 1);
    CHECK_NEAR(ch[0].before.width, 80, 0);
    CHECK_NEAR(ch[0].after.width, 40, 0);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 120, EXACT);
    CHECK_NEAR(state_of(e, a).width, 40, 0);
    CHECK(next_of(e, GRIP_EVENT_UNDONE, &ev));
    CHECK_INT(ev.gesture, GRIP_GESTURE_MOVE);
    CHECK_STATUS(grip_undo(e), GRIP_DONE);
    CHECK_STATUS(grip_redo(e), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 150, EXACT);
    CHECK_NEAR(state_of(e, a).width, 40, 0);
    CHECK_STATUS(grip_redo(e), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 170, EXACT);
    CHECK_NEAR(state_of(e, a).width, 80, 0);
    CHECK(next_of(e, GRIP_EVENT_REDONE, &ev));
    CHECK(next_of(e, GRIP_EVENT_REDONE, &ev));
    CHECK_INT(ev.gesture, GRIP_GESTURE_HOST);
    CHECK_STATUS(grip_redo(e), GRIP_DONE);

    /* Outside a step, configure keeps today's behaviour: the box leaves the history. */
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, a, &d), GRIP_OK);
    d.x += 5;
    CHECK_STATUS(grip_box_configure(e, a, &d), GRIP_OK);
    CHECK_INT(undo_depth(e), 0);
    grip_engine_destroy(e);
}

/* A slider: ten commits with merge key 7 making the width 50, 60, ..., 140 are one step (each
 * queues COMMITTED); undo gives 40 back, redo 140. Commits with key 0, or with another key, stand
 * alone, and a gesture in between starts a new step. */
static void slider_merges(void) {
    grip_engine *e = engine_rec();
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 40, 40, 0, 1, false);
    int i;
    for (i = 1; i <= 10; i++) {
        CHECK_STATUS(grip_history_begin(e, 7), GRIP_OK);
        set_width(e, a, 40 + 10 * i);
        CHECK_STATUS(grip_history_commit(e), GRIP_OK);
    }
    CHECK_INT(count_kind(e, GRIP_EVENT_COMMITTED), 10);
    CHECK_INT(undo_depth(e), 1);
    CHECK_NEAR(state_of(e, a).width, 140, 0);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_NEAR(state_of(e, a).width, 40, 0);
    CHECK_NEAR(state_of(e, a).center.x, 120, EXACT);
    CHECK_STATUS(grip_redo(e), GRIP_OK);
    CHECK_NEAR(state_of(e, a).width, 140, 0);
    CHECK_NEAR(state_of(e, a).center.x, 170, EXACT);
    /* After a redo the history changed: the next key-7 commit is a step of its own. */
    CHECK_STATUS(grip_history_begin(e, 7), GRIP_OK);
    set_width(e, a, 150);
    CHECK_STATUS(grip_history_commit(e), GRIP_OK);
    CHECK_INT(undo_depth(e), 2);
    /* Another key: its own step. Key 0: never merges. */
    CHECK_STATUS(grip_history_begin(e, 8), GRIP_OK);
    set_width(e, a, 160);
    CHECK_STATUS(grip_history_commit(e), GRIP_OK);
    CHECK_INT(undo_depth(e), 3);
    for (i = 0; i < 2; i++) {
        CHECK_STATUS(grip_history_begin(e, 0), GRIP_OK);
        set_width(e, a, 170 + 10 * i);
        CHECK_STATUS(grip_history_commit(e), GRIP_OK);
    }
    CHECK_INT(undo_depth(e), 5);
    /* A gesture between two key-9 commits: three steps. */
    CHECK_STATUS(grip_history_begin(e, 9), GRIP_OK);
    set_width(e, a, 200);
    CHECK_STATUS(grip_history_commit(e), GRIP_OK);
    drag(e, 200, 120, 30, 0, 0);
    CHECK_STATUS(grip_history_begin(e, 9), GRIP_OK);
    set_width(e, a, 210);
    CHECK_STATUS(grip_history_commit(e), GRIP_OK);
    CHECK_INT(undo_depth(e), 8);
    grip_engine_destroy(e);
}

/* Everything a cancel puts back: box a (rotated 0.3, scale 1.5, with child b) moved, given other
 * behaviour, user data and editing; c sent to the back then re-parented under a; b destroyed; d
 * created; the selection changed. After the cancel every geometry is the same bit for bit, b is
 * back with its id under a, d is gone, the draw order and selection are as before, and no step
 * or COMMITTED came. */
static void cancel_bit_for_bit(void) {
    grip_engine *e = engine_rec();
    grip_box a = add_box(e, GRIP_NO_BOX, 100.1, 100.3, 60, 40, 0.3, 1.5, false);
    grip_box b = add_box(e, a, 5, 7, 20, 20, 0.1, 1, false);
    grip_box c = add_box(e, GRIP_NO_BOX, 400, 300, 50, 50, 0, 1, false);
    grip_box d = GRIP_NO_BOX, list0[4], list1[4], sel[4];
    grip_box_state sa0 = state_of(e, a), sb0 = state_of(e, b), sc0 = state_of(e, c), s;
    grip_box_desc desc, da0;
    size_t n0 = 0, n1 = 0, ns = 0;
    CHECK_STATUS(grip_select(e, c, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_boxes_list(e, list0, 4, &n0), GRIP_OK);
    CHECK_INT(n0, 3);
    grip_box_desc_init(&da0);
    CHECK_STATUS(grip_box_describe(e, a, &da0), GRIP_OK);
    while (grip_event_poll(e, &(grip_event){0}) == GRIP_OK) {
    }

    CHECK_STATUS(grip_history_begin(e, 0), GRIP_OK);
    desc = da0;
    desc.x = 10;
    desc.rotation = 1.0;
    desc.allow = GRIP_ALLOW_MOVE;
    desc.user_data = 99;
    desc.editing = true;
    CHECK_STATUS(grip_box_configure(e, a, &desc), GRIP_OK);
    CHECK_STATUS(grip_box_order(e, c, GRIP_ORDER_BACK), GRIP_OK);
    CHECK_STATUS(grip_box_destroy(e, b), GRIP_OK);
    CHECK_STATUS(grip_box_state_get(e, b, &s), GRIP_ERR_NOT_FOUND);
    grip_box_desc_init(&desc);
    desc.x = 600;
    CHECK_STATUS(grip_box_create(e, &desc, &d), GRIP_OK);
    CHECK_STATUS(grip_box_describe(e, c, &desc), GRIP_OK);
    desc.parent = a;
    CHECK_STATUS(grip_box_configure(e, c, &desc), GRIP_OK);
    CHECK_STATUS(grip_select(e, d, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_history_cancel(e), GRIP_OK);
    CHECK(!grip_history_recording(e));

    s = state_of(e, a);
    CHECK(memcmp(&s, &sa0, sizeof s) == 0);
    s = state_of(e, b);
    CHECK(memcmp(&s, &sb0, sizeof s) == 0);
    s = state_of(e, c);
    CHECK(memcmp(&s, &sc0, sizeof s) == 0);
    CHECK_STATUS(grip_box_state_get(e, d, &s), GRIP_ERR_NOT_FOUND);
    grip_box_desc_init(&desc);
    CHECK_STATUS(grip_box_describe(e, a, &desc), GRIP_OK);
    CHECK_INT(desc.allow, da0.allow);
    CHECK_INT(desc.user_data, da0.user_data);
    CHECK_INT(desc.editing, da0.editing);
    CHECK(same_bits(desc.x, da0.x) && same_bits(desc.y, da0.y) && same_bits(desc.rotation, da0.rotation));
    CHECK_STATUS(grip_box_describe(e, b, &desc), GRIP_OK);
    CHECK_INT(desc.parent, a);
    CHECK_STATUS(grip_box_describe(e, c, &desc), GRIP_OK);
    CHECK_INT(desc.parent, GRIP_NO_BOX);
    CHECK_STATUS(grip_boxes_list(e, list1, 4, &n1), GRIP_OK);
    CHECK_INT(n1, 3);
    CHECK(memcmp(list0, list1, sizeof(grip_box) * 3) == 0);
    CHECK_STATUS(grip_selection_get(e, sel, 4, &ns), GRIP_OK);
    CHECK_INT(ns, 1);
    CHECK_INT(sel[0], c);
    CHECK_INT(undo_depth(e), 0);
    CHECK_INT(count_kind(e, GRIP_EVENT_COMMITTED), 0);
    /* b's hit shape is back where it was: the centre of its world outline hits it. */
    {
        grip_hit h;
        double cx = (sb0.corners[0].x + sb0.corners[2].x) / 2, cy = (sb0.corners[0].y + sb0.corners[2].y) / 2;
        CHECK_STATUS(grip_hit_test(e, cx, cy, &h), GRIP_OK);
        CHECK_INT(h.box, b);
    }
    grip_engine_destroy(e);
}

/* Creation and destruction inside steps: a created box's change has an all-zero before (width and
 * scale 0); undo destroys it, redo brings it back with its id and geometry. Destroying p (with
 * child q) lists both with an all-zero after; undo brings both back with their ids, q under p;
 * redo destroys them again; a box created afterwards gets a new id. */
static void create_destroy_steps(void) {
    grip_engine *e = engine_rec();
    grip_box p = add_box(e, GRIP_NO_BOX, 100, 100, 100, 100, 0, 1, false);
    grip_box q = add_box(e, p, 10, 10, 30, 30, 0, 1, false);
    grip_box d = GRIP_NO_BOX, x = GRIP_NO_BOX;
    grip_box_desc desc;
    grip_box_state s;
    grip_event ev;
    grip_change ch[4];
    size_t n = 0;
    CHECK_STATUS(grip_history_begin(e, 0), GRIP_OK);
    grip_box_desc_init(&desc);
    desc.x = 300;
    desc.y = 200;
    desc.width = 50;
    desc.height = 20;
    desc.user_data = 5;
    CHECK_STATUS(grip_box_create(e, &desc, &d), GRIP_OK);
    CHECK_STATUS(grip_history_commit(e), GRIP_OK);
    CHECK(next_of(e, GRIP_EVENT_COMMITTED, &ev));
    CHECK_INT(ev.box, d);
    CHECK_INT(ev.user_data, 5);
    CHECK_STATUS(grip_event_changes(e, ch, 4, &n), GRIP_OK);
    CHECK_INT(n, 1);
    CHECK_NEAR(ch[0].before.width, 0, 0);
    CHECK_NEAR(ch[0].before.scale, 0, 0);
    CHECK_INT(ch[0].before.parent, GRIP_NO_BOX);
    CHECK_NEAR(ch[0].after.width, 50, 0);
    CHECK_NEAR(ch[0].after.center.x, 325, 0);
    CHECK_NEAR(ch[0].after.center.y, 210, 0);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_STATUS(grip_box_state_get(e, d, &s), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_redo(e), GRIP_OK);
    CHECK_STATUS(grip_box_state_get(e, d, &s), GRIP_OK);
    CHECK_NEAR(s.center.x, 325, 0);
    CHECK_NEAR(s.width, 50, 0);
    CHECK_STATUS(grip_box_describe(e, d, &desc), GRIP_OK);
    CHECK_INT(desc.user_data, 5);

    while (grip_event_poll(e, &ev) == GRIP_OK) {
    }
    CHECK_STATUS(grip_history_begin(e, 0), GRIP_OK);
    CHECK_STATUS(grip_box_destroy(e, p), GRIP_OK);
    CHECK_STATUS(grip_history_commit(e), GRIP_OK);
    CHECK(next_of(e, GRIP_EVENT_COMMITTED, &ev));
    CHECK_INT(ev.box, GRIP_SELECTION);
    CHECK_STATUS(grip_event_changes(e, ch, 4, &n), GRIP_OK);
    CHECK_INT(n, 2);
    CHECK_INT(ch[0].box, p);
    CHECK_INT(ch[1].box, q);
    CHECK_NEAR(ch[0].after.width, 0, 0);
    CHECK_NEAR(ch[1].after.scale, 0, 0);
    CHECK_NEAR(ch[0].before.width, 100, 0);
    CHECK_INT(ch[1].before.parent, p);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_STATUS(grip_box_state_get(e, p, &s), GRIP_OK);
    CHECK_NEAR(s.center.x, 150, 0);
    CHECK_STATUS(grip_box_state_get(e, q, &s), GRIP_OK);
    CHECK_NEAR(s.center.x, 25, 0);
    CHECK_NEAR(s.world.tx, 110, EXACT);
    CHECK_STATUS(grip_box_describe(e, q, &desc), GRIP_OK);
    CHECK_INT(desc.parent, p);
    CHECK_STATUS(grip_redo(e), GRIP_OK);
    CHECK_STATUS(grip_box_state_get(e, p, &s), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_state_get(e, q, &s), GRIP_ERR_NOT_FOUND);
    grip_box_desc_init(&desc);
    CHECK_STATUS(grip_box_create(e, &desc, &x), GRIP_OK);
    CHECK(x != p && x != q && x != d);
    /* Undo twice more: p and q back, then d gone. */
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_STATUS(grip_box_state_get(e, q, &s), GRIP_OK);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_STATUS(grip_box_state_get(e, d, &s), GRIP_ERR_NOT_FOUND);
    /* A new step drops the redo list: d's id stays dead, and new boxes get new ids. */
    CHECK_STATUS(grip_history_begin(e, 0), GRIP_OK);
    set_width(e, x, 120);
    CHECK_STATUS(grip_history_commit(e), GRIP_OK);
    CHECK_INT(redo_depth(e), 0);
    grip_box_desc_init(&desc);
    CHECK_STATUS(grip_box_create(e, &desc, &x), GRIP_OK);
    CHECK(x != d);
    CHECK_STATUS(grip_box_state_get(e, d, &s), GRIP_ERR_NOT_FOUND);
    grip_engine_destroy(e);
}

/* Refusals, each GRIP_ERR_STATE with a message and nothing changed: commit or cancel without a
 * begin, a second begin, a begin during a gesture; while a step is open: undo, redo, clearing the
 * history, dispatches, reset, scene load. A commit that changed nothing is GRIP_DONE, no event. */
static void refusals(void) {
    grip_engine *e = engine_rec();
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 40, 40, 0, 1, false);
    grip_box b = add_box(e, GRIP_NO_BOX, 400, 100, 40, 40, 0, 1, false);
    grip_box_desc d;
    const char *scene = "{\"grip_scene\": 1, \"boxes\": []}";
    CHECK(!grip_history_recording(NULL));
    CHECK_STATUS(grip_history_begin(NULL, 0), GRIP_ERR_ARG);
    CHECK_STATUS(grip_history_commit(e), GRIP_ERR_STATE);
    CHECK(strstr(grip_engine_errmsg(e), "no recorded step is open") != NULL);
    CHECK_STATUS(grip_history_cancel(e), GRIP_ERR_STATE);
    CHECK(strstr(grip_engine_errmsg(e), "no recorded step is open") != NULL);
    drag(e, 120, 120, 30, 0, 0);
    CHECK_STATUS(grip_history_begin(e, 0), GRIP_OK);
    CHECK_STATUS(grip_history_begin(e, 0), GRIP_ERR_STATE);
    CHECK(strstr(grip_engine_errmsg(e), "already open") != NULL);
    CHECK(grip_history_recording(e));
    CHECK_STATUS(grip_undo(e), GRIP_ERR_STATE);
    CHECK(strstr(grip_engine_errmsg(e), "a recorded step is open") != NULL);
    CHECK_STATUS(grip_redo(e), GRIP_ERR_STATE);
    CHECK_STATUS(grip_history_clear(e), GRIP_ERR_STATE);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 120, 1), GRIP_ERR_STATE);
    CHECK(strstr(grip_engine_errmsg(e), "dispatching input") != NULL);
    CHECK_STATUS(grip_dispatch_timer(e, 1), GRIP_ERR_STATE);
    CHECK_STATUS(grip_box_reset(e, a, false), GRIP_ERR_STATE);
    CHECK_STATUS(grip_scene_load(e, scene, strlen(scene)), GRIP_ERR_STATE);
    CHECK(strstr(grip_engine_errmsg(e), "recorded step is open") != NULL);
    CHECK_INT(grip_engine_errmsg(e)[0] != 0, 1);
    CHECK_INT(undo_depth(e), 1);
    CHECK_NEAR(state_of(e, a).center.x, 150, EXACT);
    /* Unchanged (box b never moved, so its own description changes nothing, not even the
     * geometry a reset goes back to): GRIP_DONE, no step, no event. */
    while (grip_event_poll(e, &(grip_event){0}) == GRIP_OK) {
    }
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, b, &d), GRIP_OK);
    CHECK_STATUS(grip_box_configure(e, b, &d), GRIP_OK);
    CHECK_STATUS(grip_history_commit(e), GRIP_DONE);
    CHECK_INT(count_kind(e, GRIP_EVENT_COMMITTED), 0);
    CHECK_INT(undo_depth(e), 1);
    /* Begin during a gesture. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 120, 2), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 180, 120, 2.1), GRIP_OK);
    CHECK_STATUS(grip_history_begin(e, 0), GRIP_ERR_STATE);
    CHECK(strstr(grip_engine_errmsg(e), "gesture is in progress") != NULL);
    CHECK(!grip_history_recording(e));
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 180, 120, 2.2), GRIP_OK);
    CHECK_INT(undo_depth(e), 2);
    grip_engine_destroy(e);
}

/* history_limit 0 keeps no step: a recorded destroy then cannot be undone, and the destroyed
 * box's id stays dead; the step's memory counts against history_bytes_limit: with a limit of 1
 * byte only the newest step is kept. */
static void limits(void) {
    grip_engine_desc ed;
    grip_engine *e = NULL;
    grip_box a, b;
    grip_box_state s;
    grip_engine_desc_init(&ed);
    ed.history_limit = 0;
    CHECK_STATUS(grip_engine_create(&ed, &e), GRIP_OK);
    a = add_box(e, GRIP_NO_BOX, 100, 100, 40, 40, 0, 1, false);
    CHECK_STATUS(grip_history_begin(e, 0), GRIP_OK);
    CHECK_STATUS(grip_box_destroy(e, a), GRIP_OK);
    CHECK_STATUS(grip_history_commit(e), GRIP_OK);
    CHECK_INT(undo_depth(e), 0);
    CHECK_STATUS(grip_undo(e), GRIP_DONE);
    CHECK_STATUS(grip_box_state_get(e, a, &s), GRIP_ERR_NOT_FOUND);
    b = add_box(e, GRIP_NO_BOX, 100, 100, 40, 40, 0, 1, false);
    CHECK(b != a);
    grip_engine_destroy(e);

    grip_engine_desc_init(&ed);
    ed.history_bytes_limit = 1;
    CHECK_STATUS(grip_engine_create(&ed, &e), GRIP_OK);
    a = add_box(e, GRIP_NO_BOX, 100, 100, 40, 40, 0, 1, false);
    CHECK_STATUS(grip_history_begin(e, 0), GRIP_OK);
    set_width(e, a, 50);
    CHECK_STATUS(grip_history_commit(e), GRIP_OK);
    CHECK_STATUS(grip_history_begin(e, 0), GRIP_OK);
    set_width(e, a, 60);
    CHECK_STATUS(grip_history_commit(e), GRIP_OK);
    CHECK_INT(undo_depth(e), 1);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_NEAR(state_of(e, a).width, 50, 0);
    grip_engine_destroy(e);

    /* max_boxes 2: a recorded destroy of a, then a new box c; undoing would make three boxes. */
    grip_engine_desc_init(&ed);
    ed.max_boxes = 2;
    CHECK_STATUS(grip_engine_create(&ed, &e), GRIP_OK);
    a = add_box(e, GRIP_NO_BOX, 100, 100, 40, 40, 0, 1, false);
    b = add_box(e, GRIP_NO_BOX, 300, 100, 40, 40, 0, 1, false);
    CHECK_STATUS(grip_history_begin(e, 0), GRIP_OK);
    CHECK_STATUS(grip_box_destroy(e, a), GRIP_OK);
    CHECK_STATUS(grip_history_commit(e), GRIP_OK);
    add_box(e, GRIP_NO_BOX, 500, 100, 40, 40, 0, 1, false);
    CHECK_STATUS(grip_undo(e), GRIP_ERR_LIMIT);
    CHECK(strstr(grip_engine_errmsg(e), "max_boxes") != NULL);
    CHECK_STATUS(grip_box_state_get(e, a, &s), GRIP_ERR_NOT_FOUND);
    CHECK_INT(undo_depth(e), 1);
    CHECK_STATUS(grip_box_destroy(e, b), GRIP_OK);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_STATUS(grip_box_state_get(e, a, &s), GRIP_OK);
    grip_engine_destroy(e);
}

void suite_recorded(void) {
    recorded_configure_after_drag();
    slider_merges();
    cancel_bit_for_bit();
    create_destroy_steps();
    refusals();
    limits();
}
