/// Box keys: names of boxes shared by every peer of a scene (Sync/KeyTable.swift).
extension Engine {
    /// This engine's peer id, the high half of the keys it makes.
    public var peer: UInt32 { sync.keys.peer }

    /// The key of box `id`.
    public func key(of id: BoxID) throws(GripError) -> UInt64 {
        sync.keys.key(try slot(id))
    }

    /// The live box with `key`, nil when there is none.
    public func box(withKey key: UInt64) -> BoxID? {
        guard let s = sync.keys.slot(of: key), Int(s) < scene.slotCount, scene[s].alive else { return nil }
        return scene.id(s)
    }

    /// Gives box `id` the key `key`: ARG for 0, STATE when another live box has it. With the feed
    /// on, only while the box's CREATED is unread (other peers know it by no key yet): its key is
    /// rewritten in every unread change; else STATE.
    public func setKey(_ id: BoxID, _ key: UInt64) throws(GripError) {
        let s = try slot(id)
        try checkKeyFree(key, for: s)
        let old = sync.keys.key(s)
        if sync.feedLimit > 0 && old != key {
            guard sync.feed.contains(where: { $0.kind == .created && $0.key == old }) else {
                throw .state("box \(id.rawValue)'s key has gone out in the change feed; set keys before reading it")
            }
            for i in sync.feed.indices {
                if sync.feed[i].key == old { sync.feed[i].key = key }
                if sync.feed[i].parentKey == old { sync.feed[i].parentKey = key }
                if sync.feed[i].belowKey == old { sync.feed[i].belowKey = key }
            }
        }
        sync.keys.assign(key, to: s)
    }

    /// Throws unless `key` may name slot `s` (nonzero, and no other live box's).
    @inline(never) func checkKeyFree(_ key: UInt64, for s: Int32) throws(GripError) {
        if key == 0 { throw .arg("key 0 names no box") }
        if let other = box(withKey: key), other.index != s {
            throw .state("key \(key) is box \(other.rawValue)'s")
        }
    }

    /// New box `s` gets `key` (0: a fresh one of this peer, checked free by the caller).
    @inline(never) func keyCreated(_ s: Int32, _ key: UInt64) {
        if key != 0 {
            sync.keys.assign(key, to: s)
            return
        }
        // (A fresh key can still be in use: a host or a peer may have given it out.)
        while let k = sync.keys.fresh() {
            if box(withKey: k) == nil {
                sync.keys.assign(k, to: s)
                return
            }
        }
    }

    /// Whether a box can still get a fresh key.
    var freshKeysLeft: Bool { sync.keys.counter < UInt32.max }

    /// Slots `doomed` are being destroyed: their keys leave the table (each slot keeps its own).
    @inline(never) func keysReleased(_ doomed: [Int32]) {
        for s in doomed { sync.keys.release(slot: s) }
    }

    /// Slot `s` came back (a step brought its box back): its key again, or a fresh one when
    /// another box has taken it meanwhile.
    @inline(never) func keyRevived(_ s: Int32) {
        let k = sync.keys.key(s)
        if k != 0 && box(withKey: k) == nil {
            sync.keys.assign(k, to: s)
        } else {
            keyCreated(s, 0)
        }
    }
}
