/// What a pointer that is down is doing.
enum PointerRole: Equatable {
    /// Down on nothing: the host's (an overlay passes it on).
    case background
    /// Down on a box, not yet a gesture: may become a tap, long press, move or pinch.
    case pending
    /// Driving the gesture on its box.
    case gesture
    /// Left on its box by a two-pointer gesture whose other pointer lifted: its first move to
    /// another position begins a MOVE grabbed where it was (no jump); lifting it first starts
    /// nothing, so two fingers lifting together never make a zero-length move.
    case resuming
    /// Down on a box but out of play (a third finger, a box that cannot move, a destroyed box).
    case ignored
    /// Down on nothing with pointer selection: a tap clears the selection, a drag draws a marquee.
    case empty
    /// Dragging a marquee.
    case marquee
}

/// A pointer that is down.
struct TrackedPointer {
    var id: UInt32
    /// Screen coordinates, now and at down.
    var position: Vec2
    var downPosition: Vec2
    var downTime: Double
    var modifiers: UInt32
    /// The modifiers held when it went down.
    var downModifiers: UInt32
    var box: BoxID
    var handle: HandleID
    var role: PointerRole
}

/// The pointers that are down, by the host's id (a handful: linear search beats hashing).
struct PointerTable {
    var items: [TrackedPointer] = []

    @inline(__always) func index(_ id: UInt32) -> Int? {
        for i in items.indices where items[i].id == id { return i }
        return nil
    }

    subscript(id: UInt32) -> TrackedPointer? {
        guard let i = index(id) else { return nil }
        return items[i]
    }

    mutating func update(_ id: UInt32, _ body: (inout TrackedPointer) -> Void) {
        if let i = index(id) { body(&items[i]) }
    }

    mutating func remove(_ id: UInt32) {
        if let i = index(id) { items.remove(at: i) }
    }

    /// Pointers down on `box` with the given role.
    func count(on box: BoxID, role: PointerRole) -> Int {
        var n = 0
        for p in items where p.box == box && p.role == role { n += 1 }
        return n
    }
}
