# shellcheck shell=bash
# Suite python (scripts/test python): the Python binding (bindings/python, docs/python.md).
# python_tests: a virtual environment under the repository (.venv-python, made once), the package
# pip-installed into it from bindings/python with the library this run built copied in (its
# stdlib-only build backend needs no index), then Tests/python/test_*.py with unittest, run from
# outside the repository so that the installed package (and its own copy of the library) is what
# they import.
python_tests() {
    echo "== Python binding"
    local status=0 venv="$root/.venv-python" line
    if [ ! -x "$venv/bin/python" ]; then
        run "$out/python-venv.log" python3 -m venv "$venv" || status=$?
    fi
    if [ "$status" -eq 0 ]; then
        GRIP_LIBRARY="$lib" run "$out/python-install.log" "$venv/bin/pip" install --no-index --force-reinstall \
            --quiet "$root/bindings/python" || status=$?
    fi
    if [ "$status" -eq 0 ]; then
        (cd "$out" && run "$out/python.log" env -u GRIP_LIBRARY "$venv/bin/python" -m unittest discover \
            -s "$root/Tests/python" -t "$root/Tests/python" -v) || status=$?
    fi
    line=$(grep -E '^Ran [0-9]+ tests? in ' "$out/python.log" 2>/dev/null | tail -n 1 | sed 's/ in .*//' || true)
    record "$status" "Python binding: ${line:-no summary} (unittest, the package pip-installed into .venv-python; status $status)"
}

python_tests
