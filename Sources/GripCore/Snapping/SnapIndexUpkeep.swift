/// Keeping the snap index (SnapIndex.swift) up to date in bounded slices: the scene's changes are
/// taken in (each changed target waits in its parent's `pending`), waiting targets are sorted into
/// runs, and runs are merged two at a time, a slice of list entries per call. While object
/// snapping is off, a slice runs only once `drainAt` changes wait or a merge is due (two newest
/// runs of similar size, of at most `offMergeLimit` entries together while most are live), so the
/// index stays a few runs deep at no per-call cost; while it is on,
/// every call that touches the scene takes its changes in and merges down to one run.
extension Engine {
    /// Whether edges, centres or equal gaps snap (the index is then kept fully merged).
    var objectSnapping: Bool { snapping.config.has(SnapConfig.edges | SnapConfig.centers | SnapConfig.gaps) }

    /// A slice of the index's upkeep, when there is work for one; called by the calls that
    /// change boxes (`boxCall`: creation, destruction, configuration) or read the scene
    /// (dispatches, frame reads). While object snapping is off, changes are taken in only by box
    /// calls, once `drainAt` wait: a gesture moving many boxes then pays nothing for the index
    /// (its changes wait, deduplicated, until snapping is turned on or boxes are created).
    @inline(__always) func snapUpkeep(boxCall: Bool = false) {
        let drain =
            objectSnapping ? !scene.snapDirty.isEmpty : boxCall && scene.snapDirty.count >= snapping.index.drainAt
        if drain || !snapping.index.busy.isEmpty { snapSlice(drain: drain) }
    }

    /// One slice: at most `sliceEntries` list entries' worth of changes taken in (with `drain`),
    /// runs made and merged.
    @inline(never) func snapSlice(drain: Bool) {
        var budget = snapping.index.sliceEntries
        let stamp = snapping.index.entryStamp
        if drain { budget -= drainSnapDirty(limit: budget / 16) }
        // Merging down beyond the size rule only in slices that changed no entry: a target
        // changed in every call would otherwise have a large run merged again each time.
        budget = advanceSnapRuns(budget: budget, compact: objectSnapping && snapping.index.entryStamp == stamp)
        snapping.index.sliceWork = snapping.index.sliceEntries - budget
    }

    /// Sizes the records for every slot.
    @inline(__always) func growSnapRecords() {
        while snapping.index.records.count < scene.slotCount { snapping.index.records.append(SnapRecord()) }
    }

    /// Takes in up to `limit` of the scene's changes; returns the work done (in list entries).
    /// A box committed while it moves in a snapped step keeps its entries until its gesture ends
    /// (it is no target meanwhile): it waits in `deferred`.
    @discardableResult @_optimize(speed) func drainSnapDirty(limit: Int) -> Int {
        growSnapRecords()
        var n = 0
        while n < limit, let s = scene.snapDirty.popLast() {
            scene.snapQueued[Int(s)] = false
            n += 1
            if snapping.index.records[Int(s)].deferred { continue }
            if snapping.index.records[Int(s)].index >= 0 && !snapping.index.isTarget(s) && scene[s].alive {
                snapping.index.records[Int(s)].deferred = true
                snapping.index.deferred.append(s)
            } else {
                refreshSnapEntry(s)
            }
        }
        return n * 16
    }

    /// The position in `snapping.index.parents` of the index of `parent`'s children, made empty
    /// when there is none.
    @_optimize(speed) func snapParentIndex(_ parent: Int32) -> Int32 {
        let cur = parent < 0 ? snapping.index.root : snapping.index.records[Int(parent)].children
        if cur >= 0 { return cur }
        let pi = Int32(snapping.index.parents.count)
        snapping.index.parents.append(SnapParentIndex(parent: parent))
        if parent < 0 { snapping.index.root = pi } else { snapping.index.records[Int(parent)].children = pi }
        return pi
    }

    /// Notes that parent index `pi` has work (waiting targets or runs to merge).
    @inline(__always) func markSnapBusy(_ pi: Int32) {
        if !snapping.index.parents[Int(pi)].busy {
            snapping.index.parents[Int(pi)].busy = true
            snapping.index.busy.append(pi)
        }
    }

