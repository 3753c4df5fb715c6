// The marquee as an interaction of the one lifecycle (docs/specification.md, Marquee): it
// begins with a snapshot of the selection, steps from the
// snapshot and the pointer now, ends with the selection as it is (no history step), cancels back
// to the snapshot bit for bit (Escape, pointer CANCEL, a destroyed box it acts on, a box changing
// parents), and is owned by the coordinator: "is anything in progress" sees it, no other gesture
// runs beside it, and a nudge run ends when it begins.
import Testing

@testable import GripCore

/// A pointer-selection rig with boxes a (100..200), b (400..500), c (400..500 x 300..400 lower
/// down), each 100 x 100, editing off; empty space around them.
private func threeBoxes() -> (Rig, BoxID, BoxID, BoxID) {
    let r = Rig { $0.selectionMode = .pointer }
    let a = r.box(center: Vec2(150, 150), width: 100, height: 100, editing: false)
    let b = r.box(center: Vec2(450, 150), width: 100, height: 100, editing: false)
    let c = r.box(center: Vec2(450, 450), width: 100, height: 100, editing: false)
    _ = r.events()
    return (r, a, b, c)
}

/// What a cancel must give back, compared bit for bit: the selection in order, the frame's kept
/// orientation, the selection state the host reads, every box's geometry, and the history.
private struct SelectionBits: Equatable {
    var members: [BoxID]
    var orientation: UInt64
    var state: SelectionState
    var geometry: [BoxGeometry]
    var depth: Int

    init(_ r: Rig, _ boxes: [BoxID]) {
        members = r.e.selectedBoxes
        orientation = r.e.selection.orientation.bitPattern
        state = r.e.selectionState()
        geometry = boxes.map { r.geometry($0) }
        depth = r.e.historyDepth.undo
    }

    static func == (x: SelectionBits, y: SelectionBits) -> Bool {
        x.members == y.members && x.orientation == y.orientation && x.state == y.state && x.depth == y.depth
            && x.geometry.count == y.geometry.count && zip(x.geometry, y.geometry).allSatisfy { $0.sameBits($1) }
    }
}

@Suite struct MarqueeLifecycleTests {
    /// Begin, step and end go through the coordinator: while the marquee is dragged it is the one
    /// interaction in progress (kind MARQUEE), its events carry GRIP_SELECTION (BEGAN at the
    /// press point), the host's changes to the selection and the history are refused as during
    /// any gesture, and its end leaves the picks selected with no history step.
    @Test func beginStepEndThroughTheCoordinator() throws {
        let (r, a, b, _) = threeBoxes()
        try r.e.select(a, .replace)
        _ = r.events()
        try r.down(Vec2(300, 50))
        #expect(r.e.interactions.active.isEmpty)  // not past touch_slop yet
        try r.move(Vec2(520, 220))
        #expect(r.e.interactions.active.count == 1)
        let mi = try #require(r.e.interactions.marquee())
        let g = r.e.interactions.active[mi]
        #expect(g.kind == .marquee && g.isGesture && !g.movesBoxes && !g.group)
        #expect(g.selectionBefore == [a])
        #expect(r.e.interactions.anyGesture)
        #expect(r.e.selectedBoxes == [b])
        let evs = r.events()
        #expect(kinds(evs) == [.gestureBegan, .selectionChanged, .gestureChanged])
        #expect(evs.allSatisfy { $0.box == .selection })
        #expect(evs[0].gesture == .marquee && evs[0].position == Vec2(300, 50))
        #expect(evs[2].gesture == .marquee && evs[2].position == Vec2(520, 220))
        // The selection is the marquee's while it lasts.
        #expect(r.e.selectionState().gestureActive)
        _ = expectGripError(.invalidState, "select during a marquee") { try r.e.select(a, .add) }
        _ = expectGripError(.invalidState, "undo during a marquee") { _ = try r.e.undo() }
        _ = expectGripError(.invalidState, "history clear during a marquee") { try r.e.clearHistory() }
        #expect(r.e.selectedBoxes == [b])
        #expect(r.e.frame().commands.filter { $0.kind == .marquee }.count == 1)
        try r.up(Vec2(520, 220))
        #expect(r.e.interactions.active.isEmpty)
        #expect(r.e.selectedBoxes == [b])
        let end = r.events(steps: true)
        #expect(kinds(end) == [.gestureEnded])
        #expect(end[0].gesture == .marquee && end[0].box == .selection && end[0].position == Vec2(520, 220))
        #expect(r.e.historyDepth.undo == 0)
        #expect(!r.e.selectionState().gestureActive)
        #expect(!r.e.frame().commands.contains { $0.kind == .marquee })
    }

