"""The Python binding: group moves, snapping, undo and redo, recorded steps, arranging the
selection, scene files and constraint callables, with the numbers the rules give. Run by
scripts/tests/python.sh."""
import unittest

import grip


def drain(e):
    return list(e.events())


class SelectionTests(unittest.TestCase):
    def setUp(self):
        self.e = grip.Engine(width=1000, height=800, selection="pointer")

    def tearDown(self):
        self.e.close()

    def test_select_ops_and_state(self):
        a = self.e.box(x=0, y=0, width=100, height=100)
        b = self.e.box(x=200, y=0, width=100, height=50)
        self.e.select(b)
        self.e.select(a, "add")
        self.assertEqual(self.e.selection(), [b, a])  # in the order selected
        st = self.e.selection_state()
        self.assertEqual(st["count"], 2)
        # the frame: the union of the members' bounds, (0, 0)-(300, 100)
        self.assertEqual((st["width"], st["height"]), (300, 100))
        self.assertEqual(st["center"], grip.Point(150, 50))
        self.e.select(b, "toggle")
        self.assertEqual(self.e.selection(), [a])
        self.e.select(None)
        self.assertEqual(self.e.selection(), [])
        kinds = [ev.kind for ev in drain(self.e)]
        self.assertIn("selection_changed", kinds)

    def test_group_move(self):
        a = self.e.box(x=0, y=0, width=100, height=100)
        b = self.e.box(x=200, y=0, width=100, height=100)
        self.e.select(a)
        self.e.select(b, "add")
        drain(self.e)
        self.e.drag((50, 50), (80, 90), steps=4)
        self.assertEqual(a.state()["center"], grip.Point(80, 90))  # (50, 50) + (30, 40)
        self.assertEqual(b.state()["center"], grip.Point(280, 90))  # (250, 50) + (30, 40)
        evs = drain(self.e)
        began = next(ev for ev in evs if ev.kind == "gesture_began")
        self.assertEqual((began.box, began.gesture), ("selection", "move"))
        committed = next(ev for ev in evs if ev.kind == "committed")
        self.assertEqual({ch.box for ch in committed.changes}, {a, b})
        self.assertTrue(self.e.undo())  # one step for the whole group
        self.assertEqual(a.state()["center"], grip.Point(50, 50))
        self.assertEqual(b.state()["center"], grip.Point(250, 50))

    def test_a_tap_selects_and_an_empty_tap_clears(self):
        a = self.e.box(x=0, y=0, width=100, height=100)
        self.e.pointer("down", 1, 50, 50, 0.0)
        self.e.pointer("up", 1, 50, 50, 0.05)
        self.assertEqual(self.e.selection(), [a])
        self.e.pointer("down", 1, 600, 600, 1.0)
        self.e.pointer("up", 1, 600, 600, 1.05)
        self.assertEqual(self.e.selection(), [])

    def test_align_distribute_flip(self):
        a = self.e.box(x=10, y=0, width=50, height=20)
        b = self.e.box(x=100, y=40, width=80, height=20)
        c = self.e.box(x=300, y=80, width=10, height=20)
        for box in (a, b, c):
            self.e.select(box, "add")
        self.assertTrue(self.e.align("left"))
        self.assertEqual([x.describe()["x"] for x in (a, b, c)], [10, 10, 10])
        self.assertFalse(self.e.align("left"))  # nothing left to do
        self.assertTrue(self.e.undo())
        self.assertEqual(b.describe()["x"], 100)
        # distribute: the outermost stay (10 ... 310), 140 of boxes in 300: gaps of 80
        self.assertTrue(self.e.distribute("horizontal"))
        self.assertEqual(b.describe()["x"], 140)  # 10 + 50 + 80
        self.assertEqual((a.describe()["x"], c.describe()["x"]), (10, 300))
        evs = drain(self.e)
        self.assertIn("distribute", [ev.gesture for ev in evs if ev.kind == "committed"])
        # flip across the frame's centre line, x = 160: a's centre 35 -> 285, its mirror toggled
        self.assertTrue(self.e.flip("horizontal"))
        s = a.state()
        self.assertEqual(s["center"].x, 285)
        self.assertTrue(s["flipped_x"])
        with self.assertRaises(grip.GripError) as cm:
            self.e.align("sideways")
        self.assertIn("edge: unknown value 'sideways'", str(cm.exception))
        self.e.select(None)
        with self.assertRaises(grip.GripError) as cm:
            self.e.distribute("vertical")
        self.assertEqual(cm.exception.status, "err_state")  # an empty selection


