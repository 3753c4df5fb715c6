/// Linking many new leaves without a long call: leaves added with `deferred` wait in
/// `pendingLeaves` (queries test each of them directly), and the whole tree is rebuilt beside
/// the one in use, a bounded step per query: the leaves sorted along a Z-order curve of their
/// centres, then paired level by level from the bottom. A change of the tree in use or a
/// removed leaf abandons the build (the next query starts it again); leaves added meanwhile
/// wait for the next build, and waiting leaves moved meanwhile are linked again after it. The
/// last step swaps the new nodes and the leaves' new parents in (keeping the leaves' indices):
/// its work is only the leaves added or moved during the build.
struct TreeBuild {
    enum Phase { case idle, gather, codes, sort, bottom, pair }

    var phase = Phase.idle
    var version: UInt64 = 0
    var cursor = 0
    /// Items the phase's next slice handles at most.
    var slice = 0
    /// The leaves' centres' bounds, then each live leaf as its Z-order code << 32 | leaf index.
    var low = Vec2(0, 0), high = Vec2(0, 0)
    var items: [UInt64] = []
    var other: [UInt64] = []
    var histogram: [Int] = []
    var offsets: [Int] = []
    var pass = 0
    /// The level being paired (references, rectangles, keys) and the one above it.
    var refs: [Int32] = [], rects: [FloatRect] = [], keys: [UInt32] = []
    var upRefs: [Int32] = [], upRects: [FloatRect] = [], upKeys: [UInt32] = []
    var nodes = PagedArray<BoundsTree.Node>()
    var links = PagedArray<BoundsTree.Links>()
    /// Each leaf's parent in the new tree (-1: at the root; `unused` for leaves not in it), by
    /// leaf index; waiting leaves whose rectangle changed during the build, and leaves added to
    /// wait during it.
    var parents = PagedArray<Int32>()
    var touched: [Int32] = []
    var added: [Int32] = []
}

extension BoundsTree {
    /// Items a step of the tree build handles.
    static let buildStepItems = 4096

    /// Does one step of linking the pending leaves (nothing when none wait): phases in turn until
    /// about `items` items are handled (each phase's slice is at most what is left of them, and
    /// at least 64; pairing reads twice its slice). `buildWork` is what it handled.
    mutating func advanceBuild(items: Int = BoundsTree.buildStepItems) {
        buildWork = 0
        if pendingCount == 0 { build.phase = .idle; return }
        if build.phase == .idle || build.version != shapeVersion { startBuild() }
        buildSteps &+= 1
        while buildWork < items && build.phase != .idle {
            build.slice = Swift.max(64, items - buildWork)
            switch build.phase {
            case .idle: return
            case .gather: buildWork += gatherStep()
            case .codes: buildWork += codesStep()
            case .sort: buildWork += treeSortStep()
            case .bottom: buildWork += bottomStep()
            case .pair: buildWork += pairStep()
            }
            // A phase's bookkeeping counts as work too: no step loops for long on empty slices.
            buildWork += 64
        }
    }

    /// Links every pending leaf now, all steps at once (for tests and small trees).
    mutating func finishBuild() {
        while pendingCount > 0 { advanceBuild() }
    }

    private mutating func startBuild() {
        build.version = shapeVersion
        build.phase = .gather
        build.cursor = 0
        build.low = Vec2(Double.infinity, Double.infinity)
        build.high = Vec2(-Double.infinity, -Double.infinity)
        build.items.removeAll(keepingCapacity: true)
        build.other.removeAll(keepingCapacity: true)
        build.parents = PagedArray()
        build.touched.removeAll(keepingCapacity: true)
        build.added.removeAll(keepingCapacity: true)
        build.histogram = [Int](repeating: 0, count: 4 * 256)
        // Room up front: growing these by doubling would copy them whole within one step.
        build.items.reserveCapacity(leafCount)
        build.other.reserveCapacity(leafCount)
        build.refs.reserveCapacity(leafCount)
        build.rects.reserveCapacity(leafCount)
        build.keys.reserveCapacity(leafCount)
        build.upRefs.reserveCapacity(leafCount / 2 + 1)
        build.upRects.reserveCapacity(leafCount / 2 + 1)
        build.upKeys.reserveCapacity(leafCount / 2 + 1)
        build.nodes = PagedArray()
        build.links = PagedArray()
        build.refs.removeAll(keepingCapacity: true)
        build.rects.removeAll(keepingCapacity: true)
        build.keys.removeAll(keepingCapacity: true)
        // A build abandoned while pairing had begun the level above: its nodes are gone.
        build.upRefs.removeAll(keepingCapacity: true)
        build.upRects.removeAll(keepingCapacity: true)
        build.upKeys.removeAll(keepingCapacity: true)
    }

