import Testing

@testable import GripCore

@Suite struct HierarchyTests {
    @Test func drawOrderIsParentsFirstThenSiblingsInCreationOrder() {
        let r = Rig()
        let a = r.box(center: Vec2(200, 200))
        let b = r.box(center: Vec2(600, 200))
        let a1 = r.box(parent: a, center: Vec2(50, 50), width: 40, height: 40)
        let b1 = r.box(parent: b, center: Vec2(50, 50), width: 40, height: 40)
        let a2 = r.box(parent: a, center: Vec2(120, 50), width: 40, height: 40)
        let a1a = r.box(parent: a1, center: Vec2(20, 20), width: 10, height: 10)
        let want = [a, a1, a1a, a2, b, b1]
        #expect(r.e.boxesInDrawOrder == want)
        let boxCommands = r.e.frame().commands.filter { $0.kind == .box }.map(\.box)
        #expect(boxCommands == want)
    }

    @Test func reparentingKeepsCreationOrderAmongNewSiblings() throws {
        let r = Rig()
        let a = r.box(center: Vec2(200, 200))
        let b = r.box(center: Vec2(600, 200))
        let c = r.box(center: Vec2(400, 500), width: 40, height: 40)
        let d = r.box(parent: a, center: Vec2(50, 50), width: 40, height: 40)
        var desc = try r.e.describe(c)
        desc.parent = a
        try r.e.configure(c, desc)
        // c was created before d, so it is drawn before d under a.
        #expect(r.e.boxesInDrawOrder == [a, c, d, b])
        #expect(try r.e.parent(of: c) == a)
        desc = try r.e.describe(c)
        desc.parent = .none
        try r.e.configure(c, desc)
        #expect(r.e.boxesInDrawOrder == [a, d, b, c])
        #expect(try r.e.parent(of: c) == .none)
    }

    @Test func reparentingKeepsWorldCorners() throws {
        var rng = SplitMix64(seed: 101)
        for _ in 0..<200 {
            let r = Rig()
            func randomBox(_ parent: BoxID) -> BoxID {
                r.box(
                    parent: parent, center: Vec2(rng.double(-200, 600), rng.double(-200, 600)),
                    width: rng.double(20, 300), height: rng.double(20, 300), rotation: rng.double(-3.1, 3.1),
                    scale: rng.double(0.3, 3), flipX: rng.bool(), flipY: rng.bool(), editing: false)
            }
            let p1 = randomBox(.none)
            let p2 = randomBox(p1)
            let q1 = randomBox(.none)
            let q2 = randomBox(q1)
            let x = randomBox(rng.bool() ? p2 : p1)
            let child = randomBox(x)
            let before = try refCorners(r.e, x)
            let childBefore = try refCorners(r.e, child)
            var d = try r.e.describe(x)
            d.parent = rng.bool() ? q2 : (rng.bool() ? q1 : .none)
            // The world place kept can need a local scale past the default limits (a re-parent
            // outside them is refused): the widest limits, set in the same description.
            d.behavior.minScale = BoxGeometry.minScale
            d.behavior.maxScale = BoxGeometry.maxScale
            try r.e.configure(x, d)
            #expect(try r.e.parent(of: x) == d.parent)
            let after = try refCorners(r.e, x)
            let state = try r.e.state(x)
            let engineCorners = [state.corners.0, state.corners.1, state.corners.2, state.corners.3]
            for i in 0..<4 {
                #expect(close(after[i], before[i], rel: 1e-9, scale: 1000), "corner \(i): \(after[i]) vs \(before[i])")
                #expect(close(engineCorners[i], before[i], rel: 1e-9, scale: 1000))
            }
            // The child came along and did not move either.
            let childAfter = try r.e.state(child).corners
            #expect(close(childAfter.0, childBefore[0], rel: 1e-9, scale: 1000))
            #expect(close(childAfter.2, childBefore[2], rel: 1e-9, scale: 1000))
        }
    }

