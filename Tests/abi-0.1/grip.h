/* The grip.h of the released 0.1 (git show c614567:Include/grip.h), kept unchanged for the
 * compatibility tests: Tests/abi-0.1/test_abi01.c is built against it and run against the
 * current library. Do not edit. */
/*
 * grip.h: the public C contract of Grip, an embeddable engine for
 * interactive bounding boxes (move, resize, rotate, pinch, long-press).
 *
 * This header is the single source of truth: the Swift core imports this
 * very file as a Clang module, so every struct the host sees is laid out by
 * the C compiler, once. Functions, enum values and struct fields are only
 * ever added (fields at the end of a struct that carries struct_size).
 *
 * Model
 *   The host owns a grip_engine per editing surface. It adds boxes, feeds
 *   pointer, magnify and timer events stamped with its own clock (seconds,
 *   monotonic), and reads back a frame: a flat list of draw commands in
 *   screen coordinates (origin top-left, y grows down, units = host points;
 *   the same as world coordinates until the host sets a view).
 *   The engine never reads a clock and never blocks.
 *
 * Threads
 *   An engine, and everything reached through it, is used by one thread at
 *   a time. Separate engines are independent. There is no global state.
 *
 * Errors
 *   Every fallible call returns grip_status. On failure NOTHING changed, and
 *   grip_engine_errmsg() says what was wrong in one line. Out-parameters are
 *   left untouched. A struct_size the library does not know is GRIP_ERR_ARG.
 *   Bad numbers (NaN,
 *   infinities, negative sizes), unknown or destroyed ids, NULL pointers and
 *   calls in the wrong state are errors, never crashes.
 *
 * Lifetimes
 *   Pointers the engine hands out stay valid until the next call that takes
 *   the same engine as a non-const argument. In fact the frame arrays stay
 *   valid until the next grip_frame_get or grip_engine_destroy on that engine,
 *   and the message until the next call on it (any call resets it).
 */
#ifndef GRIP_H
#define GRIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Version ------------------------------------------------------------ */

#define GRIP_VERSION_MAJOR 0
#define GRIP_VERSION_MINOR 1
#define GRIP_VERSION_PATCH 0
/* (major << 16) | (minor << 8) | patch of the library actually loaded. */
uint32_t grip_version(void);

/* ---- Status ------------------------------------------------------------- */

typedef enum grip_status {
    GRIP_OK = 0,
    GRIP_DONE = 1,            /* nothing more: grip_event_poll on an empty queue; grip_box_reset with nothing to undo */
    GRIP_ERR_ARG = -1,        /* NULL, NaN/inf, negative size, unknown enum value */
    GRIP_ERR_NOT_FOUND = -2,  /* unknown or destroyed box id */
    GRIP_ERR_STATE = -3,      /* not allowed now: time going backwards, pointer up without down, a box parented to its own descendant */
    GRIP_ERR_LIMIT = -4,      /* a configured limit: boxes, pointers, script memory or instruction budget */
    GRIP_ERR_NOMEM = -5,
    GRIP_ERR_SCRIPT = -6      /* a Lua error; the message has the chunk name and line */
} grip_status;

const char *grip_status_string(grip_status status);

/* ---- Basic types -------------------------------------------------------- */

typedef struct grip_vec2 { double x, y; } grip_vec2;

/* Maps (x, y) to (a*x + c*y + tx, b*x + d*y + ty): CGAffineTransform's layout. */
typedef struct grip_affine { double a, b, c, d, tx, ty; } grip_affine;

/* A box id. 0 is never valid; the id of a destroyed box is never reused. */
typedef uint64_t grip_box;
#define GRIP_NO_BOX ((grip_box)0)

typedef struct grip_engine grip_engine;

/* ---- Engine ------------------------------------------------------------- */

typedef struct grip_engine_desc {
    uint32_t struct_size;        /* sizeof(grip_engine_desc) */
    double width, height;        /* root bounds: what top-level boxes are contained in */
    uint32_t max_boxes;          /* 0 = default (1,000,000) */
    uint32_t max_pointers;       /* simultaneous pointers, 0 = default (10) */
    double touch_slop;           /* movement that still counts as a tap/press, default 10 */
    double double_tap_interval;  /* seconds between taps, default 0.3 */
    double handle_hit_radius;    /* hit radius of handles, default 22 (44-point touch target) */
} grip_engine_desc;

