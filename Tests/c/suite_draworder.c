/* suite_draworder.c: changes of the draw order between frame reads (a box created in the middle
 * of the draw order, destroyed with its descendants, re-parented, reordered), mixed with boxes
 * created on top, moves, style and selection changes, give the frame a full rebuild gives,
 * command by command and vertex by vertex. Two engines take the same random operations: the
 * first reads frames as a host would (its BOX commands updated in place), the second is made to
 * lay out everything again before each of its reads (a view change and back). One change per
 * read, several (applied in one pass), and random sessions; the frame the first host holds stays
 * unchanged until its next read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

#define MAX_BOXES 4096

static uint32_t rng_state = 2024;
static uint32_t rnd(void) {
    rng_state = rng_state * 1664525u + 1013904223u;
    return rng_state >> 8;
}
static double rnd_unit(void) { return (double)(rnd() % 1000000) / 1000000.0; }

/* Box k of both engines (the same operations give the same slots); whether it exists. */
static grip_box ids[2][MAX_BOXES];
static bool exists[MAX_BOXES];
static int made;

/* A box id without its engine's tag (the top 16 bits): the two engines' ids of one box agree. */
static uint64_t untagged(grip_box b) { return b & 0xFFFFFFFFFFFFull; }

/* Whether commands a and b (of the two engines) are the same, field by field. */
static bool same_command(const grip_command *a, const grip_command *b) {
    return a->kind == b->kind && a->handle == b->handle && untagged(a->box) == untagged(b->box) &&
           a->user_data == b->user_data && !memcmp(&a->transform, &b->transform, sizeof a->transform) &&
           a->width == b->width && a->height == b->height && a->center.x == b->center.x &&
           a->center.y == b->center.y && a->radius == b->radius && a->inner_radius == b->inner_radius &&
           a->cursor_angle == b->cursor_angle && a->first_vertex == b->first_vertex &&
           a->vertex_count == b->vertex_count && a->stroke_width == b->stroke_width && a->dash_on == b->dash_on &&
           a->dash_off == b->dash_off && a->dash_phase == b->dash_phase && a->progress == b->progress &&
           a->state == b->state;
}

static grip_affine view_of(double zoom, double tx, double ty) {
    grip_affine v = {zoom, 0, 0, zoom, tx, ty};
    return v;
}

/* Reads both frames (the second engine laid out again first) and compares them; returns the
 * number of differences (printing the first few). */
static int compare_frames(grip_engine *e[2], int step) {
    grip_affine v = view_of(0.75, 40, -25), other = view_of(2, 0, 0);
    CHECK_STATUS(grip_engine_set_view(e[1], &other), GRIP_OK);
    CHECK_STATUS(grip_engine_set_view(e[1], &v), GRIP_OK);
    grip_frame f[2];
    CHECK_STATUS(grip_frame_get(e[0], &f[0]), GRIP_OK);
    CHECK_STATUS(grip_frame_get(e[1], &f[1]), GRIP_OK);
    int wrong = 0;
    if (f[0].command_count != f[1].command_count || f[0].vertex_count != f[1].vertex_count) {
        printf("    step %d: %zu commands, %zu vertices; a full rebuild: %zu, %zu\n", step, f[0].command_count,
               f[0].vertex_count, f[1].command_count, f[1].vertex_count);
        return 1;
    }
    for (size_t i = 0; i < f[0].command_count; i++) {
        if (!same_command(&f[0].commands[i], &f[1].commands[i])) {
            if (wrong++ < 3)
                printf("    step %d: command %zu (kind %d, box %#llx) differs from a full rebuild's (kind %d, box %#llx)\n",
                       step, i, (int)f[0].commands[i].kind, (unsigned long long)untagged(f[0].commands[i].box),
                       (int)f[1].commands[i].kind, (unsigned long long)untagged(f[1].commands[i].box));
        }
    }
    for (size_t i = 0; i < f[0].vertex_count; i++)
        if (f[0].vertices[i].x != f[1].vertices[i].x || f[0].vertices[i].y != f[1].vertices[i].y) {
            if (wrong++ < 3) printf("    step %d: vertex %zu differs from a full rebuild's\n", step, i);
        }
    return wrong;
}

