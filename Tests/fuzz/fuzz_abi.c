/* fuzz_abi.c: libFuzzer target over the whole C ABI of grip.h.
 *
 * The input is a program: each step reads an opcode byte and the arguments it needs from the
 * bytes after it (running out of bytes reads zeros, which are always a legal choice). Steps call
 * every exported function with hostile arguments (NULL, stale, destroyed and made-up box ids,
 * NaN, infinities, 1e308, negative sizes, unknown enum values, wrong struct sizes, time going
 * backwards, eleven pointers, singular views, foreign engine pointers, Lua scripts whose hooks
 * misbehave; selections, draw order and region queries, with the selection's own rules checked;
 * box keys, the change and live feeds, and remote changes: other engines' feeds and mutated ones).
 * Every call's status and the frame serial are checked after it; the invariants of invariants.h
 * (each box's state, the frame's commands, the event queue) are checked on every engine every
 * CHECK_EVERY steps and at the end. A program is at most MAX_STEPS steps.
 *
 * The opcode byte is taken modulo OP_COUNT: new steps are only ever appended to the enum, so an
 * input whose opcode bytes are below the count it was written for keeps its meaning (the
 * regression inputs in Tests/fuzz/regressions are written that way).
 *
 * Built two ways:
 *   - with clang -fsanitize=fuzzer,address,undefined (scripts/fuzz): libFuzzer's main;
 *   - with -DGRIP_FUZZ_STANDALONE (any C compiler): a main that runs each file named on the
 *     command line once (scripts/test replays the corpus and the regression inputs that way).
 */
#include "grip.h"
#include "invariants.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- input reader ------------------------------------------------------------------------- */

typedef struct {
    const uint8_t *p;
    size_t n;
} reader;

static uint8_t u8(reader *r) {
    if (r->n == 0) return 0;
    r->n--;
    return *r->p++;
}
static uint32_t u16(reader *r) { return (uint32_t)u8(r) | (uint32_t)u8(r) << 8; }
static uint32_t u32(reader *r) { return u16(r) | u16(r) << 16; }
static uint64_t u64(reader *r) { return (uint64_t)u32(r) | (uint64_t)u32(r) << 32; }

static const double special[] = {
    0.0, -0.0, 1.0, -1.0, NAN, INFINITY, -INFINITY, 1e308, -1e308, 1e9, -1e9, 1e9 + 1,
    1e-300, 4.9e-324, 1e-6, 1e6, 0.5, 10, 1e15, -1e15, 2.2250738585072014e-308, 1.7976931348623157e308};
#define NSPECIAL (sizeof special / sizeof special[0])

/* A number: mostly ordinary values in [lo, lo + span), sometimes hostile ones, sometimes raw bits. */
static double num(reader *r, double lo, double span) {
    uint8_t b = u8(r);
    if (b < 24) return special[b % NSPECIAL];
    if (b < 28) {
        double d;
        uint64_t bits = u64(r);
        memcpy(&d, &bits, sizeof d);
        return d;
    }
    return lo + span * (double)u16(r) / 65536.0;
}

/* A time step: mostly forward, sometimes still, backwards or not a number. */
static const double steps[] = {0.016, 0.016, 0.016, 0.05, 0.1, 0, 0.2, 0.35, 0.5, 1.0, 1.2, 0.001,
                               -0.01, NAN, INFINITY, 1e9, 1e308, 0.25};

/* ---- world -------------------------------------------------------------------------------- */

#define NSLOTS 3
/* Programs are short and checked in full every few steps: with the optimised library this runs
 * over a thousand programs a second, and a broken invariant is still caught within a few steps. */
#define MAX_STEPS   64
#define CHECK_EVERY 8
#define NIDS        48

typedef struct {
    grip_engine *e;
    grip_lua *lua;
    grip_box ids[NIDS]; /* every id seen, live or not; a ring */
    int nids, next;
    double time;      /* the last time an event carried (accepted or not) */
    grip_affine view; /* the last view accepted */
    int view_unknown; /* a script may have set another one */
    int hoard;        /* checks the host goes on not polling events: the queue fills and coalesces */
    uint64_t serial;
    int creations;
} slot;

static slot S[NSLOTS];
static int g_creations; /* per input: caps the work one input can ask for */

static void remember(slot *s, grip_box b) {
    if (b == GRIP_NO_BOX) return;
    for (int i = 0; i < s->nids; i++)
        if (s->ids[i] == b) return;
    s->ids[s->next] = b;
    s->next = (s->next + 1) % NIDS;
    if (s->nids < NIDS) s->nids++;
}

static grip_box pick_id(reader *r, slot *s) {
    uint8_t b = u8(r);
    if (b < 200 && s->nids > 0) return s->ids[b % s->nids];
    switch (b % 6) {
    case 0: return GRIP_NO_BOX;
    case 1: return u64(r);
    case 2: return s->nids ? s->ids[0] + ((uint64_t)1 << 32) : 1; /* same index, other generation */
    case 3: return s->nids ? s->ids[0] ^ 1 : 2;
    case 4: return UINT64_MAX;
    default: return (uint64_t)u16(r);
    }
}

static slot *pick_slot(reader *r) { return &S[u8(r) % NSLOTS]; }

/* A foreign or broken engine pointer: the library must say GRIP_ERR_ARG, not crash. A destroyed
 * engine's memory is freed, so only its magic word's rejection is tested here (a real freed pointer
 * is a use-after-free the sanitizer would rightly report). */
static uint64_t foreign_mem[8];
static grip_engine *foreign(reader *r) {
    uint8_t b = u8(r) % 4;
    memset(foreign_mem, 0, sizeof foreign_mem);
    switch (b) {
    case 0: foreign_mem[0] = 0x4752495044454144ull; return (grip_engine *)foreign_mem; /* "GRIPDEAD" */
    case 1:
        foreign_mem[0] = u64(r);
        foreign_mem[1] = u64(r);
        return (grip_engine *)foreign_mem;
    case 2: return (grip_engine *)((char *)foreign_mem + 1 + u8(r) % 7); /* misaligned */
    default: return NULL;
    }
}

/* Screen position of an interesting point: a box's corner, edge middle, centre, rotate handle,
 * or anywhere in the bounds. */
static void pick_point(reader *r, slot *s, double *x, double *y) {
    uint8_t b = u8(r);
    if (b >= 64 && s->nids > 0 && s->e) {
        grip_box_state st;
        grip_box id = s->ids[u8(r) % s->nids];
        if (grip_box_state_get(s->e, id, &st) == GRIP_OK) {
            int k = b % 10;
            double wx, wy;
            if (k < 4) {
                wx = st.corners[k].x;
                wy = st.corners[k].y;
            } else if (k < 8) {
                int a = k - 4, c = (k - 3) % 4;
                wx = (st.corners[a].x + st.corners[c].x) / 2;
                wy = (st.corners[a].y + st.corners[c].y) / 2;
            } else if (k == 8) {
                wx = (st.corners[0].x + st.corners[2].x) / 2;
                wy = (st.corners[0].y + st.corners[2].y) / 2;
            } else { /* 24 units above the top edge's middle, box space */
                double bx = st.width / 2, by = -24;
                wx = st.world.a * bx + st.world.c * by + st.world.tx;
                wy = st.world.b * bx + st.world.d * by + st.world.ty;
            }
            const grip_affine *v = &s->view;
            *x = v->a * wx + v->c * wy + v->tx + ((int)(u8(r) % 17) - 8);
            *y = v->b * wx + v->d * wy + v->ty + ((int)(u8(r) % 17) - 8);
            return;
        }
    }
    *x = num(r, -100, 1200);
    *y = num(r, -100, 1000);
}

