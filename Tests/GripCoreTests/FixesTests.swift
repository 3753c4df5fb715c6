// Box fields that change hit testing (pass_through, hit_outset), ids that carry their engine,
// and times beyond 1e9 s.
import Testing

@testable import GripCore

@Suite struct FixesTests {
    // MARK: pass_through and hit_outset

    @Test func passThroughBoxesAreNeverHitAndPointersReachWhatIsUnder() throws {
        let r = Rig()
        let under = r.box(center: Vec2(300, 300), editing: false)
        let over = r.box(center: Vec2(310, 300), editing: true) { $0.behavior.passThrough = true }
        #expect(try r.e.hitTest(world: Vec2(300, 300)).box == under)
        // Its handles are not hit either: the top-left corner's handle is where `under` is not.
        let corner = try r.e.state(over).corners.0
        #expect(try r.e.hitTest(world: corner).box != over)
        // A drag there moves the box under it.
        try r.down(Vec2(300, 300))
        try r.move(Vec2(350, 300))
        try r.up(Vec2(350, 300))
        #expect(r.geometry(under).center == Vec2(350, 300))
        #expect(r.geometry(over).center == Vec2(310, 300))
        // Configured back, it is hit again (its hit shape follows its behaviour).
        var d = try r.e.describe(over)
        d.behavior.passThrough = false
        try r.e.configure(over, d)
        #expect(try r.e.hitTest(world: Vec2(330, 300)).box == over)
    }

    @Test func hitOutsetGrowsTheBodyInScreenUnits() throws {
        var rng = SplitMix64(seed: 911)
        for round in 0..<40 {
            let r = Rig()
            let zoom = rng.double(0.25, 4)
            let view = Affine(a: zoom, b: 0, c: 0, d: zoom, tx: rng.double(-50, 50), ty: rng.double(-50, 50))
            if round % 2 == 1 { try r.e.setView(view) }
            let outset = rng.double(1, 20)
            let b = r.box(
                center: Vec2(300, 300), rotation: rng.double(-3, 3), scale: rng.double(0.5, 2), editing: false
            ) {
                $0.behavior.hitOutset = outset
            }
            let g = r.geometry(b)
            // Just inside and just outside the outset, beyond the middle of each edge, on screen.
            let centre = r.screen(of: b, boxPoint: Vec2(g.width / 2, g.height / 2))
            for edge in [
                Vec2(g.width / 2, 0), Vec2(g.width, g.height / 2), Vec2(g.width / 2, g.height), Vec2(0, g.height / 2)
            ] {
                let p = r.screen(of: b, boxPoint: edge)
                let out = (p - centre) * (1 / (p - centre).length)
                #expect(r.e.hit(screen: p + out * (outset - 0.01)).slot >= 0, "round \(round)")
                #expect(r.e.hit(screen: p + out * (outset + 0.01)).slot < 0, "round \(round)")
            }
            // The view changes: the outset stays in screen units.
            try r.e.setView(Affine(a: zoom * 2, b: 0, c: 0, d: zoom * 2, tx: 0, ty: 0))
            let p = r.screen(of: b, boxPoint: Vec2(g.width / 2, 0))
            let c2 = r.screen(of: b, boxPoint: Vec2(g.width / 2, g.height / 2))
            let out = (p - c2) * (1 / (p - c2).length)
            #expect(r.e.hit(screen: p + out * (outset - 0.01)).slot >= 0, "round \(round)")
            #expect(r.e.hit(screen: p + out * (outset + 0.01)).slot < 0, "round \(round)")
        }
    }

    // MARK: ids

    @Test func idsCarryTheirEnginesTag() throws {
        let a = try Engine(EngineConfig(), tag: 0)
        let b = try Engine(EngineConfig(), tag: 7)
        let ia = try a.createBox(BoxDesc())
        let ib = try b.createBox(BoxDesc())
        // Tag 0 keeps the plain layout; the same slot and generation in another engine differ.
        #expect(ia.rawValue == 1 << 32)
        #expect(ib.rawValue == 7 << 48 | 1 << 32)
        #expect(ib.tag == 7)
        expectGripError(.notFound) { _ = try b.describe(ia) }
        expectGripError(.notFound) { _ = try a.state(ib) }
        expectGripError(.notFound) { try a.destroyBox(ib) }
        #expect(a.boxCount == 1 && b.boxCount == 1)
        #expect(ib != .selection && ia != .none)
    }

    @Test func slotsRetireAfterTheLastGeneration() throws {
        let e = try Engine()
        var d = BoxDesc()
        d.geometry = BoxGeometry(center: Vec2(10, 10), width: 10, height: 10)
        var seen = Set<UInt64>()
        for _ in 0..<Int(BoxID.maxGeneration) + 3 {
            let id = try e.createBox(d)
            #expect(!seen.contains(id.rawValue))
            seen.insert(id.rawValue)
            try e.destroyBox(id)
        }
        // The first slot served every generation once, then was retired.
        #expect(e.scene.slotCount == 2)
    }

    // MARK: times

    @Test func timesBeyondABillionSecondsAreRefusedByEveryDispatch() throws {
        let r = Rig()
        let b = r.box(center: Vec2(300, 300), editing: false)
        try r.down(Vec2(300, 300), at: 1)
        for t in [1e9 + 1, 1e300, -2e9] {
            expectGripError(.invalidArgument) { try r.e.dispatchTimer(t) }
            expectGripError(.invalidArgument) {
                _ = try r.e.dispatch(PointerEvent(.move, pointer: 1, Vec2(400, 300), time: t, modifiers: 0))
            }
            expectGripError(.invalidArgument) {
                _ = try r.e.dispatchMagnify(MagnifyEvent(.down, factor: 1, focal: Vec2(300, 300), time: t))
            }
        }
        #expect(r.e.time == 1)
        #expect(r.geometry(b).center == Vec2(300, 300))
        // 1e9 itself is fine, and time still moves on from there.
        try r.e.dispatchTimer(1e9)
        try r.up(Vec2(300, 300), at: 1e9)
        #expect(r.e.time == 1e9)
    }
}
