/// The changes of one step (`Change`, one per box, in the step's order), kept in as little memory
/// as holds them bit for bit. A step in which every box only moved holds, per box, its id and its
/// geometry before plus, unless every box moved by the same displacement (bit for bit, as a group
/// move of siblings does), its centre after; the parent is held once when every box has the same.
/// Any other step holds both geometries. `reverse()` swaps the two sides without touching the
/// boxes (how undo presents a step).
public struct ChangeList: Sendable {
    private enum Form: Sendable {
        /// `after` holds each box's geometry after.
        case full
        /// Only the centres moved: `afterCenters` holds each box's centre after.
        case centers
        /// Only the centres moved, every one by `shift`.
        case shift
    }

    /// How many changes.
    private var n = 0
    /// The boxes (the first `n`), then their parents: one for all when every change has the same
    /// parent, else one per change.
    private var ids: [BoxID] = []
    /// The geometries before (the first `n`), then, in the full form, after.
    private var geometries: [BoxGeometry] = []
    private var afterCenters: [Vec2] = []
    private var shift = Vec2.zero
    private var form = Form.full
    /// The sides are presented swapped (`before` is the side after the step).
    private var swapped = false

    /// `changes`, in their order, in the smallest form that holds them bit for bit.
    public init(_ changes: [Change]) {
        guard let first = changes.first else { return }
        n = changes.count
        shift = Vec2(x: first.after.center.x - first.before.center.x, y: first.after.center.y - first.before.center.y)
        var onlyMoved = true, sameShift = true, sameParent = true
        ids.reserveCapacity(n + 1)
        geometries.reserveCapacity(n)
        for c in changes {
            var moved = c.before
            moved.center = c.after.center
            onlyMoved = onlyMoved && moved.sameBits(c.after)
            sameShift =
                sameShift && (c.before.center.x + shift.x).bitPattern == c.after.center.x.bitPattern
                && (c.before.center.y + shift.y).bitPattern == c.after.center.y.bitPattern
            sameParent = sameParent && c.parent == first.parent
            ids.append(c.box)
            geometries.append(c.before)
        }
        for c in changes {
            if !sameParent || ids.count == n { ids.append(c.parent) }
            if !onlyMoved { geometries.append(c.after) } else if !sameShift { afterCenters.append(c.after.center) }
        }
        form = !onlyMoved ? .full : sameShift ? .shift : .centers
    }

    /// How many changes (boxes) it holds.
    public var count: Int { n }
    /// Whether it holds none.
    public var isEmpty: Bool { n == 0 }
    /// The positions of its changes, in order.
    public var indices: Range<Int> { 0..<n }
    /// Every change, in order (a copy).
    public var all: [Change] { indices.map { self[$0] } }

    /// Change `i`: its box, its parent and both geometries.
    public subscript(i: Int) -> Change {
        let b = geometries[i]
        var a = b
        switch form {
        case .full: a = geometries[n + i]
        case .centers: a.center = afterCenters[i]
        case .shift: a.center = Vec2(x: b.center.x + shift.x, y: b.center.y + shift.y)
        }
        let p = ids.count == n + 1 ? ids[n] : ids[n + i]
        return swapped
            ? Change(box: ids[i], parent: p, before: a, after: b) : Change(box: ids[i], parent: p, before: b, after: a)
    }

    /// The box of change `i`.
    func box(_ i: Int) -> BoxID { ids[i] }

    /// The bytes it holds (its arrays' elements).
    var bytes: UInt64 {
        UInt64(ids.count) * UInt64(MemoryLayout<BoxID>.stride)
            + UInt64(geometries.count) * UInt64(MemoryLayout<BoxGeometry>.stride)
            + UInt64(afterCenters.count) * UInt64(MemoryLayout<Vec2>.stride)
    }

    /// Swaps the two sides of every change.
    mutating func reverse() { swapped.toggle() }

    /// Change `i`'s parent becomes `p`.
    mutating func setParent(_ i: Int, _ p: BoxID) {
        if ids.count == n + 1 && n > 1 {
            if ids[n] == p { return }
            ids.append(contentsOf: repeatElement(ids[n], count: n - 1))
        }
        ids[n + i] = p
    }

    /// The changes whose boxes `keep` accepts, in their order.
    func filter(keeping keep: (BoxID) -> Bool) -> ChangeList {
        var kept: [Change] = []
        for i in indices where keep(ids[i]) { kept.append(self[i]) }
        return ChangeList(kept)
    }
}
