/// A line snapping draws, in the moving boxes' parent space: a GUIDE through an aligned
/// coordinate, or a GAP marking one of two equal gaps (`length` its length in world units).
struct SnapMark: Equatable {
    var gap: Bool
    var a: Vec2, b: Vec2
    var length: Double
}

/// The snapping room: the settings, the index of targets, and what the gesture in progress
/// snapped to (drawn by Frame/SnapOverlay.swift until it ends).
struct SnapState {
    var config = SnapConfig()
    var index = SnapIndex()
    /// The marks of the last step, in the parent space of slot `markChild` (a moving box).
    var marks: [SnapMark] = []
    var markScratch: [SnapMark] = []
    var markChild: Int32 = 0
    /// The box the marks belong to (GRIP_SELECTION for a group gesture).
    var markBox = BoxID.selection
    /// The features the last step snapped with, bit `axis * 3 + feature` (Snapper), for its guides.
    var engaged: UInt32 = 0
    /// Whether the last step snapped at all (on, and no bypass modifier held).
    var active = false

    /// Whether a step with `modifiers` held snaps moves.
    @inline(__always) func snaps(_ modifiers: UInt32) -> Bool {
        config.flags & (SnapConfig.grid | SnapConfig.edges | SnapConfig.centers | SnapConfig.gaps) != 0
            && modifiers & config.bypass == 0
    }
}
