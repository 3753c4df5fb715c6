# shellcheck shell=bash
# Suite cli (scripts/test cli): the CLI with scene files, and the command lines of the CLI and the scripts.
# cli_script LOG HEADING LABEL SCRIPT: runs Tests/cli/SCRIPT against grip-cli and records its
# "LABEL: N checks, M failed" line.
cli_script() {
    local log=$1 heading=$2 label=$3 script=$4 status=0 line
    echo "== $heading"
    run "$out/$log.log" "Tests/cli/$script" "$libdir/grip-cli" || status=$?
    line=$(grep -E "^$label: [0-9]+ checks, [0-9]+ failed\$" "$out/$log.log" | tail -n 1 || true)
    record "$status" "${line:-$label: exited with status $status before its summary}"
}

# The CLI with scene files (test_scene.sh): render a scene, a macro editing a scene file, a saved
# scene reading back to the same bytes, a bad file refused.
cli_script cli_scene "CLI scene files" "CLI scene tests" test_scene.sh
# The CLI's saves replace the file whole (test_save.sh): a symbolic link at the target replaced,
# not written through; a failed or cut-short write leaving the old file byte-identical and no
# temporary file; a save over a file replacing it completely.
cli_script cli_save "CLI saves" "CLI save tests" test_save.sh
# --help and unknown options of the CLI and the scripts (test_options.sh).
cli_script cli_options "CLI options" "CLI option tests" test_options.sh
