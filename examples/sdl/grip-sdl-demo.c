/* grip-sdl-demo: Grip's editing overlay in a real SDL2 window.
 *
 *   grip-sdl-demo [--script FILE.lua] [--screenshot OUT.png | --marquee-shot OUT.png | --snap-shot OUT.png]
 *                 [--seconds N]
 *                 [--size WxH] [--zoom F] [--verbose]
 *
 * Each display refresh it dispatches a timer event, reads the frame and (when its serial moved)
 * draws it: box contents as coloured or textured quads, marching-ants borders, handle marks,
 * long-press indicators, snapping guides, and the selection: an outline around each selected box
 * (and a lighter one around the box under the mouse), the marquee, and with two or more boxes
 * selected a violet border and handles around all of them. Input goes to the engine with SDL's
 * timestamps:
 *   left button        pointer 1: a click selects the box under it (shift, ctrl or cmd: adds or
 *                      removes it; on an empty place: clears), a drag moves the box or the whole
 *                      selection, a drag from an empty place draws a marquee (shift: adds to the
 *                      selection, ctrl: boxes wholly inside instead of touched); drag a handle
 *                      (shift: keep ratio, alt: about the centre), the rotate handle above the top
 *                      edge, double click: reset, hold: long press
 *   right button drag  two virtual fingers about the centre of the box under it: drag around the
 *                      centre to turn it, away or towards to scale it (a pinch, as on a touch screen)
 *   wheel              magnify the box under the pointer (the gesture ends after 250 ms of quiet)
 *   touch screen       every finger is a pointer: pinch, rotate, pan with two
 *   arrows             nudge the selection 1 unit (shift: 10); a run of nudges is one undo step
 *   Esc                cancel the gesture under way, else end a marquee, else clear the selection
 *   Tab / shift-Tab    select the next / previous box in draw order
 *   shift, alt, ctrl   pressed or released mid-gesture, change it at once (no need to move)
 *   ctrl-z / ctrl-shift-z  undo / redo
 *   e / r              toggle editing / reset the box under the mouse; q quits
 *   g / o              toggle snapping to the grid (20 pixels) / to other boxes (edges, centres,
 *                      equal gaps; resizes too); ctrl or cmd held during a drag: no snapping
 * --script runs a Lua session on the engine (grip.host) first; --screenshot draws one frame after
 * the script (or, without one, after a scripted drag on the built-in scene), writes the window's
 * pixels as PNG and exits: it runs unattended under Xvfb. --seconds N runs the window for N
 * seconds first (taking input: a test can drive it with xdotool), then quits or takes the shot.
 * Exit status: 0; 1 when SDL, the engine or the screenshot failed; 3 when the script failed (it
 * is reported and the window goes on with whatever the script left, or the built-in scene).
 * --marquee-shot is --screenshot of the built-in scene with a selection and a marquee under way;
 * --snap-shot the same with a box held where it snaps: its guides and equal-gap marks.
 * --zoom F views the world F times larger about the window's centre (hit tests the demo does
 * itself, for the cursor and the keys, map the mouse back to the world). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include <grip.h>

#include "draw.h"
#include "png.h"

/* The Lua half of the API may be missing from an older libgrip.so: weak references are NULL then. */
#pragma weak grip_lua_desc_init
#pragma weak grip_lua_create
#pragma weak grip_lua_destroy
#pragma weak grip_lua_exec_file
#pragma weak grip_lua_errmsg
/* So may the view helpers: without them the demo inverts its own view. */
#pragma weak grip_screen_to_world
#pragma weak grip_world_to_screen

#define PI 3.14159265358979323846

enum {
    MOUSE = 1,
    PINCH_A = 2,
    PINCH_B = 3,
    HOVER_SCRIPTED = 4,
    FINGER_BASE = 100,
    MAX_FINGERS = 10
};
enum {
    TAG_PHOTO = 1,
    TAG_PARENT,
    TAG_CHILD,
    TAG_PRESS,
    TAG_RING,
    TAG_NOTE
};

static grip_engine *engine;
static SDL_Renderer *renderer;
static SDL_Window *window;
static SDL_Texture *photo;
static int width = 1024, height = 768, verbose;

/* ---- the view ----------------------------------------------------------------------------- */

/* The demo's camera, world -> screen: --zoom scales the world about the window's centre. Pointer
 * events go to the engine in screen coordinates (it applies the view); anything the demo asks
 * about a place itself (hit tests) wants world coordinates. */
static double zoom = 1;
static grip_affine view = {1, 0, 0, 1, 0, 0};

static void set_view(void) {
    grip_status s;
    view.a = view.d = zoom;
    view.b = view.c = 0;
    view.tx = width / 2.0 * (1 - zoom);
    view.ty = height / 2.0 * (1 - zoom);
    if ((s = grip_engine_set_view(engine, &view)) != GRIP_OK)
        fprintf(stderr, "grip-sdl-demo: grip_engine_set_view: %s (%s)\n", grip_status_string(s), grip_engine_errmsg(engine));
}

static grip_vec2 to_world(double x, double y) {
    grip_vec2 p = {x, y}, w;
    double det = view.a * view.d - view.b * view.c;
    if (grip_screen_to_world && grip_screen_to_world(engine, p, &w) == GRIP_OK) return w;
    /* The inverse of the demo's own view (invertible: the engine accepted it). */
    x -= view.tx;
    y -= view.ty;
    w.x = (view.d * x - view.c * y) / det;
    w.y = (view.a * y - view.b * x) / det;
    return w;
}

static grip_vec2 to_screen(grip_vec2 w) {
    grip_vec2 p;
    if (grip_world_to_screen && grip_world_to_screen(engine, w, &p) == GRIP_OK) return p;
    p.x = view.a * w.x + view.c * w.y + view.tx;
    p.y = view.b * w.x + view.d * w.y + view.ty;
    return p;
}

/* What is under a place on the screen: the engine hit-tests world points. */
static grip_status hit_at(double x, double y, grip_hit *out) {
    grip_vec2 w = to_world(x, y);
    return grip_hit_test(engine, w.x, w.y, out);
}

/* The host's clock: SDL's milliseconds (events and SDL_GetTicks share them) plus an offset that
 * keeps time from going backwards after a script or a scripted drag has advanced the engine. */
static double clock_offset, last_time;

