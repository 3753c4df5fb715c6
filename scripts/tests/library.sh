# shellcheck shell=bash
# Suite library (scripts/test library): the shipped library: size, dependencies, exports, glibc.
# library_checks: the shipped library is what the README promises: small once stripped (as
# scripts/install installs it), needing only libc, libm and liblua5.4 (and the loader), exporting
# exactly grip.h's functions and luaopen_grip, and loading on glibc 2.31 (Debian 11) and newer.
library_checks() {
    echo "== Library checks ($lib)"
    local bad=0 stripped size needed extra missing glibc
    stripped=$(mktemp)
    strip -o "$stripped" "$lib"
    size=$(stat -c %s "$stripped")
    rm -f "$stripped"
    echo "stripped size: $size bytes"
    # The budget: 0.1 with selections fit in 500 KB; keys, history, snapping, scene files and the
    # sandbox's budgets brought the library to 530–590 KB, and size work back to 478 KB (README,
    # Linking, gives the measured size; the target is 500 KB); the check holds the line at 600 KB.
    [ "$size" -le 600000 ] || { echo "FAIL: stripped libgrip.so is $size bytes (more than 600,000)"; bad=$((bad + 1)); }
    needed=$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')
    echo "needs: $needed"
    for n in $needed; do
        case $n in
            libc.so.6 | libm.so.6 | liblua5.4.so.0 | ld-linux-x86-64.so.2 | ld-linux-aarch64.so.1) ;;
            *) echo "FAIL: libgrip.so needs $n"; bad=$((bad + 1)) ;;
        esac
    done
    extra=$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -vE '^(grip_[a-z0-9_]+|luaopen_grip)$' | head -n 5 | tr '\n' ' ' || true)
    [ -z "$extra" ] || { echo "FAIL: libgrip.so also exports $extra"; bad=$((bad + 1)); }
    missing=$(comm -23 <(grep -oE '\b(grip_[a-z0-9_]+|luaopen_grip)\(' Include/grip.h | tr -d '(' | sort -u) \
                       <(nm -D --defined-only "$lib" | awk '{print $3}' | sort -u) | tr '\n' ' ' || true)
    [ -z "$missing" ] || { echo "FAIL: declared in grip.h but not exported: $missing"; bad=$((bad + 1)); }
    # Embedded Swift turns an interpolated value it cannot print (an enum, a struct) into this
    # text; the library must hold none.
    if [ "$(strings "$lib" | grep -c 'cannot print value' || true)" -gt 0 ]; then
        echo "FAIL: a message interpolates a value Embedded Swift cannot print (an enum or a struct)"; bad=$((bad + 1))
    fi
    glibc=$(objdump -T "$lib" | grep -oE 'GLIBC_[0-9]+\.[0-9]+' | sed 's/GLIBC_//' | sort -V | tail -n 1 || true)
    echo "newest glibc symbol version: ${glibc:-none}"
    if [ -n "$glibc" ] && [ "$(printf '%s\n2.31\n' "$glibc" | sort -V | tail -n 1)" != "2.31" ]; then
        echo "FAIL: libgrip.so needs glibc $glibc (newer than Debian 11's 2.31)"; bad=$((bad + 1))
    fi
    record "$bad" "Library checks: ${size} bytes stripped, needs ${needed% }, exports only the C API, glibc <= ${glibc:-?}; $bad failed"
}

library_checks
