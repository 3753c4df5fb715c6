import CGrip
import CPlatform
import GripCore

/// `grip_engine_desc_init`, the function: the defaults as a 0.1 grip_engine_desc (what programs
/// built against 0.1 call; later headers call `grip_engine_desc_init_sized` through a macro).
/// Writes only the 0.1 struct's bytes. NULL is ignored.
@_cdecl("grip_engine_desc_init")
public func grip_engine_desc_init(_ desc: UnsafeMutablePointer<grip_engine_desc>?) {
    grip_engine_desc_init_sized(desc, EarlierSizes.engineDesc[0])
}

/// `grip_engine_desc_init_sized`: the defaults (bounds 1024 x 768) into the caller's
/// grip_engine_desc of `size` bytes (`writeDefaults`). NULL is ignored.
@_cdecl("grip_engine_desc_init_sized")
public func grip_engine_desc_init_sized(_ desc: UnsafeMutablePointer<grip_engine_desc>?, _ size: Int) {
    guard let desc else { return }
    writeDefaults(EngineConfig().c, to: desc, size: size, earlier: EarlierSizes.engineDesc)
}

/// `grip_engine_create`: a new engine in `*out` (owned by the caller; free with
/// grip_engine_destroy). `desc` NULL means defaults; a desc of an earlier grip.h (its
/// struct_size) gets defaults for the fields added since. GRIP_ERR_ARG for bad settings (the
/// message names the field) or NULL `out`; GRIP_ERR_LIMIT when 65536 engines are alive. There is
/// no engine to hold a message then, so grip_engine_errmsg(NULL) gives it (per thread, until the
/// thread's next grip_engine_create).
@_cdecl("grip_engine_create")
public func grip_engine_create(
    _ desc: UnsafePointer<grip_engine_desc>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> grip_status {
    do {
        let engine = try createEngine(desc, out)
        let header = UnsafeMutablePointer<EngineHeader>.allocate(capacity: 1)
        header.initialize(
            to: EngineHeader(
                magic: EngineHeader.alive,
                handle: Unmanaged.passRetained(EngineHandle(engine))))
        out?.pointee = OpaquePointer(header)
        grip_platform_create_error_set("", 0)
        return GRIP_OK
    } catch {
        let text = error.message
        withUnsafeTemporaryAllocation(byteCount: 256, alignment: 1) { buffer in
            let n = copyUTF8(text, into: buffer.baseAddress!, capacity: buffer.count)
            grip_platform_create_error_set(buffer.baseAddress!.assumingMemoryBound(to: CChar.self), n)
        }
        return cStatus(error.status)
    }
}

/// The engine `grip_engine_create` makes: checks `out` and the description, then takes a tag
/// for the engine's box ids (given back if the engine is refused after all).
private func createEngine(
    _ desc: UnsafePointer<grip_engine_desc>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) throws(GripError) -> Engine {
    _ = try require(out, "out")
    var c = EngineConfig()
    if let desc {
        c = try EngineConfig(
            try readVersioned(desc, defaults: c.c, earlier: EarlierSizes.engineDesc, "grip_engine_desc"))
    }
    if let p = c.problem() { throw GripError(.invalidArgument, "grip_engine_desc." + p) }
    let tag = grip_platform_tag_acquire()
    guard tag >= 0 else { throw GripError(.limit, "\(BoxID.tagCount) engines are alive: destroy one first") }
    do {
        return try Engine(c, tag: UInt16(truncatingIfNeeded: tag))
    } catch {
        grip_platform_tag_release(tag)
        throw error
    }
}

/// `grip_engine_destroy`: frees the engine and everything it handed out. NULL, and a pointer
/// already destroyed (while its memory still says so), are ignored. Inside one of the engine's
/// callbacks (the engine busy) it only marks the engine: the call in progress destroys it as it
/// returns (`withEngine`). While another thread's call runs it does nothing: that thread's
/// `grip_engine_errmsg` says the engine was used from two threads at once.
@_cdecl("grip_engine_destroy")
public func grip_engine_destroy(_ engine: OpaquePointer?) {
    guard let h = handle(engine) else { return }
    switch grip_platform_guard_enter(h.callGuard, UnsafeRawPointer(engine)) {
    case GRIP_PLATFORM_ENTERED: destroyEngine(engine)
    case GRIP_PLATFORM_REENTERED: h.destroyPending = true
    default: break  // another thread's call runs: the engine stays
    }
}

/// Destroys the live engine at `engine` now: tells its hooks, then frees it.
func destroyEngine(_ engine: OpaquePointer?) {
    guard let h = handle(engine), let engine else { return }
    if let hooks = h.hooks, let gone = hooks.table.destroyed { gone(hooks.table.context) }
    h.engine.hooks = nil
    h.hooks = nil
    let header = UnsafeMutablePointer<EngineHeader>(engine)
    header.pointee.magic = EngineHeader.dead
    grip_platform_tag_release(Int32(h.engine.tag))
    h.commands.free()
    h.vertices.free()
    h.freeRetired()
    h.destroyed = true
    header.pointee.handle.release()
    header.deallocate()
}

/// `grip_engine_errmsg`: the last failure's message, "" after a success. Valid until the next
/// call that takes the engine as non-const. Never NULL. With NULL: why the calling thread's last
/// grip_engine_create failed (valid until its next one), or a note that NULL is no engine.
@_cdecl("grip_engine_errmsg")
public func grip_engine_errmsg(_ engine: OpaquePointer?) -> UnsafePointer<CChar> {
    guard engine != nil else {
        if let last = grip_platform_create_error_get(), last.pointee != 0 { return last }
        return cString("engine is NULL (and the last grip_engine_create succeeded)")
    }
    guard let h = handle(engine) else { return cString("not a live engine (destroyed or foreign pointer)") }
    if _slowPath(grip_platform_guard_refused(UnsafeRawPointer(engine)) != 0) { return cString(twoThreadsMessage) }
    return UnsafePointer(h.message)
}

/// `grip_engine_set_bounds`: the root bounds top-level boxes are contained in.
@_cdecl("grip_engine_set_bounds")
public func grip_engine_set_bounds(_ engine: OpaquePointer?, _ width: Double, _ height: Double) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        try h.engine.setBounds(width: width, height: height)
        return GRIP_OK
    }
}

