/* suite_history.c: keys (grip_dispatch_key: nudges, Escape, Tab, modifiers), steps (COMMITTED
 * and grip_event_changes), the built-in history (grip_undo, grip_redo, grip_history_*) and C
 * constraints (grip_box_set_constraint), through the C ABI. Geometry is compared bit for bit
 * (memcmp of the doubles); expected numbers are worked out here from the rules in grip.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

/* ---- helpers -------------------------------------------------------------------------------- */

static grip_engine *engine_with(grip_selection_mode mode, uint32_t history_limit) {
    grip_engine_desc d;
    grip_engine *e = NULL;
    grip_engine_desc_init(&d);
    d.width = 800;
    d.height = 600;
    d.selection = mode;
    d.history_limit = history_limit;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    return e;
}

static grip_status key(grip_engine *e, grip_phase phase, grip_key k, uint32_t mods, double t, bool *consumed) {
    grip_key_event ev;
    ev.phase = phase;
    ev.key = k;
    ev.modifiers = mods;
    ev.time = t;
    return grip_dispatch_key(e, &ev, consumed);
}

/* A key going down, which must be accepted; returns whether it was consumed. */
static bool press(grip_engine *e, grip_key k, uint32_t mods, double t) {
    bool consumed = false;
    CHECK_STATUS(key(e, GRIP_PHASE_DOWN, k, mods, t, &consumed), GRIP_OK);
    return consumed;
}

static grip_status ptr(grip_engine *e, grip_phase phase, uint32_t id, double x, double y, double t, uint32_t mods,
                       bool *consumed) {
    grip_pointer_event ev;
    ev.phase = phase;
    ev.pointer = id;
    ev.x = x;
    ev.y = y;
    ev.time = t;
    ev.modifiers = mods;
    return grip_dispatch_pointer(e, &ev, consumed);
}

/* Where a box is now, as grip_geometry (padding zeroed). */
static grip_geometry geom(grip_engine *e, grip_box b) {
    grip_geometry g;
    grip_box_state s = state_of(e, b);
    grip_box_desc d;
    memset(&g, 0, sizeof g);
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, b, &d), GRIP_OK);
    g.parent = d.parent;
    g.center = s.center;
    g.width = s.width;
    g.height = s.height;
    g.rotation = s.rotation;
    g.scale = s.scale;
    g.flipped_x = s.flipped_x;
    g.flipped_y = s.flipped_y;
    return g;
}

/* Bit for bit: the six doubles by memcmp, the parent and the flips by value (never padding). */
static bool same(const grip_geometry *a, const grip_geometry *b) {
    return a->parent == b->parent && memcmp(&a->center, &b->center, sizeof(grip_vec2)) == 0 &&
           memcmp(&a->width, &b->width, sizeof(double)) == 0 && memcmp(&a->height, &b->height, sizeof(double)) == 0 &&
           memcmp(&a->rotation, &b->rotation, sizeof(double)) == 0 &&
           memcmp(&a->scale, &b->scale, sizeof(double)) == 0 && a->flipped_x == b->flipped_x &&
           a->flipped_y == b->flipped_y;
}

#define MAXB 8
typedef struct scene_snap {
    int n;
    grip_box boxes[MAXB];
    grip_geometry g[MAXB];
    size_t sel_count;
    grip_box sel[MAXB];
} scene_snap;

static scene_snap snap(grip_engine *e, const grip_box *boxes, int n) {
    scene_snap s;
    int i;
    memset(&s, 0, sizeof s);
    s.n = n;
    for (i = 0; i < n; i++) {
        s.boxes[i] = boxes[i];
        s.g[i] = geom(e, boxes[i]);
    }
    CHECK_STATUS(grip_selection_get(e, s.sel, MAXB, &s.sel_count), GRIP_OK);
    return s;
}

static bool same_snap(const scene_snap *a, const scene_snap *b) {
    int i;
    if (a->n != b->n || a->sel_count != b->sel_count) return false;
    for (i = 0; i < a->n; i++) {
        if (!same(&a->g[i], &b->g[i])) return false;
    }
    return memcmp(a->sel, b->sel, a->sel_count * sizeof(grip_box)) == 0;
}

/* Drains the queue; counts of each event kind (indexed by kind, up to 16) and the last one of each. */
typedef struct drained {
    int n;
    int count[17];
    grip_event last[17];
} drained;

static drained drain(grip_engine *e) {
    drained d;
    grip_event ev;
    memset(&d, 0, sizeof d);
    while (grip_event_poll(e, &ev) == GRIP_OK) {
        d.n++;
        if (ev.kind >= 1 && ev.kind <= 16) {
            d.count[ev.kind]++;
            d.last[ev.kind] = ev;
        }
    }
    return d;
}

/* Polls up to and including the next event of kind (others are skipped); false when none came. */
static bool poll_until(grip_engine *e, grip_event_kind kind, grip_event *out) {
    while (grip_event_poll(e, out) == GRIP_OK) {
        if (out->kind == kind) return true;
    }
    return false;
}

static size_t undo_depth(grip_engine *e) {
    size_t u = 99, r = 99;
    CHECK_STATUS(grip_history_depth(e, &u, &r), GRIP_OK);
    return u;
}

static size_t redo_depth(grip_engine *e) {
    size_t u = 99, r = 99;
    CHECK_STATUS(grip_history_depth(e, &u, &r), GRIP_OK);
    return r;
}

static grip_box add(grip_engine *e, double x, double y, double w, double h, bool editing, bool contain) {
    grip_box b = add_box(e, GRIP_NO_BOX, x, y, w, h, 0, 1, editing);
    if (contain) {
        grip_box_desc d;
        grip_box_desc_init(&d);
        CHECK_STATUS(grip_box_describe(e, b, &d), GRIP_OK);
        d.contain = true;
        CHECK_STATUS(grip_box_configure(e, b, &d), GRIP_OK);
    }
    return b;
}

/* ---- constraints ---------------------------------------------------------------------------- */

typedef struct probe {
    grip_engine *engine;
    int calls;
    int mode; /* 0 pass, 1 refuse, 2 round x down to a multiple of 4, 3 width 1, 4 call back */
    grip_geometry last_current, last_proposed;
    grip_status callback_status;
} probe;

static bool constraint(void *context, grip_box box, const grip_geometry *current, grip_geometry *proposed) {
    probe *p = (probe *)context;
    p->calls++;
    p->last_current = *current;
    p->last_proposed = *proposed;
    switch (p->mode) {
    case 1: return false;
    case 2: proposed->center.x = floor(proposed->center.x / 4) * 4; return true;
    case 3: proposed->width = 1; return true;
    case 4: {
        grip_box_state s;
        grip_box_desc d;
        p->callback_status = grip_box_state_get(p->engine, box, &s);
        CHECK_STATUS(grip_box_state_get(p->engine, box, &s), GRIP_ERR_STATE);
        grip_box_desc_init(&d);
        CHECK_STATUS(grip_box_describe(p->engine, box, &d), GRIP_ERR_STATE);
        CHECK_STATUS(grip_box_configure(p->engine, box, &d), GRIP_ERR_STATE);
        CHECK_STATUS(grip_undo(p->engine), GRIP_ERR_STATE);
        CHECK_STATUS(grip_box_destroy(p->engine, box), GRIP_ERR_STATE);
        return true;
    }
    default: return true;
    }
}

