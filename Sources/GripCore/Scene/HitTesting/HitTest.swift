/// What is under a point: a box and one of its handles, or nothing.
public struct Hit: Equatable, Sendable {
    public var box: BoxID
    public var handle: HandleID
    public init(box: BoxID, handle: HandleID) { self.box = box; self.handle = handle }
    public static let nothing = Hit(box: .none, handle: .none)
}

extension Engine {
    /// Box space -> screen for slot `s`.
    @inline(__always) func screenTransform(_ s: Int32) -> Affine {
        viewIsIdentity ? scene.world(s) : view * scene.world(s)
    }

    /// Whether slot `s` shows its resize handles and its rotate handle.
    func showsHandles(_ s: Int32) -> (resize: Bool, rotate: Bool) {
        let b = scene.behavior(s)
        guard showsOwnOverlay(s) else { return (false, false) }
        return (b.allow.contains(.resize), b.allow.contains(.rotate) && b.handles.contains(.rotate))
    }

    /// Screen position of handle `h` of slot `s` (screen transform `m`).
    func handleScreenPoint(_ s: Int32, _ h: HandleID, _ m: Affine) -> Vec2 {
        let g = scene[s].geometry
        return m.apply(g.boxPoint(fromFrame: g.framePoint(of: h, rotateLift: h == .rotate ? rotateHandleLift(m) : 0)))
    }

    /// How far above a box's top edge its rotate handle sits in frame units, for box (or frame)
    /// space -> screen `m`: `rotate_handle_offset` screen units along the box's up direction,
    /// whatever the zoom and the box's scale. 0 for a box with no height on screen.
    @inline(__always) func rotateHandleLift(_ m: Affine) -> Double {
        // The screen length of one unit along the box's y axis (flips do not change it).
        let unit = Vec2(m.c, m.d).length
        return unit > 0 ? config.rotateHandleOffset / unit : 0
    }

    /// True when screen point `q` is inside the box body of slot `s` (screen transform `m`).
    func bodyContains(_ s: Int32, _ m: Affine, _ q: Vec2) -> Bool {
        guard let inv = m.inverse else { return false }
        let p = inv.apply(q)
        let g = scene[s].geometry
        return p.x >= 0 && p.x <= g.width && p.y >= 0 && p.y <= g.height
    }

    /// False when no resize or rotate handle of slot `s` (screen transform `m`) can be within
    /// `radius` of screen point `q`: `q` is beyond the screen bounds of the box stretched to
    /// the rotate handle, grown by `radius` and a margin far above rounding.
    func handlesMayReach(_ s: Int32, _ m: Affine, _ q: Vec2, _ radius: Double) -> Bool {
        let g = scene[s].geometry
        // Box space [0, w] x [-lift, h + lift] holds every such handle, flipped or not.
        let hw = g.width * 0.5, hh = g.height * 0.5 + rotateHandleLift(m)
        let c = m.apply(Vec2(hw, g.height * 0.5))
        let ex = abs(m.a) * hw + abs(m.c) * hh, ey = abs(m.b) * hw + abs(m.d) * hh
        let dx = abs(q.x - c.x), dy = abs(q.y - c.y)
        let margin = radius + 1e-9 * (ex + ey + abs(c.x) + abs(c.y) + abs(q.x) + abs(q.y))
        // Written so that a NaN anywhere keeps the handles in play.
        return !(dx > ex + margin || dy > ey + margin)
    }

    /// The shorter side of slot `s` on screen.
    func shorterScreenSide(_ s: Int32, _ m: Affine) -> Double {
        let g = scene[s].geometry
        let (p0, p1, _, p3) = g.corners(m)
        return Swift.min((p1 - p0).length, (p3 - p0).length)
    }

    /// What a pointer going down at screen point `q` would grab: the nearest handle within reach
    /// (handles before bodies; inside its own box a handle reaches only a quarter of the box's
    /// shorter on-screen side, so small boxes stay movable), else the topmost box body, which for
    /// nested boxes is the innermost. Handles are searched among the editing boxes, bodies through
    /// the bounds tree: the cost does not grow with the number of boxes.
    /// The selection's own handles (two or more selected) answer `Engine.selectionSlot`; they
    /// win over a box's handle as near or nearer.
    @_optimize(speed) func hit(screen q: Vec2) -> (slot: Int32, handle: HandleID) {
        let handle = handleHit(screen: q)
        if handle.slot != -1 { return handle }
        let leaf = topBodyLeaf(screen: q)
        return (leaf >= 0 ? scene.tree.shapes[Int(leaf)].id.index : -1, .none)
    }

    /// The handle a pointer down at screen point `q` would grab, or slot -1: the selection's
    /// (`Engine.selectionSlot`) when as near as a box's or nearer.
    @inline(__always) private func handleHit(screen q: Vec2) -> (slot: Int32, handle: HandleID) {
        let handle = nearestHandle(screen: q)
        if multipleSelected {
            let sel = nearestSelectionHandle(screen: q)
            if sel.handle != .none && (handle.slot < 0 || sel.distance <= handleDistance(handle, q)) {
                return (Engine.selectionSlot, sel.handle)
            }
        }
        return handle
    }

