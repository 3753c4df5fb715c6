/// Where snapping meets the gestures: a step's proposed geometry is snapped before containment
/// and the constraint hook (Interaction/GestureSteps.swift, Interaction/Kinds/), and after
/// the commit the marks (guides, gaps) are worked out from what was applied. Each is a function
/// of the gesture's snapshot, the input now and the other boxes, so a step run again (a modifier
/// changed) snaps the same way.
extension Engine {
    /// Sets the snapping settings (nil: off). Throws, changing nothing, on unusable settings.
    /// The index of targets follows the scene all along (SnapIndexUpkeep.swift): turning edges,
    /// centres or gaps on only has it merged down in slices from then on (bounded work per call).
    public func setSnapping(_ c: SnapConfig?) throws(GripError) {
        let c = c ?? SnapConfig()
        if let p = c.problem() { throw .arg(p) }
        let was = objectSnapping
        snapping.config = c
        clearSnapMarks()
        if objectSnapping && !was { snapCompactAll() }
        snapUpkeep()
    }

    /// The snapping settings.
    public var snapConfig: SnapConfig { snapping.config }

    /// Marks gesture `gi`'s members as not targets for this step and returns the index of their
    /// parent's children (nil when they have different parents).
    @inline(never) func prepareSnap(_ gi: Int) -> (index: Int, child: Int32)? {
        snapping.index.stamp &+= 1
        if snapping.index.stamp == 0 { snapping.index.stamp = 1 }
        growSnapRecords()
        var parent: Int32 = -2, child: Int32 = -1
        for i in 0..<interactions[gi].members.count {
            guard let s = scene.slot(interactions[gi].members.box(i)) else { continue }
            let p = scene[s].parent
            if parent != -2 && p != parent { return nil }
            parent = p
            child = s
            snapping.index.records[Int(s)].moving = snapping.index.stamp
        }
        guard child >= 0 else { return nil }
        return (snapIndex(parent: parent), child)
    }

    /// The correction (parent space) that snaps moved bounds `b` of gesture `gi`'s members, the
    /// pointer at `p` (parent space); zero when nothing snaps or `modifiers` bypass it.
    @inline(never) @_optimize(speed) func snapMove(
        _ gi: Int, bounds b: Rect, pointer p: Vec2, modifiers: UInt32
    ) -> Vec2 {
        snapping.active = snapping.snaps(modifiers)
        snapping.engaged = 0x3F
        guard snapping.active, let (pi, child) = prepareSnap(gi) else { return .zero }
        let tol = snapTolerance(child: child)
        return Vec2(
            snapAxis(pi, b, axis: 0, mask: 0x7, flags: snapping.config.flags, tol: tol.x, pointer: p.x) ?? 0,
            snapAxis(pi, b, axis: 1, mask: 0x38, flags: snapping.config.flags, tol: tol.y, pointer: p.y) ?? 0)
    }

