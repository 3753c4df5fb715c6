/// Beginning, stepping and ending gestures on the engine's boxes: where the pure manipulation
/// functions meet pointers, parent transforms, containment and events.
extension Engine {
    /// Screen -> the parent space of slot `s`.
    func screenToParent(_ s: Int32) -> Affine {
        (view * scene.parentWorld(s)).inverse ?? .identity
    }

    /// The region slot `s` must stay in, or nil when it is not contained.
    func containmentRegion(_ s: Int32) -> Rect? {
        let r = scene.slots[Int(s)]
        guard r.behavior.contain else { return nil }
        let p = r.parent
        let (w, h) = p >= 0 ? (scene.slots[Int(p)].geometry.width, scene.slots[Int(p)].geometry.height)
                            : (config.width, config.height)
        return Containment.region(parentWidth: w, parentHeight: h, insets: r.behavior.insets)
    }

    private func begin(_ g: Gesture, slot s: Int32, pointer: UInt32, at q: Vec2) {
        resets.removeAll { $0.box == g.box }
        gestures.append(g)
        restyle(s)
        emit(.gestureBegan, g.kind, slot: s, handle: g.activeHandle, pointer: pointer, at: viewInverse.apply(q))
    }

    /// Starts a move of slot `s` whose grabbed point is screen point `grab`.
    func beginMove(slot s: Int32, pointer: UInt32, grab: Vec2) {
        let geometry = scene.slots[Int(s)].geometry
        var g = Gesture(kind: .move, box: scene.id(s), first: pointer, start: geometry, current: geometry)
        g.grabA = screenToParent(s).apply(grab)
        pointers.update(pointer) { $0.role = .gesture }
        begin(g, slot: s, pointer: pointer, at: grab)
    }

    /// Starts a two-pointer pinch of slot `s` from the pointers' current positions.
    func beginPinch(slot s: Int32, _ a: UInt32, _ b: UInt32) {
        guard let pa = pointers[a], let pb = pointers[b] else { return }
        let geometry = scene.slots[Int(s)].geometry
        var g = Gesture(kind: .pinch, box: scene.id(s), first: a, second: b, start: geometry, current: geometry)
        let m = screenToParent(s)
        g.grabA = m.apply(pa.position)
        g.grabB = m.apply(pb.position)
        pointers.update(a) { $0.role = .gesture }
        pointers.update(b) { $0.role = .gesture }
        begin(g, slot: s, pointer: b, at: pb.position)
    }

    /// Starts a resize or rotate of slot `s` by handle `h`.
    func beginHandleGesture(slot s: Int32, handle h: HandleID, pointer tp: TrackedPointer) {
        let geometry = scene.slots[Int(s)].geometry
        let kind: GestureKind = h == .rotate ? .rotate : (h.rawValue >= HandleID.custom.rawValue ? .handle : .resize)
        var g = Gesture(kind: kind, box: scene.id(s), first: tp.id, start: geometry, current: geometry)
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
        begin(g, slot: s, pointer: tp.id, at: tp.position)
    }

