/// Other peers' changes (`grip_remote_apply`): they never enter the local history or the feed,
/// and a local gesture goes on through them (docs/multiplayer.md has the rules).
extension Engine {
    /// Applies one change of another peer; all or nothing. Changes to keys no live box has, under
    /// parents that are gone, are skipped (the races of concurrent editing). Throws ARG for bad
    /// numbers or limits, LIMIT for max_boxes or nesting, STATE while a recorded step is open.
    public func applyRemote(_ c: FeedChange) throws(GripError) {
        try refuseWhileRecording("applying other peers' changes")
        if c.key == 0 { throw .arg("key 0 names no box") }
        sync.applying = true
        defer { sync.applying = false }
        switch c.kind {
        case .destroyed:
            if let id = box(withKey: c.key) { remoteDestroy(id) }
        case .changed:
            if let id = box(withKey: c.key) { try remoteChange(id, c, fields: c.fields) }
        case .created:
            if let id = box(withKey: c.key) {
                try remoteChange(id, c, fields: FeedField.all)
                return
            }
            var d = BoxDesc()
            if c.parentKey != 0 {
                guard let p = box(withKey: c.parentKey) else { return }
                d.parent = p
            }
            d.geometry = c.after
            d.behavior = c.behavior
            d.behavior.editing = false
            let id = try createBox(d, key: c.key)
            place(try slot(id), after: c.belowKey)
        }
    }

    /// Takes box `id` out of the local interaction moving it (REMOTE_DROPPED): the rest of a group
    /// goes on; a gesture of it alone ends (CANCELLED, then REMOTE_DROPPED), leaving it where it is.
    private func dropFromInteraction(_ id: BoxID) {
        guard let (gi, k) = interaction(moving: id) else { return }
        stopReset(on: id, committing: false)
        guard let (gi2, k2) = interaction(moving: id), gi2 == gi, k2 == k else { return }
        let gesture = interactions[gi].kind.gesture
        dropMember(k, of: gi)
        sync.pending.removeAll { $0.box == id }
        if let s = scene.slot(id) { emit(.remoteDropped, gesture, slot: s) }
    }

    private func remoteDestroy(_ id: BoxID) {
        guard let s = scene.slot(id) else { return }
        var doomed: [Int32] = []
        Engine.subtree(s, of: &scene, into: &doomed)
        for x in doomed { dropFromInteraction(scene.id(x)) }
        destroySubtrees([s])
    }

    private func remoteChange(_ id: BoxID, _ c: FeedChange, fields: UInt32) throws(GripError) {
        let s = try slot(id)
        var f = fields & FeedField.all
        // Checked before anything changes.
        var behavior = scene.behavior(s)
        if f & FeedField.behavior != 0 {
            let editing = behavior.editing
            behavior = c.behavior
            behavior.editing = editing
            if let p = behavior.problem() { throw .arg(p) }
        }
        var parent = scene[s].parent
        if f & FeedField.parent != 0 {
            var p: Int32 = -1
            if c.parentKey != 0 {
                if let pid = box(withKey: c.parentKey) { p = pid.index } else { p = -2 }
            }
            let depth = p >= 0 ? scene[p].depth + 1 : 0
            if p == -2 || (p >= 0 && scene.isAncestor(s, of: p)) || depth + scene.subtreeHeight(s) >= Scene.maxDepth {
                // (The parent is gone, or the place is one the hierarchy here cannot take.)
                f &= ~(FeedField.parent | FeedField.order | FeedField.geometry)
            } else {
                parent = p
                f |= FeedField.order
            }
        }
        if parent == scene[s].parent { f &= ~FeedField.parent }
        let g = f & FeedField.geometry
        if g != 0, let p = c.after.rangeProblem { throw .arg(p) }
        let target = FeedField.merged(scene[s].geometry, c.after, g)
        var check = BoxDesc()
        check.geometry = target
        check.behavior = behavior
        _ = try validate(check, behaviorChecked: true)

        stopReset(on: id, committing: false)
        if f & FeedField.parent != 0 {
            dropFromInteraction(id)
            cancelMarquee(destroying: nil)
            let from = subtreePlace(s)
            scene.reparent(s, under: parent)
            drawOrderMoved(s, from: from)
            keepSelectionApart()
        }
        if f & FeedField.order != 0 { place(s, after: c.belowKey) }
        if f & FeedField.behavior != 0 {
            let old = scene.behavior(s)
            if old != behavior {
                scene.setBehavior(s, behavior)
                if old.snapTarget != behavior.snapTarget { scene.snapTouched(s) }
                if old.changesHitShape(behavior) { scene.markBoundsDirty(s) }
                scene.restyle(s)
            }
        }
        if g != 0 {
            if let (gi, k) = interaction(moving: id) {
                holdUnderGesture(gi, k, c.after, g)
            } else {
                scene.commitExact(s, target)
            }
        }
        snapUpkeep(boxCall: true)
    }

