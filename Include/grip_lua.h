/*
 * grip_lua.h: the Lua 5.4 host of Grip (libgrip-lua, soname libgrip-lua.so.0), a client of
 * grip.h. It hosts sandboxed scripts bound to a host's engine (grip_lua_*) and is the module the
 * stock interpreter loads with `require "grip"` (luaopen_grip). Link -lgrip-lua -lgrip.
 * grip.h includes this header (unless GRIP_NO_LUA is defined), so a 0.2 program compiles as is.
 */
#ifndef GRIP_LUA_H
#define GRIP_LUA_H

#include "grip.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct grip_lua grip_lua;

typedef struct grip_lua_desc {
    uint32_t struct_size;
    size_t memory_limit;        /* bytes, 0 = default (64 MiB) */
    uint64_t instruction_limit; /* per entry from the host, 0 = default (100 million) */
    bool allow_io;              /* false (default): no io, os (but os.clock/time), package, debug, binary chunks */
} grip_lua_desc;

void grip_lua_desc_init(grip_lua_desc *desc);
/* A Lua state bound to engine: scripts see that engine as grip.host. The state installs the
 * engine's grip_hooks (custom handles, indicators and constraints of scripts), so it is one state
 * per engine: GRIP_ERR_STATE when the engine already has hooks (another state's, or the host's).
 * Destroy the state before its engine (a state whose engine was destroyed refuses every call with
 * GRIP_ERR_STATE). While a script runs, the engine's events are captured (grip_event_capture):
 * events caused by the script's own calls go to the script (e:events(), on handlers), not to
 * grip_event_poll, except COMMITTED, UNDONE and REDONE, which reach both. desc NULL means defaults. On failure *out stays NULL and
 * grip_lua_errmsg(NULL) says why: GRIP_ERR_NOMEM when memory ran out, GRIP_ERR_LIMIT when the
 * memory_limit was too small for the standard libraries. */
grip_status grip_lua_create(grip_engine *engine, const grip_lua_desc *desc, grip_lua **out);
/* Closes the state and frees it; NULL is fine. 0.3: every later call with the dead pointer is
 * GRIP_ERR_ARG ("not a live grip_lua"), decided without reading the freed state (until a new
 * state happens to be allocated at the same address). */
void grip_lua_destroy(grip_lua *lua);
/* Runs a text chunk (binary chunks are refused) as one host entry with its own instruction
 * budget. GRIP_ERR_SCRIPT for a Lua error (the message has the chunk name and line),
 * GRIP_ERR_LIMIT when the memory or instruction limit stopped it, GRIP_ERR_STATE when called
 * from inside a callback of the same state. */
grip_status grip_lua_exec(grip_lua *lua, const char *chunk_name, const char *source, size_t length);
/* Reads path and runs it like grip_lua_exec (chunk name "@path"). */
grip_status grip_lua_exec_file(grip_lua *lua, const char *path);
/* The last failure's message ("" after success); with NULL, why the last grip_lua_create failed.
 * Valid until the next call on that state. Never NULL. */
const char *grip_lua_errmsg(const grip_lua *lua);

/* Added in 0.3: where the state's print goes. fn gets each print call's line once: the arguments
 * converted as tostring does, separated by tabs, without the final newline (length bytes, also
 * NUL-terminated; valid only during the call). It runs inside the script (calls into this state
 * are refused as from any callback); every byte is charged to the script's instruction budget and
 * the line to its memory_limit, as before. fn NULL: the process's stdout, line by line, as by
 * default. context is the caller's, passed to fn. GRIP_ERR_ARG for a NULL or dead state,
 * GRIP_ERR_STATE from inside the state's own scripts. */
typedef void (*grip_lua_print_fn)(void *context, const char *text, size_t length);
grip_status grip_lua_set_print(grip_lua *lua, grip_lua_print_fn fn, void *context);

/* Lets the stock interpreter `require "grip"` the shared library (installed as
 * lib/lua/5.4/grip.so, a link to libgrip-lua.so.0). */
struct lua_State;
int luaopen_grip(struct lua_State *L);

#ifdef __cplusplus
}
#endif
#endif /* GRIP_LUA_H */
