import Testing

@testable import GripCore

@Suite struct LongPressTests {
    /// A 200 x 120 box at (300, 220) that allows a long press of 1 s.
    private func pressable(_ r: Rig, editing: Bool = false, _ make: (inout BoxDesc) -> Void = { _ in }) -> BoxID {
        r.box(editing: editing) { d in
            d.behavior.allow = Allow.defaults.union(.longPress)
            d.behavior.longPressDuration = 1
            make(&d)
        }
    }

    private func indicator(_ r: Rig, _ id: BoxID) -> (Command, [Vec2])? {
        let f = r.e.frame()
        guard let c = f.commands.first(where: { $0.kind == .indicator && $0.box == id }) else { return nil }
        return (c, Array(f.vertices[Int(c.firstVertex)..<Int(c.firstVertex + c.vertexCount)]))
    }

    @Test func progressIsDrivenOnlyByTimer() throws {
        let r = Rig()
        let b = pressable(r)
        try r.down(Vec2(300, 220), at: 0)
        #expect(kinds(r.events()) == [.longPressBegan])
        #expect(r.e.pressProgress(b) == 0)
        #expect(indicator(r, b) == nil)
        try r.timer(0.25)
        #expect(r.e.pressProgress(b) == 0.25)
        #expect(indicator(r, b)?.0.progress == 0.25)
        try r.timer(0.5)
        #expect(r.e.pressProgress(b) == 0.5)
        try r.move(Vec2(303, 222), at: 0.75)  // within touch_slop; pointer time does not fill it
        #expect(r.e.pressProgress(b) == 0.5)
        try r.timer(0.75)
        #expect(r.e.pressProgress(b) == 0.75)
        #expect(r.events().isEmpty)
        try r.timer(1.0)
        #expect(r.e.pressProgress(b) == 1)
        let evs = r.events()
        #expect(kinds(evs) == [.longPressTriggered] && evs.first?.box == b)
        try r.timer(1.5)
        #expect(r.e.pressProgress(b) == 1)
        #expect(r.events().isEmpty)
        // Released after triggering: no tap, no cancel; the indicator winds back.
        try r.up(Vec2(303, 222), at: 1.6)
        #expect(r.events().isEmpty)
        try r.timer(1.6 + 0.125)
        #expect(close(r.e.pressProgress(b), 0.5, rel: 1e-9))
    }

    @Test func triggeredOnceWhenOneTimerCallJumpsPastTheEnd() throws {
        let r = Rig()
        let b = pressable(r)
        try r.down(Vec2(300, 220), at: 0)
        try r.timer(5)
        #expect(r.e.pressProgress(b) == 1)
        try r.timer(6)
        try r.timer(60)
        #expect(kinds(r.events()) == [.longPressBegan, .longPressTriggered])
    }

    @Test func releaseCancelsAndATapNeverTriggers() throws {
        let r = Rig()
        let b = pressable(r)
        try r.down(Vec2(300, 220), at: 0)
        try r.timer(0.4)
        try r.up(Vec2(300, 220), at: 0.5)
        #expect(kinds(r.events()) == [.longPressBegan, .longPressCancelled, .tap])
        try r.timer(3)
        #expect(r.events().isEmpty)
        #expect(r.e.pressProgress(b) == 0)
    }

    @Test func movingBeyondTheSlopCancelsAndAMoveBegins() throws {
        let r = Rig()
        _ = pressable(r)
        try r.down(Vec2(300, 220), at: 0)
        try r.timer(0.3)
        try r.move(Vec2(312, 220), at: 0.35)
        let evs = r.events()
        #expect(kinds(evs) == [.longPressBegan, .longPressCancelled, .gestureBegan, .gestureChanged])
        try r.timer(2)
        #expect(!r.events().contains { $0.kind == .longPressTriggered })
    }

