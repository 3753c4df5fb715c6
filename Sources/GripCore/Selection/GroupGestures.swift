/// Gestures on the selection as a whole (two or more boxes): how each begins (every member's
/// snapshot and parent maps, the selection frame) and the geometry of every member a step asks
/// for. The lifecycle (Interaction/Lifecycle.swift) applies them like a single box's, and its
/// events carry GRIP_SELECTION. A group gesture begins only when every member allows it.
extension Engine {
    /// A group interaction of `kind` on every selected box, or nil when fewer than two are
    /// (`allowingOne`: fewer than one).
    func groupInteraction(_ kind: InteractionKind, allowingOne: Bool = false) -> Interaction? {
        guard multipleSelected || allowingOne, let frame = selectionFrame() else { return nil }
        var g: Interaction? = nil
        var unconstrained = true
        for m in selection.members {
            guard let s = scene.slot(m) else { continue }
            let geometry = scene.slots[Int(s)].geometry
            let hooks = scene.slots[Int(s)].hooks
            if scene.slots[Int(s)].behavior.contain || hooks.constraint || hooks.hostConstraint {
                unconstrained = false
            }
            var member = Member(box: m, at: geometry)
            member.slot = s
            member.parentWorld = scene.parentWorld(s)
            member.parentInverse = member.parentWorld.inverse ?? .identity
            member.axes = GroupTransform.axes(
                world: scene.world(s), flippedX: geometry.flippedX,
                flippedY: geometry.flippedY, frameRotation: frame.rotation)
            if g == nil {
                var first = Interaction(kind, box: m, at: geometry)
                first.members.first = member
                g = first
            } else {
                g?.members.rest.append(member)
            }
        }
        g?.group = true
        g?.groupFrame = frame
        g?.unconstrained = unconstrained
        return g
    }

    /// Starts a move of the whole selection grabbed at screen point `grab`.
    func beginGroupMove(pointer: UInt32, grab: Vec2) {
        guard var g = groupInteraction(.move) else { return }
        g.pointer = pointer
        g.grabA = viewInverse.apply(grab)
        input.pointers.update(pointer) {
            $0.role = .gesture; $0.box = .selection
        }
        begin(g, pointer: pointer, at: grab)
    }

    /// Starts a resize or rotation of the whole selection by its handle `h`.
    func beginGroupHandle(_ h: HandleID, pointer tp: TrackedPointer) {
        guard var g = groupInteraction(h == .rotate ? .rotate : .resize) else { return }
        g.pointer = tp.id
        g.handle = h
        g.activeHandle = h
        let world = viewInverse.apply(tp.position)
        if h == .rotate {
            g.grabA = world
        } else {
            g.startFrame = g.groupFrame.frameLocal
            g.startFrameInverse = g.startFrame.inverse ?? .identity
            g.grabA = g.startFrameInverse.apply(world)
        }
        begin(g, pointer: tp.id, at: tp.position)
    }

    /// Starts a two-pointer pinch of the whole selection.
    func beginGroupPinch(_ a: UInt32, _ b: UInt32) {
        guard let pa = input.pointers[a], let pb = input.pointers[b], var g = groupInteraction(.pinch) else { return }
        g.pointer = a
        g.secondPointer = b
        g.grabA = viewInverse.apply(pa.position)
        g.grabB = viewInverse.apply(pb.position)
        input.pointers.update(a) {
            $0.role = .gesture; $0.box = .selection
        }
        input.pointers.update(b) {
            $0.role = .gesture; $0.box = .selection
        }
        begin(g, pointer: b, at: pb.position)
    }

    /// Starts a magnify of the whole selection about screen point `focal`.
    func beginGroupMagnify(focal: Vec2) -> Bool {
        guard selectionAllows().contains(.magnify), var g = groupInteraction(.magnify) else { return false }
        g.grabA = viewInverse.apply(focal)
        begin(g, pointer: 0, at: focal)
        return true
    }

