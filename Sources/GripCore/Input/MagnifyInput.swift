/// The magnify gesture (trackpad pinch or wheel): DOWN begins over the box under the focal point,
/// MOVE previews, UP commits, CANCEL restores.
extension Engine {
    /// Feeds one magnify event (screen coordinates). Returns whether it belonged to a box.
    public func dispatchMagnify(_ e: MagnifyEvent) throws(GripError) -> Bool {
        guard e.focal.isInRange else { throw .arg("focal point is not finite or beyond 1e9") }
        guard e.factor.isFinite, e.factor > 0 else { throw .arg("magnify factor must be finite and > 0") }
        guard e.time.isFinite else { throw .arg("time is not finite") }
        switch e.phase {
        case .down:
            if magnifying { throw .state("a magnify gesture is already in progress") }
        case .move, .up, .cancel:
            if !magnifying { throw .state("magnify \(e.phase.name) without a began (DOWN) event") }
        }
        try advanceTime(e.time)
        if e.phase == .down {
            magnifying = true
            let (s, _) = hit(screen: e.focal)
            guard s >= 0 else { return false }
            let id = scene.id(s)
            guard scene.slots[Int(s)].behavior.allow.contains(.magnify),
                  !gestures.contains(where: { $0.box == id }) else { return false }
            let geometry = scene.slots[Int(s)].geometry
            var g = Gesture(kind: .magnify, box: id, first: 0, start: geometry, current: geometry)
            g.grabA = screenToParent(s).apply(e.focal)
            resets.removeAll { $0.box == id }
            gestures.append(g)
            restyle(s)
            emit(.gestureBegan, .magnify, slot: s, at: viewInverse.apply(e.focal))
            stepMagnify(e)
            return true
        }
        if e.phase == .up || e.phase == .cancel { magnifying = false }
        return stepMagnify(e)
    }

    @discardableResult
    private func stepMagnify(_ e: MagnifyEvent) -> Bool {
        guard let gi = gestures.firstIndex(where: { $0.kind == .magnify }),
              let s = scene.slot(gestures[gi].box) else { return false }
        let g = gestures[gi]
        let b = scene.slots[Int(s)].behavior
        let region = containmentRegion(s)
        var next: BoxGeometry
        switch e.phase {
        case .down, .move:
            next = Magnify.preview(g.start, factor: e.factor, focal: g.grabA)
            if let r = region, !Containment.fits(next, in: r) { next = g.current }
        case .up:
            next = Magnify.commit(g.start, factor: e.factor, focal: g.grabA, minScale: b.minScale, maxScale: b.maxScale)
            if let r = region, !Containment.fits(next, in: r) {
                next = Magnify.commit(g.current, factor: 1, focal: g.grabA, minScale: b.minScale, maxScale: b.maxScale)
                if !Containment.fits(next, in: r) { next = g.start }
            }
        case .cancel:
            next = g.start
        }
        if e.phase != .cancel { next = constrained(next, gesture: gi, slot: s) }
        gestures[gi].current = next
        let changed = place(s, next)
        let at = viewInverse.apply(e.focal)
        switch e.phase {
        case .move, .down:
            if changed { emit(.gestureChanged, .magnify, slot: s, at: at) }
        case .up, .cancel:
            gestures.remove(at: gi)
            restyle(s)
            emit(e.phase == .up ? .gestureEnded : .gestureCancelled, .magnify, slot: s, at: at)
        }
        return true
    }
}
