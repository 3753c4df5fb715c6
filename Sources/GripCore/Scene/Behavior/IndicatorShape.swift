/// The shape of a box's long-press progress indicator.
public enum IndicatorShape: UInt32, Sendable {
    case circle = 0
    case roundedRect = 1
    case rect = 2
    case custom = 3
}