/* Arrows nudge the selection 1 world unit (shift: 10) whatever the view, containment kept, every
 * nudge passing through the C constraint, which sees the contained proposal and may change or
 * refuse it; a result below the minimum size refuses the step. */
static void nudges(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, 100);
    grip_box a = add(e, 100, 100, 100, 50, false, true); /* centre (150, 125) */
    grip_affine zoom = {2, 0, 0, 2, 30, 40};
    probe p;
    grip_geometry g;
    memset(&p, 0, sizeof p);
    p.engine = e;
    CHECK(!press(e, GRIP_KEY_RIGHT, 0, 0.0)); /* nothing selected: not consumed */
    CHECK_STATUS(grip_engine_set_view(e, &zoom), GRIP_OK);
    CHECK_STATUS(grip_box_set_constraint(e, a, constraint, &p), GRIP_OK);
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    drain(e);
    CHECK(press(e, GRIP_KEY_RIGHT, 0, 0.1));
    CHECK_NEAR(state_of(e, a).center.x, 151, 0);
    CHECK_NEAR(state_of(e, a).center.y, 125, 0);
    CHECK_INT(p.calls, 1);
    CHECK_NEAR(p.last_proposed.center.x, 151, 0);
    CHECK_NEAR(p.last_current.center.x, 150, 0);
    CHECK(press(e, GRIP_KEY_DOWN, GRIP_MOD_SHIFT, 0.2));
    CHECK_NEAR(state_of(e, a).center.y, 135, 0);
    CHECK(press(e, GRIP_KEY_UP, 0, 0.3));
    CHECK(press(e, GRIP_KEY_LEFT, GRIP_MOD_SHIFT, 0.4));
    CHECK_NEAR(state_of(e, a).center.x, 141, 0);
    CHECK_NEAR(state_of(e, a).center.y, 134, 0);
    CHECK_INT(p.calls, 4);
    /* Containment: 20 shift-lefts would be 200 units; the left edge stops at 0 (centre 50). */
    {
        int i;
        for (i = 0; i < 20; i++) CHECK(press(e, GRIP_KEY_LEFT, GRIP_MOD_SHIFT, 0.5 + i * 0.01));
    }
    CHECK_NEAR(state_of(e, a).center.x, 50, 0);
    CHECK_NEAR(p.last_proposed.center.x, 50, 0); /* the hook sees the contained proposal */
    /* The hook changes the proposal: x rounded down to a multiple of 4. */
    p.mode = 2;
    CHECK(press(e, GRIP_KEY_RIGHT, GRIP_MOD_SHIFT, 0.8)); /* proposed 60 -> 60 */
    CHECK_NEAR(state_of(e, a).center.x, 60, 0);
    CHECK(press(e, GRIP_KEY_RIGHT, 0, 0.81)); /* proposed 61 -> 60 */
    CHECK_NEAR(state_of(e, a).center.x, 60, 0);
    CHECK(press(e, GRIP_KEY_RIGHT, 0, 0.82)); /* the run asks 62 -> 60 */
    CHECK(press(e, GRIP_KEY_RIGHT, 0, 0.83)); /* 63 -> 60 */
    CHECK(press(e, GRIP_KEY_RIGHT, 0, 0.84)); /* 64 -> 64 */
    CHECK_NEAR(state_of(e, a).center.x, 64, 0);
    /* Refused: the box stays. */
    p.mode = 1;
    g = geom(e, a);
    press(e, GRIP_KEY_DOWN, 0, 0.85);
    {
        grip_geometry now = geom(e, a);
        CHECK(same(&now, &g));
    }
    /* Below the minimum size (width 1 < 10): refused as a whole. */
    p.mode = 3;
    press(e, GRIP_KEY_DOWN, 0, 0.86);
    {
        grip_geometry now = geom(e, a);
        CHECK(same(&now, &g));
        CHECK_NEAR(now.width, 100, 0);
    }
    /* NULL removes it: the run asks for 2 more units down, given at once. */
    CHECK_STATUS(grip_box_set_constraint(e, a, NULL, NULL), GRIP_OK);
    p.calls = 0;
    CHECK(press(e, GRIP_KEY_DOWN, 0, 0.87));
    CHECK_INT(p.calls, 0);
    CHECK_NEAR(state_of(e, a).center.y, 137, 0);
    /* One step for the whole run, from the start to the end. */
    CHECK_INT(drain(e).n, 0); /* no gesture events for nudges */
    CHECK_STATUS(grip_dispatch_timer(e, 1.87), GRIP_OK);
    {
        grip_event ev;
        grip_change c[2];
        size_t n = 0;
        CHECK_STATUS(grip_event_poll(e, &ev), GRIP_OK);
        CHECK_INT(ev.kind, GRIP_EVENT_COMMITTED);
        CHECK_INT(ev.gesture, GRIP_GESTURE_NUDGE);
        CHECK(ev.box == a);
        CHECK_STATUS(grip_event_changes(e, c, 2, &n), GRIP_OK);
        CHECK_INT(n, 1);
        CHECK_NEAR(c[0].before.center.x, 150, 0);
        CHECK_NEAR(c[0].before.center.y, 125, 0);
        CHECK_NEAR(c[0].after.center.x, 64, 0);
        CHECK_NEAR(c[0].after.center.y, 137, 0);
    }
    /* Errors: unknown box, stale box. */
    CHECK_STATUS(grip_box_set_constraint(e, (grip_box)12345, constraint, &p), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_set_constraint(NULL, a, constraint, &p), GRIP_ERR_ARG);
    grip_engine_destroy(e);
}

/* 30 auto-repeat nudges less than 1 s apart: one COMMITTED, by the first dispatch at least 1 s
 * after the last one; or at once when a gesture begins, or at undo. */
