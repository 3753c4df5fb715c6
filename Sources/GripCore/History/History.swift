/// The engine's undo history: the last `history_limit` steps that can be undone (fewer when they
/// hold more than `history_bytes_limit` bytes; the newest is kept whatever its size), and the ones
/// undone since the last new step (which redo re-applies). Steps are recorded by the lifecycle
/// when an interaction ends (History/Commits.swift) and by the host (History/RecordedSteps.swift);
/// a box the host configures, re-parents or destroys outside a recorded step is dropped from every
/// step, so undo never fights the host's own edits.
struct History {
    /// The steps undo can take are `undoSteps[undoStart...]`, oldest first: dropping the oldest
    /// step only moves `undoStart`, and the dead front is cut off once it is at least half the
    /// list, so a commit at a full history moves no steps (amortised: each step is moved at most
    /// once per halving).
    private var undoSteps: [Transaction] = []
    private var undoStart = 0
    private(set) var redo: [Transaction] = []
    /// Steps moved inside the undo list since the history was made (compacting its dead front).
    private(set) var stepsMoved: UInt64 = 0
    /// How many steps undo can take.
    var undoCount: Int { undoSteps.count - undoStart }
    /// Per box slot: how many steps (undo and redo) mention it, so dropping a box that is in none
    /// costs nothing.
    private var mentions: [UInt32] = []
    /// The bytes the steps of both lists hold (`bytes(of:)` summed).
    private(set) var bytes: UInt64 = 0
    /// Per box slot: whether the slot is dead but held for a step that may bring its box back
    /// (Scene/Revival.swift); it is released once no step mentions it.
    private var parked: [Bool] = []
    /// Parked slots no step mentions any more, for the engine to free (`takeReleased`).
    private var released: [Int32] = []
    /// Grows with every change of the lists: a recorded step merges only into the newest step
    /// while nothing happened since it was recorded (`lastRecordedSerial`).
    private(set) var serial: UInt64 = 0
    private var lastRecordedSerial: UInt64 = .max

    /// What one step holds in memory: the step, its changes and its two selections.
    static func bytes(of t: Transaction) -> UInt64 {
        UInt64(MemoryLayout<Transaction>.stride) + t.changes.bytes
            + UInt64(t.selectionBefore.count + (t.sharesSelections ? 0 : t.selectionAfter.count))
            * UInt64(MemoryLayout<BoxID>.stride)
            + UInt64(t.states.count) * UInt64(MemoryLayout<BoxStates>.stride)
    }

    /// Records `t` as the newest step (what could be redone is gone), keeping at most `limit`
    /// steps and, of the older ones, no more than fit in `byteLimit` bytes with it.
    mutating func record(_ t: Transaction, limit: Int, byteLimit: UInt64) {
        serial &+= 1
        while let old = redo.popLast() { forget(old) }
        guard limit > 0 else { return }
        undoSteps.append(t)
        count(t, 1)
        bytes += Self.bytes(of: t)
        trim(limit: limit, byteLimit: byteLimit)
        if t.mergeKey != 0 { lastRecordedSerial = serial }
    }

    /// Forgets the oldest undo steps until at most `limit` remain and they hold no more than
    /// `byteLimit` bytes, keeping the newest whatever its size (`limit` 0 forgets them all, and
    /// the redo steps too; otherwise redo steps stay: they go with the next new step). Dropping
    /// the oldest moves no step: the list's start moves, and the dead front is cut off once it
    /// is half the list.
    mutating func trim(limit: Int, byteLimit: UInt64) {
        if limit <= 0 {
            if undoCount > 0 || !redo.isEmpty { clear() }
            return
        }
        let start = undoStart
        while undoCount > 1 && (undoCount > limit || bytes > byteLimit) {
            forget(undoSteps[undoStart])
            // (what the step held is freed now, not when the list is compacted)
            undoSteps[undoStart].changes = ChangeList([])
            undoSteps[undoStart].selectionBefore = []
            undoSteps[undoStart].selectionAfter = []
            undoSteps[undoStart].states = []
            undoStart += 1
        }
        if undoStart != start { serial &+= 1 }
        if undoStart >= 64 && undoStart * 2 >= undoSteps.count { compactUndo() }
    }

    /// Merges recorded step `t` into the newest step when that one is a recorded step with the
    /// same nonzero merge key and the same boxes, in the same order, and nothing happened to the
    /// history since it was recorded: the newest step keeps its "before" and takes `t`'s "after".
    /// Returns whether it merged; the byte limit is not checked again (the newest step stays).
    mutating func merge(_ t: Transaction) -> Bool {
        guard t.mergeKey != 0, serial == lastRecordedSerial, undoCount > 0 else { return false }
        let k = undoSteps.count - 1
        guard undoSteps[k].mergeKey == t.mergeKey, undoSteps[k].changes.count == t.changes.count,
            undoSteps[k].states.count == t.states.count
        else { return false }
        for i in t.changes.indices where undoSteps[k].changes.box(i) != t.changes.box(i) { return false }
        bytes -= Self.bytes(of: undoSteps[k])
        var merged = undoSteps[k].changes.all
        for i in t.changes.indices {
            let c = t.changes[i]
            merged[i].after = c.after
            merged[i].parent = c.parent
            undoSteps[k].states[i].after = t.states[i].after
        }
        undoSteps[k].changes = ChangeList(merged)
        undoSteps[k].selectionAfter = t.selectionAfter
        bytes += Self.bytes(of: undoSteps[k])
        return true
    }

