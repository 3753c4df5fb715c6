/// The point query of the bounds tree: which boxes could be the topmost one at a point.
extension BoundsTree {
    /// Fills `found` with leaves whose hit shape contains world point `p`, with their keys, but
    /// skips every leaf and subtree whose largest draw key is below the key of a leaf already
    /// found: those boxes are drawn under it. The topmost box containing `p` is always found.
    mutating func query(containing p: Vec2) {
        foundCount = 0
        let root = self.root
        if root == BoundsTree.none { return }
        if root < 0 {
            if shapes[Int(~root)].contains(p) { BoundsTree.record(&found, &foundCount, Found(leaf: ~root, key: rootKey)) }
            return
        }
        // Rounding the point to single precision keeps it inside every rectangle that holds it.
        let x = Float(p.x), y = Float(p.y)
        guard rootRect.contains(x, y) else { return }
        // Depth-first; a subtree waiting on the stack keeps its key (at most one waits per level:
        // the height suffices).
        let needed = Int(links[Int(root)].height) + 1
        if stack.count < needed { stack = [UInt64](repeating: 0, count: needed * 2) }
        var start = root
        var best: UInt32 = 0
        var cell = -1, probe: Int32 = -1
        if grid.version == shapeVersion {
            cell = grid.cell(p.x, p.y)
            start = grid.entries[cell]
            if start < 0 { return }
            let pr = grid.probes[cell]
            if pr != EntryGrid.noProbe {
                let leaf = Int32(truncatingIfNeeded: pr), key = UInt32(truncatingIfNeeded: pr >> 32)
                if shapes[Int(leaf)].contains(p) {
                    probe = leaf
                    best = key
                    BoundsTree.record(&found, &foundCount, Found(leaf: leaf, key: key))
                }
            }
        } else {
            noteQueryWithoutGrid()
        }
        defer { if cell >= 0 { rememberProbe(cell, hit: probe >= 0) } }
        // Nodes and shapes are read in place (no buffer closures: those would retain and release
        // the arrays on every query).
        stack.withUnsafeMutableBufferPointer { st in
            var top = 0
            var i = Int(start)
            while true {
                let n = nodes[i]
                var in1 = n.key1 >= best && n.rect1.contains(x, y)
                var in2 = n.key2 >= best && n.rect2.contains(x, y)
                if in1 && n.child1 < 0 {
                    in1 = false
                    if ~n.child1 != probe && shapes[Int(~n.child1)].contains(p) {
                        BoundsTree.record(&found, &foundCount, Found(leaf: ~n.child1, key: n.key1))
                        best = Swift.max(best, n.key1)
                    }
                }
                if in2 && n.child2 < 0 {
                    in2 = false
                    if n.key2 >= best && ~n.child2 != probe && shapes[Int(~n.child2)].contains(p) {
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

    /// Makes the found leaf with the largest key the one to test first in grid cell `cell`, where
    /// boxes overlap (the probe held the point, `hit`, or more than one box was found); elsewhere
    /// a probe would mostly cost a test that fails.
    private mutating func rememberProbe(_ cell: Int, hit: Bool) {
        guard foundCount > 1 || (hit && foundCount > 0) else {
            grid.probes[cell] = EntryGrid.noProbe
            return
        }
        var top = found[0]
        for i in 1..<foundCount where found[i].key > top.key { top = found[i] }
        grid.probes[cell] = UInt64(top.key) << 32 | UInt64(UInt32(bitPattern: top.leaf))
    }
}
