/* suite_hooks.c: what a client of grip.h beside the host (a script host) is given: the engine's
 * hooks (grip_engine_set_hooks: custom handles, custom indicators, scripted constraints, the
 * destroyed notice), grip_box_set_hooks and grip_box_set_indicator, the guest event queue
 * (grip_event_capture, grip_event_poll_guest), grip_engine_get_info, grip_engine_describe,
 * grip_frame_get_guest, and grip_engine_destroy called from inside a callback. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

/* What the hooks saw and how they answer. */
typedef struct probe {
    grip_engine *engine;
    int positions, drags, indicators, constraints, destroyed;
    bool fail_positions; /* handle_position fails with a message */
    double max_x;        /* the constraint keeps the centre's x at or below this */
    uint64_t serials[8]; /* call_serial seen by the first hooks */
    int serial_count;
    grip_status inside;      /* a call back into the engine from inside a hook */
    bool busy_inside;        /* grip_engine_get_info's busy from inside a hook */
    bool destroy_in_hook;    /* the constraint destroys the engine */
    int constraint_returned; /* set once the constraint that destroyed has returned */
    int destroyed_after;     /* constraint_returned when destroyed ran */
    grip_vec2 outline[3];
} probe;

static void note_serial(probe *p) {
    grip_engine_info info;
    grip_engine_info_init(&info);
    CHECK_STATUS(grip_engine_get_info(p->engine, &info), GRIP_OK);
    p->busy_inside = info.busy;
    if (p->serial_count < 8) p->serials[p->serial_count++] = info.call_serial;
}

static bool handle_position(void *context, grip_box box, uint32_t index, const grip_geometry *g, grip_vec2 *out,
                            char *message, size_t capacity) {
    probe *p = context;
    grip_box_state s;
    (void)box;
    p->positions++;
    note_serial(p);
    p->inside = grip_box_state_get(p->engine, box, &s);
    if (p->fail_positions) {
        snprintf(message, capacity, "handle %u refused", (unsigned)index);
        return false;
    }
    out->x = g->width * (index == 0 ? 0.25 : 0.75);
    out->y = g->height * 0.5;
    return true;
}

static bool handle_drag(void *context, grip_box box, uint32_t index, const grip_geometry *start, grip_vec2 point,
                        grip_geometry *result, char *message, size_t capacity) {
    probe *p = context;
    (void)box, (void)index, (void)message, (void)capacity;
    p->drags++;
    CHECK_NEAR(result->width, start->width, 0); /* the result starts as the start */
    result->width = point.x;
    result->height = point.y;
    return true;
}

static bool indicator(void *context, grip_box box, double progress, const grip_geometry *g, const grip_vec2 **points,
                      size_t *count, char *message, size_t capacity) {
    probe *p = context;
    (void)box, (void)progress, (void)message, (void)capacity;
    p->indicators++;
    p->outline[0] = (grip_vec2){0, 0};
    p->outline[1] = (grip_vec2){g->width, 0};
    p->outline[2] = (grip_vec2){g->width, g->height};
    *points = p->outline;
    *count = 3;
    return true;
}

static bool constraint(void *context, grip_box box, const grip_geometry *current, const grip_geometry *proposed,
                       grip_geometry *result, char *message, size_t capacity) {
    probe *p = context;
    (void)box, (void)current, (void)message, (void)capacity;
    p->constraints++;
    note_serial(p);
    CHECK_NEAR(result->center.x, proposed->center.x, 0);
    if (result->center.x > p->max_x) result->center.x = p->max_x;
    return true;
}

static void destroyed(void *context) {
    probe *p = context;
    p->destroyed++;
    p->destroyed_after = p->constraint_returned;
}

static grip_hooks hooks_of(probe *p) {
    grip_hooks h;
    grip_hooks_init(&h);
    h.context = p;
    h.handle_position = handle_position;
    h.handle_drag = handle_drag;
    h.indicator = indicator;
    h.constraint = constraint;
    h.destroyed = destroyed;
    return h;
}

