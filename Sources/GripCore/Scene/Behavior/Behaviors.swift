/// Box behaviours stored once each: most boxes of a scene share one of a few behaviours, so the
/// scene keeps each distinct behaviour in a table entry with a count of the boxes using it, and a
/// box record holds the entry's index (4 bytes rather than the 129 of a behaviour). A box's
/// `userData` and `editing`, which hosts set per box, are kept in its record instead; table
/// entries hold them as 0 and false. The live entries are chained in buckets by a hash of their
/// bits, so a box created or configured with a behaviour some box has finds and shares its entry
/// (one hash and, nearly always, one comparison); an entry no box uses leaves its bucket for the
/// free list and is reused, so the table holds one entry per distinct behaviour in use, and never
/// more entries than there have been live boxes at once.
extension Scene {
    /// One distinct behaviour and the number of live boxes using it (0: the entry is free).
    struct BehaviorEntry {
        var behavior: BoxBehavior
        var uses: Int32
        /// The next live entry in its bucket, -1 for none.
        var next: Int32 = -1
        /// `BoxBehavior.sharedHash(behavior)`.
        var hash: UInt32
    }

    /// The behaviour of slot `s` (its `userData` and `editing` from the record, the rest from its
    /// table entry). Inlined, a caller reading one field loads only that field.
    @inline(__always) func behavior(_ s: Int32) -> BoxBehavior {
        let r = slots.ref(Int(s))
        var b = behaviors[Int(r.record.behaviorIndex)].behavior
        b.userData = r.record.userData
        b.editing = r.record.editing
        return b
    }

    /// `b` as a table entry holds it: the fields kept in the record cleared.
    @inline(__always) static func shared(_ b: BoxBehavior) -> BoxBehavior {
        var key = b
        key.userData = 0
        key.editing = false
        return key
    }

    /// The live entry holding `b` (whose hash is `h`; its `userData` and `editing` left out), or -1.
    private func liveEntry(holding b: BoxBehavior, hash h: UInt32) -> Int32 {
        guard !behaviorBuckets.isEmpty else { return -1 }
        var i = behaviorBuckets[Scene.bucket(h, of: behaviorBuckets.count)]
        while i >= 0 {
            if behaviors[Int(i)].hash == h && BoxBehavior.sameShared(behaviors[Int(i)].behavior, b) { return i }
            i = behaviors[Int(i)].next
        }
        return -1
    }

    /// Whether `b` (its `userData` and `editing` aside) is held by the entry the last box
    /// created got, still in use: a behaviour that was checked when it was stored.
    @inline(__always) func isLastBehavior(_ b: BoxBehavior) -> Bool {
        let last = lastBehavior
        return last >= 0 && behaviors[Int(last)].uses > 0 && BoxBehavior.sameShared(behaviors[Int(last)].behavior, b)
    }

    /// An entry for behaviour `b` with one use more: the live one holding it, else a new one (a
    /// free entry reused when there is one). Returns its index. Boxes come in runs of one
    /// behaviour, so the caller first compares `b` with the entry the last box got, with no hash
    /// (`isLast`: what `isLastBehavior(b)` returned).
    @_optimize(speed) mutating func retainBehavior(_ b: BoxBehavior, isLast: Bool) -> Int32 {
        if isLast {
            behaviors[Int(lastBehavior)].uses += 1
            return lastBehavior
        }
        let i = retainLooking(b)
        lastBehavior = i
        return i
    }

    /// `retainBehavior(b)` through the buckets.
    @inline(never) private mutating func retainLooking(_ b: BoxBehavior) -> Int32 {
        let h = BoxBehavior.sharedHash(b)
        let found = liveEntry(holding: b, hash: h)
        if found >= 0 { return retainShared(found) }
        return storeBehavior(b, hash: h)
    }

