# shellcheck shell=bash
# Suite sanitize (scripts/test sanitize): with --sanitize (or when named): swift test under ASan,
# threads under TSan.
# --sanitize: the Swift suite under ASan, the thread programs under TSan.
rel_sanitize_extra() {
    [ "$rel_sanitize" -eq 1 ] || return 0
    echo "== Swift tests (ASan)"
    local status=0 line
    LSAN_OPTIONS="suppressions=$root/Tests/soak/lsan.supp" \
        run "$rel_out/swift-asan.log" swift test --sanitize=address --scratch-path .build-asan-tests || status=$?
    line=$(grep -E 'Test run with [0-9]+ tests?' "$rel_out/swift-asan.log" | tail -n 1 || true)
    record "$status" "${line:-Swift tests: swift test --sanitize=address exited with status $status} (ASan)"
    echo "== Threads (TSan)"
    status=0
    local tsan="$root/.build-tsan/debug" sw="$swift_bin/../lib/swift/linux"
    if swift build -c debug --sanitize=thread --scratch-path .build-tsan -Xswiftc -static-stdlib \
        -Xlinker "--version-script=$root/Sources/Grip/exports.map" -Xlinker -soname=libgrip.so.0 \
        --product grip >"$rel_out/tsan-build.log" 2>&1 && ln -sf libgrip.so "$tsan/libgrip.so.0" &&
        swift build -c debug --sanitize=thread --scratch-path .build-tsan -Xswiftc -static-stdlib \
            -Xlinker "--version-script=$root/Sources/GripLua/exports.map" -Xlinker -soname=libgrip-lua.so.0 -Xlinker -lgrip \
            --product grip-lua >>"$rel_out/tsan-build.log" 2>&1 && ln -sf libgrip-lua.so "$tsan/libgrip-lua.so.0" &&
        "$CLANG" -g -O1 -fsanitize=thread -pthread -IInclude -ITests/fuzz Tests/soak/threads.c Tests/fuzz/invariants.c \
            -L"$tsan" -lgrip-lua -lgrip -Wl,-rpath,"$tsan" -L"$sw" -ldispatch -lBlocksRuntime -Wl,-rpath,"$sw" -lm \
            -o "$rel_out/threads_tsan"; then
        TSAN_OPTIONS=halt_on_error=1 run "$rel_out/threads-tsan.log" "$rel_out/threads_tsan" 5000 || status=$?
        line=$(grep -E '^threads:' "$rel_out/threads-tsan.log" | tail -n 1 || true)
        record "$status" "${line:-threads: exited with status $status} (TSan)"
        # One engine from two threads: the refused thread touches nothing of the engine.
        status=0
        if "$CLANG" -std=c11 -g -O1 -fsanitize=thread -pthread -IInclude -ITests/c Tests/c/test_two_threads.c \
            Tests/c/check.c Tests/c/util.c -L"$tsan" -lgrip -Wl,-rpath,"$tsan" -L"$sw" -ldispatch -lBlocksRuntime \
            -Wl,-rpath,"$sw" -lm -o "$rel_out/two_threads_tsan"; then
            TSAN_OPTIONS=halt_on_error=1 run "$rel_out/two-threads-tsan.log" "$rel_out/two_threads_tsan" || status=$?
            line=$(grep -E '^test_two_threads:' "$rel_out/two-threads-tsan.log" | tail -n 1 || true)
            record "$status" "${line:-test_two_threads: exited with status $status} (TSan)"
        else
            record 1 "test_two_threads (TSan): did not compile"
        fi
    else
        record 1 "Threads (TSan): the ThreadSanitizer build failed (see $rel_out/tsan-build.log)"
    fi
}

rel_sanitize_extra
