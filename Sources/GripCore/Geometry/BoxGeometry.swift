/// Where a box is in its parent's coordinates (docs/specification.md, Geometry model).
///
/// `local = T(center) * R(rotation) * S(scale * flipX, scale * flipY) * T(-width/2, -height/2)`
/// maps box space `(0,0)-(width,height)` to the parent's space.
public struct BoxGeometry: Equatable, Sendable {
    public var center: Vec2
    public var width: Double
    public var height: Double
    /// Radians, clockwise on screen.
    public var rotation: Double
    /// Uniform scale about the centre.
    public var scale: Double
    public var flippedX: Bool
    public var flippedY: Bool

    public init(
        center: Vec2, width: Double, height: Double, rotation: Double = 0, scale: Double = 1,
        flippedX: Bool = false, flippedY: Bool = false
    ) {
        self.center = center; self.width = width; self.height = height
        self.rotation = rotation; self.scale = scale
        self.flippedX = flippedX; self.flippedY = flippedY
    }

    /// Box space -> parent space.
    public var local: Affine {
        let (s, c) = Trig.sinCos(rotation)
        return local(sine: s, cosine: c)
    }

    /// `local`, given the sine and cosine of `rotation` (so a caller that keeps them can skip
    /// computing them again).
    public func local(sine s: Double, cosine c: Double) -> Affine {
        let sx = flippedX ? -scale : scale
        let sy = flippedY ? -scale : scale
        // R * S: columns (c*sx, s*sx) and (-s*sy, c*sy); then translate so (w/2, h/2) lands on center.
        let a = c * sx, b = s * sx, cc = -s * sy, d = c * sy
        let hw = width * 0.5, hh = height * 0.5
        return Affine(
            a: a, b: b, c: cc, d: d,
            tx: center.x - (a * hw + cc * hh),
            ty: center.y - (b * hw + d * hh))
    }

    /// Every number finite, sizes and scale positive, and nothing beyond `maxMagnitude` (so that
    /// world transforms, corners and frames stay finite): the top-left corner before rotation and
    /// scale (a description's x, y), the size and the rotation.
    public var isValid: Bool {
        let m = BoxGeometry.maxMagnitude
        return width > 0 && width <= m && height > 0 && height <= m
            && abs(center.x - width / 2) <= m && abs(center.y - height / 2) <= m
            && abs(rotation) <= m && scale >= BoxGeometry.minScale && scale <= BoxGeometry.maxScale
    }

    /// Largest coordinate, size or rotation a box may have.
    public static let maxMagnitude = 1e9
    /// Smallest and largest scale a box may have. With `Scene.maxDepth` these keep every world
    /// transform, corner and frame vertex finite (1e6^32 * 1e9 is far below 1e308).
    public static let minScale = 1e-6
    public static let maxScale = 1e6

    /// The four corners of box space mapped by `transform`: top-left, top-right, bottom-right, bottom-left.
    public func corners(_ transform: Affine) -> (Vec2, Vec2, Vec2, Vec2) {
        (
            transform.apply(Vec2(0, 0)), transform.apply(Vec2(width, 0)),
            transform.apply(Vec2(width, height)), transform.apply(Vec2(0, height))
        )
    }

    /// The axis-aligned bounds of the box in its parent's space.
    public var parentBounds: Rect {
        let (p0, p1, p2, p3) = corners(local)
        return Rect(bounding: p0, p1, p2, p3)
    }

    /// The geometry whose local transform equals `parentFromBox` for a box of the given size,
    /// keeping `preferFlipX` when the transform allows either (it must be a similarity, possibly mirrored).
    public static func decompose(_ m: Affine, width: Double, height: Double, preferFlipX: Bool) -> BoxGeometry? {
        guard let g = decomposeUnchecked(m, width: width, height: height, preferFlipX: preferFlipX) else { return nil }
        return g.isValid ? g : nil
    }

    /// `decompose` without the final `isValid` check (nil only for a transform that is not
    /// finite or is singular), so that a caller can say which field is out of range.
    public static func decomposeUnchecked(
        _ m: Affine, width: Double, height: Double, preferFlipX: Bool
    ) -> BoxGeometry? {
        let det = m.determinant
        guard m.isFinite, det.isNormal else { return nil }
        let scale = abs(det).squareRoot()
        let fx = preferFlipX
        let fy = det < 0 ? !fx : fx
        // Remove the flips and scale: what is left is R = [[cos, -sin], [sin, cos]].
        let a = m.a / (fx ? -scale : scale), b = m.b / (fx ? -scale : scale)
        let rotation = Trig.atan2(b, a)
        let center = m.apply(Vec2(width * 0.5, height * 0.5))
        return BoxGeometry(
            center: center, width: width, height: height, rotation: rotation,
            scale: scale, flippedX: fx, flippedY: fy)
    }
}

extension BoxGeometry {
    /// Frame space -> parent space: `local` without the flips. Frame space is box space as the
    /// user sees it, so handle names (top-left, ...) stay where they look, whatever the flips.
    public var frameLocal: Affine {
        let (s, c) = Trig.sinCos(rotation)
        let a = c * scale, b = s * scale
        let hw = width * 0.5, hh = height * 0.5
        return Affine(
            a: a, b: b, c: -b, d: a,
            tx: center.x - (a * hw - b * hh),
            ty: center.y - (b * hw + a * hh))
    }

    /// The box-space point at frame-space point `p` (frame and box space differ by the flips).
    public func boxPoint(fromFrame p: Vec2) -> Vec2 {
        Vec2(flippedX ? width - p.x : p.x, flippedY ? height - p.y : p.y)
    }

    /// Where handle `h` sits in frame space; the rotate handle is `rotateLift` frame units above
    /// the top edge's midpoint (the engine's `rotateHandleLift` turns its screen offset into these).
    public func framePoint(of h: HandleID, rotateLift: Double) -> Vec2 {
        if h == .rotate { return Vec2(width * 0.5, -rotateLift) }
        let a = h.anchor
        return Vec2(a.x * width, a.y * height)
    }
}
