/* suite_hitches.c: a large scene whose index work is spread over calls answers hit tests exactly
 * as before at every point of a session: boxes created in numbers, hit tests while the cell
 * index is being built (a step per query), a drag, idle timer calls, hit tests again; and boxes
 * created between hit tests (the tree's storage growing a page at a time, new boxes waiting to
 * be linked), then a box dragged far on a built index (which follows it instead of going stale);
 * and boxes created on top in bursts between frame reads (their BOX commands written as they
 * come, the storage growing meanwhile), the frame the host holds unchanged until its next read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

#define COLUMNS  200
#define ROWS     100
#define OVERLAYS 50

/* Grid box (c, r) spans x 12c .. 12c + 10, y 12r .. 12r + 10; overlay k (created after the grid,
 * so on top, later ones above earlier ones) spans ox[k] .. ox[k] + 60, oy[k] .. oy[k] + 40. */
static grip_box grid[ROWS][COLUMNS], overlay[OVERLAYS];
static double ox[OVERLAYS], oy[OVERLAYS];
/* How many grid boxes (row by row) and overlays exist. */
static int grid_made, overlays_made;

static uint32_t rng_state = 12345;
static uint32_t rnd(void) {
    rng_state = rng_state * 1664525u + 1013904223u;
    return rng_state >> 8;
}

/* The box at (x, y), worked out from the layout: x and y are never on an edge. */
static grip_box expected_at(double x, double y) {
    for (int k = overlays_made - 1; k >= 0; k--)
        if (x >= ox[k] && x <= ox[k] + 60 && y >= oy[k] && y <= oy[k] + 40) return overlay[k];
    int c = (int)(x / 12), r = (int)(y / 12);
    if (c < 0 || r < 0 || c >= COLUMNS || r >= ROWS || r * COLUMNS + c >= grid_made) return GRIP_NO_BOX;
    if (x - 12 * c > 10 || y - 12 * r > 10) return GRIP_NO_BOX;
    return grid[r][c];
}

/* `n` hit tests at random points (a quarter of a unit off the integers); returns the mismatches. */
static int hit_tests(grip_engine *e, int n) {
    int wrong = 0;
    for (int i = 0; i < n; i++) {
        double x = (double)(rnd() % 2500) + 0.25, y = (double)(rnd() % 1300) + 0.25;
        grip_hit h;
        if (grip_hit_test(e, x, y, &h) != GRIP_OK || h.box != expected_at(x, y)) {
            if (wrong++ < 5) printf("    hit at (%g, %g): %#llx, expected %#llx\n", x, y,
                                    (unsigned long long)h.box, (unsigned long long)expected_at(x, y));
        }
    }
    return wrong;
}

/* Adds grid box number `i` (row by row) and overlay `k`. */
static void add_grid_box(grip_engine *e, int i) {
    int r = i / COLUMNS, c = i % COLUMNS;
    grid[r][c] = add_box(e, GRIP_NO_BOX, 12 * c, 12 * r, 10, 10, 0, 1, false);
    grid_made = i + 1;
}
static void add_overlay(grip_engine *e, int k) {
    ox[k] = rnd() % 2300 + 20;
    oy[k] = rnd() % 1100 + 20;
    overlay[k] = add_box(e, GRIP_NO_BOX, ox[k], oy[k], 60, 40, 0, 1, false);
    overlays_made = k + 1;
}

static void session(void) {
    grip_engine *e = new_engine(2500, 1300);
    grid_made = overlays_made = 0;
    for (int i = 0; i < ROWS * COLUMNS; i++) add_grid_box(e, i);
    for (int k = 0; k < OVERLAYS; k++) add_overlay(e, k);
    /* Enough quiet queries (more than half the boxes) for the cell index to be started and
     * finished a step at a time; every answer checked on the way. */
    CHECK_INT(hit_tests(e, 14000), 0);
    /* Drag the topmost overlay by (37, 21) from its centre. */
    int top = OVERLAYS - 1;
    double x = ox[top] + 30, y = oy[top] + 20, t = 1;
    grip_hit h;
    CHECK_STATUS(grip_hit_test(e, x, y, &h), GRIP_OK);
    CHECK_INT((long long)h.box, (long long)overlay[top]);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, x, y, t), GRIP_OK);
    for (int i = 1; i <= 10; i++) CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, x + 3.7 * i, y + 2.1 * i, t + 0.016 * i), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, x + 37, y + 21, t + 0.2), GRIP_OK);
    ox[top] += 37;
    oy[top] += 21;
    grip_box_state st = state_of(e, overlay[top]);
    CHECK_NEAR(st.world.tx, ox[top], 1e-9);
    CHECK_NEAR(st.world.ty, oy[top], 1e-9);
    /* Idle: timer calls only. */
    for (int i = 0; i < 200; i++) CHECK_STATUS(grip_dispatch_timer(e, t + 0.3 + 0.016 * i), GRIP_OK);
    drain_events(e);
    /* The tree changed: queries walk it, then the index is rebuilt a step at a time. */
    CHECK_INT(hit_tests(e, 14000), 0);
    /* Ten overlays destroyed on a built index, then queries again. */
    for (int k = 0; k < 10; k++) {
        CHECK_STATUS(grip_box_destroy(e, overlay[k]), GRIP_OK);
        ox[k] = oy[k] = -1000; /* nowhere */
    }
    CHECK_INT(hit_tests(e, 2000), 0);
    grip_engine_destroy(e);
}

