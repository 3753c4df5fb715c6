/* suite_selection_constraint.c: grip_selection_set_constraint through the C ABI, as "keep the
 * whole selection inside the page": a group of three dragged past the page's edges stops flush
 * with them, every member moved by the same displacement and its shape kept; a group resize
 * clipped to the page; a rotation refused; nudges, a flip and a quarter turn; an answer that is
 * NaN (ignored, SCRIPT_ERROR); a call back into the engine (refused); a selection of one; the
 * setter's refusals. Expected numbers are worked out here from the rules in grip.h. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

#define PAGE_W 1000.0
#define PAGE_H 800.0

enum { KEEP_INSIDE,
       REFUSE_TURNS,
       ANSWER_NAN,
       CALL_BACK };

typedef struct page {
    int mode;
    int calls;
    grip_engine *engine;
    grip_status call_back;          /* what the engine said to a call from inside the hook */
    grip_geometry before, proposed; /* the last call's arguments */
} page;

/* Keeps the frame inside the page: a frame of the size it had (a move) is shifted back in; a
 * resized one is clipped to the page. */
static bool page_constraint(void *context, const grip_geometry *before, grip_geometry *proposed) {
    page *p = (page *)context;
    p->calls++;
    p->before = *before;
    p->proposed = *proposed;
    switch (p->mode) {
    case REFUSE_TURNS:
        return proposed->rotation == before->rotation;
    case ANSWER_NAN:
        proposed->center.x = NAN;
        return true;
    case CALL_BACK:
        p->call_back = grip_select(p->engine, GRIP_NO_BOX, GRIP_SELECT_REPLACE);
        return true;
    default:
        break;
    }
    if (proposed->width == before->width && proposed->height == before->height) {
        double hw = proposed->width / 2, hh = proposed->height / 2;
        if (proposed->center.x - hw < 0) proposed->center.x = hw;
        if (proposed->center.x + hw > PAGE_W) proposed->center.x = PAGE_W - hw;
        if (proposed->center.y - hh < 0) proposed->center.y = hh;
        if (proposed->center.y + hh > PAGE_H) proposed->center.y = PAGE_H - hh;
    } else {
        double l = proposed->center.x - proposed->width / 2, r = proposed->center.x + proposed->width / 2;
        double t = proposed->center.y - proposed->height / 2, b = proposed->center.y + proposed->height / 2;
        if (l < 0) l = 0;
        if (r > PAGE_W) r = PAGE_W;
        if (t < 0) t = 0;
        if (b > PAGE_H) b = PAGE_H;
        proposed->center.x = (l + r) / 2;
        proposed->center.y = (t + b) / 2;
        proposed->width = r - l;
        proposed->height = b - t;
    }
    return true;
}

static grip_engine *page_engine(void) {
    grip_engine_desc d;
    grip_engine *e = NULL;
    grip_engine_desc_init(&d);
    d.width = PAGE_W;
    d.height = PAGE_H;
    d.selection = GRIP_SELECTION_OFF; /* the tests select */
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    return e;
}

/* Three boxes (top-left, size): a (100, 100, 100x50), b (300, 150, 100x50), c (200, 300,
 * 50x50), all selected: the selection frame spans x 100..400, y 100..350. */
static grip_engine *three(grip_box *boxes, page *p, int mode) {
    grip_engine *e = page_engine();
    int i;
    boxes[0] = add_box(e, GRIP_NO_BOX, 100, 100, 100, 50, 0, 1, false);
    boxes[1] = add_box(e, GRIP_NO_BOX, 300, 150, 100, 50, 0, 1, false);
    boxes[2] = add_box(e, GRIP_NO_BOX, 200, 300, 50, 50, 0, 1, false);
    for (i = 0; i < 3; i++) CHECK_STATUS(grip_select(e, boxes[i], GRIP_SELECT_ADD), GRIP_OK);
    memset(p, 0, sizeof *p);
    p->mode = mode;
    p->engine = e;
    CHECK_STATUS(grip_selection_set_constraint(e, page_constraint, p), GRIP_OK);
    drain_events(e);
    return e;
}

static void drag_to(grip_engine *e, double x0, double y0, double x1, double y1, double t) {
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, x0, y0, t), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, (x0 + x1) / 2, (y0 + y1) / 2, t + 0.02), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, x1, y1, t + 0.04), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, x1, y1, t + 0.06), GRIP_OK);
}

