/// What the selection draws, after every box's own overlay: an OUTLINE per member of a
/// selection of two or more, the OUTLINE of the selectable box under a hovering pointer (pointer
/// selection), the selection's BORDER exactly on its frame with its handles (box
/// GRIP_SELECTION), the guide of a snapped group rotation, and the MARQUEE being dragged.
/// The member outlines move with their boxes while the members stay the same (the frame
/// builder rewrites them); what follows them is laid out again with every frame.
extension Engine {
    /// The slot `hit(screen:)` answers for the selection's own handles.
    static let selectionSlot: Int32 = -2

    /// Whether slot `x` draws its own border and handles: it is editing and not one of several
    /// selected boxes, or it is the only selected box.
    @inline(__always) func showsOwnOverlay(_ x: Int32) -> Bool {
        let r = scene.ref(x)
        switch r.record.selection {
        case .none: return r.record.editing
        case .alone: return true
        case .member: return false
        }
    }

    /// The slot of the only selected box, or -1.
    @inline(__always) var soloSelectedSlot: Int32 {
        guard selection.members.count == 1, let s = scene.slot(selection.members[0]) else { return -1 }
        return s
    }

    /// The selectable box the hovering pointer is over (pointer selection), or -1. A selected box
    /// is marked already (its own border, or its member outline): no second mark.
    var hoverOutlineSlot: Int32 {
        guard config.selectionMode == .pointer, input.hover.box != .selection, let s = scene.slot(input.hover.box),
            scene.behavior(s).selectable, scene[s].selection == .none
        else { return -1 }
        return s
    }

    /// Appends the selection's part of the overlay: the member outlines (recorded in
    /// `frameState`, which must have none recorded), then the rest.
    @_optimize(speed) func appendSelectionOverlay() {
        frameState.outlinesFirstVertex = frameState.vertices.count
        if multipleSelected {
            for m in selection.members {
                guard let s = scene.slot(m) else { continue }
                frameState.outlineSlots.append(s)
                frameState.outlineVertexOfSlot[Int(s)] = Int32(truncatingIfNeeded: frameState.vertices.count)
                appendOutline(s, state: 0)
            }
        }
        frameState.selectionTail = (frameState.commands.count, frameState.vertices.count)
        appendSelectionTail()
    }

    /// Appends what follows the member outlines: the hover OUTLINE, the selection's BORDER and
    /// handles, the MARQUEE and the snap marks.
    @_optimize(speed) func appendSelectionTail() {
        let hovered = hoverOutlineSlot
        if hovered >= 0 { appendOutline(hovered, state: CommandState.hover) }
        if multipleSelected, let f = selectionFrameFromOutlines() { appendSelectionFrame(f) }
        if let mi = interactions.marquee(), let r = marqueeRectangle(interactions[mi]) {
            appendMarquee(from: r.from, to: r.to)
        }
        appendSnapMarks()
    }

    /// An OUTLINE of slot `x`: its corners on screen, exactly.
    @_optimize(speed) private func appendOutline(_ x: Int32, state: UInt32) {
        let g = scene[x].geometry
        var c = Command(kind: .outline, box: scene.id(x))
        c.userData = scene[x].userData
        c.strokeWidth = Style.borderStroke
        c.state = state
        c.firstVertex = UInt32(truncatingIfNeeded: frameState.vertices.count)
        c.vertexCount = 4
        let (p0, p1, p2, p3) = g.corners(screenTransform(x))
        frameState.vertices.append(p0); frameState.vertices.append(p1)
        frameState.vertices.append(p2); frameState.vertices.append(p3)
        frameState.commands.append(c)
    }

