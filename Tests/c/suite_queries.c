/* suite_queries.c: grip_box_order, grip_boxes_list, grip_boxes_query, grip_screen_to_world,
 * grip_world_to_screen, and the box fields pass_through, hit_outset, selectable, snap_target. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

#define SENTINEL ((grip_box)0x5E5E5E5E5E5E5E5Eull)

/* The list into ids (at most 16); returns the count. */
static size_t list(grip_engine *e, grip_box *ids) {
    size_t n = 999;
    CHECK_STATUS(grip_boxes_list(e, ids, 16, &n), GRIP_OK);
    return n;
}

static void list_is(grip_engine *e, const grip_box *want, size_t n, int line) {
    grip_box got[16];
    size_t count = list(e, got);
    check_int((long long)count, (long long)n, "list count", __FILE__, line);
    for (size_t i = 0; i < n && i < count; i++) check_int((long long)got[i], (long long)want[i], "list entry", __FILE__, line);
}
#define LIST_IS(...)                                                 \
    do {                                                             \
        grip_box want_[] = {__VA_ARGS__};                            \
        list_is(e, want_, sizeof want_ / sizeof want_[0], __LINE__); \
    } while (0)

/* The BOX commands of the frame, in order, into ids; returns how many. */
static size_t drawn(grip_engine *e, grip_box *ids) {
    grip_frame f;
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    size_t n = 0;
    for (size_t i = 0; i < f.command_count && n < 16; i++) {
        if (f.commands[i].kind == GRIP_CMD_BOX) ids[n++] = f.commands[i].box;
    }
    return n;
}

static uint64_t serial(grip_engine *e) {
    grip_frame f;
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    return f.serial;
}

static grip_box hit(grip_engine *e, double x, double y) {
    grip_hit h;
    CHECK_STATUS(grip_hit_test(e, x, y, &h), GRIP_OK);
    return h.box;
}

static void order(void) {
    grip_engine *e = new_engine(800, 600);
    /* Three overlapping boxes; a has a child a1 that overlaps b. */
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 200, 200, 0, 1, false);
    grip_box a1 = add_box(e, a, 150, 150, 100, 100, 0, 1, false); /* world 250..350 */
    grip_box b = add_box(e, GRIP_NO_BOX, 200, 200, 200, 200, 0, 1, false);
    grip_box c = add_box(e, GRIP_NO_BOX, 380, 380, 50, 50, 0, 1, false);
    LIST_IS(a, a1, b, c);
    CHECK(hit(e, 260, 260) == b);

    CHECK_STATUS(grip_box_order(e, a, GRIP_ORDER_FRONT), GRIP_OK);
    LIST_IS(b, c, a, a1);
    grip_box d[16];
    CHECK_INT(drawn(e, d), 4);
    CHECK(d[0] == b && d[1] == c && d[2] == a && d[3] == a1);
    CHECK(hit(e, 260, 260) == a1); /* the child came along, over b */
    CHECK(hit(e, 220, 220) == a);

    CHECK_STATUS(grip_box_order(e, a, GRIP_ORDER_BACKWARD), GRIP_OK);
    LIST_IS(b, a, a1, c);
    CHECK_STATUS(grip_box_order(e, b, GRIP_ORDER_FORWARD), GRIP_OK);
    LIST_IS(a, a1, b, c);
    CHECK(hit(e, 260, 260) == b);
    CHECK_STATUS(grip_box_order(e, c, GRIP_ORDER_BACK), GRIP_OK);
    LIST_IS(c, a, a1, b);
    CHECK(hit(e, 390, 390) == b);
    CHECK_INT(drawn(e, d), 4);
    CHECK(d[0] == c && d[3] == b);

    /* Already there: OK, nothing changes (the frame's serial stays). */
    uint64_t s = serial(e);
    CHECK_STATUS(grip_box_order(e, b, GRIP_ORDER_FRONT), GRIP_OK);
    CHECK_STATUS(grip_box_order(e, b, GRIP_ORDER_FORWARD), GRIP_OK);
    CHECK_STATUS(grip_box_order(e, c, GRIP_ORDER_BACKWARD), GRIP_OK);
    CHECK_STATUS(grip_box_order(e, a1, GRIP_ORDER_BACK), GRIP_OK); /* an only child */
    CHECK(serial(e) == s);
    LIST_IS(c, a, a1, b);

    /* Bad input: nothing changes, and the message says why. */
    CHECK_STATUS(grip_box_order(e, a, (grip_order)4), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "grip_order") != NULL);
    CHECK_STATUS(grip_box_order(e, a, (grip_order)-1), GRIP_ERR_ARG);
    CHECK_STATUS(grip_box_order(NULL, a, GRIP_ORDER_FRONT), GRIP_ERR_ARG);
    CHECK_STATUS(grip_box_order(e, GRIP_NO_BOX, GRIP_ORDER_FRONT), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_order(e, GRIP_SELECTION, GRIP_ORDER_FRONT), GRIP_ERR_NOT_FOUND);
    CHECK(grip_engine_errmsg(e)[0] != 0);
    grip_engine *other = new_engine(800, 600);
    grip_box o = add_box(other, GRIP_NO_BOX, 0, 0, 50, 50, 0, 1, false);
    CHECK_STATUS(grip_box_order(e, o, GRIP_ORDER_FRONT), GRIP_ERR_NOT_FOUND);
    CHECK_STATUS(grip_box_order(other, c, GRIP_ORDER_FRONT), GRIP_ERR_NOT_FOUND);
    grip_engine_destroy(other);
    CHECK(serial(e) == s);
    LIST_IS(c, a, a1, b);

    /* During a gesture on the box: refused; on another box: fine. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 300, 300, 0.0), GRIP_OK); /* on b */
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 340, 300, 0.1), GRIP_OK);
    CHECK_STATUS(grip_box_order(e, b, GRIP_ORDER_BACK), GRIP_ERR_STATE);
    CHECK(strstr(grip_engine_errmsg(e), "gesture") != NULL);
    CHECK_STATUS(grip_box_order(e, c, GRIP_ORDER_FRONT), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 340, 300, 0.2), GRIP_OK);
    CHECK_STATUS(grip_box_order(e, b, GRIP_ORDER_BACK), GRIP_OK);
    LIST_IS(b, a, a1, c);

    /* Destroyed: NOT_FOUND. */
    CHECK_STATUS(grip_box_destroy(e, a), GRIP_OK);
    CHECK_STATUS(grip_box_order(e, a1, GRIP_ORDER_FRONT), GRIP_ERR_NOT_FOUND);
    LIST_IS(b, c);
    grip_engine_destroy(e);
}

