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
#define GRIP_VERSION_MINOR 2
#define GRIP_VERSION_PATCH 0
/* (major << 16) | (minor << 8) | patch of the library actually loaded. */
uint32_t grip_version(void);

/* ---- Status ------------------------------------------------------------- */

typedef enum grip_status {
    GRIP_OK = 0,
    GRIP_DONE = 1,           /* nothing more: grip_event_poll on an empty queue; grip_box_reset with nothing to undo */
    GRIP_ERR_ARG = -1,       /* NULL, NaN/inf, negative size, unknown enum value */
    GRIP_ERR_NOT_FOUND = -2, /* unknown or destroyed box id */
    GRIP_ERR_STATE = -3,     /* not allowed now: time going backwards, pointer up without down, a box parented to its own descendant */
    GRIP_ERR_LIMIT = -4,     /* a configured limit: boxes, pointers, script memory or instruction budget */
    GRIP_ERR_NOMEM = -5,
    GRIP_ERR_SCRIPT = -6 /* a Lua error; the message has the chunk name and line */
} grip_status;

const char *grip_status_string(grip_status status);

/* ---- Basic types -------------------------------------------------------- */

typedef struct grip_vec2 {
    double x, y;
} grip_vec2;

/* Maps (x, y) to (a*x + c*y + tx, b*x + d*y + ty): CGAffineTransform's layout. */
typedef struct grip_affine {
    double a, b, c, d, tx, ty;
} grip_affine;

/* A box id. 0 is never valid; the id of a destroyed box is never reused. 0.2: an id carries a tag
 * of the engine that made it, so another live engine's id is GRIP_ERR_NOT_FOUND (a tag is reused
 * once its engine is destroyed; a program running one engine at a time always gets the same ids). */
typedef uint64_t grip_box;
#define GRIP_NO_BOX ((grip_box)0)

/* 0.2: the selection as a whole. Commands of the selection's own overlay, hits on its handles,
 * and the events of gestures that act on several selected boxes carry this id. Never a box's id. */
#define GRIP_SELECTION ((grip_box)0xFFFFFFFFFFFFFFFFull)

typedef struct grip_engine grip_engine;

/* ---- Engine ------------------------------------------------------------- */

/* 0.2: who selects. OFF: the host calls grip_select (the engine still draws and transforms the
 * selection). POINTER: a press on a selectable box selects it (shift or ctrl/meta: toggles it
 * on a tap), a press on an empty place and a drag past touch_slop draws a marquee, a tap on
 * an empty place clears the selection. */
typedef enum grip_selection_mode {
    GRIP_SELECTION_OFF = 0,
    GRIP_SELECTION_POINTER = 1,
    GRIP_SELECTION_MODE_FORCE32 = 0x7FFFFFFF
} grip_selection_mode;

/* 0.2: which boxes a marquee picks. ctrl/meta held during the marquee swaps the two rules. */
typedef enum grip_marquee_rule {
    GRIP_MARQUEE_INTERSECT = 0, /* the box's own rotated outline meets the marquee (exact, not its bounds) */
    GRIP_MARQUEE_CONTAIN = 1,   /* all four corners of the box are inside the marquee */
    GRIP_MARQUEE_RULE_FORCE32 = 0x7FFFFFFF
} grip_marquee_rule;

/* 0.2: how a resize of a selection of several boxes treats members rotated relative to the
 * selection frame. Boxes cannot skew, so neither policy ever skews one. */
typedef enum grip_group_resize {
    /* Members whose rotation is a multiple of 90 degrees to the frame scale exactly with it.
     * While any member is at another angle, the selection resizes with its aspect ratio kept
     * (every member then scales uniformly and keeps its shape). */
    GRIP_GROUP_RESIZE_KEEP_SHAPES = 0,
    /* Free stretch: every member's centre follows the frame exactly; a member keeps its rotation
     * and its width and height scale by the frame's stretch measured along its own axes. */
    GRIP_GROUP_RESIZE_MEMBER_AXES = 1,
    GRIP_GROUP_RESIZE_FORCE32 = 0x7FFFFFFF
} grip_group_resize;

typedef struct grip_engine_desc {
    uint32_t struct_size;       /* sizeof(grip_engine_desc) */
    double width, height;       /* root bounds: what top-level boxes are contained in */
    uint32_t max_boxes;         /* 0 = default (1,000,000) */
    uint32_t max_pointers;      /* simultaneous pointers, 0 = default (10) */
    double touch_slop;          /* movement that still counts as a tap/press, default 10 */
    double double_tap_interval; /* seconds between taps, default 0.3 */
    double handle_hit_radius;   /* hit radius of handles, default 22 (44-point touch target) */
    /* 0.2 */
    grip_selection_mode selection;  /* default GRIP_SELECTION_OFF */
    grip_marquee_rule marquee_rule; /* default GRIP_MARQUEE_INTERSECT */
    grip_group_resize group_resize; /* default GRIP_GROUP_RESIZE_KEEP_SHAPES */
    uint32_t history_limit;         /* undo steps kept by grip_undo, default 100; 0 keeps none */
    double nudge_step;              /* world units an arrow key moves the selection, default 1 */
    double nudge_step_large;        /* with shift held, default 10 */
    double rotate_handle_offset;    /* screen units from the top edge's midpoint to the rotate handle, default 24 */
} grip_engine_desc;