static double next_time(reader *r, slot *s) {
    double t = s->time + steps[u8(r) % (sizeof steps / sizeof steps[0])];
    if (isfinite(t)) s->time = t > s->time ? t : s->time;
    return t;
}

/* ---- checking ------------------------------------------------------------------------------ */

/* Checks a call's status on slot s and the frame after it; a failure must leave a message and
 * change nothing drawn. */
static void after(slot *s, grip_status st, const char *call) {
    inv_status(st, call);
    if (!s || !s->e) return;
    if ((int)st < 0) inv_failure_message(s->e, st, call);
    uint64_t before = s->serial;
    grip_frame f;
    if (grip_frame_get(s->e, &f) != GRIP_OK) inv_fail("grip_frame_get after %s: %s", call, grip_engine_errmsg(s->e));
    if (f.serial < before) inv_fail("frame serial went back after %s", call);
    s->serial = f.serial; /* the whole frame is checked once per step (check_all) */
    if ((int)st < 0 && before != 0 && f.serial != before)
        inv_fail("%s failed (%d) but the frame serial moved from %llu to %llu", call, (int)st,
                 (unsigned long long)before, (unsigned long long)f.serial);
}

/* After every step: each engine's frame serial, which the next step's failure checks compare
 * against (a step may make calls that move it without checking each). */
static void note_serials(void) {
    for (int i = 0; i < NSLOTS; i++) {
        slot *s = &S[i];
        if (!s->e) continue;
        grip_frame f;
        if (grip_frame_get(s->e, &f) != GRIP_OK) inv_fail("grip_frame_get: %s", grip_engine_errmsg(s->e));
        if (f.serial < s->serial) inv_fail("frame serial went back");
        s->serial = f.serial;
    }
}

/* Checks every engine; `final` at the end of a program (the events are always read then). */
static void check_all(bool final) {
    for (int i = 0; i < NSLOTS; i++) {
        slot *s = &S[i];
        if (!s->e) continue;
        grip_frame f = inv_frame(s->e, &s->serial);
        /* BOX commands draw live boxes where their state says: transform = view * world */
        for (size_t i = 0, n = 0; i < f.command_count && n < 64; i++) {
            const grip_command *c = &f.commands[i];
            if (c->kind != GRIP_CMD_BOX || s->view_unknown) continue;
            n++;
            grip_box_state st;
            if (grip_box_state_get(s->e, c->box, &st) != GRIP_OK)
                inv_fail("BOX command %zu draws box %#llx, which has no state", i, (unsigned long long)c->box);
            if (c->width != st.width || c->height != st.height)
                inv_fail("BOX command %zu: %.17g x %.17g, state %.17g x %.17g", i, c->width, c->height, st.width, st.height);
            const grip_affine *v = &s->view, *w = &st.world;
            const double want[6] = {v->a * w->a + v->c * w->b, v->b * w->a + v->d * w->b,
                                    v->a * w->c + v->c * w->d, v->b * w->c + v->d * w->d,
                                    v->a * w->tx + v->c * w->ty + v->tx, v->b * w->tx + v->d * w->ty + v->ty};
            const double *got = &c->transform.a;
            double mag = 1;
            for (int k = 0; k < 6; k++) mag += fabs(want[k]);
            for (int k = 0; k < 6; k++)
                if (fabs(got[k] - want[k]) > 1e-9 * mag * (1 + fabs(v->a) + fabs(v->b) + fabs(v->c) + fabs(v->d)))
                    inv_fail("BOX command %zu: transform[%d] %.17g, view * world %.17g", i, k, got[k], want[k]);
        }
        for (int k = 0; k < s->nids; k++) inv_box(s->e, s->ids[k]);
        if (s->hoard > 0 && !final) s->hoard--;
        else inv_events(s->e);
        /* the checks above are calls too: none of them may have moved anything drawn */
        uint64_t before = s->serial;
        f = inv_frame(s->e, &s->serial);
        if (f.serial != before) inv_fail("reading state moved the frame serial");
    }
}

/* ---- descriptions --------------------------------------------------------------------------- */

/* Peer ids are fixed (not the random one a 0 asks for) so that a run replays the same keys, and the
 * failure messages that name keys read the same from every build. */
static uint32_t g_next_peer;

static void engine_desc(reader *r, grip_engine_desc *d) {
    grip_engine_desc_init(d);
    d->peer = ++g_next_peer;
    uint8_t m = u8(r);
    if (m & 1) {
        d->width = num(r, 100, 1500);
        d->height = num(r, 100, 1200);
    }
    if (m & 2) d->max_boxes = u8(r) % 40;
    if (m & 4) d->max_pointers = u8(r) % 12;
    if (m & 8) d->touch_slop = num(r, 0, 30);
    if (m & 16) d->double_tap_interval = num(r, 0, 1);
    if (m & 32) d->handle_hit_radius = num(r, 0, 50);
    if (m & 64) d->struct_size = u8(r) < 128 ? d->struct_size - 8 : u32(r);
}

static void box_desc(reader *r, slot *s, grip_box_desc *d) {
    grip_box_desc_init(d);
    uint32_t m = u16(r);
    d->editing = (m & 1) != 0;
    if (m & 2) d->parent = pick_id(r, s);
    if (m & 4) {
        d->x = num(r, 0, 700);
        d->y = num(r, 0, 500);
    }
    if (m & 8) {
        d->width = num(r, 1, 400);
        d->height = num(r, 1, 300);
    }
    if (m & 16) d->rotation = num(r, -7, 14);
    if (m & 32) d->scale = num(r, 0.05, 3);
    if (m & 64) {
        d->allow = u8(r) | (u8(r) < 8 ? u32(r) : 0);
        d->handles = u16(r) | (u8(r) < 8 ? u32(r) : 0);
    }
    if (m & 128) {
        uint8_t k = u8(r);
        d->resize_mode = (grip_resize_mode)(k < 240 ? k % 2 : (int)u32(r));
        d->centered = (k & 2) != 0;
        d->allow_flip = (k & 4) == 0;
        d->contain = (k & 8) != 0;
        d->flipped_x = (k & 16) != 0;
        d->flipped_y = (k & 32) != 0;
    }
    if (m & 256) {
        d->min_width = num(r, 0, 60);
        d->min_height = num(r, 0, 60);
    }
    if (m & 512) {
        d->min_scale = num(r, 0, 1);
        d->max_scale = num(r, 1, 20);
    }
    if (m & 1024) {
        d->inset_top = num(r, -50, 100);
        d->inset_left = num(r, -50, 100);
        d->inset_bottom = num(r, -50, 100);
        d->inset_right = num(r, -50, 100);
    }
    if (m & 2048) {
        uint8_t k = u8(r);
        d->long_press_duration = num(r, 0, 2);
        d->indicator = (grip_indicator_shape)(k < 240 ? k % 4 : (int)u32(r));
        d->corner_radius = num(r, -5, 60);
    }
    if (m & 4096) {
        d->rotation_snap = num(r, 0, 1);
        d->snap_tolerance = num(r, 0, 0.3);
    }
    if (m & 8192) d->user_data = u64(r);
    if (m & 16384) d->struct_size = u8(r) < 128 ? d->struct_size - 8 : u32(r);
}

/* ---- Lua ---------------------------------------------------------------------------------- */

