// Recorded steps inside the core (docs/specification.md, Transactions and history): the slot of a
// box a recorded step destroyed is held while a step mentions it and reused once none does; a
// merged step holds the bytes of one step; undo of a step that swapped a parent and its child puts
// the hierarchy back; cancel leaves no trace in the history.
import Testing

@testable import GripCore

@Suite struct RecordedStepTests {
    /// history_limit 1: while the recorded destroy of `a` is the kept step, new boxes take other
    /// slots; once a gesture step pushes it out, the next box gets `a`'s slot with the next
    /// generation (a new id), and undo no longer brings `a` back.
    @Test func aDestroyedBoxsSlotIsHeldWhileAStepMentionsIt() throws {
        let r = Rig { $0.historyLimit = 1 }
        let a = r.box(center: Vec2(100, 100), width: 40, height: 40, editing: false)
        let b = r.box(center: Vec2(400, 400), width: 40, height: 40, editing: false)
        try r.e.beginRecording()
        try r.e.destroyBox(a)
        #expect(try r.e.commitRecording() == .ok)
        let c = r.box(center: Vec2(600, 100), width: 40, height: 40, editing: false)
        #expect(c.index != a.index)
        try r.e.destroyBox(c)
        // A drag of b: the only kept step now; the recorded one is gone and a's slot is free.
        try r.down(Vec2(400, 400))
        try r.move(Vec2(430, 400))
        try r.up(Vec2(430, 400))
        #expect(r.e.historyDepth.undo == 1)
        var ids: [BoxID] = []
        for _ in 0..<2 { ids.append(r.box(center: Vec2(700, 700), width: 20, height: 20, editing: false)) }
        #expect(ids.contains { $0.index == a.index && $0.generation == a.generation + 1 })
        #expect(!ids.contains(a))
        #expect(try r.e.undo() == .ok)
        #expect(r.e.scene.slot(a) == nil)
        #expect(r.e.scene.slot(b) != nil)
    }

    /// Ten merged commits hold exactly the bytes of one step over the box; undo takes the width
    /// from 140 back to 40 in one step.
    @Test func aMergedStepHoldsTheBytesOfOneStep() throws {
        let r = Rig()
        let a = r.box(center: Vec2(120, 120), width: 40, height: 40, editing: false)
        var first = 0 as UInt64
        for i in 1...10 {
            try r.e.beginRecording(mergeKey: 3)
            var d = try r.e.describe(a)
            d.geometry.width = 40 + 10 * Double(i)
            try r.e.configure(a, d)
            #expect(try r.e.commitRecording() == .ok)
            if i == 1 { first = r.e.history.bytes }
        }
        #expect(r.e.historyDepth.undo == 1)
        #expect(r.e.history.bytes == first)
        #expect(r.e.history.bytes == History.bytes(of: r.e.history.newestUndo!))
        #expect(try r.e.undo() == .ok)
        #expect(r.e.scene[a.index].geometry.width == 40)
    }

    /// x under y, then in one step y moved out and x put under y's old place and y under x: undo
    /// puts y back at the top and x under it, redo the swap, with no box its own ancestor.
    @Test func undoOfAParentChildSwapRestoresTheHierarchy() throws {
        let r = Rig()
        let y = r.box(center: Vec2(300, 300), width: 300, height: 300, editing: false)
        let x = r.box(parent: y, center: Vec2(150, 150), width: 100, height: 100, editing: false)
        try r.e.beginRecording()
        var dx = try r.e.describe(x)
        dx.parent = .none
        try r.e.configure(x, dx)
        var dy = try r.e.describe(y)
        dy.parent = x
        try r.e.configure(y, dy)
        #expect(try r.e.commitRecording() == .ok)
        #expect(try r.e.parent(of: y) == x && r.e.parent(of: x) == .none)
        #expect(try r.e.undo() == .ok)
        #expect(try r.e.parent(of: x) == y && r.e.parent(of: y) == .none)
        #expect(r.e.boxesInDrawOrder == [y, x])
        #expect(try r.e.redo() == .ok)
        #expect(try r.e.parent(of: y) == x && r.e.parent(of: x) == .none)
        #expect(r.e.boxesInDrawOrder == [x, y])
    }

    /// A cancelled step with a create and a destroy leaves the history as it was, no step held,
    /// and the created box's slot free again.
    @Test func cancelLeavesNoTrace() throws {
        let r = Rig()
        let a = r.box(center: Vec2(120, 120), width: 40, height: 40, editing: false)
        try r.e.beginRecording()
        let made = r.box(center: Vec2(500, 500), width: 40, height: 40, editing: false)
        try r.e.destroyBox(a)
        try r.e.cancelRecording()
        #expect(!r.e.isRecording)
        #expect(r.e.historyDepth.undo == 0 && r.e.history.bytes == 0)
        #expect(r.e.scene.slot(a) != nil && r.e.scene.slot(made) == nil)
        #expect(r.e.scene.slots.isFree(made.index))
    }
}
