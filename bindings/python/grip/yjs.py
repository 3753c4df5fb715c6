"""A Grip scene shared through a Yjs document (pycrdt): the engine's change feed goes into a Y map,
the map's changes from other peers come back through grip_remote_apply, and the ephemeral feed
with the local selection goes to Yjs awareness. Only this module imports pycrdt.

The document (docs/multiplayer.md, "Sync over Yjs"): the Y map "boxes" holds one Y map per box
under its key (decimal digits: keys are 64-bit, Yjs numbers are doubles). A box's map holds plain
values: "parent" (the parent's key, "" at top level), "z" (its place among its siblings: they are
drawn by (z, key), lowest first), the geometry ("cx", "cy", "width", "height", "rotation",
"scale", "flipped_x", "flipped_y", in the parent's space) and every behaviour field of
grip_box_desc by its scene-file name and value (user_data as decimal digits, as in scene files). Each field is its own map entry, so two peers
editing different fields of one box both keep their edit (Yjs: last writer wins per entry).

The scene is a function of the document alone: a box whose parent chain does not reach the top
level (its parent was destroyed, or two concurrent re-parents made a cycle) is not in the scene.
Every peer that has seen the same document therefore holds the same scene, bit for bit, whatever
order the updates came in.

    adapter = YjsAdapter(engine, doc)     # doc: a pycrdt.Doc, synced by a Provider
    ... local edits through the engine ...
    adapter.push()                        # the feed into the document (one Y transaction)
    adapter.pull()                        # other peers' changes into the engine
"""

import ctypes
import json
from typing import Any, Optional

from pycrdt import Doc, Map

from . import Engine, GripError, _capi, _from_dict, _to_dict
from ._capi import FIELDS

__all__ = ["YjsAdapter", "BEHAVIOR_FIELDS", "GEOMETRY_FIELDS"]

GEOMETRY_FIELDS = ("cx", "cy", "width", "height", "rotation", "scale", "flipped_x", "flipped_y")
_NOT_BEHAVIOR = {"struct_size", "parent", "x", "y", "width", "height", "rotation", "scale", "editing",
                 "flipped_x", "flipped_y"}
BEHAVIOR_FIELDS = tuple(name for name, _, _ in FIELDS["grip_box_desc"] if name not in _NOT_BEHAVIOR)

_F = {"center": 1 << 0, "size": 1 << 1, "rotation": 1 << 2, "scale": 1 << 3, "flip": 1 << 4,
      "parent": 1 << 5, "order": 1 << 6, "behavior": 1 << 7}
_ALL = 0xFF
# Which record entries each GRIP_FIELD_* bit covers.
_GROUPS = ((_F["center"], ("cx", "cy")), (_F["size"], ("width", "height")), (_F["rotation"], ("rotation",)),
           (_F["scale"], ("scale",)), (_F["flip"], ("flipped_x", "flipped_y")), (_F["parent"], ("parent",)),
           (_F["order"], ("z",)), (_F["behavior"], BEHAVIOR_FIELDS))
_CREATED, _DESTROYED, _CHANGED = 1, 2, 3
_BATCH = 256


def _geometry_record(g: Any) -> dict:
    return {"cx": g.center.x, "cy": g.center.y, "width": g.width, "height": g.height, "rotation": g.rotation,
            "scale": g.scale, "flipped_x": bool(g.flipped_x), "flipped_y": bool(g.flipped_y)}


def _sort_key(record: dict, key: str) -> tuple:
    return (record["z"], int(key))


