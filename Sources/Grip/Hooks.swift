import CGrip
import GripCore

/// The engine's `grip_hooks` (grip_engine_set_hooks): the core's `BoxHooks`, answered by the
/// host's C functions. Owned by the engine handle; the engine keeps an unowned reference.
final class CHooks: BoxHooks {
    let table: grip_hooks
    /// The engine whose parents the geometries are given in, and its handle (which owns this
    /// object): once a callback has destroyed the engine (deferred), no function is called again.
    unowned(unsafe) let engine: Engine
    unowned(unsafe) let handle: EngineHandle
    /// Where a function writes why it failed.
    private let message: UnsafeMutablePointer<CChar>
    static let messageCapacity = 512

    init(_ table: grip_hooks, handle: EngineHandle) {
        self.table = table
        self.engine = handle.engine
        self.handle = handle
        message = .allocate(capacity: CHooks.messageCapacity)
        message.initialize(to: 0)
    }

    deinit { message.deallocate() }

    /// The failure a function reported (its message, or a note that it gave none).
    private func failure(_ what: StaticString) -> HookFailure {
        message[CHooks.messageCapacity - 1] = 0
        if message[0] == 0 { return HookFailure("\(what) hook failed") }
        return HookFailure(String(cString: message))
    }

    /// `g` as a `grip_geometry` in the space of box `box`'s parent.
    private func geometry(_ g: BoxGeometry, of box: BoxID) -> grip_geometry {
        g.cGeometry(parent: (try? engine.parent(of: box)) ?? .none)
    }

    func customHandlePosition(box: BoxID, index: Int, geometry g: BoxGeometry) -> Result<Vec2, HookFailure> {
        guard let fn = table.handle_position, !handle.destroyPending else {
            return .failure(HookFailure("no handle_position hook is set"))
        }
        var geom = geometry(g, of: box)
        var p = grip_vec2()
        message[0] = 0
        guard
            fn(
                table.context, box.rawValue, UInt32(truncatingIfNeeded: index), &geom, &p, message,
                CHooks.messageCapacity)
        else { return .failure(failure("handle_position")) }
        return .success(Vec2(p.x, p.y))
    }

    func customHandleDrag(box: BoxID, index: Int, start: BoxGeometry, point: Vec2) -> Result<BoxGeometry, HookFailure> {
        guard let fn = table.handle_drag, !handle.destroyPending else {
            return .failure(HookFailure("no handle_drag hook is set"))
        }
        var geom = geometry(start, of: box)
        var out = geom
        message[0] = 0
        guard
            fn(
                table.context, box.rawValue, UInt32(truncatingIfNeeded: index), &geom, point.toC, &out, message,
                CHooks.messageCapacity)
        else { return .failure(failure("handle_drag")) }
        return .success(BoxGeometry(out))
    }

    func indicatorOutline(box: BoxID, progress: Double, geometry g: BoxGeometry, into out: inout [Vec2]) -> HookFailure?
    {
        guard let fn = table.indicator, !handle.destroyPending else { return HookFailure("no indicator hook is set") }
        var geom = geometry(g, of: box)
        var points: UnsafePointer<grip_vec2>? = nil
        var count = 0
        message[0] = 0
        guard fn(table.context, box.rawValue, progress, &geom, &points, &count, message, CHooks.messageCapacity) else {
            return failure("indicator")
        }
        // More than the engine takes is refused by it; copy only what it could use.
        if let points {
            for i in 0..<min(count, 65537) { out.append(Vec2(points[i].x, points[i].y)) }
        }
        return nil
    }

    func constrain(box: BoxID, proposed: BoxGeometry, current: BoxGeometry) -> Result<BoxGeometry, HookFailure> {
        if handle.destroyPending { return .success(proposed) }
        guard let fn = table.constraint else { return .failure(HookFailure("no constraint hook is set")) }
        var p = geometry(proposed, of: box)
        var c = geometry(current, of: box)
        var out = p
        message[0] = 0
        guard fn(table.context, box.rawValue, &c, &p, &out, message, CHooks.messageCapacity) else {
            return .failure(failure("constraint"))
        }
        return .success(BoxGeometry(out))
    }
}

/// `grip_hooks_init`: every function NULL, struct_size set. NULL is ignored.
@_cdecl("grip_hooks_init")
public func grip_hooks_init(_ hooks: UnsafeMutablePointer<grip_hooks>?) {
    guard let hooks else { return }
    hooks.pointee = grip_hooks()
    hooks.pointee.struct_size = UInt32(MemoryLayout<grip_hooks>.size)
}

/// `grip_engine_set_hooks`: installs (a copy of) the engine's hooks, or removes them (NULL).
/// GRIP_ERR_STATE when a set is installed already; GRIP_ERR_ARG for a wrong struct_size.
@_cdecl("grip_engine_set_hooks")
public func grip_engine_set_hooks(_ engine: OpaquePointer?, _ hooks: UnsafePointer<grip_hooks>?) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        guard let hooks else {
            h.engine.hooks = nil
            h.hooks = nil
            return GRIP_OK
        }
        try requireSize(hooks.pointee.struct_size, MemoryLayout<grip_hooks>.size, "grip_hooks")
        if h.hooks != nil {
            throw GripError(.invalidState, "the engine already has hooks (one client owns them: remove them first)")
        }
        let set = CHooks(hooks.pointee, handle: h)
        h.hooks = set
        h.engine.hooks = set
        return GRIP_OK
    }
}

/// `grip_box_set_hooks`: box's number of custom handles (0...16) and whether its scripted
/// constraint is asked; re-enables its hooks that failed.
@_cdecl("grip_box_set_hooks")
public func grip_box_set_hooks(
    _ engine: OpaquePointer?, _ box: grip_box, _ handleCount: UInt32, _ constraint: Bool
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        try h.engine.setHooks(
            BoxID(rawValue: box), BoxHookSet(customHandles: Int(clamping: handleCount), constraint: constraint))
        return GRIP_OK
    }
}

/// `grip_box_set_indicator`: changes only the box's indicator shape (geometry and reset geometry
/// stay). GRIP_ERR_ARG for an unknown shape, GRIP_ERR_NOT_FOUND for an unknown box.
@_cdecl("grip_box_set_indicator")
public func grip_box_set_indicator(
    _ engine: OpaquePointer?, _ box: grip_box, _ shape: grip_indicator_shape
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        guard let s = IndicatorShape(rawValue: UInt32(truncatingIfNeeded: shape.rawValue)) else {
            throw GripError(.invalidArgument, "indicator \(shape.rawValue) is not a grip_indicator_shape")
        }
        let id = BoxID(rawValue: box)
        var b = try h.engine.behavior(of: id)
        if b.indicator == s { return GRIP_OK }
        b.indicator = s
        try h.engine.setBehavior(id, b)
        return GRIP_OK
    }
}
