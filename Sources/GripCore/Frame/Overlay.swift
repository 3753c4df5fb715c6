/// The overlay of a box: its marching-ants border, handles, long-press indicator and guides,
/// drawn after all box content.
///
/// An editing box's border and handles depend on its screen transform's linear part, size,
/// flips, handles and their states (`OverlayShape`) and, apart from that, only on the
/// transform's translation. Each is built as an offset (from the linear part) plus the
/// translation, so while the shape stays the same, as during a move, the next frame adds the
/// new translation to the kept offsets, in place, and gets exactly what a rebuild would.
struct OverlayShape: Equatable {
    var box: BoxID
    /// The screen transform without its translation.
    var linear: Affine
    var width: Double, height: Double
    var flippedX: Bool, flippedY: Bool
    /// The built-in handles drawn: bit `h.rawValue` for handle `h`.
    var handles: UInt32
    var userData: UInt64
    /// The handle of this box under the hovering pointer, and the one being dragged.
    var hover: HandleID
    var active: HandleID
}

/// One box's part of the overlay as built last.
struct OverlayEntry {
    var slot: Int32
    /// Nil when the part is more than a border and built-in handles (custom handles, an
    /// indicator, a guide): it is rebuilt every time then.
    var shape: OverlayShape?
    var firstCommand: Int
    var firstVertex: Int
    /// Where its offsets start in `FrameState.overlayOffsets`: 4 border vertices, then one per handle.
    var firstOffset: Int
    var handleCount: Int
}

extension Engine {
    /// Lays out the whole overlay again.
    func rebuildOverlay() {
        frameCommands.truncate(to: frameState.overlayStart)
        frameVertices.truncate(to: 0)
        frameState.overlay.removeAll(keepingCapacity: true)
        frameState.overlayOffsets.truncate(to: 0)
        frameState.overlayRebuilds += 1
        for i in frameState.overlayOrder.indices { appendOverlay(frameState.overlayOrder[i]) }
    }

    /// Moves every box's part of the overlay in place when none changed shape; false (having
    /// perhaps moved some) when the overlay must be rebuilt.
    func moveOverlayInPlace() -> Bool {
        guard frameState.overlay.count == frameState.overlayOrder.count else { return false }
        let phase = Style.dashPhase(at: time)
        for i in frameState.overlay.indices {
            let e = frameState.overlay[i]
            let x = frameState.overlayOrder[i]
            guard e.slot == x, let old = e.shape else { return false }
            let m = screenTransform(x)
            guard let now = plainOverlayShape(x, m), now == old else { return false }
            // The entry was built into these buffers, which have not shrunk since.
            precondition(e.firstCommand + 1 + e.handleCount <= frameCommands.count && e.firstVertex + 4 <= frameVertices.count
                         && e.firstOffset + 4 + e.handleCount <= frameState.overlayOffsets.count, "stale overlay entry")
            let t = Vec2(m.tx, m.ty)
            let commands = frameCommands.base.unsafelyUnwrapped + e.firstCommand
            let vertices = frameVertices.base.unsafelyUnwrapped + e.firstVertex
            frameState.overlayOffsets.withUnsafeBufferPointer { offsets in
                let o = offsets.baseAddress.unsafelyUnwrapped + e.firstOffset
                commands[0].dashPhase = phase
                for k in 0..<4 { vertices[k] = o[k] + t }
                for k in 0..<e.handleCount { commands[1 + k].center = o[4 + k] + t }
            }
        }
        return true
    }

    /// The built-in handles slot `x` draws: bit `h.rawValue` for handle `h`.
    private func drawnHandles(_ x: Int32) -> UInt32 {
        let shows = showsHandles(x)
        let set = scene.slots[Int(x)].behavior.handles.rawValue
        let resize: UInt32 = 0x1FE  // bits 1...8
        return (shows.resize ? set & resize : 0) | (shows.rotate ? 1 << HandleID.rotate.rawValue : 0)
    }

    /// The shape of slot `x`'s overlay under screen transform `m`, or nil when the box is not
    /// editing or draws more than a border and built-in handles.
    private func plainOverlayShape(_ x: Int32, _ m: Affine) -> OverlayShape? {
        guard scene.slots[Int(x)].behavior.editing, scene.slots[Int(x)].hooks.customHandles == 0 else { return nil }
        let id = scene.id(x)
        var active = HandleID.none
        for i in gestures.indices where gestures[i].box == id {
            if gestures[i].snapped { return nil }
            active = gestures[i].activeHandle
        }
        if !presses.isEmpty && pressProgress(id) > 0 { return nil }
        let g = scene.slots[Int(x)].geometry
        return OverlayShape(box: id, linear: Affine(a: m.a, b: m.b, c: m.c, d: m.d, tx: 0, ty: 0),
                            width: g.width, height: g.height, flippedX: g.flippedX, flippedY: g.flippedY,
                            handles: drawnHandles(x), userData: scene.slots[Int(x)].behavior.userData,
                            hover: hover.box == id ? hover.handle : .none, active: active)
    }