void grip_engine_desc_init(grip_engine_desc *desc);
/* desc may be NULL for defaults with bounds 1024 x 768. */
grip_status grip_engine_create(const grip_engine_desc *desc, grip_engine **out);
void grip_engine_destroy(grip_engine *engine);              /* NULL is fine */
const char *grip_engine_errmsg(const grip_engine *engine);  /* "" after success */
grip_status grip_engine_set_bounds(grip_engine *engine, double width, double height);
/* The host's camera, world -> screen (invertible). Pointer and magnify events arrive in screen
 * coordinates and frames come out in screen coordinates, so handle marks, hit radii, slop and
 * dashes keep their on-screen size at any zoom; box state stays in world coordinates.
 * Default: identity. */
grip_status grip_engine_set_view(grip_engine *engine, const grip_affine *world_to_screen);

/* ---- Boxes -------------------------------------------------------------- */

typedef enum grip_handle {
    GRIP_HANDLE_NONE = 0,
    GRIP_HANDLE_TOP_LEFT = 1,
    GRIP_HANDLE_TOP = 2,
    GRIP_HANDLE_TOP_RIGHT = 3,
    GRIP_HANDLE_RIGHT = 4,
    GRIP_HANDLE_BOTTOM_RIGHT = 5,
    GRIP_HANDLE_BOTTOM = 6,
    GRIP_HANDLE_BOTTOM_LEFT = 7,
    GRIP_HANDLE_LEFT = 8,
    GRIP_HANDLE_ROTATE = 9,
    GRIP_HANDLE_CUSTOM = 16,     /* custom handles (Lua) are GRIP_HANDLE_CUSTOM + n */
    GRIP_HANDLE_FORCE32 = 0x7FFFFFFF
} grip_handle;

#define GRIP_HANDLE_BIT(h) (1u << (h))
#define GRIP_HANDLES_CORNERS (GRIP_HANDLE_BIT(GRIP_HANDLE_TOP_LEFT) | GRIP_HANDLE_BIT(GRIP_HANDLE_TOP_RIGHT) | \
                              GRIP_HANDLE_BIT(GRIP_HANDLE_BOTTOM_RIGHT) | GRIP_HANDLE_BIT(GRIP_HANDLE_BOTTOM_LEFT))
#define GRIP_HANDLES_EDGES   (GRIP_HANDLE_BIT(GRIP_HANDLE_TOP) | GRIP_HANDLE_BIT(GRIP_HANDLE_RIGHT) | \
                              GRIP_HANDLE_BIT(GRIP_HANDLE_BOTTOM) | GRIP_HANDLE_BIT(GRIP_HANDLE_LEFT))
#define GRIP_HANDLES_ALL8    (GRIP_HANDLES_CORNERS | GRIP_HANDLES_EDGES)

/* Gestures a box answers to. */
enum {
    GRIP_ALLOW_MOVE = 1u << 0,          /* one-pointer drag of the body */
    GRIP_ALLOW_RESIZE = 1u << 1,        /* dragging a resize handle */
    GRIP_ALLOW_ROTATE = 1u << 2,        /* rotate handle and two-pointer rotation */
    GRIP_ALLOW_PINCH = 1u << 3,         /* two-pointer scale */
    GRIP_ALLOW_MAGNIFY = 1u << 4,       /* grip_dispatch_magnify */
    GRIP_ALLOW_DOUBLE_TAP_RESET = 1u << 5,
    GRIP_ALLOW_LONG_PRESS = 1u << 6,
    GRIP_ALLOW_ALL = 0x7Fu
};

typedef enum grip_resize_mode {
    GRIP_RESIZE_FREEFORM = 0,   /* width and height follow the pointer independently */
    GRIP_RESIZE_UNIFORM = 1,    /* aspect ratio kept (shift turns freeform into uniform while held) */
    GRIP_RESIZE_FORCE32 = 0x7FFFFFFF
} grip_resize_mode;

typedef enum grip_indicator_shape {
    GRIP_INDICATOR_CIRCLE = 0,        /* inscribed circle */
    GRIP_INDICATOR_ROUNDED_RECT = 1,  /* the box outline with corner_radius */
    GRIP_INDICATOR_RECT = 2,          /* the box outline */
    GRIP_INDICATOR_CUSTOM = 3,        /* a Lua generator */
    GRIP_INDICATOR_FORCE32 = 0x7FFFFFFF
} grip_indicator_shape;

