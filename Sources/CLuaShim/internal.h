/* Private to CLuaShim: the Lua headers, the per-state context and the Swift entry points. */
#ifndef GL_INTERNAL_H
#define GL_INTERNAL_H

#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>

#include "../../Include/grip.h"
#include "include/CLuaShim.h"

#define GL_CTX_MAGIC 0x47524950434C5541ull /* "GRIPCLUA" */
#define GL_CTX_DEAD  0x4752495044454144ull /* "GRIPDEAD" */

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
/* Bytes of a string a library function scans (decodes, converts, copies out) per instruction
 * charged, and bytes it compares or searches per instruction (memcmp, memmem). */
#define GL_SCAN_BYTES    2u
#define GL_COMPARE_BYTES 16u
/* The wall-clock backstop: a call from the host may run its scripts for at most this many
 * nanoseconds per instruction of its budget (2 s for the default 100 million; at least 50 ms),
 * checked in the count hook and whenever C work is charged. It catches work the count cannot see, such as
 * comparing two long strings (one VM instruction, a memcmp of any length). */
#define GL_BACKSTOP_NS_PER_INSTRUCTION 20u
/* ...and never less than this (a small budget on a loaded machine must not trip on time). */
#define GL_BACKSTOP_MIN_NS 50000000u
/* While a block of at least GL_BIG_BLOCK bytes is alive (a long string, a large table), the
 * count hook runs every GL_FINE_GRANULARITY instructions instead of every 1000, so a loop of
 * instructions that each touch a long string meets the backstop within milliseconds. */
#define GL_BIG_BLOCK        (1u << 20)
#define GL_FINE_GRANULARITY 32
/* C stack a script may use below the host's call (measured from where the entry began) before
 * the library functions that call back into Lua, the pattern matcher and the engine calls refuse
 * to go deeper. With what Lua itself may add past the last such check (at most its 200 nested
 * C calls of its own metamethods, under 100 KiB) this keeps a host call within the documented
 * minimum thread stack of 256 KiB (README, "Lua"). */
#define GL_STACK_LIMIT (96u << 10)

typedef struct gl_ctx {
    uint64_t magic;
    lua_State *L;   /* main thread */
    lua_State *cur; /* the running thread, for hooks (set by trampolines) */
    bool hosted;    /* made by gl_state_new: owns L, has the allocator and the hook */
    bool sandboxed;
    /* memory (hosted) */
    size_t mem_used, mem_limit;
    bool mem_tripped;
    size_t slack;
    /* instructions (hosted) */
    uint64_t ins_used, ins_limit;
    int granularity;
    bool tripped;
    bool time_tripped;    /* ...by the wall-clock backstop */
    uint64_t deadline_ns; /* CLOCK_MONOTONIC time the current entry must end by */
    uint64_t budget_call; /* the host call (its serial) whose hooks share the current budget */
    uint64_t hook_call;   /* the host call running the next hook (gl_set_host_call) */
    size_t big_blocks;    /* live blocks of at least GL_BIG_BLOCK bytes */
    char *stack_base;     /* the C stack where the current entry from the host began */
    int depth;            /* nested host entries in progress */
    /* the host's engine (a retained LuaEngine), when hosted */
    void *host;
    /* live engines made by grip.new in this state */
    int engines;
    /* the custom indicator's points */
    double *points;
    size_t points_cap;
    /* where print writes (grip_lua_set_print); NULL: stdout */
    grip_lua_print_fn print_fn;
    void *print_context;
    char errmsg[1024];
} gl_ctx;

/* Swift (GripLua): the operations behind the trampolines, and the engine userdata's release. */
int gripl_call(gl_call *call);
void gripl_release(void *engine);

/* state.c */
gl_ctx *gl_getctx(lua_State *L);
void gl_enter(gl_ctx *c);
/* Raises "C stack overflow" when the running entry has used more than GL_STACK_LIMIT bytes of
 * C stack (states without an entry in progress, such as a stock interpreter's, are not checked). */
void gl_check_stack(lua_State *L, gl_ctx *c);
/* Enters for a hook run by host call `call` (a serial, 0 for none): every hook one host call
 * runs shares one budget. */
void gl_enter_call(gl_ctx *c, uint64_t call);
void gl_leave(gl_ctx *c);
void gl_hook(lua_State *L, lua_Debug *ar);
void gl_install_hook(gl_ctx *c, lua_State *co);
int gl_trip_error(lua_State *L);
/* What stopped the current entry, into text: "time limit exceeded (... ms)" once its wall-clock
 * backstop passed, else "instruction limit exceeded (... instructions per call from the host)". */
void gl_budget_text(const gl_ctx *c, char *text, size_t size);
void gl_error_text(lua_State *L, int idx, char *out, size_t len);
extern const char gl_ctx_key;

/* live_states.c: the set of hosted states alive in the process (thread-safe). add is false when
 * out of memory. */
bool gl_live_add(const void *state);
void gl_live_remove(const void *state);
bool gl_live_has(const void *state);

/* sandbox.c */
void gl_open_libs(lua_State *L, gl_ctx *c, bool allow_io);

/* pattern.c: string.find / match / gmatch / gsub with a step budget */
void gl_open_patterns(lua_State *L);

/* the Lua bindings (bindings.h lists their files) */
void gl_bindings_init(lua_State *L);
void gl_push_module(lua_State *L);
/* Pushes a new engine userdata that takes over *slot (a retained LuaEngine; *slot becomes NULL). */
int gl_push_engine_ud(lua_State *L, void **slot);

#endif
