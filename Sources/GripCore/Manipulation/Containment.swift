/// Keeping a box's axis-aligned bounds (in its parent's space) inside a region.
public enum Containment {
    /// The region a box with `insets` must stay in: the parent's bounds shrunk by the insets
    /// (negative insets extend them).
    public static func region(parentWidth: Double, parentHeight: Double, insets: Insets) -> Rect {
        Rect(
            min: Vec2(insets.left, insets.top),
            max: Vec2(parentWidth - insets.right, parentHeight - insets.bottom))
    }

    /// True when `g`'s axis-aligned bounds lie inside `region` (with a hair of tolerance for rounding).
    public static func fits(_ g: BoxGeometry, in region: Rect) -> Bool {
        let b = g.parentBounds
        let eps = 1e-9 * Swift.max(1, abs(region.width) + abs(region.height))
        return b.min.x >= region.min.x - eps && b.max.x <= region.max.x + eps
            && b.min.y >= region.min.y - eps && b.max.y <= region.max.y + eps
    }

    /// `g` translated by the least amount that puts its bounds inside `region`; a box larger than
    /// the region is centred on it along that axis.
    public static func clampTranslation(_ g: BoxGeometry, in region: Rect) -> BoxGeometry {
        let b = g.parentBounds
        var out = g
        out.center.x += shift(b.min.x, b.max.x, region.min.x, region.max.x)
        out.center.y += shift(b.min.y, b.max.y, region.min.y, region.max.y)
        return out
    }

    static func shift(_ lo: Double, _ hi: Double, _ rlo: Double, _ rhi: Double) -> Double {
        if hi - lo > rhi - rlo { return (rlo + rhi) * 0.5 - (lo + hi) * 0.5 }
        if lo < rlo { return rlo - lo }
        if hi > rhi { return rhi - hi }
        return 0
    }
}
