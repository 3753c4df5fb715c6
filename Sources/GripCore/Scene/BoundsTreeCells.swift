/// A uniform grid over the root rectangle that lists, per cell, every linked leaf whose
/// rectangle overlaps the cell (its rectangle, draw key and index), largest key first: a query
/// at a point reads one short list instead of walking the tree, and stops at the first leaf that
/// holds the point, past the ones with the same key. Cells are about as wide as a typical leaf,
/// so a leaf is listed in a few cells; leaves spanning many cells are in one list every query
/// reads. Built once the tree has stayed unchanged for a while (a change of the tree's shape or
/// keys makes it stale, and queries walk the tree again), and not at all when the leaves would
/// not fit it well.
struct CellIndex {
    /// A leaf as listed: what a query tests before its shape.
    struct Entry {
        var rect: FloatRect
        var key: UInt32
        var leaf: Int32
    }

    /// Cells per row and per column, the grid's origin and cells per unit.
    var columns = 0, rows = 0
    var originX = 0.0, originY = 0.0, scaleX = 0.0, scaleY = 0.0
    /// Cell `c` lists `entries[starts[c] ..< starts[c + 1]]`; `wide` holds the leaves that span
    /// too many cells. Each list is in decreasing key order.
    var starts: [Int32] = []
    var entries: [Entry] = []
    var wide: [Entry] = []
    /// The tree's shape version it was built for (0: never built).
    var version: UInt64 = 0

    /// The cell holding (`x`, `y`), a point inside the rectangle the grid was built over.
    @inline(__always) func cell(_ x: Double, _ y: Double) -> Int {
        column(x) + row(y) * columns
    }

    /// The column holding `x`, clamped to the grid.
    @inline(__always) func column(_ x: Double) -> Int {
        Swift.min(Swift.max(Int((x - originX) * scaleX), 0), columns - 1)
    }

    /// The row holding `y`, clamped to the grid.
    @inline(__always) func row(_ y: Double) -> Int {
        Swift.min(Swift.max(Int((y - originY) * scaleY), 0), rows - 1)
    }
}

extension BoundsTree {
    /// Trees with fewer leaves are always walked.
    static let cellsMinimumLeaves = 256
    /// A leaf spanning more cells than this is listed once, in `wide`; with more such leaves
    /// than `cellsMaximumWide` (or more entries than `cellsMaximumEntriesPerLeaf` per leaf on
    /// average) the index is not built.
    static let cellsMaximumSpan = 64, cellsMaximumWide = 32, cellsMaximumEntriesPerLeaf = 16

    /// Counts a query while the index is stale; rebuilds it once the tree has stayed as it is for
    /// max(64, leaves / 2) queries (so building costs a few steps per query at most).
    mutating func noteQueryWithoutCells() {
        guard leafCount >= BoundsTree.cellsMinimumLeaves, root != BoundsTree.none else { return }
        queriesSinceChange += 1
        if queriesSinceChange >= Swift.max(64, leafCount / 2) { buildCells() }
    }

