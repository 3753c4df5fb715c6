# shellcheck shell=bash
# Suite architecture (scripts/test architecture): no code of Sources/GripCore reaches into another
# room's state (the box records, the interactions' storage, the frame builder's state, raw record
# pointers, unsafe pointers, the bounds tree's and the snap index's internals) outside the files
# its rule allows (scripts/tests/architecture.py, the table of rules).
# The check also runs on a copy of the core with one breach of each rule written into a file no
# rule allows, and must find each of them there (so a rule that stopped matching fails the suite).
architecture_check() {
    echo "== Architecture"
    local status=0 line copy found
    run "$out/architecture.log" python3 scripts/tests/architecture.py || status=$?
    line=$(grep -E '^architecture: ' "$out/architecture.log" | tail -n 1 | sed 's/^architecture: //' || true)
    copy="$out/architecture-breached"
    rm -rf "$copy" && mkdir -p "$copy/Sources"
    cp -r Sources/GripCore "$copy/Sources/"
    cat >"$copy/Sources/GripCore/Breaches.swift" <<'SWIFT'
let breach1 = engine.interactions.active[0]
let breach2 = engine.scene.slots.count
let breach3 = slots[0]
let breach4 = engine.scene.pages.address(3)
let breach5 = UnsafeMutablePointer<Int>.allocate(capacity: 1)
let breach6 = tree.nodes.count
let breach7 = engine.snapping.index.count // a comment naming interactions.active is no breach
let breach8 = engine.frameState.vertices.count
SWIFT
    found=$(python3 scripts/tests/architecture.py "$copy" | grep -c "^Sources/GripCore/Breaches.swift:" || true)
    if [ "$found" != 8 ]; then
        echo "FAIL: the rules found $found of 8 breaches written into a copy of the core" >&2
        status=1
    fi
    record "$status" "Architecture: ${line:-scripts/tests/architecture.py failed (status $status)}; $found of 8 written breaches found"
}

architecture_check
