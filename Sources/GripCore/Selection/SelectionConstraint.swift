/// The host's constraint on the selection as a whole (`grip_selection_set_constraint`): at every
/// step of a gesture, nudge, flip or quarter turn on the selected boxes (a one-box gesture on the
/// only selected box too), it gets the selection frame when the interaction began and the frame
/// the step proposes (after snapping and containment: the frame of the members where the step
/// puts them, as `selectionState` would report it), and answers the frame to apply instead, or
/// refuses the step. The transform from the proposed frame to the answer (a stretch along the
/// proposed frame's axes, a turn and a shift) is applied to every member alike, so the group
/// keeps its shape. Then containment checks the result (a contained member taken out of its region
/// refuses the step as a whole), and each member goes through its own constraints as before.
///
/// An answer that is not a usable frame (non-finite, a size not above zero, beyond the engine's
/// magnitudes) is ignored: the step goes on as proposed and SCRIPT_ERROR (box GRIP_SELECTION)
/// carries the reason. Implementations must not mutate the engine (the bindings refuse it while
/// `Engine.busy` is set).
package protocol SelectionConstraint: AnyObject {
    /// The world frame to apply instead of `proposed` (`before`: the frame when the interaction
    /// began), or nil to refuse the step (every member stays where it is).
    func constrain(before: BoxGeometry, proposed: BoxGeometry) -> BoxGeometry?
}

extension Engine {
    /// Plugs in the selection constraint (nil takes it out). A nudge run in progress is committed
    /// first. Throws STATE while a gesture acts on the selection.
    package func setSelectionConstraint(_ c: (any SelectionConstraint)?) throws(GripError) {
        if selectionGestureActive() {
            throw .state("a gesture acts on the selection; change its constraint after the gesture ends")
        }
        settleNudge()
        selectionConstraint = c
    }

    /// Passes the proposals of gesture `gi` through the selection constraint when it acts on the
    /// selection: refused, every member's proposal is its current geometry again.
    @inline(__always) func constrainSelection(_ gi: Int) {
        guard let hook = selectionConstraint, actsOnSelection(gi) else { return }
        runSelectionConstraint(gi, hook)
    }

    /// Whether gesture `gi` moves the selection as one: a group's, or one box's when it is the
    /// only selected box (align and distribute move members apart, a marquee and a reset none).
    private func actsOnSelection(_ gi: Int) -> Bool {
        guard interactions[gi].canMoveSelectionAsOne else { return false }
        guard interactions[gi].frameIsMember else { return true }
        return selection.members.count == 1 && selection.members[0] == interactions[gi].members.first.box
    }

    /// Member `i`'s map from its parent space to the world (one box: its parent's now) and back.
    @inline(never) private func memberMaps(_ gi: Int, _ i: Int) -> (world: Affine, inverse: Affine) {
        if interactions[gi].frameIsMember {
            let w = scene.parentWorld(interactions[gi].members.first.slot)
            return (w, w.inverse ?? .identity)
        }
        return (interactions[gi].members.parentWorld(i), interactions[gi].members.parentInverse(i))
    }

    /// Whether member `i`'s box is alive.
    @inline(never) private func memberAlive(_ gi: Int, _ i: Int) -> Bool {
        scene.slot(interactions[gi].members.box(i)) != nil
    }

    @inline(never) private func runSelectionConstraint(_ gi: Int, _ hook: any SelectionConstraint) {
        let one = interactions[gi].frameIsMember
        let n = interactions[gi].members.count
        guard interactions.proposals.count >= n else { return }
        // The frames: at the start (a group's is the gesture's own), and of the proposals.
        let before =
            one
            ? (membersFrame(gi, n, atStart: true, turn: 0) ?? interactions[gi].frame)
            : interactions[gi].frame
        guard let proposed = membersFrame(gi, n, atStart: false, turn: before.rotation + interactions[gi].turn)
        else { return }
        guard let answer = hook.constrain(before: before, proposed: proposed) else {
            refuseSelectionStep(gi, n)
            return
        }
        guard answer.isValid else {
            emitSelectionScriptError(
                "selection constraint: unusable frame (NaN, infinite, size <= 0 or > 1e9)")
            return
        }
        if answer.sameBits(proposed) { return }
        for i in 0..<n where memberAlive(gi, i) {
            let maps = memberMaps(gi, i)
            interactions.proposals[i] = GroupTransform.carry(
                interactions.proposals[i], from: proposed, to: answer, parentWorld: maps.world,
                parentInverse: maps.inverse)
        }
        // Containment and the engine's ranges judge the answer: a member taken out refuses the step
        // (and the commit refuses it when a member would be below its minimum size).
        if !allFit(gi) { refuseSelectionStep(gi, n) }
    }

