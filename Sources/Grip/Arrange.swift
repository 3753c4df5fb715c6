import CGrip
import GripCore

// The functions of grip.h's "Arranging the selection": each checks its enum arguments and hands
// the rest to the engine, which refuses an empty selection and a gesture in progress (STATE).
// GRIP_OK when a box changed (one step, COMMITTED), GRIP_DONE when none did.

/// `grip_selection_align`: lines the selected boxes' world bounds up on `edge` of the
/// selection's bounds (`key` GRIP_NO_BOX) or of selected box `key`'s. GRIP_ERR_ARG for an
/// unknown edge or a key that is not selected, GRIP_ERR_NOT_FOUND for an unknown key.
@_cdecl("grip_selection_align")
public func grip_selection_align(_ engine: OpaquePointer?, _ edge: grip_align, _ key: grip_box) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        guard let e = AlignEdge(rawValue: UInt32(truncatingIfNeeded: edge.rawValue)) else {
            throw GripError(.invalidArgument, "edge \(edge.rawValue) is not a grip_align")
        }
        return cStatus(try h.engine.align(e, to: BoxID(rawValue: key)))
    }
}

/// `grip_selection_distribute`: equal gaps between the selected boxes along `axis`. GRIP_ERR_ARG
/// for an unknown axis.
@_cdecl("grip_selection_distribute")
public func grip_selection_distribute(_ engine: OpaquePointer?, _ axis: grip_axis) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        cStatus(try h.engine.distribute(try arrangeAxis(axis)))
    }
}

/// `grip_selection_flip`: mirrors the selection across its frame's centre line along `axis`.
/// GRIP_ERR_ARG for an unknown axis.
@_cdecl("grip_selection_flip")
public func grip_selection_flip(_ engine: OpaquePointer?, _ axis: grip_axis) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        cStatus(try h.engine.flip(try arrangeAxis(axis)))
    }
}

/// `grip_selection_rotate90`: turns the selection by `quarter_turns` quarter turns (clockwise
/// when positive, any count modulo 4) about its frame's centre.
@_cdecl("grip_selection_rotate90")
public func grip_selection_rotate90(_ engine: OpaquePointer?, _ quarterTurns: Int32) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        cStatus(try h.engine.rotateQuarterTurns(Int(quarterTurns)))
    }
}

/// The `Axis` of C value `axis`, or ARG naming it.
private func arrangeAxis(_ axis: grip_axis) throws(GripError) -> Axis {
    guard let a = Axis(rawValue: UInt32(truncatingIfNeeded: axis.rawValue)) else {
        throw GripError(.invalidArgument, "axis \(axis.rawValue) is not a grip_axis")
    }
    return a
}
