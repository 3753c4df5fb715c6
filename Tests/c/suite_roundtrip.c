/* suite_roundtrip.c: whatever the API accepts describes, configures, saves and loads back.
 * First the paths that once put a box outside what grip_box_configure accepts, each with its
 * numbers worked out from the rule (re-parenting keeps the world place, the coordinate range is
 * 1e9, limits changed under a history); then seeded random sessions of every kind of call,
 * checking after every accepted call that each box's description configures back unchanged, and
 * every 50 calls that the saved scene loads into a fresh engine and saves the same bytes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

#define LIMIT 1e9

static grip_box_desc describe(grip_engine *e, grip_box b) {
    grip_box_desc d;
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, b, &d), GRIP_OK);
    return d;
}

static grip_status key(grip_engine *e, grip_phase phase, grip_key k, uint32_t modifiers, double t) {
    grip_key_event ev;
    ev.phase = phase;
    ev.key = k;
    ev.modifiers = modifiers;
    ev.time = t;
    return grip_dispatch_key(e, &ev, NULL);
}

/* Saves e, loads the text into a fresh engine with e's settings; returns the load's status and
 * whether the fresh engine saves the same bytes. */
static grip_status save_load(grip_engine *e, bool *same) {
    size_t n = 0, m = 0;
    *same = false;
    if (grip_scene_save(e, NULL, 0, &n) != GRIP_ERR_LIMIT) return GRIP_ERR_STATE;
    char *text = (char *)malloc(n + 1), *again = NULL;
    if (!text || grip_scene_save(e, text, n + 1, &n) != GRIP_OK) {
        free(text);
        return GRIP_ERR_STATE;
    }
    grip_engine_desc settings;
    grip_engine_desc_init(&settings);
    grip_engine *f = NULL;
    if (grip_engine_describe(e, &settings) != GRIP_OK || grip_engine_create(&settings, &f) != GRIP_OK) {
        free(text);
        return GRIP_ERR_STATE;
    }
    grip_status st = grip_scene_load(f, text, n);
    if (st == GRIP_OK) {
        grip_scene_save(f, NULL, 0, &m);
        again = (char *)malloc(m + 1);
        if (again && grip_scene_save(f, again, m + 1, &m) == GRIP_OK) *same = m == n && memcmp(text, again, n) == 0;
    } else {
        fprintf(stderr, "load refused: %s\n", grip_engine_errmsg(f));
    }
    free(again);
    free(text);
    grip_engine_destroy(f);
    return st;
}

static bool configures_back(grip_engine *e, grip_box b) {
    grip_box_desc d = describe(e, b);
    return grip_box_configure(e, b, &d) == GRIP_OK;
}

/* ---- the paths, one by one ---------------------------------------------------------------- */

/* A box of scale 0.2 put under a parent of scale 3 keeps its world size: its local scale would
 * be 0.2 / 3 = 0.0667, under its min_scale 0.1: refused, naming the scale, nothing changed. With
 * min_scale 0.05 in the same description it is accepted at 0.2 / 3. */
void reparent_scale_limit(void) {
    grip_engine *e = new_engine(2000, 2000);
    grip_box p = add_box(e, GRIP_NO_BOX, 0, 0, 100, 100, 0, 3, false);
    grip_box c = add_box(e, GRIP_NO_BOX, 500, 0, 100, 100, 0, 0.2, false);
    grip_box_desc d = describe(e, c);
    d.parent = p;
    CHECK_STATUS(grip_box_configure(e, c, &d), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "scale 0.0666666666666666") != NULL);
    CHECK(strstr(grip_engine_errmsg(e), "min_scale") != NULL);
    grip_box_desc now = describe(e, c);
    CHECK(now.parent == GRIP_NO_BOX);
    CHECK_NEAR(now.x, 500, 0);
    CHECK_NEAR(now.scale, 0.2, 0);
    /* Scale 3 the other way: 10 / 3 = 3.33 > max_scale 3 under a parent of scale 3 and 0.1 ... */
    grip_box big = add_box(e, GRIP_NO_BOX, 800, 0, 100, 100, 0, 10, false);
    grip_box small = add_box(e, GRIP_NO_BOX, 1200, 0, 100, 100, 0, 0.1, false);
    d = describe(e, big);
    d.parent = small;
    CHECK_STATUS(grip_box_configure(e, big, &d), GRIP_ERR_ARG); /* local 10 / 0.1 = 100 > 10 */
    CHECK(strstr(grip_engine_errmsg(e), "max_scale") != NULL);
    CHECK(describe(e, big).parent == GRIP_NO_BOX);
    /* Wider limits in the same call: accepted, the box where it was in the world. */
    d = describe(e, c);
    d.parent = p;
    d.min_scale = 0.05;
    CHECK_STATUS(grip_box_configure(e, c, &d), GRIP_OK);
    now = describe(e, c);
    CHECK(now.parent == p);
    CHECK_NEAR(now.scale, 0.2 / 3, 1e-15);
    CHECK(configures_back(e, c));
    bool same = false;
    CHECK_STATUS(save_load(e, &same), GRIP_OK);
    CHECK(same);
    grip_engine_destroy(e);
}

