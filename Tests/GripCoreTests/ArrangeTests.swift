import Testing

@testable import GripCore

/// The pure maths of arranging a selection (Manipulation/Arrange.swift), against numbers worked
/// out by hand and against the mirror and quarter turn of the world transform.
@Suite struct ArrangeTests {
    @Test func alignShiftsMoveOneAxis() {
        let b = Rect(x: 30, y: 50, width: 20, height: 40), t = Rect(x: 0, y: 0, width: 110, height: 90)
        #expect(Arrange.alignShift(b, to: t, .left) == Vec2(-30, 0))
        #expect(Arrange.alignShift(b, to: t, .center) == Vec2(15, 0))
        #expect(Arrange.alignShift(b, to: t, .right) == Vec2(60, 0))
        #expect(Arrange.alignShift(b, to: t, .top) == Vec2(0, -50))
        #expect(Arrange.alignShift(b, to: t, .middle) == Vec2(0, -25))
        #expect(Arrange.alignShift(b, to: t, .bottom) == Vec2(0, 0))
    }

    @Test func distributedGapsAreEqual() {
        // x 0..10, 30..50, 100..110: (100 - 10 - 20) / 2 = 35, the middle at 45.
        #expect(Arrange.distributed(lo: [0, 30, 100], hi: [10, 50, 110]) == [0, 45, 100])
        // (200 - 10 - 40) / 3 = 50.
        #expect(Arrange.distributed(lo: [0, 20, 25, 200], hi: [10, 30, 55, 210]) == [0, 60, 120, 200])
        // Overlapping: (60 - 50 - 50) / 2 = -20.
        #expect(Arrange.distributed(lo: [0, 10, 60], hi: [50, 60, 70]) == [0, 30, 60])
        #expect(Arrange.distributed(lo: [3, 9], hi: [5, 12]) == [3, 9])
        #expect(Arrange.distributed(lo: [], hi: []) == [])
    }

    @Test func quarterTurnsAreExact() {
        let v = Vec2(-20, 3)
        #expect(Arrange.quarterTurn(v, 1) == Vec2(-3, -20))
        #expect(Arrange.quarterTurn(v, 2) == Vec2(20, -3))
        #expect(Arrange.quarterTurn(v, 3) == Vec2(3, 20))
        #expect(Arrange.quarterTurn(v, -1) == Arrange.quarterTurn(v, 3))
        #expect(Arrange.quarterTurn(v, 4) == v)
    }

    @Test func turnedAndMirroredMatchTheWorldTransform() {
        // A box inside a parent turned 0.4 rad, scaled 1.5 and mirrored along x.
        let parent = BoxGeometry(
            center: Vec2(300, 200), width: 200, height: 100, rotation: 0.4, scale: 1.5, flippedX: true)
        let parentWorld = parent.local
        let parentInverse = parentWorld.inverse!
        let g = BoxGeometry(center: Vec2(40, 30), width: 30, height: 20, rotation: 0.2)
        let pivot = Vec2(250, 260)
        let before = g.corners(parentWorld * g.local)
        for q in 1...3 {
            let t = Arrange.turned(
                g, quarterTurns: q, about: pivot, parentWorld: parentWorld, parentInverse: parentInverse)
            let after = t.corners(parentWorld * t.local)
            for (p, r) in [(before.0, after.0), (before.1, after.1), (before.2, after.2), (before.3, after.3)] {
                let want = pivot + Arrange.quarterTurn(p - pivot, q)
                #expect(abs(r.x - want.x) < 1e-9 && abs(r.y - want.y) < 1e-9, "q \(q)")
            }
        }
        for axis in [Axis.horizontal, .vertical] {
            for r in [0.0, 0.7] {
                let m = Arrange.mirrored(
                    g, across: axis, frameRotation: r, pivot: pivot, parentWorld: parentWorld,
                    parentInverse: parentInverse)
                #expect(axis == .horizontal ? m.flippedX && !m.flippedY : m.flippedY && !m.flippedX)
                let (s, c) = Trig.sinCos(r)
                let n = axis == .horizontal ? Vec2(c, s) : Vec2(-s, c)
                let after = m.corners(parentWorld * m.local)
                for (p, q) in [(before.0, after.0), (before.1, after.1), (before.2, after.2), (before.3, after.3)] {
                    let want = p - n * (2 * (p - pivot).dot(n))
                    #expect(abs(q.x - want.x) < 1e-9 && abs(q.y - want.y) < 1e-9, "axis \(axis.rawValue), r \(r)")
                }
            }
        }
    }

    @Test func aBoxOnThePivotKeepsItsCentre() {
        let g = BoxGeometry(center: Vec2(0.1, 0.7), width: 30, height: 20, rotation: 0.2)
        let t = Arrange.turned(
            g, quarterTurns: 1, about: Vec2(0.1, 0.7), parentWorld: .identity, parentInverse: .identity)
        #expect(t.center == g.center && t.rotation == Angle.wrap(0.2 + Double.pi / 2))
        let m = Arrange.mirrored(
            g, across: .horizontal, frameRotation: 0.2, pivot: Vec2(0.1, 0.7), parentWorld: .identity,
            parentInverse: .identity)
        #expect(m.center == g.center && m.flippedX)
        #expect(Arrange.moved(g, by: .zero, parentInverse: .identity).sameBits(g))
    }
}