    /// The selection's BORDER (exactly on frame `f`), its handles and, while a group rotation
    /// rests on a 15-degree step, the guide along its axis.
    private func appendSelectionFrame(_ f: BoxGeometry) {
        let m = view * f.frameLocal
        var border = Command(kind: .border, box: .selection)
        border.strokeWidth = Style.borderStroke
        border.dashOn = Style.dashOn
        border.dashOff = Style.dashOff
        border.dashPhase = Style.dashPhase(at: time)
        border.firstVertex = UInt32(truncatingIfNeeded: frameState.vertices.count)
        border.vertexCount = 4
        let (p0, p1, p2, p3) = f.corners(m)
        frameState.vertices.append(p0); frameState.vertices.append(p1)
        frameState.vertices.append(p2); frameState.vertices.append(p3)
        frameState.commands.append(border)
        let gi = interactions.groupGesture()
        let active = gi.map { interactions.activeHandle($0) } ?? .none
        let hover = input.hover.box == .selection ? input.hover.handle : .none
        let cursors = CursorDirections(frameToScreen: m, width: f.width, height: f.height)
        let centre = Vec2(f.width * 0.5, f.height * 0.5)
        for h in HandleID.selectionHandles {
            var c = Command(kind: .handle, box: .selection)
            c.handle = h
            c.center = selectionHandleScreenPoint(f, h)
            c.radius = Style.handleRadius
            c.innerRadius = Style.handleInnerRadius
            c.cursorAngle = cursors.angle(frameVector: f.framePoint(of: h, rotateLift: 1) - centre)
            c.state = (hover == h ? CommandState.hover : 0) | (active == h ? CommandState.active : 0)
            frameState.commands.append(c)
        }
        if let gi, interactions.rotationSnapped(gi) {
            var c = Command(kind: .guide, box: .selection)
            c.strokeWidth = Style.borderStroke
            c.handle = .rotate
            c.firstVertex = UInt32(truncatingIfNeeded: frameState.vertices.count)
            c.vertexCount = 2
            frameState.vertices.append(m.apply(Vec2(f.width * 0.5, -f.height * 0.25)))
            frameState.vertices.append(m.apply(Vec2(f.width * 0.5, f.height * 1.25)))
            frameState.commands.append(c)
        }
    }

    /// The MARQUEE rectangle between screen points `from` and `to`.
    private func appendMarquee(from: Vec2, to: Vec2) {
        var c = Command(kind: .marquee, box: .selection)
        c.strokeWidth = Style.borderStroke
        c.firstVertex = UInt32(truncatingIfNeeded: frameState.vertices.count)
        c.vertexCount = 4
        let lo = Vec2(Swift.min(from.x, to.x), Swift.min(from.y, to.y))
        let hi = Vec2(Swift.max(from.x, to.x), Swift.max(from.y, to.y))
        frameState.vertices.append(lo); frameState.vertices.append(Vec2(hi.x, lo.y))
        frameState.vertices.append(hi); frameState.vertices.append(Vec2(lo.x, hi.y))
        frameState.commands.append(c)
    }

    /// Screen position of the selection frame's handle `h`: on its corners and edge midpoints;
    /// the rotate handle `rotate_handle_offset` screen units beyond the top edge's midpoint.
    func selectionHandleScreenPoint(_ f: BoxGeometry, _ h: HandleID) -> Vec2 {
        let m = view * f.frameLocal
        guard h == .rotate else { return m.apply(f.framePoint(of: h, rotateLift: 0)) }
        let top = m.apply(Vec2(f.width * 0.5, 0))
        let down = m.applyVector(Vec2(0, 1))
        let length = down.length
        guard length > 0 else { return top }
        return top - down * (config.rotateHandleOffset / length)
    }

    /// The selection handle within reach of screen point `q` and its distance, or none.
    func nearestSelectionHandle(screen q: Vec2) -> (handle: HandleID, distance: Double) {
        guard multipleSelected, let f = selectionFrame() else { return (.none, .infinity) }
        let radius = config.handleHitRadius
        let m = view * f.frameLocal
        // Inside the frame a handle reaches a quarter of its shorter side, as for a box.
        var reach = radius
        if let inv = m.inverse {
            let p = inv.apply(q)
            if p.x >= 0 && p.x <= f.width && p.y >= 0 && p.y <= f.height {
                let side = Swift.min(m.applyVector(Vec2(f.width, 0)).length, m.applyVector(Vec2(0, f.height)).length)
                reach = Swift.min(radius, side * 0.25)
            }
        }
        var best: (handle: HandleID, distance: Double) = (.none, .infinity)
        let allow = selectionAllows()
        for h in HandleID.selectionHandles {
            if h == .rotate ? !allow.contains(.rotate) : !allow.contains(.resize) { continue }
            let d = (selectionHandleScreenPoint(f, h) - q).length
            if d <= reach && d < best.distance { best = (h, d) }
        }
        return best
    }

    /// The gestures every selected box allows.
    func selectionAllows() -> Allow {
        var allow = Allow.all
        for m in selection.members {
            if let s = scene.slot(m) { allow.formIntersection(scene.behavior(s).allow) }
        }
        return allow
    }

}
