/// The point query of the bounds tree: which boxes could be the topmost one at a point.
extension BoundsTree {
    /// Fills `found` with leaves whose hit shape contains world point `p`, with their keys, but
    /// skips every leaf and subtree whose largest draw key is below the key of a leaf already
    /// found: those boxes are drawn under it. The topmost box containing `p` is always found.
    /// While the tree is unchanged the cell index answers; otherwise the tree is walked. Leaves
    /// not linked yet are tested one by one.
    @_optimize(speed) mutating func query(containing p: Vec2) {
        queryLinked(containing: p)
        if !pendingLeaves.isEmpty { queryPending(p) }
    }

    @_optimize(speed) private mutating func queryLinked(containing p: Vec2) {
        foundCount = 0
        let root = self.root
        if root == BoundsTree.none { return }
        if root < 0 {
            if shapes[Int(~root)].contains(p) {
                BoundsTree.record(&found, &foundCount, Found(leaf: ~root, key: rootKey))
            }
            return
        }
        // Rounding the point to single precision keeps it inside every rectangle that holds it.
        let x = Float(p.x), y = Float(p.y)
        guard rootRect.contains(x, y) else { return }
        if cells.version == shapeVersion {
            queryCells(p, x, y)
            return
        }
        noteQueryWithoutCells()
        // Depth-first; a subtree waiting on the stack keeps its key (at most one waits per level:
        // the height suffices).
        let needed = Int(links[Int(root)].height) + 1
        if stack.count < needed { stack = [UInt64](repeating: 0, count: needed * 2) }
        var best: UInt32 = 0
        // Nodes and shapes are read in place (no buffer closures: those would retain and release
        // the arrays on every query). The stack is taken out of `self` meanwhile (a swap, no
        // copy), so the walk may read the tree's other arrays.
        var walk: [UInt64] = []
        swap(&walk, &stack)
        defer { swap(&walk, &stack) }
        walk.withUnsafeMutableBufferPointer { st in
            var top = 0
            var i = Int(root)
            while true {
                let n = nodes[i]
                var in1 = n.key1 >= best && n.rect1.contains(x, y)
                var in2 = n.key2 >= best && n.rect2.contains(x, y)
                if in1 && n.child1 < 0 {
                    in1 = false
                    if shapes[Int(~n.child1)].contains(p) {
                        BoundsTree.record(&found, &foundCount, Found(leaf: ~n.child1, key: n.key1))
                        best = Swift.max(best, n.key1)
                    }
                }
                if in2 && n.child2 < 0 {
                    in2 = false
                    if n.key2 >= best && shapes[Int(~n.child2)].contains(p) {
                        BoundsTree.record(&found, &foundCount, Found(leaf: ~n.child2, key: n.key2))
                        best = Swift.max(best, n.key2)
                    }
                }
                in1 = in1 && n.key1 >= best
                in2 = in2 && n.key2 >= best
                if in1 && in2 {
                    // The child with the larger key now: what it finds may raise the bar
                    // for the other, which waits on the stack with its key.
                    let firstIs1 = n.key1 >= n.key2
                    let later = firstIs1 ? n.child2 : n.child1, laterKey = firstIs1 ? n.key2 : n.key1
                    st[top] = UInt64(laterKey) << 32 | UInt64(UInt32(bitPattern: later))
                    top += 1
                    i = Int(firstIs1 ? n.child1 : n.child2)
                    continue
                }
                if in1 { i = Int(n.child1); continue }
                if in2 { i = Int(n.child2); continue }
                // Back to the latest waiting subtree that can still hold the topmost box.
                var next = -1
                while top > 0 {
                    top -= 1
                    if UInt32(truncatingIfNeeded: st[top] >> 32) >= best {
                        next = Int(Int32(bitPattern: UInt32(truncatingIfNeeded: st[top])))
                        break
                    }
                }
                if next < 0 { return }
                i = next
            }
        }
    }

    /// Appends `f` to the first `count` of `found`.
    @inline(__always) private static func record(_ found: inout [Found], _ count: inout Int, _ f: Found) {
        if count < found.count { found[count] = f } else { found.append(f) }
        count += 1
    }

    /// The query through the cell index: the moved leaves as the tree holds them, then the wide
    /// leaves' list and the cell's, each in decreasing key order, each left at the first key
    /// below the bar, skipping the moved leaves' stale entries.
    @_optimize(speed) private mutating func queryCells(_ p: Vec2, _ x: Float, _ y: Float) {
        var best: UInt32 = 0
        let c = cells.cell(p.x, p.y)
        let anyMoved = !cells.moved.isEmpty
        if anyMoved {
            for i in cells.moved.indices {
                let l = Int(cells.moved[i])
                let leaf = leaves.address(l)
                let r = leaf.pointee.rect, key = leaf.pointee.info.key
                if key >= best && p.x >= r.min.x && p.x <= r.max.x && p.y >= r.min.y && p.y <= r.max.y
                    && shapes[l].contains(p)
                {
                    BoundsTree.record(&found, &foundCount, Found(leaf: Int32(l), key: key))
                    best = key
                }
            }
        }
        for i in cells.wide.indices {
            let e = cells.wide[i]
            if e.key < best { break }
            if e.rect.contains(x, y) && shapes[Int(e.leaf)].contains(p) && !(anyMoved && cells.moved.contains(e.leaf)) {
                BoundsTree.record(&found, &foundCount, Found(leaf: e.leaf, key: e.key))
                best = e.key
            }
        }
        for i in Int(cells.starts[c])..<Int(cells.starts[c + 1]) {
            let e = cells.entries[i]
            if e.key < best { break }
            if e.rect.contains(x, y) && shapes[Int(e.leaf)].contains(p) && !(anyMoved && cells.moved.contains(e.leaf)) {
                BoundsTree.record(&found, &foundCount, Found(leaf: e.leaf, key: e.key))
                best = e.key
            }
        }
    }
}
