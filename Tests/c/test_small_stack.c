/*
 * test_small_stack.c: Grip's Lua on a host thread with a small stack. README documents the
 * minimum a thread that calls Grip's Lua functions needs; this program runs every Lua test
 * suite and scripts that recurse through C as deep as Lua lets them (nested pcall, coroutines,
 * metamethods, gsub callbacks, the parser, the pattern matcher, on handlers and hooks) on a
 * thread with exactly that stack. Overflowing it crashes the program.
 *
 *   cc -std=c99 -IInclude Tests/c/test_small_stack.c -Lbin -lgrip-lua -lgrip -lpthread -o t && ./t [KIB] [--root DIR]
 */
#define _POSIX_C_SOURCE 200809L
#include <grip.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The documented minimum (README, "Lua"): 256 KiB. */
#define MIN_STACK_KIB 256

static int checks, failures;
static const char *root = ".";

#define CHECK(cond, ...)                                         \
    do {                                                         \
        checks++;                                                \
        if (!(cond)) {                                           \
            failures++;                                          \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                        \
            fprintf(stderr, "\n");                               \
        }                                                        \
    } while (0)

/* Scripts that recurse through C until Lua (or Grip) stops them: each must end, with an error
 * or without, but never take the thread's stack down. */
static const char *const deep[] = {
    "local function f(n) return pcall(f, n + 1) end f(1)",
    "local function f(n) return select(2, xpcall(f, f, n + 1)) end f(1)",
    "local function f() return coroutine.wrap(f)() end f()",
    "local function f() local co = coroutine.create(f) return coroutine.resume(co) end f()",
    "local t = setmetatable({}, {__index = function(t, k) return t[k] end}) local _ = t.x",
    "local t = setmetatable({}, {__newindex = function(t, k, v) t[k] = v end}) t.x = 1",
    "local t t = setmetatable({}, {__tostring = function(x) return tostring(x) end}) tostring(t)",
    "local t t = setmetatable({}, {__concat = function(a, b) return a .. b end}) local _ = t .. 'x'",
    "local t t = setmetatable({}, {__add = function(a, b) return a + b end}) local _ = t + 1",
    "local t t = setmetatable({}, {__eq = function(a, b) return a == b end}) local _ = t == setmetatable({}, getmetatable(t))",
    "local t t = setmetatable({}, {__lt = function(a, b) return a < b end}) local _ = t < t",
    "local t t = setmetatable({}, {__len = function(a) return #a end}) local _ = #t",
    "local t t = setmetatable({}, {__call = function(self) return self() end}) t()",
    "local function g(s) return (s:gsub('.', g)) end g('ab')",
    "local function g(s) return (s:gsub('.', setmetatable({}, {__index = function(_, c) return g(c) end}))) end g('ab')",
    "local function m(s) for w in s:gmatch('.') do m(w) end end m('ab')",
    "local function f() table.sort({3, 2, 1}, function(a, b) f() return a < b end) end f()",
    "local function f() return string.format('%s', setmetatable({}, {__tostring = f})) end f()",
    "local function f() return load(f)() end f()",
    "local function f() return load('return ...', 'x', 't')(f()) end f()",
    "assert(load(('('):rep(190) .. '1' .. (')'):rep(190)))",
    "load(('('):rep(1000) .. '1' .. (')'):rep(1000))",
    "load(('{'):rep(1000) .. ('}'):rep(1000))",
    "load(('do '):rep(1000) .. ('end '):rep(1000))",
    "load(('f('):rep(1000) .. (')'):rep(1000))",
    "load('return ' .. ('-'):rep(1000) .. '1')",
    "load('return ' .. ('not '):rep(1000) .. '1')",
    "load('local a = 1 ' .. ('.. a '):rep(1000))",
    "load('return 1' .. (' ^ 1'):rep(1000))",
    "string.find(('a'):rep(400), ('a?'):rep(400) .. ('a'):rep(400))",
    "string.find(('a'):rep(400), ('(a)'):rep(32))",
    "string.match(('x'):rep(1000), ('.-'):rep(190) .. 'y')",
    "string.match(('('):rep(300) .. (')'):rep(300), ('%b()'):rep(190))",
    "string.gsub(('ab'):rep(200), ('(a)(b)'):rep(16), '%2%1')",
    /* mixed: Lua's own metamethod recursion (not checked by Grip) around Grip's library calls */
    "local function g(s) return tostring(setmetatable({}, {__tostring = function() return (s:gsub('.', g)) end})) end g('ab')",
    "local t t = setmetatable({}, {__index = function(_, k) return coroutine.wrap(function() return pcall(string.gsub, 'ab', '.', function() return t[k] end) end)() end}) local _ = t.x",
    "local function f(n) if n > 150 then return tostring(('a'):rep(150):find(('a?'):rep(150))) end return tostring(setmetatable({}, {__tostring = function() return f(n + 1) end})) end f(1)",
    "local e = grip.host local b = e:box{x = 10, y = 10, width = 50, height = 50}\n"
    "b:on('gesture_began', function() e:drag{from = {30, 30}, to = {40, 40}, steps = 1} end)\n"
    "e:drag{from = {30, 30}, to = {40, 40}, steps = 1}",
    "local e = grip.host local b = e:box{x = 100, y = 100, width = 50, height = 50, editing = true}\n"
    "local function deep(n) if n > 0 then return deep(n - 1) + 0 end return 0 end\n"
    "b:set_constraint(function(p) pcall(deep, 150) return p end)\n"
    "b:add_handle{name = 'k', position = function(s) local function f() return pcall(f) end f() return 0, 0 end}\n"
    "e:drag{from = {125, 125}, to = {140, 140}, steps = 3} e:frame()",
};

