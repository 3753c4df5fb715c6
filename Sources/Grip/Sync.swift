import CGrip
import GripCore

// Multiplayer (docs/multiplayer.md): box keys, the change feed, the ephemeral feed and other
// peers' changes.

/// `grip_box_get_key`: box's key into `*key`. GRIP_ERR_NOT_FOUND for an unknown box.
@_cdecl("grip_box_get_key")
public func grip_box_get_key(
    _ engine: OpaquePointer?, _ box: grip_box, _ key: UnsafeMutablePointer<UInt64>?
)
    -> grip_status
{
    withEngine(engine) { h throws(GripError) in
        let out = try require(key, "key")
        out.pointee = try h.engine.key(of: BoxID(rawValue: box))
        return GRIP_OK
    }
}

/// `grip_box_set_key`: gives box the host's key; GRIP_ERR_ARG for 0, GRIP_ERR_STATE when another
/// live box has it.
@_cdecl("grip_box_set_key")
public func grip_box_set_key(_ engine: OpaquePointer?, _ box: grip_box, _ key: UInt64) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        try h.engine.setKey(BoxID(rawValue: box), key)
        return GRIP_OK
    }
}

/// `grip_box_find`: the live box with key into `*out`; GRIP_ERR_NOT_FOUND when there is none.
@_cdecl("grip_box_find")
public func grip_box_find(
    _ engine: OpaquePointer?, _ key: UInt64, _ out: UnsafeMutablePointer<grip_box>?
)
    -> grip_status
{
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "out")
        guard let id = h.engine.box(withKey: key) else {
            throw GripError(.notFound, "no live box has key \(key)")
        }
        out.pointee = id.rawValue
        return GRIP_OK
    }
}

/// `grip_feed_enable`: starts the change feed keeping at most `limit` unread changes, or stops it
/// (0). GRIP_ERR_ARG past 1048576.
@_cdecl("grip_feed_enable")
public func grip_feed_enable(_ engine: OpaquePointer?, _ limit: UInt32) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        try h.engine.enableFeed(limit: Int(limit))
        return GRIP_OK
    }
}

/// `grip_feed_read`: moves the oldest unread changes (at most `capacity`) into `out`.
@_cdecl("grip_feed_read")
public func grip_feed_read(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_feed_change>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?, _ overflowed: UnsafeMutablePointer<Bool>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let count = try require(count, "count")
        if capacity > 0 && out == nil { throw GripError(.invalidArgument, "out is NULL with capacity > 0") }
        let r = h.engine.readFeed(max: capacity) { i, c in out?[i] = c.c }
        count.pointee = r.count
        overflowed?.pointee = r.overflowed
        return GRIP_OK
    }
}

/// `grip_feed_live`: the boxes local gestures drive, as they are now; GRIP_DONE when nothing
/// changed since the previous call.
@_cdecl("grip_feed_live")
public func grip_feed_live(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_live_box>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let count = try require(count, "count")
        if capacity > 0 && out == nil { throw GripError(.invalidArgument, "out is NULL with capacity > 0") }
        let n = h.engine.liveBoxes { i, key, parentKey, gesture, parent, g in
            guard i < capacity, let out else { return }
            out[i] = grip_live_box(
                key: key, parent_key: parentKey, gesture: grip_gesture(rawValue: numericCast(gesture.rawValue)),
                geometry: g.cGeometry(parent: parent))
        }
        guard let n else { return GRIP_DONE }
        count.pointee = n
        return GRIP_OK
    }
}

/// `grip_remote_apply`: other peers' changes, in order, each all or nothing; stops at the first
/// unusable one (its index in the message). `*applied` (may be NULL): how many were taken.
@_cdecl("grip_remote_apply")
public func grip_remote_apply(
    _ engine: OpaquePointer?, _ changes: UnsafePointer<grip_feed_change>?, _ count: Int,
    _ applied: UnsafeMutablePointer<Int>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        applied?.pointee = 0
        if count > 0 && changes == nil { throw GripError(.invalidArgument, "changes is NULL with count > 0") }
        guard let changes else { return GRIP_OK }
        for i in 0..<count {
            do throws(GripError) {
                try h.engine.applyRemote(try FeedChange(changes[i]))
            } catch {
                throw GripError(error.status, "change \(i): \(error.message)")
            }
            applied?.pointee = i + 1
        }
        return GRIP_OK
    }
}

extension FeedChange {
    /// As `grip_feed_change`.
    var c: grip_feed_change {
        var d = BoxDesc()
        d.parent = afterParent
        d.geometry = kind == .destroyed ? before : after
        d.behavior = behavior
        return grip_feed_change(
            kind: grip_feed_kind(rawValue: numericCast(kind.rawValue)),
            origin: grip_origin(rawValue: numericCast(origin.rawValue)), fields: fields,
            gesture: grip_gesture(rawValue: numericCast(gesture.rawValue)), key: key, parent_key: parentKey,
            below_key: belowKey, before: before.cGeometry(parent: beforeParent),
            after: after.cGeometry(parent: afterParent), desc: d.c)
    }

    /// A `grip_feed_change` of another peer: unknown kinds and enum values are GRIP_ERR_ARG.
    init(_ c: grip_feed_change) throws(GripError) {
        guard let kind = Kind(rawValue: UInt32(truncatingIfNeeded: c.kind.rawValue)) else {
            throw GripError(.invalidArgument, "kind \(c.kind.rawValue) is not a grip_feed_kind")
        }
        if c.fields & ~FeedField.all != 0 {
            throw GripError(.invalidArgument, "fields 0x\(String(c.fields, radix: 16)) has bits no GRIP_FIELD_ names")
        }
        var desc = c.desc
        desc.struct_size = UInt32(MemoryLayout<grip_box_desc>.size)
        let d = try BoxDesc(desc)
        self.init(
            kind: kind, origin: .remote, fields: c.fields, gesture: .none, key: c.key, parentKey: c.parent_key,
            belowKey: c.below_key, before: BoxGeometry(c.before), after: BoxGeometry(c.after),
            behavior: d.behavior)
    }
}
