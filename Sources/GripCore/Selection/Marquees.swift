/// The geometry of marquee rules: a box's four screen corners against an axis-aligned rectangle.
public enum Marquees {
    /// Whether the quadrilateral `c` (corners in order) meets the rectangle `lo`-`hi` by `rule`:
    /// contain, all four corners inside it; intersect, the outline and the rectangle share a
    /// point (separating axes: the rectangle's and the quadrilateral's edge normals).
    public static func meets(_ c: (Vec2, Vec2, Vec2, Vec2), _ lo: Vec2, _ hi: Vec2, _ rule: MarqueeRule) -> Bool {
        func inside(_ p: Vec2) -> Bool { p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y }
        if rule == .contain { return inside(c.0) && inside(c.1) && inside(c.2) && inside(c.3) }
        let xs = (
            Swift.min(Swift.min(c.0.x, c.1.x), Swift.min(c.2.x, c.3.x)),
            Swift.max(Swift.max(c.0.x, c.1.x), Swift.max(c.2.x, c.3.x))
        )
        let ys = (
            Swift.min(Swift.min(c.0.y, c.1.y), Swift.min(c.2.y, c.3.y)),
            Swift.max(Swift.max(c.0.y, c.1.y), Swift.max(c.2.y, c.3.y))
        )
        if xs.1 < lo.x || xs.0 > hi.x || ys.1 < lo.y || ys.0 > hi.y { return false }
        // Inside the rectangle (the common case of a marquee over many boxes): they meet.
        if xs.0 >= lo.x && xs.1 <= hi.x && ys.0 >= lo.y && ys.1 <= hi.y { return true }
        // The quadrilateral's own edge directions (a parallelogram: two of them).
        func separated(_ edge: Vec2) -> Bool {
            let n = Vec2(-edge.y, edge.x)
            func project(_ p: Vec2) -> Double { n.x * p.x + n.y * p.y }
            let q = (project(c.0), project(c.1), project(c.2), project(c.3))
            let qmin = Swift.min(Swift.min(q.0, q.1), Swift.min(q.2, q.3)),
                qmax = Swift.max(Swift.max(q.0, q.1), Swift.max(q.2, q.3))
            let r = (project(lo), project(Vec2(hi.x, lo.y)), project(hi), project(Vec2(lo.x, hi.y)))
            let rmin = Swift.min(Swift.min(r.0, r.1), Swift.min(r.2, r.3)),
                rmax = Swift.max(Swift.max(r.0, r.1), Swift.max(r.2, r.3))
            return qmax < rmin || qmin > rmax
        }
        return !separated(c.1 - c.0) && !separated(c.3 - c.0)
    }
}
