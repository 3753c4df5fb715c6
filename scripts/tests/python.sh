# shellcheck shell=bash
# Suite python (scripts/test python): the Python binding (bindings/python, docs/python.md).
# python_tests: a virtual environment under the repository (.venv-python, made once), the package
# pip-installed into it from bindings/python with the library this run built copied in (its
# stdlib-only build backend needs no index), then Tests/python/test_*.py with unittest, run from
# outside the repository so that the installed package (and its own copy of the library) is what
# they import. Then pycrdt, pycrdt-websocket, hypercorn and httpx-ws, pinned, from the package
# index into the same venv (once), examples/multiplayer/yjs_probe.py (a loopback Y-document
# server and two client processes that sync) and examples/multiplayer/sync_test.py (the grip.yjs
# adapter: three editor processes making seeded random concurrent edits, one killed and
# restarted, a late joiner; all saved scenes byte-identical). Tests/python/test_yjs.py runs in
# the unittest pass only once pycrdt is there, so the Yjs packages are installed first.
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
    local probe="Yjs probe not run" sync="Yjs sync test not run"
    if [ "$status" -eq 0 ] && ! "$venv/bin/python" -c "import pycrdt.websocket, hypercorn, httpx_ws" 2>/dev/null; then
        run "$out/python-yjs-install.log" "$venv/bin/pip" install --quiet pycrdt==0.14.13 pycrdt-websocket==0.16.5 \
            hypercorn==0.18.0 httpx-ws==0.9.0 || { status=$?; probe="Yjs probe: pip could not install pycrdt"; }
    fi
    if [ "$status" -eq 0 ]; then
        (cd "$out" && run "$out/python.log" env -u GRIP_LIBRARY "$venv/bin/python" -m unittest discover \
            -s "$root/Tests/python" -t "$root/Tests/python" -v) || status=$?
    fi
    if [ "$status" -eq 0 ]; then
        if (cd "$out" && run "$out/python-yjs.log" timeout 60 "$venv/bin/python" "$root/examples/multiplayer/yjs_probe.py"); then
            probe="Yjs probe: 2 client processes synced"
        else
            probe="Yjs probe FAILED"
            status=1
        fi
    fi
    if [ "$status" -eq 0 ]; then
        if (cd "$out" && run "$out/python-sync.log" timeout 120 "$venv/bin/python" "$root/examples/multiplayer/sync_test.py" 1); then
            sync=$(grep '^sync_test: seed' "$out/python-sync.log" | sed 's/;.*//' || true)
        else
            sync="Yjs sync test FAILED ($out/python-sync.log)"
            status=1
        fi
    fi
    line=$(grep -E '^Ran [0-9]+ tests? in ' "$out/python.log" 2>/dev/null | tail -n 1 | sed 's/ in .*//' || true)
    record "$status" "Python binding: ${line:-no summary} (unittest, the package pip-installed into .venv-python); $probe; $sync (status $status)"
}

python_tests
