/* suite_frame.c: grip_frame_get (order, BOX, BORDER, HANDLE), serial, the timer and the
 * marching ants, handle masks, grip_box_set_editing. */
#include <math.h>

#include "check.h"
#include "suites.h"
#include "util.h"

/* Box-space positions of handles 1..8 as fractions of (width, height). */
static const double handle_fx[9] = {0, 0, 0.5, 1, 1, 1, 0.5, 0, 0};
static const double handle_fy[9] = {0, 0, 0, 0, 0.5, 1, 1, 1, 0.5};

/* The overlay of an editing box: BORDER then handles 1..9 right after it. */
static void check_overlay(const grip_frame *f, grip_box box, int line) {
    size_t i, k;
    int borders = 0;
    for (i = 0; i < f->command_count; i++) {
        if (f->commands[i].kind != GRIP_CMD_BORDER || f->commands[i].box != box) continue;
        borders++;
        check_true(i + 9 < f->command_count, "9 handles follow", __FILE__, line);
        for (k = 1; k <= 9 && i + k < f->command_count; k++) {
            const grip_command *h = &f->commands[i + k];
            check_int(h->kind, GRIP_CMD_HANDLE, "handle kind", __FILE__, line);
            check_int(h->handle, (long long)k, "handle order", __FILE__, line);
            check_true(h->box == box, "handle box", __FILE__, line);
            check_near(h->radius, 5, EXACT, "radius", __FILE__, line);
            check_near(h->inner_radius, 3, EXACT, "inner_radius", __FILE__, line);
        }
    }
    check_int(borders, 1, "one BORDER", __FILE__, line);
}

static const grip_command *handle_of(const grip_frame *f, grip_box box, grip_handle handle) {
    size_t i;
    for (i = 0; i < f->command_count; i++)
        if (f->commands[i].kind == GRIP_CMD_HANDLE && f->commands[i].box == box &&
            f->commands[i].handle == handle)
            return &f->commands[i];
    return NULL;
}

static const grip_command *border_of(const grip_frame *f, grip_box box) {
    size_t i;
    for (i = 0; i < f->command_count; i++)
        if (f->commands[i].kind == GRIP_CMD_BORDER && f->commands[i].box == box) return &f->commands[i];
    return NULL;
}