    /// Each step starts from the snapshot: with shift at the press the picks are added to the
    /// selection from before, and a box picked earlier and left again is not kept; ctrl swaps the
    /// rule at once (a key event, no pointer motion), and swapping back picks as before.
    @Test func stepsComeFromTheSnapshotAndThePointerNow() throws {
        let (r, a, b, c) = threeBoxes()
        try r.e.select(a, .replace)
        try r.down(Vec2(300, 50), mods: Modifiers.shift)
        try r.move(Vec2(420, 120), mods: Modifiers.shift)  // meets b (intersect)
        #expect(r.e.selectedBoxes == [a, b])
        try r.move(Vec2(350, 100))  // meets nothing
        #expect(r.e.selectedBoxes == [a])
        try r.move(Vec2(420, 420))  // meets b and c
        #expect(r.e.selectedBoxes == [a, b, c])
        // ctrl down: contain, which neither b nor c passes; up again: intersect.
        #expect(try r.key(.ctrl, mods: Modifiers.ctrl))
        #expect(r.e.selectedBoxes == [a])
        #expect(try r.key(.ctrl, .up))
        #expect(r.e.selectedBoxes == [a, b, c])
        try r.move(Vec2(520, 520), mods: Modifiers.ctrl)  // contains b and c
        #expect(r.e.selectedBoxes == [a, b, c])
        try r.up(Vec2(520, 520))
        #expect(r.e.selectedBoxes == [a, b, c])
    }

    /// Escape and pointer CANCEL give back the selection from before the marquee bit for bit: its
    /// members in order, the frame's kept orientation (here turned by a group rotation of boxes
    /// that do not share a rotation), the state the host reads, every box where it was, no
    /// history step; SELECTION_CHANGED then MARQUEE CANCELLED; the pointer then drives nothing.
    @Test(arguments: [true, false])
    func cancelRestoresTheSnapshotBitForBit(escape: Bool) throws {
        let (r, a, b, c) = threeBoxes()
        let d = r.box(center: Vec2(150, 450), width: 100, height: 80, rotation: 0.4, editing: false)
        try r.e.select(a, .replace)
        try r.e.select(d, .add)
        // Turn the selection by its rotate handle: its frame keeps the turned orientation.
        let handle = selRotateHandleScreen(r)
        #expect(try r.e.hitTest(world: r.world(handle)) == Hit(box: .selection, handle: .rotate))
        try r.down(handle)
        try r.move(handle + Vec2(40, 0))
        try r.up(handle + Vec2(40, 0))
        #expect(r.e.selection.orientation != 0)
        let boxes = [a, b, c, d]
        let before = SelectionBits(r, boxes)
        _ = r.events(steps: true)
        try r.down(Vec2(300, 20))
        try r.move(Vec2(520, 520))
        #expect(r.e.selectedBoxes == [b, c])
        #expect(r.e.selection.orientation == 0)
        _ = r.events(steps: true)
        if escape {
            #expect(try r.key(.escape))
        } else {
            try r.cancel(Vec2(520, 520))
        }
        #expect(SelectionBits(r, boxes) == before)
        let evs = r.events(steps: true)
        #expect(kinds(evs) == [.selectionChanged, .gestureCancelled])
        #expect(evs[1].gesture == .marquee && evs[1].box == .selection)
        #expect(r.e.interactions.active.isEmpty)
        #expect(!r.e.frame().commands.contains { $0.kind == .marquee })
        if escape {
            // The pointer stays down, driving nothing until it is released.
            #expect(try r.move(Vec2(600, 600)))
            #expect(try r.up(Vec2(600, 600)))
            #expect(SelectionBits(r, boxes) == before)
            #expect(r.events(steps: true).isEmpty)
        }
    }

