import CGrip
import GripCore

/// The C constraint of one box: the box, the host's function and its context pointer.
struct CConstraint {
    var box: BoxID
    var fn: grip_constraint_fn?
    var context: UnsafeMutableRawPointer?

    /// Box `id`'s entry in `table` (indexed by the slot in the id), or nil.
    static func find(_ id: BoxID, in table: [CConstraint]) -> CConstraint? {
        let i = Int(UInt32(truncatingIfNeeded: id.rawValue))
        guard i < table.count, table[i].box == id, table[i].fn != nil else { return nil }
        return table[i]
    }
}

extension EngineHandle: HostConstraints {
    /// Asks box `box`'s C constraint. The engine is busy meanwhile (the call runs inside a
    /// dispatch), so the function's calls back into the engine fail with GRIP_ERR_STATE.
    package func constrain(box: BoxID, proposed: BoxGeometry, current: BoxGeometry) -> BoxGeometry? {
        // Once a callback has destroyed the engine (deferred), no callback is called again.
        guard !destroyPending, let c = CConstraint.find(box, in: constraints), let fn = c.fn else { return proposed }
        let parent = (try? engine.parent(of: box)) ?? .none
        var now = current.cGeometry(parent: parent)
        var out = proposed.cGeometry(parent: parent)
        guard fn(c.context, box.rawValue, &now, &out) else { return nil }
        return BoxGeometry(out)
    }
}

/// `grip_box_set_constraint`: calls `fn` at every step of a gesture or nudge on `box` with the
/// geometry the engine proposes (after snapping and containment); NULL removes it. The function
/// and context are the caller's: they must stay valid while set (or until the box is destroyed).
/// GRIP_ERR_NOT_FOUND for an unknown box; GRIP_ERR_STATE during a gesture on the box.
@_cdecl("grip_box_set_constraint")
public func grip_box_set_constraint(
    _ engine: OpaquePointer?, _ box: grip_box, _ fn: grip_constraint_fn?,
    _ context: UnsafeMutableRawPointer?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let id = BoxID(rawValue: box)
        try h.engine.setHostConstraint(id, fn != nil)
        h.engine.hostConstraints = h
        let i = Int(UInt32(truncatingIfNeeded: box))
        if i >= h.constraints.count {
            h.constraints.append(contentsOf: repeatElement(CConstraint(box: .none), count: i + 1 - h.constraints.count))
        }
        h.constraints[i] = CConstraint(box: id, fn: fn, context: context)
        return GRIP_OK
    }
}
