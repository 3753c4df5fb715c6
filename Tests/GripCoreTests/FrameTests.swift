import Testing

@testable import GripCore

@Suite struct FrameTests {
    @Test func boxesInDrawOrderThenOverlays() throws {
        let r = Rig()
        let a = r.box(center: Vec2(300, 220))
        let b = r.box(center: Vec2(700, 500), editing: false)
        let c = r.box(parent: a, center: Vec2(100, 60), width: 60, height: 40)
        let f = r.e.frame()
        let kindsAndBoxes = f.commands.map { ($0.kind, $0.box) }
        let overlay: (BoxID) -> [(CommandKind, BoxID)] = { id in
            [(.border, id)] + Array(repeating: (.handle, id), count: 9)
        }
        let want: [(CommandKind, BoxID)] = [(.box, a), (.box, c), (.box, b)] + overlay(a) + overlay(c)
        #expect(kindsAndBoxes.count == want.count)
        #expect(zip(kindsAndBoxes, want).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }, "\(kindsAndBoxes)")
        // BOX commands carry box space -> screen and the size.
        for cmd in f.commands where cmd.kind == .box {
            let g = r.geometry(cmd.box)
            #expect(close(cmd.transform, try refWorld(r.e, cmd.box), rel: 1e-12))
            #expect(cmd.width == g.width && cmd.height == g.height)
        }
        #expect(f.serial == r.e.frameSerial)
    }

    @Test func borderIsTheBoxInsetByHalfAScreenUnit() throws {
        let r = Rig()
        _ = r.box()  // 200 x 120 at (300, 220)
        var f = r.e.frame()
        var border = try #require(f.commands.first { $0.kind == .border })
        #expect(border.vertexCount == 4)
        var v = Array(f.vertices[Int(border.firstVertex)..<Int(border.firstVertex + border.vertexCount)])
        #expect(v == [Vec2(200.5, 160.5), Vec2(399.5, 160.5), Vec2(399.5, 279.5), Vec2(200.5, 279.5)])
        #expect(border.strokeWidth == 1 && border.dashOn == 6 && border.dashOff == 6)
        // Zoomed in three times: still half a screen unit.
        try r.e.setView(Affine.scale(3, 3))
        f = r.e.frame()
        border = try #require(f.commands.first { $0.kind == .border })
        v = Array(f.vertices[Int(border.firstVertex)..<Int(border.firstVertex + 4)])
        #expect(close(v[0], Vec2(600.5, 480.5), rel: 1e-12) && close(v[2], Vec2(1199.5, 839.5), rel: 1e-12))
    }

    @Test func borderInsetHoldsForRotatedFlippedNestedBoxes() throws {
        var rng = SplitMix64(seed: 808)
        for round in 0..<100 {
            let r = Rig()
            if rng.bool() { try r.e.setView(randomView(&rng)) }
            let box = randomNest(r, &rng) { $0.behavior.editing = true }
            let g = r.geometry(box)
            let q = [Vec2(0, 0), Vec2(g.width, 0), Vec2(g.width, g.height), Vec2(0, g.height)].map {
                r.screen(of: box, boxPoint: $0)
            }
            let f = r.e.frame()
            let border = try #require(f.commands.first { $0.kind == .border && $0.box == box })
            #expect(border.vertexCount == 4)
            let v = Array(f.vertices[Int(border.firstVertex)..<Int(border.firstVertex + 4)])
            for i in 0..<4 {
                // Each vertex is 0.5 from the two edges meeting at its corner, on the inside.
                for j in [i, (i + 3) % 4] {
                    let e0 = q[j], e1 = q[(j + 1) % 4]
                    let d = (e1 - e0).cross(v[i] - e0) / len(e1 - e0)
                    let inward = (e1 - e0).cross(q[(j + 2) % 4] - e0) > 0 ? 1.0 : -1.0
                    #expect(abs(d * inward - 0.5) < 1e-9, "round \(round): vertex \(i) is \(d * inward) from edge \(j)")
                }
                #expect(dist(v[i], q[i]) < 1, "round \(round): vertex \(i) not at its corner")
            }
        }
    }

