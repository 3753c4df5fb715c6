# shellcheck shell=bash
# Suite install (scripts/test install): scripts/install into a prefix and the examples built from
# it.
# install_tests: scripts/install into a temporary prefix, then the C and C++ examples built from it
# alone (pkg-config, and CMake's find_package), lua5.4 requiring the module, and --uninstall.
install_tests() {
    echo "== Install tests"
    local prefix work steps=0 bad=0 log="$out/install.log"
    prefix=$(mktemp -d) work=$(mktemp -d)
    : >"$log"
    # step <description> <command...>: runs it with the prefix's paths set, output in the log.
    step() {
        local what=$1
        shift
        steps=$((steps + 1))
        echo "== $what" >>"$log"
        if env PKG_CONFIG_PATH="$prefix/lib/pkgconfig" CMAKE_PREFIX_PATH="$prefix" LD_LIBRARY_PATH="$prefix/lib" \
            LUA_CPATH="$prefix/lib/lua/5.4/?.so;;" "$@" >>"$log" 2>&1; then
            echo "ok   $what"
        else
            echo "FAIL $what (see $log)"
            bad=$((bad + 1))
        fi
    }
    step "scripts/install $prefix" env GRIP_LIB="$lib" scripts/install "$prefix"
    step "the install's closing hints give LUA_CPATH, LUA_PATH and GRIP_LIBRARY for the prefix" sh -c \
        'grep -qxF "  export LUA_CPATH=\"$1/lib/lua/5.4/?.so;;\"        # lua5.4: require \"grip\"" "$2" &&
         grep -qxF "  export LUA_PATH=\"$1/share/lua/5.1/?.lua;;\"      # luajit, LÖVE: require \"grip\"" "$2" &&
         grep -qxF "  export GRIP_LIBRARY=$1/lib/libgrip.so.0   # the library the LuaJIT binding loads" "$2"' \
        sh "$prefix" "$log"
    step "the installed core library is stripped, at most 576,000 bytes" sh -c \
        'size=$(stat -c %s "$1/lib/libgrip.so.0"); echo "$size bytes"; [ "$size" -le 576000 ] && ! readelf -S "$1/lib/libgrip.so.0" | grep -q "\.symtab"' \
        sh "$prefix"
    step "the installed Lua host is stripped, at most 160,000 bytes" sh -c \
        'size=$(stat -c %s "$1/lib/libgrip-lua.so.0"); echo "$size bytes"; [ "$size" -le 160000 ] && ! readelf -S "$1/lib/libgrip-lua.so.0" | grep -q "\.symtab"' \
        sh "$prefix"
    step "C example with pkg-config" sh -c '"$1" -std=c99 -Wall -Wextra -Werror -pedantic examples/c/hello.c \
        examples/c/svg.c $(pkg-config --cflags --libs grip) -lm -o "$2/hello" && "$2/hello" "$2/hello.svg"' sh "$CC" "$work"
    step "C++ example with pkg-config" sh -c '"$1" -std=c++11 -Wall -Wextra -Werror -pedantic examples/cpp/hello.cpp \
        $(pkg-config --cflags --libs grip) -o "$2/hello_cpp" && "$2/hello_cpp"' sh "$CXX" "$work"
    step "C++ ABI tests built from the prefix alone (its grip.hpp)" sh -c '"$1" -std=c99 -Wall -Wextra -Werror -pedantic \
        -c Tests/c/check.c $(pkg-config --cflags grip) -o "$3/check.o" && "$2" -std=c++11 -Wall -Wextra -Werror -pedantic \
        -ITests/c Tests/cpp/test_abi.cpp "$3/check.o" $(pkg-config --cflags --libs grip-lua) -o "$3/test_cpp" && "$3/test_cpp"' \
        sh "$CC" "$CXX" "$work"
    step "C example with find_package(grip)" sh -c \
        'cmake -S examples/c -B "$1/c" && cmake --build "$1/c" && "$1/c/hello" "$1/c.svg"' sh "$work"
    step "C++ example with find_package(grip)" sh -c \
        'cmake -S examples/cpp -B "$1/cpp" && cmake --build "$1/cpp" && "$1/cpp/hello_cpp"' sh "$work"
    if pkg-config --exists imgui sdl2; then
        step "ImGui level editor with find_package(grip) and the installed adapter" sh -c \
            'cmake -S examples/imgui -B "$1/imgui" -DGRIP_IMGUI_DIR="$2/share/grip/imgui" && cmake --build "$1/imgui" &&
             [ -x "$1/imgui/grip-imgui-editor" ]' sh "$work" "$prefix"
    fi
    if nm -D --defined-only "$(dirname "$lib")/libgrip-lua.so" | grep -qw luaopen_grip; then
        step "lua5.4: require \"grip\" from the prefix" lua5.4 -e \
            'local grip = require "grip"; assert(type(grip) == "table", "require gave no table")'
    else
        echo "skip lua5.4: require \"grip\" (libgrip-lua.so has no luaopen_grip)"
    fi
    if command -v luajit >/dev/null; then
        step "luajit: require \"grip\" (the FFI binding) from the prefix" env LUA_PATH="$prefix/share/lua/5.1/?.lua;;" \
            GRIP_LIBRARY="$prefix/lib/libgrip.so.0" luajit -e \
            'local grip = require "grip"; local e = grip.new{width = 100, height = 100}; local b = e:box{width = 20, height = 20}
             e:drag{from = {10, 10}, by = {30, 5}}; local s = b:state(); assert(s.center.x == 40 and s.center.y == 15, "moved")'
    fi
    if [ -x "$libdir/grip-cli" ]; then
        step "the CLI installed as bin/grip runs the demo session" "$prefix/bin/grip" run examples/lua/demo_session.lua
        step "the installed CLI names itself grip in its usage and errors, never grip-cli" sh -c \
            'out=$("$1/bin/grip" 2>&1; "$1/bin/grip" replay 2>&1; "$1/bin/grip" replay /no/such.log 2>&1; "$1/bin/grip" run /no/such.lua 2>&1);
             echo "$out"; echo "$out" | grep -q "^usage: grip run" && echo "$out" | grep -q "^usage: grip replay" &&
             echo "$out" | grep -q "^grip replay: /no/such.log" && echo "$out" | grep -q "^grip: cannot open /no/such.lua" &&
             ! echo "$out" | grep -q "grip-cli"' sh "$prefix"
    fi
    step "scripts/install --uninstall removes everything it wrote" sh -c \
        'scripts/install --uninstall "$1" && [ -z "$(find "$1" -mindepth 1 -print -quit)" ]' sh "$prefix"
    rm -rf "$prefix" "$work"
    record "$bad" "Install tests: $steps checks, $bad failed"
}

install_tests
