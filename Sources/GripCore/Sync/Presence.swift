/// Presence: what other peers are doing (their colour, selection, pointer and live gesture
/// boxes), as the host last said (`grip_peer_set`). Drawn by the frames
/// (Frame/PresenceOverlay.swift), never part of the document, the selection or the history.
public struct PeerPresence: Sendable {
    /// The other peer's id: not 0, not this engine's.
    public var peer: UInt32
    /// The host's number for the peer's colour; its commands carry it in `userData`.
    public var color: UInt32
    /// Keys of the boxes the peer has selected, in its order.
    public var selection: [UInt64]
    /// Where its pointer is (world), nil when it has none over the scene.
    public var pointer: Vec2?
    /// The boxes its gestures drive, where they are now.
    public var live: [PeerLiveBox]

    public init(
        peer: UInt32, color: UInt32 = 0, selection: [UInt64] = [], pointer: Vec2? = nil, live: [PeerLiveBox] = []
    ) {
        self.peer = peer; self.color = color; self.selection = selection; self.pointer = pointer; self.live = live
    }
}

/// A box another peer's gesture drives, as that peer's ephemeral feed gave it.
public struct PeerLiveBox: Sendable {
    public var key: UInt64
    /// Its parent's key, 0 at top level.
    public var parentKey: UInt64
    public var gesture: GestureKind
    /// Where the gesture has it now, in its parent's space.
    public var geometry: BoxGeometry

    public init(key: UInt64, parentKey: UInt64, gesture: GestureKind, geometry: BoxGeometry) {
        self.key = key; self.parentKey = parentKey; self.gesture = gesture; self.geometry = geometry
    }
}

extension Engine {
    /// Other peers an engine keeps at most.
    public static let maxPeers = 64
    /// Selected keys, and live boxes, of one peer at most.
    public static let maxPeerKeys = 4096

    /// The peers known, in increasing id order.
    public var peers: [PeerPresence] { sync.presence }

    /// Sets what the engine knows of `p.peer` (adding the peer when it is new). ARG for peer 0 or
    /// this engine's own, a pointer not finite or past `BoxGeometry.maxMagnitude`, a live box with
    /// key 0 or a geometry a box could not have; LIMIT past `maxPeerKeys` keys or live boxes, or
    /// for a new peer when `maxPeers` are known. Nothing changes when it throws.
    public func setPeer(_ p: PeerPresence) throws(GripError) {
        if p.peer == 0 { throw .arg("peer 0 is no peer") }
        if p.peer == peer { throw .arg("peer \(p.peer) is this engine's own") }
        if p.selection.count > Engine.maxPeerKeys {
            throw GripError(.limit, "\(p.selection.count) selected keys: at most \(Engine.maxPeerKeys)")
        }
        if p.live.count > Engine.maxPeerKeys {
            throw GripError(.limit, "\(p.live.count) live boxes: at most \(Engine.maxPeerKeys)")
        }
        if let q = p.pointer {
            let m = BoxGeometry.maxMagnitude
            guard q.x.isFinite && q.y.isFinite && abs(q.x) <= m && abs(q.y) <= m else {
                throw .arg("pointer must be finite and within 1e9")
            }
        }
        for i in p.live.indices {
            if p.live[i].key == 0 { throw .arg("live box \(i): key 0 names no box") }
            if !p.live[i].geometry.isValid {
                throw .arg("live box \(i): a geometry no box can have (sizes and scale positive, finite, within 1e9)")
            }
        }
        var at = 0
        while at < sync.presence.count && sync.presence[at].peer < p.peer { at += 1 }
        if at < sync.presence.count && sync.presence[at].peer == p.peer {
            sync.presence[at] = p
        } else {
            if sync.presence.count >= Engine.maxPeers {
                throw GripError(.limit, "\(Engine.maxPeers) peers are known already")
            }
            sync.presence.insert(p, at: at)
        }
        presenceChanged()
    }

    /// Forgets peer `id`; false when it is not known.
    @discardableResult public func removePeer(_ id: UInt32) -> Bool {
        guard let at = sync.presence.firstIndex(where: { $0.peer == id }) else { return false }
        sync.presence.remove(at: at)
        presenceChanged()
        return true
    }

    /// The frame draws presence again; the ephemeral feed does not count this as a change of its own.
    private func presenceChanged() {
        scene.drawnStateChanged()
        sync.presenceBumps &+= 1
    }
}
