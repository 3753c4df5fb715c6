// Keys (docs/specification.md, Keys and nudges, and the header's
// grip_dispatch_key): arrows nudge the selection in world units with containment kept, nudge runs,
// Escape cancels every gesture kind bit for bit (the pointer then drives nothing), ends a marquee
// or clears the selection, Tab walks selectable siblings, modifier keys re-run a gesture without
// pointer motion, and bad key events are refused.
import Testing

@testable import GripCore

extension Rig {
    /// One key event at the rig's next time step; returns whether it was consumed.
    @discardableResult
    func key(_ k: Key, _ phase: PointerPhase = .down, mods: UInt32 = 0, at: Double? = nil) throws -> Bool {
        t = at ?? (t + step)
        return try e.dispatchKey(KeyEvent(phase, k, modifiers: mods, time: t))
    }

    /// World centre of box `id`.
    func worldCenter(_ id: BoxID) -> Vec2 {
        let g = geometry(id)
        return try! refWorld(e, id).apply(Vec2(g.width / 2, g.height / 2))
    }
}

/// Every listed box's geometry and the selection, compared bit for bit.
struct SceneBits: Equatable {
    var geometry: [BoxGeometry]
    var selection: [BoxID]

    init(_ r: Rig, _ boxes: [BoxID]) {
        geometry = boxes.map { r.geometry($0) }
        selection = r.e.selectedBoxes
    }

    static func == (a: SceneBits, b: SceneBits) -> Bool {
        a.selection == b.selection && a.geometry.count == b.geometry.count
            && zip(a.geometry, b.geometry).allSatisfy { $0.sameBits($1) }
    }
}

