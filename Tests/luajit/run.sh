#!/usr/bin/env bash
# The LuaJIT binding's tests under Debian's luajit:
#   1. bindings/luajit/grip.lua's generated cdef matches a fresh generation from Include/grip.h
#      (and the check does fail for a header that changed);
#   2. the error of a library not found, and the macros (bindings/lua/grip_macros.lua) found beside
#      grip.lua as an install lays them out;
#   3. Tests/luajit/test_*.lua with the binding on package.path and GRIP_LIBRARY=LIBDIR/libgrip.so.
#
#   Tests/luajit/run.sh LIBDIR
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -eq 1 ] || { echo "usage: Tests/luajit/run.sh LIBDIR" >&2; exit 2; }
lib=$(cd "$1" && pwd)
scripts/gen-luajit-cdef --check
# ... and the check fails once the header gains a declaration the binding's cdef lacks.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed 's|^uint32_t grip_version(void);|&\nuint32_t grip_version_new(void);|' Include/grip.h >"$tmp/grip.h"
if GRIP_HEADER="$tmp/grip.h" scripts/gen-luajit-cdef --check >"$tmp/out" 2>&1 || ! grep -q '^+uint32_t grip_version_new' "$tmp/out"; then
    echo "FAIL: gen-luajit-cdef --check passed a header that differs from the binding"; exit 1
fi
echo "gen-luajit-cdef --check fails on a header that gained a function"
# A library that is not found: the error says what to set, with the path form.
if GRIP_LIBRARY=/nonexistent/libgrip.so LUA_PATH="$PWD/bindings/luajit/?.lua;;" luajit -e 'require("grip").new()' >"$tmp/out" 2>&1 ||
   ! grep -q 'set GRIP_LIBRARY to the library.s file, GRIP_LIBRARY=PREFIX/lib/libgrip.so.0' "$tmp/out"; then
    echo "FAIL: a missing library's error does not say what to set:"; cat "$tmp/out"; exit 1
fi
echo "a missing library's error names GRIP_LIBRARY=PREFIX/lib/libgrip.so.0"
# The binding finds grip_macros.lua beside itself, as scripts/install lays them out.
mkdir "$tmp/share"
cp bindings/luajit/grip.lua bindings/lua/grip_macros.lua "$tmp/share/"
(cd "$tmp" && LUA_PATH="$tmp/share/?.lua" GRIP_LIBRARY="$lib/libgrip.so" luajit -e \
    'local e = require("grip").new(); e:advance(0.5); assert(e:time() == 0.5)')
echo "the binding loads the macros from beside itself"
# The macros, event for event and bit for bit those of the Lua 5.4 module.
LUA_PATH="$PWD/bindings/luajit/?.lua;;" GRIP_LIBRARY="$lib/libgrip.so" luajit Tests/lua/macros/session.lua |
    cmp - Tests/lua/macros/session.expected
echo "Tests/lua/macros/session.lua under LuaJIT: the output matches session.expected"
for t in Tests/luajit/test_*.lua; do
    LUA_PATH="$PWD/bindings/luajit/?.lua;;" GRIP_LIBRARY="$lib/libgrip.so" luajit "$t"
done