/* One set of hooks per engine; a wrong struct_size is refused; NULL removes them. */
static void installing(void) {
    grip_engine *e = new_engine(800, 600);
    probe p;
    grip_hooks h;
    grip_engine_info info;
    memset(&p, 0, sizeof p);
    p.engine = e;
    h = hooks_of(&p);
    grip_engine_info_init(&info);
    CHECK_STATUS(grip_engine_get_info(e, &info), GRIP_OK);
    CHECK(!info.has_hooks);
    h.struct_size = 8;
    CHECK_STATUS(grip_engine_set_hooks(e, &h), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "grip_hooks.struct_size") != NULL);
    h = hooks_of(&p);
    CHECK_STATUS(grip_engine_set_hooks(e, &h), GRIP_OK);
    CHECK_STATUS(grip_engine_set_hooks(e, &h), GRIP_ERR_STATE);
    CHECK(strstr(grip_engine_errmsg(e), "already has hooks") != NULL);
    CHECK_STATUS(grip_engine_get_info(e, &info), GRIP_OK);
    CHECK(info.has_hooks);
    CHECK_STATUS(grip_engine_set_hooks(e, NULL), GRIP_OK);
    CHECK_STATUS(grip_engine_set_hooks(e, &h), GRIP_OK);
    /* Per box: at most 16 custom handles, an unknown box is NOT_FOUND. */
    {
        grip_box b = add_box(e, GRIP_NO_BOX, 100, 100, 80, 40, 0, 1, true);
        CHECK_STATUS(grip_box_set_hooks(e, b, 17, false), GRIP_ERR_ARG);
        CHECK_STATUS(grip_box_set_hooks(e, b + 1, 1, false), GRIP_ERR_NOT_FOUND);
        CHECK_STATUS(grip_box_set_hooks(e, b, 16, true), GRIP_OK);
    }
    CHECK_INT(p.destroyed, 0);
    grip_engine_destroy(e);
    CHECK_INT(p.destroyed, 1); /* the destroyed notice, once */
}

/* The custom handle command of handle id `id` in the frame, or NULL. */
static const grip_command *custom_command(const grip_frame *f, grip_handle id, int *count) {
    const grip_command *found = NULL;
    size_t i;
    *count = 0;
    for (i = 0; i < f->command_count; i++) {
        if (f->commands[i].kind != GRIP_CMD_HANDLE || f->commands[i].handle < GRIP_HANDLE_CUSTOM) continue;
        (*count)++;
        if (f->commands[i].handle == id) found = &f->commands[i];
    }
    return found;
}

/* Two custom handles (beside the built-in ones) drawn where handle_position puts them, hit
 * there, dragged through handle_drag; the hooks run with the engine busy and share the call's
 * serial. */
static void custom_handles(void) {
    grip_engine *e = new_engine(800, 600);
    probe p;
    grip_hooks h;
    grip_frame f;
    grip_hit hit;
    grip_box b = add_box(e, GRIP_NO_BOX, 100, 100, 200, 100, 0, 1, true);
    const grip_command *k;
    int n = 0;
    memset(&p, 0, sizeof p);
    p.engine = e;
    h = hooks_of(&p);
    CHECK_STATUS(grip_engine_set_hooks(e, &h), GRIP_OK);
    CHECK_STATUS(grip_box_set_hooks(e, b, 2, false), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    k = custom_command(&f, (grip_handle)GRIP_HANDLE_CUSTOM, &n);
    CHECK_INT(n, 2);
    CHECK(k != NULL);
    if (k) {
        CHECK_NEAR(k->center.x, 150, EXACT); /* box point (50, 50) */
        CHECK_NEAR(k->center.y, 150, EXACT);
    }
    k = custom_command(&f, (grip_handle)(GRIP_HANDLE_CUSTOM + 1), &n);
    CHECK(k != NULL);
    if (k) {
        CHECK_NEAR(k->center.x, 250, EXACT); /* box point (150, 50) */
        CHECK_NEAR(k->center.y, 150, EXACT);
    }
    CHECK(p.positions >= 2);
    CHECK(p.busy_inside);                                       /* inside the frame build */
    CHECK_STATUS(p.inside, GRIP_ERR_STATE);                     /* calls back in are refused */
    CHECK(p.serial_count >= 2 && p.serials[0] == p.serials[1]); /* one call, one serial */
    CHECK_STATUS(grip_hit_test(e, 250, 150, &hit), GRIP_OK);
    CHECK_INT(hit.box, b);
    CHECK_INT(hit.handle, GRIP_HANDLE_CUSTOM + 1);
    /* Handle 1 dragged to (270, 170), box point (170, 70) of the start: width 170, height 70. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 250, 150, 1.0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 260, 160, 1.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 270, 170, 1.2), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 270, 170, 1.3), GRIP_OK);
    CHECK(p.drags >= 1);
    CHECK_NEAR(state_of(e, b).width, 170, EXACT);
    CHECK_NEAR(state_of(e, b).height, 70, EXACT);
    drain_events(e);
    {
        /* A failing hook: SCRIPT_ERROR with its message, and it is not asked again. */
        grip_box c = add_box(e, GRIP_NO_BOX, 400, 100, 80, 40, 0, 1, true);
        grip_event ev;
        int errors = 0, asked;
        p.fail_positions = true;
        CHECK_STATUS(grip_box_set_hooks(e, c, 1, false), GRIP_OK);
        p.positions = 0;
        CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
        asked = p.positions;
        CHECK(asked >= 1);
        while (grip_event_poll(e, &ev) == GRIP_OK) {
            if (ev.kind != GRIP_EVENT_SCRIPT_ERROR || ev.box != c) continue;
            errors++;
            CHECK_STR(grip_engine_errmsg(e), "handle 0 refused");
        }
        CHECK_INT(errors, 1);
        CHECK_STATUS(grip_dispatch_timer(e, 2.0), GRIP_OK);
        CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
        CHECK_INT(p.positions, asked); /* both boxes' failed position hooks are disabled */
    }
    grip_engine_destroy(e);
}

