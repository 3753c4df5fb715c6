import CGrip
import GripCore

/// `grip_event_poll`: GRIP_OK with the oldest event in `*out`, or GRIP_DONE when none is waiting.
/// For GRIP_EVENT_SCRIPT_ERROR, grip_engine_errmsg returns the script's message until the next call.
@_cdecl("grip_event_poll")
@_optimize(speed) public func grip_event_poll(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_event>?) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "out")
        guard let e = h.engine.pollEvent() else { return GRIP_DONE }
        // SCRIPT_ERROR: the hook's message is the engine's message until the next call.
        if let m = h.engine.polledMessage { h.setMessage(m) }
        out.pointee = grip_event(
            kind: grip_event_kind(rawValue: numericCast(e.kind.rawValue)),
            gesture: grip_gesture(rawValue: numericCast(e.gesture.rawValue)), box: e.box.rawValue,
            user_data: e.userData, handle: grip_handle(rawValue: numericCast(e.handle.rawValue)),
            pointer: e.pointer, time: e.time, position: e.position.toC)
        return GRIP_OK
    }
}