/* Boxes created a few hundred at a time with hit tests between (new boxes wait to be linked
 * while the tree is rebuilt a step per query, and the tree's storage grows past several pages),
 * then one overlay dragged far across a built index, hit tests after every move. */
static void growing_session(void) {
    grip_engine *e = new_engine(2500, 1300);
    grid_made = overlays_made = 0;
    int wrong = 0;
    for (int i = 0; i < ROWS * COLUMNS; i++) {
        add_grid_box(e, i);
        if (i % 379 == 378) wrong += hit_tests(e, 60);
    }
    for (int k = 0; k < OVERLAYS; k++) {
        add_overlay(e, k);
        wrong += hit_tests(e, 20);
    }
    CHECK_INT(wrong, 0);
    /* Quiet: the cell index is built. */
    CHECK_INT(hit_tests(e, 14000), 0);
    int top = OVERLAYS - 1;
    double x = ox[top] + 30, y = oy[top] + 20, t = 1;
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, x, y, t), GRIP_OK);
    wrong = 0;
    int found = 0;
    for (int i = 1; i <= 40; i++) {
        /* 53 units right and 17 down, and back: out of the box's tree rectangle every time. */
        double dx = 53.0 * (i % 20), dy = 17.0 * (i % 20);
        CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, x + dx, y + dy, t + 0.016 * i), GRIP_OK);
        ox[top] = x - 30 + dx;
        oy[top] = y - 20 + dy;
        grip_hit h;
        CHECK_STATUS(grip_hit_test(e, ox[top] + 1.25, oy[top] + 38.75, &h), GRIP_OK);
        found += h.box == overlay[top];
        wrong += hit_tests(e, 50);
    }
    CHECK_INT(found, 40);
    CHECK_INT(wrong, 0);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, ox[top] + 30, oy[top] + 20, t + 1), GRIP_OK);
    CHECK_INT(hit_tests(e, 2000), 0);
    grip_engine_destroy(e);
}

/* 20,000 boxes created on top in bursts of 1 to 600 with a frame read after each, over an
 * editing box (an overlay after the box section), a child now and then (in the middle of the
 * draw order). The frame the host holds keeps its contents while boxes are created (the storage
 * grows under it several times; ASan sees a read of freed memory), each read lists every box in
 * creation order with its user data and size, and the commands move to new storage only when it
 * grows (counted, not timed). */
#define BURSTS_TOTAL 20000
static void frame_growth_session(void) {
    grip_engine *e = new_engine(4000, 4000);
    static grip_box ids[BURSTS_TOTAL + 64];
    static grip_command held_copy[BURSTS_TOTAL + 128];
    grip_box first = add_box(e, GRIP_NO_BOX, 10, 10, 40, 40, 0, 1, true);
    int n = 0, moves = 0, children = 0, wrong = 0;
    grip_frame f;
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    const grip_command *last = f.commands;
    while (n < BURSTS_TOTAL) {
        size_t held = f.command_count;
        memcpy(held_copy, f.commands, held * sizeof(grip_command));
        int burst = 1 + (int)(rnd() % 600);
        for (int i = 0; i < burst && n < BURSTS_TOTAL; i++) {
            grip_box_desc d;
            grip_box_desc_init(&d);
            d.x = 60 + (double)(n % 390) * 10;
            d.y = 60 + (double)(n / 390) * 10;
            d.width = 10 + (double)(n % 7);
            d.height = 10;
            d.user_data = 1000 + (uint64_t)n;
            CHECK_STATUS(grip_box_create(e, &d, &ids[n]), GRIP_OK);
            n++;
        }
        if (rnd() % 9 == 0) {
            /* A child of the first box: drawn before every box made since. */
            add_box(e, first, 5, 5, 10, 10, 0, 1, false);
            children++;
        }
        if (memcmp(held_copy, f.commands, held * sizeof(grip_command)) != 0) wrong++;
        CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
        moves += f.commands != last;
        last = f.commands;
        /* The first box, its children, then the boxes made here in order; the overlay after. */
        int boxes = count_commands(&f, GRIP_CMD_BOX);
        CHECK_INT(boxes, 1 + children + n);
        int k = 1 + children;
        for (int j = 0; j < n; j++, k++) {
            const grip_command *c = &f.commands[k];
            if (c->kind != GRIP_CMD_BOX || c->box != ids[j] || c->user_data != 1000 + (uint64_t)j ||
                c->width != 10 + (double)(j % 7))
                wrong++;
        }
        CHECK_INT(f.commands[k].kind == GRIP_CMD_BOX, 0);
    }
    CHECK_INT(wrong, 0);
    /* Growths from 16 to past 20,000 commands (fourfold as boxes are appended, twofold in a
     * full rebuild): at least 3 and at most 13 moves (no move per read). */
    CHECK(moves >= 3 && moves <= 13);
    grip_engine_destroy(e);
}

void suite_hitches(void) {
    session();
    growing_session();
    frame_growth_session();
}
