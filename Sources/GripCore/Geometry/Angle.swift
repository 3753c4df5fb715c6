/// Angles in radians.
public enum Angle {
    /// `a` wrapped into (-pi, pi].
    public static func wrap(_ a: Double) -> Double {
        if a > -Double.pi && a <= Double.pi { return a }
        guard a.isFinite else { return a }
        var r: Double
        let turns = a * (0.5 / Double.pi)
        if abs(turns) < 1e15 {
            // Whole turns by integer conversion: no libm fmod on the hot path (an Int64, which holds
            // them on 32-bit targets too).
            r = a - 2 * Double.pi * Double(Int64(turns))
        } else {
            r = a.truncatingRemainder(dividingBy: 2 * Double.pi)
        }
        if r > Double.pi { r -= 2 * Double.pi } else if r <= -Double.pi { r += 2 * Double.pi }
        return r
    }

    /// `a` snapped to the nearest multiple of `step` when within `tolerance` of it; `a` otherwise.
    public static func snap(_ a: Double, step: Double, tolerance: Double) -> Double {
        guard step > 0, step.isFinite, a.isFinite else { return a }
        let k = (a / step).rounded()
        let target = k * step
        return abs(a - target) <= tolerance ? target : a
    }
}
