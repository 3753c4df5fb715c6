/// A dynamic bounding-volume tree over boxes' world bounds: sub-linear point queries, and
/// incremental updates as boxes move. Each leaf holds a box's `HitShape`, so a query answers
/// exact containment without reading the box, and a "fat" rectangle (the tight bounds grown by
/// a margin), so a box that moves a little does not touch the tree at all.
///
/// Laid out for queries: a node holds its two children's rectangles (single precision, rounded
/// outward) and the largest draw key under each, so testing both children reads one node, and
/// what only maintenance needs lives in separate arrays. A child reference is a node index
/// (>= 0) or a leaf index `l` as `~l` (< 0). The query is in BoundsTreeQuery.swift, linking and
/// balancing in BoundsTreeLinking.swift, the bulk build in BoundsTreeRebuild.swift, and the
/// cell index that answers queries without a walk while the tree is unchanged in
/// BoundsTreeCells.swift.
struct BoundsTree {
    /// An internal node as a query reads it. 48 bytes.
    struct Node {
        var rect1: FloatRect
        var rect2: FloatRect
        var child1: Int32
        var child2: Int32
        /// The largest draw key (`HitInfo.key`) under each child.
        var key1: UInt32
        var key2: UInt32
    }

    /// What only maintenance reads of a node: its parent (-1 at the root) and its height
    /// (1 + the taller child's; leaves have height 0).
    struct Links {
        var parent: Int32
        var height: Int32
    }

    /// What only maintenance and ordering read of a leaf: its rectangle (fat once linked one by
    /// one, tight when added in bulk) and which box it holds. (Its parent node is in `leafParents`.)
    struct Leaf {
        var rect: Rect
        var info: HitInfo
    }

    /// A leaf waiting to be linked, with its rectangle (rounded outward) for queries to test.
    struct Pending {
        var rect: FloatRect
        var leaf: Int32
    }

    /// A leaf found by a query, with its draw key.
    struct Found {
        var leaf: Int32
        var key: UInt32
    }

    /// The root reference of an empty tree.
    static let none = Int32.min
    /// The parent (`leafParents`) of a leaf at the root, of one added with `deferred` and not
    /// linked yet, and of a free leaf.
    static let atRoot: Int32 = -1, unlinked: Int32 = -2, unused: Int32 = -3

    /// In pages that never move: adding a node or a leaf never copies the ones there (a
    /// contiguous array copies all of them each time it doubles, milliseconds at 100,000 boxes).
    var nodes = PagedArray<Node>()
    var links = PagedArray<Links>()
    var shapes = PagedArray<HitShape>()
    var leaves = PagedArray<Leaf>()
    /// Each leaf's parent node (or `atRoot`, `unlinked`, `unused`), by leaf index: an array of
    /// its own, so that a bulk build hands over every leaf's new parent by swapping arrays.
    var leafParents = PagedArray<Int32>()
    var freeNodes: [Int32] = []
    var freeLeaves: [Int32] = []
    /// A node, a leaf (`~leaf`) or `none`; the rectangle bounding everything and the largest key.
    var root = BoundsTree.none
    var rootRect = FloatRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
    var rootKey: UInt32 = 0
    /// Live leaves, of which `pendingCount` were added with `deferred` and are not linked yet.
    private(set) var leafCount = 0
    var pendingCount = 0
    /// What the last query found (the first `foundCount`), and its traversal stack: both reused,
    /// so a query allocates nothing once they have grown.
    var found: [Found] = []
    var foundCount = 0
    var stack: [UInt64] = []
    /// Bumped whenever nodes or keys change; the cell index is valid while its version matches,
    /// and is rebuilt after enough queries without a change.
    var shapeVersion: UInt64 = 1
    var cells = CellIndex()
    var queriesSinceChange = 0
    /// The cell index under construction (BoundsTreeCellBuild.swift), and for tests: the work
    /// (leaves and array elements handled) of the last query's build step, and steps done.
    var cellBuild = CellBuild()
    var cellWork = 0
    var cellSteps = 0
    /// The leaves added with `deferred` (queries test them one by one, reading this list only
    /// until a rectangle holds the point), each one's place in that list by leaf index, and the
    /// build that links them (BoundsTreeSlicedBuild.swift) with, for tests, the work of its last
    /// step and its steps done.
    var pendingLeaves = PagedArray<Pending>()
    var pendingAt: [Int32] = []
    var build = TreeBuild()
    var buildWork = 0
    var buildSteps = 0

