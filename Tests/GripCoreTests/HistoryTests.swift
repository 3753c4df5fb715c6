// Steps and the undo history (docs/specification.md, Transactions and history):
// one gesture, nudge run or reset, one COMMITTED step listing before / after bit for bit (every
// member for a group); undo / redo restore geometry and selection bit for bit; history_limit; the
// host's own edits drop a box from the history; undo / redo refused during a gesture.
import Testing

@testable import GripCore

/// Drags from screen point `from` to `to` in three moves.
private func drag(_ r: Rig, _ from: Vec2, _ to: Vec2, mods: UInt32 = 0) throws {
    try r.down(from, mods: mods)
    try r.move(from + (to - from) * 0.3, mods: mods)
    try r.move(from + (to - from) * 0.7, mods: mods)
    try r.move(to, mods: mods)
    try r.up(to, mods: mods)
}

/// The step of the last COMMITTED / UNDONE / REDONE event among those waiting (drained), or nil.
private func lastStep(_ r: Rig, _ kind: EventKind = .committed) -> (Event, Transaction)? {
    var found: (Event, Transaction)?
    while let ev = r.e.pollEvent() {
        if ev.kind == kind, let t = r.e.polledTransaction { found = (ev, t) }
    }
    return found
}

@Suite struct StepTests {
    /// A move in a rotated, scaled, mirrored parent: BEGAN, CHANGED..., ENDED, COMMITTED; the step
    /// lists the box, its parent, the geometry at the press and where it ended, bit for bit.
    @Test func committedListsBeforeAndAfterBitForBit() throws {
        let r = Rig()
        let p = r.box(
            center: Vec2(500, 400), width: 600, height: 500, rotation: 0.4, scale: 1.3, flipY: true, editing: false)
        let a = r.box(parent: p, center: Vec2(300, 250), width: 160, height: 100, rotation: 0.3)
        _ = r.events(steps: true)
        let before = r.geometry(a)
        let from = r.screen(of: a, boxPoint: Vec2(50, 50))
        try drag(r, from, from + Vec2(33.3, -17.7))
        let after = r.geometry(a)
        var evs: [Event] = []
        var step: Transaction?
        while let ev = r.e.pollEvent() {
            evs.append(ev)
            #expect((r.e.polledTransaction != nil) == ev.kind.isTransaction)
            if ev.kind == .committed { step = r.e.polledTransaction }
        }
        #expect(evs.first?.kind == .gestureBegan)
        #expect(kinds(evs).suffix(2) == [.gestureEnded, .committed])
        #expect(evs.last?.box == a && evs.last?.gesture == .move)
        let t = try #require(step)
        #expect(t.changes.count == 1)
        #expect(t.changes[0].box == a && t.changes[0].parent == p)
        #expect(t.changes[0].before.sameBits(before) && t.changes[0].after.sameBits(after))
        #expect(!before.sameBits(after))
        #expect(r.e.pollEvent() == nil && r.e.polledTransaction == nil)
    }

    /// A group gesture's step carries GRIP_SELECTION and lists every member, each bit for bit.
    @Test(arguments: [GestureKind.move, .resize, .rotate])
    func aGroupStepListsEveryMember(gesture: GestureKind) throws {
        var rng = SplitMix64(seed: 0x5E1E_0000 + UInt64(gesture.rawValue))
        for round in 0..<10 {
            let sc = try selMakeScene(&rng, view: rng.bool())
            let r = sc.r
            let start = sc.snapshot()
            let f = SelFrame(r.e.selectionState())
            switch gesture {
            case .move:
                guard let g = selGrabPoint(r, sc.members[0], &rng) else { continue }
                try drag(r, g, g + Vec2(rng.double(-80, 80), rng.double(-80, 80)))
            case .resize:
                let h = r.screen(f.world(f.point(.bottomRight)))
                try drag(r, h, h + Vec2(rng.double(10, 60), rng.double(10, 60)))
            default:
                let h = selRotateHandleScreen(r)
                try drag(r, h, h + Vec2(rng.double(40, 90), rng.double(10, 40)))
            }
            guard let (ev, t) = lastStep(r) else { Issue.record("round \(round): no step"); continue }
            #expect(ev.box == .selection && ev.gesture == gesture)
            #expect(Set(t.changes.all.map(\.box)) == Set(sc.members) && t.changes.count == sc.members.count)
            for c in t.changes.all {
                #expect(c.before.sameBits(start[c.box]!))
                #expect(c.after.sameBits(r.geometry(c.box)))
                #expect(c.parent == (try r.e.describe(c.box)).parent)
            }
            #expect(t.selectionBefore == sc.members && t.selectionAfter == sc.members)
        }
    }

