# shellcheck shell=bash
# Suite runtime (scripts/test runtime): the runtime build: the C suites and the error messages, the
# same as the shipped build.
# The normal (runtime) build, for comparison with the shipped Embedded Swift one: the C and C++
# suites against it, and every failure message the fuzz harnesses see over the regression inputs
# and corpora, which must read the same from both builds (a value Embedded Swift cannot print
# would show here).
compare_builds() {
    echo "== The runtime build: C suites and error messages"
    local rlib rdir t files bad=0 n
    if ! rlib=$(scripts/build --runtime); then
        record 1 "Runtime build: scripts/build --runtime failed"
        return
    fi
    rdir=$(dirname "$rlib")
    local rlink=(-L"$rdir" -lgrip-lua -lgrip -Wl,-rpath,"$rdir" -lm)
    abi_test test_abi_runtime "C ABI tests (runtime build)" \
        "$CC" -std=c99 "${warn[@]}" -g -IInclude -ITests/c Tests/c/test_abi.c Tests/c/suite_*.c \
        Tests/c/check.c Tests/c/util.c "${rlink[@]}"
    abi_test test_abi_cpp_runtime "C++ ABI tests (runtime build)" \
        "$CXX" -std=c++11 "${warn[@]}" -g -IInclude -ITests/c Tests/cpp/*.cpp "$out/check.o" "${rlink[@]}"
    for t in abi lua scene; do
        if ! "${rel_c[@]}" -DGRIP_FUZZ_STANDALONE Tests/fuzz/fuzz_$t.c Tests/fuzz/invariants.c "${rlink[@]}" \
            -o "$rel_out/fuzz_${t}_runtime"; then
            record 1 "Error messages: fuzz_$t.c did not compile against the runtime build"
            return
        fi
        files=()
        for f in Tests/fuzz/regressions/$t-* Tests/fuzz/corpus_$t/*; do [ -f "$f" ] && files+=("$f"); done
        local which
        for which in release runtime; do
            rm -f "$rel_out/messages_${t}_$which.log"
            printf '%s\0' "${files[@]}" | GRIP_ERRMSG_LOG="$rel_out/messages_${t}_$which.log" \
                xargs -0 -n 200 "$rel_out/fuzz_${t}_$which" >/dev/null 2>&1 || bad=$((bad + 1))
            # masked: addresses; which of several unknown fields a Lua table names first (its
            # traversal order follows string hashes Lua seeds afresh in every state); box keys, whose
            # high half is a random peer id in engines made without a description
            sed -E -i -e 's/0x[0-9a-fA-F]+/0x?/g' -e "s/unknown field '[^']*'/unknown field '?'/g" \
                -e 's/key [0-9]+/key ?/g' \
                "$rel_out/messages_${t}_$which.log"
        done
        if ! cmp -s "$rel_out/messages_${t}_release.log" "$rel_out/messages_${t}_runtime.log"; then
            echo "FAIL: $t failure messages differ between the builds:"
            diff "$rel_out/messages_${t}_runtime.log" "$rel_out/messages_${t}_release.log" | head -n 10 || true
            bad=$((bad + 1))
        fi
    done
    if grep -h 'cannot print value in embedded Swift' "$rel_out"/messages_*_release.log | head -n 3 | grep .; then
        echo "FAIL: messages interpolate a value Embedded Swift cannot print"
        bad=$((bad + 1))
    fi
    n=$(cat "$rel_out"/messages_*_release.log | wc -l)
    record "$bad" "Error messages: $n failure messages over the fuzz inputs, the same from the shipped and the runtime build; $bad differ"
}

ensure_check_o || true
compare_builds
