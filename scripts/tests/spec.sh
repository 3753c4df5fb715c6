# shellcheck shell=bash
# Suite spec (scripts/test spec): every test docs/specification.md names exists in the tree.
# spec_refs: each Swift test, C case, Lua script and golden log a behaviour line of the
# specification cites is found (scripts/tests/spec_refs.py says how each kind is looked for).
spec_refs() {
    echo "== Specification test references"
    local status=0
    run "$out/spec-refs.log" python3 scripts/tests/spec_refs.py || status=$?
    record "$status" "$(tail -n 1 "$out/spec-refs.log")"
}

spec_refs
