# shellcheck shell=bash
# Suite names (scripts/test names): the generated name tables are current.
# names_check: the generated name tables and field map (Sources/CNames) are what scripts/gen-names
# makes of Include/grip.h and names.txt, and cover every enum and grip_box_desc field of grip.h.
names_check() {
    echo "== Generated names"
    local status=0 line
    run "$out/names.log" scripts/gen-names --check || status=$?
    line=$(grep -E '^names: ' "$out/names.log" | tail -n 1 | sed 's/^names: //' || true)
    record "$status" "Generated names: ${line:-scripts/gen-names --check failed (status $status)}"
}

names_check