/* The defaults. Through the macro below a program passes the size of the grip_engine_desc it
 * was built with (0.2: grip_engine_desc_init_sized), so the library writes exactly that version
 * of the struct; the plain function, the entry point of programs built against 0.1, writes a 0.1
 * struct. NULL is ignored. */
void grip_engine_desc_init(grip_engine_desc *desc);
void grip_engine_desc_init_sized(grip_engine_desc *desc, size_t size);
#define grip_engine_desc_init(desc) grip_engine_desc_init_sized((desc), sizeof(grip_engine_desc))
/* desc may be NULL for defaults with bounds 1024 x 768. */
grip_status grip_engine_create(const grip_engine_desc *desc, grip_engine **out);
/* Frees the engine and everything it handed out. NULL is fine. 0.3: called from inside one of the
 * engine's own callbacks (a grip_constraint_fn, a grip_hooks function), the destruction is
 * deferred until the engine's call in progress returns: no callback of the engine is called again,
 * that call returns as usual, and the pointer is dead after it. */
void grip_engine_destroy(grip_engine *engine);
/* "" after success. With NULL (0.2): why the calling thread's last grip_engine_create failed,
 * naming the field ("grip_engine_desc.width must be finite and > 0"). */
const char *grip_engine_errmsg(const grip_engine *engine);
grip_status grip_engine_set_bounds(grip_engine *engine, double width, double height);
/* Added in 0.3: the engine's settings as grip_engine_create took them (bounds as set since).
 * out->struct_size must be set (grip_engine_desc_init does); a desc of an earlier grip.h gets the
 * fields its version has. */
grip_status grip_engine_describe(grip_engine *engine, grip_engine_desc *out);

/* Added in 0.3: what the engine is doing, readable at any time, also from inside the engine's own
 * callbacks (it changes nothing, not even the message). */
typedef struct grip_engine_info {
    uint32_t struct_size; /* grip_engine_info_init sets it */
    double time;          /* of the last dispatch (seconds, the host's clock) */
    grip_affine view;     /* world -> screen (grip_engine_set_view) */
    /* Grows by one with every call that takes the engine as non-const: callbacks that read the
     * same number run inside the same call (how a script host gives them one budget). */
    uint64_t call_serial;
    size_t box_count;
    bool busy;      /* a call on the engine is in progress: this is read from inside its callback */
    bool has_hooks; /* grip_engine_set_hooks installed a set */
} grip_engine_info;
/* Zero fields, struct_size set. NULL is ignored. */
void grip_engine_info_init(grip_engine_info *info);
/* GRIP_ERR_ARG for a dead engine, NULL out or a wrong out->struct_size. */
grip_status grip_engine_get_info(const grip_engine *engine, grip_engine_info *out);
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
    GRIP_HANDLE_CUSTOM = 16, /* custom handles (Lua) are GRIP_HANDLE_CUSTOM + n */
    GRIP_HANDLE_FORCE32 = 0x7FFFFFFF
} grip_handle;

#define GRIP_HANDLE_BIT(h)   (1u << (h))
#define GRIP_HANDLES_CORNERS (GRIP_HANDLE_BIT(GRIP_HANDLE_TOP_LEFT) | GRIP_HANDLE_BIT(GRIP_HANDLE_TOP_RIGHT) | \
                              GRIP_HANDLE_BIT(GRIP_HANDLE_BOTTOM_RIGHT) | GRIP_HANDLE_BIT(GRIP_HANDLE_BOTTOM_LEFT))
#define GRIP_HANDLES_EDGES (GRIP_HANDLE_BIT(GRIP_HANDLE_TOP) | GRIP_HANDLE_BIT(GRIP_HANDLE_RIGHT) | \
                            GRIP_HANDLE_BIT(GRIP_HANDLE_BOTTOM) | GRIP_HANDLE_BIT(GRIP_HANDLE_LEFT))
#define GRIP_HANDLES_ALL8 (GRIP_HANDLES_CORNERS | GRIP_HANDLES_EDGES)

/* Gestures a box answers to. */
enum {
    GRIP_ALLOW_MOVE = 1u << 0,    /* one-pointer drag of the body */
    GRIP_ALLOW_RESIZE = 1u << 1,  /* dragging a resize handle */
    GRIP_ALLOW_ROTATE = 1u << 2,  /* rotate handle and two-pointer rotation */
    GRIP_ALLOW_PINCH = 1u << 3,   /* two-pointer scale */
    GRIP_ALLOW_MAGNIFY = 1u << 4, /* grip_dispatch_magnify */
    GRIP_ALLOW_DOUBLE_TAP_RESET = 1u << 5,
    GRIP_ALLOW_LONG_PRESS = 1u << 6,
    GRIP_ALLOW_ALL = 0x7Fu
};

typedef enum grip_resize_mode {
    GRIP_RESIZE_FREEFORM = 0, /* width and height follow the pointer independently */
    GRIP_RESIZE_UNIFORM = 1,  /* aspect ratio kept (shift turns freeform into uniform while held) */
    GRIP_RESIZE_FORCE32 = 0x7FFFFFFF
} grip_resize_mode;