    @Test func eightHandlesAndTheRotateHandle() throws {
        let r = Rig()
        let b = r.box()  // 200 x 120 at (300, 220)
        let hs = r.handles(b)
        let want: [(HandleID, Vec2)] = [
            (.topLeft, Vec2(200, 160)), (.top, Vec2(300, 160)), (.topRight, Vec2(400, 160)), (.right, Vec2(400, 220)),
            (.bottomRight, Vec2(400, 280)), (.bottom, Vec2(300, 280)), (.bottomLeft, Vec2(200, 280)),
            (.left, Vec2(200, 220)),
            (.rotate, Vec2(300, 136))
        ]
        #expect(hs.count == 9)
        for (h, p) in want {
            let c = try #require(hs.first { $0.handle == h }, "handle \(h.rawValue)")
            #expect(close(c.center, p, rel: 1e-12), "handle \(h.rawValue) at \(c.center)")
            #expect(c.radius == 5 && c.innerRadius == 3 && c.state == 0)
        }
        // Marks keep their on-screen size when zoomed.
        try r.e.setView(Affine.scale(2.5, 2.5))
        #expect(r.handles(b).allSatisfy { $0.radius == 5 && $0.innerRadius == 3 })
        #expect(close(try #require(r.handle(b, .bottomRight)).center, Vec2(1000, 700), rel: 1e-12))
        // No rotate handle without the rotate permission or its handle bit.
        let c = r.box(center: Vec2(700, 500)) { $0.behavior.allow = [.move, .resize] }
        #expect(r.handles(c).count == 8 && r.handle(c, .rotate) == nil)
        // Only the handles whose bits are set: corners alone here.
        let corners = HandleSet(
            rawValue: [HandleID.topLeft, .topRight, .bottomRight, .bottomLeft].reduce(0) { $0 | 1 << $1.rawValue })
        let d = r.box(center: Vec2(300, 600)) { $0.behavior.handles = corners }  // 200 x 120: right edge middle (400, 600)
        #expect(Set(r.handles(d).map(\.handle.rawValue)) == [1, 3, 5, 7])
        #expect(try r.e.hitTest(world: Vec2(403, 600)) == .nothing)
        #expect(try r.e.hitTest(world: Vec2(397, 600)) == Hit(box: d, handle: .none))
    }

    @Test func dashPhaseAdvancesTenUnitsPerSecondWrappingAtTwelve() throws {
        let r = Rig()
        _ = r.box()
        for t in [0.0, 0.3, 1.0, 1.25, 2.4, 7.77, 100.05] {
            try r.timer(t)
            let border = try #require(r.e.frame().commands.first { $0.kind == .border })
            #expect(abs(border.dashPhase - refFmod(10 * t, 12)) < 1e-9, "t = \(t): \(border.dashPhase)")
        }
    }

    @Test func serialIsStableWhenNothingChanged() throws {
        let r = Rig()
        let b = r.box(editing: false)
        let s0 = r.e.frame().serial
        #expect(r.e.frame().serial == s0)
        _ = try r.e.state(b); _ = try r.e.describe(b); _ = try r.e.hitTest(world: Vec2(300, 220))
        try r.timer(1)  // nothing animates: no editing box, no press, no reset
        try r.e.setView(.identity)
        try r.e.setEditing(b, false)
        try r.move(Vec2(900, 700), id: 4)  // hovering over nothing
        try r.move(Vec2(910, 700), id: 4)
        try r.down(Vec2(900, 700), id: 5)  // a pointer on the background
        try r.up(Vec2(900, 700), id: 5)
        #expect(r.e.frame().serial == s0)
        // Something drawn changes: the serial grows.
        try r.down(Vec2(300, 220)); try r.move(Vec2(340, 220))
        let s1 = r.e.frame().serial
        #expect(s1 > s0)
        try r.up(Vec2(340, 220))
        #expect(r.e.frame().serial > s1)
        // Editing boxes have moving ants: timer time changes them.
        try r.e.setEditing(b, true)
        let s2 = r.e.frame().serial
        try r.tick(0.1)
        #expect(r.e.frame().serial > s2)
    }

    @Test func configuringTheSameDescriptionChangesNothingDrawn() throws {
        let r = Rig()
        let b = r.box(editing: false)
        let s0 = r.e.frame().serial
        try r.e.configure(b, try r.e.describe(b))
        #expect(r.e.frame().serial == s0)
    }