    /// Steps group gesture `gi` with the pointer that moved at screen point `position`.
    @_optimize(speed) func stepGroup(_ gi: Int, pointer: UInt32, at position: Vec2, modifiers: UInt32) {
        let world = viewInverse.apply(position)
        snapping.active = false  // until a move or resize of this step snaps
        if interactions.active[gi].kind == .move && interactions.active[gi].unconstrained && snapping.config.flags == 0
        {
            // Nothing stops a member or changes its proposal: each is moved and committed in one
            // pass (what proposing, fitting and committing below give). The interaction is read
            // in place: a copy of it alive during the pass would make the members' storage
            // shared, and the pass copy it.
            if moveUnconstrainedGroup(gi, by: world - interactions.active[gi].grabA) {
                emitSelectionEvent(
                    .gestureChanged, .move, handle: interactions.active[gi].activeHandle, pointer: pointer, at: world)
            }
            if !snapping.marks.isEmpty { updateSnapMarks(gi) }
            return
        }
        let g = interactions.active[gi]
        switch g.kind {
        case .move:
            var d = world - g.grabA
            if snapping.config.flags != 0 {
                proposeGroup(gi, GroupTransform.Similarity(shift: d))
                d = d + snapGroupMove(gi, world: world, modifiers: modifiers)
            }
            moveGroup(gi, by: d)
        case .rotate:
            let pivot = g.groupFrame.center
            let v0 = g.grabA - pivot, v = world - pivot
            guard v0.length > 1e-12, v.length > 1e-12 else { return }
            var turn = Trig.atan2(v0.cross(v), v0.dot(v))
            let snapped = modifiers & Modifiers.shift != 0
            if snapped {
                let step = Double.pi / 12
                turn = Angle.snap(g.groupFrame.rotation + turn, step: step, tolerance: step) - g.groupFrame.rotation
            }
            if snapped != g.snapped {
                interactions.active[gi].snapped = snapped
                scene.drawnStateChanged()
            }
            interactions.active[gi].groupTurn = turn
            proposeGroup(gi, GroupTransform.Similarity(pivot: pivot, turn: turn))
            refuseUnlessAllFit(gi)
        case .pinch:
            guard let second = g.secondPointer, let pa = input.pointers[g.pointer], let pb = input.pointers[second]
            else { return }
            let sim = groupPinch(gi, viewInverse.apply(pa.position), viewInverse.apply(pb.position))
            interactions.active[gi].groupTurn = sim.turn
            proposeGroup(gi, sim)
            refuseUnlessAllFit(gi)
        case .resize:
            groupResize(gi, world: world, modifiers: modifiers)
        case .magnify, .handle, .marquee, .reset, .nudge:
            return
        }
        commitGroup(gi, pointer: pointer, at: position)
        if snapping.config.flags != 0 || !snapping.marks.isEmpty { updateSnapMarks(gi) }
    }

    /// Proposes group interaction `gi`'s members moved by world displacement `d` from their
    /// snapshots, stopping as a whole at containment (as a group move does). Returns the
    /// displacement applied.
    @discardableResult func moveGroup(_ gi: Int, by d: Vec2) -> Vec2 {
        proposeGroup(gi, GroupTransform.Similarity(shift: d))
        return slideGroup(gi, d)
    }

    /// Moves every member of group interaction `gi` (none contained or constrained) by world
    /// displacement `d` from its snapshot, committing each: the geometry
    /// `GroupTransform.apply` gives for a pure move. True when any member moved.
    @_optimize(speed) private func moveUnconstrainedGroup(_ gi: Int, by d: Vec2) -> Bool {
        scene.slots.makeUniqueForWrites()
        var changed = withUnsafePointer(to: interactions.active[gi].members.first) { moveMember($0, by: d) }
        interactions.active[gi].members.rest.withUnsafeBufferPointer { rest in
            guard let base = rest.baseAddress else { return }
            for i in 0..<rest.count where moveMember(base + i, by: d) { changed = true }
        }
        return changed
    }

