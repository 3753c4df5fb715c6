#!/usr/bin/env python3
"""Side by side: the benchmark tables of two builds of libgrip.so, from runs taken in turn.

    bench/compare.py OUT.md NAME_A A1.md [A2.md ...] -- NAME_B B1.md [B2.md ...]

Every row of the tables grip-bench writes has a result column holding one or more figures (ns, ms,
allocation counts). For each row and each figure the best (lowest) of a build's runs is kept, and
the table says A's figure, B's figure and A / B (below 1: A is faster). Figures in parentheses
(ratios the bench derives) are left out. Prints the table and writes it to OUT.md.
"""
import re
import sys

# A figure: digits (with thousands commas and a decimal part), not part of a word like "p99".
NUMBER = re.compile(r"(?<![A-Za-z\d.])\d[\d,]*(?:\.\d+)?")


def rows(path):
    """(measurement, [figures]) for every table row of a grip-bench result file, in order."""
    out = []
    for line in open(path, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4 or not cells[0].isdigit():
            continue
        result = re.sub(r"\([^)]*\)", "", cells[2])
        figures = [float(n.replace(",", "")) for n in NUMBER.findall(result)]
        out.append((cells[1], figures, NUMBER.sub("{}", result).strip()))
    return out


def best(runs):
    """Per row, the lowest of each figure over the runs."""
    merged = []
    for i, (name, figures, shape) in enumerate(runs[0]):
        lows = list(figures)
        for other in runs[1:]:
            if i < len(other) and len(other[i][1]) == len(lows):
                lows = [min(a, b) for a, b in zip(lows, other[i][1])]
        merged.append((name, lows, shape))
    return merged


def fmt(v):
    return f"{v:.3f}" if 0 < abs(v) < 1 else (f"{v:.1f}" if v < 100 else f"{v:,.0f}")


def shown(shape, figures):
    """The result cell with these figures in it."""
    parts = shape.split("{}")
    if len(parts) != len(figures) + 1:
        return " / ".join(map(fmt, figures))
    return "".join(p + (fmt(v) if i < len(figures) else "") for i, (p, v) in enumerate(zip(parts, figures + [0])))


def main(argv):
    if any(a in ("-h", "--help") for a in argv[1:]):
        print(__doc__.strip())
        return
    if "--" not in argv or len(argv) < 6 or any(a.startswith("-") and a != "--" for a in argv[1:]):
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    out_path, rest = argv[1], argv[2:]
    split = rest.index("--")
    name_a, files_a = rest[0], rest[1:split]
    name_b, files_b = rest[split + 1], rest[split + 2:]
    a, b = best([rows(f) for f in files_a]), best([rows(f) for f in files_b])
    lines = [f"| measurement | {name_a} | {name_b} | {name_a} / {name_b} |", "|---|---|---|---|"]
    slower = 0
    for (name, fa, shape), (_, fb, _) in zip(a, b):
        ratios = []
        for x, y in zip(fa, fb):
            if y == 0:
                ratios.append("=" if x == 0 else "n/a")
            else:
                ratios.append(f"{x / y:.2f}")
                if x / y > 1.0:
                    slower += 1
        lines.append(f"| {name} | {shown(shape, fa)} | {shown(shape, fb)} | {' / '.join(ratios)} |")
    lines.append("")
    lines.append(f"Best of {len(files_a)} runs of each build, taken in turn; {slower} figure(s) where {name_a} was slower.")
    text = "\n".join(lines) + "\n"
    open(out_path, "w", encoding="utf-8").write(text)
    print(text, end="")


if __name__ == "__main__":
    main(sys.argv)
