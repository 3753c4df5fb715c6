/// The magnify gesture (trackpad pinch or wheel): DOWN begins over the box under the focal point,
/// MOVE previews, UP commits, CANCEL restores.
extension Engine {
    /// Feeds one magnify event (screen coordinates). Returns whether it belonged to a box.
    @_optimize(speed) public func dispatchMagnify(_ e: MagnifyEvent) throws(GripError) -> Bool {
        guard e.focal.isInRange else { throw .arg("focal point is not finite or beyond 1e9") }
        guard e.factor.isFinite, e.factor > 0 else { throw .arg("magnify factor must be finite and > 0") }
        guard e.time.isFinite, abs(e.time) <= Engine.maxTime else { throw .arg("time is not finite or beyond 1e9 s") }
        switch e.phase {
        case .down:
            if input.magnifying { throw .state("a magnify gesture is already in progress") }
        case .move, .up, .cancel:
            if !input.magnifying { throw .state("magnify \(e.phase.name) without a began (DOWN) event") }
        }
        try advanceTime(e.time)
        if e.phase == .down {
            input.magnifying = true
            let (s, _) = hit(screen: e.focal)
            // Over a box of a selection of several (or its handles): the whole selection.
            if s == Engine.selectionSlot || (s >= 0 && scene.slots[Int(s)].selection == .member) {
                guard !selectionGestureActive(), beginGroupMagnify(focal: e.focal) else { return false }
                return stepMagnify(e)
            }
            guard s >= 0 else { return false }
            let id = scene.id(s)
            guard scene.slots[Int(s)].behavior.allow.contains(.magnify), !hasGesture(on: id),
                interactions.marquee() == nil
            else { return false }
            var g = Interaction(.magnify, box: id, at: scene.slots[Int(s)].geometry)
            g.grabA = screenToParent(s).apply(e.focal)
            begin(g, pointer: 0, at: e.focal)
            stepMagnify(e)
            return true
        }
        if e.phase == .up || e.phase == .cancel { input.magnifying = false }
        return stepMagnify(e)
    }

    /// Steps the magnify gesture with `e`: the preview while it moves, the committed scale at UP,
    /// the snapshot back at CANCEL. False when no magnify gesture is on a box.
    @discardableResult
    @_optimize(speed) private func stepMagnify(_ e: MagnifyEvent) -> Bool {
        guard let gi = interactions.magnify() else { return false }
        if interactions.active[gi].group {
            switch e.phase {
            case .down, .move, .up:
                stepGroupMagnify(gi, factor: e.factor)
                commitGroup(gi, pointer: 0, at: e.focal)
                if e.phase == .up { end(gi, pointer: 0, at: viewInverse.apply(e.focal)) }
            case .cancel:
                cancel(gi, pointer: 0, at: viewInverse.apply(e.focal))
            }
            return true
        }
        guard let s = scene.slot(interactions.active[gi].members.first.box) else { return false }
        let start = interactions.active[gi].members.first.start
        let current = interactions.active[gi].members.first.current
        let focal = interactions.active[gi].grabA
        let b = scene.slots[Int(s)].behavior
        let region = containmentRegion(s)
        switch e.phase {
        case .down, .move:
            var next = Magnify.preview(start, factor: e.factor, focal: focal)
            if let r = region, !Containment.fits(next, in: r) { next = current }
            step(gi, slot: s, to: next, pointer: 0, at: e.focal)
        case .up:
            var next = Magnify.commit(start, factor: e.factor, focal: focal, minScale: b.minScale, maxScale: b.maxScale)
            if let r = region, !Containment.fits(next, in: r) {
                next = Magnify.commit(current, factor: 1, focal: focal, minScale: b.minScale, maxScale: b.maxScale)
                if !Containment.fits(next, in: r) { next = start }
            }
            end(gi, committing: next, slot: s, pointer: 0, at: viewInverse.apply(e.focal))
        case .cancel:
            cancel(gi, pointer: 0, at: viewInverse.apply(e.focal))
        }
        return true
    }
}
