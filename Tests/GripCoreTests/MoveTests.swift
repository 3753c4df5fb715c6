import Testing

@testable import GripCore

@Suite struct MoveTests {
    @Test func grabbedPointStaysUnderThePointerInRandomNestings() throws {
        var rng = SplitMix64(seed: 0x5EED_0001)
        for round in 0..<300 {
            let r = Rig()
            if round % 2 == 1 { try r.e.setView(randomView(&rng)) }
            let box = randomNest(r, &rng)
            let g = r.geometry(box)
            let grab = Vec2(g.width * rng.double(0.3, 0.7), g.height * rng.double(0.3, 0.7))
            let start = r.screen(of: box, boxPoint: grab)
            #expect(try r.e.hitTest(world: r.world(start)).box == box)
            try r.down(start)
            for _ in 0..<5 {
                var q = start + Vec2(rng.double(-300, 300), rng.double(-300, 300))
                if dist(q, start) < 20 { q = start + Vec2(40, 0) }
                try r.move(q)
                let now = r.screen(of: box, boxPoint: grab)
                #expect(
                    close(now, q, rel: 1e-9, scale: 1000), "round \(round): grabbed point at \(now), pointer at \(q)")
            }
            let evs = r.events()
            #expect(evs.first?.kind == .gestureBegan && evs.first?.gesture == .move && evs.first?.box == box)
            // Only the centre moves.
            let after = r.geometry(box)
            #expect(
                after.width == g.width && after.height == g.height && after.rotation == g.rotation
                    && after.scale == g.scale && after.flippedX == g.flippedX && after.flippedY == g.flippedY)
        }
    }

    @Test func moveEventsAndEnd() throws {
        let r = Rig()
        let b = r.box(editing: false) { $0.behavior.userData = 77 }
        try r.down(Vec2(300, 220))
        try r.move(Vec2(330, 240))
        try r.move(Vec2(350, 250))
        try r.up(Vec2(350, 250))
        let evs = r.events()
        #expect(kinds(evs) == [.gestureBegan, .gestureChanged, .gestureChanged, .gestureEnded])
        #expect(evs.allSatisfy { $0.box == b && $0.gesture == .move && $0.userData == 77 && $0.pointer == 1 })
        #expect(close(evs[1].position, Vec2(330, 240)))
        #expect(r.geometry(b).center == Vec2(350, 250))
        #expect(try r.e.state(b).gestureActive == false)
    }

    @Test func touchSlopDelaysTheMoveInScreenUnits() throws {
        let r = Rig()
        try r.e.setView(Affine.scale(4, 4))
        let b = r.box(center: Vec2(100, 80), width: 100, height: 60, editing: false)
        let p = r.screen(Vec2(100, 80))
        try r.down(p)
        try r.move(p + Vec2(9, 0))  // 9 screen units: within touch_slop (10)
        #expect(r.events().isEmpty)
        #expect(r.geometry(b).center == Vec2(100, 80))
        try r.move(p + Vec2(6, -9))  // 10.8 screen units from the down point: a move begins
        #expect(r.events().first?.kind == .gestureBegan)
        // No lag: the grabbed point is under the pointer (2.7 world units away), not 'slop' behind.
        #expect(close(r.geometry(b).center, Vec2(100 + 1.5, 80 - 2.25), rel: 1e-12))
    }

    @Test func boxThatDoesNotAllowMoveStays() throws {
        let r = Rig()
        let b = r.box(editing: false) { $0.behavior.allow = [.resize] }
        try r.down(Vec2(300, 220))
        try r.move(Vec2(400, 300))
        try r.up(Vec2(400, 300))
        #expect(r.geometry(b).center == Vec2(300, 220))
        #expect(!r.events().contains { $0.gesture == .move })
    }

    @Test func cancelRestoresTheStart() throws {
        let r = Rig()
        let b = r.box(editing: false)
        try r.down(Vec2(300, 220))
        try r.move(Vec2(400, 300))
        try r.cancel(Vec2(400, 300))
        #expect(r.geometry(b).center == Vec2(300, 220))
        #expect(kinds(r.events()) == [.gestureBegan, .gestureChanged, .gestureCancelled])
    }

    @Test func editingOffStillMovesFromWhereAHandleWouldBe() throws {
        let r = Rig()
        let b = r.box(editing: false)  // 200 x 120 at (300, 220): top-left corner (200, 160)
        try r.down(Vec2(203, 163))
        try r.move(Vec2(253, 183))
        let began = try #require(r.events().first)
        #expect(began.gesture == .move)
        #expect(r.geometry(b).center == Vec2(350, 240))
        #expect(r.geometry(b).width == 200)
    }

    /// Drags a contained box far past each side and checks its bounds end on that side.
    @Test(arguments: [
        Insets(top: 8, left: 20, bottom: 30, right: 40),
        Insets(top: -25, left: -50, bottom: -10, right: -60)
    ])
    func containmentKeepsBoundsInsideTheInsetParent(insets: Insets) throws {
        for rotation in [0.0, 0.6] {
            let r = Rig(width: 1000, height: 800)
            let b = r.box(center: Vec2(500, 400), rotation: rotation, editing: false) {
                $0.behavior.contain = true
                $0.behavior.insets = insets
            }
            let g0 = r.geometry(b)
            // Half extents of the axis-aligned bounds of a rotated 200 x 120 box.
            let c = abs(refCos(rotation)), s = abs(refSin(rotation))
            let hx = 100 * c + 60 * s, hy = 100 * s + 60 * c
            let cases: [(Vec2, (Vec2) -> Bool)] = [
                (Vec2(-2000, 0), { close($0.x - hx, insets.left) }),
                (Vec2(2000, 0), { close($0.x + hx, 1000 - insets.right) }),
                (Vec2(0, -2000), { close($0.y - hy, insets.top) }),
                (Vec2(0, 2000), { close($0.y + hy, 800 - insets.bottom) })
            ]
            for (i, (delta, onEdge)) in cases.enumerated() {
                let id = UInt32(10 + i)
                try r.down(g0.center, id: id)
                try r.move(g0.center + delta, id: id)
                let centre = r.geometry(b).center
                #expect(onEdge(centre), "rotation \(rotation), push \(delta): centre \(centre)")
                try r.cancel(g0.center, id: id)
            }
        }
    }

    @Test func nestedContainmentUsesTheParentsBoxSpace() throws {
        let r = Rig()
        let p = r.box(center: Vec2(500, 400), width: 400, height: 300, rotation: 0.5, scale: 1.5, editing: false)
        let c = r.box(parent: p, center: Vec2(200, 150), width: 60, height: 40, editing: false) {
            $0.behavior.contain = true
            $0.behavior.insets = Insets(top: 5, left: 10, bottom: 15, right: 20)
        }
        let start = try refWorld(r.e, c).apply(Vec2(30, 20))
        try r.down(start)
        // Far along the parent's +x axis (rotated 0.5 on screen).
        try r.move(start + Vec2(refCos(0.5), refSin(0.5)) * 2000)
        let g = r.geometry(c)
        #expect(close(g.center.x + 30, 400 - 20), "\(g.center)")
        #expect(close(g.center.y, 150, rel: 1e-9))
        try r.move(start - Vec2(-refSin(0.5), refCos(0.5)) * 2000)  // far along the parent's -y axis
        #expect(close(r.geometry(c).center.y - 20, 5))
        #expect(close(r.geometry(c).center.x, 200, rel: 1e-9))
    }

    @Test func overshootIsRememberedSoThePointerNeverSlips() throws {
        let r = Rig(width: 1000, height: 800)
        // Left edge at x = 50; containment against the root's left side (x = 0).
        let b = r.box(center: Vec2(150, 400), width: 200, height: 120, editing: false) { $0.behavior.contain = true }
        try r.down(Vec2(150, 400))
        try r.move(Vec2(100, 400))  // the box reaches the edge
        #expect(r.geometry(b).center == Vec2(100, 400))
        try r.move(Vec2(50, 400))  // pushed 50 past the edge: the box stays
        #expect(r.geometry(b).center == Vec2(100, 400))
        try r.move(Vec2(80, 400))  // back 30: still 20 past, the box has not moved back
        #expect(r.geometry(b).center == Vec2(100, 400))
        try r.move(Vec2(110, 400))  // back 60: 10 beyond where it grabbed at the edge, the box moves 10
        #expect(r.geometry(b).center == Vec2(110, 400))
        // Vertically the box still followed the pointer exactly while pinned horizontally.
        try r.move(Vec2(0, 450))
        #expect(r.geometry(b).center == Vec2(100, 450))
    }

    @Test func containmentHoldsForRandomDragsInRandomParents() throws {
        var rng = SplitMix64(seed: 0xC0_47A1)
        var pinned = 0
        for round in 0..<150 {
            let r = Rig()
            if rng.bool() { try r.e.setView(randomView(&rng)) }
            let (box, region) = randomContained(r, &rng, editing: false)
            let g0 = r.geometry(box)
            #expect(fits(g0, region, tol: 1e-9), "round \(round): the start does not fit")
            let start = r.screen(of: box, boxPoint: Vec2(g0.width / 2, g0.height / 2))
            try r.down(start)
            for step in 0..<5 {
                let q = start + Vec2(rng.double(-600, 600), rng.double(-600, 600))
                try r.move(q)
                let g = r.geometry(box)
                #expect(fits(g, region, tol: 1e-9 * 2000), "round \(round) step \(step): left the region: \(g.center)")
                if !close(r.screen(of: box, boxPoint: Vec2(g0.width / 2, g0.height / 2)), q, rel: 1e-9, scale: 1000) {
                    pinned += 1
                }
            }
        }
        #expect(pinned > 0)
    }
}