static void commands(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box p = add_box(e, GRIP_NO_BOX, 300, 200, 200, 100, PI / 6, 2, false);
    grip_box t = add_box(e, GRIP_NO_BOX, 100, 100, 200, 100, 0, 1, true);
    grip_box c = add_box(e, p, 120, 50, 50, 30, 0, 1, false);
    grip_box d = add_box(e, p, 20, 10, 60, 40, 0.5, 1, true);
    grip_box order[4];
    grip_frame f;
    grip_box_state ds = state_of(e, d), ps = state_of(e, p);
    const grip_command *cmd;
    int i, h, last_box = -1, first_overlay = -1;

    order[0] = p;
    order[1] = c;
    order[2] = d;
    order[3] = t;
    CHECK_STATUS(grip_frame_get(e, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_frame_get(NULL, &f), GRIP_ERR_ARG);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK_INT(f.command_count, 4 + 2 * 10);
    CHECK_INT(count_commands(&f, GRIP_CMD_BOX), 4);
    CHECK_INT(count_commands(&f, GRIP_CMD_BORDER), 2);
    CHECK_INT(count_commands(&f, GRIP_CMD_HANDLE), 18);
    CHECK_INT(f.vertex_count, 8);
    for (i = 0; i < (int)f.command_count; i++) {
        if (f.commands[i].kind == GRIP_CMD_BOX) last_box = i;
        else if (first_overlay < 0) first_overlay = i;
    }
    CHECK(last_box < first_overlay);
    /* Parents before children, creation order among siblings, depth first. */
    for (i = 0; i < 4; i++) {
        int k = find_command(&f, GRIP_CMD_BOX, i);
        CHECK(k >= 0 && f.commands[k].box == order[i]);
    }
    check_overlay(&f, t, __LINE__);
    check_overlay(&f, d, __LINE__);

    /* BOX: the world transform and the unscaled size. */
    cmd = &f.commands[find_command(&f, GRIP_CMD_BOX, 2)];
    CHECK_NEAR(cmd->transform.a, ds.world.a, EXACT);
    CHECK_NEAR(cmd->transform.b, ds.world.b, EXACT);
    CHECK_NEAR(cmd->transform.tx, ds.world.tx, EXACT);
    CHECK_NEAR(cmd->transform.ty, ds.world.ty, EXACT);
    CHECK_NEAR(cmd->width, 60, EXACT);
    CHECK_NEAR(cmd->height, 40, EXACT);
    cmd = &f.commands[find_command(&f, GRIP_CMD_BOX, 0)];
    CHECK_NEAR(cmd->transform.c, ps.world.c, EXACT);
    CHECK_NEAR(cmd->width, 200, EXACT);

    /* BORDER of t: a 4-vertex quad inset by 0.5, dashed 6 / 6, phase 0 at time 0. */
    cmd = border_of(&f, t);
    CHECK(cmd != NULL);
    if (cmd != NULL && cmd->vertex_count == 4) {
        const grip_vec2 *v = f.vertices + cmd->first_vertex;
        CHECK_NEAR(v[0].x, 100.5, EXACT);
        CHECK_NEAR(v[0].y, 100.5, EXACT);
        CHECK_NEAR(v[1].x, 299.5, EXACT);
        CHECK_NEAR(v[1].y, 100.5, EXACT);
        CHECK_NEAR(v[2].x, 299.5, EXACT);
        CHECK_NEAR(v[2].y, 199.5, EXACT);
        CHECK_NEAR(v[3].x, 100.5, EXACT);
        CHECK_NEAR(v[3].y, 199.5, EXACT);
        CHECK_NEAR(cmd->stroke_width, 1, EXACT);
        CHECK_NEAR(cmd->dash_on, 6, EXACT);
        CHECK_NEAR(cmd->dash_off, 6, EXACT);
        CHECK_NEAR(cmd->dash_phase, 0, EXACT);
    }
    /* The nested box's border: inset 0.5 on screen is 0.25 in its box space (scale 2). */
    cmd = border_of(&f, d);
    CHECK(cmd != NULL && cmd->vertex_count == 4);
    if (cmd != NULL && cmd->vertex_count == 4) {
        grip_vec2 want = aff_apply(ds.world, 0.25, 0.25);
        const grip_vec2 *v = f.vertices + cmd->first_vertex;
        CHECK_NEAR(v[0].x, want.x, EXACT);
        CHECK_NEAR(v[0].y, want.y, EXACT);
        want = aff_apply(ds.world, 59.75, 39.75);
        CHECK_NEAR(v[2].x, want.x, EXACT);
        CHECK_NEAR(v[2].y, want.y, EXACT);
    }

    /* HANDLE centres: corners and edge midpoints; rotate 24 above the top midpoint. */
    for (h = GRIP_HANDLE_TOP_LEFT; h <= GRIP_HANDLE_LEFT; h++) {
        const grip_command *tc = handle_of(&f, t, (grip_handle)h);
        const grip_command *dc = handle_of(&f, d, (grip_handle)h);
        grip_vec2 want = aff_apply(ds.world, handle_fx[h] * 60, handle_fy[h] * 40);
        CHECK(tc != NULL && dc != NULL);
        if (tc == NULL || dc == NULL) continue;
        CHECK_NEAR(tc->center.x, 100 + handle_fx[h] * 200, EXACT);
        CHECK_NEAR(tc->center.y, 100 + handle_fy[h] * 100, EXACT);
        CHECK_NEAR(dc->center.x, want.x, EXACT);
        CHECK_NEAR(dc->center.y, want.y, EXACT);
    }
    cmd = handle_of(&f, t, GRIP_HANDLE_ROTATE);
    CHECK(cmd != NULL && fabs(cmd->center.x - 200) <= EXACT && fabs(cmd->center.y - 76) <= EXACT);
    /* The nested rotate handle lies beyond the top midpoint, along the box's up direction. */
    cmd = handle_of(&f, d, GRIP_HANDLE_ROTATE);
    if (cmd != NULL) {
        grip_vec2 top = aff_apply(ds.world, 30, 0), mid = aff_apply(ds.world, 30, 20);
        double ux = top.x - mid.x, uy = top.y - mid.y, vx = cmd->center.x - top.x, vy = cmd->center.y - top.y;
        CHECK_NEAR(ux * vy - uy * vx, 0, 1e-6); /* collinear */
        CHECK(ux * vx + uy * vy > 0);           /* outward */
    }
    CHECK(cmd != NULL);
    grip_engine_destroy(e);
}

static void serial_and_timer(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box b = add_box(e, GRIP_NO_BOX, 100, 100, 200, 100, 0, 1, true);
    grip_frame f1, f2;
    const grip_command *border;
    uint64_t s0;

    CHECK_STATUS(grip_frame_get(e, &f1), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f2), GRIP_OK);
    CHECK(f1.serial == f2.serial);
    CHECK_INT(f2.command_count, f1.command_count);
    s0 = f2.serial;
    /* Nothing drawn changes: the same time again, a hover over empty space. */
    CHECK_STATUS(grip_dispatch_timer(e, 0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 9, 700, 500, 0), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f2), GRIP_OK);
    CHECK(f2.serial == s0);

    /* Marching ants: phase = fmod(10 t, 12). */
    CHECK_STATUS(grip_dispatch_timer(e, 0.35), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f2), GRIP_OK);
    CHECK(f2.serial > s0);
    CHECK_NEAR(f2.time, 0.35, 0);
    border = border_of(&f2, b);
    CHECK(border != NULL && fabs(border->dash_phase - 3.5) <= EXACT);
    CHECK_STATUS(grip_dispatch_timer(e, 1.7), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f2), GRIP_OK);
    border = border_of(&f2, b);
    CHECK(border != NULL && fabs(border->dash_phase - fmod(17.0, 12.0)) <= EXACT);
    CHECK_STATUS(grip_dispatch_timer(e, 2.5), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f2), GRIP_OK);
    border = border_of(&f2, b);
    CHECK(border != NULL && fabs(border->dash_phase - 1.0) <= EXACT);

    /* Timer misuse changes nothing. */
    s0 = f2.serial;
    CHECK_STATUS(grip_dispatch_timer(e, 2.4), GRIP_ERR_STATE);
    CHECK(grip_engine_errmsg(e)[0] != '\0');
    CHECK_STATUS(grip_dispatch_timer(e, NAN), GRIP_ERR_ARG);
    CHECK_STATUS(grip_dispatch_timer(e, INFINITY), GRIP_ERR_ARG);
    CHECK_STATUS(grip_dispatch_timer(NULL, 3), GRIP_ERR_ARG);
    CHECK_STATUS(grip_frame_get(e, &f2), GRIP_OK);
    CHECK(f2.serial == s0);
    CHECK_NEAR(f2.time, 2.5, 0);

    /* A move grows the serial. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 150, 2.5), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 190, 150, 2.5), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f2), GRIP_OK);
    CHECK(f2.serial > s0);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 190, 150, 2.5), GRIP_OK);
    grip_engine_destroy(e);

    /* Without editing boxes nothing animates: the timer leaves the serial alone. */
    e = new_engine(800, 600);
    add_box(e, GRIP_NO_BOX, 100, 100, 200, 100, 0, 1, false);
    CHECK_STATUS(grip_frame_get(e, &f1), GRIP_OK);
    CHECK_STATUS(grip_dispatch_timer(e, 5), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f2), GRIP_OK);
    CHECK(f2.serial == f1.serial);
    CHECK_NEAR(f2.time, 5, 0);
    grip_engine_destroy(e);
}

