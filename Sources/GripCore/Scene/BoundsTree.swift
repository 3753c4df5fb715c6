/// A dynamic bounding-volume tree over boxes' world bounds: sub-linear point queries, and
/// incremental updates as boxes move. Each leaf stores a "fat" rectangle (the tight bounds
/// grown by a margin), so a box that moves a little does not touch the tree at all. Internal
/// nodes are kept height-balanced by rotations, so inserting boxes in any order stays O(log n).
struct BoundsTree {
    struct Node {
        var rect = Rect(min: .zero, max: .zero)
        var parent: Int32 = -1
        var child1: Int32 = -1
        var child2: Int32 = -1
        /// Leaf: 0; free: -1.
        var height: Int32 = -1
        /// Leaf: the box slot.
        var item: Int32 = -1
        var isLeaf: Bool { child1 < 0 }
    }

    private(set) var nodes: ContiguousArray<Node> = []
    private var free: [Int32] = []
    private(set) var root: Int32 = -1
    /// Reused traversal stack (no allocation per query once grown).
    private var stack: [Int32] = []

    /// The fat rectangle stored for a tight one.
    @inlinable static func fatten(_ r: Rect) -> Rect {
        let m = 0.1 * Swift.max(r.width, r.height) + 1
        return Rect(min: Vec2(r.min.x - m, r.min.y - m), max: Vec2(r.max.x + m, r.max.y + m))
    }

    private mutating func allocate() -> Int32 {
        if let n = free.popLast() { nodes[Int(n)] = Node(); return n }
        nodes.append(Node())
        return Int32(nodes.count - 1)
    }

    private mutating func release(_ n: Int32) {
        nodes[Int(n)] = Node()
        free.append(n)
    }

    /// Adds `item` with tight bounds `r`; returns its leaf. With `deferred` the leaf is not linked
    /// into the tree: the caller must call `rebuild()` before the next query.
    mutating func insert(_ item: Int32, _ r: Rect, deferred: Bool = false) -> Int32 {
        let leaf = allocate()
        // Boxes arriving in bulk are usually at rest: they keep tight bounds (fewer overlaps to
        // search) and get a fat margin the first time they move out of them.
        nodes[Int(leaf)].rect = deferred ? r : BoundsTree.fatten(r)
        nodes[Int(leaf)].item = item
        nodes[Int(leaf)].height = 0
        leafCount += 1
        if deferred { pendingLeaves.append(leaf) } else { insertLeaf(leaf) }
        return leaf
    }

    /// Live leaves, and leaves inserted with `deferred` and not yet linked.
    private(set) var leafCount = 0
    private var pendingLeaves: [Int32] = []

    /// Rebuilds every internal node top-down (median splits along the longer axis), which gives
    /// a tighter tree than one grown by insertions; leaf ids stay the same.
    mutating func rebuild() {
        var leaves: [Int32] = []
        leaves.reserveCapacity(leafCount)
        for i in nodes.indices where nodes[i].height == 0 { leaves.append(Int32(i)) }
        pendingLeaves.removeAll()
        for i in nodes.indices where nodes[i].height > 0 { release(Int32(i)) }
        root = leaves.isEmpty ? -1 : build(&leaves, 0, leaves.count, parent: -1)
    }

    private mutating func build(_ leaves: inout [Int32], _ lo: Int, _ hi: Int, parent: Int32) -> Int32 {
        if hi - lo == 1 {
            nodes[Int(leaves[lo])].parent = parent
            return leaves[lo]
        }
        // Split at the median centre along the longer axis of the centres' spread.
        var bmin = Vec2(Double.infinity, Double.infinity), bmax = Vec2(-Double.infinity, -Double.infinity)
        for i in lo..<hi {
            let c = nodes[Int(leaves[i])].rect.center
            bmin.x = Swift.min(bmin.x, c.x); bmin.y = Swift.min(bmin.y, c.y)
            bmax.x = Swift.max(bmax.x, c.x); bmax.y = Swift.max(bmax.y, c.y)
        }
        let alongX = bmax.x - bmin.x >= bmax.y - bmin.y
        let mid = (lo + hi) / 2
        select(&leaves, lo, hi, mid, alongX)
        let node = allocate()
        nodes[Int(node)].parent = parent
        let a = build(&leaves, lo, mid, parent: node)
        let b = build(&leaves, mid, hi, parent: node)
        nodes[Int(node)].child1 = a
        nodes[Int(node)].child2 = b
        nodes[Int(node)].height = 1 + Swift.max(nodes[Int(a)].height, nodes[Int(b)].height)
        nodes[Int(node)].rect = BoundsTree.union(nodes[Int(a)].rect, nodes[Int(b)].rect)
        return node
    }

