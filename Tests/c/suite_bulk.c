/* suite_bulk.c: calls that touch many boxes at once stay linear in them. Destroying a box cleans
 * everything that refers to its subtree (the editing list, the selection, the undo history) in
 * one pass, not once per destroyed box, and a scene load replaces every box in one pass. Each
 * case here took seconds to minutes when that cleaning was done per box (scripts/bench times
 * them); the checks are of what the calls leave behind. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

enum { MANY = 50000 };

/* An engine of 4000 x 4000 whose max_boxes allows `many` boxes and a few more. */
static grip_engine *big_engine(void) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 4000;
    d.height = 4000;
    d.max_boxes = MANY + 16;
    d.history_limit = 10;
    grip_engine *e;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    return e;
}

/* Editing box i of MANY, 10 x 10 in a grid of 200 columns (GRIP_NO_BOX when refused). */
enum { GRABBED = 100 * 200 + 100 };
static grip_box many_box(grip_engine *e, grip_box parent, int i) {
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.parent = parent;
    d.x = 10 + (i % 200) * 19;
    d.y = 10 + (i / 200) * 15;
    d.width = 10;
    d.height = 10;
    d.editing = true;
    grip_box b = GRIP_NO_BOX;
    return grip_box_create(e, &d, &b) == GRIP_OK ? b : GRIP_NO_BOX;
}

static size_t box_count(grip_engine *e) {
    size_t n = 0;
    CHECK_STATUS(grip_boxes_list(e, NULL, 0, &n), GRIP_OK);
    return n;
}

/* The parent of MANY editing children, which one group drag put in one undo step, destroyed in
 * one call: everything goes, the step with it, and the selection empties. */
static void test_destroy_parent_of_many(void) {
    grip_engine *e = big_engine();
    grip_box parent = add_box(e, GRIP_NO_BOX, 0, 0, 4000, 4000, 0, 1, false);
    grip_box grabbed = GRIP_NO_BOX;
    int failed = 0;
    for (int i = 0; i < MANY; i++) {
        grip_box b = many_box(e, parent, i);
        if (i == GRABBED) grabbed = b;
        failed += grip_select(e, b, GRIP_SELECT_ADD) != GRIP_OK;
    }
    CHECK_INT(failed, 0);
    size_t selected = 0;
    CHECK_STATUS(grip_selection_get(e, NULL, 0, &selected), GRIP_OK);
    CHECK_INT(selected, MANY);
    /* Drag a child in the middle (away from the selection's handles) by 30 units: one step of
     * MANY changes. */
    grip_box_state s;
    CHECK_STATUS(grip_box_state_get(e, grabbed, &s), GRIP_OK);
    double x0 = s.center.x;
    grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, s.center.x, s.center.y, 1.0, 0};
    CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    ev.phase = GRIP_PHASE_MOVE, ev.x += 30, ev.time = 1.1;
    CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    ev.phase = GRIP_PHASE_UP, ev.time = 1.2;
    CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    CHECK_STATUS(grip_box_state_get(e, grabbed, &s), GRIP_OK);
    CHECK_NEAR(s.center.x, x0 + 30, 1e-9);
    size_t undo = 0, redo = 0;
    CHECK_STATUS(grip_history_depth(e, &undo, &redo), GRIP_OK);
    CHECK_INT(undo, 1);
    CHECK_STATUS(grip_box_destroy(e, parent), GRIP_OK);
    CHECK_INT(box_count(e), 0);
    CHECK_STATUS(grip_history_depth(e, &undo, &redo), GRIP_OK);
    CHECK_INT(undo, 0);
    CHECK_STATUS(grip_selection_get(e, NULL, 0, &selected), GRIP_OK);
    CHECK_INT(selected, 0);
    CHECK_STATUS(grip_box_state_get(e, grabbed, &s), GRIP_ERR_NOT_FOUND);
    grip_frame f;
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK_INT(f.command_count, 0);
    /* The engine goes on: a new box draws and is hit. */
    grip_box b = add_box(e, GRIP_NO_BOX, 100, 100, 50, 50, 0, 1, true);
    grip_hit hit;
    CHECK_STATUS(grip_hit_test(e, 125, 125, &hit), GRIP_OK);
    CHECK(hit.box == b);
    grip_engine_destroy(e);
}

