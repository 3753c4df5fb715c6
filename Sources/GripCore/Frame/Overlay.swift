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
        frameState.commands.truncate(to: frameState.overlayStart)
        frameState.vertices.truncate(to: 0)
        for e in frameState.overlay where Int(e.slot) < frameState.overlayEntryOfSlot.count {
            frameState.overlayEntryOfSlot[Int(e.slot)] = -1
        }
        for x in frameState.outlineSlots where Int(x) < frameState.outlineVertexOfSlot.count {
            frameState.outlineVertexOfSlot[Int(x)] = -1
        }
        frameState.outlineSlots.removeAll(keepingCapacity: true)
        frameState.selectionAxes.valid = false
        if frameState.outlineVertexOfSlot.count < scene.slotCount {
            frameState.outlineVertexOfSlot.append(
                contentsOf: repeatElement(-1, count: scene.slotCount - frameState.outlineVertexOfSlot.count))
        }
        frameState.overlay.removeAll(keepingCapacity: true)
        frameState.overlayOffsets.truncate(to: 0)
        frameState.overlayRebuilds += 1
        appendPresence()
        for i in frameState.overlayOrder.indices { appendOverlay(frameState.overlayOrder[i]) }
        appendSelectionOverlay()
        if frameState.overlayEntryOfSlot.count < scene.slotCount {
            frameState.overlayEntryOfSlot.append(
                contentsOf: repeatElement(-1, count: scene.slotCount - frameState.overlayEntryOfSlot.count))
        }
        frameState.overlayAllPlain = true
        for i in frameState.overlay.indices {
            frameState.overlayEntryOfSlot[Int(frameState.overlay[i].slot)] = Int32(truncatingIfNeeded: i)
            if frameState.overlay[i].shape == nil { frameState.overlayAllPlain = false }
        }
    }

    /// Updates the overlay in place when every box's part keeps its layout (a border and the same
    /// built-in handles): moved when its shape is unchanged, redrawn where it is otherwise; and
    /// when the selection's member outlines are those of the same members (moved with their
    /// boxes already), the rest of the selection's part laid out again after them. False
    /// (having perhaps updated some) when the overlay must be rebuilt.
    @_optimize(speed) func updateOverlayInPlace() -> Bool {
        guard frameState.overlay.count == frameState.overlayOrder.count else { return false }
        // Nothing the outlines show but geometry changed since they were laid out (a change of
        // the selection or of a member's style or behaviour touches them; a gesture beginning or
        // ending on the members does not).
        let outlines = multipleSelected ? selection.members.count : 0
        guard frameState.outlineSlots.count == outlines, outlines == 0 || !scene.changes.outlinesTouched else {
            return false
        }
        if !updateBoxOverlaysInPlace() { return false }
        frameState.commands.truncate(to: frameState.selectionTail.command)
        frameState.vertices.truncate(to: frameState.selectionTail.vertex)
        appendSelectionTail()
        return true
    }

    /// The boxes' part of `updateOverlayInPlace`.
    @_optimize(speed) @inline(__always) private func updateBoxOverlaysInPlace() -> Bool {
        let phase = Style.dashPhase(at: time)
        // Only boxes moved (and perhaps time): their entries, and the ants' phase of the rest.
        if !scene.changes.overlayTouched && frameState.overlayAllPlain {
            for j in 0..<frameState.movedEntries.count {
                if !updateEntry(Int(frameState.movedEntries[j]), phase: phase) { return false }
            }
            if scene.changes.antsMoved {
                for i in frameState.overlay.indices {
                    frameState.commands[frameState.overlay[i].firstCommand].dashPhase = phase
                }
            }
            return true
        }
        for i in frameState.overlay.indices {
            if !updateEntry(i, phase: phase) { return false }
        }
        return true
    }

    /// Updates overlay entry `i` in place for its box as it is now: moved when its shape is
    /// unchanged, redrawn where it is otherwise. False when it must be rebuilt.
    @_optimize(speed) @inline(__always) private func updateEntry(_ i: Int, phase: Double) -> Bool {
        let e = frameState.overlay[i]
        let x = frameState.overlayOrder[i]
        guard e.slot == x, let old = e.shape else { return false }
        let m = screenTransform(x)
        guard let now = plainOverlayShape(x, m), now.handles == old.handles else { return false }
        if now != old {
            writeBorderAndHandles(x, now, translation: Vec2(m.tx, m.ty), dashPhase: phase, at: e, fresh: false)
            frameState.overlay[i].shape = now
            return true
        }
        let t = Vec2(m.tx, m.ty)
        // The entry was built into these buffers, which have not shrunk since (checked here).
        let (commands, vertices, offsets) = places(of: e)
        commands[0].dashPhase = phase
        for k in 0..<4 { vertices[k] = offsets[k] + t }
        for k in 0..<e.handleCount { commands[k &+ 1].center = offsets[k &+ 4] + t }
        return true
    }

    /// The built-in handles slot `x` draws: bit `h.rawValue` for handle `h`.
    @inline(__always) private func drawnHandles(_ x: Int32) -> UInt32 {
        let behavior = scene.behavior(x)
        let allow = behavior.allow, set = behavior.handles.rawValue
        let resize: UInt32 = 0x1FE  // bits 1...8
        let rotate: UInt32 = 1 << HandleID.rotate.rawValue
        return (allow.contains(.resize) ? set & resize : 0) | (allow.contains(.rotate) ? set & rotate : 0)
    }

    /// The shape of slot `x`'s overlay under screen transform `m`, or nil when the box is not
    /// editing or draws more than a border and built-in handles.
    @_optimize(speed) @inline(__always) private func plainOverlayShape(_ x: Int32, _ m: Affine) -> OverlayShape? {
        guard showsOwnOverlay(x), scene[x].hooks.customHandles == 0 else { return nil }
        let id = scene.id(x)
        if let gi = gesture(on: id), interactions.rotationSnapped(gi) { return nil }
        if pressProgress(id) > 0 { return nil }
        return overlayShape(x, m)
    }

    /// The shape of slot `x`'s border and built-in handles under screen transform `m`.
    @_optimize(speed) @inline(__always) private func overlayShape(_ x: Int32, _ m: Affine) -> OverlayShape {
        let id = scene.id(x)
        var active = HandleID.none
        if let gi = gesture(on: id) { active = interactions.activeHandle(gi) }
        let g = scene[x].geometry
        return OverlayShape(
            box: id, linear: Affine(a: m.a, b: m.b, c: m.c, d: m.d, tx: 0, ty: 0),
            width: g.width, height: g.height, flippedX: g.flippedX, flippedY: g.flippedY,
            handles: drawnHandles(x), userData: scene[x].userData,
            hover: input.hover.box == id ? input.hover.handle : .none, active: active)
    }

    /// Appends slot `x`'s part of the overlay and its entry.
    private func appendOverlay(_ x: Int32) {
        let id = scene.id(x)
        let m = screenTransform(x)
        var entry = OverlayEntry(
            slot: x, shape: plainOverlayShape(x, m), firstCommand: frameState.commands.count,
            firstVertex: frameState.vertices.count, firstOffset: frameState.overlayOffsets.count,
            handleCount: 0)
        if showsOwnOverlay(x) {
            let g = scene[x].geometry
            let shape = entry.shape ?? overlayShape(x, m)
            // Room for the border, its vertices and the handles, then written in place.
            entry.handleCount = shape.handles.nonzeroBitCount
            for _ in 0...entry.handleCount { frameState.commands.append(Command(kind: .handle, box: id)) }
            for _ in 0..<4 { frameState.vertices.append(.zero) }
            for _ in 0..<(4 + entry.handleCount) { frameState.overlayOffsets.append(.zero) }
            writeBorderAndHandles(
                x, shape, translation: Vec2(m.tx, m.ty), dashPhase: Style.dashPhase(at: time), at: entry, fresh: true)
            let custom = scene[x].hooks.customHandles
            if custom > 0 {
                let centre = m.apply(Vec2(g.width * 0.5, g.height * 0.5))
                for i in 0..<custom {
                    guard let p = customHandleScreenPoint(x, i, m) else { continue }
                    let d = p - centre
                    frameState.commands.append(
                        handleCommand(
                            id, shape.userData, HandleID(rawValue: HandleID.custom.rawValue + UInt32(i)),
                            p, Trig.atan2(d.y, d.x), hover: shape.hover, active: shape.active))
                }
            }
        }
        appendIndicator(x)
        appendGuide(x)
        frameState.overlay.append(entry)
    }

    /// Writes the border and built-in handles of slot `x` with `shape` at `translation` into the
    /// places `e` gives, with the offsets that moving them later adds the translation to. Unless
    /// `fresh`, the commands there are this box's with the same handles, and only what a shape
    /// changes is written.
    @_optimize(speed) private func writeBorderAndHandles(
        _ x: Int32, _ shape: OverlayShape, translation t: Vec2, dashPhase: Double,
        at e: OverlayEntry, fresh: Bool
    ) {
        let g = scene[x].geometry
        let (commands, vertices, offsets) = places(of: e)
        let linear = shape.linear
        // The border: the box's corners on screen, moved inward by half the stroke.
        let u = linear.applyVector(Vec2(g.width, 0)), v = linear.applyVector(Vec2(0, g.height))
        let (du, dv) = Engine.borderInset(u, v, Style.borderStroke * 0.5)
        offsets[0] = du + dv
        offsets[1] = u - du + dv
        offsets[2] = u + v - du - dv
        offsets[3] = v + du - dv
        for k in 0..<4 { vertices[k] = offsets[k] + t }
        if fresh {
            var border = Command(kind: .border, box: shape.box)
            border.strokeWidth = Style.borderStroke
            border.dashOn = Style.dashOn
            border.dashOff = Style.dashOff
            border.firstVertex = UInt32(truncatingIfNeeded: e.firstVertex)
            border.vertexCount = 4
            commands[0] = border
        }
        commands[0].userData = shape.userData
        commands[0].dashPhase = dashPhase
        // The handles, with the direction a resize cursor should point on screen.
        let fx = g.flippedX ? -1.0 : 1.0, fy = g.flippedY ? -1.0 : 1.0
        let frameToScreen = Affine(a: linear.a * fx, b: linear.b * fx, c: linear.c * fy, d: linear.d * fy, tx: 0, ty: 0)
        // The two arctangents the cursors need, kept while what they are of stays (a resize keeps
        // the transform, a pinch or a rotation the size).
        if frameState.heading.a != frameToScreen.a || frameState.heading.b != frameToScreen.b {
            frameState.heading = (frameToScreen.a, frameToScreen.b, Trig.atan2(frameToScreen.b, frameToScreen.a))
        }
        if frameState.diagonal.width != g.width || frameState.diagonal.height != g.height {
            frameState.diagonal = (g.width, g.height, Trig.atan2(g.height, g.width))
        }
        let cursors = CursorDirections(
            frameToScreen: frameToScreen, width: g.width, height: g.height,
            heading: frameState.heading.angle, diagonal: frameState.diagonal.angle)
        let frameCentre = Vec2(g.width * 0.5, g.height * 0.5)
        let lift = shape.handles & (1 << HandleID.rotate.rawValue) != 0 ? rotateHandleLift(linear) : 0
        var k = 0
        for raw in HandleID.topLeft.rawValue...HandleID.rotate.rawValue where shape.handles & (1 << raw) != 0 {
            let h = HandleID(rawValue: raw)
            let p = g.framePoint(of: h, rotateLift: lift)
            let offset = linear.applyVector(g.boxPoint(fromFrame: p))
            offsets[k &+ 4] = offset
            let c = k &+ 1  // (k < handleCount: no overflow)
            if fresh {
                commands[c] = Command(kind: .handle, box: shape.box)
                commands[c].handle = h
                commands[c].radius = Style.handleRadius
                commands[c].innerRadius = Style.handleInnerRadius
            }
            commands[c].userData = shape.userData
            commands[c].center = offset + t
            commands[c].cursorAngle = cursors.angle(frameVector: p - frameCentre)
            commands[c].state =
                (shape.hover == h ? CommandState.hover : 0) | (shape.active == h ? CommandState.active : 0)
            k += 1
        }
    }

    /// The commands (border, then handles), border vertices and offsets (border, then handles)
    /// of overlay entry `e`, checked to lie within the buffers.
    @inline(__always) private func places(
        of e: OverlayEntry
    )
        -> (FrameBuffer<Command>.Window, FrameBuffer<Vec2>.Window, FrameBuffer<Vec2>.Window)
    {
        (
            frameState.commands.window(at: e.firstCommand, count: 1 + e.handleCount),
            frameState.vertices.window(at: e.firstVertex, count: 4),
            frameState.overlayOffsets.window(at: e.firstOffset, count: 4 + e.handleCount)
        )
    }

    /// How far a border corner moves along the parallelogram's edges `u` and `v` to sit `inset`
    /// inside both: never more than half of the shorter edge, so a tiny box's border does not
    /// turn inside out; nothing for a degenerate box.
    static func borderInset(_ u: Vec2, _ v: Vec2, _ inset: Double) -> (Vec2, Vec2) {
        let lu = u.length, lv = v.length
        guard lu > 0, lv > 0 else { return (.zero, .zero) }
        let un = u * (1 / lu), vn = v * (1 / lv)
        let sine = abs(un.cross(vn))
        guard sine > 1e-12 else { return (.zero, .zero) }
        let k = Swift.min(inset, Swift.min(lu, lv) * 0.5) / sine
        return (un * k, vn * k)
    }

    private func handleCommand(
        _ id: BoxID, _ userData: UInt64, _ h: HandleID, _ at: Vec2, _ cursorAngle: Double,
        hover: HandleID, active: HandleID
    ) -> Command {
        var c = Command(kind: .handle, box: id)
        c.userData = userData
        c.handle = h
        c.center = at
        c.radius = Style.handleRadius
        c.innerRadius = Style.handleInnerRadius
        c.cursorAngle = cursorAngle
        if hover == h { c.state |= CommandState.hover }
        if active == h { c.state |= CommandState.active }
        return c
    }
}
