/// Geometry commits, read and written in the record in place.
extension Scene {
    /// The commit chokepoint: every geometry change of a box goes through here. Sets slot `s`'s
    /// geometry to `g` and invalidates what depends on it (world transforms and bounds of its
    /// subtree, its BOX commands, the snap index, the draw version); true when it changed. One
    /// copy for its many callers (a kilobyte each when compiled into them); a run of commits in
    /// a loop uses `commitInPlace`.
    @discardableResult
    @inline(never) mutating func commit(_ s: Int32, _ g: BoxGeometry) -> Bool {
        slots.makeUniqueForWrites()
        return commitInPlace(s, g)
    }

    /// `commit`, for a run of commits after one `slots.makeUniqueForWrites()` (the record is read
    /// and written in place).
    @inline(__always) mutating func commitInPlace(_ s: Int32, _ g: BoxGeometry) -> Bool {
        let r = slots.address(Int(s))
        if r.pointee.geometry == g { return false }
        // The first move away from home keeps the home geometry aside.
        if r.pointee.homeIndex < 0 { r.pointee.homeIndex = storeHome(r.pointee.geometry) }
        r.pointee.geometry = g
        // Its world transform and its subtree's are stale (a stale box has only stale descendants).
        if r.pointee.worldValid {
            if r.pointee.markStale() { boundsDirtySlots.append(s) }
            if r.pointee.firstChild >= 0 { invalidateWorld(r.pointee.firstChild, subtreeOf: s) }
        }
        snapTouched(s)
        subtreeMoved(s)
        return true
    }
}

extension Scene {
    /// Gives the records pages of their own, once before a run of `commitInPlace`, `commitMove`
    /// or `worldInRun` calls (a group moved as a whole, a frame's walk), instead of the check each
    /// call would make. A copy of the scene made during the run voids it.
    @inline(__always) mutating func openInPlaceRun() { slots.makeUniqueForWrites() }

    /// In a run opened by `openInPlaceRun`: commits, if slot `s` holds the live box of
    /// `generation`, the geometry `start` moved by `shift` (in its parent's space); true when the
    /// box moved (a destroyed member is skipped).
    @inline(__always) mutating func commitMove(
        _ s: Int32, generation: UInt32, start: BoxGeometry, by shift: Vec2
    ) -> Bool {
        let r = slots.address(Int(s))
        guard r.pointee.alive, r.pointee.generation == generation else { return false }
        var next = start
        next.center = next.center + shift
        return commitInPlace(s, next)
    }
}