/* A one-box scene loaded over MANY editing top-level boxes replaces them all. */
static void test_load_over_many(void) {
    grip_engine *e = big_engine();
    int failed = 0;
    for (int i = 0; i < MANY; i++) failed += many_box(e, GRIP_NO_BOX, i) == GRIP_NO_BOX;
    CHECK_INT(failed, 0);
    const char *scene = "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1, \"x\": 5, \"y\": 6, \"width\": 70, \"editing\": true}]}";
    CHECK_STATUS(grip_scene_load(e, scene, strlen(scene)), GRIP_OK);
    CHECK_INT(box_count(e), 1);
    grip_frame f;
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    int boxes = 0, borders = 0;
    for (size_t i = 0; i < f.command_count; i++) {
        boxes += f.commands[i].kind == GRIP_CMD_BOX;
        borders += f.commands[i].kind == GRIP_CMD_BORDER;
    }
    CHECK_INT(boxes, 1);
    CHECK_INT(borders, 1);
    grip_hit hit;
    CHECK_STATUS(grip_hit_test(e, 40, 50, &hit), GRIP_OK);
    CHECK(hit.box != GRIP_NO_BOX);
    grip_engine_destroy(e);
}

/* The engine's history bytes (grip_engine_info), -1 on failure. */
static long long history_bytes(grip_engine *e, grip_engine_info *out) {
    grip_engine_info_init(out);
    if (grip_engine_get_info(e, out) != GRIP_OK) return -1;
    return (long long)out->history_bytes;
}

/* One group drag by (dx, dy) grabbing the box at (x, y): one step. */
static void group_drag(grip_engine *e, double x, double y, double dx, double dy, double t) {
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, x, y, t), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, x + dx, y + dy, t + 0.01), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, x + dx, y + dy, t + 0.02), GRIP_OK);
}

/* A step of a group move holds per box only what undo and redo need: the box's id (in its
 * changes and once for the selection, which the move kept) and its geometry before; the
 * displacement is held once when every box moved by the same one, and the parent once when all
 * share it. So steps of 1,000 and 2,000 top-level boxes differ by 1,000 x 72 bytes. */
static void test_history_bytes_per_box(void) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 4000;
    d.height = 4000;
    d.selection = GRIP_SELECTION_POINTER;
    grip_engine *e;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    grip_engine_info info;
    /* its id twice (16 bytes) and a geometry without a parent (centre, width, height, rotation,
     * scale, flips: 56 bytes), where a grip_change takes 136 */
    long long per = 2 * (long long)sizeof(grip_box) + (long long)(sizeof(grip_geometry) - sizeof(grip_box));
    long long step[2] = {0, 0};
    int made = 0;
    for (int i = 0; i < 2000; i++) {
        grip_box b = add_box(e, GRIP_NO_BOX, 20 + (i % 50) * 40, 20 + (i / 50) * 40, 20, 20, 0, 1, false);
        made += grip_select(e, b, GRIP_SELECT_ADD) == GRIP_OK;
        if (i != 999 && i != 1999) continue;
        CHECK_INT(history_bytes(e, &info), 0);
        /* box 60 (its centre at (430, 70), then (470, 90)) grabbed, away from the selection's
         * handles, and the selection moved by whole units */
        if (i == 999) group_drag(e, 430, 70, 40, 20, 1.0);
        else group_drag(e, 470, 90, -40, -20, 2.0);
        size_t undo = 0, redo = 0;
        CHECK_STATUS(grip_history_depth(e, &undo, &redo), GRIP_OK);
        CHECK_INT(undo, 1);
        step[i == 1999] = history_bytes(e, &info);
        CHECK_STATUS(grip_history_clear(e), GRIP_OK);
    }
    CHECK_INT(made, 2000);
    CHECK(step[0] > 1000 * per);
    CHECK_INT(step[1] - step[0], 1000 * per);
    grip_engine_destroy(e);
}

/* A commit with a full history moves no steps: dropping the oldest only moves where the list
 * starts, and its dead front is cut off once it is half the list (each step moved at most once
 * each time the list halves). Over 3 x LIMIT more steps at LIMIT steps, at most 3 x LIMIT step
 * moves in all (the old way moved LIMIT - 1 steps per commit: 3 x LIMIT x (LIMIT - 1)). The
 * history stays within history_bytes_limit. */
