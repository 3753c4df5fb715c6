/* suite_dashes.c: the renderers' dash clipping (integrations/dashes/grip_dashes.h): Liang-Barsky
 * against hand-worked parameters, and the visible dashes of long borders against the unclipped
 * pattern worked out in closed form. */
#include <math.h>

#include "../../integrations/dashes/grip_dashes.h"
#include "check.h"
#include "suites.h"

/* The screen of these tests: 800 x 600 from the origin. */
static const grip_dashes_rect screen = {0, 0, 800, 600};

/* Clips segment a-b to r; returns whether a part is inside, its parameters in t0 and t1. */
static int clip(grip_vec2 a, grip_vec2 b, grip_dashes_rect r, double *t0, double *t1) {
    *t0 = 0;
    *t1 = 1;
    return grip_dashes_clip(a.x, a.y, b.x - a.x, b.y - a.y, &r, t0, t1);
}

static grip_vec2 v2(double x, double y) {
    grip_vec2 p;
    p.x = x;
    p.y = y;
    return p;
}

static void segment_clips(void) {
    const grip_dashes_rect r = {0, 0, 100, 50};
    double t0, t1;
    /* inside: the whole segment */
    CHECK(clip(v2(10, 10), v2(30, 20), r, &t0, &t1));
    CHECK(t0 == 0 && t1 == 1);
    /* on an edge counts as inside */
    CHECK(clip(v2(0, 0), v2(100, 0), r, &t0, &t1));
    CHECK(t0 == 0 && t1 == 1);
    /* outside: beside the rectangle, parallel above it, and past a corner (x = 100 is left at
     * 1/3, before y = 0 is entered at 2/3) */
    CHECK(!clip(v2(150, 10), v2(200, 20), r, &t0, &t1));
    CHECK(!clip(v2(-10, -5), v2(110, -5), r, &t0, &t1));
    CHECK(!clip(v2(90, -20), v2(120, 10), r, &t0, &t1));
    /* crossing one edge: x = 100 halfway from 50 to 150 */
    CHECK(clip(v2(50, 25), v2(150, 25), r, &t0, &t1));
    CHECK(t0 == 0 && t1 == 0.5);
    /* crossing two: x = 0 at a quarter, x = 100 at three quarters */
    CHECK(clip(v2(-50, 25), v2(150, 25), r, &t0, &t1));
    CHECK(t0 == 0.25 && t1 == 0.75);
    /* backwards: the same part, from the other end */
    CHECK(clip(v2(150, 25), v2(-50, 25), r, &t0, &t1));
    CHECK(t0 == 0.25 && t1 == 0.75);
    /* diagonal from (-10, -10) by (120, 70): x enters at 1/12, y at 1/7 (the later); x leaves at
     * 11/12, y at 6/7 (the earlier): from (-10 + 120/7, 0) to (-10 + 720/7, 50) */
    CHECK(clip(v2(-10, -10), v2(110, 60), r, &t0, &t1));
    CHECK_NEAR(t0, 1.0 / 7, 1e-15);
    CHECK_NEAR(t1, 6.0 / 7, 1e-15);
    CHECK_NEAR(-10 + 120 * t0, 7.142857142857143, 1e-12);
    CHECK_NEAR(-10 + 70 * t0, 0, 1e-12);
    CHECK_NEAR(-10 + 120 * t1, 92.85714285714286, 1e-12);
    CHECK_NEAR(-10 + 70 * t1, 50, 1e-12);
    /* degenerate: a point inside is itself, outside nothing */
    CHECK(clip(v2(5, 5), v2(5, 5), r, &t0, &t1));
    CHECK(t0 == 0 && t1 == 1);
    CHECK(!clip(v2(-5, 5), v2(-5, 5), r, &t0, &t1));
    /* non-finite: nothing, whatever else is right */
    CHECK(!clip(v2(NAN, 5), v2(50, 5), r, &t0, &t1));
    CHECK(!clip(v2(5, 5), v2(50, INFINITY), r, &t0, &t1));
    CHECK(!clip(v2(-INFINITY, 5), v2(INFINITY, 5), r, &t0, &t1));
    {
        grip_dashes_rect bad = {0, 0, NAN, 50}, upside = {100, 0, 0, 50};
        CHECK(!clip(v2(10, 10), v2(30, 20), bad, &t0, &t1));
        CHECK(!clip(v2(10, 10), v2(30, 20), upside, &t0, &t1));
    }
    /* enormous but finite: a - min overflows to infinity, refused rather than guessed */
    CHECK(!clip(v2(-1.7e308, 25), v2(1.7e308, 25), r, &t0, &t1));
    /* 1e9 long through the rectangle: x = 0 and x = 100 at 1e9 / 2e9 and (1e9 + 100) / 2e9 */
    CHECK(clip(v2(-1e9, 25), v2(1e9, 25), r, &t0, &t1));
    CHECK(t0 == 0.5 && t1 == (1e9 + 100) / 2e9);
}