static void listing(void) {
    grip_engine *e = new_engine(800, 600);
    size_t n = 999;
    CHECK_STATUS(grip_boxes_list(e, NULL, 0, &n), GRIP_OK);
    CHECK_INT(n, 0);
    grip_box a = add_box(e, GRIP_NO_BOX, 0, 0, 50, 50, 0, 1, false);
    grip_box b = add_box(e, GRIP_NO_BOX, 100, 0, 50, 50, 0, 1, false);
    grip_box a1 = add_box(e, a, 10, 10, 20, 20, 0, 1, false);
    grip_box a2 = add_box(e, a, 20, 20, 20, 20, 0, 1, false);
    grip_box b1 = add_box(e, b, 10, 10, 20, 20, 0, 1, false);
    LIST_IS(a, a1, a2, b, b1);
    /* Count always written; at most capacity copied. */
    grip_box out[4] = {SENTINEL, SENTINEL, SENTINEL, SENTINEL};
    n = 0;
    CHECK_STATUS(grip_boxes_list(e, out, 2, &n), GRIP_OK);
    CHECK_INT(n, 5);
    CHECK(out[0] == a && out[1] == a1 && out[2] == SENTINEL);
    n = 0;
    CHECK_STATUS(grip_boxes_list(e, NULL, 0, &n), GRIP_OK);
    CHECK_INT(n, 5);
    CHECK_STATUS(grip_boxes_list(e, NULL, 3, &n), GRIP_ERR_ARG);
    CHECK_STATUS(grip_boxes_list(e, out, 4, NULL), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "count") != NULL);
    CHECK_STATUS(grip_boxes_list(NULL, out, 4, &n), GRIP_ERR_ARG);
    CHECK_STATUS(grip_box_destroy(e, a2), GRIP_OK);
    LIST_IS(a, a1, b, b1);
    grip_engine_destroy(e);
}

