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
    /// Leaves linked again (moved out of their rectangle) or newly linked since the index was
    /// built: their entries, if any, are stale, so a query tests these leaves as the tree holds
    /// them and skips their entries. At most `BoundsTree.cellsMaximumMoved`; past that the index
    /// goes stale.
    var moved: [Int32] = []
    /// The tree's shape version it is valid for (0: never built): the version it was built for,
    /// or the version after the last change it follows through `moved`.
    var version: UInt64 = 0

    /// The cell holding (`x`, `y`), a point inside the rectangle the grid was built over.
    @inline(__always) func cell(_ x: Double, _ y: Double) -> Int {
        column(x) + row(y) * columns
    }

    /// The column holding `x`, clamped to the grid.
    @inline(__always) func column(_ x: Double) -> Int {
        CellIndex.clamped((x - originX) * scaleX, columns)
    }

    /// The row holding `y`, clamped to the grid.
    @inline(__always) func row(_ y: Double) -> Int {
        CellIndex.clamped((y - originY) * scaleY, rows)
    }

    /// `v` truncated into 0 ..< count (NaN: 0), clamped before it becomes an integer so that a
    /// point far outside the grid converts on a 32-bit target too.
    @inline(__always) static func clamped(_ v: Double, _ count: Int) -> Int {
        let last = Double(count - 1)
        return v > 0 ? (v < last ? Int(v) : count - 1) : 0
    }
}

extension BoundsTree {
    /// Trees with fewer leaves are always walked.
    static let cellsMinimumLeaves = 256
    /// A leaf spanning more cells than this is listed once, in `wide`; with more such leaves
    /// than `cellsMaximumWide` (or more entries than `cellsMaximumEntriesPerLeaf` per leaf on
    /// average) the index is not built.
    static let cellsMaximumSpan = 64, cellsMaximumWide = 32, cellsMaximumEntriesPerLeaf = 16
    /// Leaves the index follows in its `moved` list at most.
    static let cellsMaximumMoved = 16

    /// After leaf `leaf` was linked again (moved out of its rectangle) or newly linked, the tree's
    /// version having been `validBefore` and the quiet-stretch count `quiet`: the index, and the
    /// one being built, stay valid by listing the leaf as moved while their lists have room; and
    /// while few leaves have moved since the build started, the stretch stays quiet (one box
    /// dragged about does not keep the index from being built).
    mutating func noteLinked(_ leaf: Int32, validBefore: UInt64, quiet: Int) {
        if cells.version == validBefore && validBefore != 0 && BoundsTree.listMoved(leaf, in: &cells.moved) {
            cells.version = shapeVersion
        }
        // Idle, the building index's list counts the leaves moved since the last build started.
        guard BoundsTree.listMoved(leaf, in: &cellBuild.grid.moved) else { return }
        if cellBuild.phase != .idle && cellBuild.version == validBefore { cellBuild.version = shapeVersion }
        queriesSinceChange = quiet
    }

    /// Adds `leaf` to a list of moved leaves unless it is there; false when the list is full.
    private static func listMoved(_ leaf: Int32, in moved: inout [Int32]) -> Bool {
        if moved.contains(leaf) { return true }
        guard moved.count < BoundsTree.cellsMaximumMoved else { return false }
        moved.append(leaf)
        return true
    }

    /// Counts a query while the index is stale; once the tree has stayed as it is for
    /// max(64, leaves / 2) queries, starts building the index, and from then on does a step of
    /// the build per query (so building costs a few steps per query at most, and no query more
    /// than one step).
    mutating func noteQueryWithoutCells() {
        cellWork = 0
        guard leafCount >= BoundsTree.cellsMinimumLeaves, root != BoundsTree.none, pendingCount == 0 else { return }
        if cellBuild.phase != .idle {
            if cellBuild.version == shapeVersion {
                advanceCells()
                return
            }
            cellBuild.phase = .idle  // the tree changed under it
        }
        queriesSinceChange += 1
        if queriesSinceChange >= Swift.max(64, leafCount / 2) {
            startCells()
            advanceCells()
        }
    }
}
