import CGrip
import GripCore

/// `grip_event_changes`: after grip_event_poll returned COMMITTED, UNDONE or REDONE, the boxes of
/// that step with their geometry before and after (for UNDONE and REDONE, the event's own change:
/// `after` is where the box is now). `*count` is always the step's size; at most `capacity`
/// entries are copied to `out` (NULL only with capacity 0). GRIP_ERR_STATE after any other event
/// or before the first poll.
@_cdecl("grip_event_changes")
public func grip_event_changes(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_change>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let count = try require(count, "count")
        if capacity > 0 { _ = try require(out, "out") }
        guard let t = h.engine.polledTransaction else {
            if h.engine.polledStepDropped {
                count.pointee = 0
                throw GripError(
                    .limit,
                    "the changes of this step were dropped while it waited unread: the unread steps held more than history_bytes_limit (\(h.engine.config.historyBytesLimit) bytes); poll events after each call"
                )
            }
            throw GripError(.invalidState, "the last event polled was not COMMITTED, UNDONE or REDONE")
        }
        count.pointee = t.changes.count
        if let out {
            for i in 0..<Swift.min(capacity, t.changes.count) { out[i] = t.cChange(i) }
        }
        return GRIP_OK
    }
}

/// `grip_undo`: restores the newest step's "before" geometry of every box in it and its
/// selection, at once; emits UNDONE. GRIP_DONE when there is nothing to undo; GRIP_ERR_STATE
/// during a gesture.
@_cdecl("grip_undo")
public func grip_undo(_ engine: OpaquePointer?) -> grip_status {
    withEngine(engine) { h throws(GripError) in cStatus(try h.engine.undo()) }
}

/// `grip_redo`: re-applies the newest undone step; emits REDONE. GRIP_DONE when there is nothing
/// to redo; GRIP_ERR_STATE during a gesture.
@_cdecl("grip_redo")
public func grip_redo(_ engine: OpaquePointer?) -> grip_status {
    withEngine(engine) { h throws(GripError) in cStatus(try h.engine.redo()) }
}

/// `grip_history_clear`: forgets every undo and redo step. GRIP_ERR_STATE during a gesture.
@_cdecl("grip_history_clear")
public func grip_history_clear(_ engine: OpaquePointer?) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        try h.engine.clearHistory()
        return GRIP_OK
    }
}

/// `grip_history_depth`: how many steps grip_undo and grip_redo can take now (either pointer
/// may be NULL).
@_cdecl("grip_history_depth")
public func grip_history_depth(
    _ engine: OpaquePointer?, _ undoSteps: UnsafeMutablePointer<Int>?,
    _ redoSteps: UnsafeMutablePointer<Int>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let d = h.engine.historyDepth
        undoSteps?.pointee = d.undo
        redoSteps?.pointee = d.redo
        return GRIP_OK
    }
}

/// `grip_box_set_geometry`: moves a box to `geometry` exactly (its centre, size, rotation, scale
/// and flips, bit for bit), as grip_box_configure with the box's own description would; the
/// way a host puts back a `grip_change`'s geometry from its own undo stack. `geometry.parent`
/// must be the box's parent (re-parent with grip_box_configure). GRIP_ERR_ARG for a bad geometry
/// or another parent, GRIP_ERR_NOT_FOUND for an unknown box, GRIP_ERR_STATE during a gesture on it.
@_cdecl("grip_box_set_geometry")
public func grip_box_set_geometry(
    _ engine: OpaquePointer?, _ box: grip_box, _ geometry: UnsafePointer<grip_geometry>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let g = try require(geometry, "geometry").pointee
        let id = BoxID(rawValue: box)
        var d = try h.engine.describe(id)
        guard d.parent.rawValue == g.parent else {
            throw GripError(
                .invalidArgument, "geometry.parent is not the box's parent (re-parent with grip_box_configure)")
        }
        d.geometry = BoxGeometry(g)
        try h.engine.configure(id, d)
        return GRIP_OK
    }
}

/// `grip_history_begin`: opens a recorded step (merging into the newest step on commit when
/// `merge_key` is nonzero and the newest step has that key and the same boxes). GRIP_ERR_STATE
/// while a step is open or a gesture is in progress.
@_cdecl("grip_history_begin")
public func grip_history_begin(_ engine: OpaquePointer?, _ mergeKey: UInt64) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        try h.engine.beginRecording(mergeKey: mergeKey)
        return GRIP_OK
    }
}

/// `grip_history_commit`: closes the open step; GRIP_OK with one step and COMMITTED, GRIP_DONE
/// when nothing it touched changed. GRIP_ERR_STATE when no step is open.
@_cdecl("grip_history_commit")
public func grip_history_commit(_ engine: OpaquePointer?) -> grip_status {
    withEngine(engine) { h throws(GripError) in cStatus(try h.engine.commitRecording()) }
}

/// `grip_history_cancel`: closes the open step putting back everything it touched, bit for bit.
/// GRIP_ERR_STATE when no step is open.
@_cdecl("grip_history_cancel")
public func grip_history_cancel(_ engine: OpaquePointer?) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        try h.engine.cancelRecording()
        return GRIP_OK
    }
}

/// `grip_history_recording`: whether a recorded step is open; false for NULL or a dead engine.
/// Takes nothing of the engine (no re-entrancy check, the message stays).
@_cdecl("grip_history_recording")
public func grip_history_recording(_ engine: OpaquePointer?) -> Bool {
    guard let h = handle(engine) else { return false }
    return h.engine.isRecording
}