static void test_full_history_commit(void) {
    enum { LIMIT = 4000 };
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 4000;
    d.height = 4000;
    d.history_limit = LIMIT;
    grip_engine *e;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    add_box(e, GRIP_NO_BOX, 1000, 1000, 40, 40, 0, 1, false);
    grip_engine_info info;
    double t = 1, x = 1020, y = 1020;
    int failed = 0;
    for (int i = 0; i < LIMIT; i++, t += 0.1) {
        double dx = i % 2 ? -20 : 20;
        failed += pointer(e, GRIP_PHASE_DOWN, 1, x, y, t) != GRIP_OK;
        failed += pointer(e, GRIP_PHASE_MOVE, 1, x + dx, y, t + 0.01) != GRIP_OK;
        failed += pointer(e, GRIP_PHASE_UP, 1, x + dx, y, t + 0.02) != GRIP_OK;
        drain_events(e);
        x += dx;
    }
    size_t undo = 0, redo = 0;
    CHECK_STATUS(grip_history_depth(e, &undo, &redo), GRIP_OK);
    CHECK_INT(undo, LIMIT);
    long long full = history_bytes(e, &info);
    unsigned long long moved0 = info.history_steps_moved;
    long long most = 0;
    for (int i = 0; i < 3 * LIMIT; i++, t += 0.1) {
        double dx = i % 2 ? -20 : 20;
        failed += pointer(e, GRIP_PHASE_DOWN, 1, x, y, t) != GRIP_OK;
        failed += pointer(e, GRIP_PHASE_MOVE, 1, x + dx, y, t + 0.01) != GRIP_OK;
        failed += pointer(e, GRIP_PHASE_UP, 1, x + dx, y, t + 0.02) != GRIP_OK;
        drain_events(e);
        x += dx;
        long long b = history_bytes(e, &info);
        if (b > most) most = b;
    }
    CHECK_INT(failed, 0);
    CHECK_STATUS(grip_history_depth(e, &undo, &redo), GRIP_OK);
    CHECK_INT(undo, LIMIT);
    CHECK(info.history_steps_moved - moved0 <= 3 * LIMIT);
    /* every step is the same size: the history's bytes stay what the full history held */
    CHECK_INT(most, full);
    /* undo still walks the whole history back: the box ends where the last LIMIT steps began */
    int undone = 0;
    while (grip_undo(e) == GRIP_OK) undone++;
    CHECK_INT(undone, LIMIT);
    grip_engine_destroy(e);
}

/* history_bytes_limit bounds the bytes of the history: with room for about three steps of 100
 * boxes, never more than that is held (the newest step stays whatever its size). */
static void test_history_bytes_limit(void) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 4000;
    d.height = 4000;
    d.selection = GRIP_SELECTION_POINTER;
    d.history_bytes_limit = 3 * 100 * 72 + 1000;
    grip_engine *e;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    for (int i = 0; i < 100; i++) {
        grip_box b = add_box(e, GRIP_NO_BOX, 20 + (i % 10) * 40, 20 + (i / 10) * 40, 20, 20, 0, 1, false);
        CHECK_STATUS(grip_select(e, b, GRIP_SELECT_ADD), GRIP_OK);
    }
    grip_engine_info info;
    long long most = 0;
    double x = 70; /* box 11's centre, away from the selection's handles */
    for (int i = 0; i < 20; i++) {
        group_drag(e, x, 70, i % 2 ? -20 : 20, 0, 1.0 + i);
        x += i % 2 ? -20 : 20;
        long long b = history_bytes(e, &info);
        if (b > most) most = b;
    }
    CHECK(most <= (long long)d.history_bytes_limit);
    size_t undo = 0, redo = 0;
    CHECK_STATUS(grip_history_depth(e, &undo, &redo), GRIP_OK);
    CHECK(undo >= 2 && undo <= 3);
    grip_engine_destroy(e);
}

/* The work counters of grip_engine_info (checked). */
static grip_engine_info info_of(grip_engine *e) {
    grip_engine_info info;
    grip_engine_info_init(&info);
    CHECK_STATUS(grip_engine_get_info(e, &info), GRIP_OK);
    return info;
}

/* SELECTED top-level boxes of 10 x 10 in rows of 100, 20 apart (box i's top-left corner at
 * (10 + 20 (i % 100), 10 + 20 (i / 100))), every one selected (pointer selection), the frame
 * read: more boxes than the frame builder lists one by one before it lays out everything. */
enum { SELECTED = 5000,
       ROWS = SELECTED / 100 };
