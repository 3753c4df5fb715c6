/// The rectangle query of the bounds tree: which boxes' bounds may meet a rectangle.
extension BoundsTree {
    /// Appends to `out` every leaf whose stored rectangle meets `r` (edges touching count): a
    /// superset of the boxes whose outline meets it, to be tested exactly by the caller. Walks
    /// the tree with `stack` as its scratch (reused: nothing is allocated once it has grown).
    func leaves(meeting r: Rect, into out: inout [Int32], stack: inout [Int32]) {
        let q = FloatRect(outward: r)
        // Leaves not linked yet, one by one: their rectangles rounded outward first (read from
        // the dense list), then exactly.
        for i in pendingLeaves.indices {
            let e = pendingLeaves.address(i)
            guard BoundsTree.meets(e.pointee.rect, q) else { continue }
            let l = e.pointee.leaf
            let b = leaves[Int(l)].rect
            if b.min.x <= r.max.x && r.min.x <= b.max.x && b.min.y <= r.max.y && r.min.y <= b.max.y { out.append(l) }
        }
        if root == BoundsTree.none { return }
        if !BoundsTree.meets(rootRect, q) { return }
        if root < 0 { out.append(~root); return }
        stack.removeAll(keepingCapacity: true)
        stack.append(root)
        while let i = stack.popLast() {
            let n = nodes[Int(i)]
            if BoundsTree.meets(n.rect1, q) {
                if n.child1 < 0 { out.append(~n.child1) } else { stack.append(n.child1) }
            }
            if BoundsTree.meets(n.rect2, q) {
                if n.child2 < 0 { out.append(~n.child2) } else { stack.append(n.child2) }
            }
        }
    }

    /// True when the two rectangles share a point (edges included).
    @inline(__always) static func meets(_ a: FloatRect, _ b: FloatRect) -> Bool {
        a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }
}
