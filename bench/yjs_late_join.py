#!/usr/bin/env python3
"""A late joiner's first load of a Y document of N boxes (default 100,000) through grip.yjs, in
phases: the document's update applied to a fresh pycrdt Doc (what the provider's sync does), then
YjsAdapter's load split into reading the Y map into records, building the scene from them (the
scene file text) and grip_scene_load. Each phase's best of 3 runs, a markdown table on stdout.
Also one remote change (a new centre of one box) pulled into the loaded engine, best of 200.

    python3 bench/yjs_late_join.py [N]      # needs the grip package and pycrdt (scripts/bench)
"""
import sys
import time

import grip
from grip.yjs import YjsAdapter
from pycrdt import Doc


def document(n: int) -> bytes:
    """A document of n boxes written by one peer's adapter: a 400-wide grid, one box in ten with
    a child of its own."""
    e = grip.Engine(width=100000, height=100000, peer=1, max_boxes=n + 16)
    doc = Doc()
    a = YjsAdapter(e, doc, limit=1048576)
    parents = []
    for i in range(n - n // 11):
        parents.append(e.box(x=(i % 400) * 120.0, y=(i // 400) * 120.0, width=100, height=80))
    for i in range(n // 11):
        e.box(parent=parents[i * 10], x=10, y=10, width=40, height=30)
    a.push()
    return doc.get_update(), e.save()


def best(fn, runs=3):
    times = []
    out = None
    for _ in range(runs):
        start = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - start)
    return min(times), out


def main(n: int) -> int:
    update, expected = document(n)
    rows = []

    def fresh():
        d = Doc()
        d.apply_update(update)
        return d

    t_sync, doc = best(fresh)
    rows.append(("apply the document's update to a fresh Doc", t_sync))

    def load():
        e = grip.Engine(width=100000, height=100000, peer=2, max_boxes=n + 16)
        t0 = time.perf_counter()
        a = YjsAdapter(e, doc)
        return time.perf_counter() - t0, e, a

    loads = [load() for _ in range(3)]
    t_load, e, a = min(loads, key=lambda r: r[0])
    if e.save() != expected:
        print("yjs_late_join: the loaded scene is not the writer's", file=sys.stderr)
        return 1
    rows.append(("YjsAdapter(engine, doc): the whole first load", t_load))
    t_read, _ = best(lambda: (a.__setattr__("_all_pending", True), a._refresh()))
    rows.append(("  of which: the Y map read into records", t_read))
    t_scene, _ = best(a.scene)
    rows.append(("  of which: the scene (draw order) from the records", t_scene))

    # one remote change: another peer moves one box; the pull reads that box and reconciles
    writer = Doc()
    writer.apply_update(doc.get_update())
    key = next(iter(a._applied))
    pulls = []
    for i in range(200):
        before = writer.get_state()
        writer.get("boxes", type=__import__("pycrdt").Map)[key]["cx"] = 1000.0 + i
        doc.apply_update(writer.get_update(doc.get_state()))
        t0 = time.perf_counter()
        a.pull()
        pulls.append(time.perf_counter() - t0)
        del before
    rows.append(("one remote change pulled (a new centre)", min(pulls)))

    print(f"| Yjs adapter, late joiner of {n:,} boxes (best of 3) | ms |")
    print("| --- | ---: |")
    for name, t in rows:
        print(f"| {name} | {t * 1000:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 100000))
