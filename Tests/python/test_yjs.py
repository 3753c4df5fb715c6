"""The Yjs adapter (grip.yjs): the change feed into the Y map "boxes" (one map of plain values per
box, keyed by its key's digits), other peers' changes back through grip_remote_apply (not in the
local history, not pushed back), sibling order by (z, key), concurrent re-parents into a cycle,
the late joiner's load, a lost feed's resync and presence through awareness. Two documents sync
here by exchanging their updates directly; examples/multiplayer/sync_test.py does it over a
websocket server. Skipped without pycrdt (the python suite installs it)."""
import unittest

import grip

try:
    from pycrdt import Awareness, Doc
    from grip.yjs import YjsAdapter
except ImportError:  # pragma: no cover - the suite installs pycrdt
    Doc = None


def exchange(*docs):
    """Every doc gets every other doc's state (what a provider does over a network)."""
    updates = [d.get_update() for d in docs]
    for d in docs:
        for u in updates:
            d.apply_update(u)


def key_of(e, box):
    import ctypes
    k = ctypes.c_uint64()
    e._call("grip_box_get_key", box.id, ctypes.byref(k))
    return k.value


@unittest.skipIf(Doc is None, "pycrdt is not installed")
class YjsAdapterTests(unittest.TestCase):
    def peer(self, n):
        e = grip.Engine(width=800, height=600, peer=n)
        doc = Doc()
        return e, doc, YjsAdapter(e, doc)

    def test_feed_to_document_layout(self):
        e, doc, a = self.peer(1)
        b = e.box(x=10, y=20, width=100, height=50)
        self.assertEqual(a.push(), 1)
        k = str((1 << 32) | 1)
        self.assertEqual(list(a.boxes.keys()), [k])
        r = dict(a.boxes[k].items())
        # centre = top-left + half the size: (10 + 50, 20 + 25)
        self.assertEqual((r["cx"], r["cy"], r["width"], r["height"]), (60.0, 45.0, 100.0, 50.0))
        self.assertEqual((r["parent"], r["z"], r["rotation"], r["scale"]), ("", 0.0, 0.0, 1.0))
        self.assertEqual(r["resize_mode"], "freeform")
        self.assertNotIn("editing", r)
        # a drag of the body by (30, 10) moves the centre by as much: one CHANGED at the commit
        e.drag((60, 45), (90, 55))
        self.assertEqual(a.push(), 1)
        r = dict(a.boxes[k].items())
        self.assertEqual((r["cx"], r["cy"]), (90.0, 55.0))
        b.destroy()
        self.assertEqual(a.push(), 1)
        self.assertEqual(len(a.boxes), 0)

    def test_remote_changes_apply_without_history_or_echo(self):
        e1, d1, a1 = self.peer(1)
        e2, d2, a2 = self.peer(2)
        b = e1.box(x=0, y=0, width=100, height=100)
        a1.push()
        exchange(d1, d2)
        self.assertEqual(a2.pull(), 1)
        self.assertEqual(e1.save(), e2.save())
        self.assertFalse(e2.undo())      # the remote create is not in peer 2's history
        self.assertEqual(a2.push(), 0)   # nor in its feed
        # peer 2 drags it by (40, 0), peer 1 takes it and can still undo its own create only
        e2.drag((50, 50), (90, 50))
        self.assertEqual(a2.push(), 1)
        exchange(d1, d2)
        self.assertEqual(a1.pull(), 1)
        self.assertEqual(b.state()["center"], (90.0, 50.0))
        self.assertEqual(e1.save(), e2.save())
        self.assertEqual(a1.pull(), 0)   # nothing new

    def test_concurrent_fields_merge_and_order_converges(self):
        e1, d1, a1 = self.peer(1)
        e2, d2, a2 = self.peer(2)
        boxes = [e1.box(x=200 * i, y=0, width=100, height=100) for i in range(3)]
        a1.push()
        exchange(d1, d2)
        a2.pull()
        # peer 1 moves the first box, peer 2 rotates it (different fields) and brings it to the
        # front among its siblings, both before hearing of the other
        e1.drag((50, 50), (50, 250))
        first2 = e2.boxes()[0]
        first2.configure(rotation=0.5)
        first2.order("front")
        a1.push()
        a2.push()
        exchange(d1, d2)
        a1.pull()
        a2.pull()
        self.assertEqual(e1.save(), e2.save())
        s = boxes[0].state()
        self.assertEqual((s["center"], s["rotation"]), ((50.0, 250.0), 0.5))
        self.assertEqual([key_of(e1, b) for b in e1.boxes()], [key_of(e1, boxes[i]) for i in (1, 2, 0)])

    def test_concurrent_reparents_into_a_cycle_leave_both_out(self):
        e1, d1, a1 = self.peer(1)
        e2, d2, a2 = self.peer(2)
        p = e1.box(x=0, y=0, width=100, height=100)
        q = e1.box(x=300, y=0, width=100, height=100)
        e1.box(x=600, y=0, width=100, height=100)
        a1.push()
        exchange(d1, d2)
        a2.pull()
        p.configure(parent=q)                   # peer 1: p under q
        p2, q2 = e2.boxes()[0], e2.boxes()[1]
        q2.configure(parent=p2)                 # peer 2: q under p
        a1.push()
        a2.push()
        exchange(d1, d2)
        a1.pull()
        a2.pull()
        self.assertEqual(len(e1.boxes()), 1)    # p and q are each other's parent: neither is shown
        self.assertEqual(e1.save(), e2.save())

    def test_late_joiner_loads_the_document(self):
        e1, d1, a1 = self.peer(1)
        outer = e1.box(x=0, y=0, width=300, height=300, rotation=0.25)
        e1.box(parent=outer, x=10, y=10, width=50, height=40, allow=["move"])
        e1.box(x=500, y=0, width=100, height=100, flipped_y=True)
        a1.push()
        e3 = grip.Engine(width=800, height=600, peer=3)
        d3 = Doc()
        d3.apply_update(d1.get_update())
        a3 = YjsAdapter(e3, d3)                  # an empty engine and a full document: one load
        self.assertEqual(e3.save(), e1.save())
        self.assertFalse(e3.undo())
        self.assertEqual(a3.push(), 0)
        # its own boxes get keys of its own peer, counted from 1
        nb = e3.box(x=0, y=400)
        self.assertEqual(key_of(e3, nb), (3 << 32) | 1)

    def test_lost_feed_resyncs_from_the_document(self):
        e = grip.Engine(width=800, height=600, peer=1)
        doc = Doc()
        a = YjsAdapter(e, doc, limit=2)
        e.box(x=0, y=0)
        a.push()
        kept = e.save()
        for i in range(3):                       # three changes past a limit of two: one lost
            e.box(x=100 + 100 * i, y=0)
        self.assertEqual(a.push(), 0)
        self.assertEqual(a.resyncs, 1)
        self.assertEqual(e.save(), kept)         # the engine is the document's scene again

    def test_presence_goes_through_awareness(self):
        e1, d1, a1 = self.peer(1)
        e2, d2, a2 = self.peer(2)
        b = e1.box(x=0, y=0, width=100, height=100)
        e1.select(b)
        e1.pointer("down", 1, 50, 50, 0.0)
        e1.pointer("move", 1, 80, 50, 0.1)
        aw1, aw2 = Awareness(d1), Awareness(d2)
        a1.share_presence(aw1, pointer=[80, 50])
        a2.watch_presence(aw2)
        aw2.apply_awareness_update(aw1.encode_awareness_update([aw1.client_id]), "remote")
        state = a2.peers[aw1.client_id]
        k = str((1 << 32) | 1)
        self.assertEqual(state["selection"], [k])
        self.assertEqual(state["pointer"], [80, 50])
        (live,) = state["live"]
        self.assertEqual((live["key"], live["cx"], live["cy"]), (k, 80.0, 50.0))  # centre 50 + 30
        self.assertEqual(state["peer"], 1)

    def test_awareness_feeds_the_engines_presence(self):
        e1, d1, a1 = self.peer(1)
        e2, d2, a2 = self.peer(2)
        b = e1.box(x=0, y=0, width=100, height=100)
        a1.push()
        exchange(d1, d2)
        a2.pull()
        e1.select(b)
        e1.pointer("down", 1, 50, 50, 0.0)
        e1.pointer("move", 1, 80, 50, 0.1)
        aw1, aw2 = Awareness(d1), Awareness(d2)
        a1.share_presence(aw1, pointer=[80, 50], color=5)
        a2.watch_presence(aw2)
        saved = e2.save()
        aw2.apply_awareness_update(aw1.encode_awareness_update([aw1.client_id]), "remote")
        f = e2.frame()
        drawn = [c for c in f.commands if c["kind"].startswith("peer_")]
        self.assertEqual([c["kind"] for c in drawn], ["peer_outline", "peer_live", "peer_cursor"])
        self.assertTrue(all(c["peer"] == 1 and c["user_data"] == 5 for c in drawn))
        outline, live, cursor = drawn
        self.assertEqual(f.vertices[outline["first_vertex"]], grip.Point(0, 0))   # e2's box, not moved
        self.assertEqual(f.vertices[live["first_vertex"]], grip.Point(30, 0))     # e1's drag: +30
        self.assertEqual(cursor["center"], grip.Point(80, 50))
        self.assertEqual(e2.save(), saved)                                       # not the document
        # The peer leaves: its presence goes from e2's frames.
        aw1.remove_awareness_states([aw1.client_id], "leave")
        aw2.apply_awareness_update(aw1.encode_awareness_update([aw1.client_id]), "remote")
        self.assertNotIn(aw1.client_id, a2.peers)
        self.assertEqual([c for c in e2.frame().commands if c["kind"].startswith("peer_")], [])


if __name__ == "__main__":
    unittest.main()
