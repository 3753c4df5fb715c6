// Internals the behaviour tests reach only indirectly: the bounds tree's invariants under
// random edits, and the shortcut cursor angles against direct measurement.
import Testing

@testable import GripCore

@Suite struct BoundsTreeTests {
    /// A box exactly covering `rect`, with draw key `key`; its shape's id carries `item`.
    struct Box {
        var item: Int32
        var rect: Rect
        var key: UInt64
        var shape: HitShape {
            HitShape(
                id: BoxID(index: item, generation: 1), world: .translation(rect.min), width: rect.width,
                height: rect.height)
        }
        var info: HitInfo { HitInfo(order: key, parent: -1, topLevelOrder: key) }
    }

    /// A tree and the boxes it should hold, by leaf.
    struct Model {
        var tree = BoundsTree()
        var boxes: [Int32: Box] = [:]
        /// Live leaves in a stable order (dictionary order is not).
        var live: [Int32] = []
        var nextItem: Int32 = 0

        mutating func insert(_ rect: Rect, key: UInt64, deferred: Bool = false) {
            let b = Box(item: nextItem, rect: rect, key: key)
            nextItem += 1
            let leaf = tree.insert(b.rect, b.shape, b.info, deferred: deferred)
            boxes[leaf] = b
            live.append(leaf)
        }

        mutating func update(_ k: Int, rect: Rect? = nil, key: UInt64? = nil) {
            let leaf = live[k]
            boxes[leaf]!.rect = rect ?? boxes[leaf]!.rect
            boxes[leaf]!.key = key ?? boxes[leaf]!.key
            tree.update(leaf, boxes[leaf]!.rect, boxes[leaf]!.shape, boxes[leaf]!.info)
        }

        mutating func remove(_ k: Int) {
            let leaf = live[k]
            tree.remove(leaf)
            boxes[leaf] = nil
            live.swapAt(k, live.count - 1)
            live.removeLast()
        }

        /// After a rebuild: finds every box again through the item in its leaf's shape.
        mutating func relink() {
            var byItem: [Int32: Box] = [:]
            for b in boxes.values { byItem[b.item] = b }
            boxes = [:]
            live = []
            for i in tree.shapes.indices {
                boxes[Int32(i)] = byItem[tree.shapes[i].id.index]!
                live.append(Int32(i))
            }
            #expect(boxes.count == byItem.count)
        }

