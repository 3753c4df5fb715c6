# shellcheck shell=bash
# Suite web (scripts/test web): the demo page (examples/web) and the binding in headless
# Chromium (Tests/web/test_browser.mjs): mouse and touch events dispatched on the canvas through
# the DevTools protocol, the engine's state, the frame and a screenshot checked. Node 20's
# WebSocket client drives the browser; the test stops everything it started.
web_tests() {
    echo "== Web page in headless Chromium"
    local wasm_lib status=0 pass fail
    if ! wasm_lib=$(scripts/build --wasm | tail -n 1) || [ ! -f "$wasm_lib" ]; then
        record 1 "Web page: scripts/build --wasm failed"
        return
    fi
    if ! command -v chromium >/dev/null 2>&1; then
        record 1 "Web page: no chromium (scripts/setup installs it)"
        return
    fi
    run "$out/web_browser.log" timeout 300 node --no-warnings --experimental-websocket --test Tests/web/test_browser.mjs || status=$?
    pass=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$out/web_browser.log" | tail -n 1)
    fail=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$out/web_browser.log" | tail -n 1)
    record "$status" "Web page: ${pass:-0} tests passed, ${fail:-?} failed (headless Chromium, status $status)$( [ "$status" -eq 0 ] || echo "; $(tap_failures "$out/web_browser.log")")"
}

web_tests
