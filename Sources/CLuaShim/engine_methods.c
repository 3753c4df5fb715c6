/* grip.new and the engine methods that are one call each (dispatching events, queries,
 * selection, history, views, snapping, scene files), and the engine userdata's metamethods.
 * Each reads its arguments, calls Swift once (simple_engine_op) and pushes the results. */
#include "bindings.h"

int l_new(lua_State *L) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    if (!lua_isnoneornil(L, 1)) read_fields(L, 1, 1, gn_engine_desc_fields, &d, "engine");
    engine_ud *u = new_engine_ud(L);
    gl_call c;
    memset(&c, 0, sizeof c);
    c.op = GL_OP_ENGINE_NEW;
    c.in = &d;
    swift_call(L, &c);
    u->eng = c.rptr;
    register_engine(L, -1);
    return 1;
}

int l_engine_box(lua_State *L) {
    engine_ud *u = check_engine(L, 1);
    grip_box_desc d;
    grip_box_desc_init(&d);
    read_desc(L, 2, 1, &d);
    CALL_INIT(c);
    c.op = GL_OP_BOX_CREATE;
    c.engine = u->eng;
    c.in = &d;
    swift_call(L, &c);
    push_box(L, 1, c.rbox);
    return 1;
}

int l_pointer(lua_State *L) {
    CALL_INIT(c);
    gl_pointer_args *a = &c.args.pointer;
    a->phase = enum_value(L, 2, phase_names, "phase");
    lua_Integer p = int_value(L, 3, "pointer");
    if (p < 0 || p > 0xFFFFFFFF) luaL_error(L, "pointer must be in 0..2^32-1");
    a->pointer = (uint32_t)p;
    a->x = num_value(L, 4, "x");
    a->y = num_value(L, 5, "y");
    a->has_time = !lua_isnoneornil(L, 6);
    if (a->has_time) a->time = num_value(L, 6, "time");
    a->mods = mods_value(L, 7);
    simple_engine_op(L, GL_OP_POINTER, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

int l_magnify(lua_State *L) {
    CALL_INIT(c);
    gl_magnify_args *a = &c.args.magnify;
    a->phase = enum_value(L, 2, phase_names, "phase");
    a->factor = num_value(L, 3, "factor");
    a->x = num_value(L, 4, "x");
    a->y = num_value(L, 5, "y");
    a->has_time = !lua_isnoneornil(L, 6);
    if (a->has_time) a->time = num_value(L, 6, "time");
    simple_engine_op(L, GL_OP_MAGNIFY, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

int l_tick(lua_State *L) {
    CALL_INIT(c);
    c.args.time = num_value(L, 2, "time");
    return simple_engine_op(L, GL_OP_TICK, &c);
}

int l_time(lua_State *L) {
    CALL_INIT(c);
    simple_engine_op(L, GL_OP_ENGINE_TIME, &c);
    lua_pushnumber(L, c.rtime);
    return 1;
}

int l_set_bounds(lua_State *L) {
    CALL_INIT(c);
    c.args.bounds.width = num_value(L, 2, "width");
    c.args.bounds.height = num_value(L, 3, "height");
    return simple_engine_op(L, GL_OP_SET_BOUNDS, &c);
}

int l_set_view(lua_State *L) {
    grip_affine m = {1, 0, 0, 1, 0, 0};
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const keys[] = {"a", "b", "c", "d", "tx", "ty", NULL};
    check_keys(L, 2, keys, "view");
    m.a = opt_number(L, 2, "a", 1);
    m.b = opt_number(L, 2, "b", 0);
    m.c = opt_number(L, 2, "c", 0);
    m.d = opt_number(L, 2, "d", 1);
    m.tx = opt_number(L, 2, "tx", 0);
    m.ty = opt_number(L, 2, "ty", 0);
    CALL_INIT(c);
    c.in = &m;
    return simple_engine_op(L, GL_OP_SET_VIEW, &c);
}

/* e:set_snapping{flags = {...}, grid_x, grid_y, grid_origin = {x, y}, threshold, bypass_modifiers = {...}}, or nil: off. */
int l_set_snapping(lua_State *L) {
    grip_snap_desc d;
    grip_snap_desc_init(&d);
    CALL_INIT(c);
    if (!lua_isnoneornil(L, 2)) {
        read_fields(L, 2, 1, gn_snap_desc_fields, &d, "snapping");
        c.in = &d;
    }
    return simple_engine_op(L, GL_OP_SET_SNAPPING, &c);
}

int l_hit(lua_State *L) {
    CALL_INIT(c);
    c.args.point.x = num_value(L, 2, "x");
    c.args.point.y = num_value(L, 3, "y");
    simple_engine_op(L, GL_OP_HIT, &c);
    push_box(L, 1, c.rbox);
    push_handle(L, 1, c.rbox, (long)c.rhandle);
    return 2;
}

/* Calls op (GL_OP_BOXES or GL_OP_QUERY, arguments already in c) and pushes the ids it lists as a
 * list of boxes: a small list fits the stack buffer; a larger one is asked for again into a
 * buffer of its size (a userdata, collected by Lua). */
static int push_box_list(lua_State *L, int op, gl_call *c) {
    uint64_t small[64];
    c->out = small;
    c->out_capacity = 64;
    gl_call again = *c;
    simple_engine_op(L, op, c);
    lua_Integer n = (lua_Integer)c->rcount;
    uint64_t *ids = small;
    if (n > 64) {
        ids = (uint64_t *)lua_newuserdatauv(L, (size_t)n * sizeof *ids, 0);
        again.out = ids;
        again.out_capacity = (size_t)n;
        simple_engine_op(L, op, &again);
        if ((lua_Integer)again.rcount < n) n = (lua_Integer)again.rcount;
    }
    lua_createtable(L, (int)(n < 0x7FFFFFFF ? n : 0), 0);
    for (lua_Integer k = 0; k < n; k++) {
        push_box(L, 1, ids[k]);
        lua_rawseti(L, -2, k + 1);
    }
    return 1;
}

int l_boxes(lua_State *L) {
    CALL_INIT(c);
    return push_box_list(L, GL_OP_BOXES, &c);
}

static const char *const query_keys[] = {"x0", "y0", "x1", "y1", "contain", NULL};

int l_query(lua_State *L) {
    check_engine(L, 1);
    check_keys(L, 2, query_keys, "query");
    CALL_INIT(c);
    const char *corner[4] = {"x0", "y0", "x1", "y1"};
    double *at[4] = {&c.args.query.x0, &c.args.query.y0, &c.args.query.x1, &c.args.query.y1};
    for (int k = 0; k < 4; k++) {
        if (lua_getfield(L, 2, corner[k]) == LUA_TNIL) luaL_error(L, "query: %s is missing", corner[k]);
        *at[k] = num_value(L, -1, corner[k]);
        lua_pop(L, 1);
    }
    if (lua_getfield(L, 2, "contain") != LUA_TNIL) c.args.query.contain = bool_value(L, -1, "contain");
    lua_pop(L, 1);
    return push_box_list(L, GL_OP_QUERY, &c);
}

/* e:screen_to_world(x, y) / e:world_to_screen(x, y): two numbers. */
static int map_point(lua_State *L, int op) {
    CALL_INIT(c);
    c.args.point.x = num_value(L, 2, "x");
    c.args.point.y = num_value(L, 3, "y");
    simple_engine_op(L, op, &c);
    lua_pushnumber(L, c.rx);
    lua_pushnumber(L, c.ry);
    return 2;
}

int l_screen_to_world(lua_State *L) { return map_point(L, GL_OP_SCREEN_TO_WORLD); }

int l_world_to_screen(lua_State *L) { return map_point(L, GL_OP_WORLD_TO_SCREEN); }

/* e:select(box [, op]): op "replace" (default; box nil clears), "add", "remove" or "toggle". */
int l_select(lua_State *L) {
    engine_ud *u = check_engine(L, 1);
    CALL_INIT(c);
    if (!lua_isnoneornil(L, 2)) {
        uint64_t id;
        if (check_box(L, 2, &id) != u->eng) luaL_error(L, "select: the box belongs to another engine");
        lua_pop(L, 1);
        c.box = id;
    }
    c.args.select_op = lua_isnoneornil(L, 3) ? 0 : enum_value(L, 3, select_names, "op");
    return simple_engine_op(L, GL_OP_SELECT, &c);
}

/* e:selection(): the selected boxes, in the order they were selected. */
int l_selection(lua_State *L) {
    CALL_INIT(c);
    return push_box_list(L, GL_OP_SELECTION, &c);
}

/* e:selection_state(): {count, center, width, height, rotation, corners, gesture_active}. */
int l_selection_state(lua_State *L) {
    grip_selection_state st;
    memset(&st, 0, sizeof st);
    st.struct_size = sizeof st;
    CALL_INIT(c);
    c.out = &st;
    simple_engine_op(L, GL_OP_SELECTION_STATE, &c);
    lua_createtable(L, 0, 7);
    set_int(L, "count", (lua_Integer)st.count);
    push_vec(L, st.center.x, st.center.y);
    lua_setfield(L, -2, "center");
    set_num(L, "width", st.width);
    set_num(L, "height", st.height);
    set_num(L, "rotation", st.rotation);
    lua_createtable(L, 4, 0);
    for (int k = 0; k < 4; k++) {
        push_vec(L, st.corners[k].x, st.corners[k].y);
        lua_rawseti(L, -2, k + 1);
    }
    lua_setfield(L, -2, "corners");
    lua_pushboolean(L, st.gesture_active);
    lua_setfield(L, -2, "gesture_active");
    return 1;
}

/* ---- arranging the selection ------------------------------------------------------------ */

/* Runs arrangement `what` with `value`; returns true when a box changed (one step), false when
 * none did. */
static int arrange_op(lua_State *L, gl_call *c, int what, int32_t value) {
    c->args.arrange.what = what;
    c->args.arrange.value = value;
    simple_engine_op(L, GL_OP_ARRANGE, c);
    lua_pushboolean(L, c->rflag);
    return 1;
}

/* e:align(edge [, key]): edge "left", "center", "right", "top", "middle" or "bottom"; to the
 * selection's bounds, or to the bounds of key, a selected box of this engine. */
int l_align(lua_State *L) {
    engine_ud *u = check_engine(L, 1);
    int edge;
    CALL_INIT(c);
    edge = enum_value(L, 2, align_names, "edge");
    if (!lua_isnoneornil(L, 3)) {
        uint64_t id;
        if (check_box(L, 3, &id) != u->eng) luaL_error(L, "align: the key box belongs to another engine");
        lua_pop(L, 1);
        c.box = id;
    }
    return arrange_op(L, &c, GL_ARRANGE_ALIGN, edge);
}

/* e:distribute(axis): axis "horizontal" or "vertical". */
int l_distribute(lua_State *L) {
    CALL_INIT(c);
    return arrange_op(L, &c, GL_ARRANGE_DISTRIBUTE, enum_value(L, 2, axis_names, "axis"));
}

/* e:flip(axis): axis "horizontal" (left and right trade places) or "vertical". */
int l_flip(lua_State *L) {
    CALL_INIT(c);
    return arrange_op(L, &c, GL_ARRANGE_FLIP, enum_value(L, 2, axis_names, "axis"));
}

/* e:rotate90([n]): n quarter turns (an integer, default 1; negative: counter-clockwise), taken
 * modulo 4 here so any Lua integer works. */
int l_rotate90(lua_State *L) {
    lua_Integer n = lua_isnoneornil(L, 2) ? 1 : int_value(L, 2, "quarter turns");
    CALL_INIT(c);
    return arrange_op(L, &c, GL_ARRANGE_ROTATE90, (int32_t)(((n % 4) + 4) % 4));
}

int l_close(lua_State *L) {
    engine_ud *u = (engine_ud *)luaL_checkudata(L, 1, ENGINE_MT);
    if (u->eng == NULL) return 0;
    CALL_INIT(c);
    c.op = GL_OP_ENGINE_CLOSE;
    c.engine = u->eng;
    swift_call(L, &c);
    return 0;
}

int l_engine_gc(lua_State *L) {
    engine_ud *u = (engine_ud *)luaL_checkudata(L, 1, ENGINE_MT);
    void *eng = u->eng;
    u->eng = NULL;
    if (eng) gripl_release(eng);
    return 0;
}

int l_engine_tostring(lua_State *L) {
    engine_ud *u = (engine_ud *)luaL_checkudata(L, 1, ENGINE_MT);
    gl_ctx *ctx = gl_getctx(L);
    if (u->eng == NULL) lua_pushliteral(L, "grip.engine (destroyed)");
    else if (ctx && ctx->host == u->eng) lua_pushliteral(L, "grip.engine (host)");
    else lua_pushfstring(L, "grip.engine: %p", lua_topointer(L, 1));
    return 1;
}

/* e:key(phase, key [, time [, mods]]): a key going "down" or "up"; key "left", "right", "up",
 * "down", "escape", "tab", "shift", "alt", "ctrl" or "meta". Returns whether it did something. */
int l_key(lua_State *L) {
    CALL_INIT(c);
    gl_key_args *a = &c.args.key;
    a->phase = enum_value(L, 2, phase_names, "phase");
    a->key = enum_value(L, 3, key_names, "key");
    if (a->key == 0) luaL_error(L, "key must be one of left, right, up, down, escape, tab, shift, alt, ctrl, meta");
    a->has_time = !lua_isnoneornil(L, 4);
    if (a->has_time) a->time = num_value(L, 4, "time");
    a->mods = mods_value(L, 5);
    simple_engine_op(L, GL_OP_KEY, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

/* e:undo() / e:redo(): true when a step was undone / redone, false when there was none. */
int l_undo(lua_State *L) {
    CALL_INIT(c);
    simple_engine_op(L, GL_OP_UNDO, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

int l_redo(lua_State *L) {
    CALL_INIT(c);
    simple_engine_op(L, GL_OP_REDO, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

/* e:history(): how many steps undo and redo can take (two integers). */
int l_history(lua_State *L) {
    CALL_INIT(c);
    simple_engine_op(L, GL_OP_HISTORY_DEPTH, &c);
    lua_pushinteger(L, (lua_Integer)c.rcount);
    lua_pushinteger(L, (lua_Integer)c.rredo);
    return 2;
}

/* e:clear_history(): forgets every step. */
int l_clear_history(lua_State *L) {
    CALL_INIT(c);
    return simple_engine_op(L, GL_OP_HISTORY_CLEAR, &c);
}

/* The merge key at idx: nil or a non-negative integer (0: the step never merges). */
static uint64_t merge_key_value(lua_State *L, int idx) {
    if (lua_isnoneornil(L, idx)) return 0;
    lua_Integer k = int_value(L, idx, "merge key");
    if (k < 0) luaL_error(L, "merge key must be a non-negative integer, got %I", (lua_Integer)k);
    return (uint64_t)k;
}

/* e:history_begin([key]): opens a recorded step (grip_history_begin); a nonzero integer key
 * merges commits with the same key over the same boxes into one step. */
int l_history_begin(lua_State *L) {
    CALL_INIT(c);
    c.box = merge_key_value(L, 2);
    return simple_engine_op(L, GL_OP_HISTORY_BEGIN, &c);
}

/* e:history_commit(): closes the open step; true when it changed something (one step,
 * COMMITTED), false when nothing did. */
int l_history_commit(lua_State *L) {
    CALL_INIT(c);
    simple_engine_op(L, GL_OP_HISTORY_COMMIT, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

/* e:history_cancel(): closes the open step putting back everything it changed. */
int l_history_cancel(lua_State *L) {
    CALL_INIT(c);
    return simple_engine_op(L, GL_OP_HISTORY_CANCEL, &c);
}

/* e:recording(): whether a recorded step is open. */
int l_recording(lua_State *L) {
    CALL_INIT(c);
    simple_engine_op(L, GL_OP_HISTORY_RECORDING, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

/* e:record(fn [, key]): runs fn() inside a recorded step: committed when fn returns (true when it
 * changed something), cancelled when fn raises an error, which is raised again. */
int l_record(lua_State *L) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    {
        CALL_INIT(c);
        c.box = merge_key_value(L, 3);
        simple_engine_op(L, GL_OP_HISTORY_BEGIN, &c);
    }
    lua_pushvalue(L, 2);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
        /* Cancel what fn did (unless fn closed the step itself), then raise fn's error. */
        CALL_INIT(r);
        simple_engine_op(L, GL_OP_HISTORY_RECORDING, &r);
        if (r.rflag) {
            CALL_INIT(x);
            simple_engine_op(L, GL_OP_HISTORY_CANCEL, &x);
        }
        return lua_error(L);
    }
    CALL_INIT(c);
    simple_engine_op(L, GL_OP_HISTORY_COMMIT, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

/* ---- scene files ------------------------------------------------------------------------ */

/* e:save(): the scene file's text (the length asked for first, then written into a buffer of
 * that size, a userdata collected by Lua). */
int l_save(lua_State *L) {
    CALL_INIT(c);
    simple_engine_op(L, GL_OP_SCENE_SAVE, &c);
    size_t n = (size_t)c.rcount;
    char *text = (char *)lua_newuserdatauv(L, n + 1, 0);
    CALL_INIT(again);
    again.out = text;
    again.out_capacity = n + 1;
    simple_engine_op(L, GL_OP_SCENE_SAVE, &again);
    lua_pushlstring(L, text, n);
    return 1;
}

/* e:load(text): replaces every box with the scene's (old box handles go stale). */
int l_load(lua_State *L) {
    CALL_INIT(c);
    size_t n = 0;
    c.in = (void *)luaL_checklstring(L, 2, &n);
    c.in_length = n;
    return simple_engine_op(L, GL_OP_SCENE_LOAD, &c);
}

/* e:describe(): the engine's settings now, with the keys grip.new takes (grip_engine_describe). */
int l_describe(lua_State *L) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    CALL_INIT(c);
    c.out = &d;
    simple_engine_op(L, GL_OP_ENGINE_DESCRIBE, &c);
    push_fields(L, 1, gn_engine_desc_fields, &d);
    return 1;
}

/* e:view(): the view as set_view takes it, {a, b, c, d, tx, ty} (grip_engine_get_view). */
int l_view(lua_State *L) {
    grip_affine m;
    CALL_INIT(c);
    c.out = &m;
    simple_engine_op(L, GL_OP_GET_VIEW, &c);
    push_affine(L, &m);
    return 1;
}
