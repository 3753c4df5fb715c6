"""The Python binding (bindings/python/grip): engines, boxes, descriptions, masks and enums by
name, input, gestures with the numbers the rules give, events and their changes, frames, hits,
queries, the view, and errors. Run by scripts/tests/python.sh (unittest, in the suite's venv)."""
import math
import unittest

import grip


def drain(e):
    return list(e.events())


class EngineTests(unittest.TestCase):
    def setUp(self):
        self.e = grip.Engine(width=800, height=600)

    def tearDown(self):
        self.e.close()

    def test_version_and_generated_layer(self):
        self.assertRegex(grip.version(), r"^\d+\.\d+\.\d+$")
        from grip import _capi
        self.assertEqual(_capi.ENUMS["handle"]["rotate"], 9)
        self.assertEqual(_capi.GRIP_ALLOW_ALL, 127)  # seven flags, bits 0 ... 6
        self.assertEqual(_capi.FIELDS["grip_box_desc"][0][0], "struct_size")

    def test_engine_desc_by_name(self):
        e = grip.Engine(width=640, height=480, selection="pointer", history_limit=7, nudge_step=2.5)
        d = e.describe()
        self.assertEqual((d["width"], d["height"]), (640, 480))
        self.assertEqual(d["selection"], "pointer")
        self.assertEqual(d["history_limit"], 7)
        self.assertEqual(d["nudge_step"], 2.5)
        self.assertEqual(d["marquee_rule"], "intersect")  # the default
        e.close()
        self.assertTrue(e.closed)
        with self.assertRaises(grip.GripError) as cm:
            e.boxes()
        self.assertIn("engine was destroyed", str(cm.exception))

    def test_box_fields_masks_enums(self):
        b = self.e.box(x=100, y=100, width=200, height=120, editing=True, resize_mode="uniform",
                       allow=["move", "long_press"], user_data=42,
                       handles=["top_left", "bottom_right", "rotate"], indicator="rounded_rect")
        d = b.describe()
        self.assertEqual((d["x"], d["y"], d["width"], d["height"]), (100, 100, 200, 120))
        self.assertEqual(d["resize_mode"], "uniform")
        self.assertEqual(d["indicator"], "rounded_rect")
        self.assertEqual(d["allow"], ["move", "long_press"])
        self.assertEqual(d["handles"], ["top_left", "bottom_right", "rotate"])
        self.assertEqual(d["user_data"], 42)
        self.assertIsNone(d["parent"])
        # defaults of grip_box_desc_init: min size 10, scale 0.1 ... 10, corner radius 6
        self.assertEqual((d["min_width"], d["min_scale"], d["max_scale"], d["corner_radius"]), (10, 0.1, 10, 6))
        self.assertEqual(len(self.e.box(allow="all", x=600, y=400).describe()["allow"]), 7)

    def test_configure_is_partial(self):
        b = self.e.box(x=100, y=100, width=200, height=120, user_data=9)
        b.configure(width=180)
        d = b.describe()
        self.assertEqual((d["width"], d["height"], d["user_data"]), (180, 120, 9))

    def test_state(self):
        b = self.e.box(x=100, y=100, width=200, height=120)
        s = b.state()
        self.assertEqual(s["center"], grip.Point(200, 160))  # x + w/2, y + h/2
        self.assertEqual(s["corners"][2], grip.Point(300, 220))  # bottom-right in world space
        self.assertEqual(s["world"], {"a": 1, "b": 0, "c": 0, "d": 1, "tx": 100, "ty": 100})
        self.assertFalse(s["gesture_active"])

    def test_parent_and_boxes_order(self):
        p = self.e.box(x=100, y=100, width=300, height=200)
        c = self.e.box(parent=p, x=10, y=20, width=50, height=40)
        self.assertEqual(self.e.boxes(), [p, c])
        self.assertEqual(c.describe()["parent"], p)
        self.assertEqual(c.state()["corners"][0], grip.Point(110, 120))  # parent's origin + (10, 20)
        p.destroy()
        self.assertFalse(c.exists())  # went with its parent
        with self.assertRaises(grip.GripError) as cm:
            c.state()
        self.assertEqual(cm.exception.status, "err_not_found")
        self.assertIn("box was destroyed", str(cm.exception))

    def test_drag_moves_the_box(self):
        b = self.e.box(x=100, y=100, width=200, height=120)
        self.assertTrue(self.e.pointer("down", 1, 150, 150, 0.0))
        self.e.pointer("move", 1, 200, 175, 0.1)
        self.e.pointer("move", 1, 250, 200, 0.2)
        self.e.pointer("up", 1, 250, 200, 0.3)
        self.assertEqual(b.state()["center"], grip.Point(300, 210))  # (200, 160) + (100, 50)
        self.assertEqual(self.e.time, 0.3)
        evs = drain(self.e)
        kinds = [ev.kind for ev in evs]
        self.assertEqual(kinds[0], "gesture_began")
        self.assertIn("gesture_ended", kinds)
        committed = [ev for ev in evs if ev.kind == "committed"]
        self.assertEqual(len(committed), 1)
        self.assertEqual(committed[0].gesture, "move")
        (ch,) = committed[0].changes
        self.assertEqual(ch.box, b)
        self.assertEqual(ch.before["center"], grip.Point(200, 160))
        self.assertEqual(ch.after["center"], grip.Point(300, 210))
        self.assertEqual((ch.after["width"], ch.after["height"]), (200, 120))

    def test_a_move_within_the_slop_is_a_tap(self):
        b = self.e.box(x=100, y=100, width=200, height=120)
        self.e.pointer("down", 1, 150, 150, 0.0)
        self.e.pointer("move", 1, 155, 150, 0.05)  # 5 < touch_slop 10
        self.e.pointer("up", 1, 155, 150, 0.1)
        self.assertEqual(b.state()["center"], grip.Point(200, 160))
        self.assertIn("tap", [ev.kind for ev in drain(self.e)])

    def test_resize_from_a_handle(self):
        b = self.e.box(x=100, y=100, width=200, height=100, editing=True)
        at = b.handle_center("bottom_right")
        self.assertEqual(at, grip.Point(300, 200))
        self.e.drag(at, (at.x + 50, at.y + 30))
        s = b.state()
        # freeform: the opposite corner (100, 100) stays, the size grows by the drag
        self.assertEqual((s["width"], s["height"]), (250, 130))
        self.assertEqual(s["center"], grip.Point(225, 165))
        left = b.handle_center("left")
        self.assertEqual(left, grip.Point(100, 165))
        self.e.drag(left, (left.x - 40, left.y))
        s = b.state()
        self.assertEqual((s["width"], s["height"]), (290, 130))  # the right edge at 350 stays
        self.assertEqual(s["center"], grip.Point(205, 165))

    def test_uniform_resize_keeps_the_ratio(self):
        b = self.e.box(x=100, y=100, width=200, height=100, editing=True, resize_mode="uniform")
        at = b.handle_center("bottom_right")
        self.e.drag(at, (at.x + 100, at.y + 50))  # along the diagonal: 1.5x
        s = b.state()
        self.assertAlmostEqual(s["width"], 300, places=9)
        self.assertAlmostEqual(s["height"], 150, places=9)

    def test_rotate90_and_flip(self):
        b = self.e.box(x=100, y=100, width=200, height=100)
        self.e.select(b)
        self.assertTrue(self.e.rotate90())
        s = b.state()
        self.assertAlmostEqual(s["rotation"], math.pi / 2, places=12)
        self.assertEqual(s["center"], grip.Point(200, 150))  # about the frame's centre: it stays
        self.assertTrue(self.e.rotate90(-1))
        self.assertAlmostEqual(b.state()["rotation"], 0, places=12)
        self.assertTrue(self.e.flip("horizontal"))
        self.assertTrue(b.state()["flipped_x"])

    def test_magnify_scales(self):
        b = self.e.box(x=400, y=100, width=100, height=100)
        self.assertTrue(self.e.magnify("down", 1, 450, 150, 1.0))
        self.e.magnify("move", 2, 450, 150, 1.1)
        self.e.magnify("up", 2, 450, 150, 1.2)
        self.assertAlmostEqual(b.state()["scale"], 2, places=12)

    def test_nudge_with_keys(self):
        b = self.e.box(x=100, y=100, width=50, height=50)
        self.e.select(b)
        self.assertTrue(self.e.key("down", "right", 0.0))
        self.e.key("up", "right", 0.05)
        self.e.key("down", "down", 0.1, mods=["shift"])
        self.e.key("up", "down", 0.15, mods=["shift"])
        s = b.state()
        self.assertEqual(s["center"], grip.Point(126, 135))  # +1 (nudge_step), +10 (shift)
        self.e.tick(1.5)  # a second on: the nudge run commits as one step
        self.assertEqual(self.e.history(), (1, 0))

    def test_hit_query_view(self):
        b = self.e.box(x=100, y=100, width=200, height=100, editing=True)
        self.assertEqual(self.e.hit(150, 150), (b, "none"))
        self.assertEqual(self.e.hit(300, 200), (b, "bottom_right"))
        self.assertEqual(self.e.hit(700, 500), (None, "none"))
        self.assertEqual(self.e.query(0, 0, 120, 120), [b])
        self.assertEqual(self.e.query(0, 0, 120, 120, contain=True), [])
        self.e.set_view(a=2, d=2, tx=10, ty=20)
        self.assertEqual(self.e.world_to_screen(100, 100), grip.Point(210, 220))
        self.assertEqual(self.e.screen_to_world(210, 220), grip.Point(100, 100))
        self.assertEqual(self.e.view(), {"a": 2, "b": 0, "c": 0, "d": 2, "tx": 10, "ty": 20})

    def test_frame(self):
        b = self.e.box(x=100, y=100, width=200, height=100, editing=True, user_data=5)
        f = self.e.frame()
        boxes = [c for c in f.commands if c["kind"] == "box"]
        self.assertEqual(len(boxes), 1)
        self.assertEqual(boxes[0]["box"], b)
        self.assertEqual(boxes[0]["user_data"], 5)
        self.assertEqual(boxes[0]["transform"]["tx"], 100)
        handles = [c for c in f.commands if c["kind"] == "handle"]
        self.assertEqual(len(handles), 9)  # 8 resize handles + rotate
        border = [c for c in f.commands if c["kind"] == "border"][0]
        pts = f.vertices[border["first_vertex"]:border["first_vertex"] + border["vertex_count"]]
        # the box's outline inset by half the stroke (1 screen unit): (100, 100)-(300, 200) -> 0.5 in
        self.assertEqual(border["stroke_width"], 1)
        self.assertEqual(pts, [grip.Point(100.5, 100.5), grip.Point(299.5, 100.5),
                               grip.Point(299.5, 199.5), grip.Point(100.5, 199.5)])

    def test_order(self):
        a = self.e.box(x=0, y=0, width=50, height=50)
        b = self.e.box(x=0, y=0, width=50, height=50)
        self.assertEqual(self.e.boxes(), [a, b])
        a.order("front")
        self.assertEqual(self.e.boxes(), [b, a])


