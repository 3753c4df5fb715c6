/// Undo and redo of this peer's own steps among other peers' changes (docs/multiplayer.md): a
/// gesture's step puts back only the fields it changed, and a box another peer destroyed (or whose
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
