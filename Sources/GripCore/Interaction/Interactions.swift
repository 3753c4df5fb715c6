/// The interactions in progress (gestures, a marquee, a nudge run, reset animations and long
/// presses), and how to find the one acting on a box. A box is in at most one gesture; a gesture beginning on a box
/// stops its reset. A marquee is exclusive: it begins only while no other gesture is in progress,
/// and none begins while it is (Input/Arbitration.swift).
/// Outside Interaction/ it is read through its subscript and queries and changed only through
/// the lifecycle (Interaction/Lifecycle.swift) and the methods here (scripts/tests/architecture.sh
/// keeps `active` inside the room).
struct Interactions {
    var active: [Interaction] = []
    /// What the marquee's last step picked (Interaction/Kinds/MarqueePicks.swift).
    var marqueePicks = MarqueePicks()

    /// Interaction `gi` (an index of `active`), read in place.
    subscript(gi: Int) -> Interaction {
        @inline(__always) _read { yield active[gi] }
    }

    /// The indices of the interactions in progress, in the order they began.
    @inline(__always) var indices: Range<Int> { active.indices }
    @inline(__always) var count: Int { active.count }
    @inline(__always) var isEmpty: Bool { active.isEmpty }

    /// Whether a gesture that moves boxes acts on the selection as a whole (`group`), and
    /// whether one acts on a single box (`single`).
    @inline(__always) func boxGestures() -> (group: Bool, single: Bool) {
        var group = false, single = false
        for i in active.indices where active[i].movesBoxes {
            if active[i].group { group = true } else { single = true }
        }
        return (group, single)
    }

    /// Whether a gesture of box `id` alone (not of the selection) is in progress.
    @inline(__always) func hasOwnGesture(on id: BoxID) -> Bool {
        for i in active.indices where active[i].isGesture && !active[i].group && active[i].members.first.box == id {
            return true
        }
        return false
    }

    /// The handle interaction `gi` draws as active (`Interaction.activeHandle`).
    @inline(__always) func activeHandle(_ gi: Int) -> HandleID { active[gi].activeHandle }

    /// Whether interaction `gi` is a rotation resting on a `rotation_snap` multiple now.
    @inline(__always) func rotationSnapped(_ gi: Int) -> Bool {
        guard case .rotate = active[gi].kind, case .rotate(let drag) = active[gi].payload else { return false }
        return drag.snapped
    }

    /// The index of the first interaction in progress that is a gesture, or nil.
    func firstGesture() -> Int? {
        for i in active.indices where active[i].isGesture { return i }
        return nil
    }

    /// Member `k` of interaction `gi` had its constraint hook fail: the hook is not run for it
    /// again until the interaction ends.
    mutating func disableConstraint(ofMember k: Int, in gi: Int) {
        if k == 0 {
            active[gi].members.first.constraintDisabled = true
        } else {
            active[gi].members.rest[k - 1].constraintDisabled = true
        }
    }
    /// The last screen -> parent inverse computed and the transform it inverts (a drag in one
    /// parent inverts the same transform at every step).
    var parentInverse = (forward: Affine.identity, inverse: Affine.identity)

    /// Scratch for a gesture step: each member's proposed geometry, in the members' order.
    var proposals = Proposals()
    /// Scratch for a group step's commit: each member's proposal through its constraints, all
    /// checked before any is committed (reused, never shrinks).
    var accepted: [BoxGeometry] = []

    /// The index of the gesture on the selection as a whole, or nil.
    @inline(__always) func groupGesture() -> Int? {
        for i in active.indices where active[i].group && active[i].isGesture { return i }
        return nil
    }

    /// The index of the marquee in progress (there is at most one), or nil.
    @inline(__always) func marquee() -> Int? {
        for i in active.indices {
            if case .marquee = active[i].payload { return i }
        }
        return nil
    }

    /// The index of the nudge run in progress (there is at most one), or nil.
    @inline(__always) func nudge() -> Int? {
        for i in active.indices {
            if case .nudge = active[i].payload { return i }
        }
        return nil
    }

    /// When the nudge run in progress is due to end (infinity when there is none): the first
    /// dispatch at or after it commits the run.
    var nudgeDeadline = Double.infinity

    /// Whether any gesture (a marquee too; not a reset animation or nudge run) is in progress.
    var anyGesture: Bool { firstGesture() != nil }

    /// The index of the magnify gesture (there is at most one), or nil.
    func magnify() -> Int? {
        for i in active.indices {
            if case .magnify = active[i].payload { return i }
        }
        return nil
    }
}

extension Engine {
    /// The index of the gesture acting on box `id`: its own, or the selection's when it is one of
    /// several selected boxes (group gestures act on exactly those: found by the box's selection
    /// mark, not a scan of the members), or nil; `.selection` finds the selection's. The
    /// interactions are read in place (a call on the struct could copy it, arrays and all).
    @inline(__always) func gesture(on id: BoxID) -> Int? {
        if id != .selection {
            for i in interactions.active.indices
            where interactions.active[i].isGesture
                && !interactions.active[i].group && interactions.active[i].members.first.box == id
            { return i }
            // (Selected alone too: a group gesture whose other members another peer destroyed
            // goes on with one.)
            guard let s = scene.slot(id), scene[s].selection != .none else { return nil }
        }
        for i in interactions.active.indices where interactions.active[i].group && interactions.active[i].isGesture {
            return i
        }
        return nil
    }

    /// Whether a gesture acts on box `id`.
    @inline(__always) func hasGesture(on id: BoxID) -> Bool { gesture(on: id) != nil }
}
