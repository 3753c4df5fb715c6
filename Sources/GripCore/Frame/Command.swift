/// One draw command, in screen coordinates; the fields of `grip_command`, in its order and with
/// its types (every field is a plain number or a struct of them), so the C layer can copy
/// commands in bulk after checking at run time that the two layouts agree.
public struct Command: Equatable, Sendable, BitwiseCopyable {
    /// `CommandKind.rawValue`, stored as the number so the layout matches C.
    package var kindRawValue: UInt32
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
    /// PEER_*: the other peer (0 for the other kinds).
    public var peer: UInt32 = 0

    public init(kind: CommandKind, box: BoxID) { self.kindRawValue = kind.rawValue; self.box = box }

    /// What to draw.
    public var kind: CommandKind {
        get { CommandKind(rawValue: kindRawValue) ?? .box }
        set { kindRawValue = newValue.rawValue }
    }
}
