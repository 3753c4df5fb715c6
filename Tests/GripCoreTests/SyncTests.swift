// Multiplayer inside the core (docs/multiplayer.md): the key table against a plain list, keys
// through undo of a recorded destroy, the feed of a recorded step in draw order (a parent before
// its child, a sibling before the box over it), a replica that applies a random session's feed
// ending with the same boxes bit for bit, and undo putting back only the fields its step changed.
import Testing

@testable import GripCore

@Suite struct SyncTests {
    /// Random assigns and removes: the table answers as a list of (key, slot) pairs does.
    @Test func theKeyTableAnswersAsAList() {
        var rng = SplitMix64(seed: 31)
        var table = KeyTable()
        var live: [(UInt64, Int32)] = []
        for _ in 0..<4000 {
            let s = Int32(rng.next() % 300)
            if rng.next() % 3 == 0, let i = live.firstIndex(where: { $0.1 == s }) {
                table.remove(live[i].0)
                live.remove(at: i)
            } else if !live.contains(where: { $0.1 == s }) {
                let k = 1 + rng.next() % 1000
                if live.contains(where: { $0.0 == k }) { continue }
                table.assign(k, to: s)
                live.append((k, s))
            }
        }
        for k in UInt64(1)...1000 {
            #expect(table.slot(of: k) == live.first(where: { $0.0 == k })?.1)
        }
    }

    @Test func keysCountPerPeerAndComeBackWithTheirBoxes() throws {
        let r = Rig { $0.peer = 5 }
        let a = r.box(editing: false)
        let b = r.box(center: Vec2(600, 300), editing: false)
        #expect(try r.e.key(of: a) == 5 << 32 | 1)
        #expect(try r.e.key(of: b) == 5 << 32 | 2)
        try r.e.beginRecording()
        try r.e.destroyBox(b)
        _ = try r.e.commitRecording()
        #expect(r.e.box(withKey: 5 << 32 | 2) == nil)
        _ = try r.e.undo()
        #expect(r.e.box(withKey: 5 << 32 | 2) == b)
        #expect(throws: GripError.self) { try r.e.setKey(a, 5 << 32 | 2) }
    }

    /// A recorded step creating a parent, a child and a sibling: CREATED in draw order.
    @Test func aStepReachesTheFeedInDrawOrder() throws {
        let r = Rig { $0.peer = 2 }
        try r.e.enableFeed(limit: 100)
        try r.e.beginRecording()
        let p = r.box(center: Vec2(300, 300), width: 400, height: 400, editing: false)
        let late = r.box(center: Vec2(800, 100), width: 50, height: 50, editing: false)
        let child = r.box(parent: p, center: Vec2(50, 50), width: 40, height: 40, editing: false)
        _ = try r.e.order(late, .back)
        _ = try r.e.commitRecording()
        let feed = r.e.unreadFeed
        #expect(feed.map(\.kind) == [.created, .created, .created])
        // Draw order: late (sent back), p, then p's child.
        #expect(feed.map(\.key) == [try r.e.key(of: late), try r.e.key(of: p), try r.e.key(of: child)])
        #expect(feed[1].belowKey == feed[0].key)
        #expect(feed[2].parentKey == feed[1].key && feed[2].belowKey == 0)
        #expect(feed.allSatisfy { $0.origin == .host })
    }

    /// A random session on one engine, its feed applied to another: the same boxes, keys, parents,
    /// order, geometry and behaviour, bit for bit.
    @Test func aReplicaOfTheFeedHasTheSameBoxes() throws {
        for seed in UInt64(1)...8 {
            var rng = SplitMix64(seed: seed)
            let r = Rig { $0.peer = 1 }
            let replica = Rig { $0.peer = 2 }
            try r.e.enableFeed(limit: 10000)
            for _ in 0..<60 {
                let boxes = r.e.boxesInDrawOrder
                let any = boxes.isEmpty ? nil : boxes[Int(rng.next() % UInt64(boxes.count))]
                switch rng.next() % 6 {
                case 0, 1:
                    r.box(
                        parent: rng.next() % 3 == 0 ? any ?? .none : .none,
                        center: Vec2(Double(rng.next() % 800), Double(rng.next() % 600)), width: 50, height: 40,
                        editing: false)
                case 2: if let any { try r.e.destroyBox(any) }
                case 3:
                    if let any {
                        var d = try r.e.describe(any)
                        d.geometry.width = 20 + Double(rng.next() % 100)
                        d.behavior.userData = rng.next() % 100
                        try r.e.configure(any, d)
                    }
                case 4: if let any { _ = try r.e.order(any, Reorder(rawValue: UInt32(rng.next() % 4))!) }
                default: _ = try r.e.undo()
                }
            }
            for c in r.e.unreadFeed { try replica.e.applyRemote(c) }
            let mine = r.e.boxesInDrawOrder, theirs = replica.e.boxesInDrawOrder
            #expect(mine.count == theirs.count)
            for (m, t) in zip(mine, theirs) {
                #expect(try r.e.key(of: m) == replica.e.key(of: t))
                let dm = try r.e.describe(m), dt = try replica.e.describe(t)
                #expect(dm.geometry.sameBits(dt.geometry))
                #expect(dm.behavior.sameShared(dt.behavior))
                #expect(
                    try (dm.parent == .none ? 0 : r.e.key(of: dm.parent))
                        == (dt.parent == .none ? 0 : replica.e.key(of: dt.parent)))
            }
        }
    }

    /// Undo of a move after another peer's resize: the centre goes back, the width stays.
    @Test func undoPutsBackOnlyTheFieldsItsStepChanged() throws {
        let r = Rig { $0.peer = 1 }
        let a = r.box(center: Vec2(300, 220), editing: false)
        try r.down(Vec2(300, 220))
        try r.move(Vec2(340, 250))
        try r.up(Vec2(340, 250))
        var c = FeedChange(kind: .changed, origin: .remote, fields: FeedField.size, key: try r.e.key(of: a))
        c.after = try r.e.describe(a).geometry
        c.after.width = 260
        c.behavior = try r.e.behavior(of: a)
        try r.e.applyRemote(c)
        #expect(r.e.historyDepth.undo == 1)
        _ = try r.e.undo()
        let g = try r.e.describe(a).geometry
        #expect(g.center == Vec2(300, 220))
        #expect(g.width == 260)
    }
}