    /// The newest step, nil when there is none (what undo would take).
    var newestUndo: Transaction? { undoCount > 0 ? undoSteps.last : nil }
    /// The newest undone step, nil when there is none (what redo would take).
    var newestRedo: Transaction? { redo.last }

    /// Holds dead slot `s` for a step that may bring its box back: it is not freed until no step
    /// mentions it.
    mutating func park(_ s: Int32) {
        let i = Int(s)
        if i >= parked.count { parked.append(contentsOf: repeatElement(false, count: i + 1 - parked.count)) }
        parked[i] = true
    }

    /// Slot `s` is live again (a step brought its box back).
    mutating func unpark(_ s: Int32) {
        if Int(s) < parked.count { parked[Int(s)] = false }
    }

    /// Whether slot `s` is held for a step.
    func isParked(_ s: Int32) -> Bool { Int(s) < parked.count && parked[Int(s)] }

    /// One mention more (`delta` 1) or less (-1) of slot `s`, for a step being built that is not in
    /// the lists yet (the recorded step open): a parked slot stays held while it is mentioned.
    mutating func mention(_ s: Int32, _ delta: Int32) {
        let i = Int(s)
        if i >= mentions.count { mentions.append(contentsOf: repeatElement(0, count: i + 1 - mentions.count)) }
        mentions[i] = UInt32(clamping: Int64(mentions[i]) + Int64(delta))
        if mentions[i] == 0 { releaseIfParked(i) }
    }

    /// The parked slots no step mentions any more, taken (the engine frees them).
    mutating func takeReleased() -> [Int32] {
        if released.isEmpty { return [] }
        var out: [Int32] = []
        swap(&out, &released)
        return out
    }

    private mutating func releaseIfParked(_ i: Int) {
        guard i < parked.count, parked[i] else { return }
        parked[i] = false
        released.append(Int32(i))
    }

    /// The newest step to undo, moved to the redo list; nil when there is none.
    mutating func popUndo() -> Transaction? {
        guard undoCount > 0, let t = undoSteps.popLast() else { return nil }
        serial &+= 1
        redo.append(t)
        return t
    }

    /// The newest undone step, moved back to the undo list; nil when there is none.
    mutating func popRedo() -> Transaction? {
        guard let t = redo.popLast() else { return nil }
        serial &+= 1
        undoSteps.append(t)
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
        serial &+= 1
        compactUndo()
        func prune(_ list: inout [Transaction]) {
            for k in list.indices
            where list[k].changes.indices.contains(where: { mentions[Int(list[k].changes.box($0).index)] == dropping })
            {
                list[k].changes = list[k].changes.filter(keeping: { mentions[Int($0.index)] != dropping })
                list[k].states.removeAll { mentions[Int($0.box.index)] == dropping }
            }
            list.removeAll { $0.changes.isEmpty }
        }
        prune(&undoSteps)
        prune(&redo)
        bytes = 0
        for t in undoSteps { bytes += Self.bytes(of: t) }
        for t in redo { bytes += Self.bytes(of: t) }
        for id in ids where Int(id.index) < mentions.count && mentions[Int(id.index)] == dropping {
            mentions[Int(id.index)] = 0
            releaseIfParked(Int(id.index))
        }
    }

    /// Forgets every step.
    mutating func clear() {
        serial &+= 1
        undoSteps.removeAll()
        undoStart = 0
        redo.removeAll()
        bytes = 0
        for i in mentions.indices { mentions[i] = 0 }
        for i in parked.indices where parked[i] { releaseIfParked(i) }
    }

    /// Cuts the dead front off the undo list (the steps already dropped), moving the live ones down.
    private mutating func compactUndo() {
        guard undoStart > 0 else { return }
        stepsMoved &+= UInt64(undoSteps.count - undoStart)
        undoSteps.removeFirst(undoStart)
        undoStart = 0
    }

    /// Takes a step that leaves the history out of the mention counts and the byte count.
    private mutating func forget(_ t: Transaction) {
        count(t, -1)
        bytes -= Self.bytes(of: t)
    }

    /// Adds `delta` to the mention count of each box of `t`.
    private mutating func count(_ t: Transaction, _ delta: Int32) {
        for k in t.changes.indices {
            let i = Int(t.changes.box(k).index)
            if i >= mentions.count { mentions.append(contentsOf: repeatElement(0, count: i + 1 - mentions.count)) }
            mentions[i] = UInt32(clamping: Int64(mentions[i]) + Int64(delta))
            if mentions[i] == 0 { releaseIfParked(i) }
        }
    }
}
