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
