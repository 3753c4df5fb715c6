/// The frame's buffers, reused and written in place (freed by the engine's deinit), and the
/// builder's bookkeeping for incremental frames. What changed since the last build is the
/// scene's record (Scene/SceneChanges.swift).
///
/// Box content (one BOX command per box, in draw order) is updated in place for the boxes whose
/// geometry or state changed. The overlay after it (borders, handles, indicators, guides of the
/// few boxes that have one) is moved in place when only its boxes' positions on screen changed,
/// redrawn in place when they keep their layout (the same handles), and rebuilt otherwise; the
/// selection's member outlines are moved with their boxes while the members stay the same, and
/// the rest of its part is laid out again. A box created to draw after every other one (a
/// top-level box, or a child of the last one drawn) gets its BOX command as it is created
/// (Frame/FrameAppend.swift), and the next frame lays out only the overlay again. Boxes created
/// elsewhere in the draw order, destroyed, re-parented or reordered between two builds move the
/// BOX commands in place, in one pass (Frame/FrameEdit.swift); the view moved (every box's
/// screen position), or too many scattered changes, rebuild everything.
struct FrameState {
    /// The draw commands and the vertices their polylines use, in screen coordinates.
    var commands = FrameBuffer<Command>()
    var vertices = FrameBuffer<Vec2>()
    var serial: UInt64 = 0
    var time = 0.0
    /// Index of the first overlay command (the number of BOX commands).
    var overlayStart = 0
    /// Slot -> index of its BOX command (valid while the scene's `changes.structureValid`).
    var boxCommand: [Int32] = []
    /// The boxes with an overlay, in draw order (valid while the scene's `changes.overlayOrderValid`).
    var overlayOrder: [Int32] = []
    /// The overlay as built last, one entry per box of `overlayOrder` then, and the offsets of
    /// its border vertices and handle centres from the box's screen translation.
    var overlay: [OverlayEntry] = []
    var overlayOffsets = FrameBuffer<Vec2>()
    /// Slot -> index of its entry in `overlay`, -1 for none (valid with `overlay`); whether every
    /// entry is a plain border and handles; and the entries whose box moved since the last frame.
    var overlayEntryOfSlot: [Int32] = []
    var overlayAllPlain = false
    var movedEntries = FrameBuffer<Int32>()
    /// The selection's part of the overlay built last: the boxes of its member outlines in order,
    /// slot -> the first of its outline's 4 vertices (-1 for none), where their vertices begin
    /// (4 per outline, in a row), and where what follows the outlines (laid out again with
    /// every frame) begins in the commands and the vertices.
    var outlineSlots: [Int32] = []
    var outlineVertexOfSlot: [Int32] = []
    var outlinesFirstVertex = 0
    var selectionTail = (command: 0, vertex: 0)
    /// Whether the members share a world rotation and the first one's, as found when the scene's
    /// `worldTurns` was `turns` (valid until the overlay is laid out again).
    var selectionAxes: (valid: Bool, turns: UInt64, shared: Bool, common: Double?) = (false, 0, false, nil)
    /// How many times the overlay was laid out again rather than moved in place (for tests).
    var overlayRebuilds = 0
    /// Frames built that laid out every BOX command or the whole overlay again since the engine
    /// was made (`grip_engine_info`).
    var fullBuilds: UInt64 = 0
    /// The last box drawn with handles: the angle of its frame's x axis on screen, of its
    /// transform's first column (a, b), and that of the diagonal of its size.
    var heading = (a: 1.0, b: 0.0, angle: 0.0)
    var diagonal = (width: 0.0, height: 0.0, angle: 0.0)
    /// BOX commands added after the box section since the last build (at `overlayStart ..<
    /// overlayStart + appended`), and the slots of those not written yet because their place is
    /// in the overlay the host still reads (written by the next build).
    var appended = 0
    var unwritten: [Int32] = []
    /// The box section as it will be once the changes of the draw order recorded since the last
    /// build are applied (valid while the scene's `changes.orderEdited`; Frame/FrameEdit.swift),
    /// and the slots of the boxes created meanwhile whose BOX commands those runs write (their
    /// `boxCommand` entry is `-2 - ` their index here until then).
    var boxRuns: [BoxRun] = []
    var freshSlots: [Int32] = []
    /// Whether boxes were appended or the draw order edited since the last build (while the
    /// structure is valid).
    var sectionChanged = false
    /// Whether `commands`' storage is what the host read last, and how many commands it read:
    /// while it is, commands are added past those only.
    var held = false
    var handedCount = 0
    /// Room for more commands, made without one long copy: larger storage the commands
    /// `0 ..< migrated` were copied into (none while `grown` has no capacity); and storage the
    /// host still reads after the commands moved, freed by the next frame read.
    var grown = FrameBuffer<Command>()
    var migrated = 0
    var retired: UnsafeMutableRawPointer? = nil
    /// Scratch for building an indicator outline.
    var indicatorScratch: [Vec2] = []

    /// Frees the buffers (the engine's deinit).
    mutating func deallocate() {
        commands.deallocate()
        grown.deallocate()
        retired?.deallocate()
        retired = nil
        vertices.deallocate()
        overlayOffsets.deallocate()
        movedEntries.deallocate()
    }
}
