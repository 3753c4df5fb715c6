/// What snaps and how (`grip_snap_desc`): set with `Engine.setSnapping`, off by default.
public struct SnapConfig: Equatable, Sendable {
    /// `GRIP_SNAP_*` bits.
    public static let grid: UInt32 = 1 << 0, edges: UInt32 = 1 << 1, centers: UInt32 = 1 << 2
    public static let gaps: UInt32 = 1 << 3, whileResizing: UInt32 = 1 << 4
    public static let allFlags: UInt32 = SchemaMasks.snap

    public var flags: UInt32 = 0
    /// Grid spacing and origin, world units (the moving box's parent space).
    public var gridX = 10.0, gridY = 10.0
    public var gridOrigin = Vec2.zero
    /// How close counts, screen units.
    public var threshold = 8.0
    /// Any of these modifiers held turns snapping off for that step.
    public var bypass: UInt32 = Modifiers.ctrl | Modifiers.meta

    public init() {}

    /// Whether any of `bits` is set.
    @inline(__always) func has(_ bits: UInt32) -> Bool { flags & bits != 0 }

    /// Nil when usable, else what is wrong, starting with the field's name in `grip_snap_desc`.
    public func problem() -> String? {
        if flags & ~SnapConfig.allFlags != 0 { return "flags has unknown bits (GRIP_SNAP_* only)" }
        if !(gridX.isFinite && gridX > 0 && gridX <= 1e9) { return "grid_x must be finite, > 0 and <= 1e9" }
        if !(gridY.isFinite && gridY > 0 && gridY <= 1e9) { return "grid_y must be finite, > 0 and <= 1e9" }
        if !(gridOrigin.x.isFinite && gridOrigin.y.isFinite && abs(gridOrigin.x) <= 1e9 && abs(gridOrigin.y) <= 1e9) {
            return "grid_origin must be finite and within 1e9"
        }
        if !(threshold.isFinite && threshold >= 0 && threshold <= 1e4) {
            return "threshold must be finite and in 0...10000"
        }
        if bypass & ~Modifiers.all != 0 { return "bypass_modifiers has unknown bits (GRIP_MOD_* only)" }
        return nil
    }
}
