/// Equal gaps (GRIP_SNAP_GAPS) along one axis, among the targets overlapping the moving bounds in
/// the other axis: the moving box centred in the gap between its nearest neighbours on either
/// side, or beside a neighbour at the gap that neighbour already has from the next box of its row.
extension Engine {
    /// The target nearest `from` along `axis` whose max edge is at or below it (`below`), or whose
    /// min edge is at or above it, among those overlapping (`olo`, `ohi`) in the other axis, the
    /// first in draw order among equally near ones; -1 when none is. Every run and every target
    /// waiting is searched.
    @_optimize(speed) func gapNeighbour(
        _ pi: Int, axis: Int, from: Double, below: Bool, _ olo: Double, _ ohi: Double
    ) -> Int32 {
        let k = axis * 3 + (below ? 2 : 0), o = 1 - axis
        let p = Int32(pi)
        var best: Int32 = -1, bestKey = 0.0
        /// Whether target `s` at `key` beats the best so far.
        @inline(__always) func better(_ s: Int32, _ key: Double) -> Bool {
            if best < 0 { return true }
            if key != bestKey { return below ? key > bestKey : key < bestKey }
            return scene[s].order < scene[best].order
        }
        @inline(__always) func overlaps(_ s: Int32) -> Bool {
            let r = snapping.index.records[Int(s)].bounds
            return SnapIndex.feature(r, axis: o, 0) < ohi && SnapIndex.feature(r, axis: o, 2) > olo
        }
        for r in 0..<snapping.index.parents[pi].runs.count {
            let list = snapping.index.parents[pi].runs[r].lists[k]
            let n = list.keys.count
            var i = list.lowerBound(from)
            if below {
                // The last key not above `from`.
                while i < n && list.keys[i] == from { i += 1 }
                i -= 1
            }
            var found: Double? = nil
            while i >= 0 && i < n {
                let v = list.keys[i]
                // Past the first found key (ties with it are all looked at), or no better than the best.
                if let f = found, v != f { break }
                if best >= 0 && (below ? v < bestKey : v > bestKey) { break }
                let s = list.slots[i]
                // One read of the record: live, not moving, overlapping.
                let rec = snapping.index.records[Int(s)]
                if rec.stamp == list.stamps[i] && rec.index == p && !rec.pending && rec.moving != snapping.index.stamp
                    && SnapIndex.feature(rec.bounds, axis: axis, below ? 2 : 0).bitPattern == v.bitPattern
                    && SnapIndex.feature(rec.bounds, axis: o, 0) < ohi
                    && SnapIndex.feature(rec.bounds, axis: o, 2) > olo
                {
                    found = v
                    if better(s, v) { best = s; bestKey = v }
                }
                i += below ? -1 : 1
            }
        }
        for s in snapping.index.parents[pi].pending
        where snapping.index.waits(p, s) && snapping.index.isTarget(s) && overlaps(s) {
            let v = SnapIndex.feature(snapping.index.records[Int(s)].bounds, axis: axis, below ? 2 : 0)
            if (below ? v <= from : v >= from) && better(s, v) { best = s; bestKey = v }
        }
        return best
    }

    /// Along `axis`, for bounds `b`: the neighbours before and after its centre, and each one's own
    /// neighbour further out in its row (-1 where there is none).
    @inline(never) @_optimize(speed) func gapNeighbours(_ pi: Int, _ b: Rect, axis: Int) -> (Int32, Int32, Int32, Int32)
    {
        let o = 1 - axis
        let olo = SnapIndex.feature(b, axis: o, 0), ohi = SnapIndex.feature(b, axis: o, 2)
        let mid = SnapIndex.feature(b, axis: axis, 1)
        let a = gapNeighbour(pi, axis: axis, from: mid, below: true, olo, ohi)
        let c = gapNeighbour(pi, axis: axis, from: mid, below: false, olo, ohi)
        var a2: Int32 = -1, c2: Int32 = -1
        if a >= 0 {
            let r = snapping.index.records[Int(a)].bounds
            a2 = gapNeighbour(
                pi, axis: axis, from: SnapIndex.feature(r, axis: axis, 0), below: true,
                SnapIndex.feature(r, axis: o, 0), SnapIndex.feature(r, axis: o, 2))
        }
        if c >= 0 {
            let r = snapping.index.records[Int(c)].bounds
            c2 = gapNeighbour(
                pi, axis: axis, from: SnapIndex.feature(r, axis: axis, 2), below: false,
                SnapIndex.feature(r, axis: o, 0), SnapIndex.feature(r, axis: o, 2))
        }
        return (a, c, a2, c2)
    }

