// Hit testing against a brute-force reference: the topmost box (in draw order) whose body holds
// the point, computed with the reference transforms of Support.swift over every box. Random
// scenes large enough to be indexed in bulk, nested, rotated, scaled and flipped, under a
// random view, then edited (moves, reparenting, destruction, new boxes) between rounds.
import Testing

@testable import GripCore

@Suite struct HitTestReferenceTests {
    /// The reference answer at world point `p`, or nil when a box that decides it has `p`
    /// within rounding distance of its edge (either answer would be right there).
    static func reference(_ boxes: [(id: BoxID, inverse: M, w: Double, h: Double)], _ p: Vec2) -> BoxID?? {
        // Topmost first.
        for b in boxes.reversed() {
            let q = b.inverse.apply(p)
            let slack = 1e-7 * Swift.max(b.w, b.h, abs(q.x), abs(q.y))
            let inside = q.x >= 0 && q.x <= b.w && q.y >= 0 && q.y <= b.h
            let near = abs(q.x) < slack || abs(q.x - b.w) < slack || abs(q.y) < slack || abs(q.y - b.h) < slack
            if near && (inside || (q.x > -slack && q.x < b.w + slack && q.y > -slack && q.y < b.h + slack)) {
                return nil
            }
            if inside { return .some(b.id) }
        }
        return .some(nil)
    }

    /// Every live box in draw order with its reference world -> box transform.
    static func snapshot(_ e: Engine) throws -> [(id: BoxID, inverse: M, w: Double, h: Double)] {
        try e.boxesInDrawOrder.map { id in
            let g = try e.describe(id).geometry
            return (id, try refWorld(e, id).inv, g.width, g.height)
        }
    }

    /// A random box in `e`: at top level somewhere in a 1000 x 1000 world, or (`nested`) inside
    /// a random box less than three levels deep (one of `parents`, or of the live boxes when nil),
    /// a fifth to half its size.
    static func randomDesc(
        _ e: Engine, _ rng: inout SplitMix64, nested: Bool, parents: [BoxID]? = nil
    ) throws -> BoxDesc {
        var d = BoxDesc()
        var w = rng.double(10, 80), h = rng.double(10, 80)
        var center = Vec2(rng.double(0, 1000), rng.double(0, 1000))
        let live = nested ? parents ?? e.boxesInDrawOrder : []
        if !live.isEmpty {
            let parent = live[rng.int(live.count)]
            var depth = 0
            var x = parent
            while x != .none { depth += 1; x = try e.parent(of: x) }
            if depth < 3 {
                let g = try e.describe(parent).geometry
                d.parent = parent
                w = g.width * rng.double(0.2, 0.5)
                h = g.height * rng.double(0.2, 0.5)
                center = Vec2(rng.double(0, g.width), rng.double(0, g.height))
            }
        }
        d.geometry = BoxGeometry(
            center: center, width: w, height: h,
            rotation: rng.double(-3.2, 3.2), scale: rng.double(0.5, 2),
            flippedX: rng.int(4) == 0, flippedY: rng.int(4) == 0)
        d.behavior.minWidth = Swift.min(10, w / 2)
        d.behavior.minHeight = Swift.min(10, h / 2)
        d.behavior.minScale = 0.1
        return d
    }

    @Test(arguments: [1, 2, 3])
    func matchesBruteForceThroughEdits(seed: UInt64) throws {
        var rng = SplitMix64(seed: 100 + seed)
        let e = try Engine()
        if seed != 1 { try e.setView(randomView(&rng)) }
        // A crowd of top-level boxes, some of them holding nested boxes (three levels at most).
        for _ in 0..<700 { _ = try e.createBox(HitTestReferenceTests.randomDesc(e, &rng, nested: rng.int(5) < 2)) }
        for round in 0..<4 {
            let boxes = try HitTestReferenceTests.snapshot(e)
            var checked = 0
            for k in 0..<400 {
                // Half the points inside some box: nested boxes are small.
                var p = Vec2(rng.double(-50, 1050), rng.double(-50, 1050))
                if k % 2 == 0 {
                    let b = boxes[rng.int(boxes.count)]
                    p = b.inverse.inv.apply(Vec2(rng.double(0, b.w), rng.double(0, b.h)))
                }
                guard let expected = HitTestReferenceTests.reference(boxes, p) else { continue }
                let hit = try e.hitTest(world: p)
                #expect(hit.handle == .none)
                #expect(hit.box == (expected ?? .none), "seed \(seed) round \(round) at \(p)")
                checked += 1
            }
            #expect(checked > 350)
            // Edits: moves (small and far), reparenting, destruction, new boxes.
            for _ in 0..<60 {
                let live = e.boxesInDrawOrder
                let id = live[rng.int(live.count)]
                var d = try e.describe(id)
                switch rng.int(5) {
                case 0, 1:
                    d.geometry.center = d.geometry.center + Vec2(rng.double(-5, 5), rng.double(-5, 5))
                    d.geometry.rotation += rng.double(-0.2, 0.2)
                    try e.configure(id, d)
                case 2:
                    d.geometry.center = Vec2(rng.double(0, 1000), rng.double(0, 1000))
                    d.geometry.flippedX.toggle()
                    try e.configure(id, d)
                case 3:
                    // Under another box, or up to the top level, keeping its place in the world.
                    let other = live[rng.int(live.count)]
                    d.parent = rng.bool() ? .none : other
                    _ = try? e.configure(id, d)
                default:
                    try e.destroyBox(id)
                    _ = try e.createBox(HitTestReferenceTests.randomDesc(e, &rng, nested: rng.bool()))
                }
            }
        }
        #expect(e.scene.tree.validate() == nil)
    }
}