    /// Member `m` of an unconstrained group move by world displacement `d`, committed (the
    /// scene's slots made unique for writes); true when its box moved.
    @_optimize(speed) @inline(__always) private func moveMember(_ m: UnsafePointer<Member>, by d: Vec2) -> Bool {
        let s = m.pointee.slot
        let r = scene.slots.address(Int(s))
        guard r.pointee.alive, r.pointee.generation == m.pointee.box.generation else { return false }
        var next = m.pointee.start
        next.center = next.center + m.pointee.parentInverse.applyVector(d)
        return scene.commitInPlace(s, next)
    }

    /// The similarity two pointers ask of group pinch `gi` (world points now), each part as every
    /// member allows, the factor within every member's scale limits.
    private func groupPinch(_ gi: Int, _ a: Vec2, _ b: Vec2) -> GroupTransform.Similarity {
        let g = interactions.active[gi]
        let allow = selectionAllows()
        let v0 = g.grabB - g.grabA, v = b - a
        var k = 1.0, turn = 0.0
        if v0.length > 1e-9 && v.length > 1e-9 {
            if allow.contains(.pinch) { k = v.length / v0.length }
            if allow.contains(.rotate) { turn = Trig.atan2(v0.cross(v), v0.dot(v)) }
        }
        k = clampGroupFactor(gi, k)
        let m0 = Vec2.mid(g.grabA, g.grabB)
        let m = allow.contains(.move) ? Vec2.mid(a, b) : m0
        return GroupTransform.Similarity(pivot: m0, turn: turn, factor: k, shift: m - m0)
    }

    /// `k` within the range every member's scale limits allow.
    func clampGroupFactor(_ gi: Int, _ k: Double) -> Double {
        let members = interactions.active[gi].members
        var lo = 0.0, hi = Double.infinity
        for i in 0..<members.count {
            guard let s = scene.slot(members[i].box) else { continue }
            let b = scene.slots[Int(s)].behavior, scale = members[i].start.scale
            lo = Swift.max(lo, b.minScale / scale)
            hi = Swift.min(hi, b.maxScale / scale)
        }
        return Swift.min(Swift.max(k, lo), hi)
    }

    /// Magnify of the whole selection: the preview (`factor` clamped as for a box, and to every
    /// member's limits), or at the end the committed factor.
    @_optimize(speed) func stepGroupMagnify(_ gi: Int, factor: Double) {
        let k = clampGroupFactor(
            gi, Swift.min(Swift.max(factor, Magnify.previewRange.lowerBound), Magnify.previewRange.upperBound))
        let focal = interactions.active[gi].grabA
        proposeGroup(gi, GroupTransform.Similarity(pivot: focal, factor: k))
        refuseUnlessAllFit(gi)
    }