static double host_time(Uint32 ms) {
    double t = ms / 1000.0 + clock_offset;
    if (t < last_time) t = last_time;
    last_time = t;
    return t;
}

static void complain(const char *what, grip_status s) {
    fprintf(stderr, "grip-sdl-demo: %s: %s (%s)\n", what, grip_status_string(s), grip_engine_errmsg(engine));
}

static uint32_t modifiers(void) {
    SDL_Keymod m = SDL_GetModState();
    return (m & KMOD_SHIFT ? GRIP_MOD_SHIFT : 0u) | (m & KMOD_ALT ? GRIP_MOD_ALT : 0u) |
           (m & KMOD_CTRL ? GRIP_MOD_CTRL : 0u) | (m & KMOD_GUI ? GRIP_MOD_META : 0u);
}

/* The grip_key for an SDL key, or 0 for keys the engine does not take. */
static grip_key grip_key_for(SDL_Keycode k) {
    switch (k) {
    case SDLK_LEFT: return GRIP_KEY_LEFT;
    case SDLK_RIGHT: return GRIP_KEY_RIGHT;
    case SDLK_UP: return GRIP_KEY_UP;
    case SDLK_DOWN: return GRIP_KEY_DOWN;
    case SDLK_ESCAPE: return GRIP_KEY_ESCAPE;
    case SDLK_TAB: return GRIP_KEY_TAB;
    case SDLK_LSHIFT:
    case SDLK_RSHIFT: return GRIP_KEY_SHIFT;
    case SDLK_LALT:
    case SDLK_RALT: return GRIP_KEY_ALT;
    case SDLK_LCTRL:
    case SDLK_RCTRL: return GRIP_KEY_CTRL;
    case SDLK_LGUI:
    case SDLK_RGUI: return GRIP_KEY_META;
    default: return (grip_key)0;
    }
}

static void key_event(grip_phase phase, grip_key key, double t) {
    grip_key_event ev = {phase, key, modifiers(), t};
    grip_status st = grip_dispatch_key(engine, &ev, NULL);
    if (st < 0) complain("grip_dispatch_key", st);
}

static bool pointer(grip_phase phase, uint32_t id, double x, double y, double t, uint32_t mods) {
    grip_pointer_event ev;
    bool consumed = false;
    grip_status s;
    ev.phase = phase;
    ev.pointer = id;
    ev.x = x;
    ev.y = y;
    ev.time = t;
    ev.modifiers = mods;
    if ((s = grip_dispatch_pointer(engine, &ev, &consumed)) != GRIP_OK) complain("grip_dispatch_pointer", s);
    return consumed;
}

static void magnify(grip_phase phase, double factor, double x, double y, double t) {
    grip_magnify_event ev;
    grip_status s;
    ev.phase = phase;
    ev.factor = factor;
    ev.x = x;
    ev.y = y;
    ev.time = t;
    if ((s = grip_dispatch_magnify(engine, &ev, NULL)) != GRIP_OK) complain("grip_dispatch_magnify", s);
}

static void timer(double t) {
    grip_status s = grip_dispatch_timer(engine, t);
    if (s != GRIP_OK) complain("grip_dispatch_timer", s);
}

/* ---- the built-in scene ------------------------------------------------------------------- */

static grip_box add(grip_box parent, double x, double y, double w, double h, double rotation, bool editing,
                    uint64_t tag, grip_box_desc *extra) {
    grip_box_desc d;
    grip_box b = GRIP_NO_BOX;
    grip_status s;
    if (extra) d = *extra;
    else grip_box_desc_init(&d);
    d.parent = parent;
    d.x = x;
    d.y = y;
    d.width = w;
    d.height = h;
    d.rotation = rotation;
    d.editing = editing;
    d.user_data = tag;
    if ((s = grip_box_create(engine, &d, &b)) != GRIP_OK) complain("grip_box_create", s);
    return b;
}

static grip_box photo_box, parent_box, child_box, press_box, ring_box, note_box;

static void build_scene(void) {
    grip_box_desc d;
    double sx = width / 1024.0, sy = height / 768.0; /* laid out for 1024 x 768, scaled to the window */
    grip_box_desc_init(&d);
    d.rotation_snap = PI / 12; /* 15 degree steps, with a guide while it rests on one */
    d.contain = true;
    photo_box = add(GRIP_NO_BOX, 90 * sx, 110 * sy, 300 * sx, 200 * sy, 0, true, TAG_PHOTO, &d);
    parent_box = add(GRIP_NO_BOX, 540 * sx, 90 * sy, 380 * sx, 270 * sy, 12 * PI / 180, false, TAG_PARENT, NULL);
    grip_box_desc_init(&d);
    d.contain = true; /* stays inside its rotated parent */
    child_box = add(parent_box, 50 * sx, 60 * sy, 170 * sx, 110 * sy, -8 * PI / 180, true, TAG_CHILD, &d);
    grip_box_desc_init(&d);
    d.allow = GRIP_ALLOW_ALL;
    d.indicator = GRIP_INDICATOR_ROUNDED_RECT;
    d.corner_radius = 14;
    d.long_press_duration = 1.0;
    press_box = add(GRIP_NO_BOX, 110 * sx, 450 * sy, 250 * sx, 170 * sy, 0, false, TAG_PRESS, &d);
    d.indicator = GRIP_INDICATOR_CIRCLE;
    ring_box = add(GRIP_NO_BOX, 470 * sx, 470 * sy, 170 * sx, 170 * sy, 0, false, TAG_RING, &d);
    note_box = add(GRIP_NO_BOX, 720 * sx, 480 * sy, 200 * sx, 140 * sy, -6 * PI / 180, false, TAG_NOTE, NULL);
}

/* Where a point of a box's own space is on the screen (scripted input is in screen coordinates). */
static grip_vec2 screen_point(grip_box b, double x, double y) {
    grip_box_state s;
    grip_vec2 p = {0, 0};
    if (grip_box_state_get(engine, b, &s) != GRIP_OK) return p;
    p.x = s.world.a * x + s.world.c * y + s.world.tx;
    p.y = s.world.b * x + s.world.d * y + s.world.ty;
    return to_screen(p);
}

