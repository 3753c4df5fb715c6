/// One resize step, the same code for one box and for a selection: the frame's handle follows
/// the pointer (keeping the offset it was grabbed at) through `Resize`, the members follow the
/// frame (one box: it is the frame; a selection: each member by the frame's stretch under the
/// engine's group_resize policy, never below its minimum size), then containment stops the frame
/// at the largest step toward the pointer that keeps every member inside (one box then slides
/// along the edge it met).
/// A resize's own state: the handle grabbed, the start frame's own space -> the frame's space
/// and its inverse, and where the pointer grabbed in the start frame's own space.
struct ResizeDrag {
    var handle: HandleID
    var startFrame: Affine
    var startFrameInverse: Affine
    var grab: Vec2

    /// The resize of `frame` by handle `h`, grabbed at `grab` (the frame's space).
    init(frame: BoxGeometry, handle h: HandleID, grab: Vec2) {
        handle = h
        startFrame = frame.frameLocal
        startFrameInverse = startFrame.inverse ?? .identity
        self.grab = startFrameInverse.apply(grab)
    }
}

extension Engine {
    /// Resize step of gesture `gi` with the pointer at `p` (frame space).
    @_optimize(speed) func stepResize(_ gi: Int, to p: Vec2, modifiers: UInt32) {
        guard case .resize(let drag) = interactions.active[gi].payload else { return }
        // The fields it needs, read in place (a copy of the whole interaction costs a memcpy per step).
        let frame = interactions.active[gi].frame
        let handle = drag.handle
        let startFrame = drag.startFrame
        let one = interactions.active[gi].frameIsMember
        let (o, free) = resizeOptions(gi, modifiers: modifiers)
        let base = frame.framePoint(of: handle, rotateLift: 0)  // a resize handle: no lift
        var target = base + (drag.startFrameInverse.apply(p) - drag.grab)
        if snapping.config.flags != 0 {
            // A selection's frame snaps by its bounds in the members' parent space.
            let toParent: Affine? = one ? nil : interactions.active[gi].members.parentInverse(0)
            target = snapResize(
                gi, start: frame, handle: handle, o, startFrame: startFrame, target: target,
                pointer: toParent?.apply(p) ?? p, modifiers: modifiers, toParent: toParent)
        }
        // The frame with its handle at `at` (frame space of the start), every member following;
        // returns the handle under the pointer then. A local function, not a closure value:
        // nothing is allocated per step.
        func place(_ at: Vec2) -> HandleID {
            let (f, h) = Resize.apply(frame, handle: handle, to: at, o, startFrame: startFrame)
            if one { propose(f) } else { proposeStretch(gi, stretch(frame, to: f)) }
            return h
        }
        func along(_ t: Double) -> Vec2 { base + (target - base) * t }
        // The largest part in [0, hi] of the path that keeps every member inside (bisection to
        // about 1e-12 of it), assuming its start does and fitting is monotone along it.
        func largest(upTo hi: Double, _ path: (Double) -> Vec2) -> Double {
            _ = place(path(hi))
            if allFit(gi) { return hi }
            var lo = 0.0, hi = hi
            for _ in 0..<40 {
                let mid = (lo + hi) * 0.5
                _ = place(path(mid))
                if allFit(gi) { lo = mid } else { hi = mid }
            }
            return lo
        }
        // Free stretch with members at odd angles: the frame stops where the first of them
        // reaches its minimum along the way (their sizes follow both factors).
        func keepsMinimum(_ t: Double) -> Bool {
            let f = Resize.apply(frame, handle: handle, to: along(t), o, startFrame: startFrame).0
            return groupKeepsMinimum(gi, stretch(frame, to: f))
        }
        var reach = 1.0
        if free && !keepsMinimum(1) {
            var lo = 0.0, hi = 1.0
            for _ in 0..<64 {
                let mid = (lo + hi) * 0.5
                if keepsMinimum(mid) { lo = mid } else { hi = mid }
            }
            reach = lo
        }
        // One box goes where the pointer asks; a selection's path is parametrised from the start.
        var h = place(one ? target : along(reach))
        let atTarget = one ? h : Resize.apply(frame, handle: handle, to: target, o, startFrame: startFrame).1
        if !allFit(gi) && (!one || startFits(gi)) {
            // Contained members: the largest step toward the target that fits them all; one box
            // then slides along each axis from there.
            let t = largest(upTo: reach) { along($0) }
            var at = along(t)
            if one {
                let from = at
                let tx = largest(upTo: 1) { Vec2(from.x + (target.x - from.x) * $0, from.y) }
                at.x = from.x + (target.x - from.x) * tx
                let fromY = at
                let ty = largest(upTo: 1) { Vec2(fromY.x, fromY.y + (target.y - fromY.y) * $0) }
                at.y = fromY.y + (target.y - fromY.y) * ty
            }
            h = place(at)
        }
        interactions.active[gi].activeHandle = one ? h : atTarget
    }