    @Test func hoverMarksTheHandleUnderAHoveringPointer() throws {
        let r = Rig()
        let b = r.box()
        try r.move(Vec2(402, 283), id: 3)  // near the bottom-right handle, no button down
        var hovered = r.handles(b).filter { $0.state & CommandState.hover != 0 }
        #expect(hovered.map(\.handle) == [.bottomRight])
        let s = r.e.frame().serial
        try r.move(Vec2(403, 283), id: 3, at: r.t)  // same handle, same time: nothing to redraw
        #expect(r.e.frame().serial == s)
        try r.move(Vec2(300, 134), id: 3)
        hovered = r.handles(b).filter { $0.state & CommandState.hover != 0 }
        #expect(hovered.map(\.handle) == [.rotate])
        try r.move(Vec2(300, 220), id: 3)  // the body
        #expect(r.handles(b).allSatisfy { $0.state & CommandState.hover == 0 })
        try r.move(Vec2(200, 160), id: 3)
        try r.cancel(Vec2(200, 160), id: 3)  // the pointer left
        #expect(r.handles(b).allSatisfy { $0.state & CommandState.hover == 0 })
    }

    @Test func activeStateOnTheDraggedHandleAndBox() throws {
        let r = Rig()
        let b = r.box()
        try r.down(Vec2(300, 280))  // bottom handle
        try r.move(Vec2(300, 300))
        let active = r.handles(b).filter { $0.state & CommandState.active != 0 }
        #expect(active.map(\.handle) == [.bottom])
        #expect(close(active.first?.center ?? .zero, Vec2(300, 300), rel: 1e-12))
        let box = try #require(r.e.frame().commands.first { $0.kind == .box && $0.box == b })
        #expect(box.state & CommandState.active != 0)
        try r.up(Vec2(300, 300))
        #expect(r.handles(b).allSatisfy { $0.state & CommandState.active == 0 })
    }

    @Test func cursorAngleFollowsTheRotation() throws {
        let r0 = Rig()
        let b0 = r0.box()
        let base = Dictionary(uniqueKeysWithValues: r0.handles(b0).map { ($0.handle.rawValue, $0.cursorAngle) })
        #expect(abs(base[HandleID.right.rawValue]! - 0) < 1e-12)
        #expect(abs(base[HandleID.bottom.rawValue]! - Double.pi / 2) < 1e-12)
        var rng = SplitMix64(seed: 909)
        for _ in 0..<50 {
            let theta = rng.double(-3.1, 3.1)
            let r = Rig()
            let b = r.box(rotation: theta)
            for c in r.handles(b) {
                let d = angleDiff(c.cursorAngle, base[c.handle.rawValue]!)
                #expect(
                    abs(angleDiff(d, theta)) < 1e-9,
                    "handle \(c.handle.rawValue) at rotation \(theta): \(c.cursorAngle)")
            }
        }
        // And while a rotate gesture turns the box.
        let r = Rig()
        let b = r.box()
        try r.down(Vec2(300, 136))
        try r.move(Vec2(500, 220))  // a quarter turn
        let right = try #require(r.handle(b, .right))
        #expect(abs(angleDiff(right.cursorAngle, Double.pi / 2)) < 1e-9)
    }

    @Test func hidingTheHandlesMidResizeEndsTheGestureEverywhere() throws {
        let r = Rig()
        let b = r.box()
        try r.down(Vec2(400, 220))  // right handle
        try r.move(Vec2(430, 220))
        #expect(r.e.frame().commands.first { $0.kind == .box }?.state == CommandState.active)
        try r.e.setEditing(b, false)
        let evs = r.events()
        #expect(kinds(evs).contains(.gestureEnded) && kinds(evs).contains(.editingChanged))
        #expect(try r.e.state(b).gestureActive == false)
        let box = try #require(r.e.frame().commands.first { $0.kind == .box && $0.box == b })
        #expect(box.state & CommandState.active == 0, "BOX still drawn active after its gesture ended")
        // The pointer is out of play until it goes up; the body does not start moving.
        try r.move(Vec2(480, 220))
        #expect(r.geometry(b).width == 230)
        try r.up(Vec2(480, 220))
    }
}

