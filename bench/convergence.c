/* Sync throughput: three engines (peers 1, 2, 3) take turns making seeded random edits of one
 * scene (pointer drags, creations, destroys, re-parents, reorders, undo and redo); after
 * each edit the editor's change feed goes into an ordered log and the two others apply the log
 * up to date with grip_remote_apply. At the end a late joiner (peer 4) applies the whole log in
 * one call. Prints the changes the log holds, the time the three engines spent in
 * grip_remote_apply and per change applied, the late joiner's, and whether all four saved scenes
 * are byte-identical (exit 1 when not).
 *   grip-convergence [EDITS]   (default 20,000; scripts/bench runs it into out/bench-bulk.md) */
#define _POSIX_C_SOURCE 200809L
#include "bench_scene.h"
#include <string.h>
#include <time.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static grip_engine *peer(uint32_t id) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 4000;
    d.height = 4000;
    d.peer = id;
    grip_engine *e;
    CHECK(grip_engine_create(&d, &e));
    CHECK(grip_feed_enable(e, 1048576));
    return e;
}

/* Box k (mod the count) of e's draw order, or GRIP_NO_BOX when it has none. */
static grip_box pick(grip_engine *e, grip_box *ids, size_t cap) {
    size_t n = 0;
    CHECK(grip_boxes_list(e, ids, cap, &n));
    if (n == 0) return GRIP_NO_BOX;
    return ids[(size_t)(rnd() * (double)(n < cap ? n : cap))];
}

static void press(grip_engine *e, grip_phase phase, double x, double y, double t) {
    grip_pointer_event ev = {phase, 1, x, y, t, 0};
    CHECK(grip_dispatch_pointer(e, &ev, NULL));
}

/* One random edit; statuses other than OK are the rules refusing it (a re-parent into a
 * descendant, an undo with nothing left), which is fine. */
static void edit(grip_engine *e, double *t, grip_box *ids, size_t cap) {
    grip_box b = pick(e, ids, cap);
    grip_box_desc d;
    grip_box_desc_init(&d);
    double r = rnd();
    *t += 1;
    if (b == GRIP_NO_BOX || r < 0.25) {
        d.x = rnd() * 3800;
        d.y = rnd() * 3800;
        d.width = 20 + rnd() * 150;
        d.height = 20 + rnd() * 150;
        d.rotation = rnd() < 0.5 ? 0 : rnd() * 6;
        grip_box made;
        CHECK(grip_box_create(e, &d, &made));
    } else if (r < 0.55) {
        grip_box_state s;
        CHECK(grip_box_state_get(e, b, &s));
        press(e, GRIP_PHASE_DOWN, s.center.x, s.center.y, *t);
        press(e, GRIP_PHASE_MOVE, s.center.x + 20, s.center.y + 10, *t + 0.1);
        press(e, GRIP_PHASE_UP, s.center.x + 40 * rnd(), s.center.y + 30 * rnd(), *t + 0.2);
    } else if (r < 0.65) {
        CHECK(grip_box_destroy(e, b));
    } else if (r < 0.75) {
        CHECK(grip_box_describe(e, b, &d));
        d.parent = rnd() < 0.5 ? pick(e, ids, cap) : GRIP_NO_BOX;
        (void)grip_box_configure(e, b, &d);
    } else if (r < 0.85) {
        (void)grip_box_order(e, b, (grip_order)(rnd() * 4));
    } else if (r < 0.95) {
        (void)grip_undo(e);
    } else {
        (void)grip_redo(e);
    }
    drain(e);
}

int main(int argc, char **argv) {
    int edits = argc > 1 ? atoi(argv[1]) : 20000;
    if (edits < 1) {
        fputs("usage: grip-convergence [EDITS]\n", stderr);
        return 2;
    }
    grip_engine *e[3] = {peer(1), peer(2), peer(3)};
    size_t cap = 1 << 16, used = 0, seen[3] = {0, 0, 0}, applied_total = 0;
    grip_feed_change *log = malloc(cap * sizeof *log);
    grip_box *ids = malloc(2048 * sizeof *ids);
    if (log == NULL || ids == NULL) return 1;
    double t[3] = {0, 0, 0}, apply_ms = 0;
    for (int i = 0; i < edits; i++) {
        int who = (int)(rnd() * 3);
        size_t n = 0;
        edit(e[who], &t[who], ids, 2048);
        do {
            if (used + 4096 > cap) {
                cap *= 2;
                grip_feed_change *grown = realloc(log, cap * sizeof *log);
                if (grown == NULL) return 1;
                log = grown;
            }
            bool lost = false;
            CHECK(grip_feed_read(e[who], log + used, 4096, &n, &lost));
            if (lost) {
                fprintf(stderr, "grip-convergence: the feed lost changes\n");
                return 1;
            }
            used += n;
        } while (n == 4096);
        seen[who] = used;
        for (int k = 0; k < 3; k++) {
            if (seen[k] == used) continue;
            size_t applied = 0;
            double t0 = now_ms();
            CHECK(grip_remote_apply(e[k], log + seen[k], used - seen[k], &applied));
            apply_ms += now_ms() - t0;
            applied_total += used - seen[k];
            seen[k] = used;
        }
    }
    grip_engine *late = peer(4);
    double t0 = now_ms();
    CHECK(grip_remote_apply(late, log, used, NULL));
    double late_ms = now_ms() - t0;
    char *text[4];
    size_t length[4];
    grip_engine *all[4] = {e[0], e[1], e[2], late};
    for (int k = 0; k < 4; k++) CHECK(grip_scene_save_text(all[k], &text[k], &length[k]));
    bool same = true;
    for (int k = 1; k < 4; k++) same = same && length[k] == length[0] && memcmp(text[k], text[0], length[0]) == 0;
    size_t boxes = 0;
    CHECK(grip_boxes_list(late, NULL, 0, &boxes));
    printf("| sync: %d random edits by 3 peers, %zu changes in the log, %zu boxes at the end | %s |\n", edits, used,
           boxes, same ? "4 saved scenes identical" : "SCENES DIFFER");
    printf("| the 3 peers' grip_remote_apply: %zu changes in %.1f ms | %.0f ns a change, %.2f M changes/s |\n",
           applied_total, apply_ms, apply_ms * 1e6 / (double)applied_total, (double)applied_total / apply_ms / 1e3);
    printf("| a late joiner applying the whole log in one call | %.1f ms, %.0f ns a change |\n", late_ms,
           late_ms * 1e6 / (double)used);
    for (int k = 0; k < 4; k++) {
        grip_free(text[k]);
        grip_engine_destroy(all[k]);
    }
    free(log);
    free(ids);
    return same ? 0 : 1;
}
