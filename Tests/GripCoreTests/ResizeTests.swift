import Testing

@testable import GripCore

/// What a box looks like in the world before a drag, derived from the reference transforms.
private struct WorldBox {
    var g: BoxGeometry
    var corners: [Vec2]
    var centre: Vec2
    /// Unit world directions of box-space +x and +y, and box units -> world units.
    var ux: Vec2, uy: Vec2, k: Double

    init(_ r: Rig, _ id: BoxID) throws {
        g = r.geometry(id)
        let w = try refWorld(r.e, id)
        corners = [Vec2(0, 0), Vec2(g.width, 0), Vec2(g.width, g.height), Vec2(0, g.height)].map { w.apply($0) }
        centre = w.apply(Vec2(g.width / 2, g.height / 2))
        ux = (corners[1] - corners[0]) * (1 / len(corners[1] - corners[0]))
        uy = (corners[3] - corners[0]) * (1 / len(corners[3] - corners[0]))
        k = w.lengthScale
    }

    var size: Double { k * (g.width + g.height) }
    func contains(corner p: Vec2, scale: Double) -> Bool { corners.contains { close($0, p, rel: 1e-9, scale: scale) } }
}

/// Left/right and top/bottom swapped, by position (a reference table, not the engine's).
private func mirrored(_ h: HandleID, x: Bool, y: Bool) -> HandleID {
    let table: [UInt32: (Int, Int)] = [
        1: (0, 0), 2: (1, 0), 3: (2, 0), 4: (2, 1), 5: (2, 2), 6: (1, 2), 7: (0, 2), 8: (0, 1)
    ]
    guard var (cx, cy) = table[h.rawValue] else { return h }
    if x { cx = 2 - cx }
    if y { cy = 2 - cy }
    return HandleID(rawValue: table.first { $0.value == (cx, cy) }!.key)
}

@Suite struct ResizeTests {
    /// Freeform resizes of random boxes in random nestings and views, every handle, flip on or off:
    /// the opposite corner or edge stays, the dragged one follows the pointer, sizes and flips are
    /// what the pointer asks for (clamped at the minimum), and the handle under the pointer is active.
    @Test(arguments: 0..<8)
    func oppositeSideStaysFixedForEveryHandle(seed: UInt64) throws {
        var rng = SplitMix64(seed: 0xA11C_E000 + seed)
        var tally = Tally()
        for round in 0..<40 {
            let r = Rig()
            if rng.bool() { try r.e.setView(randomView(&rng)) }
            let allowFlip = rng.bool()
            var minW = 0.0, minH = 0.0
            let fw = rng.double(0.05, 0.5), fh = rng.double(0.05, 0.5)
            let box = randomNest(r, &rng) { d in
                d.behavior.editing = true
                d.behavior.allowFlip = allowFlip
                minW = d.geometry.width * fw
                minH = d.geometry.height * fh
                d.behavior.minWidth = minW
                d.behavior.minHeight = minH
            }
            let handle = HandleID.resizeHandles[round % 8]
            try dragAndCheck(
                r, box, handle, allowFlip: allowFlip, minW: minW, minH: minH, rng: &rng,
                tally: &tally, label: "seed \(seed) round \(round) \(handle.rawValue)")
        }
        // The random drags did cross over and did hit the minimum, with and without flipping.
        #expect(tally.flips > 0 && tally.clamps > 0 && tally.free > 0, "\(tally)")
    }

    struct Tally { var flips = 0, clamps = 0, free = 0 }

