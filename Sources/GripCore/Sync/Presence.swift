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

    /// The peers known, in the order they were first set (frames draw them in id order).
    public var peers: [PeerPresence] { sync.presence }

    /// Throws LIMIT past `maxPeerKeys` selected keys or live boxes (checked before anything is
    /// copied).
    public static func checkPeerCounts(selection: Int, live: Int) throws(GripError) {
        if selection > maxPeerKeys || live > maxPeerKeys {
            throw GripError(.limit, "a peer has at most 4096 selected keys and 4096 live boxes")
        }
    }

    /// Sets what the engine knows of `p.peer` (adding the peer when it is new). ARG for peer 0 or
    /// this engine's own, a pointer not finite or past `BoxGeometry.maxMagnitude`, a live box with
    /// key 0 or a geometry a box could not have; LIMIT past `maxPeerKeys` keys or live boxes, or
    /// for a new peer when `maxPeers` are known. Nothing changes when it throws.
    public func setPeer(_ p: PeerPresence) throws(GripError) {
        if p.peer == 0 || p.peer == peer { throw .arg("peer must be another peer's id: not 0, not this engine's") }
        try Engine.checkPeerCounts(selection: p.selection.count, live: p.live.count)
        if let q = p.pointer {
            let m = BoxGeometry.maxMagnitude
            guard abs(q.x) <= m && abs(q.y) <= m else { throw .arg("pointer must be finite and within 1e9") }
        }
        for i in p.live.indices where p.live[i].key == 0 || !p.live[i].geometry.isValid {
            throw .arg(
                "live box \(i): key 0, or a geometry no box can have (sizes and scale positive, finite, within 1e9)")
        }
        if let at = sync.presence.firstIndex(where: { $0.peer == p.peer }) {
            sync.presence[at] = p
        } else {
            if sync.presence.count >= Engine.maxPeers { throw GripError(.limit, "64 peers are known already") }
            sync.presence.append(p)
        }
        presenceChanged()
    }

    /// Forgets peer `id`; false when it is not known.
    @discardableResult public func removePeer(_ id: UInt32) -> Bool {
        guard let at = sync.presence.firstIndex(where: { $0.peer == id }) else { return false }
        sync.presence[at] = sync.presence[sync.presence.count - 1]
        sync.presence.removeLast()
        presenceChanged()
        return true
    }

    /// The frame draws presence again; the ephemeral feed does not count this as a change of its own.
    private func presenceChanged() {
        scene.drawnStateChanged()
        sync.presenceBumps &+= 1
    }
}