    /// Screen distance from `q` to the handle `h` of a box found by `nearestHandle`.
    private func handleDistance(_ h: (slot: Int32, handle: HandleID), _ q: Vec2) -> Double {
        let m = screenTransform(h.slot)
        if h.handle.rawValue >= HandleID.custom.rawValue {
            return customHandleScreenPoint(h.slot, Int(h.handle.rawValue - HandleID.custom.rawValue), m).map {
                ($0 - q).length
            } ?? .infinity
        }
        return (handleScreenPoint(h.slot, h.handle, m) - q).length
    }

    /// The handle within reach of screen point `q` that `hit(screen:)` would grab, or slot -1.
    @_optimize(speed) private func nearestHandle(screen q: Vec2) -> (slot: Int32, handle: HandleID) {
        var best: (slot: Int32, handle: HandleID) = (-1, .none)
        var bestDistance = Double.infinity
        let radius = config.handleHitRadius
        // The editing boxes, then the only selected box when it is not editing. By index:
        // iterating the array itself would retain and release it on every hit test.
        let solo = soloSelectedSlot
        let extra = solo >= 0 && !scene[solo].editing ? 1 : 0
        for i in 0..<(scene.editingSlots.count + extra) {
            let x = i < scene.editingSlots.count ? scene.editingSlots[i] : solo
            let behavior = scene.behavior(x)
            if behavior.passThrough { continue }
            let shows = showsHandles(x)
            let custom = scene[x].hooks.customHandles
            guard shows.resize || shows.rotate || custom > 0 else { continue }
            // The cached world transform without a call, when it is valid (as it nearly always is).
            let m = view * (scene[x].worldValid ? scene[x].world : scene.world(x))
            if custom == 0 && !handlesMayReach(x, m, q, radius) { continue }
            let reach = bodyContains(x, m, q) ? Swift.min(radius, shorterScreenSide(x, m) * 0.25) : radius
            let handles = behavior.handles
            for h in HandleID.resizeHandles where shows.resize && handles.contains(h) {
                consider(x, h, handleScreenPoint(x, h, m), q, reach, &best, &bestDistance)
            }
            if shows.rotate { consider(x, .rotate, handleScreenPoint(x, .rotate, m), q, reach, &best, &bestDistance) }
            for i in 0..<custom {
                guard let p = customHandleScreenPoint(x, i, m) else { continue }
                consider(x, HandleID(rawValue: HandleID.custom.rawValue + UInt32(i)), p, q, reach, &best, &bestDistance)
            }
        }
        return best
    }

    /// The bounds-tree leaf of the topmost box whose body contains screen point `q`, or -1.
    @_optimize(speed) private func topBodyLeaf(screen q: Vec2) -> Int32 {
        scene.refreshBounds()
        // Leaves whose box contains the point, tested in world space by their hit shapes; the
        // query already skips most of those drawn under another one it found.
        scene.tree.query(containing: viewInverse.apply(q))
        var top: Int32 = -1, topKey: UInt32 = 0
        for i in 0..<scene.tree.foundCount {
            let f = scene.tree.found[i]
            // A larger draw key is drawn on top; equal keys need a closer look.
            if top < 0 || f.key > topKey || (f.key == topKey && drawsAfter(leaf: f.leaf, top)) {
                top = f.leaf
                topKey = f.key
            }
        }
        return top
    }

    /// True when the box of leaf `a` is drawn after that of leaf `b`; siblings are ordered by
    /// their leaves alone, without reading the boxes.
    private func drawsAfter(leaf a: Int32, _ b: Int32) -> Bool {
        let ia = scene.tree.leaves[Int(a)].info, ib = scene.tree.leaves[Int(b)].info
        if ia.parent == ib.parent { return ia.order > ib.order }
        return scene.drawsAfter(scene.tree.shapes[Int(a)].id.index, scene.tree.shapes[Int(b)].id.index)
    }

    private func consider(
        _ s: Int32, _ h: HandleID, _ at: Vec2, _ q: Vec2, _ reach: Double,
        _ best: inout (slot: Int32, handle: HandleID), _ bestDistance: inout Double
    ) {
        let d = (at - q).length
        // Equally near: the handle drawn on top wins.
        if d <= reach && (d < bestDistance || (d == bestDistance && best.slot >= 0 && scene.drawsAfter(s, best.slot))) {
            best = (s, h)
            bestDistance = d
        }
    }

    /// The topmost box or handle at world point `p`: the answer a pointer down there would get.
    @_optimize(speed) public func hitTest(world p: Vec2) throws(GripError) -> Hit {
        guard p.isInRange else { throw .arg("hit point is not finite or beyond 1e9") }
        let q = view.apply(p)
        let handle = handleHit(screen: q)
        if handle.slot == Engine.selectionSlot { return Hit(box: .selection, handle: handle.handle) }
        if handle.slot >= 0 { return Hit(box: scene.id(handle.slot), handle: handle.handle) }
        // The id from the leaf: no box record is read for a body hit.
        let leaf = topBodyLeaf(screen: q)
        return leaf >= 0 ? Hit(box: scene.tree.shapes[Int(leaf)].id, handle: .none) : .nothing
    }
}
