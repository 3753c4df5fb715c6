/* invariants.c: see invariants.h. */
#include "invariants.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void inv_fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("INVARIANT: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    fflush(stderr);
    abort();
}

void inv_status(grip_status s, const char *call) {
    if ((int)s < (int)GRIP_ERR_SCRIPT || (int)s > (int)GRIP_DONE)
        inv_fail("%s returned %d, not a documented grip_status", call, (int)s);
}

void inv_log_message(const char *call, grip_status s, const char *message) {
    static FILE *log;
    static int opened;
    if (!opened) {
        const char *path = getenv("GRIP_ERRMSG_LOG");
        opened = 1;
        log = path ? fopen(path, "a") : NULL;
    }
    if (log) {
        fprintf(log, "%s %d %s\n", call, (int)s, message);
        fflush(log);
    }
}

void inv_failure_message(grip_engine *e, grip_status s, const char *call) {
    if ((int)s >= 0) return;
    const char *m = grip_engine_errmsg(e);
    if (m == NULL) inv_fail("%s failed (%d) and grip_engine_errmsg is NULL", call, (int)s);
    if (m[0] == '\0') inv_fail("%s failed (%d) with an empty message", call, (int)s);
    inv_log_message(call, s, m);
}

static void cmd_finite(double v, const char *what, size_t i) {
    if (!isfinite(v)) inv_fail("frame command %zu: %s is %g", i, what, v);
}

static int valid_handle(int h) { return (h >= 0 && h <= 9) || h >= 16; }

