/// The rotate handle: the box turns about its centre by the angle the pointer sweeps around it.
public enum Rotate {
    /// `start` rotated by the angle from `grab` to `pointer` about its centre (parent space),
    /// snapped to multiples of `snap` within `tolerance` when `snap` > 0.
    @_optimize(speed) public static func apply(
        _ start: BoxGeometry, grab: Vec2, pointer: Vec2,
        snap: Double, tolerance: Double
    ) -> BoxGeometry {
        let v0 = grab - start.center, v = pointer - start.center
        var g = start
        guard v0.length > 1e-12, v.length > 1e-12 else { return g }
        // The angle from v0 to v, in (-pi, pi]: one arctangent of their cross and dot products.
        let delta = Trig.atan2(v0.cross(v), v0.dot(v))
        g.rotation = Angle.snap(start.rotation + delta, step: snap, tolerance: tolerance)
        return g
    }
}
