/// The trackpad or wheel magnification: a live preview clamped to [0.1, 5] times the
/// scale at began, committed at the end within the box's scale limits, about the focal point.
public enum Magnify {
    /// Bounds of the live preview, relative to the scale at began.
    public static let previewRange: ClosedRange<Double> = 0.1...5

    /// The preview for cumulative `factor` about `focal` (parent space).
    public static func preview(_ start: BoxGeometry, factor: Double, focal: Vec2) -> BoxGeometry {
        let k = Swift.min(Swift.max(factor, previewRange.lowerBound), previewRange.upperBound)
        return scaled(start, by: k, about: focal)
    }

    /// The committed geometry: the preview's scale clamped to [minScale, maxScale].
    public static func commit(
        _ start: BoxGeometry, factor: Double, focal: Vec2, minScale: Double, maxScale: Double
    ) -> BoxGeometry {
        let k = Swift.min(Swift.max(factor, previewRange.lowerBound), previewRange.upperBound)
        let s = Swift.min(Swift.max(start.scale * k, minScale), maxScale)
        return scaled(start, by: s / start.scale, about: focal)
    }

    static func scaled(_ g0: BoxGeometry, by k: Double, about f: Vec2) -> BoxGeometry {
        var g = g0
        g.scale = g0.scale * k
        g.center = f + (g0.center - f) * k
        return g
    }
}