    /// A long press is an interaction of its own that drives no box: the live feed lists nothing
    /// while it fills, the move that cancels it lists its box once while the indicator winds back
    /// beside it, and the press is gone when the indicator is back at 0.
    @Test func aPressDrivesNoBoxAndWindsBackBesideTheMove() throws {
        let r = Rig()
        let b = pressable(r)
        func live() -> [BoxID] {
            var ids: [BoxID] = []
            r.e.sync.liveSerial = nil  // every call lists
            _ = r.e.liveBoxes { _, _, _, _, id, _ in ids.append(id) }
            return ids
        }
        try r.down(Vec2(300, 220), at: 0)
        try r.timer(0.5)
        #expect(r.e.interactions.count == 1 && r.e.interactions.press(on: b) == 0)
        #expect(live().isEmpty)
        #expect(r.e.gesture(on: b) == nil)
        try r.move(Vec2(312, 220), at: 0.6)
        #expect(r.e.interactions.count == 2 && r.e.gesture(on: b) == 1)
        #expect(live().count == 1)
        try r.timer(0.7)  // 0.1 of the 0.25 s wind-back: 0.5 x (1 - 0.4)
        #expect(abs(r.e.pressProgress(b) - 0.3) < 1e-12)
        try r.timer(0.9)
        #expect(r.e.pressProgress(b) == 0 && r.e.interactions.press(on: b) == nil)
        #expect(r.e.interactions.count == 1 && r.e.gesture(on: b) == 0)
        try r.up(Vec2(312, 220), at: 0.95)
        #expect(r.e.interactions.count == 0)
    }

    @Test func aSecondPointerCancels() throws {
        let r = Rig()
        _ = pressable(r)
        try r.down(Vec2(280, 220), id: 1, at: 0)
        try r.timer(0.3)
        try r.down(Vec2(340, 220), id: 2, at: 0.4)
        let evs = r.events()
        #expect(kinds(evs) == [.longPressBegan, .longPressCancelled, .gestureBegan])
        #expect(evs.last?.gesture == .pinch)
        try r.timer(2)
        #expect(!r.events().contains { $0.kind == .longPressTriggered })
    }

    @Test func cancelPhaseCancelsWithoutATap() throws {
        let r = Rig()
        _ = pressable(r)
        try r.down(Vec2(300, 220), at: 0)
        try r.cancel(Vec2(300, 220), at: 0.2)
        #expect(kinds(r.events()) == [.longPressBegan, .longPressCancelled])
        try r.timer(2)
        #expect(r.events().isEmpty)
    }

    @Test func destroyingTheBoxCancels() throws {
        let r = Rig()
        let b = pressable(r)
        try r.down(Vec2(300, 220), at: 0)
        try r.timer(0.5)
        try r.e.destroyBox(b)
        let evs = r.events()
        #expect(kinds(evs) == [.longPressBegan, .longPressCancelled] && evs.last?.box == b)
        try r.timer(2)
        try r.up(Vec2(300, 220), at: 2.1)
        #expect(r.events().isEmpty)
        #expect(r.e.frame().commands.isEmpty)
    }

