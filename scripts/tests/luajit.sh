# shellcheck shell=bash
# Suite luajit (scripts/test luajit): the LuaJIT binding.
# luajit_tests: Tests/luajit/run.sh (the generated cdef checked, the binding's checks under luajit).
luajit_tests() {
    echo "== LuaJIT binding"
    local status=0 line
    run "$out/luajit.log" Tests/luajit/run.sh "$libdir" || status=$?
    line=$(grep -E '^test_[a-z_]+\.lua: [0-9]+ checks passed$' "$out/luajit.log" | tr '\n' ' ' || true)
    grep -q 'the cdef matches Include/grip.h' "$out/luajit.log" || status=1
    record "$status" "LuaJIT binding: cdef matches Include/grip.h, ${line:-no summary }(status $status)"
}

luajit_tests
