/* suite_limits.c: the limits a host changes on a live engine (grip_engine_set_limits) and the
 * memory grip_engine_info reports: ranges refused changing nothing, a lower history_limit or
 * history_bytes_limit forgetting the oldest steps at once, a max_boxes below the box count
 * refusing creation, loads and undo, the bytes the history and the unread events hold, and the
 * unread steps bounded by history_bytes_limit (the oldest losing their changes, the newest
 * kept). Expected numbers are worked out here from the rules in grip.h. */
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

static grip_engine *engine_with(uint32_t max_boxes, uint32_t history_limit, uint64_t history_bytes) {
    grip_engine_desc d;
    grip_engine *e = NULL;
    grip_engine_desc_init(&d);
    d.width = 100000;
    d.height = 100000;
    d.selection = GRIP_SELECTION_POINTER;
    d.max_boxes = max_boxes;
    d.history_limit = history_limit;
    d.history_bytes_limit = history_bytes;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    return e;
}

static grip_engine_info info_of(grip_engine *e) {
    grip_engine_info i;
    grip_engine_info_init(&i);
    CHECK_STATUS(grip_engine_get_info(e, &i), GRIP_OK);
    return i;
}

static size_t undo_steps(grip_engine *e) {
    size_t u = 0, r = 0;
    CHECK_STATUS(grip_history_depth(e, &u, &r), GRIP_OK);
    return u;
}

static size_t redo_steps(grip_engine *e) {
    size_t u = 0, r = 0;
    CHECK_STATUS(grip_history_depth(e, &u, &r), GRIP_OK);
    return r;
}

/* n boxes in a grid, all selected; the events of making them read. */
static void grid_selected(grip_engine *e, int n) {
    for (int i = 0; i < n; i++) {
        grip_box b = add_box(e, GRIP_NO_BOX, (i % 100) * 20.0, (i / 100) * 20.0, 10, 10, 0, 1, false);
        CHECK_STATUS(grip_select(e, b, GRIP_SELECT_ADD), GRIP_OK);
    }
    drain_events(e);
}

static void test_ranges(void) {
    grip_engine *e = engine_with(500, 7, 1 << 20);
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    CHECK_STATUS(grip_engine_set_limits(e, 500, 1000001, 0), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "history_limit") != NULL);
    CHECK_STATUS(grip_engine_set_limits(e, 500, 7, (1ull << 53) + 1), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "history_bytes_limit") != NULL);
    CHECK_STATUS(grip_engine_set_limits(e, 0x80000000u, 7, 0), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "max_boxes") != NULL);
    CHECK_STATUS(grip_engine_describe(e, &d), GRIP_OK);
    CHECK(d.max_boxes == 500 && d.history_limit == 7 && d.history_bytes_limit == 1 << 20);
    CHECK_STATUS(grip_engine_set_limits(e, 0, 3, 0), GRIP_OK);
    CHECK_STATUS(grip_engine_describe(e, &d), GRIP_OK);
    CHECK(d.max_boxes == 1000000 && d.history_limit == 3 && d.history_bytes_limit == 64ull << 20);
    CHECK(strcmp(grip_engine_errmsg(e), "") == 0);
    CHECK_STATUS(grip_engine_set_limits(NULL, 0, 3, 0), GRIP_ERR_ARG);
    grip_engine_destroy(e);
    /* 2^31 boxes or steps is out of range on 32-bit targets too (not read as their Int's maximum) */
    grip_engine_desc_init(&d);
    d.max_boxes = 0x80000000u;
    e = NULL;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    CHECK(e == NULL);
    grip_engine_desc_init(&d);
    d.history_limit = 0x80000000u;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(NULL), "history_limit") != NULL);
}

static void test_history_trim(void) {
    grip_engine *e = engine_with(0, 100, 0);
    grid_selected(e, 10);
    for (int i = 0; i < 6; i++) CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_HORIZONTAL), GRIP_OK);
    CHECK(undo_steps(e) == 6);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK(undo_steps(e) == 5 && redo_steps(e) == 1);
    uint64_t six = info_of(e).history_bytes;
    CHECK(six > 0);
    /* every flip of the same 10 boxes is a step of the same size */
    uint64_t step = six / 6;
    CHECK(step * 6 == six);

    CHECK_STATUS(grip_engine_set_limits(e, 0, 2, 0), GRIP_OK);
    CHECK(undo_steps(e) == 2 && redo_steps(e) == 1);
    CHECK(info_of(e).history_bytes == 3 * step);
    /* the steps kept are the newest: undoing both and redoing the three brings the boxes back */
    grip_box first;
    size_t n = 0;
    CHECK_STATUS(grip_selection_get(e, &first, 1, &n), GRIP_OK);
    grip_box_state now = state_of(e, first);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_STATUS(grip_undo(e), GRIP_DONE);
    CHECK_STATUS(grip_redo(e), GRIP_OK);
    CHECK_STATUS(grip_redo(e), GRIP_OK);
    grip_box_state again = state_of(e, first);
    CHECK(now.center.x == again.center.x && now.flipped_x == again.flipped_x);

    /* a byte limit of one step and a half keeps only the newest undo step */
    CHECK_STATUS(grip_engine_set_limits(e, 0, 100, step + step / 2), GRIP_OK);
    CHECK(undo_steps(e) == 1);
    CHECK(info_of(e).history_bytes == (1 + redo_steps(e)) * step);
    /* below one step the newest stays whatever its size */
    CHECK_STATUS(grip_engine_set_limits(e, 0, 100, 1), GRIP_OK);
    CHECK(undo_steps(e) == 1);
    /* 0 steps forgets everything, the redo steps too */
    CHECK_STATUS(grip_engine_set_limits(e, 0, 0, 0), GRIP_OK);
    CHECK(undo_steps(e) == 0 && redo_steps(e) == 0 && info_of(e).history_bytes == 0);
    CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_HORIZONTAL), GRIP_OK);
    CHECK(undo_steps(e) == 0);
    grip_engine_destroy(e);
}