    /// A box the marquee acts on (in its snapshot, or picked now) destroyed during it cancels
    /// it: the selection goes back to the snapshot without the destroyed boxes (never an id that
    /// is gone), CANCELLED; the pointer drives nothing until released. Destroying a box it does
    /// not act on leaves it going.
    @Test func aDestroyedBoxCancelsTheMarqueeActingOnIt() throws {
        // A picked box destroyed.
        do {
            let (r, a, b, c) = threeBoxes()
            try r.e.select(a, .replace)
            try r.down(Vec2(300, 20))
            try r.move(Vec2(520, 520))
            #expect(r.e.selectedBoxes == [b, c])
            _ = r.events()
            try r.e.destroyBox(c)
            #expect(r.e.selectedBoxes == [a])
            #expect(r.e.interactions.active.isEmpty)
            let evs = r.events(steps: true)
            #expect(kinds(evs) == [.selectionChanged, .gestureCancelled])
            #expect(evs[1].gesture == .marquee && evs[1].box == .selection)
            #expect(try r.move(Vec2(120, 120)))  // would pick a; drives nothing
            #expect(r.e.selectedBoxes == [a])
            #expect(try r.up(Vec2(120, 120)))
            #expect(r.events(steps: true).isEmpty)
        }
        // A box of the snapshot destroyed (a child of the snapshot's box: the subtree goes).
        do {
            let (r, a, b, _) = threeBoxes()
            let child = r.box(parent: a, center: Vec2(50, 50), width: 20, height: 20, editing: false)
            try r.e.select(b, .replace)
            try r.e.select(child, .add)
            try r.down(Vec2(300, 600), mods: Modifiers.shift)
            try r.move(Vec2(520, 420), mods: Modifiers.shift)  // adds c
            #expect(r.e.selectedBoxes.count == 3)
            _ = r.events()
            try r.e.destroyBox(a)
            #expect(r.e.selectedBoxes == [b])
            #expect(r.e.interactions.marquee() == nil)
            #expect(kinds(r.events()) == [.selectionChanged, .gestureCancelled])
            try r.up(Vec2(520, 420))
            #expect(r.e.selectedBoxes == [b])
        }
        // A box it does not act on: the marquee goes on, and its cancel restores the snapshot.
        do {
            let (r, a, b, c) = threeBoxes()
            let far = r.box(center: Vec2(900, 700), width: 50, height: 50, editing: false)
            try r.e.select(a, .replace)
            try r.down(Vec2(300, 20))
            try r.move(Vec2(520, 220))
            _ = r.events()
            try r.e.destroyBox(far)
            #expect(r.e.interactions.marquee() != nil)
            #expect(r.events().isEmpty)
            try r.move(Vec2(520, 520))
            #expect(r.e.selectedBoxes == [b, c])
            try r.cancel(Vec2(520, 520))
            #expect(r.e.selectedBoxes == [a])
        }
        // The snapshot's box destroyed while it is not picked: the old marquee kept its id and
        // put it back on cancel; now the marquee ends there without it.
        do {
            let (r, a, b, _) = threeBoxes()
            try r.e.select(a, .replace)
            try r.e.select(b, .add)
            try r.down(Vec2(300, 600))
            try r.move(Vec2(520, 420))
            _ = r.events()
            try r.e.destroyBox(a)
            #expect(r.e.selectedBoxes == [b])
            #expect(r.e.selectedBoxes.allSatisfy { r.e.scene.slot($0) != nil })
            #expect(kinds(r.events()) == [.selectionChanged, .gestureCancelled])
        }
    }

    /// A box changing parents during a marquee cancels it (the hierarchy it picks from and
    /// restores into changed): the selection from before it comes back.
    @Test func aReparentCancelsTheMarquee() throws {
        let (r, a, b, c) = threeBoxes()
        try r.e.select(a, .replace)
        try r.down(Vec2(300, 20))
        try r.move(Vec2(520, 520))
        #expect(r.e.selectedBoxes == [b, c])
        _ = r.events()
        var d = try r.e.describe(c)
        d.parent = b
        d.geometry.center = Vec2(50, 50)
        try r.e.configure(c, d)
        #expect(r.e.interactions.marquee() == nil)
        #expect(r.e.selectedBoxes == [a])
        #expect(kinds(r.events()) == [.selectionChanged, .gestureCancelled])
    }

