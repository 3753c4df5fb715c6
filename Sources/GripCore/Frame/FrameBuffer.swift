/// A growable array of plain values whose storage stays at one address until it must grow.
///
/// The frame lives in two of these, written in place from frame to frame, so the C layer can
/// hand the host the memory itself instead of a copy. The owner calls `deallocate()` once, when
/// it goes away (the engine's deinit); the buffer must not be copied and used after that.
struct FrameBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>? = nil
    private(set) var count = 0
    private(set) var capacity = 0

    /// The elements in use.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// Element `i` (`0 ..< count`).
    @inline(__always) subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count, "frame buffer index out of range")
            return base.unsafelyUnwrapped[i]
        }
        nonmutating _modify {
            precondition(i >= 0 && i < count, "frame buffer index out of range")
            yield &base.unsafelyUnwrapped[i]
        }
    }

    /// Adds `e` at the end, moving the storage (twice as large) only when it is full.
    @inline(__always) mutating func append(_ e: Element) {
        if count == capacity { grow(to: count + 1) }
        (base.unsafelyUnwrapped + count).initialize(to: e)
        count += 1
    }

    /// Appends every element of `items`.
    mutating func append(contentsOf items: UnsafeBufferPointer<Element>) {
        guard let from = items.baseAddress, !items.isEmpty else { return }
        if count + items.count > capacity { grow(to: count + items.count) }
        (base.unsafelyUnwrapped + count).initialize(from: from, count: items.count)
        count += items.count
    }

    /// Drops the elements past the first `n` (keeping the storage).
    @inline(__always) mutating func truncate(to n: Int) {
        precondition(n >= 0, "negative frame buffer length")
        if n < count { count = n }
    }

    private mutating func grow(to needed: Int) {
        let cap = Swift.max(needed, capacity * 2, 16)
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: cap)
        if let old = base {
            fresh.initialize(from: old, count: count)
            old.deallocate()
        }
        base = fresh
        capacity = cap
    }

    /// Moves the elements to fresh storage and returns the old storage untouched: memory someone
    /// still reads keeps its contents, and the caller frees it (`deallocate()`) once no one does.
    mutating func detach() -> UnsafeMutableRawPointer? {
        guard let old = base else { return nil }
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(capacity, 1))
        fresh.initialize(from: old, count: count)
        base = fresh
        return UnsafeMutableRawPointer(old)
    }

    /// Frees the storage; the buffer is empty afterwards.
    mutating func deallocate() {
        base?.deallocate()
        base = nil
        count = 0
        capacity = 0
    }
}
