import CGrip
import GripCore

/// `grip_engine_info_init`: zero fields, struct_size set. NULL is ignored.
@_cdecl("grip_engine_info_init")
public func grip_engine_info_init(_ info: UnsafeMutablePointer<grip_engine_info>?) {
    guard let info else { return }
    info.pointee = grip_engine_info()
    info.pointee.struct_size = UInt32(MemoryLayout<grip_engine_info>.size)
}

/// `grip_engine_get_info`: time, view, call serial, box count, whether a call is in progress, the
/// bytes the history and the unread events hold, the steps the history moved, and the work
/// counters of the frame builder and the selection frame.
/// Readable at any time, from inside the engine's own callbacks too: it neither takes the engine
/// (no re-entrancy check) nor touches the message. GRIP_ERR_ARG for a dead engine, NULL `out` or
/// a wrong struct_size.
@_cdecl("grip_engine_get_info")
public func grip_engine_get_info(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_engine_info>?
) -> grip_status {
    guard let h = handle(engine), let out else { return GRIP_ERR_ARG }
    guard Int(exactly: out.pointee.struct_size) == MemoryLayout<grip_engine_info>.size else { return GRIP_ERR_ARG }
    let e = h.engine
    let v = e.view
    out.pointee = grip_engine_info(
        struct_size: out.pointee.struct_size, time: e.time,
        view: grip_affine(a: v.a, b: v.b, c: v.c, d: v.d, tx: v.tx, ty: v.ty), call_serial: h.calls,
        box_count: e.boxCount, busy: h.busy, has_hooks: h.hooks != nil, history_bytes: e.historyBytes,
        event_bytes: e.unreadEventBytes, history_steps_moved: e.historyStepsMoved,
        frame_full_builds: e.frameFullBuilds, selection_frame_scans: e.selectionFrameScans)
    return GRIP_OK
}