@Suite struct OverlayInPlaceTests {
    /// Dragging an editing box (rotated, flipped, nested, under a zooming view) moves its border
    /// and handles in place, and the result is the one a rebuild gives, to the bit.
    @Test func aDragMovesTheOverlayInPlaceExactlyAsARebuildWould() throws {
        var rng = SplitMix64(seed: 4242)
        for round in 0..<20 {
            let r = Rig()
            try r.e.setView(randomView(&rng))
            let box = randomNest(r, &rng) {
                $0.behavior.editing = true; $0.behavior.allow = .all
            }
            let other = r.box(center: Vec2(700, 500), editing: true)
            let g = r.geometry(box)
            let start = r.screen(of: box, boxPoint: Vec2(g.width / 2, g.height / 2))
            try r.down(start)
            try r.move(start + Vec2(30, 0))  // past the slop: the move begins (state changes: rebuilt)
            _ = r.e.frame()
            for step in 0..<10 {
                let rebuilds = r.e.frameState.overlayRebuilds
                try r.move(start + Vec2(30 + Double(step) * 7, Double(step) * -3))
                let incremental = r.e.frame()
                #expect(
                    r.e.frameState.overlayRebuilds == rebuilds, "round \(round) step \(step): the overlay was rebuilt")
                let scratch = r.e.frameFromScratch()
                #expect(incremental.commands == scratch.commands, "round \(round) step \(step)")
                #expect(incremental.vertices == scratch.vertices, "round \(round) step \(step)")
                #expect(incremental.commands.contains { $0.kind == .handle && $0.box == other })
            }
            try r.up(start)
        }
    }
}

/// The frame is built incrementally; whatever happened, it must describe the scene as it is now.
@Suite struct FrameConsistencyTests {
    /// What is wrong with the frame, if anything (empty when it describes the scene).
    private func problems(_ r: Rig) throws -> [String] {
        var out: [String] = []
        let f = r.e.frame()
        let order = r.e.boxesInDrawOrder
        let content = Array(f.commands.prefix { $0.kind == .box })
        if content.map(\.box) != order { out.append("BOX order") }
        let view = M(r.e.view)
        for c in content {
            let s = try r.e.state(c.box)
            if !close(c.transform, view * (try refWorld(r.e, c.box)), rel: 1e-9) {
                out.append("stale BOX transform of \(c.box.rawValue)")
            }
            if c.width != s.geometry.width || c.height != s.geometry.height {
                out.append("stale BOX size of \(c.box.rawValue)")
            }
            if (c.state & CommandState.active != 0) != s.gestureActive {
                out.append(
                    "BOX \(c.box.rawValue) active bit \(c.state & CommandState.active) but gestureActive \(s.gestureActive)"
                )
            }
        }
        let rest = f.commands.dropFirst(content.count)
        if rest.contains(where: { $0.kind == .box }) { out.append("BOX after the overlays") }
        let editing = try order.filter { try r.e.state($0).editing }
        if rest.filter({ $0.kind == .border }).map(\.box) != editing { out.append("borders") }
        for c in rest where c.kind == .handle && c.handle.isResize {
            let g = r.geometry(c.box)
            let points = [0.0, 0.5, 1.0].flatMap { x in [0.0, 0.5, 1.0].map { y in Vec2(x * g.width, y * g.height) } }
                .filter { $0 != Vec2(g.width / 2, g.height / 2) }
                .map { r.screen(of: c.box, boxPoint: $0) }
            if !points.contains(where: { close($0, c.center, rel: 1e-9, scale: 1000) }) {
                out.append("stale HANDLE \(c.handle.rawValue) of \(c.box.rawValue)")
            }
        }
        return out
    }

    /// Where the incremental frame differs from one built from nothing (it must not, to the bit).
    /// Building from nothing resets what the incremental builder kept, so this runs now and then.
    private func differencesFromScratch(_ r: Rig) -> [String] {
        let incremental = r.e.frame()
        let scratch = r.e.frameFromScratch()
        var out: [String] = []
        if incremental.commands.count != scratch.commands.count {
            out.append("\(incremental.commands.count) commands, a rebuild has \(scratch.commands.count)")
        } else if let i = incremental.commands.indices.first(where: { incremental.commands[$0] != scratch.commands[$0] }
        ) {
            out.append("command \(i) (\(incremental.commands[i].kind)) differs from a rebuild's")
        }
        if incremental.vertices != scratch.vertices { out.append("vertices differ from a rebuild's") }
        return out
    }

