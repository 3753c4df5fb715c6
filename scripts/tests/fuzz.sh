# shellcheck shell=bash
# Suite fuzz (scripts/test fuzz): each fuzz target for GRIP_FUZZ_SECONDS (10) seconds.
rel_fuzz() {
    [ "$rel_asan" -eq 1 ] || return 0
    local t status line
    for t in abi lua scene; do
        status=0
        line=$(scripts/fuzz "${GRIP_FUZZ_SECONDS:-10}" "$t" 2>&1 | tee "$rel_out/fuzz_run_$t.log" | tail -n 1) || status=$?
        echo "$line"
        record "$status" "$line"
    done
}

need_asan
rel_fuzz