    /// Stores `b` (hash `h`) in a new entry with one use and returns its index.
    @inline(never) private mutating func storeBehavior(_ b: BoxBehavior, hash h: UInt32) -> Int32 {
        let i: Int32
        let entry = BehaviorEntry(behavior: Scene.shared(b), uses: 1, hash: h)
        if let f = freeBehaviors.popLast() {
            behaviors[Int(f)] = entry
            i = f
        } else {
            behaviors.append(entry)
            i = Int32(behaviors.count - 1)
        }
        // At most one live entry per bucket on average: more, and the buckets double.
        if behaviors.count - freeBehaviors.count > behaviorBuckets.count {
            rehashBehaviors(Swift.max(16, behaviorBuckets.count * 2))
        } else {
            linkBehavior(i)
        }
        return i
    }

    /// Puts live entry `i` first in its bucket.
    private mutating func linkBehavior(_ i: Int32) {
        let b = Scene.bucket(behaviors[Int(i)].hash, of: behaviorBuckets.count)
        behaviors[Int(i)].next = behaviorBuckets[b]
        behaviorBuckets[b] = i
    }

    /// Takes entry `i` out of its bucket.
    private mutating func unlinkBehavior(_ i: Int32) {
        let b = Scene.bucket(behaviors[Int(i)].hash, of: behaviorBuckets.count)
        let next = behaviors[Int(i)].next
        if behaviorBuckets[b] == i {
            behaviorBuckets[b] = next
            return
        }
        var p = behaviorBuckets[b]
        while p >= 0 {
            if behaviors[Int(p)].next == i {
                behaviors[Int(p)].next = next
                return
            }
            p = behaviors[Int(p)].next
        }
    }

    /// The bucket of hash `h` among `count` (a power of two): its low bits, masked while unsigned,
    /// since a hash past 2^31 does not fit an `Int` on a 32-bit target.
    @inline(__always) static func bucket(_ h: UInt32, of count: Int) -> Int {
        Int(truncatingIfNeeded: h & UInt32(truncatingIfNeeded: count &- 1))
    }

    /// Chains every live entry anew into `count` buckets (a power of two).
    @inline(never) private mutating func rehashBehaviors(_ count: Int) {
        behaviorBuckets = [Int32](repeating: -1, count: count)
        for i in behaviors.indices where behaviors[i].uses > 0 { linkBehavior(Int32(i)) }
    }

    /// One use less of entry `i` (a box destroyed or given another behaviour); an entry no box
    /// uses any more leaves its bucket and is free for reuse.
    @_optimize(speed) mutating func releaseBehavior(_ i: Int32) {
        behaviors[Int(i)].uses -= 1
        if behaviors[Int(i)].uses == 0 {
            unlinkBehavior(i)
            freeBehaviors.append(i)
        }
    }

    /// Gives live slot `s` behaviour `b`: its entry is kept when it holds `b` already, shared with
    /// the live entry holding `b` if there is one, rewritten in place when the box is its only
    /// user, else a new entry.
    mutating func setBehavior(_ s: Int32, _ b: BoxBehavior) {
        contentChanged()
        slots[Int(s)].userData = b.userData
        slots[Int(s)].editing = b.editing
        let i = slots[Int(s)].behaviorIndex
        if BoxBehavior.sameShared(behaviors[Int(i)].behavior, b) { return }
        let h = BoxBehavior.sharedHash(b)
        let found = liveEntry(holding: b, hash: h)
        if found < 0 && behaviors[Int(i)].uses == 1 {
            unlinkBehavior(i)
            behaviors[Int(i)].behavior = Scene.shared(b)
            behaviors[Int(i)].hash = h
            linkBehavior(i)
            return
        }
        slots[Int(s)].behaviorIndex = found >= 0 ? retainShared(found) : storeBehavior(b, hash: h)
        releaseBehavior(i)
    }

    /// One use more of live entry `i`; returns `i`.
    private mutating func retainShared(_ i: Int32) -> Int32 {
        behaviors[Int(i)].uses += 1
        return i
    }
}

