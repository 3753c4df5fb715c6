/// Containment in a gesture's step, for one box and for a selection alike: each contained member
/// keeps its own region (its parent's bounds less its insets), and the members stop as a whole.
/// A move is clamped exactly where that can be done (one box: `Containment.clampTranslation`,
/// the overshoot remembered; members whose parent spaces are the world's up to scale and mirror:
/// the displacement clamped per axis), else searched; a rotation, pinch, magnify or custom handle
/// step that would take a member out is refused as a whole. The engine's coordinate range is a
/// region every box has (GeometryLimits.swift): moves and nudges stop at its edge. Resizes: Interaction/Kinds/ResizeGesture.swift.
extension Engine {
    /// Whether every member's proposal is within the engine's ranges (`BoxGeometry.isValid`: the
    /// coordinate range is a wall for every box) and every contained member's lies in its region.
    @_optimize(speed) func allFit(_ gi: Int) -> Bool {
        for i in 0..<interactions.active[gi].members.count {
            if !interactions.proposals[i].isValid { return false }
        }
        return allContained(gi)
    }

    /// Whether every contained member's proposal lies in its region.
    @_optimize(speed) private func allContained(_ gi: Int) -> Bool {
        if interactions.active[gi].members.count == 1 {
            // A set of one: its box is alive, its region read by its slot (-60 instructions a
            // one-box rotation step, grip-loop rotate).
            guard let r = containmentRegion(interactions.active[gi].members.first.slot) else { return true }
            return Containment.fits(interactions.proposals[0], in: r)
        }
        for i in 0..<interactions.active[gi].members.count {
            guard let s = scene.slot(interactions.active[gi].members.box(i)), let r = containmentRegion(s) else {
                continue
            }
            if !Containment.fits(interactions.proposals[i], in: r) { return false }
        }
        return true
    }

    /// Whether every contained member's snapshot lies in its region.
    func startFits(_ gi: Int) -> Bool {
        let members = interactions.active[gi].members
        for i in 0..<members.count {
            guard let s = scene.slot(members[i].box), let r = containmentRegion(s) else { continue }
            if !Containment.fits(members[i].start, in: r) { return false }
        }
        return true
    }

    /// A step that would take a contained member out of its region is refused as a whole: every
    /// member stays where it is. (A proposal beyond the engine's ranges is left for the commit to
    /// refuse.)
    @_optimize(speed) func refuseUnlessAllFit(_ gi: Int) {
        if allContained(gi) { return }
        let members = interactions.active[gi].members
        for i in 0..<members.count { interactions.proposals[i] = members[i].current }
    }

    /// The proposals of a move of group gesture `gi` by world displacement `d` (every member moved
    /// by it), stopped by containment: the group stops as a whole at the largest part of `d`
    /// that fits, then slides along each world axis. Returns the displacement applied. (One box
    /// is clamped into its region exactly by its move step.)
    func containMove(_ gi: Int, by d: Vec2) -> Vec2 {
        if allFit(gi) { return d }
        if let clamped = clampedShift(gi, d) {
            propose(gi, GroupTransform.Similarity(shift: clamped))
            // (Rounding can leave a member an ulp past an edge: the search below stops short of it.)
            if allFit(gi) { return clamped }
        }
        func fits(_ v: Vec2) -> Bool {
            propose(gi, GroupTransform.Similarity(shift: v))
            return allFit(gi)
        }
        func largest(_ from: Vec2, _ to: Vec2) -> Vec2 {
            if fits(to) { return to }
            var lo = 0.0, hi = 1.0
            for _ in 0..<40 {
                let mid = (lo + hi) * 0.5
                if fits(from + (to - from) * mid) { lo = mid } else { hi = mid }
            }
            return from + (to - from) * lo
        }
        var at = largest(.zero, d)
        at = largest(at, Vec2(d.x, at.y))
        at = largest(at, Vec2(at.x, d.y))
        _ = fits(at)
        return at
    }

    /// Displacement `d` clamped, axis by axis, to what keeps every contained member in its bounds
    /// and every member's x and y in the coordinate range, when every member's parent space is
    /// the world's up to scale and mirror (exact, as for one box); nil otherwise (a contained
    /// member in a rotated parent: the caller searches instead).
    private func clampedShift(_ gi: Int, _ d: Vec2) -> Vec2? {
        let members = interactions.active[gi].members
        var lo = Vec2(-Double.infinity, -Double.infinity), hi = Vec2(Double.infinity, Double.infinity)
        let limit = BoxGeometry.maxMagnitude
        for i in 0..<members.count {
            guard let s = scene.slot(members[i].box) else { continue }
            let m = members[i].parentWorld
            let region = containmentRegion(s)
            guard m.b == 0, m.c == 0, m.a != 0, m.d != 0 else {
                // (One not contained is left to the check of the result.)
                if region == nil { continue }
                return nil
            }
            // The coordinate range: the translations (parent space) that keep x and y within it.
            let g = members[i].start
            let x0 = g.center.x - g.width * 0.5, y0 = g.center.y - g.height * 0.5
            let rx = ((-limit - x0) * m.a, (limit - x0) * m.a), ry = ((-limit - y0) * m.d, (limit - y0) * m.d)
            lo = Vec2(Swift.max(lo.x, Swift.min(rx.0, rx.1)), Swift.max(lo.y, Swift.min(ry.0, ry.1)))
            hi = Vec2(Swift.min(hi.x, Swift.max(rx.0, rx.1)), Swift.min(hi.y, Swift.max(ry.0, ry.1)))
            guard let r = region else { continue }
            // The translations (parent space) that keep the start bounds inside, in world units.
            let b = members[i].start.parentBounds
            let tx = (r.min.x - b.min.x, r.max.x - b.max.x), ty = (r.min.y - b.min.y, r.max.y - b.max.y)
            guard tx.0 <= tx.1, ty.0 <= ty.1 else { return nil }
            let wx = (tx.0 * m.a, tx.1 * m.a), wy = (ty.0 * m.d, ty.1 * m.d)
            lo = Vec2(Swift.max(lo.x, Swift.min(wx.0, wx.1)), Swift.max(lo.y, Swift.min(wy.0, wy.1)))
            hi = Vec2(Swift.min(hi.x, Swift.max(wx.0, wx.1)), Swift.min(hi.y, Swift.max(wy.0, wy.1)))
        }
        guard lo.x <= hi.x, lo.y <= hi.y else { return nil }
        return Vec2(Swift.min(Swift.max(d.x, lo.x), hi.x), Swift.min(Swift.max(d.y, lo.y), hi.y))
    }
}
