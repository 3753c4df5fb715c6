/// Everything about a box but its geometry and place in the hierarchy.
public struct BoxBehavior: Equatable, Sendable {
    // Stored widest first (numbers, then four-byte fields, then flags) so that no padding sits
    // between them: it is stored in every box record.
    public var minWidth = 10.0, minHeight = 10.0
    public var minScale = 0.1, maxScale = 10.0
    public var insets = Insets()
    public var longPressDuration = 1.0
    public var cornerRadius = 6.0
    public var rotationSnap = 0.0
    public var snapTolerance = 0.087
    /// Screen units outside its outline that still hit its body.
    public var hitOutset = 0.0
    public var userData: UInt64 = 0
    public var allow = Allow.defaults
    public var handles = HandleSet.defaults
    public var resizeMode = ResizeMode.freeform
    public var indicator = IndicatorShape.circle
    public var editing = false
    public var centered = false
    public var allowFlip = true
    public var contain = false
    /// Taps and marquees may select it.
    public var selectable = true
    /// Other boxes snap to its edges and centre.
    public var snapTarget = true
    /// Never hit: pointers reach what is under it.
    public var passThrough = false

    public init() {}

    /// Nil when every field is usable, else what is wrong.
    public func problem() -> String? {
        // The common case without building anything: every number finite.
        let allFinite =
            minWidth.isFinite && minHeight.isFinite && minScale.isFinite && maxScale.isFinite
            && insets.top.isFinite && insets.left.isFinite && insets.bottom.isFinite && insets.right.isFinite
            && longPressDuration.isFinite && cornerRadius.isFinite && rotationSnap.isFinite && snapTolerance.isFinite
            && hitOutset.isFinite
        if !allFinite, let name = firstNonFinite() { return "\(name) is not finite" }
        return rangeProblem()
    }

    private func firstNonFinite() -> String? {
        let finite: [(String, Double)] = [
            ("min_width", minWidth), ("min_height", minHeight), ("min_scale", minScale), ("max_scale", maxScale),
            ("inset_top", insets.top), ("inset_left", insets.left), ("inset_bottom", insets.bottom),
            ("inset_right", insets.right), ("long_press_duration", longPressDuration),
            ("corner_radius", cornerRadius), ("rotation_snap", rotationSnap), ("snap_tolerance", snapTolerance),
            ("hit_outset", hitOutset)
        ]
        for (name, v) in finite where !v.isFinite { return name }
        return nil
    }

    private func rangeProblem() -> String? {
        if minWidth <= 0 || minHeight <= 0 { return "min_width and min_height must be > 0" }
        if minScale < BoxGeometry.minScale || maxScale < minScale || maxScale > BoxGeometry.maxScale {
            return "need \(BoxGeometry.minScale) <= min_scale <= max_scale <= \(BoxGeometry.maxScale)"
        }
        if minWidth > BoxGeometry.maxMagnitude || minHeight > BoxGeometry.maxMagnitude {
            return "min_width and min_height must be <= \(BoxGeometry.maxMagnitude)"
        }
        if longPressDuration <= 0 { return "long_press_duration must be > 0" }
        if cornerRadius < 0 { return "corner_radius must be >= 0" }
        if rotationSnap < 0 || snapTolerance < 0 { return "rotation_snap and snap_tolerance must be >= 0" }
        if hitOutset < 0 || hitOutset > 1e4 { return "hit_outset must be in 0...10000" }
        if allow.rawValue & ~Allow.all.rawValue != 0 { return "allow has unknown bits" }
        if handles.rawValue & ~HandleSet.defaults.rawValue != 0 { return "handles has unknown bits" }
        return nil
    }
}
