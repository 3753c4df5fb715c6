/// Questions a host asks about the scene as a whole: every box, the boxes in a region, and the
/// view's mapping between screen and world.
extension Engine {
    /// Calls `body` with every live box: parents before children, siblings in draw order (back
    /// to front), which is the order the frame draws them in. Returns how many there were.
    @discardableResult
    public func forEachBox(_ body: (BoxID) -> Void) -> Int {
        var s = scene.firstInDrawOrder
        while let x = s {
            body(scene.id(x))
            s = scene.nextInDrawOrder(x)
        }
        return scene.count
    }

    /// Calls `body` with the boxes whose outline meets the world rectangle with corners `a` and
    /// `b` (edges touching count; exact for rotated boxes, not their bounds), or with `contain`
    /// those whose four corners all lie inside it, topmost first. The corners may come in any
    /// order: the rectangle is the one they span. Every box counts, pass-through or not.
    /// Candidates come from the bounds tree; returns how many boxes were found.
    @discardableResult
    @_optimize(speed) public func query(
        _ a: Vec2, _ b: Vec2, contain: Bool, _ body: (BoxID) -> Void
    ) throws(GripError) -> Int {
        guard a.isInRange, b.isInRange else { throw .arg("query rectangle is not finite or beyond 1e9") }
        let r = Rect(
            min: Vec2(Swift.min(a.x, b.x), Swift.min(a.y, b.y)), max: Vec2(Swift.max(a.x, b.x), Swift.max(a.y, b.y)))
        scene.refreshBounds()
        var found = scene.queryFound
        var stack = scene.queryStack
        var hits = scene.queryHits
        scene.queryFound = []
        scene.queryStack = []
        scene.queryHits = []
        found.removeAll(keepingCapacity: true)
        hits.removeAll(keepingCapacity: true)
        scene.tree.leaves(meeting: r, into: &found, stack: &stack)
        // Leaves -> the boxes that pass the exact test, with their draw keys.
        for i in found.indices {
            let leaf = Int(found[i])
            let s = scene.tree.shapes[leaf].id.index
            let g = scene[s].geometry
            let (p0, p1, p2, p3) = g.corners(scene.world(s))
            if contain ? Engine.inside(r, p0, p1, p2, p3) : Engine.meets(r, p0, p1, p2, p3) {
                // The draw key inverted in the high half: ascending order is topmost first.
                let key = UInt64(UInt32.max - scene.tree.leaves[leaf].info.key)
                hits.append(key << 32 | UInt64(UInt32(bitPattern: s)))
            }
        }
        // Topmost first: by draw key, then by the scene's order among boxes with the same key
        // (under one top-level box; such runs are short).
        KeySort.sort(&hits)
        scene.orderRuns(&hits, frontFirst: true)
        for k in hits.indices { body(scene.id(Engine.slot(of: hits[k]))) }
        let n = hits.count
        scene.queryFound = found
        scene.queryStack = stack
        scene.queryHits = hits
        return n
    }

    /// The slot in the low half of a query hit.
    @inline(__always) private static func slot(of hit: UInt64) -> Int32 {
        Int32(bitPattern: UInt32(truncatingIfNeeded: hit))
    }

    /// True when the parallelogram `p0 p1 p2 p3` (corners in order) and rectangle `r` share a
    /// point: no separating axis among the rectangle's and the parallelogram's edge normals.
    static func meets(_ r: Rect, _ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2) -> Bool {
        let minX = Swift.min(Swift.min(p0.x, p1.x), Swift.min(p2.x, p3.x))
        let maxX = Swift.max(Swift.max(p0.x, p1.x), Swift.max(p2.x, p3.x))
        let minY = Swift.min(Swift.min(p0.y, p1.y), Swift.min(p2.y, p3.y))
        let maxY = Swift.max(Swift.max(p0.y, p1.y), Swift.max(p2.y, p3.y))
        if maxX < r.min.x || minX > r.max.x || maxY < r.min.y || minY > r.max.y { return false }
        let u = p1 - p0, v = p3 - p0
        return !separates(Vec2(-u.y, u.x), p0, v, r) && !separates(Vec2(-v.y, v.x), p0, u, r)
    }

    /// True when axis `n`, normal to one pair of the parallelogram's edges (the other pair runs
    /// along `w` from corner `p`), separates it from `r`.
    private static func separates(_ n: Vec2, _ p: Vec2, _ w: Vec2, _ r: Rect) -> Bool {
        let a = n.dot(p), b = a + n.dot(w)
        let lo = Swift.min(a, b), hi = Swift.max(a, b)
        // The rectangle's extent along n: its centre's projection plus the half extents.
        let c = n.dot(r.center)
        let e = abs(n.x) * r.width * 0.5 + abs(n.y) * r.height * 0.5
        return c + e < lo || c - e > hi
    }

    /// True when all four points lie inside `r` or on its edge.
    static func inside(_ r: Rect, _ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2) -> Bool {
        r.contains(p0) && r.contains(p1) && r.contains(p2) && r.contains(p3)
    }

    /// The world point under screen point `p`, as the engine maps pointer positions.
    public func screenToWorld(_ p: Vec2) throws(GripError) -> Vec2 {
        guard p.isInRange else { throw .arg("screen point is not finite or beyond 1e9") }
        return viewInverse.apply(p)
    }

    /// The screen point of world point `p`, as the engine draws it.
    public func worldToScreen(_ p: Vec2) throws(GripError) -> Vec2 {
        guard p.isInRange else { throw .arg("world point is not finite or beyond 1e9") }
        return view.apply(p)
    }
}