typedef enum grip_indicator_shape {
    GRIP_INDICATOR_CIRCLE = 0,       /* inscribed circle */
    GRIP_INDICATOR_ROUNDED_RECT = 1, /* the box outline with corner_radius */
    GRIP_INDICATOR_RECT = 2,         /* the box outline */
    GRIP_INDICATOR_CUSTOM = 3,       /* a Lua generator */
    GRIP_INDICATOR_FORCE32 = 0x7FFFFFFF
} grip_indicator_shape;

typedef struct grip_box_desc {
    uint32_t struct_size; /* sizeof(grip_box_desc) */
    grip_box parent;      /* GRIP_NO_BOX: top level */
    /* Geometry, in the parent's coordinates, before rotation and scale. */
    double x, y, width, height;
    double rotation; /* radians, about the centre, clockwise on screen */
    double scale;    /* uniform, about the centre, default 1 */
    /* Behaviour */
    bool editing;     /* border + handles shown, handles active */
    uint32_t allow;   /* GRIP_ALLOW_* mask, default all but GRIP_ALLOW_LONG_PRESS */
    uint32_t handles; /* GRIP_HANDLE_BIT mask, default all 8 + rotate */
    grip_resize_mode resize_mode;
    bool centered;                                           /* resize about the centre; alt held toggles it */
    bool allow_flip;                                         /* a handle dragged past the opposite edge mirrors the box (default true) */
    double min_width, min_height;                            /* default 10 */
    double min_scale, max_scale;                             /* default 0.1 and 10 */
    bool contain;                                            /* keep the box (its axis-aligned bounds) inside the parent's bounds */
    double inset_top, inset_left, inset_bottom, inset_right; /* shrink those bounds; negative values extend them */
    double long_press_duration;                              /* seconds to hold, default 1.0 */
    grip_indicator_shape indicator;
    double corner_radius;  /* for GRIP_INDICATOR_ROUNDED_RECT, default 6 */
    double rotation_snap;  /* radians, 0 = off: rotation snaps to multiples within snap_tolerance */
    double snap_tolerance; /* radians, default 0.087 (5 degrees) */
    uint64_t user_data;    /* the host's, returned in events */
    /* Added in 0.1: mirrored along the box's x / y axis (a resize past the opposite edge flips the
     * box; describe reports it so describe + configure keeps the box as it is). Default false. */
    bool flipped_x, flipped_y;
    /* 0.2 */
    bool selectable;   /* taps and marquees may select it (default true) */
    bool snap_target;  /* other boxes snap to its edges and centre (default true) */
    bool pass_through; /* never hit: pointers go through it to what is under it (default false) */
    double hit_outset; /* the body is also hit this many screen units outside its outline (thin boxes), default 0 */
} grip_box_desc;
/* (Every version's additions grow sizeof(grip_box_desc), so struct_size tells versions apart.) */

/* Defaults: a 100 x 100 box at (0, 0), scale 1, not editing, all gestures but long press, all 8
 * handles + rotate, freeform, flips allowed, minimum 10 x 10, scale 0.1 to 10, circle indicator
 * after 1 s, corner radius 6, no snapping (tolerance 0.087). x, y are the top-left corner of the
 * box before rotation and scale, in the parent's coordinates.
 * Ranges (GRIP_ERR_ARG outside them): coordinates and sizes within 1e9, width >= min_width,
 * height >= min_height, 1e-6 <= min_scale <= scale <= max_scale <= 1e6. Boxes nest at most
 * 32 levels deep (GRIP_ERR_LIMIT). These keep every transform and vertex finite. */
void grip_box_desc_init(grip_box_desc *desc);
/* 0.2: as grip_engine_desc_init: the macro passes the caller's sizeof(grip_box_desc); the plain
 * function writes a 0.1 struct. */
void grip_box_desc_init_sized(grip_box_desc *desc, size_t size);
#define grip_box_desc_init(desc) grip_box_desc_init_sized((desc), sizeof(grip_box_desc))
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

/* 0.2: draw order among siblings. Siblings draw in order, each over the ones before it (and is
 * hit before them): FRONT makes the box its parent's last child, BACK the first, FORWARD and
 * BACKWARD swap it with the next / previous sibling. Its descendants go with it. GRIP_ERR_STATE
 * during a gesture on it; GRIP_OK, changing nothing, when it is already there. */
typedef enum grip_order {
    GRIP_ORDER_FRONT = 0,
    GRIP_ORDER_BACK = 1,
    GRIP_ORDER_FORWARD = 2,
    GRIP_ORDER_BACKWARD = 3,
    GRIP_ORDER_FORCE32 = 0x7FFFFFFF
} grip_order;
grip_status grip_box_order(grip_engine *engine, grip_box box, grip_order order);

/* 0.2: every live box (parents before children, siblings in draw order, back to front): count is
 * always written; at most capacity ids are copied. */
grip_status grip_boxes_list(grip_engine *engine, grip_box *out, size_t capacity, size_t *count);
/* 0.2: the boxes whose outline meets the world rectangle (x0,y0)-(x1,y1) (contain: lies inside
 * it), topmost first, answered from the engine's spatial index. The corners may come in any order
 * (the rectangle they span); edges touching count; exact for rotated boxes; pass-through boxes
 * count too. GRIP_ERR_ARG for a coordinate not finite or beyond 1e9. count and out as for
 * grip_boxes_list. */
