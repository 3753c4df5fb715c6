/// The rotate handle: the box turns about its centre by the angle the pointer sweeps around it.
public enum Rotate {
    /// `start` rotated by the angle from `grab` to `pointer` about its centre (parent space),
    /// snapped to multiples of `snap` within `tolerance` when `snap` > 0.
    @_optimize(speed) public static func apply(
        _ start: BoxGeometry, grab: Vec2, pointer: Vec2,
        snap: Double, tolerance: Double
    ) -> BoxGeometry {
        var g = start
        guard let delta = turn(about: start.center, from: grab, to: pointer) else { return g }
        g.rotation = Angle.snap(start.rotation + delta, step: snap, tolerance: tolerance)
        return g
    }

    /// The angle, in (-pi, pi], the pointer sweeps about `center` from `grab` to `pointer`; nil
    /// when either is (nearly) on the centre.
    @_optimize(speed) @inline(__always) public static func turn(
        about center: Vec2, from grab: Vec2, to pointer: Vec2
    ) -> Double? {
        let v0 = grab - center, v = pointer - center
        guard v0.length > 1e-12, v.length > 1e-12 else { return nil }
        // One arctangent of their cross and dot products.
        return Trig.atan2(v0.cross(v), v0.dot(v))
    }
}
