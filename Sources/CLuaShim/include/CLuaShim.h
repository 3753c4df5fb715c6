/*
 * CLuaShim: the only code that touches the Lua API.
 *
 * Everything here that can raise a Lua error (allocate, run a metamethod, call Lua) runs inside a
 * lua_pcall started from C, or inside a lua_CFunction trampoline *before* it calls Swift or
 * *after* Swift has returned. Swift (GripLua) never sees lua.h: it gets opaque pointers, plain C
 * structs and status codes, so no Lua error can ever unwind through a Swift frame.
 *
 * This header is what Swift imports. Grip's own types (grip_box_desc, grip_box_state, ...) travel
 * as void pointers here; GripLua casts them to the CGrip types.
 */
#ifndef CLUASHIM_H
#define CLUASHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes of the Swift side of a trampoline (gripl_call) and of the gl_* calls below. */
#define GL_OK      0
#define GL_ERR_MSG 1 /* raise call->err as a Lua error (position added) */
#define GL_ERR_TOP 2 /* a Lua error object sits on top of the caller's stack: raise it as is */

/* Operations the trampolines ask Swift to perform (gl_call.op). */
enum {
    GL_OP_ENGINE_NEW = 1,
    GL_OP_ENGINE_CLOSE,
    GL_OP_ENGINE_TIME,
    GL_OP_SET_BOUNDS,
    GL_OP_SET_VIEW,
    GL_OP_BOX_CREATE,
    GL_OP_BOX_DESTROY,
    GL_OP_BOX_CONFIGURE,
    GL_OP_BOX_DESCRIBE,
    GL_OP_BOX_STATE,
    GL_OP_BOX_SET_EDITING,
    GL_OP_BOX_RESET,
    GL_OP_BOX_SET_HOOKS,
    GL_OP_BOX_SET_INDICATOR,
    GL_OP_BOX_EXISTS,
    GL_OP_HIT,
    GL_OP_POINTER,
    GL_OP_MAGNIFY,
    GL_OP_TICK,
    GL_OP_FRAME_LOCK,
    GL_OP_FRAME_UNLOCK,
    GL_OP_EVENT_NEXT,
    GL_OP_BOX_ORDER,
    GL_OP_BOXES,
    GL_OP_QUERY,
    GL_OP_SCREEN_TO_WORLD,
    GL_OP_WORLD_TO_SCREEN,
    GL_OP_SELECT,
    GL_OP_SELECTION,
    GL_OP_SELECTION_STATE,
    GL_OP_KEY,
    GL_OP_UNDO,
    GL_OP_REDO,
    GL_OP_HISTORY_DEPTH,
    GL_OP_HISTORY_CLEAR,
    GL_OP_EVENT_CHANGES,
    GL_OP_SCENE_SAVE,
    GL_OP_SCENE_LOAD,
    GL_OP_SET_SNAPPING,
    GL_OP_ENGINE_DESCRIBE,
    GL_OP_GET_VIEW,
    GL_OP_CANCEL_POINTERS,
    GL_OP_ARRANGE,
    GL_OP_HISTORY_BEGIN, /* the merge key in gl_call.box */
    GL_OP_HISTORY_COMMIT,
    GL_OP_HISTORY_CANCEL,
    GL_OP_HISTORY_RECORDING,
    GL_OP_BOX_KEY,                  /* the key into rbox */
    GL_OP_BOX_SET_KEY,              /* the key at `in` (uint64_t) */
    GL_OP_FIND,                     /* the key at `in`; the box into rbox (0: none) */
    GL_OP_FEED_ENABLE,              /* the limit in gl_call.box */
    GL_OP_FEED_READ,                /* out_capacity changes into `out`; rcount read, rflag lost */
    GL_OP_REMOTE_APPLY,             /* in_length changes at `in`; rcount applied */
    GL_OP_SET_SELECTION_CONSTRAINT, /* args.custom: a function is set (true) or removed */
    GL_OP_PEER_SET,                 /* the grip_peer_presence at `in` */
    GL_OP_PEER_REMOVE               /* the peer in gl_call.box; rflag: it was known */
};

/* The arguments of each operation, by name: CLuaShim fills the member of gl_args its op reads
 * (after checking what Lua can get wrong: types, names, integer ranges), Swift reads that member
 * and checks the rest (finite numbers). Enum values travel as their
 * grip.h numbers; modifier masks as grip_modifier bits. */

/* e:pointer(phase, pointer, x, y [, time [, mods]]) */
typedef struct gl_pointer_args {
    int32_t phase; /* grip_phase */
    uint32_t pointer;
    double x, y; /* screen space */
    double time; /* read only when has_time; else the engine's time */
    bool has_time;
    uint32_t mods;
} gl_pointer_args;