grip_status grip_boxes_query(grip_engine *engine, double x0, double y0, double x1, double y1, bool contain,
                             grip_box *out, size_t capacity, size_t *count);
/* 0.2: the view's mapping as the engine applies it, for hosts that hit-test or place things themselves. */
grip_status grip_screen_to_world(grip_engine *engine, grip_vec2 screen, grip_vec2 *world);
grip_status grip_world_to_screen(grip_engine *engine, grip_vec2 world, grip_vec2 *screen);

/* Where a box is, as the host should draw it right now (animations included). */
typedef struct grip_box_state {
    grip_vec2 center;     /* in the parent's coordinates */
    double width, height; /* unscaled, always > 0 */
    double rotation, scale;
    bool flipped_x, flipped_y;
    grip_affine local;    /* box space (0,0)-(width,height) -> parent space */
    grip_affine world;    /* box space -> world */
    grip_vec2 corners[4]; /* world: top-left, top-right, bottom-right, bottom-left of box space */
    bool editing, gesture_active;
} grip_box_state;

grip_status grip_box_state_get(grip_engine *engine, grip_box box, grip_box_state *out);

typedef struct grip_hit {
    grip_box box;       /* GRIP_NO_BOX: nothing there */
    grip_handle handle; /* GRIP_HANDLE_NONE: the body */
} grip_hit;

/* Topmost box or handle at a world point, the same answer a pointer down would get. */
grip_status grip_hit_test(grip_engine *engine, double x, double y, grip_hit *out);

/* ---- Selection (0.2) ---------------------------------------------------- */

/* A box and one of its ancestors are never selected together: selecting one removes the other.
 * One selected box shows its own overlay (border and handles, as with editing). Two or more show
 * one overlay for the selection (box GRIP_SELECTION: a border around the selection frame, its 8
 * handles and rotate handle) and an OUTLINE per member; dragging any member, or the selection's
 * handles, transforms all members together (events with box GRIP_SELECTION). */
typedef enum grip_select_op {
    GRIP_SELECT_REPLACE = 0, /* the selection becomes {box}; GRIP_NO_BOX clears it */
    GRIP_SELECT_ADD = 1,
    GRIP_SELECT_REMOVE = 2,
    GRIP_SELECT_TOGGLE = 3,
    GRIP_SELECT_FORCE32 = 0x7FFFFFFF
} grip_select_op;
/* GRIP_ERR_STATE while a gesture is active on the selection (a marquee too). Emits
 * GRIP_EVENT_SELECTION_CHANGED when the set changed. */
grip_status grip_select(grip_engine *engine, grip_box box, grip_select_op op);
/* The selected boxes in the order they were selected: count is always written; at most capacity
 * ids are copied. */
grip_status grip_selection_get(grip_engine *engine, grip_box *out, size_t capacity, size_t *count);

typedef struct grip_selection_state {
    uint32_t struct_size; /* sizeof(grip_selection_state), set by the caller */
    size_t count;         /* selected boxes */
    /* The selection frame in world coordinates: oriented at the members' rotation when every
     * member has the same world rotation (within 1e-9 rad), else axis-aligned (rotation 0). */
    grip_vec2 center;
    double width, height, rotation;
    grip_vec2 corners[4]; /* top-left, top-right, bottom-right, bottom-left of the frame */
    bool gesture_active;  /* a gesture acts on the selection (a marquee too) */
} grip_selection_state;
/* An empty selection is GRIP_OK with count 0 and the rest zero. */
grip_status grip_selection_state_get(grip_engine *engine, grip_selection_state *out);

/* ---- Snapping (0.2) ----------------------------------------------------- */

enum {
    GRIP_SNAP_GRID = 1u << 0,          /* edges and centre to grid lines, where no object snap is in range */
    GRIP_SNAP_EDGES = 1u << 1,         /* edges to other boxes' edges (left/right to left/right, top/bottom to top/bottom) */
    GRIP_SNAP_CENTERS = 1u << 2,       /* centre to other boxes' centres */
    GRIP_SNAP_GAPS = 1u << 3,          /* equal gaps between neighbours in a row or column */
    GRIP_SNAP_WHILE_RESIZING = 1u << 4 /* the moving edges of a resize snap too */
};

typedef struct grip_snap_desc {
    uint32_t struct_size;      /* sizeof(grip_snap_desc) */
    uint32_t flags;            /* GRIP_SNAP_*, default 0: no snapping */
    double grid_x, grid_y;     /* grid spacing in world units, default 10 x 10 */
    grip_vec2 grid_origin;     /* default (0, 0) */
    double threshold;          /* how close counts, in screen units, default 8 */
    uint32_t bypass_modifiers; /* any of these held: no snapping, default GRIP_MOD_CTRL | GRIP_MOD_META */
} grip_snap_desc;