/* Under a parent of scale 1e-3 at the origin, a box at world x 9e8 would be at local x about
 * 9e11, beyond the 1e9 range: refused, naming x. */
void reparent_position_limit(void) {
    grip_engine *e = new_engine(2000, 2000);
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.min_scale = 1e-6;
    d.scale = 1e-3;
    grip_box p = GRIP_NO_BOX;
    CHECK_STATUS(grip_box_create(e, &d, &p), GRIP_OK);
    grip_box c = add_box(e, GRIP_NO_BOX, 9e8, 0, 100, 100, 0, 1, false);
    d = describe(e, c);
    d.parent = p;
    d.min_scale = 1e-6;
    d.max_scale = 1e6;
    CHECK_STATUS(grip_box_configure(e, c, &d), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), ": x ") != NULL);
    CHECK(describe(e, c).parent == GRIP_NO_BOX);
    CHECK_NEAR(describe(e, c).x, 9e8, 0);
    CHECK_NEAR(describe(e, c).min_scale, 0.1, 0);
    grip_engine_destroy(e);
}

/* A grid of 1e9: each shift-arrow asks for five grid steps, 5e9. The box (x 0, 100 wide) stops
 * with x at the range's edge, 1e9 exactly (centre 1e9 + 50); a shift-left then asks for 1e9 -
 * 5e9 and stops at -1e9. */
void nudge_range(void) {
    grip_engine *e = new_engine(2000, 2000);
    grip_box b = add_box(e, GRIP_NO_BOX, 0, 0, 100, 100, 0, 1, false);
    grip_snap_desc s;
    grip_snap_desc_init(&s);
    s.flags = GRIP_SNAP_GRID;
    s.grid_x = s.grid_y = 1e9;
    CHECK_STATUS(grip_engine_set_snapping(e, &s), GRIP_OK);
    CHECK_STATUS(grip_select(e, b, GRIP_SELECT_REPLACE), GRIP_OK);
    for (int i = 0; i < 3; i++) {
        CHECK_STATUS(key(e, GRIP_PHASE_DOWN, GRIP_KEY_RIGHT, GRIP_MOD_SHIFT, 1 + i * 0.1), GRIP_OK);
        CHECK_STATUS(key(e, GRIP_PHASE_UP, GRIP_KEY_RIGHT, GRIP_MOD_SHIFT, 1.05 + i * 0.1), GRIP_OK);
    }
    grip_box_desc d = describe(e, b);
    CHECK_NEAR(d.x, LIMIT, 0);
    CHECK_NEAR(d.y, 0, 0);
    CHECK_NEAR(state_of(e, b).center.x, LIMIT + 50, 0);
    CHECK(configures_back(e, b));
    bool same = false;
    CHECK_STATUS(save_load(e, &same), GRIP_OK);
    CHECK(same);
    /* The run was settled by the configure; the opposite arrow moves at once. */
    CHECK_STATUS(key(e, GRIP_PHASE_DOWN, GRIP_KEY_LEFT, GRIP_MOD_SHIFT, 3), GRIP_OK);
    CHECK_NEAR(describe(e, b).x, -LIMIT, 0);
    /* Down and up: the same along y, and the undo step takes it back to -1e9, 0. */
    CHECK_STATUS(key(e, GRIP_PHASE_DOWN, GRIP_KEY_DOWN, GRIP_MOD_SHIFT, 5), GRIP_OK);
    CHECK_NEAR(describe(e, b).y, LIMIT, 0);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_NEAR(describe(e, b).x, -LIMIT, 0);
    CHECK_NEAR(describe(e, b).y, 0, 0);
    grip_engine_destroy(e);
}

/* With the view zoomed out 1e-8 times, 100 screen units are 1e10 world units. One box dragged
 * that far right stops with x at 1e9; two selected boxes 300 apart stop as a whole when the right
 * one's x reaches 1e9, the left one's at 1e9 - 300. */
