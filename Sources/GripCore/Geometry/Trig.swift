/// Sine, cosine and arctangent in pure Swift: GripCore imports neither Foundation nor libm, and
/// the same bits come out on every platform, which keeps replays deterministic. They are static
/// functions (`Trig.sinCos`, `Trig.atan2`), so they neither shadow libm's names nor pass for them.
public enum Trig {
    /// `(sin x, cos x)` accurate to about 1 ulp for |x| < 1.6e9 (beyond that the argument is first
    /// reduced modulo 2 pi in double precision); NaN for non-finite x.
    public static func sinCos(_ x: Double) -> (Double, Double) {
        guard x.isFinite else { return (.nan, .nan) }
        if abs(x) >= 1.6e9 { return sinCos(x.truncatingRemainder(dividingBy: 2 * Double.pi)) }
        // Reduce to r in [-pi/4, pi/4] with x = k * pi/2 + r (Cody-Waite: pi/2 in four parts, the
        // first three of 23 significant bits, so k * part is exact for |k| < 2^30).
        let k = Int(x * 0.6366197723675814 + (x >= 0 ? 0.5 : -0.5))
        let q = Double(k)
        var r = x - q * 1.570796251296997
        r -= q * 7.549789415861596e-08
        r -= q * 5.390302529957765e-15
        r -= q * 3.2820035428735005e-22
        let r2 = r * r
        let s =
            r + r * r2
            * (-1.0 / 6 + r2
                * (1.0 / 120 + r2
                    * (-1.0 / 5040 + r2
                        * (1.0 / 362880
                            + r2 * (-1.0 / 39916800 + r2 * (1.0 / 6227020800 + r2 * (-1.0 / 1307674368000)))))))
        let c =
            1 + r2
            * (-0.5 + r2
                * (1.0 / 24 + r2
                    * (-1.0 / 720 + r2
                        * (1.0 / 40320
                            + r2
                            * (-1.0 / 3628800 + r2
                                * (1.0 / 479001600 + r2
                                    * (-1.0 / 87178291200
                                        + r2 * (1.0 / 20922789888000))))))))
        switch k & 3 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// The angle of the vector (x, y) in (-pi, pi]; 0 for (0, 0).
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if x == 0 && y == 0 { return 0 }
        let ax = abs(x), ay = abs(y)
        // atan of the smaller over the larger ratio, in [0, 1].
        let t = ax >= ay ? ay / ax : ax / ay
        var a = atanUnit(t)
        if ay > ax { a = Double.pi / 2 - a }
        if x < 0 { a = Double.pi - a }
        return y < 0 ? -a : a
    }

    /// atan(t) for t in [0, 1]: atan(t) = atan(c) + atan((t - c) / (1 + t c)) with c the nearest
    /// multiple of 1/8, which leaves |u| <= 1/16, where the odd series to u^13 is exact to 1e-19.
    static func atanUnit(_ t: Double) -> Double {
        if !(t >= 0 && t <= 1) { return t > 1 ? Double.pi / 4 : (t.isNaN ? t : 0) }
        let k = Double(Int(t * 8 + 0.5))  // t is in [0, 1]: no libm call, no trap
        let c = k * 0.125
        let u = (t - c) / (1 + t * c)
        let u2 = u * u
        let series =
            u * (1 - u2 * (1.0 / 3 - u2 * (1.0 / 5 - u2 * (1.0 / 7 - u2 * (1.0 / 9 - u2 * (1.0 / 11 - u2 / 13))))))
        return atanOfEighth(k) + series
    }

    /// atan(k / 8) for k in 0...8 (a switch: no global array to initialise and bounds-check).
    static func atanOfEighth(_ k: Double) -> Double {
        switch k {
        case 1: return 0.12435499454676144
        case 2: return 0.24497866312686414
        case 3: return 0.35877067027057225
        case 4: return 0.4636476090008061
        case 5: return 0.5585993153435624
        case 6: return 0.6435011087932844
        case 7: return 0.7188299996216245
        case 8: return 0.7853981633974483
        default: return 0
        }
    }
}