    @Test func windsBackToZeroOverAQuarterSecond() throws {
        let r = Rig()
        let b = pressable(r)
        try r.down(Vec2(300, 220), at: 0)
        try r.timer(0.6)
        try r.up(Vec2(300, 220), at: 0.6)
        #expect(r.e.pressProgress(b) == 0.6)
        var last = 0.6
        for i in 1...9 {
            try r.timer(0.6 + 0.025 * Double(i))
            let p = r.e.pressProgress(b)
            #expect(p < last && p > 0, "at +\(0.025 * Double(i)): \(p)")
            if i == 5 { #expect(close(p, 0.3, rel: 1e-9), "half way back: \(p)") }
            last = p
        }
        try r.timer(0.6 + 0.25 + 1e-9)
        #expect(r.e.pressProgress(b) == 0)
        #expect(indicator(r, b) == nil)
    }

    @Test func noLongPressWhereItIsNotAllowed() throws {
        let r = Rig()
        let b = r.box(editing: false)
        try r.down(Vec2(300, 220), at: 0)
        try r.timer(3)
        #expect(r.events().isEmpty)
        #expect(r.e.pressProgress(b) == 0)
    }

    // MARK: indicator outlines

    /// Winding of a polyline on screen: positive is clockwise with y down.
    private func turning(_ v: [Vec2], about c: Vec2) -> Double {
        var sum = 0.0
        for i in 1..<v.count { sum += (v[i - 1] - c).cross(v[i] - c) }
        return sum
    }

    @Test(arguments: [1.0, 4.0])
    func circleStartsAtTwelveGoesClockwiseAndStaysOnTheCircle(zoom: Double) throws {
        let r = Rig()
        try r.e.setView(Affine.scale(zoom, zoom))
        let b = pressable(r, editing: true)
        try r.down(r.screen(Vec2(300, 220)), at: 0)
        let c = r.screen(Vec2(300, 220)), radius = 60 * zoom
        for (t, end) in [(0.25, Vec2(radius, 0)), (0.5, Vec2(0, radius)), (1.0, Vec2(0, -radius))] {
            try r.timer(t)
            let (cmd, v) = try #require(indicator(r, b))
            #expect(cmd.progress == t)
            #expect(v.count >= 2)
            #expect(close(v[0], c + Vec2(0, -radius), rel: 1e-12), "start \(v[0])")
            #expect(v[1].x > v[0].x, "not clockwise")
            #expect(turning(v, about: c) > 0)
            for i in v.indices {
                #expect(abs(dist(v[i], c) - radius) <= 0.25, "vertex \(i) off the circle by \(dist(v[i], c) - radius)")
                if i > 0 {
                    let m = Vec2.mid(v[i - 1], v[i])
                    #expect(abs(dist(m, c) - radius) <= 0.25, "segment \(i) strays \(dist(m, c) - radius)")
                }
            }
            #expect(dist(v.last!, c + end) <= 0.25 + 1e-9, "at \(t): ends at \(v.last!)")
        }
        // The indicator comes after the box's border and handles.
        let kindsOfB = r.e.frame().commands.filter { $0.box == b }.map(\.kind)
        #expect(kindsOfB.first == .box && kindsOfB.last == .indicator && kindsOfB.dropLast().last == .handle)
    }

    /// Signed distance to a rounded rectangle centred at `c`.
    private func roundedRectDistance(_ p: Vec2, c: Vec2, halfW: Double, halfH: Double, radius: Double) -> Double {
        let qx = abs(p.x - c.x) - (halfW - radius), qy = abs(p.y - c.y) - (halfH - radius)
        let outside = len(Vec2(Swift.max(qx, 0), Swift.max(qy, 0)))
        return outside + Swift.min(Swift.max(qx, qy), 0) - radius
    }

    @Test(arguments: [1.0, 3.0])
    func roundedRectStartsAtTwelveGoesClockwiseAndStaysOnTheShape(zoom: Double) throws {
        let r = Rig()
        try r.e.setView(Affine.scale(zoom, zoom))
        let b = pressable(r) {
            $0.behavior.indicator = .roundedRect; $0.behavior.cornerRadius = 20
        }
        try r.down(r.screen(Vec2(300, 220)), at: 0)
        let c = r.screen(Vec2(300, 220))
        for t in [0.5, 1.0] {
            try r.timer(t)
            let (_, v) = try #require(indicator(r, b))
            #expect(close(v[0], c + Vec2(0, -60 * zoom), rel: 1e-12))
            #expect(v[1].x > v[0].x && turning(v, about: c) > 0)
            for i in v.indices {
                let d = roundedRectDistance(v[i], c: c, halfW: 100 * zoom, halfH: 60 * zoom, radius: 20 * zoom)
                #expect(abs(d) <= 0.25, "vertex \(i) off by \(d)")
                if i > 0 {
                    let m = Vec2.mid(v[i - 1], v[i])
                    let dm = roundedRectDistance(m, c: c, halfW: 100 * zoom, halfH: 60 * zoom, radius: 20 * zoom)
                    #expect(abs(dm) <= 0.25, "segment \(i) strays \(dm)")
                }
            }
            if t == 0.5 { #expect(dist(v.last!, c + Vec2(0, 60 * zoom)) <= 0.25, "half way ends at \(v.last!)") }
        }
    }

    @Test func rectIndicatorUsesTheCorners() throws {
        let r = Rig()
        let b = pressable(r) { $0.behavior.indicator = .rect }
        try r.down(Vec2(300, 220), at: 0)
        try r.timer(1)
        let (_, v) = try #require(indicator(r, b))
        #expect(v.first == Vec2(300, 160) && close(v.last!, Vec2(300, 160), rel: 1e-12))
        #expect(
            v.contains(Vec2(400, 160)) && v.contains(Vec2(400, 280)) && v.contains(Vec2(200, 280))
                && v.contains(Vec2(200, 160)))
        #expect(v[1] == Vec2(400, 160))
    }

    @Test(arguments: [(true, false), (false, true), (true, true)])
    func mirroredBoxesStillRunClockwiseFromTwelve(flipX: Bool, flipY: Bool) throws {
        let r = Rig()
        let b = pressable(r) {
            $0.geometry.flippedX = flipX; $0.geometry.flippedY = flipY
        }
        try r.down(Vec2(300, 220), at: 0)
        try r.timer(0.5)
        let (_, v) = try #require(indicator(r, b))
        #expect(close(v[0], Vec2(300, 160), rel: 1e-12))
        #expect(v[1].x > v[0].x && turning(v, about: Vec2(300, 220)) > 0)
        #expect(dist(v.last!, Vec2(300, 280)) <= 0.25)
    }

    @Test func circleRunsClockwiseOnScreenInAnyNestingAndView() throws {
        var rng = SplitMix64(seed: 2002)
        for round in 0..<100 {
            let r = Rig()
            if rng.bool() { try r.e.setView(randomView(&rng)) }
            let b = randomNest(r, &rng) { d in
                d.behavior.allow = Allow.defaults.union(.longPress)
                d.behavior.longPressDuration = 1
            }
            let g = r.geometry(b)
            let c = r.screen(of: b, boxPoint: Vec2(g.width / 2, g.height / 2))
            let radius = Swift.min(g.width, g.height) / 2 * (try refWorld(r.e, b)).lengthScale * M(r.e.view).lengthScale
            try r.down(c, at: 0)
            try r.timer(0.6)
            let (_, v) = try #require(indicator(r, b))
            #expect(turning(v, about: c) > 0, "round \(round): counter-clockwise on screen")
            for i in v.indices {
                #expect(abs(dist(v[i], c) - radius) <= 0.25, "round \(round): vertex \(i) off the circle")
                if i > 0 {
                    #expect(
                        abs(dist(Vec2.mid(v[i - 1], v[i]), c) - radius) <= 0.25, "round \(round): segment \(i) strays")
                }
            }
            // 60 % of the way round.
            var length = 0.0
            for i in 1..<v.count { length += dist(v[i - 1], v[i]) }
            #expect(abs(length - 0.6 * 2 * Double.pi * radius) <= 0.01 * radius, "round \(round): length \(length)")
        }
    }

    @Test func mirroringViewStillRunsClockwiseOnScreen() throws {
        let r = Rig()
        try r.e.setView(Affine(a: -1, b: 0, c: 0, d: 1, tx: 1000, ty: 0))  // mirrored left-right
        let b = pressable(r)
        let c = r.screen(Vec2(300, 220))
        try r.down(c, at: 0)
        try r.timer(0.25)
        let (_, v) = try #require(indicator(r, b))
        #expect(close(v[0], c + Vec2(0, -60), rel: 1e-12))
        #expect(turning(v, about: c) > 0)
        #expect(dist(v.last!, c + Vec2(60, 0)) <= 0.25)
    }
}
