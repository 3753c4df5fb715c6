#!/usr/bin/env bash
# The CLI with scene files: `grip render IN.json --svg OUT.svg`, a macro editing a scene file
# (`grip run macro.lua --scene in.json --save out.json`), a scene saved unchanged reading back to
# the same bytes, and a bad file refused with its line and column.
#
#   Tests/cli/test_scene.sh GRIP_CLI
set -uo pipefail
cd "$(dirname "$0")/../.."
[ $# -eq 1 ] || { echo "usage: Tests/cli/test_scene.sh GRIP_CLI" >&2; exit 2; }
cli=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=checks.sh
source Tests/cli/checks.sh

echo 'local x = 1' >"$tmp/noop.lua"
check "a scene loads and saves through a script that changes nothing" \
    "$cli" run "$tmp/noop.lua" --scene Tests/cli/scene.json --save "$tmp/a.json"
check "saving a saved scene again gives the same bytes" \
    sh -c '"$1" run "$2/noop.lua" --scene "$2/a.json" --save "$2/b.json" && cmp "$2/a.json" "$2/b.json"' sh "$cli" "$tmp"
check "the saved scene keeps the file's bounds and user_data" \
    sh -c 'grep -q "\"bounds\": {\"width\": 640, \"height\": 400}" "$1" && grep -q "\"user_data\": \"1003\"" "$1"' sh "$tmp/a.json"
check "a macro edits a scene file" \
    "$cli" run Tests/cli/nudge.lua --scene Tests/cli/scene.json --save "$tmp/nudged.json"
check "the macro's edits are in the saved file (top-level boxes moved, the child not)" \
    sh -c 'grep -q "{\"id\": 1, \"parent\": null, \"x\": 50, \"y\": 65, " "$1" &&
           grep -q "{\"id\": 2, \"parent\": 1, \"x\": 20, \"y\": 20, " "$1" &&
           grep -q "{\"id\": 3, \"parent\": null, \"x\": 370, \"y\": 125, " "$1" &&
           [ "$(grep -c "\"editing\": true" "$1")" -eq 3 ]' sh "$tmp/nudged.json"
check "grip render IN.json --svg OUT.svg draws the scene at its bounds" \
    sh -c '"$1" render Tests/cli/scene.json --svg "$2/scene.svg" && grep -q "<svg" "$2/scene.svg" &&
           grep -q "width=\"640\"" "$2/scene.svg" && [ "$(grep -c "<circle" "$2/scene.svg")" -ge 9 ]' sh "$cli" "$tmp"
printf '{"grip_scene": 1,\n "boxes": [{"id": 1, "width": -3}]}\n' >"$tmp/bad.json"
check "a bad scene file is refused with its line and column" \
    sh -c '! "$1" render "$2/bad.json" --svg "$2/bad.svg" 2>"$2/err" &&
           grep -q "bad.json: scene: line 2, column 12: boxes\[0\]: " "$2/err" && [ ! -e "$2/bad.svg" ]' sh "$cli" "$tmp"
check "a scene that cannot be written is an error" \
    sh -c '! "$1" run "$2/noop.lua" --scene Tests/cli/scene.json --save "$2/no/such/dir/x.json" 2>/dev/null' sh "$cli" "$tmp"

summary "CLI scene tests"
