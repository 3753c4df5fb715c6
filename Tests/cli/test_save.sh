#!/usr/bin/env bash
# The CLI's saves replace the file they name whole: `--save` and `--svg` write a temporary file
# beside the target and rename it over the target, so a failed write leaves the old file
# byte-identical, a symbolic link at the target is replaced (its target untouched), and no
# temporary file is left behind.
#
#   Tests/cli/test_save.sh GRIP_CLI
set -uo pipefail
cd "$(dirname "$0")/../.."
[ $# -eq 1 ] || { echo "usage: Tests/cli/test_save.sh GRIP_CLI" >&2; exit 2; }
cli=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=checks.sh
source Tests/cli/checks.sh
# only <dir> <names...>: dir holds exactly these names (no temporary file left beside them).
only() {
    local dir=$1
    shift
    [ "$(cd "$dir" && ls -A | LC_ALL=C sort | tr '\n' ' ')" = "$(printf '%s\n' "$@" | LC_ALL=C sort | tr '\n' ' ')" ]
}

echo 'local x = 1' >"$tmp/noop.lua"
"$cli" run "$tmp/noop.lua" --scene Tests/cli/scene.json --save "$tmp/expected.json" ||
    { echo "FAIL the reference save"; check "--help says a symbolic link at the path is replaced, not written through" \
    sh -c '"$1" --help | grep -q "A symbolic link at that path is replaced by"' sh "$cli"

echo "CLI save tests: 1 checks, 1 failed"; exit 1; }

# A save over a symbolic link replaces the link; the file it pointed to keeps its bytes.
mkdir "$tmp/link"
printf 'the link target\n' >"$tmp/link/target.json"
ln -s target.json "$tmp/link/doc.json"
check "a save over a symbolic link succeeds" \
    "$cli" run "$tmp/noop.lua" --scene Tests/cli/scene.json --save "$tmp/link/doc.json"
check "the link's target is untouched" \
    sh -c '[ "$(cat "$1")" = "the link target" ]' sh "$tmp/link/target.json"
check "the path is now a regular file holding the new scene" \
    sh -c '[ -f "$1" ] && [ ! -L "$1" ] && cmp -s "$1" "$2"' sh "$tmp/link/doc.json" "$tmp/expected.json"
check "no temporary file is left beside them" only "$tmp/link" doc.json target.json

# A save over an existing, larger file replaces it completely, keeps its permissions, and loads
# back.
mkdir "$tmp/over"
{ cat "$tmp/expected.json"; head -c 100000 /dev/zero | tr '\0' ' '; printf 'trailing junk\n'; } >"$tmp/over/doc.json"
chmod 600 "$tmp/over/doc.json"
check "a save over an existing file succeeds" \
    "$cli" run Tests/cli/nudge.lua --scene Tests/cli/scene.json --save "$tmp/over/doc.json"
check "the old file is replaced completely (nothing of its tail is left)" \
    sh -c '! grep -q "trailing junk" "$1" && [ "$(wc -c <"$1")" -lt 100000 ]' sh "$tmp/over/doc.json"
check "the replaced file loads back and saves to the same bytes" \
    sh -c '"$1" run "$2/noop.lua" --scene "$2/over/doc.json" --save "$2/over/again.json" &&
           cmp -s "$2/over/doc.json" "$2/over/again.json"' sh "$cli" "$tmp"
check "the replaced file holds the macro's edit" \
    grep -q '{"id": 1, "parent": null, "x": 50, "y": 65, ' "$tmp/over/doc.json"
check "the replaced file keeps the old file's permissions (0600)" \
    sh -c '[ "$(stat -c %a "$1")" = 600 ]' sh "$tmp/over/doc.json"
check "a new file is created with 0666 less the umask (umask 027: 0640)" \
    sh -c 'umask 027 && "$1" run "$2/noop.lua" --scene Tests/cli/scene.json --save "$2/over/new.json" &&
           [ "$(stat -c %a "$2/over/new.json")" = 640 ]' sh "$cli" "$tmp"

# A write cut short (the file size limit below the scene's size: write fails with EFBIG) leaves
# the old file byte-identical and the directory as it was. The script adds boxes so the document
# is well past the 1 KiB limit.
echo 'for i = 1, 40 do grip.host:box{x = i * 10.5, y = i * 3.25, width = 20, height = 20, editing = true} end' >"$tmp/grow.lua"
mkdir "$tmp/short"
cp "$tmp/expected.json" "$tmp/short/doc.json"
printf 'edited\n' >>"$tmp/short/doc.json"
cp "$tmp/short/doc.json" "$tmp/short.before"
check "a save cut short by the file size limit fails with a message naming the path" \
    sh -c '( ulimit -f 1; trap "" XFSZ; exec "$1" run "$2/grow.lua" --scene Tests/cli/scene.json --save "$2/short/doc.json" ) 2>"$2/err"
           [ $? -eq 1 ] && grep -q "^grip: cannot write $2/short/doc.json: write: " "$2/err"' sh "$cli" "$tmp"
check "the old file is byte-identical after the cut-short save" cmp -s "$tmp/short/doc.json" "$tmp/short.before"
check "the cut-short save leaves no temporary file" only "$tmp/short" doc.json
check "an SVG cut short the same way leaves the old SVG byte-identical" \
    sh -c 'printf "old picture\n" >"$2/short/pic.svg" &&
           ! ( ulimit -f 1; trap "" XFSZ; exec "$1" render Tests/cli/scene.json --svg "$2/short/pic.svg" ) 2>"$2/err" &&
           grep -q "^grip: cannot write $2/short/pic.svg: " "$2/err" && [ "$(cat "$2/short/pic.svg")" = "old picture" ]' sh "$cli" "$tmp"
check "the cut-short SVG leaves no temporary file" only "$tmp/short" doc.json pic.svg

# A target that is a directory cannot be replaced: an error naming it, the directory as it was.
mkdir -p "$tmp/dir/doc.json"
printf 'inside\n' >"$tmp/dir/doc.json/keep"
check "a save onto a directory fails with a message naming the path" \
    sh -c '! "$1" run "$2/noop.lua" --scene Tests/cli/scene.json --save "$2/dir/doc.json" 2>"$2/err" &&
           grep -q "^grip: cannot write $2/dir/doc.json: rename: " "$2/err"' sh "$cli" "$tmp"
check "the directory is as it was and no temporary file is left" \
    sh -c '[ -d "$1/doc.json" ] && [ "$(cat "$1/doc.json/keep")" = inside ] && [ "$(ls -A "$1")" = doc.json ]' sh "$tmp/dir"

# A directory the CLI cannot write into (read-only; root writes there anyway, so this one uses a
# path under a regular file for root) fails before anything is written.
mkdir "$tmp/ro"
cp "$tmp/short.before" "$tmp/ro/doc.json"
if [ "$(id -u)" -ne 0 ]; then
    chmod a-w "$tmp/ro"
    check "a save into a read-only directory fails with a message and the old file byte-identical" \
        sh -c '! "$1" run "$2/noop.lua" --scene Tests/cli/scene.json --save "$2/ro/doc.json" 2>"$2/err" &&
               grep -q "^grip: cannot write $2/ro/doc.json: create: " "$2/err" &&
               cmp -s "$2/ro/doc.json" "$2/short.before" && [ "$(ls -A "$2/ro")" = doc.json ]' sh "$cli" "$tmp"
    chmod u+w "$tmp/ro"
else
    check "a save under a path whose directory is a regular file fails with a message" \
        sh -c '! "$1" run "$2/noop.lua" --scene Tests/cli/scene.json --save "$2/ro/doc.json/x.json" 2>"$2/err" &&
               grep -q "^grip: cannot write $2/ro/doc.json/x.json: create: " "$2/err" &&
               cmp -s "$2/ro/doc.json" "$2/short.before" && [ "$(ls -A "$2/ro")" = doc.json ]' sh "$cli" "$tmp"
fi

check "--help says a symbolic link at the path is replaced, not written through" \
    sh -c '"$1" --help | grep -q "A symbolic link at that path is replaced by"' sh "$cli"

summary "CLI save tests"