    /// The live leaves and the bounds of their centres.
    @discardableResult private mutating func gatherStep() -> Int {
        let start = build.cursor, end = Swift.min(leaves.count, start + build.slice)
        for i in start..<end {
            guard leafParents[i] != BoundsTree.unused else { build.parents.append(BoundsTree.unused); continue }
            build.parents.append(BoundsTree.atRoot)
            let c = leaves[i].rect.center
            build.low = Vec2(Swift.min(build.low.x, c.x), Swift.min(build.low.y, c.y))
            build.high = Vec2(Swift.max(build.high.x, c.x), Swift.max(build.high.y, c.y))
            build.items.append(UInt64(i))
            build.other.append(0)
        }
        build.cursor = end
        if end < leaves.count { return end - start }
        build.cursor = 0
        build.phase = .codes
        return end - start
    }

    /// Each leaf's Z-order code (16 bits of each axis, interleaved) and the code bytes' counts.
    @discardableResult private mutating func codesStep() -> Int {
        let start = build.cursor, end = Swift.min(build.items.count, start + build.slice)
        let sx = build.high.x > build.low.x ? 65535 / (build.high.x - build.low.x) : 0
        let sy = build.high.y > build.low.y ? 65535 / (build.high.y - build.low.y) : 0
        for i in start..<end {
            let leaf = Int(build.items[i])
            let c = leaves[leaf].rect.center
            let x = UInt32(Swift.min(Swift.max((c.x - build.low.x) * sx, 0), 65535))
            let y = UInt32(Swift.min(Swift.max((c.y - build.low.y) * sy, 0), 65535))
            let code = BoundsTree.spread(x) | BoundsTree.spread(y) << 1
            build.items[i] = UInt64(code) << 32 | UInt64(leaf)
            for b in 0..<4 { build.histogram[b * 256 + Int((code >> UInt32(8 * b)) & 255)] += 1 }
        }
        build.cursor = end
        if end < build.items.count { return end - start }
        build.pass = -1
        nextTreeSortPass()
        return end - start
    }

    /// The 16 bits of `v` spread to the even bits.
    private static func spread(_ v: UInt32) -> UInt32 {
        var x = v & 0xFFFF
        x = (x | x << 8) & 0x00FF_00FF
        x = (x | x << 4) & 0x0F0F_0F0F
        x = (x | x << 2) & 0x3333_3333
        x = (x | x << 1) & 0x5555_5555
        return x
    }

    /// The next byte of the codes that differs between leaves (radix sort, low byte first).
    private mutating func nextTreeSortPass() {
        build.cursor = 0
        let n = build.items.count
        while build.pass < 3 {
            build.pass += 1
            let base = build.pass * 256
            if build.histogram[base..<base + 256].contains(n) { continue }
            var offsets = [Int](repeating: 0, count: 256)
            var sum = 0
            for d in 0..<256 {
                offsets[d] = sum
                sum += build.histogram[base + d]
            }
            build.offsets = offsets
            build.phase = .sort
            return
        }
        build.phase = .bottom
    }

    @discardableResult private mutating func treeSortStep() -> Int {
        let start = build.cursor, end = Swift.min(build.items.count, start + build.slice)
        let shift = UInt64(32 + 8 * build.pass)
        for i in start..<end {
            let v = build.items[i]
            let d = Int((v >> shift) & 255)
            build.other[build.offsets[d]] = v
            build.offsets[d] += 1
        }
        build.cursor = end
        if end < build.items.count { return end - start }
        swap(&build.items, &build.other)
        nextTreeSortPass()
        return end - start
    }

    /// The bottom level: the leaves in curve order.
    @discardableResult private mutating func bottomStep() -> Int {
        let start = build.cursor, end = Swift.min(build.items.count, start + build.slice)
        for i in start..<end {
            let leaf = Int32(truncatingIfNeeded: build.items[i] & 0xFFFF_FFFF)
            build.refs.append(~leaf)
            build.rects.append(FloatRect(outward: leaves[Int(leaf)].rect))
            build.keys.append(leaves[Int(leaf)].info.key)
        }
        build.cursor = end
        if end < build.items.count { return end - start }
        build.cursor = 0
        build.phase = .pair
        if build.refs.count <= 1 { commitBuild() }
        return end - start
    }