class SnappingTests(unittest.TestCase):
    def test_grid(self):
        e = grip.Engine(width=1000, height=800)
        b = e.box(x=100, y=100, width=80, height=40)
        e.set_snapping(flags=["grid"], grid_x=50, grid_y=50)
        # a drag by 47 puts the left edge at 147, 3 from the line at 150 (within 8): it snaps
        e.drag((140, 120), (187, 120))
        self.assertEqual(b.state()["center"].x, 190)
        e.set_snapping(None)
        e.drag((190, 120), (237, 120))
        self.assertEqual(b.state()["center"].x, 237)  # off: the drag as it came
        e.set_snapping(flags=["grid"], grid_x=50, grid_y=50, grid_origin=(25, 0), threshold=4)
        # the left edge 197 - 20 = 177, 2 from 175 (the lines through x = 25)
        e.drag((237, 120), (217, 120))
        self.assertEqual(b.state()["center"].x, 215)
        # ctrl bypasses it (the default bypass_modifiers): the left edge at 175 + 14 = 189 stays
        e.drag((215, 120), (229, 120), mods=["ctrl"])
        self.assertEqual(b.state()["center"].x, 229)
        with self.assertRaises(grip.GripError) as cm:
            e.set_snapping(flags=["corners"])
        self.assertIn("flags: unknown value 'corners'", str(cm.exception))
        e.close()


class HistoryTests(unittest.TestCase):
    def setUp(self):
        self.e = grip.Engine(width=800, height=600)
        self.b = self.e.box(x=100, y=100, width=200, height=120)

    def tearDown(self):
        self.e.close()

    def test_undo_redo(self):
        self.assertEqual(self.e.history(), (0, 0))
        self.assertFalse(self.e.undo())
        self.e.drag((150, 150), (250, 200))
        self.assertEqual(self.b.state()["center"], grip.Point(300, 210))
        self.assertEqual(self.e.history(), (1, 0))
        drain(self.e)
        self.assertTrue(self.e.undo())
        self.assertEqual(self.b.state()["center"], grip.Point(200, 160))
        self.assertEqual(self.e.history(), (0, 1))
        undone = [ev for ev in drain(self.e) if ev.kind == "undone"]
        self.assertEqual(len(undone), 1)
        (ch,) = undone[0].changes
        self.assertEqual((ch.before["center"], ch.after["center"]), (grip.Point(300, 210), grip.Point(200, 160)))
        self.assertTrue(self.e.redo())
        self.assertEqual(self.b.state()["center"], grip.Point(300, 210))
        self.assertFalse(self.e.redo())
        self.e.clear_history()
        self.assertEqual(self.e.history(), (0, 0))

    def test_recorded_step_creates_and_undo_removes(self):
        made = []

        def edit():
            made.append(self.e.box(x=400, y=300, width=50, height=50))
            self.b.configure(width=150)

        self.assertTrue(self.e.record(edit))
        self.assertEqual(self.b.state()["width"], 150)
        committed = [ev for ev in drain(self.e) if ev.kind == "committed"]
        self.assertEqual(committed[0].gesture, "host")
        created = [ch for ch in committed[0].changes if ch.box == made[0]]
        self.assertIsNone(created[0].before)  # the step created it
        self.assertTrue(self.e.undo())
        self.assertEqual(self.b.state()["width"], 200)
        self.assertFalse(made[0].exists())
        self.assertTrue(self.e.redo())
        self.assertTrue(made[0].exists())  # back, with its id
        self.assertEqual(made[0].state()["center"], grip.Point(425, 325))

    def test_cancelled_record_puts_everything_back(self):
        def edit():
            self.b.configure(width=120)
            raise RuntimeError("changed my mind")

        with self.assertRaises(RuntimeError):
            self.e.record(edit)
        self.assertEqual(self.b.state()["width"], 200)
        self.assertFalse(self.e.recording())
        self.assertEqual(self.e.history(), (0, 0))


class SceneTests(unittest.TestCase):
    def test_save_load_round_trip(self):
        e = grip.Engine(width=800, height=600)
        p = e.box(x=100, y=100, width=300, height=200, user_data=3)
        e.box(parent=p, x=5, y=5, width=20, height=10, user_data=7, rotation=0.25)
        text = e.save()
        self.assertIn('"grip_scene": 1', text)
        p.configure(x=0, width=50)
        e.box(x=500, y=500)
        e.load(text)
        self.assertFalse(p.exists())  # the old objects go stale
        boxes = e.boxes()
        self.assertEqual(len(boxes), 2)
        d0, d1 = boxes[0].describe(), boxes[1].describe()
        self.assertEqual((d0["x"], d0["y"], d0["width"], d0["height"], d0["user_data"]), (100, 100, 300, 200, 3))
        self.assertEqual(d1["parent"], boxes[0])
        self.assertEqual((d1["x"], d1["width"], d1["user_data"], d1["rotation"]), (5, 20, 7, 0.25))
        self.assertEqual(e.save(), text)  # byte for byte
        other = grip.Engine()
        other.load(text)
        self.assertEqual(other.save(), text)
        with self.assertRaises(grip.GripError) as cm:
            e.load("{ not json")
        self.assertEqual(cm.exception.status, "err_arg")
        self.assertEqual(e.save(), text)  # a refused load changes nothing
        e.close()
        other.close()


