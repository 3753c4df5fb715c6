/// Beginning, stepping and ending gestures on the engine's boxes: where the pure manipulation
/// functions meet pointers, parent transforms, containment and events.
extension Engine {
    /// Screen -> the parent space of slot `s`.
    @inline(__always) func screenToParent(_ s: Int32) -> Affine {
        let p = scene.slots[Int(s)].parent
        guard p >= 0 else { return viewInverse }
        let forward = view * scene.world(p)
        if forward != parentInverse.forward { parentInverse = (forward, forward.inverse ?? .identity) }
        return parentInverse.inverse
    }

    /// The region slot `s` must stay in, or nil when it is not contained.
    @inline(__always) func containmentRegion(_ s: Int32) -> Rect? {
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
              let ti = pointers.index(pointer) else { return }
        let position = pointers.items[ti].position
        let toParent = screenToParent(s)
        let p = toParent.apply(position)
        let region = containmentRegion(s)
        let kind = gestures[gi].kind
        var next: BoxGeometry
        switch kind {
        case .move:
            next = Move.apply(gestures[gi].start, grab: gestures[gi].grabA, pointer: p)
            if let r = region { next = Containment.clampTranslation(next, in: r) }
        case .resize:
            let handle: HandleID
            (next, handle) = resizeStep(gestures[gi], slot: s, pointerParent: p, modifiers: pointers.items[ti].modifiers, region: region)
            gestures[gi].activeHandle = handle
        case .rotate:
            let snap = scene.slots[Int(s)].behavior.rotationSnap
            next = Rotate.apply(gestures[gi].start, grab: gestures[gi].grabA, pointer: p, snap: snap,
                                tolerance: scene.slots[Int(s)].behavior.snapTolerance)
            if let r = region, !Containment.fits(next, in: r) { next = gestures[gi].current }
            let snapped = snap > 0 && next.rotation == (next.rotation / snap).rounded() * snap
            if snapped != gestures[gi].snapped { gestures[gi].snapped = snapped; drawVersion &+= 1 }
        case .pinch:
            guard let second = gestures[gi].second, let ia = pointers.index(gestures[gi].first),
                  let ib = pointers.index(second) else { return }
            let pa = pointers.items[ia].position, pb = pointers.items[ib].position
            let allow = scene.slots[Int(s)].behavior.allow
            let o = Pinch.Options(pan: allow.contains(.move), scale: allow.contains(.pinch), rotate: allow.contains(.rotate),
                                  minScale: scene.slots[Int(s)].behavior.minScale, maxScale: scene.slots[Int(s)].behavior.maxScale)
            next = Pinch.apply(gestures[gi].start, a0: gestures[gi].grabA, b0: gestures[gi].grabB, a: toParent.apply(pa),
                               b: toParent.apply(pb), o)
            if let r = region, !Containment.fits(next, in: r) { next = gestures[gi].current }
        case .handle:
            guard !gestures[gi].dragDisabled, let hooks else { return }
            let g = gestures[gi]
            let b = scene.slots[Int(s)].behavior
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
        next = constrained(next, gesture: gi, slot: s)
        gestures[gi].current = next
        if place(s, next) {
            emit(.gestureChanged, kind, slot: s, handle: gestures[gi].activeHandle, pointer: pointer,
                 at: viewInverse.apply(position))
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
        // A local function, not a closure value: nothing is allocated per step.
        func resized(_ t: Vec2) -> (BoxGeometry, HandleID) {
            Resize.apply(g.start, handle: g.handle, to: t, o, startFrame: g.startFrame)
        }
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