/* A random existing box, or -1 when none exists. */
static int random_box(void) {
    if (made == 0) return -1;
    for (int tries = 0; tries < 64; tries++) {
        int k = (int)(rnd() % (unsigned)made);
        if (exists[k]) return k;
    }
    for (int k = 0; k < made; k++)
        if (exists[k]) return k;
    return -1;
}

/* Creates box number `made` under a random parent (or at top level) in both engines. */
static void op_create(grip_engine *e[2], bool top) {
    if (made == MAX_BOXES) return;
    int p = top ? -1 : random_box();
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.x = 20 + 900 * rnd_unit();
    d.y = 20 + 700 * rnd_unit();
    d.width = 10 + 60 * rnd_unit();
    d.height = 10 + 40 * rnd_unit();
    d.rotation = rnd() % 3 == 0 ? 6.28 * rnd_unit() : 0;
    d.editing = rnd() % 5 == 0;
    d.user_data = rnd();
    for (int k = 0; k < 2; k++) {
        d.parent = p >= 0 ? ids[k][p] : GRIP_NO_BOX;
        grip_status st = grip_box_create(e[k], &d, &ids[k][made]);
        /* (Nesting deeper than the limit is refused by both.) */
        if (st != GRIP_OK) {
            CHECK_INT(st, GRIP_ERR_LIMIT);
            return;
        }
    }
    exists[made++] = true;
}

/* Destroys a random box and its descendants in both engines. */
static void op_destroy(grip_engine *e[2]) {
    int b = random_box();
    if (b < 0) return;
    for (int k = 0; k < 2; k++) CHECK_STATUS(grip_box_destroy(e[k], ids[k][b]), GRIP_OK);
    grip_box_state s;
    for (int i = 0; i < made; i++)
        if (exists[i]) exists[i] = grip_box_state_get(e[0], ids[0][i], &s) == GRIP_OK;
}

/* Changes a random box's description: a new parent (perhaps refused: a descendant, too deep),
 * its position, its user data or its editing. */
static void op_configure(grip_engine *e[2], int what) {
    int b = random_box();
    if (b < 0) return;
    int p = what == 0 ? (rnd() % 4 == 0 ? -1 : random_box()) : -2;
    grip_status st[2];
    for (int k = 0; k < 2; k++) {
        grip_box_desc d;
        grip_box_desc_init(&d);
        CHECK_STATUS(grip_box_describe(e[k], ids[k][b], &d), GRIP_OK);
        if (p >= -1) d.parent = p >= 0 ? ids[k][p] : GRIP_NO_BOX;
        if (what == 1) d.x += 7.5;
        if (what == 2) d.user_data += 1;
        if (what == 3) d.editing = !d.editing;
        st[k] = grip_box_configure(e[k], ids[k][b], &d);
    }
    CHECK_INT(st[0], st[1]);
}

static void op_order(grip_engine *e[2]) {
    int b = random_box();
    if (b < 0) return;
    grip_order op = (grip_order)(rnd() % 4);
    for (int k = 0; k < 2; k++) CHECK_STATUS(grip_box_order(e[k], ids[k][b], op), GRIP_OK);
}

static void op_select(grip_engine *e[2]) {
    int b = random_box();
    if (b < 0) return;
    grip_select_op op = rnd() % 3 == 0 ? GRIP_SELECT_REPLACE : GRIP_SELECT_ADD;
    for (int k = 0; k < 2; k++) CHECK_STATUS(grip_select(e[k], ids[k][b], op), GRIP_OK);
}

