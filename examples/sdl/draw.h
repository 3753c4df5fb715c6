/* draw.h: draws a grip_frame with SDL2's 2D renderer; the part of the demo a game would copy.
 * Everything is triangles through SDL_RenderGeometry: boxes as two triangles from the BOX
 * transform, strokes as quads with round joins, marks as triangle fans. */
#ifndef GRIP_SDL_DRAW_H
#define GRIP_SDL_DRAW_H

#include <SDL.h>

#include <grip.h>

/* What a BOX command's content looks like; the host decides (here: from user_data). */
typedef struct draw_box_style {
    SDL_Color top, bottom; /* vertical gradient, in box space */
    SDL_Texture *texture;  /* when not NULL: drawn over (0,0)-(width,height), colours ignored */
} draw_box_style;

typedef void (*draw_box_style_fn)(const grip_command *box, draw_box_style *style, void *context);

/* The background: a light canvas with a grid, the root bounds' edge. */
void draw_background(SDL_Renderer *r, int width, int height);
/* Every command of frame, back to front; kinds this renderer does not know are skipped.
 * Borders are marching ants (blue around one box, violet around a selection of several: box
 * GRIP_SELECTION, whose handles have violet centres), OUTLINE a solid blue line around a selected
 * member (state HOVER: a lighter dashed one around the box under a hovering pointer, unless the
 * box is already outlined or bordered), MARQUEE a translucent blue rectangle with a thin edge,
 * GAP a magenta segment with a tick across each end. */
void draw_frame(SDL_Renderer *r, const grip_frame *frame, draw_box_style_fn style, void *context);

/* Primitives (screen coordinates). Lines are clipped to the renderer's viewport (outset by their
 * width): draw_dashed draws only the visible dashes (integrations/dashes/grip_dashes.h), and
 * draw_polyline with a vertex farther off screen than the screen's size only its visible parts. */
void draw_disc(SDL_Renderer *r, float cx, float cy, float radius, SDL_Color c);
void draw_polyline(SDL_Renderer *r, const grip_vec2 *v, size_t n, int closed, float width, SDL_Color c);
void draw_dashed(SDL_Renderer *r, const grip_vec2 *v, size_t n, int closed, float width, double on, double off,
                 double phase, SDL_Color c);
/* Flushes the triangles gathered so far (draw_frame does it at the end). */
void draw_flush(SDL_Renderer *r);

#endif
