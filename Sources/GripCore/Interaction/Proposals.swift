/// A gesture step's proposed geometry for each member, in the members' order: the first in a
/// field of its own and the rest in an array, as `Members` keeps them, so a one-box step writes
/// and reads a plain field (no array access). Reused from step to step (the array keeps its memory).
struct Proposals {
    private(set) var count = 0
    private var head = BoxGeometry(center: .zero, width: 1, height: 1)
    private var tail: [BoxGeometry] = []

    /// Proposal `i` (`0 ..< count`).
    subscript(i: Int) -> BoxGeometry {
        get { i == 0 ? head : tail[i - 1] }
        set { if i == 0 { head = newValue } else { tail[i - 1] = newValue } }
    }

    var isEmpty: Bool { count == 0 }
    var first: BoxGeometry? { count > 0 ? head : nil }

    /// No proposals (the array's memory kept).
    mutating func removeAll() {
        count = 0
        tail.removeAll(keepingCapacity: true)
    }

    mutating func append(_ g: BoxGeometry) {
        if count == 0 { head = g } else { tail.append(g) }
        count += 1
    }

    /// One proposal, `g`.
    mutating func setOnly(_ g: BoxGeometry) {
        if count > 1 { tail.removeAll(keepingCapacity: true) }
        head = g
        count = 1
    }
}
