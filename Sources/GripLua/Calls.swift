import CGrip
import CLuaShim

/// The Swift side of every trampoline: CLuaShim has read the Lua arguments into `c`, and raises
/// (from C, after this returns) whatever this reports. Nothing here can raise a Lua error.
@_cdecl("gripl_call")
func gripl_call(_ c: UnsafeMutablePointer<gl_call>) -> Int32 {
    do throws(LuaFailure) {
        try perform(c)
        return GL_OK
    } catch {
        if error.code == GL_ERR_MSG { setText(&c.pointee.err, error.message) }
        return error.code
    }
}

/// Drops the engine userdata's reference (its `__gc`).
@_cdecl("gripl_release")
func gripl_release(_ p: UnsafeMutableRawPointer) {
    Unmanaged<LuaEngine>.fromOpaque(p).release()
}

/// Copies `text` into a fixed C char array, truncated and NUL-terminated.
func setText<T>(_ field: inout T, _ text: String) {
    withUnsafeMutableBytes(of: &field) { raw in
        guard raw.count > 0 else { return }
        var n = 0
        for byte in text.utf8 where n < raw.count - 1 {
            raw[n] = byte
            n += 1
        }
        raw[n] = 0
    }
}

private func perform(_ c: UnsafeMutablePointer<gl_call>) throws(LuaFailure) {
    let op = Int(c.pointee.op)
    if op == Int(GL_OP_ENGINE_NEW) {
        c.pointee.rptr = try newEngine(c.pointee)
        return
    }
    guard let raw = c.pointee.engine else { throw LuaFailure("engine was destroyed") }
    let e = Unmanaged<LuaEngine>.fromOpaque(raw).takeUnretainedValue()
    if op == Int(GL_OP_ENGINE_CLOSE) { try e.close(); return }
    if op == Int(GL_OP_FRAME_UNLOCK) {
        e.frameLocked = false
        return
    }
    if e.closed || e.hostGone {
        // A closed engine has no boxes: b:exists() answers false instead of raising.
        if op == Int(GL_OP_BOX_EXISTS) {
            c.pointee.rflag = false
            return
        }
        throw LuaFailure("engine was destroyed")
    }
    // While CLuaShim reads the frame's arrays (a finalizer may run then), nothing touches the engine.
    if e.frameLocked && op != Int(GL_OP_EVENT_CHANGES) {
        throw LuaFailure("re-entrant call: the engine is busy with another call (from a script callback?)")
    }
    // `on` handlers may call back into the engine; bound the nesting so a handler that recurses
    // fails with a message long before the host's stack is at risk.
    if e.running >= LuaLimits.maxNesting {
        throw LuaFailure("engine calls nested too deeply (an on handler recursing?)")
    }
    e.running += 1
    defer { e.running -= 1 }
    // The outermost call caps (an `on` handler's calls run inside it); the engine's description
    // reads the limits, the script's own, not lowered to its memory.
    if e.debt > 0 && !e.accountMemory() && !freesOrReads(op) { throw e.memoryExceeded }
    let capping = !e.capped && op != Int(GL_OP_ENGINE_DESCRIBE)
    if capping { e.capToMemory() }
    var failure: LuaFailure? = nil
    do throws(LuaFailure) { try perform(op, on: e, c) } catch { failure = error }
    if capping { e.uncap() }
    let charged = e.accountMemory()
    if let failure { throw failure }
    if !charged && !freesOrReads(op) { throw e.memoryExceeded }
}

