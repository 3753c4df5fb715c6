import CGrip
import GripCore

/// `grip_snap_desc_init`: the defaults (no snapping, grid 10 x 10 at the origin, threshold 8,
/// bypass ctrl or meta) with `struct_size` set. NULL is ignored.
@_cdecl("grip_snap_desc_init")
public func grip_snap_desc_init(_ desc: UnsafeMutablePointer<grip_snap_desc>?) {
    desc?.pointee = SnapConfig().c
}

/// `grip_engine_set_snapping`: the snapping settings, copied (`desc` NULL: off). GRIP_ERR_ARG,
/// changing nothing, for an unknown `struct_size` or unusable settings (the message names the field).
@_cdecl("grip_engine_set_snapping")
public func grip_engine_set_snapping(_ engine: OpaquePointer?, _ desc: UnsafePointer<grip_snap_desc>?) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        guard let desc else {
            try h.engine.setSnapping(nil)
            return GRIP_OK
        }
        guard desc.pointee.struct_size == MemoryLayout<grip_snap_desc>.size else {
            throw GripError(
                .invalidArgument,
                "grip_snap_desc.struct_size is not sizeof(grip_snap_desc) of this grip.h (call grip_snap_desc_init)")
        }
        let c = SnapConfig(desc.pointee)
        if let p = c.problem() { throw GripError(.invalidArgument, "grip_snap_desc." + p) }
        try h.engine.setSnapping(c)
        return GRIP_OK
    }
}