/* Checks box b's centre and size (exactly: every number here is a sum of whole numbers). */
static void check_box(grip_engine *e, grip_box b, double cx, double cy, double w, double h) {
    grip_box_state s = state_of(e, b);
    CHECK(s.center.x == cx);
    CHECK(s.center.y == cy);
    CHECK(s.width == w);
    CHECK(s.height == h);
    CHECK(s.rotation == 0);
}

/* Counts the queued events of `kind` (draining the queue), the last one's box and, for a
 * SCRIPT_ERROR, whether its message contains `text`. */
static int events_of(grip_engine *e, grip_event_kind kind, grip_box *box, const char *text, bool *has_text) {
    grip_event ev;
    int n = 0;
    while (grip_event_poll(e, &ev) == GRIP_OK) {
        if (ev.kind != kind) continue;
        n++;
        if (box) *box = ev.box;
        if (has_text) *has_text = strstr(grip_engine_errmsg(e), text) != NULL;
    }
    return n;
}

/* Dragged 300 left and 600 down from b (350, 175): the frame would span x -200..100, y
 * 700..950; the page keeps it at x 0..300, y 550..800: every member moved by (-100, +450). */
static void move_stops_flush(void) {
    grip_box bx[3], evbox = 0;
    page p;
    grip_engine *e = three(bx, &p, KEEP_INSIDE);
    size_t undo = 0, redo = 0;
    drag_to(e, 350, 175, 50, 775, 1.0);
    check_box(e, bx[0], 50, 575, 100, 50);
    check_box(e, bx[1], 250, 625, 100, 50);
    check_box(e, bx[2], 125, 775, 50, 50); /* its bottom edge on the page's: 800 */
    /* The hook's arguments at the last step: the frame at the start, and the one the drag
     * asked for, world space. */
    CHECK(p.calls == 2);
    CHECK(p.before.parent == GRIP_NO_BOX && p.before.scale == 1 && !p.before.flipped_x);
    CHECK(p.before.center.x == 250 && p.before.center.y == 225);
    CHECK(p.before.width == 300 && p.before.height == 250 && p.before.rotation == 0);
    CHECK(p.proposed.center.x == -50 && p.proposed.center.y == 825);
    CHECK(p.proposed.width == 300 && p.proposed.height == 250);
    CHECK_INT(events_of(e, GRIP_EVENT_COMMITTED, &evbox, NULL, NULL), 1);
    CHECK(evbox == GRIP_SELECTION);
    /* One undo step puts every member back. */
    CHECK_STATUS(grip_history_depth(e, &undo, &redo), GRIP_OK);
    CHECK(undo == 1);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    check_box(e, bx[0], 150, 125, 100, 50);
    check_box(e, bx[2], 225, 325, 50, 50);

    /* Inside the page the hook changes nothing: the drag's own displacement, exactly. */
    drain_events(e);
    drag_to(e, 350, 175, 360.5, 190.25, 2.0);
    check_box(e, bx[0], 160.5, 140.25, 100, 50);
    check_box(e, bx[1], 360.5, 190.25, 100, 50);
    grip_engine_destroy(e);
}

/* The frame's bottom-right handle (400, 350) dragged to x 1400: the frame would be 1300 wide
 * (x 100..1400); clipped to x 100..1000 it is 900 wide, 3 times its 300: every member three
 * times as wide, its left edge at 100 + 3 * (left - 100); heights and y kept. */
static void resize_clipped(void) {
    grip_box bx[3];
    page p;
    grip_engine *e = three(bx, &p, KEEP_INSIDE);
    grip_box_state s;
    drag_to(e, 400, 350, 1400, 350, 1.0);
    s = state_of(e, bx[0]); /* left 100 -> 100, width 300 */
    CHECK_NEAR(s.center.x, 250, 1e-9);
    CHECK_NEAR(s.width, 300, 1e-9);
    CHECK(s.center.y == 125 && s.height == 50);
    s = state_of(e, bx[1]); /* left 300 -> 700 */
    CHECK_NEAR(s.center.x, 850, 1e-9);
    CHECK_NEAR(s.width, 300, 1e-9);
    CHECK(s.center.y == 175 && s.height == 50);
    s = state_of(e, bx[2]); /* left 200 -> 400, width 150 */
    CHECK_NEAR(s.center.x, 475, 1e-9);
    CHECK_NEAR(s.width, 150, 1e-9);
    CHECK(s.center.y == 325 && s.height == 50);
    CHECK_NEAR(p.proposed.width, 1300, 1e-9);
    CHECK(p.before.width == 300);
    grip_engine_destroy(e);
}

