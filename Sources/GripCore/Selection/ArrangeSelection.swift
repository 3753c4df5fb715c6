/// Arranging the selection as the host asks (`grip_selection_align`, `_distribute`, `_flip`,
/// `_rotate90`): each call is one interaction of kind `.arrange` on the selected boxes, begun and
/// ended within the call, so it is one step (COMMITTED, one undo step) when it changed a box.
///
/// - The members' snapshots are taken as a gesture's (Interaction/GestureBegin.swift); each
///   member's new geometry comes from its snapshot through the pure maths of
///   Manipulation/Arrange.swift: align and distribute move boxes along one world axis by their
///   axis-aligned world bounds; flip mirrors and quarter turns turn the selection about the
///   selection frame's centre (one box: its own centre).
/// - A member that does not allow what would happen to it stays exactly where it is: moving
///   its centre needs `move`, a quarter turn `rotate`, a mirror `resize` (what a resize dragged
///   through the opposite edge does). Distribute leaves the boxes that may not move out.
/// - A new geometry that is not valid leaves its member where it is; a contained member that
///   would leave its region is moved back in by the least translation (as a one-box move is
///   clamped), or stays where it is when it still does not fit; then each member goes through
///   its constraint hooks (`commitGesture`, as a gesture step).
/// - Refused, changing nothing: nothing selected, a gesture (a marquee too) in progress. A nudge
///   run in progress is committed first; a member's reset animation stops where it is.
extension Engine {
    /// Aligns the selected boxes' world bounds on `edge` of the selection's world bounds (`key`
    /// none) or of selected box `key`'s (which stays put). `.ok` when a box moved, `.done` when
    /// none did. Throws STATE (nothing selected, a gesture in progress), NOT_FOUND (unknown key),
    /// ARG (a key that is not selected).
    public func align(_ edge: AlignEdge, to key: BoxID) throws(GripError) -> Status {
        try checkArrangeable("align")
        if key != .none {
            _ = try slot(key)
            guard isSelected(key) else { throw .arg("key box \(key.rawValue) is not selected") }
        }
        guard let gi = beginArrangement(.align) else { return .done }
        let n = interactions.active[gi].members.count
        var target: Rect? = nil
        for i in 0..<n {
            let box = interactions.active[gi].members.box(i)
            let b = memberBounds(gi, i)
            if key == .none || box == key { target = target.map { union($0, b) } ?? b }
        }
        if let target {
            for i in 0..<n where interactions.active[gi].members.box(i) != key {
                proposeMove(gi, i, by: Arrange.alignShift(memberBounds(gi, i), to: target, edge))
            }
        }
        return finishArrangement(gi)
    }

    /// Spaces the selected boxes that may move evenly along `axis` (Arrange.distributed: ordered
    /// by their world bounds' centres, ties in selection order; the first and last stay). `.ok`
    /// when a box moved, `.done` when none did (fewer than three take part). Throws STATE
    /// (nothing selected, a gesture in progress).
    public func distribute(_ axis: Axis) throws(GripError) -> Status {
        try checkArrangeable("distribute")
        guard let gi = beginArrangement(.distribute) else { return .done }
        let horizontal = axis == .horizontal
        var order: [Int] = []
        var lo: [Double] = [], hi: [Double] = [], mid: [Double] = []
        for i in 0..<interactions.active[gi].members.count {
            guard let s = scene.slot(interactions.active[gi].members.box(i)),
                scene.behavior(s).allow.contains(.move)
            else { continue }
            let b = memberBounds(gi, i)
            order.append(i)
            lo.append(horizontal ? b.min.x : b.min.y)
            hi.append(horizontal ? b.max.x : b.max.y)
            mid.append(horizontal ? b.center.x : b.center.y)
        }
        // Positions into the lists, by centre, then selection order (a strict order: the
        // centres are finite, the positions distinct).
        var ranks = Array(order.indices)
        ranks.sort { mid[$0] < mid[$1] || (mid[$0] == mid[$1] && $0 < $1) }
        let sortedLo = ranks.map { lo[$0] }, sortedHi = ranks.map { hi[$0] }
        let starts = Arrange.distributed(lo: sortedLo, hi: sortedHi)
        for k in starts.indices {
            let i = order[ranks[k]]
            let shift = starts[k] - sortedLo[k]
            proposeMove(gi, i, by: horizontal ? Vec2(shift, 0) : Vec2(0, shift))
        }
        return finishArrangement(gi)
    }

