/// Engine-wide settings (`grip_engine_desc`).
public struct EngineConfig: Equatable, Sendable {
    public var width = 1024.0, height = 768.0
    public var maxBoxes = 1_000_000
    public var maxPointers = 10
    public var touchSlop = 10.0
    public var doubleTapInterval = 0.3
    public var handleHitRadius = 22.0

    public init() {}

    /// Nil when usable, else what is wrong.
    public func problem() -> String? {
        if !(width.isFinite && height.isFinite) || width <= 0 || height <= 0 { return "bounds must be finite and > 0" }
        if maxBoxes < 1 || maxBoxes > Int(Int32.max) { return "max_boxes must be in 1...\(Int32.max)" }
        if maxPointers < 1 || maxPointers > 64 { return "max_pointers must be in 1...64" }
        if !touchSlop.isFinite || touchSlop < 0 { return "touch_slop must be finite and >= 0" }
        if !doubleTapInterval.isFinite || doubleTapInterval < 0 { return "double_tap_interval must be finite and >= 0" }
        if !handleHitRadius.isFinite || handleHitRadius < 0 { return "handle_hit_radius must be finite and >= 0" }
        return nil
    }
}
