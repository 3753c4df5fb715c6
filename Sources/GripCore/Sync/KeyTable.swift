/// Box keys (`grip_box_get_key`): per box slot the key of the box that has or last had it, and an
/// open-addressing table from key to slot for the live ones. A key is the peer id in the high 32
/// bits and that peer's count of boxes in the low 32; a slot keeps its key after its box is
/// destroyed, so a step that brings the box back gives it the same key.
struct KeyTable {
    /// This engine's peer id (never 0).
    var peer: UInt32 = 1
    /// The last count this peer handed out in a key.
    var counter: UInt32 = 0
    /// Per slot: its key (0: none yet).
    private(set) var keys: [UInt64] = []
    /// Slot + 1 per bucket (0: empty, -1: a removed entry a probe walks past).
    private var buckets: [Int32] = []
    private var used = 0, removed = 0

    /// The key slot `s` has or last had (0: none).
    @inline(__always) func key(_ s: Int32) -> UInt64 { Int(s) < keys.count ? keys[Int(s)] : 0 }

    /// The slot whose live box has `key` (the caller checks the slot is alive), nil for none.
    func slot(of key: UInt64) -> Int32? {
        guard key != 0, !buckets.isEmpty else { return nil }
        var i = bucket(key)
        while true {
            let b = buckets[i]
            if b == 0 { return nil }
            if b > 0 && keys[Int(b - 1)] == key { return b - 1 }
            i = (i + 1) & (buckets.count - 1)
        }
    }

    /// A key never handed out by this peer, nil when its 2^32 - 1 are used up.
    mutating func fresh() -> UInt64? {
        guard counter < UInt32.max else { return nil }
        counter += 1
        return UInt64(peer) << 32 | UInt64(counter)
    }

    /// Slot `s` has `key` now (not in the table for another slot: the caller checked).
    mutating func assign(_ key: UInt64, to s: Int32) {
        if Int(s) >= keys.count { keys.append(contentsOf: repeatElement(0, count: Int(s) + 1 - keys.count)) }
        if slot(of: keys[Int(s)]) == s { remove(keys[Int(s)]) }
        keys[Int(s)] = key
        if key >> 32 == UInt64(peer) && UInt32(truncatingIfNeeded: key) > counter {
            counter = UInt32(truncatingIfNeeded: key)
        }
        if (used + removed + 1) * 4 > buckets.count * 3 { rehash(to: Swift.max(16, (used + 1) * 4)) }
        var i = bucket(key)
        while buckets[i] > 0 { i = (i + 1) & (buckets.count - 1) }
        if buckets[i] < 0 { removed -= 1 }
        buckets[i] = s + 1
        used += 1
    }

    /// Takes `key` out of the table (its slot keeps it, for a box brought back).
    mutating func remove(_ key: UInt64) {
        guard key != 0, !buckets.isEmpty else { return }
        var i = bucket(key)
        while buckets[i] != 0 {
            if buckets[i] > 0 && keys[Int(buckets[i] - 1)] == key {
                buckets[i] = -1
                used -= 1
                removed += 1
                return
            }
            i = (i + 1) & (buckets.count - 1)
        }
    }

    /// Takes slot `s`'s key out of the table when the table maps it to `s` (a box being destroyed;
    /// its slot keeps the key, for a box brought back): one probe, where `slot(of:)` and then
    /// `remove` walked the same chain twice.
    mutating func release(slot s: Int32) {
        let key = key(s)
        guard key != 0, !buckets.isEmpty else { return }
        var i = bucket(key)
        while buckets[i] != 0 {
            if buckets[i] > 0 && keys[Int(buckets[i] - 1)] == key {
                if buckets[i] == s + 1 {
                    buckets[i] = -1
                    used -= 1
                    removed += 1
                }
                return
            }
            i = (i + 1) & (buckets.count - 1)
        }
    }

    /// Forgets every key (the counter stays: keys are never handed out twice).
    mutating func clear() {
        for i in buckets.indices { buckets[i] = 0 }
        used = 0
        removed = 0
    }

    @inline(__always) private func bucket(_ key: UInt64) -> Int {
        let h = (key &* 0x9E37_79B9_7F4A_7C15) >> 32
        return Int(truncatingIfNeeded: h) & (buckets.count - 1)
    }

    /// A table of at least `n` buckets (a power of two) holding the live keys.
    private mutating func rehash(to n: Int) {
        var size = 16
        while size < n { size <<= 1 }
        let old = buckets
        buckets = [Int32](repeating: 0, count: size)
        removed = 0
        for b in old where b > 0 {
            var i = bucket(keys[Int(b - 1)])
            while buckets[i] != 0 { i = (i + 1) & (size - 1) }
            buckets[i] = b
        }
    }
}
