/// Entry points into the bounds tree: a grid over the root rectangle whose cells each know the
/// deepest node holding every leaf that overlaps the cell, so a query at a point starts there
/// and skips the top of the tree, and the leaf with the largest key that the last query in the
/// cell found, tested first: when it holds the point too, most of what is drawn under it is
/// skipped from the start. Built once the tree has stayed unchanged for a while (each change of
/// the tree's shape or keys makes it stale; queries then start at the root again).
struct EntryGrid {
    /// Cells per row and per column, the grid's origin and cells per unit; `entries` row by row
    /// (a node, or -1 for a cell that no leaf overlaps).
    var columns = 0, rows = 0
    var originX = 0.0, originY = 0.0, scaleX = 0.0, scaleY = 0.0
    var entries: [Int32] = []
    /// Per cell: the leaf to test first and its key (`key << 32 | leaf`), or `noProbe`.
    var probes: [UInt64] = []
    static let noProbe = UInt64.max
    /// The tree's shape version it was built for.
    var version: UInt64 = 0

    /// The cell holding (`x`, `y`), a point inside the rectangle the grid was built over.
    @inline(__always) func cell(_ x: Double, _ y: Double) -> Int {
        let cx = Swift.min(Swift.max(Int((x - originX) * scaleX), 0), columns - 1)
        let cy = Swift.min(Swift.max(Int((y - originY) * scaleY), 0), rows - 1)
        return cy * columns + cx
    }
}

extension BoundsTree {
    /// Trees with fewer leaves are queried from the root.
    static let gridMinimumLeaves = 256

    /// Counts a query while the grid is stale; rebuilds the grid once the tree has stayed as it
    /// is for as many queries as the grid has cells (so building costs less than a query each).
    mutating func noteQueryWithoutGrid() {
        guard leafCount >= BoundsTree.gridMinimumLeaves, root >= 0 else { return }
        queriesSinceChange += 1
        if queriesSinceChange >= Swift.max(64, leafCount / 2) { buildGrid() }
    }

    /// Builds the grid for the tree as it is: about two leaves per cell.
    mutating func buildGrid() {
        queriesSinceChange = 0
        let r = rootRect
        let w = Double(r.maxX) - Double(r.minX), h = Double(r.maxY) - Double(r.minY)
        guard root >= 0, w.isFinite, h.isFinite, w > 0, h > 0 else { return }
        let cells = Double(Swift.min(leafCount / 2, 1 << 17))
        let columns = Swift.max(1, Swift.min(Int((cells * w / h).squareRoot()), 1 << 12))
        let rows = Swift.max(1, Swift.min(Int(cells) / columns, 1 << 12))
        var g = EntryGrid()
        g.columns = columns
        g.rows = rows
        g.originX = Double(r.minX)
        g.originY = Double(r.minY)
        g.scaleX = Double(columns) / w
        g.scaleY = Double(rows) / h
        g.version = shapeVersion
        g.entries.reserveCapacity(columns * rows)
        g.probes = [UInt64](repeating: EntryGrid.noProbe, count: columns * rows)
        // Each cell grown by a margin far above the rounding of `cell(_:_:)`.
        let cw = w / Double(columns), ch = h / Double(rows)
        let mx = cw * 1e-3, my = ch * 1e-3
        for j in 0..<rows {
            for i in 0..<columns {
                let minX = g.originX + Double(i) * cw - mx, maxX = g.originX + Double(i + 1) * cw + mx
                let minY = g.originY + Double(j) * ch - my, maxY = g.originY + Double(j + 1) * ch + my
                g.entries.append(entry(FloatRect(outward: Rect(min: Vec2(minX, minY), max: Vec2(maxX, maxY)))))
            }
        }
        grid = g
    }

    /// The deepest node whose subtree holds every leaf overlapping `cell`, or -1 when none does.
    private func entry(_ cell: FloatRect) -> Int32 {
        func overlaps(_ r: FloatRect) -> Bool {
            r.minX <= cell.maxX && r.maxX >= cell.minX && r.minY <= cell.maxY && r.maxY >= cell.minY
        }
        guard overlaps(rootRect) else { return -1 }
        var n = root
        while true {
            let node = nodes[Int(n)]
            let o1 = overlaps(node.rect1), o2 = overlaps(node.rect2)
            if o1 && !o2 && node.child1 >= 0 { n = node.child1; continue }
            if o2 && !o1 && node.child2 >= 0 { n = node.child2; continue }
            return o1 || o2 ? n : -1
        }
    }
}