void drag_range(void) {
    grip_engine_desc ed;
    grip_engine_desc_init(&ed);
    ed.width = ed.height = 2000;
    ed.selection = GRIP_SELECTION_POINTER;
    grip_engine *e = NULL;
    CHECK_STATUS(grip_engine_create(&ed, &e), GRIP_OK);
    grip_affine view = {1e-8, 0, 0, 1e-8, 0, 0};
    CHECK_STATUS(grip_engine_set_view(e, &view), GRIP_OK);
    grip_box a = add_box(e, GRIP_NO_BOX, 0, 0, 100, 100, 0, 1, false);
    /* The body's centre (50, 50) is at screen (5e-7, 5e-7). */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 5e-7, 5e-7, 1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 100, 5e-7, 1.1), GRIP_OK);
    CHECK_NEAR(describe(e, a).x, LIMIT, 0);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, -100, 5e-7, 1.2), GRIP_OK);
    CHECK_NEAR(describe(e, a).x, -LIMIT, 0);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, -100, 5e-7, 1.3), GRIP_OK);
    CHECK_NEAR(describe(e, a).x, -LIMIT, 0);
    CHECK(configures_back(e, a));
    CHECK_STATUS(grip_box_destroy(e, a), GRIP_OK);

    grip_box l = add_box(e, GRIP_NO_BOX, 0, 0, 100, 100, 0, 1, false);
    grip_box r = add_box(e, GRIP_NO_BOX, 300, 0, 100, 100, 0, 1, false);
    CHECK_STATUS(grip_select(e, l, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_select(e, r, GRIP_SELECT_ADD), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 5e-7, 5e-7, 2), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 100, 5e-7, 2.1), GRIP_OK);
    CHECK_NEAR(describe(e, r).x, LIMIT, 0);
    CHECK_NEAR(describe(e, l).x, LIMIT - 300, 0);
    CHECK_NEAR(describe(e, l).y, 0, 0);
    /* Down-left: both axes stop, the left box at -1e9 and the group whole. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, -100, 100, 2.2), GRIP_OK);
    CHECK_NEAR(describe(e, l).x, -LIMIT, 0);
    CHECK_NEAR(describe(e, r).x, -LIMIT + 300, 0);
    CHECK_NEAR(describe(e, l).y, LIMIT, 0);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, -100, 100, 2.3), GRIP_OK);
    CHECK(configures_back(e, l));
    CHECK(configures_back(e, r));
    bool same = false;
    CHECK_STATUS(save_load(e, &same), GRIP_OK);
    CHECK(same);
    grip_engine_destroy(e);
}

/* A magnify takes a box from scale 1 to 2 (one undo step). Configured with the same geometry but
 * min_scale 1.5, undoing would put back scale 1, which it refuses: the new limits drop the box
 * from the history (undo: nothing to do), and it stays at 2. */
void limits_under_history(void) {
    grip_engine *e = new_engine(2000, 2000);
    grip_box b = add_box(e, GRIP_NO_BOX, 100, 100, 100, 100, 0, 1, false);
    CHECK_STATUS(magnify(e, GRIP_PHASE_DOWN, 1, 150, 150, 1), GRIP_OK);
    CHECK_STATUS(magnify(e, GRIP_PHASE_MOVE, 2, 150, 150, 1.1), GRIP_OK);
    CHECK_STATUS(magnify(e, GRIP_PHASE_UP, 2, 150, 150, 1.2), GRIP_OK);
    CHECK_NEAR(describe(e, b).scale, 2, 0);
    size_t undo = 0, redo = 0;
    CHECK_STATUS(grip_history_depth(e, &undo, &redo), GRIP_OK);
    CHECK_INT(undo, 1);
    grip_box_desc d = describe(e, b);
    d.min_scale = 1.5;
    CHECK_STATUS(grip_box_configure(e, b, &d), GRIP_OK);
    CHECK_STATUS(grip_history_depth(e, &undo, &redo), GRIP_OK);
    CHECK_INT(undo, 0);
    CHECK_STATUS(grip_undo(e), GRIP_DONE);
    CHECK_NEAR(describe(e, b).scale, 2, 0);
    CHECK(configures_back(e, b));
    /* The same description again (limits unchanged) keeps a history. */
    CHECK_STATUS(magnify(e, GRIP_PHASE_DOWN, 1, 150, 150, 2), GRIP_OK);
    CHECK_STATUS(magnify(e, GRIP_PHASE_UP, 1.25, 150, 150, 2.1), GRIP_OK);
    CHECK_NEAR(describe(e, b).scale, 2.5, 0);
    d = describe(e, b);
    CHECK_STATUS(grip_box_configure(e, b, &d), GRIP_OK);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_NEAR(describe(e, b).scale, 2, 0);
    grip_engine_destroy(e);
}

/* A magnify preview of factor 4 takes a box of max_scale 3 to scale 4 until its UP. A scene saved
 * then gets scale 3 for it, loads (the loaded box at rest at 3, its centre the same) and saves the
 * same bytes; the gesture then commits at 3 as before. */
