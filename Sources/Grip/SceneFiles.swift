import CGrip
import CPlatform
import GripCore

// grip_scene_save and grip_scene_load are C (Sources/CScene/scene.c), written over the public API
// so that a loaded box goes through grip_box_create's checks. These two functions give it what
// that API does not show. Their names are not grip_*, so the library does not export them.

/// grip_box_create with the centre given exactly and the key `key` (0: a fresh one) (`center` NULL: from x, y as usual): x and
/// y = centre - size / 2 do not always give back the centre they came from, so a scene file
/// carries it where they do not.
@_cdecl("gs_box_create")
public func gs_box_create(
    _ engine: OpaquePointer?, _ desc: UnsafePointer<grip_box_desc>?,
    _ center: UnsafePointer<grip_vec2>?, _ key: UInt64, _ out: UnsafeMutablePointer<grip_box>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        var d = try BoxDesc(try require(desc, "desc").pointee)
        if let center { d.geometry.center = Vec2(center.pointee) }
        try require(out, "out").pointee = try h.engine.createBox(d, key: key).rawValue
        return GRIP_OK
    }
}

/// `grip_box_describe` of `box` into `out` (a whole grip_box_desc of this grip.h) and the box's
/// exact centre into `center` and its key into `key`: what a save writes of each box, in one call (GRIP_ERR_NOT_FOUND
/// for a box that does not exist).
@_cdecl("gs_box_describe")
public func gs_box_describe(
    _ engine: OpaquePointer?, _ box: grip_box, _ out: UnsafeMutablePointer<grip_box_desc>?,
    _ center: UnsafeMutablePointer<grip_vec2>?, _ key: UnsafeMutablePointer<UInt64>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let id = BoxID(rawValue: box)
        let d = try h.engine.describe(id)
        try require(out, "out").pointee = d.c
        try require(center, "center").pointee = d.geometry.center.toC
        try require(key, "key").pointee = try h.engine.key(of: id)
        return GRIP_OK
    }
}

/// The checks `gs_box_create` would make of `desc` (its centre `center`, or NULL) at nesting
/// depth `depth` (0: top level) under an existing parent, creating nothing: GRIP_OK, or the
/// status and message (the engine's last error) that creating it would give.
@_cdecl("gs_box_check")
public func gs_box_check(
    _ engine: OpaquePointer?, _ desc: UnsafePointer<grip_box_desc>?,
    _ center: UnsafePointer<grip_vec2>?, _ depth: UInt32
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        var d = try BoxDesc(try require(desc, "desc").pointee)
        if let center { d.geometry.center = Vec2(center.pointee) }
        try h.engine.checkBox(d, depth: Int(depth))
        return GRIP_OK
    }
}

/// Destroys every box of the engine in one pass (a scene load replacing them): as
/// grip_box_destroy of each, but linear in the boxes however many are editing, selected or in the
/// history. GRIP_ERR_ARG for a bad engine.
@_cdecl("gs_engine_clear")
public func gs_engine_clear(_ engine: OpaquePointer?) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        h.engine.destroyAllBoxes()
        return GRIP_OK
    }
}

/// Records `message` (NUL-terminated, truncated to fit) as the engine's last error and returns
/// `status`: how the scene functions report a failure of their own. GRIP_ERR_ARG for a bad engine.
/// While another thread's call runs it leaves the message alone (the engine is that thread's).
@_cdecl("gs_engine_fail")
public func gs_engine_fail(
    _ engine: OpaquePointer?, _ status: grip_status, _ message: UnsafePointer<CChar>?
) -> grip_status {
    guard let h = handle(engine) else { return GRIP_ERR_ARG }
    let claim = grip_platform_guard_enter(h.callGuard, UnsafeRawPointer(engine))
    if claim == GRIP_PLATFORM_OTHER_THREAD { return status }
    defer { if claim == GRIP_PLATFORM_ENTERED { grip_platform_guard_leave(h.callGuard) } }
    var n = 0
    if let message {
        while n < EngineHandle.messageCapacity - 1 && message[n] != 0 {
            h.message[n] = message[n]
            n += 1
        }
    }
    h.message[n] = 0
    return status
}
