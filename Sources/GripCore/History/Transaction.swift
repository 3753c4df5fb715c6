/// One step of editing: every box a gesture, nudge run or reset changed, and the selection
/// before and after it. It is what a COMMITTED event lists and what undo and redo restore.
public struct Transaction: Sendable {
    /// The gesture that made it (`.nudge`, `.reset` or a pointer gesture's kind).
    public var gesture: GestureKind
    /// Whether it acted on the selection as a whole (its events carry GRIP_SELECTION).
    public var group: Bool
    public var changes: [Change]
    var selectionBefore: [BoxID]
    var selectionAfter: [BoxID]

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