/// `grip_engine_set_limits`: max_boxes, history_limit and history_bytes_limit of a live engine,
/// read as `grip_engine_desc` reads them (max_boxes and history_bytes_limit 0 = default). Lower
/// history limits trim the history at once. GRIP_ERR_ARG, changing nothing, out of range.
@_cdecl("grip_engine_set_limits")
public func grip_engine_set_limits(
    _ engine: OpaquePointer?, _ maxBoxes: UInt32, _ historyLimit: UInt32, _ historyBytesLimit: UInt64
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let defaults = EngineConfig()
        // A count a 32-bit Int cannot hold reads as -1, which every range refuses (as on 64 bits).
        try h.engine.setLimits(
            maxBoxes: maxBoxes == 0 ? defaults.maxBoxes : Int(exactly: maxBoxes) ?? -1,
            historyLimit: Int(exactly: historyLimit) ?? -1,
            historyBytesLimit: historyBytesLimit == 0 ? defaults.historyBytesLimit : historyBytesLimit)
        return GRIP_OK
    }
}

/// `grip_engine_set_view`: the host's camera, world -> screen; finite and invertible.
@_cdecl("grip_engine_set_view")
public func grip_engine_set_view(_ engine: OpaquePointer?, _ m: UnsafePointer<grip_affine>?) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let v = try require(m, "world_to_screen").pointee
        try h.engine.setView(Affine(v))
        return GRIP_OK
    }
}

/// `grip_engine_get_view`: the host's camera as last set (the identity before any).
@_cdecl("grip_engine_get_view")
public func grip_engine_get_view(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_affine>?) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "world_to_screen")
        out.pointee = h.engine.view.toC
        return GRIP_OK
    }
}

/// `grip_engine_describe`: the engine's settings now (bounds as last set) into the caller's
/// grip_engine_desc, as many bytes as its `struct_size` says (an earlier grip.h's struct gets its
/// own fields). GRIP_ERR_ARG for NULL or an unknown size.
@_cdecl("grip_engine_describe")
public func grip_engine_describe(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_engine_desc>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "out")
        try writeVersioned(h.engine.config.c, to: out, earlier: EarlierSizes.engineDesc, "grip_engine_desc")
        return GRIP_OK
    }
}
