/* Writing a scene file box by box, as the boxes are walked: the text grows in one malloc'd
 * buffer, and no copy of the boxes' descriptions is held beside it. */
#ifndef CSCENE_WRITE_H
#define CSCENE_WRITE_H

#include <stdbool.h>
#include <stddef.h>

#include "../../Include/grip.h"
#include "include/CScene.h"

/* A scene text being written. `failed` once an allocation failed (the text is then incomplete and
 * gs_text_finish says so). */
typedef struct gs_text {
    char *s;                 /* NUL-terminated after every write */
    size_t length, capacity; /* bytes written; bytes s holds */
    size_t box_bound;        /* the most bytes one box's text can take */
    size_t boxes;            /* boxes written */
    grip_box_desc defaults;  /* grip_box_desc_init's, bit for bit: fields equal to it are left out */
    bool failed;
} gs_text;

/* Starts a text with the scene's head ("grip_scene" and the bounds w x h). Inside
 * gs_with_c_numbers. */
void gs_text_begin(gs_text *t, double width, double height);
/* Appends one box (the next in draw order: parents before children): d (its parent field unused)
 * and e (its parent's index among the boxes written, -1 at top level; its exact centre; its key,
 * 0 for none). Inside gs_with_c_numbers. */
void gs_text_box(gs_text *t, const grip_box_desc *d, const gs_entry *e);
/* Ends the text: true with the malloc'd text in *out (the caller frees it) and its length;
 * false, freeing everything, when an allocation failed. */
bool gs_text_finish(gs_text *t, char **out, size_t *length);

#endif