/* A hook that refuses any turn: the rotate handle (250, 76) swept a quarter turn about the
 * frame's centre (250, 225) changes nothing, bit for bit, and leaves no step. So do a quarter
 * turn by grip_selection_rotate90 (GRIP_DONE) and a flip still passes (no turn). */
static void rotate_refused(void) {
    grip_box bx[3];
    page p;
    grip_engine *e = three(bx, &p, REFUSE_TURNS);
    size_t undo = 9, redo = 9;
    drag_to(e, 250, 76, 399, 225, 1.0);
    CHECK(p.calls >= 1);
    check_box(e, bx[0], 150, 125, 100, 50);
    check_box(e, bx[1], 350, 175, 100, 50);
    check_box(e, bx[2], 225, 325, 50, 50);
    CHECK_STATUS(grip_selection_rotate90(e, 1), GRIP_DONE);
    check_box(e, bx[0], 150, 125, 100, 50);
    CHECK_STATUS(grip_history_depth(e, &undo, &redo), GRIP_OK);
    CHECK(undo == 0);
    /* A horizontal flip about x = 250: a (left 100..200) goes to 300..400, centre 350. */
    p.calls = 0;
    CHECK_STATUS(grip_selection_flip(e, GRIP_AXIS_HORIZONTAL), GRIP_OK);
    CHECK(p.calls == 1);
    CHECK_NEAR(state_of(e, bx[0]).center.x, 350, 1e-9);
    CHECK(state_of(e, bx[0]).flipped_x);
    /* Align moves the boxes apart: the selection constraint is not asked. */
    p.calls = 0;
    CHECK_STATUS(grip_selection_align(e, GRIP_ALIGN_LEFT, GRIP_NO_BOX), GRIP_OK);
    CHECK(p.calls == 0);
    grip_engine_destroy(e);
}

/* Nudges keep the page too: the group 3 from the left edge, shift+left (10) stops it at 0. */
static void nudges_stop_flush(void) {
    grip_box bx[3];
    page p;
    grip_engine *e = three(bx, &p, KEEP_INSIDE);
    grip_key_event k = {GRIP_PHASE_DOWN, GRIP_KEY_LEFT, GRIP_MOD_SHIFT, 1.0};
    CHECK_STATUS(grip_box_set_geometry(e, bx[0], &(grip_geometry){GRIP_NO_BOX, {53, 125}, 100, 50, 0, 1, false, false}),
                 GRIP_OK); /* a: x 3..103, the frame 3..400 */
    CHECK_STATUS(grip_dispatch_key(e, &k, NULL), GRIP_OK);
    check_box(e, bx[0], 50, 125, 100, 50);
    check_box(e, bx[1], 347, 175, 100, 50);
    check_box(e, bx[2], 222, 325, 50, 50);
    grip_engine_destroy(e);
}

/* The wall leaves no overshoot behind: three more shift+lefts at the page's edge, then one
 * shift+right (10) moves the group 10 off the edge at once, in the same run. */
static void nudge_back_from_wall(void) {
    grip_box bx[3];
    page p;
    grip_engine *e = three(bx, &p, KEEP_INSIDE);
    grip_key_event k = {GRIP_PHASE_DOWN, GRIP_KEY_LEFT, GRIP_MOD_SHIFT, 1.0};
    int i;
    CHECK_STATUS(grip_box_set_geometry(e, bx[0], &(grip_geometry){GRIP_NO_BOX, {53, 125}, 100, 50, 0, 1, false, false}),
                 GRIP_OK); /* a: x 3..103, the frame 3..400 */
    for (i = 0; i < 4; i++, k.time += 0.1) CHECK_STATUS(grip_dispatch_key(e, &k, NULL), GRIP_OK);
    check_box(e, bx[0], 50, 125, 100, 50);
    k.key = GRIP_KEY_RIGHT;
    CHECK_STATUS(grip_dispatch_key(e, &k, NULL), GRIP_OK);
    check_box(e, bx[0], 60, 125, 100, 50);
    check_box(e, bx[1], 357, 175, 100, 50);
    check_box(e, bx[2], 232, 325, 50, 50);
    grip_engine_destroy(e);
}