static void query(void) {
    grip_engine *e = new_engine(800, 600);
    /* A 100 x 100 square at (200, 200) turned 45 degrees: a diamond around (250, 250) reaching
     * 70.7 from its centre; a plain box under it, and one inside it. */
    grip_box under = add_box(e, GRIP_NO_BOX, 150, 150, 200, 200, 0, 1, false);
    grip_box dia = add_box(e, GRIP_NO_BOX, 200, 200, 100, 100, PI / 4, 1, false);
    grip_box in = add_box(e, dia, 40, 40, 20, 20, 0, 1, false);
    grip_box far = add_box(e, GRIP_NO_BOX, 600, 400, 50, 50, 0, 1, false);
    grip_box out[8];
    size_t n = 0;
    /* Near the diamond's bounding corner but outside the diamond: only the box under it. */
    CHECK_STATUS(grip_boxes_query(e, 185, 185, 195, 195, false, out, 8, &n), GRIP_OK);
    CHECK_INT(n, 1);
    CHECK(out[0] == under);
    /* Over its centre: topmost first. */
    CHECK_STATUS(grip_boxes_query(e, 245, 245, 255, 255, false, out, 8, &n), GRIP_OK);
    CHECK_INT(n, 3);
    CHECK(out[0] == in && out[1] == dia && out[2] == under);
    /* Corners in either order give the same rectangle. */
    CHECK_STATUS(grip_boxes_query(e, 255, 255, 245, 245, false, out, 8, &n), GRIP_OK);
    CHECK_INT(n, 3);
    CHECK_STATUS(grip_boxes_query(e, 255, 245, 245, 255, false, out, 8, &n), GRIP_OK);
    CHECK_INT(n, 3);
    /* Contain: all four corners inside. The diamond spans 179.3..320.7. */
    CHECK_STATUS(grip_boxes_query(e, 179, 179, 321, 321, true, out, 8, &n), GRIP_OK);
    CHECK_INT(n, 2);
    CHECK(out[0] == in && out[1] == dia);
    CHECK_STATUS(grip_boxes_query(e, 180, 179, 321, 321, true, out, 8, &n), GRIP_OK);
    CHECK_INT(n, 1);
    CHECK(out[0] == in);
    /* Edges touching count. */
    CHECK_STATUS(grip_boxes_query(e, 650, 450, 700, 500, false, out, 8, &n), GRIP_OK);
    CHECK_INT(n, 1);
    CHECK(out[0] == far);
    /* Everything; capacity 1: count 4, one copied. */
    out[1] = SENTINEL;
    CHECK_STATUS(grip_boxes_query(e, 0, 0, 800, 600, false, out, 1, &n), GRIP_OK);
    CHECK_INT(n, 4);
    CHECK(out[0] == far && out[1] == SENTINEL);
    /* Nothing there. */
    CHECK_STATUS(grip_boxes_query(e, 700, 10, 790, 90, false, out, 8, &n), GRIP_OK);
    CHECK_INT(n, 0);
    /* Bad input: GRIP_ERR_ARG, count untouched. */
    n = 77;
    CHECK_STATUS(grip_boxes_query(e, NAN, 0, 10, 10, false, out, 8, &n), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "finite") != NULL);
    CHECK_STATUS(grip_boxes_query(e, 0, INFINITY, 10, 10, false, out, 8, &n), GRIP_ERR_ARG);
    CHECK_STATUS(grip_boxes_query(e, 0, 0, -INFINITY, 10, true, out, 8, &n), GRIP_ERR_ARG);
    CHECK_STATUS(grip_boxes_query(e, 0, 0, 10, 2e9, false, out, 8, &n), GRIP_ERR_ARG);
    CHECK_INT(n, 77);
    CHECK_STATUS(grip_boxes_query(e, 0, 0, 10, 10, false, NULL, 8, &n), GRIP_ERR_ARG);
    CHECK_STATUS(grip_boxes_query(e, 0, 0, 10, 10, false, out, 8, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_boxes_query(NULL, 0, 0, 10, 10, false, out, 8, &n), GRIP_ERR_ARG);
    CHECK_STATUS(grip_boxes_query(e, 0, 0, 800, 600, false, NULL, 0, &n), GRIP_OK);
    CHECK_INT(n, 4);
    /* Moved boxes are found where they are now. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 625, 425, 0.0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 125, 75, 0.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 125, 75, 0.2), GRIP_OK);
    CHECK_STATUS(grip_boxes_query(e, 100, 50, 110, 60, false, out, 8, &n), GRIP_OK);
    CHECK_INT(n, 1);
    CHECK(out[0] == far);
    grip_engine_destroy(e);
}

static void view_helpers(void) {
    grip_engine *e = new_engine(800, 600);
    grip_vec2 p = {0, 0};
    CHECK_STATUS(grip_screen_to_world(e, (grip_vec2){10, 20}, &p), GRIP_OK);
    CHECK(p.x == 10 && p.y == 20);
    /* Zoom 2 turned 90 degrees, moved by (100, 50): world (x, y) -> screen (100 - 2y, 50 + 2x). */
    grip_affine v = {0, 2, -2, 0, 100, 50};
    CHECK_STATUS(grip_engine_set_view(e, &v), GRIP_OK);
    CHECK_STATUS(grip_world_to_screen(e, (grip_vec2){10, 20}, &p), GRIP_OK);
    CHECK_NEAR(p.x, 60, EXACT);
    CHECK_NEAR(p.y, 70, EXACT);
    CHECK_STATUS(grip_screen_to_world(e, (grip_vec2){60, 70}, &p), GRIP_OK);
    CHECK_NEAR(p.x, 10, EXACT);
    CHECK_NEAR(p.y, 20, EXACT);
    /* The same mapping the hit test uses: a box's centre on screen hits it. */
    grip_box b = add_box(e, GRIP_NO_BOX, 0, 0, 40, 40, 0, 1, false);
    CHECK_STATUS(grip_world_to_screen(e, (grip_vec2){20, 20}, &p), GRIP_OK);
    grip_vec2 w;
    CHECK_STATUS(grip_screen_to_world(e, p, &w), GRIP_OK);
    CHECK(hit(e, w.x, w.y) == b);
    bool consumed = false;
    CHECK_STATUS(pointer_consumed(e, GRIP_PHASE_DOWN, 1, p.x, p.y, 0, &consumed), GRIP_OK);
    CHECK(consumed);
    /* Bad input. */
    grip_vec2 keep = {123, 456};
    CHECK_STATUS(grip_screen_to_world(e, (grip_vec2){NAN, 0}, &keep), GRIP_ERR_ARG);
    CHECK_STATUS(grip_world_to_screen(e, (grip_vec2){0, INFINITY}, &keep), GRIP_ERR_ARG);
    CHECK(keep.x == 123 && keep.y == 456);
    CHECK_STATUS(grip_screen_to_world(e, (grip_vec2){0, 0}, NULL), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "world") != NULL);
    CHECK_STATUS(grip_world_to_screen(e, (grip_vec2){0, 0}, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_world_to_screen(NULL, (grip_vec2){0, 0}, &p), GRIP_ERR_ARG);
    grip_engine_destroy(e);
}