void magnify_preview_save(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.x = 100;
    d.y = 100;
    d.width = 200;
    d.height = 100;
    d.max_scale = 3;
    grip_box a = GRIP_NO_BOX;
    CHECK_STATUS(grip_box_create(e, &d, &a), GRIP_OK);
    CHECK_STATUS(magnify(e, GRIP_PHASE_DOWN, 1, 200, 150, 1), GRIP_OK);
    CHECK_STATUS(magnify(e, GRIP_PHASE_MOVE, 4, 200, 150, 1.1), GRIP_OK);
    CHECK_NEAR(state_of(e, a).scale, 4, 0);
    bool same = false;
    CHECK_STATUS(save_load(e, &same), GRIP_OK);
    CHECK(same);
    size_t n = 0;
    CHECK_STATUS(grip_scene_save(e, NULL, 0, &n), GRIP_ERR_LIMIT);
    char *text = (char *)malloc(n + 1);
    CHECK(text != NULL);
    if (text) {
        CHECK_STATUS(grip_scene_save(e, text, n + 1, &n), GRIP_OK);
        grip_engine *f = new_engine(800, 600);
        CHECK_STATUS(grip_scene_load(f, text, n), GRIP_OK);
        grip_box loaded = GRIP_NO_BOX;
        size_t count = 0;
        CHECK_STATUS(grip_boxes_list(f, &loaded, 1, &count), GRIP_OK);
        CHECK_INT(count, 1);
        grip_box_state s = state_of(f, loaded);
        CHECK_NEAR(s.scale, 3, 0);
        CHECK_NEAR(s.center.x, 200, 0);
        CHECK_NEAR(s.center.y, 150, 0);
        CHECK(!s.gesture_active);
        grip_engine_destroy(f);
        free(text);
    }
    CHECK_STATUS(magnify(e, GRIP_PHASE_UP, 4, 200, 150, 1.2), GRIP_OK);
    CHECK_NEAR(state_of(e, a).scale, 3, 0);
    CHECK(configures_back(e, a));
    grip_engine_destroy(e);
}

/* ---- random sessions ---------------------------------------------------------------------- */

typedef struct rng {
    uint64_t s;
} rng;

static uint64_t next(rng *r) {
    r->s ^= r->s << 13;
    r->s ^= r->s >> 7;
    r->s ^= r->s << 17;
    return r->s;
}
static double unit(rng *r) { return (double)(next(r) >> 11) * (1.0 / 9007199254740992.0); }
static int below(rng *r, int n) { return (int)(next(r) % (uint64_t)n); }
static double between(rng *r, double lo, double hi) { return lo + (hi - lo) * unit(r); }
/* A positive number between lo and hi, spread over the orders of magnitude. */
static double spread(rng *r, double lo, double hi) { return lo * pow(hi / lo, unit(r)); }

#define MAX_BOXES 48

typedef struct session {
    grip_engine *e;
    rng r;
    double t;
    grip_box boxes[MAX_BOXES + 8];
    size_t count;
    grip_box_desc before[MAX_BOXES + 8];
    grip_affine view;
    int calls, accepted, saves;
    int reparents, reparents_refused, at_edge, undos, gestures, nudges;
} session;

static bool same_desc(const grip_box_desc *a, const grip_box_desc *b) {
#define SAME_D(f) (memcmp(&a->f, &b->f, sizeof a->f) == 0)
    return SAME_D(parent) && SAME_D(x) && SAME_D(y) && SAME_D(width) && SAME_D(height) && SAME_D(rotation) &&
           SAME_D(scale) && a->flipped_x == b->flipped_x && a->flipped_y == b->flipped_y && a->editing == b->editing &&
           a->allow == b->allow && a->handles == b->handles && a->resize_mode == b->resize_mode &&
           a->centered == b->centered && a->allow_flip == b->allow_flip && SAME_D(min_width) && SAME_D(min_height) &&
           SAME_D(min_scale) && SAME_D(max_scale) && a->contain == b->contain && SAME_D(inset_top) &&
           SAME_D(inset_left) && SAME_D(inset_bottom) && SAME_D(inset_right) && SAME_D(long_press_duration) &&
           a->indicator == b->indicator && SAME_D(corner_radius) && SAME_D(rotation_snap) &&
           SAME_D(snap_tolerance) && a->user_data == b->user_data && a->selectable == b->selectable &&
           a->snap_target == b->snap_target && a->pass_through == b->pass_through && SAME_D(hit_outset);
#undef SAME_D
}

static void refresh(session *s) {
    s->count = 0;
    CHECK_STATUS(grip_boxes_list(s->e, s->boxes, MAX_BOXES + 8, &s->count), GRIP_OK);
    if (s->count > MAX_BOXES + 8) s->count = MAX_BOXES + 8;
}

/* The description of every box, before a call (a refused call must leave them all). */
static void snapshot(session *s) {
    refresh(s);
    for (size_t i = 0; i < s->count; i++) {
        grip_box_desc_init(&s->before[i]);
        grip_box_describe(s->e, s->boxes[i], &s->before[i]);
    }
}

/* After a call that returned st: refused, nothing changed; accepted, every box's description
 * configures back and describes the same bits; every 50 calls the scene saves and loads back. */