    /// Appends slot `x`'s part of the overlay and its entry.
    private func appendOverlay(_ x: Int32) {
        let g = scene.slots[Int(x)].geometry
        let behavior = scene.slots[Int(x)].behavior
        let id = scene.id(x)
        let m = screenTransform(x)
        var entry = OverlayEntry(slot: x, shape: plainOverlayShape(x, m), firstCommand: frameCommands.count,
                                 firstVertex: frameVertices.count, firstOffset: frameState.overlayOffsets.count,
                                 handleCount: 0)
        if behavior.editing {
            let t = Vec2(m.tx, m.ty)
            let linear = Affine(a: m.a, b: m.b, c: m.c, d: m.d, tx: 0, ty: 0)
            var border = Command(kind: .border, box: id)
            border.userData = behavior.userData
            border.strokeWidth = Style.borderStroke
            border.dashOn = Style.dashOn
            border.dashOff = Style.dashOff
            border.dashPhase = Style.dashPhase(at: time)
            border.firstVertex = UInt32(truncatingIfNeeded: frameVertices.count)
            border.vertexCount = 4
            appendInsetQuad(g.corners(linear), inset: Style.borderStroke * 0.5)
            for k in 0..<4 { frameVertices.append(frameState.overlayOffsets[entry.firstOffset + k] + t) }
            frameCommands.append(border)

            var active = HandleID.none
            for i in gestures.indices where gestures[i].box == id { active = gestures[i].activeHandle }
            let fx = g.flippedX ? -1.0 : 1.0, fy = g.flippedY ? -1.0 : 1.0
            let cursors = CursorDirections(frameToScreen: Affine(a: m.a * fx, b: m.b * fx, c: m.c * fy, d: m.d * fy, tx: 0, ty: 0),
                                           width: g.width, height: g.height)
            let frameCentre = Vec2(g.width * 0.5, g.height * 0.5)
            let drawn = drawnHandles(x)
            for raw in HandleID.topLeft.rawValue...HandleID.rotate.rawValue where drawn & (1 << raw) != 0 {
                let h = HandleID(rawValue: raw)
                let p = g.framePoint(of: h)
                let offset = linear.applyVector(g.boxPoint(fromFrame: p))
                frameState.overlayOffsets.append(offset)
                frameCommands.append(handleCommand(id, behavior.userData, h, offset + t, cursors.angle(frameVector: p - frameCentre), active))
                entry.handleCount += 1
            }
            let custom = scene.slots[Int(x)].hooks.customHandles
            if custom > 0 {
                let centre = m.apply(frameCentre)
                for i in 0..<custom {
                    guard let p = customHandleScreenPoint(x, i, m) else { continue }
                    let d = p - centre
                    frameCommands.append(handleCommand(id, behavior.userData, HandleID(rawValue: HandleID.custom.rawValue + UInt32(i)),
                                                       p, atan2(d.y, d.x), active))
                }
            }
        }
        appendIndicator(x)
        appendGuide(x)
        frameState.overlay.append(entry)
    }

    /// The long-press indicator of slot `x`, while its press has progress.
    private func appendIndicator(_ x: Int32) {
        let id = scene.id(x)
        let progress = pressProgress(id)
        guard progress > 0 else { return }
        let g = scene.slots[Int(x)].geometry
        let behavior = scene.slots[Int(x)].behavior
        var c = Command(kind: .indicator, box: id)
        c.userData = behavior.userData
        c.strokeWidth = Style.indicatorStroke
        c.progress = progress
        c.firstVertex = UInt32(truncatingIfNeeded: frameVertices.count)
        var points = frameState.indicatorScratch
        frameState.indicatorScratch = []  // so the array is uniquely referenced while it grows
        points.removeAll(keepingCapacity: true)
        let transform: Affine
        if behavior.indicator == .custom && customIndicator(x, progress: progress, into: &points) {
            transform = screenTransform(x)
        } else {
            transform = view * scene.parentWorld(x) * g.frameLocal
            Indicator.outline(behavior.indicator, width: g.width, height: g.height, cornerRadius: behavior.cornerRadius,
                              screenScale: transform.uniformScale, mirrored: transform.determinant < 0, into: &points)
        }
        Indicator.trim(&points, from: 0, progress: progress)
        for p in points { frameVertices.append(transform.apply(p)) }
        c.vertexCount = UInt32(truncatingIfNeeded: points.count)
        frameState.indicatorScratch = points
        frameCommands.append(c)
    }

