import Testing

@testable import GripCore

@Suite struct RotatePinchTests {
    // MARK: rotate handle

    @Test func rotateHandleSitsItsOffsetInScreenUnitsAboveTheTopMiddleAtAnyZoomAndScale() throws {
        var rng = SplitMix64(seed: 404)
        for round in 0..<100 {
            let offset = round % 3 == 0 ? 24 : rng.double(0, 80)
            let r = Rig { $0.rotateHandleOffset = offset }
            if rng.bool() { try r.e.setView(randomView(&rng)) }
            let flipX = rng.bool(), flipY = rng.bool()
            let box = randomNest(r, &rng) { d in
                d.behavior.editing = true
                d.geometry.flippedX = flipX
                d.geometry.flippedY = flipY
            }
            let g = r.geometry(box)
            let cmd = try #require(r.handle(box, .rotate))
            // The top and bottom edges' midpoints as the user sees them (frame space: no flips).
            let top = r.screen(of: box, boxPoint: Vec2(g.width / 2, g.flippedY ? g.height : 0))
            let bottom = r.screen(of: box, boxPoint: Vec2(g.width / 2, g.flippedY ? 0 : g.height))
            let up = top - bottom
            let want = top + up * (offset / up.length)
            #expect(close(cmd.center, want, rel: 1e-9, scale: 1000), "round \(round): \(cmd.center) vs \(want)")
            #expect(abs((cmd.center - top).length - offset) < 1e-6, "round \(round)")
            // The hit test finds it there.
            #expect(r.e.hit(screen: cmd.center).handle == .rotate || offset < 1, "round \(round)")
        }
    }

