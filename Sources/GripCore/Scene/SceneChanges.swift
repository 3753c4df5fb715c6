/// What changed in the scene since the frame was last built, recorded by the functions below:
/// the only code that bumps the draw version. The frame builder reads it and clears it.
struct SceneChanges {
    /// Bumped whenever anything drawn changes; a frame is rebuilt when it differs from the built one.
    fileprivate(set) var drawVersion: UInt64 = 1
    /// Bumped whenever a box's geometry, behaviour, place in the hierarchy or draw order changes,
    /// or a box comes or goes: what a pick by region depends on (a marquee's next step starts
    /// from its last one while this stays). Hovers, selections and time leave it.
    fileprivate(set) var contentVersion: UInt64 = 1
    /// Boxes whose subtree's BOX commands must be refreshed, and boxes whose own one must.
    /// Past `dirtyLimit` entries, or as many as the scene has slots when that is more (frames not
    /// being read), the next frame is rebuilt whole instead.
    var dirtyRoots = FrameBuffer<Int32>()
    var dirtyBoxes = FrameBuffer<Int32>()
    static let dirtyLimit = 4096
    /// False after a structural change: the next frame lays out all content again. (An empty
    /// scene's frame, with no content, is valid.)
    var structureValid = true
    /// Since the frame was built, changes of the draw order were recorded for the next frame to
    /// apply to the BOX commands in place (Frame/FrameEdit.swift), with the structure valid.
    var orderEdited = false
    /// False when the boxes that draw an overlay (editing, pressed) or their order may differ.
    var overlayOrderValid = false
    /// Since the frame was built: something other than box geometry and time changed what the
    /// overlay shows (a hover, a style, a gesture's handle or guide, a press); and time moved the
    /// marching ants. With neither touched, the next frame updates only the overlays of the boxes
    /// that moved (and the ants' phases), not every overlay.
    var overlayTouched = true
    var antsMoved = false
    /// Since the frame was built: what the member outlines of a selection show may have changed
    /// other than by the members' geometry (the members, their user data or style, a box's
    /// behaviour). Without it the outlines stay where the frame builder moved them.
    var outlinesTouched = true

    /// Frees the dirty lists (the owner's deinit).
    mutating func deallocate() {
        dirtyRoots.deallocate()
        dirtyBoxes.deallocate()
    }
}

extension Scene {
    /// The draw version: what the frame built last is compared with.
    var drawVersion: UInt64 { changes.drawVersion }

    /// The content version (`SceneChanges.contentVersion`).
    var contentVersion: UInt64 { changes.contentVersion }

    /// A box's behaviour, its place in the hierarchy or the draw order, or its leaf changed
    /// (called by the scene's own writes; geometry commits bump it through `subtreeMoved`).
    @inline(__always) mutating func contentChanged() { changes.contentVersion &+= 1 }

    /// The world of slot `s` and its subtree changed (a new geometry, a new parent): their BOX
    /// commands are refreshed at the next frame read.
    @inline(__always) mutating func subtreeMoved(_ s: Int32) {
        // A selection moving as a whole commits every member: the limit grows with the scene.
        if changes.dirtyRoots.count < Swift.max(SceneChanges.dirtyLimit, slots.count) {
            changes.dirtyRoots.append(s)
        } else {
            restructure()
        }
        changes.drawVersion &+= 1
        changes.contentVersion &+= 1
    }

    /// Slot `s`'s BOX command must be refreshed (its hover or active state, or its behaviour, changed).
    mutating func restyle(_ s: Int32) {
        restate(s)
        changes.outlinesTouched = true
    }

    /// Slot `s`'s BOX command must be refreshed because a gesture on it began or ended (its
    /// active state): what a member outline shows stays. A group gesture restates every
    /// member: the limit grows with the scene, as for moves.
    mutating func restate(_ s: Int32) {
        if changes.dirtyBoxes.count < Swift.max(SceneChanges.dirtyLimit, slots.count) {
            changes.dirtyBoxes.append(s)
        } else {
            restructure()
        }
        changes.overlayTouched = true
        changes.drawVersion &+= 1
    }

    /// A box was created that draws after every other one (with an overlay when `overlay`): its
    /// BOX command is appended, the others stay.
    mutating func boxAppended(overlay: Bool) {
        if overlay { changes.overlayOrderValid = false }
        changes.drawVersion &+= 1
        changes.contentVersion &+= 1
    }

    /// The draw order changed (recorded by the frame's runs, Frame/FrameEdit.swift): the next
    /// frame moves the BOX commands in place and lays out the overlay again.
    mutating func drawOrderEdited() {
        changes.orderEdited = true
        changes.overlayOrderValid = false
        changes.drawVersion &+= 1
        changes.contentVersion &+= 1
    }

    /// The draw order or every box's transform changed: the next frame lays out everything again.
    mutating func restructure() {
        changes.structureValid = false
        changes.orderEdited = false
        changes.overlayOrderValid = false
        changes.dirtyRoots.truncate(to: 0)
        changes.dirtyBoxes.truncate(to: 0)
        changes.drawVersion &+= 1
        changes.contentVersion &+= 1
    }

    /// Something drawn changed that is neither a box's geometry, its style nor the structure:
    /// the overlay (marching ants, hovered handle, guides, indicators, custom handles).
    @inline(__always) mutating func drawnStateChanged() {
        changes.overlayTouched = true
        changes.drawVersion &+= 1
    }

    /// Time moved: the marching ants of every border move with it.
    @inline(__always) mutating func antsMoved() {
        changes.antsMoved = true
        changes.drawVersion &+= 1
    }

    /// The set of boxes drawing an overlay may have changed (a long press came or went).
    mutating func overlayMembershipChanged() {
        changes.overlayOrderValid = false
        changes.overlayTouched = true
        changes.outlinesTouched = true
    }
}
