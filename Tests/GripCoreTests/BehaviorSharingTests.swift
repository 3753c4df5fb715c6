import Testing

@testable import GripCore

/// Behaviours stored once each (Scene/Behavior/Behaviors.swift): boxes with the same behaviour share one
/// table entry (their user data and editing flag kept apart, per box), configuring one box leaves
/// the others, destroying boxes releases their entries, and the table stays bounded, with every
/// entry accounted for, under any mix of creations, configurations and destructions.
@Suite struct BehaviorSharingTests {
    private func entry(_ r: Rig, _ b: BoxID) -> Int32 { r.e.scene[try! r.e.slot(b)].behaviorIndex }

    private func uses(_ r: Rig, _ i: Int32) -> Int32 { r.e.scene.behaviors[Int(i)].uses }

    /// A behaviour unlike the default in a few fields, `k` making it unlike the others.
    private func behavior(_ k: Int) -> BoxBehavior {
        var b = BoxBehavior()
        b.minWidth = 2 + Double(k % 20)
        b.rotationSnap = Double(k) / 1000
        b.cornerRadius = Double(k % 3)
        b.allow = k % 2 == 0 ? Allow.defaults : [.move, .resize]
        b.snapTarget = k % 4 != 1
        return b
    }

    /// Every field the same bits.
    private func identical(_ a: BoxBehavior, _ b: BoxBehavior) -> Bool {
        BoxBehavior.sameShared(a, b) && a.userData == b.userData && a.editing == b.editing
    }

    private func create(_ r: Rig, _ b: BoxBehavior, parent: BoxID = .none) -> BoxID {
        r.box(parent: parent, center: Vec2(200, 200), width: 40, height: 30, editing: b.editing) { $0.behavior = b }
    }

    /// Checks every entry's use count against the live boxes that point at it, the free list
    /// against the entries nobody uses (each once), the buckets against the live entries (each
    /// once, in the bucket of its hash), one live entry per distinct behaviour of the live boxes,
    /// and each live box's behaviour against `model` (bit for bit). Returns the number of live
    /// boxes.
    @discardableResult private func checkTable(_ r: Rig, _ model: [BoxID: BoxBehavior]) -> Int {
        let scene = r.e.scene
        var counted = [Int32](repeating: 0, count: scene.behaviors.count)
        let live = r.e.boxesInDrawOrder
        for id in live {
            counted[Int(entry(r, id))] += 1
            let b = try! r.e.behavior(of: id)
            #expect(identical(b, model[id]!), "box \(id.rawValue)")
            #expect(try! r.e.describe(id).behavior == model[id]!)
        }
        #expect(counted == scene.behaviors.map(\.uses))
        let free = scene.freeBehaviors.sorted()
        #expect(free == Array(Set(free)).sorted(), "an entry twice in the free list")
        #expect(free == scene.behaviors.indices.filter { scene.behaviors[$0].uses == 0 }.map { Int32($0) })
        #expect(live.count == model.count)
        var chained: [Int32] = []
        for (k, first) in scene.behaviorBuckets.enumerated() {
            var i = first
            while i >= 0 {
                chained.append(i)
                #expect(scene.behaviors[Int(i)].hash == BoxBehavior.sharedHash(scene.behaviors[Int(i)].behavior))
                #expect(Int(scene.behaviors[Int(i)].hash) & (scene.behaviorBuckets.count - 1) == k)
                i = scene.behaviors[Int(i)].next
            }
        }
        let inUse = scene.behaviors.indices.filter { scene.behaviors[$0].uses > 0 }.map { Int32($0) }
        #expect(chained.sorted() == inUse)
        #expect(scene.behaviorBuckets.count >= inUse.count)
        var distinct: [BoxBehavior] = []
        for b in model.values.map(Scene.shared) where !distinct.contains(where: { BoxBehavior.sameShared($0, b) }) {
            distinct.append(b)
        }
        #expect(inUse.count == distinct.count, "one entry per distinct behaviour")
        return live.count
    }