    /// Brings slot `s`'s entries up to date: its old entries made stale, and, if it is alive and
    /// a target, it waits in its parent's index with its bounds now.
    @_optimize(speed) func refreshSnapEntry(_ s: Int32) {
        var r = snapping.index.records[Int(s)]
        let old = r.index, wasPending = r.pending
        guard scene[s].alive, scene.behavior(s).snapTarget else {
            if old >= 0 {
                if !wasPending { entryWentStale(old) }
                r.index = -1
                r.pending = false
                r.stamp = snapping.index.nextStamp()
                snapping.index.records[Int(s)] = r
            }
            return
        }
        let b = SnapIndex.bounds(scene[s].geometry)
        let pi = snapParentIndex(scene[s].parent)
        if old == pi && r.bounds.min.x.bitPattern == b.min.x.bitPattern
            && r.bounds.min.y.bitPattern == b.min.y.bitPattern
            && r.bounds.max.x.bitPattern == b.max.x.bitPattern && r.bounds.max.y.bitPattern == b.max.y.bitPattern
        {
            return
        }
        if old >= 0 && !wasPending { entryWentStale(old) }
        // `snapParentIndex` may have written this record (a parent's `children`): read it again.
        r = snapping.index.records[Int(s)]
        r.index = pi
        r.bounds = b
        r.stamp = snapping.index.nextStamp()
        r.pending = true
        snapping.index.records[Int(s)] = r
        if !(wasPending && old == pi) {
            snapping.index.parents[Int(pi)].pending.append(s)
            markSnapBusy(pi)
        }
    }

    /// Does up to `budget` entries of run work: waiting targets sorted into runs (in batches of
    /// `runSize`, or with `compact` once `pendingTested` wait), then merges of the newest two runs
    /// when the older is at most twice the newer (so each entry is merged O(log n) times), or,
    /// with `compact`, of the adjacent two with the fewest entries while there are more than
    /// `compactRuns` (queries then search a few runs).
    @discardableResult @_optimize(speed) func advanceSnapRuns(budget: Int, compact: Bool) -> Int {
        var budget = budget
        while budget > 0 {
            if snapping.index.merge.parent >= 0 { budget -= snapMergeStep(budget); continue }
            guard let pi = snapping.index.busy.last else { return budget }
            let p = Int(pi)
            let n = snapping.index.parents[p].pending.count
            if n >= snapping.index.runSize
                || (compact && n >= Swift.min(SnapIndex.pendingTested, snapping.index.runSize))
            {
                budget -= flushSnapPending(p, max: snapping.index.runSize)
                continue
            }
            let r = snapping.index.parents[p].runs.count
            if r >= 2 && ((compact && r > SnapIndex.compactRuns) || mergeDue(p, runs: r)) {
                startSnapMerge(p, at: compact ? cheapestSnapMerge(p) : r - 2)
                budget -= 64
                continue
            }
            // Merging down waits for a slice that changes nothing (the parent stays busy till then).
            if !compact && objectSnapping
                && (r > SnapIndex.compactRuns || n >= Swift.min(SnapIndex.pendingTested, snapping.index.runSize))
            {
                return budget
            }
            snapping.index.parents[p].busy = false
            snapping.index.busy.removeLast()
        }
        return budget
    }

    /// The entry of a target in a run of parent index `pi` went stale (the target moved, went
    /// elsewhere, or is no target any more).
    @inline(__always) private func entryWentStale(_ pi: Int32) {
        snapping.index.parents[Int(pi)].stale = true
        snapping.index.parents[Int(pi)].indexed -= 1
    }

    /// Whether the newest two of parent index `p`'s `r` runs are merged by the size rule: the
    /// older is at most twice the newer (each entry is then merged O(log n) times). While object
    /// snapping is off, only while the two hold at most `offMergeLimit` entries, unless more than
    /// half of the index's entries are stale: no query reads the index then, and the large merges
    /// (which wrote a third of the entries' memory of creating 100,000 boxes, most of it first
    /// touched) wait until snapping is turned on and merges it down, a slice per call. Boxes
    /// moved, reconfigured or destroyed in numbers lift the limit, so that merges drop their
    /// stale entries and the index stays linear in the targets.
    func mergeDue(_ p: Int, runs r: Int) -> Bool {
        let older = snapping.index.parents[p].runs[r - 2].count, newer = snapping.index.parents[p].runs[r - 1].count
        guard older <= 2 * newer else { return false }
        if objectSnapping || older + newer <= snapping.index.offMergeLimit { return true }
        var entries = 0
        for run in snapping.index.parents[p].runs { entries += run.count }
        return entries > 2 * snapping.index.parents[p].indexed
    }

    /// The adjacent pair of parent index `p`'s runs with the fewest entries together (the older
    /// one's position): merging down many runs of similar size (made while object snapping was
    /// off) pair by pair moves each entry O(log runs) times, where always merging the newest two
    /// would move the oldest entries once per run.
    func cheapestSnapMerge(_ p: Int) -> Int {
        var best = 0, least = Int.max
        var prev = snapping.index.parents[p].runs[0].count
        for i in 1..<snapping.index.parents[p].runs.count {
            let c = snapping.index.parents[p].runs[i].count
            if prev + c < least { least = prev + c; best = i - 1 }
            prev = c
        }
        return best
    }

