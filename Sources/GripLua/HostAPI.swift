import CGrip
import CLuaShim

/// The hosted Lua API of grip.h: a Lua state bound to the host's engine (`grip.host`), with a
/// counting allocator (memory_limit), a count hook (instruction_limit per call from the host)
/// and, unless allow_io, the sandbox. A `grip_lua *` is CLuaShim's state context.

enum HostDefaults {
    static let memoryLimit = 64 << 20
    static let instructionLimit: UInt64 = 100_000_000
}

/// `grip_lua_desc_init`: 64 MiB, 100 million instructions per call, sandboxed. NULL is ignored.
@_cdecl("grip_lua_desc_init")
public func grip_lua_desc_init(_ desc: UnsafeMutablePointer<grip_lua_desc>?) {
    guard let desc else { return }
    desc.pointee = grip_lua_desc(
        struct_size: UInt32(MemoryLayout<grip_lua_desc>.size),
        memory_limit: HostDefaults.memoryLimit,
        instruction_limit: HostDefaults.instructionLimit, allow_io: false)
}

private func createFailed(_ status: grip_status, _ message: String) -> grip_status {
    message.withCString { gl_set_create_errmsg($0) }
    return status
}

/// `grip_lua_create`: a state whose scripts see `engine` as `grip.host`. One state per engine
/// (the engine has one set of hooks): GRIP_ERR_STATE when the engine already has one. On failure
/// grip_lua_errmsg(NULL) says why. Destroy the state before the engine.
@_cdecl("grip_lua_create")
public func grip_lua_create(
    _ engine: OpaquePointer?, _ desc: UnsafePointer<grip_lua_desc>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> grip_status {
    guard let out else { return createFailed(GRIP_ERR_ARG, "out is NULL") }
    var info = grip_engine_info()
    grip_engine_info_init(&info)
    guard let engine, grip_engine_get_info(engine, &info) == GRIP_OK else {
        return createFailed(GRIP_ERR_ARG, "engine is not a live engine")
    }
    var d = grip_lua_desc()
    grip_lua_desc_init(&d)
    if let desc {
        guard Int(desc.pointee.struct_size) == MemoryLayout<grip_lua_desc>.size else {
            return createFailed(
                GRIP_ERR_ARG,
                "grip_lua_desc.struct_size is \(desc.pointee.struct_size), expected \(MemoryLayout<grip_lua_desc>.size) (call grip_lua_desc_init)"
            )
        }
        d = desc.pointee
        if d.memory_limit == 0 { d.memory_limit = HostDefaults.memoryLimit }
        if d.instruction_limit == 0 { d.instruction_limit = HostDefaults.instructionLimit }
    }
    if info.busy { return createFailed(GRIP_ERR_STATE, "re-entrant call: the engine is busy") }
    if info.has_hooks {
        return createFailed(
            GRIP_ERR_STATE, "the engine already has a Lua state (one per engine: its hooks are that state's)")
    }
    var status: Int32 = 0
    var err = [CChar](repeating: 0, count: 512)
    let ctx = err.withUnsafeMutableBufferPointer { b in
        gl_state_new(d.memory_limit, d.instruction_limit, d.allow_io, &status, b.baseAddress, b.count)
    }
    guard let ctx else {
        let message = err.withUnsafeBufferPointer { $0.baseAddress.map { String(cString: $0) } ?? "" }
        return createFailed(grip_status(rawValue: status), message)
    }
    let le = LuaEngine(ptr: engine, owned: false, ctx: ctx)
    let st = gl_state_set_host(ctx, Unmanaged.passRetained(le).toOpaque())
    if st != GRIP_OK.rawValue {
        let message = String(cString: gl_state_errmsg(ctx))
        gl_state_close(ctx)
        return createFailed(grip_status(rawValue: st), "cannot publish grip.host: " + message)
    }
    let hooked = le.hook()
    if hooked != GRIP_OK {
        let message = String(cString: grip_engine_errmsg(engine))
        gl_state_close(ctx)
        return createFailed(hooked, message)
    }
    out.pointee = OpaquePointer(ctx)
    return GRIP_OK
}

/// `grip_lua_destroy`: closes the state (finalizers run; engines its scripts made are
/// destroyed) and unhooks the host's engine. NULL and dead pointers are ignored, and so is a call
/// from inside the state's own scripts or the engine's callbacks (the state is in use then).
@_cdecl("grip_lua_destroy")
public func grip_lua_destroy(_ lua: OpaquePointer?) {
    guard let p = lua.map({ UnsafeMutableRawPointer($0) }), gl_state_valid(p), !gl_state_running(p) else { return }
    if let raw = gl_state_host(p) {
        let le = Unmanaged<LuaEngine>.fromOpaque(raw).takeUnretainedValue()
        if le.busy { return }
        le.unhook()
    }
    gl_state_close(p)
}

/// GRIP_ERR_STATE when the host's engine is busy, or was destroyed before this state (where
/// that can be detected, as for any engine pointer).
private func hostRefuses(_ p: UnsafeMutableRawPointer) -> grip_status? {
    guard let raw = gl_state_host(p) else { return nil }
    let le = Unmanaged<LuaEngine>.fromOpaque(raw).takeUnretainedValue()
    if le.hostGone {
        gl_state_set_errmsg(p, "the engine this state is bound to was destroyed (destroy the grip_lua first)")
        return GRIP_ERR_STATE
    }
    if le.busy {
        gl_state_set_errmsg(p, "re-entrant call: the engine is busy")
        return GRIP_ERR_STATE
    }
    return nil
}

/// Runs `body` (a script) with the host engine's events captured: those the script causes go to
/// the guest queue the script drains, and only their steps reach the host's grip_event_poll. A
/// call from inside the state's own scripts leaves capture alone (the state refuses it anyway).
private func capturing(_ p: UnsafeMutableRawPointer, _ body: () -> grip_status) -> grip_status {
    guard !gl_state_running(p), let raw = gl_state_host(p) else { return body() }
    let le = Unmanaged<LuaEngine>.fromOpaque(raw).takeUnretainedValue()
    if grip_event_capture(le.ptr, true) != GRIP_OK {
        gl_state_set_errmsg(p, grip_engine_errmsg(le.ptr))
        return GRIP_ERR_STATE
    }
    defer { if !le.hostGone { _ = grip_event_capture(le.ptr, false) } }
    return body()
}

/// `grip_lua_exec`: runs `source` (`length` bytes, text only in the sandbox) as chunk
/// `chunk_name`. GRIP_ERR_SCRIPT for syntax and runtime errors (the message names chunk and
/// line), GRIP_ERR_LIMIT for the memory or instruction limit.
@_cdecl("grip_lua_exec")
public func grip_lua_exec(
    _ lua: OpaquePointer?, _ chunkName: UnsafePointer<CChar>?, _ source: UnsafePointer<CChar>?,
    _ length: Int
) -> grip_status {
    guard let p = lua.map({ UnsafeMutableRawPointer($0) }), gl_state_valid(p) else { return GRIP_ERR_ARG }
    guard let source else {
        gl_state_set_errmsg(p, "source is NULL")
        return GRIP_ERR_ARG
    }
    if let refused = hostRefuses(p) { return refused }
    return capturing(p) { grip_status(rawValue: gl_state_exec(p, chunkName, source, length)) }
}

/// `grip_lua_exec_file`: runs the file at `path` (chunk name "@path").
@_cdecl("grip_lua_exec_file")
public func grip_lua_exec_file(_ lua: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> grip_status {
    guard let p = lua.map({ UnsafeMutableRawPointer($0) }), gl_state_valid(p) else { return GRIP_ERR_ARG }
    guard let path else {
        gl_state_set_errmsg(p, "path is NULL")
        return GRIP_ERR_ARG
    }
    if let refused = hostRefuses(p) { return refused }
    return capturing(p) { grip_status(rawValue: gl_state_exec_file(p, path)) }
}

/// `grip_lua_errmsg`: the last failure's message ("" after success); for NULL, why the last
/// grip_lua_create on this thread failed. Never NULL.
@_cdecl("grip_lua_errmsg")
public func grip_lua_errmsg(_ lua: OpaquePointer?) -> UnsafePointer<CChar> {
    guard let lua else { return gl_create_errmsg() }
    return gl_state_errmsg(UnsafeRawPointer(lua))
}
