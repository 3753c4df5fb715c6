/// A growable array of plain values whose storage stays at one address until it must grow.
///
/// The frame lives in two of these, written in place from frame to frame, so the C layer can
/// hand the host the memory itself instead of a copy. The owner calls `deallocate()` once, when
/// it goes away (the engine's deinit); the buffer must not be copied and used after that.
///
/// The frame's pointer arithmetic is here and nowhere else: the builders read and write elements
/// by index, one at a time (`buffer[i]`, checked) or through a `Window` onto a range checked once.
struct FrameBuffer<Element: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Element>? = nil
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

    /// Elements `start ..< start + count`, checked once here (a trap when the range is not in
    /// use), for reading and writing in place until the buffer next grows, shrinks or moves.
    @inline(__always) func window(at start: Int, count n: Int) -> Window {
        // (Compared as unsigned numbers: one comparison for one element; for more, both below
        // 2^63, their sum does not wrap.)
        if n == 1 {
            precondition(UInt(bitPattern: start) < UInt(bitPattern: count), "frame buffer range out of bounds")
        } else {
            precondition(
                start >= 0 && n >= 0 && UInt(bitPattern: start) &+ UInt(bitPattern: n) <= UInt(bitPattern: count),
                "frame buffer range out of bounds")
        }
        // (A window of no elements may be on a buffer that never had storage.)
        return Window(first: n == 0 ? nil : base.unsafelyUnwrapped + start, count: n)
    }

    /// A range of a buffer's elements, indexed from 0, its bounds checked when it was made (and
    /// again per access only in debug builds).
    struct Window {
        private let first: UnsafeMutablePointer<Element>?
        let count: Int

        fileprivate init(first: UnsafeMutablePointer<Element>?, count: Int) { self.first = first; self.count = count }

        /// Element `i` of the window (`0 ..< count`).
        @inline(__always) subscript(i: Int) -> Element {
            unsafeAddress {
                assert(i >= 0 && i < count, "frame buffer window index out of range")
                return UnsafePointer(first.unsafelyUnwrapped + i)
            }
            nonmutating unsafeMutableAddress {
                assert(i >= 0 && i < count, "frame buffer window index out of range")
                return first.unsafelyUnwrapped + i
            }
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

    /// Writes `e` at index `k`, which is in use or the next one (`k <= count`), within the
    /// capacity (never grows: the caller makes room beforehand, without a whole copy).
    @inline(__always) mutating func place(_ e: Element, at k: Int) {
        precondition(k >= 0 && k <= count && k < capacity, "frame buffer place out of bounds")
        (base.unsafelyUnwrapped + k).initialize(to: e)
        if k == count { count += 1 }
    }

    /// Copies elements `start ..< end` of `source` to the same indices here (`start <= count`,
    /// `end` within the capacity), in use afterwards.
    mutating func copy(_ start: Int, _ end: Int, from source: FrameBuffer) {
        copy(start, end, from: source, at: start)
    }

    /// Copies elements `s ..< s + (end - start)` of `source` (another storage) to `start ..< end`
    /// here (`start <= count`, `end` within the capacity), in use afterwards.
    mutating func copy(_ start: Int, _ end: Int, from source: FrameBuffer, at s: Int) {
        guard end > start else { return }
        precondition(
            start >= 0 && start <= count && end <= capacity && s >= 0 && s <= source.count - (end - start),
            "frame buffer copy out of bounds")
        UnsafeMutableRawPointer(base.unsafelyUnwrapped + start).copyMemory(
            from: source.base.unsafelyUnwrapped + s, byteCount: (end - start) * MemoryLayout<Element>.stride)
        if end > count { count = end }
    }

    /// Takes elements up to index `n` in use (`count <= n <=` the capacity), the new ones as they
    /// are in memory, for the caller to write before anyone reads them.
    mutating func extend(to n: Int) {
        precondition(n >= count && n <= capacity, "frame buffer extend out of bounds")
        count = n
    }

    /// Moves elements `from ..< from + n` to `to ..< to + n` (both in use; they may overlap).
    mutating func move(_ n: Int, from: Int, to: Int) {
        guard n > 0 && from != to else { return }
        precondition(
            from >= 0 && to >= 0 && from <= count - n && to <= count - n, "frame buffer move out of bounds")
        UnsafeMutableRawPointer(base.unsafelyUnwrapped + to).copyMemory(
            from: base.unsafelyUnwrapped + from, byteCount: n * MemoryLayout<Element>.stride)
    }

    /// Empty storage for `n` elements (a buffer that has none).
    mutating func allocate(capacity n: Int) {
        precondition(base == nil && n > 0, "frame buffer already has storage")
        base = .allocate(capacity: n)
        capacity = n
    }

    /// Gives up the storage without freeing it (the caller frees it with `deallocate()` on the
    /// raw pointer once no one reads it); the buffer is empty afterwards.
    mutating func take() -> UnsafeMutableRawPointer? {
        let old = base.map { UnsafeMutableRawPointer($0) }
        base = nil
        count = 0
        capacity = 0
        return old
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
