"""Grip for Python: interactive bounding-box editing (select, move, resize, rotate, pinch, snap,
undo) over the C library libgrip.so, through ctypes.

The API mirrors the Lua module's (docs/lua.md) in snake_case:

    import grip
    e = grip.Engine(width=800, height=600)
    b = e.box(x=100, y=100, width=200, height=120, editing=True)
    e.pointer("down", 1, 150, 150, 0.0)
    e.pointer("move", 1, 250, 200, 0.1)
    e.pointer("up", 1, 250, 200, 0.2)
    b.state()["center"]            # Point(x=300.0, y=210.0)

Enum values are the Lua names (strings: "bottom_right", "uniform"), masks lists of them
(["move", "resize"], or "all"). Every failing call raises GripError and changes nothing.
docs/python.md is the reference; the library is found as it says (GRIP_LIBRARY, the package's
own copy, the repository's build, the system's libgrip.so.0).
"""

import ctypes
import os
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, NamedTuple, Optional

from . import _capi
from ._capi import ENUMS, FIELDS, FLAG_TABLES

__all__ = ["Engine", "Box", "Event", "Change", "Frame", "Point", "GripError", "library_path", "version"]


class GripError(Exception):
    """A refused call: `status` is the status's Lua name ("err_arg", "err_not_found",
    "err_state", "err_limit", "err_nomem", "err_script"), `message` what was wrong. str() gives
    "GRIP_ERR_ARG: bad argument: <the library's message>". Nothing changed."""

    def __init__(self, status: str, message: str):
        self.status = status
        self.message = message
        super().__init__(message)


class Point(NamedTuple):
    """A point (x, y): world, screen, parent or box space, as the call says."""

    x: float
    y: float


# ---- the library -----------------------------------------------------------------------------

_lib = None
_lib_path: Optional[str] = None


def _candidates() -> list:
    """Where the library is looked for, in order."""
    env = os.environ.get("GRIP_LIBRARY")
    if env:
        return [env]  # only that one: a wrong path must fail, not fall back silently
    here = Path(__file__).resolve().parent
    out = [here / "libgrip.so"]
    for up in here.parents:  # run from a checkout: the repository's build (scripts/build)
        lib = up / ".build" / "release" / "libgrip.so"
        if lib.exists():
            out.append(lib)
            break
    out.append("libgrip.so.0")  # installed (scripts/install), found by the dynamic loader
    return [str(p) for p in out]


def _load():
    global _lib, _lib_path
    if _lib is not None:
        return _lib
    errors = []
    for path in _candidates():
        if "/" in path and not os.path.exists(path):
            errors.append(f"{path}: no such file")
            continue
        try:
            lib = ctypes.CDLL(path)
        except OSError as err:
            errors.append(str(err))
            continue
        _lib, _lib_path = _capi.bind(lib), path
        return lib
    raise GripError("err_arg", "libgrip.so not found (set GRIP_LIBRARY): " + "; ".join(errors))


def library_path() -> str:
    """The path of the libgrip.so this module loaded (loading it if it was not yet)."""
    _load()
    return _lib_path


def version() -> str:
    """The library's version, "major.minor.patch"."""
    v = _load().grip_version()
    return f"{v >> 16}.{(v >> 8) & 255}.{v & 255}"


# ---- names <-> values -------------------------------------------------------------------------

_STATUS_NAMES = {v: k for k, v in ENUMS["status"].items()}
_NAMES = {table: {v: k for k, v in values.items()} for table, values in ENUMS.items()}
_CUSTOM = ENUMS["handle"]["custom"]
_ALL_HANDLES = [n for n, v in ENUMS["handle"].items() if 0 < v < _CUSTOM]


def _arg_error(message: str) -> GripError:
    return GripError("err_arg", "GRIP_ERR_ARG: bad argument: " + message)


def _handle_name(value: int) -> str:
    if value >= _CUSTOM:
        return f"custom_{value - _CUSTOM}"
    return _NAMES["handle"].get(value, str(value))


def _enum_value(table: str, name: Any, what: str) -> int:
    if isinstance(name, str):
        if table == "handle" and name.startswith("custom_") and name[7:].isdigit():
            return _CUSTOM + int(name[7:])
        value = ENUMS[table].get(name)
        if value is not None and not (table == "handle" and name == "custom"):
            return value
    raise _arg_error(f"{what}: unknown value {name!r} (one of {', '.join(_public_names(table))})")


def _public_names(table: str) -> list:
    return [n for n in ENUMS[table] if not (table == "handle" and n == "custom")]


