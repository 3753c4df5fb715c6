/// Angles in radians.
public enum Angle {
    /// `a` wrapped into (-pi, pi].
    @inlinable public static func wrap(_ a: Double) -> Double {
        guard a.isFinite else { return a }
        var r = a.truncatingRemainder(dividingBy: 2 * Double.pi)
        if r > Double.pi { r -= 2 * Double.pi } else if r <= -Double.pi { r += 2 * Double.pi }
        return r
    }

    /// `a` snapped to the nearest multiple of `step` when within `tolerance` of it; `a` otherwise.
    @inlinable public static func snap(_ a: Double, step: Double, tolerance: Double) -> Double {
        guard step > 0, step.isFinite, a.isFinite else { return a }
        let k = (a / step).rounded()
        let target = k * step
        return abs(a - target) <= tolerance ? target : a
    }
}
