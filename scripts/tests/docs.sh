# shellcheck shell=bash
# Suite docs (scripts/test docs, the last suite): every count README.md, CHANGELOG.md and docs/
# state with a <!-- count:NAME --> marker equals what the suites printed earlier in the same run
# (scripts/tests/doc_counts.py; a count whose suite did not run is skipped, and the line says so).
docs_counts() {
    echo "== Documented counts"
    local status=0
    printf '%s\n' "${summaries[@]}" >"$out/summaries.txt"
    run "$out/doc-counts.log" python3 scripts/tests/doc_counts.py "$out/summaries.txt" "${suites[@]}" || status=$?
    record "$status" "$(tail -n 1 "$out/doc-counts.log")"
}

docs_counts
