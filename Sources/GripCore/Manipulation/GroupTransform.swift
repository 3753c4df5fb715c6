/// How a gesture on the selection as a whole moves each member: a map of the world (a
/// similarity for moves, rotations, pinches and magnifies; a stretch along the selection frame's
/// axes for resizes) applied to the member's geometry at the start, and expressed in the
/// member's parent space. Pure functions: the gesture steps (Interaction/GestureSteps.swift,
/// Interaction/Kinds/ResizeGesture.swift) feed them.
public enum GroupTransform {
    /// p -> pivot + shift + R(turn) * factor * (p - pivot), in world coordinates.
    public struct Similarity: Sendable {
        public var pivot: Vec2
        public var turn: Double
        public var factor: Double
        public var shift: Vec2
        public init(pivot: Vec2 = .zero, turn: Double = 0, factor: Double = 1, shift: Vec2 = .zero) {
            self.pivot = pivot; self.turn = turn; self.factor = factor; self.shift = shift
        }
    }

    /// Member geometry `g` (parent space; `parentWorld` maps that space to the world, and
    /// `parentInverse` back) carried by `t`: the centre goes where `t` maps it, the rotation
    /// turns with it (the other way under a mirrored parent) and the scale grows by its factor.
    public static func apply(
        _ t: Similarity, to g: BoxGeometry, parentWorld: Affine, parentInverse: Affine
    ) -> BoxGeometry {
        var out = g
        let c = parentWorld.apply(g.center)
        var d = (c - t.pivot) * t.factor
        if t.turn != 0 {
            let (s, k) = Trig.sinCos(t.turn)
            d = Vec2(k * d.x - s * d.y, s * d.x + k * d.y)
            out.rotation = g.rotation + (parentWorld.determinant < 0 ? -t.turn : t.turn)
        }
        if t.turn == 0 && t.factor == 1 {
            // A pure move: the displacement carried into the parent's space, added to the centre.
            out.center = g.center + parentInverse.applyVector(t.shift)
        } else {
            out.center = parentInverse.apply(t.pivot + t.shift + d)
        }
        out.scale = g.scale * t.factor
        return out
    }

    /// A stretch of the world along the axes of a selection frame: p -> `center` +
    /// R * diag(kx, ky) * R^-1 * (p - `from`), R the frame's rotation. Negative factors mirror.
    public struct Stretch: Sendable {
        /// The frame's centre at the start, and its rotation (world).
        public var from: Vec2
        public var rotation: Double
        /// Where the frame's centre goes.
        public var center: Vec2
        public var kx: Double, ky: Double
        public init(from: Vec2, rotation: Double, center: Vec2, kx: Double, ky: Double) {
            self.from = from; self.rotation = rotation; self.center = center; self.kx = kx; self.ky = ky
        }

        /// Where world point `p` goes.
        public func apply(_ p: Vec2) -> Vec2 {
            let (s, c) = Trig.sinCos(rotation)
            let d = p - from
            let u = Vec2(c * d.x + s * d.y, -s * d.x + c * d.y)
            let v = Vec2(u.x * kx, u.y * ky)
            return center + Vec2(c * v.x - s * v.y, s * v.x + c * v.y)
        }
    }

    /// A member's frame axes (x and y as the user sees them, flips undone) in the selection
    /// frame's axes, as unit vectors; `world` maps the member's box space to the world.
    public static func axes(
        world: Affine, flippedX: Bool, flippedY: Bool, frameRotation r: Double
    ) -> (u: Vec2, v: Vec2) {
        let (s, c) = Trig.sinCos(r)
        func inFrame(_ w: Vec2) -> Vec2 {
            let l = w.length
            guard l > 0 else { return w }
            let n = w * (1 / l)
            return Vec2(c * n.x + s * n.y, -s * n.x + c * n.y)
        }
        return (
            inFrame(world.applyVector(Vec2(flippedX ? -1 : 1, 0))),
            inFrame(world.applyVector(Vec2(0, flippedY ? -1 : 1)))
        )
    }

    /// How much a length along unit direction `u` (frame axes) grows under factors kx, ky:
    /// exactly |kx| or |ky| for a direction along an axis.
    public static func growth(_ u: Vec2, kx: Double, ky: Double) -> Double {
        if abs(u.y) < 1e-9 { return abs(kx) }
        if abs(u.x) < 1e-9 { return abs(ky) }
        let a = kx * u.x, b = ky * u.y
        return (a * a + b * b).squareRoot()
    }

    /// `v`, or exactly `minimum` when below it or above it by rounding only (a factor derived
    /// from a clamped frame size can land an ulp or two above the factor that reaches it).
    static func atLeast(_ minimum: Double, _ v: Double) -> Double {
        v <= minimum * (1 + 1e-12) ? minimum : v
    }

    /// Whether the sizes of a member with axes `axes` (frame axes) and size `width` x `height`
    /// stay at or above `minWidth` x `minHeight` under factors kx, ky (up to rounding).
    public static func keepsMinimum(
        _ axes: (u: Vec2, v: Vec2), width: Double, height: Double,
        minWidth: Double, minHeight: Double, kx: Double, ky: Double
    ) -> Bool {
        width * growth(axes.u, kx: kx, ky: ky) >= minWidth * (1 - 1e-12)
            && height * growth(axes.v, kx: kx, ky: ky) >= minHeight * (1 - 1e-12)
    }

    /// Whether direction `u` (frame axes) lies along one of the frame's axes.
    public static func isAligned(_ u: Vec2) -> Bool { abs(u.x) < 1e-9 || abs(u.y) < 1e-9 }

    /// Member geometry `g` under stretch `t`: its centre goes where the stretch maps it; its
    /// width and height grow by the stretch along its own axes `axes` (frame axes; no skew, the
    /// rotation is kept), never below `minWidth` x `minHeight`; each mirrored axis mirrors its
    /// rotation about the frame's axes and toggles the matching flip.
    public static func apply(
        _ t: Stretch, to g: BoxGeometry, axes: (u: Vec2, v: Vec2), parentWorld: Affine,
        parentInverse: Affine, minWidth: Double, minHeight: Double
    ) -> BoxGeometry {
        var out = g
        out.center = parentInverse.apply(t.apply(parentWorld.apply(g.center)))
        out.width = atLeast(minWidth, g.width * growth(axes.u, kx: t.kx, ky: t.ky))
        out.height = atLeast(minHeight, g.height * growth(axes.v, kx: t.kx, ky: t.ky))
        if t.kx < 0 || t.ky < 0 {
            // The frame's x axis in the parent's space: mirrors are about it and its normal.
            let (s, c) = Trig.sinCos(t.rotation)
            let x = parentInverse.applyVector(Vec2(c, s))
            let phi = Trig.atan2(x.y, x.x)
            if t.kx < 0 { out.rotation = Angle.wrap(2 * phi - out.rotation); out.flippedX.toggle() }
            if t.ky < 0 { out.rotation = Angle.wrap(2 * phi - out.rotation); out.flippedY.toggle() }
        }
        return out
    }
}
