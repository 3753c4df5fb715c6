/// The directions resize cursors should point for a box's handles, on screen. When frame space
/// maps to the screen by a similarity (rotation, uniform scale, maybe a mirror: the usual case)
/// every handle's angle follows from two arctangents; otherwise each is measured directly.
struct CursorDirections {
    private let linear: Affine
    private let theta: Double
    private let alpha: Double
    private let mirrored: Bool
    private let similar: Bool

    /// `frameToScreen`: the linear part matters; `width`, `height`: the box's size. `heading`
    /// and `diagonal`, when known, are `Trig.atan2(m.b, m.a)` and `Trig.atan2(height, width)` (a caller may
    /// keep them while the transform or the size stays).
    init(frameToScreen m: Affine, width: Double, height: Double, heading: Double? = nil, diagonal: Double? = nil) {
        linear = m
        let n1 = m.a * m.a + m.b * m.b, n2 = m.c * m.c + m.d * m.d
        let tolerance = 1e-12 * Swift.max(n1, n2)
        similar = abs(m.a * m.c + m.b * m.d) <= tolerance && abs(n1 - n2) <= tolerance
        mirrored = m.determinant < 0
        theta = similar ? (heading ?? Trig.atan2(m.b, m.a)) : 0
        alpha = similar ? (diagonal ?? Trig.atan2(height, width)) : 0
    }

    /// The screen angle of frame-space vector `v` from the box's centre to a built-in handle.
    func angle(frameVector v: Vec2) -> Double {
        guard similar else { return measured(v) }
        let phi: Double
        if v.x == 0 {
            phi = v.y > 0 ? Double.pi / 2 : -Double.pi / 2
        } else if v.y == 0 {
            phi = v.x > 0 ? 0 : Double.pi
        } else if v.x > 0 {
            phi = v.y > 0 ? alpha : -alpha
        }  // a corner: the diagonal's angle
        else {
            phi = v.y > 0 ? Double.pi - alpha : alpha - Double.pi
        }
        // theta is in (-pi, pi] and phi in [-pi, pi]: one turn at most brings the sum back
        // (the same bits as Angle.wrap gives).
        let a = mirrored ? theta - phi : theta + phi
        return a > Double.pi ? a - 2 * Double.pi : (a <= -Double.pi ? a + 2 * Double.pi : a)
    }

    /// The screen angle of frame-space vector `v`, by its own arctangent.
    func measured(_ v: Vec2) -> Double {
        let s = linear.applyVector(v)
        return Trig.atan2(s.y, s.x)
    }
}