def _mask_value(table: str, bits: bool, names: Any, what: str) -> int:
    """A mask from a list (set, tuple) of names, one name, "all", None (nothing) or an int."""
    if names is None:
        return 0
    if isinstance(names, int) and not isinstance(names, bool):
        if names < 0 or names > 0xFFFFFFFF:
            raise _arg_error(f"{what}: mask {names} out of range")
        return names
    if names == "all":
        names = _ALL_HANDLES if bits else list(ENUMS[table])
    elif isinstance(names, str):
        names = [names]
    if not isinstance(names, (list, tuple, set, frozenset)):
        raise _arg_error(f"{what} must be a list of names (got {type(names).__name__})")
    mask = 0
    for name in names:
        if not isinstance(name, str) or name not in ENUMS[table] or name in ("none", "custom"):
            raise _arg_error(f"{what}: unknown value {name!r} (one of {', '.join(_public_names(table))})")
        mask |= (1 << ENUMS[table][name]) if bits else ENUMS[table][name]
    return mask


def _mask_names(table: str, bits: bool, mask: int) -> list:
    out = []
    for name, value in sorted(ENUMS[table].items(), key=lambda kv: kv[1]):
        if name in ("none", "custom"):
            continue
        if mask & ((1 << value) if bits else value):
            out.append(name)
    return out


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _arg_error(f"{what} must be a number (got {type(value).__name__})")
    return float(value)


