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
    public static let all = Allow(rawValue: SchemaMasks.allow)
    /// The default: everything but long press.
    public static let defaults = Allow(rawValue: 0x3F)
}