typedef struct grip_box_desc {
    uint32_t struct_size;        /* sizeof(grip_box_desc) */
    grip_box parent;             /* GRIP_NO_BOX: top level */
    /* Geometry, in the parent's coordinates, before rotation and scale. */
    double x, y, width, height;
    double rotation;             /* radians, about the centre, clockwise on screen */
    double scale;                /* uniform, about the centre, default 1 */
    /* Behaviour */
    bool editing;                /* border + handles shown, handles active */
    uint32_t allow;              /* GRIP_ALLOW_* mask, default all but GRIP_ALLOW_LONG_PRESS */
    uint32_t handles;            /* GRIP_HANDLE_BIT mask, default all 8 + rotate */
    grip_resize_mode resize_mode;
    bool centered;               /* resize about the centre; alt held toggles it */
    bool allow_flip;             /* a handle dragged past the opposite edge mirrors the box (default true) */
    double min_width, min_height;  /* default 10 */
    double min_scale, max_scale;   /* default 0.1 and 10 */
    bool contain;                /* keep the box (its axis-aligned bounds) inside the parent's bounds */
    double inset_top, inset_left, inset_bottom, inset_right; /* shrink those bounds; negative values extend them */
    double long_press_duration;  /* seconds to hold, default 1.0 */
    grip_indicator_shape indicator;
    double corner_radius;        /* for GRIP_INDICATOR_ROUNDED_RECT, default 6 */
    double rotation_snap;        /* radians, 0 = off: rotation snaps to multiples within snap_tolerance */
    double snap_tolerance;       /* radians, default 0.087 (5 degrees) */
    uint64_t user_data;          /* the host's, returned in events */
    /* Added in 0.1: mirrored along the box's x / y axis (a resize past the opposite edge flips the
     * box; describe reports it so describe + configure keeps the box as it is). Default false. */
    bool flipped_x, flipped_y;
} grip_box_desc;

/* Defaults: a 100 x 100 box at (0, 0), scale 1, not editing, all gestures but long press, all 8
 * handles + rotate, freeform, flips allowed, minimum 10 x 10, scale 0.1 to 10, circle indicator
 * after 1 s, corner radius 6, no snapping (tolerance 0.087). x, y are the top-left corner of the
 * box before rotation and scale, in the parent's coordinates.
 * Ranges (GRIP_ERR_ARG outside them): coordinates and sizes within 1e9, width >= min_width,
 * height >= min_height, 1e-6 <= min_scale <= scale <= max_scale <= 1e6. Boxes nest at most
 * 32 levels deep (GRIP_ERR_LIMIT). These keep every transform and vertex finite. */
void grip_box_desc_init(grip_box_desc *desc);
grip_status grip_box_create(grip_engine *engine, const grip_box_desc *desc, grip_box *out);
/* grip_box_describe: out->struct_size must be set (grip_box_desc_init) so the library knows the
 * caller's struct version; the geometry reported is the current one (gestures and animations
 * included). */
/* Destroys the box and its descendants; a gesture on them ends as cancelled. */
grip_status grip_box_destroy(grip_engine *engine, grip_box box);
/* Replaces the box's behaviour and geometry with desc (parent may change: re-parenting keeps the world position). */
grip_status grip_box_configure(grip_engine *engine, grip_box box, const grip_box_desc *desc);
grip_status grip_box_describe(grip_engine *engine, grip_box box, grip_box_desc *out);
grip_status grip_box_set_editing(grip_engine *engine, grip_box box, bool editing);
/* Back to the geometry it was created or last configured with; animated over 0.2 s of timer time
 * (GRIP_EVENT_RESET when it arrives). GRIP_DONE when the box is already there (nothing happens);
 * GRIP_ERR_STATE while a gesture is active on it. */
grip_status grip_box_reset(grip_engine *engine, grip_box box, bool animated);

/* Where a box is, as the host should draw it right now (animations included). */
typedef struct grip_box_state {
    grip_vec2 center;            /* in the parent's coordinates */
    double width, height;        /* unscaled, always > 0 */
    double rotation, scale;
    bool flipped_x, flipped_y;
    grip_affine local;           /* box space (0,0)-(width,height) -> parent space */
    grip_affine world;           /* box space -> world */
    grip_vec2 corners[4];        /* world: top-left, top-right, bottom-right, bottom-left of box space */
    bool editing, gesture_active;
} grip_box_state;

grip_status grip_box_state_get(grip_engine *engine, grip_box box, grip_box_state *out);