    /// The fat rectangle stored for a tight one.
    static func fatten(_ r: Rect) -> Rect {
        let m = 0.1 * Swift.max(r.width, r.height) + 1
        return Rect(min: Vec2(r.min.x - m, r.min.y - m), max: Vec2(r.max.x + m, r.max.y + m))
    }

    /// Adds a leaf with tight bounds `r`, shape `shape` and box `info`; returns it. With
    /// `deferred` the leaf is not linked into the tree: call `rebuild()` before the next query.
    @_optimize(speed) mutating func insert(
        _ r: Rect, _ shape: HitShape, _ info: HitInfo, deferred: Bool = false
    ) -> Int32 {
        // Boxes arriving in bulk are usually at rest: they keep tight bounds (fewer overlaps to
        // search) and get a fat margin the first time they move out of them.
        let leaf = Leaf(rect: deferred ? r : BoundsTree.fatten(r), info: info)
        let parent = deferred ? BoundsTree.unlinked : BoundsTree.atRoot
        let l: Int32
        if let f = freeLeaves.popLast() {
            l = f
            shapes[Int(l)] = shape
            leaves[Int(l)] = leaf
            leafParents[Int(l)] = parent
        } else {
            l = Int32(shapes.count)
            shapes.append(shape)
            leaves.append(leaf)
            leafParents.append(parent)
        }
        leafCount += 1
        if deferred {
            // A build under way leaves it waiting, and its commit finds it here.
            if build.phase != .idle { build.added.append(l) }
            pendingCount += 1
            while pendingAt.count <= Int(l) { pendingAt.append(-1) }
            pendingAt[Int(l)] = Int32(pendingLeaves.count)
            pendingLeaves.append(Pending(rect: FloatRect(outward: r), leaf: l))
        } else {
            let before = shapeVersion, quiet = queriesSinceChange
            link(l)
            noteLinked(l, validBefore: before, quiet: quiet)
        }
        return l
    }

    /// Removes a leaf.
    mutating func remove(_ leaf: Int32) {
        if leafParents[Int(leaf)] == BoundsTree.unlinked {
            pendingCount -= 1
            let at = Int(pendingAt[Int(leaf)])
            let last = pendingLeaves.removeLast()
            if at < pendingLeaves.count {
                pendingLeaves[at] = last
                pendingAt[Int(last.leaf)] = Int32(at)
            }
            shapeVersion &+= 1
        } else {
            unlink(leaf)
        }
        leafParents[Int(leaf)] = BoundsTree.unused
        freeLeaves.append(leaf)
        leafCount -= 1
    }

    /// Updates a leaf for new tight bounds `r`, shape `shape` and box `info`; moves it in the
    /// tree only when `r` leaves the fat rectangle.
    mutating func update(_ leaf: Int32, _ r: Rect, _ shape: HitShape, _ info: HitInfo) {
        shapes[Int(leaf)] = shape
        let old = leaves[Int(leaf)]
        leaves[Int(leaf)].info = info
        if leafParents[Int(leaf)] == BoundsTree.unlinked {
            // A build under way may have read the old rectangle: it links this leaf again.
            leaves[Int(leaf)].rect = r
            pendingLeaves[Int(pendingAt[Int(leaf)])].rect = FloatRect(outward: r)
            if build.phase != .idle { build.touched.append(leaf) }
            return
        }
        let fat = old.rect
        if fat.min.x <= r.min.x && fat.min.y <= r.min.y && fat.max.x >= r.max.x && fat.max.y >= r.max.y {
            if info.key != old.info.key { rekey(~leaf, info.key) }
            return
        }
        let before = shapeVersion, quiet = queriesSinceChange
        unlink(leaf)
        leaves[Int(leaf)].rect = BoundsTree.fatten(r)
        link(leaf)
        noteLinked(leaf, validBefore: before, quiet: quiet)
    }

    // MARK: references
    // (Inlined: called on `self` in place, a call would copy the whole tree struct each time.)

    /// The parent node of a child reference (-1 at the root).
    @inline(__always) func parent(of ref: Int32) -> Int32 {
        ref >= 0 ? links[Int(ref)].parent : leafParents[Int(~ref)]
    }

    @inline(__always) mutating func setParent(of ref: Int32, _ p: Int32) {
        if ref >= 0 { links[Int(ref)].parent = p } else { leafParents[Int(~ref)] = p }
    }

    @inline(__always) func height(of ref: Int32) -> Int32 { ref >= 0 ? links[Int(ref)].height : 0 }

    /// The key stored for `ref`: in its parent, or as the root's.
    @inline(__always) func key(of ref: Int32) -> UInt32 {
        let p = parent(of: ref)
        if p < 0 { return rootKey }
        return nodes[Int(p)].child1 == ref ? nodes[Int(p)].key1 : nodes[Int(p)].key2
    }