/* A box's state with its corners on the screen. */
static grip_box_state box_state(grip_box b) {
    grip_box_state s;
    int i;
    memset(&s, 0, sizeof s);
    grip_box_state_get(engine, b, &s);
    for (i = 0; i < 4; i++) s.corners[i] = to_screen(s.corners[i]);
    return s;
}

/* A straight one-pointer drag in steps of 1/60 s; up at the end unless hold. */
static void drag(uint32_t id, grip_vec2 from, grip_vec2 to, int steps, bool hold) {
    int i;
    pointer(GRIP_PHASE_DOWN, id, from.x, from.y, last_time += 1.0 / 60, 0);
    for (i = 1; i <= steps; i++)
        pointer(GRIP_PHASE_MOVE, id, from.x + (to.x - from.x) * i / steps, from.y + (to.y - from.y) * i / steps,
                last_time += 1.0 / 60, 0);
    if (!hold) pointer(GRIP_PHASE_UP, id, to.x, to.y, last_time += 1.0 / 60, 0);
}

static void handle_event(const SDL_Event *e);

/* Snapping: object snaps on at start, the grid off (keys o and g). */
static uint32_t snap_flags = GRIP_SNAP_EDGES | GRIP_SNAP_CENTERS | GRIP_SNAP_GAPS | GRIP_SNAP_WHILE_RESIZING;

static void apply_snapping(void) {
    grip_snap_desc d;
    grip_status st;
    grip_snap_desc_init(&d);
    d.flags = snap_flags;
    d.grid_x = d.grid_y = 20;
    if ((st = grip_engine_set_snapping(engine, &d)) != GRIP_OK) fprintf(stderr, "grip-sdl-demo: grip_engine_set_snapping: %s\n", grip_engine_errmsg(engine));
    if (verbose) printf("snapping: grid %s, objects %s\n", snap_flags & GRIP_SNAP_GRID ? "on" : "off",
                        snap_flags & GRIP_SNAP_EDGES ? "on" : "off");
}

/* What --snap-shot shows: the ring dragged up and left, still held, where it snaps into the middle
 * of the gap between the long-press box and the note (two equal-gap marks) with its top on the
 * long-press box's top (a guide). */
static void snap_session(void) {
    grip_box_state s = box_state(ring_box);
    grip_vec2 a, b;
    a.x = (s.corners[0].x + s.corners[2].x) / 2;
    a.y = (s.corners[0].y + s.corners[2].y) / 2;
    b.x = a.x - 16 * zoom;
    b.y = a.y - 17 * zoom;
    grip_box_set_editing(engine, ring_box, true);
    drag(MOUSE, a, b, 10, true);
    timer(last_time += 0.05);
}

/* A touch event as SDL would deliver it, through the same path as real ones; 1/60 s later. */
static void synthetic_finger(Uint32 type, SDL_FingerID id, double x, double y) {
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.tfinger.type = type;
    e.tfinger.timestamp = 0; /* host_time keeps the scripted clock: it never goes backwards */
    e.tfinger.touchId = 1;
    e.tfinger.fingerId = id;
    e.tfinger.x = (float)(x / width);
    e.tfinger.y = (float)(y / height);
    last_time += 1.0 / 60;
    handle_event(&e);
}

/* What --screenshot shows without a script: a few edits, two of them still under way. */
static void scripted_session(void) {
    grip_box_state s;
    grip_vec2 a, b, c;
    double r, angle;
    int i;
    /* Two fingers on the note: turned 10 degrees and grown 15% about its centre, then lifted. */
    s = box_state(note_box);
    c.x = (s.corners[0].x + s.corners[2].x) / 2;
    c.y = (s.corners[0].y + s.corners[2].y) / 2;
    r = 30;
    synthetic_finger(SDL_FINGERDOWN, 7, c.x - r, c.y);
    synthetic_finger(SDL_FINGERDOWN, 8, c.x + r, c.y);
    for (i = 1; i <= 10; i++) {
        angle = (10 * PI / 180) * i / 10;
        double k = r * (1 + 0.15 * i / 10);
        synthetic_finger(SDL_FINGERMOTION, 7, c.x - k * cos(angle), c.y - k * sin(angle));
        synthetic_finger(SDL_FINGERMOTION, 8, c.x + k * cos(angle), c.y + k * sin(angle));
    }
    synthetic_finger(SDL_FINGERUP, 7, c.x - r * 1.15 * cos(10 * PI / 180), c.y - r * 1.15 * sin(10 * PI / 180));
    synthetic_finger(SDL_FINGERUP, 8, c.x + r * 1.15 * cos(10 * PI / 180), c.y + r * 1.15 * sin(10 * PI / 180));
    /* The nested child dragged by its middle, inside its rotated parent. */
    s = box_state(child_box);
    a = screen_point(child_box, s.width / 2, s.height / 2);
    b.x = a.x + 40;
    b.y = a.y + 50;
    drag(MOUSE, a, b, 12, false);
    /* The photo resized by its bottom-right handle. */
    s = box_state(photo_box);
    a = s.corners[2];
    b.x = a.x + 70;
    b.y = a.y + 30;
    drag(MOUSE, a, b, 12, false);
    /* ... then turned by its rotate handle to 15 degrees, where it snaps; still held. */
    s = box_state(photo_box);
    c.x = (s.corners[0].x + s.corners[2].x) / 2;
    c.y = (s.corners[0].y + s.corners[2].y) / 2;
    a = screen_point(photo_box, s.width / 2, -24 / zoom); /* the rotate handle, 24 pixels out */
    r = sqrt((a.x - c.x) * (a.x - c.x) + (a.y - c.y) * (a.y - c.y));
    pointer(GRIP_PHASE_DOWN, MOUSE, a.x, a.y, last_time += 1.0 / 60, 0);
    for (i = 1; i <= 16; i++) {
        angle = -PI / 2 + (16.5 * PI / 180) * i / 16;
        pointer(GRIP_PHASE_MOVE, MOUSE, c.x + r * cos(angle), c.y + r * sin(angle), last_time += 1.0 / 60, 0);
    }
    /* A finger holding the long-press box: its indicator is filling. */
    s = box_state(press_box);
    a.x = (s.corners[0].x + s.corners[2].x) / 2;
    a.y = (s.corners[0].y + s.corners[2].y) / 2;
    pointer(GRIP_PHASE_DOWN, FINGER_BASE, a.x, a.y, last_time += 1.0 / 60, 0);
    for (i = 0; i < 40; i++) timer(last_time += 1.0 / 60);
    /* A hovering pointer over the child's top-right handle. */
    s = box_state(child_box);
    pointer(GRIP_PHASE_MOVE, HOVER_SCRIPTED, s.corners[1].x, s.corners[1].y, last_time += 1.0 / 60, 0);
    timer(last_time += 0.05);
}

