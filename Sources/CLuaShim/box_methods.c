/* The box userdata's methods and metamethods: state, describe, configure, editing, reset,
 * order, destroy, `on` handlers, custom handles, the constraint and the custom indicator. */
#include "bindings.h"

static int box_op(lua_State *L, int op, gl_call *c) {
    uint64_t id;
    c->engine = check_box(L, 1, &id);
    c->box = id;
    c->op = op;
    swift_call(L, c);
    return 0;
}

int l_box_state(lua_State *L) {
    grip_box_state s;
    CALL_INIT(c);
    c.out = &s;
    box_op(L, GL_OP_BOX_STATE, &c);
    push_state(L, &s);
    return 1;
}

int l_box_describe(lua_State *L) {
    grip_box_desc d;
    grip_box_desc_init(&d);
    CALL_INIT(c);
    c.out = &d;
    box_op(L, GL_OP_BOX_DESCRIBE, &c);
    push_desc(L, -1, &d);
    return 1;
}

int l_box_configure(lua_State *L) {
    lua_settop(L, 2);
    uint64_t id;
    void *eng = check_box(L, 1, &id);
    int eidx = lua_gettop(L);
    grip_box_desc d;
    grip_box_desc_init(&d);
    CALL_INIT(c);
    c.engine = eng;
    c.box = id;
    c.op = GL_OP_BOX_DESCRIBE;
    c.out = &d;
    swift_call(L, &c);
    read_desc(L, 2, eidx, &d);
    CALL_INIT(c2);
    c2.engine = eng;
    c2.box = id;
    c2.op = GL_OP_BOX_CONFIGURE;
    c2.in = &d;
    swift_call(L, &c2);
    return 0;
}

int l_box_set_editing(lua_State *L) {
    CALL_INIT(c);
    c.args.editing = bool_value(L, 2, "editing");
    return box_op(L, GL_OP_BOX_SET_EDITING, &c);
}

