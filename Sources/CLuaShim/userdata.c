/* Calling Swift from a trampoline, and the two userdata types: an engine userdata holds a
 * retained LuaEngine and, in its user value, the tables of its box userdata (weak), `on`
 * handlers and hooks; a box userdata holds its id and its engine userdata. */
#include "bindings.h"

/* ---- calling Swift -------------------------------------------------------------- */

/* Calls Swift with c; returns its code without raising. */
int swift_try(lua_State *L, gl_call *c) {
    gl_ctx *ctx = gl_getctx(L);
    gl_check_stack(L, ctx);
    c->L = L;
    c->ctx = ctx;
    c->sandboxed = ctx != NULL && ctx->sandboxed;
    lua_State *saved = ctx ? ctx->cur : NULL;
    if (ctx) ctx->cur = L;
    int rc = gripl_call(c);
    if (ctx) ctx->cur = saved;
    return rc;
}

/* Raises what Swift reported (from C, after Swift returned). */
void raise_if(lua_State *L, int rc, gl_call *c) {
    if (rc == GL_ERR_MSG) luaL_error(L, "%s", c->err);
    if (rc == GL_ERR_TOP) lua_error(L);
}

/* Calls Swift with c and raises what it reported. */
void swift_call(lua_State *L, gl_call *c) { raise_if(L, swift_try(L, c), c); }

/* Calls op on the engine userdata at index 1 (its arguments already in c); raises what Swift
 * reported. */
int simple_engine_op(lua_State *L, int op, gl_call *c) {
    engine_ud *u = check_engine(L, 1);
    c->op = op;
    c->engine = u->eng;
    swift_call(L, c);
    return 0;
}

/* ---- userdata --------------------------------------------------------------------- */

const char gl_engines_key = 0; /* registry: lightuserdata(LuaEngine) -> engine userdata (weak) */

engine_ud *check_engine(lua_State *L, int idx) {
    engine_ud *u = (engine_ud *)luaL_checkudata(L, idx, ENGINE_MT);
    if (u->eng == NULL) luaL_error(L, "engine was destroyed");
    return u;
}

/* The box at idx: its id and its engine; pushes the engine userdata. */
void *check_box(lua_State *L, int idx, uint64_t *id) {
    box_ud *b = (box_ud *)luaL_checkudata(L, idx, BOX_MT);
    *id = b->id;
    lua_getiuservalue(L, idx, 1);
    engine_ud *e = (engine_ud *)luaL_testudata(L, -1, ENGINE_MT);
    if (e == NULL || e->eng == NULL) luaL_error(L, "box was destroyed");
    return e->eng;
}

engine_ud *new_engine_ud(lua_State *L) {
    engine_ud *u = (engine_ud *)lua_newuserdatauv(L, sizeof *u, 1);
    u->eng = NULL;
    luaL_setmetatable(L, ENGINE_MT);
    lua_createtable(L, 0, 3);
    lua_newtable(L);
    lua_getfield(L, LUA_REGISTRYINDEX, "grip.weakv");
    lua_setmetatable(L, -2);
    lua_setfield(L, -2, "boxes");
    lua_newtable(L);
    lua_setfield(L, -2, "on");
    lua_newtable(L);
    lua_setfield(L, -2, "hooks");
    lua_setiuservalue(L, -2, 1);
    return u;
}

void register_engine(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    engine_ud *u = (engine_ud *)lua_touserdata(L, idx);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &gl_engines_key);
    lua_pushvalue(L, idx);
    lua_rawsetp(L, -2, u->eng);
    lua_pop(L, 1);
}

int gl_push_engine_ud(lua_State *L, void **slot) {
    engine_ud *u = new_engine_ud(L);
    u->eng = *slot;
    *slot = NULL;
    register_engine(L, -1);
    return 1;
}

/* Pushes the engine userdata of LuaEngine `eng`; false (nothing pushed) when it is gone. */
int push_engine_by_ptr(lua_State *L, void *eng) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &gl_engines_key);
    int t = lua_rawgetp(L, -1, eng);
    lua_remove(L, -2);
    if (t != LUA_TUSERDATA) {
        lua_pop(L, 1);
        return 0;
    }
    return 1;
}