static void editing_and_masks(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box b = add_box(e, GRIP_NO_BOX, 100, 100, 200, 100, 0, 1, true);
    grip_box_desc d;
    grip_box k = GRIP_NO_BOX;
    grip_event ev;
    grip_frame f;
    uint64_t s0;

    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, b, &d), GRIP_OK);
    d.user_data = 42;
    CHECK_STATUS(grip_box_configure(e, b, &d), GRIP_OK);
    drain_events(e);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    s0 = f.serial;

    CHECK_STATUS(grip_box_set_editing(e, b, false), GRIP_OK);
    CHECK(!state_of(e, b).editing);
    CHECK_STATUS(grip_event_poll(e, &ev), GRIP_OK);
    CHECK_INT(ev.kind, GRIP_EVENT_EDITING_CHANGED);
    CHECK(ev.box == b && ev.user_data == 42);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK(f.serial > s0);
    CHECK_INT(f.command_count, 1);
    CHECK_INT(count_commands(&f, GRIP_CMD_BORDER) + count_commands(&f, GRIP_CMD_HANDLE), 0);
    CHECK_STATUS(grip_box_set_editing(e, b, true), GRIP_OK);
    CHECK(state_of(e, b).editing);
    CHECK_STATUS(grip_event_poll(e, &ev), GRIP_OK);
    CHECK_INT(ev.kind, GRIP_EVENT_EDITING_CHANGED);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK_INT(f.command_count, 11);
    CHECK_STATUS(grip_box_set_editing(NULL, b, true), GRIP_ERR_ARG);

    /* Only the handles in the mask are drawn. */
    grip_box_desc_init(&d);
    d.x = 400;
    d.y = 300;
    d.width = 100;
    d.height = 100;
    d.editing = true;
    d.handles = GRIP_HANDLES_CORNERS;
    CHECK_STATUS(grip_box_create(e, &d, &k), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    CHECK_INT(count_commands(&f, GRIP_CMD_HANDLE), 9 + 4);
    CHECK(handle_of(&f, k, GRIP_HANDLE_TOP_LEFT) != NULL);
    CHECK(handle_of(&f, k, GRIP_HANDLE_BOTTOM_RIGHT) != NULL);
    CHECK(handle_of(&f, k, GRIP_HANDLE_TOP) == NULL);
    CHECK(handle_of(&f, k, GRIP_HANDLE_ROTATE) == NULL);
    grip_engine_destroy(e);
}

void suite_frame(void) {
    commands();
    serial_and_timer();
    editing_and_masks();
}
