// A step's changes held compactly (History/ChangeList.swift): every form gives back each change
// bit for bit, reversed and filtered, and holds the bytes its form promises.
import Testing

@testable import GripCore

private func geometry(_ x: Double, _ y: Double, width: Double = 20, rotation: Double = 0) -> BoxGeometry {
    BoxGeometry(
        center: Vec2(x, y), width: width, height: 10, rotation: rotation, scale: 1, flippedX: false, flippedY: false)
}

private func id(_ i: Int32) -> BoxID { BoxID(index: i, generation: 1) }

private func same(_ a: Change, _ b: Change) -> Bool {
    a.box == b.box && a.parent == b.parent && a.before.sameBits(b.before) && a.after.sameBits(b.after)
}

@Suite struct ChangeListTests {
    /// Three boxes moved by the same whole-unit displacement under one parent: each box's id and
    /// geometry before, the parent once (8 + 3 x (8 + 56) bytes), and the changes come back.
    @Test func aSharedDisplacementIsHeldOnce() {
        let changes = (0..<3).map { i in
            Change(
                box: id(Int32(i)), parent: id(9), before: geometry(Double(i) * 40, 5),
                after: geometry(Double(i) * 40 + 7, 3))
        }
        let list = ChangeList(changes)
        #expect(list.count == 3)
        for i in 0..<3 { #expect(same(list[i], changes[i])) }
        #expect(list.bytes == 8 + 3 * (8 + 56))
    }

    /// Displacements that differ (and a centre of -0) keep each centre after: 16 bytes a box more;
    /// parents that differ are held per box.
    @Test func differentDisplacementsKeepTheCentresAfter() {
        let changes = [
            Change(box: id(1), parent: id(7), before: geometry(0.1, 0), after: geometry(0.30000000000000004, -0.0)),
            Change(box: id(2), parent: id(8), before: geometry(10, 10), after: geometry(13.5, 10))
        ]
        let list = ChangeList(changes)
        for i in 0..<2 { #expect(same(list[i], changes[i])) }
        #expect(list[0].after.center.y.sign == .minus)
        #expect(list.bytes == 2 * (8 + 8) + 2 * 56 + 2 * 16)
    }

    /// A change of more than the centre keeps both geometries; `reverse` swaps the sides, and
    /// `filter` keeps the chosen boxes in order.
    @Test func otherChangesKeepBothSidesAndReverseAndFilter() {
        let changes = [
            Change(box: id(1), parent: .none, before: geometry(0, 0), after: geometry(0, 0, width: 30)),
            Change(box: id(2), parent: .none, before: geometry(5, 5), after: geometry(6, 5, rotation: 0.5)),
            Change(box: id(3), parent: .none, before: geometry(9, 9), after: geometry(9, 12))
        ]
        var list = ChangeList(changes)
        #expect(list.bytes == 8 + 3 * 8 + 6 * 56)
        list.reverse()
        for i in 0..<3 {
            #expect(list[i].before.sameBits(changes[i].after) && list[i].after.sameBits(changes[i].before))
        }
        let kept = ChangeList(changes).filter(keeping: { $0 != id(2) })
        #expect(kept.count == 2 && same(kept[0], changes[0]) && same(kept[1], changes[2]))
    }

    /// `setParent` gives one change its own parent, the others keep the shared one.
    @Test func setParentSplitsASharedParent() {
        let changes = (0..<3).map { i in
            Change(box: id(Int32(i)), parent: id(5), before: geometry(Double(i), 0), after: geometry(Double(i) + 1, 0))
        }
        var list = ChangeList(changes)
        list.setParent(1, id(6))
        #expect(list[0].parent == id(5) && list[1].parent == id(6) && list[2].parent == id(5))
    }
}
