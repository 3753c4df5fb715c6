/* suite_longpress.c: long press through the C ABI: progress driven by timer events only,
 * TRIGGERED exactly once, every way of cancelling, the wind-back, and the indicator polylines
 * (12 o'clock first, clockwise on screen, within 0.25 units of the shape). */
#include <math.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

/* A 100 x 100 long-press box at (100, 100) with the given indicator; allow = long press + move. */
static grip_box press_box(grip_engine *e, grip_indicator_shape shape, double rotation) {
    grip_box_desc d;
    grip_box b = GRIP_NO_BOX;
    grip_box_desc_init(&d);
    d.x = 100;
    d.y = 100;
    d.width = 100;
    d.height = 100;
    d.rotation = rotation;
    d.allow = GRIP_ALLOW_LONG_PRESS | GRIP_ALLOW_MOVE;
    d.indicator = shape;
    d.corner_radius = 20;
    d.user_data = 77;
    CHECK_STATUS(grip_box_create(e, &d, &b), GRIP_OK);
    return b;
}

/* The INDICATOR command of the current frame (NULL when there is none). */
static const grip_command *indicator(grip_engine *e, grip_frame *f) {
    int i;
    CHECK_STATUS(grip_frame_get(e, f), GRIP_OK);
    i = find_command(f, GRIP_CMD_INDICATOR, 0);
    return i < 0 ? NULL : &f->commands[i];
}

static double progress_at(grip_engine *e) {
    grip_frame f;
    const grip_command *c = indicator(e, &f);
    return c ? c->progress : 0;
}

/* Counts queued events of a kind (and drains the queue). */
static int count_kind(grip_engine *e, grip_event_kind kind) {
    grip_event ev;
    int n = 0;
    while (grip_event_poll(e, &ev) == GRIP_OK) {
        if (ev.kind == kind) {
            n++;
            CHECK_INT(ev.user_data, 77);
        }
    }
    return n;
}

