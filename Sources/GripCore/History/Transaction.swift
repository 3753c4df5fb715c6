/// One step of editing: every box a gesture, nudge run, reset or recorded step changed, and the
/// selection before and after it. It is what a COMMITTED event lists and what undo and redo restore.
public struct Transaction: Sendable {
    /// The gesture that made it (`.nudge`, `.reset` or a pointer gesture's kind).
    public var gesture: GestureKind
    /// Whether it acted on the selection as a whole (its events carry GRIP_SELECTION).
    public var group: Bool
    public var changes: [Change]
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

    /// The box its events carry: GRIP_SELECTION for a group, else its one box.
    var eventBox: BoxID { group || changes.count != 1 ? .selection : changes[0].box }

    /// The same step as an undo presents it: each change from where the box is now (`after`)
    /// back to `before`, so `after` is always where the box ends up.
    var reversed: Transaction {
        var t = self
        for i in t.changes.indices {
            let c = t.changes[i]
            t.changes[i].before = c.after
            t.changes[i].after = c.before
        }
        for i in t.states.indices {
            let st = t.states[i]
            t.states[i].before = st.after
            t.states[i].after = st.before
            t.changes[i].parent = t.states[i].after.parent
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
