# shellcheck shell=bash
# The check counter of the CLI test scripts (sourced): `check <description> <command...>` runs the
# command and prints ok or FAIL; `summary <label>` prints "<label>: N checks, M failed" and
# returns non-zero when any failed.
checks=0 failed=0
check() {
    local what=$1
    shift
    checks=$((checks + 1))
    if "$@"; then echo "ok   $what"; else echo "FAIL $what"; failed=$((failed + 1)); fi
}
summary() {
    echo "$1: $checks checks, $failed failed"
    [ "$failed" -eq 0 ]
}
