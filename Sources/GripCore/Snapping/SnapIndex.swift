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

    @_optimize(speed) mutating func insert(_ v: Double, _ s: Int32) {
        let i = lowerBound(v)
        keys.append(v)
        slots.append(s)
        SnapList.shiftUp(&keys, from: i)
        SnapList.shiftUp(&slots, from: i)
    }

    @_optimize(speed) mutating func remove(_ v: Double, _ s: Int32) {
        var i = lowerBound(v)
        while i < keys.count && keys[i] == v {
            if slots[i] == s {
                SnapList.shiftDown(&keys, to: i)
                SnapList.shiftDown(&slots, to: i)
                keys.removeLast()
                slots.removeLast()
                return
            }
            i += 1
        }
    }

    /// Moves `a[i..<count - 1]` up one place, the last element to `a[i]` (an insert at `i` after
    /// an append). One memmove: `Array.insert(at:)`'s element loop is not turned into one in code
    /// compiled for size.
    private static func shiftUp<T: BitwiseCopyable>(_ a: inout [T], from i: Int) {
        a.withUnsafeMutableBufferPointer { b in
            guard let p = b.baseAddress, i < b.count - 1 else { return }
            let last = p[b.count - 1]
            UnsafeMutableRawPointer(p + i + 1).copyMemory(from: p + i, byteCount: (b.count - 1 - i) * MemoryLayout<T>.stride)
            p[i] = last
        }
    }

    /// Moves `a[i + 1..<count]` down one place over `a[i]` (the last element is then a duplicate,
    /// for `removeLast`). One memmove, as in `shiftUp`.
    private static func shiftDown<T: BitwiseCopyable>(_ a: inout [T], to i: Int) {
        a.withUnsafeMutableBufferPointer { b in
            guard let p = b.baseAddress, i < b.count - 1 else { return }
            UnsafeMutableRawPointer(p + i).copyMemory(from: p + i + 1, byteCount: (b.count - 1 - i) * MemoryLayout<T>.stride)
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
/// parent at its first snapped step, then kept up to date from the scene's changes
/// (`Scene.snapDirty`, recorded by `Scene.commit` and the structural changes), entry by entry.
struct SnapIndex {
    var parents: [SnapParentIndex] = []
    var records: [SnapRecord] = []
    var stamp: UInt32 = 0
    var deferred: [Int32] = []

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
    @_optimize(speed) mutating func place(_ s: Int32, _ r: Rect, in pi: Int, add: Bool) {
        for axis in 0..<2 {
            for f in 0..<3 {
                let v = SnapIndex.feature(r, axis: axis, f)
                if add { parents[pi].lists[axis * 3 + f].insert(v, s) } else { parents[pi].lists[axis * 3 + f].remove(v, s) }
            }
        }
        records[Int(s)].index = add ? Int32(pi) : -1
        if add { records[Int(s)].bounds = r }
    }

    /// Sorts `n` keys (with their slots) ascending and stably (equal keys keep their order), by
    /// distributing them over `n` buckets between the smallest and largest key (O(n) for
    /// coordinates spread over a scene): buckets of more than 32 are sorted the same way, then
    /// one insertion pass over the whole puts the small buckets in order (every key is already
    /// in its bucket, so it only moves within it).
    @_optimize(speed) static func bucketSort(_ k: UnsafeMutablePointer<Double>, _ s: UnsafeMutablePointer<Int32>, _ n: Int, depth: Int = 0) {
        if n < 2 { return }
        if n <= 32 || depth > 6 { insertionSort(k, s, n); return }
        var lo = k[0], hi = k[0]
        for i in 1..<n { lo = Swift.min(lo, k[i]); hi = Swift.max(hi, k[i]) }
        if lo == hi { return }
        let scale = Double(n - 1) / (hi - lo)
        let start = UnsafeMutablePointer<Int>.allocate(capacity: n + 1), bk = UnsafeMutablePointer<Int>.allocate(capacity: n)
        let tk = UnsafeMutablePointer<Double>.allocate(capacity: n), ts = UnsafeMutablePointer<Int32>.allocate(capacity: n)
        defer { start.deallocate(); bk.deallocate(); tk.deallocate(); ts.deallocate() }
        start.initialize(repeating: 0, count: n + 1)
        // (v - lo) * scale is within 0 ... n - 1 up to rounding: clamped, never trapping.
        let top = Double(n - 1)
        for i in 0..<n {
            let b = Int(Swift.min(top, Swift.max(0, (k[i] - lo) * scale)))
            bk[i] = b
            start[b &+ 1] &+= 1
        }
        for b in 0..<n { start[b &+ 1] &+= start[b] }
        for i in 0..<n {
            let b = bk[i]
            let at = start[b]
            start[b] = at &+ 1
            tk[at] = k[i]; ts[at] = s[i]
        }
        // `start[b]` is now the end of bucket b.
        var from = 0
        for b in 0..<n {
            let to = start[b]
            if to - from > 32 { bucketSort(tk + from, ts + from, to - from, depth: depth + 1) }
            from = to
        }
        UnsafeMutableRawPointer(k).copyMemory(from: tk, byteCount: n * MemoryLayout<Double>.stride)
        UnsafeMutableRawPointer(s).copyMemory(from: ts, byteCount: n * MemoryLayout<Int32>.stride)
        insertionSort(k, s, n)
    }

    /// Sorts `n` keys (with their slots) ascending and stably by insertion: O(n + inversions).
    @_optimize(speed) @inline(__always) static func insertionSort(_ k: UnsafeMutablePointer<Double>, _ s: UnsafeMutablePointer<Int32>, _ n: Int) {
        if n < 2 { return }
        for i in 1..<n {
            let v = k[i]
            if !(k[i - 1] > v) { continue }
            let t = s[i]
            var j = i
            while j > 0 && k[j - 1] > v { k[j] = k[j - 1]; s[j] = s[j - 1]; j -= 1 }
            k[j] = v; s[j] = t
        }
    }
}

extension Scene {
    /// Slot `s` changed in a way the snap index follows (its geometry, created, destroyed,
    /// reparented, made a target or not): brought up to date at the next snapped step.
    @inline(__always) mutating func snapTouched(_ s: Int32) {
        if snapTracking && snapDirty.last != s { snapDirty.append(s) }
    }
}

extension Engine {
    /// The position in `snapping.index.parents` of the index of `parent`'s children, built or
    /// brought up to date with the scene's changes. The boxes moving in this step (marked by
    /// `prepareSnap`) keep stale entries until their gesture ends: they are no targets meanwhile.
    @_optimize(speed) func snapIndex(parent: Int32) -> Int {
        if snapping.index.records.count < scene.slots.count {
            snapping.index.records.append(contentsOf: repeatElement(SnapRecord(), count: scene.slots.count - snapping.index.records.count))
        }
        if scene.snapDirty.count > 256 {
            // Many changes at once (a scene loaded): build again rather than update one by one.
            snapping.index.parents.removeAll(keepingCapacity: true)
            snapping.index.deferred.removeAll(keepingCapacity: true)
            for i in snapping.index.records.indices { snapping.index.records[i].index = -1; snapping.index.records[i].deferred = false }
            scene.snapDirty.removeAll(keepingCapacity: true)
        }
        scene.snapTracking = true
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
            guard !snapping.index.records[Int(s)].deferred else { continue }
            if snapping.index.records[Int(s)].index >= 0 && !snapping.index.isTarget(s) && scene.slots[Int(s)].alive {
                snapping.index.records[Int(s)].deferred = true
                snapping.index.deferred.append(s)
            } else {
                refreshSnapEntry(s)
            }
        }
        scene.snapDirty.removeAll(keepingCapacity: true)
        for j in snapping.index.parents.indices where snapping.index.parents[j].parent == parent { return j }
        return buildSnapIndex(parent: parent)
    }

    /// Brings slot `s`'s entries up to date: out of the index it was in, into its parent's (when
    /// that is built) at its geometry now, if it is alive and a target.
    private func refreshSnapEntry(_ s: Int32) {
        let old = Int(snapping.index.records[Int(s)].index)
        if old >= 0 { snapping.index.place(s, snapping.index.records[Int(s)].bounds, in: old, add: false) }
        guard scene.slots[Int(s)].alive, scene.slots[Int(s)].behavior.snapTarget else { return }
        let p = scene.slots[Int(s)].parent
        for j in snapping.index.parents.indices where snapping.index.parents[j].parent == p {
            snapping.index.place(s, SnapIndex.bounds(scene.slots[Int(s)].geometry), in: j, add: true)
            return
        }
    }

    /// Builds the index of `parent`'s children that are snap targets: one walk of the siblings
    /// (their bounds), then each of the six lists filled and sorted in place (O(n) for
    /// coordinates spread over a scene).
    @inline(never) @_optimize(speed) func buildSnapIndex(parent: Int32) -> Int {
        let pi = snapping.index.parents.count
        snapping.index.parents.append(SnapParentIndex(parent: parent))
        var targets: [Int32] = [], bounds: [Rect] = []
        var x = parent >= 0 ? scene.slots[Int(parent)].firstChild : scene.firstRoot
        while x >= 0 {
            if scene.slots[Int(x)].behavior.snapTarget {
                let r = SnapIndex.bounds(scene.slots[Int(x)].geometry)
                targets.append(x)
                bounds.append(r)
                snapping.index.records[Int(x)].index = Int32(pi)
                snapping.index.records[Int(x)].bounds = r
            }
            x = scene.slots[Int(x)].nextSibling
        }
        let n = targets.count
        var lists: [SnapList] = []
        lists.reserveCapacity(6)
        bounds.withUnsafeBufferPointer { rb in
            for axis in 0..<2 {
                for f in 0..<3 {
                    var slots = targets
                    var sorted = [Double](unsafeUninitializedCapacity: n) { kb, count in
                        for i in 0..<n { (kb.baseAddress.unsafelyUnwrapped + i).initialize(to: SnapIndex.feature(rb[i], axis: axis, f)) }
                        count = n
                    }
                    sorted.withUnsafeMutableBufferPointer { k in
                        slots.withUnsafeMutableBufferPointer { sl in
                            guard let kb = k.baseAddress, let sb = sl.baseAddress else { return }
                            SnapIndex.bucketSort(kb, sb, n)
                        }
                    }
                    lists.append(SnapList(keys: sorted, slots: slots))
                }
            }
        }
        snapping.index.parents[pi].lists = lists
        return pi
    }

    /// Starts keeping the index of snap targets (on when object snapping is first turned on):
    /// builds it now for the top level and every box with at least `eagerChildren` children,
    /// so that the first snapped move among many boxes finds it built; the index of a box with
    /// fewer children is built at the first snapped step among them. O(n) in the boxes (their
    /// bounds and six sorts); from then on the index follows every change (`snapTouched`).
    func startSnapTracking() {
        guard !scene.snapTracking else { return }
        if snapping.index.records.count < scene.slots.count {
            snapping.index.records.append(contentsOf: repeatElement(SnapRecord(), count: scene.slots.count - snapping.index.records.count))
        }
        scene.snapTracking = true
        scene.snapDirty.removeAll(keepingCapacity: true)
        // The slots read in place (a method of the scene called here would get a copy of it).
        func hasMany(_ first: Int32) -> Bool {
            var x = first, k = 0
            while x >= 0 && k < Engine.eagerChildren { k += 1; x = scene.slots[Int(x)].nextSibling }
            return k >= Engine.eagerChildren
        }
        if hasMany(scene.firstRoot) { _ = buildSnapIndex(parent: -1) }
        for s in 0..<scene.slots.count where scene.slots[s].alive && hasMany(scene.slots[s].firstChild) {
            _ = buildSnapIndex(parent: Int32(s))
        }
    }

    /// Boxes with this many children or more get their index built when tracking starts.
    static let eagerChildren = 256
}