static void nudge_runs(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, 100);
    grip_box a = add(e, 100, 100, 100, 50, false, false);
    grip_box b = add(e, 400, 300, 100, 100, false, false);
    grip_change c[4];
    size_t n = 0;
    drained d;
    int i;
    double t = 0;
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    drain(e);
    for (i = 0; i < 30; i++) {
        t = 0.05 * i;
        CHECK(press(e, GRIP_KEY_RIGHT, 0, t));
        if (i % 7 == 6) CHECK_STATUS(grip_dispatch_timer(e, t + 0.04), GRIP_OK); /* frames between keys */
    }
    /* last at 1.45 */
    CHECK_NEAR(state_of(e, a).center.x, 180, 0);
    CHECK_STATUS(grip_dispatch_timer(e, 2.4499), GRIP_OK);
    d = drain(e);
    CHECK_INT(d.n, 0);
    CHECK_INT(undo_depth(e), 0);
    CHECK_STATUS(grip_dispatch_timer(e, 2.45), GRIP_OK);
    {
        grip_event ev;
        CHECK(poll_until(e, GRIP_EVENT_COMMITTED, &ev));
        CHECK_STATUS(grip_event_changes(e, c, 4, &n), GRIP_OK);
        CHECK_STATUS(grip_event_poll(e, &ev), GRIP_DONE); /* exactly one event */
    }
    CHECK_INT(n, 1);
    CHECK_NEAR(c[0].before.center.x, 150, 0);
    CHECK_NEAR(c[0].after.center.x, 180, 0);
    CHECK_INT(undo_depth(e), 1);

    /* A key dispatch (a modifier) 1 s after commits too; an arrow 1 s after starts a new run. */
    CHECK(press(e, GRIP_KEY_UP, 0, 3.0));
    CHECK_INT(drain(e).n, 0);
    press(e, GRIP_KEY_SHIFT, GRIP_MOD_SHIFT, 4.0);
    d = drain(e);
    CHECK_INT(d.count[GRIP_EVENT_COMMITTED], 1);
    CHECK_INT(undo_depth(e), 2);
    CHECK(press(e, GRIP_KEY_UP, 0, 5.0));
    CHECK(press(e, GRIP_KEY_UP, 0, 6.0)); /* commits the first, starts the second */
    d = drain(e);
    CHECK_INT(d.count[GRIP_EVENT_COMMITTED], 1);
    CHECK_INT(undo_depth(e), 3);

    /* A gesture beginning commits the run at once, before its BEGAN. */
    CHECK_STATUS(ptr(e, GRIP_PHASE_DOWN, 1, 450, 350, 6.2, 0, NULL), GRIP_OK);
    CHECK_INT(drain(e).count[GRIP_EVENT_COMMITTED], 0);
    CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, 1, 480, 350, 6.3, 0, NULL), GRIP_OK);
    {
        grip_event ev;
        CHECK_STATUS(grip_event_poll(e, &ev), GRIP_OK);
        CHECK_INT(ev.kind, GRIP_EVENT_COMMITTED);
        CHECK_INT(ev.gesture, GRIP_GESTURE_NUDGE);
        CHECK_STATUS(grip_event_poll(e, &ev), GRIP_OK);
        CHECK_INT(ev.kind, GRIP_EVENT_GESTURE_BEGAN);
        CHECK(ev.box == b);
    }
    CHECK_STATUS(ptr(e, GRIP_PHASE_UP, 1, 480, 350, 6.4, 0, NULL), GRIP_OK);
    drain(e);
    CHECK_INT(undo_depth(e), 5);

    /* Undo during a run commits it first, then undoes it. */
    CHECK(press(e, GRIP_KEY_DOWN, GRIP_MOD_SHIFT, 6.5));
    CHECK(press(e, GRIP_KEY_DOWN, GRIP_MOD_SHIFT, 6.6));
    {
        grip_geometry before_undo = geom(e, a);
        grip_event ev;
        CHECK_NEAR(before_undo.center.y, 125 - 3 + 20, 0);
        CHECK_STATUS(grip_undo(e), GRIP_OK);
        CHECK_STATUS(grip_event_poll(e, &ev), GRIP_OK);
        CHECK_INT(ev.kind, GRIP_EVENT_COMMITTED);
        CHECK_STATUS(grip_event_poll(e, &ev), GRIP_OK);
        CHECK_INT(ev.kind, GRIP_EVENT_UNDONE);
        CHECK_INT(ev.gesture, GRIP_GESTURE_NUDGE);
        CHECK_STATUS(grip_event_changes(e, c, 4, &n), GRIP_OK);
        CHECK_INT(n, 1);
        CHECK(same(&c[0].before, &before_undo)); /* UNDONE: from where it was ... */
        CHECK_NEAR(c[0].after.center.y, 122, 0); /* ... to where it is now */
        CHECK_NEAR(state_of(e, a).center.y, 122, 0);
        CHECK_INT(undo_depth(e), 5);
        CHECK_INT(redo_depth(e), 1);
    }
    grip_engine_destroy(e);
}

/* ---- Escape --------------------------------------------------------------------------------- */

/* After Escape: the pointer's moves and release are accepted, consumed and change nothing. */
static void later_moves_do_nothing(grip_engine *e, const grip_box *boxes, int nb, const uint32_t *ids, int np,
                                   double t) {
    scene_snap s0 = snap(e, boxes, nb), s1;
    bool consumed;
    int i;
    for (i = 0; i < np; i++) {
        consumed = false;
        CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, ids[i], 700, 20, t + 0.01 * i, 0, &consumed), GRIP_OK);
        CHECK(consumed);
    }
    for (i = 0; i < np; i++) {
        consumed = false;
        CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, ids[i], 650, 500, t + 0.1 + 0.01 * i, GRIP_MOD_SHIFT, &consumed), GRIP_OK);
        CHECK(consumed);
    }
    for (i = 0; i < np; i++) {
        consumed = false;
        CHECK_STATUS(ptr(e, GRIP_PHASE_UP, ids[i], 650, 500, t + 0.2 + 0.01 * i, 0, &consumed), GRIP_OK);
        CHECK(consumed);
    }
    CHECK_STATUS(grip_dispatch_timer(e, t + 2), GRIP_OK);
    s1 = snap(e, boxes, nb);
    CHECK(same_snap(&s0, &s1));
    CHECK_INT(drain(e).n, 0);
    CHECK_INT(undo_depth(e), 0);
}

/* Starts a gesture (kind), moves it, presses Escape; checks the restore and the events. */
typedef struct escape_case {
    const char *name;
    bool group;
    int kind; /* 0 move, 1 resize, 2 rotate, 3 pinch, 4 magnify, 5 group move, 6 group resize, 7 group rotate */
} escape_case;