def _integer(value: Any, what: str, bits: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < (1 << bits):
        raise _arg_error(f"{what} must be an integer 0 ... 2^{bits} - 1 (got {value!r})")
    return value


def _point(value: Any, what: str) -> Point:
    if isinstance(value, dict):
        return Point(_number(value.get("x"), what + ".x"), _number(value.get("y"), what + ".y"))
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return Point(_number(value[0], what + "[0]"), _number(value[1], what + "[1]"))
    raise _arg_error(f"{what} must be a point (x, y) (got {value!r})")


# ---- structs <-> dicts, by the generated field lists ------------------------------------------

_AFFINE = ("a", "b", "c", "d", "tx", "ty")


def _to_dict(engine: "Engine", cd: Any, struct: str) -> dict:
    out = {}
    for name, kind, table in FIELDS[struct]:
        if name == "struct_size":
            continue
        v = getattr(cd, name)
        if kind == "grip_vec2":
            v = Point(v.x, v.y)
        elif kind == "grip_affine":
            v = {k: getattr(v, k) for k in _AFFINE}
        elif kind == "grip_vec2[4]":
            v = [Point(p.x, p.y) for p in v]
        elif kind == "grip_box":
            v = engine._box(v)
        elif kind == "enum":
            v = _handle_name(v) if table == "handle" else _NAMES[table].get(v, v)
        elif kind in ("mask", "bits"):
            v = _mask_names(table, kind == "bits", v)
        elif kind in FIELDS:
            v = _to_dict(engine, v, kind)
        out[name] = v
    return out


def _from_dict(engine: Optional["Engine"], cd: Any, struct: str, values: dict, what: str) -> None:
    """Sets the fields given (only those); an unknown field or a wrong type is a GripError."""
    kinds = {name: (kind, table) for name, kind, table in FIELDS[struct]}
    for name, v in values.items():
        if name not in kinds or name == "struct_size":
            raise _arg_error(f"unknown {what} field {name!r}")
        kind, table = kinds[name]
        if kind == "grip_box":
            if v is None:
                v = _capi.GRIP_NO_BOX
            elif not isinstance(v, Box):
                raise _arg_error(f"{name} must be a box or None")
            elif v.engine is not engine:
                raise _arg_error(f"{name}: a box of another engine")
            else:
                v = v._live_id()
        elif kind == "enum":
            v = _enum_value(table, v, name)
        elif kind in ("mask", "bits"):
            v = _mask_value(table, kind == "bits", v, name)
        elif kind == "bool":
            if not isinstance(v, bool):
                raise _arg_error(f"{name} must be a bool (got {type(v).__name__})")
        elif kind == "grip_vec2":
            p = _point(v, name)
            v = _capi.grip_vec2(p.x, p.y)
        elif kind == "double":
            v = _number(v, name)
        elif kind in ("uint32_t", "uint64_t", "size_t"):
            v = _integer(v, name, 32 if kind == "uint32_t" else 64)
        else:
            raise _arg_error(f"{what} field {name!r} cannot be set")
        setattr(cd, name, v)


def _geometry(g: Any) -> dict:
    """A grip_geometry as the constraint callables see it (parent space; no parent)."""
    return {"center": Point(g.center.x, g.center.y), "width": g.width, "height": g.height,
            "rotation": g.rotation, "scale": g.scale, "flipped_x": g.flipped_x, "flipped_y": g.flipped_y}


# ---- events and frames --------------------------------------------------------------------------


@dataclass
class Change:
    """One box of a committed, undone or redone step: its geometry before and after (dicts with
    parent, center, width, height, rotation, scale, flipped_x, flipped_y; before is None for a box
    the step created, after None for one it destroyed)."""

    box: Optional["Box"]
    before: Optional[dict]
    after: Optional[dict]


@dataclass
class Event:
    """An event of the queue (grip_event): kind, gesture and handle by name, box (a Box, None or
    "selection"), position in world space; changes for committed / undone / redone, message for a
    script_error."""

    kind: str
    gesture: str = "none"
    box: Any = None
    user_data: int = 0
    handle: str = "none"
    pointer: int = 0
    time: float = 0.0
    position: Point = Point(0.0, 0.0)
    changes: list = field(default_factory=list)
    message: Optional[str] = None


@dataclass
class Frame:
    """What to draw (grip_frame): commands back to front as dicts (kind, handle, box, user_data,
    transform, width, height, center, radius, inner_radius, cursor_angle, first_vertex,
    vertex_count, stroke_width, dash_on, dash_off, dash_phase, progress, state, peer), and the vertices
    their first_vertex / vertex_count ranges index (0-based)."""

    time: float
    serial: int
    commands: list
    vertices: list


# ---- constraints: one ctypes callback for every box of every engine ----------------------------
#
# The callback's context is the engine's key in _HOOK_SETS; the Python callables live in the
# engine's hook set. A callable that raises or returns nonsense refuses the step, and the engine's
# events() hands out a script_error event with the message (once per run of the same failure).

_HOOK_SETS: "weakref.WeakValueDictionary[int, _Hooks]" = weakref.WeakValueDictionary()
_next_hook_key = 0
_MAX_HOOK_ERRORS = 64
_GEOMETRY_KEYS = {"center", "width", "height", "rotation", "scale", "flipped_x", "flipped_y"}


class _Hooks:
    def __init__(self):
        self.constraints: dict = {}  # box id -> callable
        self.errors: list = []  # (box id, message) not yet handed out
        self.failing: dict = {}  # box id -> the message of its current run of failures
        self.key: Optional[int] = None


def _apply_constraint(fn: Callable, current: Any, proposed: Any) -> bool:
    r = fn(_geometry(proposed.contents), _geometry(current.contents))
    if r is False:
        return False
    if not isinstance(r, dict):
        raise TypeError(f"constraint must return a geometry dict or False (got {type(r).__name__})")
    for k in r:
        if k not in _GEOMETRY_KEYS:
            raise TypeError(f"constraint returned an unknown field {k!r}")
    p = proposed.contents
    center = Point(p.center.x, p.center.y)
    if "center" in r:
        center = _point(r["center"], "constraint's center")
    values = {}
    for k in ("width", "height", "rotation", "scale"):
        values[k] = getattr(p, k) if k not in r else _number(r[k], f"constraint's {k}")
    for k in ("flipped_x", "flipped_y"):
        if k in r and not isinstance(r[k], bool):
            raise TypeError(f"constraint's {k} must be a bool")
    p.center.x, p.center.y = center.x, center.y
    for k, v in values.items():
        setattr(p, k, v)
    for k in ("flipped_x", "flipped_y"):
        if k in r:
            setattr(p, k, r[k])
    return True


def _on_constraint(context, box, current, proposed):
    try:
        hooks = _HOOK_SETS.get(context or 0)
        fn = hooks.constraints.get(box) if hooks is not None else None
        if fn is None:
            return True
        try:
            ok = _apply_constraint(fn, current, proposed)
            hooks.failing.pop(box, None)
            return ok
        except BaseException as err:  # nothing may unwind through the library's frames
            try:
                text = str(err) or type(err).__name__
            except BaseException:
                text = type(err).__name__
            message = "constraint: " + text
            if hooks.failing.get(box) != message and len(hooks.errors) < _MAX_HOOK_ERRORS:
                hooks.errors.append((box, message))
            hooks.failing[box] = message
            return False
    except BaseException:
        return False


_constraint_cb = _capi.grip_constraint_fn(_on_constraint)  # module lifetime: never freed


# ---- engines ------------------------------------------------------------------------------------


class Engine:
    """An engine (grip_engine): its boxes, input, selection, history, snapping and scene files.

    Engine(width=1024, height=768, selection="off", ...) takes grip_engine_desc's fields by name.
    close() (or the end of a `with` block, or garbage collection) destroys it; its boxes' objects
    then raise "engine was destroyed"."""

    def __init__(self, **desc):
        lib = _load()
        d = _capi.grip_engine_desc()
        lib.grip_engine_desc_init_sized(ctypes.byref(d), ctypes.sizeof(d))
        _from_dict(None, d, "grip_engine_desc", desc, "engine")
        out = ctypes.c_void_p()
        status = lib.grip_engine_create(ctypes.byref(d), ctypes.byref(out))
        if status != 0:
            raise self._error(status, None)
        self._ptr = out.value
        self._lib = lib
        self._time = 0.0
        self._boxes: "weakref.WeakValueDictionary[int, Box]" = weakref.WeakValueDictionary()
        self._hooks = _Hooks()

    # -- lifetime

    def close(self) -> None:
        """Destroys the engine now (again: nothing)."""
        ptr = getattr(self, "_ptr", None)
        if ptr:
            self._ptr = None
            self._lib.grip_engine_destroy(ptr)
            self._hooks.constraints.clear()
            if self._hooks.key is not None:
                _HOOK_SETS.pop(self._hooks.key, None)

    def __del__(self):
        self.close()

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def closed(self) -> bool:
        """Whether close() destroyed it."""
        return not self._ptr

    # -- calls

    def _error(self, status: int, ptr: Optional[int]) -> GripError:
        lib = _load()
        text = lib.grip_status_string(status).decode()
        message = lib.grip_engine_errmsg(ptr).decode() if ptr else ""
        return GripError(_STATUS_NAMES.get(status, str(status)), f"{text}: {message}" if message else text)

    def _alive(self) -> int:
        if not self._ptr:
            raise GripError("err_state", "engine was destroyed")
        return self._ptr

    def _call(self, name: str, *args) -> int:
        status = getattr(self._lib, name)(self._alive(), *args)
        if status < 0:
            raise self._error(status, self._ptr)
        return status

    def _box(self, id_: int):
        if id_ == _capi.GRIP_NO_BOX:
            return None
        if id_ == _capi.GRIP_SELECTION:
            return "selection"
        b = self._boxes.get(id_)
        if b is None:
            b = Box(self, id_)
            self._boxes[id_] = b
        return b

    def _relive(self) -> None:
        """Each box object's liveness read again (after undo, redo, cancel: boxes come and go)."""
        probe = _capi.grip_box_state()
        for id_, b in list(self._boxes.items()):
            b._dead = self._lib.grip_box_state_get(self._ptr, id_, ctypes.byref(probe)) == _capi.GRIP_ERR_NOT_FOUND
        for id_ in list(self._hooks.constraints):
            if self._lib.grip_box_state_get(self._ptr, id_, ctypes.byref(probe)) == _capi.GRIP_ERR_NOT_FOUND:
                del self._hooks.constraints[id_]

    # -- scene and boxes

    @property
    def time(self) -> float:
        """The engine's time: its last dispatch's (seconds)."""
        self._alive()
        return self._time

    def box(self, **desc) -> "Box":
        """A new box; takes grip_box_desc's fields by name (parent a Box)."""
        d = _capi.grip_box_desc()
        self._lib.grip_box_desc_init_sized(ctypes.byref(d), ctypes.sizeof(d))
        self._alive()
        _from_dict(self, d, "grip_box_desc", desc, "box")
        out = ctypes.c_uint64()
        self._call("grip_box_create", ctypes.byref(d), ctypes.byref(out))
        return self._box(out.value)

    def _box_list(self, name: str, *args) -> list:
        count = ctypes.c_size_t()
        self._call(name, *args, None, 0, ctypes.byref(count))
        n = count.value
        ids = (ctypes.c_uint64 * max(n, 1))()
        self._call(name, *args, ids, n, ctypes.byref(count))
        return [self._box(ids[i]) for i in range(min(n, count.value))]

    def boxes(self) -> list:
        """Every box: parents first, siblings back to front."""
        return self._box_list("grip_boxes_list")

    def query(self, x0: float, y0: float, x1: float, y1: float, contain: bool = False) -> list:
        """The boxes meeting (contain: inside) the world rectangle, topmost first."""
        return self._box_list("grip_boxes_query", _number(x0, "x0"), _number(y0, "y0"), _number(x1, "x1"),
                              _number(y1, "y1"), bool(contain))

    def hit(self, x: float, y: float) -> tuple:
        """(box or None, handle name) a pointer down at world (x, y) would get."""
        h = _capi.grip_hit()
        self._call("grip_hit_test", _number(x, "x"), _number(y, "y"), ctypes.byref(h))
        return self._box(h.box), _handle_name(h.handle)

    def set_bounds(self, width: float, height: float) -> None:
        """The root bounds (what top-level boxes are contained in)."""
        self._call("grip_engine_set_bounds", _number(width, "width"), _number(height, "height"))

    def set_view(self, a=1.0, b=0.0, c=0.0, d=1.0, tx=0.0, ty=0.0) -> None:
        """The camera, world -> screen, as an affine (fields left out: the identity's)."""
        m = _capi.grip_affine(*(_number(v, k) for k, v in zip(_AFFINE, (a, b, c, d, tx, ty))))
        self._call("grip_engine_set_view", ctypes.byref(m))

    def view(self) -> dict:
        """The view as set_view takes it: {a, b, c, d, tx, ty}."""
        m = _capi.grip_affine()
        self._call("grip_engine_get_view", ctypes.byref(m))
        return {k: getattr(m, k) for k in _AFFINE}

    def describe(self) -> dict:
        """The engine's settings now, with the keys Engine() takes."""
        d = _capi.grip_engine_desc()
        self._lib.grip_engine_desc_init_sized(ctypes.byref(d), ctypes.sizeof(d))
        self._call("grip_engine_describe", ctypes.byref(d))
        return _to_dict(self, d, "grip_engine_desc")

    def screen_to_world(self, x: float, y: float) -> Point:
        out = _capi.grip_vec2()
        self._call("grip_screen_to_world", _capi.grip_vec2(_number(x, "x"), _number(y, "y")), ctypes.byref(out))
        return Point(out.x, out.y)

    def world_to_screen(self, x: float, y: float) -> Point:
        out = _capi.grip_vec2()
        self._call("grip_world_to_screen", _capi.grip_vec2(_number(x, "x"), _number(y, "y")), ctypes.byref(out))
        return Point(out.x, out.y)

    def frame(self) -> Frame:
        """The frame: what to draw now."""
        f = _capi.grip_frame()
        self._call("grip_frame_get", ctypes.byref(f))
        commands = [_to_dict(self, f.commands[i], "grip_command") for i in range(f.command_count)]
        vertices = [Point(f.vertices[i].x, f.vertices[i].y) for i in range(f.vertex_count)]
        return Frame(f.time, f.serial, commands, vertices)

    # -- presence: other peers drawn by the frames, never part of the document

    def peer_set(self, peer: int, color: int = 0, selection: Any = (), pointer: Any = None,
                 live: Any = ()) -> None:
        """Tells the engine what another peer is doing (grip_peer_set): color is the host's number
        for it (frames give it as user_data), selection the keys of its selected boxes, pointer
        its pointer (world) or None, live its gestures' boxes as dicts with key, parent_key,
        gesture and geometry (center, width, height, rotation, scale, flipped_x, flipped_y in the
        parent's space). The frames then carry peer_outline, peer_live and peer_cursor commands
        tagged with peer. At most GRIP_PEER_KEYS_MAX keys and live boxes (err_limit)."""
        p = _capi.grip_peer_presence()
        self._lib.grip_peer_presence_init(ctypes.byref(p))
        p.peer = _integer(peer, "peer", 32)
        p.color = _integer(color, "color", 32)
        keys, boxes = list(selection), list(live)
        limit = _capi.GRIP_PEER_KEYS_MAX
        if len(keys) > limit or len(boxes) > limit:
            raise GripError("err_limit", f"GRIP_ERR_LIMIT: {len(keys)} keys, {len(boxes)} live boxes: at most {limit}")
        if pointer is not None:
            q = _point(pointer, "pointer")
            p.has_pointer = True
            p.pointer = _capi.grip_vec2(q.x, q.y)
        key_array = (ctypes.c_uint64 * max(len(keys), 1))(*[_integer(k, "selection key", 64) for k in keys])
        live_array = (_capi.grip_live_box * max(len(boxes), 1))()
        for i, b in enumerate(boxes):
            if not isinstance(b, dict) or not set(b) <= {"key", "parent_key", "gesture", "geometry"}:
                raise _arg_error(f"live box {i} must be a dict of key, parent_key, gesture, geometry")
            c = live_array[i]
            c.key = _integer(b.get("key", 0), "key", 64)
            c.parent_key = _integer(b.get("parent_key", 0), "parent_key", 64)
            c.gesture = _enum_value("gesture", b.get("gesture", "none"), "gesture")
            g = b.get("geometry", {})
            if not isinstance(g, dict) or not set(g) <= _GEOMETRY_KEYS:
                raise _arg_error(f"live box {i}: geometry must be a dict of {', '.join(sorted(_GEOMETRY_KEYS))}")
            center = _point(g.get("center", (0, 0)), "center")
            c.geometry.center = _capi.grip_vec2(center.x, center.y)
            c.geometry.width = _number(g.get("width", 0), "width")
            c.geometry.height = _number(g.get("height", 0), "height")
            c.geometry.rotation = _number(g.get("rotation", 0), "rotation")
            c.geometry.scale = _number(g.get("scale", 1), "scale")
            c.geometry.flipped_x = bool(g.get("flipped_x", False))
            c.geometry.flipped_y = bool(g.get("flipped_y", False))
        p.selection = ctypes.cast(key_array, type(p.selection))
        p.selection_count = len(keys)
        p.live = ctypes.cast(live_array, type(p.live))
        p.live_count = len(boxes)
        self._call("grip_peer_set", ctypes.byref(p))

    def peer_remove(self, peer: int) -> bool:
        """Forgets another peer (grip_peer_remove): its commands leave the frames; False when it
        was not known."""
        return self._call("grip_peer_remove", _integer(peer, "peer", 32)) == 0

    # -- input (each returns whether the event did something: the C call's `consumed`)

    def _stamp(self, time: Optional[float]) -> float:
        return self._time if time is None else _number(time, "time")

    def pointer(self, phase: str, pointer: int, x: float, y: float, time: Optional[float] = None,
                mods: Any = None) -> bool:
        """A pointer event: phase "down", "move", "up" or "cancel"; pointer the host's id; screen
        coordinates; time in seconds (default: the engine's); mods a list of modifiers."""
        ev = _capi.grip_pointer_event(_enum_value("phase", phase, "phase"), _integer(pointer, "pointer", 32),
                                      _number(x, "x"), _number(y, "y"), self._stamp(time),
                                      _mask_value("mod", False, mods, "mods"))
        consumed = ctypes.c_bool()
        self._call("grip_dispatch_pointer", ctypes.byref(ev), ctypes.byref(consumed))
        self._time = ev.time
        return consumed.value

    def magnify(self, phase: str, factor: float, x: float, y: float, time: Optional[float] = None) -> bool:
        """A magnify (trackpad pinch) event: factor cumulative since "down"; focal point on screen."""
        ev = _capi.grip_magnify_event(_enum_value("phase", phase, "phase"), _number(factor, "factor"),
                                      _number(x, "x"), _number(y, "y"), self._stamp(time))
        consumed = ctypes.c_bool()
        self._call("grip_dispatch_magnify", ctypes.byref(ev), ctypes.byref(consumed))
        self._time = ev.time
        return consumed.value

    def key(self, phase: str, key: str, time: Optional[float] = None, mods: Any = None) -> bool:
        """A key "down" (an auto-repeat is another down) or "up": "left", "right", "up", "down",
        "escape", "tab", "shift", "alt", "ctrl" or "meta"."""
        ev = _capi.grip_key_event(_enum_value("phase", phase, "phase"), _enum_value("key", key, "key"),
                                  _mask_value("mod", False, mods, "mods"), self._stamp(time))
        consumed = ctypes.c_bool()
        self._call("grip_dispatch_key", ctypes.byref(ev), ctypes.byref(consumed))
        self._time = ev.time
        return consumed.value

    def tick(self, time: float) -> None:
        """A timer call: animations, long presses, nudge commits and the marching ants advance."""
        t = _number(time, "time")
        self._call("grip_dispatch_timer", t)
        self._time = t

    timer = tick

    def drag(self, start: Any, end: Any, steps: int = 10, duration: float = 0.2, pointer: int = 1,
             mods: Any = None) -> None:
        """A whole one-pointer drag from start to end (screen points), from the engine's time: a
        down, `steps` moves evenly spaced over `duration` seconds, an up at the end."""
        a, b = _point(start, "start"), _point(end, "end")
        if isinstance(steps, bool) or not isinstance(steps, int) or not 1 <= steps <= 10000:
            raise _arg_error("steps must be an integer 1 ... 10000")
        t0 = self._time
        self.pointer("down", pointer, a.x, a.y, t0, mods)
        try:
            for i in range(1, steps + 1):
                f = i / steps
                self.pointer("move", pointer, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, t0 + duration * f, mods)
            self.pointer("up", pointer, b.x, b.y, t0 + duration, mods)
        except GripError:
            if self._ptr:
                self.pointer("cancel", pointer, b.x, b.y, self._time)
            raise

    # -- selection

    def select(self, box: Optional["Box"], op: str = "replace") -> None:
        """op "replace" (box None clears), "add", "remove" or "toggle"."""
        self._call("grip_select", self._box_arg(box, "box"), _enum_value("select", op, "op"))

    def _box_arg(self, box: Optional["Box"], what: str) -> int:
        if box is None:
            return _capi.GRIP_NO_BOX
        if not isinstance(box, Box):
            raise _arg_error(f"{what} must be a box or None")
        if box.engine is not self:
            raise _arg_error(f"{what}: a box of another engine")
        return box._live_id()

    def selection(self) -> list:
        """The selected boxes, in the order they were selected."""
        return self._box_list("grip_selection_get")

    def selection_state(self) -> dict:
        """count, center, width, height, rotation, corners, gesture_active of the selection frame."""
        s = _capi.grip_selection_state()
        s.struct_size = ctypes.sizeof(s)
        self._call("grip_selection_state_get", ctypes.byref(s))
        return _to_dict(self, s, "grip_selection_state")

    def align(self, edge: str, key: Optional["Box"] = None) -> bool:
        """Lines the selected boxes up ("left", "center", "right", "top", "middle", "bottom") on the
        selection's bounds or on key's; whether a box changed (one undo step)."""
        return self._call("grip_selection_align", _enum_value("align", edge, "edge"), self._box_arg(key, "key")) == 0

    def distribute(self, axis: str) -> bool:
        """Equal gaps between the selected boxes along "horizontal" or "vertical"."""
        return self._call("grip_selection_distribute", _enum_value("axis", axis, "axis")) == 0

    def flip(self, axis: str) -> bool:
        """Mirrors the selection across its frame's centre line ("horizontal": left <-> right)."""
        return self._call("grip_selection_flip", _enum_value("axis", axis, "axis")) == 0

    def rotate90(self, quarter_turns: int = 1) -> bool:
        """Quarter turns clockwise (negative: counter-clockwise) about the selection frame's centre."""
        if isinstance(quarter_turns, bool) or not isinstance(quarter_turns, int):
            raise _arg_error("quarter turns must be an integer")
        return self._call("grip_selection_rotate90", quarter_turns % 4) == 0

    # -- snapping

    _NO_SNAPPING = object()

    def set_snapping(self, off: Any = _NO_SNAPPING, **fields) -> None:
        """set_snapping(flags=["grid", "edges", "centers", "gaps", "while_resizing"], grid_x=10,
        grid_y=10, grid_origin=(0, 0), threshold=8, bypass_modifiers=["ctrl", "meta"]): fields left
        out take their defaults. set_snapping(None): snapping off."""
        if off is None and not fields:
            self._call("grip_engine_set_snapping", None)
            return
        if off is not Engine._NO_SNAPPING:
            raise _arg_error("set_snapping takes fields by name, or None (off)")
        d = _capi.grip_snap_desc()
        self._lib.grip_snap_desc_init(ctypes.byref(d))
        _from_dict(self, d, "grip_snap_desc", fields, "snapping")
        self._call("grip_engine_set_snapping", ctypes.byref(d))

    # -- history

    def undo(self) -> bool:
        """Undoes the last step; False when there was none."""
        done = self._call("grip_undo") == 0
        if done:
            self._relive()
        return done

    def redo(self) -> bool:
        """Redoes the last undone step; False when there was none."""
        done = self._call("grip_redo") == 0
        if done:
            self._relive()
        return done

    def history(self) -> tuple:
        """(steps undo can take, steps redo can take)."""
        u, r = ctypes.c_size_t(), ctypes.c_size_t()
        self._call("grip_history_depth", ctypes.byref(u), ctypes.byref(r))
        return u.value, r.value

    def clear_history(self) -> None:
        self._call("grip_history_clear")

    def history_begin(self, merge_key: int = 0) -> None:
        """Opens a recorded step: the box edits until history_commit are one undo step (a nonzero
        merge_key merges the commits of one slider drag into one step)."""
        self._call("grip_history_begin", _integer(merge_key, "merge key", 53))

    def history_commit(self) -> bool:
        """Closes the recorded step; True when it made one."""
        return self._call("grip_history_commit") == 0

    def history_cancel(self) -> None:
        """Closes the recorded step putting everything back."""
        self._call("grip_history_cancel")
        self._relive()

    def recording(self) -> bool:
        """Whether a recorded step is open."""
        return bool(self._lib.grip_history_recording(self._alive()))

    def record(self, fn: Callable[[], Any], merge_key: int = 0) -> bool:
        """Runs fn() inside a recorded step: committed when it returns (True: it made a step),
        cancelled when it raises (the exception goes on)."""
        self.history_begin(merge_key)
        try:
            fn()
        except BaseException:
            if self._ptr and self._lib.grip_history_recording(self._ptr):
                self.history_cancel()
            raise
        return self.history_commit()

    # -- events

    def events(self) -> Iterator[Event]:
        """The queued events, oldest first: `for ev in e.events(): ...`."""
        ev = _capi.grip_event()
        while True:
            self._alive()
            if self._hooks.errors:  # a constraint callable's failure (that step was refused)
                box, message = self._hooks.errors.pop(0)
                yield Event("script_error", box=self._box(box), time=self._time, message=message)
                continue
            if self._call("grip_event_poll", ctypes.byref(ev)) != 0:
                return
            t = _to_dict(self, ev, "grip_event")
            out = Event(**t)
            if out.kind == "script_error":
                out.message = self._lib.grip_engine_errmsg(self._ptr).decode()
            if out.kind in ("committed", "undone", "redone"):
                out.changes = self._changes()
            yield out

    def _changes(self) -> list:
        count = ctypes.c_size_t()
        self._call("grip_event_changes", None, 0, ctypes.byref(count))
        n = count.value
        changes = (_capi.grip_change * max(n, 1))()
        self._call("grip_event_changes", changes, n, ctypes.byref(count))
        out = []
        for c in changes[:min(n, count.value)]:
            # a side where the box does not exist (scale 0): a recorded step created or destroyed it
            before = _to_dict(self, c.before, "grip_geometry") if c.before.scale != 0 else None
            after = _to_dict(self, c.after, "grip_geometry") if c.after.scale != 0 else None
            out.append(Change(self._box(c.box), before, after))
        return out

    # -- scene files

    def save(self) -> str:
        """The scene file's text (JSON: docs/scene-files.md)."""
        n = ctypes.c_size_t()
        status = self._lib.grip_scene_save(self._alive(), None, 0, ctypes.byref(n))
        if status < 0 and status != _capi.GRIP_ERR_LIMIT:
            raise self._error(status, self._ptr)
        buf = ctypes.create_string_buffer(n.value + 1)
        self._call("grip_scene_save", buf, n.value + 1, ctypes.byref(n))
        return buf.raw[:n.value].decode()

    def load(self, text: str) -> None:
        """Replaces every box with the scene's; the old Box objects go stale."""
        if isinstance(text, str):
            text = text.encode()
        if not isinstance(text, bytes):
            raise _arg_error("load takes the scene's text")
        self._call("grip_scene_load", text, len(text))
        for b in list(self._boxes.values()):
            b._dead = True
        self._boxes = weakref.WeakValueDictionary()  # the scene's boxes get new objects
        self._hooks.constraints.clear()
        self._hooks.failing.clear()

    def __repr__(self) -> str:
        return "grip.Engine (closed)" if not self._ptr else f"grip.Engine({len(self.boxes())} boxes)"


# ---- boxes ----------------------------------------------------------------------------------------


class Box:
    """A box of an engine (grip_box). Engine.box makes them; the same id always gives the same
    object while anything holds it. Two boxes are equal when they are the same box."""

    def __init__(self, engine: Engine, id_: int):
        self.engine = engine
        self._id = id_
        self._dead = False

    def _live_id(self) -> int:
        self.engine._alive()
        if self._dead:
            raise GripError("err_not_found", "box was destroyed")
        return self._id

    @property
    def id(self) -> int:
        """The C id (grip_box)."""
        return self._id

    def exists(self) -> bool:
        """Whether it is still alive (False once its engine is closed)."""
        return not self._dead and not self.engine.closed

    def state(self) -> dict:
        """Where it is now: center, width, height, rotation, scale, flipped_x, flipped_y, local,
        world (affines {a, b, c, d, tx, ty}), corners (world), editing, gesture_active."""
        s = _capi.grip_box_state()
        self.engine._call("grip_box_state_get", self._live_id(), ctypes.byref(s))
        return _to_dict(self.engine, s, "grip_box_state")

    def describe(self) -> dict:
        """Its description: every grip_box_desc field, the current geometry included."""
        e = self.engine
        d = _capi.grip_box_desc()
        e._lib.grip_box_desc_init_sized(ctypes.byref(d), ctypes.sizeof(d))
        e._call("grip_box_describe", self._live_id(), ctypes.byref(d))
        return _to_dict(e, d, "grip_box_desc")

    def configure(self, **fields) -> None:
        """Changes the fields given and keeps the others (a new parent re-parents it, keeping its
        world position)."""
        e = self.engine
        d = _capi.grip_box_desc()
        e._lib.grip_box_desc_init_sized(ctypes.byref(d), ctypes.sizeof(d))
        e._call("grip_box_describe", self._live_id(), ctypes.byref(d))
        _from_dict(e, d, "grip_box_desc", fields, "box")
        e._call("grip_box_configure", self._id, ctypes.byref(d))

    def set_editing(self, on: bool) -> None:
        if not isinstance(on, bool):
            raise _arg_error("editing must be a bool")
        self.engine._call("grip_box_set_editing", self._live_id(), on)

    def reset(self, animated: bool = True) -> bool:
        """Back to the geometry it was created or configured with; False when it is already there."""
        return self.engine._call("grip_box_reset", self._live_id(), bool(animated)) == 0

    def order(self, where: str) -> None:
        """"front", "back", "forward" or "backward" among its siblings."""
        self.engine._call("grip_box_order", self._live_id(), _enum_value("order", where, "order"))

    def destroy(self) -> None:
        """Destroys it and its descendants; later calls on it raise "box was destroyed"."""
        e = self.engine
        e._call("grip_box_destroy", self._live_id())
        self._dead = True
        e._relive()

    def set_constraint(self, fn: Optional[Callable[[dict, dict], Any]]) -> None:
        """fn(proposed, current) runs at every step of a gesture or nudge on the box, after snapping
        and containment, with geometry dicts (center, width, height, rotation, scale, flipped_x,
        flipped_y; parent space). It returns the geometry to apply (fields left out keep
        proposed's) or False to refuse the step. One that raises or returns anything else refuses
        the step, and events() hands out a script_error event with the message. While it runs
        the engine is busy: calls on it raise GripError. None removes it."""
        if fn is not None and not callable(fn):
            raise _arg_error("set_constraint takes a callable (or None)")
        e = self.engine
        hooks = e._hooks
        if hooks.key is None:
            global _next_hook_key
            _next_hook_key += 1
            hooks.key = _next_hook_key
            _HOOK_SETS[hooks.key] = hooks
        cb = _constraint_cb if fn is not None else _capi.grip_constraint_fn()
        e._call("grip_box_set_constraint", self._live_id(), cb, ctypes.c_void_p(hooks.key))
        if fn is None:
            hooks.constraints.pop(self._id, None)
        else:
            hooks.constraints[self._id] = fn
        hooks.failing.pop(self._id, None)

    def handle_center(self, handle: str) -> Optional[Point]:
        """Where the frame draws its handle (screen), None when it is not shown."""
        want = _enum_value("handle", handle, "handle")
        self._live_id()
        f = _capi.grip_frame()
        self.engine._call("grip_frame_get", ctypes.byref(f))
        at = None
        for i in range(f.command_count):
            c = f.commands[i]
            if c.kind == _capi.GRIP_CMD_HANDLE and c.box == self._id and c.handle == want:
                at = Point(c.center.x, c.center.y)
        return at

    def __eq__(self, other) -> bool:
        return isinstance(other, Box) and other.engine is self.engine and other._id == self._id

    def __hash__(self) -> int:
        return hash((id(self.engine), self._id))

    def __repr__(self) -> str:
        return f"grip.Box({self._id})"


