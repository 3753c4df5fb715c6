/// Rotating a box or the selection by its rotate handle: the frame turns about its centre by
/// the angle the pointer sweeps around it, every member with it.

/// A rotation's own state: where the pointer grabbed (the frame's space), and whether the
/// rotation rests on a `rotation_snap` multiple now (a GUIDE shows the snapped axis).
struct RotateDrag {
    var grab: Vec2
    var snapped = false
}

extension Engine {
    /// One rotate step: the frame turns about its centre by the angle the pointer (`p`, frame
    /// space) sweeps around it, and every member turns with it. shift held: 15-degree steps,
    /// always snapped; one box also snaps to its own `rotation_snap`. False when the pointer is
    /// on the selection's centre (nothing to do).
    @_optimize(speed) func stepRotate(_ gi: Int, to p: Vec2, modifiers: UInt32) -> Bool {
        guard case .rotate(let drag) = interactions.active[gi].payload else { return false }
        let frame = interactions.active[gi].frame, grab = drag.grab
        let shift = modifiers & Modifiers.shift != 0
        var snap = shift ? Double.pi / 12 : 0, tolerance = snap
        let snapped: Bool
        if interactions.active[gi].frameIsMember {
            let b = scene.behavior(interactions.active[gi].members.first.slot)
            if !shift { snap = b.rotationSnap; tolerance = b.snapTolerance }
            propose(Rotate.apply(frame, grab: grab, pointer: p, snap: snap, tolerance: tolerance))
            refuseUnlessAllFit(gi)
            let r = interactions.proposals[0].rotation
            snapped = snap > 0 && r == (r / snap).rounded() * snap
        } else {
            guard var turn = Rotate.turn(about: frame.center, from: grab, to: p) else { return false }
            if snap > 0 { turn = Angle.snap(frame.rotation + turn, step: snap, tolerance: tolerance) - frame.rotation }
            interactions.active[gi].turn = turn
            propose(gi, GroupTransform.Similarity(pivot: frame.center, turn: turn))
            refuseUnlessAllFit(gi)
            snapped = shift
        }
        if snapped != drag.snapped {
            interactions.active[gi].payload = .rotate(RotateDrag(grab: grab, snapped: snapped))
            scene.drawnStateChanged()
        }
        return true
    }
}