/// Does operation `op` on engine `e` (open, not locked, its nesting counted).
private func perform(_ op: Int, on e: LuaEngine, _ c: UnsafeMutablePointer<gl_call>) throws(LuaFailure) {
    let box = c.pointee.box
    let L = c.pointee.L
    switch op {
    case Int(GL_OP_ENGINE_TIME):
        c.pointee.rtime = e.info?.time ?? 0
    case Int(GL_OP_SET_BOUNDS):
        let a = c.pointee.args.bounds
        try e.check(grip_engine_set_bounds(e.ptr, a.width, a.height))
    case Int(GL_OP_SET_VIEW):
        try e.check(grip_engine_set_view(e.ptr, c.pointee.in?.assumingMemoryBound(to: grip_affine.self)))
    case Int(GL_OP_SET_SNAPPING):
        try e.check(grip_engine_set_snapping(e.ptr, c.pointee.in?.assumingMemoryBound(to: grip_snap_desc.self)))
    case Int(GL_OP_BOX_CREATE):
        var id: grip_box = 0
        guard !e.owned || e.hasRoom(for: LuaLimits.bytesPerBox) else {
            throw LuaFailure(
                "memory limit exceeded (the boxes of engines a script makes count \(LuaLimits.bytesPerBox) bytes each against memory_limit)"
            )
        }
        let st = grip_box_create(e.ptr, c.pointee.in?.assumingMemoryBound(to: grip_box_desc.self), &id)
        try e.check(st)
        c.pointee.rbox = id
    case Int(GL_OP_BOX_DESTROY):
        let st = grip_box_destroy(e.ptr, box)
        if !(c.pointee.args.missing_ok && st == GRIP_ERR_NOT_FOUND) { try e.check(st, box: true) }
        try e.drained(L)
    case Int(GL_OP_BOX_CONFIGURE):
        try e.check(
            grip_box_configure(e.ptr, box, c.pointee.in?.assumingMemoryBound(to: grip_box_desc.self)), box: true)
        try e.drained(L)
    case Int(GL_OP_BOX_DESCRIBE):
        try e.check(
            grip_box_describe(e.ptr, box, c.pointee.out?.assumingMemoryBound(to: grip_box_desc.self)), box: true)
    case Int(GL_OP_BOX_STATE):
        try e.check(
            grip_box_state_get(e.ptr, box, c.pointee.out?.assumingMemoryBound(to: grip_box_state.self)), box: true)
    case Int(GL_OP_BOX_SET_EDITING):
        try e.check(grip_box_set_editing(e.ptr, box, c.pointee.args.editing), box: true)
        try e.drained(L)
    case Int(GL_OP_BOX_RESET):
        let st = grip_box_reset(e.ptr, box, c.pointee.args.animated)
        try e.check(st, box: true)
        c.pointee.rflag = st == GRIP_OK
        try e.drained(L)
    case Int(GL_OP_BOX_EXISTS):
        var s = grip_box_state()
        let st = grip_box_state_get(e.ptr, box, &s)
        if st != GRIP_ERR_NOT_FOUND { try e.check(st) }
        c.pointee.rflag = st == GRIP_OK
    case Int(GL_OP_BOX_SET_HOOKS):
        let a = c.pointee.args.hooks
        try e.setHooks(box, handles: Int(truncatingIfNeeded: a.handles), constraint: a.constraint)
    case Int(GL_OP_BOX_SET_INDICATOR):
        try e.setCustomIndicator(box, c.pointee.args.custom)
    case Int(GL_OP_BOX_ORDER):
        try e.check(
            grip_box_order(e.ptr, box, grip_order(rawValue: UInt32(truncatingIfNeeded: c.pointee.args.order))),
            box: true)
        try e.drained(L)
    case Int(GL_OP_BOXES):
        var n = 0
        try e.check(
            grip_boxes_list(e.ptr, c.pointee.out?.assumingMemoryBound(to: grip_box.self), c.pointee.out_capacity, &n))
        c.pointee.rcount = Int64(n)
    case Int(GL_OP_QUERY):
        var n = 0
        let q = c.pointee.args.query
        try e.check(
            grip_boxes_query(
                e.ptr, q.x0, q.y0, q.x1, q.y1, q.contain,
                c.pointee.out?.assumingMemoryBound(to: grip_box.self), c.pointee.out_capacity, &n))
        c.pointee.rcount = Int64(n)
    case Int(GL_OP_SELECT):
        try e.check(
            grip_select(
                e.ptr, c.pointee.box, grip_select_op(rawValue: UInt32(truncatingIfNeeded: c.pointee.args.select_op))),
            box: c.pointee.box != GRIP_NO_BOX)
        try e.drained(L)
    case Int(GL_OP_ARRANGE):
        let a = c.pointee.args.arrange
        let st: grip_status
        switch a.what {
        case Int32(GL_ARRANGE_ALIGN):
            st = grip_selection_align(e.ptr, grip_align(rawValue: UInt32(truncatingIfNeeded: a.value)), c.pointee.box)
        case Int32(GL_ARRANGE_DISTRIBUTE):
            st = grip_selection_distribute(e.ptr, grip_axis(rawValue: UInt32(truncatingIfNeeded: a.value)))
        case Int32(GL_ARRANGE_FLIP):
            st = grip_selection_flip(e.ptr, grip_axis(rawValue: UInt32(truncatingIfNeeded: a.value)))
        default:
            st = grip_selection_rotate90(e.ptr, a.value)
        }
        try e.check(st, box: c.pointee.box != GRIP_NO_BOX)
        c.pointee.rflag = st == GRIP_OK
        try e.drained(L)
    case Int(GL_OP_SELECTION):
        var n = 0
        try e.check(
            grip_selection_get(e.ptr, c.pointee.out?.assumingMemoryBound(to: grip_box.self), c.pointee.out_capacity, &n)
        )
        c.pointee.rcount = Int64(n)
    case Int(GL_OP_SCENE_SAVE):
        // Without a buffer only the length is asked for (GRIP_ERR_LIMIT then is the answer).
        var n = 0
        let st = grip_scene_save(e.ptr, c.pointee.out?.assumingMemoryBound(to: CChar.self), c.pointee.out_capacity, &n)
        if !(st == GRIP_ERR_LIMIT && c.pointee.out == nil) { try e.check(st) }
        c.pointee.rcount = Int64(n)
    case Int(GL_OP_SCENE_LOAD):
        // Reading the text takes memory of its own while the load runs: counted for its length.
        let reading = Int64(clamping: c.pointee.in_length / LuaLimits.sceneTextBytesPerReadByte + 1)
        guard gl_charge_memory(e.ctx, reading, false) else {
            throw LuaFailure(
                "memory limit exceeded: reading a scene text of \(c.pointee.in_length) bytes takes \(reading) bytes of memory_limit"
            )
        }
        let st = grip_scene_load(e.ptr, c.pointee.in?.assumingMemoryBound(to: CChar.self), c.pointee.in_length)
        _ = gl_charge_memory(e.ctx, -reading, true)
        try e.check(st)  // a refused load changed nothing, so there are no events to hand over
        try e.drained(L)
    case Int(GL_OP_SELECTION_STATE):
        try e.check(grip_selection_state_get(e.ptr, c.pointee.out?.assumingMemoryBound(to: grip_selection_state.self)))
    case Int(GL_OP_SCREEN_TO_WORLD), Int(GL_OP_WORLD_TO_SCREEN):
        var p = grip_vec2()
        let q = grip_vec2(x: c.pointee.args.point.x, y: c.pointee.args.point.y)
        try e.check(
            op == Int(GL_OP_SCREEN_TO_WORLD) ? grip_screen_to_world(e.ptr, q, &p) : grip_world_to_screen(e.ptr, q, &p))
        c.pointee.rx = p.x
        c.pointee.ry = p.y
    case Int(GL_OP_HIT):
        var hit = grip_hit()
        try e.check(grip_hit_test(e.ptr, c.pointee.args.point.x, c.pointee.args.point.y, &hit))
        c.pointee.rbox = hit.box
        c.pointee.rhandle = Int64(hit.handle.rawValue)
    case Int(GL_OP_POINTER):
        let a = c.pointee.args.pointer
        var ev = grip_pointer_event(
            phase: grip_phase(rawValue: UInt32(truncatingIfNeeded: a.phase)), pointer: a.pointer,
            x: a.x, y: a.y, time: a.has_time ? a.time : e.time, modifiers: a.mods)
        var consumed = false
        try e.check(grip_dispatch_pointer(e.ptr, &ev, &consumed))
        c.pointee.rflag = consumed
        try e.drained(L)
    case Int(GL_OP_MAGNIFY):
        let a = c.pointee.args.magnify
        var ev = grip_magnify_event(
            phase: grip_phase(rawValue: UInt32(truncatingIfNeeded: a.phase)), factor: a.factor,
            x: a.x, y: a.y, time: a.has_time ? a.time : e.time)
        var consumed = false
        try e.check(grip_dispatch_magnify(e.ptr, &ev, &consumed))
        c.pointee.rflag = consumed
        try e.drained(L)
    case Int(GL_OP_TICK):
        try e.check(grip_dispatch_timer(e.ptr, c.pointee.args.time))
        try e.drained(L)
    case Int(GL_OP_FRAME_LOCK):
        try e.check(grip_frame_get_guest(e.ptr, c.pointee.out?.assumingMemoryBound(to: grip_frame.self)))
        // Held until FRAME_UNLOCK: while CLuaShim turns the arrays into tables nothing may touch them.
        e.frameLocked = true
    case Int(GL_OP_KEY):
        let a = c.pointee.args.key
        var ev = grip_key_event(
            phase: grip_phase(rawValue: UInt32(truncatingIfNeeded: a.phase)),
            key: grip_key(rawValue: UInt32(truncatingIfNeeded: a.key)),
            modifiers: a.mods, time: a.has_time ? a.time : e.time)
        var consumed = false
        try e.check(grip_dispatch_key(e.ptr, &ev, &consumed))
        c.pointee.rflag = consumed
        try e.drained(L)
    case Int(GL_OP_UNDO), Int(GL_OP_REDO):
        let st = op == Int(GL_OP_UNDO) ? grip_undo(e.ptr) : grip_redo(e.ptr)
        try e.check(st)
        c.pointee.rflag = st == GRIP_OK
        try e.drained(L)
    case Int(GL_OP_HISTORY_DEPTH):
        var u = 0, r = 0
        try e.check(grip_history_depth(e.ptr, &u, &r))
        c.pointee.rcount = Int64(u)
        c.pointee.rredo = Int64(r)
    case Int(GL_OP_HISTORY_CLEAR):
        try e.check(grip_history_clear(e.ptr))
    case Int(GL_OP_HISTORY_BEGIN):
        try e.check(grip_history_begin(e.ptr, c.pointee.box))
    case Int(GL_OP_HISTORY_COMMIT):
        let st = grip_history_commit(e.ptr)
        try e.check(st)
        c.pointee.rflag = st == GRIP_OK
        try e.drained(L)
    case Int(GL_OP_HISTORY_CANCEL):
        try e.check(grip_history_cancel(e.ptr))
        try e.drained(L)
    case Int(GL_OP_HISTORY_RECORDING):
        c.pointee.rflag = grip_history_recording(e.ptr)
    case Int(GL_OP_BOX_KEY):
        var key: UInt64 = 0
        try e.check(grip_box_get_key(e.ptr, box, &key), box: true)
        c.pointee.rbox = key
    case Int(GL_OP_BOX_SET_KEY):
        let key = c.pointee.in?.load(as: UInt64.self) ?? 0
        try e.check(grip_box_set_key(e.ptr, box, key), box: true)
    case Int(GL_OP_FIND):
        var id: grip_box = 0
        let st = grip_box_find(e.ptr, c.pointee.in?.load(as: UInt64.self) ?? 0, &id)
        if st != GRIP_ERR_NOT_FOUND { try e.check(st) }
        c.pointee.rbox = id
    case Int(GL_OP_FEED_ENABLE):
        try e.check(grip_feed_enable(e.ptr, UInt32(truncatingIfNeeded: box)))
    case Int(GL_OP_FEED_READ):
        var n = 0, lost = false
        try e.check(
            grip_feed_read(
                e.ptr, c.pointee.out?.assumingMemoryBound(to: grip_feed_change.self), c.pointee.out_capacity, &n,
                &lost))
        c.pointee.rcount = Int64(n)
        c.pointee.rflag = lost
    case Int(GL_OP_REMOTE_APPLY):
        // The boxes it makes fit memory_limit through max_boxes (capToMemory), as for e:box.
        var n = 0
        let st = grip_remote_apply(
            e.ptr, c.pointee.in?.assumingMemoryBound(to: grip_feed_change.self), c.pointee.in_length, &n)
        c.pointee.rcount = Int64(n)
        try e.check(st)
        try e.drained(L)
    case Int(GL_OP_PEER_SET):
        try e.check(grip_peer_set(e.ptr, c.pointee.in?.assumingMemoryBound(to: grip_peer_presence.self)))
    case Int(GL_OP_PEER_REMOVE):
        let st = grip_peer_remove(e.ptr, UInt32(truncatingIfNeeded: box))
        try e.check(st)
        c.pointee.rflag = st == GRIP_OK
    case Int(GL_OP_SET_SELECTION_CONSTRAINT):
        try e.setSelectionConstraint(c.pointee.args.custom)
    case Int(GL_OP_EVENT_CHANGES):
        // The buffer stays the engine object's until the next event is handed out.
        c.pointee.rcount = Int64(e.currentChanges.count)
        c.pointee.rptr = e.changesPointer()
    case Int(GL_OP_EVENT_NEXT):
        try e.drained(L)
        if let p = e.nextEvent() {
            c.pointee.out?.assumingMemoryBound(to: grip_event.self).pointee = p.event
            setText(&c.pointee.message, p.message)
            c.pointee.rflag = true
        }
    case Int(GL_OP_ENGINE_DESCRIBE):
        try e.check(grip_engine_describe(e.ptr, c.pointee.out?.assumingMemoryBound(to: grip_engine_desc.self)))
    case Int(GL_OP_GET_VIEW):
        try e.check(grip_engine_get_view(e.ptr, c.pointee.out?.assumingMemoryBound(to: grip_affine.self)))
    case Int(GL_OP_CANCEL_POINTERS):
        // A session macro that failed half-way: the pointers it had down are cancelled at the
        // engine's time (errors ignored: this is the way out of an error). The events that makes,
        // and any left queued, stay the script's (`e:events()`), with no handler run.
        if let ids = c.pointee.in?.assumingMemoryBound(to: UInt32.self) {
            for i in 0..<c.pointee.in_length {
                var ev = grip_pointer_event(
                    phase: GRIP_PHASE_CANCEL, pointer: ids[i], x: 0, y: 0, time: e.time, modifiers: 0)
                _ = grip_dispatch_pointer(e.ptr, &ev, nil)
            }
        }
        _ = e.drain(L, fire: false)
    default:
        throw LuaFailure("unknown operation \(op)")
    }
}

