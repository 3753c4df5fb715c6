/* suite_arbitration.c: the arbitration between taps, double taps, long presses, moves, handle
 * gestures and pinches, as a table: input sequence -> the exact events a host sees. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

/* One input step: p = pointer (d)own/(m)ove/(u)p/(c)ancel, t = timer, x/y/time. */
typedef struct step {
    char op;
    unsigned id;
    double x, y, t;
} step;

typedef struct arbitration_case {
    const char *name;
    uint32_t allow;
    bool editing;
    step steps[8];
    const char *events; /* event letters in order, see letter() */
} arbitration_case;

/* B/C/E/X/K: gesture began/changed/ended/cancelled/committed, followed by the gesture's letter
 * (m)ove (r)esize (o)tate (p)inch ma(g)nify (h)andle mar(q)uee (n)udge reset (z); T tap,
 * D double tap, R reset, L/F/N long press began/triggered/cancelled. Changed events are
 * collapsed: "Cm" stands for one or more. */
static void letter(const grip_event *ev, char *out, size_t cap) {
    char g = "?mropghqnz"[ev->gesture <= 9 ? ev->gesture : 0];
    char k = 0;
    switch (ev->kind) {
    case GRIP_EVENT_GESTURE_BEGAN: k = 'B'; break;
    case GRIP_EVENT_GESTURE_CHANGED: k = 'C'; break;
    case GRIP_EVENT_GESTURE_ENDED: k = 'E'; break;
    case GRIP_EVENT_GESTURE_CANCELLED: k = 'X'; break;
    case GRIP_EVENT_COMMITTED: k = 'K'; break;
    case GRIP_EVENT_TAP:
        k = 'T';
        g = 0;
        break;
    case GRIP_EVENT_DOUBLE_TAP:
        k = 'D';
        g = 0;
        break;
    case GRIP_EVENT_RESET:
        k = 'R';
        g = 0;
        break;
    case GRIP_EVENT_LONG_PRESS_BEGAN:
        k = 'L';
        g = 0;
        break;
    case GRIP_EVENT_LONG_PRESS_TRIGGERED:
        k = 'F';
        g = 0;
        break;
    case GRIP_EVENT_LONG_PRESS_CANCELLED:
        k = 'N';
        g = 0;
        break;
    default:
        k = '?';
        g = 0;
        break;
    }
    {
        size_t n = strlen(out);
        /* Collapse runs of CHANGED of the same gesture. */
        if (k == 'C' && n >= 2 && out[n - 2] == 'C' && out[n - 1] == g) return;
        if (n + 3 < cap) {
            out[n] = k;
            out[n + 1] = g;
            out[n + 2] = 0;
            if (!g) out[n + 1] = 0;
        }
    }
}