void grip_snap_desc_init(grip_snap_desc *desc);
/* Snapping of moves (and resizes, with GRIP_SNAP_WHILE_RESIZING) of boxes and selections.
 * Candidates are the snap_target siblings of the moving boxes that are not moving themselves;
 * what snaps is the axis-aligned bounds in the parent's space. Object snaps win over the grid.
 * Every snap in effect is drawn: GRIP_CMD_GUIDE lines through the aligned edges or centres,
 * GRIP_CMD_GAP segments for equal gaps. desc NULL turns snapping off. The settings are copied.
 * GRIP_ERR_ARG, changing nothing, for a struct_size this library does not know, unknown flag or
 * modifier bits, a grid spacing that is not finite and > 0, a grid origin that is not finite, or
 * a threshold outside 0 ... 10000 (the message names the field). The index of snap targets
 * follows the scene whether snapping is on or not, a bounded slice of work at a time charged to
 * the calls that change or read the scene (box creation and changes, dispatches, frame reads),
 * so this call builds nothing: about 0.16 M instructions among 100,000 rotated boxes, and the
 * first snapped move after it (or after creating 100,000 boxes with snapping on) about 0.45 M. */
grip_status grip_engine_set_snapping(grip_engine *engine, const grip_snap_desc *desc);

/* ---- Input -------------------------------------------------------------- */

typedef enum grip_phase {
    GRIP_PHASE_DOWN = 0,
    GRIP_PHASE_MOVE = 1,
    GRIP_PHASE_UP = 2,
    GRIP_PHASE_CANCEL = 3,
    GRIP_PHASE_FORCE32 = 0x7FFFFFFF
} grip_phase;

enum {
    GRIP_MOD_SHIFT = 1u << 0,
    GRIP_MOD_ALT = 1u << 1,
    GRIP_MOD_CTRL = 1u << 2,
    GRIP_MOD_META = 1u << 3
};

typedef struct grip_pointer_event {
    grip_phase phase;
    uint32_t pointer;   /* the host's id for a finger / mouse button */
    double x, y;        /* screen (the same as world until a view is set) */
    double time;        /* seconds, never decreasing */
    uint32_t modifiers; /* GRIP_MOD_*: shift = keep ratio, alt = resize about the centre */
} grip_pointer_event;

typedef struct grip_magnify_event {
    grip_phase phase; /* DOWN = began, MOVE = changed, UP = ended, CANCEL */
    double factor;    /* cumulative since began, > 0 */
    double x, y;      /* focal point, screen (the same as world until a view is set) */
    double time;
} grip_magnify_event;

/* consumed (may be NULL) says whether the event belonged to a box: an overlay passes the rest on to its game. */
grip_status grip_dispatch_pointer(grip_engine *engine, const grip_pointer_event *event, bool *consumed);
grip_status grip_dispatch_magnify(grip_engine *engine, const grip_magnify_event *event, bool *consumed);
/* Advances animations, long presses and the marching ants to time. */
grip_status grip_dispatch_timer(grip_engine *engine, double time);

/* 0.2: keys the engine understands; a host passes only these. */
typedef enum grip_key {
    GRIP_KEY_LEFT = 1,
    GRIP_KEY_RIGHT = 2,
    GRIP_KEY_UP = 3,
    GRIP_KEY_DOWN = 4,
    GRIP_KEY_ESCAPE = 5,
    GRIP_KEY_TAB = 6,
    GRIP_KEY_SHIFT = 7,
    GRIP_KEY_ALT = 8,
    GRIP_KEY_CTRL = 9,
    GRIP_KEY_META = 10,
    GRIP_KEY_FORCE32 = 0x7FFFFFFF
} grip_key;

typedef struct grip_key_event {
    grip_phase phase; /* DOWN (an auto-repeat is another DOWN) or UP */
    grip_key key;
    uint32_t modifiers; /* GRIP_MOD_* held once this event has happened */
    double time;        /* seconds, never decreasing (one clock with the pointer events) */
} grip_key_event;

/* 0.2: arrows nudge the selection by nudge_step (shift: nudge_step_large; with grid snapping on:
 * one grid step, shift five), containment kept; nudges less than 1 s apart are one undo step
 * (committed by the first dispatch at least 1 s after the last one, or when another gesture
 * begins).
 * Escape cancels the active gestures (each box back to where its gesture began, CANCELLED, no
 * undo step; the pointer's later moves and release are accepted, consumed, and do nothing), else ends a
 * marquee restoring the selection it started from, else clears the selection. Tab / shift-Tab
 * select the next / previous selectable sibling in draw order. A modifier key going down or up
 * re-evaluates the active gestures at once, with no pointer motion (shift: keep ratio, 15-degree
 * rotation steps; alt: about the centre; ctrl/meta: snapping off, marquee rule swapped).
 * consumed says whether the key did something. */
grip_status grip_dispatch_key(grip_engine *engine, const grip_key_event *event, bool *consumed);

/* ---- Frames ------------------------------------------------------------- */

typedef enum grip_command_kind {
    GRIP_CMD_BOX = 1,             /* draw the box's content with transform over (0,0)-(width,height) */
    GRIP_CMD_BORDER = 2,          /* dashed outline: closed polyline of vertex_count vertices */
    GRIP_CMD_HANDLE = 3,          /* a handle mark at center */
    GRIP_CMD_INDICATOR = 4,       /* a progress indicator: open polyline, already trimmed to progress */
    GRIP_CMD_GUIDE = 5,           /* a snapping guide line: 2 vertices */
    GRIP_CMD_OUTLINE = 6,         /* 0.2: a solid closed polyline: a selected member, or the hovered selectable box (state HOVER) */
    GRIP_CMD_MARQUEE = 7,         /* 0.2: the marquee rectangle: closed polyline of 4 vertices */
    GRIP_CMD_GAP = 8,             /* 0.2: an equal gap: 2 vertices, width = its length in world units */
    GRIP_CMD_FORCE32 = 0x7FFFFFFF /* kinds only grow: a renderer skips kinds it does not know */
} grip_command_kind;

