/// Moving a box or the selection: the frame follows the pointer's displacement from where it
/// grabbed, snapped (Snapping/SnapStep.swift), contained, and every member moves by it. A group
/// move that nothing constrains commits each member as it goes.

/// A move's own state: where the pointer grabbed, in the frame's space.
struct MoveDrag {
    var grab: Vec2
}

extension Engine {
    /// One move step: the frame follows the pointer's displacement `p` - grab (frame space),
    /// snapped, then contained, and every member moves by it. False when the step is done
    /// already (an unconstrained group move commits as it goes).
    @_optimize(speed) func stepMove(
        _ gi: Int, to p: Vec2, modifiers: UInt32, pointer: UInt32, at position: Vec2
    ) -> Bool {
        guard case .move(let drag) = interactions.active[gi].payload else { return false }
        var d = p - drag.grab
        let snaps = snapping.config.flags != 0
        if interactions.active[gi].frameIsMember {
            // One box: the member is the frame, snapped by its bounds, then clamped into its region
            // (the overshoot remembered: every step starts from the snapshot).
            var next = Move.apply(interactions.active[gi].members.first.start, by: d)
            if snaps {
                propose(next)
                next.center = next.center + snapMoveCorrection(gi, pointer: p, modifiers: modifiers)
            }
            if let r = containmentRegion(interactions.active[gi].members.first.slot) {
                next = Containment.clampTranslation(next, in: r)
            }
            // Last, the coordinate range: the box stops at its edge, as at a wall.
            propose(next.keptInCoordinateRange())
            return true
        }
        if !snaps && interactions.active[gi].unconstrained && membersStayInRange(gi, movedBy: d) {
            // Nothing stops a member or changes its proposal: each is moved and committed in one
            // pass (what proposing, fitting and committing give). The interaction is read in
            // place: a copy of it alive during the pass would make the members' storage shared,
            // and the pass copy it.
            if moveUnconstrained(gi, by: d) {
                emitSelectionEvent(
                    .gestureChanged, .move, handle: interactions.active[gi].activeHandle, pointer: pointer,
                    at: viewInverse.apply(position))
            }
            if !snapping.marks.isEmpty { updateSnapMarks(gi) }
            return false
        }
        if snaps {
            propose(gi, GroupTransform.Similarity(shift: d))
            d = d + snapMoveCorrection(gi, pointer: p, modifiers: modifiers)
        }
        moveMembers(gi, by: d)
        return true
    }

    /// Proposes the members of group gesture `gi` moved by world displacement `d` from their
    /// snapshots, stopped by containment. Returns the displacement applied.
    @discardableResult func moveMembers(_ gi: Int, by d: Vec2) -> Vec2 {
        propose(gi, GroupTransform.Similarity(shift: d))
        return containMove(gi, by: d)
    }

    /// Moves every member of group gesture `gi` (none contained or constrained) by world
    /// displacement `d` from its snapshot, committing each: the geometry
    /// `GroupTransform.apply` gives for a pure move. True when any member moved.
    @_optimize(speed) func moveUnconstrained(_ gi: Int, by d: Vec2) -> Bool {
        scene.openInPlaceRun()
        var changed = withUnsafePointer(to: interactions.active[gi].members.first) { moveMember($0, by: d) }
        interactions.active[gi].members.rest.withUnsafeBufferPointer { rest in
            guard let base = rest.baseAddress else { return }
            for i in 0..<rest.count where moveMember(base + i, by: d) { changed = true }
        }
        return changed
    }

    /// Whether every member of group gesture `gi` moved by world displacement `d` from its
    /// snapshot keeps its x and y within the coordinate range (else the move is stopped at its
    /// edge as containment stops it, `containMove`).
    @_optimize(speed) func membersStayInRange(_ gi: Int, movedBy d: Vec2) -> Bool {
        func stays(_ m: Member) -> Bool {
            var next = m.start
            next.center = next.center + m.parentInverse.applyVector(d)
            return next.isInCoordinateRange
        }
        if !stays(interactions.active[gi].members.first) { return false }
        return interactions.active[gi].members.rest.withUnsafeBufferPointer { rest in
            for m in rest where !stays(m) { return false }
            return true
        }
    }

    /// Member `m` of an unconstrained group move by world displacement `d`, committed (the
    /// scene's in-place run, `openInPlaceRun`); true when its box moved.
    @_optimize(speed) @inline(__always) private func moveMember(_ m: UnsafePointer<Member>, by d: Vec2) -> Bool {
        scene.commitMove(
            m.pointee.slot, generation: m.pointee.box.generation, start: m.pointee.start,
            by: m.pointee.parentInverse.applyVector(d))
    }
}
