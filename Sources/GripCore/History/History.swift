/// The engine's undo history: the last `history_limit` steps that can be undone (fewer when they
/// hold more than `history_bytes_limit` bytes; the newest is kept whatever its size), and the ones
/// undone since the last new step (which redo re-applies). Steps are recorded by the lifecycle
/// when an interaction ends (History/Commits.swift); a box the host configures, re-parents or
/// destroys is dropped from every step, so undo never fights the host's own edits.
struct History {
    private(set) var undo: [Transaction] = []
    private(set) var redo: [Transaction] = []
    /// Per box slot: how many steps (undo and redo) mention it, so dropping a box that is in none
    /// costs nothing.
    private var mentions: [UInt32] = []
    /// The bytes the steps of both lists hold (`bytes(of:)` summed).
    private(set) var bytes: UInt64 = 0

    /// What one step holds in memory: the step, its changes and its two selections.
    static func bytes(of t: Transaction) -> UInt64 {
        UInt64(MemoryLayout<Transaction>.stride) + UInt64(t.changes.count) * UInt64(MemoryLayout<Change>.stride)
            + UInt64(t.selectionBefore.count + t.selectionAfter.count) * UInt64(MemoryLayout<BoxID>.stride)
    }

    /// Records `t` as the newest step (what could be redone is gone), keeping at most `limit`
    /// steps and, of the older ones, no more than fit in `byteLimit` bytes with it.
    mutating func record(_ t: Transaction, limit: Int, byteLimit: UInt64) {
        while let old = redo.popLast() { forget(old) }
        guard limit > 0 else { return }
        undo.append(t)
        count(t, 1)
        bytes += Self.bytes(of: t)
        var oldest = 0
        while oldest < undo.count - 1 && (undo.count - oldest > limit || bytes > byteLimit) {
            forget(undo[oldest])
            oldest += 1
        }
        undo.removeFirst(oldest)
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
        bytes = 0
        for t in undo { bytes += Self.bytes(of: t) }
        for t in redo { bytes += Self.bytes(of: t) }
        for id in ids where Int(id.index) < mentions.count && mentions[Int(id.index)] == dropping {
            mentions[Int(id.index)] = 0
        }
    }

    /// Forgets every step.
    mutating func clear() {
        undo.removeAll()
        redo.removeAll()
        bytes = 0
        for i in mentions.indices { mentions[i] = 0 }
    }

    /// Takes a step that leaves the history out of the mention counts and the byte count.
    private mutating func forget(_ t: Transaction) {
        count(t, -1)
        bytes -= Self.bytes(of: t)
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