    /// The resize target (frame space of `start`) moved so the moving edges of the resized box
    /// snap (GRIP_SNAP_WHILE_RESIZING); with the ratio kept only the axis needing the smaller
    /// correction snaps. Boxes turned off their parent's axes do not snap. A selection's frame
    /// (`toParent`: world -> the members' parent space) snaps the same way by its bounds there.
    @inline(never) func snapResize(
        _ gi: Int, start: BoxGeometry, handle: HandleID, _ o: Resize.Options, startFrame: Affine,
        target: Vec2, pointer p: Vec2, modifiers: UInt32, toParent: Affine? = nil
    ) -> Vec2 {
        snapping.active = snapping.snaps(modifiers) && snapping.config.has(SnapConfig.whileResizing)
        snapping.engaged = 0
        let m = (toParent ?? .identity) * startFrame, scale = abs(m.determinant).squareRoot()
        let aligned =
            (abs(m.b) <= 1e-9 * scale && abs(m.c) <= 1e-9 * scale)
            || (abs(m.a) <= 1e-9 * scale && abs(m.d) <= 1e-9 * scale)
        guard snapping.active, aligned, let (pi, child) = prepareSnap(gi) else {
            snapping.active = false
            return target
        }
        @inline(never) func edges(_ t: Vec2) -> Rect {
            let g = Resize.apply(start, handle: handle, to: t, o, startFrame: startFrame).0
            guard let toParent else { return SnapIndex.bounds(g) }
            let (p0, p1, p2, p3) = g.corners(toParent * g.local)
            return Rect(bounding: p0, p1, p2, p3)
        }
        let b = edges(target)
        let a = handle.anchor
        let frameXIsParentX = abs(m.a) > abs(m.b)
        let fixed = m.apply(Vec2((1 - a.x) * start.width, (1 - a.y) * start.height))
        let tol = snapTolerance(child: child)
        var mask: UInt32 = 0
        // Per axis: the correction of the moving edge that snaps (none: nil) and which edge it is.
        var d: (Double?, Double?) = (nil, nil)
        var side = (0, 0)
        let flags = snapping.config.flags & ~(SnapConfig.centers | SnapConfig.gaps)
        for axis in 0..<2 {
            let active = (axis == 0) == frameXIsParentX ? a.x != 0.5 : a.y != 0.5
            guard active else { continue }
            let f = axis == 0 ? fixed.x : fixed.y
            // Both edges move about the centre; else the one away from the fixed edge.
            let low = abs(SnapIndex.feature(b, axis: axis, 0) - f) > abs(SnapIndex.feature(b, axis: axis, 2) - f)
            var best: Double? = nil, bestSide = 0
            for k in stride(from: 0, through: 2, by: 2) where o.centered || (k == 0) == low {
                let bit = UInt32(1) << UInt32(axis * 3 + k)
                mask |= bit
                guard
                    let v = snapAxis(
                        pi, b, axis: axis, mask: bit, flags: flags, tol: axis == 0 ? tol.x : tol.y,
                        pointer: axis == 0 ? p.x : p.y)
                else { continue }
                if best == nil || abs(v) < abs(best ?? 0) { best = v; bestSide = k }
            }
            if axis == 0 { d.0 = best; side.0 = bestSide } else { d.1 = best; side.1 = bestSide }
        }
        snapping.engaged = mask
        guard d.0 != nil || d.1 != nil else { return target }
        // The moving edge is affine in the target: one secant step puts it on the snapped coordinate.
        @inline(never) func moved(_ axis: Int, _ dir: Vec2, _ dv: Double, _ t: Vec2) -> Vec2 {
            let side = axis == 0 ? side.0 : side.1
            let e0 = SnapIndex.feature(edges(t), axis: axis, side),
                e1 = SnapIndex.feature(edges(t + dir), axis: axis, side)
            let slope = e1 - e0
            guard abs(slope) > 1e-12 else { return t }
            return t + dir * (dv / slope)
        }
        let w0 = start.width, h0 = start.height
        if o.uniform {
            let axis = d.1 == nil || (d.0 != nil && abs(d.0 ?? 0) <= abs(d.1 ?? 0)) ? 0 : 1
            let dir =
                a.x != 0.5 && a.y != 0.5
                ? Vec2(w0 * (a.x - 0.5), h0 * (a.y - 0.5)) * (2 / (w0 * w0 + h0 * h0).squareRoot())
                : (a.x != 0.5 ? Vec2(1, 0) : Vec2(0, 1))
            return moved(axis, dir, (axis == 0 ? d.0 : d.1) ?? 0, target)
        }
        var t = target
        let inv = m.inverse ?? .identity
        if let dx = d.0, dx != 0 { t = moved(0, inv.applyVector(Vec2(1, 0)), dx, t) }
        if let dy = d.1, dy != 0 { t = moved(1, inv.applyVector(Vec2(0, 1)), dy, t) }
        return t
    }

    /// After a step of gesture `gi` was committed: the guides and gaps of what was applied.
    @inline(never) func updateSnapMarks(_ gi: Int) {
        snapping.markScratch.removeAll(keepingCapacity: true)
        if snapping.active { collectSnapMarks(gi) }
        if snapping.markScratch != snapping.marks {
            let kept = snapping.marks
            snapping.marks = snapping.markScratch
            snapping.markScratch = kept
            scene.drawnStateChanged()
        }
    }