        /// Queries at random points and at corners: every leaf found holds the point, and the
        /// one with the largest key among all that hold it is found. With all keys equal
        /// nothing can be skipped: exactly the leaves holding the point are found.
        mutating func expectQueriesMatchBruteForce(allKeysEqual: Bool, _ rng: inout SplitMix64) {
            var points = (0..<400).map { _ in Vec2(rng.double(-10, 1060), rng.double(-10, 1060)) }
            points += live.prefix(100).flatMap { l in
                let r = boxes[l]!.rect
                return [r.min, r.max, Vec2(r.min.x, r.max.y)]
            }
            for p in points {
                tree.query(containing: p)
                let found = (0..<tree.foundCount).map { tree.found[$0] }
                let holding = live.filter { boxes[$0]!.rect.contains(p) }
                for f in found {
                    #expect(holding.contains(f.leaf), "leaf \(f.leaf) found at \(p) does not hold it")
                    #expect(UInt64(f.key) == boxes[f.leaf]?.key)
                }
                #expect(Set(found.map(\.leaf)).count == found.count, "a leaf found twice at \(p)")
                if allKeysEqual {
                    #expect(Set(found.map(\.leaf)) == Set(holding), "at \(p)")
                } else if let top = holding.max(by: { boxes[$0]!.key < boxes[$1]!.key }) {
                    #expect(
                        found.contains { boxes[$0.leaf]!.key == boxes[top]!.key },
                        "the topmost leaf at \(p) was skipped")
                }
            }
        }
    }

    static func randomRect(_ rng: inout SplitMix64) -> Rect {
        Rect(x: rng.double(0, 1000), y: rng.double(0, 1000), width: rng.double(1, 50), height: rng.double(1, 50))
    }

    @Test(arguments: [false, true])
    func staysBalancedAndConsistentUnderRandomEdits(allKeysEqual: Bool) {
        var rng = SplitMix64(seed: 7)
        var m = Model()
        func key() -> UInt64 { allKeysEqual ? 5 : UInt64(1 + rng.int(100_000)) }
        for _ in 0..<2000 { m.insert(BoundsTreeTests.randomRect(&rng), key: key()) }
        #expect(m.tree.validate() == nil)
        for _ in 0..<3000 where !m.live.isEmpty {
            let k = rng.int(m.live.count)
            // Small moves mostly stay inside the fat rectangle; some jump across the world; some
            // only change the key.
            switch rng.int(4) {
            case 0: m.update(k, rect: BoundsTreeTests.randomRect(&rng))
            case 1: m.update(k, key: key())
            default:
                var r = m.boxes[m.live[k]]!.rect
                let dx = rng.double(-3, 3)
                r.min.x += dx
                r.max.x += dx
                m.update(k, rect: r)
            }
            if rng.int(5) == 0 { m.remove(k) }
        }
        #expect(m.tree.validate() == nil)
        // A balanced tree of n leaves is at most about 2 log2 n high.
        #expect(m.tree.height <= 2 * 11 + 2)
        m.expectQueriesMatchBruteForce(allKeysEqual: allKeysEqual, &rng)
        // Removed leaves are reused.
        let count = m.tree.shapes.count
        for _ in 0..<(m.live.count / 2) { m.remove(rng.int(m.live.count)) }
        for _ in 0..<200 { m.insert(BoundsTreeTests.randomRect(&rng), key: key()) }
        #expect(m.tree.shapes.count == count)
        #expect(m.tree.validate() == nil)
        m.expectQueriesMatchBruteForce(allKeysEqual: allKeysEqual, &rng)
        // Down to one leaf, and to none.
        var one = Model()
        one.insert(Rect(x: 10, y: 10, width: 5, height: 5), key: 3)
        one.expectQueriesMatchBruteForce(allKeysEqual: allKeysEqual, &rng)
        one.remove(0)
        #expect(one.tree.validate() == nil && one.tree.height == 0)
        one.expectQueriesMatchBruteForce(allKeysEqual: allKeysEqual, &rng)
    }

    @Test(arguments: [false, true])
    func rebuildLaysTheTreeOutDepthFirst(allKeysEqual: Bool) {
        var rng = SplitMix64(seed: 8)
        var m = Model()
        func key() -> UInt64 { allKeysEqual ? 5 : UInt64(1 + rng.int(100_000)) }
        // A few linked leaves, then many deferred ones, some of them updated and removed before the rebuild.
        for i in 0..<3000 { m.insert(BoundsTreeTests.randomRect(&rng), key: key(), deferred: i >= 100) }
        for _ in 0..<200 { m.update(rng.int(m.live.count), rect: BoundsTreeTests.randomRect(&rng), key: key()) }
        for _ in 0..<400 { m.remove(rng.int(m.live.count)) }
        #expect(m.tree.validate() == nil)
        m.tree.rebuild()
        m.relink()
        #expect(m.tree.validate() == nil)
        #expect(m.tree.height <= 13)
        // Depth-first: the first child node is the next node, and each subtree's nodes and
        // leaves are runs of indices. Returns the next node and leaf after the subtree.
        let tree = m.tree
        func check(_ ref: Int32, _ nextNode: Int32, _ nextLeaf: Int32) -> (Int32, Int32) {
            if ref < 0 {
                #expect(~ref == nextLeaf)
                return (nextNode, nextLeaf + 1)
            }
            #expect(ref == nextNode)
            let n = tree.nodes[Int(ref)]
            let (n1, l1) = check(n.child1, nextNode + 1, nextLeaf)
            return check(n.child2, n1, l1)
        }
        let (nodes, leaves) = check(tree.root, 0, 0)
        #expect(Int(nodes) == tree.nodes.count && Int(leaves) == tree.shapes.count)
        #expect(tree.nodes.count == m.live.count - 1)
        // Boxes added in bulk keep tight bounds; the others keep their fat ones.
        for (leaf, b) in m.boxes {
            let kept = tree.leaves[Int(leaf)].rect
            if b.item >= 100 {
                #expect(kept == b.rect)
            } else {
                #expect(
                    kept.min.x <= b.rect.min.x && kept.min.y <= b.rect.min.y && kept.max.x >= b.rect.max.x
                        && kept.max.y >= b.rect.max.y)
            }
        }
        m.expectQueriesMatchBruteForce(allKeysEqual: allKeysEqual, &rng)
        // The tree stays correct under edits after the rebuild.
        for _ in 0..<1000 { m.update(rng.int(m.live.count), rect: BoundsTreeTests.randomRect(&rng), key: key()) }
        for _ in 0..<500 { m.remove(rng.int(m.live.count)) }
        for _ in 0..<300 { m.insert(BoundsTreeTests.randomRect(&rng), key: key()) }
        #expect(m.tree.validate() == nil)
        m.expectQueriesMatchBruteForce(allKeysEqual: allKeysEqual, &rng)
    }

    @Test(arguments: [false, true])
    func cellIndexAnswersLikeTheTreeAndGoesStaleOnChanges(allKeysEqual: Bool) {
        var rng = SplitMix64(seed: 10)
        var m = Model()
        func key() -> UInt64 { allKeysEqual ? 5 : UInt64(1 + rng.int(1000)) }
        // Dense: most points are in several boxes; a few boxes span many cells.
        for _ in 0..<3000 {
            m.insert(
                Rect(
                    x: rng.double(0, 950), y: rng.double(0, 950), width: rng.double(20, 60), height: rng.double(20, 60)),
                key: key(), deferred: true)
        }
        for _ in 0..<5 {
            m.insert(
                Rect(x: rng.double(0, 300), y: rng.double(0, 300), width: 600, height: 500), key: key(), deferred: true)
        }
        m.tree.rebuild()
        m.relink()
        // Built with the tree: the big boxes in the list every query reads.
        let cells = m.tree.cells
        #expect(cells.version == m.tree.shapeVersion)
        #expect(cells.columns * cells.rows >= 100 && cells.wide.count == 5)
        #expect(zip(cells.wide, cells.wide.dropFirst()).allSatisfy { $0.key >= $1.key })
        #expect(cells.entries.count >= 3000 && cells.entries.count <= 16 * 3000)
        m.expectQueriesMatchBruteForce(allKeysEqual: allKeysEqual, &rng)
        // Points on cell boundaries.
        for i in 0...cells.columns {
            let p = Vec2(
                cells.originX + Double(i) / cells.scaleX, cells.originY + Double(i % (cells.rows + 1)) / cells.scaleY)
            m.tree.query(containing: p)
            let found = Set((0..<m.tree.foundCount).map { m.tree.found[$0].leaf })
            let holding = m.live.filter { m.boxes[$0]!.rect.contains(p) }
            if allKeysEqual {
                #expect(found == Set(holding), "at \(p)")
            } else if let top = holding.max(by: { m.boxes[$0]!.key < m.boxes[$1]!.key }) {
                #expect(found.contains { m.boxes[$0]!.key == m.boxes[top]!.key }, "at \(p)")
            }
        }
        // A box moving far is followed: the index stays in use, listing the box as moved, and
        // queries stay right.
        m.update(0, rect: Rect(x: 1500, y: 20, width: 30, height: 30))
        #expect(m.tree.cells.version == m.tree.shapeVersion && m.tree.cells.moved == [m.live[0]])
        m.expectQueriesMatchBruteForce(allKeysEqual: allKeysEqual, &rng)
        // More boxes moving far than the index follows, or (with distinct keys) a key changing,
        // make it stale; queries stay right (through the tree), and enough of them rebuild it.
        for change in 0..<2 {
            if change == 0 || allKeysEqual {
                for k in 0...BoundsTree.cellsMaximumMoved {
                    m.update(k + 100 * change, rect: Rect(x: 1500, y: 20 + 50 * Double(k), width: 30, height: 30))
                }
            } else {
                m.update(1, key: m.boxes[m.live[1]]!.key + 1)
            }
            #expect(m.tree.cells.version != m.tree.shapeVersion)
            m.expectQueriesMatchBruteForce(allKeysEqual: allKeysEqual, &rng)
            for _ in 0..<2000 { m.tree.query(containing: Vec2(rng.double(0, 1000), rng.double(0, 1000))) }
            #expect(m.tree.cells.version == m.tree.shapeVersion)
            m.expectQueriesMatchBruteForce(allKeysEqual: allKeysEqual, &rng)
        }
        #expect(m.tree.validate() == nil)
    }

    /// A build abandoned halfway through pairing a level (a leaf removed) starts again from
    /// nothing: the level above it it had begun is not carried into the new build (its node
    /// references were the old build's, and the new one trapped on them).
    @Test func aBuildAbandonedWhilePairingStartsAgainClean() {
        var rng = SplitMix64(seed: 41)
        var m = Model()
        for i in 0..<5000 {
            let x = rng.double(0, 1000), y = rng.double(0, 1000)
            m.insert(Rect(min: Vec2(x, y), max: Vec2(x + 5, y + 5)), key: UInt64(i), deferred: true)
        }
        // Small steps until the pairing of the bottom level is under way.
        var steps = 0
        while !(m.tree.build.phase == .pair && !m.tree.build.upRefs.isEmpty) && steps < 10000 {
            m.tree.advanceBuild(items: 64)
            steps += 1
        }
        #expect(m.tree.build.phase == .pair && !m.tree.build.upRefs.isEmpty)
        m.remove(17)
        m.tree.finishBuild()
        #expect(m.tree.pendingCount == 0)
        #expect(m.tree.validate() == nil)
        m.expectQueriesMatchBruteForce(allKeysEqual: false, &rng)
    }

    @Test func cellIndexIsNotBuiltForLeavesThatWouldNotFitIt() {
        var rng = SplitMix64(seed: 12)
        var m = Model()
        // Many boxes spanning most of the world among small ones: the tree alone answers.
        for _ in 0..<100 {
            m.insert(
                Rect(x: rng.double(0, 100), y: rng.double(0, 100), width: 900, height: 900),
                key: UInt64(1 + rng.int(50)), deferred: true)
        }
        for _ in 0..<500 { m.insert(BoundsTreeTests.randomRect(&rng), key: UInt64(1 + rng.int(50)), deferred: true) }
        m.tree.rebuild()
        m.relink()
        #expect(m.tree.cells.version != m.tree.shapeVersion)
        m.expectQueriesMatchBruteForce(allKeysEqual: false, &rng)
    }

    @Test func sizeKeysSortAsTheSizes() {
        let values = [-Double.infinity, -1e300, -3.5, -1e-310, 0, 1e-310, 2, 2.5, 1e300, .infinity]
        let keys = values.map(BoundsTree.sortKey)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
        #expect(keys.map(BoundsTree.sortKeyValue) == values)
        #expect(BoundsTree.sortKey(-0.0) < BoundsTree.sortKey(0.0))
    }

    @Test func floatRectanglesRoundOutward() {
        var rng = SplitMix64(seed: 9)
        for _ in 0..<10_000 {
            let scales = [1e-30, 1e-5, 1, 3.7, 1e3, 4321.5, 1e7, 1e20, 1e38, 1e39, 1e100]
            let a = rng.double(-1, 1) * scales[rng.int(scales.count)]
            let b = a + rng.unit() * scales[rng.int(scales.count)]
            let r = Rect(min: Vec2(a, a), max: Vec2(b, b))
            let f = FloatRect(outward: r)
            #expect(Double(f.minX) <= a && Double(f.maxX) >= b && Double(f.minY) <= a && Double(f.maxY) >= b)
            // The rounded point of any point inside is inside.
            let p = a + (b - a) * rng.unit()
            #expect(f.contains(Float(p), Float(p)) || !(p >= a && p <= b))
        }
        let huge = FloatRect(outward: Rect(min: Vec2(-1e300, -1e300), max: Vec2(1e300, 1e300)))
        #expect(huge.contains(Float(1e200), Float(-1e200)))
    }
}

