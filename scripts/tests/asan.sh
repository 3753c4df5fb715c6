# shellcheck shell=bash
# Suite asan (scripts/test asan): the C, C++ and Lua tests against the ASan + UBSan library.
# C, C++ and Lua tests against the ASan + UBSan library.
rel_asan_tests() {
    [ "$rel_asan" -eq 1 ] || return 0
    local san=(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fuse-ld=lld)
    local slink=(-L"$asanlib" -lgrip-lua -lgrip -Wl,-rpath,"$asanlib" -lm)
    local status line
    echo "== C ABI tests (ASan + UBSan)"
    status=0
    if "$CLANG" -std=c99 -g -O1 "${san[@]}" -IInclude -ITests/c Tests/c/test_abi.c Tests/c/suite_*.c \
        Tests/c/check.c Tests/c/util.c "${slink[@]}" -o "$rel_out/test_abi_asan"; then
        run "$rel_out/test_abi_asan.log" "$rel_out/test_abi_asan" || status=$?
        line=$(grep -E '^[^:]+: [0-9]+ checks, [0-9]+ failed$' "$rel_out/test_abi_asan.log" | tail -n 1 || true)
        record "$status" "${line:-C ABI tests: exited with status $status} (ASan + UBSan)"
    else
        record 1 "C ABI tests (ASan + UBSan): did not compile"
    fi
    echo "== C ABI 0.1 compatibility (ASan + UBSan)"
    status=0
    if "$CLANG" -std=c99 -g -O1 "${san[@]}" -ITests/abi-0.1 Tests/abi-0.1/test_abi01.c "${slink[@]}" \
        -o "$rel_out/test_abi01_asan"; then
        run "$rel_out/test_abi01_asan.log" "$rel_out/test_abi01_asan" || status=$?
        line=$(grep -E '^[^:]+: [0-9]+ checks, [0-9]+ failed$' "$rel_out/test_abi01_asan.log" | tail -n 1 || true)
        record "$status" "${line:-C ABI 0.1 compatibility: exited with status $status} (ASan + UBSan)"
    else
        record 1 "C ABI 0.1 compatibility (ASan + UBSan): did not compile"
    fi
    echo "== C++ ABI tests (ASan + UBSan)"
    status=0
    if "$CLANG" -std=c99 -g -O1 "${san[@]}" -IInclude -c Tests/c/check.c -o "$rel_out/check_asan.o" &&
        "$CLANG"++ -std=c++11 -g -O1 "${san[@]}" -IInclude -ITests/c Tests/cpp/*.cpp "$rel_out/check_asan.o" \
            "${slink[@]}" -o "$rel_out/test_abi_cpp_asan" 2>/dev/null; then
        run "$rel_out/test_abi_cpp_asan.log" "$rel_out/test_abi_cpp_asan" || status=$?
        line=$(grep -E '^[^:]+: [0-9]+ checks, [0-9]+ failed$' "$rel_out/test_abi_cpp_asan.log" | tail -n 1 || true)
        record "$status" "${line:-C++ ABI tests: exited with status $status} (ASan + UBSan)"
    else
        echo "skip: clang++ cannot build the C++ ABI tests with sanitizers here"
    fi
    echo "== Host calls around a Lua state (ASan + UBSan)"
    status=0
    if "$CLANG" -std=c99 -g -O1 "${san[@]}" -IInclude Tests/c/test_host_calls.c "${slink[@]}" -lpthread \
        -o "$rel_out/test_host_calls_asan"; then
        run "$rel_out/test_host_calls_asan.log" "$rel_out/test_host_calls_asan" || status=$?
        line=$(grep -E '^[^:]+: [0-9]+ checks, [0-9]+ failed$' "$rel_out/test_host_calls_asan.log" | tail -n 1 || true)
        record "$status" "${line:-test_host_calls: exited with status $status} (ASan + UBSan)"
    else
        record 1 "test_host_calls (ASan + UBSan): did not compile"
    fi
    if compgen -G "Tests/lua/*.lua" >/dev/null && command -v lua5.4 >/dev/null; then
        echo "== Lua tests (ASan)"
        # lua5.4 is not instrumented: the ASan runtime is preloaded, and so are the libraries, so
        # that lua_close's dlclose does not unload them before the leak check reads its stacks.
        local rt bad=0 total=0 t
        rt=$("$CLANG" -print-file-name=libclang_rt.asan-x86_64.so)
        mkdir -p "$rel_out/lua"
        ln -sf "$asanlib/libgrip-lua.so" "$rel_out/lua/grip.so"
        for t in Tests/lua/*.lua; do
            total=$((total + 1))
            if ! LD_PRELOAD="$rt $asanlib/libgrip.so $asanlib/libgrip-lua.so" LUA_CPATH="$rel_out/lua/?.so;;" lua5.4 "$t" \
                >"$rel_out/lua_asan.log" 2>&1; then
                echo "FAIL $t"; grep -E 'ERROR|SUMMARY|runtime error' "$rel_out/lua_asan.log" | head -n 5
                bad=$((bad + 1))
            fi
        done
        record "$bad" "Lua tests (ASan): $total scripts, $bad failed"
    fi
}

need_asan
rel_asan_tests