static void escape_gesture(int kind) {
    grip_engine *e = engine_with(kind >= 5 ? GRIP_SELECTION_OFF : GRIP_SELECTION_POINTER, 100);
    grip_box a = add(e, 100, 100, 200, 100, kind < 5, false); /* centre (200, 150) */
    grip_box b = add(e, 400, 300, 100, 100, kind < 5, false); /* centre (450, 350) */
    grip_box boxes[2];
    scene_snap before, after;
    uint32_t ids[2] = {1, 2};
    int np = 1;
    grip_gesture want = GRIP_GESTURE_MOVE;
    drained d;
    bool consumed = false;
    boxes[0] = a;
    boxes[1] = b;
    if (kind >= 5) {
        CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
        CHECK_STATUS(grip_select(e, b, GRIP_SELECT_ADD), GRIP_OK);
    } else {
        CHECK_STATUS(grip_select(e, b, GRIP_SELECT_REPLACE), GRIP_OK);
    }
    drain(e);
    switch (kind) {
    case 0: /* press on a (selects it alone), drag */
        CHECK_STATUS(ptr(e, GRIP_PHASE_DOWN, 1, 200, 150, 0, 0, NULL), GRIP_OK);
        break;
    case 1: /* bottom-right handle */
        CHECK_STATUS(ptr(e, GRIP_PHASE_DOWN, 1, 300, 200, 0, 0, NULL), GRIP_OK);
        want = GRIP_GESTURE_RESIZE;
        break;
    case 2: /* rotate handle, 24 above the top middle */
        CHECK_STATUS(ptr(e, GRIP_PHASE_DOWN, 1, 200, 76, 0, 0, NULL), GRIP_OK);
        want = GRIP_GESTURE_ROTATE;
        break;
    case 3:
        CHECK_STATUS(ptr(e, GRIP_PHASE_DOWN, 1, 150, 150, 0, 0, NULL), GRIP_OK);
        CHECK_STATUS(ptr(e, GRIP_PHASE_DOWN, 2, 250, 150, 0.01, 0, NULL), GRIP_OK);
        np = 2;
        want = GRIP_GESTURE_PINCH;
        break;
    case 4: {
        grip_magnify_event m = {GRIP_PHASE_DOWN, 1.0, 200, 150, 0};
        CHECK_STATUS(grip_dispatch_magnify(e, &m, NULL), GRIP_OK);
        np = 0;
        want = GRIP_GESTURE_MAGNIFY;
        break;
    }
    case 5:
        CHECK_STATUS(ptr(e, GRIP_PHASE_DOWN, 1, 200, 150, 0, 0, NULL), GRIP_OK);
        break;
    case 6: /* the selection frame (100,100)-(500,400): its bottom-right handle */
        CHECK_STATUS(ptr(e, GRIP_PHASE_DOWN, 1, 500, 400, 0, 0, NULL), GRIP_OK);
        want = GRIP_GESTURE_RESIZE;
        break;
    case 7: /* its rotate handle */
        CHECK_STATUS(ptr(e, GRIP_PHASE_DOWN, 1, 300, 76, 0, 0, NULL), GRIP_OK);
        want = GRIP_GESTURE_ROTATE;
        break;
    default: break;
    }
    before = snap(e, boxes, 2);
    drain(e);
    switch (kind) {
    case 3:
        CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, 2, 300, 190, 0.1, 0, NULL), GRIP_OK);
        CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, 1, 140, 130, 0.2, 0, NULL), GRIP_OK);
        break;
    case 4: {
        grip_magnify_event m = {GRIP_PHASE_MOVE, 1.7, 210, 160, 0.1};
        CHECK_STATUS(grip_dispatch_magnify(e, &m, NULL), GRIP_OK);
        break;
    }
    default:
        CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, 1, 0, 0, 0.1, 0, NULL), GRIP_OK); /* a start: past the slop */
        CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, 1, 333.25, 277.5, 0.2, 0, NULL), GRIP_OK);
        break;
    }
    after = snap(e, boxes, 2);
    CHECK(!same_snap(&before, &after)); /* the gesture did something */
    CHECK_STATUS(key(e, GRIP_PHASE_DOWN, GRIP_KEY_ESCAPE, 0, 0.3, &consumed), GRIP_OK);
    CHECK(consumed);
    after = snap(e, boxes, 2);
    if (!same_snap(&before, &after)) fprintf(stderr, "escape case %d: not restored bit for bit\n", kind);
    CHECK(same_snap(&before, &after));
    CHECK(!state_of(e, a).gesture_active && !state_of(e, b).gesture_active);
    d = drain(e);
    CHECK_INT(d.count[GRIP_EVENT_GESTURE_CANCELLED], 1);
    CHECK_INT(d.last[GRIP_EVENT_GESTURE_CANCELLED].gesture, want);
    CHECK(d.last[GRIP_EVENT_GESTURE_CANCELLED].box == (kind >= 5 ? GRIP_SELECTION : a));
    CHECK_INT(d.count[GRIP_EVENT_COMMITTED], 0);
    CHECK_INT(d.count[GRIP_EVENT_GESTURE_ENDED], 0);
    CHECK_INT(undo_depth(e), 0);
    if (kind == 4) {
        /* the magnify's later events: accepted, changing nothing */
        grip_magnify_event m = {GRIP_PHASE_MOVE, 2.5, 210, 160, 0.4};
        CHECK_STATUS(grip_dispatch_magnify(e, &m, NULL), GRIP_OK);
        m.phase = GRIP_PHASE_UP;
        m.time = 0.5;
        CHECK_STATUS(grip_dispatch_magnify(e, &m, NULL), GRIP_OK);
        after = snap(e, boxes, 2);
        CHECK(same_snap(&before, &after));
        CHECK_INT(drain(e).n, 0);
        CHECK_INT(undo_depth(e), 0);
    } else {
        later_moves_do_nothing(e, boxes, 2, ids, np, 0.4);
    }
    grip_engine_destroy(e);
}

static void escape_cancels(void) {
    int k;
    for (k = 0; k <= 7; k++) escape_gesture(k);
}

/* Escape during a marquee: the selection from before it comes back; with nothing going on it
 * clears the selection; with nothing selected it does nothing. */
static void escape_marquee_and_clear(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_POINTER, 100);
    grip_box a = add(e, 100, 100, 100, 100, false, false);
    grip_box b = add(e, 400, 300, 100, 100, false, false);
    grip_box sel[4];
    size_t n = 0;
    bool consumed = false;
    grip_box boxes[2];
    uint32_t id = 1;
    boxes[0] = a;
    boxes[1] = b;
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    drain(e);
    CHECK_STATUS(ptr(e, GRIP_PHASE_DOWN, 1, 380, 280, 0, 0, NULL), GRIP_OK);
    CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, 1, 450, 350, 0.1, 0, NULL), GRIP_OK);
    CHECK_STATUS(grip_selection_get(e, sel, 4, &n), GRIP_OK);
    CHECK(n == 1 && sel[0] == b); /* the marquee picks b live */
    CHECK(press(e, GRIP_KEY_ESCAPE, 0, 0.2));
    CHECK_STATUS(grip_selection_get(e, sel, 4, &n), GRIP_OK);
    CHECK(n == 1 && sel[0] == a);
    {
        grip_frame f;
        CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
        CHECK_INT(count_commands(&f, GRIP_CMD_MARQUEE), 0);
    }
    drain(e);
    later_moves_do_nothing(e, boxes, 2, &id, 1, 0.3);
    CHECK_STATUS(grip_selection_get(e, sel, 4, &n), GRIP_OK);
    CHECK(n == 1 && sel[0] == a);
    /* Nothing active: Escape clears the selection (SELECTION_CHANGED), then does nothing. */
    CHECK(press(e, GRIP_KEY_ESCAPE, 0, 3));
    CHECK_STATUS(grip_selection_get(e, sel, 4, &n), GRIP_OK);
    CHECK_INT(n, 0);
    CHECK_INT(drain(e).count[GRIP_EVENT_SELECTION_CHANGED], 1);
    CHECK(!press(e, GRIP_KEY_ESCAPE, 0, 3.1));
    CHECK_INT(drain(e).n, 0);
    (void)consumed;
    grip_engine_destroy(e);
}