static void after(session *s, grip_status st, const char *what) {
    s->calls++;
    if (s->calls % 50 == 0) {
        bool same = false;
        grip_status l = save_load(s->e, &same);
        if (l != GRIP_OK || !same) fprintf(stderr, "after %s (call %d): load %d, same bytes %d\n", what, s->calls, (int)l, same);
        CHECK_STATUS(l, GRIP_OK);
        CHECK(same);
        s->saves++;
    }
    if (st < 0) {
        size_t n = s->count;
        refresh(s);
        bool same = n == s->count;
        for (size_t i = 0; same && i < s->count; i++) {
            grip_box_desc d;
            grip_box_desc_init(&d);
            same = grip_box_describe(s->e, s->boxes[i], &d) == GRIP_OK && same_desc(&d, &s->before[i]);
        }
        if (!same) fprintf(stderr, "%s refused (%d) but changed the boxes\n", what, (int)st);
        CHECK(same);
        return;
    }
    s->accepted++;
    refresh(s);
    for (size_t i = 0; i < s->count; i++) {
        grip_box b = s->boxes[i];
        grip_box_desc d, again;
        grip_box_desc_init(&d);
        grip_box_desc_init(&again);
        CHECK_STATUS(grip_box_describe(s->e, b, &d), GRIP_OK);
        if (fabs(d.x) == LIMIT || fabs(d.y) == LIMIT) s->at_edge++;
        grip_status c = grip_box_configure(s->e, b, &d);
        /* A box in a gesture is refused; a magnify preview may take it past its scale limits
         * until the gesture ends, and then the description is refused first. */
        bool previewed = c == GRIP_ERR_ARG && (d.scale < d.min_scale || d.scale > d.max_scale);
        if ((c == GRIP_ERR_STATE || previewed) && state_of(s->e, b).gesture_active) continue;
        if (c != GRIP_OK) {
            fprintf(stderr, "after %s (call %d): box %zu: configure(describe) %d: %s\n", what, s->calls, i, (int)c,
                    grip_engine_errmsg(s->e));
            CHECK_STATUS(c, GRIP_OK);
            continue;
        }
        CHECK_STATUS(grip_box_describe(s->e, b, &again), GRIP_OK);
        if (!same_desc(&d, &again)) {
            fprintf(stderr, "after %s: box %zu describes differently after configure: x %.17g -> %.17g\n", what, i, d.x,
                    again.x);
            CHECK(false);
        }
    }
}

static grip_box pick(session *s) { return s->count ? s->boxes[below(&s->r, (int)s->count)] : GRIP_NO_BOX; }

/* A coordinate: usual, or near (or at) the edge of the range. */
static double coordinate(rng *r, double size) {
    switch (below(r, 6)) {
    case 0: return LIMIT - size * unit(r);
    case 1: return -LIMIT + size * unit(r);
    case 2: return below(r, 2) ? LIMIT : -LIMIT;
    default: return between(r, -1500, 1500);
    }
}

static void random_desc(session *s, grip_box_desc *d) {
    rng *r = &s->r;
    grip_box_desc_init(d);
    static const double mins[] = {1e-6, 1e-3, 0.1, 0.5, 1};
    static const double maxs[] = {1, 2, 10, 1e3, 1e6};
    d->min_scale = mins[below(r, 5)];
    d->max_scale = maxs[below(r, 5)];
    if (d->max_scale < d->min_scale) d->max_scale = d->min_scale;
    switch (below(r, 4)) {
    case 0: d->scale = d->min_scale; break;
    case 1: d->scale = d->max_scale; break;
    default: d->scale = spread(r, d->min_scale, d->max_scale); break;
    }
    d->min_width = below(r, 3) ? 10 : spread(r, 1e-3, 100);
    d->min_height = below(r, 3) ? 10 : spread(r, 1e-3, 100);
    d->width = below(r, 8) ? d->min_width + spread(r, 1e-3, 500) : (below(r, 2) ? LIMIT : d->min_width);
    d->height = below(r, 8) ? d->min_height + spread(r, 1e-3, 500) : (below(r, 2) ? LIMIT : d->min_height);
    if (d->width > LIMIT) d->width = LIMIT;
    if (d->height > LIMIT) d->height = LIMIT;
    d->x = coordinate(r, d->width);
    d->y = coordinate(r, d->height);
    d->rotation = below(r, 2) ? 0 : between(r, -7, 7);
    d->flipped_x = below(r, 5) == 0;
    d->flipped_y = below(r, 5) == 0;
    d->editing = below(r, 4) != 0;
    d->allow = GRIP_ALLOW_ALL;
    d->resize_mode = (grip_resize_mode)below(r, 2);
    d->centered = below(r, 6) == 0;
    d->allow_flip = below(r, 3) != 0;
    d->contain = below(r, 8) == 0;
    d->rotation_snap = below(r, 4) == 0 ? 0.2617993877991494 : 0;
    d->user_data = next(r);
    if (s->count && below(r, 2)) d->parent = pick(s);
}

