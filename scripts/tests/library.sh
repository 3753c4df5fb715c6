# shellcheck shell=bash
# Suite library (scripts/test library): the shipped libraries: size, dependencies, exports, glibc.
# library_checks: each shipped library is what the README promises: small once stripped (as
# scripts/install installs it), loading on glibc 2.31 (Debian 11) and newer, and
#   libgrip.so      needing only libc and libm (and the loader), no Lua, exporting
#                   exactly grip.h's functions;
#   libgrip-lua.so  (beside it) needing libgrip.so.0, liblua5.4, libc and libm, exporting exactly
#                   grip_lua.h's functions (grip_lua_* and luaopen_grip).

# check_library <path> <name> <most stripped bytes> <allowed NEEDED regex> <export regex> <header>:
# prints its findings, adds its failures to `bad`, and leaves its stripped size in `size` and its
# dependencies in `needed`.
check_library() {
    local path=$1 name=$2 budget=$3 allowed=$4 exports=$5 header=$6 stripped extra missing glibc n
    stripped=$(mktemp)
    strip -o "$stripped" "$path"
    size=$(stat -c %s "$stripped")
    rm -f "$stripped"
    echo "$name stripped size: $size bytes"
    [ "$size" -le "$budget" ] || { echo "FAIL: stripped $name is $size bytes (more than $budget)"; bad=$((bad + 1)); }
    needed=$(readelf -d "$path" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')
    echo "$name needs: $needed"
    for n in $needed; do
        [[ $n =~ ^($allowed|libc\.so\.6|libm\.so\.6|ld-linux-x86-64\.so\.2|ld-linux-aarch64\.so\.1)$ ]] ||
            { echo "FAIL: $name needs $n"; bad=$((bad + 1)); }
    done
    extra=$(nm -D --defined-only "$path" | awk '{print $3}' | grep -vE "^($exports)$" | head -n 5 | tr '\n' ' ' || true)
    [ -z "$extra" ] || { echo "FAIL: $name also exports $extra"; bad=$((bad + 1)); }
    missing=$(comm -23 <(grep -oE "\\b($exports)\\(" "$header" | tr -d '(' | sort -u) \
                       <(nm -D --defined-only "$path" | awk '{print $3}' | sort -u) | tr '\n' ' ' || true)
    [ -z "$missing" ] || { echo "FAIL: declared in $header but not exported by $name: $missing"; bad=$((bad + 1)); }
    # Embedded Swift turns an interpolated value it cannot print (an enum, a struct) into this
    # text; the libraries must hold none.
    if [ "$(strings "$path" | grep -c 'cannot print value' || true)" -gt 0 ]; then
        echo "FAIL: a message of $name interpolates a value Embedded Swift cannot print (an enum or a struct)"; bad=$((bad + 1))
    fi
    glibc=$(objdump -T "$path" | grep -oE 'GLIBC_[0-9]+\.[0-9]+' | sed 's/GLIBC_//' | sort -V | tail -n 1 || true)
    echo "$name newest glibc symbol version: ${glibc:-none}"
    if [ -n "$glibc" ] && [ "$(printf '%s\n2.31\n' "$glibc" | sort -V | tail -n 1)" != "2.31" ]; then
        echo "FAIL: $name needs glibc $glibc (newer than Debian 11's 2.31)"; bad=$((bad + 1))
    fi
}

library_checks() {
    echo "== Library checks ($lib)"
    local bad=0 size needed core_size core_needed lua_lib
    lua_lib="$(dirname "$lib")/libgrip-lua.so"
    # The core's budget: 0.2's one library (the Lua host inside) was 478-500 KB; 0.3's core alone,
    # scene files and multiplayer (keys, the feeds, remote apply: about 34 KB) included, is held
    # at 560 KB. It needs nothing but libc and libm.
    check_library "$lib" libgrip.so 576000 '' 'grip_[a-z0-9_]+' Include/grip.h
    case " $needed" in *" liblua"*) echo "FAIL: libgrip.so needs Lua"; bad=$((bad + 1)) ;; esac
    if [ "$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -cE '^(grip_lua_|luaopen_)' || true)" -gt 0 ]; then
        echo "FAIL: libgrip.so exports the Lua host's functions"; bad=$((bad + 1))
    fi
    core_size=$size core_needed=$needed
    # The Lua host measured 134 KB.
    check_library "$lua_lib" libgrip-lua.so 160000 'libgrip\.so\.0|liblua5\.4\.so\.0' 'grip_lua_[a-z0-9_]+|luaopen_grip' \
        Include/grip_lua.h
    record "$bad" "Library checks: libgrip.so ${core_size} bytes stripped, needs ${core_needed% }; libgrip-lua.so ${size} bytes stripped, needs ${needed% }; each exports only its C API, glibc <= 2.31; $bad failed"
}

library_checks