private func newEngine(_ call: gl_call) throws(LuaFailure) -> UnsafeMutableRawPointer {
    guard var d = call.in?.assumingMemoryBound(to: grip_engine_desc.self).pointee, let ctx = call.ctx else {
        throw LuaFailure("grip.new: no description")
    }
    if call.sandboxed {
        // A sandboxed script's engines live in host memory that memory_limit does not see.
        if d.max_boxes == 0 || d.max_boxes > LuaLimits.sandboxMaxBoxes { d.max_boxes = LuaLimits.sandboxMaxBoxes }
        if gl_count_engines(ctx, 0) >= LuaLimits.sandboxMaxEngines {
            throw LuaFailure(
                "grip.new: a sandboxed script may keep at most \(LuaLimits.sandboxMaxEngines) engines alive")
        }
    }
    var out: OpaquePointer? = nil
    let st = grip_engine_create(&d, &out)
    guard st == GRIP_OK, let p = out else {
        throw LuaFailure("grip.new: " + String(cString: grip_engine_errmsg(nil)))
    }
    _ = gl_count_engines(ctx, 1)
    let le = LuaEngine(ptr: p, owned: true, ctx: ctx)
    le.readOwnLimits()
    _ = le.hook()  // a new engine has no hooks, so this cannot be refused
    return Unmanaged.passRetained(le).toOpaque()
}

