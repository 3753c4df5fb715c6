/// Building the cell index in slices: each query that walks the tree while the index is stale
/// does one bounded step of the build, so no single call pays for the whole index. A change of
/// the tree's shape or keys during the build abandons it (it starts again after the next quiet
/// stretch); queries walk the tree until the index is done.
struct CellBuild {
    /// What the next step does: zero the per-cell counts, place the leaves (count their cells
    /// and their keys' bytes), turn the counts into starts, sort the leaves by decreasing key (a
    /// byte per pass), make room for the entries, fill the cells.
    enum Phase { case idle, zero, place, sums, sort, allocate, fill }

    /// A leaf to list, and the cells it goes in.
    struct Placed {
        var entry: CellIndex.Entry
        var c0: Int32, c1: Int32, r0: Int32, r1: Int32
    }

    var phase = Phase.idle
    /// The tree's shape version the build is for.
    var version: UInt64 = 0
    var cursor = 0
    /// The index being built, and the margin added to each leaf's rectangle.
    var grid = CellIndex()
    var marginX = 0.0, marginY = 0.0
    /// Entries per cell, then where each cell's list starts; `next` is where its next entry goes.
    var counts: [Int32] = []
    var next: [Int32] = []
    /// The placed leaves and the radix sort's other buffer.
    var placed: [Placed] = []
    var other: [Placed] = []
    /// Per key byte (4 x 256), how many placed leaves have each value; the sort pass's byte.
    var histogram: [Int] = []
    var offsets: [Int] = []
    var pass = 0
    var total = 0
    var sum: Int32 = 0
}

extension BoundsTree {
    /// Leaves (or list entries) a step of the build handles: one step costs tens of microseconds.
    static let cellStepLeaves = 4096
    /// Array elements a step zeroes, sums or makes room for.
    static let cellStepElements = 32768

    /// Builds the index for the tree as it is, in one go (all the steps), if it suits the leaves.
    mutating func buildCells() {
        startCells()
        while cellBuild.phase != .idle { advanceCells() }
    }

    /// Begins building the index for the tree as it is: chooses the grid (cells as wide as the
    /// median leaf, from a sample; at most 2^20 cells and at most 4 per leaf).
    mutating func startCells() {
        queriesSinceChange = 0
        cellBuild.phase = .idle
        let r = rootRect
        let w = Double(r.maxX) - Double(r.minX), h = Double(r.maxY) - Double(r.minY)
        let linked = leafCount - pendingCount
        guard linked >= BoundsTree.cellsMinimumLeaves, w.isFinite, h.isFinite, w > 0, h > 0 else { return }
        // The sizes as keys that sort as the sizes do, for the shared key sort.
        var sizes: [UInt64] = []
        let step = Swift.max(1, leaves.count / 1024)
        for i in stride(from: 0, to: leaves.count, by: step) where leafParents[i] >= BoundsTree.atRoot {
            sizes.append(BoundsTree.sortKey(Swift.max(leaves[i].rect.width, leaves[i].rect.height)))
        }
        guard !sizes.isEmpty else { return }
        KeySort.sort(&sizes)
        let median = BoundsTree.sortKeyValue(sizes[sizes.count / 2])
        let most = Double(Swift.min(1 << 20, Swift.max(1024, 4 * linked)))
        let size = Swift.max(median, (w * h / most).squareRoot(), w / 4096, h / 4096)
        guard size.isFinite, size > 0 else { return }
        var g = CellIndex()
        g.columns = Swift.max(1, Swift.min(Int(w / size), 4096))
        g.rows = Swift.max(1, Swift.min(Int(h / size), 4096))
        g.originX = Double(r.minX)
        g.originY = Double(r.minY)
        g.scaleX = Double(g.columns) / w
        g.scaleY = Double(g.rows) / h
        cellBuild.grid = g
        // A margin far above the rounding of `cell(_:_:)`.
        cellBuild.marginX = 1e-3 * w / Double(g.columns)
        cellBuild.marginY = 1e-3 * h / Double(g.rows)
        cellBuild.version = shapeVersion
        cellBuild.counts.removeAll(keepingCapacity: true)
        cellBuild.next.removeAll(keepingCapacity: true)
        cellBuild.placed.removeAll(keepingCapacity: true)
        cellBuild.other.removeAll(keepingCapacity: true)
        cellBuild.histogram = [Int](repeating: 0, count: 4 * 256)
        // Room up front: growing these by doubling would copy them whole within one step.
        cellBuild.counts.reserveCapacity(g.columns * g.rows + 1)
        cellBuild.next.reserveCapacity(g.columns * g.rows + 1)
        cellBuild.placed.reserveCapacity(linked)
        cellBuild.other.reserveCapacity(linked)
        cellBuild.total = 0
        cellBuild.sum = 0
        cellBuild.cursor = 0
        cellBuild.phase = .zero
    }

