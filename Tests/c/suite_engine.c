/* suite_engine.c: version, status strings, engine create/destroy, errmsg, bounds, limits. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

static void version_and_status(void) {
    const grip_status all[] = {GRIP_OK, GRIP_DONE, GRIP_ERR_ARG, GRIP_ERR_NOT_FOUND,
                               GRIP_ERR_STATE, GRIP_ERR_LIMIT, GRIP_ERR_NOMEM, GRIP_ERR_SCRIPT};
    size_t i, j, n = sizeof all / sizeof all[0];
    CHECK_INT(grip_version(), (GRIP_VERSION_MAJOR << 16) | (GRIP_VERSION_MINOR << 8) | GRIP_VERSION_PATCH);
    CHECK_INT(grip_version(), 0x000200);
    for (i = 0; i < n; i++) {
        const char *s = grip_status_string(all[i]);
        CHECK(s != NULL && s[0] != '\0');
        for (j = 0; j < i; j++) CHECK(strcmp(s, grip_status_string(all[j])) != 0);
    }
    CHECK(grip_status_string((grip_status)42) != NULL);
    CHECK(grip_status_string((grip_status)-99) != NULL);
}

static void desc_defaults(void) {
    grip_engine_desc d;
    memset(&d, 0xAB, sizeof d);
    grip_engine_desc_init(&d);
    CHECK_INT(d.struct_size, sizeof(grip_engine_desc));
    CHECK_NEAR(d.width, 1024, 0);
    CHECK_NEAR(d.height, 768, 0);
    CHECK(d.max_boxes == 0 || d.max_boxes == 1000000);
    CHECK(d.max_pointers == 0 || d.max_pointers == 10);
    CHECK_NEAR(d.touch_slop, 10, 0);
    CHECK_NEAR(d.double_tap_interval, 0.3, 0);
    CHECK_NEAR(d.handle_hit_radius, 22, 0);
}

/* A 50x50 box at (10, 10) kept inside the root bounds. */
static grip_box add_contained(grip_engine *e) {
    grip_box_desc d;
    grip_box b = GRIP_NO_BOX;
    grip_box_desc_init(&d);
    d.x = 10;
    d.y = 10;
    d.width = 50;
    d.height = 50;
    d.contain = true;
    CHECK_STATUS(grip_box_create(e, &d, &b), GRIP_OK);
    return b;
}

/* Drags from (x, y) far past the bottom-right corner of any bounds. */
static void drag_far(grip_engine *e, double x, double y, double t) {
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, x, y, t), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, x + 20, y + 20, t + 0.05), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 5000, 4000, t + 0.1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 5000, 4000, t + 0.2), GRIP_OK);
}

static void create_and_destroy(void) {
    grip_engine *e = NULL, *sentinel = (grip_engine *)&e;
    grip_engine_desc d;
    grip_box_state s;
    grip_box b;

    /* NULL desc: defaults, bounds 1024 x 768. */
    CHECK_STATUS(grip_engine_create(NULL, &e), GRIP_OK);
    CHECK(e != NULL);
    CHECK_STR(grip_engine_errmsg(e), "");
    b = add_contained(e);
    drag_far(e, 35, 35, 0);
    s = state_of(e, b);
    CHECK_NEAR(s.center.x, 1024 - 25, EXACT);
    CHECK_NEAR(s.center.y, 768 - 25, EXACT);
    grip_engine_destroy(e);

    /* NULL out, wrong struct_size: GRIP_ERR_ARG, *out untouched. */
    CHECK_STATUS(grip_engine_create(NULL, NULL), GRIP_ERR_ARG);
    grip_engine_desc_init(&d);
    d.struct_size = sizeof d - 4; /* no version of grip.h had this size */
    e = sentinel;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    CHECK(e == sentinel);
    d.struct_size = 0;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    d.struct_size = sizeof d + 64;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    CHECK(e == sentinel);
    /* With no engine, errmsg(NULL) still answers with a message. */
    CHECK(grip_engine_errmsg(NULL) != NULL && grip_engine_errmsg(NULL)[0] != '\0');

    /* Bad numbers. */
    grip_engine_desc_init(&d);
    d.width = NAN;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    grip_engine_desc_init(&d);
    d.height = -1;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    grip_engine_desc_init(&d);
    d.width = INFINITY;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    grip_engine_desc_init(&d);
    d.touch_slop = NAN;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    grip_engine_desc_init(&d);
    d.handle_hit_radius = -1;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    grip_engine_desc_init(&d);
    d.double_tap_interval = INFINITY;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_ERR_ARG);
    CHECK(e == sentinel);

    grip_engine_destroy(NULL); /* must simply return */
}

