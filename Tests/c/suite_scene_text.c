/* suite_scene_text.c: the scene-file reader as a JSON reader, and numbers whatever the locale.
 * Every JSON text (RFC 8259) that is a scene is read, anything else refused with the line and
 * column of the offending character; unknown values of any shape are checked and skipped;
 * nesting is bounded; a file of more boxes than max_boxes is refused without storing them; the
 * bytes of a saved scene and the numbers of a loaded one do not depend on the host's locale. */
#define _POSIX_C_SOURCE 200809L
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

static grip_status load(grip_engine *e, const char *text) { return grip_scene_load(e, text, strlen(text)); }

/* The scene's text, malloc'd. */
static char *save(grip_engine *e) {
    size_t n = 0;
    CHECK_STATUS(grip_scene_save(e, NULL, 0, &n), GRIP_ERR_LIMIT);
    char *text = malloc(n + 1);
    CHECK_STATUS(grip_scene_save(e, text, n + 1, &n), GRIP_OK);
    return text;
}

/* The one box of a loaded scene. */
static grip_box_desc only_box(grip_engine *e) {
    grip_box ids[2];
    size_t n = 0;
    CHECK_STATUS(grip_boxes_list(e, ids, 2, &n), GRIP_OK);
    CHECK_INT(n, 1);
    grip_box_desc d;
    grip_box_desc_init(&d);
    if (n >= 1) CHECK_STATUS(grip_box_describe(e, ids[0], &d), GRIP_OK);
    return d;
}

/* Loads `text` (a scene of one box in the middle of a JSON text) and checks it is refused with
 * GRIP_ERR_ARG and a message that starts with `start`. */
static void refused(grip_engine *e, const char *text, const char *start, int line) {
    grip_status st = load(e, text);
    check_status(st, GRIP_ERR_ARG, text, __FILE__, line);
    const char *msg = grip_engine_errmsg(e);
    if (strncmp(msg, start, strlen(start)) != 0) {
        printf("%s:%d: message \"%s\" does not start with \"%s\"\n", __FILE__, line, msg, start);
        check_true(0, "message", __FILE__, line);
    }
}
#define REFUSED(e, text, start) refused((e), (text), (start), __LINE__)

static void test_grammar(void) {
    grip_engine *e = new_engine(800, 600);
    /* Strings: escapes, \u escapes with surrogate pairs, raw UTF-8; a key spelled with escapes is
     * the same key. */
    CHECK_STATUS(load(e, "{\"grip_scene\": 1, \"note\": \"tab\\t \\\"q\\\" \\u00e9 \\ud83d\\ude00 \xc3\xa9 \xf0\x9f\x98\x80\","
                         " \"boxes\": [{\"id\": 1, \"\\u0077idth\": 50}]}"),
                 GRIP_OK);
    CHECK_NEAR(only_box(e).width, 50, 0);
    REFUSED(e, "{\"grip_scene\": 1, \"a\": \"\\ud83d\", \"boxes\": []}", "scene: line 1, column 31: a high surrogate");
    REFUSED(e, "{\"grip_scene\": 1, \"a\": \"\\ude00\", \"boxes\": []}", "scene: line 1, column 31: a low surrogate");
    REFUSED(e, "{\"grip_scene\": 1, \"a\": \"\\x\", \"boxes\": []}", "scene: line 1, column 26: unknown escape");
    REFUSED(e, "{\"grip_scene\": 1, \"a\": \"\\u12g4\", \"boxes\": []}", "scene: line 1, column 29: \\u must be");
    REFUSED(e, "{\"grip_scene\": 1, \"a\": \"\xc3\", \"boxes\": []}", "scene: line 1, column 25: invalid UTF-8");
    REFUSED(e, "{\"grip_scene\": 1, \"a\": \"\xc0\xaf\", \"boxes\": []}", "scene: line 1, column 25: invalid UTF-8");
    REFUSED(e, "{\"grip_scene\": 1, \"a\": \"\xed\xa0\x80\", \"boxes\": []}", "scene: line 1, column 25: invalid UTF-8");
    REFUSED(e, "{\"grip_scene\": 1, \"a\": \"line\nbreak\", \"boxes\": []}", "scene: line 1, column 29: control character");
    REFUSED(e, "{\"grip_scene\": 1, \"a\": \"open", "scene: line 1, column 28: end of text inside a string");
    /* Numbers: JSON's grammar exactly. */
    const char *bad_numbers[] = {"01", "1.", ".5", "-", "1e", "+1", "1e+", "0x10", "--1", "NaN", "Infinity"};
    for (size_t i = 0; i < sizeof bad_numbers / sizeof *bad_numbers; i++) {
        char text[128];
        snprintf(text, sizeof text, "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1, \"x\": %s}]}", bad_numbers[i]);
        CHECK_STATUS(load(e, text), GRIP_ERR_ARG);
    }
    CHECK_STATUS(load(e, "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1, \"x\": -0.5e1, \"y\": 25E-1, \"width\": 1.25e+2}]}"), GRIP_OK);
    grip_box_desc d = only_box(e);
    CHECK_NEAR(d.x, -5, 0);
    CHECK_NEAR(d.y, 2.5, 0);
    CHECK_NEAR(d.width, 125, 0);
    /* Literals, separators, the end of the text. */
    REFUSED(e, "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1, \"editing\": tru}]}", "scene: line 1, column 50: invalid value");
    REFUSED(e, "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1,}]}", "scene: line 1, column 38: a string expected");
    REFUSED(e, "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1}],}", "scene: line 1, column 40: a string expected");
    REFUSED(e, "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1} {\"id\": 2}]}", "scene: line 1, column 39: ',' or ']' expected");
    REFUSED(e, "{\"grip_scene\": 1, \"boxes\": []} x", "scene: line 1, column 32: end of text expected");
    REFUSED(e, "{\"grip_scene\": 1, \"boxes\": []", "scene: line 1, column 29: end of text where");
    /* Duplicate keys the format knows are refused, in a box as at the top. */
    REFUSED(e, "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1, \"x\": 1, \"x\": 2}]}", "scene: line 1, column 47: duplicate key \"x\"");
    REFUSED(e, "{\"grip_scene\": 1, \"grip_scene\": 1, \"boxes\": []}", "scene: line 1, column 19: duplicate key \"grip_scene\"");
    grip_engine_destroy(e);
}

