/* suite_wide.c: what a 32-bit target (wasm32) must take as a 64-bit one does: behaviour hashes
 * past 2^31, struct sizes and handle counts past 2^31 (refused, with the size in the message),
 * and C constraint functions and contexts at small addresses (WebAssembly numbers function
 * pointers from 1), called through a program linked with the default flags. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

/* 64 boxes with 64 different behaviours (min_width 1 ... 64): their hashes spread over all 32
 * bits, so some surely pass 2^31 (the chance that none does is 2^-64). Each box reads back its
 * own behaviour, also after the behaviour table has been rehashed as it grew. */
static void hashes_past_2_31(void) {
    grip_engine *e = new_engine(1000, 1000);
    grip_box boxes[64];
    int i, created = 0, kept = 0;
    for (i = 0; i < 64; i++) {
        grip_box_desc d;
        grip_box_desc_init(&d);
        d.x = 10 * i;
        d.y = 10;
        d.width = 100;
        d.height = 50;
        d.min_width = i + 1;
        if (grip_box_create(e, &d, &boxes[i]) == GRIP_OK) created++;
    }
    CHECK_INT(created, 64);
    for (i = 0; i < 64; i++) {
        grip_box_desc d;
        grip_box_desc_init(&d);
        if (grip_box_describe(e, boxes[i], &d) == GRIP_OK && d.min_width == i + 1) kept++;
    }
    CHECK_INT(kept, 64);
    /* Boxes that share a behaviour find its entry through the same bucket. */
    {
        grip_box_desc d, back;
        grip_box twin;
        grip_box_desc_init(&d);
        d.width = 100;
        d.height = 50;
        d.min_width = 33;
        CHECK_STATUS(grip_box_create(e, &d, &twin), GRIP_OK);
        grip_box_desc_init(&back);
        CHECK_STATUS(grip_box_describe(e, twin, &back), GRIP_OK);
        CHECK_NEAR(back.min_width, 33, 0);
    }
    grip_engine_destroy(e);
}

/* struct_size values past 2^31 are refused like any wrong size, and the message gives the size
 * as the caller set it. */
static void sizes_past_2_31(void) {
    grip_engine *e = new_engine(800, 600), *none = NULL;
    grip_engine_desc ed;
    grip_box_desc d;
    grip_selection_state s;
    grip_engine_info info;
    grip_box b;

    grip_engine_desc_init(&ed);
    ed.struct_size = 0xFFFFFFFFu;
    CHECK_STATUS(grip_engine_create(&ed, &none), GRIP_ERR_ARG);
    CHECK(none == NULL);
    CHECK(strstr(grip_engine_errmsg(NULL), "4294967295") != NULL);

    grip_box_desc_init(&d);
    d.width = 100;
    d.height = 50;
    d.struct_size = 0x80000000u;
    CHECK_STATUS(grip_box_create(e, &d, &b), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "2147483648") != NULL);

    memset(&s, 0, sizeof s);
    s.struct_size = 0x80000001u;
    CHECK_STATUS(grip_selection_state_get(e, &s), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "2147483649") != NULL);

    memset(&info, 0, sizeof info);
    info.struct_size = 0x80000000u;
    CHECK_STATUS(grip_engine_get_info(e, &info), GRIP_ERR_ARG);
    info.struct_size = (uint32_t)sizeof info;
    CHECK_STATUS(grip_engine_get_info(e, &info), GRIP_OK);
    grip_engine_destroy(e);
}

/* A custom handle count past 2^31 is refused as any count above 16 is; nothing changes. */
static void handle_counts_past_2_31(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box b = add_box(e, 0, 100, 100, 100, 50, 0, 1, true);
    CHECK_STATUS(grip_box_set_hooks(e, b, 0x80000000u, false), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "16") != NULL);
    CHECK_STATUS(grip_box_set_hooks(e, b, 0xFFFFFFFFu, false), GRIP_ERR_ARG);
    CHECK_STATUS(grip_box_set_hooks(e, b, 16, false), GRIP_OK);
    grip_engine_destroy(e);
}

/* The constraint's calls and what it saw. */
static int clamp_calls;
static void *clamp_context;

/* Keeps the box's centre at x <= 200. */
static bool clamp_x(void *context, grip_box box, const grip_geometry *current, grip_geometry *proposed) {
    (void)box;
    (void)current;
    clamp_calls++;
    clamp_context = context;
    if (proposed->center.x > 200) proposed->center.x = 200;
    return true;
}

/* A C constraint is called, with its context as given, whatever the addresses: in a WASI
 * program (linked with the default flags) the function's address is a small table index, and a
 * context of 16 is below the 4096 that Swift reserves for optional pointers' spare values. */
static void constraints_at_small_addresses(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box b = add_box(e, 0, 100, 100, 100, 50, 0, 1, false); /* centre (150, 125) */
    void *small = (void *)(uintptr_t)16;
    clamp_calls = 0;
    clamp_context = NULL;
    CHECK_STATUS(grip_box_set_constraint(e, b, clamp_x, small), GRIP_OK);
    /* A drag by +100: the centre would reach x = 250; the constraint holds it at 200. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 125, 0.0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 200, 125, 0.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 250, 125, 0.2), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 250, 125, 0.3), GRIP_OK);
    CHECK(clamp_calls >= 2);
    CHECK(clamp_context == small);
    CHECK_NEAR(state_of(e, b).center.x, 200, 0);
    CHECK_NEAR(state_of(e, b).center.y, 125, 0);
    /* Removed (NULL): the next drag goes where the pointer does. */
    CHECK_STATUS(grip_box_set_constraint(e, b, NULL, NULL), GRIP_OK);
    clamp_calls = 0;
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 200, 125, 1.0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 260, 125, 1.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 260, 125, 1.2), GRIP_OK);
    CHECK_INT(clamp_calls, 0);
    CHECK_NEAR(state_of(e, b).center.x, 260, 0);
    grip_engine_destroy(e);
}

void suite_wide(void) {
    hashes_past_2_31();
    sizes_past_2_31();
    handle_counts_past_2_31();
    constraints_at_small_addresses();
}