    /// Does one bounded step of the build (nothing when none is under way); abandons a build
    /// that the tree has changed under.
    mutating func advanceCells() {
        if cellBuild.phase == .idle { return }
        if cellBuild.version != shapeVersion {
            cellBuild.phase = .idle
            return
        }
        cellSteps &+= 1
        switch cellBuild.phase {
        case .idle: return
        case .zero: zeroStep()
        case .place: placeStep()
        case .sums: sumsStep()
        case .sort: sortStep()
        case .allocate: allocateStep()
        case .fill: fillStep()
        }
    }

    private mutating func zeroStep() {
        let cells = cellBuild.grid.columns * cellBuild.grid.rows + 1
        let n = Swift.min(BoundsTree.cellStepElements, cells - cellBuild.counts.count)
        cellBuild.counts.append(contentsOf: repeatElement(0, count: n))
        cellWork = n
        if cellBuild.counts.count == cells { cellBuild.phase = .place }
    }

    private mutating func placeStep() {
        let start = cellBuild.cursor, end = Swift.min(leaves.count, start + BoundsTree.cellStepLeaves)
        let g = cellBuild.grid, mx = cellBuild.marginX, my = cellBuild.marginY
        var work = 0
        for i in start..<end where leafParents[i] >= BoundsTree.atRoot {
            let l = leaves[i]
            let e = CellIndex.Entry(rect: FloatRect(outward: l.rect), key: l.info.key, leaf: Int32(i))
            let c0 = g.column(l.rect.min.x - mx), c1 = g.column(l.rect.max.x + mx)
            let r0 = g.row(l.rect.min.y - my), r1 = g.row(l.rect.max.y + my)
            let span = (c1 - c0 + 1) * (r1 - r0 + 1)
            if span > BoundsTree.cellsMaximumSpan {
                cellBuild.grid.wide.append(e)
                continue
            }
            cellBuild.total += span
            work += span
            for row in r0...r1 { for col in c0...c1 { cellBuild.counts[row * g.columns + col] += 1 } }
            let p = CellBuild.Placed(entry: e, c0: Int32(c0), c1: Int32(c1), r0: Int32(r0), r1: Int32(r1))
            cellBuild.placed.append(p)
            cellBuild.other.append(p)
            for b in 0..<4 { cellBuild.histogram[b * 256 + 255 - Int((l.info.key >> UInt32(8 * b)) & 255)] += 1 }
        }
        cellWork = end - start + work
        cellBuild.cursor = end
        // Leaves that would not fit the index well: no index (as many wide ones as that, or too
        // many entries per leaf).
        if cellBuild.grid.wide.count > BoundsTree.cellsMaximumWide || cellBuild.total >= Int(Int32.max) {
            cellBuild.phase = .idle
            return
        }
        if end < leaves.count { return }
        guard cellBuild.total <= BoundsTree.cellsMaximumEntriesPerLeaf * (leafCount - pendingCount) else {
            cellBuild.phase = .idle
            return
        }
        // Few (at most `cellsMaximumWide`): an insertion sort, by decreasing key, keeps equal keys
        // in leaf order.
        for k in cellBuild.grid.wide.indices.dropFirst() {
            let e = cellBuild.grid.wide[k]
            var m = k
            while m > 0 && cellBuild.grid.wide[m - 1].key < e.key {
                cellBuild.grid.wide[m] = cellBuild.grid.wide[m - 1]
                m -= 1
            }
            cellBuild.grid.wide[m] = e
        }
        cellBuild.cursor = 0
        cellBuild.phase = .sums
    }

    /// `d`'s bits as a key whose unsigned order is `d`'s order (negative values below positive
    /// ones), and back.
    static func sortKey(_ d: Double) -> UInt64 {
        let b = d.bitPattern
        return b >> 63 == 1 ? ~b : b | 1 << 63
    }

