/// Insets of the parent's bounds for containment; negative values extend the bounds.
public struct Insets: Equatable, Sendable {
    public var top = 0.0, left = 0.0, bottom = 0.0, right = 0.0
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}
