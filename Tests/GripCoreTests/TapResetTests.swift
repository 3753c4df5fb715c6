import Testing

@testable import GripCore

@Suite struct TapResetTests {
    private func tap(_ r: Rig, _ p: Vec2, at t: Double, id: UInt32 = 1) throws {
        try r.down(p, id: id, at: t)
        try r.up(p, id: id, at: t + 0.05)
    }

    /// Drags box `b` by `d` from `p` with pointer 9.
    private func drag(_ r: Rig, _ p: Vec2, _ d: Vec2) throws {
        try r.down(p, id: 9)
        try r.move(p + d, id: 9)
        try r.up(p + d, id: 9)
    }

    @Test func tapAndDoubleTap() throws {
        let r = Rig()
        let b = r.box(editing: false) { $0.behavior.userData = 5 }
        try tap(r, Vec2(300, 220), at: 1.0)
        var evs = r.events()
        #expect(kinds(evs) == [.tap])
        #expect(evs.first?.box == b && evs.first?.userData == 5 && evs.first?.position == Vec2(300, 220))
        try tap(r, Vec2(305, 224), at: 1.2)  // 0.15 s after the first tap's up, 6.4 units away
        evs = r.events()
        #expect(kinds(evs) == [.tap, .doubleTap])
        #expect(evs.last?.box == b)
        // Nothing changed, so the double tap resets nothing.
        try r.timer(2)
        #expect(r.events().isEmpty)
        // A third tap starts over.
        try tap(r, Vec2(300, 220), at: 2.1)
        #expect(kinds(r.events()) == [.tap])
    }

    @Test func doubleTapNeedsTheIntervalTheSlopAndTheSameBox() throws {
        let r = Rig()
        let a = r.box(center: Vec2(300, 220), editing: false)
        let b = r.box(center: Vec2(500, 220), editing: false)  // touches a at x = 400
        // Too slow: double_tap_interval is 0.3 s from the first up (1.05) to the second up.
        try tap(r, Vec2(300, 220), at: 1.0)
        try tap(r, Vec2(300, 220), at: 1.32)
        #expect(kinds(r.events()) == [.tap, .tap])
        // Too far apart: 12 units (touch_slop is 10).
        try tap(r, Vec2(300, 220), at: 3.0)
        try tap(r, Vec2(312, 220), at: 3.1)
        #expect(kinds(r.events()) == [.tap, .tap])
        // On another box, 8 units apart.
        try tap(r, Vec2(396, 220), at: 5.0)
        try tap(r, Vec2(404, 220), at: 5.1)
        let evs = r.events()
        #expect(kinds(evs) == [.tap, .tap] && evs.map(\.box) == [a, b])
        // Just inside both limits.
        try tap(r, Vec2(500, 220), at: 7.0)
        try tap(r, Vec2(507, 226), at: 7.29)
        #expect(kinds(r.events()) == [.tap, .tap, .doubleTap])
    }

    @Test func notATapAfterMovingOrHoldingTooLong() throws {
        let r = Rig()
        _ = r.box(editing: false) { $0.behavior.allow = [.doubleTapReset] }  // cannot move
        try r.down(Vec2(300, 220), at: 1)
        try r.move(Vec2(312, 220), at: 1.05)
        try r.up(Vec2(300, 220), at: 1.1)
        #expect(r.events().isEmpty)
        try r.down(Vec2(300, 220), at: 2)
        try r.up(Vec2(300, 220), at: 3.2)  // past long_press_duration (1 s)
        #expect(!r.events().contains { $0.kind == .tap })
    }

