import CGrip
import CPlatform
import GripCore

/// What a `grip_engine *` points at: a magic word, then the engine's handle. The magic word
/// lets every entry point reject a destroyed or foreign pointer where that can be detected.
struct EngineHeader {
    static let alive: UInt64 = 0x4752_4950_454E_4731  // "GRIPENG1"
    static let dead: UInt64 = 0x4752_4950_4445_4144  // "GRIPDEAD"
    var magic: UInt64
    var handle: Unmanaged<EngineHandle>
}

/// The C-facing side of one engine: the core engine, the last error message, and the C copies
/// of the frame, all owned here and valid until the next call that mutates the engine.
package final class EngineHandle {
    package let engine: Engine
    /// NUL-terminated message of the last failed call ("" after success).
    let message: UnsafeMutablePointer<CChar>
    static let messageCapacity = 512
    /// The frame converted to C arrays, only where the core's layout differs from C's
    /// (`Layout.matches` false), rebuilt when the engine's frame serial moves.
    var commands = CBuffer<grip_command>()
    var vertices = CBuffer<grip_vec2>()
    var frameSerial: UInt64 = 0
    /// The boxes' C constraints (grip_box_set_constraint), by the slot index in the box id; an
    /// entry counts only for the id it was set for (a slot's next box has another id).
    var constraints: [CConstraint] = []
    /// The selection's C constraint (grip_selection_set_constraint); the engine's
    /// `selectionConstraint` is this handle while one is set.
    var selectionConstraintFn = CSelectionConstraint()
    /// Calls made on this engine so far: tells one call from the next (the Lua hooks one call
    /// runs share one budget).
    package var calls: UInt64 = 0
    /// The host holds the arrays of its last grip_frame_get (until its next one).
    var hostHoldsFrame = false
    /// Frame storage the host may still read, moved aside so a script's frame could not touch
    /// it (the core's commands and vertices, and the C copies where layouts differ); freed at
    /// the host's next grip_frame_get or grip_engine_destroy.
    var retired:
        (
            UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
            UnsafeMutableRawPointer?
        ) = (nil, nil, nil, nil)
    var hasRetired = false
    /// Set by grip_engine_destroy: a Lua state that keeps this handle sees the engine is gone
    /// without reading the engine's freed memory.
    package var destroyed = false
    /// The engine's grip_hooks (grip_engine_set_hooks), owned here; the engine's `hooks` points at it.
    var hooks: CHooks?
    /// grip_engine_destroy was called from inside one of the engine's callbacks: the engine is
    /// destroyed when the call in progress returns.
    var destroyPending = false
    /// The call in progress set the message on purpose (a polled SCRIPT_ERROR's), so its
    /// success keeps it.
    var keepsMessage = false
    /// One call at a time: the thread whose call is running holds it (call_guard.c), so a call
    /// from that thread's callbacks and a call from another thread are both refused, apart.
    let callGuard: UnsafeMutablePointer<grip_platform_guard>
    /// A call is running on this engine (on whichever thread).
    package var busy: Bool { grip_platform_guard_held(callGuard) != 0 }

    init(_ engine: Engine) {
        self.engine = engine
        message = .allocate(capacity: EngineHandle.messageCapacity)
        message.initialize(to: 0)
        callGuard = .allocate(capacity: 1)
        callGuard.initialize(to: grip_platform_guard(owner: 0))
    }

    deinit {
        message.deallocate()
        callGuard.deallocate()
    }

    /// Frees the frame storage retired for the host.
    func freeRetired() {
        retired.0?.deallocate()
        retired.1?.deallocate()
        retired.2?.deallocate()
        retired.3?.deallocate()
        retired = (nil, nil, nil, nil)
        hasRetired = false
    }

    /// Stores `text` (truncated to fit) as the error message.
    func setMessage(_ text: String) {
        let n = copyUTF8(text, into: UnsafeMutableRawPointer(message), capacity: EngineHandle.messageCapacity - 1)
        message[n] = 0
    }
}

/// Copies the UTF-8 bytes of `text`, at most `capacity`, to `dest` and returns how many it
/// copied (no terminator). Reads the string's own storage instead of iterating its view, which
/// keeps the standard library's code for other string representations out of the web module.
func copyUTF8(_ text: String, into dest: UnsafeMutableRawPointer, capacity: Int) -> Int {
    text.utf8.withContiguousStorageIfAvailable { bytes in
        let n = min(bytes.count, capacity)
        if let base = bytes.baseAddress, n > 0 { dest.copyMemory(from: base, byteCount: n) }
        return n
    } ?? 0
}

/// The status code for a core status.
@inline(__always) func cStatus(_ s: Status) -> grip_status { grip_status(rawValue: numericCast(s.rawValue)) }

