/// The maths of arranging a selection (Selection/ArrangeSelection.swift feeds them): where a
/// box's axis-aligned world bounds are, the displacement that lines them up with a target's
/// edge, the positions that space boxes evenly, and a box's geometry moved, turned by quarter
/// turns or mirrored in world space and expressed in its parent's space. Pure functions.
public enum Arrange {
    /// The axis-aligned world bounds of a box of geometry `g` whose box space maps to the world
    /// by `world`: the bounds of its four world corners.
    public static func worldBounds(_ g: BoxGeometry, world: Affine) -> Rect {
        let (p0, p1, p2, p3) = g.corners(world)
        return Rect(bounding: p0, p1, p2, p3)
    }

    /// The world displacement that puts `bounds`' `edge` (or centre line) on `target`'s: along
    /// x for left, centre and right, along y for top, middle and bottom; zero on the other axis.
    public static func alignShift(_ bounds: Rect, to target: Rect, _ edge: AlignEdge) -> Vec2 {
        switch edge {
        case .left: Vec2(target.min.x - bounds.min.x, 0)
        case .center: Vec2(target.center.x - bounds.center.x, 0)
        case .right: Vec2(target.max.x - bounds.max.x, 0)
        case .top: Vec2(0, target.min.y - bounds.min.y)
        case .middle: Vec2(0, target.center.y - bounds.center.y)
        case .bottom: Vec2(0, target.max.y - bounds.max.y)
        }
    }

    /// Where the near edges of boxes spanning `lo[i] ... hi[i]` along one axis go, in that
    /// order (sorted by their centres), so the gaps between neighbours are equal: the first and
    /// the last keep theirs; each box between starts one gap after its neighbour's far edge, the
    /// gap being (last's near edge - first's far edge - the sizes between) / (count - 1). Fewer
    /// than three boxes keep where they are.
    public static func distributed(lo: [Double], hi: [Double]) -> [Double] {
        let n = Swift.min(lo.count, hi.count)
        var out = Array(lo.prefix(n))
        guard n >= 3 else { return out }
        var inner = 0.0
        for i in 1..<(n - 1) { inner += hi[i] - lo[i] }
        let gap = (lo[n - 1] - hi[0] - inner) / Double(n - 1)
        var edge = hi[0]
        for i in 1..<(n - 1) {
            out[i] = edge + gap
            edge = out[i] + (hi[i] - lo[i])
        }
        return out
    }

    /// Geometry `g` (parent space; `parentInverse` maps the world to it) moved by world
    /// displacement `d`; `g` itself, bit for bit, when `d` is zero.
    public static func moved(_ g: BoxGeometry, by d: Vec2, parentInverse: Affine) -> BoxGeometry {
        guard d.x != 0 || d.y != 0 else { return g }
        var out = g
        out.center = g.center + parentInverse.applyVector(d)
        return out
    }

    /// World vector `v` turned clockwise on screen by `q` quarter turns (taken modulo 4), with
    /// no rounding: the components trade places and signs.
    public static func quarterTurn(_ v: Vec2, _ q: Int) -> Vec2 {
        switch q & 3 {
        case 1: Vec2(-v.y, v.x)
        case 2: Vec2(-v.x, -v.y)
        case 3: Vec2(v.y, -v.x)
        default: v
        }
    }

    /// Geometry `g` (parent space; `parentWorld` maps that space to the world, `parentInverse`
    /// back) turned clockwise by `q` quarter turns about world point `pivot`: its centre exactly
    /// (`quarterTurn`), its rotation by the same angle (the other way under a mirrored parent),
    /// wrapped into (-pi, pi].
    public static func turned(
        _ g: BoxGeometry, quarterTurns q: Int, about pivot: Vec2, parentWorld: Affine, parentInverse: Affine
    ) -> BoxGeometry {
        let k = q & 3
        guard k != 0 else { return g }
        var out = g
        let c = parentWorld.apply(g.center), d = c - pivot
        // A box centred on the pivot keeps its centre bit for bit (no round trip through the world).
        if d.x != 0 || d.y != 0 { out.center = parentInverse.apply(pivot + quarterTurn(d, k)) }
        let turn = k == 1 ? Double.pi / 2 : (k == 2 ? Double.pi : -Double.pi / 2)
        out.rotation = Angle.wrap(g.rotation + (parentWorld.determinant < 0 ? -turn : turn))
        return out
    }

    /// Geometry `g` (parent space, as for `turned`) mirrored in the world across the line through
    /// `pivot` along an axis of a frame turned by `frameRotation` (world): `.horizontal` mirrors
    /// along the frame's x axis (left and right trade places), `.vertical` along its y axis. The
    /// box's world transform becomes exactly its mirror image: its centre is mirrored, its
    /// rotation mirrored about the frame's x axis as its parent sees it, and `flippedX`
    /// (horizontal) or `flippedY` (vertical) toggles.
    public static func mirrored(
        _ g: BoxGeometry, across axis: Axis, frameRotation r: Double, pivot: Vec2, parentWorld: Affine,
        parentInverse: Affine
    ) -> BoxGeometry {
        let (s, k) = Trig.sinCos(r)
        let x = Vec2(k, s)
        let n = axis == .horizontal ? x : Vec2(-s, k)
        var out = g
        let c = parentWorld.apply(g.center)
        let along = (c - pivot).dot(n)
        out.center = along == 0 ? g.center : parentInverse.apply(c - n * (2 * along))
        let px = parentInverse.applyVector(x)
        let phi = Trig.atan2(px.y, px.x)
        out.rotation = Angle.wrap(2 * phi - g.rotation)
        if axis == .horizontal { out.flippedX.toggle() } else { out.flippedY.toggle() }
        return out
    }
}
