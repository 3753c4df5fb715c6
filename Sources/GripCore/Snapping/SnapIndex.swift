/// One sorted list of snap coordinates (ascending) with the slot each belongs to.
struct SnapList {
    var keys: [Double] = []
    var slots: [Int32] = []

    /// The first position whose key is not below `v`.
    @_optimize(speed) @inline(__always) func lowerBound(_ v: Double) -> Int {
        var lo = 0, hi = keys.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if keys[mid] < v { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    mutating func insert(_ v: Double, _ s: Int32) {
        let i = lowerBound(v)
        keys.insert(v, at: i)
        slots.insert(s, at: i)
    }

    mutating func remove(_ v: Double, _ s: Int32) {
        var i = lowerBound(v)
        while i < keys.count && keys[i] == v {
            if slots[i] == s { keys.remove(at: i); slots.remove(at: i); return }
            i += 1
        }
    }
}

/// The snap targets of one parent's children: for each axis (x, y) the sorted lists of their
/// min edges, centres and max edges in the parent's space (list `axis * 3 + feature`).
struct SnapParentIndex {
    var parent: Int32
    var lists: [SnapList] = Array(repeating: SnapList(), count: 6)
}

/// What the index knows of one slot.
struct SnapRecord {
    /// The position in `SnapIndex.parents` of the index holding it, or -1.
    var index: Int32 = -1
    /// The bounds it is indexed with.
    var bounds = Rect(min: .zero, max: .zero)
    /// Equal to `SnapIndex.stamp` while it moves in the step being snapped (not a target).
    var moving: UInt32 = 0
    /// Committed while moving: its entries are stale until brought up to date after the gesture.
    var deferred = false
}

/// The spatial index of snap targets: per parent, the children with `snap_target` in lists sorted
/// per axis, so a step finds the coordinates near the moving bounds by binary search. Built for a
/// parent at its first snapped step, then kept up to date from the scene's commits
/// (`Scene.snapDirty`, recorded by `Scene.commit`); a structural change (a box created, destroyed,
/// reparented or reconfigured: `Scene.snapEpoch`) drops it to be built again.
struct SnapIndex {
    var parents: [SnapParentIndex] = []
    var records: [SnapRecord] = []
    var epoch: UInt64 = .max
    var stamp: UInt32 = 0
    var deferred: [Int32] = []
    /// Scratch of the builder's radix sort.
    var sortKeys: [UInt64] = [], sortSlots: [Int32] = [], sortKeys2: [UInt64] = [], sortSlots2: [Int32] = []

    /// A box's axis-aligned bounds in its parent's space, as snapping measures them.
    @inline(never) static func bounds(_ g: BoxGeometry) -> Rect {
        if g.rotation == 0 {
            let hw = g.width * g.scale * 0.5, hh = g.height * g.scale * 0.5
            return Rect(min: Vec2(g.center.x - hw, g.center.y - hh), max: Vec2(g.center.x + hw, g.center.y + hh))
        }
        return g.parentBounds
    }

    /// Feature `f` (0 min edge, 1 centre, 2 max edge) of `r` along `axis` (0 x, 1 y).
    @inline(__always) static func feature(_ r: Rect, axis: Int, _ f: Int) -> Double {
        let lo = axis == 0 ? r.min.x : r.min.y, hi = axis == 0 ? r.max.x : r.max.y
        return f == 0 ? lo : (f == 2 ? hi : (lo + hi) * 0.5)
    }

    /// Whether slot `s` is a target in this step (indexed and not moving).
    @inline(__always) func isTarget(_ s: Int32) -> Bool { records[Int(s)].moving != stamp }

    /// Adds (`add`) or removes slot `s` with bounds `r` to or from parent index `pi`.
    mutating func place(_ s: Int32, _ r: Rect, in pi: Int, add: Bool) {
        for axis in 0..<2 {
            for f in 0..<3 {
                let v = SnapIndex.feature(r, axis: axis, f)
                if add { parents[pi].lists[axis * 3 + f].insert(v, s) } else { parents[pi].lists[axis * 3 + f].remove(v, s) }
            }
        }
        records[Int(s)].index = add ? Int32(pi) : -1
        if add { records[Int(s)].bounds = r }
    }

    /// Sorts `sortKeys` (order-preserving bit patterns of the coordinates) with `sortSlots` by
    /// least-significant-digit radix sort, 11 bits a pass, skipping passes where every key has
    /// the same digit (the low bits of whole or short decimal coordinates are all zero).
    @_optimize(speed) mutating func radixSort() {
        let n = sortKeys.count
        if sortKeys2.count < n {
            sortKeys2 = Array(repeating: 0, count: n)
            sortSlots2 = Array(repeating: 0, count: n)
        }
        var counts = [Int](repeating: 0, count: 6 * 2048)
        for i in 0..<n {
            let k = sortKeys[i]
            for p in 0..<6 { counts[p * 2048 + Int((k >> UInt64(p * 11)) & 2047)] += 1 }
        }
        for p in 0..<6 {
            let base = p * 2048
            if counts[base + Int((sortKeys[0] >> UInt64(p * 11)) & 2047)] == n { continue }
            var sum = 0
            for d in 0..<2048 { let c = counts[base + d]; counts[base + d] = sum; sum += c }
            for i in 0..<n {
                let k = sortKeys[i]
                let d = base + Int((k >> UInt64(p * 11)) & 2047)
                let at = counts[d]
                counts[d] = at + 1
                sortKeys2[at] = k
                sortSlots2[at] = sortSlots[i]
            }
            swap(&sortKeys, &sortKeys2)
            swap(&sortSlots, &sortSlots2)
        }
    }

    /// The order-preserving key of `v` (-0 as 0), and back.
    @inline(__always) static func key(_ v: Double) -> UInt64 {
        let b = (v == 0 ? 0.0 : v).bitPattern
        return b >> 63 != 0 ? ~b : b | (1 << 63)
    }
    @inline(__always) static func value(_ k: UInt64) -> Double {
        Double(bitPattern: k >> 63 != 0 ? k & ~(1 << 63) : ~k)
    }
}

extension Scene {
    /// Slot `s` changed in a way the snap index cannot follow (created, destroyed, reparented,
    /// reconfigured): the index is built again when next used.
    @inline(__always) mutating func snapStructureChanged() { snapEpoch &+= 1 }
}

extension Engine {
    /// The position in `snapping.index.parents` of the index of `parent`'s children, built or
    /// brought up to date with the scene's commits, with `moving` (and, for a group, the other
    /// members) marked as not targets for this step.
    @_optimize(speed) func snapIndex(parent: Int32) -> Int {
        if snapping.index.epoch != scene.snapEpoch || scene.snapDirty.count > 4096 {
            snapping.index.parents.removeAll(keepingCapacity: true)
            snapping.index.deferred.removeAll(keepingCapacity: true)
            for i in snapping.index.records.indices { snapping.index.records[i].index = -1; snapping.index.records[i].deferred = false }
            snapping.index.epoch = scene.snapEpoch
            scene.snapDirty.removeAll(keepingCapacity: true)
        }
        if snapping.index.records.count < scene.slots.count {
            snapping.index.records.append(contentsOf: repeatElement(SnapRecord(), count: scene.slots.count - snapping.index.records.count))
        }
        scene.snapTracking = true
        // Commits since the last step: stale entries of boxes moving now wait for their gesture to end.
        var i = 0
        while i < snapping.index.deferred.count {
            let s = snapping.index.deferred[i]
            if snapping.index.isTarget(s) {
                snapping.index.records[Int(s)].deferred = false
                snapping.index.deferred.swapAt(i, snapping.index.deferred.count - 1)
                snapping.index.deferred.removeLast()
                refreshSnapEntry(s)
            } else { i += 1 }
        }
        for k in 0..<scene.snapDirty.count {
            let s = scene.snapDirty[k]
            guard Int(s) < snapping.index.records.count, snapping.index.records[Int(s)].index >= 0 else { continue }
            if !snapping.index.isTarget(s) {
                if !snapping.index.records[Int(s)].deferred {
                    snapping.index.records[Int(s)].deferred = true
                    snapping.index.deferred.append(s)
                }
            } else if !snapping.index.records[Int(s)].deferred {
                refreshSnapEntry(s)
            }
        }
        scene.snapDirty.removeAll(keepingCapacity: true)
        for j in snapping.index.parents.indices where snapping.index.parents[j].parent == parent { return j }
        return buildSnapIndex(parent: parent)
    }

    /// Moves slot `s`'s entries to its geometry now.
    private func refreshSnapEntry(_ s: Int32) {
        let pi = Int(snapping.index.records[Int(s)].index)
        guard pi >= 0, scene.slots[Int(s)].alive else { return }
        snapping.index.place(s, snapping.index.records[Int(s)].bounds, in: pi, add: false)
        snapping.index.place(s, SnapIndex.bounds(scene.slots[Int(s)].geometry), in: pi, add: true)
    }

    /// Builds the index of `parent`'s children that are snap targets.
    @inline(never) private func buildSnapIndex(parent: Int32) -> Int {
        let pi = snapping.index.parents.count
        snapping.index.parents.append(SnapParentIndex(parent: parent))
        var x = parent >= 0 ? scene.slots[Int(parent)].firstChild : scene.firstRoot
        var n = 0
        while x >= 0 {
            if scene.slots[Int(x)].behavior.snapTarget {
                snapping.index.records[Int(x)].index = Int32(pi)
                snapping.index.records[Int(x)].bounds = SnapIndex.bounds(scene.slots[Int(x)].geometry)
                n += 1
            }
            x = scene.slots[Int(x)].nextSibling
        }
        for axis in 0..<2 {
            for f in 0..<3 {
                snapping.index.sortKeys.removeAll(keepingCapacity: true)
                snapping.index.sortSlots.removeAll(keepingCapacity: true)
                snapping.index.sortKeys.reserveCapacity(n)
                snapping.index.sortSlots.reserveCapacity(n)
                var c = parent >= 0 ? scene.slots[Int(parent)].firstChild : scene.firstRoot
                while c >= 0 {
                    if scene.slots[Int(c)].behavior.snapTarget {
                        snapping.index.sortKeys.append(SnapIndex.key(SnapIndex.feature(snapping.index.records[Int(c)].bounds, axis: axis, f)))
                        snapping.index.sortSlots.append(c)
                    }
                    c = scene.slots[Int(c)].nextSibling
                }
                if n > 1 { snapping.index.radixSort() }
                var list = SnapList()
                list.keys.reserveCapacity(n)
                for k in 0..<n { list.keys.append(SnapIndex.value(snapping.index.sortKeys[k])) }
                list.slots = snapping.index.sortSlots
                snapping.index.parents[pi].lists[axis * 3 + f] = list
            }
        }
        return pi
    }
}