/// A pointer to a NUL-terminated static string.
@inline(__always) func cString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// The live handle behind `p`, or nil when `p` is NULL, misaligned, destroyed or foreign.
package func handle(_ p: OpaquePointer?) -> EngineHandle? {
    unmanagedHandle(p)?.takeUnretainedValue()
}

/// The live handle behind `p` without taking a reference, or nil as for `handle(_:)`.
@inline(__always) func unmanagedHandle(_ p: OpaquePointer?) -> Unmanaged<EngineHandle>? {
    guard let p else { return nil }
    let raw = UnsafeRawPointer(p)
    guard Int(bitPattern: raw) % MemoryLayout<EngineHeader>.alignment == 0 else { return nil }
    let header = raw.assumingMemoryBound(to: EngineHeader.self)
    guard header.pointee.magic == EngineHeader.alive else { return nil }
    return header.pointee.handle
}

/// Runs `body` against the engine behind `p`: validates the pointer, takes the engine's call
/// guard, records the message of a failure (or clears it) and returns the status. The header
/// keeps the handle alive for the call (grip_engine_destroy refuses a busy engine), so no
/// reference is taken. A grip_engine_destroy made inside the call's callbacks happens once the
/// call has returned.
///
/// Refused with GRIP_ERR_STATE while a call runs: re-entered from that call's own callbacks
/// (message in the engine), or made by another thread at the same time. The second thread's
/// refusal touches nothing of the engine, not even its message: `grip_engine_errmsg` on that
/// thread reads it from the thread's own record.
func withEngine(_ p: OpaquePointer?, _ body: (EngineHandle) throws(GripError) -> grip_status) -> grip_status {
    guard let u = unmanagedHandle(p) else { return GRIP_ERR_ARG }
    var destroy = false
    let status = u._withUnsafeGuaranteedRef { h in
        switch grip_platform_guard_enter(h.callGuard, UnsafeRawPointer(p)) {
        case GRIP_PLATFORM_ENTERED: break
        case GRIP_PLATFORM_REENTERED:
            h.setMessage("re-entrant call: the engine is busy with another call (from a script callback?)")
            return GRIP_ERR_STATE
        default: return GRIP_ERR_STATE
        }
        let status = run(h, body)
        destroy = h.destroyPending
        grip_platform_guard_leave(h.callGuard)
        return status
    }
    if _slowPath(destroy) { destroyEngine(p) }
    return status
}

/// The message `grip_engine_errmsg` gives a thread whose call was refused because another thread
/// was using the engine.
let twoThreadsMessage: StaticString =
    "engine used from two threads at once: another thread's call was running (one engine takes one call at a time; lock around its calls)"

@inline(__always) private func run(
    _ h: EngineHandle, _ body: (EngineHandle) throws(GripError) -> grip_status
) -> grip_status {
    h.calls &+= 1
    do {
        h.message[0] = 0
        h.keepsMessage = false
        let status = try body(h)
        // A success leaves "" even where a callback's refused call wrote its message meanwhile;
        // only a polled SCRIPT_ERROR's message stays (`keepsMessage`).
        if _slowPath(h.message[0] != 0) && !h.keepsMessage { h.message[0] = 0 }
        return status
    } catch {
        h.setMessage(error.message)
        return cStatus(error.status)
    }
}

/// Fails with GRIP_ERR_ARG naming `what` when `p` is NULL.
@inline(__always) func require<T>(_ p: T?, _ what: StaticString) throws(GripError) -> T {
    guard let p else { throw nullArgument(what) }
    return p
}

/// Fails with GRIP_ERR_ARG when the `struct_size` of a struct the caller fills in itself (one
/// with no `_init` function, such as grip_selection_state) is not the one this library knows.
@inline(__always) func requireSize(_ size: UInt32, _ expected: Int, _ what: StaticString) throws(GripError) {
    guard Int(exactly: size) == expected else { throw wrongCallerSize(size, expected, what) }
}

/// The GRIP_ERR_ARG of a NULL `what`. Out of line, like `wrongSize`: the message is built only on
/// failure, in one place instead of at every check.
@inline(never) func nullArgument(_ what: StaticString) -> GripError {
    GripError(.invalidArgument, "\(what) is NULL")
}

/// The GRIP_ERR_ARG of a versioned struct `what` whose `struct_size` is `size`, not `expected`.
@inline(never) func wrongSize(_ size: UInt32, _ expected: Int, _ what: StaticString) -> GripError {
    GripError(.invalidArgument, "\(what).struct_size is \(size), expected \(expected) (call \(what)_init)")
}

/// The GRIP_ERR_ARG of a struct `what` with no `_init` function whose `struct_size` is `size`, not
/// `expected`: the message says what the caller sets.
@inline(never) func wrongCallerSize(_ size: UInt32, _ expected: Int, _ what: StaticString) -> GripError {
    GripError(
        .invalidArgument, "\(what).struct_size is \(size), expected \(expected) (set struct_size = sizeof(\(what)))")
}