grip_frame inv_frame(grip_engine *e, uint64_t *serial) {
    grip_frame f;
    grip_status s = grip_frame_get(e, &f);
    if (s != GRIP_OK) inv_fail("grip_frame_get on a live engine returned %d: %s", (int)s, grip_engine_errmsg(e));
    if (!isfinite(f.time)) inv_fail("frame time %g", f.time);
    if (*serial != 0 && f.serial < *serial)
        inv_fail("frame serial went back: %llu after %llu", (unsigned long long)f.serial, (unsigned long long)*serial);
    *serial = f.serial;
    if (f.command_count > 0 && f.commands == NULL) inv_fail("%zu commands at NULL", f.command_count);
    if (f.vertex_count > 0 && f.vertices == NULL) inv_fail("%zu vertices at NULL", f.vertex_count);
    for (size_t v = 0; v < f.vertex_count; v++)
        if (!isfinite(f.vertices[v].x) || !isfinite(f.vertices[v].y))
            inv_fail("vertex %zu is (%g, %g)", v, f.vertices[v].x, f.vertices[v].y);
    int in_overlay = 0;
    for (size_t i = 0; i < f.command_count; i++) {
        const grip_command *c = &f.commands[i];
        if ((int)c->kind < GRIP_CMD_BOX || (int)c->kind > GRIP_CMD_GAP) inv_fail("command %zu: kind %d", i, (int)c->kind);
        if (c->box == GRIP_NO_BOX) inv_fail("command %zu (kind %d) has no box", i, (int)c->kind);
        if (c->state & ~(uint32_t)(GRIP_STATE_HOVER | GRIP_STATE_ACTIVE)) inv_fail("command %zu: state %#x", i, c->state);
        cmd_finite(c->transform.a, "transform.a", i);
        cmd_finite(c->transform.b, "transform.b", i);
        cmd_finite(c->transform.c, "transform.c", i);
        cmd_finite(c->transform.d, "transform.d", i);
        cmd_finite(c->transform.tx, "transform.tx", i);
        cmd_finite(c->transform.ty, "transform.ty", i);
        cmd_finite(c->width, "width", i);
        cmd_finite(c->height, "height", i);
        cmd_finite(c->center.x, "center.x", i);
        cmd_finite(c->center.y, "center.y", i);
        cmd_finite(c->radius, "radius", i);
        cmd_finite(c->inner_radius, "inner_radius", i);
        cmd_finite(c->cursor_angle, "cursor_angle", i);
        cmd_finite(c->stroke_width, "stroke_width", i);
        cmd_finite(c->dash_on, "dash_on", i);
        cmd_finite(c->dash_off, "dash_off", i);
        cmd_finite(c->dash_phase, "dash_phase", i);
        cmd_finite(c->progress, "progress", i);
        switch (c->kind) {
        case GRIP_CMD_BOX:
            if (in_overlay) inv_fail("command %zu: BOX after the overlay began", i);
            if (!(c->width > 0 && c->height > 0)) inv_fail("command %zu: BOX %g x %g", i, c->width, c->height);
            break;
        case GRIP_CMD_HANDLE:
            if (!valid_handle((int)c->handle) || c->handle == GRIP_HANDLE_NONE)
                inv_fail("command %zu: HANDLE with handle %d", i, (int)c->handle);
            if (c->radius < 0 || c->inner_radius < 0) inv_fail("command %zu: negative handle radius", i);
            in_overlay = 1;
            break;
        case GRIP_CMD_INDICATOR:
            if (!(c->progress >= 0 && c->progress <= 1)) inv_fail("command %zu: progress %.17g", i, c->progress);
            in_overlay = 1;
            break;
        case GRIP_CMD_GUIDE:
            if (c->vertex_count != 2) inv_fail("command %zu: GUIDE with %u vertices", i, c->vertex_count);
            in_overlay = 1;
            break;
        case GRIP_CMD_BORDER:
            if (c->vertex_count < 3) inv_fail("command %zu: BORDER with %u vertices", i, c->vertex_count);
            if (c->dash_on < 0 || c->dash_off < 0 || c->stroke_width < 0) inv_fail("command %zu: negative dash or stroke", i);
            in_overlay = 1;
            break;
        case GRIP_CMD_OUTLINE:
        case GRIP_CMD_MARQUEE:
            if (c->vertex_count != 4) inv_fail("command %zu (kind %d) with %u vertices", i, (int)c->kind, c->vertex_count);
            if (c->kind == GRIP_CMD_MARQUEE && c->box != GRIP_SELECTION) inv_fail("command %zu: MARQUEE not of the selection", i);
            in_overlay = 1;
            break;
        case GRIP_CMD_GAP:
            if (c->vertex_count != 2) inv_fail("command %zu: GAP with %u vertices", i, c->vertex_count);
            in_overlay = 1;
            break;
        default:
            break;
        }
        if (c->kind == GRIP_CMD_BORDER || c->kind == GRIP_CMD_INDICATOR || c->kind == GRIP_CMD_GUIDE ||
            c->kind == GRIP_CMD_OUTLINE || c->kind == GRIP_CMD_MARQUEE || c->kind == GRIP_CMD_GAP) {
            if ((uint64_t)c->first_vertex + c->vertex_count > (uint64_t)f.vertex_count)
                inv_fail("command %zu (kind %d): vertices %u + %u past %zu", i, (int)c->kind, c->first_vertex,
                         c->vertex_count, f.vertex_count);
        }
    }
    return f;
}

static int close_to(double a, double b) {
    double scale = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
    return fabs(a - b) <= 1e-6 * (1 + scale);
}

static void state_finite(double v, grip_box b, const char *what) {
    if (!isfinite(v)) inv_fail("box %#llx: state %s is %g", (unsigned long long)b, what, v);
}

