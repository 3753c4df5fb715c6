/* draw.c: see draw.h. */
#include "draw.h"

#include <math.h>
#include <stdlib.h>

#include "../../integrations/dashes/grip_dashes.h"

#define PI 3.14159265358979323846

static const SDL_Color accent = {47, 124, 246, 255}; /* #2f7cf6, the handles' and ants' blue */
static const SDL_Color white = {255, 255, 255, 255};
static const SDL_Color rim = {90, 100, 112, 255};         /* handle outline */
static const SDL_Color outline = {107, 119, 133, 255};    /* box edge */
static const SDL_Color indicator = {232, 89, 12, 255};    /* long-press progress, orange */
static const SDL_Color guide = {214, 51, 108, 255};       /* snapping guides and equal gaps, magenta */
static const SDL_Color group = {112, 72, 232, 255};       /* #7048e8: the selection's own border and handles */
static const SDL_Color hover = {127, 173, 248, 255};      /* the outline of a hovered box: a lighter accent */
static const SDL_Color marquee_fill = {47, 124, 246, 36}; /* the marquee: the accent, translucent */
/* Other peers (PEER_* commands): the colour number the host gave (user_data) picks one of these. */
static const SDL_Color peers[6] = {{230, 73, 128, 255}, {18, 184, 134, 255}, {250, 176, 5, 255}, {121, 80, 242, 255}, {34, 139, 230, 255}, {253, 126, 20, 255}};

/* Triangles are gathered here and drawn in order, in as few SDL calls as possible. */
static SDL_Vertex *tris;
static int tri_count, tri_cap;

static void vertex(float x, float y, SDL_Color c) {
    if (tri_count == tri_cap) {
        int cap = tri_cap ? tri_cap * 2 : 4096;
        SDL_Vertex *grown = realloc(tris, (size_t)cap * sizeof *grown);
        if (!grown) return;
        tris = grown;
        tri_cap = cap;
    }
    tris[tri_count].position.x = x;
    tris[tri_count].position.y = y;
    tris[tri_count].color = c;
    tris[tri_count].tex_coord.x = 0;
    tris[tri_count].tex_coord.y = 0;
    tri_count++;
}

void draw_flush(SDL_Renderer *r) {
    if (tri_count >= 3) SDL_RenderGeometry(r, NULL, tris, tri_count - tri_count % 3, NULL, 0);
    tri_count = 0;
}

static void quad(float x0, float y0, float x1, float y1, float x2, float y2, float x3, float y3, SDL_Color c) {
    vertex(x0, y0, c), vertex(x1, y1, c), vertex(x2, y2, c);
    vertex(x0, y0, c), vertex(x2, y2, c), vertex(x3, y3, c);
}

void draw_disc(SDL_Renderer *r, float cx, float cy, float radius, SDL_Color c) {
    int i, n = (int)(radius * 2.5f);
    (void)r;
    if (radius <= 0) return;
    if (n < 12) n = 12;
    if (n > 64) n = 64;
    for (i = 0; i < n; i++) {
        double a0 = 2 * PI * i / n, a1 = 2 * PI * (i + 1) / n;
        vertex(cx, cy, c);
        vertex(cx + radius * (float)cos(a0), cy + radius * (float)sin(a0), c);
        vertex(cx + radius * (float)cos(a1), cy + radius * (float)sin(a1), c);
    }
}

/* A straight stroke of the given width, square ends. */
static void segment(double x0, double y0, double x1, double y1, float width, SDL_Color c) {
    double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy), nx, ny;
    if (len < 1e-9) return;
    nx = -dy / len * width / 2;
    ny = dx / len * width / 2;
    quad((float)(x0 + nx), (float)(y0 + ny), (float)(x1 + nx), (float)(y1 + ny), (float)(x1 - nx), (float)(y1 - ny),
         (float)(x0 - nx), (float)(y0 - ny), c);
}

