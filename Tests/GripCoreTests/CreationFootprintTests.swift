import Testing

@testable import GripCore

/// What creating boxes in numbers stores and how (the memory each box costs is what creating
/// 100,000 boxes spends most of its time on): the box record's size, the frame's command storage
/// growing fourfold with the frames read across each growth exact and the frame a host holds
/// unchanged, the snap index's runs sorted as a stable sort sorts them, and runs left unmerged
/// while snapping is off until snapping is turned on or entries go stale.
@Suite struct CreationFootprintTests {
    /// The record every box has, and the behaviour in it, without padding between fields.
    @Test func boxRecordsStayCompact() {
        #expect(MemoryLayout<BoxBehavior>.size == 129)
        #expect(MemoryLayout<BoxRecord>.stride == 192)
        #expect(MemoryLayout<BoxHookSet>.size == 6)
    }

    /// The custom handle count kept in four bytes: counts in range are kept, and counts past
    /// `Int32` (either way) are still refused, never wrapped into range.
    @Test func customHandleCountsOutsideInt32AreRefused() throws {
        let r = Rig()
        let b = r.box()
        try r.e.setHooks(b, BoxHookSet(customHandles: 16))
        #expect(r.e.scene[try r.e.slot(b)].hooks.customHandles == 16)
        for n in [17, (1 << 32) + 3, -1, -(1 << 32) + 2, Int.max, Int.min] {
            #expect(!(0...16).contains(BoxHookSet(customHandles: n).customHandles), "\(n)")
            expectGripError(.invalidArgument, "at most 16") { try r.e.setHooks(b, BoxHookSet(customHandles: n)) }
        }
        var set = BoxHookSet()
        set.customHandles = (1 << 32) + 1
        #expect(set.customHandles == Int(Int32.max))
        #expect(r.e.scene[try r.e.slot(b)].hooks.customHandles == 16)
    }

