/* test_abi01.c: a program built against the released 0.1 grip.h (Tests/abi-0.1/grip.h), run
 * against the current library: the versioned structs it passes are 0.1's, and the library must
 * read, write and describe exactly those, with the fields added since at their defaults.
 * Prints "C ABI 0.1 compatibility: N checks, F failed". */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "grip.h"

static int checks, failures;

static void check(int ok, const char *what, int line) {
    checks++;
    if (!ok) {
        failures++;
        printf("FAIL Tests/abi-0.1/test_abi01.c:%d: %s\n", line, what);
    }
}
#define CHECK(cond) check((cond) ? 1 : 0, #cond, __LINE__)
#define NEAR(a, b) (fabs((a) - (b)) <= 1e-9)

/* A struct followed by a guard the library must not write into. */
#define GUARD 64
typedef struct { grip_engine_desc d; unsigned char guard[GUARD]; } engine_desc_guarded;
typedef struct { grip_box_desc d; unsigned char guard[GUARD]; } box_desc_guarded;

static int guard_intact(const unsigned char *g) {
    for (int i = 0; i < GUARD; i++) {
        if (g[i] != 0xA5) return 0;
    }
    return 1;
}

static grip_box add(grip_engine *e, grip_box parent, double x, double y, double w, double h, double rot, bool editing) {
    box_desc_guarded g;
    memset(&g, 0xA5, sizeof g);
    grip_box_desc_init(&g.d);
    CHECK(guard_intact(g.guard));
    g.d.parent = parent;
    g.d.x = x; g.d.y = y; g.d.width = w; g.d.height = h; g.d.rotation = rot; g.d.editing = editing;
    grip_box b = GRIP_NO_BOX;
    CHECK(grip_box_create(e, &g.d, &b) == GRIP_OK);
    return b;
}

static grip_status pointer(grip_engine *e, grip_phase phase, double x, double y, double t) {
    grip_pointer_event ev;
    memset(&ev, 0, sizeof ev);
    ev.phase = phase;
    ev.pointer = 1;
    ev.x = x;
    ev.y = y;
    ev.time = t;
    return grip_dispatch_pointer(e, &ev, NULL);
}

