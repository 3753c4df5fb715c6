/// How every gesture on boxes begins: one function builds the set of members it acts on (one box,
/// or every selected box: each member's snapshot, slot and parent maps) and the gesture's frame,
/// the geometry its steps transform with the pure manipulation code (Manipulation/):
/// - one box: the frame is the box itself, in its parent's space (the member is the frame, no
///   mapping); its events carry the box's id;
/// - the selection: the frame is the selection frame, in world space; each member follows the
///   frame's transform from its own parent space (GroupTransform); its events carry
///   GRIP_SELECTION when two or more boxes are selected.
/// Each kind's step is in Interaction/Kinds/; what they share, Interaction/GestureSteps.swift.
extension Engine {
    /// What a gesture acts on.
    enum GestureTarget {
        /// One box (its slot): a set of one whose member is the frame.
        case box(Int32)
        /// Every selected box, framed by the selection frame; `allowingOne`: a selection of one
        /// box will do (else two or more are needed).
        case selection(allowingOne: Bool)
    }

    /// Screen -> the parent space of slot `s`.
    @inline(__always) func screenToParent(_ s: Int32) -> Affine {
        let p = scene[s].parent
        guard p >= 0 else { return viewInverse }
        let forward = view * scene.world(p)
        if forward != interactions.parentInverse.forward {
            interactions.parentInverse = (forward, forward.inverse ?? .identity)
        }
        return interactions.parentInverse.inverse
    }

    /// Screen -> the frame space of gesture `gi` (its box's parent space, or the world).
    @inline(__always) func screenToFrame(_ gi: Int) -> Affine {
        guard interactions.active[gi].frameIsMember else { return viewInverse }
        return screenToParent(interactions.active[gi].members.first.slot)
    }

    /// The region slot `s` must stay in, or nil when it is not contained.
    @inline(__always) func containmentRegion(_ s: Int32) -> Rect? {
        let b = scene.behavior(s)
        guard b.contain else { return nil }
        let p = scene[s].parent
        let (w, h) =
            p >= 0
            ? (scene[p].geometry.width, scene[p].geometry.height)
            : (config.width, config.height)
        return Containment.region(parentWidth: w, parentHeight: h, insets: b.insets)
    }

    /// Fills `g` (made by `Interaction(blank:)`) for `target`: its members (each box's snapshot,
    /// slot, the map from its parent space to the frame's space and back, and with `needsAxes`
    /// its axes in the frame's axes) and its frame; false when the selection has too
    /// few boxes. It is filled in place: an `Interaction` is a few hundred bytes, and a returned
    /// one is copied.
    @inline(never) @_optimize(speed) func gestureInteraction(
        _ g: inout Interaction, on target: GestureTarget, axes needsAxes: Bool
    ) -> Bool {
        switch target {
        case .box(let s):
            let geometry = scene[s].geometry
            g.members.first = Member(box: scene.id(s), at: geometry)
            g.members.first.slot = s
            g.frame = geometry
            g.frameIsMember = true
            g.unconstrained = isUnconstrained(s)
        case .selection(let allowingOne):
            guard multipleSelected || allowingOne, let frame = selectionFrame() else { return false }
            g.members.rest.reserveCapacity(selection.members.count - 1)
            var found = false
            var unconstrained = true
            // Only a resize reads the members' axes (`needsAxes`). Members under one parent (most
            // often the root) share its transform and inverse: they are computed once per run of them.
            var lastParent = Int32.min
            var parentWorld = Affine.identity, parentInverse = Affine.identity
            for m in selection.members {
                guard let s = scene.slot(m) else { continue }
                let geometry = scene[s].geometry
                unconstrained = unconstrained && isUnconstrained(s)
                var member = Member(box: m, at: geometry)
                member.slot = s
                let p = scene[s].parent
                if p != lastParent {
                    lastParent = p
                    parentWorld = scene.parentWorld(s)
                    parentInverse = parentWorld.inverse ?? .identity
                }
                member.parentWorld = parentWorld
                member.parentInverse = parentInverse
                if needsAxes {
                    member.axes = GroupTransform.axes(
                        world: scene.world(s), flippedX: geometry.flippedX,
                        flippedY: geometry.flippedY, frameRotation: frame.rotation)
                }
                if found {
                    g.members.rest.append(member)
                } else {
                    g.members.first = member
                    found = true
                }
            }
            guard found else { return false }
            g.group = !allowingOne || g.members.count > 1
            g.frame = frame
            // (A selection constraint sees every step of the selection's gestures.)
            g.unconstrained = unconstrained && selectionConstraint == nil
        }
        return true
    }

    /// Begins a resize, rotation or custom handle drag (by `h`) of `target`, by the pointer `tp`
    /// that went down on the handle.
    func beginHandle(_ h: HandleID, on target: GestureTarget, pointer tp: TrackedPointer) {
        let kind: InteractionKind =
            h == .rotate ? .rotate : (h.rawValue >= HandleID.custom.rawValue ? .handle : .resize)
        beginGesture(kind, on: target, handle: h, pointer: tp.id, grab: tp.position)
    }

    /// Pointer `id` drives a gesture from now on (of the selection as a whole: `group`).
    private func claim(_ id: UInt32, group: Bool) {
        input.pointers.update(id) {
            $0.role = .gesture
            if group { $0.box = .selection }
        }
    }

    /// Whether nothing but the gesture decides where slot `s` goes (not contained, no constraint
    /// hook; neither changes while it is in a gesture).
    private func isUnconstrained(_ s: Int32) -> Bool {
        let hooks = scene[s].hooks
        return !scene.behavior(s).contain && !hooks.constraint && !hooks.hostConstraint
    }

    /// Begins a gesture of `kind` on `target`: driven by `pointer` (none for magnify; with
    /// `second`, the two pointers of a pinch, grabbed where they are now), grabbed at screen point
    /// `grab` (magnify: its focal point), by handle `h` (resize, rotate, custom handle). The
    /// driving pointers become the gesture's. False when it cannot begin (too few selected).
    @discardableResult @inline(never) @_optimize(speed)
    func beginGesture(
        _ kind: InteractionKind, on target: GestureTarget, handle h: HandleID = .none,
        pointer: UInt32 = 0, second: UInt32? = nil, grab: Vec2 = .zero
    ) -> Bool {
        var q = grab, other = Vec2.zero
        if let second {
            guard let pa = input.pointers[pointer], let pb = input.pointers[second] else { return false }
            q = pa.position
            other = pb.position
        }
        let m: Affine
        if case .box(let s) = target { m = screenToParent(s) } else { m = viewInverse }
        // (The payload is the kind's once the frame is known.)
        var g = Interaction(blank: .move(MoveDrag(grab: .zero)))
        guard gestureInteraction(&g, on: target, axes: kind == .resize),
            let payload = gesturePayload(kind, frame: g.frame, handle: h, grab: m.apply(q), other: m.apply(other))
        else { return false }
        g.payload = payload
        g.pointer = pointer
        g.secondPointer = second
        g.activeHandle = h
        if kind != .magnify {
            claim(pointer, group: g.group)
            if let second { claim(second, group: g.group) }
        }
        let (reported, at) = second.map { ($0, other) } ?? (pointer, grab)
        begin(consume g, pointer: reported, at: at)
        return true
    }
}
