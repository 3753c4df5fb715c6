/// Progress indicator outlines: closed shapes in frame space starting at 12 o'clock
/// and running clockwise on screen, with as few vertices as keep within `Style.indicatorTolerance`.
public enum Indicator {
    /// Segments for an arc of `angle` radians with on-screen radius `r`, so that no chord strays
    /// more than `tolerance` from the arc.
    @inlinable public static func segments(
        radius r: Double, angle: Double, tolerance: Double = Style.indicatorTolerance
    ) -> Int {
        guard r > tolerance, r.isFinite, angle > 0 else { return 1 }
        // Sagitta r (1 - cos(step / 2)) <= tolerance  <=>  step <= 2 acos(1 - tolerance / r).
        let c = 1 - tolerance / r
        // acos via atan2 for c in (-1, 1).
        let step = 2 * Trig.atan2((1 - c * c).squareRoot(), c)
        let n = (angle / step).rounded(.up)
        guard n.isFinite else { return 4096 }
        return n < 1 ? 1 : (n > 4096 ? 4096 : Int(n))
    }

    /// Appends the closed outline of `shape` for a `width` x `height` frame, from 12 o'clock
    /// clockwise in frame space (counter-clockwise when `mirrored`), back to the start.
    /// `screenScale` converts frame units to screen units for the vertex budget.
    public static func outline(
        _ shape: IndicatorShape, width: Double, height: Double, cornerRadius: Double,
        screenScale: Double, mirrored: Bool, into out: inout [Vec2]
    ) {
        let start = out.count
        let cx = width * 0.5, cy = height * 0.5
        switch shape {
        case .circle, .custom:
            let r = Swift.min(width, height) * 0.5
            let n = segments(radius: r * screenScale, angle: 2 * Double.pi)
            for i in 0...n {
                // Angle from 12 o'clock, clockwise on screen (y down): (sin a, -cos a).
                let a = 2 * Double.pi * Double(i) / Double(n)
                let (s, c) = Trig.sinCos(a)
                out.append(Vec2(cx + r * s, cy - r * c))
            }
        case .rect:
            out.append(Vec2(cx, 0)); out.append(Vec2(width, 0)); out.append(Vec2(width, height))
            out.append(Vec2(0, height)); out.append(Vec2(0, 0)); out.append(Vec2(cx, 0))
        case .roundedRect:
            let r = Swift.max(0, Swift.min(cornerRadius, width * 0.5, height * 0.5))
            let n = segments(radius: r * screenScale, angle: Double.pi / 2)
            out.append(Vec2(cx, 0))
            // Corners clockwise from top-right: centre of each arc and its start angle from 12 o'clock.
            let corners = [
                (Vec2(width - r, r), 0.0), (Vec2(width - r, height - r), Double.pi / 2),
                (Vec2(r, height - r), Double.pi), (Vec2(r, r), 1.5 * Double.pi)
            ]
            for (c, a0) in corners {
                for i in 0...n {
                    let (s, co) = Trig.sinCos(a0 + Double.pi / 2 * Double(i) / Double(n))
                    out.append(Vec2(c.x + r * s, c.y - r * co))
                }
            }
            out.append(Vec2(cx, 0))
        }
        if mirrored {
            // Same outline, other direction: mirror about the vertical centre line.
            for i in start..<out.count { out[i].x = width - out[i].x }
        }
    }

    /// Keeps the first `progress` of the open polyline `points[from...]` by length (in place).
    public static func trim(_ points: inout [Vec2], from start: Int, progress: Double) {
        let n = points.count - start
        guard n >= 2 else { return }
        var total = 0.0
        for i in (start + 1)..<points.count { total += (points[i] - points[i - 1]).length }
        var remaining = Swift.min(Swift.max(progress, 0), 1) * total
        for i in (start + 1)..<points.count {
            let seg = (points[i] - points[i - 1]).length
            if seg >= remaining {
                let t = seg > 0 ? remaining / seg : 0
                points[i] = points[i - 1] + (points[i] - points[i - 1]) * t
                points.truncate(to: i + 1)
                return
            }
            remaining -= seg
        }
    }
}
