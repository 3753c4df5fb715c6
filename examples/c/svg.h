/* svg.h: writes a grip_frame as an SVG picture, for examples and eyeballing. */
#ifndef GRIP_EXAMPLE_SVG_H
#define GRIP_EXAMPLE_SVG_H

#include <stdio.h>

#include "grip.h"

/* Draws every command of frame on a width x height canvas, back to front: BOX as a filled
 * polygon (its colour picked by user_data), BORDER as a dashed closed polyline (dash_phase as
 * the dash offset; blue around one box, violet around a selection of several, box
 * GRIP_SELECTION), HANDLE as a white circle with a centre of its border's colour, INDICATOR and
 * GUIDE as polylines, OUTLINE as a thin solid blue closed polyline (a selected member; state
 * HOVER: lighter and dashed, left out when the box is already outlined or bordered), MARQUEE as
 * a translucent blue rectangle with a thin edge, GAP as a magenta segment with a tick across each
 * end. Kinds it does not know are skipped. A dashed border or outline with a vertex off the
 * canvas is written as the visible part of each edge, its dash offset carried from the whole
 * pattern (integrations/dashes/grip_dashes.h). Returns 0, or -1 when writing failed. */
int svg_write_frame(FILE *out, const grip_frame *frame, double width, double height);

/* The same into a file at path. */
int svg_save_frame(const char *path, const grip_frame *frame, double width, double height);

#endif