static void progress_and_trigger(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box b = press_box(e, GRIP_INDICATOR_CIRCLE, 0);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 150, 1.0), GRIP_OK);
    CHECK_INT(count_kind(e, GRIP_EVENT_LONG_PRESS_BEGAN), 1);
    CHECK_NEAR(progress_at(e), 0, 1e-12);
    /* A pointer event with a later time does not advance it: only timer events do. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 151, 150, 1.5), GRIP_OK);
    CHECK_NEAR(progress_at(e), 0, 1e-12);
    CHECK_STATUS(grip_dispatch_timer(e, 1.25), GRIP_ERR_STATE); /* time went backwards */
    CHECK_STATUS(grip_dispatch_timer(e, 1.5), GRIP_OK);
    CHECK_NEAR(progress_at(e), 0.5, 1e-12);
    CHECK_STATUS(grip_dispatch_timer(e, 1.75), GRIP_OK);
    CHECK_NEAR(progress_at(e), 0.75, 1e-12);
    CHECK_INT(count_kind(e, GRIP_EVENT_LONG_PRESS_TRIGGERED), 0);
    CHECK_STATUS(grip_dispatch_timer(e, 2.0), GRIP_OK);
    CHECK_NEAR(progress_at(e), 1, 1e-12);
    CHECK_INT(count_kind(e, GRIP_EVENT_LONG_PRESS_TRIGGERED), 1);
    CHECK_STATUS(grip_dispatch_timer(e, 5.0), GRIP_OK);
    CHECK_NEAR(progress_at(e), 1, 1e-12);
    CHECK_INT(count_kind(e, GRIP_EVENT_LONG_PRESS_TRIGGERED), 0);
    /* Releasing after the trigger: no TAP, no CANCELLED, and the ring winds back over 0.25 s. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 151, 150, 5.0), GRIP_OK);
    {
        grip_event ev;
        int taps = 0, cancels = 0;
        while (grip_event_poll(e, &ev) == GRIP_OK) {
            taps += ev.kind == GRIP_EVENT_TAP;
            cancels += ev.kind == GRIP_EVENT_LONG_PRESS_CANCELLED;
        }
        CHECK_INT(taps, 0);
        CHECK_INT(cancels, 0);
    }
    CHECK_STATUS(grip_dispatch_timer(e, 5.125), GRIP_OK);
    CHECK_NEAR(progress_at(e), 0.5, 1e-12);
    CHECK_STATUS(grip_dispatch_timer(e, 5.25), GRIP_OK);
    CHECK_NEAR(progress_at(e), 0, 1e-12);
    (void)b;
    grip_engine_destroy(e);
}

static void jump_past_the_end_triggers_once(void) {
    grip_engine *e = new_engine(800, 600);
    press_box(e, GRIP_INDICATOR_RECT, 0);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 150, 0), GRIP_OK);
    CHECK_STATUS(grip_dispatch_timer(e, 100), GRIP_OK);
    CHECK_STATUS(grip_dispatch_timer(e, 200), GRIP_OK);
    CHECK_INT(count_kind(e, GRIP_EVENT_LONG_PRESS_TRIGGERED), 1);
    CHECK_NEAR(progress_at(e), 1, 1e-12);
    grip_engine_destroy(e);
}

/* Each way of cancelling at 40 %: CANCELLED once, no TRIGGERED ever, wind back from 0.4 to 0. */
static void cancel_by(int how) {
    grip_engine *e = new_engine(800, 600);
    grip_box b = press_box(e, GRIP_INDICATOR_CIRCLE, 0);
    grip_event ev;
    int cancelled = 0, taps = 0, began_moves = 0;
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 150, 0), GRIP_OK);
    CHECK_STATUS(grip_dispatch_timer(e, 0.4), GRIP_OK);
    CHECK_NEAR(progress_at(e), 0.4, 1e-12);
    switch (how) {
    case 0: CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 150, 150, 0.4), GRIP_OK); break;     /* release */
    case 1: CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 170, 150, 0.4), GRIP_OK); break;   /* past slop */
    case 2: CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 2, 180, 180, 0.4), GRIP_OK); break;   /* second finger */
    case 3: CHECK_STATUS(pointer(e, GRIP_PHASE_CANCEL, 1, 150, 150, 0.4), GRIP_OK); break; /* cancel */
    default: CHECK_STATUS(grip_box_destroy(e, b), GRIP_OK); break;                         /* destroy */
    }
    while (grip_event_poll(e, &ev) == GRIP_OK) {
        cancelled += ev.kind == GRIP_EVENT_LONG_PRESS_CANCELLED;
        taps += ev.kind == GRIP_EVENT_TAP;
        began_moves += ev.kind == GRIP_EVENT_GESTURE_BEGAN && ev.gesture == GRIP_GESTURE_MOVE;
    }
    CHECK_INT(cancelled, 1);
    CHECK_INT(taps, how == 0);        /* a short release is also a tap */
    CHECK_INT(began_moves, how == 1); /* past slop the body starts moving */
    if (how != 4) {
        CHECK_NEAR(progress_at(e), 0.4, 1e-12); /* winding back starts from where it was */
        CHECK_STATUS(grip_dispatch_timer(e, 0.4 + 0.125), GRIP_OK);
        CHECK_NEAR(progress_at(e), 0.2, 1e-12);
    }
    CHECK_STATUS(grip_dispatch_timer(e, 3), GRIP_OK);
    CHECK_NEAR(progress_at(e), 0, 1e-12);
    CHECK_INT(count_kind(e, GRIP_EVENT_LONG_PRESS_TRIGGERED), 0);
    grip_engine_destroy(e);
}

static void cancellations(void) {
    int how;
    for (how = 0; how < 5; how++) cancel_by(how);
}

static void a_tap_never_triggers(void) {
    grip_engine *e = new_engine(800, 600);
    press_box(e, GRIP_INDICATOR_CIRCLE, 0);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 150, 0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 150, 150, 0.1), GRIP_OK);
    CHECK_STATUS(grip_dispatch_timer(e, 10), GRIP_OK);
    CHECK_INT(count_kind(e, GRIP_EVENT_LONG_PRESS_TRIGGERED), 0);
    grip_engine_destroy(e);
}

/* Signed area of a polyline closed back to its start: > 0 means clockwise on screen (y down). */
static double signed_area(const grip_vec2 *v, unsigned n) {
    double a = 0;
    unsigned i;
    for (i = 0; i + 1 < n; i++) a += v[i].x * v[i + 1].y - v[i + 1].x * v[i].y;
    a += v[n - 1].x * v[0].y - v[0].x * v[n - 1].y;
    return a / 2;
}

