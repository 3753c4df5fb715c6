/// Other peers' presence in the frame: after the BOX commands, before the local overlay. For
/// the peers in increasing id order, every peer's PEER_OUTLINE commands (its selected boxes, in
/// its order), then every peer's PEER_LIVE commands, then every peer's PEER_CURSOR. Keys are
/// looked up here, as the frame is built: a key no live box has draws nothing.
extension Engine {
    /// Whether the frame draws presence, or drew it last (its part is laid out with the overlay,
    /// every build, and once more after the last peer went).
    var drawsPresence: Bool { !sync.presence.isEmpty || sync.presenceDrawn }

    /// Appends the presence commands (the first part of the overlay).
    func appendPresence() {
        sync.presenceDrawn = !sync.presence.isEmpty
        guard sync.presenceDrawn else { return }
        for p in sync.presence.indices {
            let peer = sync.presence[p]
            for key in peer.selection {
                guard let s = liveSlot(key) else { continue }
                let m = screenTransform(s)
                appendPeerBox(.peerOutline, peer, scene.id(s), scene.slots[Int(s)].geometry, m)
            }
        }
        for p in sync.presence.indices {
            let peer = sync.presence[p]
            for b in peer.live {
                var parent = Affine.identity
                if b.parentKey != 0 {
                    guard let s = liveSlot(b.parentKey) else { continue }
                    parent = scene.world(s)
                }
                let m = view * (parent * b.geometry.local)
                appendPeerBox(.peerLive, peer, liveSlot(b.key).map { scene.id($0) } ?? .none, b.geometry, m)
            }
        }
        for p in sync.presence.indices {
            let peer = sync.presence[p]
            guard let q = peer.pointer else { continue }
            var c = Command(kind: .peerCursor, box: .none)
            c.userData = UInt64(peer.color)
            c.peer = peer.peer
            c.center = view.apply(q)
            frameState.commands.append(c)
        }
    }

    /// The slot of the live box with `key`, nil when there is none.
    private func liveSlot(_ key: UInt64) -> Int32? {
        guard let s = sync.keys.slot(of: key), Int(s) < scene.slots.count, scene.slots[Int(s)].alive else { return nil }
        return s
    }

    /// A PEER_OUTLINE or PEER_LIVE of box `box` with geometry `g` and screen transform `m`: its
    /// corners on screen, and the transform and size as a BOX command has them.
    private func appendPeerBox(_ kind: CommandKind, _ peer: PeerPresence, _ box: BoxID, _ g: BoxGeometry, _ m: Affine) {
        var c = Command(kind: kind, box: box)
        c.userData = UInt64(peer.color)
        c.peer = peer.peer
        c.transform = m
        c.width = g.width
        c.height = g.height
        c.strokeWidth = Style.borderStroke
        c.firstVertex = UInt32(truncatingIfNeeded: frameState.vertices.count)
        c.vertexCount = 4
        let (p0, p1, p2, p3) = g.corners(m)
        frameState.vertices.append(p0); frameState.vertices.append(p1)
        frameState.vertices.append(p2); frameState.vertices.append(p3)
        frameState.commands.append(c)
    }
}
