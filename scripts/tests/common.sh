# shellcheck shell=bash
# Shared by the suites of scripts/test, which sources this file in the repository's root after
# building the library (lib, libdir, rel_sanitize and rel_update are the driver's): the paths and
# compilers, recording summary lines, running a program with its output kept, the helpers more
# than one suite uses, and what the reliability suites share (the ASan + UBSan library, built
# once by the first suite that needs it).
out="$root/.build-abi"          # the compiled C / C++ test programs
mkdir -p "$out"
CC=${CC:-cc} CXX=${CXX:-c++}
warn=(-Wall -Wextra -Werror -pedantic)
# A program over grip.h links libgrip-lua.so (the Lua host, grip_lua.h) and libgrip.so.
link=(-L"$libdir" -lgrip-lua -lgrip -Wl,-rpath,"$libdir" -lm)

summaries=()
failed=0

# record <exit status> <summary line>
record() {
    summaries+=("$2")
    if [ "$1" -ne 0 ]; then failed=1; fi
}

# tap_failures <log file>: the first failing test of a node --test log and its error, on one
# line (empty when none failed), so that a summary says what failed without the whole log.
tap_failures() {
    awk '/^ *not ok / && !name { sub(/^ *not ok [0-9]+ - /, ""); name = $0; next }
         name && /^ *error: / { sub(/^ *error: /, ""); print "first: " name ": " $0; done = 1; exit }
         END { if (name && !done) print "first: " name }' "$1" | head -c 400
}

# run <log file> <command...>: runs it with its output shown and kept; returns its status.
run() {
    local log=$1
    shift
    set +e
    "$@" 2>&1 | tee "$log"
    local status=${PIPESTATUS[0]}
    set -e
    return "$status"
}

# abi_test <name> <label> <compile command...>: compiles, runs, keeps the program's summary line.
abi_test() {
    local name=$1 label=$2
    shift 2
    echo "== $label"
    if ! "$@" -o "$out/$name"; then
        record 1 "$label: did not compile"
        return
    fi
    local status=0 line
    run "$out/$name.log" "$out/$name" || status=$?
    line=$(grep -E '^[^:]+: [0-9]+ checks, [0-9]+ failed$' "$out/$name.log" | tail -n 1 || true)
    record "$status" "${line:-$label: exited with status $status before its summary}"
}

# The C check framework, compiled as C for the C++ programs ($out/check.o); once per run.
check_o_built=0
build_check_o() {
    "$CC" -std=c99 "${warn[@]}" -g -IInclude -c Tests/c/check.c -o "$out/check.o" && check_o_built=1
}
ensure_check_o() { [ "$check_o_built" -eq 1 ] || build_check_o; }

# png_not_blank <png> <log>: decodes an 8-bit RGB or RGBA PNG and passes when it has many colours
# and no one colour covers most of it (a blank or single-colour window fails).
png_not_blank() {
    run "$2" python3 scripts/tests/png_not_blank.py "$1"
}

# ---- Shared by the reliability suites (regressions, runtime, replay, asan, soak, sanitize, fuzz) ----
rel_out="$root/.build-reliability"
mkdir -p "$rel_out"
rel_c=("$CC" -std=c99 "${warn[@]}" -D_DEFAULT_SOURCE -O2 -g -IInclude -ITests/fuzz)
# The shipped library's build (Embedded Swift), debug, with ASan + UBSan (scripts/build --asan):
# what the sanitized C, C++, Lua and replay programs run against. The fuzzers use scripts/fuzz's
# own library (the runtime build, debug, whose exclusivity checks Embedded Swift does not have).
asanlib=""
rel_asan=0                                  # whether that library and clang's sanitizers are usable
# The clang beside swift: the Swift toolchain ships libFuzzer and the sanitizer runtimes.
swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
CLANG=${CLANG:-$( [ -x "$swift_bin/clang" ] && echo "$swift_bin/clang" || command -v clang || echo clang)}

# Builds the sanitizer library and harnesses once; records a skip when the toolchain cannot.
rel_build_asan() {
    echo "== Building the ASan + UBSan libraries (scripts/fuzz --build, scripts/build --asan debug)"
    local status=0 lib
    run "$rel_out/fuzz-build.log" scripts/fuzz --build || status=$?
    if [ "$status" -eq 0 ]; then
        if ! lib=$(scripts/build --asan debug 2>"$rel_out/asan-build.log"); then
            tail -n 20 "$rel_out/asan-build.log"
            record 1 "Sanitizers: scripts/build --asan debug failed"
            return
        fi
        asanlib=$(dirname "$lib")
    fi
    if [ "$status" -eq 77 ]; then
        record 0 "Sanitizers and fuzzing: skipped, $(tail -n 1 "$rel_out/fuzz-build.log")"
    elif [ "$status" -ne 0 ]; then
        record 1 "Sanitizers and fuzzing: scripts/fuzz --build failed (status $status)"
    else
        rel_asan=1
    fi
}

# need_asan: builds the sanitizer libraries once per run (rel_build_asan) before a suite that uses them.
asan_checked=0
need_asan() {
    [ "$asan_checked" -eq 1 ] && return 0
    asan_checked=1
    rel_build_asan
}