static void *run_all(void *arg) {
    (void)arg;
    grip_engine *e = NULL;
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    if (grip_engine_create(&d, &e) != GRIP_OK) return NULL;
    for (int io = 0; io <= 1; io++) {
        grip_lua_desc ld;
        grip_lua_desc_init(&ld);
        ld.allow_io = io;
        grip_lua *lua = NULL;
        CHECK(grip_lua_create(e, &ld, &lua) == GRIP_OK, "lua: %s", grip_lua_errmsg(NULL));
        if (lua == NULL) break;
        for (size_t i = 0; i < sizeof deep / sizeof deep[0]; i++) {
            if (getenv("ONLY") && (size_t)atoi(getenv("ONLY")) != i) continue;
            if (getenv("VERBOSE")) fprintf(stderr, "deep %zu (io %d)\n", i, io);
            grip_status st = grip_lua_exec(lua, "deep", deep[i], strlen(deep[i]));
            CHECK(st == GRIP_OK || st == GRIP_ERR_SCRIPT || st == GRIP_ERR_LIMIT, "deep %zu: %s", i, grip_status_string(st));
        }
        grip_lua_destroy(lua);
    }
    grip_engine_destroy(e);
    /* The suites, each in a fresh hosted state with io (as grip-cli runs them). */
    static const char *const suites[] = {"test_api", "test_hooks", "test_macros", "test_queries", "test_selection",
                                         "test_stdlib"};
    for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/Tests/lua/%s.lua", root, suites[i]);
        grip_engine_desc_init(&d);
        d.width = 1024;
        d.height = 768;
        if (grip_engine_create(&d, &e) != GRIP_OK) return NULL;
        grip_lua_desc ld;
        grip_lua_desc_init(&ld);
        ld.allow_io = true;
        ld.memory_limit = (size_t)1 << 30;
        ld.instruction_limit = (uint64_t)1 << 40;
        grip_lua *lua = NULL;
        CHECK(grip_lua_create(e, &ld, &lua) == GRIP_OK, "lua: %s", grip_lua_errmsg(NULL));
        if (getenv("ONLY")) continue;
        if (getenv("VERBOSE")) fprintf(stderr, "%s\n", suites[i]);
        grip_status st = grip_lua_exec_file(lua, path);
        CHECK(st == GRIP_OK, "%s: %s", suites[i], grip_lua_errmsg(lua));
        grip_lua_destroy(lua);
        grip_engine_destroy(e);
    }
    return NULL;
}

int main(int argc, char **argv) {
    size_t kib = MIN_STACK_KIB;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--root") == 0 && i + 1 < argc) root = argv[++i];
        else kib = (size_t)strtoul(argv[i], NULL, 10);
    }
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    if (pthread_attr_setstacksize(&attr, kib * 1024) != 0) {
        fprintf(stderr, "cannot set a %zu KiB stack\n", kib);
        return 2;
    }
    pthread_t t;
    if (pthread_create(&t, &attr, run_all, NULL) != 0) {
        fprintf(stderr, "cannot start a thread\n");
        return 2;
    }
    pthread_join(t, NULL);
    printf("test_small_stack: %d checks, %d failed (a %zu KiB thread stack)\n", checks, failures, kib);
    return failures ? 1 : 0;
}