    @_optimize(speed) private func collectSnapMarks(_ gi: Int) {
        var b: Rect? = nil
        var parent: Int32 = -1, child: Int32 = 0
        for i in 0..<interactions[gi].members.count {
            guard let s = scene.slot(interactions[gi].members.box(i)) else { continue }
            let r = SnapIndex.bounds(scene[s].geometry)
            parent = scene[s].parent
            child = s
            b =
                b.map {
                    Rect(
                        min: Vec2(Swift.min($0.min.x, r.min.x), Swift.min($0.min.y, r.min.y)),
                        max: Vec2(Swift.max($0.max.x, r.max.x), Swift.max($0.max.y, r.max.y)))
                } ?? r
        }
        guard let b, parent < 0 || Int(parent) < snapping.index.records.count else { return }
        let pi = Int(parent < 0 ? snapping.index.root : snapping.index.records[Int(parent)].children)
        guard pi >= 0 else { return }
        let p = Int32(pi)
        snapping.markChild = child
        snapping.markBox = interactions[gi].group ? .selection : interactions[gi].members.first.box
        let c = snapping.config
        for axis in 0..<2 {
            let o = 1 - axis
            for f in 0..<3
            where snapping.engaged & (1 << UInt32(axis * 3 + f)) != 0
                && c.has(f == 1 ? SnapConfig.centers : SnapConfig.edges)
            {
                let v = SnapIndex.feature(b, axis: axis, f)
                // Bounds of no extent: its two edges are one line, drawn once.
                let minEngaged = snapping.engaged & (1 << UInt32(axis * 3)) != 0
                if f == 2 && minEngaged && v == SnapIndex.feature(b, axis: axis, 0) { continue }
                let eps = 1e-9 * Swift.max(1, abs(v))
                var lo = SnapIndex.feature(b, axis: o, 0), hi = SnapIndex.feature(b, axis: o, 2), found = false
                @inline(__always) func take(_ s: Int32) {
                    let r = snapping.index.records[Int(s)].bounds
                    lo = Swift.min(lo, SnapIndex.feature(r, axis: o, 0));
                    hi = Swift.max(hi, SnapIndex.feature(r, axis: o, 2))
                    found = true
                }
                // Every target feature this one pairs with (an edge: both edges) that lies on it.
                for t in 0..<3 where SnapIndex.pairs(f, t) {
                    let k = axis * 3 + t
                    for r in 0..<snapping.index.parents[pi].runs.count {
                        let list = snapping.index.parents[pi].runs[r].lists[k]
                        var i = list.lowerBound(v - eps)
                        while i < list.keys.count && list.keys[i] <= v + eps {
                            let s = list.slots[i]
                            let live = snapping.index.live(p, k, list.keys[i], s, list.stamps[i])
                            if live && snapping.index.isTarget(s) { take(s) }
                            i += 1
                        }
                    }
                    for s in snapping.index.parents[pi].pending
                    where snapping.index.waits(p, s) && snapping.index.isTarget(s) {
                        let w = SnapIndex.feature(snapping.index.records[Int(s)].bounds, axis: axis, t)
                        if w >= v - eps && w <= v + eps { take(s) }
                    }
                }
                if found {
                    snapping.markScratch.append(
                        SnapMark(
                            gap: false, a: axis == 0 ? Vec2(v, lo) : Vec2(lo, v),
                            b: axis == 0 ? Vec2(v, hi) : Vec2(hi, v), length: hi - lo))
                }
            }
            if c.has(SnapConfig.gaps) && snapping.engaged == 0x3F {
                gapMarks(pi, b, axis: axis, eps: 1e-9 * Swift.max(1, abs(SnapIndex.feature(b, axis: axis, 1))))
            }
        }
    }

    /// Gesture marks leave with the gesture.
    func clearSnapMarks() {
        snapping.active = false
        if !snapping.marks.isEmpty { snapping.marks.removeAll(keepingCapacity: true); scene.drawnStateChanged() }
    }
}

extension Engine {
    /// A move's snap correction as a displacement of the gesture's frame space (`p`: the pointer
    /// there): the members' proposals snap as one by their bounds, when they share a parent.
    @inline(never) func snapMoveCorrection(_ gi: Int, pointer p: Vec2, modifiers: UInt32) -> Vec2 {
        // One box: the frame is the box, in its parent's space.
        if interactions[gi].frameIsMember {
            return snapMove(gi, bounds: SnapIndex.bounds(interactions.proposals[0]), pointer: p, modifiers: modifiers)
        }
        let n = interactions[gi].members.count
        guard n > 0, interactions.proposals.count >= n else { return .zero }
        var b = SnapIndex.bounds(interactions.proposals[0])
        for i in 1..<n {
            let r = SnapIndex.bounds(interactions.proposals[i])
            b = Rect(
                min: Vec2(Swift.min(b.min.x, r.min.x), Swift.min(b.min.y, r.min.y)),
                max: Vec2(Swift.max(b.max.x, r.max.x), Swift.max(b.max.y, r.max.y)))
        }
        let toParent = interactions[gi].members.parentInverse(0)
        let c = snapMove(gi, bounds: b, pointer: toParent.apply(p), modifiers: modifiers)
        return c == .zero ? .zero : interactions[gi].members.parentWorld(0).applyVector(c)
    }
}
