/// An axis-aligned rectangle, `min` inclusive to `max` inclusive.
public struct Rect: Equatable, Sendable {
    public var min: Vec2
    public var max: Vec2

    public init(min: Vec2, max: Vec2) { self.min = min; self.max = max }
    public init(x: Double, y: Double, width: Double, height: Double) {
        min = Vec2(x, y); max = Vec2(x + width, y + height)
    }

    public var width: Double { max.x - min.x }
    public var height: Double { max.y - min.y }
    public var center: Vec2 { Vec2.mid(min, max) }

    /// The smallest rectangle holding the four points.
    public init(bounding p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2) {
        min = Vec2(
            Swift.min(Swift.min(p0.x, p1.x), Swift.min(p2.x, p3.x)),
            Swift.min(Swift.min(p0.y, p1.y), Swift.min(p2.y, p3.y)))
        max = Vec2(
            Swift.max(Swift.max(p0.x, p1.x), Swift.max(p2.x, p3.x)),
            Swift.max(Swift.max(p0.y, p1.y), Swift.max(p2.y, p3.y)))
    }

    /// True when `p` lies inside or on the edge.
    public func contains(_ p: Vec2) -> Bool {
        p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y
    }

}
