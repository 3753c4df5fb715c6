/* The libraries a hosted state gets, and the wrappers that keep every library call within the
 * state's budgets.
 *
 * Sandbox (allow_io false): base, table, string, math, utf8, coroutine; os with clock, time and
 * date only. No io, package, debug, dofile, loadfile, string.dump; load takes text only.
 * Both modes: string patterns run on a step-budgeted matcher (pattern.c), and the library
 * functions whose C loops are sized by an argument (string.rep, table.concat/unpack/move/insert/
 * remove/sort) charge that size to the instruction budget before they loop, because the count
 * hook only sees VM instructions; those whose work grows with the bytes of their arguments
 * (string.byte/format/upper/lower/reverse/pack/unpack, utf8.len/codepoint/offset, tonumber,
 * load, os.date, print, sort's string comparisons) charge those bytes. */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void charge(lua_State *L, lua_Integer n) {
    if (n <= 0) return;
    if (!gl_charge(gl_getctx(L), (uint64_t)n)) gl_trip_error(L);
}

/* n iterations of a library function's C loop, each worth GL_C_STEP_COST instructions. */
static void charge_steps(lua_State *L, lua_Integer n) {
    charge(L, n > LUA_MAXINTEGER / GL_C_STEP_COST ? LUA_MAXINTEGER : n * GL_C_STEP_COST);
}

/* "file:12: ..." */
static int has_position(const char *m) {
    const char *colon = strchr(m, ':');
    if (colon == NULL || colon - m > 200 || colon[1] < '0' || colon[1] > '9') return 0;
    colon++;
    while (*colon >= '0' && *colon <= '9') colon++;
    return *colon == ':';
}

/* Calls upvalue 1 (the original function) with all arguments. An error the original raises
 * itself (a bad argument, say) gets the position of the Lua code that called it and the
 * function's name (upvalue 2: "to 'name'"), which Lua cannot see through this wrapper. */
static int call_checked(lua_State *L) {
    gl_check_stack(L, gl_getctx(L));
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    int st = lua_pcall(L, n, LUA_MULTRET, 0);
    if (st == LUA_OK) return lua_gettop(L);
    if (st == LUA_ERRRUN && lua_type(L, -1) == LUA_TSTRING && !has_position(lua_tostring(L, -1))) {
        int msg = lua_gettop(L);
        luaL_where(L, 1);
        luaL_gsub(L, lua_tostring(L, msg), "to '?'", lua_tostring(L, lua_upvalueindex(2)));
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static int finish_call(lua_State *L, int status, lua_KContext k) {
    (void)status;
    (void)k;
    return lua_gettop(L);
}

/* Calls upvalue 1 (the original function) with all arguments (yieldable, like the original). */
static int call_original(lua_State *L) {
    gl_check_stack(L, gl_getctx(L));
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_callk(L, n, LUA_MULTRET, 0, finish_call);
    return finish_call(L, LUA_OK, 0);
}

/* ---- string ---------------------------------------------------------------- */

static int s_rep(lua_State *L) {
    size_t l = 0, lsep = 0;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || l + lsep == 0) { /* Lua would loop n times to copy nothing */
        lua_pushliteral(L, "");
        return 1;
    }
    charge_steps(L, n);
    return call_checked(L);
}

/* ---- work in proportion to the bytes of the arguments ------------------------------ */

/* Charges the bytes of every string argument (each scanned, decoded or converted once, at
 * GL_SCAN_BYTES bytes per instruction) and, after the call, one instruction per result. For
 * string.byte/upper/lower/reverse/pack/unpack, utf8.len/codepoint/offset and tonumber;
 * string.format at 3 instructions per byte (24 with %q, which writes control bytes with
 * snprintf), os.date at 8 (strftime once per character); then the bytes of the results (one
 * instruction per byte for format and date, which build them piece by piece). */
static int by_bytes(lua_State *L) {
    lua_Integer bytes = 0;
    int n = lua_gettop(L);
    for (int i = 1; i <= n; i++) {
        if (lua_type(L, i) == LUA_TSTRING) bytes += (lua_Integer)lua_rawlen(L, i);
    }
    lua_Integer per = lua_tointeger(L, lua_upvalueindex(3));
    /* %q writes a control byte with snprintf: about 24 instructions' time each */
    if (per == 3 && lua_type(L, 1) == LUA_TSTRING && strstr(lua_tostring(L, 1), "%q") != NULL) per = 24;
    charge(L, per > 0 ? bytes * per : bytes / GL_SCAN_BYTES + 1);
    int results = call_checked(L);
    /* What it made is charged too (os.date's "%c" writes 24 bytes per 2 of format). */
    lua_Integer made = results;
    for (int i = lua_gettop(L) - results + 1; i <= lua_gettop(L); i++) {
        if (lua_type(L, i) == LUA_TSTRING) made += (lua_Integer)lua_rawlen(L, i) / (per > 0 ? 1 : GL_SCAN_BYTES);
    }
    charge(L, made);
    return results;
}

/* A load reader's pieces are charged as they arrive (a reader may hand the same long string
 * again and again without allocating). */
static int charged_reader(lua_State *L) {
    gl_check_stack(L, gl_getctx(L));
    lua_settop(L, 0);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 0, 1);
    if (lua_type(L, 1) == LUA_TSTRING) charge(L, (lua_Integer)(lua_rawlen(L, 1) / GL_SCAN_BYTES) + 1);
    return 1;
}