enum LuaLimits {
    static let sandboxMaxBoxes: UInt32 = 100_000
    static let sandboxMaxEngines: Int32 = 64
    /// Most calls on one engine in progress at once (handlers calling back in).
    static let maxNesting = 40
    /// Host memory a box of an engine a script made is counted as, against the state's
    /// memory_limit (a box with its records, index entries and frame commands is about 400 bytes).
    static let bytesPerBox = 512
    /// Bytes of scene text per byte of host memory a load's reading holds beside the boxes it
    /// makes (under 1 MB for the 17.3 MB of 100,000 boxes: docs/scene-files.md), charged for the
    /// length of the load.
    static let sceneTextBytesPerReadByte = 16
}

extension LuaEngine {
    /// Throws the engine's message for a failed status ("box was destroyed" for an unknown box).
    func check(_ st: grip_status, box: Bool = false) throws(LuaFailure) {
        if st == GRIP_OK || st == GRIP_DONE { return }
        if box && st == GRIP_ERR_NOT_FOUND { throw LuaFailure("box was destroyed") }
        let message = String(cString: grip_engine_errmsg(ptr))
        if st == GRIP_ERR_LIMIT && capped && cappedMaxBoxes < ownLimits.maxBoxes && mentions(message, "max_boxes") {
            throw LuaFailure(memoryMessage(message))
        }
        throw LuaFailure(message)
    }