    @Test func rotateHandleTurnsTheBoxAboutItsCentreTowardThePointer() throws {
        var rng = SplitMix64(seed: 405)
        for round in 0..<150 {
            let r = Rig()
            if rng.bool() { try r.e.setView(randomView(&rng)) }
            let box = randomNest(r, &rng) { $0.behavior.editing = true }
            let g0 = r.geometry(box)
            let centre = r.screen(of: box, boxPoint: Vec2(g0.width / 2, g0.height / 2))
            let h0 = try #require(r.handle(box, .rotate)).center
            try r.down(h0)
            #expect(r.events().first?.gesture == .rotate)
            let p = centre + Vec2(rng.double(-300, 300), rng.double(-300, 300))
            try r.move(p)
            let g = r.geometry(box)
            #expect(g.width == g0.width && g.scale == g0.scale && g.center == g0.center)
            // The handle now lies on the ray from the (unmoved) centre toward the pointer.
            let h = try #require(r.handle(box, .rotate)).center
            let c = r.screen(of: box, boxPoint: Vec2(g.width / 2, g.height / 2))
            #expect(close(c, centre, rel: 1e-9, scale: 1000))
            let u = h - c, v = p - c
            #expect(
                abs(u.cross(v)) <= 1e-9 * len(u) * len(v) && u.dot(v) > 0,
                "round \(round): handle off the pointer's ray")
            #expect(close(len(u), len(h0 - centre), rel: 1e-9), "round \(round): handle changed its distance")
            try r.up(p)
        }
    }

    @Test func rotatingAQuarterTurn() throws {
        let r = Rig()
        let b = r.box()  // 200 x 120 at (300, 220): rotate handle at (300, 136)
        try r.down(Vec2(300, 136))
        try r.move(Vec2(500, 220))  // to the right of the centre: a quarter turn clockwise
        let g = r.geometry(b)
        #expect(abs(g.rotation - Double.pi / 2) < 1e-12)
        #expect(g.center == Vec2(300, 220))
        let evs = r.events()
        #expect(
            kinds(evs) == [.gestureBegan, .gestureChanged]
                && evs.allSatisfy { $0.gesture == .rotate && $0.handle == .rotate })
    }

    @Test func rotationSnapsWithinTheTolerance() throws {
        let r = Rig()
        let b = r.box {
            $0.behavior.rotationSnap = Double.pi / 4; $0.behavior.snapTolerance = 0.087
        }
        let centre = Vec2(300, 220)
        func at(_ a: Double) -> Vec2 { centre + Vec2(refSin(a), -refCos(a)) * 100 }
        try r.down(Vec2(300, 136))
        try r.move(at(Double.pi / 4 + 0.05))
        #expect(r.geometry(b).rotation == Double.pi / 4)
        try r.move(at(Double.pi / 4 - 0.08))
        #expect(r.geometry(b).rotation == Double.pi / 4)
        try r.move(at(Double.pi / 4 + 0.1))
        #expect(abs(r.geometry(b).rotation - (Double.pi / 4 + 0.1)) < 1e-12)
        try r.move(at(-Double.pi / 2 + 0.03))
        #expect(r.geometry(b).rotation == -Double.pi / 2)
        try r.move(at(0.09))
        #expect(abs(r.geometry(b).rotation - 0.09) < 1e-12)
    }

    @Test func containmentRefusesARotateStepAsAWhole() throws {
        let r = Rig(width: 1000, height: 800)
        // 200 x 120 at (500, 80): its top is at 20; a quarter turn would reach y = -20.
        let b = r.box(center: Vec2(500, 80)) { $0.behavior.contain = true }
        let centre = Vec2(500, 80)
        try r.down(Vec2(500, -4))
        try r.move(centre + Vec2(100, 0))
        #expect(r.geometry(b).rotation == 0)
        let five = 5 * Double.pi / 180
        try r.move(centre + Vec2(refSin(five), -refCos(five)) * 100)
        #expect(abs(r.geometry(b).rotation - five) < 1e-12)
        try r.move(centre + Vec2(100, 0))
        #expect(abs(r.geometry(b).rotation - five) < 1e-12)  // refused: the last good step stays
    }

    // MARK: two pointers

    @Test func bothFingersStayOnTheirBoxPoints() throws {
        var rng = SplitMix64(seed: 0xF1_6E25)
        for round in 0..<200 {
            let r = Rig()
            if round % 2 == 1 { try r.e.setView(randomView(&rng)) }
            let box = randomNest(r, &rng, size: 220)
            let g = r.geometry(box)
            let a = Vec2(g.width * rng.double(0.15, 0.4), g.height * rng.double(0.2, 0.8))
            let b = Vec2(g.width * rng.double(0.6, 0.85), g.height * rng.double(0.2, 0.8))
            let a0 = r.screen(of: box, boxPoint: a), b0 = r.screen(of: box, boxPoint: b)
            try r.down(a0, id: 1)
            try r.down(b0, id: 2)
            let began = r.events()
            #expect(began.map(\.kind) == [.gestureBegan] && began.first?.gesture == .pinch, "round \(round): \(began)")
            let m0 = Vec2.mid(a0, b0), v0 = b0 - a0
            for step in 0..<4 {
                let k = rng.double(0.7, 1.4), t = rng.double(-1.5, 1.5)
                let v = Vec2(refCos(t) * v0.x - refSin(t) * v0.y, refSin(t) * v0.x + refCos(t) * v0.y) * k
                let m = m0 + Vec2(rng.double(-150, 150), rng.double(-150, 150))
                let pa = m - v * 0.5, pb = m + v * 0.5
                try r.move(pa, id: 1)
                try r.move(pb, id: 2)
                #expect(
                    close(r.screen(of: box, boxPoint: a), pa, rel: 1e-9, scale: 1000),
                    "round \(round) step \(step): finger 1 slipped")
                #expect(
                    close(r.screen(of: box, boxPoint: b), pb, rel: 1e-9, scale: 1000),
                    "round \(round) step \(step): finger 2 slipped")
                let now = r.geometry(box)
                #expect(now.width == g.width && now.height == g.height && now.flippedX == g.flippedX)
                #expect(close(now.scale, g.scale * k, rel: 1e-9))
            }
            try r.up(m0, id: 1)
            try r.up(m0, id: 2)
        }
    }

    /// Fingers from (320, 300) and (420, 300) to (300, 350) and (300, 550): twice as far apart,
    /// turned a quarter clockwise, centroid from (370, 300) to (300, 450). Box centre starts at (400, 300).
    @Test(arguments: [
        (Allow.pinch.rawValue, 2.0, 0.0, Vec2(430, 300)),
        (Allow.rotate.rawValue, 1.0, Double.pi / 2, Vec2(370, 330)),
        (Allow.move.rawValue, 1.0, 0.0, Vec2(330, 450)),
        (Allow([.move, .pinch, .rotate]).rawValue, 2.0, Double.pi / 2, Vec2(300, 510)),
        (Allow([.pinch, .rotate]).rawValue, 2.0, Double.pi / 2, Vec2(370, 360))
    ])
    func allowBitsGateEachPart(allow: UInt32, scale: Double, rotation: Double, centre: Vec2) throws {
        let r = Rig()
        let b = r.box(center: Vec2(400, 300), editing: false) { $0.behavior.allow = Allow(rawValue: allow) }
        try r.down(Vec2(320, 300), id: 1)
        try r.down(Vec2(420, 300), id: 2)
        try r.move(Vec2(300, 350), id: 1)
        try r.move(Vec2(300, 550), id: 2)
        let g = r.geometry(b)
        #expect(close(g.scale, scale, rel: 1e-12))
        #expect(abs(g.rotation - rotation) < 1e-12)
        #expect(close(g.center, centre, rel: 1e-12), "\(g.center)")
    }

    @Test func scaleLimitStopsOnlyTheScale() throws {
        let r = Rig()
        let b = r.box(center: Vec2(400, 300), editing: false) { $0.behavior.maxScale = 1.5 }
        try r.down(Vec2(320, 300), id: 1)
        try r.down(Vec2(420, 300), id: 2)
        try r.move(Vec2(270, 300), id: 1)
        try r.move(Vec2(470, 300), id: 2)  // twice as far: clamped at 1.5 about the centroid (370, 300)
        var g = r.geometry(b)
        #expect(g.scale == 1.5)
        #expect(close(g.center, Vec2(415, 300), rel: 1e-12))
        try r.move(Vec2(320, 340), id: 1)
        try r.move(Vec2(520, 340), id: 2)  // both 50 right and 40 down: the pan goes on
        g = r.geometry(b)
        #expect(g.scale == 1.5)
        #expect(close(g.center, Vec2(465, 340), rel: 1e-12))
        // Below the minimum likewise.
        try r.move(Vec2(410, 340), id: 1)
        try r.move(Vec2(411, 340), id: 2)
        #expect(r.geometry(b).scale == 0.1)
    }

    @Test func secondFingerTurnsAMoveIntoAPinchWithoutAJump() throws {
        let r = Rig()
        let b = r.box(center: Vec2(400, 300), editing: false)
        try r.down(Vec2(350, 300), id: 1)
        try r.move(Vec2(380, 310), id: 1)
        #expect(r.geometry(b).center == Vec2(430, 310))
        _ = r.events()
        let before = r.geometry(b)
        try r.down(Vec2(480, 330), id: 2)
        #expect(r.geometry(b) == before)
        let evs = r.events()
        #expect(evs.map(\.kind) == [.gestureEnded, .gestureBegan])
        #expect(evs.map(\.gesture) == [.move, .pinch])
        let inv = try refWorld(r.e, b).inv
        let p1 = inv.apply(Vec2(380, 310)), p2 = inv.apply(Vec2(480, 330))
        try r.move(Vec2(520, 360), id: 2)
        #expect(close(r.screen(of: b, boxPoint: p1), Vec2(380, 310), rel: 1e-9))
        #expect(close(r.screen(of: b, boxPoint: p2), Vec2(520, 360), rel: 1e-9))
        #expect(r.geometry(b).scale != 1 && r.geometry(b).rotation != 0)
    }

    @Test func liftingOneFingerContinuesAsAMoveWithoutAJumpAndASecondResumes() throws {
        let r = Rig()
        let b = r.box(center: Vec2(400, 300), editing: false)
        try r.down(Vec2(350, 300), id: 1)
        try r.down(Vec2(450, 300), id: 2)
        try r.move(Vec2(330, 290), id: 1)
        try r.move(Vec2(480, 320), id: 2)
        _ = r.events()
        let before = r.geometry(b)
        let grab = try refWorld(r.e, b).inv.apply(Vec2(330, 290))
        try r.up(Vec2(480, 320), id: 2)
        #expect(r.geometry(b) == before)
        let evs = r.events()
        #expect(evs.map(\.kind) == [.gestureEnded] && evs.map(\.gesture) == [.pinch])
        // The other finger's first move begins the move, grabbed where it was: no jump.
        try r.move(Vec2(250, 200), id: 1)
        #expect(r.events().map(\.kind) == [.gestureBegan, .gestureChanged])
        #expect(close(r.screen(of: b, boxPoint: grab), Vec2(250, 200), rel: 1e-9))
        #expect(r.geometry(b).scale == before.scale && r.geometry(b).rotation == before.rotation)
        _ = r.events()
        // A finger back on the box: a pinch again, from where things are.
        let mid = r.geometry(b)
        let q = r.screen(of: b, boxPoint: grab + Vec2(40, 10))
        try r.down(q, id: 3)
        #expect(r.geometry(b) == mid)
        #expect(r.events().map(\.gesture) == [.move, .pinch])
        try r.move(q + Vec2(30, 30), id: 3)
        #expect(close(r.screen(of: b, boxPoint: grab), Vec2(250, 200), rel: 1e-9))
        #expect(close(r.screen(of: b, boxPoint: grab + Vec2(40, 10)), q + Vec2(30, 30), rel: 1e-9))
    }

    @Test func liftingBothFingersTogetherStartsNoMove() throws {
        let r = Rig()
        let b = r.box(center: Vec2(400, 300), editing: false)
        try r.down(Vec2(350, 300), id: 1)
        try r.down(Vec2(450, 300), id: 2)
        try r.move(Vec2(330, 290), id: 1)
        _ = r.events()
        let before = r.geometry(b)
        try r.up(Vec2(450, 300), id: 2)
        // A move to where it already is (a host repeating the position) starts nothing either.
        #expect(try r.move(Vec2(330, 290), id: 1) == true)
        #expect(try r.up(Vec2(330, 290), id: 1) == true)
        let evs = r.events()
        #expect(evs.map(\.kind) == [.gestureEnded] && evs.map(\.gesture) == [.pinch])
        #expect(r.geometry(b) == before)
        // The box is not left in a gesture.
        #expect(!(try r.e.state(b)).gestureActive)
    }

    @Test func aThirdPointerIsIgnored() throws {
        let r = Rig()
        let b = r.box(center: Vec2(400, 300), editing: false)
        try r.down(Vec2(350, 300), id: 1)
        try r.down(Vec2(450, 300), id: 2)
        _ = r.events()
        let before = r.geometry(b)
        #expect(try r.down(Vec2(400, 320), id: 3) == true)
        try r.move(Vec2(200, 100), id: 3)
        try r.move(Vec2(600, 500), id: 3)
        #expect(r.geometry(b) == before)
        #expect(r.events().isEmpty)
        try r.up(Vec2(600, 500), id: 3)
        #expect(r.events().isEmpty)
        // The pinch carries on with its own two fingers.
        try r.move(Vec2(300, 300), id: 1)
        #expect(r.geometry(b).scale == 1.5)
    }

    @Test func containmentRefusesAPinchStepAsAWhole() throws {
        let r = Rig(width: 1000, height: 800)
        let b = r.box(center: Vec2(500, 400), editing: false) { $0.behavior.contain = true }
        try r.down(Vec2(450, 400), id: 1)
        try r.down(Vec2(550, 400), id: 2)
        try r.move(Vec2(350, 400), id: 1)  // k = 2 about the centroid: 400 x 240 at (450, 400), fits
        var g = r.geometry(b)
        #expect(g.scale == 2 && g.center == Vec2(450, 400))
        try r.move(Vec2(950, 400), id: 2)  // k = 6: 1200 wide, does not fit: refused, pan included
        g = r.geometry(b)
        #expect(g.scale == 2 && g.center == Vec2(450, 400) && g.rotation == 0)
        try r.move(Vec2(650, 420), id: 2)  // fits again: applied in full
        g = r.geometry(b)
        let v = Vec2(300, 20)
        #expect(close(g.scale, len(v) / 100, rel: 1e-12))
        #expect(abs(g.rotation - refAtan2(20, 300)) < 1e-12)
        #expect(close(g.center, Vec2(500, 410), rel: 1e-12))
    }

    @Test func cancellingOnePointerOfAPinchRestoresTheStart() throws {
        let r = Rig()
        let b = r.box(center: Vec2(400, 300), editing: false)
        let start = r.geometry(b)
        try r.down(Vec2(350, 300), id: 1)
        try r.down(Vec2(450, 300), id: 2)
        try r.move(Vec2(300, 280), id: 1)
        try r.move(Vec2(520, 330), id: 2)
        #expect(r.geometry(b) != start)
        _ = r.events()
        try r.cancel(Vec2(520, 330), id: 2)
        #expect(r.geometry(b) == start)
        #expect(kinds(r.events()) == [.gestureCancelled])
        // The other finger is out of play until it lifts.
        try r.move(Vec2(200, 200), id: 1)
        #expect(r.geometry(b) == start)
        try r.up(Vec2(200, 200), id: 1)
        #expect(r.events().isEmpty)
    }
}