    /// A second pointer while a marquee is dragged drives nothing: on a box it is consumed and
    /// neither selects, moves nor taps it into the selection; on the selection's handles it turns
    /// nothing; on an empty place it is not consumed and draws no second marquee. A pointer
    /// already pending on a box does not start a move. Magnify is not consumed. The marquee goes
    /// on as if they were not there.
    @Test func aSecondPointerDuringAMarqueeDrivesNothing() throws {
        let (r, a, b, c) = threeBoxes()
        // Pointer 3 pending on a (a press selects it), before the marquee.
        try r.down(Vec2(150, 150), id: 3)
        #expect(r.e.selectedBoxes == [a])
        try r.down(Vec2(300, 20))
        try r.move(Vec2(520, 520))
        #expect(r.e.selectedBoxes == [b, c])
        let geometry = [a, b, c].map { r.geometry($0) }
        _ = r.events()
        // On a box of the selection, and on one outside it.
        for (p, id) in [(Vec2(450, 150), UInt32(2)), (Vec2(150, 150), UInt32(4))] {
            #expect(try r.down(p, id: id))
            #expect(try r.move(p + Vec2(60, 40), id: id))
            #expect(try r.up(p + Vec2(60, 40), id: id))
            #expect(try r.down(p, id: id))  // and a tap
            #expect(try r.up(p, id: id))
        }
        // On the selection's rotate handle.
        let handle = selRotateHandleScreen(r)
        #expect(try r.e.hitTest(world: r.world(handle)) == Hit(box: .selection, handle: .rotate))
        #expect(try r.down(handle, id: 5))
        #expect(try r.move(handle + Vec2(80, 30), id: 5))
        #expect(try r.up(handle + Vec2(80, 30), id: 5))
        // On an empty place.
        #expect(try !r.down(Vec2(900, 700), id: 6))
        #expect(try !r.move(Vec2(600, 300), id: 6))
        #expect(try !r.up(Vec2(600, 300), id: 6))
        // The pending pointer moves past touch_slop.
        #expect(try r.move(Vec2(200, 200), id: 3))
        #expect(try !r.e.dispatchMagnify(MagnifyEvent(.down, factor: 1.5, focal: Vec2(450, 150), time: r.t + 0.01)))
        _ = try r.e.dispatchMagnify(MagnifyEvent(.up, factor: 1.5, focal: Vec2(450, 150), time: r.t + 0.02))
        r.t += 0.02
        #expect([a, b, c].map { r.geometry($0) } == geometry)
        #expect(r.e.selectedBoxes == [b, c])
        let evs = r.events()
        #expect(!evs.contains { $0.kind == .gestureBegan || $0.kind == .selectionChanged }, "\(kinds(evs))")
        #expect(r.e.interactions.active.count == 1)
        // The marquee itself goes on, from where it began.
        try r.move(Vec2(520, 220))
        #expect(r.e.selectedBoxes == [b])
        try r.up(Vec2(520, 220))
        try r.up(Vec2(200, 200), id: 3)
        #expect(r.e.selectedBoxes == [b])
        #expect(r.e.historyDepth.undo == 0)
    }

    /// No marquee begins while another gesture is in progress (it could pick that gesture's
    /// boxes), and a tap on an empty place does not clear a selection a gesture acts on.
    @Test func noMarqueeBesideAnotherGesture() throws {
        let (r, a, b, _) = threeBoxes()
        try r.e.select(a, .replace)
        try r.e.select(b, .add)
        try r.down(Vec2(150, 150))
        try r.move(Vec2(170, 170))  // a group move of a and b
        #expect(r.e.interactions.groupGesture() != nil)
        _ = r.events()
        try r.down(Vec2(300, 600), id: 2)
        #expect(try !r.move(Vec2(520, 420), id: 2))
        #expect(r.e.interactions.marquee() == nil)
        #expect(try !r.up(Vec2(520, 420), id: 2))
        try r.down(Vec2(300, 600), id: 2)  // a tap on an empty place
        try r.up(Vec2(300, 600), id: 2)
        #expect(r.e.selectedBoxes == [a, b])
        #expect(!r.events().contains { $0.kind == .selectionChanged })
        try r.up(Vec2(170, 170))
        try r.down(Vec2(300, 600), id: 2)  // now it clears
        try r.up(Vec2(300, 600), id: 2)
        #expect(r.e.selectedBoxes.isEmpty)
    }