static void test_unknown_values(void) {
    grip_engine *e = new_engine(800, 600);
    /* Unknown members of any shape, at every level, are read past (nested deeply, empty, ...). */
    char *text = malloc(8192);
    size_t at = (size_t)sprintf(text, "{\"grip_scene\": 1, \"future\": ");
    for (int i = 0; i < 511; i++) at += (size_t)sprintf(text + at, i % 2 ? "[" : "{\"k\": ");
    at += (size_t)sprintf(text + at, "null");
    for (int i = 510; i >= 0; i--) at += (size_t)sprintf(text + at, i % 2 ? "]" : "}");
    sprintf(text + at, ", \"boxes\": [{\"id\": 7, \"later\": {\"a\": [1, \"x\", true, null, {}, []]}, \"height\": 40}]}");
    CHECK_STATUS(load(e, text), GRIP_OK);
    CHECK_NEAR(only_box(e).height, 40, 0);
    /* A value nested one level deeper than 512 is refused at the bracket that goes too deep. */
    at = (size_t)sprintf(text, "{\"grip_scene\": 1, \"future\": ");
    for (int i = 0; i < 513; i++) at += (size_t)sprintf(text + at, "[");
    sprintf(text + at, "]");
    REFUSED(e, text, "scene: line 1, column 541: nested deeper than 512 levels");
    free(text);
    grip_engine_destroy(e);
}

/* A file of far more boxes than max_boxes is refused at the first box past the limit, having kept
 * only max_boxes of them (the text is 3 MB; the boxes it names would take hundreds). */
static void test_box_limit(void) {
    grip_engine_desc ed;
    grip_engine_desc_init(&ed);
    ed.max_boxes = 1000;
    grip_engine *e;
    CHECK_STATUS(grip_engine_create(&ed, &e), GRIP_OK);
    size_t count = 300000, cap = count * 20 + 64;
    char *text = malloc(cap);
    size_t at = (size_t)sprintf(text, "{\"grip_scene\": 1, \"boxes\": [");
    for (size_t i = 0; i < count; i++) at += (size_t)sprintf(text + at, "%s{\"id\": %zu}", i ? "," : "", i + 1);
    sprintf(text + at, "]}");
    CHECK_STATUS(load(e, text), GRIP_ERR_LIMIT);
    CHECK(strstr(grip_engine_errmsg(e), "boxes[1000]: max_boxes (1000) reached") != NULL);
    size_t n = 1;
    CHECK_STATUS(grip_boxes_list(e, NULL, 0, &n), GRIP_OK);
    CHECK_INT(n, 0);
    free(text);
    grip_engine_destroy(e);
}

