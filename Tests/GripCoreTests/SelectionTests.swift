import Testing

@testable import GripCore

// The selection as a set (docs/specification.md, Selection): the ancestor rule,
// the order, destroyed boxes, SELECTION_CHANGED; and the frame with a selection of several
// boxes, built incrementally, against one built from nothing.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The selection a model of the rules expects: `members` with `id` added last (when it is not in
/// already), its ancestors and descendants taken out.
func selModelAdding(_ e: Engine, _ id: BoxID, to members: [BoxID]) -> [BoxID] {
    if members.contains(id) { return members }
    return members.filter { !selIsAncestor(e, $0, of: id) && !selIsAncestor(e, id, of: $0) } + [id]
}

@Suite struct SelectionRuleTests {
    /// Random select operations and destroys over a random tree: the selection is what the rules
    /// give (order of selection kept), never holds a box and one of its ancestors, loses
    /// destroyed boxes, and SELECTION_CHANGED comes once exactly when the set changed.
    @Test func randomOperationsFollowTheRules() throws {
        var rng = SplitMix64(seed: 0x5E1E_C700)
        let ops: [SelectOp] = [.replace, .add, .remove, .toggle]
        var changes = 0, steps = 0
        for round in 0..<30 {
            let r = Rig()
            var boxes: [BoxID] = []
            for _ in 0..<(8 + rng.int(12)) {
                let parent = boxes.isEmpty || rng.int(3) == 0 ? BoxID.none : boxes[rng.int(boxes.count)]
                boxes.append(
                    r.box(
                        parent: parent, center: Vec2(rng.double(0, 600), rng.double(0, 600)),
                        width: rng.double(20, 200), height: rng.double(20, 200), editing: rng.bool()))
            }
            _ = r.events()
            var model: [BoxID] = []
            var dead: [BoxID] = []
            for step in 0..<80 {
                let live = r.e.boxesInDrawOrder
                let before = model
                let label = "round \(round) step \(step)"
                let pick = rng.int(20)
                if pick == 0 && live.count > 4 {
                    let victim = live[rng.int(live.count)]
                    let doomed = live.filter { $0 == victim || selIsAncestor(r.e, victim, of: $0) }
                    try r.e.destroyBox(victim)
                    dead += doomed
                    model.removeAll { doomed.contains($0) }
                } else if pick == 1 && !dead.isEmpty {
                    let gone = dead[rng.int(dead.count)]
                    expectGripError(.notFound, "\(label): select a destroyed box") { try r.e.select(gone, .add) }
                } else if pick == 2 {
                    try r.e.select(.none, .replace)
                    model = []
                } else {
                    let id = live[rng.int(live.count)], op = ops[rng.int(4)]
                    try r.e.select(id, op)
                    switch op {
                    case .replace: model = [id]
                    case .add: model = selModelAdding(r.e, id, to: model)
                    case .remove: model.removeAll { $0 == id }
                    case .toggle:
                        model = model.contains(id) ? model.filter { $0 != id } : selModelAdding(r.e, id, to: model)
                    }
                }
                let got = r.e.selectedBoxes
                #expect(got == model, "\(label): selection \(got.map(\.rawValue)), expected \(model.map(\.rawValue))")
                for a in got {
                    for b in got where a != b {
                        #expect(
                            !selIsAncestor(r.e, a, of: b),
                            "\(label): \(a.rawValue) and its descendant \(b.rawValue) both selected")
                    }
                }
                #expect(r.e.selectionState().count == got.count, "\(label)")
                let changed = Set(before) != Set(model)
                let events = r.events().filter { $0.kind == .selectionChanged }
                #expect(
                    events.count == (changed ? 1 : 0),
                    "\(label): \(events.count) SELECTION_CHANGED, set changed: \(changed)")
                #expect(events.allSatisfy { $0.box == .selection }, "\(label)")
                if changed { changes += 1 }
                steps += 1
            }
        }
        #expect(changes * 4 >= steps, "only \(changes) of \(steps) steps changed the selection")
    }

    /// While a gesture acts on the selection, select is refused (GRIP_ERR_STATE) and changes
    /// nothing, and no SELECTION_CHANGED comes.
    @Test func selectIsRefusedDuringAGroupGesture() throws {
        var rng = SplitMix64(seed: 0x5E1E_C701)
        var checked = 0
        for _ in 0..<20 {
            let sc = try selMakeScene(&rng, view: false)
            let r = sc.r
            var grab: Vec2? = nil
            for m in sc.members where grab == nil { grab = selGrabPoint(r, m, &rng) }
            guard let g = grab else { continue }
            try r.down(g)
            try r.move(g + Vec2(40, 30))
            let before = r.e.selectedBoxes
            _ = r.events()
            expectGripError(.invalidState, "select during a group move") { try r.e.select(sc.members[1], .remove) }
            expectGripError(.invalidState, "select during a group move") {
                try r.e.select(sc.others.first ?? sc.members[1], .replace)
            }
            #expect(r.e.selectedBoxes == before)
            #expect(!r.events().contains { $0.kind == .selectionChanged })
            try r.up(g + Vec2(40, 30))
            checked += 1
        }
        #expect(checked >= 15)
    }
}

