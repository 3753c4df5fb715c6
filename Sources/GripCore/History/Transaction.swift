/// One step of editing: every box a gesture, nudge run, reset or recorded step changed, and the
/// selection before and after it. It is what a COMMITTED event lists and what undo and redo restore.
public struct Transaction: Sendable {
    /// The gesture that made it (`.nudge`, `.reset` or a pointer gesture's kind).
    public var gesture: GestureKind
    /// Whether it acted on the selection as a whole (its events carry GRIP_SELECTION).
    public var group: Bool
    /// Each box it changed, before and after (held compactly, `ChangeList`).
    public var changes: ChangeList
    var selectionBefore: [BoxID]
    var selectionAfter: [BoxID]
    /// A recorded step's (History/RecordedSteps.swift) whole state of each box of `changes`, in the
    /// same order: what its undo and redo put back beyond geometry (existence, parent, draw order,
    /// behaviour, home, hooks). Empty for every other step.
    package var states: [BoxStates] = []
    /// A recorded step's merge key (0: it never merges).
    var mergeKey: UInt64 = 0

    /// Whether the host recorded it (`Engine.beginStep`): its undo and redo restore `states`.
    package var isRecorded: Bool { !states.isEmpty }

    /// A step of `changes` and the selections around it; a recorded step's `states` and merge key.
    init(
        gesture: GestureKind, group: Bool, changes: [Change], selectionBefore: [BoxID], selectionAfter: [BoxID],
        states: [BoxStates] = [], mergeKey: UInt64 = 0
    ) {
        self.gesture = gesture
        self.group = group
        self.changes = ChangeList(changes)
        self.selectionBefore = selectionBefore
        self.selectionAfter = selectionAfter
        self.states = states
        self.mergeKey = mergeKey
    }

    /// Whether the selections before and after are one array in memory (a step that kept the
    /// selection holds it once).
    var sharesSelections: Bool {
        selectionBefore.withUnsafeBufferPointer { b in
            selectionAfter.withUnsafeBufferPointer { a in b.baseAddress != nil && b.baseAddress == a.baseAddress }
        }
    }

    /// The box its events carry: GRIP_SELECTION for a group, else its one box.
    var eventBox: BoxID { group || changes.count != 1 ? .selection : changes.box(0) }

    /// The same step as an undo presents it: each change from where the box is now (`after`)
    /// back to `before`, so `after` is always where the box ends up.
    var reversed: Transaction {
        var t = self
        t.changes.reverse()
        for i in t.states.indices {
            let st = t.states[i]
            t.states[i].before = st.after
            t.states[i].after = st.before
            t.changes.setParent(i, t.states[i].after.parent)
        }
        swap(&t.selectionBefore, &t.selectionAfter)
        return t
    }
}

extension BoxGeometry {
    /// Equal bit for bit (`==` treats 0 and -0 as equal).
    @inline(__always) func sameBits(_ o: BoxGeometry) -> Bool {
        center.x.bitPattern == o.center.x.bitPattern && center.y.bitPattern == o.center.y.bitPattern
            && width.bitPattern == o.width.bitPattern && height.bitPattern == o.height.bitPattern
            && rotation.bitPattern == o.rotation.bitPattern && scale.bitPattern == o.scale.bitPattern
            && flippedX == o.flippedX && flippedY == o.flippedY
    }
}
