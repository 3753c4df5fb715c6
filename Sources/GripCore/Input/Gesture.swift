/// A gesture in progress on one box. Everything it computes comes from `start` and the current
/// pointer positions, never from sums of per-event deltas.
struct Gesture {
    var kind: GestureKind
    var box: BoxID
    /// The pointers driving it (`second` for pinches); magnify has none.
    var first: UInt32
    var second: UInt32?
    /// Geometry when the gesture began: what every step starts from and what cancel restores.
    var start: BoxGeometry
    /// The last geometry applied (steps refused by containment keep it).
    var current: BoxGeometry
    /// The handle grabbed (resize, rotate) and the one under the pointer now (after flips).
    var handle: HandleID = .none
    var activeHandle: HandleID = .none
    /// Where the pointers were at the start: parent space for move, rotate, pinch and magnify
    /// (the focal point); the start geometry's frame space for resize.
    var grabA = Vec2.zero
    var grabB = Vec2.zero
    /// Resize: the start geometry's frame space -> parent space, and its inverse.
    var startFrame = Affine.identity
    var startFrameInverse = Affine.identity
    /// Set while a rotation rests on a `rotation_snap` multiple (a GUIDE shows the snapped axis).
    var snapped = false
    /// Set when the box's constraint hook failed during this gesture.
    var constraintDisabled = false
    /// Set when the custom handle's drag hook failed during this gesture.
    var dragDisabled = false
}

/// The last tap, for recognising a double tap.
struct TapRecord {
    var box: BoxID
    var time: Double
    /// Screen coordinates.
    var position: Vec2
}

/// What the hovering pointer (no button down) is over.
struct Hover: Equatable {
    var pointer: UInt32 = 0
    var box = BoxID.none
    var handle = HandleID.none
}

/// A pointer's phase, as `grip_phase`.
public enum PointerPhase: UInt32, Sendable {
    case down = 0, move = 1, up = 2, cancel = 3

    /// The case's name, for messages (Embedded Swift cannot interpolate an enum value).
    public var name: String {
        switch self {
        case .down: "down"
        case .move: "move"
        case .up: "up"
        case .cancel: "cancel"
        }
    }
}

/// A pointer event in screen coordinates.
public struct PointerEvent: Sendable {
    public var phase: PointerPhase
    public var pointer: UInt32
    public var position: Vec2
    public var time: Double
    public var modifiers: UInt32
    public init(_ phase: PointerPhase, pointer: UInt32 = 0, _ position: Vec2, time: Double, modifiers: UInt32 = 0) {
        self.phase = phase; self.pointer = pointer; self.position = position
        self.time = time; self.modifiers = modifiers
    }
}

/// A magnify (trackpad pinch or wheel) event: `factor` is cumulative since began.
public struct MagnifyEvent: Sendable {
    public var phase: PointerPhase
    public var factor: Double
    /// Focal point, screen coordinates.
    public var focal: Vec2
    public var time: Double
    public init(_ phase: PointerPhase, factor: Double, focal: Vec2, time: Double) {
        self.phase = phase; self.factor = factor; self.focal = focal; self.time = time
    }
}