/* Tab / shift-Tab walk the selectable siblings in draw order and wrap. */
static void tab_walks(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, 100);
    grip_box a = add(e, 10, 10, 50, 50, false, false);
    grip_box u = add(e, 100, 10, 50, 50, false, false);
    grip_box c = add(e, 200, 10, 50, 50, false, false);
    grip_box d = add(e, 300, 10, 50, 50, false, false);
    grip_box child, child2, sel[4];
    grip_box_desc desc;
    size_t n = 0;
    grip_box_desc_init(&desc);
    CHECK_STATUS(grip_box_describe(e, u, &desc), GRIP_OK);
    desc.selectable = false;
    CHECK_STATUS(grip_box_configure(e, u, &desc), GRIP_OK);
    child = add_box(e, a, 5, 5, 10, 10, 0, 1, false);
    child2 = add_box(e, a, 20, 20, 10, 10, 0, 1, false);
    CHECK_STATUS(grip_box_order(e, c, GRIP_ORDER_FRONT), GRIP_OK); /* draw order: a u d c */
#define SELECTED(want)                                            \
    do {                                                          \
        CHECK_STATUS(grip_selection_get(e, sel, 4, &n), GRIP_OK); \
        CHECK(n == 1 && sel[0] == (want));                        \
    } while (0)
    CHECK(press(e, GRIP_KEY_TAB, 0, 0));
    SELECTED(a);
    CHECK(press(e, GRIP_KEY_TAB, 0, 0.1));
    SELECTED(d); /* u is not selectable */
    CHECK(press(e, GRIP_KEY_TAB, 0, 0.2));
    SELECTED(c);
    CHECK(press(e, GRIP_KEY_TAB, 0, 0.3));
    SELECTED(a); /* wraps */
    CHECK(press(e, GRIP_KEY_TAB, GRIP_MOD_SHIFT, 0.4));
    SELECTED(c); /* wraps back */
    CHECK(press(e, GRIP_KEY_TAB, GRIP_MOD_SHIFT, 0.5));
    SELECTED(d);
    CHECK_INT(drain(e).count[GRIP_EVENT_SELECTION_CHANGED], 1);
    /* Among a box's children. */
    CHECK_STATUS(grip_select(e, child2, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK(press(e, GRIP_KEY_TAB, 0, 0.6));
    SELECTED(child);
    CHECK(press(e, GRIP_KEY_TAB, 0, 0.7));
    SELECTED(child2);
    /* Nothing selected: shift-Tab picks the last selectable top-level box. */
    CHECK_STATUS(grip_select(e, GRIP_NO_BOX, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK(press(e, GRIP_KEY_TAB, GRIP_MOD_SHIFT, 0.8));
    SELECTED(c);
#undef SELECTED
    grip_engine_destroy(e);
}

/* A modifier key going down with no pointer motion re-runs a corner resize: the very next state
 * and frame keep the ratio (shift) or the centre (alt); going up goes back. */
static void modifiers_without_motion(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, 100);
    grip_box a = add(e, 100, 100, 200, 100, true, false); /* (100,100)-(300,200), ratio 2 */
    grip_box_state s;
    grip_frame f;
    int bi;
    CHECK_STATUS(ptr(e, GRIP_PHASE_DOWN, 1, 300, 200, 0, 0, NULL), GRIP_OK);
    CHECK_STATUS(ptr(e, GRIP_PHASE_MOVE, 1, 350, 200, 0.1, 0, NULL), GRIP_OK);
    s = state_of(e, a);
    CHECK_NEAR(s.width, 250, EXACT);
    CHECK_NEAR(s.height, 100, EXACT);
    /* shift: the corner goes to the pointer's projection on the start diagonal (2, 1) from the
     * fixed corner (100, 100): (250, 100) . (2, 1) / 5 = 120 -> 240 x 120. */
    CHECK(press(e, GRIP_KEY_SHIFT, GRIP_MOD_SHIFT, 0.2));
    s = state_of(e, a);
    CHECK_NEAR(s.width, 240, EXACT);
    CHECK_NEAR(s.height, 120, EXACT);
    CHECK_NEAR(s.corners[0].x, 100, EXACT);
    CHECK_NEAR(s.corners[0].y, 100, EXACT);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    bi = find_command(&f, GRIP_CMD_BOX, 0);
    CHECK(bi >= 0);
    if (bi >= 0) {
        CHECK_NEAR(f.commands[bi].width, 240, EXACT);
        CHECK_NEAR(f.commands[bi].height, 120, EXACT);
    }
    {
        bool consumed = false;
        CHECK_STATUS(key(e, GRIP_PHASE_UP, GRIP_KEY_SHIFT, 0, 0.3, &consumed), GRIP_OK);
        CHECK(consumed);
    }
    s = state_of(e, a);
    CHECK_NEAR(s.width, 250, EXACT);
    CHECK_NEAR(s.height, 100, EXACT);
    /* alt: about the centre (200, 150): half widths 150 and 50. */
    CHECK(press(e, GRIP_KEY_ALT, GRIP_MOD_ALT, 0.4));
    s = state_of(e, a);
    CHECK_NEAR(s.width, 300, EXACT);
    CHECK_NEAR(s.height, 100, EXACT);
    CHECK_NEAR(s.center.x, 200, EXACT);
    CHECK_NEAR(s.center.y, 150, EXACT);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    bi = find_command(&f, GRIP_CMD_BOX, 0);
    if (bi >= 0) {
        CHECK_NEAR(f.commands[bi].width, 300, EXACT);
        CHECK_NEAR(f.commands[bi].transform.tx, 50, EXACT);
    }
    CHECK_STATUS(ptr(e, GRIP_PHASE_UP, 1, 350, 200, 0.5, GRIP_MOD_ALT, NULL), GRIP_OK);
    drain(e);
    /* With no gesture a modifier is not consumed. */
    CHECK(!press(e, GRIP_KEY_SHIFT, GRIP_MOD_SHIFT, 0.6));
    grip_engine_destroy(e);
}

/* ---- steps ---------------------------------------------------------------------------------- */

/* COMMITTED lists before and after bit for bit; a group gesture lists every member and carries
 * GRIP_SELECTION; grip_event_changes' count, capacity and NULL rules; GRIP_ERR_STATE after any
 * other event. */
static void committed_changes(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, 100);
    grip_box p = add_box(e, GRIP_NO_BOX, 50, 50, 600, 500, 0.3, 1.25, false);
    grip_box a = add_box(e, p, 100, 100, 100, 60, 0.2, 1, false);
    grip_box b = add(e, 600, 400, 80, 80, false, false);
    grip_geometry ga = geom(e, a), gb = geom(e, b), na, nb;
    grip_change c[3], sentinel;
    size_t n = 99;
    grip_event ev;
    drained d;
    grip_vec2 pa = state_of(e, a).corners[0], mid;
    mid.x = (state_of(e, a).corners[0].x + state_of(e, a).corners[2].x) / 2;
    mid.y = (state_of(e, a).corners[0].y + state_of(e, a).corners[2].y) / 2;
    (void)pa;
    CHECK_STATUS(grip_event_changes(e, c, 3, &n), GRIP_ERR_STATE); /* nothing polled yet */
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_select(e, b, GRIP_SELECT_ADD), GRIP_OK);
    drain(e);
    CHECK_STATUS(grip_event_changes(e, c, 3, &n), GRIP_ERR_STATE); /* after SELECTION_CHANGED */
    CHECK(grip_engine_errmsg(e)[0] != 0);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, mid.x, mid.y, 0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, mid.x + 30.5, mid.y - 20.25, 0.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, mid.x + 30.5, mid.y - 20.25, 0.2), GRIP_OK);
    na = geom(e, a);
    nb = geom(e, b);
    CHECK(!same(&na, &ga) && !same(&nb, &gb));
    /* BEGAN, CHANGED.., ENDED, COMMITTED */
    for (;;) {
        CHECK_STATUS(grip_event_poll(e, &ev), GRIP_OK);
        if (ev.kind == GRIP_EVENT_GESTURE_ENDED) break;
        CHECK_STATUS(grip_event_changes(e, c, 3, &n), GRIP_ERR_STATE);
    }
    CHECK_STATUS(grip_event_changes(e, c, 3, &n), GRIP_ERR_STATE); /* after ENDED */
    CHECK_STATUS(grip_event_poll(e, &ev), GRIP_OK);
    CHECK_INT(ev.kind, GRIP_EVENT_COMMITTED);
    CHECK(ev.box == GRIP_SELECTION);
    CHECK_INT(ev.gesture, GRIP_GESTURE_MOVE);
    n = 99;
    CHECK_STATUS(grip_event_changes(e, NULL, 0, &n), GRIP_OK); /* count alone */
    CHECK_INT(n, 2);
    CHECK_STATUS(grip_event_changes(e, NULL, 1, &n), GRIP_ERR_ARG);
    CHECK_STATUS(grip_event_changes(e, c, 3, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_event_changes(NULL, c, 3, &n), GRIP_ERR_ARG);
    memset(c, 0xA5, sizeof c);
    sentinel = c[1];
    n = 0;
    CHECK_STATUS(grip_event_changes(e, c, 1, &n), GRIP_OK); /* at most capacity copied */
    CHECK_INT(n, 2);
    CHECK(memcmp(&c[1], &sentinel, sizeof sentinel) == 0);
    CHECK_STATUS(grip_event_changes(e, c, 3, &n), GRIP_OK); /* again: the same answer */
    CHECK_INT(n, 2);
    CHECK(memcmp(&c[2], &sentinel, sizeof sentinel) == 0);
    {
        int i, seen_a = 0, seen_b = 0;
        for (i = 0; i < 2; i++) {
            if (c[i].box == a) {
                seen_a++;
                CHECK(same(&c[i].before, &ga));
                CHECK(same(&c[i].after, &na));
                CHECK(c[i].before.parent == p && c[i].after.parent == p);
            } else if (c[i].box == b) {
                seen_b++;
                CHECK(same(&c[i].before, &gb));
                CHECK(same(&c[i].after, &nb));
                CHECK(c[i].after.parent == GRIP_NO_BOX);
            }
        }
        CHECK(seen_a == 1 && seen_b == 1);
    }
    CHECK_STATUS(grip_event_poll(e, &ev), GRIP_DONE);
    CHECK_STATUS(grip_event_changes(e, c, 3, &n), GRIP_ERR_STATE); /* after an empty poll */

    /* Undo: UNDONE lists after = where the boxes are now (the step's before), the selection too. */
    CHECK_STATUS(grip_select(e, GRIP_NO_BOX, GRIP_SELECT_REPLACE), GRIP_OK);
    drain(e);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    d = drain(e);
    CHECK_INT(d.count[GRIP_EVENT_UNDONE], 1);
    CHECK(d.last[GRIP_EVENT_UNDONE].box == GRIP_SELECTION);
    {
        grip_geometry now_a = geom(e, a), now_b = geom(e, b);
        grip_box sel[4];
        CHECK(same(&now_a, &ga) && same(&now_b, &gb));
        CHECK_STATUS(grip_selection_get(e, sel, 4, &n), GRIP_OK);
        CHECK(n == 2 && sel[0] == a && sel[1] == b);
    }
    CHECK_STATUS(grip_redo(e), GRIP_OK);
    CHECK_STATUS(grip_event_poll(e, &ev), GRIP_OK);
    while (ev.kind != GRIP_EVENT_REDONE && grip_event_poll(e, &ev) == GRIP_OK) {}
    CHECK_INT(ev.kind, GRIP_EVENT_REDONE);
    CHECK_STATUS(grip_event_changes(e, c, 3, &n), GRIP_OK);
    CHECK_INT(n, 2);
    {
        grip_geometry now_a = geom(e, a), now_b = geom(e, b);
        CHECK(same(&now_a, &na) && same(&now_b, &nb));
        CHECK(c[0].box == a ? same(&c[0].after, &na) && same(&c[0].before, &ga) : same(&c[0].after, &nb));
    }
    grip_engine_destroy(e);
}

