/* svg.h: writes a grip_frame as an SVG picture, for examples and eyeballing. */
#ifndef GRIP_EXAMPLE_SVG_H
#define GRIP_EXAMPLE_SVG_H

#include <stdio.h>

#include "grip.h"

/* Draws every command of frame on a width x height canvas, back to front: BOX as a filled
 * polygon (its colour picked by user_data), BORDER as a dashed closed polyline (dash_phase as
 * the dash offset), HANDLE as a white circle with an accent centre, INDICATOR and GUIDE as
 * polylines. Kinds it does not know are skipped. Returns 0, or -1 when writing failed. */
int svg_write_frame(FILE *out, const grip_frame *frame, double width, double height);

/* The same into a file at path. */
int svg_save_frame(const char *path, const grip_frame *frame, double width, double height);

#endif
