/// A step the host records itself (`grip_history_begin` ... `grip_history_commit`): the calls in
/// between that change boxes (configure, behaviour, editing, hooks, create, destroy, re-parent,
/// reorder) become one entry of the undo history, undone and redone in order with the gestures'
/// steps, and one COMMITTED event. Each box is kept as it was when a call first touched it
/// (`BoxSnapshot`); the commit compares it with the box now. While a step is open no input is
/// dispatched and undo, redo and the history's clearing are refused, so nothing else moves the
/// boxes it holds.
struct RecordedStep {
    /// Commits with the same nonzero key merge into one step (a slider's edits).
    var mergeKey: UInt64
    var selectionBefore: [BoxID]
    /// The boxes touched, in the order they were first touched, and each one's state then.
    var boxes: [BoxID] = []
    var before: [BoxSnapshot] = []
}

extension Engine {
    /// Whether a recorded step is open.
    public var isRecording: Bool { recording != nil }

    /// Opens a recorded step. `mergeKey` nonzero: when committed, the step merges into the newest
    /// step if that one was committed with the same key, over the same boxes, and nothing else
    /// entered or left the history since (a slider dragging one property). A nudge run in progress
    /// is committed first. Throws STATE while a step is open or a gesture is in progress.
    public func beginRecording(mergeKey: UInt64 = 0) throws(GripError) {
        if recording != nil {
            throw .state("a recorded step is already open; commit or cancel it before beginning another")
        }
        if interactions.anyGesture { throw .state("a gesture is in progress; begin a recorded step after it ends") }
        settleNudge()
        recordStamp &+= 1
        if recordStamp == 0 {
            for i in recordMarks.indices { recordMarks[i] = 0 }
            recordStamp = 1
        }
        recording = RecordedStep(mergeKey: mergeKey, selectionBefore: selection.members)
    }

    /// Closes the open step: every box it touched that is not as it was becomes one step of the
    /// history (or merges into the newest, see `beginRecording`), COMMITTED. `.done` when nothing
    /// changed (no step, no event). Throws STATE when no step is open.
    public func commitRecording() throws(GripError) -> Status {
        guard let step = recording else {
            throw .state("no recorded step is open (begin one with grip_history_begin)")
        }
        recording = nil
        var changes: [Change] = []
        var states: [BoxStates] = []
        changes.reserveCapacity(step.boxes.count)
        states.reserveCapacity(step.boxes.count)
        for k in step.boxes.indices {
            let before = step.before[k], after = snapshot(step.boxes[k])
            if before.same(after) { continue }
            states.append(BoxStates(box: step.boxes[k], before: before, after: after))
            changes.append(
                Change(
                    box: step.boxes[k], parent: after.exists ? after.parent : before.parent,
                    before: before.exists ? before.geometry : .absent, after: after.exists ? after.geometry : .absent))
        }
        defer { endRecording(step) }
        guard !changes.isEmpty else { return .done }
        let t = Transaction(
            gesture: .host, group: false, changes: changes, selectionBefore: step.selectionBefore,
            selectionAfter: selection.members, states: states, mergeKey: step.mergeKey)
        if !history.merge(t) {
            history.record(t, limit: config.historyLimit, byteLimit: config.historyBytesLimit)
        }
        emitTransaction(.committed, t)
        return .ok
    }

    /// Closes the open step putting every box it touched back as it was, bit for bit (boxes it
    /// created are destroyed, boxes it destroyed come back with their ids), and the selection as
    /// it was at the begin; no step, no COMMITTED. Throws STATE when no step is open.
    public func cancelRecording() throws(GripError) {
        guard let step = recording else {
            throw .state("no recorded step is open (begin one with grip_history_begin)")
        }
        recording = nil
        var states: [BoxStates] = []
        for k in step.boxes.indices {
            let now = snapshot(step.boxes[k])
            if !now.same(step.before[k]) {
                states.append(BoxStates(box: step.boxes[k], before: now, after: step.before[k]))
            }
        }
        if !states.isEmpty { restore(states) }
        setSelection(step.selectionBefore.filter { scene.slot($0) != nil })
        keepSelectionApart()
        endRecording(step)
    }

    /// Throws STATE while a recorded step is open: `what` (input, undo, ...) waits for its end.
    func refuseWhileRecording(_ what: String) throws(GripError) {
        if recording != nil { throw .state("a recorded step is open; commit or cancel it before \(what)") }
    }

    /// Keeps box `id` (live) as it is now in the open step, unless a call touched it before.
    /// Nothing happens when no step is open.
    @inline(__always) func noteForStep(_ id: BoxID) {
        if recording != nil { noteBox(id, created: false) }
    }

    /// Box `id`, just created, joins the open step as not existing before it.
    @inline(__always) func noteCreatedForStep(_ id: BoxID) {
        if recording != nil { noteBox(id, created: true) }
    }

    /// The slots of boxes `doomed`, about to be destroyed inside the open step: each kept as it
    /// is now and held (`History.park`) so that undo can bring it back with its id.
    func noteDestroyedForStep(_ doomed: [Int32]) {
        guard recording != nil else { return }
        // Room for the whole subtree at once, growing at least twofold (many small destroys in
        // one step stay linear).
        let n = recording?.boxes.count ?? 0
        if n + doomed.count > (recording?.boxes.capacity ?? 0) {
            let room = Swift.max(n + doomed.count, 2 * n)
            recording?.boxes.reserveCapacity(room)
            recording?.before.reserveCapacity(room)
        }
        for s in doomed {
            noteBox(scene.id(s), created: false)
            history.park(s)
        }
    }

    private func noteBox(_ id: BoxID, created: Bool) {
        let i = Int(id.index)
        if i >= recordMarks.count { recordMarks.append(contentsOf: repeatElement(0, count: i + 1 - recordMarks.count)) }
        guard recordMarks[i] != recordStamp else { return }
        recordMarks[i] = recordStamp
        recording?.boxes.append(id)
        recording?.before.append(created ? BoxSnapshot() : snapshot(id))
        history.mention(id.index, 1)
    }

    /// The open step's holds on its boxes end; slots no step mentions any more are freed.
    private func endRecording(_ step: RecordedStep) {
        for b in step.boxes { history.mention(b.index, -1) }
        freeReleasedSlots()
    }

    /// Frees the parked slots no step mentions any more (`History.takeReleased`).
    func freeReleasedSlots() {
        for s in history.takeReleased()
        where !scene[s].alive {
            scene.freeSlot(s)
        }
    }
}
