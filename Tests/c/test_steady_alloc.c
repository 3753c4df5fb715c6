/* test_steady_alloc.c: once its buffers have grown, a pointer event, a timer step and a frame read
 * allocate nothing: counted by this program's own allocator (counted_malloc.c) over drags of one
 * box and of a selection of 50, with snapping on, the change feed on and both feeds read, events
 * polled after every step. The first drag of each kind grows the buffers; after an undo the same
 * drag again is counted; likewise a marquee of pointer selection swept over the boxes and back. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "counted_malloc.h"
#include "grip.h"

static grip_engine *scene(grip_selection_mode mode) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.selection = mode;
    d.width = 2000;
    d.height = 1500;
    d.peer = 1;
    grip_engine *e = NULL;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    for (int i = 0; i < 200; i++) {
        grip_box_desc b;
        grip_box_desc_init(&b);
        b.x = (i % 20) * 90;
        b.y = (i / 20) * 90;
        b.width = 60;
        b.height = 50;
        b.rotation = (i % 7) * 0.1;
        b.editing = i < 50;
        grip_box id;
        CHECK_STATUS(grip_box_create(e, &b, &id), GRIP_OK);
    }
    grip_snap_desc s;
    grip_snap_desc_init(&s);
    s.flags = GRIP_SNAP_EDGES | GRIP_SNAP_CENTERS;
    CHECK_STATUS(grip_engine_set_snapping(e, &s), GRIP_OK);
    CHECK_STATUS(grip_feed_enable(e, 4096), GRIP_OK);
    return e;
}

/* Everything a host reads after a step: the frame, the events, both feeds. */
static void read_all(grip_engine *e) {
    grip_frame f;
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    grip_event ev;
    while (grip_event_poll(e, &ev) == GRIP_OK) {
    }
    grip_feed_change changes[16];
    size_t n = 0;
    bool lost = false;
    CHECK_STATUS(grip_feed_read(e, changes, 16, &n, &lost), GRIP_OK);
    grip_live_box live[64];
    grip_status st = grip_feed_live(e, live, 64, &n);
    CHECK(st == GRIP_OK || st == GRIP_DONE);
}

static void step(grip_engine *e, grip_phase phase, double x, double y, double t) {
    grip_pointer_event ev = {phase, 1, x, y, t, 0};
    CHECK_STATUS(grip_dispatch_pointer(e, &ev, NULL), GRIP_OK);
    read_all(e);
}

/* A drag from (x, y) by (dx, dy) over 200 moves, a timer step between moves; returns the
 * allocations its moves from the 10th on, timer steps and reads made (the press and the release
 * not counted: the release commits a step into the history). */
static unsigned long long drag(grip_engine *e, double x, double y, double dx, double dy, double t) {
    step(e, GRIP_PHASE_DOWN, x, y, t);
    unsigned long long before = counted_allocations;
    for (int i = 1; i <= 200; i++) {
        /* (A group gesture's start, the first move past the slop, takes its list of members:
         * counted from the 10th move on, 15 units from the press.) */
        if (i == 10) before = counted_allocations;
        step(e, GRIP_PHASE_MOVE, x + dx * i / 200, y + dy * i / 200, t + 0.01 * i);
        CHECK_STATUS(grip_dispatch_timer(e, t + 0.01 * i + 0.005), GRIP_OK);
        read_all(e);
    }
    unsigned long long made = counted_allocations - before;
    step(e, GRIP_PHASE_UP, x + dx, y + dy, t + 2.1);
    return made;
}

static grip_vec2 centre(grip_engine *e, grip_box b) {
    grip_box_state s;
    CHECK_STATUS(grip_box_state_get(e, b, &s), GRIP_OK);
    return s.center;
}

int main(void) {
    unsigned long long at_start = counted_allocations;
    grip_engine *e = scene(GRIP_SELECTION_OFF);
    CHECK(counted_allocations > at_start); /* (the counting allocator is the one the library uses) */
    grip_box all[200];
    size_t n = 0;
    CHECK_STATUS(grip_boxes_list(e, all, 200, &n), GRIP_OK);
    CHECK_INT(n, 200);
    /* One box (the editing box at 0, 0: its body at its centre, 30, 25), dragged, undone and
     * dragged again the same way, counted. Snapping may pull it up to 8 units aside. */
    drag(e, 30, 25, 300, 120, 0);
    grip_vec2 c = centre(e, all[0]);
    CHECK_NEAR(c.x, 330, 8);
    CHECK_NEAR(c.y, 145, 8);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    read_all(e);
    c = centre(e, all[0]);
    CHECK_NEAR(c.x, 30, 0);
    unsigned long long one = drag(e, 30, 25, 300, 120, 10);
    printf("(one box: %llu allocations over 191 moves, 191 timer steps and 382 reads)\n", one);
    CHECK_INT(one, 0);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    /* A selection of the 50 editing boxes, dragged by the first, the same way. */
    for (int i = 0; i < 50; i++) CHECK_STATUS(grip_select(e, all[i], i ? GRIP_SELECT_ADD : GRIP_SELECT_REPLACE), GRIP_OK);
    read_all(e);
    grip_vec2 last = centre(e, all[49]);
    drag(e, 30, 25, 300, 120, 20);
    grip_vec2 moved = centre(e, all[49]);
    CHECK_NEAR(moved.x - last.x, 300, 8); /* the whole selection moved */
    CHECK_NEAR(moved.y - last.y, 120, 8);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    read_all(e);
    unsigned long long group = drag(e, 30, 25, 300, 120, 30);
    printf("(50 selected: %llu allocations over 191 moves, 191 timer steps and 382 reads)\n", group);
    CHECK_INT(group, 0);
    grip_engine_destroy(e);

    /* A marquee from an empty place (above and left of the grid) over half of it, then the
     * same marquee again, counted: its steps keep their picks between moves. */
    e = scene(GRIP_SELECTION_POINTER);
    drag(e, -80, -80, 1400, 700, 40);
    size_t picked = 0;
    CHECK_STATUS(grip_selection_get(e, NULL, 0, &picked), GRIP_OK);
    CHECK(picked > 100); /* the marquee picked boxes */
    unsigned long long marquee = drag(e, -80, -80, 1400, 700, 50);
    CHECK_STATUS(grip_selection_get(e, NULL, 0, &picked), GRIP_OK);
    CHECK(picked > 100);
    printf("(marquee: %llu allocations over 191 moves, 191 timer steps and 382 reads)\n", marquee);
    CHECK_INT(marquee, 0);
    grip_engine_destroy(e);
    return check_summary("Steady-state allocations");
}
