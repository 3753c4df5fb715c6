/// Box behaviours stored once each: most boxes of a scene share one of a few behaviours, so the
/// scene keeps each distinct behaviour in a table entry with a count of the boxes using it, and a
/// box record holds the entry's index (4 bytes rather than the 129 of a behaviour). A box's
/// `userData` and `editing`, which hosts set per box, are kept in its record instead; table
/// entries hold them as 0 and false. A box created or configured with the behaviour of one of the
/// last few entries stored shares that entry; an entry no box uses goes to a free list for reuse,
/// so the table never holds more entries than there have been live boxes at once.
extension Scene {
    /// One distinct behaviour and the number of live boxes using it (0: the entry is free).
    struct BehaviorEntry {
        var behavior: BoxBehavior
        var uses: Int32
    }

    /// The last few entries stored, where a new box's behaviour is looked for (compared bit for
    /// bit): hosts create boxes in runs of the same behaviour, or alternate among a few.
    struct RecentBehaviors {
        var a: Int32 = -1, b: Int32 = -1, c: Int32 = -1, d: Int32 = -1
        /// Which of the four the next entry stored replaces.
        var next: UInt8 = 0

        mutating func remember(_ i: Int32) {
            switch next & 3 {
            case 0: a = i
            case 1: b = i
            case 2: c = i
            default: d = i
            }
            next &+= 1
        }
    }

    /// The behaviour of slot `s` (its `userData` and `editing` from the record, the rest from its
    /// table entry). Inlined, a caller reading one field loads only that field.
    @inline(__always) func behavior(_ s: Int32) -> BoxBehavior {
        let r = slots.address(Int(s))
        var b = behaviors[Int(r.pointee.behaviorIndex)].behavior
        b.userData = r.pointee.userData
        b.editing = r.pointee.editing
        return b
    }

    /// `b` as a table entry holds it: the fields kept in the record cleared.
    @inline(__always) static func shared(_ b: BoxBehavior) -> BoxBehavior {
        var key = b
        key.userData = 0
        key.editing = false
        return key
    }

    /// The index of a live entry holding `key` among the recent ones, or -1.
    @_optimize(speed) private func recentEntry(holding key: BoxBehavior) -> Int32 {
        let r = recentBehaviors
        if holds(r.a, key) { return r.a }
        if holds(r.b, key) { return r.b }
        if holds(r.c, key) { return r.c }
        if holds(r.d, key) { return r.d }
        return -1
    }

    @inline(__always) private func holds(_ i: Int32, _ key: BoxBehavior) -> Bool {
        i >= 0 && behaviors[Int(i)].uses > 0 && BoxBehavior.sameBits(behaviors[Int(i)].behavior, key)
    }

    /// An entry for behaviour `b` with one use more: a recent entry holding it, else a new one (a
    /// free entry reused when there is one). Returns its index.
    @_optimize(speed) mutating func retainBehavior(_ b: BoxBehavior) -> Int32 {
        let key = Scene.shared(b)
        let found = recentEntry(holding: key)
        if found >= 0 {
            behaviors[Int(found)].uses += 1
            return found
        }
        return storeBehavior(key)
    }

    /// Stores `key` in a new entry with one use and returns its index.
    @inline(never) private mutating func storeBehavior(_ key: BoxBehavior) -> Int32 {
        let i: Int32
        if let f = freeBehaviors.popLast() {
            behaviors[Int(f)] = BehaviorEntry(behavior: key, uses: 1)
            i = f
        } else {
            behaviors.append(BehaviorEntry(behavior: key, uses: 1))
            i = Int32(behaviors.count - 1)
        }
        recentBehaviors.remember(i)
        return i
    }

    /// One use less of entry `i` (a box destroyed or given another behaviour); an entry no box
    /// uses any more is free for reuse.
    @_optimize(speed) mutating func releaseBehavior(_ i: Int32) {
        behaviors[Int(i)].uses -= 1
        if behaviors[Int(i)].uses == 0 { freeBehaviors.append(i) }
    }

    /// Gives live slot `s` behaviour `b`: its entry is kept when it holds `b` already, written in
    /// place when the box is its only user and no recent entry holds `b`, else swapped for one
    /// that holds it.
    mutating func setBehavior(_ s: Int32, _ b: BoxBehavior) {
        slots[Int(s)].userData = b.userData
        slots[Int(s)].editing = b.editing
        let key = Scene.shared(b)
        let i = slots[Int(s)].behaviorIndex
        if BoxBehavior.sameBits(behaviors[Int(i)].behavior, key) { return }
        let found = recentEntry(holding: key)
        if found < 0 && behaviors[Int(i)].uses == 1 {
            behaviors[Int(i)].behavior = key
            recentBehaviors.remember(i)
            return
        }
        slots[Int(s)].behaviorIndex = found >= 0 ? retainShared(found) : storeBehavior(key)
        releaseBehavior(i)
    }

    /// One use more of live entry `i`; returns `i`.
    private mutating func retainShared(_ i: Int32) -> Int32 {
        behaviors[Int(i)].uses += 1
        return i
    }
}

extension BoxBehavior {
    /// True when `a` and `b` are the same bytes: every number the same bits (0 and -0 differ, so
    /// a box reads back exactly the behaviour it was given) and every other field equal. The
    /// behaviour has no padding between its fields (CreationFootprintTests checks its size), so
    /// its bytes are its fields; padding added later would only make equal behaviours share less.
    @_optimize(speed) @inline(never) static func sameBits(_ a: BoxBehavior, _ b: BoxBehavior) -> Bool {
        withUnsafeBytes(of: a) { pa in
            withUnsafeBytes(of: b) { pb in
                var k = 0
                while k + 8 <= pa.count {
                    if pa.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                        != pb.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                    {
                        return false
                    }
                    k += 8
                }
                while k < pa.count {
                    if pa[k] != pb[k] { return false }
                    k += 1
                }
                return true
            }
        }
    }
}