/* What --marquee-shot shows: the note and the nested child selected by a click and a shift-click,
 * then a shift-drag from an empty place, still under way: its marquee meets the long-press box and
 * the ring, which join the selection as it grows. */
static void marquee_session(void) {
    double sx = width / 1024.0, sy = height / 768.0;
    grip_box_state s;
    grip_vec2 a, b;
    int i;
    grip_box_set_editing(engine, photo_box, false); /* its own overlay would cross the selection's */
    s = box_state(note_box);
    a.x = (s.corners[0].x + s.corners[2].x) / 2;
    a.y = (s.corners[0].y + s.corners[2].y) / 2;
    pointer(GRIP_PHASE_DOWN, MOUSE, a.x, a.y, last_time += 1.0 / 60, 0);
    pointer(GRIP_PHASE_UP, MOUSE, a.x, a.y, last_time += 1.0 / 60, 0);
    last_time += 0.5; /* apart: not a double click */
    a = screen_point(child_box, box_state(child_box).width / 2, box_state(child_box).height / 2);
    pointer(GRIP_PHASE_DOWN, MOUSE, a.x, a.y, last_time += 1.0 / 60, GRIP_MOD_SHIFT);
    pointer(GRIP_PHASE_UP, MOUSE, a.x, a.y, last_time += 1.0 / 60, GRIP_MOD_SHIFT);
    last_time += 0.5;
    /* From the empty lower-left corner up and to the right, shift held: the marquee adds. */
    a = to_screen(to_world(40 * sx, 730 * sy));
    b = to_screen(to_world(560 * sx, 400 * sy));
    for (i = 0; i <= 20; i++)
        pointer(i == 0 ? GRIP_PHASE_DOWN : GRIP_PHASE_MOVE, MOUSE, a.x + (b.x - a.x) * i / 20,
                a.y + (b.y - a.y) * i / 20, last_time += 1.0 / 60, GRIP_MOD_SHIFT);
    timer(last_time += 0.1);
}

/* ---- drawing ------------------------------------------------------------------------------ */

static SDL_Texture *make_photo(void) {
    enum {
        TW = 240,
        TH = 160
    };
    static Uint32 px[TW * TH];
    SDL_Texture *t;
    int x, y;
    for (y = 0; y < TH; y++)
        for (x = 0; x < TW; x++) {
            double u = x / (double)TW, v = y / (double)TH, sun = hypot(u - 0.72, v - 0.3);
            double ridge1 = 0.62 - 0.16 * sin(u * 7.0 + 0.6) * (0.7 + 0.3 * sin(u * 23.0));
            double ridge2 = 0.78 - 0.07 * sin(u * 11.0 + 2.0);
            int r, g, b;
            r = (int)(120 + 110 * v), g = (int)(170 + 60 * v), b = (int)(235 - 20 * v); /* sky */
            if (sun < 0.09) r = 255, g = 214, b = 92;
            else if (sun < 0.12) r = (r + 255) / 2, g = (g + 220) / 2, b = (b + 150) / 2;
            if (v > ridge1) r = (int)(92 - 40 * (v - ridge1)), g = (int)(128 - 40 * (v - ridge1)), b = 150;
            if (v > ridge2) r = 70, g = (int)(140 - 60 * (v - ridge2)), b = 78;
            px[y * TW + x] = 0xFF000000u | (Uint32)r << 16 | (Uint32)g << 8 | (Uint32)b;
        }
    t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, TW, TH);
    if (t) {
        SDL_UpdateTexture(t, NULL, px, TW * 4);
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    }
    return t;
}

static void box_style(const grip_command *c, draw_box_style *style, void *context) {
    static const SDL_Color palette[][2] = {
        {{219, 231, 245, 255}, {185, 207, 238, 255}}, /* blue */
        {{247, 220, 203, 255}, {239, 191, 163, 255}}, /* peach */
        {{214, 239, 217, 255}, {178, 223, 185, 255}}, /* green */
        {{234, 220, 245, 255}, {211, 189, 234, 255}}, /* lilac */
        {{245, 239, 200, 255}, {232, 220, 156, 255}}, /* sand */
        {{208, 238, 240, 255}, {168, 221, 226, 255}}, /* teal */
    };
    uint64_t k = c->user_data ? c->user_data : (c->box & 0xFFFFFFFFu) + 1; /* script boxes: by index */
    (void)context;
    if (c->user_data == TAG_PHOTO && photo) {
        style->texture = photo;
        return;
    }
    style->top = palette[k % 6][0];
    style->bottom = palette[k % 6][1];
}

static struct finger {
    bool used;
    SDL_FingerID id;
    float x, y;
} fingers[MAX_FINGERS];
/* The right-button pinch: two virtual fingers about the centre C of the box, starting on its
 * x axis at C +- r (inside the body, clear of the handles); the mouse turns and scales them by
 * how it turns and scales about C relative to where the button went down. */
static bool right_pinch;
static grip_vec2 pinch_centre, pinch_press, pinch_r, pinch_at;

static grip_vec2 pinch_finger(double mx, double my) {
    grip_vec2 d, p = pinch_press, q, a;
    double pp;
    d.x = mx - pinch_centre.x;
    d.y = my - pinch_centre.y;
    pp = p.x * p.x + p.y * p.y;
    q.x = (d.x * p.x + d.y * p.y) / pp; /* q = d / p, as complex numbers */
    q.y = (d.y * p.x - d.x * p.y) / pp;
    a.x = pinch_centre.x + pinch_r.x * q.x - pinch_r.y * q.y; /* a = C + r q */
    a.y = pinch_centre.y + pinch_r.x * q.y + pinch_r.y * q.x;
    return a;
}