    /// Stores the rectangle and key of `ref` where they are kept: in its parent, or as the root's.
    @inline(__always) mutating func setEntry(of ref: Int32, _ r: FloatRect, _ key: UInt32) {
        let p = parent(of: ref)
        if p < 0 {
            rootRect = r
            rootKey = key
        } else if nodes[Int(p)].child1 == ref {
            nodes[Int(p)].rect1 = r
            nodes[Int(p)].key1 = key
        } else {
            nodes[Int(p)].rect2 = r
            nodes[Int(p)].key2 = key
        }
    }

    /// In node `p`, puts child `new` with rectangle `r` and key `key` where `old` was.
    @inline(__always) mutating func replaceChild(
        of p: Int32, _ old: Int32, with new: Int32, _ r: FloatRect, _ key: UInt32
    ) {
        if nodes[Int(p)].child1 == old {
            nodes[Int(p)].child1 = new; nodes[Int(p)].rect1 = r; nodes[Int(p)].key1 = key
        } else {
            nodes[Int(p)].child2 = new; nodes[Int(p)].rect2 = r; nodes[Int(p)].key2 = key
        }
    }

    /// Gives `ref` a new key and brings its ancestors' keys up to date.
    private mutating func rekey(_ ref: Int32, _ newKey: UInt32) {
        // The cell index lists keys.
        shapeVersion &+= 1
        let p = parent(of: ref)
        if p < 0 { rootKey = newKey; return }
        if nodes[Int(p)].child1 == ref { nodes[Int(p)].key1 = newKey } else { nodes[Int(p)].key2 = newKey }
        var x = p
        while x >= 0 {
            let k = Swift.max(nodes[Int(x)].key1, nodes[Int(x)].key2)
            if key(of: x) == k { return }
            let up = links[Int(x)].parent
            if up < 0 {
                rootKey = k
            } else if nodes[Int(up)].child1 == x {
                nodes[Int(up)].key1 = k
            } else {
                nodes[Int(up)].key2 = k
            }
            x = up
        }
    }

    /// Height of the tree (for tests and benchmarks).
    var height: Int { root == BoundsTree.none ? 0 : Int(height(of: root)) }

    /// Checks links, heights, rectangles and keys (for tests); nil when consistent.
    func validate() -> String? {
        var linked = 0
        if root != BoundsTree.none {
            if parent(of: root) != -1 { return "the root has a parent" }
            var todo: [(Int32, FloatRect, UInt32)] = [(root, rootRect, rootKey)]
            while let (ref, bound, key) = todo.popLast() {
                if ref < 0 {
                    linked += 1
                    let leaf = leaves[Int(~ref)]
                    if !bound.contains(FloatRect(outward: leaf.rect)) { return "leaf \(~ref) outside its rectangle" }
                    if key != leaf.info.key { return "leaf \(~ref) has the wrong key" }
                    continue
                }
                let n = nodes[Int(ref)]
                if !bound.contains(FloatRect.union(n.rect1, n.rect2)) { return "node \(ref) outside its rectangle" }
                if key != Swift.max(n.key1, n.key2) { return "node \(ref) has the wrong key" }
                for (c, r, k) in [(n.child1, n.rect1, n.key1), (n.child2, n.rect2, n.key2)] {
                    if parent(of: c) != ref { return "child \(c) of \(ref) has the wrong parent" }
                    todo.append((c, r, k))
                }
                if height(of: ref) != 1 + Swift.max(height(of: n.child1), height(of: n.child2)) {
                    return "node \(ref) has the wrong height"
                }
            }
        }
        var live = 0
        if leafParents.count != leaves.count { return "\(leafParents.count) leaf parents for \(leaves.count) leaves" }
        for i in leaves.indices where leafParents[i] != BoundsTree.unused { live += 1 }
        if live != leafCount { return "\(live) live leaves, expected \(leafCount)" }
        if pendingLeaves.count != pendingCount {
            return "\(pendingLeaves.count) leaves listed as pending, expected \(pendingCount)"
        }
        for i in pendingLeaves.indices {
            let e = pendingLeaves[i], l = Int(e.leaf)
            if leafParents[l] != BoundsTree.unlinked || pendingAt[l] != Int32(i) {
                return "pending leaf \(l) is not listed right"
            }
            if !e.rect.contains(FloatRect(outward: leaves[l].rect)) { return "pending leaf \(l) has a stale rectangle" }
        }
        if linked != leafCount - pendingCount { return "\(linked) leaves linked, expected \(leafCount - pendingCount)" }
        return nil
    }
}
