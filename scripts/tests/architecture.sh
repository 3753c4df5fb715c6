# shellcheck shell=bash
# Suite architecture (scripts/test architecture): no code of Sources/GripCore reaches into another
# room's state (the box records, raw record pointers, unsafe pointers, the bounds tree's and the
# snap index's internals) outside the files its rule allows (scripts/tests/architecture.py, the
# table of rules).
architecture_check() {
    echo "== Architecture"
    local status=0 line
    run "$out/architecture.log" python3 scripts/tests/architecture.py || status=$?
    line=$(grep -E '^architecture: ' "$out/architecture.log" | tail -n 1 | sed 's/^architecture: //' || true)
    record "$status" "Architecture: ${line:-scripts/tests/architecture.py failed (status $status)}"
}

architecture_check