static void render(void) {
    grip_frame f;
    grip_status s;
    int i;
    draw_background(renderer, width, height);
    if ((s = grip_frame_get(engine, &f)) != GRIP_OK) {
        complain("grip_frame_get", s);
        return;
    }
    draw_frame(renderer, &f, box_style, NULL);
    /* Where the touches are (the engine's business is the boxes; this is the host's). */
    for (i = 0; i < MAX_FINGERS; i++) {
        static const SDL_Color touch = {40, 40, 40, 50};
        if (fingers[i].used) draw_disc(renderer, fingers[i].x, fingers[i].y, 18, touch);
    }
    if (right_pinch) {
        static const SDL_Color touch = {40, 40, 40, 60};
        draw_disc(renderer, (float)pinch_at.x, (float)pinch_at.y, 14, touch);
        draw_disc(renderer, (float)(2 * pinch_centre.x - pinch_at.x), (float)(2 * pinch_centre.y - pinch_at.y), 14,
                  touch);
    }
    draw_flush(renderer);
}

/* ---- cursor ------------------------------------------------------------------------------- */

static SDL_Cursor *cursors[SDL_NUM_SYSTEM_CURSORS];
static int cursor_now = -1;

static void set_cursor(SDL_SystemCursor id) {
    static const char *const names[] = {"arrow", "ibeam", "wait", "crosshair", "waitarrow", "size nwse",
                                        "size nesw", "size we", "size ns", "size all", "no", "hand"};
    if ((int)id == cursor_now) return;
    if (verbose) printf("cursor: %s\n", (int)id < 12 ? names[id] : "?");
    if (!cursors[id]) cursors[id] = SDL_CreateSystemCursor(id);
    if (cursors[id]) SDL_SetCursor(cursors[id]);
    cursor_now = (int)id;
}

/* A resize cursor along cursor_angle (screen radians, y down), to the nearest of SDL's four. */
static SDL_SystemCursor resize_cursor(double angle) {
    static const SDL_SystemCursor by_octant[4] = {SDL_SYSTEM_CURSOR_SIZEWE, SDL_SYSTEM_CURSOR_SIZENWSE,
                                                  SDL_SYSTEM_CURSOR_SIZENS, SDL_SYSTEM_CURSOR_SIZENESW};
    double a = fmod(angle, PI);
    if (a < 0) a += PI;
    return by_octant[(int)floor(a / (PI / 4) + 0.5) % 4];
}

static void update_cursor(double x, double y) {
    grip_hit hit;
    grip_frame f;
    size_t i;
    if (hit_at(x, y, &hit) != GRIP_OK || hit.box == GRIP_NO_BOX) {
        set_cursor(SDL_SYSTEM_CURSOR_ARROW);
        return;
    }
    if (hit.handle == GRIP_HANDLE_NONE) {
        grip_box_desc d;
        grip_box_desc_init(&d);
        bool movable = grip_box_describe(engine, hit.box, &d) == GRIP_OK && (d.allow & GRIP_ALLOW_MOVE);
        set_cursor(movable ? SDL_SYSTEM_CURSOR_SIZEALL : SDL_SYSTEM_CURSOR_ARROW);
        return;
    }
    if (hit.handle == GRIP_HANDLE_ROTATE || hit.handle >= GRIP_HANDLE_CUSTOM) {
        set_cursor(SDL_SYSTEM_CURSOR_HAND);
        return;
    }
    if (grip_frame_get(engine, &f) == GRIP_OK) {
        /* A corner's cursor_angle points from the centre to it (18 degrees on a 3:1 box): the
         * cursor takes the bisector of its two edges' angles, the diagonal people expect. */
        static const grip_handle edges[10][2] = {{GRIP_HANDLE_NONE, GRIP_HANDLE_NONE}, {GRIP_HANDLE_TOP, GRIP_HANDLE_LEFT}, {GRIP_HANDLE_NONE, GRIP_HANDLE_NONE}, {GRIP_HANDLE_TOP, GRIP_HANDLE_RIGHT}, {GRIP_HANDLE_NONE, GRIP_HANDLE_NONE}, {GRIP_HANDLE_RIGHT, GRIP_HANDLE_BOTTOM}, {GRIP_HANDLE_NONE, GRIP_HANDLE_NONE}, {GRIP_HANDLE_BOTTOM, GRIP_HANDLE_LEFT}, {GRIP_HANDLE_NONE, GRIP_HANDLE_NONE}, {GRIP_HANDLE_NONE, GRIP_HANDLE_NONE}};
        double own = 0, sx = 0, sy = 0;
        int found = 0, sides = 0;
        for (i = 0; i < f.command_count; i++) {
            const grip_command *c = &f.commands[i];
            if (c->kind != GRIP_CMD_HANDLE || c->box != hit.box) continue;
            if (c->handle == hit.handle) own = c->cursor_angle, found = 1;
            if (hit.handle < 10 && c->handle != GRIP_HANDLE_NONE &&
                (c->handle == edges[hit.handle][0] || c->handle == edges[hit.handle][1])) {
                sx += cos(c->cursor_angle);
                sy += sin(c->cursor_angle);
                sides++;
            }
        }
        if (found) {
            set_cursor(resize_cursor(sides == 2 ? atan2(sy, sx) : own));
            return;
        }
    }
    set_cursor(SDL_SYSTEM_CURSOR_CROSSHAIR);
}

/* ---- input -------------------------------------------------------------------------------- */

static bool mouse_down, running = true;
static double mouse_x, mouse_y;
static bool wheel_active;
static double wheel_factor;
static Uint32 wheel_last;

static int finger_slot(SDL_FingerID id, bool claim) {
    int i;
    for (i = 0; i < MAX_FINGERS; i++)
        if (fingers[i].used && fingers[i].id == id) return i;
    if (claim)
        for (i = 0; i < MAX_FINGERS; i++)
            if (!fingers[i].used) {
                fingers[i].used = true;
                fingers[i].id = id;
                return i;
            }
    return -1;
}

static bool touching(void) {
    int i;
    for (i = 0; i < MAX_FINGERS; i++)
        if (fingers[i].used) return true;
    return false;
}

static grip_box box_under_mouse(void) {
    grip_hit hit;
    return hit_at(mouse_x, mouse_y, &hit) == GRIP_OK ? hit.box : GRIP_NO_BOX;
}

static void end_wheel(double t) {
    if (!wheel_active) return;
    magnify(GRIP_PHASE_UP, wheel_factor, mouse_x, mouse_y, t);
    wheel_active = false;
}

