/// A 2D affine transform mapping (x, y) to (a*x + c*y + tx, b*x + d*y + ty),
/// the layout of `grip_affine` and CGAffineTransform.
public struct Affine: Equatable, Sendable, BitwiseCopyable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `t`.
    public static func translation(_ t: Vec2) -> Affine {
        Affine(a: 1, b: 0, c: 0, d: 1, tx: t.x, ty: t.y)
    }

    /// A rotation by `angle` radians, clockwise on screen (y down).
    public static func rotation(_ angle: Double) -> Affine {
        let (s, c) = Trig.sinCos(angle)
        return Affine(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// A scale by `sx`, `sy` along the axes.
    public static func scale(_ sx: Double, _ sy: Double) -> Affine {
        Affine(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// `self * other`: applies `other` first, then `self`.
    public static func * (m: Affine, n: Affine) -> Affine {
        Affine(
            a: m.a * n.a + m.c * n.b,
            b: m.b * n.a + m.d * n.b,
            c: m.a * n.c + m.c * n.d,
            d: m.b * n.c + m.d * n.d,
            tx: m.a * n.tx + m.c * n.ty + m.tx,
            ty: m.b * n.tx + m.d * n.ty + m.ty)
    }

    /// Maps a point.
    public func apply(_ p: Vec2) -> Vec2 {
        Vec2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// Maps a direction (no translation).
    public func applyVector(_ v: Vec2) -> Vec2 {
        Vec2(a * v.x + c * v.y, b * v.x + d * v.y)
    }

    /// The determinant of the linear part.
    public var determinant: Double { a * d - b * c }

    /// The inverse, or nil when the transform is singular or not finite.
    public var inverse: Affine? {
        let det = determinant
        guard det.isNormal, isFinite else { return nil }
        let inv = 1 / det
        let r = Affine(
            a: d * inv, b: -b * inv, c: -c * inv, d: a * inv,
            tx: (c * ty - d * tx) * inv, ty: (b * tx - a * ty) * inv)
        return r.isFinite ? r : nil
    }

    /// True when every coefficient is within 1e9 (and so finite).
    public var isModest: Bool {
        abs(a) <= 1e9 && abs(b) <= 1e9 && abs(c) <= 1e9 && abs(d) <= 1e9 && abs(tx) <= 1e9 && abs(ty) <= 1e9
    }

    /// True when every coefficient is finite.
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The factor by which the transform scales lengths, on average (sqrt of |det|).
    public var uniformScale: Double { abs(determinant).squareRoot() }
}
