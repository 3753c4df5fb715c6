#!/usr/bin/env python3
"""Checks that every test docs/specification.md names exists in the tree.

    python3 scripts/tests/spec_refs.py [SPEC]

A behaviour line of the specification is a list item that opens with an anchor,
`- <a id="NAME"></a>`; its indented lines end with `Tests:` followed either by "no test" or by
groups separated by ";", each a kind word and backquoted names (text outside the backquotes is a
remark; "no test", with or without a remark after it, marks a rule nothing checks yet):

    Swift `Suite.test`, `Suite`       a `func test(` in a file of Tests/GripCoreTests or
                                      Tests/GripTests that declares `struct Suite` (a suite
                                      alone: that struct)
    C `suite_x: case`, `suite_x`      Tests/c/suite_x.c, holding `void case(` or the string
                                      "case" (a case of a table of cases)
    golden `NN-name`                  Tests/replay/logs/NN-name.log and its .expected
    Lua, LuaJIT, C++, CLI, fuzz, ImGui, file `path` or `path: text`
                                      the file, relative to Tests/ or to the root (with text:
                                      the file holds it)

Prints one summary line last; exits 1 when a name does not exist, a behaviour line has no
Tests: line, an anchor repeats, or a group's kind is not one of these.
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SWIFT_DIRS = ["Tests/GripCoreTests", "Tests/GripTests"]
FILE_KINDS = {"Lua", "LuaJIT", "C++", "CLI", "fuzz", "ImGui", "file"}
ITEM = re.compile(r'^- <a id="([A-Za-z0-9_.-]+)"></a>')


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def swift_sources():
    out = {}
    for d in SWIFT_DIRS:
        full = os.path.join(ROOT, d)
        for name in sorted(os.listdir(full)) if os.path.isdir(full) else []:
            if name.endswith(".swift"):
                out[os.path.join(d, name)] = read(os.path.join(full, name))
    return out


class Checker:
    def __init__(self):
        self.swift = swift_sources()
        self.problems = []
        self.checked = 0

    def fail(self, anchor, message):
        self.problems.append(f"{anchor}: {message}")

    def swift_test(self, anchor, name):
        suite, _, test = name.partition(".")
        declares = re.compile(r"\bstruct " + re.escape(suite) + r"\b")
        files = [text for text in self.swift.values() if declares.search(text)]
        if not files:
            self.fail(anchor, f"Swift suite {suite} is not declared under {' or '.join(SWIFT_DIRS)}")
        elif test and not any(re.search(r"\bfunc " + re.escape(test) + r"\(", t) for t in files):
            self.fail(anchor, f"Swift test {name}: no `func {test}(` in the file declaring {suite}")

    def c_case(self, anchor, name):
        program, _, case = (part.strip() for part in name.partition(":"))
        path = os.path.join(ROOT, "Tests", "c", program + ".c")
        if not re.fullmatch(r"(suite|test)_\w+", program) or not os.path.isfile(path):
            self.fail(anchor, f"C program {program}: no Tests/c/{program}.c")
            return
        if not case:
            return
        text = read(path)
        quoted = case.startswith('"') and case.endswith('"') and len(case) > 1
        if quoted:
            found = case in text
        else:
            found = re.search(r"\bvoid " + re.escape(case) + r"\(", text) is not None
        if not found:
            self.fail(anchor, f"C case {name}: no {case if quoted else 'void ' + case + '('} in Tests/c/{program}.c")

    def golden(self, anchor, name):
        for ext in (".log", ".expected"):
            if not os.path.isfile(os.path.join(ROOT, "Tests", "replay", "logs", name + ext)):
                self.fail(anchor, f"golden log {name}: no Tests/replay/logs/{name}{ext}")

    def file(self, anchor, name):
        path, _, text = name.partition(": ")
        for base in ("Tests", ""):
            full = os.path.join(ROOT, base, path)
            if os.path.isfile(full) or os.path.isdir(full):
                if text and (os.path.isdir(full) or text not in read(full)):
                    self.fail(anchor, f"{path} does not hold {text!r}")
                return
        self.fail(anchor, f"no file {path} (under Tests/ or the root)")

    def group(self, anchor, group):
        group = group.strip().rstrip(".")
        if not group:
            return
        kind = group.split(None, 1)[0]
        names = re.findall(r"`([^`]+)`", group)
        if not names:
            self.fail(anchor, f"no backquoted test name in {group!r}")
        for name in names:
            self.checked += 1
            if kind == "Swift":
                self.swift_test(anchor, name)
            elif kind == "C":
                self.c_case(anchor, name)
            elif kind == "golden":
                self.golden(anchor, name)
            elif kind in FILE_KINDS:
                self.file(anchor, name)
            else:
                self.fail(anchor, f"unknown kind {kind!r} (Swift, C, golden, {', '.join(sorted(FILE_KINDS))})")
                return


def groups(tests):
    """The text of a Tests: line split at the semicolons outside backquotes and parentheses."""
    out, current, quoted, depth = [], [], False, 0
    for ch in tests:
        if ch == "`":
            quoted = not quoted
        elif not quoted and ch == "(":
            depth += 1
        elif not quoted and ch == ")":
            depth = max(0, depth - 1)
        elif ch == ";" and not quoted and depth == 0:
            out.append("".join(current))
            current = []
            continue
        current.append(ch)
    out.append("".join(current))
    return out


def items(lines):
    """(anchor, the text of its Tests: lines or None) for every behaviour line."""
    out = []
    i = 0
    while i < len(lines):
        m = ITEM.match(lines[i])
        i += 1
        if not m:
            continue
        block = []
        while i < len(lines) and lines[i].startswith("  ") and lines[i].strip():
            block.append(lines[i].strip())
            i += 1
        tests = None
        for k, line in enumerate(block):
            if line.startswith("Tests:"):
                tests = " ".join([line[len("Tests:"):]] + block[k + 1:]).strip()
                break
        out.append((m.group(1), tests))
    return out


def main():
    spec = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "specification.md")
    checker = Checker()
    seen = set()
    with_tests = 0
    found = items(read(spec).splitlines())
    for anchor, tests in found:
        if anchor in seen:
            checker.fail(anchor, "the anchor is used twice")
        seen.add(anchor)
        if tests is None:
            checker.fail(anchor, "no Tests: line")
            continue
        if re.match(r"no test\b", tests, re.IGNORECASE):
            continue
        with_tests += 1
        for group in groups(tests):
            checker.group(anchor, group)
    for problem in checker.problems:
        print(problem)
    print(f"Specification: {len(found)} behaviour lines, {with_tests} with tests, "
          f"{checker.checked} test names checked"
          + (f", {len(checker.problems)} problems" if checker.problems else ""))
    return 1 if checker.problems or not found else 0


if __name__ == "__main__":
    sys.exit(main())
