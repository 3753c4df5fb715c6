import CGrip
import CLuaShim
import Grip
import GripCore

/// The Lua side of one engine: what an engine userdata points at (retained until its `__gc`).
///
/// It talks to the engine through the C ABI functions, which validate, set `Engine.busy` and
/// record messages, so a script can never re-enter a dispatch or a frame build. It is also the
/// engine's `BoxHooks`: custom handles, indicators and constraints run their Lua functions
/// through CLuaShim, under `lua_pcall`.
final class LuaEngine: BoxHooks {
    /// The `grip_engine *`.
    let ptr: OpaquePointer
    let handle: EngineHandle
    /// Made by `grip.new` (destroyed with this object) rather than the host's.
    let owned: Bool
    /// The CLuaShim state context (`gl_ctx *`).
    let ctx: UnsafeMutableRawPointer
    /// Closed from Lua (`e:close()` or `<close>`).
    private(set) var closed = false
    /// Bytes of the state's memory_limit its boxes are counted as (`accountBoxes`).
    var boxBytes = 0
    /// Calls on this engine in progress (an `on` handler may run inside one).
    var running = 0
    /// Events taken from the engine's queue, waiting for `e:events()` (oldest first).
    private var pending: [PendingEvent] = []
    private var pendingHead = 0
    static let pendingCapacity = 4096
    /// Scratch space for hook error messages (hooks never nest on one engine: it is busy).
    private let errbuf = UnsafeMutablePointer<CChar>.allocate(capacity: 512)

    struct PendingEvent {
        var event: grip_event
        var message: String
        /// COMMITTED, UNDONE, REDONE: the step's boxes (what `ev.changes` shows).
        var changes: [grip_change] = []
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

    init(ptr: OpaquePointer, handle: EngineHandle, owned: Bool, ctx: UnsafeMutableRawPointer) {
        self.ptr = ptr
        self.handle = handle
        self.owned = owned
        self.ctx = ctx
        errbuf.initialize(to: 0)
    }

    deinit {
        if owned && !closed {
            CGrip.grip_engine_destroy(ptr)
            _ = gl_count_engines(ctx, -1)
        }
        _ = gl_charge_memory(ctx, -Int64(boxBytes))
        errbuf.deallocate()
        changesBuffer.deallocate()
    }

    var engine: Engine { handle.engine }

    /// This object as the key CLuaShim files the engine userdata under.
    var key: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Destroys an engine made by `grip.new` now; the host's engine is left alone.
    func close() throws(LuaFailure) {
        guard owned, !closed else { return }
        if engine.busy || running > 0 {
            throw LuaFailure("re-entrant call: the engine is in use (close it after the callback returns)")
        }
        CGrip.grip_engine_destroy(ptr)
        _ = gl_count_engines(ctx, -1)
        closed = true
        _ = gl_charge_memory(ctx, -Int64(boxBytes))
        boxBytes = 0
    }

    // MARK: events

    /// Moves the engine's queued events to `pending`, running the `on` handlers of each. Returns
    /// GL_ERR_TOP when a handler raised (its error object is on top of `L`'s stack); the events
    /// still queued then move to `pending` without their handlers, so they stay the script's and
    /// never fire later in an unrelated call. With `fire` false no handler runs (the way out of an
    /// error). On the host's engine, COMMITTED, UNDONE and REDONE stay queued for the host's own
    /// grip_event_poll too (they reach the host whoever caused them).
    func drain(_ L: UnsafeMutableRawPointer?, fire: Bool = true) -> Int32 {
        var failed: Int32 = fire ? GL_OK : GL_ERR_MSG
        while let e = engine.pollEvent(keepingSteps: !owned) {
            var ev = e.toC
            let message = e.kind == .scriptError ? (engine.polledMessage ?? "") : ""
            let changes = engine.polledTransaction.map { $0.changes.map { $0.toC } } ?? []
            if pending.count - pendingHead >= LuaEngine.pendingCapacity { pendingHead += 1 }
            if pendingHead > 1024 && pendingHead * 2 > pending.count {
                pending.removeFirst(pendingHead)
                pendingHead = 0
            }
            pending.append(PendingEvent(event: ev, message: message, changes: changes))
            if failed != GL_OK { continue }
            currentChanges = changes
            failed = message.withCString { gl_fire_event(L, key, &ev, $0) }
        }
        return fire ? failed : GL_OK
    }

    /// The oldest pending event, removed.
    func nextEvent() -> PendingEvent? {
        guard pendingHead < pending.count else { return nil }
        let e = pending[pendingHead]
        currentChanges = e.changes
        pendingHead += 1
        if pendingHead == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
        }
        return e
    }

    // MARK: BoxHooks

    private func failure() -> HookFailure { HookFailure(String(cString: errbuf)) }

    /// Tells CLuaShim which call from the host runs the next hook (they share its budget).
    @inline(never) private func noteHostCall() { gl_set_host_call(ctx, handle.calls) }

    func customHandlePosition(box: BoxID, index: Int, geometry g: BoxGeometry) -> Result<Vec2, HookFailure> {
        var geom = g.gl
        var x = 0.0, y = 0.0
        noteHostCall()
        let rc = gl_hook_handle_position(
            ctx, key, box.rawValue, Int32(truncatingIfNeeded: index), &geom, &x, &y, errbuf, 512)
        return rc == GL_OK ? .success(Vec2(x, y)) : .failure(failure())
    }

    func customHandleDrag(box: BoxID, index: Int, start: BoxGeometry, point: Vec2) -> Result<BoxGeometry, HookFailure> {
        var geom = start.gl
        var out = geom
        noteHostCall()
        let rc = gl_hook_handle_drag(
            ctx, key, box.rawValue, Int32(truncatingIfNeeded: index), &geom, point.x, point.y, &out, errbuf, 512)
        return rc == GL_OK ? .success(BoxGeometry(out)) : .failure(failure())
    }

    func indicatorOutline(box: BoxID, progress: Double, geometry g: BoxGeometry, into out: inout [Vec2]) -> HookFailure?
    {
        var geom = g.gl
        var points: UnsafePointer<Double>? = nil
        var count = 0
        noteHostCall()
        let rc = gl_hook_indicator(ctx, key, box.rawValue, progress, &geom, &points, &count, errbuf, 512)
        guard rc == GL_OK else { return failure() }
        if let points {
            for i in 0..<count { out.append(Vec2(points[2 * i], points[2 * i + 1])) }
        }
        return nil
    }

    func constrain(box: BoxID, proposed: BoxGeometry, current: BoxGeometry) -> Result<BoxGeometry, HookFailure> {
        var p = proposed.gl
        var c = current.gl
        var out = p
        noteHostCall()
        let rc = gl_hook_constraint(ctx, key, box.rawValue, &p, &c, &out, errbuf, 512)
        return rc == GL_OK ? .success(BoxGeometry(out)) : .failure(failure())
    }
}

extension BoxGeometry {
    var gl: gl_geom {
        gl_geom(
            cx: center.x, cy: center.y, width: width, height: height, rotation: rotation, scale: scale,
            flipped_x: flippedX, flipped_y: flippedY)
    }

    init(_ g: gl_geom) {
        self.init(
            center: Vec2(g.cx, g.cy), width: g.width, height: g.height, rotation: g.rotation,
            scale: g.scale, flippedX: g.flipped_x, flippedY: g.flipped_y)
    }
}