/* A scripted constraint adjusts every step of a move; grip_box_set_indicator switches the
 * long-press outline to the indicator hook without touching the geometry or the reset. */
static void constraint_and_indicator(void) {
    grip_engine *e = new_engine(800, 600);
    probe p;
    grip_hooks h;
    grip_frame f;
    grip_box_desc d;
    grip_box b;
    int i;
    memset(&p, 0, sizeof p);
    p.engine = e;
    p.max_x = 160;
    h = hooks_of(&p);
    CHECK_STATUS(grip_engine_set_hooks(e, &h), GRIP_OK);
    grip_box_desc_init(&d);
    d.x = 100;
    d.y = 100;
    d.width = 100;
    d.height = 100;
    d.allow = GRIP_ALLOW_LONG_PRESS | GRIP_ALLOW_MOVE;
    CHECK_STATUS(grip_box_create(e, &d, &b), GRIP_OK);
    CHECK_STATUS(grip_box_set_hooks(e, b, 0, true), GRIP_OK);
    /* centre (150, 150) dragged 40 right: proposed 190, kept at 160 */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 150, 1.0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 170, 150, 1.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 190, 150, 1.2), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 190, 150, 1.3), GRIP_OK);
    CHECK(p.constraints >= 1);
    CHECK_NEAR(state_of(e, b).center.x, 160, 0);
    drain_events(e);
    /* Back to where it started (reset geometry untouched by the indicator switch below). */
    CHECK_STATUS(grip_box_set_hooks(e, b, 0, false), GRIP_OK);
    CHECK_STATUS(grip_box_set_indicator(e, b, (grip_indicator_shape)9), GRIP_ERR_ARG);
    CHECK_STATUS(grip_box_set_indicator(e, b + 1, GRIP_INDICATOR_CUSTOM), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_set_indicator(e, b, GRIP_INDICATOR_CUSTOM), GRIP_OK);
    CHECK_NEAR(state_of(e, b).center.x, 160, 0);
    {
        grip_box_desc now;
        grip_box_desc_init(&now);
        CHECK_STATUS(grip_box_describe(e, b, &now), GRIP_OK);
        CHECK_INT(now.indicator, GRIP_INDICATOR_CUSTOM);
    }
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 160, 150, 2.0), GRIP_OK);
    CHECK_STATUS(grip_dispatch_timer(e, 2.5), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    i = find_command(&f, GRIP_CMD_INDICATOR, 0);
    CHECK(i >= 0);
    CHECK(p.indicators >= 1);
    if (i >= 0) {
        const grip_vec2 *v = &f.vertices[f.commands[i].first_vertex];
        CHECK(f.commands[i].vertex_count >= 2);
        CHECK_NEAR(v[0].x, 110, EXACT); /* box point (0, 0) of the box at x 110 */
        CHECK_NEAR(v[0].y, 100, EXACT);
    }
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 160, 150, 2.6), GRIP_OK);
    drain_events(e);
    /* The reset geometry is still the creation's: a reset moves the box back to 150. */
    CHECK_STATUS(grip_box_reset(e, b, false), GRIP_OK);
    CHECK_NEAR(state_of(e, b).center.x, 150, 0);
    grip_engine_destroy(e);
}

