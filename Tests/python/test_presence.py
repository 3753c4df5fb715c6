"""Presence through the Python binding: Engine.peer_set and peer_remove, the frame's peer_outline,
peer_live and peer_cursor commands (tagged with the peer, its colour in user_data, after the box
commands and before the local overlay, through the view), refusals that change nothing, and
presence staying out of the document. Expected numbers come from the geometry model, worked out
here. Run by scripts/tests/python.sh."""
import ctypes
import math
import unittest

import grip


def peer_commands(frame):
    return [c for c in frame.commands if c["kind"].startswith("peer_")]


class PresenceTests(unittest.TestCase):
    def setUp(self):
        self.e = grip.Engine(width=800, height=600, peer=1)

    def tearDown(self):
        self.e.close()

    def key_of(self, box):
        k = ctypes.c_uint64()
        self.e._call("grip_box_get_key", box.id, ctypes.byref(k))
        return k.value

    def test_outline_live_box_and_cursor(self):
        b = self.e.box(x=100, y=50, width=60, height=20, rotation=math.pi / 2, editing=True)
        key = self.key_of(b)
        self.e.set_view(a=2, d=2, tx=5)
        self.e.peer_set(4, color=9, selection=[key, 12345], pointer=(10, 20),
                        live=[{"key": key, "gesture": "move",
                               "geometry": {"center": (300, 200), "width": 60, "height": 20}}])
        f = self.e.frame()
        kinds = [c["kind"] for c in f.commands]
        self.assertEqual(kinds[:4], ["box", "peer_outline", "peer_live", "peer_cursor"])
        self.assertEqual(kinds[4], "border")  # the local overlay after presence
        outline, live, cursor = f.commands[1:4]
        for c in (outline, live, cursor):
            self.assertEqual((c["peer"], c["user_data"]), (4, 9))
        self.assertEqual(outline["box"], b)
        # centre (130, 60), a quarter turn: box (0, 0) is at centre + R(90)(-30, -10) = (140, 30);
        # on screen 2 * p + (5, 0)
        v = f.vertices[outline["first_vertex"]]
        self.assertAlmostEqual(v.x, 2 * 140 + 5, places=9)
        self.assertAlmostEqual(v.y, 2 * 30, places=9)
        v = f.vertices[live["first_vertex"]]
        self.assertEqual((v.x, v.y), (2 * (300 - 30) + 5, 2 * (200 - 10)))
        self.assertEqual(cursor["center"], grip.Point(25, 40))
        for c in f.commands:
            if not c["kind"].startswith("peer_"):
                self.assertEqual(c["peer"], 0)

    def test_refusals_change_nothing_and_remove(self):
        b = self.e.box(x=0, y=0, width=10, height=10)
        self.e.peer_set(2, selection=[self.key_of(b)])
        before = self.e.frame()
        bad = [dict(peer=0), dict(peer=1), dict(peer=2, pointer=(math.nan, 0)),
               dict(peer=2, live=[{"key": 0, "geometry": {"width": 1, "height": 1}}]),
               dict(peer=2, live=[{"key": 5, "geometry": {"width": -1, "height": 1}}]),
               dict(peer=2, live=[{"key": 5, "gesture": "sideways"}]),
               dict(peer=2, live=[{"key": 5, "size": 3}])]
        for kw in bad:
            with self.assertRaises(grip.GripError) as cm:
                self.e.peer_set(**kw)
            self.assertEqual(cm.exception.status, "err_arg", kw)
        with self.assertRaises(grip.GripError) as cm:
            self.e.peer_set(2, selection=range(4097))
        self.assertEqual(cm.exception.status, "err_limit")
        for p in range(3, 3 + 63):
            self.e.peer_set(p)
        with self.assertRaises(grip.GripError) as cm:
            self.e.peer_set(1000)
        self.assertEqual(cm.exception.status, "err_limit")
        after = self.e.frame()
        self.assertEqual(peer_commands(after), peer_commands(before))
        self.assertTrue(self.e.peer_remove(2))
        self.assertFalse(self.e.peer_remove(2))
        self.assertEqual(peer_commands(self.e.frame()), [])

    def test_not_the_document(self):
        b = self.e.box(x=0, y=0, width=10, height=10)
        saved = self.e.save()
        self.e.peer_set(2, selection=[self.key_of(b)], pointer=(1, 1))
        self.assertEqual(self.e.save(), saved)
        self.assertEqual(self.e.selection(), [])
        self.assertFalse(self.e.undo())


if __name__ == "__main__":
    unittest.main()
