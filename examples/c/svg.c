/* svg.c: one SVG element per frame command. */
#include "svg.h"

#include "../../integrations/dashes/grip_dashes.h"

static const char *const fills[] = {"#dbe7f5", "#f7dccb", "#d6efd9", "#eadcf5", "#f5efc8"};
static const char *const accent = "#2f7cf6"; /* one box's border and handles, member outlines */
static const char *const group = "#7048e8";  /* the selection's own border and handles (violet) */
static const char *const hover = "#7fadf8";  /* the outline of a hovered box: a lighter accent */
static const char *const gap = "#d6336c";    /* equal gaps and snapping guides (magenta) */

static void point(FILE *out, grip_affine m, double x, double y) {
    fprintf(out, "%.3f,%.3f ", m.a * x + m.c * y + m.tx, m.b * x + m.d * y + m.ty);
}

static void box(FILE *out, const grip_command *c) {
    const char *fill = fills[c->user_data % (sizeof fills / sizeof fills[0])];
    fprintf(out, "  <polygon points=\"");
    point(out, c->transform, 0, 0);
    point(out, c->transform, c->width, 0);
    point(out, c->transform, c->width, c->height);
    point(out, c->transform, 0, c->height);
    fprintf(out, "\" fill=\"%s\" stroke=\"#6b7785\" stroke-width=\"1\"/>\n", fill);
}

/* Whether the command's vertex range lies inside the frame's vertices (a bad one is skipped). */
static int has_vertices(const grip_frame *f, const grip_command *c, uint32_t at_least) {
    return c->vertex_count >= at_least && (size_t)c->first_vertex + c->vertex_count <= f->vertex_count;
}

/* The command's vertices as an open or closed polyline; style has the stroke and fill. */
static void polyline(FILE *out, const grip_frame *f, const grip_command *c, int closed, double width,
                     const char *style) {
    uint32_t i;
    if (!has_vertices(f, c, 1)) return;
    fprintf(out, "  <%s points=\"", closed ? "polygon" : "polyline");
    for (i = 0; i < c->vertex_count; i++) {
        const grip_vec2 *v = &f->vertices[c->first_vertex + i];
        fprintf(out, "%.3f,%.3f ", v->x, v->y);
    }
    fprintf(out, "\" stroke-width=\"%.3f\" stroke-linejoin=\"round\" %s/>\n", width, style);
}

/* A dashed closed polyline clipped to the canvas (outset by the stroke's width and a unit): drawn
 * whole when every vertex is on it, else as one line per edge's visible part, each with the dash
 * offset the whole pattern has where that part starts, so a border far larger than the canvas
 * writes what shows of it and nothing more. */
static void dashed(FILE *out, const grip_frame *f, const grip_command *c, double width, double canvas_w,
                   double canvas_h, double on, double off, double phase, const char *colour) {
    double m = (width > 0 && width < 1e4 ? width : 1) + 1, at;
    grip_dashes_rect r;
    grip_dashes w;
    grip_vec2 a, b;
    char style[160];
    uint32_t i;
    int inside = 1;
    if (!has_vertices(f, c, 2)) return;
    r.min_x = -m, r.min_y = -m, r.max_x = canvas_w + m, r.max_y = canvas_h + m;
    for (i = 0; i < c->vertex_count; i++) {
        const grip_vec2 *v = &f->vertices[c->first_vertex + i];
        if (!(v->x >= r.min_x && v->x <= r.max_x && v->y >= r.min_y && v->y <= r.max_y)) inside = 0;
    }
    if (inside) {
        snprintf(style, sizeof style, "fill=\"none\" stroke=\"%s\" stroke-dasharray=\"%g %g\" stroke-dashoffset=\"%.3f\"",
                 colour, on, off, phase);
        polyline(out, f, c, 1, width, style);
        return;
    }
    grip_dashes_begin(&w, f->vertices + c->first_vertex, c->vertex_count, 1, on, off, phase, r);
    while (grip_dashes_span(&w, &a, &b, &at))
        fprintf(out,
                "  <line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\" fill=\"none\" stroke=\"%s\" "
                "stroke-width=\"%.3f\" stroke-dasharray=\"%g %g\" stroke-dashoffset=\"%.3f\"/>\n",
                a.x, a.y, b.x, b.y, colour, width, on, off, at);
}

static double stroke(const grip_command *c, double fallback) {
    return c->stroke_width > 0 ? c->stroke_width : fallback;
}

