/// Steps: how an interaction that changed geometry becomes one COMMITTED event and one entry of
/// the undo history, and how undo and redo put a step's boxes and selection back. Everything here
/// hangs off the lifecycle's end (Interaction/Lifecycle.swift) and the scene's commit chokepoint;
/// there is no second path that moves boxes.
extension Engine {
    /// Records interaction `g`, which has ended, as one step when it changed any box: COMMITTED,
    /// and the history. The step lists each box that changed (every member, for a group), from
    /// its snapshot to where it is now.
    func commitStep(of g: Interaction) {
        var changes: [Change] = []
        var changed = false
        for k in 0..<g.members.count {
            let box = g.members.box(k)
            guard let s = scene.slot(box) else { continue }
            let start = g.members.start(k), now = scene[s].geometry
            let moved = !now.sameBits(start)
            changed = changed || moved
            guard moved || g.group else { continue }
            let p = scene[s].parent
            changes.append(Change(box: box, parent: p >= 0 ? scene.id(p) : .none, before: start, after: now))
        }
        guard changed else { return }
        // A selection the step did not change is held once (both sides share the array).
        let after = selection.members
        let t = Transaction(
            gesture: g.kind.gesture, group: g.group, changes: changes,
            selectionBefore: g.selectionBefore, selectionAfter: after == g.selectionBefore ? g.selectionBefore : after)
        history.record(t, limit: config.historyLimit, byteLimit: config.historyBytesLimit)
        freeReleasedSlots()
        emitTransaction(.committed, t)
    }

    /// Undoes the newest step: every box in it back to its "before" geometry and the selection
    /// to what it was, at once; UNDONE. `.done` when there is nothing to undo; throws STATE while
    /// a gesture is in progress. A nudge run in progress is committed first (and is what is undone).
    public func undo() throws(GripError) -> Status {
        try walkHistory(undoing: true)
    }

    /// Re-applies the newest undone step (its "after" geometry and selection); REDONE. `.done`
    /// when there is nothing to redo; throws STATE while a gesture is in progress.
    public func redo() throws(GripError) -> Status {
        try walkHistory(undoing: false)
    }

    /// Forgets every step. Throws STATE while a gesture is in progress or a recorded step is open.
    public func clearHistory() throws(GripError) {
        if interactions.anyGesture { throw .state("a gesture is in progress; clear the history after it ends") }
        try refuseWhileRecording("clearing the history")
        settleNudge()
        history.clear()
        freeReleasedSlots()
    }

    /// How many steps undo and redo can take now.
    public var historyDepth: (undo: Int, redo: Int) { (history.undoCount, history.redo.count) }

    /// The bytes the undo and redo steps hold now (what `history_bytes_limit` bounds).
    public var historyBytes: UInt64 { history.bytes }

    /// Steps moved inside the undo list since the engine was made: dropping the oldest step moves
    /// none, and the list's dead front is cut off only once it is half the list.
    public var historyStepsMoved: UInt64 { history.stepsMoved }

    private func walkHistory(undoing: Bool) throws(GripError) -> Status {
        if interactions.anyGesture {
            throw .state("a gesture is in progress; \(undoing ? "undo" : "redo") after it ends")
        }
        try refuseWhileRecording(undoing ? "undoing" : "redoing")
        settleNudge()
        if let top = undoing ? history.newestUndo : history.newestRedo, top.isRecorded,
            restoreExceedsLimit(undoing ? top.reversed.states : top.states)
        {
            throw GripError(
                .limit,
                "\(undoing ? "undoing" : "redoing") the step would bring back more than max_boxes (\(config.maxBoxes)) boxes"
            )
        }
        guard let step = undoing ? history.popUndo() : history.popRedo() else { return .done }
        var shown = undoing ? step.reversed : step
        if shown.isRecorded {
            // Only what the step changed goes back (Sync/OwnUndo.swift); each box as it is now,
            // which other peers' changes may have made different from the step's other side:
            // the feed lists what the undo or redo really changed.
            narrowRecorded(&shown)
            for i in shown.states.indices { shown.states[i].before = snapshot(shown.states[i].box) }
            restore(shown.states)
            skipMissing(shown)
        } else {
            // Only the fields the step changed go back: other peers' changes to the rest stay
            // (Sync/RemoteApply.swift); a box another peer destroyed is skipped.
            shown.changes = putBackFields(shown.changes)
        }
        setSelection(shown.selectionAfter.filter { scene.slot($0) != nil })
        keepSelectionApart()
        emitTransaction(undoing ? .undone : .redone, shown)
        freeReleasedSlots()
        return .ok
    }

    /// The host changed boxes `ids` itself (configure, re-parent, destroy): no step restores them.
    func dropFromHistory(_ ids: [BoxID]) {
        history.drop(ids)
        freeReleasedSlots()
    }
}