    /// The frame of gesture `gi`'s `n` members at their snapshots (`atStart`) or proposals, at the
    /// rotation the selection reports: the members' shared one, else `turn` (the start's turned
    /// by the gesture's turn so far); nil without a live member. One pass: the corners go into
    /// the frame at either rotation.
    @inline(never) private func membersFrame(_ gi: Int, _ n: Int, atStart: Bool, turn: Double) -> BoxGeometry? {
        let other = Angle.wrap(turn)
        var axis = Vec2.zero, rotation = other
        var shared = true
        var frame = FrameExtent(other), own = frame
        for i in 0..<n where memberAlive(gi, i) {
            let g = atStart ? interactions[gi].members.start(i) : interactions.proposals[i]
            let w = memberMaps(gi, i).world * g.local
            let u = Vec2(w.a, w.b) * (g.flippedX ? -1.0 : 1.0)
            if axis == .zero {
                axis = u
                rotation = Trig.atan2(u.y, u.x)
                own = FrameExtent(rotation)
            } else if abs(axis.cross(u)) > 1e-9 * axis.length * u.length || axis.dot(u) <= 0 {
                shared = false
            }
            frame.include(g, w)
            own.include(g, w)
        }
        return shared ? own.frame(rotation: rotation) : frame.frame(rotation: other)
    }

    /// Every member's proposal back to its current geometry: the step changes nothing.
    private func refuseSelectionStep(_ gi: Int, _ n: Int) {
        for i in 0..<n { interactions.proposals[i] = interactions[gi].members.current(i) }
    }

    /// Queues SCRIPT_ERROR for the selection as a whole (box GRIP_SELECTION) with `message`.
    private func emitSelectionScriptError(_ message: String) {
        let e = Event(kind: .scriptError, box: .selection, userData: 0, time: time)
        if capturing {
            guestOutbox.pushScriptError(e, message: message)
        } else {
            outbox.pushScriptError(e, message: message)
        }
    }
}

extension GroupTransform {
    /// Member geometry `g` (parent space; `parentWorld` maps that space to the world, and
    /// `parentInverse` back) carried by the map of the world that takes frame `from` to frame
    /// `to`: a stretch along `from`'s axes by the ratio of the sizes (a flip in `to` mirrors), a
    /// turn by the difference of the rotations about `to`'s centre, and the shift of the centre.
    /// A pure shift moves the centre only.
    @inline(never) public static func carry(
        _ g: BoxGeometry, from: BoxGeometry, to: BoxGeometry, parentWorld: Affine, parentInverse: Affine
    ) -> BoxGeometry {
        let kx = (to.flippedX != from.flippedX ? -1.0 : 1.0) * to.width / from.width
        let ky = (to.flippedY != from.flippedY ? -1.0 : 1.0) * to.height / from.height
        let turn = Angle.wrap(to.rotation - from.rotation)
        var out = g
        var t = Similarity(pivot: from.center, turn: turn, shift: to.center - from.center)
        if kx != 1 || ky != 1 {
            let own = axes(
                world: parentWorld * g.local, flippedX: g.flippedX, flippedY: g.flippedY,
                frameRotation: from.rotation)
            out = apply(
                Stretch(from: from.center, rotation: from.rotation, center: to.center, kx: kx, ky: ky), to: g,
                axes: own, parentWorld: parentWorld, parentInverse: parentInverse, minWidth: 0, minHeight: 0)
            if turn == 0 { return out }
            t = Similarity(pivot: to.center, turn: turn)
        }
        return apply(t, to: out, parentWorld: parentWorld, parentInverse: parentInverse)
    }
}

extension FrameExtent {
    /// Takes in the four world corners of a box of geometry `g` whose box space maps to the world
    /// by `world`.
    @inline(never) mutating func include(_ g: BoxGeometry, _ world: Affine) {
        let (p0, p1, p2, p3) = g.corners(world)
        include(p0); include(p1); include(p2); include(p3)
    }
}