    /// Drains the event queue; a handler's error propagates.
    func drained(_ L: UnsafeMutableRawPointer?) throws(LuaFailure) {
        if drain(L) != GL_OK { throw LuaFailure.top }
    }

    /// The engine's time (of its last dispatch).
    var time: Double { info?.time ?? 0 }

    func setHooks(_ box: UInt64, handles: Int, constraint: Bool) throws(LuaFailure) {
        guard handles >= 0, handles <= Int(UInt32.max) else {
            throw LuaFailure("a box has at most 16 custom handles")
        }
        try check(grip_box_set_hooks(ptr, box, UInt32(handles), constraint), box: true)
    }

    /// Switches a box to (or from) the scripted indicator, leaving its geometry and reset target alone.
    func setCustomIndicator(_ box: UInt64, _ custom: Bool) throws(LuaFailure) {
        var d = grip_box_desc()
        grip_box_desc_init_sized(&d, MemoryLayout<grip_box_desc>.size)
        try check(grip_box_describe(ptr, box, &d), box: true)
        let isCustom = d.indicator == GRIP_INDICATOR_CUSTOM
        if custom == isCustom { return }
        try check(grip_box_set_indicator(ptr, box, custom ? GRIP_INDICATOR_CUSTOM : GRIP_INDICATOR_CIRCLE), box: true)
    }
}

/// Whether `text` contains `word` (bytes compared; Embedded Swift has no substring search).
func mentions(_ text: String, _ word: String) -> Bool {
    let t = Array(text.utf8), w = Array(word.utf8)
    guard !w.isEmpty, t.count >= w.count else { return w.isEmpty }
    for start in 0...(t.count - w.count) where t[start] == w[0] {
        var k = 1
        while k < w.count && t[start + k] == w[k] { k += 1 }
        if k == w.count { return true }
    }
    return false
}