    @Test func doubleTapAnimatesBackHomeOverAFifthOfASecondOfTimerTime() throws {
        let r = Rig()
        let b = r.box(editing: false)
        let home = r.geometry(b)
        try drag(r, Vec2(300, 220), Vec2(100, 40))
        #expect(r.geometry(b).center == Vec2(400, 260))
        _ = r.events()
        try tap(r, Vec2(400, 260), at: 1.0)
        try tap(r, Vec2(400, 260), at: 1.1)
        #expect(kinds(r.events()) == [.tap, .tap, .doubleTap])
        let t0 = r.t  // the second up: the animation starts there
        func fraction() -> Double { (400 - r.geometry(b).center.x) / 100 }
        var last = 0.0
        for i in 1...7 {
            try r.timer(t0 + 0.025 * Double(i))
            let f = fraction()
            #expect(f > last && f < 1, "at \(0.025 * Double(i)) s: \(f)")
            #expect(close(r.geometry(b).center.y, 260 - 40 * f, rel: 1e-12))
            // Eased: slower than linear in the first quarter, faster in the last.
            if i == 2 { #expect(f < 0.25) }
            if i == 6 { #expect(f > 0.75) }
            last = f
            #expect(!r.events().contains { $0.kind == .reset })
        }
        try r.timer(t0 + 0.2 - 1e-6)
        #expect(r.geometry(b) != home)
        #expect(r.events().isEmpty)
        try r.timer(t0 + 0.2 + 1e-9)
        #expect(r.geometry(b) == home)
        let evs = r.events()
        #expect(kinds(evs) == [.reset] && evs.first?.box == b)
        try r.timer(t0 + 1)
        #expect(r.events().isEmpty)
    }

    @Test func resetRestoresSizeRotationScaleAndFlips() throws {
        let r = Rig()
        let b = r.box(rotation: 0.2)
        var d = try r.e.describe(b)
        d.geometry.rotation = 0.4
        try r.e.configure(b, d)  // the new home
        let home = r.geometry(b)
        try r.down(try #require(r.handle(b, .right)).center)
        try r.move(Vec2(100, 100))  // far past the left edge: flipped, resized
        try r.up(Vec2(100, 100))
        #expect(r.geometry(b).flippedX)
        _ = r.events()
        #expect(try r.e.reset(b, animated: true) == .ok)
        try r.tick(0.1)
        #expect(r.geometry(b) != home)
        try r.tick(0.1 + 1e-9)
        #expect(r.geometry(b) == home)
        #expect(kinds(r.events()) == [.reset])
    }

    @Test func programmaticResetAndDone() throws {
        let r = Rig()
        let b = r.box(editing: false)
        #expect(try r.e.reset(b, animated: true) == .done)
        #expect(try r.e.reset(b, animated: false) == .done)
        #expect(r.events().isEmpty)
        try drag(r, Vec2(300, 220), Vec2(50, 0))
        _ = r.events()
        #expect(try r.e.reset(b, animated: false) == .ok)
        #expect(r.geometry(b).center == Vec2(300, 220))
        #expect(kinds(r.events()) == [.reset])
        #expect(try r.e.reset(b, animated: false) == .done)
    }

    @Test func noResetDuringAGesture() throws {
        let r = Rig()
        let b = r.box(editing: false)
        try r.down(Vec2(300, 220), id: 1)
        try r.move(Vec2(350, 220), id: 1)
        expectGripError(.invalidState, "reset during a move") { _ = try r.e.reset(b, animated: true) }
        #expect(r.geometry(b).center == Vec2(350, 220))
        try r.up(Vec2(350, 220), id: 1)
        // A double tap on a box being magnified resets nothing.
        r.t += 0.01
        _ = try r.e.dispatchMagnify(MagnifyEvent(.down, factor: 1, focal: Vec2(350, 220), time: r.t))
        r.t += 0.01
        _ = try r.e.dispatchMagnify(MagnifyEvent(.move, factor: 1.5, focal: Vec2(350, 220), time: r.t))
        let magnified = r.geometry(b)
        _ = r.events()
        try tap(r, Vec2(350, 220), at: r.t + 0.01)
        try tap(r, Vec2(350, 220), at: r.t + 0.01)
        try r.tick(0.5)
        #expect(r.geometry(b) == magnified)
        #expect(!r.events().contains { $0.kind == .reset })
    }

    @Test func doubleTapWithoutResetPermission() throws {
        let r = Rig()
        let b = r.box(editing: false) { $0.behavior.allow = [.move] }
        try drag(r, Vec2(300, 220), Vec2(50, 0))
        _ = r.events()
        try tap(r, Vec2(350, 220), at: 1)
        try tap(r, Vec2(350, 220), at: 1.1)
        try r.tick(0.5)
        #expect(kinds(r.events()) == [.tap, .tap, .doubleTap])
        #expect(r.geometry(b).center == Vec2(350, 220))
    }

    @Test func aNewGestureStopsTheResetAnimation() throws {
        let r = Rig()
        let b = r.box(editing: false)
        try drag(r, Vec2(300, 220), Vec2(100, 0))
        #expect(try r.e.reset(b, animated: true) == .ok)
        try r.tick(0.1)
        let x = r.geometry(b).center.x
        try r.down(Vec2(x, 220))
        try r.move(Vec2(x + 20, 220))
        try r.tick(0.3)
        #expect(r.geometry(b).center.x == x + 20)
        #expect(!r.events().contains { $0.kind == .reset })
    }
}