enum {
    GRIP_STATE_HOVER = 1u << 0,
    GRIP_STATE_ACTIVE = 1u << 1
};

typedef struct grip_command {
    grip_command_kind kind;
    grip_handle handle; /* HANDLE */
    grip_box box;
    uint64_t user_data;
    grip_affine transform;               /* BOX: box space -> screen (world until a view is set) */
    double width, height;                /* BOX */
    grip_vec2 center;                    /* HANDLE */
    double radius, inner_radius;         /* HANDLE: outer and inner mark radii */
    double cursor_angle;                 /* HANDLE: direction a resize cursor should point, radians, rotation included */
    uint32_t first_vertex, vertex_count; /* BORDER, INDICATOR, GUIDE: a range of grip_frame.vertices */
    double stroke_width;
    double dash_on, dash_off, dash_phase; /* BORDER: marching ants */
    double progress;                      /* INDICATOR: 0..1 */
    uint32_t state;                       /* GRIP_STATE_* */
} grip_command;

typedef struct grip_frame {
    double time;     /* of the last dispatch */
    uint64_t serial; /* grows whenever anything drawn changed */
    size_t command_count;
    const grip_command *commands; /* back to front: parents before children, overlay after content */
    size_t vertex_count;
    const grip_vec2 *vertices;
} grip_frame;

/* The frame as of the last dispatch, rebuilt only where something drawn changed. The arrays are
 * the engine's own memory (no copy is made): read them, do not write or free them; they stay
 * valid until the next grip_frame_get or grip_engine_destroy on this engine. */
grip_status grip_frame_get(grip_engine *engine, grip_frame *out);
/* Added in 0.3: the same frame for a guest of the engine (a script host reading the frame of the
 * host's engine) that must not invalidate the arrays the host holds: the arrays of the host's
 * last grip_frame_get stay valid until its next grip_frame_get. The guest's arrays stay valid
 * until the next call that changes the engine (read them at once). */
grip_status grip_frame_get_guest(grip_engine *engine, grip_frame *out);

/* ---- Events ------------------------------------------------------------- */

typedef enum grip_event_kind {
    GRIP_EVENT_GESTURE_BEGAN = 1,
    GRIP_EVENT_GESTURE_CHANGED = 2,
    GRIP_EVENT_GESTURE_ENDED = 3,
    GRIP_EVENT_GESTURE_CANCELLED = 4,
    GRIP_EVENT_TAP = 5,
    GRIP_EVENT_DOUBLE_TAP = 6,
    GRIP_EVENT_RESET = 7, /* a reset animation finished */
    GRIP_EVENT_LONG_PRESS_BEGAN = 8,
    GRIP_EVENT_LONG_PRESS_TRIGGERED = 9,
    GRIP_EVENT_LONG_PRESS_CANCELLED = 10,
    GRIP_EVENT_EDITING_CHANGED = 11,
    GRIP_EVENT_SCRIPT_ERROR = 12,      /* a Lua hook failed and was disabled; grip_engine_errmsg has the message */
    GRIP_EVENT_SELECTION_CHANGED = 13, /* 0.2: grip_selection_get has the new set (box GRIP_SELECTION;
                                        * several changes not polled in between come as one event) */
    GRIP_EVENT_COMMITTED = 14,         /* 0.2: one undo step happened: grip_event_changes lists it */
    GRIP_EVENT_UNDONE = 15,            /* 0.2: grip_undo restored a step: grip_event_changes lists it */
    GRIP_EVENT_REDONE = 16,            /* 0.2 */
    GRIP_EVENT_FORCE32 = 0x7FFFFFFF
} grip_event_kind;

typedef enum grip_gesture {
    GRIP_GESTURE_NONE = 0,
    GRIP_GESTURE_MOVE = 1,
    GRIP_GESTURE_RESIZE = 2,
    GRIP_GESTURE_ROTATE = 3,
    GRIP_GESTURE_PINCH = 4, /* two pointers: pan, scale and rotate together */
    GRIP_GESTURE_MAGNIFY = 5,
    GRIP_GESTURE_HANDLE = 6,  /* dragging a custom (Lua) handle */
    GRIP_GESTURE_MARQUEE = 7, /* 0.2: box GRIP_SELECTION; BEGAN at the press point */
    GRIP_GESTURE_NUDGE = 8,   /* 0.2: arrow keys (COMMITTED) */
    GRIP_GESTURE_RESET = 9,   /* 0.2: a double-tap or grip_box_reset (COMMITTED) */
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
    grip_vec2 position; /* world */
} grip_event;

/* GRIP_OK with the oldest event, or GRIP_DONE when the queue is empty. */
grip_status grip_event_poll(grip_engine *engine, grip_event *out);

