/// A point or a vector in some 2D space (y grows down on screen).
public struct Vec2: Equatable, Sendable, BitwiseCopyable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Vec2(0, 0)

    public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }

    /// Euclidean length.
    public var length: Double { (x * x + y * y).squareRoot() }
    /// Dot product.
    public func dot(_ o: Vec2) -> Double { x * o.x + y * o.y }
    /// z of the 3D cross product: positive when `o` turns clockwise on screen from `self`.
    public func cross(_ o: Vec2) -> Double { x * o.y - y * o.x }
    /// True when both coordinates are finite.
    public var isFinite: Bool { x.isFinite && y.isFinite }
    /// True when both coordinates are finite and within `BoxGeometry.maxMagnitude`: what the
    /// engine accepts as an input position.
    public var isInRange: Bool { abs(x) <= 1e9 && abs(y) <= 1e9 }
    /// The midpoint of `a` and `b`.
    public static func mid(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2((a.x + b.x) * 0.5, (a.y + b.y) * 0.5) }
}