    /// Mirrors the selection across the selection frame's centre line along `axis` of the frame
    /// (one box: across its own centre), every box mirrored with it (Arrange.mirrored). `.ok`
    /// when a box changed, `.done` when none did. Throws STATE (nothing selected, a gesture in
    /// progress).
    public func flip(_ axis: Axis) throws(GripError) -> Status {
        try checkArrangeable("flip")
        guard let gi = beginArrangement(.flip) else { return .done }
        let pivot = arrangementPivot(gi), r = interactions.active[gi].frame.rotation
        for i in 0..<interactions.active[gi].members.count {
            interactions.proposals[i] = Arrange.mirrored(
                interactions.active[gi].members.start(i), across: axis, frameRotation: r, pivot: pivot,
                parentWorld: interactions.active[gi].members.parentWorld(i),
                parentInverse: interactions.active[gi].members.parentInverse(i))
        }
        return finishArrangement(gi, needs: .resize)
    }

    /// Turns the selection clockwise by `quarterTurns` quarter turns (modulo 4; negative:
    /// counter-clockwise) about the selection frame's centre (one box: its own centre), every box
    /// turned with it (Arrange.turned); a selection of several keeps its frame turned with it.
    /// `.ok` when a box changed, `.done` when none did (a multiple of 4 included). Throws STATE
    /// (nothing selected, a gesture in progress).
    public func rotateQuarterTurns(_ quarterTurns: Int) throws(GripError) -> Status {
        try checkArrangeable("rotate90")
        let q = quarterTurns & 3
        guard q != 0, let gi = beginArrangement(.rotate90) else { return .done }
        let pivot = arrangementPivot(gi)
        for i in 0..<interactions.active[gi].members.count {
            interactions.proposals[i] = Arrange.turned(
                interactions.active[gi].members.start(i), quarterTurns: q, about: pivot,
                parentWorld: interactions.active[gi].members.parentWorld(i),
                parentInverse: interactions.active[gi].members.parentInverse(i))
        }
        if interactions.active[gi].group {
            let turn = q == 1 ? Double.pi / 2 : (q == 2 ? Double.pi : -Double.pi / 2)
            interactions.active[gi].turn = turn
        }
        return finishArrangement(gi, needs: .rotate)
    }

    // MARK: the arrangement's lifecycle

    /// Throws STATE while a gesture is in progress or when nothing is selected (naming `what`).
    private func checkArrangeable(_ what: String) throws(GripError) {
        if interactions.anyGesture { throw .state("a gesture is in progress; \(what) after it ends") }
        if selection.members.isEmpty { throw .state("nothing is selected; select the boxes to \(what) first") }
    }

    /// Begins the arrangement `gesture` of the selected boxes (a nudge run in progress committed
    /// first, the members' reset animations stopped where they are): its index in
    /// `interactions.active`, every member's proposal its snapshot; nil when there is no member.
    private func beginArrangement(_ gesture: GestureKind) -> Int? {
        settleNudge()
        var g = Interaction(blank: .arrange(gesture))
        guard gestureInteraction(&g, on: .selection(allowingOne: true)) else { return nil }
        g.selectionBefore = selection.members
        g.orientationBefore = selection.orientation
        for k in 0..<g.members.count { stopReset(on: g.members.box(k)) }
        interactions.proposals.removeAll(keepingCapacity: true)
        for k in 0..<g.members.count { interactions.proposals.append(g.members.start(k)) }
        interactions.active.append(g)
        return interactions.active.count - 1
    }

    /// Ends arrangement `gi`: each proposal that changes a member as it does not allow (its
    /// centre moving without `move`, anything else without `needs`), or that is not valid, is
    /// its snapshot again; containment, then each member's constraints, and the commit; the
    /// interaction taken out and, when a box changed, one step. `.ok` when a box changed.
    private func finishArrangement(_ gi: Int, needs: Allow = []) -> Status {
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

    /// The world point flips and quarter turns go about: the selection frame's centre, or one
    /// box's own centre (so it stays exactly where it is).
    private func arrangementPivot(_ gi: Int) -> Vec2 {
        let members = interactions.active[gi].members
        if members.count == 1 { return members.parentWorld(0).apply(members.start(0).center) }
        return interactions.active[gi].frame.center
    }

    /// Member `i`'s axis-aligned world bounds at its snapshot.
    /// Proposes member `i` of arrangement `gi` at its start geometry moved by world offset `d`.
    private func proposeMove(_ gi: Int, _ i: Int, by d: Vec2) {
        interactions.proposals[i] = Arrange.moved(
            interactions.active[gi].members.start(i), by: d,
            parentInverse: interactions.active[gi].members.parentInverse(i))
    }

    /// The world bounds of member `i` of arrangement `gi` at its start geometry.
    private func memberBounds(_ gi: Int, _ i: Int) -> Rect {
        let members = interactions.active[gi].members
        let g = members.start(i)
        return Arrange.worldBounds(g, world: members.parentWorld(i) * g.local)
    }

    /// The smallest rectangle holding `a` and `b`.
    private func union(_ a: Rect, _ b: Rect) -> Rect {
        Rect(
            min: Vec2(Swift.min(a.min.x, b.min.x), Swift.min(a.min.y, b.min.y)),
            max: Vec2(Swift.max(a.max.x, b.max.x), Swift.max(a.max.y, b.max.y)))
    }
}