class YjsAdapter:
    """Keeps engine (a grip.Engine) and the Y map "boxes" of doc (a pycrdt.Doc) the same scene.

    It turns the engine's change feed on (grip_feed_enable(limit)). push() writes the changes
    the feed has into the document in one transaction; pull() brings the engine to the
    document's scene through grip_remote_apply (never in the local history or feed). Changes of
    the map made by this adapter are not pulled back. A feed that lost changes (its limit was
    reached) makes push() resync the engine from the document. A late joiner (an engine with no
    boxes and a document with some) loads the document's scene in one grip_scene_load."""

    def __init__(self, engine: Engine, doc: Doc, limit: int = 65536):
        self.engine = engine
        self.doc = doc
        self.boxes = doc.get("boxes", type=Map)
        self._writing = False
        self._pending: set = set()
        self._all_pending = True
        self._doc: dict = {}      # key -> the document's record, as last read
        self._applied: dict = {}  # key -> the record the engine holds (as far as the document knows)
        self._subscription = self.boxes.observe_deep(self._observed)
        self.peers: dict = {}     # awareness client id -> that peer's presence state
        self._drawn: dict = {}    # awareness client id -> the peer id the engine draws it as
        self.resyncs = 0
        self._buffer = (_capi.grip_feed_change * _BATCH)()
        engine._call("grip_feed_enable", limit)
        if not engine.boxes():
            self._drain_feed()
            if len(self.boxes) > 0:
                self.load()

    # -- the document -> the engine

    def _observed(self, events: list) -> None:
        if self._writing:
            return
        for event in events:
            path = list(event.path)
            if path:
                self._pending.add(str(path[0]))
            else:
                self._pending.update(str(k) for k in event.keys)

    def _read(self, key: str) -> Optional[dict]:
        entry = self.boxes.get(key)
        if entry is None:
            return None
        record = dict(entry.items()) if isinstance(entry, Map) else None
        if record is None or "z" not in record or "parent" not in record:
            return None
        return record

    def _refresh(self) -> None:
        if self._all_pending:
            self._doc = {}
            for key in self.boxes.keys():
                record = self._read(key)
                if record is not None:
                    self._doc[key] = record
            self._all_pending = False
        else:
            for key in self._pending:
                record = self._read(key)
                if record is None:
                    self._doc.pop(key, None)
                else:
                    self._doc[key] = record
        self._pending.clear()

    def scene(self) -> list:
        """The document's scene: (key, record) in draw order (parents first, siblings by (z, key));
        boxes whose parent chain does not reach the top level are left out."""
        children: dict = {}
        for key, record in self._doc.items():
            children.setdefault(record["parent"], []).append(key)
        out = []
        stack = [("", 0)]
        while stack:  # depth-first from the top level: a cycle or an orphan is never reached
            parent, depth = stack.pop()
            kids = sorted(children.get(parent, ()), key=lambda k: _sort_key(self._doc[k], k))
            if depth >= 32:
                continue
            for k in kids:
                out.append((k, self._doc[k]))
            for k in reversed(kids):
                stack.append((k, depth + 1))
        # draw order: every parent before its children, siblings in order (a stable parents-first
        # walk; the stack above gives parents first already)
        return out

    def _change(self, kind: int, key: str, fields: int, record: Optional[dict], below: str = "") -> Any:
        c = _capi.grip_feed_change()
        c.kind, c.origin, c.fields, c.key = kind, 5, fields, int(key)
        if record is not None:
            c.parent_key = int(record["parent"] or 0)
            c.below_key = int(below or 0)
            g = c.after
            g.center.x, g.center.y = record["cx"], record["cy"]
            g.width, g.height, g.rotation, g.scale = record["width"], record["height"], record["rotation"], record["scale"]
            g.flipped_x, g.flipped_y = record["flipped_x"], record["flipped_y"]
            d = c.desc
            self.engine._lib.grip_box_desc_init_sized(ctypes.byref(d), ctypes.sizeof(d))
            behavior = {n: record[n] for n in BEHAVIOR_FIELDS if n in record}
            if "user_data" in behavior:
                behavior["user_data"] = int(behavior["user_data"])
            _from_dict(None, d, "grip_box_desc", behavior, "box")
        return c

    def _apply(self, changes: list) -> None:
        for start in range(0, len(changes), _BATCH):
            part = changes[start:start + _BATCH]
            array = (_capi.grip_feed_change * len(part))(*part)
            self.engine._call("grip_remote_apply", array, len(part), None)

    def pull(self) -> int:
        """Brings the engine to the document's scene (other peers' changes since the last pull);
        returns how many boxes it changed, made or destroyed. Local changes not yet pushed are pushed first."""
        self.push()
        if not self._pending and not self._all_pending:
            return 0
        self._refresh()
        return self._reconcile()

    def _reconcile(self) -> int:
        target = self.scene()
        wanted = dict(target)
        changes = []
        replace: set = set()  # parents whose children are placed again, in order
        for key, record in target:
            have = self._applied.get(key)
            if have is None:
                changes.append(self._change(_CREATED, key, _ALL, record))
                replace.add(record["parent"])
                continue
            fields = 0
            for bit, names in _GROUPS:
                if any(have.get(n) != record.get(n) for n in names):
                    fields |= bit
            if fields & (_F["parent"] | _F["order"]):
                replace.add(record["parent"])
                replace.add(have["parent"])
            fields &= ~_F["order"]
            if fields:
                changes.append(self._change(_CHANGED, key, fields, record))
        siblings: dict = {}
        for key, record in target:
            if record["parent"] in replace:
                siblings.setdefault(record["parent"], []).append(key)
        for parent, keys in siblings.items():
            below = ""
            for key in keys:
                changes.append(self._change(_CHANGED, key, _F["order"], wanted[key], below))
                below = key
        gone = [key for key in self._applied if key not in wanted]
        for key in gone:
            changes.append(self._change(_DESTROYED, key, 0, None))
        self._apply(changes)
        self._applied = {key: dict(record) for key, record in target}
        return len({c.key for c in changes})

    def load(self) -> None:
        """Replaces the engine's boxes with the document's scene in one grip_scene_load (the late
        joiner's first load; the history is cleared)."""
        self._refresh()
        target = self.scene()
        ids = {}
        boxes = []
        for i, (key, r) in enumerate(target, 1):
            ids[key] = i
            box = {n: r[n] for n in BEHAVIOR_FIELDS if n in r}
            box.update(id=i, parent=ids.get(r["parent"]) if r["parent"] else None, key=key,
                       x=r["cx"] - r["width"] / 2, y=r["cy"] - r["height"] / 2, center={"x": r["cx"], "y": r["cy"]},
                       width=r["width"], height=r["height"], rotation=r["rotation"], scale=r["scale"],
                       flipped_x=r["flipped_x"], flipped_y=r["flipped_y"])
            box["user_data"] = str(box.get("user_data", 0))
            boxes.append(box)
        bounds = self.engine.describe()
        self.engine.load(json.dumps({"grip_scene": 1, "bounds": {"width": bounds["width"], "height": bounds["height"]},
                                     "boxes": boxes}))
        self._drain_feed()
        self._applied = {key: dict(record) for key, record in target}

    def resync(self) -> None:
        """Brings the engine to the document's scene from what the engine really holds (after
        lost feed changes): every box is compared, the ones the document does not have go."""
        self.resyncs += 1
        self._drain_feed()
        self._applied = self._engine_records()
        self._all_pending = True
        self._refresh()
        self._reconcile()

    def _engine_records(self) -> dict:
        """What the engine holds, as records (z unknown: every box is placed again)."""
        out = {}
        key = ctypes.c_uint64()
        keys = {}
        for box in self.engine.boxes():
            self.engine._call("grip_box_get_key", box.id, ctypes.byref(key))
            keys[box.id] = str(key.value)
        for box in self.engine.boxes():
            record = _box_record(box)
            parent = box.describe()["parent"]
            record["parent"] = keys[parent.id] if parent is not None else ""
            record["z"] = float("nan")
            out[keys[box.id]] = record
        return out

    def _drain_feed(self) -> None:
        count = ctypes.c_size_t()
        while True:
            self.engine._call("grip_feed_read", self._buffer, _BATCH, ctypes.byref(count), None)
            if count.value < _BATCH:
                return

    # -- the engine -> the document

    def push(self) -> int:
        """Writes the feed's unread changes into the document, in one Y transaction (the feed's
        order); returns how many. A feed that lost changes makes it resync from the document."""
        count = ctypes.c_size_t()
        lost = ctypes.c_bool()
        changes = []
        overflowed = False
        while True:
            self.engine._call("grip_feed_read", self._buffer, _BATCH, ctypes.byref(count), ctypes.byref(lost))
            overflowed |= lost.value
            changes += [self._local(self._buffer[i]) for i in range(count.value)]
            if count.value < _BATCH:
                break
        if overflowed:
            self.resync()
            return 0
        if not changes:
            return 0
        self._writing = True
        try:
            with self.doc.transaction(origin="grip"):
                for kind, key, fields, record, below in changes:
                    self._write(kind, key, fields, record, below)
        finally:
            self._writing = False
        return len(changes)

    def _local(self, c: Any) -> tuple:
        key = str(c.key)
        if c.kind == _DESTROYED:
            return (_DESTROYED, key, 0, None, "")
        record = _geometry_record(c.after)
        record["parent"] = str(c.parent_key) if c.parent_key else ""
        desc = _to_dict(self.engine, c.desc, "grip_box_desc")
        for n in BEHAVIOR_FIELDS:
            record[n] = desc[n]
        record["user_data"] = str(desc["user_data"])
        fields = _ALL if c.kind == _CREATED else c.fields
        return (c.kind, key, fields, record, str(c.below_key) if c.below_key else "")

    def _place(self, key: str, parent: str, below: str) -> list:
        """The z that puts key just after below among parent's children (the engine's order),
        and the siblings whose z must be rewritten when there is no room between two."""
        kids = sorted((k for k, r in self._applied.items() if r["parent"] == parent and k != key),
                      key=lambda k: _sort_key(self._applied[k], k))
        at = kids.index(below) + 1 if below in kids else 0
        lo = self._applied[kids[at - 1]]["z"] if at > 0 else None
        hi = self._applied[kids[at]]["z"] if at < len(kids) else None
        if lo is None and hi is None:
            return [(key, 0.0)]
        if lo is None:
            return [(key, hi - 1.0)]
        if hi is None:
            return [(key, lo + 1.0)]
        z = (lo + hi) / 2
        if lo < z < hi:
            return [(key, z)]
        order = kids[:at] + [key] + kids[at:]
        return [(k, float(i)) for i, k in enumerate(order)]

    def _write(self, kind: int, key: str, fields: int, record: Optional[dict], below: str) -> None:
        if kind == _DESTROYED:
            self._applied.pop(key, None)
            self._doc.pop(key, None)
            if key in self.boxes:
                del self.boxes[key]
            return
        have = self._applied.get(key)
        if kind == _CREATED or have is None:
            fields = _ALL
            have = {}
        names = [n for bit, group in _GROUPS if fields & bit and bit != _F["order"] for n in group]
        update = {n: record[n] for n in names}
        new = dict(have)
        new.update(update)
        placed = []
        if fields & (_F["order"] | _F["parent"]) or "z" not in new:
            new["z"] = have.get("z", 0.0)
            self._applied[key] = new
            placed = self._place(key, new["parent"], below)
        self._applied[key] = new
        for k, z in placed:
            self._applied[k]["z"] = z
        entry = self.boxes.get(key)
        if not isinstance(entry, Map) or kind == _CREATED:
            self.boxes[key] = Map(dict(new))
        else:
            for n, v in update.items():
                entry[n] = v
            if placed:
                entry["z"] = new["z"]
        for k, z in placed:
            if k != key:
                other = self.boxes.get(k)
                if isinstance(other, Map):
                    other["z"] = z
        for k, _ in placed:
            if k in self._doc or k == key:
                self._doc[k] = dict(self._applied[k])
        self._doc[key] = dict(new)

    # -- awareness

    def presence(self) -> dict:
        """This peer's awareness state: its selection by keys and the live geometry of the boxes its
        gestures drive (grip_feed_live), all plain values."""
        e = self.engine
        buf = (_capi.grip_live_box * 64)()
        count = ctypes.c_size_t()
        e._call("grip_feed_live", buf, 64, ctypes.byref(count))
        live = []
        for i in range(min(count.value, 64)):
            b = buf[i]
            g = _geometry_record(b.geometry)
            g.update(key=str(b.key), parent=str(b.parent_key) if b.parent_key else "")
            live.append(g)
        key = ctypes.c_uint64()
        selection = []
        for b in e.selection():
            e._call("grip_box_get_key", b.id, ctypes.byref(key))
            selection.append(str(key.value))
        return {"peer": e.describe()["peer"], "selection": selection, "live": live}

    def share_presence(self, awareness: Any, **extra) -> None:
        """Sets awareness's local state (a pycrdt.Awareness) to presence() plus extra (a name, a
        pointer position)."""
        state = self.presence()
        state.update(extra)
        awareness.set_local_state(state)

    def watch_presence(self, awareness: Any) -> str:
        """Keeps self.peers (client id -> state) up to date with awareness's remote states, and the
        engine's presence with them (grip_peer_set for each state, grip_peer_remove when a peer
        leaves): the engine's frames then draw the other peers' selections, live boxes and
        pointers. Returns the subscription id."""
        def changed(topic, payload):
            if topic != "change":
                return
            for client_id, state in awareness.states.items():
                if client_id != awareness.client_id and state:
                    self.peers[client_id] = state
                    self._show_peer(client_id, state)
            for client_id in list(self.peers):
                if client_id not in awareness.states or not awareness.states[client_id]:
                    del self.peers[client_id]
                    self._hide_peer(client_id)
        return awareness.observe(changed)

    def _show_peer(self, client_id: int, state: dict) -> None:
        """One remote awareness state (as presence() makes it, with the extra "pointer" [x, y] and
        "color" an integer if its peer shared them) into grip_peer_set. A state the engine cannot
        take (no peer id, bad numbers, past the limits) draws nothing: another peer's mistake
        must not stop this one."""
        peer = state.get("peer")
        if not isinstance(peer, int) or isinstance(peer, bool):
            return
        old = self._drawn.get(client_id)
        try:
            live = []
            for r in state.get("live", []):
                geometry = {"center": (r["cx"], r["cy"]), "width": r["width"], "height": r["height"],
                            "rotation": r["rotation"], "scale": r["scale"],
                            "flipped_x": bool(r["flipped_x"]), "flipped_y": bool(r["flipped_y"])}
                live.append({"key": int(r["key"]), "parent_key": int(r["parent"]) if r.get("parent") else 0,
                             "geometry": geometry})
            color = state.get("color", 0)
            self.engine.peer_set(peer, color=color if isinstance(color, int) else 0,
                                 selection=[int(k) for k in state.get("selection", [])],
                                 pointer=state.get("pointer"), live=live)
        except (GripError, KeyError, TypeError, ValueError):
            return
        if old is not None and old != peer:
            self.engine.peer_remove(old)
        self._drawn[client_id] = peer

    def _hide_peer(self, client_id: int) -> None:
        """A peer left: its presence leaves the engine's frames."""
        peer = self._drawn.pop(client_id, None)
        if peer is not None:
            self.engine.peer_remove(peer)


def _box_record(box: Any) -> dict:
    s = box.state()
    d = box.describe()
    record = {"cx": s["center"].x, "cy": s["center"].y, "width": s["width"], "height": s["height"],
              "rotation": s["rotation"], "scale": s["scale"], "flipped_x": s["flipped_x"], "flipped_y": s["flipped_y"]}
    for n in BEHAVIOR_FIELDS:
        record[n] = d[n]
    record["user_data"] = str(d["user_data"])
    return record