    /// Makes a run of up to `max` of parent index `p`'s waiting targets (the newest); returns the work.
    @_optimize(speed) func flushSnapPending(_ p: Int, max: Int) -> Int {
        let pi = Int32(p)
        var batch: [Int32] = [], stamps: [UInt32] = [], bounds: [Rect] = []
        let take = Swift.min(max, snapping.index.parents[p].pending.count)
        batch.reserveCapacity(take); stamps.reserveCapacity(take); bounds.reserveCapacity(take)
        for _ in 0..<take {
            let s = snapping.index.parents[p].pending.removeLast()
            guard snapping.index.waits(pi, s) else { continue }
            snapping.index.records[Int(s)].pending = false
            snapping.index.parents[p].indexed += 1
            batch.append(s)
            stamps.append(snapping.index.records[Int(s)].stamp)
            bounds.append(snapping.index.records[Int(s)].bounds)
        }
        if snapping.index.parents[p].pending.isEmpty { snapping.index.parents[p].pending = [] }
        let n = batch.count
        guard n > 0 else { return take + 64 }
        var lists: [SnapList] = []
        lists.reserveCapacity(6)
        // The centres' order along an axis, and the order of the edge being listed.
        let centreOrder = UnsafeMutablePointer<Int32>.allocate(capacity: n)
        let order = UnsafeMutablePointer<Int32>.allocate(capacity: n)
        defer { centreOrder.deallocate(); order.deallocate() }
        batch.withUnsafeBufferPointer { bb in
            stamps.withUnsafeBufferPointer { sb in
                bounds.withUnsafeBufferPointer { rb in
                    for axis in 0..<2 {
                        // Centres first: where the boxes are as wide (or as tall) as each other,
                        // their edges are in the same order, and the edges' lists take it after
                        // one check instead of a sort of their own, sharing the centres' slots
                        // and stamps (one storage for the three lists).
                        var made = (SnapList(), SnapList(), SnapList())
                        for step in 0..<3 {
                            let f = step == 0 ? 1 : step == 1 ? 0 : 2
                            let o = f == 1 ? centreOrder : order
                            var centres = false
                            let keys = [Double](unsafeUninitializedCapacity: n) { kb, c in
                                c = n
                                let k = kb.baseAddress.unsafelyUnwrapped
                                if f != 1 {
                                    for i in 0..<n { k[i] = SnapIndex.feature(rb[Int(centreOrder[i])], axis: axis, f) }
                                    if SnapIndex.stablySorted(k, centreOrder, n) {
                                        centres = true
                                        return
                                    }
                                }
                                for i in 0..<n { k[i] = SnapIndex.feature(rb[i], axis: axis, f); o[i] = Int32(i) }
                                SnapIndex.bucketSort(k, o, n)
                            }
                            if centres {
                                let list = SnapList(keys: keys, slots: made.1.slots, stamps: made.1.stamps)
                                if f == 0 { made.0 = list } else { made.2 = list }
                                continue
                            }
                            let slots = [Int32](unsafeUninitializedCapacity: n) { ob, c in
                                for i in 0..<n { ob[i] = bb[Int(o[i])] }
                                c = n
                            }
                            let st = [UInt32](unsafeUninitializedCapacity: n) { ob, c in
                                for i in 0..<n { ob[i] = sb[Int(o[i])] }
                                c = n
                            }
                            let list = SnapList(keys: keys, slots: slots, stamps: st)
                            if f == 0 { made.0 = list } else if f == 1 { made.1 = list } else { made.2 = list }
                        }
                        lists.append(made.0)
                        lists.append(made.1)
                        lists.append(made.2)
                    }
                }
            }
        }
        snapping.index.parents[p].runs.append(SnapRun(lists: lists))
        return take + 6 * n * 4
    }

    /// Starts merging runs `at` and `at + 1` of parent index `p`.
    func startSnapMerge(_ p: Int, at: Int) {
        let n = snapping.index.parents[p].runs[at].count + snapping.index.parents[p].runs[at + 1].count
        var out: [SnapList] = []
        // Storage for every entry, left unwritten (plain numbers): each step writes its part.
        for _ in 0..<6 {
            out.append(
                SnapList(
                    keys: [Double](unsafeUninitializedCapacity: n) { $1 = n },
                    slots: [Int32](unsafeUninitializedCapacity: n) { $1 = n },
                    stamps: [UInt32](unsafeUninitializedCapacity: n) { $1 = n }))
        }
        snapping.index.merge = SnapMerge(
            parent: p, at: at, out: out, a: [Int](repeating: 0, count: 6),
            b: [Int](repeating: 0, count: 6), filled: [Int](repeating: 0, count: 6),
            dropStale: snapping.index.parents[p].stale)
        // Entries going stale from now on mark it again; a merge of all its runs drops the rest.
        if snapping.index.parents[p].runs.count == 2 { snapping.index.parents[p].stale = false }
    }

