/// A two-pointer pinch of a box or the selection: the frame follows the pointers' centroid,
/// distance and angle.

/// A pinch's own state: where its two pointers grabbed, in the frame's space (the second
/// pointer is the header's `secondPointer`).
struct PinchDrag {
    var grabA: Vec2
    var grabB: Vec2
}

extension Engine {
    /// One two-pointer step: the frame follows the pointers' centroid, distance and angle
    /// (`toFrame`: screen -> frame space), each part as every member allows and the scale within
    /// every member's limits. False when a pointer is gone.
    @_optimize(speed) func stepPinch(_ gi: Int, _ toFrame: Affine) -> Bool {
        guard case .pinch(let drag) = interactions.active[gi].payload,
            let second = interactions.active[gi].secondPointer,
            let ia = input.pointers.index(interactions.active[gi].pointer),
            let ib = input.pointers.index(second)
        else { return false }
        let a = toFrame.apply(input.pointers.items[ia].position), b = toFrame.apply(input.pointers.items[ib].position)
        let a0 = drag.grabA, b0 = drag.grabB
        if interactions.active[gi].frameIsMember {
            let behavior = scene.behavior(interactions.active[gi].members.first.slot)
            let o = Pinch.Options(behavior.allow, minScale: behavior.minScale, maxScale: behavior.maxScale)
            propose(Pinch.apply(interactions.active[gi].frame, a0: a0, b0: b0, a: a, b: b, o))
        } else {
            let o = Pinch.Options(selectionAllows())
            let parts = Pinch.turn(a0: a0, b0: b0, a: a, b: b, o)
            let k = clampGroupFactor(gi, parts.factor), turn = parts.angle
            let m0 = Vec2.mid(a0, b0)
            let m = o.pan ? Vec2.mid(a, b) : m0
            interactions.active[gi].turn = turn
            propose(gi, GroupTransform.Similarity(pivot: m0, turn: turn, factor: k, shift: m - m0))
        }
        refuseUnlessAllFit(gi)
        return true
    }
}