    /// Many boxes of one behaviour, each with its own user data and editing flag, share one
    /// entry; boxes alternating among three behaviours use three; 100 behaviours in turn, 100.
    @Test func boxesWithTheSameBehaviourShareOneEntry() throws {
        let r = Rig()
        var model: [BoxID: BoxBehavior] = [:]
        for i in 0..<1000 {
            var b = behavior(7)
            b.userData = UInt64(i) &* 0x9E37_79B9_7F4A_7C15
            b.editing = i % 3 == 0
            model[create(r, b)] = b
        }
        #expect(r.e.scene.behaviors.count == 1)
        #expect(r.e.scene.behaviors[0].uses == 1000)
        // The entry holds neither the user data nor the editing flag: those are each box's own.
        #expect(r.e.scene.behaviors[0].behavior.userData == 0 && !r.e.scene.behaviors[0].behavior.editing)
        #expect(checkTable(r, model) == 1000)
        #expect(r.e.scene.editingSlots.count == 334)
        for i in 0..<999 { _ = i; model[create(r, behavior(i % 3))] = behavior(i % 3) }
        #expect(r.e.scene.behaviors.count == 4)
        #expect(r.e.scene.behaviors.map(\.uses) == [1000, 333, 333, 333])
        checkTable(r, model)
        for i in 0..<1000 { model[create(r, behavior(200 + i % 100))] = behavior(200 + i % 100) }
        #expect(r.e.scene.behaviors.count == 104)
        #expect(r.e.scene.behaviors[4...].allSatisfy { $0.uses == 10 })
        #expect(r.e.scene.behaviorBuckets.count == 128)
        checkTable(r, model)
    }

    /// Behaviours differing in any one field but the user data and the editing flag are not the
    /// same to the table; differing only in those two, they are (and hash alike).
    @Test func everyFieldButUserDataAndEditingTellsBehavioursApart() {
        let base = behavior(3)
        var changed: [BoxBehavior] = []
        func with(_ change: (inout BoxBehavior) -> Void) {
            var b = base
            change(&b)
            changed.append(b)
        }
        with { $0.minWidth += 1 }
        with { $0.minHeight += 1 }
        with { $0.minScale += 0.01 }
        with { $0.maxScale -= 1 }
        with { $0.insets.top = 1 }
        with { $0.insets.left = 1 }
        with { $0.insets.bottom = 1 }
        with { $0.insets.right = 1 }
        with { $0.longPressDuration = 2 }
        with { $0.cornerRadius = 9 }
        with { $0.rotationSnap = 0.5 }
        with { $0.snapTolerance = 0.5 }
        with { $0.hitOutset = 3 }
        with { $0.allow.remove(.move) }
        with { $0.handles = HandleSet(rawValue: 0x3FE & ~0x4) }
        with { $0.resizeMode = .uniform }
        with { $0.indicator = .rect }
        with { $0.centered.toggle() }
        with { $0.allowFlip.toggle() }
        with { $0.contain.toggle() }
        with { $0.selectable.toggle() }
        with { $0.snapTarget.toggle() }
        with { $0.passThrough.toggle() }
        // Every stored field but the two kept per box, and the behaviour's layout unchanged.
        #expect(changed.count == 23)
        #expect(MemoryLayout<BoxBehavior>.size == 129)
        for (k, b) in changed.enumerated() {
            #expect(!BoxBehavior.sameShared(base, b) && !BoxBehavior.sameShared(b, base), "field \(k)")
            #expect(b != base, "field \(k)")
        }
        var own = base
        own.userData = 77
        own.editing.toggle()
        #expect(BoxBehavior.sameShared(base, own))
        #expect(BoxBehavior.sharedHash(base) == BoxBehavior.sharedHash(own))
        // Boxes of those behaviours: one entry per behaviour, two boxes on the base's.
        let r = Rig()
        var model: [BoxID: BoxBehavior] = [:]
        for b in changed + [base, own] { model[create(r, b)] = b }
        #expect(r.e.scene.behaviors.count == 24)
        checkTable(r, model)
    }

    /// A behaviour differing from a stored one only in the sign of a zero is stored apart, and
    /// each box reads back the bits it was given.
    @Test func behavioursShareOnlyWhenTheirBitsAreTheSame() throws {
        let r = Rig()
        var b = BoxBehavior()
        b.cornerRadius = 0
        var negative = b
        negative.cornerRadius = -0.0
        #expect(b == negative && !BoxBehavior.sameShared(b, negative))
        let x = create(r, b), y = create(r, negative), z = create(r, b)
        #expect(entry(r, x) == entry(r, z) && entry(r, x) != entry(r, y))
        #expect(try r.e.behavior(of: y).cornerRadius.sign == .minus)
        #expect(try r.e.behavior(of: x).cornerRadius.sign == .plus)
        checkTable(r, [x: b, y: negative, z: b])
    }

