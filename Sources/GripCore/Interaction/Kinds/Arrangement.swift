/// The lifecycle of an arrangement of the selection (align, distribute, flip, quarter turns:
/// Selection/ArrangeSelection.swift): one interaction (`.arrange`) on the selected boxes, begun
/// and ended within the call that makes it, so one step when it changed a box.
extension Engine {
    /// Begins the arrangement `gesture` of the selected boxes (a nudge run in progress committed
    /// first, the members' reset animations stopped where they are): its index in
    /// `interactions.active`, every member's proposal its snapshot; nil when there is no member.
    func beginArrangement(_ gesture: GestureKind) -> Int? {
        settleNudge()
        var g = Interaction(blank: .arrange(gesture))
        guard gestureInteraction(&g, on: .selection(allowingOne: true), axes: false) else { return nil }
        g.selectionBefore = selection.members
        g.orientationBefore = selection.orientation
        for k in 0..<g.members.count { stopReset(on: g.members.box(k)) }
        interactions.proposals.removeAll()
        for k in 0..<g.members.count { interactions.proposals.append(g.members.start(k)) }
        interactions.active.append(g)
        return interactions.active.count - 1
    }

    /// Ends arrangement `gi`: each proposal that changes a member as it does not allow (its
    /// centre moving without `move`, anything else without `needs`), or that is not valid, is
    /// its snapshot again; containment, then each member's constraints, and the commit; the
    /// interaction taken out and, when a box changed, one step. `.ok` when a box changed. `turn`:
    /// the selection's turn (quarter turns), which a group's frame keeps.
    func finishArrangement(_ gi: Int, needs: Allow = [], turn: Double = 0) -> Status {
        for i in 0..<interactions.active[gi].members.count {
            let start = interactions.active[gi].members.start(i)
            var next = interactions.proposals[i]
            guard !next.sameBits(start), let s = scene.slot(interactions.active[gi].members.box(i)) else { continue }
            let allow = scene.behavior(s).allow
            let moves =
                next.center.x.bitPattern != start.center.x.bitPattern
                || next.center.y.bitPattern != start.center.y.bitPattern
            var centred = next
            centred.center = start.center
            let otherwise = !centred.sameBits(start)
            if !next.isValid || (moves && !allow.contains(.move)) || (otherwise && !allow.contains(needs)) {
                next = start
            } else if let region = containmentRegion(s), !Containment.fits(next, in: region) {
                let clamped = Containment.clampTranslation(next, in: region)
                next = clamped.isValid && Containment.fits(clamped, in: region) ? clamped : start
            }
            interactions.proposals[i] = next
        }
        // A group keeps the turn of a quarter turn (its frame keeps that orientation).
        if interactions.active[gi].group { interactions.active[gi].turn = turn }
        commitGesture(gi, pointer: 0, at: .zero, emitting: false)
        let g = interactions.active.remove(at: gi)
        var changed = false
        for k in 0..<g.members.count {
            guard let s = scene.slot(g.members.box(k)) else { continue }
            if !scene[s].geometry.sameBits(g.members.start(k)) { changed = true }
        }
        guard changed else { return .done }
        if g.group && g.turn != 0 {
            // The frame keeps its orientation turned with the selection, as after a rotation.
            selection.orientation = Angle.wrap(g.frame.rotation + g.turn)
            scene.drawnStateChanged()
        }
        commitStep(of: g)
        return .ok
    }
}
