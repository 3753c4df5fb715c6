# shellcheck shell=bash
# Suite readme (scripts/test readme): every path the README names exists.
# readme_paths: every file the README links to or names under a top-level directory of the
# repository exists in it (out/ and .build/ are what the scripts write, not named here).
readme_paths() {
    echo "== README paths"
    local status=0
    run "$out/readme-paths.log" python3 scripts/tests/readme_paths.py || status=$?
    record "$status" "$(tail -n 1 "$out/readme-paths.log")"
}

readme_paths
