/* The session macros (e:drag, e:marquee, e:drag_handle, e:pinch, e:tap, e:double_tap, e:hold,
 * e:advance, e:nudge): written in Lua once for both Lua bindings (bindings/lua/grip_macros.lua,
 * compiled in as gl_macros_chunk by scripts/gen-macros). gl_open_macros runs that chunk when the
 * engine metatable is made, before any script, and puts each macro in the engine methods behind
 * the trampoline l_macro, which gives it the list of pointers it has down and, when it fails,
 * cancels them and raises the error at the caller's position. The chunk's private helpers (the
 * instruction charge, the checks of names by the generated tables) are upvalues of its closures:
 * a script never reaches them. */
#include "bindings.h"

/* Instructions charged per event a macro synthesizes (on top of the instructions its Lua code
 * runs): a script cannot get unbounded work through one call. */
#define GL_MACRO_EVENT_COST 200u

/* The name errors of the chunk carry ("(grip macros):12: ..."). */
#define MACROS_SOURCE "(grip macros)"

/* ---- the helpers the chunk gets ------------------------------------------------ */

/* charge(e, events) */
static int h_charge(lua_State *L) {
    check_engine(L, 1);
    lua_Integer n = int_value(L, 2, "events");
    uint64_t units = n > 0 ? (uint64_t)n * GL_MACRO_EVENT_COST : 0;
    if (!gl_charge(gl_getctx(L), units)) {
        luaL_error(L, "instruction limit exceeded (a macro's events count against the budget)");
    }
    return 0;
}

/* mods(v): v, checked as modifiers. */
static int h_mods(lua_State *L) {
    lua_settop(L, 1);
    mods_value(L, 1);
    return 1;
}

/* key(v): v, checked as a key name. */
static int h_key(lua_State *L) {
    lua_settop(L, 1);
    enum_value(L, 1, key_names, "key");
    return 1;
}

/* box(e, b, fname [, arg]): b must be a live box of engine e. */
static int h_box(lua_State *L) {
    engine_ud *u = check_engine(L, 1);
    const char *fname = luaL_checkstring(L, 3);
    if (luaL_testudata(L, 2, BOX_MT) == NULL) {
        if (lua_isinteger(L, 4)) {
            luaL_error(L, "bad argument #%d to '%s' (grip.box expected, got %s)", (int)lua_tointeger(L, 4), fname,
                       luaL_typename(L, 2));
        }
        luaL_error(L, "%s needs box = a box (got %s)", fname, luaL_typename(L, 2));
    }
    uint64_t id;
    if (check_box(L, 2, &id) != u->eng) luaL_error(L, "%s: the box belongs to another engine", fname);
    return 0;
}

/* handle(e, b, h): handle h of box b (a name, a custom handle's name or a number) as its number
 * and its name. */
static int h_handle(lua_State *L) {
    lua_settop(L, 3);
    check_engine(L, 1);
    uint64_t id;
    check_box(L, 2, &id);
    long h = handle_value(L, 3, 1, id);
    lua_pushinteger(L, h);
    push_handle(L, 1, id, h);
    return 2;
}

/* refused(err): whether an error e:pointer raised when called from the chunk is its own (it
 * carries the chunk's position: the engine refused the event), rather than an `on` handler's. */
static int h_refused(lua_State *L) {
    size_t n;
    const char *s = lua_type(L, 1) == LUA_TSTRING ? lua_tolstring(L, 1, &n) : NULL;
    lua_pushboolean(L, s != NULL && n > sizeof MACROS_SOURCE && memcmp(s, MACROS_SOURCE ":", sizeof MACROS_SOURCE) == 0);
    return 1;
}

/* ---- the trampoline ------------------------------------------------------------------ */

