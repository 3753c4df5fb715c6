/// A world axis of `Engine.distribute` and `Engine.flip` (`grip_axis`): horizontal is x (left to
/// right), vertical is y (top to bottom).
public enum Axis: UInt32, Sendable {
    case horizontal = 0
    case vertical = 1
}
