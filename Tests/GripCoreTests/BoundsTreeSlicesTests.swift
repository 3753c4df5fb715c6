// The bounds tree's work is spread over calls: boxes created in numbers join the tree a batch at
// a time, and the cell index is built a bounded step per query, with hit tests answering as a
// brute-force reference does throughout.
import Testing

@testable import GripCore

@Suite struct BoundsTreeSlicesTests {
    /// `n` random boxes (a fifth of them nested) in a 1000 x 1000 world; no box waits long for
    /// its bounds.
    static func crowd(_ e: Engine, _ rng: inout SplitMix64, _ n: Int) throws {
        for _ in 0..<n {
            _ = try e.createBox(HitTestReferenceTests.randomDesc(e, &rng, nested: rng.int(5) == 0))
            // No box waits long for the tree: the next query links at most a batch.
            #expect(e.scene.boundsDirtySlots.count < Scene.boundsBatch)
        }
    }

    @Test func newBoxesAreLinkedInBoundedSteps() throws {
        var rng = SplitMix64(seed: 7)
        let e = try Engine()
        try BoundsTreeSlicesTests.crowd(e, &rng, 10000)
        // Waiting to be linked, listed for the queries to test one by one.
        #expect(e.scene.tree.pendingCount >= 10000 - Scene.boundsBatch)
        #expect(e.scene.tree.validate() == nil)
        let boxes = try HitTestReferenceTests.snapshot(e)
        var queries = 0, largest = 0, checked = 0
        let steps0 = e.scene.tree.buildSteps
        while queries < 100 || e.scene.tree.pendingCount > 0 {
            #expect(queries < 1000)
            if queries >= 1000 { break }
            let b = boxes[rng.int(boxes.count)]
            let p =
                queries % 2 == 0
                ? b.inverse.inv.apply(Vec2(rng.double(0, b.w), rng.double(0, b.h)))
                : Vec2(rng.double(-50, 1050), rng.double(-50, 1050))
            let hit = try e.hitTest(world: p)
            queries += 1
            largest = Swift.max(largest, e.scene.tree.buildWork)
            if let expected = HitTestReferenceTests.reference(boxes, p) {
                #expect(hit.box == (expected ?? .none), "query \(queries) at \(p)")
                checked += 1
            }
        }
        // Many steps, each bounded: a step takes slices until it has handled buildStepItems items
        // (a phase's bookkeeping counted as 64), and a slice is at most twice that (pairing).
        #expect(e.scene.tree.pendingCount == 0)
        #expect(e.scene.tree.buildSteps - steps0 >= 10000 * 5 / BoundsTree.buildStepItems)
        #expect(largest > 0 && largest <= 3 * BoundsTree.buildStepItems + 6 * 64)
        #expect(checked > queries * 9 / 10)
        #expect(e.scene.tree.validate() == nil)
        #expect(e.scene.tree.height <= 15)
    }

    @Test func cellIndexIsBuiltInBoundedSteps() throws {
        var rng = SplitMix64(seed: 11)
        let e = try Engine()
        try BoundsTreeSlicesTests.crowd(e, &rng, 6000)
        e.scene.refreshBounds()
        e.scene.tree.finishBuild()
        // Not built at once: the first query starts it.
        #expect(e.scene.tree.cells.version != e.scene.tree.shapeVersion)
        let boxes = try HitTestReferenceTests.snapshot(e)
        var queries = 0, largest = 0, checked = 0
        let steps0 = e.scene.tree.cellSteps
        // Queries until the index is current: every answer right, every step bounded.
        while e.scene.tree.cells.version != e.scene.tree.shapeVersion && queries < 20000 {
            let b = boxes[rng.int(boxes.count)]
            let p =
                queries % 2 == 0
                ? b.inverse.inv.apply(Vec2(rng.double(0, b.w), rng.double(0, b.h)))
                : Vec2(rng.double(-50, 1050), rng.double(-50, 1050))
            let hit = try e.hitTest(world: p)
            queries += 1
            largest = Swift.max(largest, e.scene.tree.cellWork)
            if let expected = HitTestReferenceTests.reference(boxes, p) {
                #expect(hit.box == (expected ?? .none), "query \(queries) at \(p)")
                checked += 1
            }
        }
        let steps = e.scene.tree.cellSteps - steps0
        #expect(e.scene.tree.cells.version == e.scene.tree.shapeVersion)
        // Started right after the tree was built in bulk, then one step per query, each step at
        // most a slice of the leaves (with their cells) or of an array.
        #expect(steps >= 6000 / BoundsTree.cellStepLeaves + 4)
        #expect(largest > 0 && largest <= BoundsTree.cellStepElements)
        #expect(checked > queries * 9 / 10)
        // With the index, the same answers, and no more steps.
        let done = e.scene.tree.cellSteps
        for _ in 0..<500 {
            let p = Vec2(rng.double(-50, 1050), rng.double(-50, 1050))
            guard let expected = HitTestReferenceTests.reference(boxes, p) else { continue }
            #expect(try e.hitTest(world: p).box == (expected ?? .none))
        }
        #expect(e.scene.tree.cellSteps == done)
    }