    /// Remote geometry fields `fields` of member `k` of local interaction `gi`: the ones it
    /// drives wait for its end (`settleRemote`), the others change at once, in its snapshots too.
    private func holdUnderGesture(_ gi: Int, _ k: Int, _ after: BoxGeometry, _ fields: UInt32) {
        let driven = interactions[gi].drivenFields & fields
        let free = fields & ~driven
        let id = interactions[gi].members.box(k)
        if driven != 0 {
            if let h = sync.pending.firstIndex(where: { $0.box == id }) {
                sync.pending[h].geometry = FeedField.merged(sync.pending[h].geometry, after, driven)
                sync.pending[h].fields |= driven
            } else {
                sync.pending.append(RemoteHold(box: id, fields: driven, geometry: after))
            }
        }
        guard free != 0, let s = scene.slot(id) else { return }
        takeRemote(after, fields: free, intoMember: k, of: gi)
        let now = FeedField.merged(scene[s].geometry, after, free)
        scene.commitExact(s, now)
    }

    /// Local interaction `g` ended: cancelled, the remote values held for its members go in (so
    /// every peer has them); committed, its local values won and the held ones go.
    @inline(never) func settleRemote(of g: Interaction, cancelled: Bool) {
        for k in 0..<g.members.count {
            let id = g.members.box(k)
            guard let h = sync.pending.firstIndex(where: { $0.box == id }) else { continue }
            let hold = sync.pending.remove(at: h)
            guard cancelled, let s = scene.slot(id) else { continue }
            let now = FeedField.merged(scene[s].geometry, hold.geometry, hold.fields)
            if scene.behavior(s).admits(now) {
                scene.commitExact(s, now)
            }
        }
    }

    /// Puts live slot `s` just after its sibling with key `belowKey` (0, or a key that is no
    /// sibling: first among its siblings). Orders between two siblings are halved; when none is
    /// left the scene's orders are spread out again.
    private func place(_ s: Int32, after belowKey: UInt64) {
        let parent = scene[s].parent
        var b: Int32 = -1
        if let bid = box(withKey: belowKey), bid.index != s, scene[bid.index].parent == parent {
            b = bid.index
        }
        if scene[s].prevSibling == b { return }
        let from = subtreePlace(s)
        var next =
            b >= 0
            ? scene[b].nextSibling : (parent >= 0 ? scene[parent].firstChild : scene.firstRoot)
        if next == s { next = scene[s].nextSibling }
        if next < 0 {
            _ = scene.reorder(s, .front)
        } else if b < 0 {
            _ = scene.reorder(s, .back)
        } else {
            let gap = scene[next].order, low = scene[b].order
            if gap <= low || gap - low < 2 { scene.spreadOrders() }
            let lo = scene[b].order, hi = scene[next].order
            scene.place(s, under: parent, order: lo + (hi - lo) / 2)
        }
        drawOrderMoved(s, from: from)
    }
}
