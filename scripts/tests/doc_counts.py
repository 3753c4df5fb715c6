#!/usr/bin/env python3
"""The counts the docs state are the counts the suites printed in the same run.

    doc_counts.py SUMMARIES SUITE...      (from the repository's root)

SUMMARIES is a file of the run's summary lines (what scripts/test prints under "== Summary"), and
the SUITEs are the suites that ran. A page states a count with a marker just before the number:

    <!-- count:c_checks -->2,504

in README.md, CHANGELOG.md or docs/*.md. Each name below says which suite prints the count and
how to read it from that suite's summary line. A count whose suite did not run in this run is
skipped (and said so); an unknown name, a number that differs, or a suite that ran without
printing its line fails. `doc_counts.py --list` prints the names.
"""
import glob, re, sys

# name: (suite, pattern over one summary line with the count as group 1, what it counts)
COUNTS = {
    "swift_tests": ("swift", r"^.*Test run with ([\d,]+) tests?\b(?!.*\(ASan\))", "Swift Testing tests (swift test)"),
    "c_checks": ("c", r"^C ABI tests: ([\d,]+) checks, \d+ failed$", "checks of the C99 ABI suites (Tests/c)"),
    "cpp_checks": ("c", r"^C\+\+ ABI tests: ([\d,]+) checks, \d+ failed$", "checks of the C++11 program (Tests/cpp)"),
    "abi01_checks": ("c", r"^C ABI 0\.1 compatibility: ([\d,]+) checks, \d+ failed$",
                     "checks of the program built against the 0.1 grip.h (Tests/abi-0.1)"),
    "cli_scene_checks": ("cli", r"^CLI scene tests: ([\d,]+) checks, \d+ failed$", "checks of Tests/cli/test_scene.sh"),
    "cli_save_checks": ("cli", r"^CLI save tests: ([\d,]+) checks, \d+ failed$", "checks of Tests/cli/test_save.sh"),
    "cli_option_checks": ("cli", r"^CLI option tests: ([\d,]+) checks, \d+ failed$",
                          "checks of Tests/cli/test_options.sh"),
    "lua_script_runs": ("lua", r"^Lua tests: ([\d,]+) script runs passed",
                        "runs of Tests/lua/test_*.lua (each through grip-cli and lua5.4)"),
    "test_lua_checks": ("lua", r"^Lua tests: .*test_lua: ([\d,]+) checks, \d+ failed", "checks of Tests/c/test_lua.c"),
    "golden_replays": ("replay", r"^Golden replays: ([\d,]+) logs,", "golden replay logs (Tests/replay/logs)"),
    "fuzz_inputs": ("regressions", r"^Fuzz regressions and corpora: ([\d,]+) inputs,",
                    "fuzz regression and corpus inputs replayed"),
    "error_messages": ("runtime", r"^Error messages: ([\d,]+) failure messages",
                       "failure messages compared between the shipped and the runtime build"),
    "install_checks": ("install", r"^Install tests: ([\d,]+) checks, \d+ failed$", "checks of the install suite"),
    "python_tests": ("python", r"^Python binding: Ran ([\d,]+) tests?\b", "unittest tests of Tests/python"),
    "doc_examples": ("readme", r"^Doc examples: ([\d,]+) C examples compiled", "C examples of README.md and docs/ compiled"),
}
# Counts made of several summary lines: the number of lines matching.
LINE_COUNTS = {
    "fuzz_targets": ("fuzz", r"^fuzz [a-z]+ \(", "fuzz targets run"),
}

MARKER = re.compile(r"<!--\s*count:([a-z0-9_]+)\s*-->\s*([\d,]*)")


def main(argv):
    if argv[1:2] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    if argv[1:2] == ["--list"]:
        for name, (suite, _, what) in sorted({**COUNTS, **LINE_COUNTS}.items()):
            print(f"{name:18} suite {suite:12} {what}")
        return 0
    if len(argv) < 2 or argv[1].startswith("-"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    lines = open(argv[1], encoding="utf-8").read().splitlines()
    ran = set(argv[2:])
    pages = ["README.md", "CHANGELOG.md"] + sorted(glob.glob("docs/*.md"))
    failed = checked = 0
    skipped = {}
    for page in pages:
        try:
            text = open(page, encoding="utf-8").read()
        except FileNotFoundError:
            continue
        for m in MARKER.finditer(text):
            where = f"{page}:{text.count(chr(10), 0, m.start()) + 1}"
            if not m.group(2).replace(",", ""):
                print(f"FAIL: {where}: the marker count:{m.group(1)} is not followed by a number")
                failed += 1
                continue
            name, stated = m.group(1), int(m.group(2).replace(",", ""))
            if name in COUNTS:
                suite, pattern, what = COUNTS[name]
            elif name in LINE_COUNTS:
                suite, pattern, what = LINE_COUNTS[name]
            else:
                print(f"FAIL: {where} states count:{name}, which doc_counts.py does not know (--list names them)")
                failed += 1
                continue
            if suite not in ran:
                skipped.setdefault(suite, set()).add(name)
                continue
            if name in LINE_COUNTS:
                actual = sum(1 for line in lines if re.search(pattern, line))
                if actual == 0:  # the suite ran but did nothing here (a toolchain that cannot fuzz)
                    skipped.setdefault(f"suite {suite} ran but printed none of its lines", set()).add(name)
                    continue
            else:
                found = [re.search(pattern, line) for line in lines]
                found = [f for f in found if f]
                if not found:
                    print(f"FAIL: {where} states {name} = {stated:,}, but suite {suite} printed no line with it")
                    failed += 1
                    continue
                actual = int(found[0].group(1).replace(",", ""))
            checked += 1
            if actual != stated:
                print(f"FAIL: {where} states {name} = {stated:,} ({what}); this run's suite {suite} printed {actual:,}")
                failed += 1
            else:
                print(f"ok   {where} {name} = {actual:,}")
    for suite, names in sorted(skipped.items()):
        why = suite if " " in suite else f"suite {suite} did not run"
        print(f"skipped: {', '.join(sorted(names))} ({why})")
    nskipped = sum(len(n) for n in skipped.values())
    print(f"Documented counts: {checked} checked against this run, {nskipped} skipped, {failed} differ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