    private func dragAndCheck(
        _ r: Rig, _ box: BoxID, _ handle: HandleID, allowFlip: Bool, minW: Double, minH: Double,
        rng: inout SplitMix64, tally: inout Tally, label: String
    ) throws {
        let b = try WorldBox(r, box)
        let cmd = try #require(r.handle(box, handle), "\(label): no HANDLE command")
        let hs = cmd.center
        let hw = r.world(hs)
        let rel = hw - b.centre
        let ax = rel.dot(b.ux), ay = rel.dot(b.uy)
        let activeX = abs(ax) > 1e-6 * b.size, activeY = abs(ay) > 1e-6 * b.size
        // The handle is where its name says: a corner or an edge middle of the box.
        #expect(activeX || activeY, "\(label): handle at the centre")
        #expect(close(abs(ax), b.k * b.g.width / 2, rel: 1e-9) || !activeX)
        #expect(close(abs(ay), b.k * b.g.height / 2, rel: 1e-9) || !activeY)
        let opposite = b.centre - rel
        let scale = Swift.max(b.size, len(hw), 1000)

        try r.down(hs)
        let began = r.events()
        #expect(
            began.first?.kind == .gestureBegan && began.first?.gesture == .resize && began.first?.handle == handle,
            "\(label): \(began)")
        let reach = b.size
        var last = hs
        for step in 0..<3 {
            let ps = hs + Vec2(rng.double(-1, 1), rng.double(-1, 1)) * (reach * M(r.e.view).lengthScale)
            let pw = r.world(ps)
            try r.move(ps)
            last = ps
            let g = r.geometry(box)
            let now = try WorldBox(r, box)
            // Signed extents asked for along each active axis, in box units (negative: crossed over).
            func extent(_ u: Vec2, _ a: Double) -> Double { (pw - opposite).dot(u) * (a > 0 ? 1 : -1) / b.k }
            var expW = b.g.width, expH = b.g.height, togX = false, togY = false
            var signedW = 0.0, signedH = 0.0
            if activeX {
                let e = extent(b.ux, ax)
                if allowFlip { expW = Swift.max(abs(e), minW); togX = e < 0 } else { expW = Swift.max(e, minW) }
                signedW = togX ? -expW : expW
            }
            if activeY {
                let e = extent(b.uy, ay)
                if allowFlip { expH = Swift.max(abs(e), minH); togY = e < 0 } else { expH = Swift.max(e, minH) }
                signedH = togY ? -expH : expH
            }
            let at = "\(label) step \(step)"
            if togX || togY { tally.flips += 1 }
            if (activeX && expW == minW) || (activeY && expH == minH) { tally.clamps += 1 } else { tally.free += 1 }
            #expect(close(g.width, expW, rel: 1e-9), "\(at): width \(g.width), want \(expW)")
            #expect(close(g.height, expH, rel: 1e-9), "\(at): height \(g.height), want \(expH)")
            #expect(g.width >= minW * (1 - 1e-12) && g.height >= minH * (1 - 1e-12), "\(at): below the minimum")
            #expect(g.flippedX == (b.g.flippedX != togX) && g.flippedY == (b.g.flippedY != togY), "\(at): flips")
            #expect(g.rotation == b.g.rotation && g.scale == b.g.scale)
            // The fixed side: the opposite corner, or both corners of the opposite edge.
            if activeX && activeY {
                #expect(
                    now.contains(corner: opposite, scale: scale),
                    "\(at): opposite corner \(opposite) moved: \(now.corners)")
            } else {
                for c in b.corners where (c - b.centre).dot(rel) < 0 {
                    #expect(
                        now.contains(corner: c, scale: scale), "\(at): fixed edge corner \(c) moved: \(now.corners)")
                }
            }
            // Where the dragged handle is now, and the box centre half way to the fixed side.
            let handleNow =
                opposite + b.ux * ((ax > 0 ? 1 : -1) * signedW * b.k) * (activeX ? 1 : 0)
                + b.uy * ((ay > 0 ? 1 : -1) * signedH * b.k) * (activeY ? 1 : 0)
            #expect(close(now.centre, Vec2.mid(opposite, handleNow), rel: 1e-9, scale: scale), "\(at): centre")
            if (!activeX || expW > minW * (1 + 1e-9)) && (!activeY || expH > minH * (1 + 1e-9)) {
                // Unclamped: the handle is under the pointer (its projection, for an edge handle).
                let onAxis =
                    activeX && activeY
                    ? pw : opposite + (activeX ? b.ux : b.uy) * (pw - opposite).dot(activeX ? b.ux : b.uy)
                #expect(close(handleNow, onAxis, rel: 1e-9, scale: scale), "\(at): handle not under the pointer")
            }
            // The active handle in the frame and in the event is the one under the pointer now.
            let want = mirrored(handle, x: togX, y: togY)
            let active = r.handles(box).filter { $0.state & CommandState.active != 0 }
            #expect(
                active.map(\.handle) == [want], "\(at): active \(active.map(\.handle.rawValue)), want \(want.rawValue)")
            if let a = active.first {
                #expect(
                    close(r.world(a.center), handleNow, rel: 1e-9, scale: scale), "\(at): active handle drawn elsewhere"
                )
            }
            if let changed = r.events().last(where: { $0.kind == .gestureChanged }) {
                #expect(
                    changed.handle == want, "\(at): CHANGED handle \(changed.handle.rawValue), want \(want.rawValue)")
            }
        }
        try r.up(last)
        #expect(r.events().last?.kind == .gestureEnded)
    }

    @Test func flipAcrossTheOppositeEdge() throws {
        let r = Rig()
        let b = r.box()  // 200 x 120 at (300, 220): right handle at (400, 220), left edge at x = 200
        try r.down(Vec2(400, 220))
        try r.move(Vec2(150, 220))
        var g = r.geometry(b)
        #expect(g.flippedX && !g.flippedY)
        #expect(g.width == 50 && g.height == 120 && g.center == Vec2(175, 220))
        let changed = try #require(r.events().last)
        #expect(changed.kind == .gestureChanged && changed.handle == .left)
        let active = r.handles(b).filter { $0.state & CommandState.active != 0 }
        #expect(active.map(\.handle) == [.left])
        #expect(active.first.map { close($0.center, Vec2(150, 220)) } == true)
        // Back over the fixed edge: unflipped again, the right handle active.
        try r.move(Vec2(330, 220))
        g = r.geometry(b)
        #expect(!g.flippedX && g.width == 130 && g.center == Vec2(265, 220))
        #expect(r.handles(b).filter { $0.state & CommandState.active != 0 }.map(\.handle) == [.right])
        try r.up(Vec2(330, 220))
        #expect(r.events().last?.handle == .right)
    }

    @Test func withoutFlipTheSizeClampsAtTheMinimum() throws {
        let r = Rig()
        let b = r.box {
            $0.behavior.allowFlip = false; $0.behavior.minWidth = 16
        }
        try r.down(Vec2(400, 220))
        try r.move(Vec2(150, 220))
        let g = r.geometry(b)
        #expect(!g.flippedX && g.width == 16 && g.center == Vec2(208, 220))
        try r.down(Vec2(300, 280), id: 2)  // the bottom handle, as a second pointer: ignored, not a crash
        _ = r.events()
        try r.up(Vec2(150, 220))
        // Top-left corner past the bottom-right: both sizes clamp (defaults 10).
        let c = r.box(center: Vec2(600, 500), width: 100, height: 80) { $0.behavior.allowFlip = false }
        try r.down(Vec2(550, 460), id: 3)
        try r.move(Vec2(900, 900), id: 3)
        let h = r.geometry(c)
        #expect(h.width == 10 && h.height == 10 && !h.flippedX && !h.flippedY)
        #expect(h.center == Vec2(645, 535))
    }

    @Test func edgeHandlesChangeOneDimensionOnly() throws {
        let r = Rig()
        let b = r.box(rotation: 0.4, scale: 1.5)
        let w0 = r.geometry(b)
        for h in [HandleID.top, .right, .bottom, .left] {
            let start = try #require(r.handle(b, h)).center
            try r.down(start)
            try r.move(start + Vec2(37, -23))
            let g = r.geometry(b)
            if h == .top || h == .bottom {
                #expect(g.width == w0.width && g.height != w0.height)
            } else {
                #expect(g.height == w0.height && g.width != w0.width)
            }
            try r.cancel(start)
            #expect(r.geometry(b) == w0)
        }
    }

    @Test(arguments: [false, true])
    func uniformKeepsTheStartAspectRatio(viaShift: Bool) throws {
        var rng = SplitMix64(seed: viaShift ? 77 : 78)
        for round in 0..<64 {
            let r = Rig()
            if rng.bool() { try r.e.setView(randomView(&rng)) }
            let allowFlip = rng.bool()
            let box = randomNest(r, &rng) { d in
                d.behavior.editing = true
                d.behavior.allowFlip = allowFlip
                d.behavior.resizeMode = viaShift ? .freeform : .uniform
            }
            let b = try WorldBox(r, box)
            let minW = try r.e.describe(box).behavior.minWidth, minH = try r.e.describe(box).behavior.minHeight
            let handle = HandleID.resizeHandles[round % 8]
            let hs = try #require(r.handle(box, handle)).center
            let rel = r.world(hs) - b.centre
            let opposite = b.centre - rel
            let scale = Swift.max(b.size, 1000)
            let mods = viaShift ? Modifiers.shift : 0
            try r.down(hs, mods: mods)
            for _ in 0..<3 {
                try r.move(
                    hs + Vec2(rng.double(-1, 1), rng.double(-1, 1)) * (b.size * M(r.e.view).lengthScale), mods: mods)
                let g = r.geometry(box)
                #expect(
                    close(g.width / g.height, b.g.width / b.g.height, rel: 1e-9),
                    "round \(round): \(g.width) x \(g.height)")
                #expect(g.width >= minW * (1 - 1e-12) && g.height >= minH * (1 - 1e-12))
                let now = try WorldBox(r, box)
                if handle.isCorner {
                    #expect(now.contains(corner: opposite, scale: scale), "round \(round): opposite corner moved")
                } else {
                    // The opposite edge keeps its middle (the other dimension grows about it).
                    let mids = (0..<4).map { Vec2.mid(now.corners[$0], now.corners[($0 + 1) % 4]) }
                    #expect(
                        mids.contains { close($0, opposite, rel: 1e-9, scale: scale) },
                        "round \(round): opposite edge moved")
                }
            }
            try r.up(hs)
        }
    }

    @Test func shiftTurnsUniformOff() throws {
        let r = Rig()
        let b = r.box { $0.behavior.resizeMode = .uniform }
        try r.down(Vec2(400, 280), mods: Modifiers.shift)  // bottom-right
        try r.move(Vec2(450, 290), mods: Modifiers.shift)
        var g = r.geometry(b)
        #expect(g.width == 250 && g.height == 130)
        // Releasing shift mid-drag returns to uniform, from the start's aspect ratio.
        try r.move(Vec2(450, 290))
        g = r.geometry(b)
        #expect(close(g.width / g.height, 200.0 / 120.0, rel: 1e-12))
        try r.up(Vec2(450, 290))
    }

    @Test(arguments: [false, true])
    func centeredKeepsTheCentre(viaAlt: Bool) throws {
        var rng = SplitMix64(seed: viaAlt ? 5 : 6)
        for round in 0..<64 {
            let r = Rig()
            if rng.bool() { try r.e.setView(randomView(&rng)) }
            let box = randomNest(r, &rng) { d in
                d.behavior.editing = true
                d.behavior.centered = !viaAlt
            }
            let b = try WorldBox(r, box)
            let minW = try r.e.describe(box).behavior.minWidth, minH = try r.e.describe(box).behavior.minHeight
            let handle = HandleID.resizeHandles[round % 8]
            let hs = try #require(r.handle(box, handle)).center
            let scale = Swift.max(b.size, 1000)
            let mods = viaAlt ? Modifiers.alt : 0
            try r.down(hs, mods: mods)
            let ps = hs + Vec2(rng.double(-1, 1), rng.double(-1, 1)) * (b.size * M(r.e.view).lengthScale)
            try r.move(ps, mods: mods)
            let g = r.geometry(box)
            let now = try WorldBox(r, box)
            #expect(close(now.centre, b.centre, rel: 1e-9, scale: scale), "round \(round): centre moved")
            if handle.isCorner && g.width > minW * (1 + 1e-9) && g.height > minH * (1 + 1e-9) {
                let pw = r.world(ps)
                #expect(now.contains(corner: pw, scale: scale), "round \(round): corner not under the pointer")
                #expect(
                    now.contains(corner: b.centre * 2 - pw, scale: scale),
                    "round \(round): opposite corner not mirrored")
            }
            if !handle.isCorner {
                let horizontal = handle == .left || handle == .right
                #expect(horizontal ? g.height == b.g.height : g.width == b.g.width)
            }
            try r.up(ps, mods: mods)
        }
    }

    @Test func altTogglesCenteredOffAgain() throws {
        let r = Rig()
        let b = r.box { $0.behavior.centered = true }
        try r.down(Vec2(400, 220), mods: Modifiers.alt)  // right handle, alt: not centred
        try r.move(Vec2(430, 220), mods: Modifiers.alt)
        #expect(r.geometry(b).width == 230 && r.geometry(b).center == Vec2(315, 220))
        try r.move(Vec2(430, 220))  // alt released: centred
        #expect(r.geometry(b).width == 260 && r.geometry(b).center == Vec2(300, 220))
        try r.up(Vec2(430, 220))
    }

    @Test func containmentClampsResizeAtTheBounds() throws {
        let r = Rig(width: 1000, height: 800)
        let b = r.box(center: Vec2(900, 400), width: 100, height: 100) { $0.behavior.contain = true }
        // Right handle (950, 400) dragged far right: the right edge stops at 1000, the left stays.
        try r.down(Vec2(950, 400))
        try r.move(Vec2(1300, 400))
        // The engine's containment tolerance is 1e-9 of the region's size (1800).
        let tol = 1e-9 * 1800
        var g = r.geometry(b)
        #expect(abs(g.center.x + g.width / 2 - 1000) <= tol && abs(g.center.x - g.width / 2 - 850) <= tol)
        try r.up(Vec2(1300, 400))
        // Bottom-right corner far out: the box fills to the right and the bottom, top-left fixed.
        g = r.geometry(b)
        let br = Vec2(g.center.x + g.width / 2, g.center.y + g.height / 2)
        try r.down(br)
        try r.move(br + Vec2(250, 750))
        g = r.geometry(b)
        let bounds = g.parentBounds
        #expect(abs(bounds.min.x - 850) <= tol && abs(bounds.min.y - 350) <= tol)
        #expect(abs(bounds.max.x - 1000) <= tol && abs(bounds.max.y - 800) <= tol, "\(bounds)")
    }

    @Test func editingOffHidesHandlesAndDisablesResize() throws {
        let r = Rig()
        let b = r.box()
        try r.e.setEditing(b, false)
        #expect(r.events().map(\.kind) == [.editingChanged])
        #expect(r.handles(b).isEmpty)
        #expect(!r.e.frame().commands.contains { $0.kind == .border })
        try r.down(Vec2(398, 218))  // on the right edge's handle spot, inside the box
        try r.move(Vec2(450, 218))
        let g = r.geometry(b)
        #expect(g.width == 200 && g.center == Vec2(352, 220))
        #expect(r.events().first?.gesture == .move)
    }

    @Test func containmentHoldsForRandomResizesAndTheFixedSideStays() throws {
        var rng = SplitMix64(seed: 0xC0_47A2)
        for round in 0..<150 {
            let r = Rig()
            if rng.bool() { try r.e.setView(randomView(&rng)) }
            let (box, region) = randomContained(r, &rng, editing: true)
            let b = try WorldBox(r, box)
            let handle = HandleID.resizeHandles[round % 8]
            let hs = try #require(r.handle(box, handle)).center
            let rel = r.world(hs) - b.centre
            let scale = Swift.max(b.size, 1000)
            try r.down(hs)
            for step in 0..<4 {
                try r.move(hs + Vec2(rng.double(-700, 700), rng.double(-700, 700)))
                let g = r.geometry(box)
                #expect(fits(g, region, tol: 1e-9 * 2000), "round \(round) step \(step): left the region")
                let now = try WorldBox(r, box)
                if handle.isCorner {
                    #expect(
                        now.contains(corner: b.centre - rel, scale: scale),
                        "round \(round) step \(step): opposite corner moved")
                } else {
                    for c in b.corners where (c - b.centre).dot(rel) < 0 {
                        #expect(now.contains(corner: c, scale: scale), "round \(round) step \(step): fixed edge moved")
                    }
                }
            }
            try r.up(hs)
        }
    }
}
