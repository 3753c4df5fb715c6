/* selection.c: a selection of several boxes resized together, driven by pointer events alone.
 * An 800 x 600 scene: a plain box, a rotated box, and a rotated parent holding a nested child,
 * plus a box left out. With pointer selection on, a click selects the plain box and shift-clicks
 * add the rotated box and the nested child; the selection's bottom-right handle (found with
 * grip_selection_state_get and checked with grip_hit_test) is dragged outwards, resizing all
 * three at once; a second pointer then hovers over the box left out. It prints the geometry
 * before and after and writes the final frame as SVG.
 *   selection [out.svg]        (default out/demo-selection.svg) */
#include <stdio.h>
#include <string.h>

#include "grip.h"
#include "svg.h"

#define W  800
#define H  600
#define PI 3.14159265358979323846

enum {
    MOUSE = 1,
    HOVER = 2
};

static grip_engine *engine;
static double now; /* the host's clock, seconds */
static int failures;

static void fail(const char *what, grip_status s) {
    fprintf(stderr, "selection: %s: %s (%s)\n", what, grip_status_string(s), grip_engine_errmsg(engine));
    failures++;
}

static grip_box add(grip_box parent, double x, double y, double w, double h, double degrees, uint64_t tag) {
    grip_box_desc d;
    grip_box b = GRIP_NO_BOX;
    grip_status s;
    grip_box_desc_init(&d);
    d.parent = parent;
    d.x = x;
    d.y = y;
    d.width = w;
    d.height = h;
    d.rotation = degrees * PI / 180;
    d.user_data = tag;
    if ((s = grip_box_create(engine, &d, &b)) != GRIP_OK) fail("grip_box_create", s);
    return b;
}

static void send(grip_phase phase, uint32_t id, double x, double y, uint32_t mods) {
    grip_pointer_event ev;
    grip_status s;
    ev.phase = phase;
    ev.pointer = id;
    ev.x = x;
    ev.y = y;
    ev.time = now;
    ev.modifiers = mods;
    if ((s = grip_dispatch_pointer(engine, &ev, NULL)) != GRIP_OK) fail("grip_dispatch_pointer", s);
    now += 1.0 / 60;
}

/* A click: down and up at one place. */
static void click(grip_vec2 p, uint32_t mods) {
    send(GRIP_PHASE_DOWN, MOUSE, p.x, p.y, mods);
    send(GRIP_PHASE_UP, MOUSE, p.x, p.y, mods);
    now += 0.5; /* well apart: no double taps */
}

/* One pointer from a to b in twelve steps, then up. */
static void drag(grip_vec2 a, grip_vec2 b) {
    int i;
    send(GRIP_PHASE_DOWN, MOUSE, a.x, a.y, 0);
    for (i = 1; i <= 12; i++) send(GRIP_PHASE_MOVE, MOUSE, a.x + (b.x - a.x) * i / 12, a.y + (b.y - a.y) * i / 12, 0);
    send(GRIP_PHASE_UP, MOUSE, b.x, b.y, 0);
}

/* A box's centre in the world. */
static grip_vec2 centre(grip_box b) {
    grip_box_state s;
    grip_vec2 c = {0, 0};
    grip_status st = grip_box_state_get(engine, b, &s);
    if (st != GRIP_OK) {
        fail("grip_box_state_get", st);
        return c;
    }
    c.x = (s.corners[0].x + s.corners[2].x) / 2;
    c.y = (s.corners[0].y + s.corners[2].y) / 2;
    return c;
}

static void print_box(const char *name, grip_box b) {
    grip_box_state s;
    grip_vec2 c = centre(b);
    if (grip_box_state_get(engine, b, &s) != GRIP_OK) return;
    printf("  %-8s centre (%7.2f, %7.2f), %6.2f x %6.2f, rotation %6.2f deg in its parent%s\n", name, c.x, c.y,
           s.width * s.scale, s.height * s.scale, s.rotation * 180 / PI, s.flipped_x || s.flipped_y ? ", flipped" : "");
}

static grip_selection_state selection_state(void) {
    grip_selection_state s;
    grip_status st;
    s.struct_size = sizeof s;
    if ((st = grip_selection_state_get(engine, &s)) != GRIP_OK) fail("grip_selection_state_get", st);
    return s;
}

