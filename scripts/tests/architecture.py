#!/usr/bin/env python3
"""The walls between the rooms of Sources/GripCore (scripts/test architecture).

Each rule is a pattern that reaches into one room's state and the files allowed to use it, each
with the reason it may. A line of Swift code (comments left out) outside those files that matches
is a violation, printed as FILE:LINE: rule: the line. Exit status 1 when any is found.

  scripts/tests/architecture.py [ROOT]

A rule is one entry of RULES: (name, regular expression, {allowed path: reason}); an allowed path
ending in "/" allows every file under that folder.
"""
import os
import re
import sys

CORE = "Sources/GripCore/"
STORAGE = CORE + "Scene/Storage/"

RULES = [
    (
        "box records indexed outside the storage",
        r"\bscene\.slots\b",
        {STORAGE: "the storage room: reads go through scene[slot], writes through Scene's named methods"},
    ),
    (
        "the box storage used outside the Scene struct",
        r"(?<![.\w])slots\s*(\[|\.)",
        {
            STORAGE: "the storage room",
            CORE + "Scene/Scene.swift": "the Scene struct: creation, removal, links of the hierarchy",
            CORE + "Scene/SceneChanges.swift": "the frame's dirty lists grow with the slots",
            CORE + "Scene/Order.swift": "draw orders of siblings",
            CORE + "Scene/Homes.swift": "home geometries kept aside per record",
            CORE + "Scene/Revival.swift": "records brought back by undo",
            CORE + "Scene/Behavior/Behaviors.swift": "the behaviour table entry of each record",
            CORE + "Scene/Behavior/HitOutset.swift": "hit shapes refreshed for every record with an outset",
            CORE + "Snapping/SnapIndex.swift": "a snap list's own `slots` array, not the box storage",
        },
    ),
    (
        "raw record pointers outside the storage",
        r"\.address\(|\bmakeUniqueForWrites\(",
        {
            STORAGE: "the storage room: in-place runs over records",
            CORE + "Scene/BoundsTree/": "the bounds tree's own paged leaves, read in place",
        },
    ),
    (
        "unsafe pointers outside the storage",
        r"\bUnsafe[A-Za-z]*|\bwithUnsafe[A-Za-z]*|\bunsafe[A-Za-z]*Address\b|\bunsafeUninitializedCapacity\b",
        {
            STORAGE: "the storage room: record pages and in-place runs",
            CORE + "Frame/FrameBuffer.swift": "the frame's command and vertex buffers the host reads",
            CORE + "Frame/FrameView.swift": "the frame handed to the host as buffers",
            CORE + "Frame/FrameState.swift": "a retired frame buffer kept until the host is done",
            CORE + "Frame/FrameBuilder.swift": "detaching the frame's buffers for the host",
            CORE + "History/Transaction.swift": "whether two selection arrays share one buffer",
            CORE + "Interaction/Kinds/MoveGesture.swift": "group members walked without a copy of each",
            CORE + "Scene/BoundsTree/BoundsTreeQuery.swift": "the tree walk's stack in place",
            CORE + "Scene/BoundsTree/BoundsTreeRebuild.swift": "the top-down rebuild's partition in place",
            CORE + "Scene/HitTesting/KeySort.swift": "the key sort works on the array's buffer",
            CORE + "Snapping/SnapIndex.swift": "the snap lists' sorts and searches on buffers",
            CORE + "Snapping/SnapIndexUpkeep.swift": "the snap lists built into uninitialized buffers",
        },
    ),
    (
        "bounds tree internals outside its room",
        r"\btree\.(shapes|leaves\s*\[|found\b|foundCount|nodes|cells)",
        {
            CORE + "Scene/BoundsTree/": "the bounds tree's room",
            CORE + "Scene/Scene.swift": "leaves renumbered after a rebuild",
            CORE + "Scene/HitTesting/HitTest.swift": "the exact test of the leaves a point query found",
            CORE + "Scene/HitTesting/Queries.swift": "the exact test of the leaves a region query found",
            CORE + "Interaction/Kinds/MarqueePicks.swift": "the leaves a marquee region meets, sorted by draw key",
        },
    ),
    (
        "snap index internals outside its room",
        r"\bsnapping\.index\b",
        {CORE + "Snapping/": "the snapping room"},
    ),
    (
        "frame state outside the frame builder",
        r"\bframeState\.",
        {
            CORE + "Frame/": "the frame builder: the frame's buffers and what it keeps between frames",
            CORE + "Engine.swift": "the engine frees the frame's buffers when it goes",
        },
    ),
    (
        "interaction state outside its room",
        r"\binteractions\.active\b",
        {CORE + "Interaction/": "the interaction room: the lifecycle and each kind's own file"},
    ),
]


def allowed(path, allow):
    return any(path.startswith(a) if a.endswith("/") else path == a for a in allow)


def code_of(line):
    """The line without its comment (a `//` outside a string literal)."""
    out, quoted, i = [], False, 0
    while i < len(line):
        c = line[i]
        if c == "\\" and quoted:
            out.append(line[i : i + 2])
            i += 2
            continue
        if c == '"':
            quoted = not quoted
        elif not quoted and line.startswith("//", i):
            break
        out.append(c)
        i += 1
    return "".join(out)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    rules = [(name, re.compile(p), allow) for name, p, allow in RULES]
    for name, _, allow in rules:
        for a in allow:
            if not os.path.exists(os.path.join(root, a)):
                print(f"architecture: rule '{name}' allows {a}, which does not exist")
                return 1
    files = []
    for d, _, names in os.walk(os.path.join(root, CORE)):
        files += [os.path.join(d, n) for n in names if n.endswith(".swift")]
    violations = 0
    for f in sorted(files):
        rel = os.path.relpath(f, root)
        with open(f, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                code = code_of(line)
                for name, pattern, allow in rules:
                    if pattern.search(code) and not allowed(rel, allow):
                        print(f"{rel}:{n}: {name}: {line.strip()}")
                        violations += 1
    print(f"architecture: {len(rules)} rules over {len(files)} files, {violations} violations")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
