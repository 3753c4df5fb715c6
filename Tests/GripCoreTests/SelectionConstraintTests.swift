import Testing

@testable import GripCore

/// The selection constraint's frame math (GroupTransform.carry: the map of the world that takes
/// one frame to another, applied to a member) and its place in a group gesture, with numbers
/// worked out from the rule in grip.h (grip_selection_set_constraint).
@Suite struct SelectionConstraintTests {
    let frame = BoxGeometry(center: Vec2(250, 225), width: 300, height: 250)

    /// A pure shift moves the centre only: every other field bit for bit.
    @Test func shiftMovesTheCentreOnly() {
        let g = BoxGeometry(center: Vec2(150, 125), width: 100, height: 50, rotation: 0.3, scale: 1.5)
        var to = frame
        to.center = Vec2(150, 675)
        let out = GroupTransform.carry(g, from: frame, to: to, parentWorld: .identity, parentInverse: .identity)
        #expect(out.center == Vec2(50, 575))
        #expect(out.width == 100 && out.height == 50 && out.rotation == 0.3 && out.scale == 1.5)
    }

    /// Twice as wide about a new centre: a member's offset from the frame's centre doubles along
    /// x, its width doubles, its height stays.
    @Test func stretchAlongTheFrameAxes() {
        let g = BoxGeometry(center: Vec2(150, 125), width: 100, height: 50)
        var to = frame
        to.center = Vec2(400, 225)
        to.width = 600
        let out = GroupTransform.carry(g, from: frame, to: to, parentWorld: .identity, parentInverse: .identity)
        // 400 + (150 - 250) * 2 = 200; y: 225 + (125 - 225) * 1 = 125.
        #expect(close(out.center, Vec2(200, 125)))
        #expect(close(out.width, 200) && out.height == 50 && out.rotation == 0)
    }

    /// A quarter turn of the frame turns a member about the answer's centre and adds to its
    /// rotation.
    @Test func turnAboutTheCentre() {
        let from = BoxGeometry(center: Vec2(0, 0), width: 10, height: 10)
        var to = from
        to.rotation = Double.pi / 2
        let g = BoxGeometry(center: Vec2(3, 0), width: 2, height: 2)
        let out = GroupTransform.carry(g, from: from, to: to, parentWorld: .identity, parentInverse: .identity)
        // (3, 0) turned by +pi/2 (y down: clockwise on screen) is (0, 3).
        #expect(abs(out.center.x) < 1e-12 && abs(out.center.y - 3) < 1e-12)
        #expect(abs(out.rotation - Double.pi / 2) < 1e-12)
    }

    /// A member under a parent scaled by 2: a world shift of 10 is 5 in its parent's space.
    @Test func shiftInAScaledParent() {
        let parent = Affine(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
        let inverse = parent.inverse ?? .identity
        let g = BoxGeometry(center: Vec2(10, 0), width: 4, height: 4)
        var to = frame
        to.center = frame.center + Vec2(10, 0)
        let out = GroupTransform.carry(g, from: frame, to: to, parentWorld: parent, parentInverse: inverse)
        #expect(out.center == Vec2(15, 0))
    }

    /// Keeps the selection's frame left of x = 0 out (a shift back), or refuses every step.
    final class Page: SelectionConstraint {
        var refuse = false
        var calls = 0
        var before: BoxGeometry? = nil
        func constrain(before: BoxGeometry, proposed: BoxGeometry) -> BoxGeometry? {
            calls += 1
            self.before = before
            if refuse { return nil }
            var out = proposed
            out.center.x = Swift.max(out.center.x, out.width / 2)
            return out
        }
    }

    /// A group of three dragged 300 left stops flush with x = 0, every member moved by the same
    /// -100 (the frame spans 100..400); refused, nothing moves; the fast group-move path is not
    /// taken while a constraint is set.
    @Test func groupMoveStopsFlush() throws {
        let r = Rig()
        let a = r.box(center: Vec2(150, 125), width: 100, height: 50)
        let b = r.box(center: Vec2(350, 175), width: 100, height: 50)
        let c = r.box(center: Vec2(225, 325), width: 50, height: 50)
        for id in [a, b, c] { try r.e.select(id, .add) }
        let page = Page()
        try r.e.setSelectionConstraint(page)
        try r.down(Vec2(350, 175))
        try r.move(Vec2(50, 175))
        let gi = try #require(r.e.interactions.groupGesture())
        #expect(!r.e.interactions.active[gi].unconstrained)
        #expect(throws: GripError.self) { try r.e.setSelectionConstraint(nil) }
        try r.up(Vec2(50, 175))
        #expect(page.calls == 1)
        #expect(page.before?.center == Vec2(250, 225) && page.before?.width == 300 && page.before?.height == 250)
        #expect(r.geometry(a).center == Vec2(50, 125))
        #expect(r.geometry(b).center == Vec2(250, 175))
        #expect(r.geometry(c).center == Vec2(125, 325))
        page.refuse = true
        try r.down(Vec2(250, 175))
        try r.move(Vec2(400, 300))
        try r.up(Vec2(400, 300))
        #expect(r.geometry(b).center == Vec2(250, 175))
        try r.e.setSelectionConstraint(nil)
        #expect(r.e.selectionConstraint == nil)
    }
}
