/* first_constraint.c: a C constraint whose function is the first one this program takes the
 * address of. Built for wasm32-wasi with clang's default link, its function pointer is table
 * index 1, the value Swift reads back as the nil of an optional that holds the pointer; the
 * library must call it all the same. (Natively the address is an ordinary one; the checks hold
 * there too.) */
#include <stdint.h>
#include <stdio.h>

#include "check.h"

static int calls;

/* Keeps the box's centre at x <= 200. */
static bool clamp_x(void *context, grip_box box, const grip_geometry *current, grip_geometry *proposed) {
    (void)context;
    (void)box;
    (void)current;
    calls++;
    if (proposed->center.x > 200) proposed->center.x = 200;
    return true;
}

static grip_status drag(grip_engine *e, double x0, double x1, double t) {
    grip_pointer_event ev = {0};
    grip_status s;
    ev.pointer = 1;
    ev.phase = GRIP_PHASE_DOWN;
    ev.x = x0;
    ev.y = 125;
    ev.time = t;
    if ((s = grip_dispatch_pointer(e, &ev, NULL)) != GRIP_OK) return s;
    ev.phase = GRIP_PHASE_MOVE;
    ev.x = (x0 + x1) / 2;
    ev.time = t + 0.1;
    if ((s = grip_dispatch_pointer(e, &ev, NULL)) != GRIP_OK) return s;
    ev.x = x1;
    ev.time = t + 0.2;
    if ((s = grip_dispatch_pointer(e, &ev, NULL)) != GRIP_OK) return s;
    ev.phase = GRIP_PHASE_UP;
    ev.time = t + 0.3;
    return grip_dispatch_pointer(e, &ev, NULL);
}

int main(void) {
    grip_constraint_fn fn = clamp_x;
    grip_engine_desc ed;
    grip_box_desc d;
    grip_box_state st;
    grip_engine *e = NULL;
    grip_box b = 0;
#ifdef __wasm__
    /* The first function whose address the program takes: table index 1 (the test's point). */
    CHECK_INT((uintptr_t)fn, 1);
#endif
    grip_engine_desc_init(&ed);
    ed.width = 800;
    ed.height = 600;
    CHECK_STATUS(grip_engine_create(&ed, &e), GRIP_OK);
    grip_box_desc_init(&d);
    d.x = 100;
    d.y = 100;
    d.width = 100;
    d.height = 50; /* centre (150, 125) */
    CHECK_STATUS(grip_box_create(e, &d, &b), GRIP_OK);
    CHECK_STATUS(grip_box_set_constraint(e, b, fn, NULL), GRIP_OK);
    /* Dragged by +100, the centre would reach x = 250: the constraint holds it at 200. */
    CHECK_STATUS(drag(e, 150, 250, 0), GRIP_OK);
    CHECK(calls >= 2);
    CHECK_STATUS(grip_box_state_get(e, b, &st), GRIP_OK);
    CHECK_NEAR(st.center.x, 200, 0);
    CHECK_NEAR(st.center.y, 125, 0);
    grip_engine_destroy(e);
    return check_summary("first constraint");
}