    @Test func parentingUnderOwnDescendantIsRefused() throws {
        let r = Rig()
        let a = r.box()
        let b = r.box(parent: a, center: Vec2(50, 50), width: 40, height: 40)
        var d = try r.e.describe(a)
        d.parent = b
        #expect(throws: GripError.self) { try r.e.configure(a, d) }
        do { try r.e.configure(a, d) } catch { #expect(error.status == .invalidState && !error.message.isEmpty) }
        d.parent = a
        do { try r.e.configure(a, d) } catch { #expect(error.status == .invalidState) }
        #expect(try r.e.parent(of: a) == .none)
        #expect(try r.e.parent(of: b) == a)
    }

    @Test func movingAnAncestorMovesGrandchildWorldCorners() throws {
        let r = Rig()
        let p = r.box(center: Vec2(400, 300), width: 400, height: 300, rotation: 0.3, scale: 1.5, editing: false)
        let c = r.box(
            parent: p, center: Vec2(200, 150), width: 200, height: 150, rotation: -0.7, flipX: true, editing: false)
        let g = r.box(parent: c, center: Vec2(30, 30), width: 40, height: 30, rotation: 1.1, scale: 0.8, editing: false)
        let other = r.box(center: Vec2(900, 700), width: 50, height: 50, editing: false)
        // Read everything once so every world transform is cached.
        _ = try r.e.state(g); _ = try r.e.state(other)
        let otherBefore = try r.e.state(other).corners

        // Configure the grandparent.
        var d = try r.e.describe(p)
        d.geometry.center = Vec2(350, 280)
        d.geometry.rotation = -0.4
        d.geometry.scale = 0.9
        try r.e.configure(p, d)
        var s = try r.e.state(g)
        var want = try refCorners(r.e, g)
        #expect(
            close(s.corners.0, want[0]) && close(s.corners.1, want[1]) && close(s.corners.2, want[2])
                && close(s.corners.3, want[3]))
        #expect(close(s.world, try refWorld(r.e, g), rel: 1e-12))

        // Drag the grandparent by a point away from its children.
        let grabWorld = try refWorld(r.e, p).apply(Vec2(380, 280))
        #expect(try r.e.hitTest(world: grabWorld).box == p)
        try r.down(grabWorld)
        try r.move(grabWorld + Vec2(60, -25))
        s = try r.e.state(g)
        want = try refCorners(r.e, g)
        #expect(close(s.corners.0, want[0]) && close(s.corners.2, want[2]))
        // The grandchild moved with it, by the pointer's displacement.
        let box = try r.e.describe(p).geometry
        #expect(close(box.center, Vec2(350 + 60, 280 - 25)))
        // The frame draws the moved grandchild where it is.
        let cmd = try #require(r.e.frame().commands.first { $0.kind == .box && $0.box == g })
        #expect(close(cmd.transform, try refWorld(r.e, g), rel: 1e-12))
        let o = try r.e.state(other).corners
        #expect(o.0 == otherBefore.0 && o.2 == otherBefore.2)
    }

    @Test func destroyRemovesTheSubtree() throws {
        let r = Rig()
        let a = r.box()
        let b = r.box(parent: a, center: Vec2(50, 50), width: 40, height: 40)
        let c = r.box(parent: b, center: Vec2(20, 20), width: 10, height: 10)
        let keep = r.box(center: Vec2(700, 500))
        #expect(r.e.boxCount == 4)
        try r.e.destroyBox(a)
        #expect(r.e.boxCount == 1)
        for id in [a, b, c] {
            do { _ = try r.e.state(id); Issue.record("destroyed box \(id) still answers") } catch {
                #expect(error.status == .notFound)
            }
        }
        #expect(r.e.boxesInDrawOrder == [keep])
        #expect(r.e.frame().commands.allSatisfy { $0.box == keep })
    }

    @Test func idsAreNeverReused() throws {
        let r = Rig()
        var seen = Set<BoxID>()
        var previous: BoxID? = nil
        for i in 0..<300 {
            let id = r.box()
            #expect(id != .none)
            #expect(!seen.contains(id), "id \(id.rawValue) handed out twice (round \(i))")
            seen.insert(id)
            if let p = previous {
                do { _ = try r.e.describe(p); Issue.record("stale id answers") } catch {
                    #expect(error.status == .notFound)
                }
            }
            try r.e.destroyBox(id)
            previous = id
        }
        #expect(r.e.boxCount == 0)
    }

    @Test func staleAndUnknownIdsAreNotFoundEverywhere() throws {
        let r = Rig()
        let a = r.box()
        let live = r.box(center: Vec2(700, 500))
        try r.e.destroyBox(a)
        let countBefore = r.e.boxCount
        let serial = r.e.frameSerial
        for id in [a, BoxID.none, BoxID(rawValue: 0xFFFF_FFFF_0000_0005)] {
            func check(_ what: String, _ body: () throws -> Void) { expectGripError(.notFound, what, body) }
            check("state") { _ = try r.e.state(id) }
            check("describe") { _ = try r.e.describe(id) }
            check("configure") { try r.e.configure(id, BoxDesc()) }
            check("destroy") { try r.e.destroyBox(id) }
            check("setEditing") { try r.e.setEditing(id, true) }
            check("reset") { _ = try r.e.reset(id, animated: false) }
            check("parent") { _ = try r.e.parent(of: id) }
            if id != .none {
                check("create under") {
                    var d = BoxDesc(); d.parent = id; _ = try r.e.createBox(d)
                }
                check("configure under") {
                    var d = try r.e.describe(live); d.parent = id; try r.e.configure(live, d)
                }
            }
        }
        #expect(r.e.boxCount == countBefore)
        #expect(r.e.frameSerial == serial)
        #expect(try r.e.parent(of: live) == .none)
    }

    @Test func destroyingABoxMidGestureCancelsItCleanly() throws {
        let r = Rig()
        let p = r.box(center: Vec2(400, 300), width: 400, height: 300, editing: false)
        let c = r.box(parent: p, center: Vec2(100, 100), width: 80, height: 80, editing: false)
        try r.down(Vec2(300, 250), id: 1)  // c's centre
        try r.move(Vec2(340, 260), id: 1)
        _ = r.events()
        try r.e.destroyBox(p)
        let evs = r.events()
        #expect(kinds(evs) == [.gestureCancelled] && evs.first?.box == c && evs.first?.gesture == .move)
        // The pointer stays tracked until it goes up, and nothing more happens.
        try r.move(Vec2(380, 280), id: 1)
        #expect(try r.up(Vec2(380, 280), id: 1))
        #expect(r.events().isEmpty)
        #expect(r.e.boxCount == 0)
    }
}
