/* Hosted Lua states: the counting allocator, the instruction count hook, creation, execution
 * and closing. Every Lua call that can raise runs under a lua_pcall started here. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char gl_ctx_key = 0;

gl_ctx *gl_getctx(lua_State *L) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &gl_ctx_key);
    gl_ctx *c = (gl_ctx *)lua_touserdata(L, -1);
    lua_pop(L, 1);
    return c;
}

/* ---- Limits -------------------------------------------------------------- */

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Whether the current entry has run past its wall-clock backstop (recorded when it has). */
static bool past_deadline(gl_ctx *c) {
    if (c->time_tripped) return true;
    if (now_ns() <= c->deadline_ns) return false;
    c->time_tripped = true;
    return true;
}

/* How long an entry may run its scripts (GL_BACKSTOP_NS_PER_INSTRUCTION per budgeted instruction). */
static uint64_t backstop_ns(const gl_ctx *c) {
    if (c->ins_limit > UINT64_MAX / GL_BACKSTOP_NS_PER_INSTRUCTION / 2) return UINT64_MAX / 2;
    uint64_t span = c->ins_limit * GL_BACKSTOP_NS_PER_INSTRUCTION;
    return span < GL_BACKSTOP_MIN_NS ? GL_BACKSTOP_MIN_NS : span;
}

static int hook_granularity(const gl_ctx *c) {
    return c->big_blocks && c->granularity > GL_FINE_GRANULARITY ? GL_FINE_GRANULARITY : c->granularity;
}

static void trip(gl_ctx *c) {
    c->tripped = true;
    /* From now on the hook fires at every instruction of these threads (and, lazily, of any
     * other coroutine as soon as its own count runs out): no pcall can swallow the stop. */
    lua_sethook(c->L, gl_hook, LUA_MASKCOUNT, 1);
    if (c->cur && c->cur != c->L) lua_sethook(c->cur, gl_hook, LUA_MASKCOUNT, 1);
}

/* The allocator given to lua_newstate: counts bytes against memory_limit, and charges the bytes
 * it hands out to the instruction budget. Returning NULL makes Lua raise a memory error. */
static void *gl_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    gl_ctx *c = (gl_ctx *)ud;
    if (ptr == NULL) osize = 0;
    if (nsize == 0) {
        free(ptr);
        c->mem_used -= osize;
        if (osize >= GL_BIG_BLOCK && c->big_blocks > 0) c->big_blocks--;
        return NULL;
    }
    if (nsize > osize) {
        size_t grow = nsize - osize;
        if (grow > c->mem_limit || c->mem_used > c->mem_limit - grow) {
            c->mem_tripped = true;
            return NULL;
        }
        if (c->tripped) {
            if (grow > c->slack) return NULL;
            c->slack -= grow;
        } else if (c->depth > 0) {
            c->ins_used += GL_INSTRUCTIONS_PER_ALLOCATION + grow / GL_BYTES_PER_INSTRUCTION;
            if (c->ins_used > c->ins_limit) trip(c);
        }
    }
    void *p = realloc(ptr, nsize);
    if (p == NULL) return nsize <= osize ? ptr : NULL; /* a failed shrink keeps the block */
    c->mem_used = c->mem_used - osize + nsize;
    if (osize >= GL_BIG_BLOCK && c->big_blocks > 0) c->big_blocks--;
    if (nsize >= GL_BIG_BLOCK) c->big_blocks++;
    return p;
}

void gl_install_hook(gl_ctx *c, lua_State *co) {
    if (c && c->hosted) lua_sethook(co, gl_hook, LUA_MASKCOUNT, c->tripped ? 1 : hook_granularity(c));
}

void gl_budget_text(const gl_ctx *c, char *text, size_t size) {
    if (c->time_tripped) {
        snprintf(text, size, "time limit exceeded (a call from the host may run its scripts for %llu ms)",
                 (unsigned long long)(backstop_ns(c) / 1000000u));
    } else {
        snprintf(text, size, "instruction limit exceeded (%llu instructions per call from the host)",
                 (unsigned long long)c->ins_limit);
    }
}

