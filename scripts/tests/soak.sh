# shellcheck shell=bash
# Suite soak (scripts/test soak): the soak (valgrind and native), fault injection, threads.
rel_soak() {
    echo "== Soak and threads"
    if ! "${rel_c[@]}" Tests/soak/soak.c Tests/fuzz/invariants.c "${link[@]}" -o "$rel_out/soak" ||
        ! "${rel_c[@]}" -pthread Tests/soak/threads.c Tests/fuzz/invariants.c "${link[@]}" -o "$rel_out/threads"; then
        record 1 "Soak: did not compile"
        return
    fi
    local status=0 line
    if command -v valgrind >/dev/null; then
        run "$rel_out/soak-valgrind.log" valgrind --leak-check=full --show-possibly-lost=no \
            --errors-for-leak-kinds=definite,indirect \
            --error-exitcode=99 "$rel_out/soak" 50000 10000 || status=$?
        local lost
        lost=$(grep -E 'definitely lost:|All heap blocks were freed' "$rel_out/soak-valgrind.log" | sed 's/^==[0-9]*== *//' || true)
        record "$status" "Soak under valgrind: 50,000 events, 10,000 boxes, ${lost:-no leak summary}, status $status"
    else
        record 1 "Soak under valgrind: no valgrind (scripts/setup installs it)"
    fi
    status=0
    run "$rel_out/soak.log" "$rel_out/soak" 1000000 10000 || status=$?
    line=$(grep -E '^soak: [0-9]' "$rel_out/soak.log" | tail -n 1 || true)
    record "$status" "${line:-soak: exited with status $status}"
    status=0
    if "${rel_c[@]}" -D_GNU_SOURCE Tests/soak/faults.c Tests/fuzz/invariants.c "${link[@]}" -o "$rel_out/faults"; then
        run "$rel_out/faults.log" "$rel_out/faults" || status=$?
        line=$(grep -E '^faults:' "$rel_out/faults.log" | tail -n 1 || true)
        record "$status" "${line:-faults: exited with status $status}"
    else
        record 1 "Fault injection: faults.c did not compile"
    fi
    status=0
    run "$rel_out/threads.log" "$rel_out/threads" || status=$?
    line=$(grep -E '^threads:' "$rel_out/threads.log" | tail -n 1 || true)
    record "$status" "${line:-threads: exited with status $status}"
}

rel_soak
