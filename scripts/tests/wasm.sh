# shellcheck shell=bash
# Suite wasm (scripts/test wasm): the web library (scripts/build --wasm). Tests/c's ABI program,
# built for wasm32-wasi against the wasm libgrip.a with clang's default link, run under Node's
# WASI (Tests/wasm/run_wasi.mjs): the 32-bit target every native run hides (Int is 32 bits, and
# function pointers are small table indices), under wasmkit; the first-constraint program under
# Node's WASI. Lua is not in the web library, so the program is
# built with GRIP_NO_LUA; each suite runs in the program itself (WASI has no fork). Then the
# JavaScript binding (bindings/web/grip.mjs) under Node's test runner (Tests/wasm/test_*.mjs).
wasm_tests() {
    echo "== WebAssembly (wasm32-wasi under Node)"
    local wasm_lib wasm_dir status=0 line
    if ! wasm_lib=$(scripts/build --wasm | tail -n 1) || [ ! -f "$wasm_lib" ]; then
        record 1 "WASI C ABI tests: scripts/build --wasm failed"
        return
    fi
    wasm_dir=$(dirname "$wasm_lib")
    if ! "$wasm_dir/wasi-cc" -std=c99 "${warn[@]}" -O0 -DGRIP_NO_LUA -IInclude -ITests/c Tests/c/test_abi.c \
        Tests/c/suite_*.c Tests/c/check.c Tests/c/util.c -L"$wasm_dir" -lgrip -lm -o "$out/test_abi.wasm"; then
        record 1 "WASI C ABI tests: did not compile"
        return
    fi
    # The ABI program runs under wasmkit, the Swift toolchain's WASI runtime: Node 20 crashed
    # (SIGSEGV in V8, after the program's summary had printed, whether its exit returned or
    # unwound) in about one run of eight of this long program. The small programs below, and
    # the binding, still run under Node.
    run "$out/test_abi_wasm.log" "$(dirname "$(command -v swiftc)")/wasmkit" run "$out/test_abi.wasm" || status=$?
    line=$(grep -E '^C ABI tests: [0-9]+ checks, [0-9]+ failed$' "$out/test_abi_wasm.log" | tail -n 1 || true)
    record "$status" "${line:+WASI }${line:-WASI C ABI tests: exited with status $status before its summary}"
    # A constraint function at table index 1 (the first address the program takes).
    status=0
    if "$wasm_dir/wasi-cc" -std=c99 "${warn[@]}" -O0 -DGRIP_NO_LUA -IInclude -ITests/c Tests/wasm/first_constraint.c         Tests/c/check.c -L"$wasm_dir" -lgrip -lm -o "$out/first_constraint.wasm"; then
        run "$out/first_constraint.log" node --no-warnings --experimental-wasi-unstable-preview1 Tests/wasm/run_wasi.mjs \
            "$out/first_constraint.wasm" || status=$?
        line=$(grep -E '^first constraint: [0-9]+ checks, [0-9]+ failed$' "$out/first_constraint.log" | tail -n 1 || true)
        record "$status" "WASI ${line:-first constraint: exited with status $status before its summary}"
    else
        record 1 "WASI first constraint: did not compile"
    fi
    # The JavaScript binding over grip.wasm, with Node's own test runner.
    echo "== Web binding (node --test)"
    status=0
    GRIP_WASM=$wasm_lib run "$out/web_binding.log" node --test Tests/wasm/test_*.mjs || status=$?
    local pass fail
    pass=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$out/web_binding.log" | tail -n 1)
    fail=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$out/web_binding.log" | tail -n 1)
    record "$status" "Web binding: ${pass:-0} tests passed, ${fail:-?} failed (node --test, status $status)$( [ "$status" -eq 0 ] || echo "; $(tap_failures "$out/web_binding.log")")"
}

wasm_tests
