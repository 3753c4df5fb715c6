import Testing

@testable import GripCore

@Suite struct MagnifyTests {
    private func mag(_ r: Rig, _ phase: PointerPhase, _ factor: Double, _ focal: Vec2) throws -> Bool {
        r.t += r.step
        return try r.e.dispatchMagnify(MagnifyEvent(phase, factor: factor, focal: focal, time: r.t))
    }

    @Test func previewIsClampedToATenthAndFiveTimesTheStartScaleAboutTheFocalPoint() throws {
        let r = Rig()
        // maxScale 10 and minScale 0.01 leave room on both sides of the preview's own clamp.
        let b = r.box(center: Vec2(400, 300), scale: 1.5, editing: false) { $0.behavior.minScale = 0.01 }
        let f = Vec2(350, 280)
        #expect(try mag(r, .down, 1, f))
        #expect(try mag(r, .move, 2, f))
        var g = r.geometry(b)
        #expect(g.scale == 3 && close(g.center, f + Vec2(50, 20) * 2, rel: 1e-12))
        _ = try mag(r, .move, 10, f)
        g = r.geometry(b)
        #expect(close(g.scale, 7.5, rel: 1e-12) && close(g.center, f + Vec2(50, 20) * 5, rel: 1e-12))
        _ = try mag(r, .move, 0.001, f)
        g = r.geometry(b)
        #expect(close(g.scale, 0.15, rel: 1e-12) && close(g.center, f + Vec2(50, 20) * 0.1, rel: 1e-12))
        _ = try mag(r, .up, 1.2, f)
        g = r.geometry(b)
        #expect(close(g.scale, 1.8, rel: 1e-12) && close(g.center, f + Vec2(50, 20) * 1.2, rel: 1e-12))
        let evs = r.events()
        #expect(evs.first?.kind == .gestureBegan && evs.last?.kind == .gestureEnded)
        #expect(evs.dropFirst().dropLast().allSatisfy { $0.kind == .gestureChanged })
        #expect(evs.allSatisfy { $0.gesture == .magnify && $0.box == b })
    }

    @Test func previewMayPassTheLimitsButTheCommitIsClampedToThem() throws {
        let r = Rig()
        let b = r.box(center: Vec2(400, 300), editing: false) {
            $0.behavior.minScale = 0.5; $0.behavior.maxScale = 3
        }
        let f = Vec2(420, 310)
        _ = try mag(r, .down, 1, f)
        _ = try mag(r, .move, 4, f)
        #expect(r.geometry(b).scale == 4)
        _ = try mag(r, .up, 4, f)
        var g = r.geometry(b)
        #expect(g.scale == 3 && close(g.center, f + Vec2(-20, -10) * 3, rel: 1e-12))
        // And at the other end.
        _ = try mag(r, .down, 1, f)
        _ = try mag(r, .move, 0.1, f)
        #expect(close(r.geometry(b).scale, 0.3, rel: 1e-12))
        _ = try mag(r, .up, 0.1, f)
        g = r.geometry(b)
        #expect(g.scale == 0.5)
    }

    @Test func cancelRestoresTheStart() throws {
        let r = Rig()
        let b = r.box(center: Vec2(400, 300), rotation: 0.3, editing: false)
        let start = r.geometry(b)
        _ = try mag(r, .down, 1, Vec2(380, 290))
        _ = try mag(r, .move, 2.5, Vec2(380, 290))
        #expect(r.geometry(b) != start)
        _ = try mag(r, .cancel, 2.5, Vec2(380, 290))
        #expect(r.geometry(b) == start)
        let evs = r.events()
        #expect(kinds(evs) == [.gestureBegan, .gestureChanged, .gestureCancelled])
        #expect(try r.e.state(b).gestureActive == false)
    }

    @Test func theFocalBoxPointStaysPutInNestedBoxes() throws {
        var rng = SplitMix64(seed: 606)
        for round in 0..<100 {
            let r = Rig()
            if rng.bool() { try r.e.setView(randomView(&rng)) }
            let box = randomNest(r, &rng)
            let g = r.geometry(box)
            let fp = Vec2(g.width * rng.double(0.2, 0.8), g.height * rng.double(0.2, 0.8))
            let f = r.screen(of: box, boxPoint: fp)
            #expect(try mag(r, .down, 1, f))
            let factor = rng.double(0.2, 4)
            _ = try mag(r, .move, factor, f)
            #expect(close(r.screen(of: box, boxPoint: fp), f, rel: 1e-9, scale: 1000), "round \(round)")
            #expect(close(r.geometry(box).scale, g.scale * factor, rel: 1e-12))
            _ = try mag(r, .up, factor, f)
            #expect(close(r.screen(of: box, boxPoint: fp), f, rel: 1e-9, scale: 1000), "round \(round)")
        }
    }

    @Test func boxWithoutMagnifyIsNotMagnified() throws {
        let r = Rig()
        let b = r.box(center: Vec2(400, 300), editing: false) { $0.behavior.allow = [.move] }
        #expect(try mag(r, .down, 1, Vec2(400, 300)) == false)
        _ = try mag(r, .move, 3, Vec2(400, 300))
        _ = try mag(r, .up, 3, Vec2(400, 300))
        #expect(r.geometry(b).scale == 1)
        #expect(r.events().isEmpty)
    }

    @Test func containmentRefusesAMagnifyStep() throws {
        let r = Rig(width: 800, height: 600)
        let b = r.box(center: Vec2(400, 300), editing: false) { $0.behavior.contain = true }
        _ = try mag(r, .down, 1, Vec2(400, 300))
        _ = try mag(r, .move, 2, Vec2(400, 300))
        #expect(r.geometry(b).scale == 2)
        _ = try mag(r, .move, 4.5, Vec2(400, 300))  // 900 wide: refused as a whole
        #expect(r.geometry(b).scale == 2)
        _ = try mag(r, .move, 3, Vec2(400, 300))  // 600 wide: fits again
        #expect(r.geometry(b).scale == 3)
        _ = try mag(r, .up, 4.5, Vec2(400, 300))
        let g = r.geometry(b)
        #expect(g.scale == 3)
        #expect(g.parentBounds.min.x >= -1e-6 && g.parentBounds.max.x <= 800 + 1e-6)
    }
}
