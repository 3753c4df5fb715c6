/// The bounds of world points in the axes of a frame turned by some rotation: what the
/// selection frame is built from.
struct FrameExtent {
    var sine: Double, cosine: Double
    var lo = Vec2(Double.infinity, Double.infinity), hi = Vec2(-Double.infinity, -Double.infinity)

    init(_ rotation: Double) { (sine, cosine) = Trig.sinCos(rotation) }

    /// Takes world point `p` in.
    @inline(__always) mutating func include(_ p: Vec2) {
        let u = Vec2(cosine * p.x + sine * p.y, -sine * p.x + cosine * p.y)
        lo = Vec2(Swift.min(lo.x, u.x), Swift.min(lo.y, u.y))
        hi = Vec2(Swift.max(hi.x, u.x), Swift.max(hi.y, u.y))
    }

    /// The frame at `rotation` (the one given at the start) around the points, or nil for none.
    func frame(rotation: Double) -> BoxGeometry? {
        guard lo.x.isFinite, hi.x.isFinite else { return nil }
        let mid = (lo + hi) * 0.5
        let center = Vec2(cosine * mid.x - sine * mid.y, sine * mid.x + cosine * mid.y)
        // A frame without extent (impossible for boxes of positive size) is kept usable.
        let width = Swift.max(hi.x - lo.x, 1e-9), height = Swift.max(hi.y - lo.y, 1e-9)
        return BoxGeometry(center: center, width: width, height: height, rotation: rotation)
    }
}
