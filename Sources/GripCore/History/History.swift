/// The engine's undo history: the last `history_limit` steps that can be undone, and the ones
/// undone since the last new step (which redo re-applies). Steps are recorded by the lifecycle
/// when an interaction ends (History/Commits.swift); a box the host configures, re-parents or
/// destroys is dropped from every step, so undo never fights the host's own edits.
struct History {
    private(set) var undo: [Transaction] = []
    private(set) var redo: [Transaction] = []
    /// Per box slot: how many steps (undo and redo) mention it, so dropping a box that is in none
    /// costs nothing.
    private var mentions: [UInt32] = []

    /// Records `t` as the newest step (what could be redone is gone), keeping at most `limit`.
    mutating func record(_ t: Transaction, limit: Int) {
        while let old = redo.popLast() { count(old, -1) }
        guard limit > 0 else { return }
        undo.append(t)
        count(t, 1)
        if undo.count > limit { count(undo.removeFirst(), -1) }
    }

    /// The newest step to undo, moved to the redo list; nil when there is none.
    mutating func popUndo() -> Transaction? {
        guard let t = undo.popLast() else { return nil }
        redo.append(t)
        return t
    }

    /// The newest undone step, moved back to the undo list; nil when there is none.
    mutating func popRedo() -> Transaction? {
        guard let t = redo.popLast() else { return nil }
        undo.append(t)
        return t
    }

    /// Removes the boxes `ids` from every step; steps left with no box go too. One pass over the
    /// steps however many boxes go, and none when no step mentions any of them.
    mutating func drop(_ ids: [BoxID]) {
        // The slots to drop carry `dropping` as their mention count during the pass (a real count
        // never gets there: it would take that many entries in memory).
        let dropping = UInt32.max
        var any = false
        for id in ids {
            let i = Int(id.index)
            guard i < mentions.count, mentions[i] > 0 else { continue }
            mentions[i] = dropping
            any = true
        }
        guard any else { return }
        func prune(_ list: inout [Transaction]) {
            for k in list.indices where list[k].changes.contains(where: { mentions[Int($0.box.index)] == dropping }) {
                list[k].changes.removeAll { mentions[Int($0.box.index)] == dropping }
            }
            list.removeAll { $0.changes.isEmpty }
        }
        prune(&undo)
        prune(&redo)
        for id in ids where Int(id.index) < mentions.count && mentions[Int(id.index)] == dropping {
            mentions[Int(id.index)] = 0
        }
    }

    /// Forgets every step.
    mutating func clear() {
        undo.removeAll()
        redo.removeAll()
        for i in mentions.indices { mentions[i] = 0 }
    }

    /// Adds `delta` to the mention count of each box of `t`.
    private mutating func count(_ t: Transaction, _ delta: Int32) {
        for c in t.changes {
            let i = Int(c.box.index)
            if i >= mentions.count { mentions.append(contentsOf: repeatElement(0, count: i + 1 - mentions.count)) }
            mentions[i] = UInt32(clamping: Int64(mentions[i]) + Int64(delta))
        }
    }
}
