#!/usr/bin/env bash
# Command lines: the CLI (grip-cli, installed as bin/grip) and the scripts/ commands answer
# --help and -h with their usage on standard output and exit 0, and refuse an unknown option
# with their usage on standard error and exit 2, having done nothing.
#
#   Tests/cli/test_options.sh GRIP_CLI
set -uo pipefail
cd "$(dirname "$0")/../.."
case ${1:-} in -h | --help) echo "usage: Tests/cli/test_options.sh GRIP_CLI"; exit 0 ;; esac
[ $# -eq 1 ] && [ "${1:0:1}" != - ] || { echo "usage: Tests/cli/test_options.sh GRIP_CLI" >&2; exit 2; }
cli=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
checks=0 failed=0

# expect <description> <exit status> <stream the usage is on: out|err> <command...>: the command
# exits with that status, prints "usage:" on that stream and nothing on the other.
expect() {
    local what=$1 want=$2 stream=$3 status=0
    shift 3
    checks=$((checks + 1))
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null || status=$?
    local on=$tmp/$stream other=$tmp/out
    [ "$stream" = out ] && other=$tmp/err
    if [ "$status" -eq "$want" ] && grep -qE '^usage: |scripts/[a-z]+ ' "$on" && [ ! -s "$other" ]; then
        echo "ok   $what"
    else
        echo "FAIL $what (status $status, want $want; stdout: $(head -c 200 "$tmp/out"); stderr: $(head -c 200 "$tmp/err"))"
        failed=$((failed + 1))
    fi
}

echo 'local x = 1' >"$tmp/noop.lua"
expect "grip --help: usage on stdout, exit 0" 0 out "$cli" --help
expect "grip -h: usage on stdout, exit 0" 0 out "$cli" -h
expect "grip run FILE --help: usage on stdout, exit 0, the script not run" 0 out "$cli" run "$tmp/noop.lua" --help
expect "grip replay --help: usage on stdout, exit 0" 0 out "$cli" replay --help
expect "grip with no arguments: usage on stderr, exit 2" 2 err "$cli"
expect "grip --bogus: usage on stderr, exit 2" 2 err "$cli" --bogus
expect "grip -x: usage on stderr, exit 2" 2 err "$cli" -x
expect "grip run FILE --bogus: usage on stderr, exit 2" 2 err "$cli" run "$tmp/noop.lua" --bogus
expect "grip bogus FILE: usage on stderr, exit 2" 2 err "$cli" bogus "$tmp/noop.lua"
expect "grip render FILE without --svg: usage on stderr, exit 2" 2 err "$cli" render "$tmp/noop.lua"
expect "grip replay --bogus LOG: usage on stderr, exit 2" 2 err "$cli" replay --bogus Tests/replay/logs/03-pinch.log
expect "grip replay -x: usage on stderr, exit 2" 2 err "$cli" replay -x
expect "grip replay with no log: usage on stderr, exit 2" 2 err "$cli" replay

checks=$((checks + 1))
if "$cli" run "$tmp/noop.lua" --save "$tmp/--bogus.json" --bogus >/dev/null 2>&1 || [ -e "$tmp/--bogus.json" ]; then
    echo "FAIL a refused command line writes nothing"
    failed=$((failed + 1))
else
    echo "ok   a refused command line writes nothing"
fi

# The scripts answer --help without building or installing anything, and refuse what they do
# not take before doing anything.
for s in bench build demo format fuzz gen install setup test; do
    expect "scripts/$s --help: usage on stdout, exit 0" 0 out "scripts/$s" --help
    expect "scripts/$s --bogus: refused on stderr, exit 2" 2 err "scripts/$s" --bogus
done

echo "CLI option tests: $checks checks, $failed failed"
[ "$failed" -eq 0 ]
