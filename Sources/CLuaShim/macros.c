/* The session macros' trampolines (e:drag, e:marquee, e:drag_handle, e:pinch, e:tap,
 * e:double_tap, e:hold, e:nudge, e:advance): their option tables read into the typed argument
 * structs of CLuaShim.h; GripLua's Macro turns them into events. */
#include "bindings.h"

static const char *const drag_keys[] = {"from", "to", "by", "steps", "duration", "pointer", "mods", NULL};
static const char *const gesture_keys[] = {"steps", "duration", "pointer", "mods", NULL};
static const char *const pinch_keys[] = {"box", "scale", "rotate", "steps", "duration", "pan", "distance", NULL};
static const char *const tap_keys[] = {"pointer", "mods", "release", NULL};

static void gesture_opts(lua_State *L, int idx, gl_gesture_opts *o) {
    o->steps = opt_integer(L, idx, "steps", 10);
    o->duration = opt_number(L, idx, "duration", 0.2);
    o->pointer = opt_pointer(L, idx);
    o->mods = opt_mods(L, idx);
}

int l_advance(lua_State *L) {
    CALL_INIT(c);
    c.args.seconds = num_value(L, 2, "seconds");
    return simple_engine_op(L, GL_OP_ADVANCE, &c);
}

int l_drag(lua_State *L) {
    check_engine(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    check_keys(L, 2, drag_keys, "drag");
    CALL_INIT(c);
    gl_drag_args *a = &c.args.drag;
    if (lua_getfield(L, 2, "from") == LUA_TNIL) luaL_error(L, "drag needs from = {x, y}");
    point_value(L, -1, &a->from_x, &a->from_y, "drag.from");
    lua_pop(L, 1);
    if (lua_getfield(L, 2, "to") != LUA_TNIL) {
        point_value(L, -1, &a->to_x, &a->to_y, "drag.to");
    } else if (lua_getfield(L, 2, "by") != LUA_TNIL) {
        point_value(L, -1, &a->to_x, &a->to_y, "drag.by");
        a->to_x += a->from_x;
        a->to_y += a->from_y;
        lua_pop(L, 1);
    } else {
        luaL_error(L, "drag needs to = {x, y} or by = {dx, dy}");
    }
    lua_pop(L, 1);
    gesture_opts(L, 2, &a->opts);
    return simple_engine_op(L, GL_OP_DRAG, &c);
}

static const char *const marquee_keys[] = {"from", "to", "steps", "duration", "pointer", "mods", NULL};

/* e:marquee{from = {x, y}, to = {x, y}, mods = {...}}: a drag from a place where no box is (with
 * pointer selection, a marquee; its mods are held throughout: shift adds, ctrl swaps the rule). */
int l_marquee(lua_State *L) {
    check_engine(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    check_keys(L, 2, marquee_keys, "marquee");
    CALL_INIT(c);
    gl_drag_args *a = &c.args.drag;
    if (lua_getfield(L, 2, "from") == LUA_TNIL) luaL_error(L, "marquee needs from = {x, y}");
    point_value(L, -1, &a->from_x, &a->from_y, "marquee.from");
    lua_pop(L, 1);
    if (lua_getfield(L, 2, "to") == LUA_TNIL) luaL_error(L, "marquee needs to = {x, y}");
    point_value(L, -1, &a->to_x, &a->to_y, "marquee.to");
    lua_pop(L, 1);
    gesture_opts(L, 2, &a->opts);
    a->marquee = true; /* it must start where no box is */
    return simple_engine_op(L, GL_OP_DRAG, &c);
}

static const char *const nudge_keys[] = {"key", "times", "mods", NULL};

/* e:nudge{key = "left", times = 1, mods = {...}}: arrow presses at the engine's time (one nudge
 * run). Returns whether the selection moved. */
int l_nudge(lua_State *L) {
    luaL_checktype(L, 2, LUA_TTABLE);
    check_keys(L, 2, nudge_keys, "nudge");
    CALL_INIT(c);
    gl_nudge_args *a = &c.args.nudge;
    lua_getfield(L, 2, "key");
    a->key = enum_value(L, -1, key_names, "key");
    lua_pop(L, 1);
    if (a->key < 1 || a->key > 4) luaL_error(L, "nudge: key must be left, right, up or down");
    a->times = opt_integer(L, 2, "times", 1);
    a->mods = opt_mods(L, 2);
    simple_engine_op(L, GL_OP_NUDGE, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

int l_drag_handle(lua_State *L) {
    lua_settop(L, 6);
    engine_ud *u = check_engine(L, 1);
    uint64_t id;
    void *eng = check_box(L, 2, &id);
    if (eng != u->eng) luaL_error(L, "drag_handle: the box belongs to another engine");
    int eidx = lua_gettop(L);
    CALL_INIT(c);
    c.box = id;
    gl_handle_drag_args *a = &c.args.handle_drag;
    a->handle = handle_value(L, 3, eidx, id);
    a->dx = num_value(L, 4, "dx");
    a->dy = num_value(L, 5, "dy");
    if (!lua_isnoneornil(L, 6)) check_keys(L, 6, gesture_keys, "drag_handle");
    gesture_opts(L, 6, &a->opts);
    return simple_engine_op(L, GL_OP_DRAG_HANDLE, &c);
}

int l_pinch(lua_State *L) {
    engine_ud *u = check_engine(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    check_keys(L, 2, pinch_keys, "pinch");
    CALL_INIT(c);
    lua_getfield(L, 2, "box");
    uint64_t id;
    if (check_box(L, -1, &id) != u->eng) luaL_error(L, "pinch: the box belongs to another engine");
    lua_pop(L, 2);
    c.box = id;
    gl_pinch_args *a = &c.args.pinch;
    a->scale = opt_number(L, 2, "scale", 1);
    a->rotate = opt_number(L, 2, "rotate", 0);
    a->distance = opt_number(L, 2, "distance", 0);
    if (lua_getfield(L, 2, "pan") != LUA_TNIL) point_value(L, -1, &a->pan_x, &a->pan_y, "pinch.pan");
    lua_pop(L, 1);
    a->steps = opt_integer(L, 2, "steps", 10);
    a->duration = opt_number(L, 2, "duration", 0.2);
    return simple_engine_op(L, GL_OP_PINCH, &c);
}

static int tap_like(lua_State *L, int op, int optidx) {
    CALL_INIT(c);
    gl_tap_args *a = &c.args.tap;
    a->x = num_value(L, 2, "x");
    a->y = num_value(L, 3, "y");
    if (op == GL_OP_HOLD) a->seconds = num_value(L, 4, "seconds");
    if (!lua_isnoneornil(L, optidx)) check_keys(L, optidx, tap_keys, "options");
    a->pointer = opt_pointer(L, optidx);
    a->mods = opt_mods(L, optidx);
    a->release = true;
    if (opt_field(L, optidx, "release") != LUA_TNIL) a->release = bool_value(L, -1, "release");
    lua_pop(L, 1);
    return simple_engine_op(L, op, &c);
}

int l_tap(lua_State *L) { return tap_like(L, GL_OP_TAP, 4); }
int l_double_tap(lua_State *L) { return tap_like(L, GL_OP_DOUBLE_TAP, 4); }
int l_hold(lua_State *L) { return tap_like(L, GL_OP_HOLD, 5); }
