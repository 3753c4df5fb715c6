/// What each pointer gesture computes: how it begins (the interaction and its grab points) and
/// the geometry a step asks for, where the pure manipulation functions meet pointers, parent
/// transforms and containment. The lifecycle (Interaction/Lifecycle.swift) applies the result.
extension Engine {
    /// Screen -> the parent space of slot `s`.
    @inline(__always) func screenToParent(_ s: Int32) -> Affine {
        let p = scene.slots[Int(s)].parent
        guard p >= 0 else { return viewInverse }
        let forward = view * scene.world(p)
        if forward != interactions.parentInverse.forward {
            interactions.parentInverse = (forward, forward.inverse ?? .identity)
        }
        return interactions.parentInverse.inverse
    }

    /// The region slot `s` must stay in, or nil when it is not contained.
    @inline(__always) func containmentRegion(_ s: Int32) -> Rect? {
        let r = scene.slots[Int(s)]
        guard r.behavior.contain else { return nil }
        let p = r.parent
        let (w, h) =
            p >= 0
            ? (scene.slots[Int(p)].geometry.width, scene.slots[Int(p)].geometry.height)
            : (config.width, config.height)
        return Containment.region(parentWidth: w, parentHeight: h, insets: r.behavior.insets)
    }

    /// Starts a move of slot `s` whose grabbed point is screen point `grab`.
    func beginMove(slot s: Int32, pointer: UInt32, grab: Vec2) {
        var g = Interaction(.move, box: scene.id(s), at: scene.slots[Int(s)].geometry)
        g.pointer = pointer
        g.grabA = screenToParent(s).apply(grab)
        input.pointers.update(pointer) { $0.role = .gesture }
        begin(g, pointer: pointer, at: grab)
    }

    /// Starts a two-pointer pinch of slot `s` from the pointers' current positions.
    func beginPinch(slot s: Int32, _ a: UInt32, _ b: UInt32) {
        guard let pa = input.pointers[a], let pb = input.pointers[b] else { return }
        var g = Interaction(.pinch, box: scene.id(s), at: scene.slots[Int(s)].geometry)
        g.pointer = a
        g.secondPointer = b
        let m = screenToParent(s)
        g.grabA = m.apply(pa.position)
        g.grabB = m.apply(pb.position)
        input.pointers.update(a) { $0.role = .gesture }
        input.pointers.update(b) { $0.role = .gesture }
        begin(g, pointer: b, at: pb.position)
    }

    /// Starts a resize or rotate of slot `s` by handle `h`.
    func beginHandleGesture(slot s: Int32, handle h: HandleID, pointer tp: TrackedPointer) {
        let geometry = scene.slots[Int(s)].geometry
        let kind: InteractionKind =
            h == .rotate ? .rotate : (h.rawValue >= HandleID.custom.rawValue ? .handle : .resize)
        var g = Interaction(kind, box: scene.id(s), at: geometry)
        g.pointer = tp.id
        g.handle = h
        g.activeHandle = h
        let parent = screenToParent(s).apply(tp.position)
        if h == .rotate || kind == .handle {
            g.grabA = parent
        } else {
            g.startFrame = geometry.frameLocal
            g.startFrameInverse = g.startFrame.inverse ?? .identity
            g.grabA = g.startFrameInverse.apply(parent)
        }
        begin(g, pointer: tp.id, at: tp.position)
    }

    /// The geometry gesture `gi` on slot `s` asks for from its snapshot, with the pointer that
    /// moved at screen point `position` (and the other pointers where they are), or nil when this
    /// step changes nothing.
    @_optimize(speed) @inline(__always) func nextGeometry(
        _ gi: Int, slot s: Int32, pointerAt position: Vec2, modifiers: UInt32
    ) -> BoxGeometry? {
        let toParent = screenToParent(s)
        let p = toParent.apply(position)
        let region = containmentRegion(s)
        snapping.active = false  // until a move or resize of this step snaps
        let start = interactions.active[gi].members.first.start
        let current = interactions.active[gi].members.first.current
        var next: BoxGeometry
        switch interactions.active[gi].kind {
        case .move:
            next = Move.apply(start, grab: interactions.active[gi].grabA, pointer: p)
            if snapping.config.flags != 0 {
                next.center =
                    next.center + snapMove(gi, bounds: SnapIndex.bounds(next), pointer: p, modifiers: modifiers)
            }
            if let r = region { next = Containment.clampTranslation(next, in: r) }
        case .resize:
            let handle: HandleID
            (next, handle) = resizeStep(gi, slot: s, pointerParent: p, modifiers: modifiers, region: region)
            interactions.active[gi].activeHandle = handle
        case .rotate:
            // shift held: 15-degree steps, always snapped.
            let shift = modifiers & Modifiers.shift != 0
            let snap = shift ? Double.pi / 12 : scene.slots[Int(s)].behavior.rotationSnap
            next = Rotate.apply(
                start, grab: interactions.active[gi].grabA, pointer: p, snap: snap,
                tolerance: shift ? snap : scene.slots[Int(s)].behavior.snapTolerance)
            if let r = region, !Containment.fits(next, in: r) { next = current }
            let snapped = snap > 0 && next.rotation == (next.rotation / snap).rounded() * snap
            if snapped != interactions.active[gi].snapped {
                interactions.active[gi].snapped = snapped
                scene.drawnStateChanged()
            }
        case .pinch:
            guard let second = interactions.active[gi].secondPointer,
                let ia = input.pointers.index(interactions.active[gi].pointer),
                let ib = input.pointers.index(second)
            else { return nil }
            let pa = input.pointers.items[ia].position, pb = input.pointers.items[ib].position
            let allow = scene.slots[Int(s)].behavior.allow
            let o = Pinch.Options(
                pan: allow.contains(.move), scale: allow.contains(.pinch), rotate: allow.contains(.rotate),
                minScale: scene.slots[Int(s)].behavior.minScale, maxScale: scene.slots[Int(s)].behavior.maxScale)
            next = Pinch.apply(
                start, a0: interactions.active[gi].grabA, b0: interactions.active[gi].grabB, a: toParent.apply(pa),
                b: toParent.apply(pb), o)
            if let r = region, !Containment.fits(next, in: r) { next = current }
        case .handle:
            return customHandleStep(gi, slot: s, pointerParent: p, region: region)
        case .magnify, .marquee, .reset, .nudge:
            return nil
        }
        return next
    }

