/* hello.c: Grip in one file. An 800 x 600 scene with an editing box, a rotated parent holding a
 * nested child, and a plain box; drags scripted as pointer events (the plain box, the nested
 * child, a corner-handle resize); a summary of the final frame; the frame written as SVG.
 *   hello [out.svg]        (default out/demo.svg) */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "grip.h"
#include "svg.h"

#define W  800
#define H  600
#define PI 3.14159265358979323846

static grip_engine *engine;
static double now; /* the host's clock, seconds */

static void fail(const char *what, grip_status s) {
    fprintf(stderr, "hello: %s: %s (%s)\n", what, grip_status_string(s), grip_engine_errmsg(engine));
}

static grip_box add(grip_box parent, double x, double y, double w, double h, double rotation,
                    bool editing, uint64_t tag) {
    grip_box_desc d;
    grip_box b = GRIP_NO_BOX;
    grip_status s;
    grip_box_desc_init(&d);
    d.parent = parent;
    d.x = x;
    d.y = y;
    d.width = w;
    d.height = h;
    d.rotation = rotation;
    d.editing = editing;
    d.user_data = tag;
    if ((s = grip_box_create(engine, &d, &b)) != GRIP_OK) fail("grip_box_create", s);
    return b;
}

/* One pointer from (x0, y0) to (x1, y1) in ten 1/60 s steps, then up. */
static void drag(double x0, double y0, double x1, double y1) {
    grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, 0, 0, 0, 0};
    grip_status s;
    int i;
    for (i = 0; i <= 11; i++) {
        double u = i > 10 ? 1 : i / 10.0;
        ev.phase = i == 0 ? GRIP_PHASE_DOWN : i > 10 ? GRIP_PHASE_UP
                                                     : GRIP_PHASE_MOVE;
        ev.x = x0 + (x1 - x0) * u;
        ev.y = y0 + (y1 - y0) * u;
        ev.time = now;
        if ((s = grip_dispatch_pointer(engine, &ev, NULL)) != GRIP_OK) fail("grip_dispatch_pointer", s);
        now += 1.0 / 60;
    }
}

static grip_box_state state(grip_box b) {
    grip_box_state s;
    grip_status st = grip_box_state_get(engine, b, &s);
    if (st != GRIP_OK) fail("grip_box_state_get", st);
    return s;
}

static void print_box(const char *name, grip_box b) {
    grip_box_state s = state(b);
    double cx = (s.corners[0].x + s.corners[2].x) / 2, cy = (s.corners[0].y + s.corners[2].y) / 2;
    printf("  %-7s centre (%7.2f, %7.2f) in its parent, (%7.2f, %7.2f) in the world; %6.2f x %6.2f, "
           "rotation %6.2f deg, scale %.2f%s\n",
           name, s.center.x, s.center.y, cx, cy, s.width, s.height, s.rotation * 180 / PI, s.scale,
           s.editing ? ", editing" : "");
}

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "out/demo.svg";
    if (argc > 2 || (argc > 1 && path[0] == '-')) { /* one optional OUT.svg, never an option */
        int help = argc == 2 && (strcmp(path, "--help") == 0 || strcmp(path, "-h") == 0);
        fputs("usage: hello [OUT.svg]   (default out/demo.svg)\n", help ? stdout : stderr);
        return help ? 0 : 2;
    }
    static const char *const kinds[] = {"?", "BOX", "BORDER", "HANDLE", "INDICATOR", "GUIDE"};
    grip_box editor, parent, child, plain;
    grip_box_state cs;
    grip_vec2 grab;
    grip_frame frame;
    grip_event ev;
    int counts[6] = {0}, events = 0;
    size_t i;
    grip_status s;

    if ((s = grip_engine_create(NULL, &engine)) != GRIP_OK || (s = grip_engine_set_bounds(engine, W, H)) != GRIP_OK) {
        fail("grip_engine_create", s);
        return 1;
    }
    editor = add(GRIP_NO_BOX, 80, 80, 220, 140, 0, true, 0);
    parent = add(GRIP_NO_BOX, 400, 220, 300, 200, 20 * PI / 180, false, 1);
    child = add(parent, 40, 50, 120, 80, -10 * PI / 180, false, 2);
    plain = add(GRIP_NO_BOX, 90, 380, 160, 120, 0, false, 3);

    /* 1. Move the plain box by its middle. */
    drag(170, 440, 230, 420);
    /* 2. Drag the nested child by a point near its top-left: that point follows the pointer. */
    cs = state(child);
    grab.x = cs.world.a * 20 + cs.world.c * 20 + cs.world.tx;
    grab.y = cs.world.b * 20 + cs.world.d * 20 + cs.world.ty;
    drag(grab.x, grab.y, grab.x + 90, grab.y + 60);
    cs = state(child);
    printf("nested drag: grabbed point now at (%.6f, %.6f), pointer at (%.6f, %.6f)\n",
           cs.world.a * 20 + cs.world.c * 20 + cs.world.tx, cs.world.b * 20 + cs.world.d * 20 + cs.world.ty,
           grab.x + 90, grab.y + 60);
    /* 3. Resize the editing box by its bottom-right handle, at (300, 220). */
    drag(300, 220, 370, 270);
    /* 4. Let the marching ants march. */
    now += 0.5;
    if ((s = grip_dispatch_timer(engine, now)) != GRIP_OK) fail("grip_dispatch_timer", s);

    while (grip_event_poll(engine, &ev) == GRIP_OK) events++;
    if ((s = grip_frame_get(engine, &frame)) != GRIP_OK) {
        fail("grip_frame_get", s);
        return 1;
    }
    for (i = 0; i < frame.command_count; i++)
        if (frame.commands[i].kind >= GRIP_CMD_BOX && frame.commands[i].kind <= GRIP_CMD_GUIDE)
            counts[frame.commands[i].kind]++;
    printf("frame at t = %.3f s, serial %llu: %zu commands, %zu vertices, %d events seen\n", frame.time,
           (unsigned long long)frame.serial, frame.command_count, frame.vertex_count, events);
    for (i = 1; i < 6; i++)
        if (counts[i]) printf("  %-9s x %d\n", kinds[i], counts[i]);
    print_box("editor", editor);
    print_box("parent", parent);
    print_box("child", child);
    print_box("plain", plain);

    if (svg_save_frame(path, &frame, W, H) != 0) {
        fprintf(stderr, "hello: cannot write %s\n", path);
        return 1;
    }
    printf("wrote %s\n", path);
    grip_engine_destroy(engine);
    return 0;
}