/* print: every byte written is charged (one instruction each: the host's stdout is not free).
 * With the host's print function the line is built in a Lua buffer (charged to memory_limit)
 * and handed over whole. */
static int b_print(lua_State *L) {
    gl_ctx *c = gl_getctx(L);
    gl_check_stack(L, c);
    int n = lua_gettop(L);
    if (c->print_fn) {
        luaL_Buffer line;
        luaL_buffinit(L, &line);
        for (int i = 1; i <= n; i++) {
            size_t l = 0;
            if (i > 1) luaL_addchar(&line, '\t');
            luaL_tolstring(L, i, &l);
            charge(L, (lua_Integer)l + 1);
            luaL_addvalue(&line);
        }
        luaL_pushresult(&line);
        size_t length = 0;
        const char *text = lua_tolstring(L, -1, &length);
        c->print_fn(c->print_context, text, length);
        return 0;
    }
    for (int i = 1; i <= n; i++) {
        size_t l = 0;
        const char *text = luaL_tolstring(L, i, &l);
        charge(L, (lua_Integer)l + 1);
        if (i > 1) fputc('\t', stdout);
        fwrite(text, 1, l, stdout);
        lua_pop(L, 1);
    }
    fputc('\n', stdout);
    fflush(stdout);
    return 0;
}

/* ---- table ------------------------------------------------------------------ */

static lua_Integer len_once(lua_State *L, int idx) {
    return luaL_len(L, idx); /* may run __len (Lua: counted by the hook) once */
}

static int t_concat(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    lua_Integer j = lua_isnoneornil(L, 4) ? len_once(L, 1) : luaL_checkinteger(L, 4);
    if (j >= i) charge_steps(L, j - i + 1);
    lua_settop(L, 2);
    lua_pushinteger(L, i);
    lua_pushinteger(L, j);
    return call_checked(L);
}

static int t_unpack(lua_State *L) {
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer j = lua_isnoneornil(L, 3) ? len_once(L, 1) : luaL_checkinteger(L, 3);
    if (j >= i) charge_steps(L, j - i + 1);
    lua_settop(L, 1);
    lua_pushinteger(L, i);
    lua_pushinteger(L, j);
    return call_checked(L);
}

static int t_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    if (e >= f) charge_steps(L, (e - f) < LUA_MAXINTEGER ? e - f + 1 : LUA_MAXINTEGER);
    return call_checked(L);
}

