# shellcheck shell=bash
# Suite swift (scripts/test swift): the Swift Testing suites (swift test).
swift_tests() {
    echo "== Swift tests"
    if ! compgen -G "Tests/GripCoreTests/*.swift" >/dev/null; then
        summaries+=("Swift tests: none yet (no .swift files in Tests/GripCoreTests)")
        return 0
    fi
    local status=0 testing xctest
    run "$out/swift.log" swift test --scratch-path .build-tests || status=$?
    # The runners' own totals: Swift Testing's, and XCTest's when it ran anything.
    testing=$(grep -E 'Test run with [0-9]+ tests?' "$out/swift.log" | tail -n 1 || true)
    xctest=$(grep -E 'Executed [1-9][0-9]* tests?,' "$out/swift.log" | tail -n 1 || true)
    if [ -n "$testing" ]; then summaries+=("$testing"); fi
    if [ -n "$xctest" ]; then summaries+=("${xctest#"${xctest%%[![:space:]]*}"}"); fi
    if [ "$status" -ne 0 ] || [ -z "$testing$xctest" ]; then
        record "$status" "Swift tests: swift test exited with status $status"
    fi
}

swift_tests
