/* A loop of one gesture for profilers: `grip-loop MODE N [BOXES]` runs N steps of MODE (drag,
 * plain (a drag of a box that is not editing), resize, rotate, pinch, frame (reads only), hit)
 * through the C ABI, in a scene of BOXES extra boxes; `group` drags a selection of BOXES (default
 * 1,000) of scripts/bench's 10,000-box grid (every 4th box turned), as its group drag row does,
 * and `group-resize` drags that selection's bottom-right handle. Instructions per step, steady across runs where
 * wall-clock time on a shared machine is not:
 *   valgrind --tool=callgrind --callgrind-out-file=/dev/null .build/bench/grip-loop drag 20000
 *   valgrind --tool=callgrind --callgrind-out-file=/dev/null .build/bench/grip-loop drag 120000
 * and divide the difference of the two "Collected" totals by 100,000. The drag, resize and pinch
 * loops also poll the events every 2,000 steps, as a host would. scripts/bench builds it. */
#include "grip.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static double t = 0;
static const char *const loop_modes[] = {"drag", "plain", "resize", "rotate", "pinch", "frame", "hit", "group",
                                         "group-resize"};

static int loop_usage(FILE *out, int code) {
    fputs("usage: grip-loop [MODE [N [BOXES]]]\n"
          "  MODE: drag (default), plain, resize, rotate, pinch, frame, hit, group, group-resize\n"
          "  N: steps (default 2,000,000); BOXES: extra boxes, or the selection's size for group\n",
          out);
    return code;
}

