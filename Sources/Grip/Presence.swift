import CGrip
import GripCore

// Presence (docs/multiplayer.md): other peers' selections, pointers and live gesture boxes,
// drawn by the frames, never part of the document.

/// `grip_peer_presence_init`: zero fields, struct_size set. NULL is ignored.
@_cdecl("grip_peer_presence_init")
public func grip_peer_presence_init(_ presence: UnsafeMutablePointer<grip_peer_presence>?) {
    guard let presence else { return }
    presence.pointee = grip_peer_presence()
    presence.pointee.struct_size = UInt32(MemoryLayout<grip_peer_presence>.size)
}

/// `grip_peer_set`: everything the engine knows of one other peer, the arrays copied. ARG for
/// bad input, LIMIT past the bounds; nothing changes then.
@_cdecl("grip_peer_set")
public func grip_peer_set(_ engine: OpaquePointer?, _ presence: UnsafePointer<grip_peer_presence>?) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let c = try require(presence, "presence").pointee
        guard Int(exactly: c.struct_size) == MemoryLayout<grip_peer_presence>.size else {
            throw GripError(.invalidArgument, "struct_size \(c.struct_size) is not grip_peer_presence_init's")
        }
        // (Bounds first: nothing is copied past them.)
        try Engine.checkPeerCounts(selection: c.selection_count, live: c.live_count)
        if c.selection_count > 0 && c.selection == nil {
            throw GripError(.invalidArgument, "selection is NULL with selection_count > 0")
        }
        if c.live_count > 0 && c.live == nil { throw GripError(.invalidArgument, "live is NULL with live_count > 0") }
        var p = PeerPresence(peer: c.peer, color: c.color)
        if let keys = c.selection { p.selection = Array(UnsafeBufferPointer(start: keys, count: c.selection_count)) }
        if c.has_pointer { p.pointer = Vec2(c.pointer.x, c.pointer.y) }
        if let live = c.live {
            p.live.reserveCapacity(c.live_count)
            for i in 0..<c.live_count {
                let b = live[i]
                guard let gesture = GestureKind(rawValue: UInt32(truncatingIfNeeded: b.gesture.rawValue)) else {
                    throw GripError(
                        .invalidArgument, "live box \(i): gesture \(b.gesture.rawValue) is not a grip_gesture")
                }
                p.live.append(
                    PeerLiveBox(
                        key: b.key, parentKey: b.parent_key, gesture: gesture, geometry: BoxGeometry(b.geometry)))
            }
        }
        try h.engine.setPeer(p)
        return GRIP_OK
    }
}

/// `grip_peer_remove`: forgets peer; GRIP_DONE when it is not known.
@_cdecl("grip_peer_remove")
public func grip_peer_remove(_ engine: OpaquePointer?, _ peer: UInt32) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        h.engine.removePeer(peer) ? GRIP_OK : GRIP_DONE
    }
}