    /// The resize options of gesture `gi` and whether members at odd angles stretch freely (their
    /// minimum sizes then bound the frame along the way). One box: its own resize mode, centring,
    /// flip and minimum size, shift and alt toggling the first two. A selection: shift keeps the
    /// ratio (as KEEP_SHAPES does with a member at an odd angle), alt resizes about the centre,
    /// flips only when every member allows it, and the frame's minimum is where the first member
    /// reaches its own.
    private func resizeOptions(_ gi: Int, modifiers: UInt32) -> (Resize.Options, free: Bool) {
        let shift = modifiers & Modifiers.shift != 0, alt = modifiers & Modifiers.alt != 0
        if interactions.active[gi].frameIsMember {
            let b = scene.behavior(interactions.active[gi].members.first.slot)
            let o = Resize.Options(
                uniform: (b.resizeMode == .uniform) != shift, centered: b.centered != alt,
                allowFlip: b.allowFlip, minWidth: b.minWidth, minHeight: b.minHeight)
            return (o, false)
        }
        let members = interactions.active[gi].members
        let frame = interactions.active[gi].frame
        var kxMin = 0.0, kyMin = 0.0, odd = false, flip = true
        let keepShapes = config.groupResize == .keepShapes
        for i in 0..<members.count {
            guard let s = scene.slot(members[i].box) else { continue }
            let b = scene.behavior(s), m = members[i]
            flip = flip && b.allowFlip
            let kw = b.minWidth / m.start.width, kh = b.minHeight / m.start.height
            let (u, _) = m.axes
            if !GroupTransform.isAligned(u) {
                // Uniform (KEEP_SHAPES): both factors; free stretch: checked along the path.
                odd = true
                if keepShapes {
                    let k = Swift.max(kw, kh)
                    kxMin = Swift.max(kxMin, k); kyMin = Swift.max(kyMin, k)
                }
            } else if abs(u.y) < 1e-9 {
                kxMin = Swift.max(kxMin, kw); kyMin = Swift.max(kyMin, kh)
            } else {
                kxMin = Swift.max(kxMin, kh); kyMin = Swift.max(kyMin, kw)
            }
        }
        if odd && keepShapes { kxMin = Swift.max(kxMin, kyMin); kyMin = kxMin }
        let o = Resize.Options(
            uniform: shift || (odd && keepShapes), centered: alt, allowFlip: flip,
            minWidth: frame.width * kxMin, minHeight: frame.height * kyMin)
        return (o, odd && !keepShapes)
    }

    /// The stretch of the world that takes selection frame `frame` to `f` (a resized frame).
    @inline(__always) private func stretch(_ frame: BoxGeometry, to f: BoxGeometry) -> GroupTransform.Stretch {
        GroupTransform.Stretch(
            from: frame.center, rotation: frame.rotation, center: f.center,
            kx: (f.flippedX ? -f.width : f.width) / frame.width,
            ky: (f.flippedY ? -f.height : f.height) / frame.height)
    }

    /// Whether every member of group gesture `gi` stays at or above its minimum size under `t`.
    private func groupKeepsMinimum(_ gi: Int, _ t: GroupTransform.Stretch) -> Bool {
        let members = interactions.active[gi].members
        for i in 0..<members.count {
            guard let s = scene.slot(members[i].box) else { continue }
            let b = scene.behavior(s), m = members[i]
            if !GroupTransform.keepsMinimum(
                m.axes, width: m.start.width, height: m.start.height,
                minWidth: b.minWidth, minHeight: b.minHeight, kx: t.kx, ky: t.ky)
            {
                return false
            }
        }
        return true
    }

    /// Fills the proposals with every member of gesture `gi` under stretch `t`.
    private func proposeStretch(_ gi: Int, _ t: GroupTransform.Stretch) {
        let members = interactions.active[gi].members
        interactions.proposals.removeAll()
        for i in 0..<members.count {
            let m = members[i]
            var minW = 0.0, minH = 0.0
            if let s = scene.slot(m.box) {
                minW = scene.behavior(s).minWidth; minH = scene.behavior(s).minHeight
            }
            interactions.proposals.append(
                GroupTransform.apply(
                    t, to: m.start, axes: m.axes, parentWorld: m.parentWorld,
                    parentInverse: m.parentInverse, minWidth: minW, minHeight: minH))
        }
    }
}
