/// The best correction along one axis: the smallest, then the one whose target is nearest the
/// pointer, then the smaller (so the choice never depends on the order candidates come in).
struct AxisSnap {
    var d = Double.infinity
    var target = 0.0
    var found: Bool { d.isFinite }

    /// Keeps correction `d` to target coordinate `t` (pointer at `p` on this axis) when it is better.
    @inline(__always) mutating func consider(_ d: Double, target t: Double, pointer p: Double) {
        let ad = abs(d), bd = abs(self.d)
        if ad < bd || (ad == bd && (abs(t - p) < abs(target - p) || (abs(t - p) == abs(target - p) && d < self.d))) {
            self.d = d
            target = t
        }
    }
}

extension Engine {
    /// The parent-space tolerance along x and y of `threshold` screen units for slot `child`.
    @_optimize(speed) func snapTolerance(child: Int32) -> Vec2 {
        let m = view * scene.parentWorld(child)
        let t = snapping.config.threshold
        return Vec2(t / m.applyVector(Vec2(1, 0)).length, t / m.applyVector(Vec2(0, 1)).length)
    }

    /// Considers, for moving coordinate `f`, the nearest targets below and above it in list `k`
    /// of index `pi` within `tol`: in each run, and each target waiting.
    @_optimize(speed) @inline(__always) func nearestTargets(
        _ pi: Int, _ k: Int, _ f: Double, tol: Double, pointer: Double,
        into best: inout AxisSnap
    ) {
        let lo = f - tol, hi = f + tol
        let p = Int32(pi)
        for r in 0..<snapping.index.parents[pi].runs.count {
            let list = snapping.index.parents[pi].runs[r].lists[k]
            let i0 = list.lowerBound(f)
            var i = i0 - 1
            while i >= 0 {
                let v = list.keys[i]
                if v < lo { break }
                let s = list.slots[i]
                if snapping.index.live(p, k, v, s, list.stamps[i]) && snapping.index.isTarget(s) {
                    best.consider(v - f, target: v, pointer: pointer); break
                }
                i -= 1
            }
            i = i0
            let n = list.keys.count
            while i < n {
                let v = list.keys[i]
                if v > hi { break }
                let s = list.slots[i]
                if snapping.index.live(p, k, v, s, list.stamps[i]) && snapping.index.isTarget(s) {
                    best.consider(v - f, target: v, pointer: pointer); break
                }
                i += 1
            }
        }
        for s in snapping.index.parents[pi].pending where snapping.index.waits(p, s) && snapping.index.isTarget(s) {
            let v = SnapIndex.feature(snapping.index.records[Int(s)].bounds, axis: k / 3, k % 3)
            if v >= lo && v <= hi { best.consider(v - f, target: v, pointer: pointer) }
        }
    }

    /// The correction along `axis` that snaps bounds `b` (the features in `mask`: bit `axis * 3 +
    /// feature`, 0 min edge, 1 centre, 2 max edge) to the targets of index `pi`, else to the grid
    /// (what `flags` turns on); nil when nothing is within `tol`. Either moving edge meets either
    /// edge of a target (flush against it or aligned with it), a centre meets centres
    /// (`SnapIndex.pairs`).
    @inline(__always) @_optimize(speed) func snapAxis(
        _ pi: Int, _ b: Rect, axis: Int, mask: UInt32, flags: UInt32, tol: Double,
        pointer: Double
    ) -> Double? {
        var best = AxisSnap()
        var c = snapping.config
        c.flags = flags
        for f in 0..<3
        where mask & (1 << UInt32(axis * 3 + f)) != 0 && c.has(f == 1 ? SnapConfig.centers : SnapConfig.edges) {
            let v = SnapIndex.feature(b, axis: axis, f)
            for t in 0..<3 where SnapIndex.pairs(f, t) {
                nearestTargets(pi, axis * 3 + t, v, tol: tol, pointer: pointer, into: &best)
            }
        }
        if c.has(SnapConfig.gaps) { gapSnap(pi, b, axis: axis, tol: tol, pointer: pointer, into: &best) }
        if best.found { return best.d }
        guard c.has(SnapConfig.grid) else { return nil }
        let g = axis == 0 ? c.gridX : c.gridY, o = axis == 0 ? c.gridOrigin.x : c.gridOrigin.y
        for f in 0..<3 where mask & (1 << UInt32(axis * 3 + f)) != 0 {
            let v = SnapIndex.feature(b, axis: axis, f)
            let t = o + ((v - o) / g).rounded() * g
            if abs(t - v) <= tol { best.consider(t - v, target: t, pointer: pointer) }
        }
        return best.found ? best.d : nil
    }
}
