import CGrip
import GripCore

/// `grip_box_order`: moves the box among its siblings (FRONT, BACK, FORWARD, BACKWARD); its
/// descendants go with it, and the frame's BOX commands and hit testing follow. GRIP_OK also
/// when it already was there (nothing changes then). GRIP_ERR_ARG for an unknown `order`,
/// GRIP_ERR_NOT_FOUND for an unknown, destroyed or other engine's box, GRIP_ERR_STATE while a
/// gesture acts on the box.
@_cdecl("grip_box_order")
public func grip_box_order(_ engine: OpaquePointer?, _ box: grip_box, _ order: grip_order) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        guard let op = Reorder(rawValue: UInt32(truncatingIfNeeded: order.rawValue)) else {
            throw GripError(.invalidArgument, "order \(order.rawValue) is not a grip_order")
        }
        try h.engine.order(BoxID(rawValue: box), op)
        return GRIP_OK
    }
}

/// `grip_boxes_list`: every live box, parents before children, siblings in draw order (back to
/// front). `*count` gets how many there are; the first `capacity` go to `out` (which may be NULL
/// when `capacity` is 0). GRIP_ERR_ARG for a NULL `count`, or a NULL `out` with a capacity.
@_cdecl("grip_boxes_list")
public func grip_boxes_list(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_box>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let count = try require(count, "count")
        if capacity > 0 { _ = try require(out, "out") }
        var n = 0
        count.pointee = h.engine.forEachBox { id in
            if n < capacity { out?[n] = id.rawValue }
            n += 1
        }
        return GRIP_OK
    }
}

/// `grip_boxes_query`: the boxes whose outline meets the world rectangle spanned by (x0, y0) and
/// (x1, y1) (either corner first; edges touching count; exact for rotated boxes), or with
/// `contain` those lying inside it, topmost first, from the engine's spatial index; pass-through
/// boxes count too. `*count` and `out` as for grip_boxes_list. GRIP_ERR_ARG for a coordinate
/// that is not finite or beyond 1e9 (nothing is written then).
@_cdecl("grip_boxes_query")
public func grip_boxes_query(
    _ engine: OpaquePointer?, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
    _ contain: Bool, _ out: UnsafeMutablePointer<grip_box>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let count = try require(count, "count")
        if capacity > 0 { _ = try require(out, "out") }
        var n = 0
        count.pointee = try h.engine.query(Vec2(x0, y0), Vec2(x1, y1), contain: contain) { id in
            if n < capacity { out?[n] = id.rawValue }
            n += 1
        }
        return GRIP_OK
    }
}

/// `grip_screen_to_world`: the world point under a screen point, through the engine's view.
/// GRIP_ERR_ARG for NULL `world` or a point not finite or beyond 1e9.
@_cdecl("grip_screen_to_world")
public func grip_screen_to_world(
    _ engine: OpaquePointer?, _ screen: grip_vec2,
    _ world: UnsafeMutablePointer<grip_vec2>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let world = try require(world, "world")
        world.pointee = try h.engine.screenToWorld(Vec2(screen)).toC
        return GRIP_OK
    }
}

/// `grip_world_to_screen`: where a world point is drawn, through the engine's view.
/// GRIP_ERR_ARG for NULL `screen` or a point not finite or beyond 1e9.
@_cdecl("grip_world_to_screen")
public func grip_world_to_screen(
    _ engine: OpaquePointer?, _ world: grip_vec2,
    _ screen: UnsafeMutablePointer<grip_vec2>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let screen = try require(screen, "screen")
        screen.pointee = try h.engine.worldToScreen(Vec2(world)).toC
        return GRIP_OK
    }
}
