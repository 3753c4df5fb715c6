/// Dragging one of the eight resize handles, computed from the geometry at
/// gesture start and where the handle should be now, both in the start geometry's frame space.
///
/// The opposite corner or edge (or the centre, when `centered`) keeps its place in the parent's
/// space, so it stays fixed in world space however the box or its ancestors are rotated, scaled or
/// flipped. Edge handles change one dimension (in uniform mode the other follows about its middle).
/// Past the opposite edge the box flips (with `allowFlip`) or stops at the minimum size.
public enum Resize {
    /// Options of one resize step.
    public struct Options: Sendable {
        public var uniform = false
        public var centered = false
        public var allowFlip = true
        public var minWidth = 10.0
        public var minHeight = 10.0
        public init(
            uniform: Bool = false, centered: Bool = false, allowFlip: Bool = true,
            minWidth: Double = 10, minHeight: Double = 10
        ) {
            self.uniform = uniform; self.centered = centered; self.allowFlip = allowFlip
            self.minWidth = minWidth; self.minHeight = minHeight
        }
    }

    /// The geometry with `handle` dragged to `target` (frame space of `start`), and the handle that
    /// now sits under the pointer (mirrored along each axis that flipped).
    /// `startFrame` is `start.frameLocal` when the caller has it already.
    @_optimize(speed) public static func apply(
        _ start: BoxGeometry, handle: HandleID, to target: Vec2,
        _ o: Options, startFrame: Affine? = nil
    ) -> (BoxGeometry, HandleID) {
        let w0 = start.width, h0 = start.height
        let a = handle.anchor
        let activeX = a.x != 0.5, activeY = a.y != 0.5
        // Signed extents the pointer asks for along each active axis (negative: crossed over).
        let ex = activeX ? extent(target.x, anchor: a.x, size: w0, centered: o.centered) : w0
        let ey = activeY ? extent(target.y, anchor: a.y, size: h0, centered: o.centered) : h0

        var sx: Double, sy: Double  // signed new sizes
        if o.uniform {
            var k: Double
            if activeX && activeY {
                // Project onto the diagonal: one factor, both axes flip together through the pivot.
                k = (ex * w0 + ey * h0) / (w0 * w0 + h0 * h0)
            } else {
                k = activeX ? ex / w0 : ey / h0
            }
            let kMin = Swift.max(o.minWidth / w0, o.minHeight / h0)
            k = limit(k, min: kMin, allowFlip: o.allowFlip)
            sx = activeX ? k * w0 : abs(k) * w0
            sy = activeY ? k * h0 : abs(k) * h0
            // k * w0 with k = minWidth / w0 can round an ulp below the minimum.
            if abs(sx) < o.minWidth { sx = sx < 0 ? -o.minWidth : o.minWidth }
            if abs(sy) < o.minHeight { sy = sy < 0 ? -o.minHeight : o.minHeight }
        } else {
            sx = activeX ? limit(ex, min: o.minWidth, allowFlip: o.allowFlip) : w0
            sy = activeY ? limit(ey, min: o.minHeight, allowFlip: o.allowFlip) : h0
        }

        let (x0, x1) = span(sx, anchor: a.x, size: w0, centered: o.centered || !activeX)
        let (y0, y1) = span(sy, anchor: a.y, size: h0, centered: o.centered || !activeY)
        var g = start
        // The sizes themselves, not x1 - x0: that difference can round below the minimum.
        g.width = abs(sx)
        g.height = abs(sy)
        g.center = (startFrame ?? start.frameLocal).apply(Vec2((x0 + x1) * 0.5, (y0 + y1) * 0.5))
        let flipX = sx < 0, flipY = sy < 0
        if flipX { g.flippedX.toggle() }
        if flipY { g.flippedY.toggle() }
        var h = handle
        if flipX { h = h.mirroredX }
        if flipY { h = h.mirroredY }
        return (g, h)
    }

    /// The signed size asked for by a handle at `p` along one axis whose handle anchor is 0 or 1.
    static func extent(_ p: Double, anchor: Double, size: Double, centered: Bool) -> Double {
        let dir = anchor == 1 ? 1.0 : -1.0
        if centered { return 2 * (p - size * 0.5) * dir }
        let pivot = (1 - anchor) * size
        return (p - pivot) * dir
    }

    /// `v` with its magnitude at least `min`; without flipping, never below `min`.
    static func limit(_ v: Double, min: Double, allowFlip: Bool) -> Double {
        if !allowFlip { return Swift.max(v, min) }
        if abs(v) >= min { return v }
        return v < 0 ? -min : min
    }

    /// The new [lo, hi] along one axis of the start frame space for signed size `s`.
    static func span(_ s: Double, anchor: Double, size: Double, centered: Bool) -> (Double, Double) {
        let m = abs(s)
        if centered { return (size * 0.5 - m * 0.5, size * 0.5 + m * 0.5) }
        let pivot = (1 - anchor) * size
        let dir = anchor == 1 ? 1.0 : -1.0
        let end = pivot + dir * s
        return (Swift.min(pivot, end), Swift.max(pivot, end))
    }
}