    @inline(__always) private func edge(_ s: Int32, _ axis: Int, _ f: Int) -> Double {
        SnapIndex.feature(snapping.index.records[Int(s)].bounds, axis: axis, f)
    }

    /// Considers the equal-gap corrections of bounds `b` along `axis` within `tol`.
    @_optimize(speed) func gapSnap(
        _ pi: Int, _ b: Rect, axis: Int, tol: Double, pointer: Double, into best: inout AxisSnap
    ) {
        let (a, c, a2, c2) = gapNeighbours(pi, b, axis: axis)
        let lo = SnapIndex.feature(b, axis: axis, 0), hi = SnapIndex.feature(b, axis: axis, 2), mid = (lo + hi) * 0.5
        if a >= 0 && c >= 0 {
            let aMax = edge(a, axis, 2), cMin = edge(c, axis, 0)
            let t = (aMax + cMin) * 0.5
            if cMin - aMax >= hi - lo && abs(t - mid) <= tol { best.consider(t - mid, target: t, pointer: pointer) }
        }
        if a >= 0 && a2 >= 0 {
            let t = edge(a, axis, 2) + (edge(a, axis, 0) - edge(a2, axis, 2))
            if abs(t - lo) <= tol { best.consider(t - lo, target: t, pointer: pointer) }
        }
        if c >= 0 && c2 >= 0 {
            let t = edge(c, axis, 0) - (edge(c2, axis, 0) - edge(c, axis, 2))
            if abs(t - hi) <= tol { best.consider(t - hi, target: t, pointer: pointer) }
        }
    }

    /// Appends the GAP marks of the equal gaps bounds `b` has along `axis` (within `eps`).
    func gapMarks(_ pi: Int, _ b: Rect, axis: Int, eps: Double) {
        let (a, c, a2, c2) = gapNeighbours(pi, b, axis: axis)
        let lo = SnapIndex.feature(b, axis: axis, 0), hi = SnapIndex.feature(b, axis: axis, 2)
        if a >= 0 && c >= 0, abs((lo - edge(a, axis, 2)) - (edge(c, axis, 0) - hi)) <= eps, lo >= edge(a, axis, 2) {
            gapMark(axis, edge(a, axis, 2), lo, b, a)
            gapMark(axis, hi, edge(c, axis, 0), b, c)
        }
        if a >= 0 && a2 >= 0, lo >= edge(a, axis, 2),
            abs((lo - edge(a, axis, 2)) - (edge(a, axis, 0) - edge(a2, axis, 2))) <= eps
        {
            gapMark(axis, edge(a2, axis, 2), edge(a, axis, 0), snapping.index.records[Int(a2)].bounds, a)
            gapMark(axis, edge(a, axis, 2), lo, b, a)
        }
        if c >= 0 && c2 >= 0, edge(c, axis, 0) >= hi,
            abs((edge(c, axis, 0) - hi) - (edge(c2, axis, 0) - edge(c, axis, 2))) <= eps
        {
            gapMark(axis, edge(c, axis, 2), edge(c2, axis, 0), snapping.index.records[Int(c2)].bounds, c)
            gapMark(axis, hi, edge(c, axis, 0), b, c)
        }
    }

    /// A GAP from `from` to `to` along `axis`, across the middle of where `r` and target `s` overlap.
    private func gapMark(_ axis: Int, _ from: Double, _ to: Double, _ r: Rect, _ s: Int32) {
        let o = 1 - axis
        let m =
            (Swift.max(SnapIndex.feature(r, axis: o, 0), edge(s, o, 0))
                + Swift.min(SnapIndex.feature(r, axis: o, 2), edge(s, o, 2))) * 0.5
        let p = axis == 0 ? Vec2(from, m) : Vec2(m, from), q = axis == 0 ? Vec2(to, m) : Vec2(m, to)
        snapping.markScratch.append(SnapMark(gap: true, a: p, b: q, length: to - from))
    }
}
