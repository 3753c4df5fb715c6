import Testing

@testable import GripCore

/// Where a reset goes back to: the geometry a box was created or last configured with. It is
/// stored apart from the box only once the box moves away from it, and freed with the box.
@Suite struct HomeGeometryTests {
    private func homeIndex(_ r: Rig, _ b: BoxID) -> Int32 { r.e.scene[try! r.e.slot(b)].homeIndex }

    private func moveBy(_ r: Rig, _ from: Vec2, _ d: Vec2) throws {
        try r.down(from)
        try r.move(from + Vec2(d.x / 2, d.y / 2))
        try r.move(from + d)
        try r.up(from + d)
        try r.tick(1)
    }

    /// Created boxes keep no second geometry; the first move keeps the created one aside, and a
    /// reset, immediate or animated, brings the box back to it exactly.
    @Test func createdBoxesStoreNoHomeUntilTheyMove() throws {
        let r = Rig()
        let a = r.box(center: Vec2(300, 220), rotation: 0.25, editing: false)
        let b = r.box(center: Vec2(700, 500), width: 80, height: 60, editing: false)
        #expect(r.e.scene.homes.isEmpty)
        #expect(homeIndex(r, a) == -1 && homeIndex(r, b) == -1)
        let created = r.geometry(a)
        #expect(try r.e.reset(a, animated: false) == .done)
        try moveBy(r, Vec2(300, 220), Vec2(60, -40))
        #expect(r.geometry(a).center == Vec2(360, 180))
        #expect(homeIndex(r, a) == 0 && homeIndex(r, b) == -1)
        #expect(r.e.scene.homes == [created])
        #expect(try r.e.reset(a, animated: false) == .ok)
        #expect(r.geometry(a) == created)
        #expect(try r.e.reset(a, animated: false) == .done)
        // Moving again reuses the kept home; an animated reset arrives at it after 0.2 s.
        try moveBy(r, Vec2(300, 220), Vec2(-100, 30))
        #expect(r.e.scene.homes.count == 1)
        #expect(try r.e.reset(a, animated: true) == .ok)
        try r.tick(0.1)
        #expect(r.geometry(a) != created)
        try r.tick(0.15)
        #expect(r.geometry(a) == created)
        #expect(r.geometry(b).center == Vec2(700, 500))
    }

    /// Configuring a box makes the configured geometry its home, moved or not.
    @Test func configureSetsTheHome() throws {
        let r = Rig()
        let a = r.box(editing: false)
        var d = try r.e.describe(a)
        // Configured with the geometry it has: still nothing kept aside.
        try r.e.configure(a, d)
        #expect(homeIndex(r, a) == -1)
        d.geometry.center = Vec2(500, 400)
        try r.e.configure(a, d)
        #expect(r.geometry(a).center == Vec2(500, 400))
        #expect(try r.e.reset(a, animated: false) == .done)
        try moveBy(r, Vec2(500, 400), Vec2(50, 50))
        #expect(r.geometry(a).center == Vec2(550, 450))
        #expect(try r.e.reset(a, animated: false) == .ok)
        #expect(r.geometry(a).center == Vec2(500, 400))
        // Configured while away from home: the new geometry is the home.
        try moveBy(r, Vec2(500, 400), Vec2(-200, 0))
        d.geometry.center = Vec2(100, 100)
        try r.e.configure(a, d)
        #expect(try r.e.reset(a, animated: false) == .done)
        #expect(r.geometry(a).center == Vec2(100, 100))
    }

    /// A destroyed box's kept home is freed and reused; a box created in its slot starts at home.
    @Test func destroyFreesTheHome() throws {
        let r = Rig()
        let a = r.box(center: Vec2(300, 220), editing: false)
        try moveBy(r, Vec2(300, 220), Vec2(40, 0))
        #expect(homeIndex(r, a) == 0)
        try r.e.destroyBox(a)
        #expect(r.e.scene.freeHomes == [0])
        let b = r.box(center: Vec2(600, 600), editing: false)
        #expect(homeIndex(r, b) == -1)
        #expect(try r.e.reset(b, animated: false) == .done)
        try moveBy(r, Vec2(600, 600), Vec2(0, 40))
        #expect(homeIndex(r, b) == 0 && r.e.scene.freeHomes.isEmpty)
        #expect(try r.e.reset(b, animated: false) == .ok)
        #expect(r.geometry(b).center == Vec2(600, 600))
    }
}