static grip_vec2 to_screen(session *s, grip_vec2 w) {
    grip_vec2 p = {s->view.a * w.x + s->view.c * w.y + s->view.tx, s->view.b * w.x + s->view.d * w.y + s->view.ty};
    return p;
}

/* A point of box b on screen: the body's centre, a corner, or the rotate handle's place. */
static grip_vec2 grab_point(session *s, grip_box b) {
    grip_box_state st;
    memset(&st, 0, sizeof st);
    if (grip_box_state_get(s->e, b, &st) != GRIP_OK) return (grip_vec2){0, 0};
    grip_vec2 c[4];
    for (int k = 0; k < 4; k++) c[k] = to_screen(s, st.corners[k]);
    switch (below(&s->r, 4)) {
    case 0: return c[below(&s->r, 4)];
    case 1: {
        /* 24 screen units above the top edge's midpoint. */
        grip_vec2 top = {(c[0].x + c[1].x) / 2, (c[0].y + c[1].y) / 2};
        grip_vec2 bottom = {(c[2].x + c[3].x) / 2, (c[2].y + c[3].y) / 2};
        double dx = top.x - bottom.x, dy = top.y - bottom.y, l = sqrt(dx * dx + dy * dy);
        if (l > 0 && isfinite(l)) top = (grip_vec2){top.x + dx / l * 24, top.y + dy / l * 24};
        return top;
    }
    default: return (grip_vec2){(c[0].x + c[2].x) / 2, (c[0].y + c[2].y) / 2};
    }
}

static double clamp_screen(double v) { return v > LIMIT ? LIMIT : (v < -LIMIT ? -LIMIT : v); }

/* One pointer (or two: a pinch) down on a box, a few moves (small or huge), up or cancelled. */
static void gesture(session *s) {
    rng *r = &s->r;
    grip_box b = pick(s);
    if (b == GRIP_NO_BOX) return;
    bool two = below(r, 4) == 0;
    grip_vec2 p = grab_point(s, b), q = {p.x + 30, p.y + 10};
    p.x = clamp_screen(p.x);
    p.y = clamp_screen(p.y);
    uint32_t mods = below(r, 3) == 0 ? (uint32_t)below(r, 16) : 0;
    grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, p.x, p.y, s->t += 0.02, mods};
    snapshot(s);
    after(s, grip_dispatch_pointer(s->e, &ev, NULL), "pointer down");
    if (two) {
        grip_pointer_event e2 = {GRIP_PHASE_DOWN, 2, clamp_screen(q.x), clamp_screen(q.y), s->t += 0.02, 0};
        snapshot(s);
        after(s, grip_dispatch_pointer(s->e, &e2, NULL), "second pointer down");
    }
    int moves = 1 + below(r, 4);
    for (int i = 0; i < moves; i++) {
        double reach = below(r, 4) == 0 ? spread(r, 1e3, 1e9) : spread(r, 1, 400);
        ev.phase = GRIP_PHASE_MOVE;
        ev.x = clamp_screen(ev.x + between(r, -reach, reach));
        ev.y = clamp_screen(ev.y + between(r, -reach, reach));
        ev.time = s->t += 0.02;
        snapshot(s);
        after(s, grip_dispatch_pointer(s->e, &ev, NULL), "pointer move");
        if (two) {
            grip_pointer_event e2 = {GRIP_PHASE_MOVE, 2, clamp_screen(q.x * between(r, 0.2, 4)),
                                     clamp_screen(q.y + between(r, -reach, reach)), s->t += 0.02, 0};
            snapshot(s);
            after(s, grip_dispatch_pointer(s->e, &e2, NULL), "second pointer move");
        }
        if (below(r, 6) == 0) {
            /* A modifier changes mid-gesture: the step is taken again. */
            snapshot(s);
            after(s, key(s->e, GRIP_PHASE_DOWN, GRIP_KEY_SHIFT, GRIP_MOD_SHIFT, s->t += 0.02), "shift down");
            ev.modifiers |= GRIP_MOD_SHIFT;
        }
    }
    ev.phase = below(r, 8) ? GRIP_PHASE_UP : GRIP_PHASE_CANCEL;
    ev.time = s->t += 0.02;
    snapshot(s);
    after(s, grip_dispatch_pointer(s->e, &ev, NULL), "pointer up");
    if (two) {
        grip_pointer_event e2 = {GRIP_PHASE_UP, 2, clamp_screen(q.x), clamp_screen(q.y), s->t += 0.02, 0};
        snapshot(s);
        after(s, grip_dispatch_pointer(s->e, &e2, NULL), "second pointer up");
    }
    s->gestures++;
}

