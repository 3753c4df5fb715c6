/// A bounded FIFO of events. When full, the oldest CHANGED event is dropped first (a later
/// CHANGED of the same gesture carries newer state); BEGAN, ENDED, CANCELLED and the steps
/// (COMMITTED, UNDONE, REDONE) are never dropped.
/// A SELECTION_CHANGED right after another one replaces it: both say "read the selection now".
public struct EventQueue {
    private var buffer: ContiguousArray<Event> = []
    private var head = 0
    public private(set) var count = 0
    /// How many events may wait before coalescing starts.
    public let capacity: Int
    /// Events dropped by coalescing since the engine was created.
    public private(set) var coalesced = 0
    /// How many waiting events are CHANGED, and how many may be dropped at all (neither a
    /// boundary nor a step): a full queue of boundaries and steps then takes a new one without
    /// looking through them (16,000 unread commits took 17 s when each push searched them all).
    private var changed = 0, droppable = 0

    public init(capacity: Int = 4096) {
        self.capacity = Swift.max(capacity, 8)
        // Room for a few events now; the ring grows to `capacity` only if a host lets that many
        // wait (an engine that is created and dropped often does not fault in the whole ring).
        buffer.reserveCapacity(Swift.min(self.capacity, 64))
    }

    /// Appends `e`, coalescing when the queue is full. Allocates only while the ring grows.
    @inline(__always) public mutating func push(_ e: Event) {
        if e.kind == .selectionChanged && count > 0 {
            let last = wrap(head + count - 1)
            if buffer[last].kind == .selectionChanged { buffer[last] = e; return }
        }
        if count >= capacity && !makeRoom(for: e) { return }
        tally(e, 1)
        if count < buffer.count {
            buffer[wrap(head + count)] = e
        } else {
            linearize()
            buffer.append(e)
        }
        count += 1
    }

    /// Removes and returns the oldest event.
    public mutating func pop() -> Event? {
        guard count > 0 else { return nil }
        let e = buffer[head]
        tally(e, -1)
        head = wrap(head + 1)
        count -= 1
        if count == 0 { head = 0 }
        return e
    }

    /// Index `i` (below twice the ring's size) wrapped into the ring, without a division.
    @inline(__always) private func wrap(_ i: Int) -> Int { i >= buffer.count ? i - buffer.count : i }

    /// The waiting events, oldest first (for tests and tools).
    public var pending: [Event] { (0..<count).map { buffer[(head + $0) % buffer.count] } }

    /// Drops the oldest CHANGED event, else the oldest event that is not a gesture boundary.
    /// Returns false when `e` itself should be dropped instead.
    private mutating func makeRoom(for e: Event) -> Bool {
        if changed > 0, let i = firstIndex(where: { $0.kind == .gestureChanged }) { remove(at: i); return true }
        if e.kind == .gestureChanged { coalesced += 1; return false }
        if droppable > 0, let i = firstIndex(where: EventQueue.isDroppable) { remove(at: i); return true }
        return true  // only boundaries and steps: grow rather than lose one
    }

    /// Whether coalescing may drop `e`: it is neither a gesture boundary nor a step.
    private static func isDroppable(_ e: Event) -> Bool {
        e.kind != .gestureBegan && e.kind != .gestureEnded && e.kind != .gestureCancelled && !e.kind.isTransaction
    }

    /// Counts `e` in (`by` 1) or out (-1) of the tallies of CHANGED and droppable events.
    @inline(__always) private mutating func tally(_ e: Event, _ by: Int) {
        if e.kind == .gestureChanged { changed += by }
        if EventQueue.isDroppable(e) { droppable += by }
    }

    private func firstIndex(where match: (Event) -> Bool) -> Int? {
        for k in 0..<count where match(buffer[(head + k) % buffer.count]) { return k }
        return nil
    }

    /// Removes the event `k` places after the oldest by sliding the older ones up one slot:
    /// O(k), and k is small (the oldest CHANGED sits near the head), with no allocation.
    private mutating func remove(at k: Int) {
        let n = buffer.count
        tally(buffer[(head + k) % n], -1)
        var i = k
        while i > 0 {
            buffer[(head + i) % n] = buffer[(head + i - 1) % n]
            i -= 1
        }
        head = (head + 1) % n
        count -= 1
        coalesced += 1
    }

    /// Rotates the ring so the oldest event sits at index 0.
    private mutating func linearize() {
        if head == 0 { return }
        var out = ContiguousArray<Event>()
        out.reserveCapacity(buffer.count + 1)
        for k in 0..<buffer.count { out.append(buffer[(head + k) % buffer.count]) }
        buffer = out
        head = 0
    }
}
