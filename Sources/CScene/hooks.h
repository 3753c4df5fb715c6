/* What the scene functions need of the engine beyond the public API (Sources/Grip/SceneFiles.swift). */
#ifndef CSCENE_HOOKS_H
#define CSCENE_HOOKS_H

#include "../../Include/grip.h"

/* grip_box_create with the box's centre given exactly (center NULL: from x and y) and its key (0: a
 * fresh one; one in use is GRIP_ERR_STATE). */
grip_status gs_box_create(grip_engine *engine, const grip_box_desc *desc, const grip_vec2 *center, uint64_t key,
                          grip_box *out);
/* grip_box_describe of box into *out (whole), its exact centre into *center and its key into *key,
 * in one call. */
grip_status gs_box_describe(grip_engine *engine, grip_box box, grip_box_desc *out, grip_vec2 *center, uint64_t *key);
/* What gs_box_create would check of a box at nesting depth `depth` (0: top level) whose parent
 * exists, creating nothing. */
grip_status gs_box_check(grip_engine *engine, const grip_box_desc *desc, const grip_vec2 *center, unsigned depth);
/* Destroys every box in one pass (grip_box_destroy of each, in linear time). */
grip_status gs_engine_clear(grip_engine *engine);
/* Records message as the engine's last error; returns status. */
grip_status gs_engine_fail(grip_engine *engine, grip_status status, const char *message);

#endif