static void test_max_boxes(void) {
    grip_engine *e = engine_with(0, 100, 0);
    grid_selected(e, 5);
    char scene[4096];
    size_t len = 0;
    CHECK_STATUS(grip_scene_save(e, scene, sizeof scene, &len), GRIP_OK);
    grip_box boxes[5];
    size_t n = 0;
    CHECK_STATUS(grip_boxes_list(e, boxes, 5, &n), GRIP_OK);
    CHECK_STATUS(grip_box_destroy(e, boxes[4]), GRIP_OK);
    CHECK_STATUS(grip_engine_set_limits(e, 3, 100, 0), GRIP_OK);
    CHECK(info_of(e).box_count == 4);
    grip_box_desc bd;
    grip_box_desc_init(&bd);
    bd.width = 10;
    bd.height = 10;
    grip_box b = GRIP_NO_BOX;
    CHECK_STATUS(grip_box_create(e, &bd, &b), GRIP_ERR_LIMIT);
    CHECK(strstr(grip_engine_errmsg(e), "max_boxes (3)") != NULL);
    /* a load of 5 boxes is refused and changes nothing */
    CHECK_STATUS(grip_scene_load(e, scene, len), GRIP_ERR_LIMIT);
    CHECK(info_of(e).box_count == 4);
    /* the last box destroyed comes back only within max_boxes */
    CHECK_STATUS(grip_box_destroy(e, boxes[0]), GRIP_OK);
    CHECK_STATUS(grip_box_destroy(e, boxes[1]), GRIP_OK);
    CHECK(info_of(e).box_count == 2);
    CHECK_STATUS(grip_box_create(e, &bd, &b), GRIP_OK);
    CHECK_STATUS(grip_box_create(e, &bd, &b), GRIP_ERR_LIMIT);
    CHECK_STATUS(grip_engine_set_limits(e, 5, 100, 0), GRIP_OK);
    CHECK_STATUS(grip_scene_load(e, scene, len), GRIP_OK);
    CHECK(info_of(e).box_count == 5);
    grip_engine_destroy(e);
}

static void test_unread_steps(void) {
    /* a step over 200 boxes: measured through the history, which counts steps the same way */
    grip_engine *e = engine_with(0, 100, 0);
    grid_selected(e, 200);
    CHECK(info_of(e).event_bytes == 0);
    CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_HORIZONTAL), GRIP_OK);
    uint64_t step = info_of(e).history_bytes;
    uint64_t unread = info_of(e).event_bytes;
    CHECK(unread > step);
    drain_events(e);
    CHECK(info_of(e).event_bytes == 0);
    /* the unread steps may hold 3.5 steps: of 10 flips, the 7 oldest lose their changes */
    CHECK_STATUS(grip_engine_set_limits(e, 0, 100, step * 7 / 2), GRIP_OK);
    for (int i = 0; i < 10; i++) CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_HORIZONTAL), GRIP_OK);
    CHECK(info_of(e).event_bytes <= step * 7 / 2 + 10 * 256);
    grip_event ev;
    int committed = 0, dropped = 0;
    while (grip_event_poll(e, &ev) == GRIP_OK) {
        if (ev.kind != GRIP_EVENT_COMMITTED) continue;
        committed++;
        size_t count = 99;
        grip_status st = grip_event_changes(e, NULL, 0, &count);
        if (committed <= 7) {
            CHECK_STATUS(st, GRIP_ERR_LIMIT);
            CHECK(count == 0);
            CHECK(strstr(grip_engine_errmsg(e), "dropped") != NULL);
            dropped++;
        } else {
            CHECK_STATUS(st, GRIP_OK);
            CHECK(count == 200);
        }
    }
    CHECK(committed == 10 && dropped == 7);
    /* the history is bounded the same way: 3 steps of the 11 */
    CHECK(undo_steps(e) == 3);
    grip_engine_destroy(e);
}

void suite_limits(void) {
    test_ranges();
    test_history_trim();
    test_max_boxes();
    test_unread_steps();
}
