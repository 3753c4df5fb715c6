import CGrip
import CLuaShim

/// The Lua side of one engine: what an engine userdata points at (retained until its `__gc`).
///
/// It talks to the engine through grip.h only: the C functions validate, refuse re-entrant calls
/// and record messages, so a script can never re-enter a dispatch or a frame build. It installs
/// the engine's `grip_hooks`: custom handles, indicators and constraints run their Lua functions
/// through CLuaShim, under `lua_pcall`.
final class LuaEngine {
    /// The `grip_engine *`.
    let ptr: OpaquePointer
    /// Made by `grip.new` (destroyed with this object) rather than the host's.
    let owned: Bool
    /// The CLuaShim state context (`gl_ctx *`).
    let ctx: UnsafeMutableRawPointer
    /// Closed from Lua (`e:close()` or `<close>`).
    private(set) var closed = false
    /// The host destroyed its engine (the `destroyed` hook said so): nothing may touch `ptr`.
    var hostGone = false
    /// Whether this object's hooks are the engine's.
    var hooked = false
    /// CLuaShim is turning the frame's arrays into tables (`GL_OP_FRAME_LOCK` until
    /// `GL_OP_FRAME_UNLOCK`): nothing may touch the engine meanwhile.
    var frameLocked = false
    /// Bytes of the state's memory_limit this engine is charged for (`accountMemory`), and the
    /// bytes it holds beyond them that memory_limit had no room for.
    var chargedBytes = 0
    var debt = 0
    /// The bytes the events in `pending` hold (`PendingEvent.bytes`).
    private(set) var pendingBytes = 0
    /// The limits of an engine the script made, as it asked for them: `capToMemory` lowers them
    /// for the length of one call, `uncap` puts them back.
    var ownLimits = (maxBoxes: UInt32(0), history: UInt32(0), historyBytes: UInt64(0))
    /// Whether `capToMemory` lowered the limits for the call in progress, and the max_boxes it set.
    var capped = false
    var cappedMaxBoxes: UInt32 = 0
    /// The message of the selection constraint's last failure (nil after it answered).
    var selectionFailure: String? = nil
    /// Calls on this engine in progress (an `on` handler may run inside one).
    var running = 0
    /// Events taken from the engine's queue, waiting for `e:events()` (oldest first).
    private var pending: [PendingEvent] = []
    private var pendingHead = 0
    static let pendingCapacity = 4096

    struct PendingEvent {
        var event: grip_event
        var message: String
        /// COMMITTED, UNDONE, REDONE: the step's boxes (what `ev.changes` shows).
        var changes: [grip_change] = []

        /// The host memory it holds, as the state's memory_limit counts it.
        var bytes: Int {
            MemoryLayout<PendingEvent>.stride + changes.count * MemoryLayout<grip_change>.stride + message.utf8.count
        }
    }

    /// The changes of the event handed to Lua last (`GL_OP_EVENT_CHANGES` reads them).
    var currentChanges: [grip_change] = []
    /// A C copy of `currentChanges` CLuaShim reads while it builds `ev.changes`.
    private var changesBuffer = UnsafeMutableBufferPointer<grip_change>(start: nil, count: 0)

    /// `currentChanges` in a buffer owned by this object (valid until the next call).
    func changesPointer() -> UnsafeMutableRawPointer? {
        if changesBuffer.count < currentChanges.count {
            changesBuffer.deallocate()
            changesBuffer = .allocate(capacity: currentChanges.count)
        }
        for i in currentChanges.indices { changesBuffer[i] = currentChanges[i] }
        return UnsafeMutableRawPointer(changesBuffer.baseAddress)
    }

    init(ptr: OpaquePointer, owned: Bool, ctx: UnsafeMutableRawPointer) {
        self.ptr = ptr
        self.owned = owned
        self.ctx = ctx
    }

    deinit {
        if owned && !closed {
            unhook()
            grip_engine_destroy(ptr)
            _ = gl_count_engines(ctx, -1)
        }
        _ = gl_charge_memory(ctx, -Int64(chargedBytes), true)
        changesBuffer.deallocate()
    }

    /// This object as the key CLuaShim files the engine userdata under.
    var key: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The engine's info; nil once the engine is gone.
    var info: grip_engine_info? {
        if hostGone || closed { return nil }
        var i = grip_engine_info()
        grip_engine_info_init(&i)
        return grip_engine_get_info(ptr, &i) == GRIP_OK ? i : nil
    }