/* The message of an error raised inside the chunk, without the chunk's position, or NULL. */
static const char *chunk_message(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TSTRING) return NULL;
    const char *s = lua_tostring(L, idx);
    size_t n = sizeof MACROS_SOURCE; /* the name and its colon */
    if (strncmp(s, MACROS_SOURCE ":", n) != 0 || s[n] < '0' || s[n] > '9') return NULL;
    s += n;
    while (*s >= '0' && *s <= '9') s++;
    if (s[0] != ':' || s[1] != ' ') return NULL;
    return s + 2;
}

/* Cancels the pointers listed in the table at idx (errors ignored: this is the way out of an
 * error). The events that makes stay the script's (e:events()), with no handler run. */
static void cancel_downs(lua_State *L, engine_ud *u, int idx) {
    uint32_t ids[16];
    size_t count = 0;
    lua_Integer n = (lua_Integer)lua_rawlen(L, idx);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, idx, i);
        lua_Integer id = lua_tointeger(L, -1);
        lua_pop(L, 1);
        if (id >= 0 && id <= 0xFFFFFFFF) ids[count++] = (uint32_t)id;
        if (count == sizeof ids / sizeof ids[0] || (i == n && count > 0)) {
            if (u->eng == NULL) return;
            CALL_INIT(c);
            c.op = GL_OP_CANCEL_POINTERS;
            c.engine = u->eng;
            c.in = ids;
            c.in_length = count;
            swift_try(L, &c);
            count = 0;
        }
    }
}

/* A macro method: upvalue 1 is the chunk's function f(downs, e, ...). */
static int l_macro(lua_State *L) {
    engine_ud *u = check_engine(L, 1);
    int n = lua_gettop(L);
    lua_newtable(L); /* n + 1: the pointers the macro has down */
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, n + 1);
    for (int i = 1; i <= n; i++) lua_pushvalue(L, i);
    if (lua_pcall(L, n + 1, LUA_MULTRET, 0) == LUA_OK) return lua_gettop(L) - (n + 1);
    cancel_downs(L, u, n + 1);
    const char *m = chunk_message(L, -1);
    if (m != NULL) {
        luaL_where(L, 1);
        lua_pushstring(L, m);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* ---- loading the chunk ---------------------------------------------------------------- */

/* Runs the chunk and puts its macros in the methods table (argument 1). */
static int open_macros(lua_State *L) {
    if (luaL_loadbufferx(L, gl_macros_chunk, gl_macros_chunk_length, "=" MACROS_SOURCE, "t") != LUA_OK) {
        return lua_error(L);
    }
    lua_call(L, 0, 1);
    static const luaL_Reg helpers[] = {{"charge", h_charge}, {"mods", h_mods}, {"key", h_key}, {"box", h_box}, {"handle", h_handle}, {"refused", h_refused}, {NULL, NULL}};
    luaL_newlib(L, helpers);
    lua_call(L, 1, 1);
    luaL_checktype(L, -1, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_pushcclosure(L, l_macro, 1);
        lua_rawset(L, 1);
    }
    return 0;
}

void gl_open_macros(lua_State *L, int methods) {
    methods = lua_absindex(L, methods);
    /* The library's own setup, not a script's work: the chunk runs outside the budget (a state
     * with a tiny instruction limit, already past it from opening the libraries, still opens). */
    gl_ctx *c = gl_getctx(L);
    bool hosted = c != NULL && c->hosted;
    uint64_t limit = 0, used = 0;
    bool tripped = false;
    if (hosted) {
        limit = c->ins_limit;
        used = c->ins_used;
        tripped = c->tripped;
        c->ins_limit = UINT64_MAX;
        c->tripped = false;
        lua_sethook(L, NULL, 0, 0);
    }
    lua_pushcfunction(L, open_macros);
    lua_pushvalue(L, methods);
    int st = lua_pcall(L, 1, 0, 0);
    if (hosted) {
        c->ins_limit = limit;
        c->ins_used = used;
        c->tripped = tripped;
        gl_install_hook(c, L);
    }
    if (st != LUA_OK) lua_error(L);
}