    /// One step of a custom handle: the box's drag hook proposes the geometry. A failing or
    /// unusable hook is disabled for the rest of the gesture (nil: nothing changes).
    private func customHandleStep(_ gi: Int, slot s: Int32, pointerParent p: Vec2, region: Rect?) -> BoxGeometry? {
        guard !interactions.active[gi].dragDisabled, let hooks else { return nil }
        let g = interactions.active[gi]
        let b = scene.slots[Int(s)].behavior
        let start = g.members.first.start
        let point = (start.local.inverse ?? .identity).apply(p)
        let index = Int(g.handle.rawValue - HandleID.custom.rawValue)
        switch hooks.customHandleDrag(box: g.members.first.box, index: index, start: start, point: point) {
        case .success(let proposed)
        where proposed.isValid && proposed.width >= b.minWidth && proposed.height >= b.minHeight:
            if let r = region, !Containment.fits(proposed, in: r) { return g.members.first.current }
            return proposed
        case .success:
            interactions.active[gi].dragDisabled = true
            hookFailed(
                HookFailure("custom handle \(index) drag returned an unusable geometry"), slot: s, handle: g.handle)
            return nil
        case .failure(let f):
            interactions.active[gi].dragDisabled = true
            hookFailed(f, slot: s, handle: g.handle)
            return nil
        }
    }

    /// One resize step: the handle follows the pointer (keeping the offset it was grabbed at);
    /// with containment the handle stops where the box would leave, sliding along the edge.
    @_optimize(speed) private func resizeStep(
        _ gi: Int, slot s: Int32, pointerParent p: Vec2, modifiers: UInt32,
        region: Rect?
    ) -> (BoxGeometry, HandleID) {
        // The fields it needs, read in place (a copy of the whole interaction costs a memcpy per step).
        let start = interactions.active[gi].members.first.start
        let handle = interactions.active[gi].handle
        let startFrame = interactions.active[gi].startFrame
        let pointerFrame = interactions.active[gi].startFrameInverse.apply(p)
        let grab = interactions.active[gi].grabA
        let b = scene.slots[Int(s)].behavior
        let o = Resize.Options(
            uniform: (b.resizeMode == .uniform) != (modifiers & Modifiers.shift != 0),
            centered: b.centered != (modifiers & Modifiers.alt != 0),
            allowFlip: b.allowFlip, minWidth: b.minWidth, minHeight: b.minHeight)
        let base = start.framePoint(of: handle, rotateLift: 0)  // a resize handle: no lift
        var target = base + (pointerFrame - grab)
        if snapping.config.flags != 0 {
            target = snapResize(
                gi, start: start, handle: handle, o, startFrame: startFrame, target: target, pointer: p,
                modifiers: modifiers)
        }
        // A local function, not a closure value: nothing is allocated per step.
        func resized(_ t: Vec2) -> (BoxGeometry, HandleID) {
            Resize.apply(start, handle: handle, to: t, o, startFrame: startFrame)
        }
        let full = resized(target)
        guard let r = region, !Containment.fits(full.0, in: r), Containment.fits(start, in: r) else { return full }
        // Largest step toward the target that fits, then slide along each axis from there.
        var at = base
        let t = Containment.largestFitting(in: r) { resized(base + (target - base) * $0).0 }
        at = base + (target - base) * t
        let from = at
        let tx = Containment.largestFitting(in: r) { resized(Vec2(from.x + (target.x - from.x) * $0, from.y)).0 }
        at.x = from.x + (target.x - from.x) * tx
        let fromY = at
        let ty = Containment.largestFitting(in: r) { resized(Vec2(fromY.x, fromY.y + (target.y - fromY.y) * $0)).0 }
        at.y = fromY.y + (target.y - fromY.y) * ty
        return resized(at)
    }
}