static int t_insert(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer e = len_once(L, 1);
    if (e == LUA_MAXINTEGER) return luaL_error(L, "table too large to insert into");
    e++; /* first empty slot */
    lua_Integer pos;
    switch (lua_gettop(L)) {
    case 2:
        pos = e;
        break;
    case 3:
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
        charge_steps(L, e - pos);
        for (lua_Integer i = e; i > pos; i--) {
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
        }
        break;
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

static int t_remove(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer size = len_once(L, 1);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size) luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
    lua_geti(L, 1, pos);
    if (size > pos) charge_steps(L, size - pos);
    for (; pos < size; pos++) {
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

static int t_sort(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    if (lua_getmetatable(L, 1)) {
        lua_pushliteral(L, "__len");
        int has = lua_rawget(L, -2) != LUA_TNIL;
        lua_pop(L, 2);
        if (has) return luaL_error(L, "table.sort of a table with __len is not available here");
    }
    lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
    if (n > 1) {
        /* each element is compared about log2(n) times; strings cost their bytes each time */
        double bytes = 0;
        if (lua_isnoneornil(L, 2)) {
            charge_steps(L, n);
            for (lua_Integer i = 1; i <= n; i++) {
                if (lua_rawgeti(L, 1, i) == LUA_TSTRING) bytes += (double)lua_rawlen(L, -1);
                lua_pop(L, 1);
            }
        }
        double cost = 2.0 * GL_C_STEP_COST * (double)n * (log2((double)n) + 1.0) + 2.0 * bytes / GL_COMPARE_BYTES * (log2((double)n) + 1.0);
        charge(L, cost > 9e18 ? LUA_MAXINTEGER : (lua_Integer)cost);
    }
    return call_checked(L);
}

/* ---- coroutine: every thread the script creates runs under the count hook ---- */

static int co_create(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    gl_install_hook(gl_getctx(L), co);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    return 1;
}

static int co_wrapped(lua_State *L) {
    charge(L, 100);
    gl_check_stack(L, gl_getctx(L));
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int narg = lua_gettop(L);
    if (lua_status(co) == LUA_OK && lua_gettop(co) == 0) return luaL_error(L, "cannot resume dead coroutine");
    if (!lua_checkstack(co, narg + 1)) return luaL_error(L, "too many arguments to resume");
    lua_xmove(L, co, narg);
    int nres = 0;
    int st = lua_resume(co, L, narg, &nres);
    if (st == LUA_OK || st == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            return luaL_error(L, "too many results to resume");
        }
        lua_xmove(co, L, nres);
        return nres;
    }
    lua_xmove(co, L, 1); /* the error object */
    lua_resetthread(co); /* close its pending variables */
    if (lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static int co_wrap(lua_State *L) {
    co_create(L);
    lua_pushcclosure(L, co_wrapped, 1);
    return 1;
}

/* ---- base -------------------------------------------------------------------- */

/* Lua runs a message handler with debug hooks off when the error came from a hook, which is
 * how the instruction limit stops a script: a handler that loops would never be stopped. Once
 * the limit has tripped, the error passes through untouched instead. */
static int guarded_handler(lua_State *L) {
    gl_ctx *c = gl_getctx(L);
    if (c && c->tripped) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* A protected call or a resume costs as much as a hundred instructions: charged, so a loop
 * of them reaches the limit as soon as a loop of instructions would. */
#define CALL_COST 100

static int b_pcall(lua_State *L) {
    charge(L, CALL_COST);
    return call_original(L);
}

static int co_resume(lua_State *L) {
    charge(L, CALL_COST);
    return call_checked(L);
}

static int b_xpcall(lua_State *L) {
    charge(L, CALL_COST);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    return call_original(L);
}

/* ---- metatables: no __gc, __close or __mode, ever ------------------------------
 *
 * Finalizers run with debug hooks off, so do the __close methods of a coroutine killed by the
 * limit, and a weak-keyed table can make one collection quadratic in its keys, inside the
 * collector: none of that can be counted, so in the sandbox no metatable ever holds __gc,
 * __close or __mode. setmetatable refuses a metatable that has one, and seals it against
 * getting one later: every table in use as a metatable gets a guard metatable of its own whose
 * __newindex refuses the three keys (rawset refuses them on any table). A metatable that already
 * had a metatable M gets a guard that is a copy of M (plus the __newindex), so later changes to
 * M itself do not reach it; getmetatable still answers M, and nil where there was none. */

static const char guards_key = 0;      /* registry: the guard metatables (weak keys) */
static const char plain_guard_key = 0; /* registry: the guard of a table that had no metatable */

static int unbounded_key(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TSTRING) return 0;
    const char *k = lua_tostring(L, idx);
    return strcmp(k, "__gc") == 0 || strcmp(k, "__close") == 0 || strcmp(k, "__mode") == 0;
}

static int refuse_key(lua_State *L, int idx) {
    return luaL_error(L, "%s metamethods are not available in the sandbox (the collector would run them unbounded)",
                      lua_tostring(L, idx));
}

static int guard_newindex(lua_State *L) {
    if (unbounded_key(L, 2) && !lua_isnil(L, 3)) return refuse_key(L, 2);
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 0;
}

static int s_rawset(lua_State *L) {
    if (unbounded_key(L, 2) && !lua_isnil(L, 3)) return refuse_key(L, 2);
    return call_checked(L);
}

/* Whether the value at idx is a guard metatable. */
static int is_guard(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TTABLE) return 0;
    idx = lua_absindex(L, idx);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &guards_key);
    lua_pushvalue(L, idx);
    int yes = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    return yes;
}

/* Pushes a guard for a table whose metatable would be the table at idx (or none: idx 0). */
static void push_guard(lua_State *L, int idx) {
    if (idx == 0) {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &plain_guard_key);
        return;
    }
    idx = lua_absindex(L, idx);
    lua_newtable(L);
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
        n++;
    }
    charge_steps(L, n);
    if (lua_getfield(L, -1, "__newindex") == LUA_TNIL) {
        lua_pushcfunction(L, guard_newindex);
        lua_setfield(L, -3, "__newindex");
    }
    lua_pop(L, 1);
    if (lua_getfield(L, -1, "__metatable") == LUA_TNIL) {
        lua_pushvalue(L, idx);
        lua_setfield(L, -3, "__metatable"); /* getmetatable answers the table itself */
    }
    lua_pop(L, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &guards_key);
    lua_pushvalue(L, -2);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

/* Seals the table at idx (about to be, or being, a metatable): its metatable becomes a guard. */
static void seal(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    if (!lua_getmetatable(L, idx)) {
        push_guard(L, 0);
    } else if (is_guard(L, -1)) {
        lua_pop(L, 1);
        return;
    } else {
        push_guard(L, -1);
        lua_remove(L, -2);
    }
    lua_setmetatable(L, idx);
}

static int b_setmetatable(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    int t = lua_type(L, 2);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    lua_settop(L, 2);
    if (t == LUA_TTABLE) {
        static const char *const refused[] = {"__gc", "__close", "__mode", NULL};
        for (const char *const *k = refused; *k; k++) {
            lua_pushstring(L, *k);
            int has = lua_rawget(L, 2) != LUA_TNIL;
            lua_pop(L, 1);
            if (has) return luaL_error(L, "setmetatable: %s metamethods are not available in the sandbox", *k);
        }
    }
    int sealed = lua_getmetatable(L, 1) && is_guard(L, -1);
    if (!sealed && luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    if (t == LUA_TTABLE) seal(L, 2);
    if (sealed) { /* 1 is itself a metatable: it keeps a guard */
        push_guard(L, t == LUA_TTABLE ? 2 : 0);
        lua_replace(L, 2);
    }
    lua_setmetatable(L, 1);
    return 1;
}

static int b_getmetatable(lua_State *L) {
    luaL_checkany(L, 1);
    if (!lua_getmetatable(L, 1)) {
        lua_pushnil(L);
        return 1;
    }
    if (is_guard(L, -1)) {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &plain_guard_key);
        if (lua_rawequal(L, -1, -2)) {
            lua_pushnil(L);
            return 1;
        }
        lua_pop(L, 1);
    }
    luaL_getmetafield(L, 1, "__metatable"); /* pushes nothing when there is none */
    return 1;
}

static void open_guards(lua_State *L) {
    lua_newtable(L); /* the guards, weak keys: a guard goes with the table it guards */
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &guards_key);
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, guard_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_rawgetp(L, LUA_REGISTRYINDEX, &guards_key);
    lua_pushvalue(L, -2);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &plain_guard_key);
    /* every string reaches the string metatable: sealed too */
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
        seal(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* ---- base (sandbox) -------------------------------------------------------- */

/* load(chunk [, chunkname [, mode [, env]]]) with the chunk's bytes charged (a string at once, a
 * reader's pieces as they come) and, in the sandbox, binary chunks refused: the mode keeps only
 * its "t" (none given: "t"), so "b" refuses every chunk, as stock Lua's "b" refuses text. */
static int b_load(lua_State *L) {
    gl_ctx *c = gl_getctx(L);
    if (c == NULL || c->sandboxed) {
        int n = lua_gettop(L);
        if (n < 3) lua_settop(L, 3);
        const char *mode = lua_isnil(L, 3) ? "t" : luaL_checkstring(L, 3);
        if (strchr(mode, 't') == NULL) {
            /* Stock Lua's answer; a reader's chunk is taken for text (it is not read). */
            bool binary = lua_type(L, 1) == LUA_TSTRING && lua_tostring(L, 1)[0] == LUA_SIGNATURE[0];
            luaL_pushfail(L);
            lua_pushfstring(L, "attempt to load a %s chunk (mode is '%s')", binary ? "binary" : "text", mode);
            return 2;
        }
        lua_pushliteral(L, "t");
        lua_replace(L, 3);
    }
    if (lua_type(L, 1) == LUA_TSTRING) {
        charge(L, (lua_Integer)(lua_rawlen(L, 1) / GL_SCAN_BYTES) + 1);
    } else if (lua_type(L, 1) == LUA_TFUNCTION) {
        lua_pushvalue(L, 1);
        lua_pushcclosure(L, charged_reader, 1);
        lua_replace(L, 1);
    }
    return call_checked(L);
}

static int b_collectgarbage(lua_State *L) {
    static const char *const opts[] = {"collect", "step", "count", "isrunning", NULL};
    int o = luaL_checkoption(L, 1, "collect", opts);
    gl_ctx *c = gl_getctx(L);
    if (o <= 1) charge(L, (lua_Integer)(c->mem_used / 8));
    lua_settop(L, 1);
    if (o == 1) lua_pushinteger(L, 0);
    return call_checked(L);
}

/* ---- opening ---------------------------------------------------------------- */

/* t[name] = fn with the previous t[name] as upvalue 1 and "to 'name'" as upvalue 2. Table at -1. */
static void wrap_field(lua_State *L, const char *name, lua_CFunction fn) {
    lua_getfield(L, -1, name);
    lua_pushfstring(L, "to '%s'", name);
    lua_pushcclosure(L, fn, 2);
    lua_setfield(L, -2, name);
}

/* t[name] = by_bytes over the previous t[name]; per > 0 charges per bytes instead. Table at -1. */
static void charge_field(lua_State *L, const char *name, lua_Integer per) {
    lua_getfield(L, -1, name);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_pushfstring(L, "to '%s'", name);
    lua_pushinteger(L, per);
    lua_pushcclosure(L, by_bytes, 3);
    lua_setfield(L, -2, name);
}

/* charge_field for each name of a list ("a\0b\0\0"). Table at -1. */
static void charge_fields(lua_State *L, const char *names, lua_Integer per) {
    for (; *names; names += strlen(names) + 1) charge_field(L, names, per);
}

static void set_field(lua_State *L, const char *name, lua_CFunction fn) {
    lua_pushcfunction(L, fn);
    lua_setfield(L, -2, name);
}

void gl_open_libs(lua_State *L, gl_ctx *c, bool allow_io) {
    (void)c;
    if (allow_io) {
        luaL_openlibs(L);
        lua_pushglobaltable(L);
        wrap_field(L, "load", b_load);
        wrap_field(L, "dofile", call_checked); /* the stack check before each nested chunk */
        wrap_field(L, "require", call_checked);
        lua_pop(L, 1);
    } else {
        static const luaL_Reg libs[] = {
            {LUA_GNAME, luaopen_base}, {LUA_TABLIBNAME, luaopen_table}, {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math}, {LUA_UTF8LIBNAME, luaopen_utf8}, {LUA_COLIBNAME, luaopen_coroutine}, {LUA_OSLIBNAME, luaopen_os}, {NULL, NULL}};
        for (const luaL_Reg *lib = libs; lib->func; lib++) {
            luaL_requiref(L, lib->name, lib->func, 1);
            lua_pop(L, 1);
        }
        /* os: clock, time and date only */
        lua_getglobal(L, "os");
        lua_createtable(L, 0, 3);
        static const char *const keep[] = {"clock", "time", "date", NULL};
        for (const char *const *k = keep; *k; k++) {
            lua_getfield(L, -2, *k);
            lua_setfield(L, -2, *k);
        }
        lua_setglobal(L, "os");
        lua_pop(L, 1);
        /* base */
        lua_pushglobaltable(L);
        lua_pushnil(L);
        lua_setfield(L, -2, "dofile");
        lua_pushnil(L);
        lua_setfield(L, -2, "loadfile");
        wrap_field(L, "load", b_load);
        wrap_field(L, "collectgarbage", b_collectgarbage);
        set_field(L, "setmetatable", b_setmetatable);
        set_field(L, "getmetatable", b_getmetatable);
        wrap_field(L, "rawset", s_rawset);
        open_guards(L);
        lua_pop(L, 1);
        /* string.dump (also reachable as ("").dump through the string metatable) */
        lua_getglobal(L, "string");
        lua_pushnil(L);
        lua_setfield(L, -2, "dump");
        lua_pop(L, 1);
    }
    lua_pushglobaltable(L);
    wrap_field(L, "xpcall", b_xpcall);
    wrap_field(L, "pcall", b_pcall);
    set_field(L, "print", b_print);
    lua_pop(L, 1);
    lua_getglobal(L, "string");
    wrap_field(L, "rep", s_rep);
    lua_pop(L, 1);
    /* charged by the bytes of their arguments (lists of names in one string: a table of
     * pointers would cost relocations in the shared library) */
    lua_pushglobaltable(L);
    charge_field(L, "tonumber", 0);
    lua_getglobal(L, "string");
    charge_fields(L, "byte\0upper\0lower\0reverse\0pack\0unpack\0", 0);
    charge_field(L, "format", 3);
    lua_getglobal(L, "utf8");
    charge_fields(L, "len\0codepoint\0offset\0", 0);
    lua_getglobal(L, "os");
    charge_field(L, "date", 8);
    lua_pop(L, 4);
    gl_open_patterns(L);
    lua_getglobal(L, "table");
    wrap_field(L, "concat", t_concat);
    wrap_field(L, "unpack", t_unpack);
    wrap_field(L, "move", t_move);
    wrap_field(L, "sort", t_sort);
    set_field(L, "insert", t_insert);
    set_field(L, "remove", t_remove);
    lua_pop(L, 1);
    lua_getglobal(L, "coroutine");
    set_field(L, "create", co_create);
    set_field(L, "wrap", co_wrap);
    wrap_field(L, "resume", co_resume);
    lua_pop(L, 1);
}
