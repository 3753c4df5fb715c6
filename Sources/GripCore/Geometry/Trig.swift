// Sine, cosine and arctangent in pure Swift: GripCore imports neither Foundation nor libm,
// and the same bits come out on every platform, which keeps replays deterministic.

/// `(sin x, cos x)` accurate to about 1 ulp for |x| < 1e9; NaN for non-finite x.
@inlinable public func sinCos(_ x: Double) -> (Double, Double) {
    guard x.isFinite else { return (.nan, .nan) }
    // Reduce to r in [-pi/4, pi/4] with x = q * pi/2 + r (Cody-Waite, three parts of pi/2).
    let q = (x * 0.6366197723675814).rounded(.toNearestOrEven)
    var r = x - q * 1.5707963267341256
    r -= q * 6.077100506303966e-11
    r -= q * 2.0222662487959506e-21
    let r2 = r * r
    let s = r + r * r2 * (-1.0 / 6 + r2 * (1.0 / 120 + r2 * (-1.0 / 5040 + r2 * (1.0 / 362880
        + r2 * (-1.0 / 39916800 + r2 * (1.0 / 6227020800 + r2 * (-1.0 / 1307674368000)))))))
    let c = 1 + r2 * (-0.5 + r2 * (1.0 / 24 + r2 * (-1.0 / 720 + r2 * (1.0 / 40320
        + r2 * (-1.0 / 3628800 + r2 * (1.0 / 479001600 + r2 * (-1.0 / 87178291200)))))))
    // q mod 4 picks the quadrant; q is finite and bounded by the guard above.
    let quadrant = q.truncatingRemainder(dividingBy: 4)
    switch quadrant < 0 ? quadrant + 4 : quadrant {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
}

/// The angle of the vector (x, y) in (-pi, pi]; 0 for (0, 0).
@inlinable public func atan2(_ y: Double, _ x: Double) -> Double {
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

/// atan(t) for t in [0, 1].
@inlinable func atanUnit(_ t: Double) -> Double {
    if !t.isFinite { return Double.pi / 4 }
    // Reduce about tan(pi/8) so the series converges fast: atan(t) = pi/8 + atan((t - k)/(1 + t k)).
    let k = 0.41421356237309503  // tan(pi/8)
    var base = 0.0
    var u = t
    if t > 0.2 {
        base = Double.pi / 8
        u = (t - k) / (1 + t * k)
    }
    // |u| <= 0.415: the odd series to u^47 leaves a term below 1e-18.
    let u2 = u * u
    var sum = 0.0
    var n = 47.0
    while n >= 1 {
        sum = 1 / n - u2 * sum
        n -= 2
    }
    return base + u * sum
}