    private func checkFrame(_ r: Rig, _ label: String, againstScratch: Bool = true) throws -> Bool {
        let p = try problems(r) + (againstScratch ? differencesFromScratch(r) : [])
        if !p.isEmpty { Issue.record("\(label): \(p.joined(separator: "; "))") }
        return p.isEmpty
    }

    @Test(arguments: 0..<6)
    func frameDescribesTheSceneAfterRandomSessions(seed: UInt64) throws {
        var rng = SplitMix64(seed: 0xF4A3E + seed)
        let r = Rig()
        if seed % 2 == 1 { try r.e.setView(randomView(&rng)) }
        var boxes: [BoxID] = []
        for i in 0..<7 {
            let parent = i > 0 && rng.bool() ? boxes[rng.int(boxes.count)] : BoxID.none
            let scale = parent == .none ? 1 : (try refWorld(r.e, parent)).lengthScale
            let size = rng.double(60, 200) / scale
            boxes.append(
                r.box(
                    parent: parent,
                    center: parent == .none
                        ? Vec2(rng.double(100, 700), rng.double(100, 500))
                        : Vec2(rng.double(0, 100), rng.double(0, 100)) * (1 / scale),
                    width: size, height: size * rng.double(0.5, 1.5), rotation: rng.double(-3, 3),
                    flipX: rng.bool(), flipY: rng.bool(), editing: rng.bool()
                ) { d in
                    d.behavior.minWidth = 1; d.behavior.minHeight = 1
                    d.behavior.allow = .all
                })
        }
        guard try checkFrame(r, "start") else { return }
        var last = "start"
        var down: [UInt32: Vec2] = [:]
        for step in 0..<300 {
            let label = "seed \(seed) step \(step)"
            let b = boxes[rng.int(boxes.count)]
            let g = r.geometry(b)
            let centre = r.screen(of: b, boxPoint: Vec2(g.width / 2, g.height / 2))
            let id = UInt32(1 + rng.int(2))
            let op = rng.int(10)
            switch op {
            case 0, 1:  // a pointer goes down on a box's centre or one of its handles, and stays
                guard down[id] == nil else { continue }
                var at = centre
                if rng.bool(), let h = r.handles(b).randomElement(using: &rng) { at = h.center }
                try r.down(at, id: id)
                down[id] = at
            case 2, 3:
                guard let at = down[id] else { continue }
                let to = at + Vec2(rng.double(-80, 80), rng.double(-80, 80))
                try r.move(to, id: id)
            case 4:
                guard let at = down[id] else { continue }
                if rng.int(4) == 0 { try r.cancel(at, id: id) } else { try r.up(at, id: id) }
                down[id] = nil
            case 5:  // hover
                try r.move(Vec2(rng.double(0, 900), rng.double(0, 700)), id: 7)
            case 6:
                try r.tick(rng.double(0, 0.3))
            case 7:
                r.t += 0.01
                _ = try r.e.dispatchMagnify(MagnifyEvent(.down, factor: 1, focal: centre, time: r.t))
                r.t += 0.01
                _ = try r.e.dispatchMagnify(
                    MagnifyEvent(.move, factor: rng.double(0.8, 1.25), focal: centre, time: r.t))
                guard try checkFrame(r, label + " magnify") else { return }
                r.t += 0.01
                _ = try r.e.dispatchMagnify(
                    MagnifyEvent(rng.bool() ? .up : .cancel, factor: 1.1, focal: centre, time: r.t))
            case 8:
                try r.e.setEditing(b, rng.bool())
            default:
                // Refused during a gesture on the box; otherwise animates or jumps home.
                if (try? r.e.reset(b, animated: rng.bool())) == .ok { try r.tick(0.1) }
            }
            // Stop at the first stale frame: later ones would repeat it.
            guard try checkFrame(r, label + " after " + last + " then op \(op)", againstScratch: step % 4 == 3) else {
                return
            }
            last = "op \(op)"
            _ = r.events()
        }
    }
}

extension SplitMix64: RandomNumberGenerator {}