int main(void) {
    CHECK(sizeof(grip_engine_desc) == 56);
    CHECK(sizeof(grip_box_desc) == 216);
    CHECK((grip_version() >> 8 & 0xFF) >= 2);

    /* Engine desc: init writes 0.1's struct and nothing past it. */
    engine_desc_guarded eg;
    memset(&eg, 0xA5, sizeof eg);
    grip_engine_desc_init(&eg.d);
    CHECK(guard_intact(eg.guard));
    CHECK(eg.d.struct_size == sizeof(grip_engine_desc));
    CHECK(eg.d.width == 1024 && eg.d.height == 768 && eg.d.touch_slop == 10 && eg.d.handle_hit_radius == 22);
    eg.d.width = 800;
    eg.d.height = 600;
    grip_engine *e = NULL;
    CHECK(grip_engine_create(&eg.d, &e) == GRIP_OK && e != NULL);
    CHECK(strcmp(grip_engine_errmsg(e), "") == 0);

    /* Boxes: nested and rotated; describe writes 0.1's struct and nothing past it. */
    grip_box parent = add(e, GRIP_NO_BOX, 100, 100, 300, 200, 0.3, true);
    grip_box child = add(e, parent, 20, 30, 80, 60, -0.2, false);
    CHECK(parent != GRIP_NO_BOX && child != GRIP_NO_BOX && parent != child);
    box_desc_guarded dg;
    memset(&dg, 0xA5, sizeof dg);
    grip_box_desc_init(&dg.d);
    CHECK(grip_box_describe(e, child, &dg.d) == GRIP_OK);
    CHECK(guard_intact(dg.guard));
    CHECK(dg.d.struct_size == sizeof(grip_box_desc));
    CHECK(dg.d.parent == parent && NEAR(dg.d.x, 20) && NEAR(dg.d.y, 30) && dg.d.width == 80 && dg.d.height == 60);
    CHECK(dg.d.rotation == -0.2 && dg.d.scale == 1 && !dg.d.editing && !dg.d.flipped_x);
    CHECK(dg.d.allow == (GRIP_ALLOW_ALL & ~(uint32_t)GRIP_ALLOW_LONG_PRESS) && dg.d.min_width == 10 && dg.d.indicator == GRIP_INDICATOR_CIRCLE);

    /* describe + configure keeps a box as it is. */
    grip_box_state before, after;
    CHECK(grip_box_state_get(e, child, &before) == GRIP_OK);
    CHECK(grip_box_configure(e, child, &dg.d) == GRIP_OK);
    CHECK(grip_box_state_get(e, child, &after) == GRIP_OK);
    CHECK(before.center.x == after.center.x && before.center.y == after.center.y && before.rotation == after.rotation);

    /* The fields added since take their defaults: the box is hit (not pass-through), and the
     * rotate handle sits 24 above the top edge's midpoint. */
    grip_hit hit;
    CHECK(grip_hit_test(e, after.corners[0].x * 0.5 + after.corners[2].x * 0.5,
                        after.corners[0].y * 0.5 + after.corners[2].y * 0.5, &hit) == GRIP_OK);
    CHECK(hit.box == child);
    grip_box plain = add(e, GRIP_NO_BOX, 500, 300, 200, 100, 0, true);
    grip_frame f;
    CHECK(grip_frame_get(e, &f) == GRIP_OK);
    int found = 0;
    for (size_t i = 0; i < f.command_count; i++) {
        const grip_command *c = &f.commands[i];
        if (c->kind == GRIP_CMD_HANDLE && c->box == plain && c->handle == GRIP_HANDLE_ROTATE) {
            found = 1;
            CHECK(c->center.x == 600 && c->center.y == 276);
        }
    }
    CHECK(found);

    /* Drag the plain box by (40, 25). */
    CHECK(pointer(e, GRIP_PHASE_DOWN, 550, 350, 0.0) == GRIP_OK);
    CHECK(pointer(e, GRIP_PHASE_MOVE, 570, 360, 0.1) == GRIP_OK);
    CHECK(pointer(e, GRIP_PHASE_MOVE, 590, 375, 0.2) == GRIP_OK);
    CHECK(pointer(e, GRIP_PHASE_UP, 590, 375, 0.3) == GRIP_OK);
    grip_box_state s;
    CHECK(grip_box_state_get(e, plain, &s) == GRIP_OK);
    CHECK(NEAR(s.center.x, 640) && NEAR(s.center.y, 375));
    grip_event ev;
    int began = 0, ended = 0;
    while (grip_event_poll(e, &ev) == GRIP_OK) {
        if (ev.box == plain && ev.gesture == GRIP_GESTURE_MOVE && ev.kind == GRIP_EVENT_GESTURE_BEGAN) began++;
        if (ev.box == plain && ev.gesture == GRIP_GESTURE_MOVE && ev.kind == GRIP_EVENT_GESTURE_ENDED) ended++;
    }
    CHECK(began == 1 && ended == 1);

    /* Configure from a fresh 0.1 desc: the 0.2 fields are not in it and stay at their defaults. */
    box_desc_guarded cg;
    memset(&cg, 0xA5, sizeof cg);
    grip_box_desc_init(&cg.d);
    cg.d.x = 500; cg.d.y = 300; cg.d.width = 120; cg.d.height = 90; cg.d.editing = false;
    CHECK(grip_box_configure(e, plain, &cg.d) == GRIP_OK);
    CHECK(guard_intact(cg.guard));
    CHECK(grip_hit_test(e, 560, 345, &hit) == GRIP_OK && hit.box == plain);

    /* A struct_size of neither version is refused, naming the struct. */
    cg.d.struct_size = 100;
    grip_box bad = GRIP_NO_BOX;
    CHECK(grip_box_create(e, &cg.d, &bad) == GRIP_ERR_ARG && bad == GRIP_NO_BOX);
    CHECK(strstr(grip_engine_errmsg(e), "grip_box_desc.struct_size") != NULL);
    eg.d.struct_size = 40;
    grip_engine *e2 = NULL;
    CHECK(grip_engine_create(&eg.d, &e2) == GRIP_ERR_ARG && e2 == NULL);
    CHECK(strstr(grip_engine_errmsg(NULL), "grip_engine_desc.struct_size") != NULL);
    eg.d.struct_size = sizeof(grip_engine_desc);
    eg.d.width = -1;
    CHECK(grip_engine_create(&eg.d, &e2) == GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(NULL), "grip_engine_desc.width") != NULL);

    grip_engine_destroy(e);
    printf("C ABI 0.1 compatibility: %d checks, %d failed\n", checks, failures);
    return failures != 0;
}