typedef struct grip_hit {
    grip_box box;                /* GRIP_NO_BOX: nothing there */
    grip_handle handle;          /* GRIP_HANDLE_NONE: the body */
} grip_hit;

/* Topmost box or handle at a world point, the same answer a pointer down would get. */
grip_status grip_hit_test(grip_engine *engine, double x, double y, grip_hit *out);

/* ---- Input -------------------------------------------------------------- */

typedef enum grip_phase {
    GRIP_PHASE_DOWN = 0, GRIP_PHASE_MOVE = 1, GRIP_PHASE_UP = 2, GRIP_PHASE_CANCEL = 3,
    GRIP_PHASE_FORCE32 = 0x7FFFFFFF
} grip_phase;

enum { GRIP_MOD_SHIFT = 1u << 0, GRIP_MOD_ALT = 1u << 1, GRIP_MOD_CTRL = 1u << 2, GRIP_MOD_META = 1u << 3 };

typedef struct grip_pointer_event {
    grip_phase phase;
    uint32_t pointer;            /* the host's id for a finger / mouse button */
    double x, y;                 /* screen (the same as world until a view is set) */
    double time;                 /* seconds, never decreasing */
    uint32_t modifiers;          /* GRIP_MOD_*: shift = keep ratio, alt = resize about the centre */
} grip_pointer_event;

typedef struct grip_magnify_event {
    grip_phase phase;            /* DOWN = began, MOVE = changed, UP = ended, CANCEL */
    double factor;               /* cumulative since began, > 0 */
    double x, y;                 /* focal point, screen (the same as world until a view is set) */
    double time;
} grip_magnify_event;

/* consumed (may be NULL) says whether the event belonged to a box: an overlay passes the rest on to its game. */
grip_status grip_dispatch_pointer(grip_engine *engine, const grip_pointer_event *event, bool *consumed);
grip_status grip_dispatch_magnify(grip_engine *engine, const grip_magnify_event *event, bool *consumed);
/* Advances animations, long presses and the marching ants to time. */
grip_status grip_dispatch_timer(grip_engine *engine, double time);

/* ---- Frames ------------------------------------------------------------- */

typedef enum grip_command_kind {
    GRIP_CMD_BOX = 1,        /* draw the box's content with transform over (0,0)-(width,height) */
    GRIP_CMD_BORDER = 2,     /* dashed outline: closed polyline of vertex_count vertices */
    GRIP_CMD_HANDLE = 3,     /* a handle mark at center */
    GRIP_CMD_INDICATOR = 4,  /* a progress indicator: open polyline, already trimmed to progress */
    GRIP_CMD_GUIDE = 5,      /* a snapping guide line: 2 vertices */
    GRIP_CMD_FORCE32 = 0x7FFFFFFF /* kinds only grow: a renderer skips kinds it does not know */
} grip_command_kind;

enum { GRIP_STATE_HOVER = 1u << 0, GRIP_STATE_ACTIVE = 1u << 1 };

typedef struct grip_command {
    grip_command_kind kind;
    grip_handle handle;          /* HANDLE */
    grip_box box;
    uint64_t user_data;
    grip_affine transform;       /* BOX: box space -> screen (world until a view is set) */
    double width, height;        /* BOX */
    grip_vec2 center;            /* HANDLE */
    double radius, inner_radius; /* HANDLE: outer and inner mark radii */
    double cursor_angle;         /* HANDLE: direction a resize cursor should point, radians, rotation included */
    uint32_t first_vertex, vertex_count; /* BORDER, INDICATOR, GUIDE: a range of grip_frame.vertices */
    double stroke_width;
    double dash_on, dash_off, dash_phase; /* BORDER: marching ants */
    double progress;             /* INDICATOR: 0..1 */
    uint32_t state;              /* GRIP_STATE_* */
} grip_command;

typedef struct grip_frame {
    double time;                 /* of the last dispatch */
    uint64_t serial;             /* grows whenever anything drawn changed */
    size_t command_count;
    const grip_command *commands; /* back to front: parents before children, overlay after content */
    size_t vertex_count;
    const grip_vec2 *vertices;
} grip_frame;

/* The frame as of the last dispatch, rebuilt only where something drawn changed. The arrays are
 * the engine's own memory (no copy is made): read them, do not write or free them; they stay
 * valid until the next grip_frame_get or grip_engine_destroy on this engine. */
grip_status grip_frame_get(grip_engine *engine, grip_frame *out);

