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

void suite_bulk(void) {
    test_destroy_parent_of_many();
    test_load_over_many();
}
