# shellcheck shell=bash
# Suite replay (scripts/test replay): the golden replay logs, byte-identical.
# Golden event logs: every run byte-identical to .expected, on release (twice) and debug (ASan).
# The CLI's replay (the same C code, linked into grip-cli with the core statically).
cli_replay() { "$libdir/grip-cli" replay "$@"; }

rel_replay() {
    echo "== Golden replays"
    if ! "${rel_c[@]}" -ISources/GripReplay/include -ISources/CNames/include Sources/GripReplay/replay.c Sources/CNames/names.c Tests/replay/main.c "${link[@]}" -o "$rel_out/replay"; then
        record 1 "Golden replays: replay.c did not compile"
        return
    fi
    local builds="release x2" asan_replay="" n=0 bad=0 log exp
    if [ "$rel_asan" -eq 1 ]; then
        if "$CLANG" -std=c99 -g -O1 -fsanitize=address,undefined -fuse-ld=lld -IInclude -ISources/GripReplay/include -ISources/CNames/include Sources/GripReplay/replay.c Sources/CNames/names.c Tests/replay/main.c \
            -L"$asanlib" -lgrip -Wl,-rpath,"$asanlib" -lm -o "$rel_out/replay_asan"; then
            asan_replay="$rel_out/replay_asan"
            builds="release x2, debug (ASan)"
        else
            echo "FAIL: replay.c did not compile with sanitizers"
            bad=1
        fi
    fi
    for log in Tests/replay/logs/*.log; do
        exp=${log%.log}.expected
        n=$((n + 1))
        if [ "$rel_update" -eq 1 ]; then "$rel_out/replay" "$log" >"$exp"; fi
        local ok=1 prog
        for prog in "$rel_out/replay" "$rel_out/replay" $asan_replay cli_replay; do
            if ! "$prog" "$log" >"$rel_out/replay.out" 2>&1 || ! cmp -s "$rel_out/replay.out" "$exp"; then
                echo "FAIL $log with $prog:"
                diff "$exp" "$rel_out/replay.out" | head -n 6 || true
                ok=0
            fi
        done
        [ "$ok" -eq 1 ] || bad=$((bad + 1))
    done
    record "$bad" "Golden replays: $n logs, $builds, grip-cli replay, $bad differ"
}

need_asan
rel_replay