@Suite struct NudgeTests {
    /// Arrows move the selection 1 world unit, shift 10, whatever the view and the nesting (each
    /// member in its own parent's space); nothing else about a box changes.
    @Test func arrowsMoveOneAndShiftTenWorldUnitsInAnyViewAndNesting() throws {
        var rng = SplitMix64(seed: 0x4E55_0001)
        for round in 0..<40 {
            let r = Rig(width: 4000, height: 4000)
            try r.e.setView(randomView(&rng))
            let a = randomNest(r, &rng), b = randomNest(r, &rng)
            try r.e.select(a, .replace)
            if rng.bool() { try r.e.select(b, .add) }
            let members = r.e.selectedBoxes
            let c0 = members.map { r.worldCenter($0) }
            let g0 = members.map { r.geometry($0) }
            let moves: [(Key, UInt32, Vec2)] = [
                (.right, 0, Vec2(1, 0)), (.down, Modifiers.shift, Vec2(0, 10)),
                (.left, Modifiers.shift, Vec2(-10, 0)), (.up, 0, Vec2(0, -1))
            ]
            var total = Vec2.zero
            for (k, mods, d) in moves.shuffledWith(&rng) {
                #expect(try r.key(k, mods: mods))
                total = total + d
                for (i, m) in members.enumerated() {
                    #expect(
                        close(r.worldCenter(m), c0[i] + total, rel: 1e-9, scale: 4000),
                        "round \(round): \(r.worldCenter(m)) expected \(c0[i] + total)")
                    let g = r.geometry(m)
                    #expect(
                        g.width == g0[i].width && g.height == g0[i].height && g.rotation == g0[i].rotation
                            && g.scale == g0[i].scale && g.flippedX == g0[i].flippedX && g.flippedY == g0[i].flippedY)
                }
            }
        }
    }

    /// Containment holds; an arrow that hits the wall leaves no overshoot, so the opposite arrow
    /// moves the box at once.
    @Test func containmentIsKeptAndTheWallLeavesNoOvershoot() throws {
        let r = Rig(width: 800, height: 600)
        let a = r.box(center: Vec2(150, 125), width: 100, height: 50, editing: false) { $0.behavior.contain = true }
        try r.e.select(a, .replace)
        for _ in 0..<30 { try r.key(.left, mods: Modifiers.shift) }
        #expect(r.geometry(a).center.x == 50)
        try r.key(.right)
        #expect(r.geometry(a).center.x == 51)
        for _ in 0..<70 { try r.key(.down, mods: Modifiers.shift) }
        #expect(r.geometry(a).center.y == 575)
        try r.key(.up)
        #expect(r.geometry(a).center.y == 574)
    }

    /// With grid snapping on an arrow moves one grid step (shift: five) along its axis; a bypass
    /// modifier held (ctrl) gives the plain nudge step; grid snapping off, the plain steps again.
    @Test func withGridSnappingArrowsStepByTheGrid() throws {
        let r = Rig(width: 800, height: 600)
        let a = r.box(center: Vec2(150, 125), width: 100, height: 50, editing: false)
        try r.e.select(a, .replace)
        var c = SnapConfig()
        c.flags = SnapConfig.grid
        c.gridX = 8
        c.gridY = 12
        try r.e.setSnapping(c)
        try r.key(.right)
        #expect(r.geometry(a).center == Vec2(158, 125))
        try r.key(.down, mods: Modifiers.shift)
        #expect(r.geometry(a).center == Vec2(158, 185))
        try r.key(.left, mods: Modifiers.ctrl)
        #expect(r.geometry(a).center == Vec2(157, 185))
        try r.e.setSnapping(nil)
        try r.key(.up, mods: Modifiers.shift)
        #expect(r.geometry(a).center == Vec2(157, 175))
    }

    /// 30 auto-repeat arrows less than 1 s apart: one COMMITTED step, at the first dispatch at
    /// least 1 s after the last; nothing before.
    @Test func thirtyAutoRepeatNudgesAreOneStep() throws {
        let r = Rig()
        let a = r.box(editing: false)
        try r.e.select(a, .replace)
        _ = r.events(steps: true)
        let g0 = r.geometry(a)
        for i in 0..<30 {
            try r.key(.right, at: 0.05 * Double(i))
            if i % 5 == 4 { try r.timer(0.05 * Double(i) + 0.02) }
        }
        let last = 0.05 * 29
        try r.timer(last + 0.999)
        #expect(r.events(steps: true).isEmpty)
        #expect(r.e.historyDepth.undo == 0)
        try r.timer(last + 1)
        let evs = r.events(steps: true)
        #expect(kinds(evs) == [.committed])
        #expect(evs.first?.gesture == .nudge && evs.first?.box == a)
        #expect(r.e.historyDepth.undo == 1)
        #expect(r.geometry(a).center.x == g0.center.x + 30)
        #expect(try r.e.undo() == .ok)
        #expect(r.geometry(a).sameBits(g0))
    }

    /// A pointer gesture beginning commits the run at once (before its BEGAN); so does undo (the
    /// run is what is undone); a key at least 1 s later too.
    @Test func aRunIsCommittedWhenAGestureBeginsAtUndoAndByALaterKey() throws {
        let r = Rig()
        let a = r.box(center: Vec2(200, 200), editing: false)
        let b = r.box(center: Vec2(600, 500), editing: false)
        try r.e.select(a, .replace)
        _ = r.events(steps: true)
        try r.key(.down)
        try r.key(.down)
        try r.down(Vec2(600, 500))
        #expect(r.events(steps: true).isEmpty)
        try r.move(Vec2(640, 500))
        let evs = r.events(steps: true)
        #expect(kinds(evs).prefix(2) == [.committed, .gestureBegan])
        #expect(evs.first?.gesture == .nudge && evs.dropFirst().first?.box == b)
        try r.up(Vec2(640, 500))
        _ = r.events(steps: true)

        try r.key(.left)
        let moved = r.geometry(a)
        #expect(try r.e.undo() == .ok)
        #expect(kinds(r.events(steps: true)) == [.committed, .undone])
        #expect(r.geometry(a).center.x == moved.center.x + 1)

        try r.key(.up, at: 10)
        try r.key(.shift, mods: Modifiers.shift, at: 11)
        #expect(kinds(r.events(steps: true)) == [.committed])
    }

    /// Nudges go through the C-side constraint (HostConstraints), after containment; it may change
    /// or refuse the step, and a result below the minimum size refuses it.
    @Test func nudgesGoThroughTheHostConstraint() throws {
        final class Hook: HostConstraints {
            var mode = 0
            var seen: [BoxGeometry] = []
            func constrain(box: BoxID, proposed: BoxGeometry, current: BoxGeometry) -> BoxGeometry? {
                seen.append(proposed)
                var g = proposed
                switch mode {
                case 1: return nil
                case 2: g.center.x = (g.center.x / 4).rounded(.down) * 4
                case 3: g.width = 1
                case 4: g.center.x = Swift.max(g.center.x, 55)
                default: break
                }
                return g
            }
        }
        let r = Rig(width: 800, height: 600)
        let hook = Hook()
        r.e.hostConstraints = hook
        let a = r.box(center: Vec2(100, 100), width: 100, height: 50, editing: false) { $0.behavior.contain = true }
        try r.e.setHostConstraint(a, true)
        try r.e.select(a, .replace)
        for _ in 0..<10 { try r.key(.left, mods: Modifiers.shift) }
        #expect(r.geometry(a).center.x == 50)
        #expect(hook.seen.last?.center.x == 50)
        hook.mode = 2
        try r.key(.right, mods: Modifiers.shift)
        #expect(r.geometry(a).center.x == 60)
        try r.key(.right)
        #expect(r.geometry(a).center.x == 60)
        hook.mode = 1
        try r.key(.down, mods: Modifiers.shift)
        #expect(r.geometry(a).center.y == 100)
        hook.mode = 3
        try r.key(.down, mods: Modifiers.shift)
        #expect(r.geometry(a).center.y == 100 && r.geometry(a).width == 100)
        hook.mode = 0
        try r.key(.down)
        #expect(r.geometry(a).center.y == 121)
        #expect(hook.seen.count == 15)
        // A wall the hook keeps at x 55: two shift+lefts ask for 41, the box stays at 55; the
        // opposite arrow then starts from 55 (56), not from what was asked (42, held at 55).
        hook.mode = 4
        try r.key(.left, mods: Modifiers.shift)
        try r.key(.left, mods: Modifiers.shift)
        #expect(r.geometry(a).center.x == 55)
        try r.key(.right)
        #expect(r.geometry(a).center.x == 56)
        r.e.hostConstraints = nil
    }

    /// Nothing selected, an unmovable member, or an arrow going up: not consumed, nothing moves.
    @Test func arrowsThatCannotMoveAreNotConsumed() throws {
        let r = Rig()
        let a = r.box(editing: false)
        let fixed = r.box(center: Vec2(700, 500), editing: false) { $0.behavior.allow.remove(.move) }
        #expect(try !r.key(.right))
        try r.e.select(a, .replace)
        #expect(try !r.key(.right, .up))
        try r.e.select(fixed, .add)
        #expect(try !r.key(.right))
        #expect(r.geometry(a).center.x == 300)
    }
}