    /// Configuring one of the boxes that share an entry gives it another and leaves the others;
    /// configuring it back shares the first again and frees the one it had alone; a box alone on
    /// its entry is rewritten in place; editing and user data change only the box's record.
    @Test func configuringOneBoxLeavesTheOthers() throws {
        let r = Rig()
        let a = behavior(1), b = behavior(2)
        let boxes = (0..<3).map { _ in create(r, a) }
        var model = Dictionary(uniqueKeysWithValues: boxes.map { ($0, a) })
        let shared = entry(r, boxes[0])
        #expect(uses(r, shared) == 3)

        var d = try r.e.describe(boxes[1])
        d.behavior = b
        try r.e.configure(boxes[1], d)
        model[boxes[1]] = b
        #expect(entry(r, boxes[0]) == shared && entry(r, boxes[2]) == shared)
        #expect(entry(r, boxes[1]) != shared)
        #expect(uses(r, shared) == 2 && uses(r, entry(r, boxes[1])) == 1)
        #expect(try r.e.behavior(of: boxes[0]).minWidth == 3 && r.e.behavior(of: boxes[1]).minWidth == 4)
        checkTable(r, model)

        // Back to the shared behaviour: the entry it had alone is freed.
        let alone = entry(r, boxes[1])
        try r.e.setBehavior(boxes[1], a)
        model[boxes[1]] = a
        #expect(entry(r, boxes[1]) == shared && uses(r, shared) == 3)
        #expect(r.e.scene.freeBehaviors == [alone])
        checkTable(r, model)

        // A box alone on its entry, given a behaviour no other box has: written in place.
        var c = behavior(9)
        let solo = create(r, c)
        model[solo] = c
        let soloEntry = entry(r, solo)
        #expect(soloEntry == alone, "the free entry is reused")
        c.longPressDuration = 0.25
        c.handles = HandleSet(rawValue: 0x3FE & ~0x200)
        try r.e.setBehavior(solo, c)
        model[solo] = c
        #expect(entry(r, solo) == soloEntry && uses(r, soloEntry) == 1)
        #expect(r.e.scene.behaviors.count == 2)
        checkTable(r, model)

        // Editing and user data are the box's own: the entry stays, the others are unchanged.
        try r.e.setEditing(boxes[2], false)
        model[boxes[2]]!.editing = false
        var withData = a
        withData.userData = 42
        withData.editing = true
        try r.e.setBehavior(boxes[0], withData)
        model[boxes[0]] = withData
        #expect(entry(r, boxes[0]) == shared && entry(r, boxes[2]) == shared && uses(r, shared) == 3)
        #expect(try r.e.behavior(of: boxes[0]).userData == 42 && r.e.behavior(of: boxes[1]).userData == 0)
        #expect(try r.e.state(boxes[0]).editing && !r.e.state(boxes[2]).editing)
        checkTable(r, model)
    }

    /// Destroying a box, or a parent with its subtree, releases the entries they used; once
    /// every box is gone every entry is free, and new boxes reuse them rather than growing the
    /// table.
    @Test func destroyReleasesEntries() throws {
        let r = Rig()
        var model: [BoxID: BoxBehavior] = [:]
        let parent = create(r, behavior(0))
        model[parent] = behavior(0)
        for k in 1...4 {
            let child = create(r, behavior(k), parent: parent)
            model[child] = behavior(k)
            model[create(r, behavior(k), parent: child)] = behavior(k)
        }
        let loose = create(r, behavior(1))
        model[loose] = behavior(1)
        #expect(r.e.scene.behaviors.count == 5)
        checkTable(r, model)
        try r.e.destroyBox(parent)
        model = [loose: behavior(1)]
        #expect(r.e.scene.freeBehaviors.count == 4)
        checkTable(r, model)
        try r.e.destroyBox(loose)
        #expect(r.e.scene.freeBehaviors.count == 5)
        checkTable(r, [:])
        for k in 10..<15 { model = [create(r, behavior(k)): behavior(k)] }
        #expect(r.e.scene.behaviors.count == 5 && r.e.scene.freeBehaviors.isEmpty)
    }

