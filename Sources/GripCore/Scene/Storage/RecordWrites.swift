/// The named writes of a box record's fields from outside the storage: each keeps what depends
/// on the field in step (the frame, the overlay, the snap index, the bounds), so a caller picks
/// no invalidation of its own. Geometry goes through `commit` (Scene/Storage/GeometryCommit.swift).
extension Scene {
    /// Commits `g` as slot `s`'s geometry (`commit`) and keeps its bits exactly: `commit` sees 0
    /// and -0 as equal, a restored or remote geometry keeps the sign of its zeros all the same.
    mutating func commitExact(_ s: Int32, _ g: BoxGeometry) {
        commit(s, g)
        slots[Int(s)].geometry = g
    }

    /// Gives slot `s` the hooks `set`, keeping the host constraint it has: its custom-handle
    /// position hook is enabled again and the overlay is redrawn.
    mutating func replaceHooks(_ s: Int32, _ set: BoxHookSet) {
        var set = set
        set.hostConstraint = slots[Int(s)].hooks.hostConstraint
        slots[Int(s)].hooks = set
        let id = id(s)
        disabledHandleHooks.removeAll { $0 == id }
        drawnStateChanged()
    }

    /// Plugs the host's constraint into slot `s`'s hooks or takes it out (nothing drawn changes:
    /// it is asked at the next step of a gesture or nudge).
    mutating func setHostConstraint(_ s: Int32, _ on: Bool) { slots[Int(s)].hooks.hostConstraint = on }

    /// Makes `home` slot `s`'s home geometry as a restored state holds it: none kept aside when it
    /// is the geometry `g` the box has, else kept aside (in its entry, or a new one).
    mutating func restoreHome(_ s: Int32, _ home: BoxGeometry, geometry g: BoxGeometry) {
        if home.sameBits(g) {
            releaseHome(s)
        } else if slots[Int(s)].homeIndex >= 0 {
            homes[Int(slots[Int(s)].homeIndex)] = home
        } else {
            slots[Int(s)].homeIndex = storeHome(home)
        }
    }

    /// Marks slot `s`'s part in the selection: the overlays, their order and the member outlines
    /// are laid out again at the next frame.
    mutating func markSelection(_ s: Int32, _ mark: SelectionMark) {
        slots[Int(s)].selection = mark
        overlayMembershipChanged()
    }

    /// Shows or hides slot `s`'s border and handles: the boxes drawing an overlay change.
    mutating func setEditing(_ s: Int32, _ editing: Bool) {
        slots[Int(s)].editing = editing
        if editing { editingSlots.append(s) } else { editingSlots.removeAll { $0 == s } }
    }

    /// Returns slot `s` (a destroyed box's, not held by history) to the free slots, unless its
    /// generation is exhausted.
    mutating func freeSlot(_ s: Int32) { slots.release(s) }
}