/* Raises the spent budget's error (gl_budget_text) with the position of the running Lua function. */
static int raise_limit(lua_State *L, gl_ctx *c, int level) {
    lua_Debug ar;
    char where[256] = "", text[160];
    if (lua_getstack(L, level, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
        snprintf(where, sizeof where, "%s:%d: ", ar.short_src, ar.currentline);
    }
    gl_budget_text(c, text, sizeof text);
    lua_pushfstring(L, "%s%s", where, text);
    return lua_error(L);
}

int gl_trip_error(lua_State *L) {
    gl_ctx *c = gl_getctx(L);
    return raise_limit(L, c, 1); /* level 1: the Lua function that called the library function */
}

/* The count hook: adds the thread's count to the budget; past the limit it raises, and keeps
 * raising at every instruction until the host's call returns. */
void gl_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    void *ud = NULL;
    lua_getallocf(L, &ud);
    gl_ctx *c = (gl_ctx *)ud;
    if (c == NULL || c->magic != GL_CTX_MAGIC) return;
    if (!c->tripped) {
        int n = lua_gethookcount(L);
        int g = hook_granularity(c);
        if (n != g) lua_sethook(L, gl_hook, LUA_MASKCOUNT, g);
        c->ins_used += (uint64_t)n;
        if (c->ins_used <= c->ins_limit && !past_deadline(c)) return;
        trip(c);
    }
    lua_sethook(L, gl_hook, LUA_MASKCOUNT, 1);
    raise_limit(L, c, 0);
}

void gl_enter(gl_ctx *c) {
    if (c->depth++ == 0 && c->hosted) {
        c->ins_used = 0;
        c->tripped = false;
        c->time_tripped = false;
        c->mem_tripped = false;
        c->slack = GL_TRIP_SLACK;
        c->cur = c->L;
        c->budget_call = 0;
        c->deadline_ns = now_ns() + backstop_ns(c);
        c->stack_base = (char *)__builtin_frame_address(0);
        lua_sethook(c->L, gl_hook, LUA_MASKCOUNT, hook_granularity(c));
    }
}

void gl_check_stack(lua_State *L, gl_ctx *c) {
    if (c == NULL || c->stack_base == NULL || c->depth == 0) return;
    char *here = (char *)__builtin_frame_address(0);
    if (here < c->stack_base && (size_t)(c->stack_base - here) > GL_STACK_LIMIT)
        luaL_error(L, "C stack overflow (scripts may use %d KiB of the host's stack)", (int)(GL_STACK_LIMIT >> 10));
}

void gl_enter_call(gl_ctx *c, uint64_t call) {
    if (c->depth == 0 && c->hosted && call != 0 && call == c->budget_call) {
        c->depth++; /* another hook of the same host call: the budget goes on */
        c->cur = c->L;
        return;
    }
    gl_enter(c);
    if (c->depth == 1) c->budget_call = call;
}

void gl_set_host_call(void *ctx, uint64_t call) {
    gl_ctx *c = (gl_ctx *)ctx;
    if (c != NULL && c->magic == GL_CTX_MAGIC) c->hook_call = call;
}

bool gl_charge_memory(void *ctx, int64_t delta, bool force) {
    gl_ctx *c = (gl_ctx *)ctx;
    if (c == NULL || c->magic != GL_CTX_MAGIC || !c->hosted) return true;
    if (delta < 0) {
        size_t d = delta == INT64_MIN ? SIZE_MAX : (size_t)(-delta);
        c->mem_used = c->mem_used > d ? c->mem_used - d : 0;
        return c->mem_used <= c->mem_limit;
    }
    size_t d = (size_t)delta;
    bool fits = d <= c->mem_limit && c->mem_used <= c->mem_limit - d;
    if (fits || force) c->mem_used = c->mem_used > SIZE_MAX - d ? SIZE_MAX : c->mem_used + d;
    return fits;
}

