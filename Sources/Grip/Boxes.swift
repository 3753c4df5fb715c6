import CGrip
import GripCore

/// `grip_box_desc_init`, the function: the defaults as a 0.1 grip_box_desc (what programs built
/// against 0.1 call; later headers call `grip_box_desc_init_sized` through a macro). Writes only
/// the 0.1 struct's bytes. NULL is ignored.
@_cdecl("grip_box_desc_init")
public func grip_box_desc_init(_ desc: UnsafeMutablePointer<grip_box_desc>?) {
    grip_box_desc_init_sized(desc, EarlierSizes.boxDesc[0])
}

/// `grip_box_desc_init_sized`: defaults: 100 x 100 at (0, 0), scale 1, all gestures but long
/// press, all 8 handles + rotate, freeform, flips allowed, minimum 10 x 10, scale 0.1 to 10,
/// circle indicator after 1 s, selectable, a snap target, not pass-through, no hit outset; into
/// the caller's grip_box_desc of `size` bytes (`writeDefaults`). NULL is ignored.
@_cdecl("grip_box_desc_init_sized")
public func grip_box_desc_init_sized(_ desc: UnsafeMutablePointer<grip_box_desc>?, _ size: Int) {
    guard let desc else { return }
    writeDefaults(BoxDesc().c, to: desc, size: size, earlier: EarlierSizes.boxDesc)
}

/// `grip_box_create`: adds a box; `*out` gets its id. GRIP_ERR_NOT_FOUND for an unknown parent,
/// GRIP_ERR_LIMIT past max_boxes.
@_cdecl("grip_box_create")
@_optimize(speed) public func grip_box_create(
    _ engine: OpaquePointer?, _ desc: UnsafePointer<grip_box_desc>?,
    _ out: UnsafeMutablePointer<grip_box>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let d = try BoxDesc(
            try readVersioned(
                try require(desc, "desc"), defaults: BoxDesc().c,
                earlier: EarlierSizes.boxDesc, "grip_box_desc"))
        let out = try require(out, "out")
        out.pointee = try h.engine.createBox(d).rawValue
        return GRIP_OK
    }
}

/// `grip_box_destroy`: destroys the box and its descendants; their gestures end as cancelled.
@_cdecl("grip_box_destroy")
public func grip_box_destroy(_ engine: OpaquePointer?, _ box: grip_box) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        try h.engine.destroyBox(BoxID(rawValue: box))
        return GRIP_OK
    }
}

/// `grip_box_configure`: replaces behaviour and geometry (geometry read in the current parent's
/// coordinates; a new parent keeps the box's place in the world). GRIP_ERR_STATE during a
/// gesture on the box or when parenting it under itself or a descendant.
@_cdecl("grip_box_configure")
public func grip_box_configure(
    _ engine: OpaquePointer?, _ box: grip_box,
    _ desc: UnsafePointer<grip_box_desc>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let d = try BoxDesc(
            try readVersioned(
                try require(desc, "desc"), defaults: BoxDesc().c,
                earlier: EarlierSizes.boxDesc, "grip_box_desc"))
        try h.engine.configure(BoxID(rawValue: box), d)
        return GRIP_OK
    }
}

/// `grip_box_describe`: the box's parent, current geometry and behaviour. `out->struct_size` must
/// be set (grip_box_desc_init does) so the library knows how much it may write: a host built
/// against an earlier grip.h gets the fields its version has.
@_cdecl("grip_box_describe")
public func grip_box_describe(
    _ engine: OpaquePointer?, _ box: grip_box,
    _ out: UnsafeMutablePointer<grip_box_desc>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "out")
        _ = try versionedSize(UnsafePointer(out), earlier: EarlierSizes.boxDesc, "grip_box_desc")
        try writeVersioned(
            try h.engine.describe(BoxID(rawValue: box)).c, to: out, earlier: EarlierSizes.boxDesc,
            "grip_box_desc")
        return GRIP_OK
    }
}

/// `grip_box_set_editing`: shows or hides border and handles (GRIP_EVENT_EDITING_CHANGED).
@_cdecl("grip_box_set_editing")
public func grip_box_set_editing(_ engine: OpaquePointer?, _ box: grip_box, _ editing: Bool) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        try h.engine.setEditing(BoxID(rawValue: box), editing)
        return GRIP_OK
    }
}

/// `grip_box_reset`: back to the created/configured geometry; GRIP_DONE when already there.
@_cdecl("grip_box_reset")
public func grip_box_reset(_ engine: OpaquePointer?, _ box: grip_box, _ animated: Bool) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        cStatus(try h.engine.reset(BoxID(rawValue: box), animated: animated))
    }
}

