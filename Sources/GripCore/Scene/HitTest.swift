/// What is under a point: a box and one of its handles, or nothing.
public struct Hit: Equatable, Sendable {
    public var box: BoxID
    public var handle: HandleID
    public init(box: BoxID, handle: HandleID) { self.box = box; self.handle = handle }
    public static let nothing = Hit(box: .none, handle: .none)
}

extension Engine {
    /// Box space -> screen for slot `s`.
    @inline(__always) func screenTransform(_ s: Int32) -> Affine { viewIsIdentity ? scene.world(s) : view * scene.world(s) }

    /// Whether slot `s` shows its resize handles and its rotate handle.
    func showsHandles(_ s: Int32) -> (resize: Bool, rotate: Bool) {
        let b = scene.slots[Int(s)].behavior
        guard b.editing else { return (false, false) }
        return (b.allow.contains(.resize), b.allow.contains(.rotate) && b.handles.contains(.rotate))
    }

    /// Screen position of handle `h` of slot `s`.
    func handleScreenPoint(_ s: Int32, _ h: HandleID, _ m: Affine) -> Vec2 {
        let g = scene.slots[Int(s)].geometry
        return m.apply(g.boxPoint(fromFrame: g.framePoint(of: h)))
    }

    /// True when screen point `q` is inside the box body of slot `s` (screen transform `m`).
    func bodyContains(_ s: Int32, _ m: Affine, _ q: Vec2) -> Bool {
        guard let inv = m.inverse else { return false }
        let p = inv.apply(q)
        let g = scene.slots[Int(s)].geometry
        return p.x >= 0 && p.x <= g.width && p.y >= 0 && p.y <= g.height
    }

    /// The shorter side of slot `s` on screen.
    func shorterScreenSide(_ s: Int32, _ m: Affine) -> Double {
        let g = scene.slots[Int(s)].geometry
        let (p0, p1, _, p3) = g.corners(m)
        return Swift.min((p1 - p0).length, (p3 - p0).length)
    }

    /// What a pointer going down at screen point `q` would grab: the nearest handle within reach
    /// (handles before bodies; inside its own box a handle reaches only a quarter of the box's
    /// shorter on-screen side, so small boxes stay movable), else the topmost box body, which for
    /// nested boxes is the innermost. Handles are searched among the editing boxes, bodies through
    /// the bounds tree: the cost does not grow with the number of boxes.
    func hit(screen q: Vec2) -> (slot: Int32, handle: HandleID) {
        var best: (slot: Int32, handle: HandleID) = (-1, .none)
        var bestDistance = Double.infinity
        let radius = config.handleHitRadius
        for x in editingSlots {
            let shows = showsHandles(x)
            let custom = scene.slots[Int(x)].hooks.customHandles
            guard shows.resize || shows.rotate || custom > 0 else { continue }
            let m = screenTransform(x)
            let reach = bodyContains(x, m, q) ? Swift.min(radius, shorterScreenSide(x, m) * 0.25) : radius
            let handles = scene.slots[Int(x)].behavior.handles
            for h in HandleID.resizeHandles where shows.resize && handles.contains(h) {
                consider(x, h, handleScreenPoint(x, h, m), q, reach, &best, &bestDistance)
            }
            if shows.rotate { consider(x, .rotate, handleScreenPoint(x, .rotate, m), q, reach, &best, &bestDistance) }
            for i in 0..<custom {
                guard let p = customHandleScreenPoint(x, i, m) else { continue }
                consider(x, HandleID(rawValue: HandleID.custom.rawValue + UInt32(i)), p, q, reach, &best, &bestDistance)
            }
        }
        if best.slot >= 0 { return best }
        return (topBody(screen: q), .none)
    }

    /// The topmost box whose body contains screen point `q`, or -1.
    func topBody(screen q: Vec2) -> Int32 {
        scene.refreshBounds()
        hitScratch.removeAll(keepingCapacity: true)
        scene.tree.query(viewInverse.apply(q), into: &hitScratch)
        var top: Int32 = -1
        for x in hitScratch where top < 0 || scene.drawsAfter(x, top) {
            if bodyContains(x, screenTransform(x), q) { top = x }
        }
        return top
    }

    private func consider(_ s: Int32, _ h: HandleID, _ at: Vec2, _ q: Vec2, _ reach: Double,
                          _ best: inout (slot: Int32, handle: HandleID), _ bestDistance: inout Double) {
        let d = (at - q).length
        // Equally near: the handle drawn on top wins.
        if d <= reach && (d < bestDistance || (d == bestDistance && best.slot >= 0 && scene.drawsAfter(s, best.slot))) {
            best = (s, h)
            bestDistance = d
        }
    }

    /// The topmost box or handle at world point `p`: the answer a pointer down there would get.
    public func hitTest(world p: Vec2) throws(GripError) -> Hit {
        guard p.isInRange else { throw .arg("hit point is not finite or beyond 1e9") }
        let r = hit(screen: view.apply(p))
        return r.slot >= 0 ? Hit(box: scene.id(r.slot), handle: r.handle) : .nothing
    }
}
