/// The overlay of a box: its marching-ants border, handles, long-press indicator and guides,
/// drawn after all box content.
extension Engine {
    func appendOverlay(_ x: Int32) {
        let r = scene.slots[Int(x)]
        let id = scene.id(x)
        let m = screenTransform(x)
        if r.behavior.editing {
            var border = Command(kind: .border, box: id)
            border.userData = r.behavior.userData
            border.strokeWidth = Style.borderStroke
            border.dashOn = Style.dashOn
            border.dashOff = Style.dashOff
            border.dashPhase = Style.dashPhase(at: time)
            border.firstVertex = UInt32(truncatingIfNeeded: frameVertices.count)
            border.vertexCount = 4
            appendInsetQuad(r.geometry.corners(m), inset: Style.borderStroke * 0.5, into: &frameVertices)
            frameCommands.append(border)

            let shows = showsHandles(x)
            let g = r.geometry
            let centre = m.apply(Vec2(g.width * 0.5, g.height * 0.5))
            let active = gestures.first { $0.box == id }?.activeHandle ?? .none
            let fx = g.flippedX ? -1.0 : 1.0, fy = g.flippedY ? -1.0 : 1.0
            let cursors = CursorDirections(frameToScreen: Affine(a: m.a * fx, b: m.b * fx, c: m.c * fy, d: m.d * fy, tx: 0, ty: 0),
                                           width: g.width, height: g.height)
            let frameCentre = Vec2(g.width * 0.5, g.height * 0.5)
            for h in HandleID.resizeHandles where shows.resize && r.behavior.handles.contains(h) {
                let at = m.apply(g.boxPoint(fromFrame: g.framePoint(of: h)))
                frameCommands.append(handleCommand(id, r.behavior.userData, h, at, cursors.angle(frameVector: g.framePoint(of: h) - frameCentre), active))
            }
            if shows.rotate {
                let at = m.apply(g.boxPoint(fromFrame: g.framePoint(of: .rotate)))
                frameCommands.append(handleCommand(id, r.behavior.userData, .rotate, at, cursors.angle(frameVector: g.framePoint(of: .rotate) - frameCentre), active))
            }
            for i in 0..<r.hooks.customHandles {
                guard let p = customHandleScreenPoint(x, i, m) else { continue }
                let d = p - centre
                frameCommands.append(handleCommand(id, r.behavior.userData, HandleID(rawValue: HandleID.custom.rawValue + UInt32(i)), p, atan2(d.y, d.x), active))
            }
        }
        let progress = pressProgress(id)
        if progress > 0 {
            var c = Command(kind: .indicator, box: id)
            c.userData = r.behavior.userData
            c.strokeWidth = Style.indicatorStroke
            c.progress = progress
            c.firstVertex = UInt32(truncatingIfNeeded: frameVertices.count)
            let start = frameVertices.count
            if r.behavior.indicator == .custom && customIndicator(x, progress: progress, into: &frameVertices) {
                Indicator.trim(&frameVertices, from: start, progress: progress)
                for i in start..<frameVertices.count { frameVertices[i] = m.apply(frameVertices[i]) }
            } else {
                let frameToScreen = view * scene.parentWorld(x) * r.geometry.frameLocal
                Indicator.outline(r.behavior.indicator, width: r.geometry.width, height: r.geometry.height,
                                  cornerRadius: r.behavior.cornerRadius, screenScale: frameToScreen.uniformScale,
                                  mirrored: frameToScreen.determinant < 0, into: &frameVertices)
                Indicator.trim(&frameVertices, from: start, progress: progress)
                for i in start..<frameVertices.count { frameVertices[i] = frameToScreen.apply(frameVertices[i]) }
            }
            c.vertexCount = UInt32(truncatingIfNeeded: frameVertices.count - start)
            frameCommands.append(c)
        }
        if let g = gestures.first(where: { $0.box == id && $0.snapped }) {
            // The snapped axis: through the centre, from beyond the rotate handle to beyond the bottom.
            var c = Command(kind: .guide, box: id)
            c.userData = r.behavior.userData
            c.strokeWidth = Style.borderStroke
            c.handle = g.activeHandle
            c.firstVertex = UInt32(truncatingIfNeeded: frameVertices.count)
            c.vertexCount = 2
            let frameToScreen = view * scene.parentWorld(x) * r.geometry.frameLocal
            let w = r.geometry.width, h = r.geometry.height
            frameVertices.append(frameToScreen.apply(Vec2(w * 0.5, -BoxGeometry.rotateHandleOffset - h * 0.25)))
            frameVertices.append(frameToScreen.apply(Vec2(w * 0.5, h * 1.25)))
            frameCommands.append(c)
        }
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

    /// The quad's corners moved inward by `inset` along both edges at each corner.
    private func appendInsetQuad(_ q: (Vec2, Vec2, Vec2, Vec2), inset d: Double, into out: inout [Vec2]) {
        // Never more than half of the shorter edge, so a tiny box's border does not turn inside out.
        let shortest = Swift.min((q.1 - q.0).length, (q.3 - q.0).length)
        let inset = Swift.min(d, shortest * 0.5)
        out.append(insetCorner(q.0, q.1, q.3, inset))
        out.append(insetCorner(q.1, q.2, q.0, inset))
        out.append(insetCorner(q.2, q.3, q.1, inset))
        out.append(insetCorner(q.3, q.0, q.2, inset))
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
