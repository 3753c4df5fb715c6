/// The selection frame read from the member outlines the frame laid out last, while they still
/// hold every member's world corners (Selection/Select.swift's `selectionFrame()` asks here first).
extension Engine {
    /// Whether the member outlines laid out last are every member's world corners as they are
    /// now: one outline a member, and since that frame no geometry committed (every commit
    /// lists its box for the next frame, or has it laid out whole), no change of the members or
    /// of what their outlines show. (`selectionFrameFromOutlines` checks the view.)
    var outlinesHoldMembers: Bool {
        let n = frameState.outlineSlots.count
        return n >= 2 && n == selection.members.count && scene.changes.structureValid
            && scene.changes.dirtyRoots.count == 0 && !scene.changes.outlinesTouched
    }

    /// `selectionFrame()` while the overlay's member outlines are those of every member, as laid
    /// out this frame: with the view the identity their vertices are the members' world corners,
    /// the very numbers `selectionFrame()` computes, so they are read rather than computed again.
    @_optimize(speed) func selectionFrameFromOutlines() -> BoxGeometry? {
        let n = frameState.outlineSlots.count
        guard viewIsIdentity, n > 0, n == selection.members.count else { return selectionFrameFromMembers() }
        // The members' axes are those found last while no box has turned and the outlines stay.
        if !frameState.selectionAxes.valid || frameState.selectionAxes.turns != scene.worldTurns {
            let (shared, common) = selectionAxes()
            frameState.selectionAxes = (true, scene.worldTurns, shared, common)
        }
        let rotation = selectionFrameRotation(
            shared: frameState.selectionAxes.shared, common: frameState.selectionAxes.common)
        var extent = FrameExtent(rotation)
        let corners = frameState.vertices.window(at: frameState.outlinesFirstVertex, count: 4 * n)
        for k in 0..<4 * n { extent.include(corners[k]) }
        return extent.frame(rotation: rotation)
    }
}
