# shellcheck shell=bash
# Suite regressions (scripts/test regressions): fuzz regression inputs and seed corpora, release and
# ASan + UBSan builds.
# Fuzz regression inputs (named after what they found) and the seed corpora, run once each.
rel_regressions() {
    echo "== Fuzz regressions and corpora"
    local t bad=0 n=0 files
    for t in abi lua scene; do
        if ! "${rel_c[@]}" -DGRIP_FUZZ_STANDALONE Tests/fuzz/fuzz_$t.c Tests/fuzz/invariants.c "${link[@]}" \
            -o "$rel_out/fuzz_${t}_release"; then
            record 1 "Fuzz regressions: fuzz_$t.c did not compile"
            return
        fi
        files=()
        for f in Tests/fuzz/regressions/$t-* Tests/fuzz/corpus_$t/*; do [ -f "$f" ] && files+=("$f"); done
        n=$((n + ${#files[@]}))
        [ ${#files[@]} -gt 0 ] || continue
        # in batches: one failing input names itself on stderr (INVARIANT ...) and stops its batch
        if ! printf '%s\0' "${files[@]}" | xargs -0 -n 200 "$rel_out/fuzz_${t}_release" >"$rel_out/fuzz_$t.log" 2>&1; then
            grep -E 'INVARIANT|Fatal|error' "$rel_out/fuzz_$t.log" | head -n 5
            bad=$((bad + 1))
        fi
        if [ "$rel_asan" -eq 1 ]; then
            # under ASan + UBSan (libFuzzer runs each file once): every regression input and every
            # 8th corpus input (the fuzz run below starts by running the whole corpus anyway)
            local asan_files=() i=0
            for f in "${files[@]}"; do
                case $f in
                    Tests/fuzz/regressions/*) asan_files+=("$f") ;;
                    *) [ $((i++ % 8)) -eq 0 ] && asan_files+=("$f") ;;
                esac
            done
            if ! printf '%s\0' "${asan_files[@]}" | xargs -0 -n 200 .build-fuzz/fuzz_$t >"$rel_out/fuzz_${t}_asan.log" 2>&1; then
                grep -E 'INVARIANT|ERROR|runtime error' "$rel_out/fuzz_${t}_asan.log" | head -n 5
                bad=$((bad + 1))
            fi
        fi
    done
    record "$bad" "Fuzz regressions and corpora: $n inputs, release$([ "$rel_asan" -eq 1 ] && echo " and ASan + UBSan") builds, $bad failed"
}

need_asan
rel_regressions
