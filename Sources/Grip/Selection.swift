import CGrip
import GripCore

/// `grip_select`: changes the selection (REPLACE with GRIP_NO_BOX clears it). GRIP_ERR_ARG for an
/// unknown op (or GRIP_NO_BOX with another op), GRIP_ERR_NOT_FOUND for an unknown or destroyed
/// box, GRIP_ERR_STATE while a gesture acts on the selection; nothing changes then. Emits
/// GRIP_EVENT_SELECTION_CHANGED when the set changed.
@_cdecl("grip_select")
public func grip_select(_ engine: OpaquePointer?, _ box: grip_box, _ op: grip_select_op) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        guard let o = SelectOp(rawValue: UInt32(truncatingIfNeeded: op.rawValue)) else {
            throw GripError(.invalidArgument, "op \(op.rawValue) is not a grip_select_op")
        }
        try h.engine.select(BoxID(rawValue: box), o)
        return GRIP_OK
    }
}

/// `grip_selection_get`: the selected boxes in the order they were selected. `*count` is always
/// written; at most `capacity` ids go to `out` (which may be NULL when `capacity` is 0).
@_cdecl("grip_selection_get")
public func grip_selection_get(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_box>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let count = try require(count, "count")
        let members = h.engine.selectedBoxes
        if capacity > 0 {
            let out = try require(out, "out")
            for i in 0..<Swift.min(capacity, members.count) { out[i] = members[i].rawValue }
        }
        count.pointee = members.count
        return GRIP_OK
    }
}

/// `grip_selection_state_get`: the count and the selection frame in world coordinates (all zero
/// when nothing is selected). `out->struct_size` must be sizeof(grip_selection_state).
@_cdecl("grip_selection_state_get")
public func grip_selection_state_get(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_selection_state>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "out")
        try requireSize(out.pointee.struct_size, MemoryLayout<grip_selection_state>.size, "grip_selection_state")
        let s = h.engine.selectionState()
        out.pointee = grip_selection_state(
            struct_size: UInt32(MemoryLayout<grip_selection_state>.size), count: s.count, center: s.center.toC,
            width: s.width, height: s.height, rotation: s.rotation,
            corners: (s.corners.0.toC, s.corners.1.toC, s.corners.2.toC, s.corners.3.toC),
            gesture_active: s.gestureActive)
        return GRIP_OK
    }
}
