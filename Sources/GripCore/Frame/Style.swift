/// The look of the overlay, in screen units.
public enum Style {
    public static let borderStroke = 1.0
    public static let dashOn = 6.0, dashOff = 6.0
    /// Dash phase advance, units per second of timer time.
    public static let dashSpeed = 10.0
    public static let handleRadius = 5.0, handleInnerRadius = 3.0
    public static let indicatorStroke = 3.0
    /// Largest distance between an indicator polyline and its true curve.
    public static let indicatorTolerance = 0.25

    /// The dash phase at time `t`: 10 units per second, wrapping at 12.
    @inlinable public static func dashPhase(at t: Double) -> Double {
        let period = dashOn + dashOff
        let d = t * dashSpeed
        // A finite time past ~1.8e307 makes d infinite, whose remainder is NaN: phase 0 then.
        guard d.isFinite else { return 0 }
        // Whole periods as an Int64, which holds any |d| / period below 1e15 on 32-bit targets too.
        let p = abs(d) < 1e15 ? d - period * Double(Int64(d / period)) : d.truncatingRemainder(dividingBy: period)
        return p < 0 ? p + period : p
    }
}