@Suite struct SelectionFrameTests {
    /// The differences between the incremental frame and one built from nothing, and between
    /// the selection's BORDER and OUTLINEs and the state they show.
    private func problems(_ r: Rig) -> [String] {
        let incremental = r.e.frame()
        var out: [String] = []
        let members = r.e.selectedBoxes
        let view = M(r.e.view)
        let border = incremental.commands.filter { $0.kind == .border && $0.box == .selection }
        let outlines = incremental.commands.filter { $0.kind == .outline && $0.state & CommandState.hover == 0 }
        if members.count >= 2 {
            if border.count != 1 { out.append("\(border.count) selection borders") }
            if let b = border.first {
                let st = r.e.selectionState()
                let want = [st.corners.0, st.corners.1, st.corners.2, st.corners.3].map { view.apply($0) }
                let got = Array(incremental.vertices[Int(b.firstVertex)..<Int(b.firstVertex + b.vertexCount)])
                if !zip(got, want).allSatisfy({ close($0, $1, rel: 1e-9, scale: 4000) }) {
                    out.append("selection border off the frame")
                }
            }
            if outlines.map(\.box) != members {
                out.append("outlines \(outlines.map(\.box.rawValue)) for members \(members.map(\.rawValue))")
            }
            if incremental.commands.filter({ $0.kind == .handle && $0.box == .selection }).count != 9 {
                out.append("selection handles")
            }
        } else {
            if !border.isEmpty { out.append("a selection border with \(members.count) selected") }
            if !outlines.isEmpty { out.append("outlines with \(members.count) selected") }
        }
        let scratch = r.e.frameFromScratch()
        if incremental.commands.count != scratch.commands.count {
            out.append("\(incremental.commands.count) commands, a rebuild has \(scratch.commands.count)")
        } else if let i = incremental.commands.indices.first(where: { incremental.commands[$0] != scratch.commands[$0] }
        ) {
            out.append(
                "command \(i) (\(incremental.commands[i].kind), box \(incremental.commands[i].box.rawValue)) differs from a rebuild's"
            )
        }
        if incremental.vertices != scratch.vertices { out.append("vertices differ from a rebuild's") }
        return out
    }

