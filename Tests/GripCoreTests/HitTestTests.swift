import Testing

@testable import GripCore

@Suite struct HitTestTests {
    @Test func handlesComeBeforeBodies() throws {
        let r = Rig()
        // a's bottom-right corner (200, 200) lies inside b, which is drawn on top of it.
        let a = r.box(center: Vec2(150, 150), width: 100, height: 100)
        let b = r.box(center: Vec2(260, 260), width: 200, height: 200)
        #expect(try r.e.hitTest(world: Vec2(203, 202)) == Hit(box: a, handle: .bottomRight))
        #expect(try r.e.hitTest(world: Vec2(260, 260)) == Hit(box: b, handle: .none))
        // Pressing there starts a resize of a, not a move of b.
        try r.down(Vec2(203, 202))
        let began = try #require(r.events().first)
        #expect(
            began.kind == .gestureBegan && began.gesture == .resize && began.box == a && began.handle == .bottomRight)
    }

    @Test func nearestHandleWins() throws {
        let r = Rig()
        let a = r.box(center: Vec2(150, 150), width: 100, height: 100)  // bottom-right at (200, 200)
        let b = r.box(center: Vec2(265, 250), width: 100, height: 100)  // top-left at (215, 200)
        #expect(try r.e.hitTest(world: Vec2(206, 200)) == Hit(box: a, handle: .bottomRight))
        #expect(try r.e.hitTest(world: Vec2(209, 200)) == Hit(box: b, handle: .topLeft))
        // Within one box: just outside the top-right corner, the corner beats the top edge's middle.
        #expect(try r.e.hitTest(world: Vec2(204, 96)) == Hit(box: a, handle: .topRight))
        // Near the middle of an edge, outside: the edge handle.
        #expect(try r.e.hitTest(world: Vec2(150, 90)) == Hit(box: a, handle: .top))
        // Beyond every reach: nothing.
        #expect(try r.e.hitTest(world: Vec2(900, 700)) == .nothing)
    }

    @Test func innermostBoxWins() throws {
        let r = Rig()
        let p = r.box(center: Vec2(400, 300), width: 400, height: 300, editing: false)
        let c = r.box(parent: p, center: Vec2(200, 150), width: 100, height: 100, rotation: 0.5, editing: false)
        let g = r.box(parent: c, center: Vec2(50, 50), width: 30, height: 30, editing: false)
        #expect(try r.e.hitTest(world: Vec2(400, 300)).box == g)
        #expect(try r.e.hitTest(world: Vec2(400, 330)).box == c)
        #expect(try r.e.hitTest(world: Vec2(250, 200)).box == p)
        // A later top-level box over all of them is on top.
        let top = r.box(center: Vec2(400, 300), width: 10, height: 10, editing: false)
        #expect(try r.e.hitTest(world: Vec2(400, 300)).box == top)
        #expect(try r.e.hitTest(world: Vec2(410, 300)).box == g)
    }

    @Test func smallBoxHandlesReachOnlyAQuarterOfTheShorterSideInside() throws {
        let r = Rig()
        // 60 x 40 on screen: a quarter of the shorter side is 10.
        let b = r.box(center: Vec2(300, 300), width: 60, height: 40)  // top-left corner at (270, 280)
        let diag = Vec2(1, 1) * (1 / 2.0.squareRoot())
        #expect(try r.e.hitTest(world: Vec2(270, 280) + diag * 9) == Hit(box: b, handle: .topLeft))
        #expect(try r.e.hitTest(world: Vec2(270, 280) + diag * 11) == Hit(box: b, handle: .none))
        // Outside the box the full radius (22) applies.
        #expect(try r.e.hitTest(world: Vec2(270, 280) - diag * 21) == Hit(box: b, handle: .topLeft))
        #expect(try r.e.hitTest(world: Vec2(270, 280) - diag * 23) == .nothing)
        // A large box: inside, the reach is the radius itself.
        let big = r.box(center: Vec2(700, 500), width: 400, height: 400)  // top-left at (500, 300)
        #expect(try r.e.hitTest(world: Vec2(500, 300) + diag * 21) == Hit(box: big, handle: .topLeft))
        #expect(try r.e.hitTest(world: Vec2(500, 300) + diag * 23) == Hit(box: big, handle: .none))
        // The small box stays movable from near its corner.
        try r.down(Vec2(270, 280) + diag * 11)
        try r.move(Vec2(270, 280) + diag * 11 + Vec2(30, 0))
        #expect(r.events().contains { $0.kind == .gestureBegan && $0.gesture == .move && $0.box == b })
    }

    @Test func smallBoxRuleUsesTheOnScreenSize() throws {
        let r = Rig()
        try r.e.setView(Affine.scale(0.5, 0.5))
        // 120 x 80 in the world is 60 x 40 on screen: inside, a handle reaches 10 screen units (20 world).
        let b = r.box(center: Vec2(600, 600), width: 120, height: 80)  // top-left at (540, 560)
        let diag = Vec2(1, 1) * (1 / 2.0.squareRoot())
        #expect(try r.e.hitTest(world: Vec2(540, 560) + diag * 18) == Hit(box: b, handle: .topLeft))
        #expect(try r.e.hitTest(world: Vec2(540, 560) + diag * 22) == Hit(box: b, handle: .none))
    }

    @Test(arguments: [0.5, 2.0, 4.0])
    func hitRadiusStaysInScreenUnits(zoom: Double) throws {
        let r = Rig()
        try r.e.setView(Affine(a: zoom, b: 0, c: 0, d: zoom, tx: 37, ty: -11))
        let b = r.box(center: Vec2(150, 150), width: 100, height: 100)  // bottom-right at (200, 200)
        let corner = Vec2(200, 200)
        let out = Vec2(1, 0)
        // 21 screen units away (outside the box) is in reach, 23 is not, whatever the zoom.
        #expect(try r.e.hitTest(world: corner + out * (21 / zoom)) == Hit(box: b, handle: .bottomRight))
        #expect(try r.e.hitTest(world: corner + out * (23 / zoom)) == .nothing)
        // The same through a pointer going down in screen coordinates.
        let screenCorner = r.screen(corner)
        try r.down(screenCorner + Vec2(0, 21))
        let began = try #require(r.events().first)
        #expect(began.gesture == .resize && began.handle == .bottomRight)
        try r.up(screenCorner + Vec2(0, 21))
        _ = r.events()
        #expect(try r.e.dispatch(PointerEvent(.down, pointer: 2, screenCorner + Vec2(0, 23), time: r.t + 1)) == false)
    }

    @Test func rotateHandleIsHitAboveTheTop() throws {
        let r = Rig()
        let b = r.box(center: Vec2(300, 300), width: 200, height: 100)  // top middle at (300, 250)
        #expect(try r.e.hitTest(world: Vec2(300, 226)) == Hit(box: b, handle: .rotate))
        #expect(try r.e.hitTest(world: Vec2(300, 252)) == Hit(box: b, handle: .top))
    }

    @Test func boxesNotEditingHaveNoHandles() throws {
        let r = Rig()
        let b = r.box(center: Vec2(300, 300), width: 200, height: 100, editing: false)
        #expect(try r.e.hitTest(world: Vec2(201, 251)) == Hit(box: b, handle: .none))
        #expect(try r.e.hitTest(world: Vec2(195, 245)) == .nothing)
        #expect(try r.e.hitTest(world: Vec2(300, 226)) == .nothing)
    }

    @Test func hitTestingFollowsMovedAncestors() throws {
        var rng = SplitMix64(seed: 1212)
        for round in 0..<100 {
            let r = Rig()
            if rng.bool() { try r.e.setView(randomView(&rng)) }
            let box = randomNest(r, &rng, depth: 1 + rng.int(3))
            var top = box
            while try r.e.parent(of: top) != .none { top = try r.e.parent(of: top) }
            let g = r.geometry(box)
            let centre = Vec2(g.width / 2, g.height / 2)
            _ = try r.e.hitTest(world: .zero)  // index everything where it is now
            let before = try refWorld(r.e, box).apply(centre)
            var d = try r.e.describe(top)
            d.geometry.center = d.geometry.center + Vec2(rng.double(300, 600), rng.double(-600, -300))
            d.geometry.rotation += rng.double(-1, 1)
            try r.e.configure(top, d)
            let after = try refWorld(r.e, box).apply(centre)
            #expect(try r.e.hitTest(world: after).box == box, "round \(round): moved grandchild not found")
            let corners = try refCorners(r.e, box)
            if dist(before, after) > dist(corners[0], corners[2]) {
                #expect(try r.e.hitTest(world: before).box != box, "round \(round): still found where it was")
            }
        }
    }
}