    /// A box created with the behaviour of the box before it shares its entry without the
    /// behaviour being checked again, but its geometry is still checked against the shared
    /// minimum sizes and scales; a behaviour that differs, even by one bad field, is checked in full.
    @Test func aSharedBehaviourStillChecksTheGeometry() throws {
        let r = Rig()
        var b = behavior(7)
        b.minWidth = 30
        b.minScale = 0.5
        let first = create(r, b)
        let entries = r.e.scene.behaviors.count
        var d = BoxDesc()
        d.behavior = b
        d.geometry = BoxGeometry(center: Vec2(100, 100), width: 20, height: 40)
        #expect(throws: GripError.self) { try r.e.createBox(d) }
        d.geometry = BoxGeometry(center: Vec2(100, 100), width: 40, height: 40, scale: 0.25)
        #expect(throws: GripError.self) { try r.e.createBox(d) }
        for bad in [Double.nan, -1, Double.infinity] {
            var wrong = b
            wrong.cornerRadius = bad
            d.behavior = wrong
            d.geometry = BoxGeometry(center: Vec2(100, 100), width: 40, height: 40)
            #expect(throws: GripError.self) { try r.e.createBox(d) }
        }
        #expect(r.e.boxCount == 1 && r.e.scene.behaviors.count == entries)
        d.behavior = b
        d.behavior.userData = 99
        let second = try r.e.createBox(d)
        #expect(entry(r, second) == entry(r, first) && uses(r, entry(r, first)) == 2)
        #expect(try r.e.behavior(of: second).userData == 99)
    }

    /// Random creations (nested too), configurations, behaviour and editing changes and
    /// destructions of subtrees, among a few behaviours and some one-off ones: after every step
    /// each entry's count is the number of boxes using it, the free list holds exactly the unused
    /// entries, each box reads back its behaviour, and the table never holds more entries than
    /// there were live boxes at the most, one live entry per distinct behaviour; at the end, with
    /// every box destroyed, all are free.
    @Test func churnKeepsTheTableBounded() throws {
        for seed: UInt64 in [1, 2, 3] {
            let r = Rig()
            var rng = SplitMix64(seed: 0xB3_4A71 &+ seed)
            var model: [BoxID: BoxBehavior] = [:]
            var peak = 0
            var oneOff = 100
            func pick() -> BoxBehavior {
                var b: BoxBehavior
                if rng.int(10) == 0 {
                    oneOff += 1
                    b = behavior(oneOff)
                } else {
                    b = behavior(rng.int(6))
                }
                b.userData = rng.int(3) == 0 ? rng.next() : 0
                b.editing = rng.int(4) == 0
                return b
            }
            for step in 0..<1500 {
                let ids = Array(model.keys).sorted { $0.rawValue < $1.rawValue }
                switch rng.int(10) {
                case 0..<5:
                    let b = pick()
                    let parent = !ids.isEmpty && rng.int(3) == 0 ? ids[rng.int(ids.count)] : .none
                    let depth = parent == .none ? 0 : r.e.scene[try r.e.slot(parent)].depth
                    if depth < 5 {
                        model[create(r, b, parent: parent)] = b
                    }
                case 5, 6:
                    guard !ids.isEmpty else { continue }
                    let id = ids[rng.int(ids.count)]
                    let b = pick()
                    if rng.bool() {
                        var d = try r.e.describe(id)
                        d.behavior = b
                        try r.e.configure(id, d)
                    } else {
                        try r.e.setBehavior(id, b)
                    }
                    model[id] = b
                case 7:
                    guard !ids.isEmpty else { continue }
                    let id = ids[rng.int(ids.count)]
                    let on = rng.bool()
                    try r.e.setEditing(id, on)
                    model[id]!.editing = on
                default:
                    guard !ids.isEmpty else { continue }
                    let id = ids[rng.int(ids.count)]
                    try r.e.destroyBox(id)
                    let live = Set(r.e.boxesInDrawOrder)
                    model = model.filter { live.contains($0.key) }
                }
                peak = Swift.max(peak, model.count)
                if step % 10 == 0 || step > 1480 {
                    checkTable(r, model)
                    #expect(r.e.scene.behaviors.count <= peak, "seed \(seed) step \(step)")
                }
            }
            #expect(peak > 50)
            // Far fewer entries than boxes: most boxes share.
            #expect(r.e.scene.behaviors.count - r.e.scene.freeBehaviors.count < model.count / 4)
            for id in r.e.boxesInDrawOrder.reversed() where r.e.scene.slot(id) != nil { try r.e.destroyBox(id) }
            checkTable(r, [:])
            #expect(r.e.scene.freeBehaviors.count == r.e.scene.behaviors.count)
        }
    }
}