/* Added in 0.3, for a guest of the engine (a client driving it beside its host, such as the Lua
 * host of grip_lua.h): while capture is on, every event the engine queues goes to a second
 * queue, read with grip_event_poll_guest, instead of grip_event_poll's; COMMITTED, UNDONE and
 * REDONE go to both (a host's document never misses a change, whoever caused it). Events queued
 * before capture was turned on stay the host's. Capture stays as set until changed; it is off
 * when the engine is created. GRIP_ERR_STATE inside a callback (as every call that changes the
 * engine). */
grip_status grip_event_capture(grip_engine *engine, bool on);
/* The oldest event of the guest queue (GRIP_OK), or GRIP_DONE when it is empty; grip_event_changes
 * and grip_engine_errmsg then describe it as after grip_event_poll. Unaffected by capture being
 * off: the guest queue keeps what it has until polled. */
grip_status grip_event_poll_guest(grip_engine *engine, grip_event *out);

/* ---- Transactions and history (0.2) ------------------------------------- */

/* Where a box is, in its parent's space: what one undo step restores, bit for bit. */
typedef struct grip_geometry {
    grip_box parent;
    grip_vec2 center;
    double width, height, rotation, scale;
    bool flipped_x, flipped_y;
} grip_geometry;

typedef struct grip_change {
    grip_box box;
    grip_geometry before, after;
} grip_change;

/* Every gesture, nudge run and reset that changed geometry ends in exactly one COMMITTED event
 * (a cancelled gesture in none); a script's own edits too: COMMITTED, UNDONE and REDONE always
 * reach grip_event_poll, so a host's document never misses a change. After grip_event_poll
 * returned one of them: the boxes it changed, before and after (for UNDONE and REDONE: that
 * event's own change, so `after` is always where the box is now). count is always written; at
 * most capacity entries are copied. GRIP_ERR_STATE after any other event. */
grip_status grip_event_changes(grip_engine *engine, grip_change *out, size_t capacity, size_t *count);
/* Added in 0.2: moves box to `geometry` exactly (centre, size, rotation, scale and flips, bit for
 * bit), as grip_box_configure with the box's own description would (so it also becomes the box's
 * reset geometry): how a host that keeps its own undo stack puts a grip_change back. geometry's
 * parent must be the box's parent (re-parent with grip_box_configure). GRIP_ERR_ARG for a bad
 * geometry or another parent; GRIP_ERR_STATE during a gesture on the box. */
grip_status grip_box_set_geometry(grip_engine *engine, grip_box box, const grip_geometry *geometry);

/* Built-in history of the last history_limit steps. Undo restores a step's "before" geometry of
 * every box in it and the selection it had, bit for bit; redo its "after". GRIP_DONE: nothing to
 * undo or redo. GRIP_ERR_STATE during a gesture. A new step clears what could be redone.
 * The host's own configure, re-parent or destroy of a box drops that box from the history. */
grip_status grip_undo(grip_engine *engine);
grip_status grip_redo(grip_engine *engine);
grip_status grip_history_clear(grip_engine *engine);
grip_status grip_history_depth(grip_engine *engine, size_t *undo_steps, size_t *redo_steps);

/* ---- Hooks from C (0.2) ------------------------------------------------- */

/* Called at every step of a gesture or nudge on box with the geometry the engine proposes (parent
 * space, after snapping and containment); it may change *proposed and returns true to accept it,
 * false to refuse the step (the box stays where it is). It runs inside the dispatch call: calls
 * back into the engine fail with GRIP_ERR_STATE. A result that breaks the box's limits (NaN, below
 * the minimum size) refuses the step. NULL removes it. Like Konva's boundBoxFunc. */
typedef bool (*grip_constraint_fn)(void *context, grip_box box, const grip_geometry *current,
                                   grip_geometry *proposed);
grip_status grip_box_set_constraint(grip_engine *engine, grip_box box, grip_constraint_fn fn, void *context);

/* Added in 0.3: hooks, the behaviour a host (or a script host such as grip_lua.h's) plugs into
 * boxes: custom handles (their number set per box with grip_box_set_hooks, their position and
 * their drag given by functions), custom long-press indicators (boxes whose indicator is
 * GRIP_INDICATOR_CUSTOM), and scripted constraints. An engine has at most one set of hooks.
 *
 * Every function runs inside the call that needs it (a dispatch, grip_frame_get, a hit test),
 * with the engine busy, exactly as a grip_constraint_fn: calls back into the engine fail with
 * GRIP_ERR_STATE, except grip_engine_get_info and grip_engine_destroy (which is deferred until
 * the call returns). A function that returns false has failed: it writes a one-line message into
 * message (capacity bytes, NUL-terminated; truncated if longer), the hook is disabled (for the
 * rest of the gesture, or for the box until its hooks are set again), GRIP_EVENT_SCRIPT_ERROR is
 * queued with that message, and the built-in behaviour goes on. An unusable answer (non-finite,
 * below the minimum size) fails the same way with the engine's own message. NULL functions are
 * never called (a box that asks for one behaves as if it failed once). */
