# shellcheck shell=bash
# Suite cli (scripts/test cli): the CLI with scene files, and the command lines of the CLI and the scripts.
# cli_scene_test: the CLI with scene files (Tests/cli/test_scene.sh): render a scene, a macro
# editing a scene file, a saved scene reading back to the same bytes, a bad file refused.
cli_scene_test() {
    echo "== CLI scene files"
    local status=0 line
    run "$out/cli_scene.log" Tests/cli/test_scene.sh "$libdir/grip-cli" || status=$?
    line=$(grep -E '^CLI scene tests: [0-9]+ checks, [0-9]+ failed$' "$out/cli_scene.log" | tail -n 1 || true)
    record "$status" "${line:-CLI scene tests: exited with status $status before its summary}"
}

cli_scene_test

# cli_save_test: the CLI's saves replace the file whole (Tests/cli/test_save.sh): a symbolic link
# at the target replaced, not written through; a failed or cut-short write leaving the old file
# byte-identical and no temporary file; a save over a file replacing it completely.
cli_save_test() {
    echo "== CLI saves"
    local status=0 line
    run "$out/cli_save.log" Tests/cli/test_save.sh "$libdir/grip-cli" || status=$?
    line=$(grep -E '^CLI save tests: [0-9]+ checks, [0-9]+ failed$' "$out/cli_save.log" | tail -n 1 || true)
    record "$status" "${line:-CLI save tests: exited with status $status before its summary}"
}

cli_save_test

# cli_options_test: --help and unknown options of the CLI and the scripts (Tests/cli/test_options.sh).
cli_options_test() {
    echo "== CLI options"
    local status=0 line
    run "$out/cli_options.log" Tests/cli/test_options.sh "$libdir/grip-cli" || status=$?
    line=$(grep -E '^CLI option tests: [0-9]+ checks, [0-9]+ failed$' "$out/cli_options.log" | tail -n 1 || true)
    record "$status" "${line:-CLI option tests: exited with status $status before its summary}"
}

cli_options_test