/* Scripts a host might run: boxes with hooks (some misbehaving), callbacks that try to re-enter. */
static const char *const scripts[] = {
    "local e = grip.host\n"
    "local b = e:box{x = 100, y = 100, width = 200, height = 120, editing = true}\n"
    "b:add_handle{name = 'knob', position = function(s) return s.width / 2, -30 end,\n"
    "  drag = function(s, x, y) return {rotation = math.atan(y, x)} end}\n",

    "local b = grip.host:box{x = 300, y = 200, width = 150, height = 150, editing = true, allow = 'all'}\n"
    "b:set_constraint(function(p, c) p.width = math.max(20, math.floor(p.width / 20 + 0.5) * 20) return p end)\n",

    "local b = grip.host:box{x = 50, y = 300, width = 120, height = 90, editing = true, indicator = 'custom',\n"
    "  allow = {'move', 'long_press', 'resize'}}\n"
    "b:set_indicator(function(p, s) local pts = {} for i = 0, 8 do pts[#pts + 1] = {s.width * i / 8, s.height * p} end return pts end)\n",

    /* nonsense from hooks: NaN, infinities, wrong types, errors, endless loops */
    "local b = grip.host:box{x = 400, y = 100, width = 100, height = 100, editing = true, indicator = 'custom',\n"
    "  allow = 'all'}\n"
    "b:set_constraint(function(p, c) p.width = 0/0 p.scale = math.huge return p end)\n"
    "b:set_indicator(function(p, s) return {{0/0, 1}, {math.huge, 2}} end)\n"
    "b:add_handle{name = 'bad', position = function(s) return 0/0, 1e308 end, drag = function() error('no') end}\n",

    "local b = grip.host:box{x = 500, y = 300, width = 100, height = 100, editing = true, allow = 'all', indicator = 'custom'}\n"
    "b:set_constraint(function(p, c) while true do end end)\n"
    "b:set_indicator(function(p, s) return 'nope' end)\n"
    "b:add_handle{name = 'h', position = function(s) return {} end, drag = function(s, x, y) return {width = -5, height = 1e300} end}\n",

    /* callbacks that try to re-enter the engine */
    "local e = grip.host\n"
    "local b = e:box{x = 200, y = 350, width = 160, height = 100, editing = true, allow = 'all'}\n"
    "b:on('any', function(ev) pcall(e.pointer, e, 'down', 7, 1, 1, 0) pcall(e.tick, e, 1e9) pcall(b.destroy, b)\n"
    "  pcall(e.close, e) pcall(e.frame, e) end)\n"
    "b:set_constraint(function(p, c) pcall(b.destroy, b) pcall(e.tick, e, 5) pcall(e.box, e, {}) return p end)\n",

    "grip.host:drag{from = {150, 150}, to = {260, 210}, steps = 5, duration = 0.1}\n",
    "for ev in grip.host:events() do end local f = grip.host:frame() assert(f.serial)\n",
    "local t = {} for i = 1, 1e7 do t[i] = i end\n", /* the memory cap */
    "while true do end\n",                           /* the instruction cap */
    "error('boom')\n",
    "grip.host:pinch{box = grip.host:box{x = 600, y = 400, width = 100, height = 100}, scale = 2, rotate = 1, steps = 4}\n",
    "local e = grip.new{width = 100, height = 100} e:box{} e:tick(1) e:close()\n",
    "grip.host:set_view{a = 2, b = 0, c = 0, d = 2, tx = 10, ty = 20}\n",
    "grip.host:hold(160, 340, 1.5)\n",
};
#define NSCRIPTS (sizeof scripts / sizeof scripts[0])

/* ---- steps --------------------------------------------------------------------------------- */

enum {
    OP_ENGINE_CREATE,
    OP_ENGINE_DESTROY,
    OP_SET_BOUNDS,
    OP_SET_VIEW,
    OP_BOX_CREATE,
    OP_BOX_DESTROY,
    OP_BOX_CONFIGURE,
    OP_BOX_DESCRIBE,
    OP_SET_EDITING,
    OP_RESET,
    OP_STATE_GET,
    OP_HIT_TEST,
    OP_POINTER,
    OP_MAGNIFY,
    OP_TIMER,
    OP_POLL,
    OP_FRAME,
    OP_MISC,
    OP_FOREIGN,
    OP_LUA,
    OP_GESTURE,
    OP_TOUCHES,
    OP_ROUNDTRIP,
    OP_BULK,
    OP_HOARD,
    OP_FLOOD,
    OP_SELECTING_ENGINE,
    OP_SELECT,
    OP_QUERIES,
    OP_KEYS_HISTORY,
    OP_SNAPPING,
    OP_SYNC,
    OP_COUNT
};

static void destroy_slot(slot *s) {
    if (s->lua) grip_lua_destroy(s->lua);
    grip_engine_destroy(s->e);
    memset(s, 0, sizeof *s);
}

static void op_engine_create(reader *r) {
    slot *s = pick_slot(r);
    uint8_t how = u8(r) % 8;
    grip_engine_desc d;
    engine_desc(r, &d);
    grip_engine *e = (grip_engine *)(uintptr_t)0x1; /* must stay untouched on failure */
    grip_status st;
    if (how == 0) st = grip_engine_create(NULL, &e);
    else if (how == 1) {
        st = grip_engine_create(&d, NULL);
        inv_status(st, "grip_engine_create");
        return;
    } else st = grip_engine_create(&d, &e);
    inv_status(st, "grip_engine_create");
    if (st != GRIP_OK) {
        if (e != (grip_engine *)(uintptr_t)0x1) inv_fail("grip_engine_create failed but wrote *out");
        const char *m = grip_engine_errmsg(NULL);
        if (!m || !m[0]) inv_fail("grip_engine_create failed and errmsg(NULL) is empty");
        return;
    }
    if (e == NULL) inv_fail("grip_engine_create OK with a NULL engine");
    destroy_slot(s);
    s->e = e;
    s->view = (grip_affine){1, 0, 0, 1, 0, 0};
}

/* An engine with pointer selection and random (sometimes unknown) marquee and group-resize rules. */
static void op_selecting_engine(reader *r) {
    slot *s = pick_slot(r);
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.peer = ++g_next_peer;
    d.width = num(r, 0, 2000);
    d.height = num(r, 0, 2000);
    d.selection = (grip_selection_mode)(u8(r) % 3);
    d.marquee_rule = (grip_marquee_rule)(u8(r) % 3);
    d.group_resize = (grip_group_resize)(u8(r) % 3);
    grip_engine *e = NULL;
    grip_status st = grip_engine_create(&d, &e);
    inv_status(st, "grip_engine_create(selecting)");
    if (st != GRIP_OK) return;
    destroy_slot(s);
    s->e = e;
    s->view = (grip_affine){1, 0, 0, 1, 0, 0};
}

/* The selection's own rules after any call: members alive, none another's ancestor, the state's
 * count and frame consistent and finite. */
static void check_selection(slot *s) {
    grip_box ids[64];
    size_t n = 0;
    grip_selection_state st;
    if (grip_selection_get(s->e, ids, 64, &n) != GRIP_OK) inv_fail("grip_selection_get failed on a live engine");
    memset(&st, 0, sizeof st);
    st.struct_size = sizeof st;
    if (grip_selection_state_get(s->e, &st) != GRIP_OK) inv_fail("grip_selection_state_get failed on a live engine");
    if (st.count != n) inv_fail("selection count %zu, state count %zu", n, st.count);
    if (!isfinite(st.center.x) || !isfinite(st.center.y) || !isfinite(st.width) || !isfinite(st.height) ||
        !isfinite(st.rotation) || st.width < 0 || st.height < 0)
        inv_fail("selection frame not finite: %g %g %g %g %g", st.center.x, st.center.y, st.width, st.height, st.rotation);
    for (size_t i = 0; i < n && i < 64; i++) {
        grip_box_desc d;
        grip_box_desc_init(&d);
        if (grip_box_describe(s->e, ids[i], &d) != GRIP_OK) inv_fail("selected box %llu is not alive", (unsigned long long)ids[i]);
        for (int depth = 0; d.parent != GRIP_NO_BOX && depth < 40; depth++) {
            for (size_t j = 0; j < n && j < 64; j++)
                if (ids[j] == d.parent) inv_fail("a selected box and its ancestor are both selected");
            grip_box p = d.parent;
            grip_box_desc_init(&d);
            if (grip_box_describe(s->e, p, &d) != GRIP_OK) inv_fail("a parent is not alive");
        }
    }
}