    /// Merges up to about `budget` entries of the merge in progress, finishing it when its lists
    /// are all merged (the output replaces its two inputs); returns the work.
    @_optimize(speed) func snapMergeStep(_ budget: Int) -> Int {
        let p = snapping.index.merge.parent, at = snapping.index.merge.at
        let pi = Int32(p)
        var out = snapping.index.merge.out
        snapping.index.merge.out = []
        let ra = snapping.index.parents[p].runs[at], rb = snapping.index.parents[p].runs[at + 1]
        let drop = snapping.index.merge.dropStale
        let per = Swift.max(1, budget / 6)
        var work = 64, done = true
        for k in 0..<6 {
            var ia = snapping.index.merge.a[k], ib = snapping.index.merge.b[k]
            let la = ra.lists[k], lb = rb.lists[k]
            let na = la.keys.count, nb = lb.keys.count
            if ia >= na && ib >= nb { continue }
            var o = out[k]
            out[k] = SnapList()
            let n = Swift.min(per, na - ia + nb - ib), base = snapping.index.merge.filled[k]
            la.withPointers { ak, asl, ast in
                lb.withPointers { bk, bsl, bst in
                    o.withMutablePointers { ok, osl, ost in
                        SnapList.merge(
                            (ak, asl, ast), na, &ia, (bk, bsl, bst), nb, &ib, into: (ok + base, osl + base, ost + base),
                            n)
                    }
                }
            }
            var kept = base + n
            if drop {
                // Stale entries out, in place.
                kept = base
                for i in base..<(base + n) where snapping.index.live(pi, k, o.keys[i], o.slots[i], o.stamps[i]) {
                    o.keys[kept] = o.keys[i]; o.slots[kept] = o.slots[i]; o.stamps[kept] = o.stamps[i]
                    kept += 1
                }
            }
            snapping.index.merge.filled[k] = kept
            if ia >= na && ib >= nb {
                let extra = o.keys.count - kept
                o.keys.removeLast(extra); o.slots.removeLast(extra); o.stamps.removeLast(extra)
            }
            out[k] = o
            work += n
            snapping.index.merge.a[k] = ia
            snapping.index.merge.b[k] = ib
            if ia < na || ib < nb { done = false }
        }
        if done {
            snapping.index.parents[p].runs[at] = SnapRun(lists: out)
            snapping.index.parents[p].runs.remove(at: at + 1)
            snapping.index.merge = SnapMerge()
            markSnapBusy(pi)
        } else {
            snapping.index.merge.out = out
        }
        return work
    }

    /// The position in `snapping.index.parents` of the index of `parent`'s children, brought up to
    /// date with the scene's changes for a snapped step: every change taken in, targets waiting
    /// in numbers sorted into a run (a few are tested one by one). The boxes moving in this step
    /// (marked by `prepareSnap`) keep stale entries until their gesture ends: they are no
    /// targets meanwhile.
    @_optimize(speed) func snapIndex(parent: Int32) -> Int {
        growSnapRecords()
        var i = 0
        while i < snapping.index.deferred.count {
            let s = snapping.index.deferred[i]
            if snapping.index.isTarget(s) {
                snapping.index.records[Int(s)].deferred = false
                snapping.index.deferred.swapAt(i, snapping.index.deferred.count - 1)
                snapping.index.deferred.removeLast()
                refreshSnapEntry(s)
            } else {
                i += 1
            }
        }
        drainSnapDirty(limit: Int.max)
        let pi = Int(snapParentIndex(parent))
        while snapping.index.parents[pi].pending.count > SnapIndex.pendingTested {
            _ = flushSnapPending(pi, max: 4096)
        }
        return pi
    }

    /// Starts keeping the index merged down (object snapping turned on): every parent index with
    /// waiting targets or several runs gets slices from now on.
    func snapCompactAll() {
        for p in snapping.index.parents.indices
        where !snapping.index.parents[p].pending.isEmpty || snapping.index.parents[p].runs.count > 1 {
            markSnapBusy(Int32(p))
        }
    }
}

extension SnapIndex {
    /// Waiting targets a snapped step tests one by one rather than sorting them into a run first.
    static let pendingTested = 32
    /// Runs a parent's index is merged down to while object snapping is on.
    static let compactRuns = 1
}
