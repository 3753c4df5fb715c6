/* suite_scene.c: grip_scene_save / grip_scene_save_text / grip_scene_load: random scenes read back bit for bit, the
 * text's shape and numbers, buffer sizing, refusals (with line and column, nothing changed),
 * versions, unknown fields, defaults. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

/* xorshift64*: the same scenes on every run. */
static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next_u64(void) {
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545F4914F6CDD1Dull;
}
/* A double in [lo, hi) with all 53 bits random. */
static double uniform(double lo, double hi) { return lo + (double)(next_u64() >> 11) / 9007199254740992.0 * (hi - lo); }
static bool coin(void) { return next_u64() & 1; }

/* The saved text, malloc'd (checked). */
static char *save(grip_engine *e, size_t *length) {
    size_t n = 0;
    CHECK_STATUS(grip_scene_save(e, NULL, 0, &n), GRIP_ERR_LIMIT);
    char *text = malloc(n + 1);
    size_t n2 = 0;
    CHECK_STATUS(grip_scene_save(e, text, n + 1, &n2), GRIP_OK);
    CHECK_INT(n2, n);
    CHECK_INT(strlen(text), n);
    /* The one-call save gives the same bytes. */
    char *once = NULL;
    size_t once_length = 0;
    CHECK_STATUS(grip_scene_save_text(e, &once, &once_length), GRIP_OK);
    CHECK_INT(once_length, n);
    CHECK(once != NULL && memcmp(once, text, n + 1) == 0);
    grip_free(once);
    if (length) *length = n;
    return text;
}

static grip_status load(grip_engine *e, const char *text) { return grip_scene_load(e, text, strlen(text)); }

/* A random valid description (parent set by the caller). */
static void random_desc(grip_box_desc *d) {
    grip_box_desc_init(d);
    d->min_width = coin() ? uniform(0, 40) : 10;
    d->min_height = coin() ? uniform(0, 40) : 10;
    d->width = d->min_width + uniform(0.001, 300);
    d->height = d->min_height + uniform(0.001, 300);
    d->x = uniform(-1000, 1000);
    d->y = uniform(-1000, 1000);
    d->rotation = uniform(-7, 7);
    /* Wide scale limits: re-parenting (below) keeps a box's place in the world, so its scale
     * becomes whatever its new parent's scale makes it. */
    d->min_scale = uniform(1e-6, 2e-6);
    d->max_scale = uniform(5e5, 1e6);
    d->scale = uniform(0.5, 2);
    d->editing = coin();
    d->allow = (uint32_t)next_u64() & GRIP_ALLOW_ALL;
    d->handles = (uint32_t)next_u64() & (GRIP_HANDLES_ALL8 | GRIP_HANDLE_BIT(GRIP_HANDLE_ROTATE));
    d->resize_mode = coin() ? GRIP_RESIZE_UNIFORM : GRIP_RESIZE_FREEFORM;
    d->centered = coin();
    d->allow_flip = coin();
    d->contain = false; /* containment would move boxes at creation-time checks of gestures only */
    d->inset_top = uniform(-20, 20);
    d->inset_left = uniform(-20, 20);
    d->inset_bottom = uniform(-20, 20);
    d->inset_right = uniform(-20, 20);
    d->long_press_duration = uniform(0.1, 3);
    d->indicator = (grip_indicator_shape)(next_u64() % 4);
    d->corner_radius = uniform(0, 30);
    d->rotation_snap = coin() ? 0 : uniform(0, 1);
    d->snap_tolerance = uniform(0, 0.5);
    d->user_data = next_u64();
    d->flipped_x = coin();
    d->flipped_y = coin();
    d->selectable = coin();
    d->snap_target = coin();
    d->pass_through = coin();
    d->hit_outset = coin() ? 0 : uniform(0, 10);
}

/* A random scene of n boxes (each parent an earlier box or none), some re-parented after
 * creation so that their geometry is whatever the decomposition gave. */
