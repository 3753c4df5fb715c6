/// Who selects boxes (`grip_selection_mode`).
public enum SelectionMode: UInt32, Sendable {
    /// Only the host, through `select`.
    case off = 0
    /// Presses, taps and marquees too.
    case pointer = 1
}

/// Which boxes a marquee picks (`grip_marquee_rule`).
public enum MarqueeRule: UInt32, Sendable {
    /// The box's outline meets the marquee.
    case intersect = 0
    /// All four corners lie inside it.
    case contain = 1
}

/// How a resize of several boxes treats members rotated against the selection frame
/// (`grip_group_resize`).
public enum GroupResize: UInt32, Sendable {
    /// Uniform scaling while any member is at an odd angle to the frame.
    case keepShapes = 0
    /// Free stretch, each member scaled along its own axes.
    case memberAxes = 1
}

/// Engine-wide settings (`grip_engine_desc`).
public struct EngineConfig: Equatable, Sendable {
    /// This engine's peer id, the high half of every box key it makes (0: a random one).
    public var peer: UInt32 = 0
    public var width = 1024.0, height = 768.0
    public var maxBoxes = 1_000_000
    public var maxPointers = 10
    public var touchSlop = 10.0
    public var doubleTapInterval = 0.3
    public var handleHitRadius = 22.0
    public var selectionMode = SelectionMode.off
    public var marqueeRule = MarqueeRule.intersect
    public var groupResize = GroupResize.keepShapes
    /// Undo steps kept (0 keeps none).
    public var historyLimit = 100
    /// World units an arrow key moves the selection, and with shift held.
    /// The bytes undo steps may hold (`History.bytes(of:)`); the newest step is kept whatever its size.
    public var historyBytesLimit: UInt64 = 64 << 20
    public var nudgeStep = 1.0, nudgeStepLarge = 10.0
    /// Screen units from the top edge's midpoint to the rotate handle.
    public var rotateHandleOffset = 24.0

    public init() {}

    /// Nil when usable, else what is wrong, starting with the field's name in `grip_engine_desc`.
    public func problem() -> String? {
        if !(width.isFinite && width > 0) { return "width must be finite and > 0" }
        if !(height.isFinite && height > 0) { return "height must be finite and > 0" }
        if maxBoxes < 1 || maxBoxes > Int(Int32.max) { return "max_boxes must be in 1...\(Int32.max)" }
        if maxPointers < 1 || maxPointers > 64 { return "max_pointers must be in 1...64" }
        if !touchSlop.isFinite || touchSlop < 0 { return "touch_slop must be finite and >= 0" }
        if !doubleTapInterval.isFinite || doubleTapInterval < 0 { return "double_tap_interval must be finite and >= 0" }
        if !handleHitRadius.isFinite || handleHitRadius < 0 { return "handle_hit_radius must be finite and >= 0" }
        if historyLimit < 0 || historyLimit > 1_000_000 { return "history_limit must be in 0...1000000" }
        if historyBytesLimit < 1 || historyBytesLimit > 1 << 53 {
            return "history_bytes_limit must be in 1...9007199254740992"
        }
        if !(nudgeStep.isFinite && nudgeStep > 0 && nudgeStep <= 1e9) {
            return "nudge_step must be finite, > 0 and <= 1e9"
        }
        if !(nudgeStepLarge.isFinite && nudgeStepLarge > 0 && nudgeStepLarge <= 1e9) {
            return "nudge_step_large must be finite, > 0 and <= 1e9"
        }
        if !(rotateHandleOffset.isFinite && rotateHandleOffset >= 0 && rotateHandleOffset <= 1e4) {
            return "rotate_handle_offset must be finite and in 0...10000"
        }
        return nil
    }
}