static bool destroying_constraint(void *context, grip_box box, const grip_geometry *current,
                                  grip_geometry *proposed) {
    probe *p = context;
    (void)box, (void)current, (void)proposed;
    p->constraints++;
    if (p->constraints == 1) grip_engine_destroy(p->engine); /* deferred: the engine stays usable */
    if (p->constraints == 1) {
        grip_engine_info info;
        grip_engine_info_init(&info);
        CHECK_STATUS(grip_engine_get_info(p->engine, &info), GRIP_OK); /* not destroyed yet */
        p->constraint_returned = 1;
    }
    return true;
}

/* grip_engine_destroy from inside a callback is deferred until the dispatch returns: the
 * dispatch finishes normally, then the engine goes (its destroyed notice after the callback). */
static void destroy_inside_a_callback(void) {
    grip_engine *e = new_engine(800, 600);
    probe p;
    grip_hooks h;
    grip_box b = add_box(e, GRIP_NO_BOX, 100, 100, 100, 100, 0, 1, false);
    grip_box c = add_box(e, GRIP_NO_BOX, 300, 100, 100, 100, 0, 1, false);
    memset(&p, 0, sizeof p);
    p.engine = e;
    h = hooks_of(&p);
    CHECK_STATUS(grip_engine_set_hooks(e, &h), GRIP_OK);
    CHECK_STATUS(grip_box_set_constraint(e, b, destroying_constraint, &p), GRIP_OK);
    CHECK_STATUS(grip_box_set_constraint(e, c, destroying_constraint, &p), GRIP_OK);
    /* Both selected: the drag moves them as a group, each member through its constraint. */
    CHECK_STATUS(grip_select(e, b, GRIP_SELECT_ADD), GRIP_OK);
    CHECK_STATUS(grip_select(e, c, GRIP_SELECT_ADD), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 150, 1.0), GRIP_OK);
    CHECK_INT(p.destroyed, 0);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 190, 150, 1.1), GRIP_OK); /* the call that destroyed */
    CHECK_INT(p.constraints, 1);                                          /* the other member's constraint was not asked after it */
    CHECK_INT(p.destroyed, 1);
    CHECK_INT(p.destroyed_after, 1);
    /* e is dead now; nothing more is called on it. */
}

/* Captured events go to the guest queue; steps reach both queues; the host keeps what it had. */
static void guest_events(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 100, 100, 0, 1, false);
    grip_box b = add_box(e, GRIP_NO_BOX, 400, 100, 100, 100, 0, 1, false);
    grip_event ev;
    grip_event_kind host[8], guest[8];
    int nh = 0, ng = 0;
    size_t n = 0;
    drain_events(e);
    CHECK_STATUS(grip_event_capture(NULL, true), GRIP_ERR_ARG);
    CHECK_STATUS(grip_box_set_editing(e, a, true), GRIP_OK); /* EDITING_CHANGED: the host's */
    CHECK_STATUS(grip_event_capture(e, true), GRIP_OK);
    CHECK_STATUS(grip_box_set_editing(e, b, true), GRIP_OK); /* the guest's */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 450, 150, 1.0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 480, 150, 1.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 480, 150, 1.2), GRIP_OK);
    CHECK_STATUS(grip_event_capture(e, false), GRIP_OK);
    while (grip_event_poll(e, &ev) == GRIP_OK && nh < 8) {
        host[nh++] = ev.kind;
        if (ev.kind == GRIP_EVENT_COMMITTED) {
            grip_change c[2];
            CHECK_STATUS(grip_event_changes(e, c, 2, &n), GRIP_OK);
            CHECK_INT(n, 1);
            CHECK_INT(c[0].box, b);
            CHECK_NEAR(c[0].after.center.x - c[0].before.center.x, 30, EXACT);
        }
    }
    CHECK_INT(nh, 2);
    CHECK_INT(host[0], GRIP_EVENT_EDITING_CHANGED);
    CHECK_INT(host[1], GRIP_EVENT_COMMITTED);
    while (grip_event_poll_guest(e, &ev) == GRIP_OK && ng < 8) {
        guest[ng++] = ev.kind;
        if (ev.kind == GRIP_EVENT_COMMITTED) {
            CHECK_STATUS(grip_event_changes(e, NULL, 0, &n), GRIP_OK);
            CHECK_INT(n, 1);
        }
    }
    CHECK(ng >= 5);
    CHECK_INT(guest[0], GRIP_EVENT_EDITING_CHANGED);
    CHECK_INT(guest[1], GRIP_EVENT_GESTURE_BEGAN);
    CHECK_INT(guest[ng - 2], GRIP_EVENT_GESTURE_ENDED);
    CHECK_INT(guest[ng - 1], GRIP_EVENT_COMMITTED);
    CHECK_STATUS(grip_event_poll_guest(e, &ev), GRIP_DONE);
    CHECK_STATUS(grip_event_poll(e, &ev), GRIP_DONE);
    grip_engine_destroy(e);
}

