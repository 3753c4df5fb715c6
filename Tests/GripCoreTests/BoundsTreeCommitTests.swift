import Testing

@testable import GripCore

/// The last step of the bounds tree's sliced build hands every leaf its new parent by swapping
/// arrays: its work is the leaves added or moved during the build, not the tree's size, and the
/// tree it leaves is consistent whatever was added, freed or reused meanwhile.
@Suite struct BoundsTreeCommitTests {
    /// Queries (each a build step) until nothing waits, `between` run before each; returns the
    /// largest step's work and checks the tree after every step.
    static func build(_ e: Engine, _ between: (Int) throws -> Void) throws -> Int {
        var largest = 0, queries = 0
        while e.scene.tree.pendingCount > 0 || e.scene.boundsDirtySlots.count > 0 {
            try between(queries)
            _ = try e.hitTest(world: Vec2(500, 500))
            queries += 1
            largest = Swift.max(largest, e.scene.tree.buildWork)
            if queries % 4 == 0 { #expect(e.scene.tree.validate() == nil, "query \(queries)") }
            if queries > 2000 { Issue.record("the build does not end"); break }
        }
        #expect(e.scene.tree.validate() == nil)
        return largest
    }

    static func expectHitsMatchTheReference(_ e: Engine, _ rng: inout SplitMix64, _ n: Int = 3000) throws {
        let boxes = try HitTestReferenceTests.snapshot(e)
        for _ in 0..<n {
            let p = Vec2(rng.double(-20, 1020), rng.double(-20, 1020))
            guard let expected = HitTestReferenceTests.reference(boxes, p) else { continue }
            #expect(try e.hitTest(world: p).box == (expected ?? .none), "at \(p)")
        }
    }

    /// 30,000 boxes, the last step of their build no larger than the others (it was the whole
    /// tree: 30,000 leaves' parents written at once).
    @Test func theCommitDoesNotGrowWithTheTree() throws {
        var rng = SplitMix64(seed: 2024)
        let e = try Engine()
        var ids: [BoxID] = []
        for _ in 0..<30000 {
            ids.append(
                try e.createBox(HitTestReferenceTests.randomDesc(e, &rng, nested: rng.int(6) == 0, parents: ids)))
        }
        let largest = try Self.build(e) { _ in }
        #expect(largest > 0 && largest <= 3 * BoundsTree.buildStepItems + 6 * 64)
        try Self.expectHitsMatchTheReference(e, &rng, 300)
    }

    /// Boxes created, moved and destroyed while a build runs, and freed leaves reused by boxes
    /// created after the build gathered them as free: each waits for the next build or is
    /// linked, and hit tests answer as the reference does.
    @Test func leavesAddedFreedAndReusedDuringABuildEndUpLinked() throws {
        var rng = SplitMix64(seed: 99)
        let e = try Engine()
        var ids: [BoxID] = []
        for _ in 0..<8000 { ids.append(try e.createBox(HitTestReferenceTests.randomDesc(e, &rng, nested: false))) }
        e.scene.refreshBounds()
        e.scene.tree.finishBuild()
        for _ in 0..<6000 { ids.append(try e.createBox(HitTestReferenceTests.randomDesc(e, &rng, nested: false))) }
        // Freed before the build starts: the gather finds their leaves free.
        for _ in 0..<12 { try e.destroyBox(ids.remove(at: rng.int(ids.count))) }
        let largest = try Self.build(e) { q in
            if q < 3 {
                // Reusing the freed leaves, and new ones past the gather.
                for _ in 0..<9 { ids.append(try e.createBox(HitTestReferenceTests.randomDesc(e, &rng, nested: false))) }
            } else if q == 4 {
                // A waiting box moved: linked again after the commit.
                var d = try e.describe(ids[ids.count - 1])
                d.geometry.center = Vec2(10, 990)
                try e.configure(ids[ids.count - 1], d)
            }
        }
        #expect(largest <= 3 * BoundsTree.buildStepItems + 6 * 64)
        #expect(e.scene.tree.pendingCount == 0)
        try Self.expectHitsMatchTheReference(e, &rng)
    }
}
