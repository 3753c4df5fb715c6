/// An axis-aligned rectangle in single precision, half the size of a `Rect`: for indexes that
/// must only never miss a point. Made from a `Rect` it is rounded outward, so it contains every
/// point the `Rect` contains (bounds beyond `Float`'s range become infinite).
struct FloatRect: Equatable, Sendable {
    var minX: Float, minY: Float, maxX: Float, maxY: Float

    init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    /// The smallest single-precision rectangle containing `r`.
    init(outward r: Rect) {
        minX = FloatRect.down(r.min.x); minY = FloatRect.down(r.min.y)
        maxX = FloatRect.up(r.max.x); maxY = FloatRect.up(r.max.y)
    }

    /// The largest `Float` not above `x`.
    static func down(_ x: Double) -> Float {
        let f = Float(x)
        return Double(f) > x ? f.nextDown : f
    }

    /// The smallest `Float` not below `x`.
    static func up(_ x: Double) -> Float {
        let f = Float(x)
        return Double(f) < x ? f.nextUp : f
    }

    /// The smallest rectangle holding both.
    static func union(_ a: FloatRect, _ b: FloatRect) -> FloatRect {
        FloatRect(
            minX: Swift.min(a.minX, b.minX), minY: Swift.min(a.minY, b.minY),
            maxX: Swift.max(a.maxX, b.maxX), maxY: Swift.max(a.maxY, b.maxY))
    }

    /// True when (`x`, `y`) lies inside or on the edge. A point rounded to the nearest `Float`
    /// stays inside a rectangle that held it: rounding keeps order.
    func contains(_ x: Float, _ y: Float) -> Bool {
        x >= minX && x <= maxX && y >= minY && y <= maxY
    }

    /// True when `r` lies inside or on the edge.
    func contains(_ r: FloatRect) -> Bool {
        r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY
    }

    /// Half the perimeter, in double precision (infinite for unbounded rectangles).
    var halfPerimeter: Double {
        (Double(maxX) - Double(minX)) + (Double(maxY) - Double(minY))
    }
}