typedef struct grip_hooks {
    uint32_t struct_size; /* grip_hooks_init sets it */
    void *context;        /* passed to every function; the caller's */
    /* Box-space position of custom handle `index` (0-based) of box when it has `geometry`. */
    bool (*handle_position)(void *context, grip_box box, uint32_t index, const grip_geometry *geometry,
                            grip_vec2 *position, char *message, size_t capacity);
    /* The geometry (parent space) when custom handle `index` is dragged to box-space `point` of
     * the gesture's start geometry `start`; *result starts as a copy of *start. */
    bool (*handle_drag)(void *context, grip_box box, uint32_t index, const grip_geometry *start, grip_vec2 point,
                        grip_geometry *result, char *message, size_t capacity);
    /* The custom indicator's outline of box as a box-space polyline of at least 2 and at most
     * 65536 points (the engine trims it to `progress`, 0..1). *points is the function's own
     * memory: it must stay valid until the function returns to the engine, which copies it. */
    bool (*indicator)(void *context, grip_box box, double progress, const grip_geometry *geometry,
                      const grip_vec2 **points, size_t *count, char *message, size_t capacity);
    /* A scripted constraint (boxes given one with grip_box_set_hooks): *result starts as
     * *proposed, the geometry the engine proposes after snapping and containment; it runs before
     * the box's grip_constraint_fn, if any. */
    bool (*constraint)(void *context, grip_box box, const grip_geometry *current, const grip_geometry *proposed,
                       grip_geometry *result, char *message, size_t capacity);
    /* Called once by grip_engine_destroy, after which the engine pointer is dead: how a client
     * that keeps the engine pointer learns that it must not use it again. May be NULL. */
    void (*destroyed)(void *context);
} grip_hooks;

/* Every function NULL, struct_size set. NULL is ignored. */
void grip_hooks_init(grip_hooks *hooks);
/* Installs the engine's hooks (copied; the context is the caller's and must stay valid while they
 * are set). NULL removes them (every box's custom handles and scripted constraints stop being
 * asked). GRIP_ERR_STATE when the engine already has hooks (remove them first): one client owns
 * them, so two script hosts cannot share an engine. GRIP_ERR_ARG for a wrong struct_size. */
grip_status grip_engine_set_hooks(grip_engine *engine, const grip_hooks *hooks);
/* Box's custom handles (0..16, handle ids GRIP_HANDLE_CUSTOM + index) and whether its scripted
 * constraint is asked; re-enables hooks that failed on it. Works without grip_engine_set_hooks
 * (nothing is asked then). GRIP_ERR_NOT_FOUND for an unknown box, GRIP_ERR_ARG for more than 16
 * handles, GRIP_ERR_STATE during a gesture on the box. */
grip_status grip_box_set_hooks(grip_engine *engine, grip_box box, uint32_t handle_count, bool constraint);
/* Changes only box's long-press indicator shape, leaving its geometry and its reset geometry
 * alone (grip_box_configure would make the current geometry the reset one). GRIP_ERR_ARG for an
 * unknown shape, GRIP_ERR_NOT_FOUND for an unknown box. */
grip_status grip_box_set_indicator(grip_engine *engine, grip_box box, grip_indicator_shape shape);
/* ---- Scene files (0.2) -------------------------------------------------- */

/* JSON of the engine's bounds and every box (its grip_box_desc fields, current geometry, parent,
 * user_data), versioned ("grip_scene": 1); numbers print so that they read back bit for bit.
 * With buffer NULL or capacity too small only *length (bytes, without a terminator) is written
 * and the status is GRIP_ERR_LIMIT; otherwise the text is written and NUL-terminated.
 * The format: {"grip_scene": 1, "bounds": {"width": w, "height": h}, "boxes": [...]}, boxes in
 * draw order (parents before children), each keyed by grip_box_desc's field names (enum values
 * as lowercase names without the prefix, masks as lists of names, as in Lua) plus "id" and
 * "parent" (integers local to the file, parent null at top level), user_data as a string of
 * decimal digits. A box whose x + width / 2 or y + height / 2 does not give its centre back to
 * the bit also has "center": {"x": cx, "y": cy}, which a load uses while x and y are still the
 * ones it gives (an edited x or y wins). */
grip_status grip_scene_save(grip_engine *engine, char *buffer, size_t capacity, size_t *length);
/* Replaces every box with the scene's (new ids; user_data kept, so a host re-links its objects
 * through it); the selection and the history are cleared. Bad JSON, an unknown major version or a
 * value out of range is GRIP_ERR_ARG with the line and column in the message, and nothing changes.
 * Unknown fields are ignored; a box field left out takes grip_box_desc_init's default; "bounds"
 * left out keeps the engine's. More boxes than max_boxes, or nesting deeper than 32 levels, is
 * GRIP_ERR_LIMIT; GRIP_ERR_STATE during a gesture (as for grip_undo). */
grip_status grip_scene_load(grip_engine *engine, const char *json, size_t length);

/* ---- Lua (grip_lua.h, libgrip-lua) ------------------------------------------ */

/* The Lua host is its own library, libgrip-lua, a client of this header only. A 0.2 program that
 * includes grip.h and uses grip_lua_* also links -lgrip-lua. Define GRIP_NO_LUA to leave it out. */
#ifdef __cplusplus
}
#endif

#ifndef GRIP_NO_LUA
#include "grip_lua.h"
#endif
#endif /* GRIP_H */
