/* grip_dashes.h: the visible dashes of a dashed polyline (a BORDER's marching ants), for renderers.
 *
 * A border's vertices are in screen space and may lie far outside the screen (a 1e9-unit box at
 * zoom): drawing every dash of it costs time and memory without bound. This header clips each
 * straight edge of the polyline to the visible rectangle (Liang-Barsky) and yields only the dashes
 * inside it, at the places the unclipped pattern puts them (the pattern's position is carried
 * along each full edge, so dashes do not move when the view pans), with every point it yields
 * finite and inside the rectangle. Work per edge is bounded: an edge's visible part is at most the
 * rectangle's diagonal long, and an edge that would show more than GRIP_DASHES_MAX_PER_EDGE dashes
 * (a pattern finer than the rectangle's diagonal over that count: below a pixel) is yielded as one
 * solid piece instead.
 *
 * Header only, C99 and C++11, no allocation, no global state: the examples (SDL, SVG) and the
 * Dear ImGui adapter include it. */
#ifndef GRIP_DASHES_H
#define GRIP_DASHES_H

#include <math.h>
#include <stddef.h>

#include "grip.h"

/* The most dashes one edge yields; beyond it the edge's visible part comes as one solid piece. */
#define GRIP_DASHES_MAX_PER_EDGE 4096

/* An axis-aligned rectangle of screen space: what is visible (usually outset by a stroke width or
 * two, so dashes ending just outside do not show cut ends). */
typedef struct grip_dashes_rect {
    double min_x, min_y, max_x, max_y;
} grip_dashes_rect;

/* Clips the line p(s) = (ax, ay) + s * (ux, uy), s from *s0 to *s1, to r (Liang-Barsky): narrows
 * [*s0, *s1] to the part inside r (edges included) and returns 1, or returns 0 when no part of it
 * is inside (then *s0 and *s1 are unspecified). Returns 0 for any non-finite input, a rectangle
 * with min above max, or *s0 > *s1. With (ux, uy) = (bx - ax, by - ay) and [0, 1] it clips the
 * segment a-b, giving the parameters of its visible part. */
static inline int grip_dashes_clip(double ax, double ay, double ux, double uy, const grip_dashes_rect *r, double *s0,
                                   double *s1) {
    /* p = -u and q = a - min for the min edges, p = u and q = max - a for the max edges: the line
     * is inside an edge where p * s <= q. */
    double p[4], q[4], lo = *s0, hi = *s1;
    int k;
    if (!isfinite(ax) || !isfinite(ay) || !isfinite(ux) || !isfinite(uy) || !isfinite(lo) || !isfinite(hi) ||
        !isfinite(r->min_x) || !isfinite(r->min_y) || !isfinite(r->max_x) || !isfinite(r->max_y))
        return 0;
    if (!(r->min_x <= r->max_x) || !(r->min_y <= r->max_y) || !(lo <= hi)) return 0;
    p[0] = -ux, q[0] = ax - r->min_x;
    p[1] = ux, q[1] = r->max_x - ax;
    p[2] = -uy, q[2] = ay - r->min_y;
    p[3] = uy, q[3] = r->max_y - ay;
    for (k = 0; k < 4; k++) {
        if (!isfinite(q[k])) return 0; /* a - min overflowed: a is beyond any screen */
        if (p[k] == 0) {
            if (q[k] < 0) return 0; /* parallel to this edge and outside it */
        } else {
            double s = q[k] / p[k];
            if (p[k] < 0) {
                if (s > lo) lo = s; /* entering */
            } else if (s < hi) {
                hi = s; /* leaving */
            }
        }
    }
    if (!(lo <= hi)) return 0;
    *s0 = lo;
    *s1 = hi;
    return 1;
}

/* Walks the visible dashes of a polyline: set up with grip_dashes_begin, then each call of
 * grip_dashes_next (dashes) or grip_dashes_span (the visible part of each edge) gives one piece
 * until it returns 0. The walk reads the vertices it was given, which must stay valid meanwhile. */
typedef struct grip_dashes {
    const grip_vec2 *v;
    size_t n, edges, next_edge;
    grip_dashes_rect clip;
    double on, period; /* period 0: solid, every edge's visible part is one piece */
    double pos;        /* where in the pattern the next edge starts, in [0, period) */
    /* The current edge's visible part: from p0 along the unit direction u for a length of len,
     * the pattern at position phase at p0; dash j of it starts at j * period - phase. */
    int active, solid;
    grip_vec2 p0;
    double ux, uy, len, phase;
    int j, dash_count;
} grip_dashes;

/* Sets up a walk over the n vertices at v (closed: the edge from the last back to the first
 * too), dashes on long with gaps off long, starting phase into the pattern at the first vertex
 * (SVG's stroke-dashoffset), clipped to clip. A pattern that is not two positive finite lengths
 * gives solid pieces (each edge's visible part); a non-finite phase counts as 0. Edges with a
 * non-finite vertex or no length are skipped and leave the pattern where it was. */