    /// A gesture that ends where it began changes nothing: no step. A reset is one step (RESET,
    /// then COMMITTED of gesture RESET).
    @Test func noStepWithoutAChangeAndAResetIsOneStep() throws {
        let r = Rig()
        let a = r.box()
        _ = r.events(steps: true)
        try drag(r, Vec2(300, 220), Vec2(300, 220) + Vec2(0, 0.5) * 0 + Vec2(40, 0))
        try drag(r, Vec2(340, 220), Vec2(300, 220))
        let evs = r.events(steps: true)
        #expect(kinds(evs).filter { $0 == .committed }.count == 2)
        #expect(r.e.historyDepth.undo == 2)
        // back and forth within one gesture
        try r.down(Vec2(300, 220))
        try r.move(Vec2(360, 260))
        try r.move(Vec2(300, 220))
        try r.up(Vec2(300, 220))
        #expect(!kinds(r.events(steps: true)).contains(.committed))
        #expect(r.e.historyDepth.undo == 2)
        // a reset
        try drag(r, Vec2(300, 220), Vec2(380, 250))
        _ = r.events(steps: true)
        let moved = r.geometry(a)
        #expect(try r.e.reset(a, animated: true) == .ok)
        try r.tick(0.1)
        #expect(r.events(steps: true).allSatisfy { $0.kind != .committed })
        try r.tick(0.15)
        let evs2 = r.events(steps: true)
        #expect(kinds(evs2) == [.reset, .committed])
        #expect(evs2.last?.gesture == .reset)
        #expect(try r.e.undo() == .ok)
        #expect(r.geometry(a).sameBits(moved))
        #expect(try r.e.reset(a, animated: false) == .ok)
        #expect(kinds(r.events(steps: true)).contains(.committed))
    }
}