extension BoxBehavior {
    // The fields a table entry holds are every field but `userData` and `editing` (each box's
    // own). Comparing and hashing read them one by one, in place: no copy of the behaviour.
    // A field added to BoxBehavior must be added to both (BehaviorSharingTests changes each
    // field in turn, and checks the behaviour's size).

    /// The fields that are not numbers (but `editing`), packed in one word.
    @inline(__always) private var packedFields: UInt64 {
        var flags: UInt64 = 0
        if centered { flags |= 1 }
        if allowFlip { flags |= 2 }
        if contain { flags |= 4 }
        if selectable { flags |= 8 }
        if snapTarget { flags |= 16 }
        if passThrough { flags |= 32 }
        return UInt64(resizeMode.rawValue) | UInt64(indicator.rawValue) << 8 | flags << 16
    }

    /// True when `a` and `b` hold the same bits in every field but `userData` and `editing`:
    /// numbers compared bit for bit (0 and -0 differ, so a box reads back exactly the behaviour
    /// it was given).
    @inline(__always) static func sameShared(_ a: BoxBehavior, _ b: BoxBehavior) -> Bool {
        a.minWidth.bitPattern == b.minWidth.bitPattern && a.minHeight.bitPattern == b.minHeight.bitPattern
            && a.minScale.bitPattern == b.minScale.bitPattern && a.maxScale.bitPattern == b.maxScale.bitPattern
            && a.insets.top.bitPattern == b.insets.top.bitPattern
            && a.insets.left.bitPattern == b.insets.left.bitPattern
            && a.insets.bottom.bitPattern == b.insets.bottom.bitPattern
            && a.insets.right.bitPattern == b.insets.right.bitPattern
            && a.longPressDuration.bitPattern == b.longPressDuration.bitPattern
            && a.cornerRadius.bitPattern == b.cornerRadius.bitPattern
            && a.rotationSnap.bitPattern == b.rotationSnap.bitPattern
            && a.snapTolerance.bitPattern == b.snapTolerance.bitPattern
            && a.hitOutset.bitPattern == b.hitOutset.bitPattern && a.allow.rawValue == b.allow.rawValue
            && a.handles.rawValue == b.handles.rawValue && a.resizeMode == b.resizeMode
            && a.indicator == b.indicator && a.centered == b.centered && a.allowFlip == b.allowFlip
            && a.contain == b.contain && a.selectable == b.selectable && a.snapTarget == b.snapTarget
            && a.passThrough == b.passThrough
    }

    /// A hash of the fields `sameShared` compares (equal for behaviours it finds the same; its
    /// low bits pick a bucket).
    @_optimize(speed) @inline(never) static func sharedHash(_ b: BoxBehavior) -> UInt32 {
        var h = mix(0, b.minWidth.bitPattern)
        h = mix(h, b.minHeight.bitPattern)
        h = mix(h, b.minScale.bitPattern)
        h = mix(h, b.maxScale.bitPattern)
        h = mix(h, b.insets.top.bitPattern)
        h = mix(h, b.insets.left.bitPattern)
        h = mix(h, b.insets.bottom.bitPattern)
        h = mix(h, b.insets.right.bitPattern)
        h = mix(h, b.longPressDuration.bitPattern)
        h = mix(h, b.cornerRadius.bitPattern)
        h = mix(h, b.rotationSnap.bitPattern)
        h = mix(h, b.snapTolerance.bitPattern)
        h = mix(h, b.hitOutset.bitPattern)
        h = mix(h, UInt64(b.allow.rawValue) | UInt64(b.handles.rawValue) << 32)
        h = mix(h, b.packedFields)
        // The product's high half depends on every bit that went in.
        return UInt32(truncatingIfNeeded: h >> 32)
    }

    @inline(__always) private static func mix(_ h: UInt64, _ x: UInt64) -> UInt64 {
        (h ^ x) &* 0x9E37_79B9_7F4A_7C15
    }
}