static void op_select(reader *r, slot *s) {
    grip_box b = pick_id(r, s);
    grip_select_op op = (grip_select_op)(u8(r) % 6); /* 4 and 5 are unknown */
    grip_status st = grip_select(s->e, b, op);
    after(s, st, "grip_select");
    if (u8(r) & 1) {
        size_t n = 99;
        st = grip_selection_get(s->e, NULL, u8(r) % 2, &n); /* NULL out with capacity 1: ARG */
        inv_status(st, "grip_selection_get(NULL)");
        grip_selection_state bad;
        memset(&bad, 0, sizeof bad);
        bad.struct_size = u8(r);
        inv_status(grip_selection_state_get(s->e, &bad), "grip_selection_state_get(struct_size)");
    }
    check_selection(s);
}

/* Keys, steps and the history: key events (valid and not), undo / redo / clear / depth, the
 * changes of the event polled last, and constraints from C. */
static bool fuzz_constraint(void *ctx, grip_box box, const grip_geometry *current, grip_geometry *proposed) {
    slot *s = (slot *)ctx;
    /* A constraint that calls back in gets GRIP_ERR_STATE; it may move or refuse the step. */
    if (grip_box_reset(s->e, box, false) != GRIP_ERR_STATE) inv_fail("a constraint re-entered the engine");
    if (!isfinite(current->center.x) || !isfinite(proposed->center.x)) inv_fail("constraint saw a non-finite geometry");
    proposed->center.x = floor(proposed->center.x);
    /* Refuses some steps by the integer part of y (which may be negative). */
    double y = proposed->center.y;
    return !(isfinite(y) && fabs(y) < 1e15) || ((int64_t)y & 3) != 0;
}

static void op_keys_history(reader *r, slot *s) {
    grip_status st;
    switch (u8(r) % 6) {
    case 0:
    case 1: {
        grip_key_event k = {(grip_phase)(u8(r) % 5), (grip_key)(u8(r) % 12), u8(r) % 17u, next_time(r, s)};
        bool consumed = false;
        st = grip_dispatch_key(s->e, &k, (u8(r) & 1) ? &consumed : NULL);
        after(s, st, "grip_dispatch_key");
        break;
    }
    case 2:
        st = (u8(r) & 1) ? grip_undo(s->e) : grip_redo(s->e);
        after(s, st, "grip_undo / grip_redo");
        break;
    case 3: {
        size_t u = 0, rd = 0;
        st = (u8(r) & 1) ? grip_history_clear(s->e) : grip_history_depth(s->e, &u, &rd);
        after(s, st, "grip_history_clear / grip_history_depth");
        break;
    }
    case 4: {
        grip_change out[8];
        size_t cap = u8(r) % 10, n = 0;
        if (cap > 8) cap = 8;
        st = grip_event_changes(s->e, cap ? out : NULL, cap, &n);
        after(s, st, "grip_event_changes");
        for (size_t i = 0; st == GRIP_OK && i < n && i < cap; i++)
            if (!isfinite(out[i].after.center.x) || !(out[i].after.width > 0)) inv_fail("a change with a bad geometry");
        break;
    }
    default:
        st = grip_box_set_constraint(s->e, pick_id(r, s), (u8(r) & 1) ? fuzz_constraint : NULL, s);
        after(s, st, "grip_box_set_constraint");
        break;
    }
}

static void op_queries(reader *r, slot *s) {
    grip_status st;
    grip_box out[32];
    size_t n = 0;
    switch (u8(r) % 5) {
    case 0:
        st = grip_box_order(s->e, pick_id(r, s), (grip_order)(u8(r) % 6));
        after(s, st, "grip_box_order");
        break;
    case 1: {
        size_t cap = u8(r) % 40;
        if (cap > 32) cap = 32;
        st = grip_boxes_list(s->e, cap ? out : NULL, cap, &n);
        after(s, st, "grip_boxes_list");
        for (size_t i = 0; st == GRIP_OK && i < n && i < cap; i++)
            if (inv_box(s->e, out[i]) != GRIP_OK) inv_fail("grip_boxes_list listed a box that is not alive");
        break;
    }
    case 2: {
        double x0 = num(r, -100, 1200), y0 = num(r, -100, 1000), x1 = num(r, -100, 1200), y1 = num(r, -100, 1000);
        st = grip_boxes_query(s->e, x0, y0, x1, y1, u8(r) & 1, out, 32, &n);
        after(s, st, "grip_boxes_query");
        for (size_t i = 0; st == GRIP_OK && i < n && i < 32; i++)
            if (inv_box(s->e, out[i]) != GRIP_OK) inv_fail("grip_boxes_query found a box that is not alive");
        break;
    }
    default: {
        grip_vec2 p = {num(r, -100, 1200), num(r, -100, 1000)}, q = {0, 0};
        st = (u8(r) & 1) ? grip_screen_to_world(s->e, p, &q) : grip_world_to_screen(s->e, p, &q);
        after(s, st, "grip_screen_to_world / grip_world_to_screen");
        if (st == GRIP_OK && (!isfinite(q.x) || !isfinite(q.y))) inv_fail("view mapping not finite");
        break;
    }
    }
    check_selection(s);
}

/* grip_engine_set_snapping: off, defaults with random flags, or fields from the fuzzer (NaN,
 * negative and huge grids and thresholds, unknown bits, wrong struct sizes); bad settings are
 * refused with a message and change nothing. */
/* The changes the feeds gave, from any engine: what op_sync hands to another engine's (or the same
 * one's) grip_remote_apply, mutated. */
#define NFEED 8
static grip_feed_change feed_pool[NFEED];
static int feed_pooled;

/* A key: one of a known box's, a made-up one, 0, or the largest. */
static uint64_t pick_key(reader *r, slot *s) {
    uint64_t k = 0;
    switch (u8(r) % 4) {
    case 0:
    case 1:
        if (grip_box_get_key(s->e, pick_id(r, s), &k) != GRIP_OK) k = 0;
        return k;
    case 2: return u64(r);
    default: return (u8(r) & 1) ? UINT64_MAX : (uint64_t)u8(r) << 32 | u8(r);
    }
}

/* One change for grip_remote_apply: a pooled one (another engine's, so a real peer's) or a blank,
 * with hostile numbers, kinds, field masks, keys and descriptions mixed in. */
static void make_change(reader *r, slot *s, grip_feed_change *c) {
    if (feed_pooled > 0 && (u8(r) & 1)) {
        *c = feed_pool[u8(r) % feed_pooled];
    } else {
        memset(c, 0, sizeof *c);
        c->kind = GRIP_FEED_CREATED;
        c->origin = GRIP_ORIGIN_HOST;
        c->fields = GRIP_FIELD_ALL;
        grip_box_desc_init(&c->desc);
        c->desc.width = c->desc.height = 40;
        c->after = (grip_geometry){GRIP_NO_BOX, {200, 200}, 40, 40, 0, 1, false, false};
        c->before = c->after;
        c->key = pick_key(r, s);
    }
    uint8_t m = u8(r);
    if (m & 1) c->kind = (grip_feed_kind)(u8(r) % 5);
    if (m & 2) c->fields = u8(r) | (u8(r) & 1 ? 0x100u : 0);
    if (m & 4) c->key = pick_key(r, s);
    if (m & 8) c->parent_key = pick_key(r, s);
    if (m & 16) c->below_key = pick_key(r, s);
    if (m & 32) {
        c->after.center.x = num(r, -500, 2000);
        c->after.center.y = num(r, -500, 2000);
        c->after.width = num(r, -10, 400);
        c->after.height = num(r, -10, 400);
        c->after.rotation = num(r, -7, 14);
        c->after.scale = num(r, -1, 4);
    }
    if (m & 64) {
        c->desc.min_width = num(r, -10, 100);
        c->desc.max_scale = num(r, -1, 20);
        c->desc.min_scale = num(r, -1, 2);
        c->desc.allow = u32(r);
        c->desc.struct_size = (u8(r) & 1) ? c->desc.struct_size : u8(r);
    }
    if (m & 128) c->origin = (grip_origin)(u8(r) % 7);
}