    /// Whether a call on the engine is in progress (a hook of it runs now).
    var busy: Bool { info?.busy ?? false }

    /// Destroys an engine made by `grip.new` now; the host's engine is left alone.
    func close() throws(LuaFailure) {
        guard owned, !closed else { return }
        if busy || running > 0 || frameLocked {
            throw LuaFailure("re-entrant call: the engine is in use (close it after the callback returns)")
        }
        unhook()
        grip_engine_destroy(ptr)
        _ = gl_count_engines(ctx, -1)
        closed = true
        accountMemory()
    }

    // MARK: events

    /// Moves the engine's queued events to `pending`, running the `on` handlers of each. Returns
    /// GL_ERR_TOP when a handler raised (its error object is on top of `L`'s stack); the events
    /// still queued then move to `pending` without their handlers, so they stay the script's and
    /// never fire later in an unrelated call. With `fire` false no handler runs (the way out of an
    /// error). On the host's engine the script reads the guest queue (grip_event_capture is on
    /// while a script runs), so it never takes the host's events; inside one of the engine's own
    /// callbacks (the engine busy) there is nothing to take.
    func drain(_ L: UnsafeMutableRawPointer?, fire: Bool = true) -> Int32 {
        var failed: Int32 = fire ? GL_OK : GL_ERR_MSG
        guard let i = info, !i.busy else { return GL_OK }
        while true {
            var ev = grip_event()
            let st = owned ? grip_event_poll(ptr, &ev) : grip_event_poll_guest(ptr, &ev)
            if st != GRIP_OK { break }
            let message = ev.kind == GRIP_EVENT_SCRIPT_ERROR ? String(cString: grip_engine_errmsg(ptr)) : ""
            var changes: [grip_change] = []
            if ev.kind == GRIP_EVENT_COMMITTED || ev.kind == GRIP_EVENT_UNDONE || ev.kind == GRIP_EVENT_REDONE {
                var n = 0
                if grip_event_changes(ptr, nil, 0, &n) == GRIP_OK && n > 0 {
                    changes = [grip_change](repeating: grip_change(), count: n)
                    var m = 0
                    _ = changes.withUnsafeMutableBufferPointer { grip_event_changes(ptr, $0.baseAddress, n, &m) }
                }
            }
            if pending.count - pendingHead >= LuaEngine.pendingCapacity {
                pendingBytes -= pending[pendingHead].bytes
                pending[pendingHead] = PendingEvent(event: grip_event(), message: "")
                pendingHead += 1
            }
            if pendingHead > 1024 && pendingHead * 2 > pending.count {
                pending.removeFirst(pendingHead)
                pendingHead = 0
            }
            let p = PendingEvent(event: ev, message: message, changes: changes)
            pendingBytes += p.bytes
            pending.append(p)
            if failed != GL_OK { continue }
            currentChanges = changes
            failed = message.withCString { gl_fire_event(L, key, &ev, $0) }
        }
        return fire ? failed : GL_OK
    }

    /// Leaves a SCRIPT_ERROR event (box GRIP_SELECTION) with `message` for `e:events()`: the
    /// selection constraint's function failed. The same failure again, step after step, is one
    /// event (`selectionFailure` until the function answers).
    func selectionHookFailed(_ message: String) {
        // Bytes compared: String's == is Unicode-canonical and would bring its tables (26 KB) in.
        if let last = selectionFailure, last.utf8.elementsEqual(message.utf8) { return }
        selectionFailure = message
        var ev = grip_event()
        ev.kind = GRIP_EVENT_SCRIPT_ERROR
        ev.box = GRIP_SELECTION
        ev.time = info?.time ?? 0
        if pending.count - pendingHead >= LuaEngine.pendingCapacity { return }
        let p = PendingEvent(event: ev, message: message)
        pendingBytes += p.bytes
        pending.append(p)
    }