static void random_scene(grip_engine *e, int n, grip_box *ids) {
    for (int i = 0; i < n; i++) {
        grip_box_desc d;
        random_desc(&d);
        d.parent = (i > 0 && coin()) ? ids[next_u64() % (uint64_t)i] : GRIP_NO_BOX;
        CHECK_STATUS(grip_box_create(e, &d, &ids[i]), GRIP_OK);
    }
    for (int k = 0; k < n / 4; k++) {
        int i = (int)(next_u64() % (uint64_t)n), j = (int)(next_u64() % (uint64_t)n);
        grip_box_desc d;
        grip_box_desc_init(&d);
        CHECK_STATUS(grip_box_describe(e, ids[i], &d), GRIP_OK);
        d.parent = coin() ? GRIP_NO_BOX : ids[j];
        grip_status st = grip_box_configure(e, ids[i], &d); /* refused when j is i's descendant */
        CHECK(st == GRIP_OK || st == GRIP_ERR_STATE || st == GRIP_ERR_LIMIT || st == GRIP_ERR_ARG);
    }
    for (int k = 0; k < n / 8; k++) grip_box_order(e, ids[next_u64() % (uint64_t)n], (grip_order)(next_u64() % 4));
}

/* Bitwise equality of two doubles (so -0 differs from 0 and NaNs compare by their bits). */
static bool same_bits(const void *a, const void *b, size_t n) { return memcmp(a, b, n) == 0; }

/* Index of id in ids[0..n), -1 for none. */
static long index_of(const grip_box *ids, size_t n, grip_box id) {
    for (size_t i = 0; i < n; i++)
        if (ids[i] == id) return (long)i;
    return -1;
}

/* Every box of a and b, in list order: the same description (parent by position in the list),
 * the same state, to the bit. Returns how many boxes differ. */
static int compare_engines(grip_engine *a, grip_engine *b) {
    size_t na = 0, nb = 0;
    grip_boxes_list(a, NULL, 0, &na);
    grip_boxes_list(b, NULL, 0, &nb);
    CHECK_INT(nb, na);
    if (na != nb) return (int)(na > nb ? na : nb);
    grip_box *ia = malloc((na + 1) * sizeof *ia), *ib = malloc((nb + 1) * sizeof *ib);
    grip_boxes_list(a, ia, na, &na);
    grip_boxes_list(b, ib, nb, &nb);
    int differ = 0;
    for (size_t i = 0; i < na; i++) {
        grip_box_desc da, db;
        memset(&da, 0, sizeof da);
        memset(&db, 0, sizeof db);
        grip_box_desc_init(&da);
        grip_box_desc_init(&db);
        CHECK_STATUS(grip_box_describe(a, ia[i], &da), GRIP_OK);
        CHECK_STATUS(grip_box_describe(b, ib[i], &db), GRIP_OK);
        da.parent = (grip_box)(index_of(ia, na, da.parent) + 1);
        db.parent = (grip_box)(index_of(ib, nb, db.parent) + 1);
        grip_box_state sa = state_of(a, ia[i]), sb = state_of(b, ib[i]);
        bool same = same_bits(&da, &db, sizeof da) && same_bits(&sa.center, &sb.center, sizeof sa.center) &&
                    same_bits(&sa.width, &sb.width, 4 * sizeof(double)) && sa.flipped_x == sb.flipped_x &&
                    sa.flipped_y == sb.flipped_y && same_bits(&sa.local, &sb.local, sizeof sa.local) &&
                    same_bits(&sa.world, &sb.world, sizeof sa.world) &&
                    same_bits(sa.corners, sb.corners, sizeof sa.corners) && sa.editing == sb.editing;
        if (!same) differ++;
    }
    free(ia);
    free(ib);
    return differ;
}

