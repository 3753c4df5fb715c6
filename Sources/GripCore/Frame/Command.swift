/// A draw command kind, as `grip_command_kind`. Kinds only grow.
public enum CommandKind: UInt32, Sendable {
    case box = 1
    case border = 2
    case handle = 3
    case indicator = 4
    case guide = 5
    /// A solid closed polyline: a selected member, or the hovered selectable box.
    case outline = 6
    /// The marquee rectangle: a closed polyline of 4 vertices.
    case marquee = 7
    /// One of two equal gaps (snapping): 2 vertices, `width` its length in world units.
    case gap = 8
}

/// State bits of a command (`GRIP_STATE_*`).
public enum CommandState {
    public static let hover: UInt32 = 1 << 0
    public static let active: UInt32 = 1 << 1
}

/// One draw command, in screen coordinates; the fields of `grip_command`, in its order and with
/// its types (every field is a plain number or a struct of them), so the C layer can copy
/// commands in bulk after checking at run time that the two layouts agree.
public struct Command: Equatable, Sendable, BitwiseCopyable {
    /// `CommandKind.rawValue`, stored as the number so the layout matches C.
    public var kindRawValue: UInt32
    public var handle = HandleID.none
    public var box: BoxID
    public var userData: UInt64 = 0
    /// BOX: box space -> screen.
    public var transform = Affine.identity
    /// BOX: box size.
    public var width = 0.0, height = 0.0
    /// HANDLE: mark centre, radii, and the direction a resize cursor should point.
    public var center = Vec2.zero
    public var radius = 0.0, innerRadius = 0.0
    public var cursorAngle = 0.0
    /// BORDER, INDICATOR, GUIDE: a range of the frame's vertices.
    public var firstVertex: UInt32 = 0, vertexCount: UInt32 = 0
    public var strokeWidth = 0.0
    /// BORDER: marching ants.
    public var dashOn = 0.0, dashOff = 0.0, dashPhase = 0.0
    /// INDICATOR: 0...1.
    public var progress = 0.0
    public var state: UInt32 = 0

    public init(kind: CommandKind, box: BoxID) { self.kindRawValue = kind.rawValue; self.box = box }

    /// What to draw.
    public var kind: CommandKind {
        get { CommandKind(rawValue: kindRawValue) ?? .box }
        set { kindRawValue = newValue.rawValue }
    }
}

/// The look of the overlay, in screen units (seed 000's marks and ants).
public enum Style {
    public static let borderStroke = 1.0
    public static let dashOn = 6.0, dashOff = 6.0
    /// Dash phase advance, units per second of timer time.
    public static let dashSpeed = 10.0
    public static let handleRadius = 5.0, handleInnerRadius = 3.0
    public static let indicatorStroke = 3.0
    /// Largest distance between an indicator polyline and its true curve.
    public static let indicatorTolerance = 0.25

    /// The dash phase at time `t`: 10 units per second, wrapping at 12.
    @inlinable public static func dashPhase(at t: Double) -> Double {
        let period = dashOn + dashOff
        let d = t * dashSpeed
        // A finite time past ~1.8e307 makes d infinite, whose remainder is NaN: phase 0 then.
        guard d.isFinite else { return 0 }
        let p = abs(d) < 1e15 ? d - period * Double(Int(d / period)) : d.truncatingRemainder(dividingBy: period)
        return p < 0 ? p + period : p
    }
}