int64_t gl_memory_free(void *ctx) {
    gl_ctx *c = (gl_ctx *)ctx;
    if (c == NULL || c->magic != GL_CTX_MAGIC || !c->hosted) return -1;
    size_t left = c->mem_used < c->mem_limit ? c->mem_limit - c->mem_used : 0;
    return left > (size_t)INT64_MAX ? INT64_MAX : (int64_t)left;
}

void gl_leave(gl_ctx *c) {
    if (c->depth > 0) c->depth--;
}

bool gl_charge(void *ctx, uint64_t units) {
    gl_ctx *c = (gl_ctx *)ctx;
    if (c == NULL || !c->hosted) return true;
    if (c->tripped) return false;
    c->ins_used += units;
    if (c->ins_used > c->ins_limit || past_deadline(c)) {
        trip(c);
        return false;
    }
    return true;
}

/* ---- Messages ------------------------------------------------------------ */

/* The error object at idx as text, without allocating or running metamethods. */
void gl_error_text(lua_State *L, int idx, char *out, size_t len) {
    if (len == 0) return;
    switch (lua_type(L, idx)) {
    case LUA_TSTRING: {
        size_t n = 0;
        const char *s = lua_tolstring(L, idx, &n);
        if (n >= len) n = len - 1;
        memcpy(out, s, n);
        out[n] = 0;
        break;
    }
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx)) snprintf(out, len, "%lld", (long long)lua_tointeger(L, idx));
        else snprintf(out, len, "%.14g", lua_tonumber(L, idx));
        break;
    default:
        snprintf(out, len, "(error object is a %s value)", lua_typename(L, lua_type(L, idx)));
        break;
    }
}

static int status_of(gl_ctx *c, int st) {
    if (st == LUA_OK) return GRIP_OK;
    if (c->hosted && c->tripped) return GRIP_ERR_LIMIT;
    if (st == LUA_ERRMEM) return (c->hosted && c->mem_tripped) ? GRIP_ERR_LIMIT : GRIP_ERR_NOMEM;
    return GRIP_ERR_SCRIPT;
}

/* Fills c->errmsg for a failed pcall whose error object is on top, and returns the status. */
static int failed(gl_ctx *c, int st) {
    int status = status_of(c, st);
    char text[900];
    gl_error_text(c->L, -1, text, sizeof text);
    if (status == GRIP_ERR_LIMIT && (c->tripped || c->time_tripped) &&
        strstr(text, c->time_tripped ? "time limit" : "instruction limit") == NULL) {
        gl_budget_text(c, c->errmsg, sizeof c->errmsg);
    } else if (status == GRIP_ERR_LIMIT && !c->tripped) {
        snprintf(c->errmsg, sizeof c->errmsg, "memory limit exceeded (%zu bytes)", c->mem_limit);
    } else {
        snprintf(c->errmsg, sizeof c->errmsg, "%s", text);
    }
    return status;
}

/* ---- Creation ------------------------------------------------------------ */

static int gl_panic(lua_State *L) {
    /* Unreachable: every call that can raise runs under lua_pcall. Lua aborts after this. */
    fprintf(stderr, "grip: unprotected Lua error: %s\n", lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?");
    return 0;
}

static int gl_setup(lua_State *L) {
    gl_ctx *c = (gl_ctx *)lua_touserdata(L, 1);
    bool allow_io = lua_toboolean(L, 2);
    lua_settop(L, 0);
    lua_pushlightuserdata(L, c);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &gl_ctx_key);
    gl_open_libs(L, c, allow_io);
    gl_bindings_init(L);
    gl_push_module(L);
    lua_pushvalue(L, -1);
    lua_setglobal(L, "grip");
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, "grip");
    return 0;
}