/* e:magnify(phase, factor, x, y [, time]) */
typedef struct gl_magnify_args {
    int32_t phase; /* grip_phase */
    double factor;
    double x, y;
    double time; /* read only when has_time */
    bool has_time;
} gl_magnify_args;

/* e:key(phase, key [, time [, mods]]) */
typedef struct gl_key_args {
    int32_t phase; /* grip_phase */
    int32_t key;   /* grip_key, never GRIP_KEY_NONE */
    double time;   /* read only when has_time */
    bool has_time;
    uint32_t mods;
} gl_key_args;

/* e:query{x0, y0, x1, y1, contain} (the result list is gl_call.out / out_capacity) */
typedef struct gl_query_args {
    double x0, y0, x1, y1;
    bool contain;
} gl_query_args;

/* A point (HIT, SCREEN_TO_WORLD, WORLD_TO_SCREEN). */
typedef struct gl_point_args {
    double x, y;
} gl_point_args;

/* e:set_bounds(width, height) */
typedef struct gl_bounds_args {
    double width, height;
} gl_bounds_args;

/* BOX_SET_HOOKS: what hooks the box's Lua table holds. */
typedef struct gl_hooks_args {
    int64_t handles; /* custom handles */
    bool constraint; /* a constraint function is set */
} gl_hooks_args;

/* e:align(edge [, key]), e:distribute(axis), e:flip(axis), e:rotate90([n]) (the key box, if any,
 * is gl_call.box) */
typedef struct gl_arrange_args {
    int32_t what;  /* GL_ARRANGE_* */
    int32_t value; /* ALIGN: a grip_align; DISTRIBUTE, FLIP: a grip_axis; ROTATE90: quarter turns */
} gl_arrange_args;

enum { GL_ARRANGE_ALIGN = 0,
       GL_ARRANGE_DISTRIBUTE,
       GL_ARRANGE_FLIP,
       GL_ARRANGE_ROTATE90 };

/* One member per operation (or family of operations); the op says which one is filled. */
typedef union gl_args {
    gl_pointer_args pointer; /* POINTER */
    gl_magnify_args magnify; /* MAGNIFY */
    gl_key_args key;         /* KEY */
    gl_query_args query;     /* QUERY */
    gl_point_args point;     /* HIT, SCREEN_TO_WORLD, WORLD_TO_SCREEN */
    gl_bounds_args bounds;   /* SET_BOUNDS */
    gl_hooks_args hooks;     /* BOX_SET_HOOKS */
    double time;             /* TICK: the timer's time */
    bool editing;            /* BOX_SET_EDITING */
    bool animated;           /* BOX_RESET */
    bool missing_ok;         /* BOX_DESTROY: a box already gone is not an error */
    bool custom;             /* BOX_SET_INDICATOR: the scripted indicator (else the circle) */
    int32_t order;           /* BOX_ORDER: a grip_order */
    int32_t select_op;       /* SELECT: a grip_select_op (the box is gl_call.box) */
    gl_arrange_args arrange; /* ARRANGE */
} gl_args;

/* One call from a trampoline into Swift: arguments in, results out. */
typedef struct gl_call {
    void *L;      /* lua_State* of the calling thread (for running `on` handlers) */
    void *ctx;    /* gl_ctx* of the state */
    void *engine; /* the LuaEngine (Swift object) behind the engine userdata */
    int op;
    bool sandboxed;      /* the state is a sandbox (caps what grip.new may ask for) */
    uint64_t box;        /* box argument */
    gl_args args;        /* the op's member */
    void *in;            /* grip_box_desc* / grip_engine_desc* / grip_affine* / grip_snap_desc* / scene text /
                            CANCEL_POINTERS: uint32_t pointer ids */
    size_t in_length;    /* SCENE_LOAD: bytes of text at `in`; CANCEL_POINTERS: ids at `in` */
    void *out;           /* grip_box_desc* / grip_box_state* / grip_event* / grip_frame* / id list / text /
                            ENGINE_DESCRIBE: grip_engine_desc* / GET_VIEW: grip_affine* */
    size_t out_capacity; /* BOXES, QUERY, SELECTION: ids `out` holds; SCENE_SAVE: bytes */
    /* results */
    void *rptr;        /* ENGINE_NEW: the retained LuaEngine; EVENT_CHANGES: the grip_change array */
    uint64_t rbox;     /* BOX_CREATE: the new box; HIT: the box hit */
    int64_t rcount;    /* BOXES, QUERY, SELECTION: ids listed; SCENE_SAVE: text length;
                             EVENT_CHANGES: changes; HISTORY_DEPTH: undo steps */
    int64_t rredo;     /* HISTORY_DEPTH: redo steps */
    int64_t rhandle;   /* HIT: the handle hit */
    double rx, ry;     /* SCREEN_TO_WORLD, WORLD_TO_SCREEN: the mapped point */
    double rtime;      /* ENGINE_TIME */
    bool rflag;        /* POINTER, MAGNIFY, KEY: consumed; BOX_RESET, UNDO,
                             REDO, ARRANGE, HISTORY_COMMIT: did something; BOX_EXISTS: exists;
                             EVENT_NEXT: an event; HISTORY_RECORDING: a step is open */
    char message[512]; /* EVENT_NEXT: script error message ("" when none) */
    char err[512];     /* GL_ERR_MSG: what went wrong */
} gl_call;