    /// Builds the index for the tree as it is, if it suits the leaves.
    mutating func buildCells() {
        queriesSinceChange = 0
        var linked: [Int32] = []
        linked.reserveCapacity(leafCount)
        for i in leaves.indices where leaves[i].parent >= BoundsTree.atRoot { linked.append(Int32(i)) }
        let r = rootRect
        let w = Double(r.maxX) - Double(r.minX), h = Double(r.maxY) - Double(r.minY)
        guard linked.count >= BoundsTree.cellsMinimumLeaves, w.isFinite, h.isFinite, w > 0, h > 0 else { return }
        // Cells as wide as the median leaf (from a sample), at most 2^20 of them.
        var sizes: [Double] = []
        let step = Swift.max(1, linked.count / 1024)
        for i in stride(from: 0, to: linked.count, by: step) {
            let lr = leaves[Int(linked[i])].rect
            sizes.append(Swift.max(lr.width, lr.height))
        }
        sizes.sort()
        let size = Swift.max(sizes[sizes.count / 2], (w * h / Double(1 << 20)).squareRoot(), w / 4096, h / 4096)
        guard size.isFinite, size > 0 else { return }
        var g = CellIndex()
        g.columns = Swift.max(1, Swift.min(Int(w / size), 4096))
        g.rows = Swift.max(1, Swift.min(Int(h / size), 4096))
        g.originX = Double(r.minX)
        g.originY = Double(r.minY)
        g.scaleX = Double(g.columns) / w
        g.scaleY = Double(g.rows) / h
        // Each leaf's listing and cell range (its rectangle grown by a margin far above the
        // rounding of `cell(_:_:)`), gathered in one pass over the leaves in memory order.
        let mx = 1e-3 * w / Double(g.columns), my = 1e-3 * h / Double(g.rows)
        var placed: [Placed] = []
        placed.reserveCapacity(linked.count)
        var counts = [Int32](repeating: 0, count: g.columns * g.rows + 1)
        var total = 0
        for leaf in linked {
            let l = leaves[Int(leaf)]
            let e = CellIndex.Entry(rect: FloatRect(outward: l.rect), key: l.info.key, leaf: leaf)
            let c0 = g.column(l.rect.min.x - mx), c1 = g.column(l.rect.max.x + mx)
            let r0 = g.row(l.rect.min.y - my), r1 = g.row(l.rect.max.y + my)
            let span = (c1 - c0 + 1) * (r1 - r0 + 1)
            if span > BoundsTree.cellsMaximumSpan {
                g.wide.append(e)
                continue
            }
            total += span
            for row in r0...r1 { for col in c0...c1 { counts[row * g.columns + col] += 1 } }
            placed.append(Placed(entry: e, c0: Int32(c0), c1: Int32(c1), r0: Int32(r0), r1: Int32(r1)))
        }
        g.wide.sort { $0.key > $1.key }
        guard g.wide.count <= BoundsTree.cellsMaximumWide, total < Int(Int32.max),
              total <= BoundsTree.cellsMaximumEntriesPerLeaf * linked.count else { return }
        // Counts to starts (exclusive prefix sums), then fill each cell from its start.
        g.starts = counts
        var sum: Int32 = 0
        for c in g.starts.indices {
            let n = g.starts[c]
            g.starts[c] = sum
            sum += n
        }
        var next = g.starts
        // The old index's storage, reused: no fresh pages to fault in.
        g.entries = cells.entries
        cells = CellIndex()
        g.entries.removeAll(keepingCapacity: true)
        g.entries.append(contentsOf: repeatElement(CellIndex.Entry(rect: rootRect, key: 0, leaf: 0), count: total))
        // Placed in decreasing key order, so that every list comes out sorted.
        BoundsTree.sortByDecreasingKey(&placed)
        g.entries.withUnsafeMutableBufferPointer { out in
            for p in placed {
                for row in Int(p.r0)...Int(p.r1) {
                    for col in Int(p.c0)...Int(p.c1) {
                        let c = row * g.columns + col
                        out[Int(next[c])] = p.entry
                        next[c] += 1
                    }
                }
            }
        }
        g.version = shapeVersion
        cells = g
    }

    /// A leaf to list, and the cells it goes in.
    private struct Placed {
        var entry: CellIndex.Entry
        var c0: Int32, c1: Int32, r0: Int32, r1: Int32
    }

    /// Sorts by decreasing key, stably: a radix sort, a byte of the key per pass, as many passes
    /// as the largest key has bytes (a comparison sort of the records was half the build).
    private static func sortByDecreasingKey(_ a: inout [Placed]) {
        let largest = a.reduce(0) { Swift.max($0, $1.entry.key) }
        var other = a
        var shift: UInt32 = 0
        while shift < 32 && largest >> shift != 0 {
            var counts = [Int](repeating: 0, count: 257)
            for p in a { counts[255 - Int((p.entry.key >> shift) & 255) + 1] += 1 }
            for d in 1...256 { counts[d] += counts[d - 1] }
            for p in a {
                let d = 255 - Int((p.entry.key >> shift) & 255)
                other[counts[d]] = p
                counts[d] += 1
            }
            swap(&a, &other)
            shift += 8
        }
    }
}