void *gl_state_new(size_t memory_limit, uint64_t instruction_limit, bool allow_io, int *status,
                   char *err, size_t errlen) {
    gl_ctx *c = (gl_ctx *)calloc(1, sizeof *c);
    if (c == NULL) {
        *status = GRIP_ERR_NOMEM;
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    c->magic = GL_CTX_MAGIC;
    c->hosted = true;
    c->sandboxed = !allow_io;
    c->mem_limit = memory_limit;
    c->ins_limit = instruction_limit;
    c->granularity = instruction_limit < 1000 ? (int)(instruction_limit < 1 ? 1 : instruction_limit) : 1000;
    c->slack = GL_TRIP_SLACK;
    lua_State *L = lua_newstate(gl_alloc, c);
    if (L == NULL) {
        *status = c->mem_tripped ? GRIP_ERR_LIMIT : GRIP_ERR_NOMEM;
        snprintf(err, errlen, c->mem_tripped ? "memory_limit (%zu bytes) is too small for a Lua state" : "out of memory creating a Lua state", memory_limit);
        free(c);
        return NULL;
    }
    c->L = c->cur = L;
    lua_atpanic(L, gl_panic);
    gl_enter(c);
    lua_pushcfunction(L, gl_setup);
    lua_pushlightuserdata(L, c);
    lua_pushboolean(L, allow_io);
    int st = lua_pcall(L, 2, 0, 0);
    if (st != LUA_OK) {
        *status = failed(c, st);
        if (*status == GRIP_ERR_SCRIPT) *status = GRIP_ERR_NOMEM;
        snprintf(err, errlen, "cannot open the Lua libraries: %s", c->errmsg);
        gl_leave(c);
        lua_close(L);
        free(c);
        return NULL;
    }
    gl_leave(c);
    lua_settop(L, 0);
    if (!gl_live_add(c)) {
        *status = GRIP_ERR_NOMEM;
        snprintf(err, errlen, "out of memory");
        lua_close(L);
        free(c);
        return NULL;
    }
    *status = GRIP_OK;
    return c;
}

/* Whether ctx is a hosted state alive now, found in the set of live states first, so a destroyed
 * one's freed memory is never read. */
bool gl_state_valid(const void *ctx) {
    const gl_ctx *c = (const gl_ctx *)ctx;
    return gl_live_has(c) && c->magic == GL_CTX_MAGIC && c->hosted;
}

static int set_host(lua_State *L) {
    void **slot = (void **)lua_touserdata(L, 1);
    gl_push_engine_ud(L, slot); /* takes over *slot once the userdata exists */
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "grip.host"); /* kept alive whatever the script does */
    lua_getfield(L, LUA_REGISTRYINDEX, "grip.module");
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, "host");
    return 0;
}

int gl_state_set_host(void *ctx, void *engine) {
    gl_ctx *c = (gl_ctx *)ctx;
    void *slot = engine;
    gl_enter(c);
    int top = lua_gettop(c->L);
    lua_pushcfunction(c->L, set_host);
    lua_pushlightuserdata(c->L, &slot);
    int st = lua_pcall(c->L, 1, 0, 0);
    int status = GRIP_OK;
    if (st != LUA_OK) status = failed(c, st);
    else c->host = engine;
    if (slot != NULL) gripl_release(slot); /* never reached the userdata */
    lua_settop(c->L, top);
    gl_leave(c);
    return status;
}

void *gl_state_host(const void *ctx) { return gl_state_valid(ctx) ? ((const gl_ctx *)ctx)->host : NULL; }

bool gl_state_running(const void *ctx) { return gl_state_valid(ctx) && ((const gl_ctx *)ctx)->depth > 0; }

/* ---- Execution ----------------------------------------------------------- */

struct exec_args {
    const char *name, *source, *path, *mode;
    size_t length;
};

