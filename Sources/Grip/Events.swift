import CGrip
import GripCore

/// `grip_event_poll`: GRIP_OK with the oldest event in `*out`, or GRIP_DONE when none is waiting.
/// For GRIP_EVENT_SCRIPT_ERROR, grip_engine_errmsg returns the script's message until the next call.
@_cdecl("grip_event_poll")
@_optimize(speed) public func grip_event_poll(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_event>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "out")
        guard let e = h.engine.pollEvent() else { return GRIP_DONE }
        // SCRIPT_ERROR: the hook's message is the engine's message until the next call.
        if let m = h.engine.polledMessage {
            h.setMessage(m)
            h.keepsMessage = true
        }
        out.pointee = e.toC
        return GRIP_OK
    }
}

/// `grip_event_capture`: while on, the engine's events go to the guest queue (steps to both).
@_cdecl("grip_event_capture")
public func grip_event_capture(_ engine: OpaquePointer?, _ on: Bool) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        h.engine.capturing = on
        return GRIP_OK
    }
}

/// `grip_event_poll_guest`: the oldest event of the guest queue, or GRIP_DONE.
@_cdecl("grip_event_poll_guest")
public func grip_event_poll_guest(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_event>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "out")
        guard let e = h.engine.pollEvent(guest: true) else { return GRIP_DONE }
        if let m = h.engine.polledMessage {
            h.setMessage(m)
            h.keepsMessage = true
        }
        out.pointee = e.toC
        return GRIP_OK
    }
}

extension Event {
    /// As `grip_event`.
    package var toC: grip_event {
        grip_event(
            kind: grip_event_kind(rawValue: numericCast(kind.rawValue)),
            gesture: grip_gesture(rawValue: numericCast(gesture.rawValue)), box: box.rawValue,
            user_data: userData, handle: grip_handle(rawValue: numericCast(handle.rawValue)),
            pointer: pointer, time: time, position: position.toC)
    }
}

extension Transaction {
    /// Change `i` as `grip_change`: a recorded step's side where the box does not exist is all
    /// zero (its parent too), and its parent before may differ from the one after.
    package func cChange(_ i: Int) -> grip_change {
        let c = changes[i]
        guard isRecorded else { return c.toC }
        let st = states[i]
        return grip_change(
            box: c.box.rawValue, before: c.before.cGeometry(parent: st.before.exists ? st.before.parent : .none),
            after: c.after.cGeometry(parent: st.after.exists ? st.after.parent : .none))
    }
}

extension Change {
    /// As `grip_change`.
    package var toC: grip_change {
        grip_change(box: box.rawValue, before: before.cGeometry(parent: parent), after: after.cGeometry(parent: parent))
    }
}