    /// Moves box `id` so its centre is at `c`.
    static func move(_ e: Engine, _ id: BoxID, to c: Vec2) throws {
        var d = try e.describe(id)
        d.geometry.center = c
        try e.configure(id, d)
    }

    /// Hit tests at `n` random points, each checked against the brute-force reference.
    static func checkQueries(_ e: Engine, _ rng: inout SplitMix64, _ n: Int) throws {
        let boxes = try HitTestReferenceTests.snapshot(e)
        for _ in 0..<n {
            let p = Vec2(rng.double(-50, 2050), rng.double(-50, 2050))
            guard let expected = HitTestReferenceTests.reference(boxes, p) else { continue }
            #expect(try e.hitTest(world: p).box == (expected ?? .none), "at \(p)")
        }
    }

    @Test func aMovedBoxIsFollowedAndARemovalAbandonsTheBuild() throws {
        var rng = SplitMix64(seed: 5)
        let e = try Engine()
        try BoundsTreeSlicesTests.crowd(e, &rng, 1000)
        e.scene.refreshBounds()
        e.scene.tree.finishBuild()
        e.scene.tree.queriesSinceChange = 0
        // Quiet queries until the build is under way.
        var n = 0
        while e.scene.tree.cellBuild.phase == .idle && n < 5000 {
            _ = try e.hitTest(world: Vec2(rng.double(0, 1000), rng.double(0, 1000)))
            n += 1
        }
        #expect(e.scene.tree.cellBuild.phase != .idle)
        // A box (without children) moved far: the tree changes, the build goes on listing the
        // box as moved.
        let id = e.boxesInDrawOrder.first {
            e.scene[$0.index].parent < 0 && e.scene[$0.index].firstChild < 0
        }!
        try BoundsTreeSlicesTests.move(e, id, to: Vec2(2000, 2000))
        #expect(try e.hitTest(world: Vec2(2000, 2000)).box == id)
        #expect(e.scene.tree.cellBuild.phase != .idle)
        #expect(e.scene.tree.cellBuild.grid.moved.count == 1)
        try BoundsTreeSlicesTests.checkQueries(e, &rng, 300)
        // The build finished meanwhile; a new one, then a box destroyed: dropped at the next query.
        #expect(e.scene.tree.cells.version == e.scene.tree.shapeVersion)
        e.scene.tree.cells.version = 0
        e.scene.tree.startCells()
        e.scene.tree.advanceCells()
        #expect(e.scene.tree.cellBuild.phase != .idle)
        try e.destroyBox(e.boxesInDrawOrder[5])
        _ = try e.hitTest(world: Vec2(500, 500))
        #expect(e.scene.tree.cellBuild.phase == .idle)
        try BoundsTreeSlicesTests.checkQueries(e, &rng, 300)
    }

