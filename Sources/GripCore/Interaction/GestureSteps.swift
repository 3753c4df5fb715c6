/// One step of each gesture kind, the same code whether it acts on one box or on a selection:
/// the frame's next geometry or transform comes from its snapshot and the input now through the
/// pure manipulation code (Manipulation/), each member gets its proposal (the frame itself for
/// one box; the frame's transform carried into its parent space for a selection), containment
/// applies (Interaction/GestureContainment.swift), then one commit: each member through its
/// constraints, CHANGED once with the box's id (one box) or GRIP_SELECTION (a group). What is
/// particular to one box (its rotation snap, scale limits, resize mode, custom handles) is the
/// set-of-one case of these functions. Resizes are in Interaction/GestureResize.swift.
extension Engine {
    /// Steps the gesture on `box` (`.selection`: the selection's) after `pointer` moved: the
    /// next geometry of every member from the snapshots and the pointers now.
    @_optimize(speed) func stepGesture(of box: BoxID, pointer: UInt32) {
        guard let gi = gesture(on: box), let ti = input.pointers.index(pointer) else { return }
        let position = input.pointers.items[ti].position, modifiers = input.pointers.items[ti].modifiers
        let toFrame = screenToFrame(gi)
        let p = toFrame.apply(position)
        snapping.active = false  // until a move or resize of this step snaps
        switch interactions.active[gi].kind {
        case .move:
            guard stepMove(gi, to: p, modifiers: modifiers, pointer: pointer, at: position) else { return }
        case .resize:
            stepResize(gi, to: p, modifiers: modifiers)
        case .rotate:
            guard stepRotate(gi, to: p, modifiers: modifiers) else { return }
        case .pinch:
            guard stepPinch(gi, toFrame) else { return }
        case .handle:
            guard stepCustomHandle(gi, to: p) else { return }
        case .magnify, .marquee, .reset, .nudge, .arrange:
            return
        }
        guard commitGesture(gi, pointer: pointer, at: position) else { return }
        if snapping.config.flags != 0 || !snapping.marks.isEmpty { updateSnapMarks(gi) }
    }

    /// The proposal of a gesture whose frame is its one member (one box).
    @inline(__always) func propose(_ g: BoxGeometry) { interactions.proposal = g }

    /// Fills the proposals with every member of gesture `gi` under similarity `t` of the frame's
    /// space (a selection's: the world).
    @_optimize(speed) func propose(_ gi: Int, _ t: GroupTransform.Similarity) {
        interactions.proposals.removeAll(keepingCapacity: true)
        for i in 0..<interactions.active[gi].members.count {
            let start = interactions.active[gi].members.start(i)
            let parentWorld = interactions.active[gi].members.parentWorld(i)
            let parentInverse = interactions.active[gi].members.parentInverse(i)
            interactions.proposals.append(
                GroupTransform.apply(t, to: start, parentWorld: parentWorld, parentInverse: parentInverse))
        }
    }

    // MARK: move

