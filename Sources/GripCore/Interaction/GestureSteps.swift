/// What the steps of every gesture kind share (each kind's own step is in Interaction/Kinds/),
/// the same code whether it acts on one box or on a selection: the frame's next geometry or
/// transform comes from its snapshot and the input now through the pure manipulation code
/// (Manipulation/), each member gets its proposal (the frame itself for
/// one box; the frame's transform carried into its parent space for a selection), containment
/// applies (Interaction/GestureContainment.swift), then one commit: each member through its
/// constraints, CHANGED once with the box's id (one box) or GRIP_SELECTION (a group). What is
/// particular to one box (its rotation snap, scale limits, resize mode, custom handles) is the
/// set-of-one case of the steps.
extension Engine {
    /// The proposal of a gesture whose frame is its one member (one box): the first proposal.
    @inline(__always) func propose(_ g: BoxGeometry) { interactions.proposals.setOnly(g) }

    /// Fills the proposals with every member of gesture `gi` under similarity `t` of the frame's
    /// space (a selection's: the world).
    @_optimize(speed) func propose(_ gi: Int, _ t: GroupTransform.Similarity) {
        interactions.proposals.removeAll()
        for i in 0..<interactions.active[gi].members.count {
            let start = interactions.active[gi].members.start(i)
            let parentWorld = interactions.active[gi].members.parentWorld(i)
            let parentInverse = interactions.active[gi].members.parentInverse(i)
            interactions.proposals.append(
                GroupTransform.apply(t, to: start, parentWorld: parentWorld, parentInverse: parentInverse))
        }
    }

    /// `k` within the range every member's scale limits allow.
    func clampGroupFactor(_ gi: Int, _ k: Double) -> Double {
        let members = interactions.active[gi].members
        var lo = 0.0, hi = Double.infinity
        for i in 0..<members.count {
            guard let s = scene.slot(members[i].box) else { continue }
            let b = scene.behavior(s), scale = members[i].start.scale
            lo = Swift.max(lo, b.minScale / scale)
            hi = Swift.min(hi, b.maxScale / scale)
        }
        return Swift.min(Swift.max(k, lo), hi)
    }

    // MARK: commit

    /// Commits gesture `gi`'s proposals, first through the selection constraint when the gesture
    /// acts on the selection (Selection/SelectionConstraint.swift), then each member through its
    /// constraints: CHANGED once when
    /// any box moved (unless not `emitting`), with the box's id, or GRIP_SELECTION for a group,
    /// reporting `pointer` at screen point `q`. A step that would give any member an unusable
    /// geometry changes nothing (false).
    @discardableResult
    @_optimize(speed) func commitGesture(
        _ gi: Int, pointer: UInt32, at q: Vec2, emitting: Bool = true
    ) -> Bool {
        constrainSelection(gi)
        let committed = interactions.active[gi].members.count == 1 ? commitOnlyMember(gi) : commitMembers(gi)
        guard let (changed, last) = committed else { return false }
        guard changed && emitting else { return true }
        let kind = interactions.active[gi].kind.gesture, handle = interactions.active[gi].activeHandle
        if interactions.active[gi].group {
            emitSelectionEvent(.gestureChanged, kind, handle: handle, pointer: pointer, at: viewInverse.apply(q))
        } else {
            emit(.gestureChanged, kind, slot: last, handle: handle, pointer: pointer, at: viewInverse.apply(q))
        }
        return true
    }

    /// `commitGesture` for the members: whether any box moved and the last member's slot, or nil
    /// without a proposal for each. A step that would give any member a geometry it may not have
    /// (GeometryLimits.swift) is refused as a whole: nothing moves.
    @inline(never) @_optimize(speed) private func commitMembers(_ gi: Int) -> (Bool, Int32)? {
        let n = interactions.active[gi].members.count
        guard interactions.proposals.count >= n else { return nil }
        // Each member through its constraints first, every one checked before any is committed.
        interactions.accepted.removeAll(keepingCapacity: true)
        for i in 0..<n {
            guard let s = scene.slot(interactions.active[gi].members.box(i)) else {
                interactions.accepted.append(interactions.proposals[i])
                continue
            }
            let next = constrained(interactions.proposals[i], gesture: gi, member: i, slot: s)
            guard let fit = admitted(next, gesture: gi, slot: s) else { return nil }
            interactions.accepted.append(fit)
        }
        var changed = false
        var last: Int32 = -1
        for i in 0..<n {
            guard let s = scene.slot(interactions.active[gi].members.box(i)) else { continue }
            let next = interactions.accepted[i]
            interactions.active[gi].members.setCurrent(i, next)
            if scene.commit(s, next) { changed = true }
            last = s
        }
        return (changed, last)
    }

    /// `commitMembers` for a set of one, checked and committed at once without staging the
    /// accepted proposal; an unusable proposal (one box's maths can give one: a group's members
    /// are carried by similarities and stretches of valid geometry) is refused before its
    /// constraints are asked. Its box is alive (a gesture's members are dropped when their boxes
    /// go).
    private func commitOnlyMember(_ gi: Int) -> (Bool, Int32)? {
        guard let proposed = interactions.proposals.first, proposed.isValid else { return nil }
        let s = interactions.active[gi].members.first.slot
        guard let next = admitted(constrained(proposed, gesture: gi, slot: s), gesture: gi, slot: s) else { return nil }
        interactions.active[gi].members.first.current = next
        return (scene.commit(s, next), s)
    }

    /// `g` as slot `s` may have it in gesture `gi` (`BoxBehavior.settled`), or nil. One box's
    /// magnify preview may pass its scale limits (its last step is clamped to them).
    @inline(__always) private func admitted(_ g: BoxGeometry, gesture gi: Int, slot s: Int32) -> BoxGeometry? {
        let b = scene.behavior(s)
        if let fit = b.settled(g) { return fit }
        if interactions.active[gi].kind == .magnify && interactions.active[gi].frameIsMember && g.isValid
            && g.width >= b.minWidth && g.height >= b.minHeight
        {
            return g
        }
        return nil
    }

    /// Queues an event of the selection as a whole (box GRIP_SELECTION, no user data).
    func emitSelectionEvent(
        _ kind: EventKind, _ gesture: GestureKind = .none, handle: HandleID = .none,
        pointer: UInt32 = 0, at position: Vec2 = .zero
    ) {
        queue(
            Event(
                kind: kind, gesture: gesture, box: .selection, userData: 0, handle: handle, pointer: pointer,
                time: time, position: position))
    }
}
