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
            let now = scene[s].geometry
            let target = FeedField.merged(now, c.after, FeedField.differing(c.before, c.after))
            // (A box whose limits changed since is no longer in any step: see `configure`.)
            guard scene.behavior(s).admits(target) else { continue }
            scene.commitExact(s, target)
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
        var narrowed: [Change] = []
        for i in t.states.indices where t.states[i].before.exists && t.states[i].after.exists {
            let now = snapshot(t.states[i].box)
            guard now.exists else { continue }
            let b = t.states[i].before
            t.states[i].after.geometry = FeedField.merged(
                now.geometry, t.states[i].after.geometry, FeedField.differing(b.geometry, t.states[i].after.geometry))
            if b.parent == t.states[i].after.parent && b.order == t.states[i].after.order {
                t.states[i].after.parent = now.parent
                t.states[i].after.depth = now.depth
                t.states[i].after.order = now.order
            }
            if b.behavior == t.states[i].after.behavior { t.states[i].after.behavior = now.behavior }
            if b.hooks == t.states[i].after.hooks { t.states[i].after.hooks = now.hooks }
            if b.home.sameBits(t.states[i].after.home) { t.states[i].after.home = now.home }
            if narrowed.isEmpty { narrowed = t.changes.all }
            if i < narrowed.count && narrowed[i].box == t.states[i].box {
                narrowed[i].before = now.geometry
                narrowed[i].after = t.states[i].after.geometry
                narrowed[i].parent = t.states[i].after.parent
            }
        }
        if !narrowed.isEmpty { t.changes = ChangeList(narrowed) }
    }

    /// HISTORY_SKIPPED for each box recorded step `t` (as undo or redo shows it) should have put
    /// somewhere and could not: destroyed by another peer, or its parent gone.
    @inline(never) func skipMissing(_ t: Transaction) {
        for st in t.states where st.after.exists {
            guard let s = scene.slot(st.box) else {
                skipped(st.box)
                continue
            }
            let p = scene[s].parent
            if (p >= 0 ? scene.id(p) : .none) != st.after.parent { skipped(st.box) }
        }
    }

    /// HISTORY_SKIPPED for box `id` (its user data when it is alive).
    @inline(never) private func skipped(_ id: BoxID) {
        let userData = scene.slot(id).map { scene[$0].userData } ?? 0
        queue(Event(kind: .historySkipped, box: id, userData: userData, time: time))
    }
}