    /// Pairs neighbours of the level into nodes of the level above; the last step of the top
    /// level commits.
    @discardableResult private mutating func pairStep() -> Int {
        let count = build.refs.count
        let start = build.cursor, end = Swift.min(count, start + 2 * build.slice)
        var i = start
        while i < end {
            if i + 1 == count {
                // The odd one out goes up as it is.
                build.upRefs.append(build.refs[i]); build.upRects.append(build.rects[i]);
                build.upKeys.append(build.keys[i])
                i += 1
                continue
            }
            let a = build.refs[i], b = build.refs[i + 1]
            let n = Int32(build.nodes.count)
            build.nodes.append(
                Node(
                    rect1: build.rects[i], rect2: build.rects[i + 1], child1: a, child2: b,
                    key1: build.keys[i], key2: build.keys[i + 1]))
            let ha = a >= 0 ? build.links[Int(a)].height : 0, hb = b >= 0 ? build.links[Int(b)].height : 0
            build.links.append(Links(parent: -1, height: 1 + Swift.max(ha, hb)))
            if a >= 0 { build.links[Int(a)].parent = n } else { build.parents[Int(~a)] = n }
            if b >= 0 { build.links[Int(b)].parent = n } else { build.parents[Int(~b)] = n }
            build.upRefs.append(n)
            build.upRects.append(FloatRect.union(build.rects[i], build.rects[i + 1]))
            build.upKeys.append(Swift.max(build.keys[i], build.keys[i + 1]))
            i += 2
        }
        build.cursor = end
        if end < count { return end - start }
        swap(&build.refs, &build.upRefs); swap(&build.rects, &build.upRects); swap(&build.keys, &build.upKeys)
        build.upRefs.removeAll(keepingCapacity: true)
        build.upRects.removeAll(keepingCapacity: true)
        build.upKeys.removeAll(keepingCapacity: true)
        build.cursor = 0
        if build.refs.count <= 1 { commitBuild() }
        return end - start
    }

    /// The new tree in place of the old one: every live leaf linked, no index changed.
    private mutating func commitBuild() {
        if build.refs.isEmpty {
            root = BoundsTree.none
        } else {
            root = build.refs[0]
            rootRect = build.rects[0]
            rootKey = build.keys[0]
        }
        swap(&nodes, &build.nodes)
        swap(&links, &build.links)
        // Every leaf's new parent at once, by swapping arrays; leaves added since the gather wait.
        let built = build.parents.count
        swap(&leafParents, &build.parents)
        for _ in built..<leaves.count { leafParents.append(BoundsTree.unlinked) }
        freeNodes.removeAll()
        // The leaves added during the build wait for the next one (those the gather reached are
        // in this one); the others are linked.
        pendingLeaves = PagedArray()
        for l in build.added where Int(l) >= built || leafParents[Int(l)] == BoundsTree.unused {
            leafParents[Int(l)] = BoundsTree.unlinked
            pendingAt[Int(l)] = Int32(pendingLeaves.count)
            pendingLeaves.append(Pending(rect: FloatRect(outward: leaves[Int(l)].rect), leaf: l))
        }
        pendingCount = pendingLeaves.count
        shapeVersion &+= 1
        // (The commit's work: the leaves added or moved during the build.)
        buildWork += leaves.count - built + build.added.count + build.touched.count
        // Leaves moved during the build: linked again where they are now.
        for l in build.touched where leafParents[Int(l)] >= BoundsTree.atRoot {
            unlink(l)
            link(l)
        }
        build.touched = []
        // Built in bulk, probably to be looked at for a while: the cell index next.
        queriesSinceChange = leafCount
        build.nodes = PagedArray()
        build.links = PagedArray()
        build.items = []
        build.other = []
        build.parents = PagedArray()
        build.added = []
        build.phase = .idle
    }

    /// Appends to `found` each pending leaf whose shape contains `p`.
    mutating func queryPending(_ p: Vec2) {
        // Rounding the point to single precision keeps it inside every rectangle that holds it.
        let x = Float(p.x), y = Float(p.y)
        for i in pendingLeaves.indices {
            let e = pendingLeaves.address(i)
            guard e.pointee.rect.contains(x, y) else { continue }
            let l = Int(e.pointee.leaf)
            if shapes[l].contains(p) {
                let f = Found(leaf: Int32(l), key: leaves[l].info.key)
                if foundCount < found.count { found[foundCount] = f } else { found.append(f) }
                foundCount += 1
            }
        }
    }
}
