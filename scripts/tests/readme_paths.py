#!/usr/bin/env python3
"""Every file README.md links to or names under a top-level directory of the repository exists.

    readme_paths.py        (from the repository's root)
"""
import os, re, sys
text = open("README.md").read()
tops = ("Include/", "Sources/", "Tests/", "examples/", "docs/", "scripts/", "bindings/", "integrations/", "cmake/", "bench/")
bad, seen = [], 0
for m in re.finditer(r"\]\(([^)\s]+)\)", text):
    target = m.group(1)
    seen += 1
    if re.match(r"[a-z]+:", target) or target.startswith("..") or not os.path.exists(target.split("#")[0]):
        bad.append("link " + target)
for m in re.finditer(r"`([^`\n]+)`", text):
    for tok in m.group(1).split():
        tok = tok.strip("(),;:'\"")
        if tok.startswith(tops) and "*" not in tok:
            seen += 1
            if not os.path.exists(tok.split(":")[0]):
                bad.append("path " + tok)
for b in sorted(set(bad)):
    print("FAIL: README.md names " + b + ", which a clone does not have")
print(f"README.md: {seen} links and paths, {len(set(bad))} missing")
sys.exit(1 if bad else 0)
