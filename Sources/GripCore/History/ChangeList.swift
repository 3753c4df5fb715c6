/// The changes of one step (`Change`, one per box, in the step's order), kept in as little memory
/// as holds them bit for bit. A step in which every box only moved holds, per box, its id and its
/// geometry before plus, unless every box moved by the same displacement (bit for bit, as a group
/// move of siblings does), its centre after; the parent is held once when every box has the same.
/// Any other step holds both geometries. `reverse()` swaps the two sides without touching the
/// boxes (how undo presents a step).
public struct ChangeList: RandomAccessCollection, Sendable {
    private enum Form: Sendable {
        /// `after` holds each box's geometry after.
        case full
        /// Only the centres moved: `afterCenters` holds each box's centre after.
        case centers
        /// Only the centres moved, every one by `shift`.
        case shift
    }

    private var boxes: [BoxID] = []
    /// One entry per change, or one for all when every change has the same parent.
    private var parents: [BoxID] = []
    private var before: [BoxGeometry] = []
    private var after: [BoxGeometry] = []
    private var afterCenters: [Vec2] = []
    private var shift = Vec2.zero
    private var form = Form.shift
    /// The sides are presented swapped (`before` is the side after the step).
    private var swapped = false

    /// `changes`, in their order, in the smallest form that holds them bit for bit.
    public init(_ changes: [Change]) {
        guard !changes.isEmpty else { return }
        boxes.reserveCapacity(changes.count)
        before.reserveCapacity(changes.count)
        var onlyMoved = true, sameShift = true, sameParent = true
        let first = changes[0]
        shift = Vec2(x: first.after.center.x - first.before.center.x, y: first.after.center.y - first.before.center.y)
        for c in changes {
            var moved = c.before
            moved.center = c.after.center
            onlyMoved = onlyMoved && moved.sameBits(c.after)
            sameShift =
                sameShift && (c.before.center.x + shift.x).bitPattern == c.after.center.x.bitPattern
                && (c.before.center.y + shift.y).bitPattern == c.after.center.y.bitPattern
            sameParent = sameParent && c.parent == first.parent
            boxes.append(c.box)
            before.append(c.before)
        }
        parents = sameParent ? [first.parent] : changes.map { $0.parent }
        if !onlyMoved {
            form = .full
            after = changes.map { $0.after }
        } else if !sameShift {
            form = .centers
            afterCenters = changes.map { $0.after.center }
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { boxes.count }

    /// Change `i`: its box, its parent and both geometries.
    public subscript(i: Int) -> Change {
        let b = before[i]
        var a = b
        switch form {
        case .full: a = after[i]
        case .centers: a.center = afterCenters[i]
        case .shift: a.center = Vec2(x: b.center.x + shift.x, y: b.center.y + shift.y)
        }
        let p = parents.count == 1 ? parents[0] : parents[i]
        return swapped ? Change(box: boxes[i], parent: p, before: a, after: b) : Change(box: boxes[i], parent: p, before: b, after: a)
    }

    /// The box of change `i`.
    func box(_ i: Int) -> BoxID { boxes[i] }

    /// The bytes it holds (its arrays' elements).
    var bytes: UInt64 {
        UInt64(boxes.count + parents.count) * UInt64(MemoryLayout<BoxID>.stride)
            + UInt64(before.count + after.count) * UInt64(MemoryLayout<BoxGeometry>.stride)
            + UInt64(afterCenters.count) * UInt64(MemoryLayout<Vec2>.stride)
    }

    /// Swaps the two sides of every change.
    mutating func reverse() { swapped.toggle() }

    /// Change `i`'s parent becomes `p`.
    mutating func setParent(_ i: Int, _ p: BoxID) {
        if parents.count == 1 && boxes.count > 1 {
            if parents[0] == p { return }
            parents = Array(repeating: parents[0], count: boxes.count)
        }
        parents[i] = p
    }

    /// Change `i`'s side after the step becomes `geometry` under `parent`.
    mutating func setAfter(_ i: Int, _ geometry: BoxGeometry, parent: BoxID) {
        makeFull()
        if swapped { before[i] = geometry } else { after[i] = geometry }
        setParent(i, parent)
    }

    /// The changes whose boxes `keep` accepts, in their order.
    func filter(keeping keep: (BoxID) -> Bool) -> ChangeList {
        var kept: [Change] = []
        for i in indices where keep(boxes[i]) { kept.append(self[i]) }
        return ChangeList(kept)
    }

    /// Holds both geometries of every change, unswapped.
    private mutating func makeFull() {
        if form == .full && !swapped { return }
        var b: [BoxGeometry] = [], a: [BoxGeometry] = []
        b.reserveCapacity(count)
        a.reserveCapacity(count)
        for i in indices {
            let c = self[i]
            b.append(c.before)
            a.append(c.after)
        }
        before = b
        after = a
        afterCenters = []
        form = .full
        swapped = false
    }
}