    /// The oldest pending event, removed.
    func nextEvent() -> PendingEvent? {
        guard pendingHead < pending.count else { return nil }
        let e = pending[pendingHead]
        currentChanges = e.changes
        pendingBytes -= e.bytes
        pending[pendingHead] = PendingEvent(event: grip_event(), message: "")
        pendingHead += 1
        if pendingHead == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
            pendingBytes = 0
        }
        return e
    }

    // MARK: hooks

    /// Installs this object's functions as the engine's grip_hooks. GRIP_ERR_STATE (with the
    /// engine's message) when the engine has hooks already.
    func hook() -> grip_status {
        var h = grip_hooks()
        grip_hooks_init(&h)
        h.context = key
        h.handle_position = { context, box, index, geometry, position, message, capacity in
            guard let context, let geometry, let position else { return false }
            let le = Unmanaged<LuaEngine>.fromOpaque(context).takeUnretainedValue()
            var g = gl_geom(geometry.pointee)
            var x = 0.0, y = 0.0
            le.noteHostCall()
            let rc = gl_hook_handle_position(
                le.ctx, le.key, box, Int32(truncatingIfNeeded: index), &g, &x, &y, message, capacity)
            position.pointee = grip_vec2(x: x, y: y)
            return rc == GL_OK
        }
        h.handle_drag = { context, box, index, start, point, result, message, capacity in
            guard let context, let start, let result else { return false }
            let le = Unmanaged<LuaEngine>.fromOpaque(context).takeUnretainedValue()
            var g = gl_geom(start.pointee)
            var out = g
            le.noteHostCall()
            let rc = gl_hook_handle_drag(
                le.ctx, le.key, box, Int32(truncatingIfNeeded: index), &g, point.x, point.y, &out, message, capacity)
            guard rc == GL_OK else { return false }
            result.pointee = grip_geometry(out, parent: start.pointee.parent)
            return true
        }
        h.indicator = { context, box, progress, geometry, points, count, message, capacity in
            guard let context, let geometry, let points, let count else { return false }
            let le = Unmanaged<LuaEngine>.fromOpaque(context).takeUnretainedValue()
            var g = gl_geom(geometry.pointee)
            var xy: UnsafePointer<Double>? = nil
            var n = 0
            le.noteHostCall()
            let rc = gl_hook_indicator(le.ctx, le.key, box, progress, &g, &xy, &n, message, capacity)
            guard rc == GL_OK else { return false }
            // x, y pairs: the layout of grip_vec2.
            points.pointee = xy.map { UnsafeRawPointer($0).assumingMemoryBound(to: grip_vec2.self) }
            count.pointee = xy == nil ? 0 : n
            return true
        }
        h.constraint = { context, box, current, proposed, result, message, capacity in
            guard let context, let current, let proposed, let result else { return false }
            let le = Unmanaged<LuaEngine>.fromOpaque(context).takeUnretainedValue()
            var p = gl_geom(proposed.pointee)
            var c = gl_geom(current.pointee)
            var out = p
            le.noteHostCall()
            let rc = gl_hook_constraint(le.ctx, le.key, box, &p, &c, &out, message, capacity)
            guard rc == GL_OK else { return false }
            result.pointee = grip_geometry(out, parent: proposed.pointee.parent)
            return true
        }
        if !owned {
            // The host may destroy its engine before this state: from then on nothing touches it.
            h.destroyed = { context in
                guard let context else { return }
                let le = Unmanaged<LuaEngine>.fromOpaque(context).takeUnretainedValue()
                le.hostGone = true
                le.hooked = false
            }
        }
        let st = grip_engine_set_hooks(ptr, &h)
        hooked = st == GRIP_OK
        return st
    }

    /// Takes this object's hooks out of the engine (before the object or the engine goes).
    func unhook() {
        guard hooked, !hostGone else { return }
        if grip_engine_set_hooks(ptr, nil) == GRIP_OK { hooked = false }
    }

    /// Tells CLuaShim which call from the host runs the next hook (they share its budget).
    @inline(never) func noteHostCall() {
        if let i = info { gl_set_host_call(ctx, i.call_serial) }
    }
}

extension gl_geom {
    /// A `grip_geometry`'s box part, as hooks see it.
    init(_ g: grip_geometry) {
        self.init(
            cx: g.center.x, cy: g.center.y, width: g.width, height: g.height, rotation: g.rotation, scale: g.scale,
            flipped_x: g.flipped_x, flipped_y: g.flipped_y)
    }
}

extension grip_geometry {
    /// A hook's answer in the space of `parent`.
    init(_ g: gl_geom, parent: grip_box) {
        self.init(
            parent: parent, center: grip_vec2(x: g.cx, y: g.cy), width: g.width, height: g.height,
            rotation: g.rotation, scale: g.scale, flipped_x: g.flipped_x, flipped_y: g.flipped_y)
    }
}