    @Test func theCellIndexFollowsAFewMovedBoxes() throws {
        var rng = SplitMix64(seed: 23)
        let e = try Engine()
        try BoundsTreeSlicesTests.crowd(e, &rng, 6000)
        var n = 0
        while e.scene.tree.cells.version != e.scene.tree.shapeVersion && n < 20000 {
            _ = try e.hitTest(world: Vec2(rng.double(0, 1000), rng.double(0, 1000)))
            n += 1
        }
        #expect(e.scene.tree.cells.version == e.scene.tree.shapeVersion)
        let steps = e.scene.tree.cellSteps
        // One box dragged about, far out of its rectangle each time: the index stays in use (no
        // step of a new build), with the box listed as moved, and every answer right.
        let ids = e.boxesInDrawOrder
        let dragged = ids[ids.count - 1]
        for k in 0..<8 {
            let before = e.scene.tree.shapeVersion
            try BoundsTreeSlicesTests.move(e, dragged, to: Vec2(100 + 230 * Double(k), 1900 - 200 * Double(k)))
            #expect(try e.hitTest(world: Vec2(100 + 230 * Double(k), 1900 - 200 * Double(k))).box == dragged)
            #expect(e.scene.tree.shapeVersion != before)
            #expect(e.scene.tree.cells.version == e.scene.tree.shapeVersion)
            try BoundsTreeSlicesTests.checkQueries(e, &rng, 100)
        }
        #expect(e.scene.tree.cells.moved == [e.scene[dragged.index].leaf])
        // Up to cellsMaximumMoved boxes are followed; one more and the index is stale. (Top-level
        // boxes without children: each move relinks one leaf.)
        let single = ids.filter {
            $0 != dragged && e.scene[$0.index].parent < 0 && e.scene[$0.index].firstChild < 0
        }
        for k in 1..<BoundsTree.cellsMaximumMoved {
            try BoundsTreeSlicesTests.move(e, single[k * 50], to: Vec2(1500 + Double(k), 1500))
            _ = try e.hitTest(world: Vec2(1500, 1500))
            #expect(e.scene.tree.cells.version == e.scene.tree.shapeVersion)
        }
        #expect(e.scene.tree.cellSteps == steps)
        try BoundsTreeSlicesTests.checkQueries(e, &rng, 300)
        try BoundsTreeSlicesTests.move(e, single[1000], to: Vec2(1700, 1700))
        _ = try e.hitTest(world: Vec2(1700, 1700))
        #expect(e.scene.tree.cells.version != e.scene.tree.shapeVersion)
        try BoundsTreeSlicesTests.checkQueries(e, &rng, 300)
    }

    @Test func theCellIndexIsBuiltWhileOneBoxKeepsMoving() throws {
        var rng = SplitMix64(seed: 29)
        let e = try Engine()
        try BoundsTreeSlicesTests.crowd(e, &rng, 3000)
        let dragged = e.boxesInDrawOrder[2999]
        // A query, a move out of the box's rectangle, and so on: the index is built all the same.
        var n = 0
        while e.scene.tree.cells.version != e.scene.tree.shapeVersion && n < 20000 {
            try BoundsTreeSlicesTests.move(e, dragged, to: Vec2(Double(n % 40) * 50, 500))
            _ = try e.hitTest(world: Vec2(rng.double(0, 1000), rng.double(0, 1000)))
            n += 1
        }
        #expect(e.scene.tree.cells.version == e.scene.tree.shapeVersion)
        #expect(n < 3000)
        try BoundsTreeSlicesTests.checkQueries(e, &rng, 500)
    }

    @Test func growingTheTreeMovesNoLeaf() throws {
        var rng = SplitMix64(seed: 31)
        let e = try Engine()
        try BoundsTreeSlicesTests.crowd(e, &rng, 300)
        e.scene.refreshBounds()
        e.scene.tree.finishBuild()
        let shape = e.scene.tree.shapes.address(0), leaf = e.scene.tree.leaves.address(0)
        // Many more boxes: the leaves' storage grows by pages, so nothing already there is copied.
        try BoundsTreeSlicesTests.crowd(e, &rng, 5000)
        e.scene.refreshBounds()
        e.scene.tree.finishBuild()
        #expect(e.scene.tree.shapes.address(0) == shape && e.scene.tree.leaves.address(0) == leaf)
        #expect(e.scene.tree.validate() == nil)
        try BoundsTreeSlicesTests.checkQueries(e, &rng, 300)
    }
}
