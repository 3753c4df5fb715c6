/// Changing and reading the selection. Every change goes through `setSelection`, which keeps the
/// boxes' marks, redraws the overlay and emits SELECTION_CHANGED when the set changed.
extension Engine {
    /// The selected boxes, in the order they were selected.
    public var selectedBoxes: [BoxID] { selection.members }

    /// Changes the selection as the host asks (`grip_select`). `id` none with `.replace` clears
    /// it. Adding a box removes its ancestors and descendants from the selection. Throws for an
    /// unknown box and while a gesture acts on the selection; changes nothing then.
    public func select(_ id: BoxID, _ op: SelectOp) throws(GripError) {
        if id == .none {
            guard op == .replace else { throw .arg("only GRIP_SELECT_REPLACE takes GRIP_NO_BOX (to clear)") }
        } else {
            _ = try slot(id)
        }
        if selectionGestureActive() || (id != .none && hasGesture(on: id)) {
            throw .state("a gesture is active on the selection; change it after the gesture ends")
        }
        if op == .add || (op == .toggle && id != .none && !isSelected(id)) {
            addToSelection(id)
        } else {
            setSelection(selection(after: op, of: id))
        }
    }

    /// Whether box `id` is selected (by its mark: no scan of the selection).
    func isSelected(_ id: BoxID) -> Bool {
        guard let s = scene.slot(id) else { return false }
        return scene[s].selection != .none
    }

    /// Adds box `id` (live) to the selection, taking out its selected ancestor or descendants:
    /// the cost is the box's depth and subtree, not the size of the selection.
    @_optimize(speed) func addToSelection(_ id: BoxID) {
        guard let s = scene.slot(id), scene[s].selection == .none else { return }
        settleNudge()
        var related: [BoxID] = []
        var p = scene[s].parent
        while p >= 0 {
            if scene[p].selection != .none { related.append(scene.id(p)) }
            p = scene[p].parent
        }
        var x = scene.nextInDrawOrder(s, within: s)
        while let c = x {
            if scene[c].selection != .none { related.append(scene.id(c)) }
            x = scene.nextInDrawOrder(c, within: s)
        }
        if !related.isEmpty {
            setSelection(selection.members.filter { !related.contains($0) } + [id])
            return
        }
        selection.members.append(id)
        if selection.members.count == 2, let first = scene.slot(selection.members[0]) {
            scene.markSelection(first, .member)
        }
        scene.markSelection(s, selection.members.count == 1 ? .alone : .member)
        selectionChanged()
    }

    /// The selection `op` of box `id` makes from the current one.
    func selection(after op: SelectOp, of id: BoxID) -> [BoxID] {
        var members = selection.members
        let isMember = members.contains(id)
        switch op {
        case .replace:
            return id == .none ? [] : [id]
        case .remove:
            members.removeAll { $0 == id }
            return members
        case .toggle where isMember:
            members.removeAll { $0 == id }
            return members
        case .add, .toggle:
            return selection(adding: id, to: members)
        }
    }

    /// `members` with box `id` added last (unless it is in already), its ancestors and
    /// descendants taken out.
    func selection(adding id: BoxID, to members: [BoxID]) -> [BoxID] {
        guard !members.contains(id), let s = scene.slot(id) else { return members }
        var out = members
        out.removeAll { m in
            guard let x = scene.slot(m) else { return true }
            return scene.isAncestor(x, of: s) || scene.isAncestor(s, of: x)
        }
        out.append(id)
        return out
    }

    /// Makes `members` the selection (they are live and none is another's ancestor): marks,
    /// overlay, frame orientation and SELECTION_CHANGED, when the set differs.
    func setSelection(_ members: [BoxID]) {
        var members = members
        setSelection(swapping: &members)
    }

    /// `setSelection(members)`, the two arrays trading places: `members` gets the selection's
    /// buffer from before when the set changed (a caller that keeps it allocates nothing).
    func setSelection(swapping members: inout [BoxID]) {
        if members == selection.members { return }
        settleNudge()
        for m in selection.members { if let s = scene.slot(m) { scene.markSelection(s, .none) } }
        let mark: SelectionMark = members.count == 1 ? .alone : .member
        for m in members { if let s = scene.slot(m) { scene.markSelection(s, mark) } }
        swap(&selection.members, &members)
        selectionChanged()
    }

    /// `setSelection(swapping: &members)` for a caller that knows how the set changes: `members`
    /// is the selection with the boxes of slots `left` taken out and those of slots `joined` put
    /// in (each list without repeats, no slot in both; the order of `members` is the new order).
    /// Only those boxes' marks are written while the selection holds two or more boxes before and
    /// after, so the cost follows the change, not the size of the set.
    func setSelection(swapping members: inout [BoxID], joined: [Int32], left: [Int32]) {
        if joined.isEmpty && left.isEmpty { return }
        guard selection.members.count >= 2 && members.count >= 2 else {
            setSelection(swapping: &members)
            return
        }
        settleNudge()
        for s in left { scene.markSelection(s, .none) }
        for s in joined { scene.markSelection(s, .member) }
        swap(&selection.members, &members)
        selectionChanged()
    }

    /// After the set changed: the frame's orientation starts over, the overlay is redrawn,
    /// SELECTION_CHANGED.
    private func selectionChanged() {
        selection.version &+= 1
        selection.orientation = 0
        if input.hover.box != .none, let s = scene.slot(input.hover.box) { scene.restyle(s) }
        scene.overlayMembershipChanged()
        scene.drawnStateChanged()
        queue(Event(kind: .selectionChanged, box: .selection, userData: 0, time: time))
    }