static void test_round_trip(void) {
    for (int round = 0; round < 20; round++) {
        grip_engine *a = new_engine(uniform(100, 5000), uniform(100, 5000));
        grip_box ids[80];
        int n = 1 + (int)(next_u64() % 80);
        random_scene(a, n, ids);
        if (round % 4 == 0) { /* a box mid-drag: its current geometry is what is saved */
            grip_box_state s = state_of(a, ids[0]);
            pointer(a, GRIP_PHASE_DOWN, 1, s.world.tx, s.world.ty, 0);
            pointer(a, GRIP_PHASE_MOVE, 1, s.world.tx + 31.7, s.world.ty + 12.3, 0.1);
        }
        size_t length;
        char *text = save(a, &length);
        grip_engine *b = new_engine(10, 10);
        add_box(b, GRIP_NO_BOX, 0, 0, 50, 50, 0, 1, false); /* replaced by the load */
        CHECK_STATUS(grip_scene_load(b, text, length), GRIP_OK);
        CHECK_STR(grip_engine_errmsg(b), "");
        CHECK_INT(compare_engines(a, b), 0);
        char *again = save(b, NULL);
        CHECK_STR(again, text); /* bounds included */
        free(again);
        free(text);
        grip_engine_destroy(a);
        grip_engine_destroy(b);
    }
}

/* Exact centres survive although x = centre - width / 2 loses bits: where x + width / 2 does not
 * give the centre back, the file says "center" too; where x or y were edited since, they win. */
static void test_exact_centres(void) {
    /* Move a box out of a turned, scaled parent (keeping its place in the world) until its
     * centre is one that x, width do not give back. */
    grip_engine *a = new_engine(1000, 1000);
    grip_box_desc d;
    grip_box_desc_init(&d);
    grip_box box = 0;
    double c = 0;
    /* (No checks inside the loop: how many turns it takes may differ between builds.) */
    int ok = 1;
    for (int k = 0; k < 1000; k++) {
        grip_box parent = 0;
        grip_box_state s;
        if (box) grip_box_destroy(a, box);
        grip_box_desc_init(&d);
        d.x = uniform(0, 100);
        d.y = 50;
        d.width = 200;
        d.height = 200;
        d.rotation = uniform(0, 3);
        d.scale = 1.7;
        ok = ok && grip_box_create(a, &d, &parent) == GRIP_OK;
        d.parent = parent;
        d.x = uniform(0, 100);
        d.y = uniform(0, 100);
        d.width = uniform(20, 90);
        d.height = 40;
        d.rotation = 0;
        d.scale = 1;
        ok = ok && grip_box_create(a, &d, &box) == GRIP_OK && grip_box_describe(a, box, &d) == GRIP_OK;
        d.parent = GRIP_NO_BOX;
        ok = ok && grip_box_configure(a, box, &d) == GRIP_OK && grip_box_destroy(a, parent) == GRIP_OK;
        ok = ok && grip_box_describe(a, box, &d) == GRIP_OK && grip_box_state_get(a, box, &s) == GRIP_OK;
        c = s.center.x;
        if (!ok || d.x + d.width * 0.5 != c) break;
    }
    CHECK(ok);
    CHECK(d.x + d.width * 0.5 != c);
    char *text = save(a, NULL);
    CHECK(strstr(text, ", \"center\": {\"x\": ") != NULL);
    grip_engine *b = new_engine(10, 10);
    CHECK_STATUS(load(b, text), GRIP_OK);
    CHECK_INT(compare_engines(a, b), 0);
    grip_box list[1];
    size_t n = 0;
    grip_boxes_list(b, list, 1, &n);
    CHECK(n == 1 && state_of(b, list[0]).center.x == c);
    free(text);
    /* An edited x: the centre that no longer matches is ignored. */
    CHECK_STATUS(load(b, "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1, \"x\": 10, \"width\": 100, "
                         "\"center\": {\"x\": 999, \"y\": 50}}]}"),
                 GRIP_OK);
    grip_boxes_list(b, list, 1, &n);
    CHECK(n == 1 && state_of(b, list[0]).center.x == 60 && state_of(b, list[0]).center.y == 50);
    grip_engine_destroy(a);
    grip_engine_destroy(b);
}