static inline void grip_dashes_begin(grip_dashes *w, const grip_vec2 *v, size_t n, int closed, double on, double off,
                                     double phase, grip_dashes_rect clip) {
    w->v = v;
    w->n = v ? n : 0;
    w->edges = w->n < 2 ? 0 : closed ? w->n
                                     : w->n - 1;
    w->next_edge = 0;
    w->clip = clip;
    w->active = 0;
    w->on = on;
    w->period = on + off;
    if (!(on > 0) || !(off > 0) || !isfinite(w->period)) w->period = 0;
    w->pos = 0;
    if (w->period > 0 && isfinite(phase)) {
        w->pos = fmod(phase, w->period);
        if (w->pos < 0) w->pos += w->period;
        if (!(w->pos < w->period)) w->pos = 0; /* -tiny + period rounds to period */
    }
}

/* Moves to the next edge with a visible part; 0 when there is none left. */
static inline int grip_dashes_edge(grip_dashes *w) {
    while (w->next_edge < w->edges) {
        const grip_vec2 a = w->v[w->next_edge], b = w->v[(w->next_edge + 1) % w->n];
        double dx = b.x - a.x, dy = b.y - a.y, len, s0, s1, start = w->pos, x, y;
        w->next_edge++;
        if (!isfinite(a.x) || !isfinite(a.y) || !isfinite(b.x) || !isfinite(b.y)) continue;
        len = hypot(dx, dy); /* no overflow where dx * dx would */
        if (!(len > 0) || !isfinite(len)) continue;
        if (w->period > 0) w->pos = fmod(w->pos + len, w->period);
        w->ux = dx / len;
        w->uy = dy / len;
        s0 = 0;
        s1 = len;
        if (!grip_dashes_clip(a.x, a.y, w->ux, w->uy, &w->clip, &s0, &s1)) continue;
        /* Points far outside come back inside the rectangle (up to rounding): keep them there. */
        x = a.x + w->ux * s0;
        y = a.y + w->uy * s0;
        w->p0.x = x < w->clip.min_x ? w->clip.min_x : x > w->clip.max_x ? w->clip.max_x
                                                                        : x;
        w->p0.y = y < w->clip.min_y ? w->clip.min_y : y > w->clip.max_y ? w->clip.max_y
                                                                        : y;
        w->len = s1 - s0;
        w->solid = 1;
        w->phase = 0;
        w->j = 0;
        w->dash_count = 1;
        if (w->period > 0) {
            double count;
            w->phase = fmod(start + s0, w->period);
            if (!(w->phase >= 0 && w->phase < w->period)) w->phase = 0;
            count = (w->len + w->phase) / w->period + 1; /* dashes starting before the end */
            if (count <= GRIP_DASHES_MAX_PER_EDGE) {
                w->solid = 0;
                w->dash_count = (int)count;
            }
        }
        w->active = 1;
        return 1;
    }
    return 0;
}

/* The point at distance s from the current edge's visible start, kept inside the rectangle. */
static inline grip_vec2 grip_dashes_at(const grip_dashes *w, double s) {
    grip_vec2 p;
    p.x = w->p0.x + w->ux * s;
    p.y = w->p0.y + w->uy * s;
    p.x = p.x < w->clip.min_x ? w->clip.min_x : p.x > w->clip.max_x ? w->clip.max_x
                                                                    : p.x;
    p.y = p.y < w->clip.min_y ? w->clip.min_y : p.y > w->clip.max_y ? w->clip.max_y
                                                                    : p.y;
    return p;
}

/* The next visible dash, from *from to *to (in the edge's direction; a piece of a dash where the
 * rectangle or the edge's end cuts it); 0 when the walk is over. */
static inline int grip_dashes_next(grip_dashes *w, grip_vec2 *from, grip_vec2 *to) {
    for (;;) {
        if (!w->active && !grip_dashes_edge(w)) return 0;
        if (w->solid) {
            w->active = 0;
            *from = grip_dashes_at(w, 0);
            *to = grip_dashes_at(w, w->len);
            return 1;
        }
        while (w->j < w->dash_count) {
            double s = w->j * w->period - w->phase, e = s + w->on;
            w->j++;
            if (s < 0) s = 0;
            if (e > w->len) e = w->len;
            if (e > s) {
                *from = grip_dashes_at(w, s);
                *to = grip_dashes_at(w, e);
                return 1;
            }
        }
        w->active = 0;
    }
}

/* The visible part of the next edge with one, from *from to *to, and where the pattern is at
 * *from (in [0, on + off), 0 for a solid pattern): for renderers that dash a line themselves,
 * such as SVG's stroke-dashoffset. 0 when the walk is over. Use either this or grip_dashes_next
 * on one walk, not both. */
static inline int grip_dashes_span(grip_dashes *w, grip_vec2 *from, grip_vec2 *to, double *phase) {
    if (!grip_dashes_edge(w)) return 0;
    w->active = 0;
    *from = grip_dashes_at(w, 0);
    *to = grip_dashes_at(w, w->len);
    *phase = w->period > 0 ? w->phase : 0;
    return 1;
}

#endif