/* Distance from p to the outline of the rounded rectangle (x0, y0)-(x1, y1) with radius r. */
static double rounded_rect_distance(grip_vec2 p, double x0, double y0, double x1, double y1, double r) {
    int corner_x = p.x < x0 + r || p.x > x1 - r, corner_y = p.y < y0 + r || p.y > y1 - r;
    if (r > 0 && corner_x && corner_y) {
        double cx = p.x < x0 + r ? x0 + r : x1 - r, cy = p.y < y0 + r ? y0 + r : y1 - r;
        return fabs(hypot(p.x - cx, p.y - cy) - r);
    }
    return fmin(fmin(fabs(p.x - x0), fabs(p.x - x1)), fmin(fabs(p.y - y0), fabs(p.y - y1)));
}

static void shapes(void) {
    const grip_indicator_shape kinds[3] = {GRIP_INDICATOR_CIRCLE, GRIP_INDICATOR_ROUNDED_RECT, GRIP_INDICATOR_RECT};
    int k;
    for (k = 0; k < 3; k++) {
        grip_engine *e = new_engine(800, 600);
        grip_frame f;
        const grip_command *c;
        unsigned i, n;
        double worst = 0;
        press_box(e, kinds[k], 0);
        CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 150, 0), GRIP_OK);
        CHECK_STATUS(grip_dispatch_timer(e, 1), GRIP_OK);
        c = indicator(e, &f);
        CHECK(c != NULL);
        if (!c) {
            grip_engine_destroy(e);
            continue;
        }
        n = c->vertex_count;
        CHECK(c->first_vertex + n <= f.vertex_count);
        /* Starts at 12 o'clock: the top middle of the box (150, 100). */
        CHECK_NEAR(f.vertices[c->first_vertex].x, 150, 1e-9);
        CHECK_NEAR(f.vertices[c->first_vertex].y, 100, 1e-9);
        /* ... then goes right (clockwise on screen, y down). */
        CHECK(f.vertices[c->first_vertex + 1].x > 150);
        CHECK(signed_area(&f.vertices[c->first_vertex], n) > 0);
        for (i = 0; i < n; i++) {
            grip_vec2 p = f.vertices[c->first_vertex + i];
            double d;
            if (kinds[k] == GRIP_INDICATOR_CIRCLE) d = fabs(hypot(p.x - 150, p.y - 150) - 50);
            else d = rounded_rect_distance(p, 100, 100, 200, 200, kinds[k] == GRIP_INDICATOR_RECT ? 0 : 20);
            if (d > worst) worst = d;
        }
        CHECK(worst < 1e-9); /* vertices lie on the shape */
        if (kinds[k] == GRIP_INDICATOR_CIRCLE) {
            /* Chords stray less than 0.25 from the circle: check every chord's midpoint. */
            double sag = 0;
            for (i = 0; i + 1 < n; i++) {
                grip_vec2 a = f.vertices[c->first_vertex + i], b = f.vertices[c->first_vertex + i + 1];
                double m = 50 - hypot((a.x + b.x) / 2 - 150, (a.y + b.y) / 2 - 150);
                if (m > sag) sag = m;
            }
            CHECK(sag < 0.25);
            CHECK(sag > 0.25 / 4); /* and not many more vertices than needed */
        }
        grip_engine_destroy(e);
    }
}

/* Half way, the trimmed ring ends at 6 o'clock of the box; rotated 90 degrees, 12 o'clock of the
 * box is on the right side on screen. */
static void trimming_and_rotation(void) {
    grip_engine *e = new_engine(800, 600);
    grip_frame f;
    const grip_command *c;
    press_box(e, GRIP_INDICATOR_CIRCLE, PI / 2);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 150, 0), GRIP_OK);
    CHECK_STATUS(grip_dispatch_timer(e, 0.5), GRIP_OK);
    c = indicator(e, &f);
    CHECK(c != NULL);
    if (c) {
        grip_vec2 first = f.vertices[c->first_vertex], last = f.vertices[c->first_vertex + c->vertex_count - 1];
        CHECK_NEAR(first.x, 200, 1e-9); /* the box's top is on the right after a quarter turn */
        CHECK_NEAR(first.y, 150, 1e-9);
        CHECK_NEAR(last.x, 100, 1e-9); /* half way round: the box's bottom, on the left */
        CHECK_NEAR(last.y, 150, 1e-9);
        CHECK_NEAR(c->progress, 0.5, 1e-12);
    }
    grip_engine_destroy(e);
}

void suite_longpress(void) {
    progress_and_trigger();
    jump_past_the_end_triggers_once();
    cancellations();
    a_tap_never_triggers();
    shapes();
    trimming_and_rotation();
}
