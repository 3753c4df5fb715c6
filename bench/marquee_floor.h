/* The marquee's C floor: what a marquee pointer move must do at the least, in plain C with no
 * engine. The boxes of a grid (box i centred at pitch * (i % side) + 5, pitch * (i / side) + 5,
 * `size` units square) sit in buckets of `cell`-unit cells by their lower corner; a move gathers
 * the boxes of the cells its rectangle can meet, tests each for overlap, and lists the boxes that
 * joined and left the picks against a mark per box. Not incremental: every move tests every box
 * near its rectangle, as a plain editor would. Used by bench/bench.c (row 11) and
 * bench/longcalls.c. */
#ifndef GRIP_BENCH_MARQUEE_FLOOR_H
#define GRIP_BENCH_MARQUEE_FLOOR_H
#include <stdlib.h>

typedef struct {
    double x0, y0, x1, y1;
} floor_rect;

typedef struct {
    int n, cells, nsel;
    double cell, size;
    unsigned stamp;
    floor_rect *r;
    int *head, *next, *joined, *left, *selected;
    unsigned *mark, *in;
} marquee_floor;

/* Fills `f` with the n boxes of a grid `side` boxes wide; marquee_floor_free gives the memory
 * back. Exits the process when memory runs out. */
static void marquee_floor_init(marquee_floor *f, int n, int side, double pitch, double size, double cell) {
    f->n = n, f->nsel = 0, f->cell = cell, f->size = size, f->stamp = 0;
    f->cells = (int)(pitch * side / cell) + 2;
    size_t cc = (size_t)f->cells * (size_t)f->cells;
    f->r = malloc(sizeof(floor_rect) * (size_t)n);
    f->head = malloc(sizeof(int) * cc), f->next = malloc(sizeof(int) * (size_t)n);
    f->joined = malloc(sizeof(int) * (size_t)n), f->left = malloc(sizeof(int) * (size_t)n);
    f->selected = malloc(sizeof(int) * (size_t)n);
    f->mark = calloc((size_t)n, sizeof(unsigned)), f->in = calloc((size_t)n, sizeof(unsigned));
    if (!f->r || !f->head || !f->next || !f->joined || !f->left || !f->selected || !f->mark || !f->in) {
        fprintf(stderr, "marquee floor: out of memory\n");
        exit(1);
    }
    for (size_t c = 0; c < cc; c++) f->head[c] = -1;
    for (int i = 0; i < n; i++) {
        double cx = pitch * (i % side) + 5, cy = pitch * (i / side) + 5;
        f->r[i] = (floor_rect){cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2};
        int gx = f->r[i].x0 < 0 ? 0 : (int)(f->r[i].x0 / cell), gy = f->r[i].y0 < 0 ? 0 : (int)(f->r[i].y0 / cell);
        int c = gy * f->cells + gx;
        f->next[i] = f->head[c];
        f->head[c] = i;
    }
}

/* One move to rectangle q: the picks become the boxes meeting it; returns how many joined and
 * left. */
static int marquee_floor_move(marquee_floor *f, floor_rect q) {
    unsigned stamp = ++f->stamp;
    int nj = 0, nl = 0;
    /* A box meeting q has its lower corner at most `size` below q's lower corner. */
    int cx0 = (int)((q.x0 - f->size) / f->cell), cy0 = (int)((q.y0 - f->size) / f->cell);
    int cx1 = (int)(q.x1 / f->cell), cy1 = (int)(q.y1 / f->cell);
    if (cx0 < 0) cx0 = 0;
    if (cy0 < 0) cy0 = 0;
    if (cx1 >= f->cells) cx1 = f->cells - 1;
    if (cy1 >= f->cells) cy1 = f->cells - 1;
    for (int cy = cy0; cy <= cy1; cy++)
        for (int cx = cx0; cx <= cx1; cx++)
            for (int i = f->head[cy * f->cells + cx]; i >= 0; i = f->next[i]) {
                const floor_rect *b = &f->r[i];
                if (b->x1 < q.x0 || b->x0 > q.x1 || b->y1 < q.y0 || b->y0 > q.y1) continue;
                f->mark[i] = stamp;
                if (!f->in[i]) f->in[i] = 1, f->joined[nj++] = i;
            }
    int kept = 0;
    for (int k = 0; k < f->nsel; k++) {
        int i = f->selected[k];
        if (f->mark[i] == stamp) f->selected[kept++] = i;
        else f->in[i] = 0, f->left[nl++] = i;
    }
    f->nsel = kept;
    for (int k = 0; k < nj; k++) f->selected[f->nsel++] = f->joined[k];
    return nj + nl;
}

static void marquee_floor_free(marquee_floor *f) {
    free(f->r), free(f->head), free(f->next), free(f->joined), free(f->left), free(f->selected);
    free(f->mark), free(f->in);
}
#endif