class ErrorTests(unittest.TestCase):
    def setUp(self):
        self.e = grip.Engine(width=800, height=600)
        self.b = self.e.box(x=100, y=100, width=200, height=120)

    def tearDown(self):
        self.e.close()

    def raises(self, status, text, fn, *args, **kw):
        with self.assertRaises(grip.GripError) as cm:
            fn(*args, **kw)
        self.assertEqual(cm.exception.status, status)
        self.assertIn(text, str(cm.exception))
        return cm.exception

    def test_bad_input_raises_with_the_message_and_changes_nothing(self):
        before = self.e.save()
        self.raises("err_arg", "unknown box field 'colour'", self.e.box, colour="red")
        self.raises("err_arg", "unknown engine field 'widht'", grip.Engine, widht=3)
        self.raises("err_arg", "resize_mode: unknown value 'diagonal'", self.e.box, resize_mode="diagonal")
        self.raises("err_arg", "allow: unknown value 'fly'", self.e.box, allow=["move", "fly"])
        self.raises("err_arg", "editing must be a bool", self.e.box, editing=1)
        self.raises("err_arg", "x must be a number", self.e.box, x="left")
        err = self.raises("err_arg", "GRIP_ERR_ARG: bad argument", self.e.box, width=float("nan"))
        self.assertIn("width", err.message)  # the library's message names the field
        self.raises("err_arg", "GRIP_ERR_ARG", self.b.configure, width=-5)
        self.raises("err_arg", "GRIP_ERR_ARG", self.e.pointer, "down", 1, float("inf"), 0, 0.0)
        self.raises("err_arg", "phase: unknown value 'press'", self.e.pointer, "press", 1, 0, 0, 0.0)
        self.raises("err_arg", "pointer must be an integer", self.e.pointer, "down", -1, 0, 0, 0.0)
        self.raises("err_arg", "mods: unknown value 'hyper'", self.e.pointer, "down", 1, 0, 0, 0.0, ["hyper"])
        self.raises("err_arg", "key: unknown value 'space'", self.e.key, "down", "space")
        self.raises("err_arg", "GRIP_ERR_ARG", self.e.set_snapping, grid_x=-1)
        self.raises("err_arg", "unknown snapping field 'grid'", self.e.set_snapping, grid=3)
        self.assertEqual(self.e.save(), before)
        self.assertEqual(self.b.state()["width"], 200)

    def test_wrong_order_and_time_backwards(self):
        self.raises("err_state", "GRIP_ERR_STATE", self.e.pointer, "up", 1, 150, 150, 0.0)
        self.e.pointer("down", 1, 150, 150, 1.0)
        self.raises("err_state", "GRIP_ERR_STATE", self.e.pointer, "move", 1, 200, 150, 0.5)
        self.e.pointer("up", 1, 150, 150, 1.1)
        self.assertEqual(self.b.state()["center"], grip.Point(200, 160))

    def test_destroyed_and_foreign_boxes(self):
        other = grip.Engine()
        ob = other.box()
        self.raises("err_arg", "a box of another engine", self.e.select, ob)
        self.raises("err_arg", "parent: a box of another engine", self.e.box, parent=ob)
        self.b.destroy()
        self.assertFalse(self.b.exists())
        self.raises("err_not_found", "box was destroyed", self.b.describe)
        self.raises("err_not_found", "box was destroyed", self.b.destroy)
        other.close()
        self.assertFalse(ob.exists())

    def test_errors_name_the_status(self):
        self.raises("err_state", "GRIP_ERR_STATE", self.e.history_commit)  # no step open


if __name__ == "__main__":
    unittest.main()