    /// One resize step of the selection frame: the frame's handle follows the pointer as a box's
    /// would (shift keeps the ratio, alt resizes about the centre); the members follow the
    /// frame's stretch, each by the engine's group_resize policy, never below its minimum size.
    private func groupResize(_ gi: Int, world: Vec2, modifiers: UInt32) {
        let g = interactions.active[gi]
        let frame = g.groupFrame
        var kxMin = 0.0, kyMin = 0.0, odd = false, flip = true
        let keepShapes = config.groupResize == .keepShapes
        for i in 0..<g.members.count {
            guard let s = scene.slot(g.members[i].box) else { continue }
            let b = scene.slots[Int(s)].behavior, m = g.members[i]
            flip = flip && b.allowFlip
            let kw = b.minWidth / m.start.width, kh = b.minHeight / m.start.height
            let (u, _) = m.axes
            if !GroupTransform.isAligned(u) {
                // Uniform (KEEP_SHAPES): both factors; free stretch: checked along the path below.
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
            uniform: modifiers & Modifiers.shift != 0 || (odd && keepShapes),
            centered: modifiers & Modifiers.alt != 0, allowFlip: flip,
            minWidth: frame.width * kxMin, minHeight: frame.height * kyMin)
        let base = frame.framePoint(of: g.handle, rotateLift: 0)
        var target = base + (g.startFrameInverse.apply(world) - g.grabA)
        let handle = g.handle, startFrame = g.startFrame
        if snapping.config.flags != 0 {
            let toParent = g.members.parentInverse(0)
            target = snapResize(
                gi, start: frame, handle: handle, o, startFrame: startFrame, target: target,
                pointer: toParent.apply(world), modifiers: modifiers, toParent: toParent)
        }
        func stretch(_ t: Double) -> GroupTransform.Stretch {
            let (f, _) = Resize.apply(frame, handle: handle, to: base + (target - base) * t, o, startFrame: startFrame)
            return GroupTransform.Stretch(
                from: frame.center, rotation: frame.rotation, center: f.center,
                kx: (f.flippedX ? -f.width : f.width) / frame.width,
                ky: (f.flippedY ? -f.height : f.height) / frame.height)
        }
        interactions.active[gi].activeHandle =
            Resize.apply(frame, handle: handle, to: target, o, startFrame: startFrame).1
        // Free stretch with members at odd angles: the frame stops where the first of them
        // reaches its minimum along the way (their sizes follow both factors).
        var reach = 1.0
        if odd && !keepShapes && !groupKeepsMinimum(gi, stretch(1)) {
            var lo = 0.0, hi = 1.0
            for _ in 0..<64 {
                let mid = (lo + hi) * 0.5
                if groupKeepsMinimum(gi, stretch(mid)) { lo = mid } else { hi = mid }
            }
            reach = lo
        }
        proposeStretch(gi, stretch(reach))
        if groupFits(gi) { return }
        // Contained members: the largest step toward the target that fits them all.
        var lo = 0.0, hi = reach
        for _ in 0..<40 {
            let mid = (lo + hi) * 0.5
            proposeStretch(gi, stretch(mid))
            if groupFits(gi) { lo = mid } else { hi = mid }
        }
        proposeStretch(gi, stretch(lo))
    }

    /// Whether every member of group gesture `gi` stays at or above its minimum size under `t`.
    private func groupKeepsMinimum(_ gi: Int, _ t: GroupTransform.Stretch) -> Bool {
        let members = interactions.active[gi].members
        for i in 0..<members.count {
            guard let s = scene.slot(members[i].box) else { continue }
            let b = scene.slots[Int(s)].behavior, m = members[i]
            if !GroupTransform.keepsMinimum(
                m.axes, width: m.start.width, height: m.start.height,
                minWidth: b.minWidth, minHeight: b.minHeight, kx: t.kx, ky: t.ky)
            {
                return false
            }
        }
        return true
    }

    /// Fills the group scratch with every member under stretch `t`.
    private func proposeStretch(_ gi: Int, _ t: GroupTransform.Stretch) {
        let members = interactions.active[gi].members
        interactions.groupScratch.removeAll(keepingCapacity: true)
        for i in 0..<members.count {
            let m = members[i]
            var minW = 0.0, minH = 0.0
            if let s = scene.slot(m.box) {
                minW = scene.slots[Int(s)].behavior.minWidth; minH = scene.slots[Int(s)].behavior.minHeight
            }
            interactions.groupScratch.append(
                GroupTransform.apply(
                    t, to: m.start, axes: m.axes, parentWorld: m.parentWorld,
                    parentInverse: m.parentInverse, minWidth: minW, minHeight: minH))
        }
    }

    /// Fills the group scratch with every member under similarity `t`.
    @_optimize(speed) private func proposeGroup(_ gi: Int, _ t: GroupTransform.Similarity) {
        interactions.groupScratch.removeAll(keepingCapacity: true)
        for i in 0..<interactions.active[gi].members.count {
            let start = interactions.active[gi].members.start(i)
            let parentWorld = interactions.active[gi].members.parentWorld(i)
            let parentInverse = interactions.active[gi].members.parentInverse(i)
            interactions.groupScratch.append(
                GroupTransform.apply(t, to: start, parentWorld: parentWorld, parentInverse: parentInverse))
        }
    }

    /// A group move that would take a contained member out of its bounds stops as a whole: the
    /// largest part of displacement `d` that fits, then sliding along each world axis. Returns the
    /// displacement applied.
    private func slideGroup(_ gi: Int, _ d: Vec2) -> Vec2 {
        if groupFits(gi) { return d }
        if let clamped = clampedGroupShift(gi, d) {
            proposeGroup(gi, GroupTransform.Similarity(shift: clamped))
            return clamped
        }
        func fits(_ v: Vec2) -> Bool {
            proposeGroup(gi, GroupTransform.Similarity(shift: v))
            return groupFits(gi)
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

    /// Displacement `d` clamped, axis by axis, to what keeps every contained member in its bounds,
    /// when every such member's parent space is the world's up to scale and mirror (exact, as for
    /// one box); nil otherwise (rotated parents: the caller searches instead).
    private func clampedGroupShift(_ gi: Int, _ d: Vec2) -> Vec2? {
        let members = interactions.active[gi].members
        var lo = Vec2(-Double.infinity, -Double.infinity), hi = Vec2(Double.infinity, Double.infinity)
        for i in 0..<members.count {
            guard let s = scene.slot(members[i].box), let r = containmentRegion(s) else { continue }
            let m = members[i].parentWorld
            guard m.b == 0, m.c == 0, m.a != 0, m.d != 0 else { return nil }
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

    /// Whether every contained member's proposal (the group scratch) lies in its bounds.
    private func groupFits(_ gi: Int) -> Bool {
        let members = interactions.active[gi].members
        for i in 0..<members.count {
            guard let s = scene.slot(members[i].box), let r = containmentRegion(s) else { continue }
            if !Containment.fits(interactions.groupScratch[i], in: r) { return false }
        }
        return true
    }

    /// A rotation, pinch or magnify step that would take a contained member out of its bounds is
    /// refused as a whole: every member stays where it is.
    private func refuseUnlessAllFit(_ gi: Int) {
        if groupFits(gi) { return }
        let members = interactions.active[gi].members
        for i in 0..<members.count { interactions.groupScratch[i] = members[i].current }
    }

    /// Commits the group scratch (each member through its constraint hook): CHANGED once, with
    /// GRIP_SELECTION, when any member moved (unless not `emitting`).
    @_optimize(speed) func commitGroup(_ gi: Int, pointer: UInt32, at q: Vec2, emitting: Bool = true) {
        var changed = false
        for i in 0..<interactions.active[gi].members.count {
            guard i < interactions.groupScratch.count, let s = scene.slot(interactions.active[gi].members.box(i)) else {
                continue
            }
            var next = interactions.groupScratch[i]
            next = constrained(next, gesture: gi, member: i, slot: s)
            interactions.active[gi].members.setCurrent(i, next)
            if scene.commit(s, next) { changed = true }
        }
        if changed && emitting {
            let g = interactions.active[gi]
            emitSelectionEvent(
                .gestureChanged, g.kind.gesture, handle: g.activeHandle, pointer: pointer, at: viewInverse.apply(q))
        }
    }

    /// Queues an event of the selection as a whole (box GRIP_SELECTION, no user data).
    func emitSelectionEvent(
        _ kind: EventKind, _ gesture: GestureKind = .none, handle: HandleID = .none,
        pointer: UInt32 = 0, at position: Vec2 = .zero
    ) {
        outbox.push(
            Event(
                kind: kind, gesture: gesture, box: .selection, userData: 0, handle: handle, pointer: pointer,
                time: time, position: position))
    }
}