    /// Boxes created on top one at a time past several growths of the command storage (64, 256,
    /// 1,024, 4,096 commands), frames read just before, at and after each point where a larger
    /// storage is started and where it takes over: every frame equals one built from nothing,
    /// and the frame a host read last keeps its bytes while boxes are created, whatever moved.
    @Test func commandStorageGrowsFourfoldAndEveryFrameStaysExact() throws {
        let r = Rig(width: 8000, height: 8000)
        var rng = SplitMix64(seed: 0xC4EA_7E01)
        // The points around which frames are read: half of each capacity and each capacity.
        var marks: Set<Int> = []
        for c in [64, 256, 1024, 4096] {
            for k in [c / 2 - 1, c / 2, c / 2 + 1, c / 2 + 2, c - 1, c, c + 1] { marks.insert(k) }
        }
        var capacities: [Int] = []
        var held: (pointer: UnsafeBufferPointer<Command>, copy: [Command])? = nil
        var checks = 0
        for i in 0..<5000 {
            r.box(
                center: Vec2(rng.double(20, 7900), rng.double(20, 7900)), width: rng.double(12, 60),
                height: rng.double(12, 60), rotation: rng.double(-3, 3), editing: rng.int(50) == 0
            ) { $0.behavior.userData = UInt64(i) }
            let cap = r.e.frameState.commands.capacity
            if capacities.last != cap { capacities.append(cap) }
            // The commands the host read last are where it read them, unchanged.
            if let h = held {
                #expect(Array(h.pointer) == h.copy, "box \(i): the frame the host holds changed")
            }
            if marks.contains(i + 1) {
                let v = r.e.frameView()
                held = (v.commands, Array(v.commands))
                let incremental = Array(v.commands)
                let scratch = r.e.frameFromScratch()
                #expect(incremental == scratch.commands, "box \(i): commands")
                #expect(incremental.count(where: { $0.kind == .box }) == i + 1)
                // The scratch build moved nothing the next check reads: read it as the host.
                let again = r.e.frameView()
                held = (again.commands, Array(again.commands))
                checks += 1
            }
        }
        #expect(checks == marks.count)
        // Each larger storage is four times the last (after the first 64).
        #expect(capacities.count >= 4)
        for (a, b) in zip(capacities, capacities.dropFirst()) { #expect(b == 4 * a, "\(capacities)") }
    }

    /// The six lists of a run made from waiting targets hold every target once, each sorted as a
    /// stable sort by that feature sorts the batch (ties in the batch's order), whether the boxes
    /// are all as wide and tall (the edges' lists take the centres' order) or of random sizes (they
    /// are sorted on their own), with centres repeated so that ties occur.
    @Test func runsAreSortedAsAStableSortSortsThem() throws {
        var rng = SplitMix64(seed: 0x5A47_1604)
        for round in 0..<40 {
            let r = Rig(width: 4000, height: 4000)
            let n = 16 + rng.int(200)
            r.e.snapping.index.runSize = n
            r.e.snapping.index.drainAt = n
            let sameSize = round % 2 == 0
            for _ in 0..<n {
                let w = sameSize ? 20 : rng.double(10, 80), h = sameSize ? 30 : rng.double(10, 80)
                let c =
                    rng.int(3) == 0
                    ? Vec2(Double(rng.int(5)) * 10 + 100, Double(rng.int(5)) * 10 + 100)
                    : Vec2(rng.double(0, 900), rng.double(0, 900))
                r.box(center: c, width: w, height: h, rotation: rng.int(6) == 0 ? 0.3 : 0, editing: false)
            }
            let root = Int(r.e.snapping.index.root)
            #expect(root >= 0)
            guard root >= 0 else { continue }
            let runs = r.e.snapping.index.parents[root].runs
            #expect(runs.count == 1, "round \(round)")
            guard runs.count == 1 else { continue }
            // The batch is the boxes in creation order: slots 0 ..< n.
            for k in 0..<6 {
                let keys = (0..<n).map { s in
                    SnapIndex.feature(r.e.snapping.index.records[s].bounds, axis: k / 3, k % 3)
                }
                let expected = (0..<n).sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
                let list = runs[0].lists[k]
                #expect(list.slots.map { Int($0) } == expected, "round \(round) list \(k)")
                #expect(list.keys == expected.map { keys[$0] }, "round \(round) list \(k)")
                #expect(list.stamps == expected.map { r.e.snapping.index.records[$0].stamp })
            }
        }
    }

    /// While snapping is off, runs merge only up to `offMergeLimit` entries; entries going stale
    /// lift the limit (the merges drop them), and turning snapping on merges the index down to
    /// one run holding every target once.
    @Test func runsWaitUnmergedWhileSnappingIsOff() throws {
        var rng = SplitMix64(seed: 0x5A47_1605)
        let (r, ids) = smallRunScene(512, &rng)
        let root = Int(r.e.snapping.index.root)
        var sizes = r.e.snapping.index.parents[root].runs.map(\.count)
        // Runs of 16 merged two by two while the older is at most twice the newer, never past 64.
        #expect(sizes == [48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 32], "\(sizes)")
        // More boxes: a run more, still merged up to the limit only.
        for _ in 0..<16 { r.box(center: Vec2(rng.double(0, 3900), rng.double(0, 3900)), width: 20, height: 20) }
        sizes = r.e.snapping.index.parents[root].runs.map(\.count)
        #expect(sizes.max()! <= 64 && sizes.reduce(0, +) == 528, "\(sizes)")
        // A few boxes destroyed: their entries go stale, and runs still merge up to the limit.
        for id in ids.suffix(16) { try r.e.destroyBox(id) }
        for _ in 0..<32 { r.box(center: Vec2(rng.double(0, 3900), rng.double(0, 3900)), width: 20, height: 20) }
        sizes = r.e.snapping.index.parents[root].runs.map(\.count)
        #expect(sizes.max()! <= 64, "\(sizes)")
        // Most destroyed: most entries are stale, and the next runs made merge past the limit,
        // dropping them.
        for id in ids.prefix(300) { try r.e.destroyBox(id) }
        let before = r.e.snapping.index.parents[root].runs.reduce(0) { $0 + $1.count }
        for _ in 0..<32 { r.box(center: Vec2(rng.double(0, 3900), rng.double(0, 3900)), width: 20, height: 20) }
        sizes = r.e.snapping.index.parents[root].runs.map(\.count)
        #expect(sizes.max()! > 64, "\(sizes)")
        #expect(sizes.reduce(0, +) < before, "\(sizes)")
        // Snapping on: frame reads merge it down to one run of the live targets.
        var c = SnapConfig()
        c.flags = SnapConfig.edges
        try r.e.setSnapping(c)
        var calls = 0
        while (r.e.snapping.index.parents[root].runs.count > 1 || r.e.snapping.index.merge.parent >= 0)
            && calls < 1000
        {
            _ = r.e.frameView()
            calls += 1
        }
        #expect(r.e.snapping.index.parents[root].runs.count == 1)
        // Every live target once: in the run, or among the few waiting to be tested one by one.
        let run = r.e.snapping.index.parents[root].runs[0]
        let waiting = r.e.snapping.index.parents[root].pending.filter { r.e.snapping.index.waits(Int32(root), $0) }
        #expect(run.count + waiting.count == r.e.boxCount)
        #expect(Set(run.lists[0].slots + waiting).count == r.e.boxCount)
    }

    /// With the engine's own settings, the runs made while snapping is off are not merged at all
    /// (no query reads them, and merging them would write every entry again while boxes are
    /// created in numbers).
    @Test func runsAreNotMergedWhileSnappingIsOff() {
        var rng = SplitMix64(seed: 0x5A47_1607)
        let r = Rig(width: 40000, height: 40000)
        for _ in 0..<5000 {
            r.box(center: Vec2(rng.double(0, 39900), rng.double(0, 39900)), width: 20, height: 20, editing: false)
        }
        let root = Int(r.e.snapping.index.root)
        let sizes = r.e.snapping.index.parents[root].runs.map(\.count)
        #expect(sizes == [1024, 1024, 1024, 1024], "\(sizes)")
        #expect(r.e.snapping.index.merge.parent < 0)
        // Boxes of one size: each axis's edge lists are in its centres' order and share the
        // centres' storage of slots and stamps.
        func storage(_ a: [Int32]) -> UnsafePointer<Int32>? { a.withUnsafeBufferPointer { $0.baseAddress } }
        for run in r.e.snapping.index.parents[root].runs {
            for axis in 0..<2 {
                let centres = storage(run.lists[axis * 3 + 1].slots)
                #expect(storage(run.lists[axis * 3].slots) == centres)
                #expect(storage(run.lists[axis * 3 + 2].slots) == centres)
            }
            #expect(storage(run.lists[1].slots) != storage(run.lists[4].slots))
        }
    }

    /// Turning snapping on merges many runs of one size down pair by pair (the two adjacent runs
    /// with the fewest entries first): each entry is merged about log2(runs) times, not once per
    /// run as merging the newest two each time would.
    @Test func manyRunsMergeDownPairByPair() throws {
        var rng = SplitMix64(seed: 0x5A47_1608)
        let (r, _) = smallRunScene(512, &rng, mergeLimit: 16)
        let root = Int(r.e.snapping.index.root)
        #expect(r.e.snapping.index.parents[root].runs.map(\.count) == [Int](repeating: 16, count: 32))
        var c = SnapConfig()
        c.flags = SnapConfig.edges
        r.e.snapping.index.sliceEntries = 1024
        r.e.snapping.index.sliceWork = 0
        try r.e.setSnapping(c)
        var work = r.e.snapping.index.sliceWork, calls = 0
        while (r.e.snapping.index.parents[root].runs.count > 1 || r.e.snapping.index.merge.parent >= 0)
            && calls < 1000
        {
            _ = r.e.frameView()
            work += r.e.snapping.index.sliceWork
            calls += 1
        }
        #expect(r.e.snapping.index.parents[root].runs.map(\.count) == [512])
        // Six lists of 512 entries, five levels of merges, and the slices' fixed costs: about
        // 15,400 + 4,000. Merging the newest two each time moves 16 * (2 + 3 + ... + 32) entries
        // per list: over 50,000.
        #expect(work > 6 * 512 * 5 && work < 24_000, "work \(work) in \(calls) calls")
    }

    /// Boxes moved again and again while snapping is off (each move makes its entry stale and
    /// adds one): the runs drop the stale entries, holding at most about three entries per box
    /// however long it goes on.
    @Test func runsStayLinearInTheBoxesWhileSnappingIsOff() throws {
        var rng = SplitMix64(seed: 0x5A47_1606)
        let (r, ids) = smallRunScene(400, &rng)
        let root = Int(r.e.snapping.index.root)
        var most = 0
        for _ in 0..<12 {
            for id in ids {
                var d = try r.e.describe(id)
                d.geometry.center = Vec2(rng.double(0, 3900), rng.double(0, 3900))
                try r.e.configure(id, d)
                let entries = r.e.snapping.index.parents[root].runs.reduce(0) { $0 + $1.count }
                most = max(most, entries + r.e.snapping.index.parents[root].pending.count)
            }
        }
        #expect(most > 800 && most <= 1300, "most \(most)")
    }
}

/// `count` 20 x 20 boxes, not editing, at random places of a 4000 x 4000 engine whose snap index
/// makes runs of 16 and merges them up to `mergeLimit` entries while snapping is off.
private func smallRunScene(_ count: Int, _ rng: inout SplitMix64, mergeLimit: Int = 64) -> (Rig, [BoxID]) {
    let r = Rig(width: 4000, height: 4000)
    r.e.snapping.index.runSize = 16
    r.e.snapping.index.drainAt = 16
    r.e.snapping.index.offMergeLimit = mergeLimit
    var ids: [BoxID] = []
    for _ in 0..<count {
        ids.append(r.box(center: Vec2(rng.double(0, 3900), rng.double(0, 3900)), width: 20, height: 20, editing: false))
    }
    return (r, ids)
}