    /// Random group gestures (move, resize, rotate, pinch, magnify, cancels), hovers and
    /// selection changes: after every event the frame equals one built from nothing.
    @Test func frameMatchesARebuildThroughGroupGestures() throws {
        var rng = SplitMix64(seed: 0xF7A3_E500)
        var events = 0
        for round in 0..<14 {
            let view = rng.bool()
            let sc = try selMakeScene(&rng, view: view, configure: { $0.selectionMode = .pointer })
            let r = sc.r
            r.box(
                center: Vec2(rng.double(0, 400), rng.double(0, 400)), width: 80, height: 60,
                rotation: rng.double(-3, 3), editing: true)
            var failures: [String] = []
            func check(_ what: String) {
                let p = problems(r)
                if !p.isEmpty { failures.append("round \(round) after \(what): \(p.joined(separator: "; "))") }
                events += 1
            }
            check("setup")
            for action in 0..<12 {
                let st = r.e.selectionState()
                let f = SelFrame(st)
                switch rng.int(7) {
                case 0:
                    // A member dragged: the whole selection moves.
                    let m =
                        r.e.selectedBoxes.isEmpty ? sc.members[0] : r.e.selectedBoxes[rng.int(r.e.selectedBoxes.count)]
                    guard let g = selGrabPoint(r, m, &rng) else { continue }
                    try r.down(g); check("down \(action)")
                    for _ in 0..<3 {
                        try r.move(g + Vec2(rng.double(-120, 120), rng.double(-120, 120))); check("move \(action)")
                    }
                    if rng.int(3) == 0 { try r.cancel(g) } else { try r.up(g + Vec2(5, 5)) }
                    check("end \(action)")
                case 1 where st.count >= 2:
                    let h = HandleID.resizeHandles[rng.int(8)]
                    guard try r.e.hitTest(world: f.world(f.point(h))) == Hit(box: .selection, handle: h) else {
                        continue
                    }
                    let hs = r.screen(f.world(f.point(h)))
                    let mods = rng.bool() ? Modifiers.shift : 0
                    try r.down(hs, mods: mods); check("handle down \(action)")
                    for _ in 0..<3 {
                        try r.move(
                            r.screen(f.world(Vec2(rng.double(-0.5, 1.5) * f.width, rng.double(-0.5, 1.5) * f.height))),
                            mods: mods)
                        check("resize \(action)")
                    }
                    if rng.int(3) == 0 { try r.cancel(hs) } else { try r.up(hs) }
                    check("resize end \(action)")
                case 2 where st.count >= 2:
                    let hs = selRotateHandleScreen(r)
                    guard try r.e.hitTest(world: r.world(hs)) == Hit(box: .selection, handle: .rotate) else { continue }
                    let mods = rng.bool() ? Modifiers.shift : 0
                    try r.down(hs, mods: mods); check("rotate down \(action)")
                    for _ in 0..<3 {
                        try r.move(hs + Vec2(rng.double(-200, 200), rng.double(-200, 200)), mods: mods);
                        check("rotate \(action)")
                    }
                    try r.up(hs, mods: mods)
                    check("rotate end \(action)")
                case 3 where st.count >= 2:
                    let sel = r.e.selectedBoxes
                    guard let g1 = selGrabPoint(r, sel[0], &rng), let g2 = selGrabPoint(r, sel[1], &rng, avoid: [g1])
                    else { continue }
                    try r.down(g1, id: 1); try r.down(g2, id: 2); check("pinch down \(action)")
                    for _ in 0..<2 {
                        try r.move(g1 + Vec2(rng.double(-60, 60), rng.double(-60, 60)), id: 1); check("pinch \(action)")
                        try r.move(g2 + Vec2(rng.double(-60, 60), rng.double(-60, 60)), id: 2); check("pinch \(action)")
                    }
                    try r.up(g1, id: 1); check("pinch lift \(action)")
                    try r.move(g2 + Vec2(30, 0), id: 2); check("pinch to move \(action)")
                    try r.up(g2, id: 2); check("pinch end \(action)")
                case 4 where st.count >= 2:
                    guard let g = selGrabPoint(r, r.e.selectedBoxes[0], &rng) else { continue }
                    r.t += 0.01
                    _ = try r.e.dispatchMagnify(MagnifyEvent(.down, factor: 1, focal: g, time: r.t));
                    check("magnify down \(action)")
                    r.t += 0.01
                    _ = try r.e.dispatchMagnify(MagnifyEvent(.move, factor: rng.double(0.7, 1.4), focal: g, time: r.t));
                    check("magnify \(action)")
                    r.t += 0.01
                    _ = try r.e.dispatchMagnify(
                        MagnifyEvent(rng.bool() ? .up : .cancel, factor: rng.double(0.7, 1.4), focal: g, time: r.t))
                    check("magnify end \(action)")
                case 5:
                    let all = sc.members + sc.others
                    try r.e.select(all[rng.int(all.count)], [SelectOp.add, .toggle, .remove, .replace][rng.int(4)])
                    check("select \(action)")
                    if r.e.selectedBoxes.count < 2 {
                        for m in sc.members.shuffledPrefix(2, &rng) { try r.e.select(m, .add) }
                        check("select back \(action)")
                    }
                default:
                    // Hover over a member, a handle of the frame, and nothing.
                    try r.move(r.screen(f.world(f.point(.right))), id: 9); check("hover handle \(action)")
                    if let g = selGrabPoint(r, sc.members[rng.int(sc.members.count)], &rng) {
                        try r.move(g, id: 9); check("hover member \(action)")
                    }
                    try r.cancel(Vec2(-5000, -5000), id: 9); check("hover leaves \(action)")
                }
            }
            #expect(failures.isEmpty, "\(failures.count) frames differ; first: \(failures.first ?? "")")
        }
        #expect(events >= 300, "only \(events) frames checked")
    }
}