/* An answer with a NaN centre is ignored: the step goes on as proposed and SCRIPT_ERROR (box
 * GRIP_SELECTION) says why. */
static void nan_answer_ignored(void) {
    grip_box bx[3], evbox = 0;
    page p;
    grip_engine *e = three(bx, &p, ANSWER_NAN);
    bool says = false;
    drag_to(e, 350, 175, 50, 175, 1.0);
    check_box(e, bx[0], -150, 125, 100, 50); /* the whole 300 to the left */
    check_box(e, bx[1], 50, 175, 100, 50);
    CHECK_INT(events_of(e, GRIP_EVENT_SCRIPT_ERROR, &evbox, "unusable frame", &says), 2);
    CHECK(evbox == GRIP_SELECTION && says);
    grip_engine_destroy(e);
}

/* A call back into the engine from the hook fails with GRIP_ERR_STATE and changes nothing. */
static void call_back_refused(void) {
    grip_box bx[3];
    page p;
    grip_engine *e = three(bx, &p, CALL_BACK);
    size_t n = 0;
    drag_to(e, 350, 175, 390, 175, 1.0);
    CHECK(p.calls == 2);
    CHECK_STATUS(p.call_back, GRIP_ERR_STATE);
    CHECK_STATUS(grip_selection_get(e, NULL, 0, &n), GRIP_OK);
    CHECK(n == 3); /* still selected */
    check_box(e, bx[0], 190, 125, 100, 50);
    grip_engine_destroy(e);
}

/* One selected box is a selection of one: dragged past the left edge it stops flush; a box
 * that is not selected is not the selection's (the hook is not asked). */
static void selection_of_one(void) {
    grip_engine *e = page_engine();
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 100, 50, 0, 1, false);
    grip_box b = add_box(e, GRIP_NO_BOX, 500, 500, 100, 50, 0, 1, false);
    page p;
    memset(&p, 0, sizeof p);
    p.engine = e;
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_selection_set_constraint(e, page_constraint, &p), GRIP_OK);
    drag_to(e, 150, 125, -150, 100, 1.0);
    check_box(e, a, 50, 100, 100, 50); /* x 0..100, the vertical 25 up kept */
    CHECK(p.before.center.x == 150 && p.before.width == 100 && p.before.height == 50);
    CHECK(p.calls == 2);
    p.calls = 0;
    drag_to(e, 550, 525, -550, 525, 2.0); /* b: not selected, free to leave */
    CHECK(p.calls == 0);
    check_box(e, b, -550, 525, 100, 50);
    grip_engine_destroy(e);
}

/* The setter: NULL engine; STATE during a gesture on the selection (nothing changes); NULL
 * removes it. */
static void setter(void) {
    grip_box bx[3];
    page p;
    grip_engine *e = three(bx, &p, KEEP_INSIDE);
    CHECK_STATUS(grip_selection_set_constraint(NULL, page_constraint, &p), GRIP_ERR_ARG);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 350, 175, 1.0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 300, 175, 1.02), GRIP_OK);
    CHECK_STATUS(grip_selection_set_constraint(e, NULL, NULL), GRIP_ERR_STATE);
    CHECK(strstr(grip_engine_errmsg(e), "gesture") != NULL);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, -350, 175, 1.04), GRIP_OK);
    check_box(e, bx[0], 50, 125, 100, 50); /* still constrained */
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, -350, 175, 1.06), GRIP_OK);
    CHECK_STATUS(grip_selection_set_constraint(e, NULL, NULL), GRIP_OK);
    p.calls = 0;
    drag_to(e, 50, 125, -50, 125, 2.0); /* a, now at x 0..100 */
    CHECK(p.calls == 0);
    check_box(e, bx[0], -50, 125, 100, 50);
    grip_engine_destroy(e);
}

void suite_selection_constraint(void) {
    move_stops_flush();
    resize_clipped();
    rotate_refused();
    nudges_stop_flush();
    nudge_back_from_wall();
    nan_answer_ignored();
    call_back_refused();
    selection_of_one();
    setter();
}