/* history_limit: at most that many steps; 0 keeps none but COMMITTED is still emitted. */
static void history_limits(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, 2);
    grip_box a = add(e, 100, 100, 100, 100, false, false);
    int i;
    for (i = 0; i < 3; i++) {
        double t = i;
        CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150 + 20 * i, 150, t), GRIP_OK);
        CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 170 + 20 * i, 150, t + 0.1), GRIP_OK);
        CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 170 + 20 * i, 150, t + 0.2), GRIP_OK);
    }
    CHECK_NEAR(state_of(e, a).center.x, 210, 0);
    CHECK_INT(drain(e).count[GRIP_EVENT_COMMITTED], 3);
    CHECK_INT(undo_depth(e), 2);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 170, 0);
    CHECK_STATUS(grip_undo(e), GRIP_DONE);
    CHECK_INT(redo_depth(e), 2);
    CHECK_STATUS(grip_history_clear(e), GRIP_OK);
    CHECK_INT(undo_depth(e) + redo_depth(e), 0);
    CHECK_STATUS(grip_redo(e), GRIP_DONE);
    CHECK_STATUS(grip_history_depth(e, NULL, NULL), GRIP_OK);
    CHECK_STATUS(grip_history_depth(NULL, NULL, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_undo(NULL), GRIP_ERR_ARG);
    grip_engine_destroy(e);

    e = engine_with(GRIP_SELECTION_OFF, 0);
    a = add(e, 100, 100, 100, 100, false, false);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 150, 0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 170, 150, 0.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 170, 150, 0.2), GRIP_OK);
    {
        drained d = drain(e);
        grip_change c;
        size_t n = 0;
        CHECK_INT(d.count[GRIP_EVENT_COMMITTED], 1);
        (void)c;
        (void)n;
    }
    CHECK_INT(undo_depth(e), 0);
    CHECK_STATUS(grip_undo(e), GRIP_DONE);
    CHECK_NEAR(state_of(e, a).center.x, 170, 0);
    grip_engine_destroy(e);
}