static void handle_event(const SDL_Event *e) {
    int slot;
    switch (e->type) {
    case SDL_QUIT: running = false; break;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
            width = e->window.data1;
            height = e->window.data2;
            grip_engine_set_bounds(engine, width, height);
            if (zoom != 1) set_view();
        } else if (e->window.event == SDL_WINDOWEVENT_LEAVE && !mouse_down) {
            pointer(GRIP_PHASE_CANCEL, MOUSE, mouse_x, mouse_y, host_time(e->window.timestamp), modifiers());
        }
        break;
    case SDL_MOUSEMOTION:
        if (e->motion.which == SDL_TOUCH_MOUSEID) break; /* touches arrive as finger events */
        mouse_x = e->motion.x;
        mouse_y = e->motion.y;
        if (right_pinch) {
            double t = host_time(e->motion.timestamp);
            pinch_at = pinch_finger(mouse_x, mouse_y);
            pointer(GRIP_PHASE_MOVE, PINCH_A, pinch_at.x, pinch_at.y, t, modifiers());
            pointer(GRIP_PHASE_MOVE, PINCH_B, 2 * pinch_centre.x - pinch_at.x, 2 * pinch_centre.y - pinch_at.y, t,
                    modifiers());
            break;
        }
        /* With no button down this is hover: the engine marks the handle or box under it. */
        pointer(GRIP_PHASE_MOVE, MOUSE, mouse_x, mouse_y, host_time(e->motion.timestamp), modifiers());
        if (!mouse_down) update_cursor(mouse_x, mouse_y);
        break;
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.which == SDL_TOUCH_MOUSEID) break;
        mouse_x = e->button.x;
        mouse_y = e->button.y;
        if (e->button.button == SDL_BUTTON_LEFT && !mouse_down && !right_pinch) {
            end_wheel(host_time(e->button.timestamp));
            mouse_down = true;
            pointer(GRIP_PHASE_DOWN, MOUSE, mouse_x, mouse_y, host_time(e->button.timestamp), modifiers());
        } else if (e->button.button == SDL_BUTTON_RIGHT && !mouse_down && !right_pinch) {
            grip_box b = box_under_mouse();
            grip_box_state s;
            double t = host_time(e->button.timestamp);
            if (b == GRIP_NO_BOX || grip_box_state_get(engine, b, &s) != GRIP_OK) break;
            int k;
            for (k = 0; k < 4; k++) s.corners[k] = to_screen(s.corners[k]); /* the fingers are on the screen */
            pointer(GRIP_PHASE_CANCEL, MOUSE, mouse_x, mouse_y, t, 0);      /* hover ends */
            pinch_centre.x = (s.corners[0].x + s.corners[2].x) / 2;
            pinch_centre.y = (s.corners[0].y + s.corners[2].y) / 2;
            pinch_press.x = mouse_x - pinch_centre.x;
            pinch_press.y = mouse_y - pinch_centre.y;
            if (hypot(pinch_press.x, pinch_press.y) < 20) pinch_press.x = 20, pinch_press.y = 0;
            {
                /* r: a fifth of the shorter on-screen side, along the box's x axis. */
                double ux = s.corners[1].x - s.corners[0].x, uy = s.corners[1].y - s.corners[0].y;
                double vx = s.corners[3].x - s.corners[0].x, vy = s.corners[3].y - s.corners[0].y;
                double w = hypot(ux, uy), h = hypot(vx, vy), r = 0.2 * (w < h ? w : h);
                if (w < 1e-9) break;
                pinch_r.x = ux / w * r;
                pinch_r.y = uy / w * r;
            }
            pinch_at = pinch_finger(mouse_x, mouse_y);
            right_pinch = true;
            pointer(GRIP_PHASE_DOWN, PINCH_A, pinch_at.x, pinch_at.y, t, modifiers());
            pointer(GRIP_PHASE_DOWN, PINCH_B, 2 * pinch_centre.x - pinch_at.x, 2 * pinch_centre.y - pinch_at.y, t,
                    modifiers());
        }
        break;
    case SDL_MOUSEBUTTONUP:
        if (e->button.which == SDL_TOUCH_MOUSEID) break;
        if (e->button.button == SDL_BUTTON_LEFT && mouse_down) {
            mouse_down = false;
            pointer(GRIP_PHASE_UP, MOUSE, e->button.x, e->button.y, host_time(e->button.timestamp), modifiers());
            update_cursor(e->button.x, e->button.y);
        } else if (e->button.button == SDL_BUTTON_RIGHT && right_pinch) {
            double t = host_time(e->button.timestamp);
            right_pinch = false;
            pointer(GRIP_PHASE_UP, PINCH_A, pinch_at.x, pinch_at.y, t, modifiers());
            pointer(GRIP_PHASE_UP, PINCH_B, 2 * pinch_centre.x - pinch_at.x, 2 * pinch_centre.y - pinch_at.y, t,
                    modifiers());
        }
        break;
    case SDL_MOUSEWHEEL: {
        double steps;
        double t = host_time(e->wheel.timestamp);
        if (e->wheel.which == SDL_TOUCH_MOUSEID || mouse_down || right_pinch) break;
#if SDL_VERSION_ATLEAST(2, 0, 18)
        steps = e->wheel.preciseY;
#else
        steps = e->wheel.y;
#endif
        if (e->wheel.direction == SDL_MOUSEWHEEL_FLIPPED) steps = -steps;
        if (!wheel_active) { /* the first notch begins a magnify gesture at the pointer */
            wheel_active = true;
            wheel_factor = 1;
            magnify(GRIP_PHASE_DOWN, 1, mouse_x, mouse_y, t);
        }
        wheel_factor *= pow(1.1, steps);
        wheel_last = e->wheel.timestamp;
        magnify(GRIP_PHASE_MOVE, wheel_factor, mouse_x, mouse_y, t);
        break;
    }
    case SDL_FINGERDOWN:
    case SDL_FINGERMOTION:
    case SDL_FINGERUP: {
        double x = e->tfinger.x * width, y = e->tfinger.y * height, t = host_time(e->tfinger.timestamp);
        slot = finger_slot(e->tfinger.fingerId, e->type == SDL_FINGERDOWN);
        if (slot < 0) break; /* an eleventh finger, or one that went down elsewhere */
        fingers[slot].x = (float)x;
        fingers[slot].y = (float)y;
        pointer(e->type == SDL_FINGERDOWN ? GRIP_PHASE_DOWN : e->type == SDL_FINGERUP ? GRIP_PHASE_UP
                                                                                      : GRIP_PHASE_MOVE,
                FINGER_BASE + (uint32_t)slot, x, y, t, modifiers());
        if (e->type == SDL_FINGERUP) fingers[slot].used = false;
        break;
    }
    case SDL_KEYDOWN:
    case SDL_KEYUP: {
        SDL_Keycode k = e->key.keysym.sym;
        double t = host_time(e->key.timestamp);
        grip_phase phase = e->type == SDL_KEYDOWN ? GRIP_PHASE_DOWN : GRIP_PHASE_UP;
        grip_key key = grip_key_for(k);
        if (key != 0) {
            /* Modifiers re-evaluate a gesture under way (shift mid-resize keeps the ratio at once);
             * arrows nudge the selection (auto-repeat included); Escape cancels; Tab walks. */
            key_event(phase, key, t);
            break;
        }
        if (e->type != SDL_KEYDOWN || e->key.repeat) break;
        if (k == SDLK_q) running = false;
        if (k == SDLK_g || k == SDLK_o) {
            snap_flags ^= k == SDLK_g ? GRIP_SNAP_GRID : (GRIP_SNAP_EDGES | GRIP_SNAP_CENTERS | GRIP_SNAP_GAPS);
            apply_snapping();
            break;
        }
        if (k == SDLK_z && (modifiers() & (GRIP_MOD_CTRL | GRIP_MOD_META))) {
            bool redo = (modifiers() & GRIP_MOD_SHIFT) != 0;
            grip_status st = redo ? grip_redo(engine) : grip_undo(engine);
            if (st < 0) complain(redo ? "grip_redo" : "grip_undo", st);
            break;
        }
        if (k == SDLK_e || k == SDLK_r) {
            grip_box b = box_under_mouse();
            grip_box_state s;
            grip_status st;
            if (b == GRIP_NO_BOX || grip_box_state_get(engine, b, &s) != GRIP_OK) break;
            st = k == SDLK_e ? grip_box_set_editing(engine, b, !s.editing) : grip_box_reset(engine, b, true);
            if (st < 0) complain(k == SDLK_e ? "grip_box_set_editing" : "grip_box_reset", st);
        }
        break;
    }
    default: break;
    }
}

