/* Private to CLuaShim: the Lua headers, the per-state context and the Swift entry points. */
#ifndef GL_INTERNAL_H
#define GL_INTERNAL_H

#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>

#include "../../Include/grip.h"
#include "include/CLuaShim.h"

#define GL_CTX_MAGIC 0x47524950434C5541ull   /* "GRIPCLUA" */
#define GL_CTX_DEAD 0x4752495044454144ull    /* "GRIPDEAD" */

/* Instructions charged per byte the allocator hands out: work that is proportional to data
 * (concatenation, string building) is paid for even when it runs inside one VM instruction. */
#define GL_BYTES_PER_INSTRUCTION 32u
/* ...and per allocation (what a string, table or error message costs beyond its bytes). */
#define GL_INSTRUCTIONS_PER_ALLOCATION 16u
/* Instructions one iteration of a library function's C loop (or one pattern-matching step) is
 * worth: measured, they cost about four VM instructions each. */
#define GL_C_STEP_COST 4
/* Bytes a state may still allocate after its instruction budget tripped (error messages). */
#define GL_TRIP_SLACK (1u << 20)

typedef struct gl_ctx {
    uint64_t magic;
    lua_State *L;          /* main thread */
    lua_State *cur;        /* the running thread, for hooks (set by trampolines) */
    bool hosted;           /* made by gl_state_new: owns L, has the allocator and the hook */
    bool sandboxed;
    /* memory (hosted) */
    size_t mem_used, mem_limit;
    bool mem_tripped;
    size_t slack;
    /* instructions (hosted) */
    uint64_t ins_used, ins_limit;
    int granularity;
    bool tripped;
    int depth;             /* nested host entries in progress */
    /* the host's engine (a retained LuaEngine), when hosted */
    void *host;
    /* live engines made by grip.new in this state */
    int engines;
    /* the custom indicator's points */
    double *points;
    size_t points_cap;
    char errmsg[1024];
} gl_ctx;

/* Swift (GripLua): the operations behind the trampolines, and the engine userdata's release. */
int gripl_call(gl_call *call);
void gripl_release(void *engine);

/* state.c */
gl_ctx *gl_getctx(lua_State *L);
void gl_enter(gl_ctx *c);
void gl_leave(gl_ctx *c);
void gl_hook(lua_State *L, lua_Debug *ar);
void gl_install_hook(gl_ctx *c, lua_State *co);
int gl_trip_error(lua_State *L);
void gl_error_text(lua_State *L, int idx, char *out, size_t len);
extern const char gl_ctx_key;

/* sandbox.c */
void gl_open_libs(lua_State *L, gl_ctx *c, bool allow_io);

/* pattern.c: string.find / match / gmatch / gsub with a step budget */
void gl_open_patterns(lua_State *L);

/* bindings.c */
void gl_bindings_init(lua_State *L);
void gl_push_module(lua_State *L);
/* Pushes a new engine userdata that takes over *slot (a retained LuaEngine; *slot becomes NULL). */
int gl_push_engine_ud(lua_State *L, void **slot);

#endif