static grip_engine *selected_grid(grip_box *boxes) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 4000;
    d.height = 4000;
    d.selection = GRIP_SELECTION_POINTER;
    d.max_boxes = SELECTED + 16;
    grip_engine *e;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    int made = 0;
    for (int i = 0; i < SELECTED; i++) {
        boxes[i] = add_box(e, GRIP_NO_BOX, 10 + 20 * (i % 100), 10 + 20 * (i / 100), 10, 10, 0, 1, false);
        made += grip_select(e, boxes[i], GRIP_SELECT_ADD) == GRIP_OK;
    }
    CHECK_INT(made, SELECTED);
    grip_frame f;
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    drain_events(e);
    return e;
}

/* Whether box b's BOX command in frame f draws active. */
static bool draws_active(const grip_frame *f, grip_box b) {
    for (size_t i = 0; i < f->command_count; i++)
        if (f->commands[i].kind == GRIP_CMD_BOX && f->commands[i].box == b)
            return (f->commands[i].state & GRIP_STATE_ACTIVE) != 0;
    CHECK(!"no BOX command");
    return false;
}

/* The selection's border in frame f is the rectangle (x0, y0)-(x1, y1), corner by corner. */
static void border_is(const grip_frame *f, double x0, double y0, double x1, double y1) {
    int k = -1;
    for (size_t i = 0; i < f->command_count && k < 0; i++)
        if (f->commands[i].kind == GRIP_CMD_BORDER && f->commands[i].box == GRIP_SELECTION) k = (int)i;
    CHECK(k >= 0);
    if (k < 0) return;
    const grip_vec2 *v = f->vertices + f->commands[k].first_vertex;
    CHECK_INT(f->commands[k].vertex_count, 4);
    CHECK_NEAR(v[0].x, x0, EXACT), CHECK_NEAR(v[0].y, y0, EXACT);
    CHECK_NEAR(v[1].x, x1, EXACT), CHECK_NEAR(v[1].y, y0, EXACT);
    CHECK_NEAR(v[2].x, x1, EXACT), CHECK_NEAR(v[2].y, y1, EXACT);
    CHECK_NEAR(v[3].x, x0, EXACT), CHECK_NEAR(v[3].y, y1, EXACT);
}

/* A group move of SELECTED boxes: the press and the gesture's start read the selection frame
 * from the member outlines the frame holds (no pass over the members' geometry), and the frames
 * after the gesture began and after it ended are updated in place (the members' BOX commands
 * restated active, then not; their outlines and the border moved) rather than laid out whole. */
static void test_group_move_frames_in_place(void) {
    static grip_box boxes[SELECTED];
    grip_engine *e = selected_grid(boxes);
    grip_engine_info before = info_of(e);
    grip_frame f;
    /* box 2550 (row 25, column 50): its centre at (1015, 515), far from the selection's handles */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 1015, 515, 1.0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 1045, 527, 1.01), GRIP_OK); /* past touch_slop */
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    grip_engine_info began = info_of(e);
    CHECK_INT(began.selection_frame_scans - before.selection_frame_scans, 0);
    CHECK_INT(began.frame_full_builds - before.frame_full_builds, 0);
    CHECK(draws_active(&f, boxes[0]) && draws_active(&f, boxes[SELECTED - 1]));
    /* the frame (10, 10)-(2000, 10 + 20 x 49 + 10) moved by (30, 12) */
    border_is(&f, 40, 22, 2030, 1012);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 1052, 530, 1.02), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    border_is(&f, 47, 25, 2037, 1015);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 1052, 530, 1.03), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    grip_engine_info ended = info_of(e);
    CHECK_INT(ended.frame_full_builds - before.frame_full_builds, 0);
    CHECK(!draws_active(&f, boxes[0]) && !draws_active(&f, boxes[SELECTED - 1]));
    border_is(&f, 47, 25, 2037, 1015);
    /* the last box's outline: its corners from (1990 + 37, 990 + 15) to (2000 + 37, 1000 + 15) */
    int outlines = 0, last = -1;
    for (size_t i = 0; i < f.command_count; i++)
        if (f.commands[i].kind == GRIP_CMD_OUTLINE && f.commands[i].box == boxes[SELECTED - 1]) last = (int)i;
    outlines = count_commands(&f, GRIP_CMD_OUTLINE);
    CHECK_INT(outlines, SELECTED);
    CHECK(last >= 0);
    if (last >= 0) {
        const grip_vec2 *v = f.vertices + f.commands[last].first_vertex;
        CHECK_NEAR(v[0].x, 2027, EXACT), CHECK_NEAR(v[0].y, 1005, EXACT);
        CHECK_NEAR(v[2].x, 2037, EXACT), CHECK_NEAR(v[2].y, 1015, EXACT);
    }
    /* one step, which undo takes back: every box where it was */
    size_t undo = 0, redo = 0;
    CHECK_STATUS(grip_history_depth(e, &undo, &redo), GRIP_OK);
    CHECK_INT(undo, 1);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    grip_box_state s = state_of(e, boxes[SELECTED - 1]);
    CHECK_NEAR(s.corners[0].x, 1990, EXACT), CHECK_NEAR(s.corners[0].y, 990, EXACT);
    grip_engine_destroy(e);
}