/* GRIP_TEST_LOCALE names a locale whose decimal point is not "." (scripts/tests/c.sh makes
 * ps_AF.UTF-8, whose point is the two-byte U+066B): saving there gives the same bytes as in the
 * "C" locale, and loading reads fractions exactly. */
static void test_locale(void) {
    const char *name = getenv("GRIP_TEST_LOCALE");
    if (name == NULL) {
        printf("note: GRIP_TEST_LOCALE unset, the locale test did not run\n");
        return;
    }
    grip_engine *e = new_engine(800, 600);
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.x = 10.5;
    d.y = 0.25;
    d.width = 200;
    d.rotation = 0.7853981633974483;
    grip_box b;
    CHECK_STATUS(grip_box_create(e, &d, &b), GRIP_OK);
    char *in_c = save(e);
    char *old = setlocale(LC_ALL, NULL);
    char *saved_locale = old ? strdup(old) : NULL;
    CHECK(setlocale(LC_ALL, name) != NULL);
    char buf[32];
    snprintf(buf, sizeof buf, "%.1f", 10.5);
    CHECK(strcmp(buf, "10.5") != 0); /* the locale really writes another point */
    char *in_locale = save(e);
    CHECK_STR(in_locale, in_c);
    CHECK(strstr(in_locale, "\"x\": 10.5,") != NULL);
    grip_engine *f = new_engine(800, 600);
    CHECK_STATUS(load(f, in_locale), GRIP_OK);
    grip_box_desc got = only_box(f);
    CHECK(got.x == 10.5 && got.y == 0.25 && got.width == 200 && got.rotation == 0.7853981633974483);
    setlocale(LC_ALL, saved_locale ? saved_locale : "C");
    free(saved_locale);
    free(in_c);
    free(in_locale);
    grip_engine_destroy(f);
    grip_engine_destroy(e);
}

/* Keys are unique within a file as within an engine: the first box repeating an earlier box's
 * key is refused, naming both, and the engine keeps what it had. */
static void test_repeated_keys(void) {
    grip_engine *e = new_engine(800, 600);
    CHECK_STATUS(load(e, "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1, \"width\": 40, \"key\": \"7\"}]}"), GRIP_OK);
    REFUSED(e,
            "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1, \"key\": \"5\"}, {\"id\": 2, \"key\": \"9\"},\n"
            "{\"id\": 3, \"key\": \"9\"}, {\"id\": 4, \"key\": \"5\"}]}",
            "scene: line 2, column 1: boxes[2].key 9 is the key of boxes[1] too");
    CHECK_NEAR(only_box(e).width, 40, 0);
    uint64_t key = 0;
    grip_box b = GRIP_NO_BOX;
    CHECK_STATUS(grip_box_find(e, 7, &b), GRIP_OK);
    CHECK_STATUS(grip_box_get_key(e, b, &key), GRIP_OK);
    CHECK_INT(key, 7);
    REFUSED(e, "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1, \"key\": \"0\"}]}", "scene: line 1, column");
    /* Many keys (the table of keys read grows past its first slots): the repeat at the end is
     * found, naming the earlier box. */
    size_t cap = 64 * 1100, n = 0;
    char *text = malloc(cap);
    n += (size_t)snprintf(text + n, cap - n, "{\"grip_scene\": 1, \"boxes\": [");
    for (int i = 1; i <= 1000; i++) n += (size_t)snprintf(text + n, cap - n, "{\"id\": %d, \"key\": \"%d\"},\n", i, i * 7919);
    n += (size_t)snprintf(text + n, cap - n, "{\"id\": 1001, \"key\": \"%d\"}]}", 500 * 7919);
    REFUSED(e, text, "scene: line 1001, column 1: boxes[1000].key 3959500 is the key of boxes[499] too");
    free(text);
    CHECK_NEAR(only_box(e).width, 40, 0);
    grip_engine_destroy(e);
}

void suite_scene_text(void) {
    test_repeated_keys();
    test_grammar();
    test_unknown_values();
    test_box_limit();
    test_locale();
}