/* Keys, the change feed, the live feed and remote changes (grip.h's multiplayer calls). A remote
 * apply is all or nothing per change: a failure after `applied` changes leaves those applied, so
 * the frame serial may move then, and only then. */
static void op_sync(reader *r, slot *s) {
    grip_status st;
    switch (u8(r) % 6) {
    case 0: {
        static const uint32_t limits[] = {0, 1, 4, 64, 1048576, 1048577, UINT32_MAX};
        st = grip_feed_enable(s->e, limits[u8(r) % 7]);
        after(s, st, "grip_feed_enable");
        break;
    }
    case 1: {
        grip_feed_change out[4];
        size_t cap = u8(r) % 6, n = 0;
        bool lost = false;
        if (cap > 4) cap = 4;
        st = grip_feed_read(s->e, cap ? out : NULL, cap, (u8(r) % 8) ? &n : NULL, (u8(r) & 1) ? &lost : NULL);
        after(s, st, "grip_feed_read");
        for (size_t i = 0; st == GRIP_OK && i < n && i < cap; i++) {
            if (out[i].key == 0) inv_fail("a feed change without a key");
            if (out[i].kind < GRIP_FEED_CREATED || out[i].kind > GRIP_FEED_CHANGED) inv_fail("a feed change of kind %d", (int)out[i].kind);
            if (out[i].kind != GRIP_FEED_DESTROYED && !(isfinite(out[i].after.center.x) && out[i].after.width > 0))
                inv_fail("a feed change with a bad geometry");
            feed_pool[feed_pooled < NFEED ? feed_pooled++ : u8(r) % NFEED] = out[i];
        }
        break;
    }
    case 2: {
        grip_feed_change c[4];
        size_t n = u8(r) % 5, applied = 99;
        for (size_t i = 0; i < n; i++) make_change(r, s, &c[i]);
        st = grip_remote_apply(s->e, n ? c : ((u8(r) & 1) ? NULL : c), n, (u8(r) % 8) ? &applied : NULL);
        inv_status(st, "grip_remote_apply");
        if (applied != 99 && applied > n) inv_fail("grip_remote_apply applied %zu of %zu", applied, n);
        if (st == GRIP_OK && applied != 99 && applied != n) inv_fail("grip_remote_apply: OK with %zu of %zu applied", applied, n);
        if ((int)st < 0 && applied != 0) {
            note_serials(); /* the changes before the refused one stay (99: not asked how many) */
        } else {
            after(s, st, "grip_remote_apply");
        }
        break;
    }
    case 3: {
        uint64_t k = 0;
        grip_box b = GRIP_NO_BOX, id = pick_id(r, s);
        switch (u8(r) % 3) {
        case 0:
            st = grip_box_get_key(s->e, id, (u8(r) % 8) ? &k : NULL);
            after(s, st, "grip_box_get_key");
            break;
        case 1:
            st = grip_box_set_key(s->e, id, pick_key(r, s));
            after(s, st, "grip_box_set_key");
            break;
        default:
            st = grip_box_find(s->e, pick_key(r, s), (u8(r) % 8) ? &b : NULL);
            after(s, st, "grip_box_find");
            if (st == GRIP_OK) remember(s, b);
            break;
        }
        break;
    }
    case 4: {
        grip_live_box live[4];
        size_t cap = u8(r) % 6, n = 0;
        if (cap > 4) cap = 4;
        st = grip_feed_live(s->e, cap ? live : NULL, cap, (u8(r) % 8) ? &n : NULL);
        after(s, st, "grip_feed_live");
        for (size_t i = 0; st == GRIP_OK && i < n && i < cap; i++)
            if (!isfinite(live[i].geometry.center.x) || !(live[i].geometry.width > 0)) inv_fail("a live box with a bad geometry");
        break;
    }
    default: { /* another engine's unread changes, straight into this one */
        slot *o = pick_slot(r);
        if (!o->e) return;
        grip_feed_change c[4];
        size_t n = 0, applied = 0;
        if (grip_feed_read(o->e, c, 4, &n, NULL) != GRIP_OK) return;
        note_serials();
        st = grip_remote_apply(s->e, c, n, &applied);
        inv_status(st, "grip_remote_apply (another engine's feed)");
        if ((int)st < 0 && applied > 0) {
            note_serials();
        } else {
            after(s, st, "grip_remote_apply (another engine's feed)");
        }
        break;
    }
    }
}

static void op_snapping(reader *r, slot *s) {
    grip_snap_desc d;
    grip_snap_desc_init(&d);
    uint8_t k = u8(r) % 4;
    if (k == 0) {
        after(s, grip_engine_set_snapping(s->e, NULL), "grip_engine_set_snapping(NULL)");
        return;
    }
    d.flags = k == 3 ? u32(r) : u8(r) & 0x1F;
    if (k >= 2) {
        d.grid_x = num(r, -5, 60);
        d.grid_y = num(r, -5, 60);
        d.grid_origin.x = num(r, -50, 100);
        d.threshold = num(r, -2, 30);
        d.bypass_modifiers = u8(r) & 0x1F;
        if (u8(r) % 8 == 0) d.struct_size = u32(r);
    }
    grip_status st = grip_engine_set_snapping(s->e, &d);
    after(s, st, "grip_engine_set_snapping");
    if (st == GRIP_OK && !(d.grid_x > 0 && d.grid_y > 0 && d.threshold >= 0 && d.flags <= 0x1F))
        inv_fail("set_snapping accepted grid %g x %g, threshold %g, flags %#x", d.grid_x, d.grid_y, d.threshold, d.flags);
}

static void op_set_view(reader *r, slot *s) {
    grip_affine m;
    uint8_t k = u8(r) % 8;
    switch (k) {
    case 0: m = (grip_affine){1, 0, 0, 1, 0, 0}; break;
    case 1: m = (grip_affine){2, 0, 0, 2, num(r, -500, 1000), num(r, -500, 1000)}; break;
    case 2: m = (grip_affine){0, 0, 0, 0, 0, 0}; break; /* singular */
    case 3: m = (grip_affine){1, 2, 2, 4, 0, 0}; break; /* singular, not zero */
    case 4: {
        double a = num(r, -3, 6);
        m = (grip_affine){cos(a) * 1.5, sin(a) * 1.5, -sin(a) * 1.5, cos(a) * 1.5, 30, -20};
        break;
    }
    case 5: m = (grip_affine){1e-300, 0, 0, 1e-300, 0, 0}; break; /* tiny: inverse overflows */
    case 6: m = (grip_affine){num(r, -2, 4), num(r, -2, 4), num(r, -2, 4), num(r, -2, 4), num(r, -100, 200), num(r, -100, 200)}; break;
    default: {
        grip_status st = grip_engine_set_view(s->e, NULL);
        after(s, st, "grip_engine_set_view(NULL)");
        if (st == GRIP_OK) inv_fail("set_view(NULL) succeeded");
        return;
    }
    }
    grip_status st = grip_engine_set_view(s->e, &m);
    after(s, st, "grip_engine_set_view");
    if (st == GRIP_OK) {
        s->view = m;
        s->view_unknown = 0;
    }
}