static int exec_chunk(lua_State *L) {
    struct exec_args *a = (struct exec_args *)lua_touserdata(L, 1);
    int st = a->path ? luaL_loadfilex(L, a->path, a->mode)
                     : luaL_loadbufferx(L, a->source, a->length, a->name, a->mode);
    if (st != LUA_OK) return lua_error(L);
    lua_call(L, 0, 0);
    return 0;
}

static int run(gl_ctx *c, struct exec_args *a) {
    if (c->depth > 0) {
        snprintf(c->errmsg, sizeof c->errmsg, "re-entrant call: a script of this state is already running");
        return GRIP_ERR_STATE;
    }
    c->errmsg[0] = 0;
    a->mode = c->sandboxed ? "t" : NULL;
    gl_enter(c);
    lua_State *L = c->L;
    int top = lua_gettop(L);
    lua_pushcfunction(L, exec_chunk);
    lua_pushlightuserdata(L, a);
    int st = lua_pcall(L, 1, 0, 0);
    int status = st == LUA_OK ? GRIP_OK : failed(c, st);
    lua_settop(L, top);
    gl_leave(c);
    return status;
}

int gl_state_exec(void *ctx, const char *chunk_name, const char *source, size_t length) {
    gl_ctx *c = (gl_ctx *)ctx;
    char name[256];
    if (chunk_name == NULL || chunk_name[0] == 0) chunk_name = "=chunk";
    if (chunk_name[0] == '=' || chunk_name[0] == '@') snprintf(name, sizeof name, "%s", chunk_name);
    else snprintf(name, sizeof name, "=%s", chunk_name);
    struct exec_args a = {name, source, NULL, NULL, length};
    return run(c, &a);
}

int gl_state_exec_file(void *ctx, const char *path) {
    struct exec_args a = {NULL, NULL, path, NULL, 0};
    return run((gl_ctx *)ctx, &a);
}

const char *gl_state_errmsg(const void *ctx) {
    return gl_state_valid(ctx) ? ((const gl_ctx *)ctx)->errmsg : "not a live grip_lua";
}

void gl_state_set_errmsg(void *ctx, const char *message) {
    gl_ctx *c = (gl_ctx *)ctx;
    snprintf(c->errmsg, sizeof c->errmsg, "%s", message);
}

void gl_state_close(void *ctx) {
    gl_ctx *c = (gl_ctx *)ctx;
    if (!gl_state_valid(c)) return;
    /* Finalizers run with a fresh budget, so a finalizer that loops cannot hang the host. */
    c->depth = 0;
    gl_enter(c);
    lua_close(c->L);
    free(c->points);
    c->magic = GL_CTX_DEAD;
    gl_live_remove(c);
    free(c);
}

int gl_count_engines(void *ctx, int delta) {
    gl_ctx *c = (gl_ctx *)ctx;
    if (c == NULL || (c->magic != GL_CTX_MAGIC && c->magic != GL_CTX_DEAD)) return 0;
    c->engines += delta;
    return c->engines;
}

static _Thread_local char create_err[512];

const char *gl_create_errmsg(void) { return create_err; }

void gl_set_create_errmsg(const char *message) { snprintf(create_err, sizeof create_err, "%s", message); }

/* ---- Output ----------------------------------------------------------------- */

/* grip_lua_set_print (grip_lua.h): where the state's print writes. Refused from inside the
 * state's own scripts, so a line being printed never sees its destination change. */
grip_status grip_lua_set_print(grip_lua *lua, grip_lua_print_fn fn, void *context) {
    gl_ctx *c = (gl_ctx *)(void *)lua;
    if (!gl_state_valid(c)) return GRIP_ERR_ARG;
    if (c->depth > 0) {
        snprintf(c->errmsg, sizeof c->errmsg, "grip_lua_set_print: called from inside this state's own scripts");
        return GRIP_ERR_STATE;
    }
    c->print_fn = fn;
    c->print_context = fn ? context : NULL;
    c->errmsg[0] = 0;
    return GRIP_OK;
}
