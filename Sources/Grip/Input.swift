import CGrip
import GripCore

/// `grip_dispatch_pointer`: one pointer event in screen coordinates. `consumed` (may be NULL)
/// says whether it belonged to a box. GRIP_ERR_STATE for time going backwards, a second down or
/// an up without a down; GRIP_ERR_LIMIT past max_pointers.
@_cdecl("grip_dispatch_pointer")
@_optimize(speed) public func grip_dispatch_pointer(
    _ engine: OpaquePointer?, _ event: UnsafePointer<grip_pointer_event>?,
    _ consumed: UnsafeMutablePointer<Bool>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let e = try require(event, "event").pointee
        let phase = try PointerPhase.from(e.phase)
        let used = try h.engine.dispatch(
            PointerEvent(
                phase, pointer: e.pointer, Vec2(e.x, e.y), time: e.time,
                modifiers: e.modifiers))
        consumed?.pointee = used
        return GRIP_OK
    }
}

/// `grip_dispatch_magnify`: DOWN begins over the box under the focal point, MOVE previews,
/// UP commits, CANCEL restores. GRIP_ERR_STATE for a MOVE/UP/CANCEL without a DOWN.
@_cdecl("grip_dispatch_magnify")
@_optimize(speed) public func grip_dispatch_magnify(
    _ engine: OpaquePointer?, _ event: UnsafePointer<grip_magnify_event>?,
    _ consumed: UnsafeMutablePointer<Bool>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let e = try require(event, "event").pointee
        let phase = try PointerPhase.from(e.phase)
        let used = try h.engine.dispatchMagnify(
            MagnifyEvent(phase, factor: e.factor, focal: Vec2(e.x, e.y), time: e.time))
        consumed?.pointee = used
        return GRIP_OK
    }
}

/// `grip_dispatch_timer`: advances animations, long presses and the marching ants to `time`.
@_cdecl("grip_dispatch_timer")
@_optimize(speed) public func grip_dispatch_timer(_ engine: OpaquePointer?, _ time: Double) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        try h.engine.dispatchTimer(time)
        return GRIP_OK
    }
}

extension PointerPhase {
    static func from(_ p: grip_phase) throws(GripError) -> PointerPhase {
        guard let phase = PointerPhase(rawValue: UInt32(truncatingIfNeeded: p.rawValue)) else {
            throw GripError(.invalidArgument, "phase \(p.rawValue) is not a grip_phase")
        }
        return phase
    }
}
