#!/usr/bin/env bash
# The LuaJIT binding's tests under Debian's luajit:
#   1. bindings/luajit/grip.lua's generated part is what scripts/gen writes (and the check does
#      fail for a header that gained a function the schema does not list);
#   2. the error of a library not found, and the macros (bindings/lua/grip_macros.lua) found beside
#      grip.lua as an install lays them out;
#   3. Tests/luajit/test_*.lua with the binding on package.path and GRIP_LIBRARY=LIBDIR/libgrip.so.
#
#   Tests/luajit/run.sh LIBDIR
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -eq 1 ] || { echo "usage: Tests/luajit/run.sh LIBDIR" >&2; exit 2; }
lib=$(cd "$1" && pwd)
scripts/gen --check >/dev/null
echo "bindings/luajit/grip.lua: the cdef matches Include/grip.h"
# ... and the check fails once the header gains a declaration the schema (and so the cdef) lacks.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed 's|^uint32_t grip_version(void);|&\nuint32_t grip_version_new(void);|' Include/grip.h >"$tmp/grip.h"
if GRIP_HEADER="$tmp/grip.h" scripts/gen --check >"$tmp/out" 2>&1 || ! grep -q 'declares grip_version_new' "$tmp/out"; then
    echo "FAIL: scripts/gen --check passed a header that gained a function"; exit 1
fi
echo "scripts/gen --check fails on a header that gained a function"
# Tests/lua's scripts that hold for the LuaJIT binding too run with it as well.
for t in Tests/luajit/test_*.lua Tests/lua/test_selection_constraint.lua; do
    LUA_PATH="$PWD/bindings/luajit/?.lua;;" GRIP_LIBRARY="$lib/libgrip.so" luajit "$t"
done
