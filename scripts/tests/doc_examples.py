#!/usr/bin/env python3
"""Every C example in README.md and docs/*.md that begins with #include compiles as a C99 file.

    doc_examples.py BUILD_DIR        (from the repository's root; CC from the environment)

A block is one file: it is compiled with -std=c99 -Wall -Wextra -Werror -pedantic -IInclude -c.
"""
import glob, os, re, subprocess, sys

if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
    print(__doc__.strip(), file=sys.stdout if sys.argv[1:2] in (["-h"], ["--help"]) else sys.stderr)
    sys.exit(0 if sys.argv[1:2] in (["-h"], ["--help"]) else 2)
build = sys.argv[1]
os.makedirs(build, exist_ok=True)
cc = os.environ.get("CC", "cc")
files = ["README.md"] + sorted(glob.glob("docs/*.md"))
total = bad = 0
for path in files:
    text = open(path, encoding="utf-8").read()
    for m in re.finditer(r"^```c\n(.*?)^```", text, re.S | re.M):
        block = m.group(1)
        if not block.startswith("#include"):
            continue
        line = text.count("\n", 0, m.start()) + 2
        total += 1
        src = os.path.join(build, f"{os.path.basename(path)[:-3]}-{line}.c")
        open(src, "w", encoding="utf-8").write(block)
        r = subprocess.run([cc, "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-IInclude", "-c", src,
                            "-o", src + ".o"], capture_output=True, text=True)
        if r.returncode != 0:
            bad += 1
            print(f"FAIL: the C example at {path}:{line} does not compile:\n{r.stderr.strip()}")
print(f"Doc examples: {total} C examples compiled, {bad} failed")
sys.exit(1 if bad else 0)