/* One session: `start` boxes, then `steps` random operations with frame reads in between. */
static void session(uint32_t seed, int start, int steps) {
    rng_state = seed;
    made = 0;
    grip_engine *e[2];
    grip_affine v = view_of(0.75, 40, -25);
    for (int k = 0; k < 2; k++) {
        e[k] = new_engine(1000, 800);
        CHECK_STATUS(grip_engine_set_view(e[k], &v), GRIP_OK);
    }
    for (int i = 0; i < start; i++) op_create(e, rnd() % 3 == 0);
    int wrong = compare_frames(e, 0), held_changed = 0, reads = 0;
    /* The frame the first engine's host holds, and a copy of it. */
    grip_frame held;
    CHECK_STATUS(grip_frame_get(e[0], &held), GRIP_OK);
    grip_command *copy = NULL;
    size_t copy_count = 0;
    for (int step = 1; step <= steps; step++) {
        unsigned r = rnd() % 100;
        if (r < 18) op_create(e, false);
        else if (r < 24) op_create(e, true);
        else if (r < 36) op_destroy(e);
        else if (r < 48) op_configure(e, 0);
        else if (r < 62) op_order(e);
        else if (r < 70) op_configure(e, 1 + (int)(rnd() % 3));
        else if (r < 74) op_select(e);
        else if (r < 92) {
            /* A host's read: the frame it held was left alone meanwhile. */
            if (copy && (held.command_count != copy_count || memcmp(held.commands, copy, copy_count * sizeof *copy)))
                held_changed++;
            CHECK_STATUS(grip_frame_get(e[0], &held), GRIP_OK);
            reads++;
            free(copy);
            copy_count = held.command_count;
            copy = malloc(copy_count * sizeof *copy + 1);
            memcpy(copy, held.commands, copy_count * sizeof *copy);
        } else {
            wrong += compare_frames(e, step);
            free(copy);
            copy = NULL;
        }
        if (made >= MAX_BOXES - 8 || (made > 40 && rnd() % 400 == 0)) {
            /* Now and then most boxes go (a scene emptied and built again). */
            for (int i = 0; i < made; i++)
                if (exists[i] && rnd() % 4 != 0) {
                    for (int k = 0; k < 2; k++) CHECK_STATUS(grip_box_destroy(e[k], ids[k][i]), GRIP_OK);
                    grip_box_state s;
                    for (int j = 0; j < made; j++)
                        if (exists[j]) exists[j] = grip_box_state_get(e[0], ids[0][j], &s) == GRIP_OK;
                }
        }
    }
    wrong += compare_frames(e, steps + 1);
    free(copy);
    CHECK_INT(wrong, 0);
    CHECK_INT(held_changed, 0);
    CHECK(reads > steps / 8);
    grip_engine_destroy(e[0]);
    grip_engine_destroy(e[1]);
}

/* The two engines of a larger scene: 3,000 boxes (a quarter at top level, the rest under a random
 * box), zoomed and panned; returns the number of commands that differ between their first frames. */
static int large_scene(grip_engine *e[2]) {
    made = 0;
    grip_affine v = view_of(0.75, 40, -25);
    for (int k = 0; k < 2; k++) {
        e[k] = new_engine(1000, 800);
        CHECK_STATUS(grip_engine_set_view(e[k], &v), GRIP_OK);
    }
    for (int i = 0; i < 3000; i++) op_create(e, rnd() % 4 == 0);
    return compare_frames(e, 0);
}

/* One change at a time in a larger scene, read after each: each equals a full rebuild. */
static void one_change_per_read(void) {
    rng_state = 99;
    grip_engine *e[2];
    int wrong = large_scene(e);
    for (int step = 1; step <= 300; step++) {
        switch (step % 5) {
        case 0: op_create(e, false); break;
        case 1: op_destroy(e); break;
        case 2: op_configure(e, 0); break;
        case 3: op_order(e); break;
        default:
            op_create(e, false);
            op_create(e, true);
            break;
        }
        wrong += compare_frames(e, step);
    }
    CHECK_INT(wrong, 0);
    grip_engine_destroy(e[0]);
    grip_engine_destroy(e[1]);
}

/* Several changes between two reads (applied in one pass), in a larger scene. */
static void changes_between_reads(void) {
    rng_state = 4242;
    grip_engine *e[2];
    int wrong = large_scene(e);
    for (int step = 1; step <= 200; step++) {
        int changes = 1 + (int)(rnd() % 12);
        for (int c = 0; c < changes; c++) {
            switch (rnd() % 6) {
            case 0: op_create(e, false); break;
            case 1: op_create(e, true); break;
            case 2: op_destroy(e); break;
            case 3: op_configure(e, 0); break;
            case 4: op_order(e); break;
            default: op_configure(e, 1 + (int)(rnd() % 3)); break;
            }
        }
        wrong += compare_frames(e, step);
    }
    CHECK_INT(wrong, 0);
    grip_engine_destroy(e[0]);
    grip_engine_destroy(e[1]);
}

void suite_draworder(void) {
    one_change_per_read();
    changes_between_reads();
    for (uint32_t seed = 1; seed <= 6; seed++) session(seed * 7919u, seed % 2 ? 30 : 400, 2500);
}
