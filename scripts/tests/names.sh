# shellcheck shell=bash
# Suite names (scripts/test names): every file generated from schema/grip.toml is current.
# names_check: scripts/gen --check: grip.h's enum and struct blocks, the name tables (Sources/CNames),
# the LuaJIT tables, the Python binding's ctypes layer (bindings/python/grip/_capi.py), grip.d.ts,
# the reference tables and the Swift mirrors are what scripts/gen writes from the schema, and
# grip.h declares exactly the schema's functions.
names_check() {
    echo "== Generated names"
    local status=0 line
    run "$out/names.log" scripts/gen --check || status=$?
    line=$(grep -E '^generated: ' "$out/names.log" | tail -n 1 | sed 's/^generated: //' || true)
    record "$status" "Generated names: ${line:-scripts/gen --check failed (status $status)}"
}

names_check