int l_box_reset(lua_State *L) {
    CALL_INIT(c);
    c.args.animated = lua_isnoneornil(L, 2) ? true : bool_value(L, 2, "animated");
    box_op(L, GL_OP_BOX_RESET, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

int l_box_order(lua_State *L) {
    CALL_INIT(c);
    c.args.order = enum_value(L, 2, order_names, "order");
    return box_op(L, GL_OP_BOX_ORDER, &c);
}

int l_box_exists(lua_State *L) {
    CALL_INIT(c);
    box_op(L, GL_OP_BOX_EXISTS, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

int l_box_id(lua_State *L) {
    box_ud *b = (box_ud *)luaL_checkudata(L, 1, BOX_MT);
    lua_pushinteger(L, (lua_Integer)b->id);
    return 1;
}

static void forget_box(lua_State *L, int eidx, uint64_t id) {
    push_data(L, eidx, "hooks");
    lua_pushnil(L);
    lua_rawseti(L, -2, (lua_Integer)id);
    lua_pop(L, 1);
    push_data(L, eidx, "on");
    lua_pushnil(L);
    lua_rawseti(L, -2, (lua_Integer)id);
    lua_pop(L, 1);
}

int l_box_destroy(lua_State *L) {
    lua_settop(L, 1);
    CALL_INIT(c);
    box_op(L, GL_OP_BOX_DESTROY, &c);
    forget_box(L, 2, c.box);
    return 0;
}

int l_box_close(lua_State *L) {
    lua_settop(L, 1);
    uint64_t id;
    void *eng = check_box(L, 1, &id);
    CALL_INIT(c);
    c.engine = eng;
    c.box = id;
    c.op = GL_OP_BOX_DESTROY;
    c.args.missing_ok = true;
    swift_call(L, &c);
    forget_box(L, 2, id);
    return 0;
}

int l_box_gc(lua_State *L) {
    (void)L; /* a box userdata holds only (engine, id): nothing to free */
    return 0;
}

int l_box_eq(lua_State *L) {
    box_ud *a = (box_ud *)luaL_testudata(L, 1, BOX_MT);
    box_ud *b = (box_ud *)luaL_testudata(L, 2, BOX_MT);
    if (a == NULL || b == NULL || a->id != b->id) {
        lua_pushboolean(L, 0);
        return 1;
    }
    lua_getiuservalue(L, 1, 1);
    lua_getiuservalue(L, 2, 1);
    lua_pushboolean(L, lua_rawequal(L, -1, -2));
    return 1;
}

int l_box_tostring(lua_State *L) {
    box_ud *b = (box_ud *)luaL_checkudata(L, 1, BOX_MT);
    lua_pushfstring(L, "grip.box(%I)", (lua_Integer)b->id);
    return 1;
}

static const char *const on_kinds_extra[] = {"any", NULL};

int l_box_on(lua_State *L) {
    lua_settop(L, 3);
    uint64_t id;
    void *eng = check_box(L, 1, &id);
    int eidx = lua_gettop(L);
    const char *kind = luaL_checkstring(L, 2);
    if (name_index(event_names, kind) <= 0 && name_index(on_kinds_extra, kind) < 0) {
        luaL_error(L, "unknown event kind '%s'", kind);
    }
    if (!lua_isnil(L, 3)) luaL_checktype(L, 3, LUA_TFUNCTION);
    CALL_INIT(c);
    c.engine = eng;
    c.box = id;
    c.op = GL_OP_BOX_EXISTS;
    swift_call(L, &c);
    if (!c.rflag) luaL_error(L, "box was destroyed");
    push_data(L, eidx, "on");
    if (lua_rawgeti(L, -1, (lua_Integer)id) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, (lua_Integer)id);
    }
    if (lua_isnil(L, 3)) {
        lua_pushnil(L);
        lua_setfield(L, -2, kind);
        return 0;
    }
    if (lua_getfield(L, -1, kind) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, kind);
    }
    lua_pushvalue(L, 3);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    return 0;
}

/* Tells Swift how many custom handles and whether a constraint box `id` has (hooks table at hidx). */
static int sync_hooks(lua_State *L, void *eng, uint64_t id, int hidx, gl_call *c) {
    lua_getfield(L, hidx, "handles");
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    lua_pop(L, 1);
    int has_constraint = lua_getfield(L, hidx, "constraint") == LUA_TFUNCTION;
    lua_pop(L, 1);
    memset(c, 0, sizeof *c);
    c->engine = eng;
    c->box = id;
    c->op = GL_OP_BOX_SET_HOOKS;
    c->args.hooks.handles = n;
    c->args.hooks.constraint = has_constraint;
    return swift_try(L, c);
}

static const char *const handle_keys[] = {"name", "position", "drag", NULL};

int l_box_add_handle(lua_State *L) {
    lua_settop(L, 2);
    uint64_t id;
    void *eng = check_box(L, 1, &id);
    int eidx = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    check_keys(L, 2, handle_keys, "add_handle");
    if (lua_getfield(L, 2, "position") != LUA_TFUNCTION) luaL_error(L, "add_handle needs position = function(state) return x, y end");
    lua_pop(L, 1);
    int dt = lua_getfield(L, 2, "drag");
    if (dt != LUA_TNIL && dt != LUA_TFUNCTION) luaL_error(L, "add_handle: drag must be a function");
    lua_pop(L, 1);
    int nt = lua_getfield(L, 2, "name");
    if (nt != LUA_TNIL && nt != LUA_TSTRING) luaL_error(L, "add_handle: name must be a string");
    if (nt == LUA_TSTRING && name_index(handle_names, lua_tostring(L, -1)) >= 0) {
        luaL_error(L, "add_handle: '%s' is a built-in handle's name", lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    push_box_hooks(L, eidx, id, 1);
    int hidx = lua_gettop(L);
    lua_getfield(L, hidx, "handles");
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    if (n >= MAX_CUSTOM_HANDLES) luaL_error(L, "a box has at most %d custom handles", MAX_CUSTOM_HANDLES);
    lua_createtable(L, 0, 3);
    lua_getfield(L, 2, "position");
    lua_setfield(L, -2, "position");
    lua_getfield(L, 2, "drag");
    lua_setfield(L, -2, "drag");
    if (lua_getfield(L, 2, "name") == LUA_TNIL) {
        lua_pop(L, 1);
        lua_pushfstring(L, "custom_%d", (int)n);
    }
    lua_pushvalue(L, -1);
    lua_insert(L, -3);           /* name, entry, name */
    lua_setfield(L, -2, "name"); /* name, entry */
    lua_rawseti(L, -3, n + 1);   /* name */
    gl_call c;
    int rc = sync_hooks(L, eng, id, hidx, &c);
    if (rc != GL_OK) {
        lua_getfield(L, hidx, "handles");
        lua_pushnil(L);
        lua_rawseti(L, -2, n + 1);
        lua_pop(L, 1);
        raise_if(L, rc, &c);
    }
    return 1;
}

/* box:set_constraint(f) and box:set_indicator(f): stores f (or nil) as the box's `name` hook, then
 * tells the engine through `op` (GL_OP_BOX_SET_HOOKS re-syncs all hooks; others pass custom = f ~=
 * nil). On failure the previous function is put back before the error is raised. */
static int set_hook_function(lua_State *L, const char *name, int op) {
    lua_settop(L, 2);
    uint64_t id;
    void *eng = check_box(L, 1, &id);
    int eidx = lua_gettop(L);
    if (!lua_isnil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
    push_box_hooks(L, eidx, id, 1);
    int hidx = lua_gettop(L);
    lua_getfield(L, hidx, name);
    int previous = lua_gettop(L);
    lua_pushvalue(L, 2);
    lua_setfield(L, hidx, name);
    CALL_INIT(c);
    int rc;
    if (op == GL_OP_BOX_SET_HOOKS) {
        rc = sync_hooks(L, eng, id, hidx, &c);
    } else {
        c.engine = eng;
        c.box = id;
        c.op = op;
        c.args.custom = !lua_isnil(L, 2);
        rc = swift_try(L, &c);
    }
    if (rc != GL_OK) {
        lua_pushvalue(L, previous);
        lua_setfield(L, hidx, name);
        raise_if(L, rc, &c);
    }
    return 0;
}

int l_box_set_constraint(lua_State *L) { return set_hook_function(L, "constraint", GL_OP_BOX_SET_HOOKS); }

int l_box_set_indicator(lua_State *L) { return set_hook_function(L, "indicator", GL_OP_BOX_SET_INDICATOR); }

/* e:set_selection_constraint(f): stores f (or nil) as the selection's constraint (the hooks of box
 * GRIP_SELECTION), then sets or removes the engine's grip_selection_set_constraint; on failure the
 * previous function is put back before the error is raised. */
int l_set_selection_constraint(lua_State *L) {
    lua_settop(L, 2);
    engine_ud *u = check_engine(L, 1);
    if (!lua_isnil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
    push_box_hooks(L, 1, GRIP_SELECTION, 1);
    int hidx = lua_gettop(L);
    lua_getfield(L, hidx, "constraint");
    int previous = lua_gettop(L);
    lua_pushvalue(L, 2);
    lua_setfield(L, hidx, "constraint");
    CALL_INIT(c);
    c.engine = u->eng;
    c.op = GL_OP_SET_SELECTION_CONSTRAINT;
    c.args.custom = !lua_isnil(L, 2);
    int rc = swift_try(L, &c);
    if (rc != GL_OK) {
        lua_pushvalue(L, previous);
        lua_setfield(L, hidx, "constraint");
        raise_if(L, rc, &c);
    }
    return 0;
}