/* What the renderer shows, in drawing coordinates, outset by a stroke's width and a pixel. */
static grip_dashes_rect visible(SDL_Renderer *r, float width) {
    SDL_Rect view = {0, 0, 0, 0};
    double m = (width > 0 && width < 1e4f ? width : 1) + 1.0;
    grip_dashes_rect out;
    SDL_RenderGetViewport(r, &view);
    out.min_x = -m;
    out.min_y = -m;
    out.max_x = view.w + m;
    out.max_y = view.h + m;
    return out;
}

void draw_dashed(SDL_Renderer *r, const grip_vec2 *v, size_t n, int closed, float width, double on, double off,
                 double phase, SDL_Color c) {
    grip_dashes w;
    grip_vec2 a, b;
    /* Only the dashes on screen, where the whole pattern puts them (dash_phase, as SVG's
     * stroke-dashoffset, at the first vertex); a pattern that is not two positive lengths: solid. */
    grip_dashes_begin(&w, v, n, closed, on, off, phase, visible(r, width));
    while (grip_dashes_next(&w, &a, &b)) segment(a.x, a.y, b.x, b.y, width, c);
}

void draw_polyline(SDL_Renderer *r, const grip_vec2 *v, size_t n, int closed, float width, SDL_Color c) {
    size_t i;
    grip_dashes_rect view = visible(r, width);
    double near_x = view.max_x - view.min_x + 64, near_y = view.max_y - view.min_y + 64;
    if (n < 2) return;
    /* Far outside the screen (farther than its size): each edge's visible part only. */
    for (i = 0; i < n; i++)
        if (!(v[i].x >= view.min_x - near_x && v[i].x <= view.max_x + near_x && v[i].y >= view.min_y - near_y &&
              v[i].y <= view.max_y + near_y)) {
            draw_dashed(r, v, n, closed, width, 0, 0, 0, c);
            return;
        }
    for (i = 0; i + 1 < n; i++) segment(v[i].x, v[i].y, v[i + 1].x, v[i + 1].y, width, c);
    if (closed) segment(v[n - 1].x, v[n - 1].y, v[0].x, v[0].y, width, c);
    if (width > 2) /* round joins (and caps) so thick curves have no notches */
        for (i = 0; i < n; i++) draw_disc(r, (float)v[i].x, (float)v[i].y, width / 2, c);
}

void draw_background(SDL_Renderer *r, int width, int height) {
    static const SDL_Color grid = {228, 231, 236, 255};
    int x, y;
    SDL_SetRenderDrawColor(r, 244, 245, 247, 255);
    SDL_RenderClear(r);
    for (x = 0; x <= width; x += 32) quad((float)x, 0, (float)x + 1, 0, (float)x + 1, (float)height, (float)x, (float)height, grid);
    for (y = 0; y <= height; y += 32) quad(0, (float)y, (float)width, (float)y, (float)width, (float)y + 1, 0, (float)y + 1, grid);
    draw_flush(r);
}

static void apply(const grip_affine *m, double x, double y, float *ox, float *oy) {
    *ox = (float)(m->a * x + m->c * y + m->tx);
    *oy = (float)(m->b * x + m->d * y + m->ty);
}

/* Whether the frame being drawn marks hover with an OUTLINE (pointer selection): then a box's own
 * edge stays plain, so the two marks do not sit on top of each other. */
static int hover_outlined;

