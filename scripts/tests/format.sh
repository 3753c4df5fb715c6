# shellcheck shell=bash
# Suite format (scripts/test format): every Swift, C and C++ source is as scripts/format leaves it.
format_check() {
    echo "== Formatting"
    local status=0 line
    run "$out/format.log" scripts/format --check || status=$?
    line=$(grep -E '^format: ' "$out/format.log" | tail -n 1 | sed 's/^format: //' || true)
    record "$status" "Formatting: ${line:-scripts/format --check failed (status $status)}"
}

format_check