@Suite struct UndoRedoTests {
    /// UNDONE and REDONE list their own change (after = where the box is now), restore the
    /// selection of the step, and a new step clears what could be redone.
    @Test func undoneAndRedoneListTheirOwnChangeAndRestoreTheSelection() throws {
        let r = Rig()
        let a = r.box(center: Vec2(200, 200), rotation: 0.2)
        let b = r.box(center: Vec2(600, 500), rotation: -0.1)
        try r.e.select(a, .replace)
        try r.e.select(b, .add)
        _ = r.events(steps: true)
        let a0 = r.geometry(a), b0 = r.geometry(b)
        try drag(r, Vec2(200, 200), Vec2(230, 180))
        let a1 = r.geometry(a), b1 = r.geometry(b)
        _ = r.events(steps: true)
        try r.e.select(.none, .replace)
        _ = r.events(steps: true)
        #expect(try r.e.undo() == .ok)
        #expect(r.geometry(a).sameBits(a0) && r.geometry(b).sameBits(b0))
        #expect(r.e.selectedBoxes == [a, b])
        let (ev, t) = try #require(lastStep(r, .undone))
        #expect(ev.box == .selection && ev.gesture == .move)
        for c in t.changes.all {
            #expect(c.after.sameBits(c.box == a ? a0 : b0) && c.before.sameBits(c.box == a ? a1 : b1))
        }
        #expect(r.e.historyDepth == (0, 1))
        #expect(try r.e.undo() == .done)
        #expect(try r.e.redo() == .ok)
        #expect(r.geometry(a).sameBits(a1) && r.geometry(b).sameBits(b1))
        let (_, t2) = try #require(lastStep(r, .redone))
        for c in t2.changes.all { #expect(c.after.sameBits(c.box == a ? a1 : b1)) }
        #expect(try r.e.redo() == .done)
        // A new step clears the redo list.
        #expect(try r.e.undo() == .ok)
        try r.key(.left)
        try r.tick(1.5)
        #expect(r.e.historyDepth == (1, 0))
    }

    /// Undo, redo and clear are refused (STATE) during a gesture or a marquee, and change nothing.
    @Test func refusedDuringAGestureDoneWhenEmpty() throws {
        let r = Rig { $0.selectionMode = .pointer }
        let a = r.box(center: Vec2(200, 200))
        #expect(try r.e.undo() == .done)
        #expect(try r.e.redo() == .done)
        try drag(r, Vec2(200, 200), Vec2(250, 200))
        try r.down(Vec2(250, 200))
        try r.move(Vec2(290, 230))
        let g = r.geometry(a)
        expectGripError(.invalidState, "undo") { _ = try r.e.undo() }
        expectGripError(.invalidState, "redo") { _ = try r.e.redo() }
        expectGripError(.invalidState, "clear") { try r.e.clearHistory() }
        #expect(r.geometry(a).sameBits(g) && r.e.historyDepth == (1, 0))
        try r.up(Vec2(290, 230))
        // during a marquee
        try r.down(Vec2(700, 600))
        try r.move(Vec2(650, 550))
        expectGripError(.invalidState, "undo in a marquee") { _ = try r.e.undo() }
        try r.up(Vec2(650, 550))
        #expect(r.e.historyDepth == (2, 0))
        try r.e.clearHistory()
        #expect(r.e.historyDepth == (0, 0))
    }

    /// history_limit keeps the newest steps only; 0 keeps none, but COMMITTED still comes.
    @Test(arguments: [0, 1, 3])
    func historyLimitIsHonoured(limit: Int) throws {
        let r = Rig { $0.historyLimit = limit }
        let a = r.box(center: Vec2(200, 200))
        var xs: [Double] = [200]
        for i in 0..<5 {
            let x = 200 + 30 * Double(i)
            try drag(r, Vec2(x, 200), Vec2(x + 30, 200))
            xs.append(r.geometry(a).center.x)
        }
        #expect(kinds(r.events(steps: true)).filter { $0 == .committed }.count == 5)
        #expect(r.e.historyDepth == (limit, 0))
        for k in 0..<limit {
            #expect(try r.e.undo() == .ok)
            #expect(r.geometry(a).center.x == xs[4 - k])
        }
        #expect(try r.e.undo() == .done)
        #expect(r.geometry(a).center.x == xs[5 - limit])
    }

    /// The host's configure that changes a box's geometry, its re-parenting and its destruction
    /// drop it from every step (steps left empty go); a configure with the identical geometry
    /// keeps it (an interpretation: nothing of the box changed that undo would fight).
    @Test func hostEditsDropTheBoxFromTheHistory() throws {
        let r = Rig()
        let a = r.box(center: Vec2(200, 200))
        let b = r.box(center: Vec2(600, 200))
        let c = r.box(center: Vec2(200, 600))
        let b0 = r.geometry(b)
        try drag(r, Vec2(200, 200), Vec2(240, 200))
        try drag(r, Vec2(600, 200), Vec2(640, 200))
        try drag(r, Vec2(200, 600), Vec2(240, 600))
        // a group step of a and c
        try r.e.select(a, .replace)
        try r.e.select(c, .add)
        try r.key(.down, mods: Modifiers.shift)
        try r.tick(1.5)
        #expect(r.e.historyDepth.undo == 4)
        try r.e.configure(c, r.e.describe(c))
        #expect(r.e.historyDepth.undo == 4)
        var d = try r.e.describe(a)
        d.geometry.center.x += 5
        try r.e.configure(a, d)
        #expect(r.e.historyDepth.undo == 3)  // a's own step goes; the group step keeps c
        d = try r.e.describe(c)
        d.parent = b
        try r.e.configure(c, d)
        #expect(r.e.historyDepth.undo == 1)  // c's step and the group step go
        let a1 = r.geometry(a)
        #expect(try r.e.undo() == .ok)
        #expect(r.geometry(b).sameBits(b0) && r.geometry(a).sameBits(a1))
        #expect(r.e.historyDepth == (0, 1))
        try r.e.destroyBox(b)
        #expect(r.e.historyDepth == (0, 0))
    }
}

/// One random edit of a history property session.
private enum Op { case move, resize, rotate, group, nudge, reset, pinch }

@Suite struct HistoryPropertyTests {
    /// Random sessions of moves, resizes, rotations, pinches, group gestures, nudge runs and
    /// resets in random nestings and views; then undo every step: every box's geometry and the
    /// selection are the start's bit for bit; redo every step: the end's bit for bit.
    @Test(arguments: [UInt64(0x0A11_0001), 0x0A11_0002, 0x0A11_0003, 0x0A11_0004])
    func undoingEveryStepRestoresTheStartAndRedoingTheEnd(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var totalSteps = 0, groupSteps = 0
        defer { #expect(totalSteps >= 60 && groupSteps >= 3, "only \(totalSteps) steps, \(groupSteps) of groups") }
        for round in 0..<12 {
            let r = Rig(width: 4000, height: 4000)
            try r.e.setView(randomView(&rng))
            var boxes: [BoxID] = []
            for _ in 0..<(3 + rng.int(3)) {
                let before = r.e.boxesInDrawOrder
                let contain = rng.int(4) == 0
                let id = randomNest(r, &rng, size: 120) { d in
                    d.behavior.editing = true
                    d.behavior.contain = contain
                }
                boxes += r.e.boxesInDrawOrder.filter { !before.contains($0) }
                _ = id
            }
            let leaves = boxes.filter { (try? r.e.describe($0).behavior.editing) == true }
            _ = r.events(steps: true)
            var startBits: SceneBits?, endBits: SceneBits?
            var steps = 0, committed = 0
            for _ in 0..<(6 + rng.int(8)) {
                let depth0 = r.e.historyDepth.undo
                let box = leaves[rng.int(leaves.count)]
                let op: Op = [.move, .resize, .rotate, .group, .nudge, .reset, .pinch][rng.int(7)]
                // The selection a step begins with is the one set here, before its input.
                switch op {
                case .group:
                    let other = leaves[rng.int(leaves.count)]
                    try r.e.select(box, .replace)
                    if other != box { try r.e.select(other, .add) }
                case .nudge:
                    try r.e.select(box, .replace)
                default:
                    if rng.int(3) == 0 { try r.e.select(.none, .replace) }
                }
                let bitsBefore = SceneBits(r, boxes)
                switch op {
                case .move, .group:
                    guard let g = selGrabPoint(r, box, &rng) else { break }
                    try drag(r, g, g + Vec2(rng.double(-150, 150), rng.double(-150, 150)))
                case .resize:
                    let hs = r.handles(box).filter { $0.handle != .rotate }
                    guard !hs.isEmpty else { break }
                    let h = hs[rng.int(hs.count)].center
                    try drag(
                        r, h, h + Vec2(rng.double(-60, 60), rng.double(-60, 60)),
                        mods: [0, Modifiers.shift, Modifiers.alt][rng.int(3)])
                case .rotate:
                    guard let h = r.handle(box, .rotate) else { break }
                    try drag(r, h.center, h.center + Vec2(rng.double(-90, 90), rng.double(-90, 90)))
                case .pinch:
                    let g = r.geometry(box)
                    let p1 = r.screen(of: box, boxPoint: Vec2(g.width * 0.3, g.height / 2))
                    let p2 = r.screen(of: box, boxPoint: Vec2(g.width * 0.7, g.height / 2))
                    try r.down(p1, id: 1)
                    try r.down(p2, id: 2)
                    try r.move(p2 + Vec2(rng.double(-40, 40), rng.double(-40, 40)), id: 2)
                    try r.move(p1 + Vec2(rng.double(-20, 20), rng.double(-20, 20)), id: 1)
                    try r.up(p1, id: 1)
                    try r.up(p2, id: 2)
                case .nudge:
                    for _ in 0..<(1 + rng.int(6)) {
                        try r.key([Key.left, .right, .up, .down][rng.int(4)], mods: rng.bool() ? Modifiers.shift : 0)
                    }
                case .reset:
                    _ = try r.e.reset(box, animated: rng.bool())
                }
                try r.tick(1.5)  // settles a nudge run and any reset animation
                let made = r.e.historyDepth.undo - depth0
                let opEvents = r.events(steps: true)
                committed += opEvents.filter { $0.kind == .committed }.count
                // one gesture, one step (the two fingers of a pinch may land on two boxes: two gestures)
                #expect(
                    made >= 0 && made <= (op == .pinch ? 2 : 1),
                    "round \(round): \(op) made \(made) steps: \(opEvents.map { "\($0.kind.rawValue)/\($0.gesture.rawValue)" })"
                )
                if made == 0 {
                    #expect(
                        SceneBits(r, boxes).geometry.elementsEqual(bitsBefore.geometry) { $0.sameBits($1) },
                        "round \(round): \(op) changed geometry without a step")
                } else {
                    // undo comes back to the selection the first step began with; redo to the
                    // one the last step ended with
                    if startBits == nil { startBits = bitsBefore }
                    endBits = SceneBits(r, boxes)
                }
                steps += made
                totalSteps += made
                if opEvents.contains(where: { $0.kind == .committed && $0.box == .selection }) { groupSteps += 1 }
            }
            guard let startBits, let endBits else { continue }
            #expect(committed == r.e.historyDepth.undo, "round \(round)")
            #expect(steps == r.e.historyDepth.undo)
            var undone = 0
            while try r.e.undo() == .ok { undone += 1 }
            #expect(undone == steps)
            #expect(
                SceneBits(r, boxes) == startBits,
                "seed \(seed) round \(round): undoing \(steps) steps did not restore the start")
            #expect(r.events(steps: true).filter { $0.kind == .undone }.count == steps)
            var redone = 0
            while try r.e.redo() == .ok { redone += 1 }
            #expect(redone == steps)
            #expect(SceneBits(r, boxes) == endBits, "seed \(seed) round \(round): redoing did not reach the end")
        }
    }
}

