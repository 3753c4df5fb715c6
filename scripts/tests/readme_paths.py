#!/usr/bin/env python3
"""Every file README.md, CHANGELOG.md and docs/*.md link to, or name under a top-level directory
of the repository, exists in it.

    readme_paths.py        (from the repository's root)

A link is resolved against the directory of the page that holds it (README.md's links against the
root, docs/api-guide.md's against docs/); a path in backticks such as `Sources/Grip/Boxes.swift`
is a path from the root. Links to web addresses are not followed; out/ and .build/ are what the
scripts write, and are not named this way.
"""
import glob, os, re, sys

if sys.argv[1:]:
    help_asked = sys.argv[1:] in (["-h"], ["--help"])
    print(__doc__.strip(), file=sys.stdout if help_asked else sys.stderr)
    sys.exit(0 if help_asked else 2)
tops = ("Include/", "Sources/", "Tests/", "examples/", "docs/", "scripts/", "bindings/", "integrations/", "cmake/",
        "bench/", "schema/")
pages = ["README.md", "CHANGELOG.md"] + sorted(glob.glob("docs/*.md"))
bad, seen = [], 0
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
        if path.startswith("..") or not os.path.exists(path):
            bad.append(f"{page} links to {target}")
    for m in re.finditer(r"`([^`\n]+)`", text):
        for tok in m.group(1).split():
            tok = tok.strip("(),;:'\"")
            if tok.startswith(tops) and "*" not in tok and "NAME" not in tok:
                seen += 1
                if not os.path.exists(tok.split(":")[0]):
                    bad.append(f"{page} names {tok}")
for b in sorted(set(bad)):
    print("FAIL: " + b + ", which a clone does not have")
print(f"README and docs: {len(pages)} pages, {seen} links and paths, {len(set(bad))} missing")
sys.exit(1 if bad else 0)