static void test_text(void) {
    grip_engine *e = new_engine(1024, 768);
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.x = 0.5;
    d.y = 100;
    d.width = 0.1 + 200; /* 200.1 exactly as the double nearest, shortest "200.1" */
    d.rotation = -0.0;
    d.user_data = UINT64_MAX;
    d.allow = GRIP_ALLOW_MOVE | GRIP_ALLOW_LONG_PRESS;
    d.handles = GRIP_HANDLE_BIT(GRIP_HANDLE_TOP_LEFT) | GRIP_HANDLE_BIT(GRIP_HANDLE_ROTATE);
    d.indicator = GRIP_INDICATOR_ROUNDED_RECT;
    grip_box p, c;
    CHECK_STATUS(grip_box_create(e, &d, &p), GRIP_OK);
    d.parent = p;
    d.user_data = 7;
    d.rotation = 0.1 + 0.2; /* 0.30000000000000004: 17 digits needed */
    CHECK_STATUS(grip_box_create(e, &d, &c), GRIP_OK);
    char *text = save(e, NULL);
    const char *head = "{\n  \"grip_scene\": 1,\n  \"bounds\": {\"width\": 1024, \"height\": 768},\n  \"boxes\": [\n";
    CHECK(strncmp(text, head, strlen(head)) == 0);
    /* Fields at their defaults are left out: height 100, scale 1, editing false, resize_mode
     * freeform, snap_tolerance 0.087 (but rotation -0.0 is not 0's bits). */
    CHECK(strstr(text, "{\"id\": 1, \"parent\": null, \"x\": 0.5, \"y\": 100, \"width\": 200.1, "
                       "\"rotation\": -0.0, \"allow\": [\"move\", \"long_press\"], "
                       "\"handles\": [\"top_left\", \"rotate\"], \"indicator\"") != NULL);
    const char *first = strstr(text, "{\"id\": 1,");
    char line[1024] = "";
    if (first) {
        size_t n = strcspn(first, "\n");
        if (n >= sizeof line) n = sizeof line - 1;
        memcpy(line, first, n);
        line[n] = 0;
    }
    CHECK(strstr(line, "\"height\"") == NULL && strstr(line, "\"scale\"") == NULL && strstr(line, "\"editing\"") == NULL);
    CHECK(strstr(text, "\"indicator\": \"rounded_rect\"") != NULL);
    CHECK(strstr(text, "\"user_data\": \"18446744073709551615\"") != NULL);
    CHECK(strstr(text, "{\"id\": 2, \"parent\": 1, ") != NULL);
    CHECK(strstr(text, "\"rotation\": 0.30000000000000004") != NULL);
    CHECK(strstr(text, "\"user_data\": \"7\"") != NULL);
    CHECK(strstr(text, "\"snap_tolerance\"") == NULL);
    free(text);
    grip_engine_destroy(e);
}

