# shellcheck shell=bash
# Suite lua (scripts/test lua): the Lua scripts, the sandbox and budgets, test_lua.c,
# test_host_calls.c, test_small_stack.c.
# lua_tests: Tests/lua/run.sh: every Tests/lua/test_*.lua through grip-cli (hosted) and stock lua5.4
# (require "grip"), the sandbox environment against its allow-list, and Tests/c/test_lua.c (the
# hosted C API: macros, hooks, escapes, limits, errors).
lua_tests() {
    [ -x Tests/lua/run.sh ] || return 0
    echo "== Lua tests"
    local status=0 scripts c_line
    run "$out/lua.log" Tests/lua/run.sh "$libdir" "$libdir/grip-cli" || status=$?
    scripts=$(sed -n 's/^Lua script runs: \([0-9]*\) passed.*/\1/p' "$out/lua.log" | tail -n 1)
    c_line=$(grep -E '^test_lua: [0-9]+ checks, [0-9]+ failed$' "$out/lua.log" | tail -n 1 || true)
    record "$status" "Lua tests: ${scripts:-0} script runs passed (grip-cli and lua5.4), sandbox allow-list, ${c_line:-test_lua did not finish} (status $status)"
}

lua_tests