    /// A nudge run in progress ends (one COMMITTED) when a marquee begins, before its BEGAN, even
    /// when the marquee leaves the selection as it is (shift, picking nothing); arrows and Tab do
    /// nothing while the marquee lasts.
    @Test func aNudgeRunEndsWhenAMarqueeBegins() throws {
        let (r, a, _, _) = threeBoxes()
        try r.e.select(a, .replace)
        #expect(try r.key(.right))
        _ = r.events(steps: true)
        try r.down(Vec2(300, 600), mods: Modifiers.shift)
        try r.move(Vec2(330, 650), mods: Modifiers.shift)
        #expect(r.e.selectedBoxes == [a])
        let evs = r.events(steps: true)
        #expect(kinds(evs) == [.committed, .gestureBegan, .gestureChanged], "\(kinds(evs))")
        #expect(r.e.historyDepth.undo == 1)
        let at = r.geometry(a)
        #expect(try !r.key(.left))
        #expect(try !r.key(.tab))
        #expect(r.geometry(a).sameBits(at))
        #expect(r.e.selectedBoxes == [a])
        try r.up(Vec2(330, 650))
        #expect(r.e.historyDepth.undo == 1)
    }
}

@Suite struct KeySortTests {
    /// The marquee's in-place sort orders keys as the standard library's sort does: random keys
    /// (few distinct ones too), sorted, reversed and organ-pipe input, every length up to 300 and
    /// some long ones (past the heapsort depth limit on adversarial input, it still sorts).
    @Test func sortsAsTheStandardLibraryDoes() {
        var rng = SplitMix64(seed: 0x5047_0001)
        var lengths = Array(0...300)
        lengths += [1_000, 4_096, 10_007, 50_000]
        for n in lengths {
            for shape in 0..<5 {
                var keys: [UInt64]
                switch shape {
                case 0: keys = (0..<n).map { _ in rng.next() }
                case 1: keys = (0..<n).map { _ in UInt64(rng.int(4)) }
                case 2: keys = (0..<n).map { UInt64($0) }
                case 3: keys = (0..<n).map { UInt64(n - $0) }
                default: keys = (0..<n).map { UInt64(min($0, n - $0)) }
                }
                let want = keys.sorted()
                KeySort.sort(&keys)
                #expect(keys == want, "length \(n), shape \(shape)")
            }
        }
    }
}

