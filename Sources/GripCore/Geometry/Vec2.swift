/// A point or a vector in some 2D space (y grows down on screen).
public struct Vec2: Equatable, Sendable, BitwiseCopyable {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Vec2(0, 0)

    @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    @inlinable public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }

    /// Euclidean length.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    /// Dot product.
    @inlinable public func dot(_ o: Vec2) -> Double { x * o.x + y * o.y }
    /// z of the 3D cross product: positive when `o` turns clockwise on screen from `self`.
    @inlinable public func cross(_ o: Vec2) -> Double { x * o.y - y * o.x }
    /// True when both coordinates are finite.
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
    /// True when both coordinates are finite and within `BoxGeometry.maxMagnitude`: what the
    /// engine accepts as an input position.
    @inlinable public var isInRange: Bool { abs(x) <= 1e9 && abs(y) <= 1e9 }
    /// The midpoint of `a` and `b`.
    @inlinable public static func mid(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2((a.x + b.x) * 0.5, (a.y + b.y) * 0.5) }
}

/// An axis-aligned rectangle, `min` inclusive to `max` inclusive.
public struct Rect: Equatable, Sendable {
    public var min: Vec2
    public var max: Vec2

    @inlinable public init(min: Vec2, max: Vec2) { self.min = min; self.max = max }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        min = Vec2(x, y); max = Vec2(x + width, y + height)
    }

    @inlinable public var width: Double { max.x - min.x }
    @inlinable public var height: Double { max.y - min.y }
    @inlinable public var center: Vec2 { Vec2.mid(min, max) }

    /// The smallest rectangle holding the four points.
    @inlinable public init(bounding p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2) {
        min = Vec2(Swift.min(Swift.min(p0.x, p1.x), Swift.min(p2.x, p3.x)),
                   Swift.min(Swift.min(p0.y, p1.y), Swift.min(p2.y, p3.y)))
        max = Vec2(Swift.max(Swift.max(p0.x, p1.x), Swift.max(p2.x, p3.x)),
                   Swift.max(Swift.max(p0.y, p1.y), Swift.max(p2.y, p3.y)))
    }

    /// True when `p` lies inside or on the edge.
    @inlinable public func contains(_ p: Vec2) -> Bool {
        p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y
    }

}
