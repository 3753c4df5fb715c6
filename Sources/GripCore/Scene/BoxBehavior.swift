/// The gestures a box answers to (`GRIP_ALLOW_*`).
public struct Allow: OptionSet, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let move = Allow(rawValue: 1 << 0)
    public static let resize = Allow(rawValue: 1 << 1)
    public static let rotate = Allow(rawValue: 1 << 2)
    public static let pinch = Allow(rawValue: 1 << 3)
    public static let magnify = Allow(rawValue: 1 << 4)
    public static let doubleTapReset = Allow(rawValue: 1 << 5)
    public static let longPress = Allow(rawValue: 1 << 6)
    public static let all = Allow(rawValue: 0x7F)
    /// The default: everything but long press.
    public static let defaults = Allow(rawValue: 0x3F)
}

/// A set of handles (`GRIP_HANDLE_BIT`).
public struct HandleSet: OptionSet, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The eight resize handles and the rotate handle.
    public static let defaults = HandleSet(rawValue: 0x3FE)
    @inlinable public func contains(_ h: HandleID) -> Bool {
        h.rawValue < 32 && rawValue & (1 << h.rawValue) != 0
    }
}

/// How a resize handle treats the aspect ratio.
public enum ResizeMode: UInt32, Sendable {
    case freeform = 0
    case uniform = 1
}

/// The shape of a box's long-press progress indicator.
public enum IndicatorShape: UInt32, Sendable {
    case circle = 0
    case roundedRect = 1
    case rect = 2
    case custom = 3
}

/// Insets of the parent's bounds for containment; negative values extend the bounds.
public struct Insets: Equatable, Sendable {
    public var top = 0.0, left = 0.0, bottom = 0.0, right = 0.0
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}

/// Everything about a box but its geometry and place in the hierarchy.
public struct BoxBehavior: Equatable, Sendable {
    public var editing = false
    public var allow = Allow.defaults
    public var handles = HandleSet.defaults
    public var resizeMode = ResizeMode.freeform
    public var centered = false
    public var allowFlip = true
    public var minWidth = 10.0, minHeight = 10.0
    public var minScale = 0.1, maxScale = 10.0
    public var contain = false
    public var insets = Insets()
    public var longPressDuration = 1.0
    public var indicator = IndicatorShape.circle
    public var cornerRadius = 6.0
    public var rotationSnap = 0.0
    public var snapTolerance = 0.087
    public var userData: UInt64 = 0
    /// Taps and marquees may select it.
    public var selectable = true
    /// Other boxes snap to its edges and centre.
    public var snapTarget = true
    /// Never hit: pointers reach what is under it.
    public var passThrough = false
    /// Screen units outside its outline that still hit its body.
    public var hitOutset = 0.0

    public init() {}

    /// Nil when every field is usable, else what is wrong.
    public func problem() -> String? {
        // The common case without building anything: every number finite.
        let allFinite = minWidth.isFinite && minHeight.isFinite && minScale.isFinite && maxScale.isFinite
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
            ("hit_outset", hitOutset),
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

/// A box as the host describes it: parent, geometry and behaviour.
public struct BoxDesc: Equatable, Sendable {
    public var parent = BoxID.none
    public var geometry = BoxGeometry(center: Vec2(50, 50), width: 100, height: 100)
    public var behavior = BoxBehavior()
    public init() {}
}
