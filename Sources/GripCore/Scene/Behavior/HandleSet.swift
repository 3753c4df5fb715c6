/// A set of handles (`GRIP_HANDLE_BIT`).
public struct HandleSet: OptionSet, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The eight resize handles and the rotate handle.
    public static let defaults = HandleSet(rawValue: 0x3FE)
    public func contains(_ h: HandleID) -> Bool {
        h.rawValue < 32 && rawValue & (1 << h.rawValue) != 0
    }
}