/// A gesture kind Escape is tried on.
enum EscapeCase: CaseIterable, Sendable {
    case move, resize, rotate, pinch, magnify, groupMove, groupResize, groupRotate, groupPinch, groupMagnify
    var group: Bool { [.groupMove, .groupResize, .groupRotate, .groupPinch, .groupMagnify].contains(self) }
    var gesture: GestureKind {
        switch self {
        case .move, .groupMove: .move
        case .resize, .groupResize: .resize
        case .rotate, .groupRotate: .rotate
        case .pinch, .groupPinch: .pinch
        case .magnify, .groupMagnify: .magnify
        }
    }
}

@Suite struct EscapeTests {
    /// Escape mid-gesture, for every gesture kind, on a box in a rotated, scaled, mirrored parent
    /// (and a group of it and a top-level box): every box back bit for bit, the selection as it
    /// was, CANCELLED and no COMMITTED; the pointers' later moves and releases are accepted,
    /// consumed and change nothing.
    @Test(arguments: EscapeCase.allCases)
    func escapeCancelsEveryGestureKindBitForBit(kind: EscapeCase) throws {
        let r = Rig(width: 2000, height: 2000)
        try r.e.setView(Affine(a: 1.25, b: 0, c: 0, d: 1.25, tx: 20, ty: 10))
        let p = r.box(
            center: Vec2(500, 400), width: 600, height: 500, rotation: 0.4, scale: 1.3, flipX: true, editing: false)
        let a = r.box(parent: p, center: Vec2(300, 250), width: 160, height: 100, rotation: 0.3, editing: !kind.group)
        let b = r.box(center: Vec2(150, 750), width: 100, height: 80, rotation: -0.2, editing: !kind.group)
        let all = [p, a, b]
        if kind.group {
            try r.e.select(a, .replace)
            try r.e.select(b, .add)
        }
        _ = r.events(steps: true)
        let start = SceneBits(r, all)
        let body1 = r.screen(of: a, boxPoint: Vec2(40, 50)), body2 = r.screen(of: a, boxPoint: Vec2(120, 50))
        var pointers: [UInt32] = [1]
        func selectionHandle(_ h: HandleID) -> Vec2 {
            r.e.frame().commands.first { $0.kind == .handle && $0.box == .selection && $0.handle == h }!.center
        }
        switch kind {
        case .move, .groupMove:
            try r.down(body1)
            try r.move(body1 + Vec2(60, 20))
            try r.move(body1 + Vec2(90, -35))
        case .resize:
            let h = r.handle(a, .bottomRight)!.center
            try r.down(h)
            try r.move(h + Vec2(45, 30))
        case .groupResize:
            let h = selectionHandle(.bottomRight)
            try r.down(h)
            try r.move(h + Vec2(45, 30))
        case .rotate:
            let h = r.handle(a, .rotate)!.center
            try r.down(h)
            try r.move(h + Vec2(80, 30))
        case .groupRotate:
            let h = selectionHandle(.rotate)
            try r.down(h)
            try r.move(h + Vec2(80, 30))
        case .pinch, .groupPinch:
            try r.down(body1, id: 1)
            try r.down(body2, id: 2)
            try r.move(body2 + Vec2(40, 25), id: 2)
            try r.move(body1 + Vec2(-10, -5), id: 1)
            pointers = [1, 2]
        case .magnify, .groupMagnify:
            r.t += r.step
            #expect(try r.e.dispatchMagnify(MagnifyEvent(.down, factor: 1, focal: body1, time: r.t)))
            r.t += r.step
            _ = try r.e.dispatchMagnify(MagnifyEvent(.move, factor: 1.6, focal: body1, time: r.t))
            pointers = []
        }
        #expect(SceneBits(r, all) != start, "\(kind): the gesture did nothing")
        let during = r.events(steps: true)
        #expect(during.first?.kind == .gestureBegan && !during.contains { $0.kind.isTransaction })
        #expect(try r.key(.escape))
        #expect(SceneBits(r, all) == start, "\(kind): not restored bit for bit")
        #expect(r.e.frame().commands.allSatisfy { $0.state & 2 == 0 }, "\(kind): something still draws as active")
        let evs = r.events(steps: true)
        #expect(kinds(evs) == [.gestureCancelled], "\(kind): \(kinds(evs))")
        #expect(evs.first?.gesture == kind.gesture && evs.first?.box == (kind.group ? .selection : a))
        // Later input: accepted, consumed, nothing changes.
        for id in pointers { #expect(try r.move(body1 + Vec2(200, 100), id: id)) }
        for id in pointers { #expect(try r.move(body1 + Vec2(-50, 300), id: id, mods: Modifiers.shift)) }
        for id in pointers { #expect(try r.up(body1 + Vec2(-50, 300), id: id)) }
        if pointers.isEmpty {
            r.t += r.step
            _ = try r.e.dispatchMagnify(MagnifyEvent(.move, factor: 3, focal: body1, time: r.t))
            r.t += r.step
            _ = try r.e.dispatchMagnify(MagnifyEvent(.up, factor: 3, focal: body1, time: r.t))
        }
        try r.tick(2)
        #expect(SceneBits(r, all) == start, "\(kind): later input changed something")
        #expect(r.events(steps: true).isEmpty, "\(kind): later input made events")
        #expect(r.e.historyDepth.undo == 0)
        // And the next gesture works normally.
        try r.down(body1)
        try r.move(body1 + Vec2(40, 0))
        try r.up(body1 + Vec2(40, 0))
        #expect(r.events(steps: true).last?.kind == .committed)
    }

    /// Pointer CANCEL does the same for that pointer's gesture.
    @Test func pointerCancelRestoresAndMakesNoStep() throws {
        let r = Rig()
        let a = r.box(rotation: 0.7)
        let start = r.geometry(a)
        try r.down(Vec2(300, 220))
        try r.move(Vec2(350, 260))
        try r.cancel(Vec2(350, 260))
        #expect(r.geometry(a).sameBits(start))
        #expect(kinds(r.events(steps: true)).last == .gestureCancelled)
        #expect(r.e.historyDepth.undo == 0)
    }

    /// Escape during a marquee: the selection from before it comes back and the marquee goes; the
    /// pointer drives nothing after. With nothing going on Escape clears the selection; with
    /// nothing selected it is not consumed.
    @Test func escapeEndsAMarqueeThenClearsTheSelection() throws {
        let r = Rig { $0.selectionMode = .pointer }
        let a = r.box(center: Vec2(150, 150), width: 100, height: 100, editing: false)
        let b = r.box(center: Vec2(450, 350), width: 100, height: 100, editing: false)
        try r.e.select(a, .replace)
        try r.down(Vec2(380, 280))
        try r.move(Vec2(460, 360))
        #expect(r.e.selectedBoxes == [b])
        #expect(try r.key(.escape))
        #expect(r.e.selectedBoxes == [a])
        #expect(!r.e.frame().commands.contains { $0.kind == .marquee })
        #expect(try r.move(Vec2(600, 600)))
        #expect(try r.up(Vec2(600, 600)))
        #expect(r.e.selectedBoxes == [a])
        _ = r.events(steps: true)
        #expect(try r.key(.escape))
        #expect(r.e.selectedBoxes.isEmpty)
        #expect(kinds(r.events(steps: true)) == [.selectionChanged])
        #expect(try !r.key(.escape))
        #expect(r.events(steps: true).isEmpty)
        #expect(r.geometry(b).center == Vec2(450, 350))
    }
}

@Suite struct TabTests {
    /// Tab / shift-Tab select the next / previous selectable sibling in draw order, wrapping; with
    /// nothing selected the first / last selectable top-level box.
    @Test func tabWalksSelectableSiblingsInDrawOrderAndWraps() throws {
        let r = Rig()
        let a = r.box(center: Vec2(100, 100), editing: false)
        _ = r.box(center: Vec2(200, 100), editing: false) { $0.behavior.selectable = false }
        let c = r.box(center: Vec2(300, 100), editing: false)
        let d = r.box(center: Vec2(400, 100), editing: false)
        let k1 = r.box(parent: a, center: Vec2(20, 20), width: 10, height: 10, editing: false)
        let k2 = r.box(parent: a, center: Vec2(60, 20), width: 10, height: 10, editing: false)
        _ = try r.e.order(c, .front)  // draw order a, u, d, c
        var walk: [BoxID] = []
        for _ in 0..<4 { try r.key(.tab); walk.append(r.e.selectedBoxes.first!) }
        #expect(walk == [a, d, c, a])
        walk = []
        for _ in 0..<3 { try r.key(.tab, mods: Modifiers.shift); walk.append(r.e.selectedBoxes.first!) }
        #expect(walk == [c, d, a])
        try r.e.select(k2, .replace)
        try r.key(.tab)
        #expect(r.e.selectedBoxes == [k1])
        try r.key(.tab, mods: Modifiers.shift)
        #expect(r.e.selectedBoxes == [k2])
        try r.e.select(.none, .replace)
        try r.key(.tab, mods: Modifiers.shift)
        #expect(r.e.selectedBoxes == [c])
    }
}

@Suite struct ModifierKeyTests {
    /// A modifier key going down with no pointer motion re-runs a corner resize: the very next
    /// state and frame keep the ratio (shift) or the centre (alt); going up goes back.
    @Test func shiftAndAltDuringACornerResizeWithoutMotion() throws {
        let r = Rig()
        // (100, 100)-(300, 200), ratio 2
        let a = r.box(center: Vec2(200, 150), width: 200, height: 100)
        try r.down(Vec2(300, 200))
        try r.move(Vec2(350, 200))
        #expect(r.geometry(a).width == 250 && r.geometry(a).height == 100)
        func boxCommand() -> Command { r.e.frame().commands.first { $0.kind == .box && $0.box == a }! }
        // The pointer's projection on the start diagonal (2, 1) from (100, 100): 240 x 120.
        #expect(try r.key(.shift, mods: Modifiers.shift))
        var g = r.geometry(a)
        #expect(close(g.width, 240) && close(g.height, 120))
        #expect(close(g.center, Vec2(220, 160)))
        #expect(close(boxCommand().width, 240) && close(boxCommand().height, 120))
        #expect(try r.key(.shift, .up))
        #expect(r.geometry(a).width == 250 && r.geometry(a).height == 100)
        #expect(close(boxCommand().width, 250))
        // alt: about the centre (200, 150).
        #expect(try r.key(.alt, mods: Modifiers.alt))
        g = r.geometry(a)
        #expect(close(g.width, 300) && close(g.height, 100) && g.center == Vec2(200, 150))
        #expect(close(boxCommand().transform.tx, 50))
        #expect(try r.key(.alt, .up))
        #expect(r.geometry(a).width == 250 && r.geometry(a).center == Vec2(225, 150))
        try r.up(Vec2(350, 200))
        #expect(try !r.key(.shift, mods: Modifiers.shift))
    }

    /// shift down during a rotation snaps to 15-degree steps at once.
    @Test func shiftDuringARotationSnapsAtOnce() throws {
        let r = Rig()
        let a = r.box(center: Vec2(300, 300), width: 200, height: 100)
        let h = r.handle(a, .rotate)!.center
        try r.down(h)
        let target = Vec2(300, 300) + Vec2(refSin(0.3), -refCos(0.3)) * 150  // 0.3 rad clockwise from up
        try r.move(target)
        #expect(close(r.geometry(a).rotation, 0.3, rel: 1e-9))
        try r.key(.shift, mods: Modifiers.shift)
        #expect(close(r.geometry(a).rotation, Double.pi / 12, rel: 1e-12))
        try r.key(.shift, .up)
        #expect(close(r.geometry(a).rotation, 0.3, rel: 1e-9))
        try r.up(target)
    }
}

@Suite struct BadKeyTests {
    /// Bad key events are refused with a message and change nothing (not even time).
    @Test func badKeyEventsAreRefusedAndChangeNothing() throws {
        let r = Rig()
        let a = r.box(editing: false)
        try r.e.select(a, .replace)
        try r.key(.right, at: 1)
        _ = r.events(steps: true)
        let g0 = r.geometry(a)
        let refused: [(KeyEvent, Status)] = [
            (KeyEvent(.move, .right, time: 1.1), .invalidArgument),
            (KeyEvent(.cancel, .escape, time: 1.1), .invalidArgument),
            (KeyEvent(.down, .right, modifiers: 1 << 4, time: 1.1), .invalidArgument),
            (KeyEvent(.down, .right, modifiers: 0xFFFF_FFFF, time: 1.1), .invalidArgument),
            (KeyEvent(.down, .right, time: .nan), .invalidArgument),
            (KeyEvent(.down, .right, time: .infinity), .invalidArgument),
            (KeyEvent(.down, .right, time: 2e9), .invalidArgument),
            (KeyEvent(.down, .right, time: 0.5), .invalidState),
            (KeyEvent(.down, .escape, time: 0.5), .invalidState)
        ]
        for (ev, status) in refused {
            expectGripError(status, "\(ev)") { _ = try r.e.dispatchKey(ev) }
            #expect(r.geometry(a).sameBits(g0))
            #expect(r.e.selectedBoxes == [a])
            #expect(r.events(steps: true).isEmpty)
        }
        // The run's deadline is still 1 s after its last arrow.
        try r.timer(1.99)
        #expect(r.events(steps: true).isEmpty)
        try r.timer(2)
        #expect(kinds(r.events(steps: true)) == [.committed])
    }
}

extension Array {
    /// A Fisher-Yates shuffle with the test's seeded generator.
    func shuffledWith(_ rng: inout SplitMix64) -> [Element] {
        var a = self
        for i in stride(from: a.count - 1, to: 0, by: -1) { a.swapAt(i, rng.int(i + 1)) }
        return a
    }
}
