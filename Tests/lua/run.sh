#!/usr/bin/env bash
# The Lua tests:
#   0. Sources/CLuaShim/macros_chunk.c matches bindings/lua/grip_macros.lua (scripts/gen --check);
#   1. every Tests/lua/test_*.lua through grip-cli (a hosted state) and through the stock lua5.4
#      interpreter (require "grip", with a grip.so link to libgrip-lua.so on package.cpath);
#   2. Tests/lua/macros/session.lua's output against session.expected (the macros, every bit);
#      the pattern matcher against stock Lua (Tests/lua/diff/patterns.lua, outputs compared);
#      the sandbox's environment against Tests/lua/sandbox/allowlist.txt;
#   3. Tests/c/test_lua.c (the hosted C API: macros, hooks and fallbacks, escapes, limits,
#      errors) against libgrip-lua.so and libgrip.so; with VALGRIND=1 also its --quick run under valgrind;
#   4. Tests/c/test_host_calls.c (a host's promises around its Lua state: events, frames, limits)
#      and Tests/c/test_small_stack.c (every suite and deep recursion on a 256 KiB thread).
#
#   Tests/lua/run.sh LIBDIR GRIP_CLI      LIBDIR holds libgrip.so and libgrip-lua.so, GRIP_CLI is the grip-cli binary
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -eq 2 ] || { echo "usage: Tests/lua/run.sh LIBDIR GRIP_CLI" >&2; exit 2; }
lib=$(cd "$1" && pwd)
cli=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# lib/lua/5.4/grip.so as an install lays it out: the link finds libgrip.so.0 two levels up.
mkdir -p "$tmp/lua/5.4"
ln -sf "$lib/libgrip-lua.so" "$tmp/lua/5.4/grip.so"
ln -sf "$lib/libgrip.so" "$tmp/libgrip.so.0"
# the macro chunk compiled into the library is bindings/lua/grip_macros.lua as it is now
scripts/gen --check >/dev/null

runs=0
for t in Tests/lua/test_*.lua; do
    "$cli" run "$t"
    LUA_CPATH="$tmp/lua/5.4/?.so" lua5.4 "$t"
    runs=$((runs + 2))
done
echo "Lua script runs: $runs passed (each Tests/lua/test_*.lua through grip-cli and lua5.4)"
# the session macros, event for event and bit for bit as they were written in Swift
"$cli" run Tests/lua/macros/session.lua | cmp - Tests/lua/macros/session.expected
LUA_CPATH="$tmp/lua/5.4/?.so" lua5.4 Tests/lua/macros/session.lua | cmp - Tests/lua/macros/session.expected
echo "macros/session.lua: the output matches session.expected (grip-cli and lua5.4)"
# the pattern matcher against stock Lua's on 20,000 random patterns
"$cli" run Tests/lua/diff/patterns.lua > "$tmp/patterns.grip"
lua5.4 Tests/lua/diff/patterns.lua > "$tmp/patterns.lua"
cmp "$tmp/patterns.grip" "$tmp/patterns.lua"
echo "pattern matcher matches stock lua5.4 on $(wc -l < "$tmp/patterns.lua") random patterns"
# budgets: each Tests/lua/budget/*.lua, run in the sandbox, must stop within 10 s (or the seconds
# of its "-- within:" line; its budget is 100 million instructions, about a second) with the
# error its first line names
for t in Tests/lua/budget/*.lua; do
    want=$(sed -n '1s/^-- expect: //p' "$t")
    within=$(sed -n 's/^-- within: //p' "$t")
    t0=$(date +%s%N)
    status=0
    cpu=$( { TIMEFORMAT='%U %S'; time timeout "${within:-10}" "$cli" run --sandbox "$t" >/dev/null 2>"$tmp/budget.out"; } 2>&1 ) || status=$?
    if [ "$status" -eq 0 ]; then
        echo "FAIL $t: finished without an error"; exit 1
    fi
    if ! grep -q -- "$want" "$tmp/budget.out"; then
        # On a machine busy with other work the 2 s wall-clock backstop can come before the
        # 100 million instructions (about a second of CPU) ran out: that counts when the script
        # had well under the backstop's CPU time (work the budget did not count would use it all).
        spent=$(echo "$cpu" | tail -n 1 | awk '{printf "%.2f", $1 + $2}')
        if [ "$want" = "instruction limit exceeded" ] && grep -q "time limit exceeded" "$tmp/budget.out" &&
            awk -v s="$spent" 'BEGIN { exit !(s < 1.5) }'; then
            echo "$(basename "$t"): the wall-clock backstop came first after $spent s of CPU (a busy machine)"
            continue
        fi
        echo "FAIL $t: wanted '$want' within ${within:-10} s, got:"; head -c 600 "$tmp/budget.out"; echo; exit 1
    fi
    echo "$(basename "$t"): stopped in $((($(date +%s%N) - t0) / 1000000)) ms with '$want'"
done
"$cli" run --sandbox Tests/lua/sandbox/metatables.lua
"$cli" run --sandbox Tests/lua/sandbox/load_modes.lua
"$cli" run --sandbox Tests/lua/sandbox/env.lua | diff -u Tests/lua/sandbox/allowlist.txt -
echo "sandbox environment matches Tests/lua/sandbox/allowlist.txt"

cc -std=c99 -Wall -Wextra -Werror -pedantic -IInclude Tests/c/test_lua.c -L"$lib" -lgrip-lua -lgrip -lm \
   -Wl,-rpath,"$lib" -o "$tmp/test_lua"
"$tmp/test_lua" --root .
cc -std=c99 -Wall -Wextra -Werror -pedantic -IInclude Tests/c/test_host_calls.c -L"$lib" -lgrip-lua -lgrip -lm -lpthread \
   -Wl,-rpath,"$lib" -o "$tmp/test_host_calls"
"$tmp/test_host_calls"
cc -std=c99 -Wall -Wextra -Werror -pedantic -IInclude Tests/c/test_small_stack.c -L"$lib" -lgrip-lua -lgrip -lpthread \
   -Wl,-rpath,"$lib" -o "$tmp/test_small_stack"
"$tmp/test_small_stack" --root .   # the documented minimum stack (an optimised build's frames)
if [ -n "${VALGRIND:-}" ]; then
    valgrind --quiet --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=3 \
        "$tmp/test_lua" --root . --quick
    echo "valgrind: no errors, no leaks"
fi