    /// Recomputes the gesture on `box` from its start and its pointers now, after `pointer` moved.
    func stepGesture(of box: BoxID, pointer: UInt32) {
        guard let gi = gestures.firstIndex(where: { $0.box == box }), let s = scene.slot(box),
              let tp = pointers[pointer] else { return }
        var g = gestures[gi]
        let b = scene.slots[Int(s)].behavior
        let toParent = screenToParent(s)
        let p = toParent.apply(tp.position)
        let region = containmentRegion(s)
        var next = g.current
        switch g.kind {
        case .move:
            next = Move.apply(g.start, grab: g.grabA, pointer: p)
            if let r = region { next = Containment.clampTranslation(next, in: r) }
        case .resize:
            (next, g.activeHandle) = resizeStep(g, slot: s, pointerParent: p, modifiers: tp.modifiers, region: region)
        case .rotate:
            next = Rotate.apply(g.start, grab: g.grabA, pointer: p, snap: b.rotationSnap, tolerance: b.snapTolerance)
            if let r = region, !Containment.fits(next, in: r) { next = g.current }
            let snapped = b.rotationSnap > 0 && next.rotation == (next.rotation / b.rotationSnap).rounded() * b.rotationSnap
            if snapped != g.snapped { g.snapped = snapped; drawVersion &+= 1 }
        case .pinch:
            guard let second = g.second, let pa = pointers[g.first], let pb = pointers[second] else { return }
            let o = Pinch.Options(pan: b.allow.contains(.move), scale: b.allow.contains(.pinch),
                                  rotate: b.allow.contains(.rotate), minScale: b.minScale, maxScale: b.maxScale)
            next = Pinch.apply(g.start, a0: g.grabA, b0: g.grabB, a: toParent.apply(pa.position),
                               b: toParent.apply(pb.position), o)
            if let r = region, !Containment.fits(next, in: r) { next = g.current }
        case .handle:
            guard !g.dragDisabled, let hooks else { return }
            let point = (g.start.local.inverse ?? .identity).apply(p)
            let index = Int(g.handle.rawValue - HandleID.custom.rawValue)
            switch hooks.customHandleDrag(box: box, index: index, start: g.start, point: point) {
            case .success(let proposed) where proposed.isValid && proposed.width >= b.minWidth && proposed.height >= b.minHeight:
                next = proposed
                if let r = region, !Containment.fits(next, in: r) { next = g.current }
            case .success:
                gestures[gi].dragDisabled = true
                hookFailed(HookFailure("custom handle \(index) drag returned an unusable geometry"), slot: s, handle: g.handle)
                return
            case .failure(let f):
                gestures[gi].dragDisabled = true
                hookFailed(f, slot: s, handle: g.handle)
                return
            }
        case .magnify, .none:
            return
        }
        guard next.isValid else { return }
        gestures[gi].activeHandle = g.activeHandle
        gestures[gi].snapped = g.snapped
        next = constrained(next, gesture: gi, slot: s)
        gestures[gi].current = next
        if place(s, next) {
            emit(.gestureChanged, g.kind, slot: s, handle: g.activeHandle, pointer: pointer,
                 at: viewInverse.apply(tp.position))
        }
    }

    /// One resize step: the handle follows the pointer (keeping the offset it was grabbed at);
    /// with containment the handle stops where the box would leave, sliding along the edge.
    private func resizeStep(_ g: Gesture, slot s: Int32, pointerParent p: Vec2, modifiers: UInt32,
                            region: Rect?) -> (BoxGeometry, HandleID) {
        let b = scene.slots[Int(s)].behavior
        let o = Resize.Options(uniform: (b.resizeMode == .uniform) != (modifiers & Modifiers.shift != 0),
                               centered: b.centered != (modifiers & Modifiers.alt != 0),
                               allowFlip: b.allowFlip, minWidth: b.minWidth, minHeight: b.minHeight)
        let pointerFrame = g.startFrameInverse.apply(p)
        let base = g.start.framePoint(of: g.handle)
        let target = base + (pointerFrame - g.grabA)
        let resized = { (t: Vec2) in Resize.apply(g.start, handle: g.handle, to: t, o, startFrame: g.startFrame) }
        let full = resized(target)
        guard let r = region, !Containment.fits(full.0, in: r), Containment.fits(g.start, in: r) else { return full }
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

    /// Ends gesture `gi` (ENDED, or CANCELLED when `cancelled`).
    func endGesture(at gi: Int, pointer: UInt32, cancelled: Bool) {
        let g = gestures.remove(at: gi)
        drawVersion &+= 1
        guard let s = scene.slot(g.box) else { return }
        restyle(s)
        let position = pointers[pointer].map { viewInverse.apply($0.position) } ?? .zero
        emit(cancelled ? .gestureCancelled : .gestureEnded, g.kind, slot: s, handle: g.activeHandle,
             pointer: pointer, at: position)
    }
}