static void op_pointer(reader *r, slot *s, int phase_hint) {
    grip_pointer_event ev;
    uint8_t b = u8(r);
    ev.phase = (grip_phase)(phase_hint >= 0 ? phase_hint : (b < 250 ? b % 4 : (int)u32(r)));
    ev.pointer = u8(r) < 230 ? u8(r) % 4 : u32(r);
    pick_point(r, s, &ev.x, &ev.y);
    ev.time = next_time(r, s);
    ev.modifiers = u8(r) < 200 ? 0 : u32(r);
    bool consumed = true;
    grip_status st = grip_dispatch_pointer(s->e, &ev, (u8(r) & 1) ? &consumed : NULL);
    after(s, st, "grip_dispatch_pointer");
}

/* A whole drag: down on an interesting point, a few moves, up (or cancel). */
static void op_gesture(reader *r, slot *s) {
    grip_pointer_event ev = {GRIP_PHASE_DOWN, u8(r) % 3, 0, 0, 0, 0};
    pick_point(r, s, &ev.x, &ev.y);
    ev.time = next_time(r, s);
    ev.modifiers = u8(r) % 16;
    grip_status st = grip_dispatch_pointer(s->e, &ev, NULL);
    after(s, st, "grip_dispatch_pointer(down)");
    int moves = 1 + u8(r) % 6;
    double dx = num(r, -150, 300), dy = num(r, -150, 300);
    for (int i = 1; i <= moves; i++) {
        ev.phase = GRIP_PHASE_MOVE;
        ev.x += dx / moves;
        ev.y += dy / moves;
        ev.time = next_time(r, s);
        st = grip_dispatch_pointer(s->e, &ev, NULL);
        after(s, st, "grip_dispatch_pointer(move)");
    }
    ev.phase = u8(r) < 230 ? GRIP_PHASE_UP : GRIP_PHASE_CANCEL;
    st = grip_dispatch_pointer(s->e, &ev, NULL);
    after(s, st, "grip_dispatch_pointer(up)");
}

/* Two or more fingers: down on a box, move apart and around, sometimes eleven at once. */
static void op_touches(reader *r, slot *s) {
    int n = 2 + u8(r) % 10; /* up to 11 */
    double cx, cy;
    pick_point(r, s, &cx, &cy);
    double t = next_time(r, s);
    for (int i = 0; i < n; i++) {
        grip_pointer_event ev = {GRIP_PHASE_DOWN, (uint32_t)(10 + i), cx + 20 * cos(i * 1.3), cy + 20 * sin(i * 1.3), t, 0};
        after(s, grip_dispatch_pointer(s->e, &ev, NULL), "grip_dispatch_pointer(touch down)");
    }
    int moves = 1 + u8(r) % 5;
    double grow = num(r, -0.5, 3), turn = num(r, -2, 4);
    for (int m = 1; m <= moves; m++) {
        t = next_time(r, s);
        for (int i = 0; i < n; i++) {
            double a = i * 1.3 + turn * m / moves, rad = 20 * (1 + grow * m / moves);
            grip_pointer_event ev = {GRIP_PHASE_MOVE, (uint32_t)(10 + i), cx + rad * cos(a), cy + rad * sin(a), t, 0};
            after(s, grip_dispatch_pointer(s->e, &ev, NULL), "grip_dispatch_pointer(touch move)");
        }
    }
    int keep = u8(r) % (n + 1); /* leave some fingers down */
    for (int i = keep; i < n; i++) {
        grip_pointer_event ev = {u8(r) < 240 ? GRIP_PHASE_UP : GRIP_PHASE_CANCEL, (uint32_t)(10 + i), cx, cy, t, 0};
        after(s, grip_dispatch_pointer(s->e, &ev, NULL), "grip_dispatch_pointer(touch up)");
    }
}

static void op_lua(reader *r, slot *s) {
    uint8_t k = u8(r);
    if (k < 40 || !s->lua) {
        if (s->lua) {
            grip_lua_destroy(s->lua);
            s->lua = NULL;
        }
        grip_lua_desc d;
        grip_lua_desc_init(&d);
        d.memory_limit = (size_t)1 << 20 << (u8(r) % 4); /* 1 to 8 MiB */
        d.instruction_limit = 100000;
        if (k % 7 == 0) d.struct_size += 4;
        grip_lua *L = (grip_lua *)(uintptr_t)0x1;
        grip_status st = grip_lua_create(k % 11 == 0 ? NULL : s->e, &d, k % 13 == 0 ? NULL : &L);
        inv_status(st, "grip_lua_create");
        if (st == GRIP_OK) s->lua = L;
        else {
            if (L != (grip_lua *)(uintptr_t)0x1) inv_fail("grip_lua_create failed but wrote *out");
            const char *m = grip_lua_errmsg(NULL);
            if (!m || !m[0]) inv_fail("grip_lua_create failed (%d) and grip_lua_errmsg(NULL) is empty", (int)st);
        }
        return;
    }
    const char *src = scripts[u8(r) % NSCRIPTS];
    grip_status st = grip_lua_exec(s->lua, "=fuzz", src, strlen(src));
    if (strstr(src, "set_view")) s->view_unknown = 1;
    inv_status(st, "grip_lua_exec");
    if ((int)st < 0) {
        const char *m = grip_lua_errmsg(s->lua);
        if (!m || !m[0]) inv_fail("grip_lua_exec failed (%d) with an empty message", (int)st);
    }
    /* boxes the script made become targets: learn them through hit tests */
    for (int i = 0; i < 4; i++) {
        grip_hit h;
        if (grip_hit_test(s->e, 100.0 + 150 * i, 150.0 + 60 * i, &h) == GRIP_OK) remember(s, h.box);
    }
}

static void op_misc(reader *r) {
    uint8_t k = u8(r) % 6;
    switch (k) {
    case 0:
        if (grip_version() != (GRIP_VERSION_MAJOR << 16 | GRIP_VERSION_MINOR << 8 | GRIP_VERSION_PATCH)) inv_fail("version");
        break;
    case 1: {
        const char *m = grip_status_string((grip_status)(int32_t)u32(r));
        if (!m) inv_fail("status_string NULL");
        (void)strlen(m);
        break;
    }
    case 2: {
        const char *m = grip_engine_errmsg(NULL);
        if (!m) inv_fail("errmsg(NULL) is NULL");
        (void)strlen(m);
        break;
    }
    case 3:
        grip_engine_desc_init(NULL);
        grip_box_desc_init(NULL);
        grip_lua_desc_init(NULL);
        break;
    case 4:
        grip_engine_destroy(NULL);
        grip_lua_destroy(NULL);
        break;
    default: {
        const char *m = grip_lua_errmsg(NULL);
        if (m) (void)strlen(m);
        break;
    }
    }
}

