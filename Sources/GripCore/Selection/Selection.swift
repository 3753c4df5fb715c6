/// The selection: an ordered set of boxes, none of them an ancestor of another, and what the
/// selection frame keeps between changes. Changed only through Selection/Select.swift, which
/// keeps each box's `BoxRecord.selection` mark in step.
struct Selection {
    /// The selected boxes, in the order they were selected.
    var members: [BoxID] = []
    /// The world rotation of the selection frame while the members do not share one: 0 after
    /// the set changes, turned by a rotation of the whole selection (so the frame stays oriented).
    var orientation = 0.0
    /// Selection frames of two or more boxes worked out from the members rather than read from
    /// their outlines in the frame, since the engine was made (`grip_engine_info`).
    var frameScans: UInt64 = 0
    /// Per slot, the stamp of the last pass over boxes that marked it (no clearing).
    var pickMarks: [UInt32] = []
    var pickStamp: UInt32 = 0
    /// A stamp no slot's pick mark holds yet, the marks grown to `slots` entries (cleared when the
    /// stamp wraps).
    mutating func nextPickStamp(slots: Int) -> UInt32 { PickStamps.next(&pickMarks, &pickStamp, slots: slots) }

    /// Counts the changes of the set (every one goes through `Engine.selectionChanged`): a caller
    /// that remembers it knows whether the selection is still what it made it.
    var version: UInt64 = 0

    /// The buffer a marquee step writes its picks into (the selection's members before that
    /// step, once they have traded places).
    var pickOut: [BoxID] = []
}

/// A box's part in the selection (`BoxRecord.selection`).
enum SelectionMark: UInt8 {
    case none = 0
    /// The only selected box: it shows its own border and handles.
    case alone = 1
    /// One of two or more: it shows an outline, the selection shows the handles.
    case member = 2
}