    /// Takes boxes that no longer exist out of the selection (after a destroy).
    func dropDestroyedFromSelection() {
        let live = selection.members.filter { scene.slot($0) != nil }
        if live.count == selection.members.count { return }
        // The destroyed boxes' slots are free: their marks went with them. Re-mark the rest.
        selection.members.removeAll()
        for m in live { if let s = scene.slot(m) { scene.markSelection(s, .none) } }
        setSelection(live)
        // setSelection saw no change (both empty): say it here.
        if live.isEmpty { selectionChanged() }
    }

    /// After a box moved in the hierarchy (or undo / redo put a selection back): a selected box
    /// and a selected ancestor or descendant of it are not both kept (the one selected earlier
    /// stays). Boxes kept and the ancestors of boxes kept carry pick marks, so the cost is the
    /// members' depth, not the square of their number.
    func keepSelectionApart() {
        guard selection.members.count >= 2 else { return }
        let kept = selection.nextPickStamp(slots: scene.slotCount)
        let above = selection.nextPickStamp(slots: scene.slotCount)
        var out: [BoxID] = []
        out.reserveCapacity(selection.members.count)
        for m in selection.members {
            guard let x = scene.slot(m), selection.pickMarks[Int(x)] != above else { continue }
            var p = scene[x].parent, clash = false
            while p >= 0 && !clash { clash = selection.pickMarks[Int(p)] == kept; p = scene[p].parent }
            if clash { continue }
            selection.pickMarks[Int(x)] = kept
            out.append(m)
            // Its ancestors lie above a kept box (those marked already have theirs marked too).
            p = scene[x].parent
            while p >= 0 && selection.pickMarks[Int(p)] != above {
                selection.pickMarks[Int(p)] = above
                p = scene[p].parent
            }
        }
        setSelection(out)
    }

    /// Whether a gesture acts on the selection: a marquee (which picks it), the selection's own
    /// gesture, or the only selected box's (a member of several is in no gesture of its own:
    /// pressing it acts on them all).
    func selectionGestureActive() -> Bool {
        if interactions.groupGesture() != nil || interactions.marquee() != nil { return true }
        return selection.members.count == 1 && hasGesture(on: selection.members[0])
    }

    /// Whether two or more boxes are selected (the selection then has its own overlay and handles).
    @inline(__always) var multipleSelected: Bool { selection.members.count >= 2 }

    /// The selection frame in world coordinates (scale 1, no flips), or nil when nothing is
    /// selected: oriented at the members' world rotation when they all share one (within 1e-9
    /// rad), else at `selection.orientation`. While the member outlines of the frame built last
    /// hold the members' corners, they are read instead of the members.
    @_optimize(speed) func selectionFrame() -> BoxGeometry? {
        if outlinesHoldMembers { return selectionFrameFromOutlines() }
        return selectionFrameFromMembers()
    }

    /// `selectionFrame()` from the members' geometry.
    @_optimize(speed) func selectionFrameFromMembers() -> BoxGeometry? {
        guard !selection.members.isEmpty else { return nil }
        if selection.members.count >= 2 { selection.frameScans &+= 1 }
        let rotation = selectionFrameRotation()
        var extent = FrameExtent(rotation)
        for m in selection.members {
            guard let s = scene.slot(m) else { continue }
            let g = scene[s].geometry
            let (p0, p1, p2, p3) = g.corners(scene.world(s))
            extent.include(p0); extent.include(p1); extent.include(p2); extent.include(p3)
        }
        return extent.frame(rotation: rotation)
    }

    /// The world rotation of the selection frame (the selection is not empty).
    @_optimize(speed) private func selectionFrameRotation() -> Double {
        let (shared, common) = selectionAxes()
        return selectionFrameRotation(shared: shared, common: common)
    }

    /// Whether the members share a world rotation, and the first one's.
    @_optimize(speed) func selectionAxes() -> (shared: Bool, common: Double?) {
        // Shared when every member's frame x axis points the first one's way (within 1e-9 rad:
        // the sine of the angle between them); one arctangent, for the first.
        var common: Double? = nil
        var shared = true
        var axis = Vec2.zero
        for m in selection.members {
            guard let s = scene.slot(m) else { continue }
            let w = scene.world(s)
            let fx = scene[s].geometry.flippedX ? -1.0 : 1.0
            let u = Vec2(w.a * fx, w.b * fx)
            if common == nil {
                common = Trig.atan2(u.y, u.x)
                axis = u
            } else if abs(axis.cross(u)) > 1e-9 * axis.length * u.length || axis.dot(u) <= 0 {
                shared = false
                break
            }
        }
        return (shared, common)
    }

    /// The world rotation of the selection frame, given whether the members share one and the
    /// first one's.
    @_optimize(speed) func selectionFrameRotation(shared: Bool, common: Double?) -> Double {
        var rotation = shared ? (common ?? 0) : selection.orientation
        // While the whole selection turns, its frame turns with it.
        if !shared, let gi = interactions.groupGesture(),
            interactions[gi].kind == .rotate || interactions[gi].kind == .pinch
        {
            rotation = Angle.wrap(interactions[gi].frame.rotation + interactions[gi].turn)
        }
        return rotation
    }

    /// Selection frames of two or more boxes worked out from every member's geometry since the
    /// engine was made (the others were read from the member outlines laid out last).
    public var selectionFrameScans: UInt64 { selection.frameScans }

    /// The selection as the host sees it (`grip_selection_state_get`); all zero when empty.
    public func selectionState() -> SelectionState {
        guard let f = selectionFrame() else { return SelectionState() }
        let (p0, p1, p2, p3) = f.corners(f.local)
        return SelectionState(
            count: selection.members.count, center: f.center, width: f.width, height: f.height,
            rotation: f.rotation, corners: (p0, p1, p2, p3), gestureActive: selectionGestureActive())
    }
}
