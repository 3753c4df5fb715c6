/// Undo and redo of this peer's own steps among other peers' changes (docs/multiplayer.md): a
/// step puts back only the fields it changed (a gesture's, and a recorded step's), and a box another peer destroyed (or whose
/// parent went) is left out of the step with HISTORY_SKIPPED, never brought back.
extension Engine {
    /// Puts each box of `changes` (a step's, as undo or redo shows it) back: the geometry fields
    /// in which its `before` and `after` differ take `after`'s, the others stay as they are now.
    /// Returns the changes as they happened (`before`: where the box was).
    @inline(never) func putBackFields(_ changes: ChangeList) -> ChangeList {
        var done: [Change] = []
        done.reserveCapacity(changes.count)
        for i in changes.indices {
            let c = changes[i]
            guard let s = scene.slot(c.box) else {
                skipped(c.box)
                continue
            }
            stopReset(on: c.box, committing: false)
            let now = scene.slots[Int(s)].geometry
            let target = FeedField.merged(now, c.after, FeedField.differing(c.before, c.after))
            // (A box whose limits changed since is no longer in any step: see `configure`.)
            guard scene.behavior(s).admits(target) else { continue }
            scene.commit(s, target)
            scene.slots[Int(s)].geometry = target
            done.append(Change(box: c.box, parent: c.parent, before: now, after: target))
        }
        return ChangeList(done)
    }

    /// Recorded step `t` (as undo or redo shows it) narrowed to what it changed: each box that
    /// exists on both sides of the step and now keeps its present values of the fields the step
    /// left alone (other peers' changes to them since stay) and takes the step's other side of
    /// the rest: each geometry field, the place (parent and draw order, together), the behaviour
    /// (one field, as the change feed has it), the hooks and the reset geometry. Its changes show
    /// the geometry as it is now and as it will be.
    @inline(never) func narrowRecorded(_ t: inout Transaction) {
        var changes = t.changes.all
        var narrowed = false
        for i in t.states.indices {
            let st = t.states[i]
            guard st.before.exists && st.after.exists else { continue }
            let now = snapshot(st.box)
            guard now.exists else { continue }
            var target = now
            target.geometry = FeedField.merged(
                now.geometry, st.after.geometry, FeedField.differing(st.before.geometry, st.after.geometry))
            if st.before.parent != st.after.parent || st.before.order != st.after.order {
                target.parent = st.after.parent
                target.depth = st.after.depth
                target.order = st.after.order
            }
            if st.before.behavior != st.after.behavior { target.behavior = st.after.behavior }
            if st.before.hooks != st.after.hooks { target.hooks = st.after.hooks }
            if !st.before.home.sameBits(st.after.home) { target.home = st.after.home }
            t.states[i].after = target
            if i < changes.count && changes[i].box == st.box {
                changes[i] = Change(box: st.box, parent: target.parent, before: now.geometry, after: target.geometry)
                narrowed = true
            }
        }
        if narrowed { t.changes = ChangeList(changes) }
    }

    /// HISTORY_SKIPPED for each box recorded step `t` (as undo or redo shows it) should have put
    /// somewhere and could not: destroyed by another peer, or its parent gone.
    @inline(never) func skipMissing(_ t: Transaction) {
        for st in t.states where st.after.exists {
            guard let s = scene.slot(st.box) else {
                skipped(st.box)
                continue
            }
            let p = scene.slots[Int(s)].parent
            if (p >= 0 ? scene.id(p) : .none) != st.after.parent { skipped(st.box) }
        }
    }

    /// HISTORY_SKIPPED for box `id` (its user data when it is alive).
    @inline(never) private func skipped(_ id: BoxID) {
        let userData = scene.slot(id).map { scene.slots[Int($0)].userData } ?? 0
        queue(Event(kind: .historySkipped, box: id, userData: userData, time: time))
    }
}