static void drag_box(grip_engine *e, double x, double y, double dx, double dy, double t) {
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, x, y, t), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, x + dx, y + dy, t + 0.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, x + dx, y + dy, t + 0.2), GRIP_OK);
}

/* history_bytes_limit: the default is 64 MiB (what grip_engine_desc_init writes; 0 means it too); a limit smaller than any step keeps only the newest
 * step (undone as usual); the limit of an earlier grip.h's engine desc is the default; a limit
 * past 2^53 is refused with the field's name. */
static void history_bytes_limits(void) {
    grip_engine_desc d;
    grip_engine *e = NULL;
    grip_engine_desc_init(&d);
    CHECK_INT(d.history_bytes_limit, 64u << 20);
    d.history_bytes_limit = 0;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    CHECK_STATUS(grip_engine_describe(e, &d), GRIP_OK);
    CHECK_INT(d.history_bytes_limit, 64u << 20);
    grip_engine_destroy(e);

    grip_engine_desc_init(&d);
    d.history_bytes_limit = 1;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    grip_box a = add(e, 100, 100, 100, 100, false, false);
    int i;
    for (i = 0; i < 3; i++) drag_box(e, 150 + 20 * i, 150, 20, 0, i);
    CHECK_NEAR(state_of(e, a).center.x, 210, 0);
    CHECK_INT(undo_depth(e), 1);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 190, 0);
    CHECK_STATUS(grip_undo(e), GRIP_DONE);
    CHECK_STATUS(grip_redo(e), GRIP_OK);
    CHECK_NEAR(state_of(e, a).center.x, 210, 0);
    grip_engine_destroy(e);

    /* A 0.2 host's desc ends before history_bytes_limit (96 bytes): the default applies. */
    grip_engine_desc_init_sized(&d, 96);
    CHECK_INT(d.struct_size, 96);
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    grip_engine_desc_init(&d);
    CHECK_STATUS(grip_engine_describe(e, &d), GRIP_OK);
    CHECK_INT(d.history_bytes_limit, 64u << 20);
    grip_engine_destroy(e);

    grip_engine_desc_init(&d);
    d.history_bytes_limit = ((uint64_t)1 << 53) + 1;
    e = NULL;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    CHECK(e == NULL);
    CHECK_STR(grip_engine_errmsg(NULL), "grip_engine_desc.history_bytes_limit must be in 1...9007199254740992");
}

/* The host's configure (that moves the box), re-parent or destroy drops the box from the history;
 * a configure with the identical geometry keeps it. Undo / redo are refused during a gesture. */
static void host_edits_drop(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, 100);
    grip_box a = add(e, 100, 100, 100, 100, false, false);
    grip_box b = add(e, 400, 100, 100, 100, false, false);
    grip_box c = add(e, 100, 400, 100, 100, false, false);
    grip_box_desc d;
    grip_geometry gb0 = geom(e, b);
    CHECK_STATUS(grip_undo(e), GRIP_DONE);
    CHECK_STATUS(grip_redo(e), GRIP_DONE);
    drag_box(e, 150, 150, 30, 0, 0); /* step 1: a */
    drag_box(e, 450, 150, 30, 0, 1); /* step 2: b */
    drag_box(e, 150, 450, 30, 0, 2); /* step 3: c */
    drain(e);
    CHECK_INT(undo_depth(e), 3);
    /* Identical configure: kept. */
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, c, &d), GRIP_OK);
    CHECK_STATUS(grip_box_configure(e, c, &d), GRIP_OK);
    CHECK_INT(undo_depth(e), 3);
    /* A configure that moves a: its step goes. */
    CHECK_STATUS(grip_box_describe(e, a, &d), GRIP_OK);
    d.x += 5;
    CHECK_STATUS(grip_box_configure(e, a, &d), GRIP_OK);
    CHECK_INT(undo_depth(e), 2);
    /* Re-parent c under b: its step goes. */
    CHECK_STATUS(grip_box_describe(e, c, &d), GRIP_OK);
    d.parent = b;
    CHECK_STATUS(grip_box_configure(e, c, &d), GRIP_OK);
    CHECK_INT(undo_depth(e), 1);
    /* Undo now restores b alone, and a stays where the host put it. */
    {
        grip_geometry ga = geom(e, a), now;
        CHECK_STATUS(grip_undo(e), GRIP_OK);
        now = geom(e, b);
        CHECK(same(&now, &gb0));
        now = geom(e, a);
        CHECK(same(&now, &ga));
        CHECK_STATUS(grip_undo(e), GRIP_DONE);
    }
    /* Destroy: the redo step of b goes. */
    CHECK_INT(redo_depth(e), 1);
    CHECK_STATUS(grip_box_destroy(e, b), GRIP_OK); /* c goes with it */
    CHECK_INT(redo_depth(e), 0);
    CHECK_STATUS(grip_redo(e), GRIP_DONE);
    /* During a gesture: STATE for undo, redo, clear. */
    drag_box(e, 160, 150, 30, 0, 3);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 190, 150, 4), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 220, 150, 4.1), GRIP_OK);
    CHECK_STATUS(grip_undo(e), GRIP_ERR_STATE);
    CHECK(grip_engine_errmsg(e)[0] != 0);
    CHECK_STATUS(grip_redo(e), GRIP_ERR_STATE);
    CHECK_STATUS(grip_history_clear(e), GRIP_ERR_STATE);
    CHECK(state_of(e, a).gesture_active);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 220, 150, 4.2), GRIP_OK);
    CHECK_INT(undo_depth(e), 2);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    grip_engine_destroy(e);
}

/* A constraint that calls back into the engine gets GRIP_ERR_STATE; the engine stays usable. */
static void constraint_reentry(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, 100);
    grip_box a = add(e, 100, 100, 100, 100, true, false);
    probe p;
    memset(&p, 0, sizeof p);
    p.engine = e;
    p.mode = 4;
    p.callback_status = GRIP_OK;
    CHECK_STATUS(grip_box_set_constraint(e, a, constraint, &p), GRIP_OK);
    drag_box(e, 150, 150, 40, 10, 0);
    CHECK(p.calls >= 1);
    CHECK_STATUS(p.callback_status, GRIP_ERR_STATE);
    CHECK_NEAR(state_of(e, a).center.x, 190, 0);
    CHECK_INT(drain(e).count[GRIP_EVENT_COMMITTED], 1);
    /* a resize goes through it too, and the engine works on */
    p.calls = 0;
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 240, 210, 1), GRIP_OK);
    CHECK_STATUS(grip_box_set_constraint(e, a, NULL, NULL), GRIP_ERR_STATE); /* during its gesture */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 260, 230, 1.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 260, 230, 1.2), GRIP_OK);
    CHECK(p.calls >= 1);
    CHECK_NEAR(state_of(e, a).width, 120, EXACT);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_NEAR(state_of(e, a).width, 100, 0);
    grip_engine_destroy(e);
}