/* ---- Events ------------------------------------------------------------- */

typedef enum grip_event_kind {
    GRIP_EVENT_GESTURE_BEGAN = 1,
    GRIP_EVENT_GESTURE_CHANGED = 2,
    GRIP_EVENT_GESTURE_ENDED = 3,
    GRIP_EVENT_GESTURE_CANCELLED = 4,
    GRIP_EVENT_TAP = 5,
    GRIP_EVENT_DOUBLE_TAP = 6,
    GRIP_EVENT_RESET = 7,              /* a reset animation finished */
    GRIP_EVENT_LONG_PRESS_BEGAN = 8,
    GRIP_EVENT_LONG_PRESS_TRIGGERED = 9,
    GRIP_EVENT_LONG_PRESS_CANCELLED = 10,
    GRIP_EVENT_EDITING_CHANGED = 11,
    GRIP_EVENT_SCRIPT_ERROR = 12,      /* a Lua hook failed and was disabled; grip_engine_errmsg has the message */
    GRIP_EVENT_FORCE32 = 0x7FFFFFFF
} grip_event_kind;

typedef enum grip_gesture {
    GRIP_GESTURE_NONE = 0, GRIP_GESTURE_MOVE = 1, GRIP_GESTURE_RESIZE = 2, GRIP_GESTURE_ROTATE = 3,
    GRIP_GESTURE_PINCH = 4,    /* two pointers: pan, scale and rotate together */
    GRIP_GESTURE_MAGNIFY = 5,
    GRIP_GESTURE_HANDLE = 6,   /* dragging a custom (Lua) handle */
    GRIP_GESTURE_FORCE32 = 0x7FFFFFFF
} grip_gesture;

typedef struct grip_event {
    grip_event_kind kind;
    grip_gesture gesture;
    grip_box box;
    uint64_t user_data;
    grip_handle handle;
    uint32_t pointer;
    double time;
    grip_vec2 position;          /* world */
} grip_event;

/* GRIP_OK with the oldest event, or GRIP_DONE when the queue is empty. */
grip_status grip_event_poll(grip_engine *engine, grip_event *out);

/* ---- Lua ---------------------------------------------------------------- */

typedef struct grip_lua grip_lua;

typedef struct grip_lua_desc {
    uint32_t struct_size;
    size_t memory_limit;         /* bytes, 0 = default (64 MiB) */
    uint64_t instruction_limit;  /* per entry from the host, 0 = default (100 million) */
    bool allow_io;               /* false (default): no io, os (but os.clock/time), package, debug, binary chunks */
} grip_lua_desc;

void grip_lua_desc_init(grip_lua_desc *desc);
/* A Lua state bound to engine: scripts see that engine as grip.host (see DESIGN.md, Lua).
 * One state per engine (a second one is GRIP_ERR_STATE). Destroy the state before its engine.
 * Events caused by the script's own calls go to the script (e:events(), on handlers), not to
 * grip_event_poll. desc NULL means defaults. On failure *out stays NULL and
 * grip_lua_errmsg(NULL) says why: GRIP_ERR_NOMEM when memory ran out, GRIP_ERR_LIMIT when the
 * memory_limit was too small for the standard libraries. */
grip_status grip_lua_create(grip_engine *engine, const grip_lua_desc *desc, grip_lua **out);
/* Closes the state and frees it; NULL is fine. */
void grip_lua_destroy(grip_lua *lua);
/* Runs a text chunk (binary chunks are refused) as one host entry with its own instruction
 * budget. GRIP_ERR_SCRIPT for a Lua error (the message has the chunk name and line),
 * GRIP_ERR_LIMIT when the memory or instruction limit stopped it, GRIP_ERR_STATE when called
 * from inside a callback of the same state. */
grip_status grip_lua_exec(grip_lua *lua, const char *chunk_name, const char *source, size_t length);
/* Reads path and runs it like grip_lua_exec (chunk name "@path"). */
grip_status grip_lua_exec_file(grip_lua *lua, const char *path);
/* The last failure's message ("" after success); with NULL, why the last grip_lua_create failed.
 * Valid until the next call on that state. Never NULL. */
const char *grip_lua_errmsg(const grip_lua *lua);

/* Lets the stock interpreter `require "grip"` the shared library. */
struct lua_State;
int luaopen_grip(struct lua_State *L);

#ifdef __cplusplus
}
#endif
#endif /* GRIP_H */
