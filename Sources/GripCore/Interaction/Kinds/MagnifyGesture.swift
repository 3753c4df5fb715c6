/// A magnify (trackpad pinch) gesture on a box or the selection, about its focal point.

/// A magnify gesture's own state: its focal point when it began, in the frame's space.
struct MagnifyDrag {
    var focal: Vec2
}

extension Engine {
    /// Steps magnify gesture `gi` with `e`: the preview about the focal point while it moves (the
    /// factor within `Magnify.previewRange`; a selection's also within every member's scale
    /// limits), at UP the committed scale (one box: its scale limits, applied by the commit that
    /// ends it), the snapshots back at CANCEL.
    @_optimize(speed) func stepMagnify(_ gi: Int, _ e: MagnifyEvent) {
        guard case .magnify(let drag) = interactions.active[gi].payload else { return }
        let focal = drag.focal
        if e.phase == .cancel {
            cancel(gi, pointer: 0, at: viewInverse.apply(e.focal))
            return
        }
        let k = Swift.min(Swift.max(e.factor, Magnify.previewRange.lowerBound), Magnify.previewRange.upperBound)
        let start = interactions.active[gi].frame
        // One box's last step is its committed scale, placed without CHANGED.
        let silent = interactions.active[gi].frameIsMember && e.phase == .up
        if !interactions.active[gi].frameIsMember {
            propose(gi, GroupTransform.Similarity(pivot: focal, factor: clampGroupFactor(gi, k)))
            refuseUnlessAllFit(gi)
        } else if !silent {
            propose(Magnify.preview(start, factor: e.factor, focal: focal))
            refuseUnlessAllFit(gi)
        } else {
            let b = scene.behavior(interactions.active[gi].members.first.slot)
            propose(Magnify.commit(start, factor: e.factor, focal: focal, minScale: b.minScale, maxScale: b.maxScale))
            if !allFit(gi) {
                let current = interactions.active[gi].members.first.current
                propose(Magnify.commit(current, factor: 1, focal: focal, minScale: b.minScale, maxScale: b.maxScale))
                if !allFit(gi) { propose(start) }
            }
        }
        commitGesture(gi, pointer: 0, at: e.focal, emitting: !silent)
        if e.phase == .up { end(gi, pointer: 0, at: viewInverse.apply(e.focal)) }
    }
}
