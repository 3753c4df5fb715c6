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
        try refuseWhileRecording("dispatching input")
        try advanceTime(e.time)
        if e.phase == .down {
            input.magnifying = true
            let (s, _) = hit(screen: e.focal)
            // Over a box of a selection of several (or its handles): the whole selection.
            if s == Engine.selectionSlot || (s >= 0 && scene[s].selection == .member) {
                guard !selectionGestureActive(), selectionAllows().contains(.magnify),
                    beginGesture(.magnify, on: .selection(allowingOne: false), grab: e.focal)
                else { return false }
                return stepMagnify(e)
            }
            guard s >= 0 else { return false }
            let id = scene.id(s)
            guard scene.behavior(s).allow.contains(.magnify), !hasGesture(on: id),
                interactions.marquee() == nil
            else { return false }
            beginGesture(.magnify, on: .box(s), grab: e.focal)
            stepMagnify(e)
            return true
        }
        if e.phase == .up || e.phase == .cancel { input.magnifying = false }
        return stepMagnify(e)
    }

    /// Steps the magnify gesture with `e` (Interaction/GestureSteps.swift): the preview while it
    /// moves, the committed scale at UP, the snapshots back at CANCEL. False when no magnify
    /// gesture is in progress.
    @discardableResult
    private func stepMagnify(_ e: MagnifyEvent) -> Bool {
        guard let gi = interactions.magnify() else { return false }
        stepMagnify(gi, e)
        return true
    }
}