extension Array {
    /// `n` elements in a random order (all when fewer).
    func shuffledPrefix(_ n: Int, _ rng: inout SplitMix64) -> [Element] {
        var a = self
        for i in a.indices.reversed() where i > 0 { a.swapAt(i, rng.int(i + 1)) }
        return Array(a.prefix(n))
    }
}

@Suite struct KeepApartTests {
    /// A re-parent that puts a selected box under another selected box (or above one) keeps the
    /// one selected earlier, the others in their order, as a pairwise model of the rule says
    /// (`keepSelectionApart`, which undo and redo also call).
    @Test func reparentingKeepsTheEarlierSelectedBoxAsThePairwiseRuleDoes() throws {
        var rng = SplitMix64(seed: 0x5E1E_C7A0)
        var clashes = 0
        for round in 0..<40 {
            let r = Rig()
            var boxes: [BoxID] = []
            for _ in 0..<(10 + rng.int(20)) {
                let parent = boxes.isEmpty || rng.int(2) == 0 ? BoxID.none : boxes[rng.int(boxes.count)]
                boxes.append(
                    r.box(
                        parent: parent, center: Vec2(rng.double(0, 600), rng.double(0, 600)),
                        width: rng.double(20, 200), height: rng.double(20, 200), editing: false))
            }
            for _ in 0..<(3 + rng.int(10)) { try r.e.select(boxes[rng.int(boxes.count)], .add) }
            for step in 0..<6 {
                let before = r.e.selectedBoxes
                let b = boxes[rng.int(boxes.count)], q = boxes[rng.int(boxes.count)]
                var d = try r.e.describe(b)
                d.parent = q
                guard (try? r.e.configure(b, d)) != nil else { continue }
                // The pairwise rule over the hierarchy as it is now.
                var want: [BoxID] = []
                for m in before
                where !want.contains(where: { selIsAncestor(r.e, $0, of: m) || selIsAncestor(r.e, m, of: $0) }) {
                    want.append(m)
                }
                if want.count != before.count { clashes += 1 }
                #expect(
                    r.e.selectedBoxes == want,
                    "round \(round) step \(step): \(r.e.selectedBoxes.map(\.rawValue)) want \(want.map(\.rawValue))")
            }
        }
        #expect(clashes >= 20, "only \(clashes) re-parents made a clash")
    }
}