static void print_selection(const char *when) {
    grip_selection_state s = selection_state();
    printf("%s: %zu selected, frame %.2f x %.2f at (%.2f, %.2f), rotation %.2f deg\n", when, s.count, s.width,
           s.height, s.center.x, s.center.y, s.rotation * 180 / PI);
}

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "out/demo-selection.svg";
    if (argc > 2 || (argc > 1 && path[0] == '-')) { /* one optional OUT.svg, never an option */
        int help = argc == 2 && (strcmp(path, "--help") == 0 || strcmp(path, "-h") == 0);
        fputs("usage: selection [OUT.svg]   (default out/demo-selection.svg)\n", help ? stdout : stderr);
        return help ? 0 : 2;
    }
    static const char *const names[] = {"plain", "turned", "parent", "child", "left out"};
    grip_engine_desc ed;
    grip_box boxes[5], selected[8];
    grip_selection_state sel;
    grip_hit hit;
    grip_vec2 from, to;
    grip_frame frame;
    grip_event ev;
    size_t i, count = 0, outlines = 0, group_commands = 0;
    int group_events = 0;
    grip_status s;

    grip_engine_desc_init(&ed);
    ed.width = W;
    ed.height = H;
    ed.selection = GRIP_SELECTION_POINTER;
    ed.group_resize = GRIP_GROUP_RESIZE_KEEP_SHAPES; /* the default, said out loud */
    if ((s = grip_engine_create(&ed, &engine)) != GRIP_OK) {
        fprintf(stderr, "selection: grip_engine_create: %s (%s)\n", grip_status_string(s), grip_engine_errmsg(NULL));
        return 1;
    }
    boxes[0] = add(GRIP_NO_BOX, 70, 70, 170, 110, 0, 0);
    boxes[1] = add(GRIP_NO_BOX, 90, 270, 150, 100, 25, 1);
    boxes[2] = add(GRIP_NO_BOX, 330, 90, 280, 190, 15, 3);
    boxes[3] = add(boxes[2], 40, 45, 120, 80, -10, 2);
    boxes[4] = add(GRIP_NO_BOX, 610, 400, 150, 100, -8, 4);

    /* Click the plain box, then shift-click the turned box and the nested child. */
    click(centre(boxes[0]), 0);
    click(centre(boxes[1]), GRIP_MOD_SHIFT);
    click(centre(boxes[3]), GRIP_MOD_SHIFT);
    if ((s = grip_selection_get(engine, selected, 8, &count)) != GRIP_OK) fail("grip_selection_get", s);
    printf("selected by clicks:");
    for (i = 0; i < count && i < 8; i++) {
        size_t k;
        for (k = 0; k < 5 && boxes[k] != selected[i]; k++) continue;
        printf(" %s", k < 5 ? names[k] : "?");
    }
    printf("\n");
    print_selection("before");
    for (i = 0; i < 5; i++) print_box(names[i], boxes[i]);

    /* The selection's bottom-right corner is its handle: a hit test there finds GRIP_SELECTION. */
    sel = selection_state();
    from = sel.corners[2];
    if ((s = grip_hit_test(engine, from.x, from.y, &hit)) != GRIP_OK) fail("grip_hit_test", s);
    printf("hit at the frame's bottom-right corner (%.2f, %.2f): %s, handle %d\n", from.x, from.y,
           hit.box == GRIP_SELECTION ? "the selection" : "not the selection", (int)hit.handle);
    if (hit.box != GRIP_SELECTION || hit.handle != GRIP_HANDLE_BOTTOM_RIGHT) failures++;
    to.x = from.x + 90;
    to.y = from.y + 30;
    drag(from, to);

    /* A second pointer (a pen, say) hovering over the box left out: its OUTLINE shows it. */
    {
        grip_vec2 c = centre(boxes[4]);
        send(GRIP_PHASE_MOVE, HOVER, c.x, c.y, 0);
    }
    /* Let the marching ants march. */
    now += 0.5;
    if ((s = grip_dispatch_timer(engine, now)) != GRIP_OK) fail("grip_dispatch_timer", s);

    while (grip_event_poll(engine, &ev) == GRIP_OK)
        if (ev.box == GRIP_SELECTION) group_events++;
    print_selection("after the corner drag");
    for (i = 0; i < 5; i++) print_box(names[i], boxes[i]);
    if ((s = grip_frame_get(engine, &frame)) != GRIP_OK) {
        fail("grip_frame_get", s);
        return 1;
    }
    for (i = 0; i < frame.command_count; i++) {
        if (frame.commands[i].kind == GRIP_CMD_OUTLINE) outlines++;
        if (frame.commands[i].box == GRIP_SELECTION) group_commands++;
    }
    printf("frame: %zu commands (%zu outlines, %zu of the selection's own overlay), %d events with box "
           "GRIP_SELECTION\n",
           frame.command_count, outlines, group_commands, group_events);

    if (svg_save_frame(path, &frame, W, H) != 0) {
        fprintf(stderr, "selection: cannot write %s\n", path);
        return 1;
    }
    printf("wrote %s\n", path);
    grip_engine_destroy(engine);
    return failures ? 1 : 0;
}