    static func sortKeyValue(_ k: UInt64) -> Double {
        Double(bitPattern: k >> 63 == 1 ? k & ~(1 << 63) : ~k)
    }

    /// Counts to starts (exclusive prefix sums), and a copy as each cell's next free place.
    private mutating func sumsStep() {
        let start = cellBuild.cursor, end = Swift.min(cellBuild.counts.count, start + BoundsTree.cellStepElements)
        var sum = cellBuild.sum
        for c in start..<end {
            let n = cellBuild.counts[c]
            cellBuild.counts[c] = sum
            cellBuild.next.append(sum)
            sum += n
        }
        cellBuild.sum = sum
        cellWork = end - start
        cellBuild.cursor = end
        if end < cellBuild.counts.count { return }
        cellBuild.pass = -1
        nextSortPass()
    }

    /// Moves on to the next byte of the keys that is not the same in all of them (a stable
    /// radix sort, least significant byte first), or to the entries when none is left.
    private mutating func nextSortPass() {
        cellBuild.cursor = 0
        let n = cellBuild.placed.count
        while cellBuild.pass < 3 {
            cellBuild.pass += 1
            let base = cellBuild.pass * 256
            // A byte with one value throughout leaves the order as it is.
            if cellBuild.histogram[base..<base + 256].contains(n) { continue }
            var offsets = [Int](repeating: 0, count: 256)
            var sum = 0
            for d in 0..<256 {
                offsets[d] = sum
                sum += cellBuild.histogram[base + d]
            }
            cellBuild.offsets = offsets
            cellBuild.phase = .sort
            return
        }
        cellBuild.phase = .allocate
    }

    private mutating func sortStep() {
        let start = cellBuild.cursor, end = Swift.min(cellBuild.placed.count, start + BoundsTree.cellStepLeaves)
        let shift = UInt32(8 * cellBuild.pass)
        for i in start..<end {
            let p = cellBuild.placed[i]
            let d = 255 - Int((p.entry.key >> shift) & 255)
            cellBuild.other[cellBuild.offsets[d]] = p
            cellBuild.offsets[d] += 1
        }
        cellWork = end - start
        cellBuild.cursor = end
        if end < cellBuild.placed.count { return }
        swap(&cellBuild.placed, &cellBuild.other)
        nextSortPass()
    }

    /// Room for every entry, taken from the stale index's storage (no fresh pages to fault in).
    private mutating func allocateStep() {
        if cellBuild.cursor == 0 {
            cellBuild.grid.entries = cells.entries
            cells.entries = []
            cells.version = 0
            cellBuild.grid.entries.removeAll(keepingCapacity: true)
            cellBuild.grid.entries.reserveCapacity(cellBuild.total)
        }
        let n = Swift.min(BoundsTree.cellStepElements, cellBuild.total - cellBuild.cursor)
        cellBuild.grid.entries.append(
            contentsOf: repeatElement(CellIndex.Entry(rect: rootRect, key: 0, leaf: 0), count: n))
        cellBuild.cursor += n
        cellWork = n
        if cellBuild.cursor < cellBuild.total { return }
        cellBuild.cursor = 0
        cellBuild.phase = .fill
    }

    /// Lists each leaf in its cells, in decreasing key order, so every list comes out sorted.
    private mutating func fillStep() {
        let start = cellBuild.cursor, end = Swift.min(cellBuild.placed.count, start + BoundsTree.cellStepLeaves)
        let columns = cellBuild.grid.columns
        var work = 0
        for i in start..<end {
            let p = cellBuild.placed[i]
            for row in Int(p.r0)...Int(p.r1) {
                for col in Int(p.c0)...Int(p.c1) {
                    let c = row * columns + col
                    cellBuild.grid.entries[Int(cellBuild.next[c])] = p.entry
                    cellBuild.next[c] += 1
                    work += 1
                }
            }
        }
        cellWork = end - start + work
        cellBuild.cursor = end
        if end < cellBuild.placed.count { return }
        var g = cellBuild.grid
        cellBuild.grid = CellIndex()
        swap(&g.starts, &cellBuild.counts)
        g.version = cellBuild.version
        cells = g
        // The large scratch arrays go; the small ones stay for the next build.
        cellBuild.placed = []
        cellBuild.other = []
        cellBuild.next = []
        cellBuild.phase = .idle
    }
}
