/// The directions resize cursors should point for a box's handles, on screen. When frame space
/// maps to the screen by a similarity (rotation, uniform scale, maybe a mirror: the usual case)
/// every handle's angle follows from two arctangents; otherwise each is measured directly.
struct CursorDirections {
    private let linear: Affine
    private let theta: Double
    private let alpha: Double
    private let mirrored: Bool
    private let similar: Bool

    /// `frameToScreen`: the linear part matters; `width`, `height`: the box's size.
    init(frameToScreen m: Affine, width: Double, height: Double) {
        linear = m
        let n1 = m.a * m.a + m.b * m.b, n2 = m.c * m.c + m.d * m.d
        let tolerance = 1e-12 * Swift.max(n1, n2)
        similar = abs(m.a * m.c + m.b * m.d) <= tolerance && abs(n1 - n2) <= tolerance
        mirrored = m.determinant < 0
        theta = similar ? atan2(m.b, m.a) : 0
        alpha = similar ? atan2(height, width) : 0
    }

    /// The screen angle of frame-space vector `v` from the box's centre to a built-in handle.
    func angle(frameVector v: Vec2) -> Double {
        guard similar else { return measured(v) }
        let phi: Double
        if v.x == 0 { phi = v.y > 0 ? Double.pi / 2 : -Double.pi / 2 }
        else if v.y == 0 { phi = v.x > 0 ? 0 : Double.pi }
        else if v.x > 0 { phi = v.y > 0 ? alpha : -alpha }  // a corner: the diagonal's angle
        else { phi = v.y > 0 ? Double.pi - alpha : alpha - Double.pi }
        return Angle.wrap(mirrored ? theta - phi : theta + phi)
    }

    /// The screen angle of frame-space vector `v`, by its own arctangent.
    func measured(_ v: Vec2) -> Double {
        let s = linear.applyVector(v)
        return atan2(s.y, s.x)
    }
}
