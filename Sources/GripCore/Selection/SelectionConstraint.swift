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
        switch interactions.active[gi].kind {
        case .marquee, .reset, .arrange(.align), .arrange(.distribute): return false
        default: break
        }
        guard interactions.active[gi].frameIsMember else { return true }
        return selection.members.count == 1 && selection.members[0] == interactions.active[gi].members.first.box
    }

    /// Member `i`'s maps between its parent space and the world (one box: its parent's now).
    private func memberMaps(_ gi: Int, _ i: Int) -> (world: Affine, inverse: Affine) {
        if interactions.active[gi].frameIsMember {
            let w = scene.parentWorld(interactions.active[gi].members.first.slot)
            return (w, w.inverse ?? .identity)
        }
        return (interactions.active[gi].members.parentWorld(i), interactions.active[gi].members.parentInverse(i))
    }

    @inline(__always) private func proposal(_ gi: Int, _ i: Int) -> BoxGeometry {
        interactions.active[gi].frameIsMember ? interactions.proposal : interactions.proposals[i]
    }

    @inline(__always) private func setProposal(_ gi: Int, _ i: Int, _ g: BoxGeometry) {
        if interactions.active[gi].frameIsMember { interactions.proposal = g } else { interactions.proposals[i] = g }
    }

    private func runSelectionConstraint(_ gi: Int, _ hook: any SelectionConstraint) {
        let n = interactions.active[gi].frameIsMember ? 1 : interactions.active[gi].members.count
        guard interactions.active[gi].frameIsMember || interactions.proposals.count >= n else { return }
        // The frames: at the start (a group's is the gesture's own), and of the proposals at the
        // frame's rotation as the selection reports it (the members' shared one, else the start's
        // turned by the gesture's turn so far).
        var axis = Vec2.zero
        var shared = true
        for i in 0..<n where scene.slot(interactions.active[gi].members.box(i)) != nil {
            let g = proposal(gi, i)
            let w = memberMaps(gi, i).world * g.local
            let u = Vec2(w.a, w.b) * (g.flippedX ? -1.0 : 1.0)
            if axis == .zero {
                axis = u
            } else if abs(axis.cross(u)) > 1e-9 * axis.length * u.length || axis.dot(u) <= 0 {
                shared = false
            }
        }
        guard axis != .zero else { return }
        let before: BoxGeometry
        if interactions.active[gi].frameIsMember {
            let start = interactions.active[gi].members.first.start
            before = GroupTransform.frame(of: start, world: memberMaps(gi, 0).world * start.local)
        } else {
            before = interactions.active[gi].frame
        }
        let rotation =
            shared ? Trig.atan2(axis.y, axis.x) : Angle.wrap(before.rotation + interactions.active[gi].turn)
        var extent = FrameExtent(rotation)
        for i in 0..<n where scene.slot(interactions.active[gi].members.box(i)) != nil {
            let g = proposal(gi, i)
            let (p0, p1, p2, p3) = g.corners(memberMaps(gi, i).world * g.local)
            extent.include(p0); extent.include(p1); extent.include(p2); extent.include(p3)
        }
        guard let proposed = extent.frame(rotation: rotation) else { return }
        guard let answer = hook.constrain(before: before, proposed: proposed) else {
            refuseSelectionStep(gi, n)
            return
        }
        guard GroupTransform.isUsableFrame(answer) else {
            emitSelectionScriptError(
                "selection constraint returned an unusable frame (non-finite, a size not above zero, or beyond 1e9)")
            return
        }
        if answer.sameFrame(as: proposed) { return }
        for i in 0..<n {
            guard let s = scene.slot(interactions.active[gi].members.box(i)) else { continue }
            let maps = memberMaps(gi, i), b = scene.behavior(s)
            setProposal(
                gi, i,
                GroupTransform.carry(
                    proposal(gi, i), from: proposed, to: answer, parentWorld: maps.world,
                    parentInverse: maps.inverse, minWidth: b.minWidth, minHeight: b.minHeight))
        }
        // Containment and the engine's ranges judge the answer: a member taken out refuses the step.
        if !allFit(gi) { refuseSelectionStep(gi, n) }
    }

    /// Every member's proposal back to its current geometry: the step changes nothing.
    private func refuseSelectionStep(_ gi: Int, _ n: Int) {
        for i in 0..<n { setProposal(gi, i, interactions.active[gi].members[i].current) }
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
    /// The oriented world frame of a box of geometry `g` whose box space maps to the world by
    /// `world`: at its world rotation (its x axis, flips undone), around its four world corners.
    public static func frame(of g: BoxGeometry, world: Affine) -> BoxGeometry {
        let u = Vec2(world.a, world.b) * (g.flippedX ? -1.0 : 1.0)
        let rotation = Trig.atan2(u.y, u.x)
        var extent = FrameExtent(rotation)
        let (p0, p1, p2, p3) = g.corners(world)
        extent.include(p0); extent.include(p1); extent.include(p2); extent.include(p3)
        return extent.frame(rotation: rotation) ?? g
    }

    /// Whether `f` can be a selection frame: finite, its sizes above zero, everything within the
    /// engine's magnitudes (its scale is not read).
    public static func isUsableFrame(_ f: BoxGeometry) -> Bool {
        let m = BoxGeometry.maxMagnitude
        return f.width > 0 && f.width <= m && f.height > 0 && f.height <= m && abs(f.center.x) <= m
            && abs(f.center.y) <= m && abs(f.rotation) <= m
    }

    /// Member geometry `g` (parent space; `parentWorld` maps that space to the world, and
    /// `parentInverse` back) carried by the map of the world that takes frame `from` to frame
    /// `to`: a stretch along `from`'s axes by the ratio of the sizes (a flip in `to` mirrors), a
    /// turn by the difference of the rotations about `to`'s centre, and the shift of the centre.
    /// Never below `minWidth` x `minHeight`. A pure shift moves the centre only.
    public static func carry(
        _ g: BoxGeometry, from: BoxGeometry, to: BoxGeometry, parentWorld: Affine, parentInverse: Affine,
        minWidth: Double, minHeight: Double
    ) -> BoxGeometry {
        let kx = (to.flippedX != from.flippedX ? -1.0 : 1.0) * to.width / from.width
        let ky = (to.flippedY != from.flippedY ? -1.0 : 1.0) * to.height / from.height
        let turn = Angle.wrap(to.rotation - from.rotation)
        if kx == 1 && ky == 1 {
            return apply(
                Similarity(pivot: from.center, turn: turn, shift: to.center - from.center), to: g,
                parentWorld: parentWorld, parentInverse: parentInverse)
        }
        let world = parentWorld * g.local
        let own = axes(world: world, flippedX: g.flippedX, flippedY: g.flippedY, frameRotation: from.rotation)
        let stretched = apply(
            Stretch(from: from.center, rotation: from.rotation, center: to.center, kx: kx, ky: ky), to: g,
            axes: own, parentWorld: parentWorld, parentInverse: parentInverse, minWidth: minWidth,
            minHeight: minHeight)
        guard turn != 0 else { return stretched }
        return apply(
            Similarity(pivot: to.center, turn: turn), to: stretched, parentWorld: parentWorld,
            parentInverse: parentInverse)
    }
}

extension BoxGeometry {
    /// Whether `other` is the same frame bit for bit (centre, size, rotation, flips).
    func sameFrame(as other: BoxGeometry) -> Bool {
        center.x.bitPattern == other.center.x.bitPattern && center.y.bitPattern == other.center.y.bitPattern
            && width.bitPattern == other.width.bitPattern && height.bitPattern == other.height.bitPattern
            && rotation.bitPattern == other.rotation.bitPattern && flippedX == other.flippedX
            && flippedY == other.flippedY
    }
}