static void draw_box(SDL_Renderer *r, const grip_command *c, draw_box_style_fn style_fn, void *context) {
    int hovered = (c->state & GRIP_STATE_HOVER) && !hover_outlined;
    draw_box_style style = {{219, 231, 245, 255}, {190, 208, 232, 255}, NULL};
    grip_vec2 corner[4];
    SDL_Vertex q[6];
    static const int order[6] = {0, 1, 2, 0, 2, 3};
    static const float u[4] = {0, 1, 1, 0}, w[4] = {0, 0, 1, 1};
    int i;
    if (style_fn) style_fn(c, &style, context);
    for (i = 0; i < 4; i++) {
        float x, y;
        apply(&c->transform, u[i] * c->width, w[i] * c->height, &x, &y);
        corner[i].x = x;
        corner[i].y = y;
    }
    /* A soft shadow under the active box, then the content: two triangles. */
    if (c->state & GRIP_STATE_ACTIVE) {
        static const SDL_Color shadow = {0, 0, 0, 40};
        quad((float)corner[0].x + 4, (float)corner[0].y + 6, (float)corner[1].x + 4, (float)corner[1].y + 6,
             (float)corner[2].x + 4, (float)corner[2].y + 6, (float)corner[3].x + 4, (float)corner[3].y + 6, shadow);
    }
    for (i = 0; i < 6; i++) {
        int k = order[i];
        q[i].position.x = (float)corner[k].x;
        q[i].position.y = (float)corner[k].y;
        q[i].color = style.texture ? white : (w[k] == 0 ? style.top : style.bottom);
        q[i].tex_coord.x = u[k];
        q[i].tex_coord.y = w[k];
    }
    if (style.texture) {
        draw_flush(r);
        SDL_RenderGeometry(r, style.texture, q, 6, NULL, 0);
    } else {
        for (i = 0; i < 6; i++) vertex(q[i].position.x, q[i].position.y, q[i].color);
    }
    draw_polyline(r, corner, 4, 1, hovered ? 2.0f : 1.0f, hovered ? accent : outline);
}

static void draw_handle(SDL_Renderer *r, const grip_command *c) {
    float x = (float)c->center.x, y = (float)c->center.y;
    float outer = c->radius > 0 ? (float)c->radius : 5, inner = c->inner_radius > 0 ? (float)c->inner_radius : 3;
    SDL_Color centre = c->box == GRIP_SELECTION ? group : accent; /* the selection's handles in its colour */
    if (c->state & (GRIP_STATE_HOVER | GRIP_STATE_ACTIVE)) {
        SDL_Color halo = centre;
        halo.a = (c->state & GRIP_STATE_ACTIVE) ? 110 : 60;
        draw_disc(r, x, y, outer + 5, halo);
    }
    draw_disc(r, x, y, outer + 1, rim); /* a thin rim so white reads on white */
    draw_disc(r, x, y, outer, white);   /* the handle mark: outer white circle, radius 5 */
    draw_disc(r, x, y, inner, centre);  /* and the accent-coloured centre, radius 3 */
}

/* The marquee: a translucent fill (a fan over its convex outline) under a thin accent edge. */
static void draw_marquee(SDL_Renderer *r, const grip_vec2 *v, size_t n) {
    size_t i;
    for (i = 1; i + 1 < n; i++) {
        vertex((float)v[0].x, (float)v[0].y, marquee_fill);
        vertex((float)v[i].x, (float)v[i].y, marquee_fill);
        vertex((float)v[i + 1].x, (float)v[i + 1].y, marquee_fill);
    }
    draw_polyline(r, v, n, 1, 1, accent);
}

/* An equal gap: the segment between its two ends and a short tick across each end. */
static void draw_gap(const grip_vec2 *v, float width) {
    double dx = v[1].x - v[0].x, dy = v[1].y - v[0].y, len = sqrt(dx * dx + dy * dy), nx, ny;
    int i;
    if (len < 1e-9) return;
    nx = -dy / len * 5; /* ticks 10 pixels long */
    ny = dx / len * 5;
    segment(v[0].x, v[0].y, v[1].x, v[1].y, width, guide);
    for (i = 0; i < 2; i++) segment(v[i].x - nx, v[i].y - ny, v[i].x + nx, v[i].y + ny, width, guide);
}

/* Whether the frame already marks box with a member OUTLINE or its own BORDER: then the hover
 * outline would only sit on top of that mark, and is left out. */
static int marked(const grip_frame *f, grip_box box) {
    size_t i;
    for (i = 0; i < f->command_count; i++) {
        const grip_command *c = &f->commands[i];
        if (c->box == box && (c->kind == GRIP_CMD_BORDER || (c->kind == GRIP_CMD_OUTLINE && !(c->state & GRIP_STATE_HOVER))))
            return 1;
    }
    return 0;
}