static void box_fields(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box under = add_box(e, GRIP_NO_BOX, 100, 100, 200, 200, 0, 1, false);
    grip_box_desc d;
    grip_box_desc_init(&d);
    CHECK(d.selectable && d.snap_target && !d.pass_through && d.hit_outset == 0);
    d.x = 150;
    d.y = 150;
    d.width = 100;
    d.height = 100;
    d.pass_through = true;
    d.selectable = false;
    d.snap_target = false;
    grip_box glass;
    CHECK_STATUS(grip_box_create(e, &d, &glass), GRIP_OK);
    /* Pointers go through it to what is under it. */
    CHECK(hit(e, 200, 200) == under);
    bool consumed = false;
    CHECK_STATUS(pointer_consumed(e, GRIP_PHASE_DOWN, 1, 200, 200, 0, &consumed), GRIP_OK);
    CHECK(consumed);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 260, 200, 0.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 260, 200, 0.2), GRIP_OK);
    CHECK_NEAR(state_of(e, under).center.x, 260, EXACT);
    CHECK_NEAR(state_of(e, glass).center.x, 200, EXACT);
    /* Described as given. */
    grip_box_desc got;
    grip_box_desc_init(&got);
    CHECK_STATUS(grip_box_describe(e, glass, &got), GRIP_OK);
    CHECK(got.pass_through && !got.selectable && !got.snap_target && got.hit_outset == 0);
    /* Not pass-through, with an outset of 10 screen units, under a zoom of 2. */
    grip_affine v = {2, 0, 0, 2, 0, 0};
    CHECK_STATUS(grip_engine_set_view(e, &v), GRIP_OK);
    got.pass_through = false;
    got.hit_outset = 10;
    CHECK_STATUS(grip_box_configure(e, glass, &got), GRIP_OK);
    CHECK_STATUS(grip_box_describe(e, glass, &got), GRIP_OK);
    CHECK(!got.pass_through && got.hit_outset == 10);
    /* glass spans world 150..250 in y (screen 300..500); 10 screen units are 5 world units. */
    CHECK(hit(e, 200, 200) == glass);
    CHECK(hit(e, 200, 254.9) == glass);
    CHECK(hit(e, 200, 255.1) == under);
    CHECK(hit(e, 200, 145.1) == glass);
    CHECK(hit(e, 200, 144.9) == under);
    /* Bad values: GRIP_ERR_ARG naming the field, nothing changes. */
    got.hit_outset = -1;
    CHECK_STATUS(grip_box_configure(e, glass, &got), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "hit_outset") != NULL);
    got.hit_outset = NAN;
    CHECK_STATUS(grip_box_configure(e, glass, &got), GRIP_ERR_ARG);
    CHECK_STATUS(grip_box_create(e, &got, &glass), GRIP_ERR_ARG);
    CHECK(hit(e, 200, 254.9) == glass);
    grip_engine_destroy(e);
}

void suite_queries(void) {
    order();
    listing();
    query();
    view_helpers();
    box_fields();
}
