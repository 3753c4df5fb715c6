/* svg.c: one SVG element per frame command. */
#include "svg.h"

static const char *const fills[] = {"#dbe7f5", "#f7dccb", "#d6efd9", "#eadcf5", "#f5efc8"};
static const char *const accent = "#2f7cf6";

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

static void polyline(FILE *out, const grip_frame *f, const grip_command *c, int closed, const char *style) {
    uint32_t i;
    if (c->vertex_count == 0 || (size_t)c->first_vertex + c->vertex_count > f->vertex_count) return;
    fprintf(out, "  <polyline points=\"");
    for (i = 0; i < c->vertex_count; i++) {
        const grip_vec2 *v = &f->vertices[c->first_vertex + i];
        fprintf(out, "%.3f,%.3f ", v->x, v->y);
    }
    if (closed) fprintf(out, "%.3f,%.3f", f->vertices[c->first_vertex].x, f->vertices[c->first_vertex].y);
    fprintf(out, "\" fill=\"none\" stroke-width=\"%.3f\" %s/>\n", c->stroke_width > 0 ? c->stroke_width : 1, style);
}

static void handle(FILE *out, const grip_command *c) {
    fprintf(out, "  <circle cx=\"%.3f\" cy=\"%.3f\" r=\"%.3f\" fill=\"white\" stroke=\"#5a6470\" stroke-width=\"1\"/>\n",
            c->center.x, c->center.y, c->radius);
    fprintf(out, "  <circle cx=\"%.3f\" cy=\"%.3f\" r=\"%.3f\" fill=\"%s\"/>\n", c->center.x, c->center.y,
            c->inner_radius, accent);
}

int svg_write_frame(FILE *out, const grip_frame *f, double width, double height) {
    size_t i;
    char dashed[128];
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" viewBox=\"0 0 %g %g\">\n",
            width, height, width, height);
    fprintf(out, "  <rect width=\"100%%\" height=\"100%%\" fill=\"#f4f5f7\"/>\n");
    for (i = 0; i < f->command_count; i++) {
        const grip_command *c = &f->commands[i];
        switch (c->kind) {
        case GRIP_CMD_BOX: box(out, c); break;
        case GRIP_CMD_BORDER:
            snprintf(dashed, sizeof dashed,
                     "stroke=\"%s\" stroke-dasharray=\"%g %g\" stroke-dashoffset=\"%.3f\"", accent,
                     c->dash_on, c->dash_off, c->dash_phase);
            polyline(out, f, c, 1, dashed);
            break;
        case GRIP_CMD_HANDLE: handle(out, c); break;
        case GRIP_CMD_INDICATOR: polyline(out, f, c, 0, "stroke=\"#e8590c\" stroke-linecap=\"round\""); break;
        case GRIP_CMD_GUIDE: polyline(out, f, c, 0, "stroke=\"#d6336c\""); break;
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
