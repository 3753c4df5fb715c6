import CGrip
import GripCore

/// `grip_dispatch_key`: one key going down or up. `consumed` (may be NULL) says whether the key
/// did something. GRIP_ERR_ARG for a NULL event, an unknown key, a phase other than DOWN or UP,
/// unknown modifier bits or a bad time; GRIP_ERR_STATE for time going backwards. Nothing changes
/// on failure.
@_cdecl("grip_dispatch_key")
public func grip_dispatch_key(
    _ engine: OpaquePointer?, _ event: UnsafePointer<grip_key_event>?,
    _ consumed: UnsafeMutablePointer<Bool>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let e = try require(event, "event").pointee
        let phase = try PointerPhase.from(e.phase)
        guard let key = Key(rawValue: UInt32(truncatingIfNeeded: e.key.rawValue)) else {
            throw GripError(.invalidArgument, "key \(e.key.rawValue) is not a grip_key")
        }
        let used = try h.engine.dispatchKey(KeyEvent(phase, key, modifiers: e.modifiers, time: e.time))
        consumed?.pointee = used
        return GRIP_OK
    }
}