static void errmsg_and_bounds(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box b;
    unsigned char foreign[256];

    CHECK_STR(grip_engine_errmsg(e), "");
    CHECK_STATUS(grip_engine_set_bounds(e, NAN, 100), GRIP_ERR_ARG);
    CHECK(grip_engine_errmsg(e)[0] != '\0');
    CHECK_STATUS(grip_engine_set_bounds(e, 100, -5), GRIP_ERR_ARG);
    CHECK_STATUS(grip_engine_set_bounds(e, INFINITY, 100), GRIP_ERR_ARG);
    CHECK_STATUS(grip_engine_set_bounds(e, 0, 100), GRIP_ERR_ARG);
    CHECK_STATUS(grip_engine_set_bounds(NULL, 100, 100), GRIP_ERR_ARG);
    /* The failures above changed nothing: the bounds are still 800 x 600. */
    b = add_contained(e);
    drag_far(e, 35, 35, 0);
    CHECK_NEAR(state_of(e, b).center.x, 775, EXACT);
    CHECK_NEAR(state_of(e, b).center.y, 575, EXACT);
    /* New bounds 300 x 200 hold for the next box. */
    CHECK_STATUS(grip_box_destroy(e, b), GRIP_OK);
    CHECK_STATUS(grip_engine_set_bounds(e, 300, 200), GRIP_OK);
    CHECK_STR(grip_engine_errmsg(e), "");
    b = add_contained(e);
    drag_far(e, 35, 35, 1);
    CHECK_NEAR(state_of(e, b).center.x, 275, EXACT);
    CHECK_NEAR(state_of(e, b).center.y, 175, EXACT);

    /* A pointer that is not an engine: detected by the magic word. */
    memset(foreign, 0, sizeof foreign);
    CHECK_STATUS(grip_engine_set_bounds((grip_engine *)(void *)foreign, 100, 100), GRIP_ERR_ARG);
    grip_engine_destroy(e);
}

static void box_limit(void) {
    grip_engine_desc d;
    grip_engine *e = NULL;
    grip_box_desc bd;
    grip_box a = 0, b = 0, c = 0, sentinel = 0xDEADu;
    grip_engine_desc_init(&d);
    d.max_boxes = 2;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    grip_box_desc_init(&bd);
    bd.width = bd.height = 20;
    CHECK_STATUS(grip_box_create(e, &bd, &a), GRIP_OK);
    CHECK_STATUS(grip_box_create(e, &bd, &b), GRIP_OK);
    c = sentinel;
    CHECK_STATUS(grip_box_create(e, &bd, &c), GRIP_ERR_LIMIT);
    CHECK(c == sentinel);
    CHECK(grip_engine_errmsg(e)[0] != '\0');
    CHECK_STATUS(grip_box_destroy(e, a), GRIP_OK);
    CHECK_STATUS(grip_box_create(e, &bd, &c), GRIP_OK);
    CHECK(c != a && c != b && c != GRIP_NO_BOX);
    grip_engine_destroy(e);
}

/* grip_engine_describe: the settings given (defaults for what was not), the bounds as last set,
 * into a struct whose struct_size says which version; refused for NULL or a wrong size. */
static void describe_settings(void) {
    grip_engine_desc d, out;
    grip_engine *e = NULL;
    grip_engine_desc_init(&d);
    d.width = 640;
    d.height = 480;
    d.double_tap_interval = 0.25;
    d.selection = GRIP_SELECTION_POINTER;
    d.group_resize = GRIP_GROUP_RESIZE_MEMBER_AXES;
    d.history_limit = 7;
    d.nudge_step = 2;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    grip_engine_desc_init(&out);
    CHECK_STATUS(grip_engine_describe(e, &out), GRIP_OK);
    CHECK(out.struct_size == sizeof out);
    CHECK(out.width == 640 && out.height == 480);
    CHECK(out.double_tap_interval == 0.25 && out.touch_slop == 10 && out.handle_hit_radius == 22);
    CHECK(out.selection == GRIP_SELECTION_POINTER && out.marquee_rule == GRIP_MARQUEE_INTERSECT);
    CHECK(out.group_resize == GRIP_GROUP_RESIZE_MEMBER_AXES && out.history_limit == 7);
    CHECK(out.nudge_step == 2 && out.nudge_step_large == 10 && out.rotate_handle_offset == 24);
    CHECK(out.max_boxes == 1000000 && out.max_pointers == 10);
    CHECK_STATUS(grip_engine_set_bounds(e, 300, 200), GRIP_OK);
    CHECK_STATUS(grip_engine_describe(e, &out), GRIP_OK);
    CHECK(out.width == 300 && out.height == 200);
    CHECK_STATUS(grip_engine_describe(e, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_engine_describe(NULL, &out), GRIP_ERR_ARG);
    out.struct_size = 12;
    CHECK_STATUS(grip_engine_describe(e, &out), GRIP_ERR_ARG);
    CHECK(grip_engine_errmsg(e)[0] != '\0');
    grip_engine_destroy(e);
}

void suite_engine(void) {
    version_and_status();
    desc_defaults();
    create_and_destroy();
    errmsg_and_bounds();
    box_limit();
    describe_settings();
}
