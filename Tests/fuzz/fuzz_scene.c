/* fuzz_scene.c: libFuzzer target feeding the input bytes to grip_scene_load as a scene file.
 * A refusal must carry a message (with a line and column for GRIP_ERR_ARG) and change nothing
 * (the engine saves the same text as before); an accepted scene must keep the engine's
 * invariants (invariants.h) and save a text that loads into a fresh engine and saves again to
 * the same bytes (what a save writes reads back bit for bit).
 *
 * Built like fuzz_abi.c (libFuzzer, or -DGRIP_FUZZ_STANDALONE to replay files).
 */
#include "grip.h"
#include "invariants.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The engine's scene text (malloc'd); aborts when saving fails. */
static char *save(grip_engine *e, size_t *length) {
    size_t n = 0;
    grip_status s = grip_scene_save(e, NULL, 0, &n);
    if (s != GRIP_ERR_LIMIT) inv_fail("grip_scene_save(NULL) = %d: %s", (int)s, grip_engine_errmsg(e));
    char *text = (char *)malloc(n + 1);
    if (text == NULL) inv_fail("out of memory");
    s = grip_scene_save(e, text, n + 1, length);
    if (s != GRIP_OK || *length != n) inv_fail("grip_scene_save = %d: %s", (int)s, grip_engine_errmsg(e));
    return text;
}

static grip_engine *engine(void) {
    grip_engine *e = NULL;
    grip_engine_desc ed;
    grip_engine_desc_init(&ed);
    ed.max_boxes = 64;
    if (grip_engine_create(&ed, &e) != GRIP_OK) inv_fail("engine");
    return e;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    grip_engine *e = engine();
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.x = 100;
    d.y = 80;
    d.width = 200;
    d.height = 150;
    d.rotation = 0.3;
    d.editing = true;
    grip_box a, b;
    if (grip_box_create(e, &d, &a) != GRIP_OK) inv_fail("box");
    d.parent = a;
    d.x = 10;
    if (grip_box_create(e, &d, &b) != GRIP_OK) inv_fail("box");
    if (grip_select(e, b, GRIP_SELECT_REPLACE) != GRIP_OK) inv_fail("select");
    inv_events(e);
    size_t n0, n1;
    char *before = save(e, &n0);

    grip_status s = grip_scene_load(e, (const char *)data, size);
    inv_status(s, "grip_scene_load");
    if (getenv("GRIP_FUZZ_TRACE")) fprintf(stderr, "%s %s\n", grip_status_string(s), grip_engine_errmsg(e));
    if (s != GRIP_OK) {
        inv_failure_message(e, s, "grip_scene_load");
        inv_log_message("grip_scene_load", s, grip_engine_errmsg(e));
        if (s == GRIP_ERR_ARG && strstr(grip_engine_errmsg(e), "line ") == NULL)
            inv_fail("GRIP_ERR_ARG without a line: %s", grip_engine_errmsg(e));
        char *after = save(e, &n1);
        if (n1 != n0 || memcmp(before, after, n0) != 0) inv_fail("a refused load changed the scene");
        size_t selected = 0;
        grip_selection_get(e, NULL, 0, &selected);
        if (selected != 1) inv_fail("a refused load changed the selection");
        free(after);
    } else {
        uint64_t serial = 0;
        inv_frame(e, &serial);
        inv_events(e);
        size_t count = 0;
        grip_boxes_list(e, NULL, 0, &count);
        grip_box *ids = (grip_box *)malloc((count + 1) * sizeof *ids);
        grip_boxes_list(e, ids, count, &count);
        for (size_t i = 0; i < count; i++)
            if (inv_box(e, ids[i]) != GRIP_OK) inv_fail("a loaded box is not alive");
        free(ids);
        char *text = save(e, &n1);
        grip_engine *f = engine();
        if (grip_scene_load(f, text, n1) != GRIP_OK) inv_fail("a saved scene does not load: %s", grip_engine_errmsg(f));
        size_t n2;
        char *again = save(f, &n2);
        if (n2 != n1 || memcmp(text, again, n1) != 0) inv_fail("a saved scene reads back differently");
        free(again);
        free(text);
        grip_engine_destroy(f);
    }
    free(before);
    grip_engine_destroy(e);
    return 0;
}