static const arbitration_case cases[] = {
    {"tap", GRIP_ALLOW_ALL & ~GRIP_ALLOW_LONG_PRESS, false, {{'d', 1, 150, 150, 0}, {'u', 1, 152, 151, 0.1}, {0}}, "T"},
    {"move after slop", GRIP_ALLOW_MOVE, false, {{'d', 1, 150, 150, 0}, {'m', 1, 155, 150, 0.1}, {'m', 1, 180, 150, 0.2}, {'m', 1, 190, 150, 0.3}, {'u', 1, 190, 150, 0.4}, {0}}, "BmCmEmKm"},
    {"double tap resets a moved box", GRIP_ALLOW_MOVE | GRIP_ALLOW_DOUBLE_TAP_RESET, false, {{'d', 1, 150, 150, 0}, {'m', 1, 190, 150, 0.1}, {'u', 1, 190, 150, 0.2}, {'d', 1, 190, 150, 1.0}, {'u', 1, 190, 150, 1.05}, {'d', 1, 190, 150, 1.2}, {'u', 1, 190, 150, 1.25}, {'t', 0, 0, 0, 2.0}}, "BmCmEmKmTTDRKz"},
    {"double tap too slow", GRIP_ALLOW_ALL & ~GRIP_ALLOW_LONG_PRESS, false, {{'d', 1, 150, 150, 0}, {'u', 1, 150, 150, 0.05}, {'d', 1, 150, 150, 0.5}, {'u', 1, 150, 150, 0.55}, {0}}, "TT"},
    {"double tap at home: no reset", GRIP_ALLOW_ALL & ~GRIP_ALLOW_LONG_PRESS, false, {{'d', 1, 150, 150, 0}, {'u', 1, 150, 150, 0.05}, {'d', 1, 150, 150, 0.2}, {'u', 1, 150, 150, 0.25}, {'t', 0, 0, 0, 1}, {0}}, "TTD"},
    {"long press triggers, release is no tap", GRIP_ALLOW_LONG_PRESS | GRIP_ALLOW_MOVE, false, {{'d', 1, 150, 150, 0}, {'t', 0, 0, 0, 0.5}, {'t', 0, 0, 0, 1.0}, {'u', 1, 150, 150, 1.2}, {0}}, "LF"},
    {"long press released early is a tap", GRIP_ALLOW_LONG_PRESS, false, {{'d', 1, 150, 150, 0}, {'t', 0, 0, 0, 0.5}, {'u', 1, 150, 150, 0.6}, {0}}, "LNT"},
    {"long press cancelled by a move", GRIP_ALLOW_LONG_PRESS | GRIP_ALLOW_MOVE, false, {{'d', 1, 150, 150, 0}, {'t', 0, 0, 0, 0.5}, {'m', 1, 175, 150, 0.6}, {'u', 1, 175, 150, 0.7}, {0}}, "LNBmCmEmKm"},
    {"long press on a box that cannot move: moving only cancels", GRIP_ALLOW_LONG_PRESS, false, {{'d', 1, 150, 150, 0}, {'m', 1, 175, 150, 0.1}, {'u', 1, 175, 150, 0.2}, {0}}, "LN"},
    {"held too long without timer events is no tap", GRIP_ALLOW_MOVE, false, {{'d', 1, 150, 150, 0}, {'u', 1, 150, 150, 1.5}, {0}}, ""},
    {"handle resize starts at once", GRIP_ALLOW_ALL, true, {{'d', 1, 200, 200, 0}, {'m', 1, 230, 220, 0.1}, {'u', 1, 230, 220, 0.2}, {0}}, "BrCrErKr"},
    {"rotate handle", GRIP_ALLOW_ALL, true, {{'d', 1, 150, 76, 0}, {'m', 1, 200, 80, 0.1}, {'u', 1, 200, 80, 0.2}, {0}}, "BoCoEoKo"},
    {"second finger turns a move into a pinch, lifting it back", GRIP_ALLOW_ALL & ~GRIP_ALLOW_LONG_PRESS, false, {{'d', 1, 130, 130, 0}, {'m', 1, 145, 130, 0.1}, {'d', 2, 170, 170, 0.2}, {'m', 2, 185, 185, 0.3}, {'u', 2, 185, 185, 0.4}, {'m', 1, 150, 135, 0.5}, {'u', 1, 150, 135, 0.6}, {0}}, "BmCmEmKmBpCpEpKpBmCmEmKm"},
    {"two fingers at once: pinch, no tap, no zero-length move after it", GRIP_ALLOW_ALL, false, {{'d', 1, 130, 130, 0}, {'d', 2, 170, 170, 0.05}, {'m', 2, 180, 180, 0.1}, {'u', 1, 130, 130, 0.2}, {'u', 2, 180, 180, 0.2}, {0}}, "LNBpCpEpKp"},
    {"cancel restores and reports", GRIP_ALLOW_MOVE, false, {{'d', 1, 150, 150, 0}, {'m', 1, 190, 150, 0.1}, {'c', 1, 190, 150, 0.2}, {0}}, "BmCmXm"},
    {"down on nothing", GRIP_ALLOW_ALL, false, {{'d', 1, 10, 10, 0}, {'m', 1, 50, 50, 0.1}, {'u', 1, 50, 50, 0.2}, {0}}, ""},
};

static void run_case(const arbitration_case *c) {
    grip_engine *e = new_engine(800, 600);
    grip_box_desc d;
    grip_box b;
    grip_event ev;
    char got[128] = "";
    int i;
    grip_box_desc_init(&d);
    d.x = 100;
    d.y = 100;
    d.width = 100;
    d.height = 100;
    d.allow = c->allow;
    d.editing = c->editing;
    CHECK_STATUS(grip_box_create(e, &d, &b), GRIP_OK);
    for (i = 0; i < 8 && c->steps[i].op; i++) {
        const step *s = &c->steps[i];
        grip_status st = GRIP_OK;
        switch (s->op) {
        case 'd': st = pointer(e, GRIP_PHASE_DOWN, s->id, s->x, s->y, s->t); break;
        case 'm': st = pointer(e, GRIP_PHASE_MOVE, s->id, s->x, s->y, s->t); break;
        case 'u': st = pointer(e, GRIP_PHASE_UP, s->id, s->x, s->y, s->t); break;
        case 'c': st = pointer(e, GRIP_PHASE_CANCEL, s->id, s->x, s->y, s->t); break;
        case 't': st = grip_dispatch_timer(e, s->t); break;
        default: break;
        }
        CHECK_STATUS(st, GRIP_OK);
    }
    while (grip_event_poll(e, &ev) == GRIP_OK) letter(&ev, got, sizeof got);
    if (strcmp(got, c->events) != 0) {
        fprintf(stderr, "arbitration case \"%s\": events %s, expected %s\n", c->name, got, c->events);
    }
    CHECK_STR(got, c->events);
    grip_engine_destroy(e);
}

void suite_arbitration(void) {
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) run_case(&cases[i]);
}