/* Time, view, boxes and call serials; the settings back as a grip_engine_desc. */
static void info_and_describe(void) {
    grip_engine_desc d;
    grip_engine *e = NULL;
    grip_engine_info info;
    grip_affine zoom = {2, 0, 0, 2, 30, 40};
    uint64_t before;
    grip_engine_desc_init(&d);
    d.double_tap_interval = 0.25;
    d.nudge_step = 3;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    grip_engine_info_init(&info);
    CHECK_STATUS(grip_engine_get_info(e, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_engine_get_info(NULL, &info), GRIP_ERR_ARG);
    info.struct_size = 4;
    CHECK_STATUS(grip_engine_get_info(e, &info), GRIP_ERR_ARG);
    grip_engine_info_init(&info);
    CHECK_STATUS(grip_engine_get_info(e, &info), GRIP_OK);
    CHECK_NEAR(info.time, 0, 0);
    CHECK_NEAR(info.view.a, 1, 0);
    CHECK_INT(info.box_count, 0);
    CHECK(!info.busy);
    before = info.call_serial;
    add_box(e, GRIP_NO_BOX, 10, 10, 50, 50, 0, 1, false);
    CHECK_STATUS(grip_engine_set_view(e, &zoom), GRIP_OK);
    CHECK_STATUS(grip_dispatch_timer(e, 2.5), GRIP_OK);
    CHECK_STATUS(grip_engine_get_info(e, &info), GRIP_OK);
    CHECK_NEAR(info.time, 2.5, 0);
    CHECK_NEAR(info.view.tx, 30, 0);
    CHECK_INT(info.box_count, 1);
    CHECK(info.call_serial > before);
    {
        grip_engine_desc out;
        CHECK_STATUS(grip_engine_set_bounds(e, 640, 480), GRIP_OK);
        grip_engine_desc_init(&out);
        CHECK_STATUS(grip_engine_describe(e, &out), GRIP_OK);
        CHECK_NEAR(out.double_tap_interval, 0.25, 0);
        CHECK_NEAR(out.nudge_step, 3, 0);
        CHECK_NEAR(out.width, 640, 0);
        CHECK_NEAR(out.height, 480, 0);
        CHECK_STATUS(grip_engine_describe(e, NULL), GRIP_ERR_ARG);
        out.struct_size = 3;
        CHECK_STATUS(grip_engine_describe(e, &out), GRIP_ERR_ARG);
    }
    grip_engine_destroy(e);
}

/* A guest's frame read leaves the host's arrays as they were until the host reads again. */
static void guest_frames(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box b = add_box(e, GRIP_NO_BOX, 100, 100, 100, 100, 0, 1, true);
    grip_frame host, guest;
    grip_command first;
    CHECK_STATUS(grip_frame_get(e, &host), GRIP_OK);
    CHECK(host.command_count > 0);
    first = host.commands[0];
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 150, 1.0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 190, 150, 1.1), GRIP_OK);
    CHECK_STATUS(grip_frame_get_guest(e, &guest), GRIP_OK);
    CHECK(guest.serial != host.serial);
    CHECK(memcmp(&host.commands[0], &first, sizeof first) == 0);
    CHECK_NEAR(guest.commands[0].transform.tx - first.transform.tx, 40, EXACT);
    CHECK_STATUS(grip_frame_get_guest(NULL, &guest), GRIP_ERR_ARG);
    CHECK_STATUS(grip_frame_get_guest(e, NULL), GRIP_ERR_ARG);
    (void)b;
    grip_engine_destroy(e);
}

void suite_hooks(void) {
    installing();
    custom_handles();
    constraint_and_indicator();
    destroy_inside_a_callback();
    guest_events();
    info_and_describe();
    guest_frames();
}