/* The command's stroke width, at least min (a 1-unit line reads poorly against a box's edge). */
static double wide(const grip_command *c, double min) {
    return c->stroke_width > min ? c->stroke_width : min;
}

static void handle(FILE *out, const grip_command *c) {
    fprintf(out, "  <circle cx=\"%.3f\" cy=\"%.3f\" r=\"%.3f\" fill=\"white\" stroke=\"#5a6470\" stroke-width=\"1\"/>\n",
            c->center.x, c->center.y, c->radius);
    fprintf(out, "  <circle cx=\"%.3f\" cy=\"%.3f\" r=\"%.3f\" fill=\"%s\"/>\n", c->center.x, c->center.y,
            c->inner_radius, c->box == GRIP_SELECTION ? group : accent);
}

/* An equal gap: the segment between its two ends, with a short tick across each end (the
 * "gap-tick" marker, turned along the segment by the SVG renderer). */
static void gap_mark(FILE *out, const grip_frame *f, const grip_command *c) {
    const grip_vec2 *a, *b;
    if (!has_vertices(f, c, 2)) return;
    a = &f->vertices[c->first_vertex];
    b = &f->vertices[c->first_vertex + 1];
    fprintf(out,
            "  <line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\" stroke=\"%s\" stroke-width=\"%.3f\" "
            "marker-start=\"url(#gap-tick)\" marker-end=\"url(#gap-tick)\"/>\n",
            a->x, a->y, b->x, b->y, gap, stroke(c, 1));
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

int svg_write_frame(FILE *out, const grip_frame *f, double width, double height) {
    size_t i;
    char style[160];
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" viewBox=\"0 0 %g %g\">\n",
            width, height, width, height);
    /* A tick 10 units long across the end of a line, whatever its stroke width and direction. */
    fprintf(out, "  <defs><marker id=\"gap-tick\" markerUnits=\"userSpaceOnUse\" markerWidth=\"2\" "
                 "markerHeight=\"12\" refX=\"1\" refY=\"6\" orient=\"auto\"><path d=\"M1,1 L1,11\" "
                 "stroke=\"%s\" stroke-width=\"1.5\"/></marker></defs>\n",
            gap);
    fprintf(out, "  <rect width=\"100%%\" height=\"100%%\" fill=\"#f4f5f7\"/>\n");
    for (i = 0; i < f->command_count; i++) {
        const grip_command *c = &f->commands[i];
        switch (c->kind) {
        case GRIP_CMD_BOX: box(out, c); break;
        case GRIP_CMD_BORDER:
            /* The selection's border in its own colour, so a group reads apart from one box. */
            dashed(out, f, c, stroke(c, 1), width, height, c->dash_on, c->dash_off, c->dash_phase,
                   c->box == GRIP_SELECTION ? group : accent);
            break;
        case GRIP_CMD_HANDLE: handle(out, c); break;
        case GRIP_CMD_INDICATOR:
            polyline(out, f, c, 0, stroke(c, 1), "fill=\"none\" stroke=\"#e8590c\" stroke-linecap=\"round\"");
            break;
        case GRIP_CMD_GUIDE: polyline(out, f, c, 0, stroke(c, 1), "fill=\"none\" stroke=\"#d6336c\""); break;
        case GRIP_CMD_OUTLINE:
            /* A selected member: a thin solid accent line; the hovered box (when nothing marks it yet):
             * lighter and dashed. */
            if (c->state & GRIP_STATE_HOVER) {
                if (marked(f, c->box)) break;
                dashed(out, f, c, wide(c, 1.5), width, height, 4, 3, 0, hover);
            } else {
                snprintf(style, sizeof style, "fill=\"none\" stroke=\"%s\"", accent);
                polyline(out, f, c, 1, wide(c, 1.5), style);
            }
            break;
        case GRIP_CMD_MARQUEE:
            snprintf(style, sizeof style, "fill=\"%s\" fill-opacity=\"0.12\" stroke=\"%s\"", accent, accent);
            polyline(out, f, c, 1, stroke(c, 1), style);
            break;
        case GRIP_CMD_GAP: gap_mark(out, f, c); break;
        default: break; /* kinds only grow: skip what this writer does not know */
        }
    }
    fprintf(out, "</svg>\n");
    return ferror(out) ? -1 : 0;
}

int svg_save_frame(const char *path, const grip_frame *frame, double width, double height) {
    FILE *out = fopen(path, "w");
    int r;
    if (out == NULL) return -1;
    r = svg_write_frame(out, frame, width, height);
    if (fclose(out) != 0) r = -1;
    return r;
}
