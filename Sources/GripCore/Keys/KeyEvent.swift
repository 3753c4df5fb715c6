/// A key the engine understands (`grip_key`).
public enum Key: UInt32, Sendable {
    case left = 1, right = 2, up = 3, down = 4
    case escape = 5
    case tab = 6
    case shift = 7, alt = 8, ctrl = 9, meta = 10

    /// Whether it is a modifier key (its going down or up re-evaluates the active gestures).
    var isModifier: Bool { rawValue >= Key.shift.rawValue }

    /// The unit direction of an arrow key (screen and world y grow downwards), or nil.
    var arrow: Vec2? {
        switch self {
        case .left: Vec2(-1, 0)
        case .right: Vec2(1, 0)
        case .up: Vec2(0, -1)
        case .down: Vec2(0, 1)
        default: nil
        }
    }
}

/// A key going down (an auto-repeat is another down) or up (`grip_key_event`).
public struct KeyEvent: Sendable {
    /// `.down` or `.up`; the other phases are refused.
    public var phase: PointerPhase
    public var key: Key
    /// `Modifiers` held once this event has happened.
    public var modifiers: UInt32
    /// Seconds, on the same clock as the pointer events.
    public var time: Double

    public init(_ phase: PointerPhase, _ key: Key, modifiers: UInt32 = 0, time: Double) {
        self.phase = phase; self.key = key; self.modifiers = modifiers; self.time = time
    }
}