/* Every engine entry point with a pointer that is not a live engine. */
static void op_foreign(reader *r) {
    grip_engine *e = foreign(r);
    grip_box_desc bd;
    grip_box_desc_init(&bd);
    grip_box b = 0;
    grip_box_state bs;
    grip_hit hit;
    grip_frame f;
    grip_event ev;
    grip_pointer_event pe = {GRIP_PHASE_DOWN, 0, 1, 1, 1, 0};
    grip_magnify_event me = {GRIP_PHASE_DOWN, 1, 1, 1, 1};
    grip_affine id = {1, 0, 0, 1, 0, 0};
    grip_status st[16];
    int n = 0;
    st[n++] = grip_engine_set_bounds(e, 10, 10);
    st[n++] = grip_engine_set_view(e, &id);
    st[n++] = grip_box_create(e, &bd, &b);
    st[n++] = grip_box_destroy(e, 1);
    st[n++] = grip_box_configure(e, 1, &bd);
    st[n++] = grip_box_describe(e, 1, &bd);
    st[n++] = grip_box_set_editing(e, 1, true);
    st[n++] = grip_box_reset(e, 1, true);
    st[n++] = grip_box_state_get(e, 1, &bs);
    st[n++] = grip_hit_test(e, 1, 1, &hit);
    st[n++] = grip_dispatch_pointer(e, &pe, NULL);
    st[n++] = grip_dispatch_magnify(e, &me, NULL);
    st[n++] = grip_dispatch_timer(e, 1);
    st[n++] = grip_frame_get(e, &f);
    st[n++] = grip_event_poll(e, &ev);
    for (int i = 0; i < n; i++)
        if (st[i] != GRIP_ERR_ARG) inv_fail("call %d on a foreign engine pointer returned %d", i, (int)st[i]);
    const char *m = grip_engine_errmsg(e);
    if (!m || !m[0]) inv_fail("errmsg of a foreign engine is empty");
    grip_engine_destroy(e); /* ignored */
    grip_lua *L = (grip_lua *)(uintptr_t)1;
    if (grip_lua_create(e, NULL, &L) == GRIP_OK) inv_fail("grip_lua_create on a foreign engine succeeded");
}

static const char *const op_names[] = {
    "engine_create", "engine_destroy", "set_bounds", "set_view", "box_create", "box_destroy", "box_configure",
    "box_describe", "set_editing", "reset", "state_get", "hit_test", "pointer", "magnify", "timer", "poll",
    "frame", "misc", "foreign", "lua", "gesture", "touches", "roundtrip", "bulk", "hoard", "flood",
    "selecting_engine", "select", "queries", "keys_history", "snapping", "sync"};
typedef char op_names_cover_every_step[sizeof op_names / sizeof op_names[0] == OP_COUNT ? 1 : -1];
static int g_trace = -1; /* GRIP_FUZZ_TRACE=1 prints each step */

static void step_slot(reader *r, slot *s, uint8_t op);

static slot *step(reader *r) {
    uint8_t op = u8(r) % OP_COUNT;
    if (g_trace < 0) g_trace = getenv("GRIP_FUZZ_TRACE") != NULL;
    if (g_trace) fprintf(stderr, "step %s (%zu bytes left)\n", op_names[op], r->n);
    if (op == OP_ENGINE_CREATE) {
        op_engine_create(r);
        return NULL;
    }
    if (op == OP_MISC) {
        op_misc(r);
        return NULL;
    }
    if (op == OP_FOREIGN) {
        op_foreign(r);
        return NULL;
    }
    if (op == OP_SELECTING_ENGINE) {
        op_selecting_engine(r);
        return NULL;
    }
    slot *s = pick_slot(r);
    if (!s->e) { /* calls on a NULL engine */
        grip_status st = (u8(r) & 1) ? grip_dispatch_timer(NULL, 1) : grip_box_destroy(NULL, 1);
        if (st != GRIP_ERR_ARG) inv_fail("call on a NULL engine returned %d", (int)st);
        return NULL;
    }
    step_slot(r, s, op);
    return s;
}

