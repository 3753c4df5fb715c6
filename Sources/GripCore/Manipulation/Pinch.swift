/// Two pointers on one box, panning, scaling and rotating it at once: the box follows the
/// pair's centroid, distance and angle, so both fingers stay on the same box points.
public enum Pinch {
    /// Which parts of the two-pointer transform apply, and the scale limits.
    public struct Options: Sendable {
        public var pan = true, scale = true, rotate = true
        public var minScale = 0.1, maxScale = 10.0
        public init(
            pan: Bool = true, scale: Bool = true, rotate: Bool = true, minScale: Double = 0.1, maxScale: Double = 10
        ) {
            self.pan = pan; self.scale = scale; self.rotate = rotate
            self.minScale = minScale; self.maxScale = maxScale
        }

        /// The parts `allow` lets through (move: pan, pinch: scale, rotate: rotate).
        public init(_ allow: Allow, minScale: Double = 0.1, maxScale: Double = 10) {
            self.init(
                pan: allow.contains(.move), scale: allow.contains(.pinch), rotate: allow.contains(.rotate),
                minScale: minScale, maxScale: maxScale)
        }
    }

    /// `start` moved from the pointers' start positions `a0`, `b0` to `a`, `b` (parent space).
    /// Past a scale limit only the scale part stops.
    @_optimize(speed) public static func apply(
        _ start: BoxGeometry, a0: Vec2, b0: Vec2, a: Vec2, b: Vec2, _ o: Options
    ) -> BoxGeometry {
        var (k, theta, cosine, sine) = turn(a0: a0, b0: b0, a: a, b: b, o)
        let newScale = Swift.min(Swift.max(start.scale * k, o.minScale), o.maxScale)
        k = newScale / start.scale
        let m0 = Vec2.mid(a0, b0)
        let m = o.pan ? Vec2.mid(a, b) : m0
        let d = (start.center - m0) * k
        var g = start
        g.center = m + Vec2(cosine * d.x - sine * d.y, sine * d.x + cosine * d.y)
        g.rotation = start.rotation + theta
        g.scale = newScale
        return g
    }

    /// The scale factor and turn from the pointers' start positions `a0`, `b0` to `a`, `b` (each
    /// as `o` allows; no limits), the turn also as its cosine and sine (from the dot and cross
    /// products: one arctangent, no sine or cosine to evaluate).
    @_optimize(speed) public static func turn(
        a0: Vec2, b0: Vec2, a: Vec2, b: Vec2, _ o: Options
    ) -> (factor: Double, angle: Double, cosine: Double, sine: Double) {
        let v0 = b0 - a0, v = b - a
        let l0 = v0.length, l = v.length
        var k = 1.0, theta = 0.0, cosine = 1.0, sine = 0.0
        if l0 > 1e-9 && l > 1e-9 {
            if o.scale { k = l / l0 }
            if o.rotate {
                let dot = v0.dot(v), cross = v0.cross(v)
                theta = Trig.atan2(cross, dot)
                cosine = dot / (l0 * l)
                sine = cross / (l0 * l)
            }
        }
        return (k, theta, cosine, sine)
    }
}
