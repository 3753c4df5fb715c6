/// One sorted list of snap coordinates (ascending) with the slot each belongs to and the stamp
/// the slot had when the entry was made (the entry is live while the slot keeps that stamp).
struct SnapList {
    var keys: [Double] = []
    var slots: [Int32] = []
    var stamps: [UInt32] = []

    /// The first position whose key is not below `v`.
    @_optimize(speed) @inline(__always) func lowerBound(_ v: Double) -> Int {
        var lo = 0, hi = keys.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if keys[mid] < v { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    mutating func reserve(_ n: Int) {
        keys.reserveCapacity(n); slots.reserveCapacity(n); stamps.reserveCapacity(n)
    }

    /// Runs `body` with the list's storage.
    @inline(__always) func withPointers<R>(
        _ body: (UnsafePointer<Double>, UnsafePointer<Int32>, UnsafePointer<UInt32>) -> R
    ) -> R {
        keys.withUnsafeBufferPointer { k in
            slots.withUnsafeBufferPointer { s in
                stamps.withUnsafeBufferPointer { t in
                    body(
                        k.baseAddress ?? UnsafePointer(bitPattern: 8).unsafelyUnwrapped,
                        s.baseAddress ?? UnsafePointer(bitPattern: 8).unsafelyUnwrapped,
                        t.baseAddress ?? UnsafePointer(bitPattern: 8).unsafelyUnwrapped)
                }
            }
        }
    }

    /// Runs `body` with the list's storage, writable.
    @inline(__always) mutating func withMutablePointers<R>(
        _ body: (UnsafeMutablePointer<Double>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UInt32>) -> R
    ) -> R {
        keys.withUnsafeMutableBufferPointer { k in
            slots.withUnsafeMutableBufferPointer { s in
                stamps.withUnsafeMutableBufferPointer { t in
                    body(
                        k.baseAddress ?? UnsafeMutablePointer(bitPattern: 8).unsafelyUnwrapped,
                        s.baseAddress ?? UnsafeMutablePointer(bitPattern: 8).unsafelyUnwrapped,
                        t.baseAddress ?? UnsafeMutablePointer(bitPattern: 8).unsafelyUnwrapped)
                }
            }
        }
    }

    /// Merges `n` entries of lists `a` (from `ia`, `na` in all) and `b` into `out`, the smaller
    /// key first (`a`'s on ties); `n` is at most what the two have left.
    @_optimize(speed) static func merge(
        _ a: (UnsafePointer<Double>, UnsafePointer<Int32>, UnsafePointer<UInt32>), _ na: Int, _ ia: inout Int,
        _ b: (UnsafePointer<Double>, UnsafePointer<Int32>, UnsafePointer<UInt32>), _ nb: Int, _ ib: inout Int,
        into out: (UnsafeMutablePointer<Double>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UInt32>), _ n: Int
    ) {
        var i = ia, j = ib, w = 0
        // While both lists have entries (one test fewer per entry), then the rest of either.
        while w < n && i < na && j < nb {
            if a.0[i] <= b.0[j] {
                out.0[w] = a.0[i]; out.1[w] = a.1[i]; out.2[w] = a.2[i]; i &+= 1
            } else {
                out.0[w] = b.0[j]; out.1[w] = b.1[j]; out.2[w] = b.2[j]; j &+= 1
            }
            w &+= 1
        }
        while w < n && i < na {
            out.0[w] = a.0[i]; out.1[w] = a.1[i]; out.2[w] = a.2[i]; i &+= 1; w &+= 1
        }
        while w < n && j < nb {
            out.0[w] = b.0[j]; out.1[w] = b.1[j]; out.2[w] = b.2[j]; j &+= 1; w &+= 1
        }
        ia = i; ib = j
    }
}

/// A run: the six sorted lists (list `axis * 3 + feature`: min edges, centres, max edges along x,
/// then y) of a batch of targets, made at once from the targets that waited, or by merging two runs.
struct SnapRun {
    var lists: [SnapList]
    /// Entries of its first list (the others hold as many, up to entries dropped as stale).
    var count: Int { lists[0].keys.count }
}

/// The snap targets of one parent's children, log-structured so that no call does much work:
/// targets added or changed wait in `pending` (a query tests each of them), are sorted into a
/// small run a batch at a time, and runs are merged two by two, a bounded slice per call
/// (SnapIndexUpkeep.swift), into one. A query consults every run and every waiting target.
struct SnapParentIndex {
    var parent: Int32
    var runs: [SnapRun] = []
    var pending: [Int32] = []
    /// Whether its runs may hold stale entries (merges then drop them).
    var stale = false
    /// Targets whose entries in its runs are live (the rest of the runs' entries are stale).
    var indexed = 0
    /// Whether it is in `SnapIndex.busy` (it has waiting targets or several runs).
    var busy = false
}

/// What the index knows of one slot.
struct SnapRecord {
    /// The position in `SnapIndex.parents` of the index holding it, or -1.
    var index: Int32 = -1
    /// The position in `SnapIndex.parents` of the index of its children, or -1.
    var children: Int32 = -1
    /// Its entries' stamp: a new one each time its entries change, so older entries are stale.
    var stamp: UInt32 = 0
    /// Equal to `SnapIndex.stamp` while it moves in the step being snapped (not a target).
    var moving: UInt32 = 0
    /// The bounds it is indexed with.
    var bounds = Rect(min: .zero, max: .zero)
    /// Committed while moving: its entries are stale until brought up to date after the gesture.
    var deferred = false
    /// Waiting in its index's `pending` (no entries in a run yet).
    var pending = false
}

/// An incremental merge of runs `at` and `at + 1` of parent index `parent` into `out`, list by
/// list (`a`, `b`: how far each list has read its two inputs).
struct SnapMerge {
    var parent = -1
    var at = 0
    var out: [SnapList] = []
    var a: [Int] = [], b: [Int] = []
    /// Entries written to each output list (sized for both inputs up front, trimmed at the end).
    var filled: [Int] = []
    var dropStale = false
}

/// The spatial index of snap targets: per parent, the children with `snap_target` in runs of
/// lists sorted per axis, so a step finds the coordinates near the moving bounds by binary search.
/// It follows the scene whether snapping is on or not (`Scene.snapDirty`, recorded by
/// `Scene.commit` and the structural changes), in bounded slices of work charged to the calls
/// that change the scene or read it, so that turning snapping on and the first snapped step find
/// it (nearly) built.
struct SnapIndex {
    var parents: [SnapParentIndex] = []
    /// By slot; in pages, so growing with the scene never copies it whole.
    var records = PagedArray<SnapRecord>()
    /// The moving mark of the step being snapped (never 0, which no record is marked with).
    var stamp: UInt32 = 1
    /// The last entry stamp given out.
    var entryStamp: UInt32 = 0
    var deferred: [Int32] = []
    /// The index of the top level's children, or -1.
    var root: Int32 = -1
    /// Parent indexes with work left (waiting targets, several runs).
    var busy: [Int32] = []
    var merge = SnapMerge()
    /// Changes that wait before a slice is done while snapping is off; targets per run made
    /// while it is off; list entries a slice handles (tests make these small).
    var drainAt = 1024, runSize = 1024, sliceEntries = 1 << 14
    /// The most entries two runs merged while snapping is off (and most entries live) may hold:
    /// as many as a run holds, so the runs made while it is off are not merged until it is on
    /// (no query reads them meanwhile), unless boxes changing in numbers made most entries stale.
    var offMergeLimit = 1 << 10
    /// The work the last slice did (list entries), for tests.
    var sliceWork = 0

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

    /// Whether moving feature `f` snaps to target feature `t` (0 min edge, 1 centre, 2 max edge,
    /// on one axis): an edge to either edge, so a box meets its neighbour flush (its left on the
    /// neighbour's right) as well as aligned with it; a centre to centres only.
    @inline(__always) static func pairs(_ f: Int, _ t: Int) -> Bool { (f == 1) == (t == 1) }

    /// Whether slot `s` is a target in this step (not moving).
    @inline(__always) func isTarget(_ s: Int32) -> Bool { records[Int(s)].moving != stamp }

    /// Whether entry (`key`, `s`, `st`) of list `k` in index `pi` is live: the slot is still
    /// indexed there with those bounds (its stamp unchanged and the key its feature, bit for bit).
    @inline(__always) func live(_ pi: Int32, _ k: Int, _ key: Double, _ s: Int32, _ st: UInt32) -> Bool {
        let r = records[Int(s)]
        return r.stamp == st && r.index == pi && !r.pending
            && SnapIndex.feature(r.bounds, axis: k >= 3 ? 1 : 0, k % 3).bitPattern == key.bitPattern
    }

    /// Whether slot `s`, in a `pending` list of index `pi`, waits there (not elsewhere, not gone).
    @inline(__always) func waits(_ pi: Int32, _ s: Int32) -> Bool {
        records[Int(s)].pending && records[Int(s)].index == pi
    }

    /// A new entry stamp.
    mutating func nextStamp() -> UInt32 {
        entryStamp &+= 1
        if entryStamp == 0 { entryStamp = 1 }
        return entryStamp
    }

    /// Sorts `n` keys (with their slots) ascending and stably (equal keys keep their order), by
    /// distributing them over `n` buckets between the smallest and largest key (O(n) for
    /// coordinates spread over a scene): buckets of more than 32 are sorted the same way, then
    /// one insertion pass over the whole puts the small buckets in order (every key is already
    /// in its bucket, so it only moves within it).
    @_optimize(speed) static func bucketSort(
        _ k: UnsafeMutablePointer<Double>, _ s: UnsafeMutablePointer<Int32>, _ n: Int, depth: Int = 0
    ) {
        if n < 2 { return }
        if n <= 32 || depth > 6 { insertionSort(k, s, n); return }
        var lo = k[0], hi = k[0]
        for i in 1..<n { lo = Swift.min(lo, k[i]); hi = Swift.max(hi, k[i]) }
        if lo == hi { return }
        let scale = Double(n - 1) / (hi - lo)
        let start = UnsafeMutablePointer<Int>.allocate(capacity: n + 1),
            bk = UnsafeMutablePointer<Int>.allocate(capacity: n)
        let tk = UnsafeMutablePointer<Double>.allocate(capacity: n),
            ts = UnsafeMutablePointer<Int32>.allocate(capacity: n)
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

    /// Whether `n` keys, listed in the order `order` gives (positions in the batch), are in the
    /// order a stable sort gives them: ascending, equal keys by ascending position.
    @_optimize(speed) static func stablySorted(
        _ k: UnsafePointer<Double>, _ order: UnsafePointer<Int32>, _ n: Int
    ) -> Bool {
        var i = 1
        while i < n {
            let a = k[i - 1], b = k[i]
            if !(a < b || (a == b && order[i - 1] < order[i])) { return false }
            i &+= 1
        }
        return true
    }

    /// Sorts `n` keys (with their slots) ascending and stably by insertion: O(n + inversions).
    @_optimize(speed) @inline(__always) static func insertionSort(
        _ k: UnsafeMutablePointer<Double>, _ s: UnsafeMutablePointer<Int32>, _ n: Int
    ) {
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
    /// reparented, made a target or not): queued once until the index takes it in.
    @inline(__always) mutating func snapTouched(_ s: Int32) {
        // (A new slot is the next one: one element appended, the common case at creation.)
        while Int(s) >= snapQueued.count { snapQueued.append(false) }
        if !snapQueued[Int(s)] { snapQueued[Int(s)] = true; snapDirty.append(s) }
    }
}
