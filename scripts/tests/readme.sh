# shellcheck shell=bash
# Suite readme (scripts/test readme): every path README.md, CHANGELOG.md and docs/ name exists,
# and their C examples compile.
# readme_paths: every file those pages link to or name under a top-level directory of the
# repository exists in it (out/ and .build/ are what the scripts write, not named here).
readme_paths() {
    echo "== README and docs paths"
    local status=0
    run "$out/readme-paths.log" python3 scripts/tests/readme_paths.py || status=$?
    record "$status" "$(tail -n 1 "$out/readme-paths.log")"
}

# doc_examples: every C example of README.md and docs/*.md that begins with #include compiles
# (C99, warnings as errors) against Include/grip.h.
doc_examples() {
    echo "== README and docs C examples"
    local status=0
    CC="$CC" run "$out/doc-examples.log" python3 scripts/tests/doc_examples.py "$out/doc-examples" || status=$?
    record "$status" "$(tail -n 1 "$out/doc-examples.log")"
}

readme_paths
doc_examples
