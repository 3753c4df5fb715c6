/// How a resize handle treats the aspect ratio.
public enum ResizeMode: UInt32, Sendable {
    case freeform = 0
    case uniform = 1
}
