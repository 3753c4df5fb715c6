#!/usr/bin/env python3
"""Every file README.md, CHANGELOG.md and docs/*.md link to, or name under a top-level directory
of the repository, exists in it.

    readme_paths.py        (from the repository's root)

A link is resolved against the directory of the page that holds it (README.md's links against the
root, docs/api-guide.md's against docs/); a path in backticks such as `Sources/Grip/Boxes.swift`
is a path from the root. Links to web addresses are not followed; out/ and .build/ are what the
scripts write, and are not named this way. A missing path listed in scripts/tests/pending_paths.txt
(what a branch not merged yet adds) is reported as pending; a listed path that exists fails, so
the list is emptied as the branches land.
"""
import glob, os, re, sys

if sys.argv[1:]:
    help_asked = sys.argv[1:] in (["-h"], ["--help"])
    print(__doc__.strip(), file=sys.stdout if help_asked else sys.stderr)
    sys.exit(0 if help_asked else 2)
tops = ("Include/", "Sources/", "Tests/", "examples/", "docs/", "scripts/", "bindings/", "integrations/", "cmake/",
        "bench/", "schema/")
pages = ["README.md", "CHANGELOG.md"] + sorted(glob.glob("docs/*.md"))
pending_file = "scripts/tests/pending_paths.txt"
pending = set()
if os.path.exists(pending_file):
    pending = {l.strip().rstrip("/") for l in open(pending_file, encoding="utf-8") if l.strip() and not l.startswith("#")}
bad, seen, waiting = [], 0, set()


def missing(path, what):
    """Records what, unless path is pending."""
    if path.rstrip("/") in pending:
        waiting.add(path.rstrip("/"))
    else:
        bad.append(what)


for p in sorted(pending):
    if os.path.exists(p):
        bad.append(f"{pending_file} lists {p}, which exists now (delete the line)")
for page in pages:
    if not os.path.exists(page):
        bad.append(f"{page}: the page itself is missing")
        continue
    text = open(page, encoding="utf-8").read()
    here = os.path.dirname(page)
    for m in re.finditer(r"\]\(([^)\s]+)\)", text):
        target = m.group(1)
        seen += 1
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path = os.path.normpath(os.path.join(here, target.split("#")[0]))
        if path.startswith(".."):
            bad.append(f"{page} links to {target}, outside the repository")
        elif not os.path.exists(path):
            missing(path, f"{page} links to {target}")
    for m in re.finditer(r"`([^`\n]+)`", text):
        for tok in m.group(1).split():
            tok = tok.strip("(),;:'\"")
            if tok.startswith(tops) and "*" not in tok and "NAME" not in tok and "SUITE" not in tok:
                seen += 1
                if not os.path.exists(tok.split(":")[0]):
                    missing(tok.split(":")[0], f"{page} names {tok}")
for b in sorted(set(bad)):
    print("FAIL: " + b + ", which a clone does not have")
if waiting:
    print("pending (named, added by a branch not merged yet): " + ", ".join(sorted(waiting)))
print(f"README and docs: {len(pages)} pages, {seen} links and paths, {len(set(bad))} missing"
      + (f", {len(waiting)} pending" if waiting else ""))
sys.exit(1 if bad else 0)