@Suite struct CursorDirectionTests {
    @Test func shortcutMatchesMeasuredAngles() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<500 {
            let rotation = rng.double(-7, 7), s = rng.double(0.1, 5)
            let mirrored = rng.bool()
            var m = Affine.rotation(rotation) * Affine.scale(s, mirrored ? -s : s)
            m.tx = rng.double(-100, 100)
            let w = rng.double(10, 300), h = rng.double(10, 300)
            let c = CursorDirections(frameToScreen: m, width: w, height: h)
            for v in [
                Vec2(w / 2, h / 2), Vec2(-w / 2, h / 2), Vec2(w / 2, -h / 2), Vec2(-w / 2, -h / 2),
                Vec2(w / 2, 0), Vec2(-w / 2, 0), Vec2(0, h / 2), Vec2(0, -h / 2 - 24)
            ] {
                let d = Angle.wrap(c.angle(frameVector: v) - c.measured(v))
                #expect(abs(d) < 1e-12, "rotation \(rotation) mirrored \(mirrored) vector \(v)")
            }
        }
    }

    @Test func shearedViewsAreMeasured() {
        let m = Affine(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0)
        let c = CursorDirections(frameToScreen: m, width: 100, height: 50)
        let v = Vec2(50, 25)
        #expect(c.angle(frameVector: v) == c.measured(v))
        #expect(abs(c.measured(v) - refAtan2(25, 62.5)) < 1e-15)
    }
}