    /// The snapped axis of slot `x` while a rotation rests on a snap angle: through the centre,
    /// from beyond the rotate handle to beyond the bottom.
    private func appendGuide(_ x: Int32) {
        let id = scene.id(x)
        guard let gi = gestures.firstIndex(where: { $0.box == id && $0.snapped }) else { return }
        let g = scene.slots[Int(x)].geometry
        var c = Command(kind: .guide, box: id)
        c.userData = scene.slots[Int(x)].behavior.userData
        c.strokeWidth = Style.borderStroke
        c.handle = gestures[gi].activeHandle
        c.firstVertex = UInt32(truncatingIfNeeded: frameVertices.count)
        c.vertexCount = 2
        let frameToScreen = view * scene.parentWorld(x) * g.frameLocal
        frameVertices.append(frameToScreen.apply(Vec2(g.width * 0.5, -BoxGeometry.rotateHandleOffset - g.height * 0.25)))
        frameVertices.append(frameToScreen.apply(Vec2(g.width * 0.5, g.height * 1.25)))
        frameCommands.append(c)
    }

    private func handleCommand(_ id: BoxID, _ userData: UInt64, _ h: HandleID, _ at: Vec2, _ cursorAngle: Double,
                               _ active: HandleID) -> Command {
        var c = Command(kind: .handle, box: id)
        c.userData = userData
        c.handle = h
        c.center = at
        c.radius = Style.handleRadius
        c.innerRadius = Style.handleInnerRadius
        c.cursorAngle = cursorAngle
        if hover.box == c.box && hover.handle == h { c.state |= CommandState.hover }
        if active == h { c.state |= CommandState.active }
        return c
    }

    /// Appends the scripted indicator outline of slot `x` (box space); false, with the vertices
    /// untouched, when there is none or it failed (then the built-in circle is drawn instead).
    private func customIndicator(_ x: Int32, progress: Double, into vertices: inout [Vec2]) -> Bool {
        let id = scene.id(x)
        guard let hooks, let pi = presses.firstIndex(where: { $0.box == id }), !presses[pi].indicatorDisabled else { return false }
        let start = vertices.count
        let failure = hooks.indicatorOutline(box: id, progress: progress, geometry: scene.slots[Int(x)].geometry, into: &vertices)
        var problem = failure
        if problem == nil {
            if vertices.count - start < 2 { problem = HookFailure("custom indicator returned fewer than 2 points") }
            else if vertices[start...].contains(where: { !$0.isFinite }) { problem = HookFailure("custom indicator returned a non-finite point") }
            else if vertices.count - start > 65536 { problem = HookFailure("custom indicator returned more than 65536 points") }
        }
        guard let problem else { return true }
        vertices.truncate(to: start)
        if let i = presses.firstIndex(where: { $0.box == id }) { presses[i].indicatorDisabled = true }
        hookFailed(problem, slot: x)
        return false
    }

    /// Appends to the overlay offsets the corners of quad `q` moved inward by `inset` along both
    /// edges at each corner.
    private func appendInsetQuad(_ q: (Vec2, Vec2, Vec2, Vec2), inset d: Double) {
        // Never more than half of the shorter edge, so a tiny box's border does not turn inside out.
        let shortest = Swift.min((q.1 - q.0).length, (q.3 - q.0).length)
        let inset = Swift.min(d, shortest * 0.5)
        frameState.overlayOffsets.append(insetCorner(q.0, q.1, q.3, inset))
        frameState.overlayOffsets.append(insetCorner(q.1, q.2, q.0, inset))
        frameState.overlayOffsets.append(insetCorner(q.2, q.3, q.1, inset))
        frameState.overlayOffsets.append(insetCorner(q.3, q.0, q.2, inset))
    }

    /// Corner `p` moved inside by `inset` from both edges towards its neighbours `a` and `b`.
    private func insetCorner(_ p: Vec2, _ a: Vec2, _ b: Vec2, _ inset: Double) -> Vec2 {
        let u = a - p, v = b - p
        let lu = u.length, lv = v.length
        guard lu > 0, lv > 0 else { return p }
        let un = u * (1 / lu), vn = v * (1 / lv)
        let sine = abs(un.cross(vn))
        return sine > 1e-12 ? p + (un + vn) * (inset / sine) : p
    }
}