/// `grip_box_state_get`: where the box is now, animations and gestures included.
@_cdecl("grip_box_state_get")
public func grip_box_state_get(
    _ engine: OpaquePointer?, _ box: grip_box,
    _ out: UnsafeMutablePointer<grip_box_state>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "out")
        let s = try h.engine.state(BoxID(rawValue: box))
        let g = s.geometry
        out.pointee = grip_box_state(
            center: g.center.toC, width: g.width, height: g.height, rotation: g.rotation, scale: g.scale,
            flipped_x: g.flippedX, flipped_y: g.flippedY, local: s.local.toC, world: s.world.toC,
            corners: (s.corners.0.toC, s.corners.1.toC, s.corners.2.toC, s.corners.3.toC),
            editing: s.editing, gesture_active: s.gestureActive)
        return GRIP_OK
    }
}

/// `grip_hit_test`: the box or handle a pointer down at world point (x, y) would grab.
@_cdecl("grip_hit_test")
@_optimize(speed) public func grip_hit_test(
    _ engine: OpaquePointer?, _ x: Double, _ y: Double,
    _ out: UnsafeMutablePointer<grip_hit>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "out")
        let hit = try h.engine.hitTest(world: Vec2(x, y))
        out.pointee = grip_hit(box: hit.box.rawValue, handle: grip_handle(rawValue: numericCast(hit.handle.rawValue)))
        return GRIP_OK
    }
}

extension BoxDesc {
    /// Reads a C description (read with `readVersioned`, so of any size), rejecting unknown enum
    /// values.
    init(_ d: grip_box_desc) throws(GripError) {
        guard let mode = ResizeMode(rawValue: UInt32(truncatingIfNeeded: d.resize_mode.rawValue)) else {
            throw GripError(.invalidArgument, "resize_mode \(d.resize_mode.rawValue) is not a grip_resize_mode")
        }
        guard let shape = IndicatorShape(rawValue: UInt32(truncatingIfNeeded: d.indicator.rawValue)) else {
            throw GripError(.invalidArgument, "indicator \(d.indicator.rawValue) is not a grip_indicator_shape")
        }
        self.init()
        parent = BoxID(rawValue: d.parent)
        // x, y: top-left of the box before rotation and scale.
        geometry = BoxGeometry(
            center: Vec2(d.x + d.width * 0.5, d.y + d.height * 0.5), width: d.width,
            height: d.height, rotation: d.rotation, scale: d.scale,
            flippedX: d.flipped_x, flippedY: d.flipped_y)
        if !d.x.isFinite { throw GripError(.invalidArgument, "x \(d.x) is not finite") }
        if !d.y.isFinite { throw GripError(.invalidArgument, "y \(d.y) is not finite") }
        var b = BoxBehavior()
        b.editing = d.editing
        b.allow = Allow(rawValue: d.allow)
        b.handles = HandleSet(rawValue: d.handles)
        b.resizeMode = mode
        b.centered = d.centered
        b.allowFlip = d.allow_flip
        b.minWidth = d.min_width
        b.minHeight = d.min_height
        b.minScale = d.min_scale
        b.maxScale = d.max_scale
        b.contain = d.contain
        b.insets = Insets(top: d.inset_top, left: d.inset_left, bottom: d.inset_bottom, right: d.inset_right)
        b.longPressDuration = d.long_press_duration
        b.indicator = shape
        b.cornerRadius = d.corner_radius
        b.rotationSnap = d.rotation_snap
        b.snapTolerance = d.snap_tolerance
        b.userData = d.user_data
        b.selectable = d.selectable
        b.snapTarget = d.snap_target
        b.passThrough = d.pass_through
        b.hitOutset = d.hit_outset
        behavior = b
    }

    /// The C description.
    var c: grip_box_desc {
        var d = grip_box_desc()
        d.struct_size = UInt32(MemoryLayout<grip_box_desc>.size)
        d.parent = parent.rawValue
        d.x = geometry.center.x - geometry.width * 0.5
        d.y = geometry.center.y - geometry.height * 0.5
        d.width = geometry.width
        d.height = geometry.height
        d.rotation = geometry.rotation
        d.scale = geometry.scale
        d.flipped_x = geometry.flippedX
        d.flipped_y = geometry.flippedY
        let b = behavior
        d.editing = b.editing
        d.allow = b.allow.rawValue
        d.handles = b.handles.rawValue
        d.resize_mode = grip_resize_mode(rawValue: numericCast(b.resizeMode.rawValue))
        d.centered = b.centered
        d.allow_flip = b.allowFlip
        d.min_width = b.minWidth
        d.min_height = b.minHeight
        d.min_scale = b.minScale
        d.max_scale = b.maxScale
        d.contain = b.contain
        d.inset_top = b.insets.top
        d.inset_left = b.insets.left
        d.inset_bottom = b.insets.bottom
        d.inset_right = b.insets.right
        d.long_press_duration = b.longPressDuration
        d.indicator = grip_indicator_shape(rawValue: numericCast(b.indicator.rawValue))
        d.corner_radius = b.cornerRadius
        d.rotation_snap = b.rotationSnap
        d.snap_tolerance = b.snapTolerance
        d.user_data = b.userData
        d.selectable = b.selectable
        d.snap_target = b.snapTarget
        d.pass_through = b.passThrough
        d.hit_outset = b.hitOutset
        return d
    }
}