/* Arrow keys with SELECTED boxes selected (nothing contained or constrained): each arrow moves
 * every box by nudge_step (1) from where the run found it, the selection frame with them, and
 * the run is one step. A contained box stops the group at the root's edge (the general path). */
static void test_nudge_many(void) {
    static grip_box boxes[SELECTED];
    grip_engine *e = selected_grid(boxes);
    grip_key keys[] = {GRIP_KEY_RIGHT, GRIP_KEY_RIGHT, GRIP_KEY_RIGHT, GRIP_KEY_DOWN, GRIP_KEY_LEFT};
    double t = 1;
    for (int i = 0; i < 5; i++, t += 0.1) {
        grip_key_event k = {GRIP_PHASE_DOWN, keys[i], 0, t};
        CHECK_STATUS(grip_dispatch_key(e, &k, NULL), GRIP_OK);
        k.phase = GRIP_PHASE_UP;
        CHECK_STATUS(grip_dispatch_key(e, &k, NULL), GRIP_OK);
    }
    /* (3 - 1, 1) from where each box was */
    int off = 0;
    for (int i = 0; i < SELECTED; i++) {
        grip_box_state s = state_of(e, boxes[i]);
        off += s.corners[0].x != 10 + 20 * (i % 100) + 2 || s.corners[0].y != 10 + 20 * (i / 100) + 1;
    }
    CHECK_INT(off, 0);
    grip_selection_state ss = {.struct_size = sizeof ss};
    CHECK_STATUS(grip_selection_state_get(e, &ss), GRIP_OK);
    CHECK_NEAR(ss.corners[0].x, 12, EXACT), CHECK_NEAR(ss.corners[0].y, 11, EXACT);
    CHECK_NEAR(ss.corners[2].x, 2002, EXACT), CHECK_NEAR(ss.corners[2].y, 1001, EXACT);
    /* a dispatch 1 s after the last arrow ends the run: one step, undone at once */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 3900, 3900, t + 1.5), GRIP_OK);
    size_t undo = 0, redo = 0;
    CHECK_STATUS(grip_history_depth(e, &undo, &redo), GRIP_OK);
    CHECK_INT(undo, 1);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    grip_box_state s = state_of(e, boxes[SELECTED - 1]);
    CHECK_NEAR(s.corners[0].x, 1990, EXACT), CHECK_NEAR(s.corners[0].y, 990, EXACT);
    /* box 0 contained: 10 arrows left stop the group where box 0 meets the root's left edge */
    grip_box_desc d;
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, boxes[0], &d), GRIP_OK);
    d.contain = true;
    CHECK_STATUS(grip_box_configure(e, boxes[0], &d), GRIP_OK);
    t += 2; /* after the hover move that ended the run */
    for (int i = 0; i < 12; i++, t += 0.1) {
        grip_key_event k = {GRIP_PHASE_DOWN, GRIP_KEY_LEFT, 0, t};
        CHECK_STATUS(grip_dispatch_key(e, &k, NULL), GRIP_OK);
    }
    CHECK_NEAR(state_of(e, boxes[0]).corners[0].x, 0, EXACT);
    CHECK_NEAR(state_of(e, boxes[SELECTED - 1]).corners[0].x, 1980, EXACT);
    grip_engine_destroy(e);
}

void suite_bulk(void) {
    test_destroy_parent_of_many();
    test_load_over_many();
    test_history_bytes_per_box();
    test_full_history_commit();
    test_history_bytes_limit();
    test_group_move_frames_in_place();
    test_nudge_many();
}