static void random_magnify(session *s) {
    rng *r = &s->r;
    grip_box b = pick(s);
    if (b == GRIP_NO_BOX) return;
    grip_vec2 p = grab_point(s, b);
    p.x = clamp_screen(p.x);
    p.y = clamp_screen(p.y);
    snapshot(s);
    after(s, magnify(s->e, GRIP_PHASE_DOWN, 1, p.x, p.y, s->t += 0.02), "magnify down");
    for (int i = below(r, 3); i >= 0; i--) {
        snapshot(s);
        after(s, magnify(s->e, GRIP_PHASE_MOVE, spread(r, 0.01, 100), p.x, p.y, s->t += 0.02), "magnify move");
    }
    snapshot(s);
    after(s, magnify(s->e, below(r, 6) ? GRIP_PHASE_UP : GRIP_PHASE_CANCEL, spread(r, 0.01, 100), p.x, p.y, s->t += 0.02),
          "magnify up");
}

static void random_call(session *s) {
    rng *r = &s->r;
    grip_box_desc d;
    grip_box b;
    int op = below(r, 100);
    if (op < 12) { /* create */
        if (s->count >= MAX_BOXES) return;
        random_desc(s, &d);
        snapshot(s);
        after(s, grip_box_create(s->e, &d, &b), "create");
    } else if (op < 20) { /* configure: a field changed */
        if ((b = pick(s)) == GRIP_NO_BOX) return;
        grip_box_desc_init(&d);
        grip_box_describe(s->e, b, &d);
        switch (below(r, 5)) {
        case 0: d.x = coordinate(r, d.width); break;
        case 1: d.scale = spread(r, d.min_scale, d.max_scale); break;
        case 2: d.min_scale = spread(r, 1e-6, d.scale); break;
        case 3: d.max_scale = spread(r, d.scale, 1e6); break;
        default: d.width = d.min_width + spread(r, 1e-3, 1e3); break;
        }
        snapshot(s);
        after(s, grip_box_configure(s->e, b, &d), "configure");
    } else if (op < 32) { /* re-parent: under another box or to the top level */
        if ((b = pick(s)) == GRIP_NO_BOX) return;
        grip_box_desc_init(&d);
        grip_box_describe(s->e, b, &d);
        d.parent = below(r, 4) ? pick(s) : GRIP_NO_BOX;
        snapshot(s);
        grip_status st = grip_box_configure(s->e, b, &d);
        if (st == GRIP_OK) s->reparents++;
        if (st == GRIP_ERR_ARG) s->reparents_refused++;
        after(s, st, "re-parent");
    } else if (op < 52) {
        gesture(s);
    } else if (op < 56) {
        random_magnify(s);
    } else if (op < 68) { /* keys */
        static const grip_key keys[] = {GRIP_KEY_LEFT, GRIP_KEY_RIGHT, GRIP_KEY_UP, GRIP_KEY_DOWN,
                                        GRIP_KEY_LEFT, GRIP_KEY_RIGHT, GRIP_KEY_ESCAPE, GRIP_KEY_TAB};
        grip_key k = keys[below(r, 8)];
        uint32_t mods = below(r, 2) ? GRIP_MOD_SHIFT : 0;
        snapshot(s);
        after(s, key(s->e, GRIP_PHASE_DOWN, k, mods, s->t += 0.05), "key down");
        snapshot(s);
        after(s, key(s->e, GRIP_PHASE_UP, k, mods, s->t += 0.05), "key up");
        if (k <= GRIP_KEY_DOWN) s->nudges++;
    } else if (op < 76) { /* selection */
        snapshot(s);
        after(s, grip_select(s->e, below(r, 8) ? pick(s) : GRIP_NO_BOX, (grip_select_op)below(r, 4)), "select");
    } else if (op < 84) { /* undo / redo */
        snapshot(s);
        grip_status st = below(r, 3) ? grip_undo(s->e) : grip_redo(s->e);
        if (st == GRIP_OK) s->undos++;
        after(s, st, "undo/redo");
    } else if (op < 88) { /* snapping: a huge grid, an ordinary one, or none */
        grip_snap_desc sd;
        grip_snap_desc_init(&sd);
        static const double grids[] = {1e9, 5e8, 10, 33.3};
        sd.flags = (uint32_t)below(r, 32);
        sd.grid_x = grids[below(r, 4)];
        sd.grid_y = grids[below(r, 4)];
        snapshot(s);
        after(s, grip_engine_set_snapping(s->e, &sd), "set_snapping");
    } else if (op < 92) { /* the view: identity, zoomed far out, zoomed in and turned */
        switch (below(r, 3)) {
        case 0: s->view = (grip_affine){1, 0, 0, 1, 0, 0}; break;
        case 1: s->view = (grip_affine){1e-7, 0, 0, 1e-7, 400, 300}; break;
        default: s->view = (grip_affine){2 * cos(0.3), 2 * sin(0.3), -2 * sin(0.3), 2 * cos(0.3), 10, -20}; break;
        }
        snapshot(s);
        after(s, grip_engine_set_view(s->e, &s->view), "set_view");
    } else if (op < 95) { /* time passes: nudge runs settle, resets animate */
        snapshot(s);
        after(s, grip_dispatch_timer(s->e, s->t += between(r, 0.05, 1.5)), "timer");
    } else if (op < 98) {
        if ((b = pick(s)) == GRIP_NO_BOX) return;
        snapshot(s);
        after(s, grip_box_reset(s->e, b, below(r, 2)), "reset");
    } else {
        if ((b = pick(s)) == GRIP_NO_BOX || below(r, 2)) return;
        snapshot(s);
        after(s, grip_box_destroy(s->e, b), "destroy");
    }
}