static void print_events(void) {
    static const char *const kinds[] = {"?", "gesture began", "gesture changed", "gesture ended",
                                        "gesture cancelled", "tap", "double tap", "reset",
                                        "long press began", "long press triggered", "long press cancelled",
                                        "editing changed", "script error", "selection changed", "committed",
                                        "undone", "redone"};
    static const char *const gestures[] = {"", "move", "resize", "rotate", "pinch", "magnify", "handle",
                                           "marquee", "nudge", "reset"};
    grip_event ev;
    while (grip_event_poll(engine, &ev) == GRIP_OK) {
        if (!verbose || ev.kind == GRIP_EVENT_GESTURE_CHANGED) continue;
        if (ev.box == GRIP_SELECTION)
            printf("%8.3f  %-20s %-8s the selection at (%.1f, %.1f)\n", ev.time,
                   ev.kind >= 1 && ev.kind <= 16 ? kinds[ev.kind] : "?",
                   ev.gesture >= 0 && ev.gesture <= 9 ? gestures[ev.gesture] : "?", ev.position.x, ev.position.y);
        else
            printf("%8.3f  %-20s %-8s box %llx user_data %llu at (%.1f, %.1f)\n", ev.time,
                   ev.kind >= 1 && ev.kind <= 16 ? kinds[ev.kind] : "?",
                   ev.gesture >= 0 && ev.gesture <= 9 ? gestures[ev.gesture] : "?", (unsigned long long)ev.box,
                   (unsigned long long)ev.user_data, ev.position.x, ev.position.y);
    }
}

/* ---- Lua ---------------------------------------------------------------------------------- */

static grip_lua *lua;
static bool script_failed;

static void run_script(const char *path) {
    grip_lua_desc d;
    grip_status s;
    if (!grip_lua_create || !grip_lua_exec_file) {
        fprintf(stderr, "grip-sdl-demo: this libgrip.so has no Lua API (grip_lua_create): %s not run\n", path);
        script_failed = true;
        return;
    }
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    if (grip_lua_desc_init) grip_lua_desc_init(&d);
    if ((s = grip_lua_create(engine, &d, &lua)) != GRIP_OK) {
        fprintf(stderr, "grip-sdl-demo: grip_lua_create: %s (%s)\n", grip_status_string(s), grip_engine_errmsg(engine));
        lua = NULL;
        script_failed = true;
        return;
    }
    if ((s = grip_lua_exec_file(lua, path)) != GRIP_OK) {
        fprintf(stderr, "grip-sdl-demo: %s: %s (%s)\n", path, grip_status_string(s),
                grip_lua_errmsg ? grip_lua_errmsg(lua) : "");
        script_failed = true;
    } else
        printf("grip-sdl-demo: ran %s\n", path);
}

/* ---- screenshot --------------------------------------------------------------------------- */

static int screenshot(const char *path) {
    int w = 0, h = 0, r;
    unsigned char *px, *seen;
    size_t i, distinct = 0, ink = 0;
    if (SDL_GetRendererOutputSize(renderer, &w, &h) != 0 || w <= 0 || h <= 0) return -1;
    px = malloc((size_t)w * h * 4);
    seen = calloc((size_t)1 << 21, 1); /* one bit per 24-bit colour */
    if (!px || !seen || SDL_RenderReadPixels(renderer, NULL, SDL_PIXELFORMAT_RGBA32, px, w * 4) != 0) {
        fprintf(stderr, "grip-sdl-demo: cannot read the window's pixels: %s\n", SDL_GetError());
        free(px);
        free(seen);
        return -1;
    }
    for (i = 0; i < (size_t)w * h; i++) {
        const unsigned char *p = px + i * 4;
        uint32_t c = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
        if (!(seen[c >> 3] & (1u << (c & 7)))) seen[c >> 3] |= (unsigned char)(1u << (c & 7)), distinct++;
        if (c != 0xF4F5F7u && c != 0xE4E7ECu) ink++; /* neither the canvas nor its grid */
    }
    r = png_write_rgba(path, px, w, h, (size_t)w * 4);
    if (r == 0)
        printf("grip-sdl-demo: wrote %s (%d x %d): %zu distinct colours, %zu pixels drawn over the canvas\n", path, w,
               h, distinct, ink);
    else
        fprintf(stderr, "grip-sdl-demo: cannot write %s\n", path);
    free(px);
    free(seen);
    return r;
}

