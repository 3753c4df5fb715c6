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
        for raw in CommandKind.peerOutline.rawValue...CommandKind.peerCursor.rawValue {
            let kind = CommandKind(rawValue: raw) ?? .peerCursor
            // The peers in id order (at most 64 of them: each pass finds the next one).
            var last: UInt32 = 0
            while let p = nextPeer(after: last) {
                last = sync.presence[p].peer
                appendPresence(of: p, kind)
            }
        }
    }

    /// The index of the known peer with the smallest id past `id`.
    private func nextPeer(after id: UInt32) -> Int? {
        var best: Int? = nil
        for i in sync.presence.indices where sync.presence[i].peer > id {
            if best == nil || sync.presence[i].peer < sync.presence[best!].peer { best = i }
        }
        return best
    }

    /// The commands of `kind` of peer `p` (an index of `sync.presence`).
    @inline(never) private func appendPresence(of p: Int, _ kind: CommandKind) {
        var c = Command(kind: kind, box: .none)
        c.userData = UInt64(sync.presence[p].color)
        c.peer = sync.presence[p].peer
        c.strokeWidth = Style.borderStroke
        switch kind {
        case .peerOutline:
            for key in sync.presence[p].selection {
                guard let s = liveSlot(key) else { continue }
                c.box = scene.id(s)
                appendPeerBox(c, scene[s].geometry, scene.world(s))
            }
        case .peerLive:
            for b in sync.presence[p].live {
                var parent = Affine.identity
                if b.parentKey != 0 {
                    guard let s = liveSlot(b.parentKey) else { continue }
                    parent = scene.world(s)
                }
                c.box = liveSlot(b.key).map { scene.id($0) } ?? .none
                appendPeerBox(c, b.geometry, parent * b.geometry.local)
            }
        default:
            guard let q = sync.presence[p].pointer else { return }
            c.strokeWidth = 0
            c.center = view.apply(q)
            frameState.commands.append(c)
        }
    }

    /// The slot of the live box with `key`, nil when there is none.
    private func liveSlot(_ key: UInt64) -> Int32? {
        guard let s = sync.keys.slot(of: key), Int(s) < scene.slotCount, scene[s].alive else { return nil }
        return s
    }

    /// Command `c` (a PEER_OUTLINE or PEER_LIVE) for a box with geometry `g` and world transform
    /// `w`: its corners on screen, and the transform and size as a BOX command has them.
    @inline(never) private func appendPeerBox(_ c: Command, _ g: BoxGeometry, _ w: Affine) {
        var c = c
        let m = view * w
        c.transform = m
        c.width = g.width
        c.height = g.height
        c.firstVertex = UInt32(truncatingIfNeeded: frameState.vertices.count)
        c.vertexCount = 4
        let (p0, p1, p2, p3) = g.corners(m)
        frameState.vertices.append(p0); frameState.vertices.append(p1)
        frameState.vertices.append(p2); frameState.vertices.append(p3)
        frameState.commands.append(c)
    }
}