int main(int argc, char **argv) {
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) return loop_usage(stdout, 0);
    int known = argc <= 1;
    for (size_t m = 0; m < sizeof loop_modes / sizeof loop_modes[0] && !known; m++)
        known = !strcmp(argv[1], loop_modes[m]);
    for (int a = 2; a < argc && known; a++) known = argv[a][0] != '-';
    if (!known || argc > 4) return loop_usage(stderr, 2);
    const char *mode = argc > 1 ? argv[1] : "drag";
    long iters = argc > 2 ? atol(argv[2]) : 2000000;
    int nboxes = argc > 3 ? atoi(argv[3]) : 0;
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 4000;
    d.height = 4000;
    int group = !strcmp(mode, "group") || !strcmp(mode, "group-resize");
    if (group) d.width = d.height = 100000;
    grip_engine *e;
    grip_engine_create(&d, &e);
    grip_box_desc b;
    grip_box_desc_init(&b);
    unsigned long long rng = 88172645463325252ull;
    if (group) {
        /* The grid of bench.c's grid_scene: 80-unit cells, the first boxes selected, the pointer
         * down on box 0's centre; each step a move and a frame read. */
        int selected = nboxes > 0 ? nboxes : 1000;
        for (int i = 0; i < 10000; i++) {
            b.x = 80.0 * (i % 100) + 5;
            b.y = 80.0 * (i / 100) + 5;
            b.width = 30;
            b.height = 30;
            b.rotation = i % 4 == 3 ? 0.3 : 0;
            grip_box id;
            grip_box_create(e, &b, &id);
            if (i < selected) grip_select(e, id, GRIP_SELECT_ADD);
        }
        double gx = 20, gy = 20;
        if (!strcmp(mode, "group-resize")) {
            grip_selection_state ss = {.struct_size = sizeof ss};
            grip_selection_state_get(e, &ss);
            gx = ss.corners[2].x;
            gy = ss.corners[2].y;
        }
        grip_pointer_event down = {GRIP_PHASE_DOWN, 1, gx, gy, t, 0};
        grip_dispatch_pointer(e, &down, NULL);
        grip_frame f;
        grip_event out;
        double sum = 0;
        for (long i = 0; i < iters; i++) {
            t += 0.001;
            grip_pointer_event m = {GRIP_PHASE_MOVE, 1, 200 + (i % 64), 200 + ((i / 64) % 2) * 20, t, 0};
            if (gx != 20) {
                m.x = gx + i % 40;
                m.y = gy + i % 25;
            }
            grip_dispatch_pointer(e, &m, NULL);
            grip_frame_get(e, &f);
            sum += f.command_count;
            if (i % 2000 == 0)
                while (grip_event_poll(e, &out) == GRIP_OK) {}
        }
        printf("%f\n", sum);
        return 0;
    }
    for (int i = 0; i < nboxes; i++) {
        rng ^= rng >> 12;
        rng ^= rng << 25;
        rng ^= rng >> 27;
        double r = (double)((rng * 2685821657736338717ull) >> 11) / 9007199254740992.0;
        b.width = 20 + 40 * r;
        b.height = 30;
        b.x = 300 + 3600 * r;
        b.y = 300 + 3600 * ((i * 7919) % 1000) / 1000.0;
        b.rotation = r;
        grip_box id;
        grip_box_create(e, &b, &id);
    }
    grip_box_desc_init(&b);
    grip_box target, parent, child;
    b.x = 150;
    b.y = 150;
    b.width = 100;
    b.height = 100;
    b.editing = strcmp(mode, "plain") != 0;
    grip_box_create(e, &b, &target);
    double hx = 200, hy = 200;
    if (!strcmp(mode, "resize")) {
        grip_box_desc_init(&b);
        b.x = 1000;
        b.y = 1000;
        b.width = 600;
        b.height = 400;
        b.rotation = 0.5;
        b.scale = 1.5;
        grip_box_create(e, &b, &parent);
        grip_box_desc_init(&b);
        b.parent = parent;
        b.x = 100;
        b.y = 100;
        b.width = 200;
        b.height = 120;
        b.rotation = 0.3;
        b.editing = true;
        grip_box_create(e, &b, &child);
        grip_box_state s;
        grip_box_state_get(e, child, &s);
        hx = s.corners[2].x;
        hy = s.corners[2].y;
    }
    if (!strcmp(mode, "rotate")) {
        /* The rotate handle: rotate_handle_offset (24) beyond the top edge's midpoint. */
        grip_box_state s;
        grip_box_state_get(e, target, &s);
        hx = (s.corners[0].x + s.corners[1].x) * 0.5;
        hy = (s.corners[0].y + s.corners[1].y) * 0.5 - 24;
    }
    grip_pointer_event ev = {GRIP_PHASE_DOWN, 1, hx, hy, t, 0};
    grip_dispatch_pointer(e, &ev, NULL);
    if (!strcmp(mode, "pinch")) {
        grip_pointer_event e2 = {GRIP_PHASE_DOWN, 2, 240, 240, t, 0};
        grip_dispatch_pointer(e, &e2, NULL);
    }
    grip_frame f;
    grip_event out;
    grip_hit h;
    double sum = 0;
    for (long i = 0; i < iters; i++) {
        if (!strcmp(mode, "frame")) {
            grip_frame_get(e, &f);
            sum += f.command_count;
            continue;
        }
        if (!strcmp(mode, "hit")) {
            rng ^= rng >> 12;
            rng ^= rng << 25;
            rng ^= rng >> 27;
            double x = (double)((rng * 2685821657736338717ull) >> 11) / 9007199254740992.0 * 4000;
            rng ^= rng >> 12;
            rng ^= rng << 25;
            rng ^= rng >> 27;
            double y = (double)((rng * 2685821657736338717ull) >> 11) / 9007199254740992.0 * 4000;
            grip_hit_test(e, x, y, &h);
            sum += h.box;
            continue;
        }
        t += 0.001;
        grip_pointer_event m = {GRIP_PHASE_MOVE, 1, hx + (i % 64), hy + ((i / 64) % 2) * 20, t, 0};
        if (!strcmp(mode, "pinch")) {
            m.pointer = 2;
            m.x = 260 + i % 30;
            m.y = 260 + i % 17;
        }
        if (!strcmp(mode, "resize")) {
            m.x = hx + i % 40;
            m.y = hy + i % 25;
        }
        if (!strcmp(mode, "rotate")) {
            m.x = hx + i % 40 - 20;
            m.y = hy + i % 25;
        }
        grip_dispatch_pointer(e, &m, NULL);
        grip_frame_get(e, &f);
        sum += f.command_count;
        if (i % 2000 == 0)
            while (grip_event_poll(e, &out) == GRIP_OK) {}
    }
    printf("%f\n", sum);
    return 0;
}