#ifndef GRIP_NO_LUA
/* A C host sees the COMMITTED events of a Lua macro run through grip_lua_exec, with its changes;
 * the script's own handlers see them too. (Not in builds without the Lua host: the web's.) */
static void lua_macro_steps(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, 100);
    grip_box a = add(e, 100, 100, 100, 100, false, false);
    grip_lua *lua = NULL;
    grip_event ev;
    grip_change c[2];
    size_t n = 0;
    int committed = 0, others = 0;
    const char *src =
        "local e = grip.host\n"
        "e:drag{from = {150, 150}, to = {190, 170}}\n"
        "local n = 0\n"
        "for ev in e:events() do if ev.kind == 'committed' then n = n + 1;"
        " assert(#ev.changes == 1 and ev.changes[1].after.center.x == 190) end end\n"
        "assert(n == 1, 'the script sees its step')\n";
    const char *src2 = "grip.host:drag{from = {190, 170}, to = {230, 170}}\n";
    CHECK_STATUS(grip_lua_create(e, NULL, &lua), GRIP_OK);
    CHECK_STATUS(grip_lua_exec(lua, "macro", src, strlen(src)), GRIP_OK);
    if (grip_lua_errmsg(lua)[0]) fprintf(stderr, "lua: %s\n", grip_lua_errmsg(lua));
    while (grip_event_poll(e, &ev) == GRIP_OK) {
        if (ev.kind == GRIP_EVENT_COMMITTED) {
            committed++;
            CHECK(ev.box == a);
            CHECK_STATUS(grip_event_changes(e, c, 2, &n), GRIP_OK);
            CHECK_INT(n, 1);
            CHECK_NEAR(c[0].before.center.x, 150, 0);
            CHECK_NEAR(c[0].after.center.x, 190, 0);
            CHECK_NEAR(c[0].after.center.y, 170, 0);
        } else {
            others++;
        }
    }
    CHECK_INT(committed, 1);
    CHECK_INT(others, 0); /* the gesture's own events went to the script */
    /* A script that does not poll: the host still gets the step. */
    CHECK_STATUS(grip_lua_exec(lua, "macro2", src2, strlen(src2)), GRIP_OK);
    committed = 0;
    while (grip_event_poll(e, &ev) == GRIP_OK) {
        if (ev.kind == GRIP_EVENT_COMMITTED) committed++;
    }
    CHECK_INT(committed, 1);
    CHECK_INT(undo_depth(e), 2);
    grip_lua_destroy(lua);
    grip_engine_destroy(e);
}
#endif

/* Bad key events: an error with a message, and nothing changes. */
static void bad_keys(void) {
    grip_engine *e = engine_with(GRIP_SELECTION_OFF, 100);
    grip_box a = add(e, 100, 100, 100, 100, false, false);
    grip_geometry g0;
    grip_key_event ev;
    bool consumed = true;
    size_t sel_n = 0;
    CHECK_STATUS(grip_select(e, a, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK(press(e, GRIP_KEY_RIGHT, 0, 1.0));
    drain(e);
    g0 = geom(e, a);
#define REFUSED(call, status)                 \
    do {                                      \
        grip_geometry now;                    \
        CHECK_STATUS(call, status);           \
        CHECK(grip_engine_errmsg(e)[0] != 0); \
        now = geom(e, a);                     \
        CHECK(same(&now, &g0));               \
        CHECK_INT(drain(e).n, 0);             \
    } while (0)
    REFUSED(key(e, GRIP_PHASE_DOWN, (grip_key)0, 0, 1.1, NULL), GRIP_ERR_ARG);
    REFUSED(key(e, GRIP_PHASE_DOWN, (grip_key)11, 0, 1.1, NULL), GRIP_ERR_ARG);
    REFUSED(key(e, GRIP_PHASE_DOWN, (grip_key)-1, 0, 1.1, NULL), GRIP_ERR_ARG);
    REFUSED(key(e, GRIP_PHASE_MOVE, GRIP_KEY_RIGHT, 0, 1.1, NULL), GRIP_ERR_ARG);
    REFUSED(key(e, GRIP_PHASE_CANCEL, GRIP_KEY_RIGHT, 0, 1.1, NULL), GRIP_ERR_ARG);
    REFUSED(key(e, (grip_phase)9, GRIP_KEY_RIGHT, 0, 1.1, NULL), GRIP_ERR_ARG);
    REFUSED(key(e, GRIP_PHASE_DOWN, GRIP_KEY_RIGHT, 1u << 4, 1.1, NULL), GRIP_ERR_ARG);
    REFUSED(key(e, GRIP_PHASE_DOWN, GRIP_KEY_RIGHT, 0, NAN, NULL), GRIP_ERR_ARG);
    REFUSED(key(e, GRIP_PHASE_DOWN, GRIP_KEY_RIGHT, 0, INFINITY, NULL), GRIP_ERR_ARG);
    REFUSED(key(e, GRIP_PHASE_DOWN, GRIP_KEY_RIGHT, 0, 2e9, NULL), GRIP_ERR_ARG);
    REFUSED(key(e, GRIP_PHASE_DOWN, GRIP_KEY_RIGHT, 0, 0.5, NULL), GRIP_ERR_STATE); /* backwards */
    REFUSED(key(e, GRIP_PHASE_DOWN, GRIP_KEY_ESCAPE, 0, 0.5, NULL), GRIP_ERR_STATE);
    REFUSED(grip_dispatch_key(e, NULL, NULL), GRIP_ERR_ARG);
    ev.phase = GRIP_PHASE_DOWN;
    ev.key = GRIP_KEY_RIGHT;
    ev.modifiers = 0;
    ev.time = 1.2;
    CHECK_STATUS(grip_dispatch_key(NULL, &ev, &consumed), GRIP_ERR_ARG);
    CHECK_STATUS(grip_selection_get(e, NULL, 0, &sel_n), GRIP_OK);
    CHECK_INT(sel_n, 1);
    /* A refused key does not settle the run either: the deadline is still 2.0. */
    CHECK_INT(undo_depth(e), 0);
    /* An UP of an arrow does nothing, and is not consumed. */
    consumed = true;
    CHECK_STATUS(key(e, GRIP_PHASE_UP, GRIP_KEY_RIGHT, 0, 1.3, &consumed), GRIP_OK);
    CHECK(!consumed);
    CHECK_STATUS(grip_dispatch_timer(e, 2.0), GRIP_OK);
    CHECK_INT(drain(e).count[GRIP_EVENT_COMMITTED], 1);
#undef REFUSED
    grip_engine_destroy(e);
}

void suite_history(void) {
    nudges();
    nudge_runs();
    escape_cancels();
    escape_marquee_and_clear();
    tab_walks();
    modifiers_without_motion();
    committed_changes();
    history_limits();
    history_bytes_limits();
    host_edits_drop();
    constraint_reentry();
#ifndef GRIP_NO_LUA
    lua_macro_steps();
#endif
    bad_keys();
}