/* Pushes data[field] of the engine userdata at eidx. */
void push_data(lua_State *L, int eidx, const char *field) {
    lua_getiuservalue(L, eidx, 1);
    lua_pushstring(L, field);
    lua_rawget(L, -2);
    lua_remove(L, -2);
}

/* Pushes the box userdata for id (nil for 0, the string "selection" for GRIP_SELECTION), reusing
 * a live one. */
void push_box(lua_State *L, int eidx, uint64_t id) {
    if (id == 0) {
        lua_pushnil(L);
        return;
    }
    if (id == GRIP_SELECTION) {
        lua_pushliteral(L, "selection");
        return;
    }
    eidx = lua_absindex(L, eidx);
    push_data(L, eidx, "boxes");
    if (lua_rawgeti(L, -1, (lua_Integer)id) == LUA_TUSERDATA) {
        lua_remove(L, -2);
        return;
    }
    lua_pop(L, 1);
    box_ud *b = (box_ud *)lua_newuserdatauv(L, sizeof *b, 1);
    b->id = id;
    luaL_setmetatable(L, BOX_MT);
    lua_pushvalue(L, eidx);
    lua_setiuservalue(L, -2, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, (lua_Integer)id);
    lua_remove(L, -2);
}

/* Pushes data.hooks[id] (creating it when `create`); returns whether it is a table. */
int push_box_hooks(lua_State *L, int eidx, uint64_t id, int create) {
    eidx = lua_absindex(L, eidx);
    push_data(L, eidx, "hooks");
    if (lua_rawgeti(L, -1, (lua_Integer)id) == LUA_TTABLE) {
        lua_remove(L, -2);
        return 1;
    }
    lua_pop(L, 1);
    if (!create) {
        lua_pop(L, 1);
        lua_pushnil(L);
        return 0;
    }
    lua_createtable(L, 0, 3);
    lua_newtable(L);
    lua_setfield(L, -2, "handles");
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, (lua_Integer)id);
    lua_remove(L, -2);
    return 1;
}

/* The name of handle h of box id: the built-in names, or a custom handle's name. */
void push_handle(lua_State *L, int eidx, uint64_t id, long h) {
    if (h < GRIP_HANDLE_CUSTOM) {
        push_name(L, handle_names, h);
        return;
    }
    int top = lua_gettop(L);
    if (push_box_hooks(L, eidx, id, 0) && lua_getfield(L, -1, "handles") == LUA_TTABLE &&
        lua_rawgeti(L, -1, h - GRIP_HANDLE_CUSTOM + 1) == LUA_TTABLE &&
        lua_getfield(L, -1, "name") == LUA_TSTRING) {
        lua_replace(L, top + 1);
        lua_settop(L, top + 1);
        return;
    }
    lua_settop(L, top);
    lua_pushfstring(L, "custom_%d", (int)(h - GRIP_HANDLE_CUSTOM));
}

/* A handle argument: a built-in name, a custom handle's name, or a number. */
long handle_value(lua_State *L, int idx, int eidx, uint64_t id) {
    if (lua_type(L, idx) == LUA_TNUMBER) return (long)int_value(L, idx, "handle");
    if (lua_type(L, idx) != LUA_TSTRING) luaL_error(L, "handle must be a name (got %s)", luaL_typename(L, idx));
    const char *s = lua_tostring(L, idx);
    int h = name_index(handle_names, s);
    if (h > 0) return h;
    int top = lua_gettop(L);
    if (push_box_hooks(L, eidx, id, 0) && lua_getfield(L, -1, "handles") == LUA_TTABLE) {
        int hs = lua_gettop(L);
        lua_Integer n = (lua_Integer)lua_rawlen(L, hs);
        for (lua_Integer i = 1; i <= n; i++) {
            int same = lua_rawgeti(L, hs, i) == LUA_TTABLE && lua_getfield(L, -1, "name") == LUA_TSTRING &&
                       strcmp(lua_tostring(L, -1), s) == 0;
            lua_settop(L, hs);
            if (same) {
                lua_settop(L, top);
                return GRIP_HANDLE_CUSTOM + (long)(i - 1);
            }
        }
    }
    lua_settop(L, top);
    return luaL_error(L, "unknown handle '%s'", s);
}