void draw_frame(SDL_Renderer *r, const grip_frame *f, draw_box_style_fn style_fn, void *context) {
    size_t i;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    hover_outlined = 0;
    for (i = 0; i < f->command_count; i++)
        if (f->commands[i].kind == GRIP_CMD_OUTLINE && (f->commands[i].state & GRIP_STATE_HOVER)) hover_outlined = 1;
    for (i = 0; i < f->command_count; i++) {
        const grip_command *c = &f->commands[i];
        const grip_vec2 *v = NULL;
        float stroke = c->stroke_width > 0 ? (float)c->stroke_width : 1;
        /* Polylines are ranges of the shared vertex array; a bad range is skipped, never read. */
        if (c->kind == GRIP_CMD_BORDER || c->kind == GRIP_CMD_INDICATOR || c->kind == GRIP_CMD_GUIDE ||
            c->kind == GRIP_CMD_OUTLINE || c->kind == GRIP_CMD_MARQUEE || c->kind == GRIP_CMD_GAP ||
            c->kind == GRIP_CMD_PEER_OUTLINE || c->kind == GRIP_CMD_PEER_LIVE) {
            if ((size_t)c->first_vertex + c->vertex_count > f->vertex_count) continue;
            v = f->vertices + c->first_vertex;
        }
        switch (c->kind) {
        case GRIP_CMD_BOX: draw_box(r, c, style_fn, context); break;
        case GRIP_CMD_BORDER:
            /* Marching ants: a white line, dashes on top advancing with dash_phase (at least 1.5
             * pixels wide: a 1-pixel dash on a photo is hard to see). */
            if (stroke < 1.5f) stroke = 1.5f;
            draw_polyline(r, v, c->vertex_count, 1, stroke, white);
            draw_dashed(r, v, c->vertex_count, 1, stroke, c->dash_on, c->dash_off, c->dash_phase,
                        c->box == GRIP_SELECTION ? group : accent); /* a group's border in its own colour */
            break;
        case GRIP_CMD_HANDLE: draw_handle(r, c); break;
        case GRIP_CMD_INDICATOR: draw_polyline(r, v, c->vertex_count, 0, stroke < 4 ? 4 : stroke, indicator); break;
        case GRIP_CMD_GUIDE: draw_dashed(r, v, c->vertex_count, 0, stroke < 1.5f ? 1.5f : stroke, 8, 4, 0, guide); break;
        case GRIP_CMD_OUTLINE:
            /* A selected member: a solid accent line; the box under a hovering pointer (when nothing
             * marks it yet): lighter, dashed. */
            if (stroke < 1.5f) stroke = 1.5f;
            if (c->state & GRIP_STATE_HOVER) {
                if (!marked(f, c->box)) draw_dashed(r, v, c->vertex_count, 1, stroke, 5, 4, 0, hover);
            } else draw_polyline(r, v, c->vertex_count, 1, stroke, accent);
            break;
        case GRIP_CMD_MARQUEE: draw_marquee(r, v, c->vertex_count); break;
        case GRIP_CMD_GAP:
            if (c->vertex_count >= 2) draw_gap(v, stroke < 1.5f ? 1.5f : stroke);
            break;
        case GRIP_CMD_PEER_OUTLINE: /* another peer's selection: solid, in its colour */
            draw_polyline(r, v, c->vertex_count, 1, 2, peers[c->user_data % 6]);
            break;
        case GRIP_CMD_PEER_LIVE: /* where another peer's gesture has a box: dashed, in its colour */
            draw_dashed(r, v, c->vertex_count, 1, 2, 6, 4, 0, peers[c->user_data % 6]);
            break;
        case GRIP_CMD_PEER_CURSOR: { /* another peer's pointer: an arrowhead at center */
            const SDL_Color k = peers[c->user_data % 6];
            double x = c->center.x, y = c->center.y;
            segment(x, y, x, y + 14, 2, k);
            segment(x, y, x + 10, y + 10, 2, k);
            segment(x, y + 14, x + 10, y + 10, 2, k);
            break;
        }
        default: break; /* kinds only grow: skip what this renderer does not know */
        }
    }
    draw_flush(r);
}
