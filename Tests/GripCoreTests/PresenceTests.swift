import Testing

@testable import GripCore

/// Presence (Sync/Presence.swift, Frame/PresenceOverlay.swift): random sessions with other peers
/// coming, changing and leaving among local edits, drags and view changes; every frame read
/// equals one built from nothing, and its presence commands are what the rule gives: for the
/// peers in id order, outlines of their live selected boxes, then their live boxes, then cursors.
@Suite struct PresenceTests {
    @Test func framesWithPresenceEqualFramesBuiltFromNothing() throws {
        var rng = SplitMix64(seed: 4242)
        for round in 0..<8 {
            let r = Rig(width: 2000, height: 2000) { $0.peer = 1 }
            var boxes: [BoxID] = []
            for step in 0..<600 {
                let op = rng.int(100)
                if op < 25 || boxes.isEmpty {
                    var d = BoxDesc()
                    if !boxes.isEmpty && rng.int(4) == 0 {
                        d.parent = boxes[rng.int(boxes.count)]
                        if (try? r.e.state(d.parent)) == nil { d.parent = .none }
                    }
                    d.geometry = BoxGeometry(
                        center: Vec2(rng.double(50, 1900), rng.double(50, 1900)), width: rng.double(12, 80),
                        height: rng.double(12, 80), rotation: rng.double(-3, 3))
                    d.behavior.editing = rng.int(6) == 0
                    if let id = try? r.e.createBox(d) { boxes.append(id) }
                } else if op < 32 {
                    let i = rng.int(boxes.count)
                    try? r.e.destroyBox(boxes[i])
                    boxes.remove(at: i)
                } else if op < 50 {
                    // A peer (2 ... 6) says what it does: keys of some boxes (and unknown ones),
                    // maybe a pointer, maybe live boxes under random parents.
                    var p = PeerPresence(peer: UInt32(2 + rng.int(5)), color: UInt32(rng.int(8)))
                    for _ in 0..<rng.int(4) {
                        if !boxes.isEmpty, let k = try? r.e.key(of: boxes[rng.int(boxes.count)]) {
                            p.selection.append(k)
                        } else {
                            p.selection.append(rng.next() | 1)
                        }
                    }
                    if rng.bool() { p.pointer = Vec2(rng.double(-100, 2100), rng.double(-100, 2100)) }
                    for _ in 0..<rng.int(3) {
                        let parent = boxes.isEmpty ? 0 : (try? r.e.key(of: boxes[rng.int(boxes.count)])) ?? 0
                        p.live.append(
                            PeerLiveBox(
                                key: rng.next() | 1, parentKey: rng.bool() ? parent : 0, gesture: .move,
                                geometry: BoxGeometry(
                                    center: Vec2(rng.double(0, 100), rng.double(0, 100)), width: rng.double(5, 50),
                                    height: rng.double(5, 50), rotation: rng.double(-1, 1))))
                    }
                    try r.e.setPeer(p)
                } else if op < 56 {
                    r.e.removePeer(UInt32(2 + rng.int(5)))
                } else if op < 60 {
                    try r.e.setView(
                        rng.bool()
                            ? .identity : Affine(a: 1.5, b: 0.2, c: -0.2, d: 1.5, tx: rng.double(-50, 50), ty: 3))
                } else if op < 70 {
                    _ = try? r.e.select(boxes[rng.int(boxes.count)], rng.bool() ? .add : .replace)
                } else if op < 85 {
                    let p = Vec2(rng.double(0, 2000), rng.double(0, 2000))
                    try r.down(p)
                    try r.move(p + Vec2(20, 5))
                    if rng.bool() { _ = r.e.frame() }
                    try r.move(p + Vec2(35, -9))
                    if rng.bool() { _ = r.e.frame() }
                    try r.up(p + Vec2(35, -9))
                } else if op < 95 {
                    _ = r.e.frame()
                } else {
                    try r.tick(0.05)
                }
                if step % 50 == 49 {
                    let incremental = r.e.frame()
                    #expect(incremental.commands == r.e.frameFromScratch().commands, "round \(round) step \(step)")
                    #expect(incremental.vertices == r.e.frameFromScratch().vertices, "round \(round) step \(step)")
                    expectPresence(r.e, incremental, "round \(round) step \(step)")
                }
            }
        }
    }

    /// The frame's presence commands against the rule, from the peers the engine keeps.
    private func expectPresence(_ e: Engine, _ f: Frame, _ what: String) {
        var want: [(CommandKind, UInt32, BoxID)] = []
        let peers = e.peers.sorted { $0.peer < $1.peer }
        for p in peers {
            for k in p.selection { if let b = e.box(withKey: k) { want.append((.peerOutline, p.peer, b)) } }
        }
        for p in peers {
            for l in p.live where l.parentKey == 0 || e.box(withKey: l.parentKey) != nil {
                want.append((.peerLive, p.peer, e.box(withKey: l.key) ?? .none))
            }
        }
        for p in peers where p.pointer != nil { want.append((.peerCursor, p.peer, .none)) }
        let got = f.commands.filter { $0.peer != 0 }
        #expect(got.count == want.count, "\(what): presence commands")
        for (c, w) in zip(got, want) {
            #expect(c.kind == w.0 && c.peer == w.1 && c.box == w.2, "\(what): \(c.kind) of \(c.peer)")
        }
        // Right after the BOX commands.
        let first = f.commands.firstIndex { $0.peer != 0 }
        if let first { #expect(first == e.boxCount, "\(what): after the BOX commands") }
    }

    /// Bad presence changes nothing: the peers and the frame serial stay.
    @Test func refusalsChangeNothing() throws {
        let r = Rig { $0.peer = 1 }
        try r.e.setPeer(PeerPresence(peer: 2, pointer: Vec2(1, 2)))
        let serial = r.e.frameSerial
        let bad: [PeerPresence] = [
            PeerPresence(peer: 0), PeerPresence(peer: 1), PeerPresence(peer: 2, pointer: Vec2(.nan, 0)),
            PeerPresence(peer: 2, pointer: Vec2(0, 1e10)),
            PeerPresence(
                peer: 2,
                live: [
                    PeerLiveBox(
                        key: 0, parentKey: 0, gesture: .move, geometry: BoxGeometry(center: .zero, width: 1, height: 1))
                ]),
            PeerPresence(
                peer: 2,
                live: [
                    PeerLiveBox(
                        key: 3, parentKey: 0, gesture: .move, geometry: BoxGeometry(center: .zero, width: 0, height: 1))
                ]),
            PeerPresence(peer: 2, selection: Array(repeating: 1, count: Engine.maxPeerKeys + 1))
        ]
        for p in bad { #expect(throws: GripError.self) { try r.e.setPeer(p) } }
        #expect(r.e.frameSerial == serial)
        #expect(r.e.peers.count == 1 && r.e.peers[0].pointer == Vec2(1, 2))
    }
}