static void session_run(uint64_t seed, int calls, session *total) {
    session s;
    memset(&s, 0, sizeof s);
    s.r.s = seed * 0x9E3779B97F4A7C15ull + 1;
    s.view = (grip_affine){1, 0, 0, 1, 0, 0};
    grip_engine_desc ed;
    grip_engine_desc_init(&ed);
    ed.width = 2000;
    ed.height = 1500;
    ed.selection = seed % 2 ? GRIP_SELECTION_POINTER : GRIP_SELECTION_OFF;
    ed.group_resize = (grip_group_resize)(seed / 2 % 2);
    ed.nudge_step_large = seed % 3 == 0 ? 1e9 : 10;
    CHECK_STATUS(grip_engine_create(&ed, &s.e), GRIP_OK);
    s.t = 1;
    while (s.calls < calls) random_call(&s);
    bool same = false;
    CHECK_STATUS(save_load(s.e, &same), GRIP_OK);
    CHECK(same);
    grip_engine_destroy(s.e);
    total->calls += s.calls;
    total->accepted += s.accepted;
    total->saves += s.saves;
    total->reparents += s.reparents;
    total->reparents_refused += s.reparents_refused;
    total->at_edge += s.at_edge;
    total->undos += s.undos;
    total->gestures += s.gestures;
    total->nudges += s.nudges;
}

/* Eight seeds of 1,000 calls: every kind of call, checked after each (see after()). The session
 * must have reached what it is for: accepted and refused re-parents, boxes at the range's edge,
 * undos, gestures, nudges, loads. */
void random_sessions(void) {
    session total;
    memset(&total, 0, sizeof total);
    for (uint64_t seed = 1; seed <= 8; seed++) session_run(seed, 1000, &total);
    CHECK(total.calls >= 8 * 1000);
    CHECK(total.accepted > total.calls / 2);
    CHECK(total.saves >= 8 * 20);
    CHECK(total.reparents > 20);
    CHECK(total.reparents_refused > 5);
    CHECK(total.at_edge > 100);
    CHECK(total.undos > 10);
    CHECK(total.gestures > 100);
    CHECK(total.nudges > 50);
    printf("suite_roundtrip: %d calls (%d accepted), %d save/load round trips, %d re-parents (%d refused), %d undos\n",
           total.calls, total.accepted, total.saves, total.reparents, total.reparents_refused, total.undos);
}

/* A description the engine's ranges refuse is GRIP_ERR_ARG whose message names the field and
 * its value, and nothing is created. */
static void geometry_messages_name_the_field(void) {
    grip_engine *e = new_engine(1000, 1000);
    static const struct {
        const char *field;
        double x, y, width, height, rotation, scale;
        const char *part;
    } cases[] = {
        {"width", 0, 0, -5, 10, 0, 1, "width -5"},
        {"height", 0, 0, 10, NAN, 0, 1, "height nan"},
        {"x", 2e9, 0, 10, 10, 0, 1, "x 2000000000"},
        {"y", 0, -INFINITY, 10, 10, 0, 1, "y -inf"},
        {"rotation", 0, 0, 10, 10, 1e10, 1, "rotation 10000000000"},
        {"scale", 0, 0, 10, 10, 0, 1e7, "scale 10000000"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        grip_box_desc d;
        grip_box_desc_init(&d);
        d.x = cases[i].x;
        d.y = cases[i].y;
        d.width = cases[i].width;
        d.height = cases[i].height;
        d.rotation = cases[i].rotation;
        d.scale = cases[i].scale;
        d.max_scale = 1e6;
        grip_box b = 0;
        CHECK_STATUS(grip_box_create(e, &d, &b), GRIP_ERR_ARG);
        CHECK(strstr(grip_engine_errmsg(e), cases[i].part) != NULL);
        if (!strstr(grip_engine_errmsg(e), cases[i].part))
            fprintf(stderr, "  %s: message '%s'\n", cases[i].field, grip_engine_errmsg(e));
        CHECK_INT(b, 0);
    }
    size_t count = 99;
    grip_boxes_list(e, NULL, 0, &count);
    CHECK_INT(count, 0);
    grip_engine_destroy(e);
}

void suite_roundtrip(void) {
    geometry_messages_name_the_field();
    reparent_scale_limit();
    reparent_position_limit();
    nudge_range();
    drag_range();
    limits_under_history();
    magnify_preview_save();
    random_sessions();
}
