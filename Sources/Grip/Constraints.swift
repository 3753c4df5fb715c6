import CGrip
import GripCore

/// The C constraint of one box: the box, the host's function and its context pointer.
///
/// The function and the context are kept as addresses (0: none), not as optional pointers: Swift
/// takes the addresses below 4096 as spare values of an optional pointer to tell an enclosing
/// optional's nil apart (a `CConstraint?` read back as nil), while WebAssembly numbers function
/// pointers from 1 and a host's static data may lie below 4096. An integer has no spare values.
struct CConstraint {
    var box: BoxID
    var function: UInt = 0
    var context: UInt = 0

    init(box: BoxID) { self.box = box }

    init(box: BoxID, fn: grip_constraint_fn, context: UnsafeMutableRawPointer?) {
        self.box = box
        function = unsafeBitCast(fn, to: UInt.self)
        self.context = UInt(bitPattern: context)
    }

    /// Calls the function (there is one: `function` is not 0) with the context.
    func call(_ box: grip_box, _ now: inout grip_geometry, _ out: inout grip_geometry) -> Bool {
        let fn = unsafeBitCast(function, to: grip_constraint_fn.self)
        return fn(UnsafeMutableRawPointer(bitPattern: context), box, &now, &out)
    }

    /// Box `id`'s entry in `table` (indexed by the slot in the id), or nil.
    static func find(_ id: BoxID, in table: [CConstraint]) -> CConstraint? {
        // The slot stays unsigned until it is known to index the table (an Int on 32-bit targets
        // does not hold every UInt32).
        let slot = UInt32(truncatingIfNeeded: id.rawValue)
        guard UInt(slot) < UInt(table.count) else { return nil }
        let i = Int(truncatingIfNeeded: slot)
        guard table[i].box == id, table[i].function != 0 else { return nil }
        return table[i]
    }
}

extension EngineHandle: HostConstraints {
    /// Asks box `box`'s C constraint. The engine is busy meanwhile (the call runs inside a
    /// dispatch), so the function's calls back into the engine fail with GRIP_ERR_STATE.
    package func constrain(box: BoxID, proposed: BoxGeometry, current: BoxGeometry) -> BoxGeometry? {
        // Once a callback has destroyed the engine (deferred), no callback is called again.
        guard !destroyPending, let c = CConstraint.find(box, in: constraints) else { return proposed }
        let parent = (try? engine.parent(of: box)) ?? .none
        var now = current.cGeometry(parent: parent)
        var out = proposed.cGeometry(parent: parent)
        guard c.call(box.rawValue, &now, &out) else { return nil }
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
        // The box exists (setHostConstraint checked it), so its slot is below max_boxes.
        let i = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: box))
        if i >= h.constraints.count {
            h.constraints.append(contentsOf: repeatElement(CConstraint(box: .none), count: i + 1 - h.constraints.count))
        }
        if let fn {
            h.constraints[i] = CConstraint(box: id, fn: fn, context: context)
        } else {
            h.constraints[i] = CConstraint(box: id)
        }
        return GRIP_OK
    }
}