    /// One move step: the frame follows the pointer's displacement `p` - grab (frame space),
    /// snapped, then contained, and every member moves by it. False when the step is done
    /// already (an unconstrained group move commits as it goes).
    @_optimize(speed) private func stepMove(
        _ gi: Int, to p: Vec2, modifiers: UInt32, pointer: UInt32, at position: Vec2
    ) -> Bool {
        var d = p - interactions.active[gi].grabA
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

    // MARK: rotate

    /// One rotate step: the frame turns about its centre by the angle the pointer (`p`, frame
    /// space) sweeps around it, and every member turns with it. shift held: 15-degree steps,
    /// always snapped; one box also snaps to its own `rotation_snap`. False when the pointer is
    /// on the selection's centre (nothing to do).
    @_optimize(speed) private func stepRotate(_ gi: Int, to p: Vec2, modifiers: UInt32) -> Bool {
        let frame = interactions.active[gi].frame, grab = interactions.active[gi].grabA
        let shift = modifiers & Modifiers.shift != 0
        var snap = shift ? Double.pi / 12 : 0, tolerance = snap
        let snapped: Bool
        if interactions.active[gi].frameIsMember {
            let b = scene.behavior(interactions.active[gi].members.first.slot)
            if !shift { snap = b.rotationSnap; tolerance = b.snapTolerance }
            propose(Rotate.apply(frame, grab: grab, pointer: p, snap: snap, tolerance: tolerance))
            refuseUnlessAllFit(gi)
            let r = interactions.proposal.rotation
            snapped = snap > 0 && r == (r / snap).rounded() * snap
        } else {
            guard var turn = Rotate.turn(about: frame.center, from: grab, to: p) else { return false }
            if snap > 0 { turn = Angle.snap(frame.rotation + turn, step: snap, tolerance: tolerance) - frame.rotation }
            interactions.active[gi].turn = turn
            propose(gi, GroupTransform.Similarity(pivot: frame.center, turn: turn))
            refuseUnlessAllFit(gi)
            snapped = shift
        }
        if snapped != interactions.active[gi].snapped {
            interactions.active[gi].snapped = snapped
            scene.drawnStateChanged()
        }
        return true
    }

    // MARK: pinch

    /// One two-pointer step: the frame follows the pointers' centroid, distance and angle
    /// (`toFrame`: screen -> frame space), each part as every member allows and the scale within
    /// every member's limits. False when a pointer is gone.
    @_optimize(speed) private func stepPinch(_ gi: Int, _ toFrame: Affine) -> Bool {
        guard let second = interactions.active[gi].secondPointer,
            let ia = input.pointers.index(interactions.active[gi].pointer),
            let ib = input.pointers.index(second)
        else { return false }
        let a = toFrame.apply(input.pointers.items[ia].position), b = toFrame.apply(input.pointers.items[ib].position)
        let a0 = interactions.active[gi].grabA, b0 = interactions.active[gi].grabB
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

    // MARK: magnify

    /// Steps magnify gesture `gi` with `e`: the preview about the focal point while it moves (the
    /// factor within `Magnify.previewRange`; a selection's also within every member's scale
    /// limits), at UP the committed scale (one box: its scale limits, applied by the commit that
    /// ends it), the snapshots back at CANCEL.
    @_optimize(speed) func stepMagnify(_ gi: Int, _ e: MagnifyEvent) {
        let focal = interactions.active[gi].grabA
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

    // MARK: custom handles

    /// One step of a custom handle (one box): the box's drag hook proposes the geometry for the
    /// pointer at `p` (parent space). A failing or unusable hook is disabled for the rest of the
    /// gesture (false: nothing changes).
    private func stepCustomHandle(_ gi: Int, to p: Vec2) -> Bool {
        guard !interactions.active[gi].dragDisabled, let hooks else { return false }
        let g = interactions.active[gi]
        let s = g.members.first.slot
        let b = scene.behavior(s)
        let start = g.frame
        let point = (start.local.inverse ?? .identity).apply(p)
        let index = Int(g.handle.rawValue - HandleID.custom.rawValue)
        switch hooks.customHandleDrag(box: g.members.first.box, index: index, start: start, point: point) {
        case .success(let proposed)
        where proposed.isValid && proposed.width >= b.minWidth && proposed.height >= b.minHeight:
            propose(proposed)
            refuseUnlessAllFit(gi)
            return true
        case .success:
            interactions.active[gi].dragDisabled = true
            hookFailed(
                HookFailure("custom handle \(index) drag returned an unusable geometry"), slot: s, handle: g.handle)
            return false
        case .failure(let f):
            interactions.active[gi].dragDisabled = true
            hookFailed(f, slot: s, handle: g.handle)
            return false
        }
    }

    // MARK: commit

    /// Commits gesture `gi`'s proposals, first through the selection constraint when the gesture
    /// acts on the selection (Selection/SelectionConstraint.swift), then each member through its
    /// constraints: CHANGED once when
    /// any box moved (unless not `emitting`), with the box's id, or GRIP_SELECTION for a group,
    /// reporting `pointer` at screen point `q`. A step that would give one box an unusable
    /// geometry changes nothing (false); a group's members are carried by similarities and
    /// stretches of valid geometry.
    @discardableResult
    @_optimize(speed) func commitGesture(
        _ gi: Int, pointer: UInt32, at q: Vec2, emitting: Bool = true
    ) -> Bool {
        constrainSelection(gi)
        var changed = false
        var last: Int32 = -1
        if interactions.active[gi].frameIsMember {
            // One box (alive while its gesture lasts): its proposal is the frame's.
            let proposed = interactions.proposal
            guard proposed.isValid else { return false }
            last = interactions.active[gi].members.first.slot
            guard let next = admitted(constrained(proposed, gesture: gi, slot: last), gesture: gi, slot: last) else {
                return false
            }
            interactions.active[gi].members.first.current = next
            changed = scene.commit(last, next)
        } else {
            guard let (moved, slot) = commitMembers(gi) else { return false }
            changed = moved
            last = slot
        }
        guard changed && emitting else { return true }
        let kind = interactions.active[gi].kind.gesture, handle = interactions.active[gi].activeHandle
        if interactions.active[gi].group {
            emitSelectionEvent(.gestureChanged, kind, handle: handle, pointer: pointer, at: viewInverse.apply(q))
        } else {
            emit(.gestureChanged, kind, slot: last, handle: handle, pointer: pointer, at: viewInverse.apply(q))
        }
        return true
    }

    /// `commitGesture` for the members of a gesture whose frame is not its member: whether any
    /// box moved and the last member's slot, or nil without a proposal for each.
    /// A step that would give any member a geometry it may not have (GeometryLimits.swift) is
    /// refused as a whole: nothing moves.
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