/* Up to max dashes of a walk into out; returns how many the walk gave (even past max). */
static int walk(const grip_vec2 *v, size_t n, int closed, double on, double off, double phase, grip_dashes_rect r,
                grip_vec2 (*out)[2], int max) {
    grip_dashes w;
    grip_vec2 a, b;
    int count = 0;
    grip_dashes_begin(&w, v, n, closed, on, off, phase, r);
    while (grip_dashes_next(&w, &a, &b)) {
        if (count < max) out[count][0] = a, out[count][1] = b;
        count++;
        if (count > 1000000) break; /* a runaway walk fails below instead of hanging */
    }
    return count;
}

/* The unclipped pattern along the horizontal edge from (x0, y) to (x1, y), the pattern at pos at
 * x0: dash k covers distances k * period - pos to that + on along the edge (cut by its ends);
 * each dash's part with x in [lo, hi], when it has a length, goes into out. Returns how many. */
static int reference(double x0, double x1, double y, double on, double off, double pos, double lo, double hi,
                     grip_vec2 (*out)[2], int max) {
    const double period = on + off, len = fabs(x1 - x0), dir = x1 > x0 ? 1 : -1;
    double k;
    int count = 0;
    (void)y;
    for (k = 0; k * period - pos < len; k++) {
        double s = k * period - pos, e = s + on, xa, xb, l, h;
        if (s < 0) s = 0;
        if (e > len) e = len;
        if (!(e > s)) continue;
        xa = x0 + dir * s, xb = x0 + dir * e;
        l = xa < xb ? xa : xb, h = xa < xb ? xb : xa;
        if (h < lo || l > hi) continue;
        if (l < lo) l = lo;
        if (h > hi) h = hi;
        if (!(h > l)) continue; /* touching the screen's edge only: nothing shows */
        if (count < max) {
            out[count][0] = v2(dir > 0 ? l : h, y);
            out[count][1] = v2(dir > 0 ? h : l, y);
        }
        count++;
    }
    return count;
}

static int same(grip_vec2 (*a)[2], grip_vec2 (*b)[2], int n) {
    int i, k;
    for (i = 0; i < n; i++)
        for (k = 0; k < 2; k++)
            if (a[i][k].x != b[i][k].x || a[i][k].y != b[i][k].y) return 0;
    return 1;
}

static grip_vec2 got[8192][2], want[8192][2];