static void step_slot(reader *r, slot *s, uint8_t op) {
    grip_status st;
    switch (op) {
    case OP_ENGINE_DESTROY:
        if (u8(r) < 64) destroy_slot(s);
        return;
    case OP_SET_BOUNDS:
        st = grip_engine_set_bounds(s->e, num(r, -10, 1500), num(r, -10, 1200));
        after(s, st, "grip_engine_set_bounds");
        return;
    case OP_SET_VIEW: op_set_view(r, s); return;
    case OP_BOX_CREATE: {
        if (g_creations >= 200) return;
        g_creations++;
        grip_box_desc d;
        box_desc(r, s, &d);
        grip_box out = 12345;
        uint8_t k = u8(r);
        st = grip_box_create(s->e, k == 1 ? NULL : &d, k == 2 ? NULL : &out);
        after(s, st, "grip_box_create");
        if (st == GRIP_OK) {
            if (out == GRIP_NO_BOX) inv_fail("grip_box_create gave GRIP_NO_BOX");
            remember(s, out);
        } else if (out != 12345) inv_fail("grip_box_create failed but wrote *out");
        return;
    }
    case OP_BOX_DESTROY:
        st = grip_box_destroy(s->e, pick_id(r, s));
        after(s, st, "grip_box_destroy");
        return;
    case OP_BOX_CONFIGURE: {
        grip_box id = pick_id(r, s);
        grip_box_desc d;
        if (u8(r) & 1) { /* change a described box a little: the common host pattern */
            grip_box_desc_init(&d);
            if (grip_box_describe(s->e, id, &d) != GRIP_OK) box_desc(r, s, &d);
            uint8_t f = u8(r) % 8;
            if (f == 0) d.parent = pick_id(r, s);
            else if (f == 1) d.width = num(r, 1, 400);
            else if (f == 2) d.editing = !d.editing;
            else if (f == 3) d.min_width = num(r, 0, 100);
            else if (f == 4) d.rotation = num(r, -7, 14);
            else if (f == 5) d.contain = !d.contain;
            else if (f == 6) d.scale = num(r, 0, 5);
        } else box_desc(r, s, &d);
        st = grip_box_configure(s->e, id, (u8(r) == 3) ? NULL : &d);
        after(s, st, "grip_box_configure");
        return;
    }
    case OP_BOX_DESCRIBE: {
        grip_box_desc d;
        memset(&d, 0xAB, sizeof d);
        uint8_t k = u8(r);
        if (k % 3 != 0) grip_box_desc_init(&d);
        grip_box_desc copy = d;
        st = grip_box_describe(s->e, pick_id(r, s), k == 7 ? NULL : &d);
        after(s, st, "grip_box_describe");
        if (st != GRIP_OK && memcmp(&copy, &d, sizeof d) != 0) inv_fail("grip_box_describe failed but wrote *out");
        return;
    }
    case OP_SET_EDITING:
        st = grip_box_set_editing(s->e, pick_id(r, s), u8(r) & 1);
        after(s, st, "grip_box_set_editing");
        return;
    case OP_RESET:
        st = grip_box_reset(s->e, pick_id(r, s), u8(r) & 1);
        after(s, st, "grip_box_reset");
        return;
    case OP_STATE_GET: {
        grip_box_state bs;
        memset(&bs, 0xCD, sizeof bs);
        grip_box_state copy = bs;
        uint8_t k = u8(r);
        st = grip_box_state_get(s->e, pick_id(r, s), k == 9 ? NULL : &bs);
        after(s, st, "grip_box_state_get");
        if (st != GRIP_OK && memcmp(&copy, &bs, sizeof bs) != 0) inv_fail("grip_box_state_get failed but wrote *out");
        return;
    }
    case OP_HIT_TEST: {
        grip_hit h = {777, (grip_handle)77};
        double x, y;
        pick_point(r, s, &x, &y);
        uint8_t k = u8(r);
        st = grip_hit_test(s->e, x, y, k == 5 ? NULL : &h);
        after(s, st, "grip_hit_test");
        if (st == GRIP_OK) {
            if (h.box == GRIP_NO_BOX && h.handle != GRIP_HANDLE_NONE) inv_fail("hit a handle of no box");
            if (!((h.handle >= 0 && h.handle <= 9) || h.handle >= 16)) inv_fail("hit handle %d", (int)h.handle);
            remember(s, h.box);
        } else if (h.box != 777) inv_fail("grip_hit_test failed but wrote *out");
        return;
    }
    case OP_POINTER: op_pointer(r, s, -1); return;
    case OP_MAGNIFY: {
        grip_magnify_event ev;
        uint8_t b = u8(r);
        ev.phase = (grip_phase)(b < 250 ? b % 4 : (int)u32(r));
        ev.factor = num(r, 0.05, 4);
        pick_point(r, s, &ev.x, &ev.y);
        ev.time = next_time(r, s);
        bool consumed;
        st = grip_dispatch_magnify(s->e, u8(r) == 1 ? NULL : &ev, &consumed);
        after(s, st, "grip_dispatch_magnify");
        return;
    }
    case OP_TIMER:
        st = grip_dispatch_timer(s->e, next_time(r, s));
        after(s, st, "grip_dispatch_timer");
        return;
    case OP_POLL: {
        grip_event ev;
        st = grip_event_poll(s->e, (u8(r) & 1) ? &ev : NULL);
        after(s, st, "grip_event_poll");
        return;
    }
    case OP_FRAME: {
        st = grip_frame_get(s->e, NULL);
        after(s, st, "grip_frame_get(NULL)");
        if (st != GRIP_ERR_ARG) inv_fail("grip_frame_get(NULL) returned %d", (int)st);
        return;
    }
    case OP_LUA: op_lua(r, s); return;
    case OP_GESTURE: op_gesture(r, s); return;
    case OP_TOUCHES: op_touches(r, s); return;
    case OP_BULK: { /* many boxes between two queries: the bounds tree's bulk rebuild */
        int n = 65 + u8(r) % 100;
        if (g_creations + n > 400) return;
        g_creations += n;
        grip_box parent = (u8(r) & 1) ? pick_id(r, s) : GRIP_NO_BOX;
        double x0 = num(r, 0, 600), y0 = num(r, 0, 400);
        for (int i = 0; i < n; i++) {
            grip_box_desc d;
            grip_box_desc_init(&d);
            d.parent = parent;
            d.x = x0 + (i % 10) * 13.0;
            d.y = y0 + (i / 10) * 11.0;
            d.width = 12 + i % 7;
            d.height = 10 + i % 5;
            d.rotation = (i % 3) * 0.3;
            d.editing = i % 4 == 0;
            grip_box b;
            st = grip_box_create(s->e, &d, &b);
            inv_status(st, "grip_box_create(bulk)");
            if (st != GRIP_OK) break;
            if (i % 16 == 0) remember(s, b);
        }
        inv_frame(s->e, &s->serial);
        grip_hit h;
        double x, y;
        pick_point(r, s, &x, &y);
        st = grip_hit_test(s->e, x, y, &h);
        after(s, st, "grip_hit_test(after bulk)");
        return;
    }
    case OP_HOARD: /* for a few checks only: with the queue full, every event costs O(4096) */
        s->hoard = 1 + u8(r) % 8;
        return;
    case OP_FLOOD: { /* one long drag: up to 1,200 CHANGED events (a full queue makes each O(4096)) */
        grip_pointer_event ev = {GRIP_PHASE_DOWN, 5, 0, 0, 0, 0};
        pick_point(r, s, &ev.x, &ev.y);
        ev.time = next_time(r, s);
        st = grip_dispatch_pointer(s->e, &ev, NULL);
        after(s, st, "grip_dispatch_pointer(flood down)");
        int n = 100 * (1 + u8(r) % 12);
        for (int i = 0; i < n; i++) {
            ev.phase = GRIP_PHASE_MOVE;
            ev.x += (i & 1) ? 3 : -2;
            ev.y += (i & 2) ? 2 : -1;
            ev.time += 0.001;
            st = grip_dispatch_pointer(s->e, &ev, NULL);
            inv_status(st, "grip_dispatch_pointer(flood move)");
        }
        if (ev.time > s->time && isfinite(ev.time)) s->time = ev.time;
        inv_frame(s->e, &s->serial);
        ev.phase = u8(r) & 1 ? GRIP_PHASE_UP : GRIP_PHASE_CANCEL;
        st = grip_dispatch_pointer(s->e, &ev, NULL);
        after(s, st, "grip_dispatch_pointer(flood up)");
        return;
    }
    case OP_SELECT: op_select(r, s); return;
    case OP_QUERIES: op_queries(r, s); return;
    case OP_KEYS_HISTORY: op_keys_history(r, s); return;
    case OP_SNAPPING: op_snapping(r, s); return;
    case OP_SYNC: op_sync(r, s); return;
    case OP_ROUNDTRIP: { /* describe + configure keeps a box as it is (grip.h): never GRIP_ERR_ARG */
        grip_box id = pick_id(r, s);
        grip_box_desc d;
        grip_box_desc_init(&d);
        if (grip_box_describe(s->e, id, &d) != GRIP_OK) return;
        grip_box_state before, now;
        if (grip_box_state_get(s->e, id, &before) != GRIP_OK) inv_fail("described box without a state");
        st = grip_box_configure(s->e, id, &d);
        after(s, st, "grip_box_configure(describe)");
        if (st != GRIP_OK && st != GRIP_ERR_STATE)
            inv_fail("configure with the box's own description returned %d: %s", (int)st, grip_engine_errmsg(s->e));
        if (st == GRIP_OK) {
            if (grip_box_state_get(s->e, id, &now) != GRIP_OK) inv_fail("configured box without a state");
            if (now.width != before.width || now.height != before.height || now.scale != before.scale ||
                now.flipped_x != before.flipped_x || now.flipped_y != before.flipped_y)
                inv_fail("describe + configure changed the box: %.17g x %.17g @%.17g -> %.17g x %.17g @%.17g",
                         before.width, before.height, before.scale, now.width, now.height, now.scale);
        }
        return;
    }
    default: return;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reader r = {data, size};
    memset(S, 0, sizeof S);
    g_creations = 0;
    feed_pooled = 0;
    g_next_peer = 1;
    /* Start with one usable engine and a few boxes so short inputs reach the gestures. */
    grip_engine_desc first;
    grip_engine_desc_init(&first);
    first.peer = 1;
    if (grip_engine_create(&first, &S[0].e) != GRIP_OK) inv_fail("default engine");
    S[0].view = (grip_affine){1, 0, 0, 1, 0, 0};
    static const double start[4][5] = {{100, 100, 200, 150, 0}, {400, 200, 160, 120, 0.5}, {60, 40, 80, 50, 0}, {600, 400, 120, 120, -1}};
    for (int i = 0; i < 4; i++) {
        grip_box_desc d;
        grip_box_desc_init(&d);
        d.x = start[i][0];
        d.y = start[i][1];
        d.width = start[i][2];
        d.height = start[i][3];
        d.rotation = start[i][4];
        d.editing = i != 2;
        d.allow = GRIP_ALLOW_ALL;
        if (i == 2) d.parent = S[0].ids[0]; /* a child of the first box */
        if (i == 3) d.contain = true;
        grip_box b;
        if (grip_box_create(S[0].e, &d, &b) != GRIP_OK) inv_fail("seed box %d: %s", i, grip_engine_errmsg(S[0].e));
        remember(&S[0], b);
    }
    int steps_done = 0;
    while (r.n > 0 && steps_done < MAX_STEPS) {
        clock_t t0 = g_trace > 0 ? clock() : 0;
        (void)step(&r);
        clock_t t1 = g_trace > 0 ? clock() : 0;
        if (++steps_done % CHECK_EVERY == 0) check_all(false);
        else note_serials();
        if (g_trace > 0)
            fprintf(stderr, "  %.1f ms, checks %.1f ms\n", (t1 - t0) * 1e3 / CLOCKS_PER_SEC, (clock() - t1) * 1e3 / CLOCKS_PER_SEC);
    }
    check_all(true);
    for (int i = 0; i < NSLOTS; i++) destroy_slot(&S[i]);
    return 0;
}
