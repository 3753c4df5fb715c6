/// What a box's geometry must satisfy to be described and configured back, saved and loaded
/// back: `BoxGeometry.isValid` (the engine's ranges) and the box's own limits (its minimum size
/// and its scale range). Every path that changes a box's geometry keeps to them: configure and
/// create refuse a description outside them, a re-parent whose local geometry would leave them is
/// refused, moves and nudges stop at the coordinate range, and a gesture step, reset or undo that
/// would leave them changes nothing.
extension BoxBehavior {
    /// Nil when a box with this behaviour may have geometry `g`, else what is wrong, naming the
    /// field (as a description's: x and y are the top-left corner before rotation and scale).
    func limitProblem(_ g: BoxGeometry) -> String? {
        if let p = g.rangeProblem { return p }
        if g.width < minWidth { return "width \(g.width) is below min_width \(minWidth)" }
        if g.height < minHeight { return "height \(g.height) is below min_height \(minHeight)" }
        if !(g.scale >= minScale && g.scale <= maxScale) {
            return "scale \(g.scale) is outside [min_scale, max_scale] = [\(minScale), \(maxScale)]"
        }
        return nil
    }

    /// Whether `o` has the same minimum size and scale range, bit for bit.
    func sameLimits(_ o: BoxBehavior) -> Bool {
        minWidth.bitPattern == o.minWidth.bitPattern && minHeight.bitPattern == o.minHeight.bitPattern
            && minScale.bitPattern == o.minScale.bitPattern && maxScale.bitPattern == o.maxScale.bitPattern
    }

    /// `g` when this box may have it; the same with its scale put on the nearer limit when it
    /// passes it by rounding only (a factor computed as a limit over a scale can give back the
    /// limit an ulp off); nil otherwise.
    @inline(__always) func settled(_ g: BoxGeometry) -> BoxGeometry? {
        if admits(g) { return g }
        var out = g
        let tolerance = 1e-12
        if g.scale > maxScale && g.scale <= maxScale * (1 + tolerance) { out.scale = maxScale }
        if g.scale < minScale && g.scale >= minScale * (1 - tolerance) { out.scale = minScale }
        return admits(out) ? out : nil
    }
}

extension BoxGeometry {
    /// Nil when the geometry is within the engine's ranges (`isValid`), else what is wrong,
    /// naming the first field that is (as a description's: x and y are the top-left corner
    /// before rotation and scale) with its value.
    var rangeProblem: String? {
        if isValid { return nil }
        let m = BoxGeometry.maxMagnitude
        let x = center.x - width * 0.5, y = center.y - height * 0.5
        if !(width > 0 && width <= m) { return "width \(width) is not in (0, \(m)]" }
        if !(height > 0 && height <= m) { return "height \(height) is not in (0, \(m)]" }
        if !(abs(x) <= m) { return "x \(x) is not finite or beyond \(m)" }
        if !(abs(y) <= m) { return "y \(y) is not finite or beyond \(m)" }
        if !(abs(rotation) <= m) { return "rotation \(rotation) is not finite or beyond \(m)" }
        return "scale \(scale) is not in [\(BoxGeometry.minScale), \(BoxGeometry.maxScale)]"
    }

    /// Whether the top-left corner before rotation and scale (a description's x, y) lies within
    /// `maxMagnitude` on both axes.
    @inline(__always) var isInCoordinateRange: Bool {
        let m = BoxGeometry.maxMagnitude
        return abs(center.x - width * 0.5) <= m && abs(center.y - height * 0.5) <= m
    }

    /// `g` translated by the least amount that puts its x and y (the top-left corner before
    /// rotation and scale) within `maxMagnitude`: where a move stops at the edge of the
    /// coordinate range. Sizes up to `maxMagnitude` always fit.
    func keptInCoordinateRange() -> BoxGeometry {
        if isInCoordinateRange { return self }
        var out = self
        out.center.x = BoxGeometry.clampedCentre(center.x, half: width * 0.5)
        out.center.y = BoxGeometry.clampedCentre(center.y, half: height * 0.5)
        return out
    }

    /// The centre nearest `c` whose `c - half` lies within `maxMagnitude` (`half` at most
    /// `maxMagnitude`): the limit plus `half`, stepped inwards by the ulps rounding may add.
    private static func clampedCentre(_ c: Double, half: Double) -> Double {
        let m = maxMagnitude
        if abs(c - half) <= m { return c }
        let high = c - half > m
        var v = high ? m + half : half - m
        var steps = 0
        while !(abs(v - half) <= m) && steps < 64 {
            v = high ? v.nextDown : v.nextUp
            steps += 1
        }
        return v
    }
}