/* A box's geometry as hooks see it (grip_box_state's first fields, parent space). */
typedef struct gl_geom {
    double cx, cy, width, height, rotation, scale;
    bool flipped_x, flipped_y;
} gl_geom;

/* ---- Hosted states (grip_lua_*) ---------------------------------------- */

/* Creates a state with its own allocator (memory_limit), count hook (instruction_limit) and the
 * sandbox (unless allow_io). Returns NULL with *status / err set on failure. */
void *gl_state_new(size_t memory_limit, uint64_t instruction_limit, bool allow_io, int *status,
                   char *err, size_t errlen);
/* Publishes `engine` (a retained LuaEngine) as grip.host. grip_status. */
int gl_state_set_host(void *ctx, void *engine);
/* Runs a chunk / a file as one host entry. grip_status; gl_state_errmsg says why. */
int gl_state_exec(void *ctx, const char *chunk_name, const char *source, size_t length);
int gl_state_exec_file(void *ctx, const char *path);
const char *gl_state_errmsg(const void *ctx);
void gl_state_set_errmsg(void *ctx, const char *message);
/* True when ctx is a live state made by gl_state_new. */
bool gl_state_valid(const void *ctx);
/* Closes the state (finalizers run, engines it made are destroyed) and frees ctx. */
void gl_state_close(void *ctx);
/* The LuaEngine published as grip.host, or NULL. */
void *gl_state_host(const void *ctx);
/* True while a script of this state runs (an entry from the host is in progress). */
bool gl_state_running(const void *ctx);

/* Charges `units` instructions of work done outside the VM (macro events, C loops) to the current
 * entry's budget. Returns false (and trips the limit) when the budget is exhausted. */
bool gl_charge(void *ctx, uint64_t units);

/* Adds delta bytes of host memory a state's scripts hold (their engines' boxes, histories and
 * unread events, a scene load's parse) to its memory_limit account. A growth past the limit is
 * refused (false) and not added, unless `force`: then it is added all the same (the memory is
 * already held; the state's own allocations fail until enough is given back) and false says it
 * went past. */
bool gl_charge_memory(void *ctx, int64_t delta, bool force);
/* The bytes of memory_limit not yet used (0 when past it); -1 for a state without limits (not
 * hosted: the stock interpreter's `require "grip"`). */
int64_t gl_memory_free(void *ctx);

/* The host call that runs the next hook (a serial that changes with every call from the host):
 * the hooks of one host call share one instruction budget. */
void gl_set_host_call(void *ctx, uint64_t call);

/* Adds delta to the number of live engines a state's scripts made; returns the new count. */
int gl_count_engines(void *ctx, int delta);

/* The message of the last grip_lua_create that failed on this thread. */
const char *gl_create_errmsg(void);
void gl_set_create_errmsg(const char *message);

/* ---- Calls from Swift into Lua (each under lua_pcall) ------------------ */

/* Runs the `on` handlers of the event's box. GL_OK, or GL_ERR_TOP with the error on L's top. */
int gl_fire_event(void *L, void *engine, const void *event /* grip_event* */, const char *message);

/* Custom handle `index`'s box-space position. GL_OK or GL_ERR_MSG (err filled). */
int gl_hook_handle_position(void *ctx, void *engine, uint64_t box, int index, const gl_geom *g,
                            double *x, double *y, char *err, size_t errlen);
/* Custom handle `index` dragged to box-space point (px, py) of `start`: the geometry to apply. */
int gl_hook_handle_drag(void *ctx, void *engine, uint64_t box, int index, const gl_geom *start,
                        double px, double py, gl_geom *out, char *err, size_t errlen);
/* The custom indicator's box-space polyline: *points (x, y pairs, owned by ctx) and *count. */
int gl_hook_indicator(void *ctx, void *engine, uint64_t box, double progress, const gl_geom *g,
                      const double **points, size_t *count, char *err, size_t errlen);
/* The constraint: the geometry to apply instead of `proposed`. */
int gl_hook_constraint(void *ctx, void *engine, uint64_t box, const gl_geom *proposed,
                       const gl_geom *current, gl_geom *out, char *err, size_t errlen);
/* The selection's constraint (e:set_selection_constraint): the frame to apply instead of
 * `proposed`, or *refused when the function returned false. */
int gl_hook_selection(void *ctx, void *engine, const gl_geom *proposed, const gl_geom *before, gl_geom *out,
                      bool *refused, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif /* CLUASHIM_H */