@Suite struct MarqueeSessionTests {
    /// Random sessions of pointer selection over nested boxes: two pointers pressing, dragging,
    /// lifting and cancelling anywhere, modifier keys, Escape, arrows, Tab, grip_select, destroys
    /// and re-parents. After every event: the selection holds live boxes only, none twice, no box
    /// with its ancestor, and each box's mark agrees with it; at most one marquee, never beside
    /// another gesture, drawn exactly while it lasts; a host call refused during it changes
    /// nothing; and every cancelled marquee gives back the selection from before it (without the
    /// boxes destroyed since).
    @Test func invariantsHoldThroughRandomSessions() throws {
        var rng = SplitMix64(seed: 0x3A2C_E200)
        var cancels = 0, marquees = 0
        for round in 0..<25 {
            let r = Rig(width: 1200, height: 1000) { $0.selectionMode = .pointer }
            var boxes: [BoxID] = []
            for _ in 0..<(5 + rng.int(6)) {
                let parent = boxes.isEmpty || rng.int(3) != 0 ? BoxID.none : boxes[rng.int(boxes.count)]
                boxes.append(
                    r.box(
                        parent: parent,
                        center: Vec2(rng.double(50, 700), rng.double(50, 600)) * (parent == .none ? 1 : 0.2),
                        width: rng.double(30, 160), height: rng.double(30, 160), rotation: rng.double(-1, 1),
                        editing: rng.int(3) == 0
                    ) { d in d.behavior.selectable = rng.int(5) != 0 })
            }
            var down: [UInt32: Vec2] = [:]
            var snapshot: [BoxID]? = nil
            for step in 0..<150 {
                let before = r.e.selectedBoxes
                var reparented = false
                let p = Vec2(rng.double(0, 900), rng.double(0, 800))
                let id = UInt32(1 + rng.int(2))
                let mods = rng.int(4) == 0 ? [Modifiers.shift, Modifiers.ctrl][rng.int(2)] : 0
                switch rng.int(12) {
                case 0, 1:
                    if down[id] == nil { try r.down(p, id: id, mods: mods); down[id] = p }
                case 2, 3, 4:
                    if down[id] != nil { try r.move(p, id: id, mods: mods) }
                case 5:
                    if down[id] != nil { try r.up(p, id: id); down[id] = nil }
                case 6:
                    if down[id] != nil { try r.cancel(p, id: id); down[id] = nil }
                case 7:
                    _ = try r.key([.escape, .tab, .left, .right][rng.int(4)])
                case 8:
                    _ = try r.key(.ctrl, rng.bool() ? .down : .up, mods: rng.bool() ? Modifiers.ctrl : 0)
                case 9:
                    let live = boxes.filter { r.e.scene.slot($0) != nil }
                    guard let b = live.isEmpty ? nil : live[rng.int(live.count)] else { break }
                    let marquee = r.e.interactions.marquee() != nil
                    do {
                        try r.e.select(b, [.add, .toggle, .replace][rng.int(3)])
                        #expect(!marquee, "round \(round) step \(step): select went through during a marquee")
                    } catch {
                        #expect(
                            r.e.selectedBoxes == before,
                            "round \(round) step \(step): a refused select changed the selection")
                    }
                case 10:
                    let live = boxes.filter { r.e.scene.slot($0) != nil }
                    if live.count > 3 { try r.e.destroyBox(live[rng.int(live.count)]) }
                default:
                    let live = boxes.filter { r.e.scene.slot($0) != nil }
                    guard live.count >= 2 else { break }
                    let b = live[rng.int(live.count)], q = live[rng.int(live.count)]
                    guard var d = try? r.e.describe(b) else { break }
                    d.parent = rng.int(3) == 0 ? .none : q
                    let old = try r.e.describe(b).parent
                    reparented = (try? r.e.configure(b, d)) != nil && d.parent != old
                }
                // Marquee boundaries seen in this step's events.
                for ev in r.events() where ev.gesture == .marquee {
                    if ev.kind == .gestureBegan { snapshot = before; marquees += 1 }
                    // (After a re-parent the restored selection is then kept apart, as any is.)
                    if ev.kind == .gestureCancelled, !reparented, let s = snapshot {
                        let want = s.filter { r.e.scene.slot($0) != nil }
                        #expect(
                            r.e.selectedBoxes == want,
                            "round \(round) step \(step): cancel gave \(r.e.selectedBoxes.map(\.rawValue)), want \(want.map(\.rawValue))"
                        )
                        cancels += 1
                    }
                    if ev.kind == .gestureCancelled || ev.kind == .gestureEnded { snapshot = nil }
                }
                // The invariants.
                let sel = r.e.selectedBoxes
                #expect(sel.allSatisfy { r.e.scene.slot($0) != nil }, "round \(round) step \(step): a dead id selected")
                #expect(Set(sel).count == sel.count, "round \(round) step \(step): a box selected twice")
                for a in sel {
                    for b in sel where a != b {
                        #expect(
                            !selIsAncestor(r.e, a, of: b),
                            "round \(round) step \(step): a box selected with its ancestor")
                    }
                }
                let marked = boxes.filter {
                    r.e.scene.slot($0).map { r.e.scene[$0].selection != .none } ?? false
                }
                #expect(Set(marked) == Set(sel), "round \(round) step \(step): marks disagree with the selection")
                let marqueeCount = r.e.interactions.active.filter { $0.kind == .marquee }.count
                #expect(marqueeCount <= 1)
                if marqueeCount == 1 {
                    #expect(
                        !r.e.interactions.active.contains { $0.movesBoxes },
                        "round \(round) step \(step): a gesture beside the marquee")
                }
                #expect(r.e.frame().commands.contains { $0.kind == .marquee } == (marqueeCount == 1))
            }
        }
        #expect(marquees >= 40 && cancels >= 10, "\(marquees) marquees, \(cancels) cancelled")
    }
}