static void visible_dashes(void) {
    /* 100 units on screen, on 6, off 6: [0,6] [12,18] ... [96,100] (9); from phase 3, [0,3] [9,15]
     * ... [93,99] (9); from phase 6 (or 6 + 12000: modulo the period), [6,12] ... [90,96] (8) */
    grip_vec2 line[3] = {{0, 10}, {100, 10}, {NAN, 0}};
    CHECK_INT(walk(line, 2, 0, 6, 6, 0, screen, got, 8192), 9);
    CHECK(got[0][0].x == 0 && got[0][1].x == 6 && got[8][0].x == 96 && got[8][1].x == 100);
    CHECK_INT(walk(line, 2, 0, 6, 6, 3, screen, got, 8192), 9);
    CHECK(got[0][1].x == 3 && got[1][0].x == 9 && got[8][1].x == 99);
    CHECK_INT(walk(line, 2, 0, 6, 6, 6 + 12 * 1000, screen, got, 8192), 8);
    CHECK(got[0][0].x == 6 && got[7][1].x == 96);
    CHECK_INT(walk(line, 2, 0, 6, 6, -6, screen, got, 8192), 8);
    /* an edge to a NaN vertex, a repeated vertex, or with a NaN phase changes nothing */
    CHECK_INT(walk(line, 3, 0, 6, 6, 0, screen, got, 8192), 9);
    {
        grip_vec2 twice[3] = {{0, 10}, {0, 10}, {100, 10}};
        CHECK_INT(walk(twice, 3, 0, 6, 6, 3, screen, got, 8192), 9);
        CHECK(got[0][1].x == 3 && got[8][1].x == 99);
        CHECK_INT(walk(line, 2, 0, 6, 6, NAN, screen, got, 8192), 9);
        CHECK(got[0][1].x == 6);
    }
    /* an edge crossing the left edge: the pattern is that of the whole edge, from x = -100 with
     * phase 3: dash k covers x from -103 + 12k to -97 + 12k; on screen (k = 9 to 16) [5,11] [17,23]
     * ... [89,95], the dash [-7,-1] before it ending short of x = 0 */
    {
        grip_vec2 in[2] = {{-100, 10}, {100, 10}};
        int n = walk(in, 2, 0, 6, 6, 3, screen, got, 8192);
        CHECK_INT(n, 8);
        CHECK(got[0][0].x == 5 && got[0][1].x == 11 && got[7][0].x == 89 && got[7][1].x == 95);
        CHECK_INT(reference(-100, 100, 10, 6, 6, 3, 0, 800, want, 8192), 8);
        CHECK(same(got, want, 8));
    }
    /* a 4e7-long edge across the screen at y = 300, on 4, off 4, phase 3: what is on screen is
     * exactly the unclipped pattern's part there (x from 0 to 800: 100 or 101 dashes) */
    {
        grip_vec2 in[2] = {{-2e7 - 5, 300}, {2e7, 300}};
        int n = walk(in, 2, 0, 4, 4, 3, screen, got, 8192),
            m = reference(-2e7 - 5, 2e7, 300, 4, 4, 3, 0, 800, want, 8192);
        CHECK_INT(n, m);
        CHECK(m >= 100 && m <= 101);
        CHECK(same(got, want, n));
        /* and going the other way, the pattern from the right end */
        in[0].x = 2e7 + 1, in[1].x = -2e7;
        n = walk(in, 2, 0, 4, 4, 3, screen, got, 8192);
        m = reference(2e7 + 1, -2e7, 300, 4, 4, 3, 0, 800, want, 8192);
        CHECK_INT(n, m);
        CHECK(same(got, want, n));
    }
    /* a closed 4e7 square, edges through the screen at y = 100 and y = 500 (its left and right
     * sides far off screen): the way back starts where the pattern is after 4e7 + 2 * 400 */
    {
        grip_vec2 sq[4] = {{-2e7 - 3, 100}, {2e7, 100}, {2e7, 500}, {-2e7 - 3, 500}};
        int n = walk(sq, 4, 1, 5, 3, 1, screen, got, 8192), m;
        m = reference(-2e7 - 3, 2e7, 100, 5, 3, 1, 0, 800, want, 8192);
        CHECK(same(got, want, m));
        CHECK_INT(reference(2e7, -2e7 - 3, 500, 5, 3, fmod(1 + 4e7 + 3 + 400, 8), 0, 800, want + m, 8192 - m) + m, n);
        CHECK(same(got, want, n));
    }
    /* a closed 2e9 square (a 1e9-unit box at zoom 2) around the screen, its edges through it:
     * each edge on screen shows at most 800 / 8 + 2 dashes, each at most 4 long, all inside */
    {
        grip_vec2 sq[4] = {{-1e9, 100}, {1e9, 100}, {1e9, 1e9}, {-1e9, 1e9}};
        int i, n = walk(sq, 4, 1, 4, 4, 0, screen, got, 8192), placed = 1;
        CHECK(n >= 100 && n <= 102); /* only the top edge crosses the screen */
        for (i = 0; i < n && i < 8192; i++) {
            const double lo = got[i][0].x, hi = got[i][1].x;
            /* dash k covers x from -1e9 + 8k to that + 4 (1e9 is a multiple of 8) */
            if (!(got[i][0].y == 100 && lo >= 0 && hi <= 800 && hi - lo <= 4 && hi > lo &&
                  (lo == 0 || fmod(lo + 1e9, 8) == 0) && (hi == 800 || fmod(hi + 1e9, 8) == 4)))
                placed = 0;
        }
        CHECK(placed);
    }
    /* diagonal: from 503 before the origin in direction (0.6, 0.8), 3000 long, on 5, off 5 from
     * phase 0: dash k covers distances 10k to 10k + 5; the edge enters the screen at (0, 0)
     * (distance 503, inside dash 50: cut to [503, 505]) and leaves at y = 600 (distance 1253,
     * inside dash 125: cut to [1250, 1253]): 76 dashes, the first 2 long on screen */
    {
        grip_vec2 d[2] = {{-0.6 * 503, -0.8 * 503}, {0.6 * 2497, 0.8 * 2497}};
        int n = walk(d, 2, 0, 5, 5, 0, screen, got, 8192);
        CHECK_INT(n, 76);
        CHECK_NEAR(got[0][0].x, 0, 1e-9);
        CHECK_NEAR(got[0][0].y, 0, 1e-9);
        CHECK_NEAR(got[0][1].x, 0.6 * 2, 1e-9);
        CHECK_NEAR(got[0][1].y, 0.8 * 2, 1e-9);
        CHECK_NEAR(got[1][0].x, 0.6 * 7, 1e-9); /* dash 51: [510, 515], 7 to 12 past the origin */
        CHECK_NEAR(got[1][1].y, 0.8 * 12, 1e-9);
        CHECK_NEAR(got[75][0].x, 0.6 * 747, 1e-9);
        CHECK_NEAR(got[75][0].y, 0.8 * 747, 1e-9);
        CHECK_NEAR(got[75][1].x, 0.6 * 750, 1e-9);
        CHECK_NEAR(got[75][1].y, 600, 1e-9);
    }
    /* 1e17 off screen (distances a multiple of 16 apart there, so still exact): the pattern from
     * x = -1e17 (a multiple of 8) puts dashes at [8k, 8k + 4] on screen */
    {
        grip_vec2 in[2] = {{-1e17, 300}, {1e17, 300}};
        int n = walk(in, 2, 0, 4, 4, 0, screen, got, 8192);
        CHECK_INT(n, 100);
        CHECK(got[0][0].x == 0 && got[0][1].x == 4 && got[99][0].x == 792 && got[99][1].x == 796);
    }
    /* a pattern finer than the cap allows along 800 units: the visible part as one solid piece */
    {
        grip_vec2 in[2] = {{-1e6, 300}, {1e6, 300}};
        CHECK_INT(walk(in, 2, 0, 1e-3, 1e-3, 0, screen, got, 8192), 1);
        CHECK(got[0][0].x == 0 && got[0][1].x == 800 && got[0][0].y == 300);
        /* not two positive lengths: solid too, clipped */
        CHECK_INT(walk(in, 2, 0, 0, 4, 0, screen, got, 8192), 1);
        CHECK_INT(walk(in, 2, 0, 4, NAN, 0, screen, got, 8192), 1);
        CHECK(got[0][0].x == 0 && got[0][1].x == 800);
    }
    /* enormous coordinates: bounded, finite and on screen, never a hang */
    {
        grip_vec2 far[4] = {{-1e300, -1e300}, {1e300, 1e300}, {1e300, -1e300}, {-1e300, 1e300}};
        int i, n = walk(far, 4, 1, 4, 4, 0, screen, got, 8192), inside = 1;
        CHECK(n <= 4 * (GRIP_DASHES_MAX_PER_EDGE + 2));
        for (i = 0; i < n && i < 8192; i++)
            if (!(got[i][0].x >= 0 && got[i][0].x <= 800 && got[i][0].y >= 0 && got[i][0].y <= 600 &&
                  got[i][1].x >= 0 && got[i][1].x <= 800 && got[i][1].y >= 0 && got[i][1].y <= 600))
                inside = 0;
        CHECK(inside);
        far[0] = v2(-1.7e308, 300), far[1] = v2(1.7e308, 300);
        CHECK_INT(walk(far, 2, 0, 4, 4, 0, screen, got, 8192), 0);
        far[0] = v2(-INFINITY, 300), far[1] = v2(INFINITY, 300);
        CHECK_INT(walk(far, 2, 0, 4, 4, 0, screen, got, 8192), 0);
        CHECK_INT(walk(NULL, 4, 1, 4, 4, 0, screen, got, 8192), 0);
    }
}

static void spans(void) {
    /* the visible part of each edge and the pattern where it starts: from x = -100, phase 3, on 6
     * off 6: at x = 0 the pattern is at 103 mod 12 = 7 */
    grip_vec2 in[2] = {{-100, 10}, {900, 10}}, a, b;
    double at = -1;
    grip_dashes w;
    grip_dashes_begin(&w, in, 2, 0, 6, 6, 3, screen);
    CHECK(grip_dashes_span(&w, &a, &b, &at));
    CHECK(a.x == 0 && b.x == 800 && a.y == 10 && at == 7);
    CHECK(!grip_dashes_span(&w, &a, &b, &at));
}

void suite_dashes(void) {
    segment_clips();
    visible_dashes();
    spans();
}