grip_status inv_box(grip_engine *e, grip_box box) {
    grip_box_desc d;
    grip_box_desc_init(&d);
    grip_status ds = grip_box_describe(e, box, &d);
    inv_status(ds, "grip_box_describe");
    grip_box_state st;
    grip_status s = grip_box_state_get(e, box, &st);
    inv_status(s, "grip_box_state_get");
    if (s != ds) inv_fail("box %#llx: describe says %d, state_get %d", (unsigned long long)box, (int)ds, (int)s);
    if (s != GRIP_OK) {
        if (s != GRIP_ERR_NOT_FOUND) inv_fail("box %#llx: state_get %d", (unsigned long long)box, (int)s);
        return s;
    }
    const double *p = (const double *)&st.center;
    state_finite(p[0], box, "center.x");
    state_finite(p[1], box, "center.y");
    state_finite(st.width, box, "width");
    state_finite(st.height, box, "height");
    state_finite(st.rotation, box, "rotation");
    state_finite(st.scale, box, "scale");
    const double *l = &st.local.a, *w = &st.world.a;
    for (int k = 0; k < 6; k++) {
        state_finite(l[k], box, "local");
        state_finite(w[k], box, "world");
    }
    for (int k = 0; k < 4; k++) {
        state_finite(st.corners[k].x, box, "corner");
        state_finite(st.corners[k].y, box, "corner");
    }
    if (!(st.width > 0 && st.height > 0)) inv_fail("box %#llx: %g x %g", (unsigned long long)box, st.width, st.height);
    if (st.width < d.min_width || st.height < d.min_height)
        inv_fail("box %#llx: %.17g x %.17g under its minimum %.17g x %.17g", (unsigned long long)box, st.width,
                 st.height, d.min_width, d.min_height);
    if (!(st.scale > 0)) inv_fail("box %#llx: scale %g", (unsigned long long)box, st.scale);
    if (st.editing != d.editing) inv_fail("box %#llx: state.editing %d, describe %d", (unsigned long long)box, st.editing, d.editing);
    /* describe reports the current geometry too. */
    if (!close_to(d.width, st.width) || !close_to(d.height, st.height) || !close_to(d.scale, st.scale))
        inv_fail("box %#llx: describe %g x %g @%g, state %g x %g @%g", (unsigned long long)box, d.width, d.height,
                 d.scale, st.width, st.height, st.scale);
    /* corners are world applied to the box-space rectangle */
    const double bx[4] = {0, st.width, st.width, 0}, by[4] = {0, 0, st.height, st.height};
    for (int k = 0; k < 4; k++) {
        double x = st.world.a * bx[k] + st.world.c * by[k] + st.world.tx;
        double y = st.world.b * bx[k] + st.world.d * by[k] + st.world.ty;
        double mag = fabs(st.world.tx) + fabs(st.world.ty) + (fabs(st.world.a) + fabs(st.world.b) + fabs(st.world.c) + fabs(st.world.d)) * (st.width + st.height);
        if (fabs(x - st.corners[k].x) > 1e-9 * (1 + mag) || fabs(y - st.corners[k].y) > 1e-9 * (1 + mag))
            inv_fail("box %#llx: corner %d is (%.17g, %.17g), world says (%.17g, %.17g)", (unsigned long long)box, k,
                     st.corners[k].x, st.corners[k].y, x, y);
    }
    return s;
}

int inv_events(grip_engine *e) {
    grip_event ev;
    int n = 0;
    for (;;) {
        grip_status s = grip_event_poll(e, &ev);
        inv_status(s, "grip_event_poll");
        if (s == GRIP_DONE) break;
        if (s != GRIP_OK) inv_fail("grip_event_poll returned %d", (int)s);
        if ((int)ev.kind < GRIP_EVENT_GESTURE_BEGAN || (int)ev.kind > GRIP_EVENT_HISTORY_SKIPPED)
            inv_fail("event kind %d", (int)ev.kind);
        if ((int)ev.gesture < GRIP_GESTURE_NONE || (int)ev.gesture > GRIP_GESTURE_HOST)
            inv_fail("event gesture %d", (int)ev.gesture);
        if (!valid_handle((int)ev.handle)) inv_fail("event handle %d", (int)ev.handle);
        if (!isfinite(ev.time) || !isfinite(ev.position.x) || !isfinite(ev.position.y))
            inv_fail("event kind %d: time %g position (%g, %g)", (int)ev.kind, ev.time, ev.position.x, ev.position.y);
        if (ev.box == GRIP_NO_BOX) inv_fail("event kind %d without a box", (int)ev.kind);
        if (++n > 1000000) inv_fail("event queue never empties");
    }
    return n;
}

#ifdef GRIP_FUZZ_STANDALONE
/* Without libFuzzer (both harnesses link this file): runs each file named on the command line
 * through the target once, for the regression inputs and corpora scripts/test replays. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
    int failed = 0;
    for (int i = 1; i < argc; i++) {
        FILE *fp = fopen(argv[i], "rb");
        if (!fp) {
            perror(argv[i]);
            failed = 1;
            continue;
        }
        static uint8_t buf[1 << 20];
        size_t n = fread(buf, 1, sizeof buf, fp);
        fclose(fp);
        LLVMFuzzerTestOneInput(buf, n);
    }
    printf("%s: %d inputs replayed\n", argv[0], argc - 1);
    return failed;
}
#endif