class ConstraintTests(unittest.TestCase):
    def setUp(self):
        self.e = grip.Engine(width=1000, height=800)
        self.b = self.e.box(x=100, y=100, width=200, height=120, editing=True)

    def tearDown(self):
        self.e.close()

    def test_a_callable_clamps(self):
        seen = []

        def clamp(proposed, current):
            seen.append((proposed["center"], current["center"]))
            return {"center": (min(proposed["center"].x, 400), proposed["center"].y)}

        self.b.set_constraint(clamp)
        self.e.drag((150, 150), (450, 170))  # proposed centre (500, 180)
        self.assertEqual(self.b.state()["center"], grip.Point(400, 180))
        self.assertEqual(seen[0][1], grip.Point(200, 160))  # the first step's current geometry
        self.b.set_constraint(None)
        self.e.drag((400, 180), (500, 180))
        self.assertEqual(self.b.state()["center"], grip.Point(500, 180))

    def test_width_clamp_on_resize(self):
        self.b.set_constraint(lambda p, c: dict(p, width=min(p["width"], 250)))
        at = self.b.handle_center("right")
        self.e.drag(at, (at.x + 100, at.y))
        self.assertEqual(self.b.state()["width"], 250)

    def test_false_refuses(self):
        self.b.set_constraint(lambda p, c: False)
        self.e.drag((150, 150), (250, 150))
        self.assertEqual(self.b.state()["center"], grip.Point(200, 160))

    def test_an_exception_refuses_the_step_with_a_message(self):
        def boom(p, c):
            raise ValueError("boom")

        self.b.set_constraint(boom)
        self.e.drag((150, 150), (250, 150))
        self.assertEqual(self.b.state()["center"], grip.Point(200, 160))
        errors = [ev for ev in drain(self.e) if ev.kind == "script_error"]
        self.assertEqual(len(errors), 1)  # once per run of the same failure, not per move
        self.assertEqual(errors[0].message, "constraint: boom")
        self.assertEqual(errors[0].box, self.b)

    def test_nonsense_and_busy_engine_refuse(self):
        self.b.set_constraint(lambda p, c: {"colour": "red"})
        self.e.drag((150, 150), (250, 150))
        self.assertEqual(self.b.state()["center"], grip.Point(200, 160))
        msgs = [ev.message for ev in drain(self.e) if ev.kind == "script_error"]
        self.assertEqual(msgs, ["constraint: constraint returned an unknown field 'colour'"])

        def calls_back(p, c):
            self.e.boxes()  # the engine is busy: this raises GripError inside the callable
            return p

        self.b.set_constraint(calls_back)
        self.e.drag((150, 150), (250, 150))
        self.assertEqual(self.b.state()["center"], grip.Point(200, 160))
        msgs = [ev.message for ev in drain(self.e) if ev.kind == "script_error"]
        self.assertEqual(len(msgs), 1)
        self.assertIn("GRIP_ERR_STATE", msgs[0])

    def test_closing_the_engine_from_a_constraint(self):
        def closes(p, c):
            self.e.close()  # deferred by the library until the dispatch in progress returns
            return p

        self.b.set_constraint(closes)
        self.e.pointer("down", 1, 150, 150, 0.0)
        self.e.pointer("move", 1, 250, 150, 0.1)  # the callable runs here; the call returns as usual
        self.assertTrue(self.e.closed)
        self.assertFalse(self.b.exists())
        with self.assertRaises(grip.GripError) as cm:
            self.e.pointer("up", 1, 250, 150, 0.2)
        self.assertIn("engine was destroyed", str(cm.exception))

    def test_the_constraint_goes_with_its_box(self):
        self.b.set_constraint(lambda p, c: p)
        hooks = self.e._hooks
        self.assertIn(self.b.id, hooks.constraints)
        self.b.destroy()
        self.assertNotIn(self.b.id, hooks.constraints)


if __name__ == "__main__":
    unittest.main()