/* ---- main --------------------------------------------------------------------------------- */

static void usage(FILE *out) {
    fprintf(out, "usage: grip-sdl-demo [--script FILE.lua] [--screenshot OUT.png | --marquee-shot OUT.png |\n"
                 "                     --snap-shot OUT.png] [--seconds N]\n"
                 "                     [--size WxH] [--zoom F] [--verbose]\n");
}

int main(int argc, char **argv) {
    const char *script = NULL, *shot = NULL;
    bool marquee = false, snapshot = false;
    double seconds = -1;
    grip_engine_desc ed;
    grip_status s;
    grip_frame f;
    uint64_t drawn = 0;
    bool vsync, first = true;
    int i, status = 0;
    Uint32 began;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--script") && i + 1 < argc) script = argv[++i];
        else if (!strcmp(argv[i], "--screenshot") && i + 1 < argc) shot = argv[++i];
        else if (!strcmp(argv[i], "--marquee-shot") && i + 1 < argc) shot = argv[++i], marquee = true;
        else if (!strcmp(argv[i], "--snap-shot") && i + 1 < argc) shot = argv[++i], marquee = snapshot = true;
        else if (!strcmp(argv[i], "--seconds") && i + 1 < argc) seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--zoom") && i + 1 < argc) {
            zoom = atof(argv[++i]);
            if (!(zoom >= 0.1 && zoom <= 10)) {
                fprintf(stderr, "grip-sdl-demo: --zoom wants a factor from 0.1 to 10\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "--size") && i + 1 < argc) {
            if (sscanf(argv[++i], "%dx%d", &width, &height) != 2 || width < 64 || height < 64 || width > 8192 ||
                height > 8192) {
                fprintf(stderr, "grip-sdl-demo: --size wants WxH, e.g. 1024x768\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "--verbose") || !strcmp(argv[i], "-v")) verbose = 1;
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }

    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "grip-sdl-demo: SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    window = SDL_CreateWindow("Grip SDL demo", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
                              SDL_WINDOW_RESIZABLE);
    if (!window) {
        fprintf(stderr, "grip-sdl-demo: SDL_CreateWindow: %s\n", SDL_GetError());
        return 1;
    }
    renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (!renderer) renderer = SDL_CreateRenderer(window, -1, 0);
    if (!renderer) {
        fprintf(stderr, "grip-sdl-demo: SDL_CreateRenderer: %s\n", SDL_GetError());
        return 1;
    }
    {
        SDL_RendererInfo info;
        vsync = SDL_GetRendererInfo(renderer, &info) == 0 && (info.flags & SDL_RENDERER_PRESENTVSYNC);
        if (verbose) printf("grip-sdl-demo: renderer %s%s\n", info.name, vsync ? ", vsync" : "");
    }
    photo = make_photo();

    grip_engine_desc_init(&ed);
    ed.width = width;
    ed.height = height;
    ed.selection = GRIP_SELECTION_POINTER; /* click, shift-click and marquee select; a selection moves as one */
    if ((s = grip_engine_create(&ed, &engine)) != GRIP_OK) {
        fprintf(stderr, "grip-sdl-demo: grip_engine_create: %s\n", grip_status_string(s));
        return 1;
    }
    set_view();
    apply_snapping();

    if (script && !marquee) run_script(script);
    if (grip_frame_get(engine, &f) == GRIP_OK && f.command_count == 0) {
        if (script && !marquee) fprintf(stderr, "grip-sdl-demo: the script left no boxes: showing the built-in scene\n");
        build_scene();
        if (snapshot) snap_session();
        else if (marquee) marquee_session();
        else if (shot && seconds < 0) scripted_session();
    }
    /* Continue from the engine's clock: a script's macros have advanced it. */
    if (grip_frame_get(engine, &f) == GRIP_OK && f.time > last_time) last_time = f.time;
    clock_offset = last_time - SDL_GetTicks() / 1000.0;
    print_events();

    if (shot && seconds < 0) {
        int r;
        render();
        SDL_RenderPresent(renderer); /* shown once, for whoever watches */
        render();                    /* and drawn again: the back buffer after a present is undefined */
        r = screenshot(shot);
        if (lua) grip_lua_destroy(lua);
        grip_engine_destroy(engine);
        SDL_DestroyRenderer(renderer);
        SDL_DestroyWindow(window);
        SDL_Quit();
        return r != 0 ? 1 : script_failed ? 3
                                          : 0;
    }

    began = SDL_GetTicks();
    while (running && (seconds < 0 || SDL_GetTicks() - began < seconds * 1000)) {
        SDL_Event e;
        Uint32 start = SDL_GetTicks();
        while (SDL_PollEvent(&e)) handle_event(&e);
        if (wheel_active && SDL_GetTicks() - wheel_last > 250) end_wheel(host_time(SDL_GetTicks()));
        timer(host_time(SDL_GetTicks()));
        print_events();
        /* Redraw only when something drawn changed (the serial) or the host's own marks moved. */
        if (grip_frame_get(engine, &f) == GRIP_OK && (first || f.serial != drawn || right_pinch || touching())) {
            render();
            SDL_RenderPresent(renderer); /* with vsync: waits for the display refresh */
            drawn = f.serial;
            first = false;
            if (vsync) continue;
        }
        if (SDL_GetTicks() - start < 16) SDL_Delay(16 - (SDL_GetTicks() - start));
    }
    if (shot) {
        render();
        status = screenshot(shot) != 0 ? 1 : script_failed ? 3
                                                           : 0;
    }

    if (lua) grip_lua_destroy(lua);
    grip_engine_destroy(engine);
    for (i = 0; i < SDL_NUM_SYSTEM_CURSORS; i++)
        if (cursors[i]) SDL_FreeCursor(cursors[i]);
    if (photo) SDL_DestroyTexture(photo);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return status;
}