    /// Partially orders `leaves[lo..<hi]` so the element at `k` has no smaller centre after it
    /// and no larger one before it (quickselect, middle pivot).
    private func select(_ leaves: inout [Int32], _ lo: Int, _ hi: Int, _ k: Int, _ alongX: Bool) {
        func key(_ l: Int32) -> Double {
            let r = nodes[Int(l)].rect
            return alongX ? r.min.x + r.max.x : r.min.y + r.max.y
        }
        var lo = lo, hi = hi - 1
        while lo < hi {
            let pivot = key(leaves[(lo + hi) / 2])
            var i = lo, j = hi
            while i <= j {
                while key(leaves[i]) < pivot { i += 1 }
                while key(leaves[j]) > pivot { j -= 1 }
                if i <= j { leaves.swapAt(i, j); i += 1; j -= 1 }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { return }
        }
    }

    /// Removes a leaf.
    mutating func remove(_ leaf: Int32) {
        if let i = pendingLeaves.firstIndex(of: leaf) { pendingLeaves.remove(at: i) } else { removeLeaf(leaf) }
        release(leaf)
        leafCount -= 1
    }

    /// Updates a leaf for new tight bounds `r`; touches the tree only when `r` leaves the fat rectangle.
    mutating func update(_ leaf: Int32, _ r: Rect) {
        let fat = nodes[Int(leaf)].rect
        if pendingLeaves.contains(leaf) { nodes[Int(leaf)].rect = r; return }
        if fat.min.x <= r.min.x && fat.min.y <= r.min.y && fat.max.x >= r.max.x && fat.max.y >= r.max.y {
            return
        }
        removeLeaf(leaf)
        nodes[Int(leaf)].rect = BoundsTree.fatten(r)
        insertLeaf(leaf)
    }

    /// Appends to `found` the item of every leaf whose fat rectangle contains `p`.
    mutating func query(_ p: Vec2, into found: inout [Int32]) {
        guard root >= 0 else { return }
        // Depth-first with both children pushed: at most one pending sibling per level, so
        // height + 2 entries always suffice. The stack only grows with the tree.
        let needed = Int(nodes[Int(root)].height) + 2
        if stack.count < needed { stack = [Int32](repeating: -1, count: needed * 2) }
        let root = self.root
        stack.withUnsafeMutableBufferPointer { st in
            nodes.withUnsafeBufferPointer { nd in
                var top = 1
                st[0] = root
                while top > 0 {
                    top -= 1
                    let n = Int(st[top])
                    let r = nd[n].rect
                    guard p.x >= r.min.x && p.x <= r.max.x && p.y >= r.min.y && p.y <= r.max.y else { continue }
                    let c1 = nd[n].child1
                    if c1 < 0 {
                        found.append(nd[n].item)
                    } else {
                        st[top] = c1
                        st[top + 1] = nd[n].child2
                        top += 2
                    }
                }
            }
        }
    }

    // MARK: insertion and removal

    private static func union(_ a: Rect, _ b: Rect) -> Rect {
        Rect(min: Vec2(Swift.min(a.min.x, b.min.x), Swift.min(a.min.y, b.min.y)),
             max: Vec2(Swift.max(a.max.x, b.max.x), Swift.max(a.max.y, b.max.y)))
    }

    /// Half the perimeter: the cost measure for choosing where a leaf goes.
    private static func cost(_ r: Rect) -> Double { r.width + r.height }

    private mutating func insertLeaf(_ leaf: Int32) {
        guard root >= 0 else {
            root = leaf
            nodes[Int(leaf)].parent = -1
            return
        }
        // Walk down to the sibling whose union with the leaf grows the tree least.
        let r = nodes[Int(leaf)].rect
        var index = root
        while !nodes[Int(index)].isLeaf {
            let n = nodes[Int(index)]
            let area = BoundsTree.cost(n.rect)
            let combined = BoundsTree.cost(BoundsTree.union(n.rect, r))
            let here = 2 * combined
            let inherited = 2 * (combined - area)
            let c1 = childCost(n.child1, r) + inherited
            let c2 = childCost(n.child2, r) + inherited
            if here < c1 && here < c2 { break }
            index = c1 < c2 ? n.child1 : n.child2
        }
        let sibling = index
        let oldParent = nodes[Int(sibling)].parent
        let newParent = allocate()
        nodes[Int(newParent)].parent = oldParent
        nodes[Int(newParent)].rect = BoundsTree.union(r, nodes[Int(sibling)].rect)
        nodes[Int(newParent)].height = nodes[Int(sibling)].height + 1
        nodes[Int(newParent)].child1 = sibling
        nodes[Int(newParent)].child2 = leaf
        nodes[Int(sibling)].parent = newParent
        nodes[Int(leaf)].parent = newParent
        if oldParent >= 0 {
            if nodes[Int(oldParent)].child1 == sibling { nodes[Int(oldParent)].child1 = newParent }
            else { nodes[Int(oldParent)].child2 = newParent }
        } else {
            root = newParent
        }
        refit(from: nodes[Int(leaf)].parent)
    }

    private func childCost(_ c: Int32, _ r: Rect) -> Double {
        let n = nodes[Int(c)]
        let u = BoundsTree.cost(BoundsTree.union(r, n.rect))
        return n.isLeaf ? u : u - BoundsTree.cost(n.rect)
    }

    private mutating func removeLeaf(_ leaf: Int32) {
        if leaf == root { root = -1; return }
        let parent = nodes[Int(leaf)].parent
        let grand = nodes[Int(parent)].parent
        let sibling = nodes[Int(parent)].child1 == leaf ? nodes[Int(parent)].child2 : nodes[Int(parent)].child1
        if grand >= 0 {
            if nodes[Int(grand)].child1 == parent { nodes[Int(grand)].child1 = sibling }
            else { nodes[Int(grand)].child2 = sibling }
            nodes[Int(sibling)].parent = grand
            release(parent)
            refit(from: grand)
        } else {
            root = sibling
            nodes[Int(sibling)].parent = -1
            release(parent)
        }
        nodes[Int(leaf)].parent = -1
    }

    /// Rebalances and recomputes bounds and heights from `start` up to the root.
    private mutating func refit(from start: Int32) {
        var index = start
        while index >= 0 {
            index = balance(index)
            let c1 = nodes[Int(index)].child1, c2 = nodes[Int(index)].child2
            nodes[Int(index)].height = 1 + Swift.max(nodes[Int(c1)].height, nodes[Int(c2)].height)
            nodes[Int(index)].rect = BoundsTree.union(nodes[Int(c1)].rect, nodes[Int(c2)].rect)
            index = nodes[Int(index)].parent
        }
    }

    /// If one subtree of `a` is more than one level taller, rotates it up; returns the node now
    /// standing where `a` stood.
    private mutating func balance(_ a: Int32) -> Int32 {
        let na = nodes[Int(a)]
        if na.isLeaf || na.height < 2 { return a }
        let b = na.child1, c = na.child2
        let diff = nodes[Int(c)].height - nodes[Int(b)].height
        if diff > 1 { return rotateUp(c, over: a) }
        if diff < -1 { return rotateUp(b, over: a) }
        return a
    }

    /// Lifts child `up` of `a` into `a`'s place; `a` keeps its other child and the shorter grandchild.
    private mutating func rotateUp(_ up: Int32, over a: Int32) -> Int32 {
        let f = nodes[Int(up)].child1, g = nodes[Int(up)].child2
        // `up` takes a's place under a's parent.
        let parent = nodes[Int(a)].parent
        nodes[Int(up)].parent = parent
        nodes[Int(a)].parent = up
        if parent >= 0 {
            if nodes[Int(parent)].child1 == a { nodes[Int(parent)].child1 = up } else { nodes[Int(parent)].child2 = up }
        } else {
            root = up
        }
        // The taller grandchild stays under `up`; the shorter goes to `a`.
        let (tall, short) = nodes[Int(f)].height > nodes[Int(g)].height ? (f, g) : (g, f)
        nodes[Int(up)].child1 = a
        nodes[Int(up)].child2 = tall
        if nodes[Int(a)].child1 == up { nodes[Int(a)].child1 = short } else { nodes[Int(a)].child2 = short }
        nodes[Int(short)].parent = a
        let a1 = nodes[Int(a)].child1, a2 = nodes[Int(a)].child2
        nodes[Int(a)].rect = BoundsTree.union(nodes[Int(a1)].rect, nodes[Int(a2)].rect)
        nodes[Int(a)].height = 1 + Swift.max(nodes[Int(a1)].height, nodes[Int(a2)].height)
        nodes[Int(up)].rect = BoundsTree.union(nodes[Int(a)].rect, nodes[Int(tall)].rect)
        nodes[Int(up)].height = 1 + Swift.max(nodes[Int(a)].height, nodes[Int(tall)].height)
        return up
    }

    /// Checks parent links, heights and containment (for tests); nil when consistent.
    func validate() -> String? {
        guard root >= 0 else { return nil }
        var todo: [Int32] = [root]
        var leaves = 0
        while let n = todo.popLast() {
            let node = nodes[Int(n)]
            if node.isLeaf { leaves += 1; continue }
            for c in [node.child1, node.child2] {
                if nodes[Int(c)].parent != n { return "node \(c) has the wrong parent" }
                let r = nodes[Int(c)].rect
                if r.min.x < node.rect.min.x || r.min.y < node.rect.min.y || r.max.x > node.rect.max.x || r.max.y > node.rect.max.y {
                    return "node \(n) does not contain child \(c)"
                }
                todo.append(c)
            }
            if node.height != 1 + Swift.max(nodes[Int(node.child1)].height, nodes[Int(node.child2)].height) {
                return "node \(n) has the wrong height"
            }
        }
        return nil
    }

    /// Height of the tree (for tests and benchmarks).
    var height: Int { root >= 0 ? Int(nodes[Int(root)].height) : 0 }
}
