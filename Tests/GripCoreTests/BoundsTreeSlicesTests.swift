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
            let p = queries % 2 == 0 ? b.inverse.inv.apply(Vec2(rng.double(0, b.w), rng.double(0, b.h)))
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
            let p = queries % 2 == 0 ? b.inverse.inv.apply(Vec2(rng.double(0, b.w), rng.double(0, b.h)))
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

    @Test func aChangeAbandonsTheBuild() throws {
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
        // A box moved far: the tree changes, the build is dropped at the next query.
        let id = e.boxesInDrawOrder[0]
        var d = try e.describe(id)
        d.geometry.center = Vec2(2000, 2000)
        try e.configure(id, d)
        _ = try e.hitTest(world: Vec2(2000, 2000))
        #expect(e.scene.tree.cellBuild.phase == .idle)
        #expect(try e.hitTest(world: Vec2(2000, 2000)).box == id)
        let boxes = try HitTestReferenceTests.snapshot(e)
        for _ in 0..<300 {
            let p = Vec2(rng.double(-50, 1050), rng.double(-50, 1050))
            guard let expected = HitTestReferenceTests.reference(boxes, p) else { continue }
            #expect(try e.hitTest(world: p).box == (expected ?? .none))
        }
    }
}
