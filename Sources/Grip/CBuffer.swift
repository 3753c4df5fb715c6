/// A growable C array whose storage address stays put until it must grow.
struct CBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>? = nil
    private(set) var capacity = 0
    var count = 0

    /// Makes room for `n` elements, discarding the contents when it has to reallocate.
    mutating func reserve(_ n: Int) {
        guard n > capacity else { return }
        base?.deallocate()
        let cap = Swift.max(n, capacity * 2, 16)
        base = .allocate(capacity: cap)
        capacity = cap
    }

    func free() { base?.deallocate() }

    /// Hands over the storage (the caller frees it) and leaves the buffer empty.
    mutating func take() -> UnsafeMutableRawPointer? {
        defer { base = nil; capacity = 0; count = 0 }
        return base.map { UnsafeMutableRawPointer($0) }
    }
}