static void test_buffer_sizes(void) {
    grip_engine *e = new_engine(800, 600);
    add_box(e, GRIP_NO_BOX, 10, 20, 30, 40, 0, 1, true);
    size_t n = 12345;
    CHECK_STATUS(grip_scene_save(e, NULL, 0, &n), GRIP_ERR_LIMIT);
    CHECK(n > 100 && n < 2000);
    CHECK(strstr(grip_engine_errmsg(e), "terminator") != NULL);
    char *buf = malloc(n + 2);
    memset(buf, 'Z', n + 2);
    size_t m = 0;
    CHECK_STATUS(grip_scene_save(e, buf, n, &m), GRIP_ERR_LIMIT); /* no room for the NUL */
    CHECK_INT(m, n);
    bool untouched = true;
    for (size_t i = 0; i < n + 2; i++) untouched = untouched && buf[i] == 'Z';
    CHECK(untouched);
    CHECK_STATUS(grip_scene_save(e, buf, n + 1, &m), GRIP_OK);
    CHECK_INT(m, n);
    CHECK_INT(buf[n], 0);
    CHECK_INT(buf[n + 1], 'Z');
    CHECK_STR(grip_engine_errmsg(e), "");
    CHECK_STATUS(grip_scene_save(e, buf, n + 1, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_scene_save(NULL, buf, n + 1, &m), GRIP_ERR_ARG);
    free(buf);
    /* An empty engine: no boxes, still a scene. */
    grip_engine *empty = new_engine(640, 480);
    char *text = save(empty, NULL);
    CHECK_STR(text, "{\n  \"grip_scene\": 1,\n  \"bounds\": {\"width\": 640, \"height\": 480},\n  \"boxes\": []\n}\n");
    CHECK_STATUS(load(e, text), GRIP_OK);
    CHECK_INT(compare_engines(e, empty), 0);
    free(text);
    grip_engine_destroy(empty);
    grip_engine_destroy(e);
}

/* A refused file: the status, the message's start (its line and column) and nothing changed:
 * the same text saved, the same selection, the old ids alive. */
static void refused(grip_engine *e, const char *file, grip_status want, const char *message_start, int line) {
    char *before = save(e, NULL);
    grip_box sel[4];
    size_t nsel = 0, nsel2 = 0;
    grip_selection_get(e, sel, 4, &nsel);
    grip_status st = load(e, file);
    check_status(st, want, file, __FILE__, line);
    const char *msg = grip_engine_errmsg(e);
    if (strncmp(msg, message_start, strlen(message_start)) != 0) {
        printf("%s:%d: message \"%s\" does not start with \"%s\"\n", __FILE__, line, msg, message_start);
        check_true(0, "message", __FILE__, line);
    }
    char *after = save(e, NULL);
    check_true(strcmp(before, after) == 0, "nothing changed", __FILE__, line);
    grip_selection_get(e, NULL, 0, &nsel2);
    check_int((long long)nsel2, (long long)nsel, "selection kept", __FILE__, line);
    free(before);
    free(after);
}
#define REFUSED(e, file, want, start) refused((e), (file), (want), (start), __LINE__)

/* grip_scene_save_text: one call, the library's buffer, released with grip_free; bad arguments
 * allocate nothing and leave *text alone. */
static void test_save_text(void) {
    grip_engine *e = new_engine(800, 600);
    add_box(e, GRIP_NO_BOX, 10, 20, 30, 40, 0, 1, true);
    char *text = NULL;
    CHECK_STATUS(grip_scene_save_text(e, &text, NULL), GRIP_OK); /* the length may be left out */
    CHECK(text != NULL && strstr(text, "\"x\": 10, \"y\": 20, \"width\": 30, \"height\": 40") != NULL);
    CHECK_STR(grip_engine_errmsg(e), "");
    size_t n = 0;
    CHECK_STATUS(grip_scene_save(e, NULL, 0, &n), GRIP_ERR_LIMIT);
    CHECK_INT(strlen(text), n);
    grip_free(text);
    grip_free(NULL);
    CHECK_STATUS(grip_scene_save_text(e, NULL, &n), GRIP_ERR_ARG);
    CHECK(strstr(grip_engine_errmsg(e), "text is NULL") != NULL);
    char *untouched = (char *)(uintptr_t)0x1;
    CHECK_STATUS(grip_scene_save_text(NULL, &untouched, &n), GRIP_ERR_ARG);
    CHECK(untouched == (char *)(uintptr_t)0x1);
    /* An empty scene: the head and an empty list. */
    grip_engine *empty = new_engine(100, 50);
    size_t length = 0;
    CHECK_STATUS(grip_scene_save_text(empty, &text, &length), GRIP_OK);
    CHECK_STR(text, "{\n  \"grip_scene\": 1,\n  \"bounds\": {\"width\": 100, \"height\": 50},\n  \"boxes\": []\n}\n");
    CHECK_INT(length, strlen(text));
    grip_free(text);
    grip_engine_destroy(empty);
    grip_engine_destroy(e);
}

static void test_refusals(void) {
    grip_engine_desc ed;
    grip_engine_desc_init(&ed);
    ed.max_boxes = 3;
    grip_engine *e;
    CHECK_STATUS(grip_engine_create(&ed, &e), GRIP_OK);
    grip_box kept = add_box(e, GRIP_NO_BOX, 10, 10, 50, 50, 0, 1, true);
    CHECK_STATUS(grip_select(e, kept, GRIP_SELECT_REPLACE), GRIP_OK);
    /* JSON errors: the line and column of the offending character (column 0 in an empty text). */
    REFUSED(e, "{\"grip_scene\": 1,\n \"boxes\": [}", GRIP_ERR_ARG, "scene: line 2, column 12: ");
    REFUSED(e, "", GRIP_ERR_ARG, "scene: line 1, column 0: ");
    REFUSED(e, "{\"grip_scene\": 1, \"boxes\": [], \"boxes\": []}", GRIP_ERR_ARG, "scene: line 1, column ");
    /* Shape. */
    REFUSED(e, "[1, 2]", GRIP_ERR_ARG, "scene: line 1, column 1: a scene file is a JSON object");
    REFUSED(e, "  {\"boxes\": []}", GRIP_ERR_ARG, "scene: line 1, column 3: not a scene file");
    REFUSED(e, "{\"grip_scene\": 2, \"boxes\": []}", GRIP_ERR_ARG,
            "scene: line 1, column 16: scene version 2 is newer than this library reads (1)");
    REFUSED(e, "{\"grip_scene\": \"1\", \"boxes\": []}", GRIP_ERR_ARG, "scene: line 1, column 16: \"grip_scene\" must be");
    REFUSED(e, "{\"grip_scene\": 1}", GRIP_ERR_ARG, "scene: line 1, column 1: \"boxes\" must be a list");
    REFUSED(e, "{\"grip_scene\": 1, \"boxes\": {}}", GRIP_ERR_ARG, "scene: line 1, column 28: \"boxes\" must be a list");
    REFUSED(e, "{\"grip_scene\": 1,\n  \"bounds\": {\"width\": -5, \"height\": 10}, \"boxes\": []}", GRIP_ERR_ARG,
            "scene: line 2, column 13: bounds: ");
    REFUSED(e, "{\"grip_scene\": 1, \"bounds\": {\"width\": 5}, \"boxes\": []}", GRIP_ERR_ARG,
            "scene: line 1, column 29: \"bounds\" must be");
    /* Fields, each at its value. */
    const char *head = "{\"grip_scene\": 1, \"boxes\": [\n  {\"id\": 1},\n  ";
    char file[512];
#define FILE_WITH(box) (snprintf(file, sizeof file, "%s%s\n]}", head, box), file)
    REFUSED(e, FILE_WITH("{\"id\": 2, \"width\": \"wide\"}"), GRIP_ERR_ARG,
            "scene: line 3, column 22: boxes[1].width must be a number");
    REFUSED(e, FILE_WITH("{\"id\": 2, \"editing\": 1}"), GRIP_ERR_ARG,
            "scene: line 3, column 24: boxes[1].editing must be true or false");
    REFUSED(e, FILE_WITH("{\"id\": 2, \"allow\": [\"move\", \"fly\"]}"), GRIP_ERR_ARG,
            "scene: line 3, column 22: boxes[1].allow[1] is not a name of allow");
    REFUSED(e, FILE_WITH("{\"id\": 2, \"handles\": [\"none\"]}"), GRIP_ERR_ARG,
            "scene: line 3, column 24: boxes[1].handles[0] is not a name of handles");
    REFUSED(e, FILE_WITH("{\"id\": 2, \"resize_mode\": \"FREEFORM\"}"), GRIP_ERR_ARG,
            "scene: line 3, column 28: boxes[1].resize_mode is not a name of resize_mode");
    REFUSED(e, FILE_WITH("{\"id\": 2, \"user_data\": 5}"), GRIP_ERR_ARG,
            "scene: line 3, column 26: boxes[1].user_data must be a string of decimal digits");
    REFUSED(e, FILE_WITH("{\"id\": 2, \"user_data\": \"18446744073709551616\"}"), GRIP_ERR_ARG,
            "scene: line 3, column 26: boxes[1].user_data must be");
    REFUSED(e, FILE_WITH("{\"id\": 1}"), GRIP_ERR_ARG, "scene: line 3, column 10: boxes[1].id 1 is used twice");
    REFUSED(e, FILE_WITH("{\"width\": 5}"), GRIP_ERR_ARG, "scene: line 3, column 3: boxes[1].id must be an integer");
    REFUSED(e, FILE_WITH("{\"id\": 2, \"parent\": 3}"), GRIP_ERR_ARG,
            "scene: line 3, column 23: boxes[1].parent must be null or the id of an earlier box");
    REFUSED(e, FILE_WITH("{\"id\": 2, \"center\": [1, 2]}"), GRIP_ERR_ARG,
            "scene: line 3, column 23: boxes[1].center must be {\"x\": number, \"y\": number}");
    REFUSED(e, FILE_WITH("7"), GRIP_ERR_ARG, "scene: line 3, column 3: boxes[1] must be an object");
    /* Values the engine refuses, at their box, with grip_box_create's message. */
    REFUSED(e, FILE_WITH("{\"id\": 2, \"width\": 5}"), GRIP_ERR_ARG, "scene: line 3, column 3: boxes[1]: width 5.0 x height");
    REFUSED(e, FILE_WITH("{\"id\": 2, \"scale\": 1e300}"), GRIP_ERR_ARG, "scene: line 3, column 3: boxes[1]: ");
    REFUSED(e, "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1}, {\"id\": 2}, {\"id\": 3}, {\"id\": 4}]}", GRIP_ERR_LIMIT,
            "scene: line 1, column 62: boxes[3]: max_boxes (3) reached");
    /* 33 levels of nesting: one more than boxes may nest. */
    char deep[4096];
    size_t at = (size_t)snprintf(deep, sizeof deep, "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1}");
    for (int i = 2; i <= 33; i++) at += (size_t)snprintf(deep + at, sizeof deep - at, ",\n{\"id\": %d, \"parent\": %d}", i, i - 1);
    snprintf(deep + at, sizeof deep - at, "]}");
    grip_engine_desc big;
    grip_engine_desc_init(&big);
    grip_engine *e2;
    CHECK_STATUS(grip_engine_create(&big, &e2), GRIP_OK);
    add_box(e2, GRIP_NO_BOX, 0, 0, 20, 20, 0, 1, false);
    REFUSED(e2, deep, GRIP_ERR_LIMIT, "scene: line 33, column 1: boxes[32]: boxes nest at most 32 levels deep");
    CHECK_STATUS(grip_scene_load(e, NULL, 3), GRIP_ERR_ARG);
    CHECK_STATUS(grip_scene_load(NULL, "{}", 2), GRIP_ERR_ARG);
    /* The old box is still there and selected. */
    grip_box_state s;
    CHECK_STATUS(grip_box_state_get(e, kept, &s), GRIP_OK);
    grip_engine_destroy(e2);
    grip_engine_destroy(e);
}

static void test_load_effects(void) {
    grip_engine *e = new_engine(800, 600);
    grip_box old = add_box(e, GRIP_NO_BOX, 10, 10, 50, 50, 0, 1, true);
    CHECK_STATUS(grip_select(e, old, GRIP_SELECT_REPLACE), GRIP_OK);
    drain_events(e);
    /* Unknown fields are ignored; fields left out take their defaults; a newer minor revision
     * of the same major version is read. */
    const char *file =
        "{\"grip_scene\": 1, \"revision\": 7, \"bounds\": {\"width\": 300, \"height\": 200, \"depth\": 1},\n"
        " \"author\": {\"name\": \"x\"},\n"
        " \"boxes\": [{\"id\": 10, \"x\": 5, \"color\": \"red\", \"user_data\": \"42\"},\n"
        "           {\"id\": 3, \"parent\": 10, \"width\": 20, \"height\": 30, \"editing\": true, \"future\": [1, 2]}]}";
    CHECK_STATUS(load(e, file), GRIP_OK);
    grip_box_state s;
    CHECK_STATUS(grip_box_state_get(e, old, &s), GRIP_ERR_NOT_FOUND);
    size_t n = 0;
    grip_box ids[4];
    CHECK_STATUS(grip_boxes_list(e, ids, 4, &n), GRIP_OK);
    CHECK_INT(n, 2);
    CHECK(ids[0] != old && ids[1] != old);
    grip_box_desc d, def;
    grip_box_desc_init(&d);
    grip_box_desc_init(&def);
    CHECK_STATUS(grip_box_describe(e, ids[0], &d), GRIP_OK);
    CHECK_INT(d.user_data, 42);
    CHECK_INT(d.parent, GRIP_NO_BOX);
    CHECK(d.x == 5 && d.y == 0 && d.width == 100 && d.height == 100);
    d.x = def.x;
    d.user_data = def.user_data;
    CHECK(memcmp(&d, &def, sizeof d) == 0); /* every other field at its default */
    CHECK_STATUS(grip_box_describe(e, ids[1], &d), GRIP_OK);
    CHECK_INT(d.parent, ids[0]);
    CHECK(d.width == 20 && d.height == 30 && d.editing);
    /* The selection ends empty; the bounds are the file's (a contained box is kept inside). */
    size_t nsel = 9;
    CHECK_STATUS(grip_selection_get(e, NULL, 0, &nsel), GRIP_OK);
    CHECK_INT(nsel, 0);
    char *text = save(e, NULL);
    CHECK(strstr(text, "\"bounds\": {\"width\": 300, \"height\": 200}") != NULL);
    free(text);
    /* During a gesture a load is refused and changes nothing; after it, the load clears the
     * history (the drag was one undo step). */
    pointer(e, GRIP_PHASE_DOWN, 1, 30, 30, 0);
    pointer(e, GRIP_PHASE_MOVE, 1, 60, 60, 0.1);
    REFUSED(e, file, GRIP_ERR_STATE, "scene: a gesture is in progress");
    pointer(e, GRIP_PHASE_UP, 1, 60, 60, 0.2);
    size_t undo = 0, redo = 0;
    CHECK_STATUS(grip_history_depth(e, &undo, &redo), GRIP_OK);
    CHECK_INT(undo, 1);
    CHECK_STATUS(load(e, file), GRIP_OK);
    CHECK_STATUS(grip_history_depth(e, &undo, &redo), GRIP_OK);
    CHECK_INT(undo, 0);
    CHECK_INT(redo, 0);
    grip_engine_destroy(e);
}

/* A marquee is a gesture: a load during one is refused and changes nothing (the selection the
 * marquee picked stays, the marquee goes on); after it ends the load goes through. */
static void test_load_during_marquee(void) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 800;
    d.height = 600;
    d.selection = GRIP_SELECTION_POINTER;
    grip_engine *e = NULL;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    grip_box a = add_box(e, GRIP_NO_BOX, 100, 100, 50, 50, 0, 1, false);
    const char *file = "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1, \"x\": 5, \"width\": 20, \"height\": 20}]}";
    pointer(e, GRIP_PHASE_DOWN, 1, 20, 20, 0);
    pointer(e, GRIP_PHASE_MOVE, 1, 130, 130, 0.1); /* the marquee meets a */
    grip_box sel = GRIP_NO_BOX;
    size_t n = 0;
    CHECK_STATUS(grip_selection_get(e, &sel, 1, &n), GRIP_OK);
    CHECK(n == 1 && sel == a);
    REFUSED(e, file, GRIP_ERR_STATE, "scene: a gesture is in progress");
    pointer(e, GRIP_PHASE_MOVE, 1, 40, 40, 0.2); /* it goes on: now it meets nothing */
    CHECK_STATUS(grip_selection_get(e, &sel, 1, &n), GRIP_OK);
    CHECK_INT(n, 0);
    pointer(e, GRIP_PHASE_UP, 1, 40, 40, 0.3);
    CHECK_STATUS(load(e, file), GRIP_OK);
    size_t count = 0;
    CHECK_STATUS(grip_boxes_list(e, NULL, 0, &count), GRIP_OK);
    CHECK_INT(count, 1);
    grip_engine_destroy(e);
}

void suite_scene(void) {
    test_round_trip();
    test_exact_centres();
    test_text();
    test_buffer_sizes();
    test_save_text();
    test_refusals();
    test_load_effects();
    test_load_during_marquee();
}