/// history_bytes_limit: steps of 1, 2 and 3 changes cost what `History.bytes(of:)` says; the oldest
/// go while the total passes the limit, the newest stays whatever its size, and the count follows
/// every record, undo, redo, drop and clear.
@Suite struct HistoryBytesTests {
    static func step(_ boxes: [BoxID]) -> Transaction {
        let g = BoxGeometry(
            center: Vec2(0, 0), width: 10, height: 10, rotation: 0, scale: 1, flippedX: false, flippedY: false)
        return Transaction(
            gesture: .move, group: boxes.count > 1,
            changes: boxes.map { Change(box: $0, parent: .none, before: g, after: g) },
            selectionBefore: boxes, selectionAfter: [])
    }

    @Test func theOldestStepsGoPastTheLimitAndTheNewestStays() {
        let ids = (1...6).map { BoxID(index: Int32($0), generation: 1) }
        let one = Self.step([ids[0]]), two = Self.step([ids[1], ids[2]]), three = Self.step(Array(ids[3...5]))
        // A step of boxes that did not move under one parent: the parent once, each box's id and
        // geometry before (`ChangeList`), and each box once in the selection before.
        let t = UInt64(MemoryLayout<Transaction>.stride), g = UInt64(MemoryLayout<BoxGeometry>.stride)
        let b = UInt64(MemoryLayout<BoxID>.stride), c = b + g
        #expect(History.bytes(of: one) == t + b + c + b)
        #expect(History.bytes(of: three) == t + b + 3 * c + 3 * b)
        var h = History()
        let limit = History.bytes(of: one) + History.bytes(of: two)
        h.record(one, limit: 100, byteLimit: limit)
        h.record(two, limit: 100, byteLimit: limit)
        #expect(h.undoCount == 2 && h.bytes == limit)
        // three alone is over the limit: it stays, both older steps go.
        h.record(three, limit: 100, byteLimit: limit)
        #expect(h.undoCount == 1 && h.bytes == History.bytes(of: three))
        #expect(h.popUndo() != nil)
        #expect(h.redo.count == 1 && h.bytes == History.bytes(of: three))
        _ = h.popRedo()
        h.drop([ids[3]])
        #expect(h.newestUndo?.changes.count == 2 && h.bytes == t + b + 2 * c + 3 * b)
        // with room for everything, the step count limit rules.
        h.record(one, limit: 2, byteLimit: 1 << 40)
        h.record(two, limit: 2, byteLimit: 1 << 40)
        #expect(h.undoCount == 2 && h.bytes == History.bytes(of: one) + History.bytes(of: two))
        h.clear()
        #expect(h.bytes == 0)
    }
}
