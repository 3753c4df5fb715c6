# shellcheck shell=bash
# Suite c: the C99 ABI suites (Tests/c), the C++11 program (Tests/cpp), a program built against
# the released 0.1 grip.h and the two-thread program, each against the built libgrip.so.
abi_tests() {
    # A locale whose decimal point is not "." (ps_AF's is the two-byte U+066B), made here from
    # the locales package's sources: suite_scene_text saves and loads scenes in it.
    mkdir -p "$out/locale"
    if [ -d "$out/locale/ps_AF.UTF-8" ] || localedef -i ps_AF -f UTF-8 "$out/locale/ps_AF.UTF-8" >"$out/localedef.log" 2>&1; then
        export LOCPATH="$out/locale" GRIP_TEST_LOCALE=ps_AF.UTF-8
    else
        record 1 "C ABI tests: localedef could not make ps_AF.UTF-8 ($out/localedef.log)"
    fi
    abi_test test_abi "C ABI tests" \
        "$CC" -std=c99 "${warn[@]}" -g -IInclude -ITests/c Tests/c/test_abi.c Tests/c/suite_*.c \
        Tests/c/check.c Tests/c/util.c "${link[@]}"
    # The C++ program shares the C check framework, compiled as C.
    if build_check_o; then
        abi_test test_abi_cpp "C++ ABI tests" \
            "$CXX" -std=c++11 "${warn[@]}" -g -IInclude -ITests/c Tests/cpp/*.cpp "$out/check.o" "${link[@]}"
    else
        record 1 "C++ ABI tests: Tests/c/check.c did not compile"
    fi
    # The numbers of scene files (Sources/CScene/numbers.c compiled in) against the C library's
    # strtod and printf, on millions of doubles.
    abi_test test_numbers "Scene numbers" \
        "$CC" -std=c99 "${warn[@]}" -O2 -g -IInclude -ITests/c -ISources/CScene Tests/c/test_numbers.c \
        Sources/CScene/numbers.c Tests/c/check.c "${link[@]}"
    # The memory a scene load takes, counted by the program's own malloc (a program of its own:
    # the sanitizer runs of the suites bring their own malloc).
    abi_test test_scene_memory "Scene memory" \
        "$CC" -std=c99 "${warn[@]}" -O2 -g -IInclude -ITests/c Tests/c/test_scene_memory.c Tests/c/counted_malloc.c \
        Tests/c/check.c "${link[@]}"
    # Steady-state drags allocate nothing, counted the same way.
    abi_test test_steady_alloc "Steady-state allocations" \
        "$CC" -std=c99 "${warn[@]}" -O2 -g -IInclude -ITests/c Tests/c/test_steady_alloc.c Tests/c/counted_malloc.c \
        Tests/c/check.c "${link[@]}"
    # A program built against the released 0.1 grip.h, against this library.
    abi_test test_abi01 "C ABI 0.1 compatibility" \
        "$CC" -std=c99 "${warn[@]}" -g -ITests/abi-0.1 Tests/abi-0.1/test_abi01.c "${link[@]}"
    # One engine called from two threads at once: refused with its own message, never a crash.
    abi_test test_two_threads "Two threads, one engine" \
        "$CC" -std=c11 "${warn[@]}" -g -pthread -IInclude -ITests/c Tests/c/test_two_threads.c \
        Tests/c/check.c Tests/c/util.c "${link[@]}"
    unset LOCPATH GRIP_TEST_LOCALE
}

abi_tests
