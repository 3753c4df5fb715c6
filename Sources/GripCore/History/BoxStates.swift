/// Everything a recorded step puts back of one box: whether it exists and, if it does, its parent,
/// draw order, geometry, home geometry, behaviour and hooks. A C constraint is the host's (its
/// function and context, which the host may free): it is not part of the snapshot, and a box
/// brought back comes without one.
package struct BoxSnapshot: Sendable {
    package var exists = false
    package var parent = BoxID.none
    /// Its nesting depth (0: top level): undo brings parents back before their children.
    var depth: Int32 = 0
    var order: UInt64 = 0
    var geometry = BoxGeometry.absent
    var home = BoxGeometry.absent
    var behavior = BoxBehavior()
    var hooks = BoxHookSet()

    /// Equal bit for bit: nothing a step would put back differs.
    func same(_ o: BoxSnapshot) -> Bool {
        exists == o.exists && parent == o.parent && order == o.order && geometry.sameBits(o.geometry)
            && home.sameBits(o.home) && behavior == o.behavior && hooks == o.hooks
    }
}

/// One box of a recorded step, before and after it.
package struct BoxStates: Sendable {
    package var box: BoxID
    package var before: BoxSnapshot
    package var after: BoxSnapshot
}

extension BoxGeometry {
    /// The geometry a change shows on the side where its box does not exist (everything zero:
    /// no box has a zero width or scale).
    public static let absent = BoxGeometry(center: .zero, width: 0, height: 0, rotation: 0, scale: 0)
}

extension Engine {
    /// Box `id` as a recorded step keeps it (not existing when it is unknown or destroyed).
    func snapshot(_ id: BoxID) -> BoxSnapshot {
        guard let s = scene.slot(id) else { return BoxSnapshot() }
        let r = scene[s]
        var hooks = r.hooks
        hooks.hostConstraint = false
        return BoxSnapshot(
            exists: true, parent: r.parent >= 0 ? scene.id(r.parent) : .none, depth: r.depth, order: r.order,
            geometry: r.geometry, home: scene.home(s), behavior: scene.behavior(s), hooks: hooks)
    }

    /// Whether putting back `states`' "after" side would take the scene past max_boxes (the boxes
    /// it brings back, less those it destroys, more than there is room for).
    func restoreExceedsLimit(_ states: [BoxStates]) -> Bool {
        var count = scene.count
        for st in states {
            let alive = scene.slot(st.box) != nil
            if st.after.exists && !alive { count += 1 }
            if !st.after.exists && alive { count -= 1 }
        }
        return count > config.maxBoxes
    }

    /// Puts every box of `states` in its "after" state, bit for bit: boxes that should not exist
    /// are destroyed (their slots held, `History.park`, so they can come back with their ids),
    /// boxes that should exist come back, parents first, and the others get their parent, draw
    /// order, behaviour, hooks, home and geometry back. A parent that is gone, or a place that
    /// would make a box its own ancestor or nest too deep (possible only when the host changed
    /// the hierarchy outside recorded steps since), leaves that box where it is. The frame is laid
    /// out again. The caller checked `restoreExceedsLimit`, and runs it with no gesture in progress.
    func restore(_ states: [BoxStates]) {
        // Boxes that come back or change place, shallowest first, so a parent is where it belongs
        // before its children go under it.
        var placing: [Int] = []
        for k in states.indices where states[k].after.exists {
            let a = states[k].after
            guard let s = scene.slot(states[k].box) else { placing.append(k); continue }
            let r = scene[s]
            if (r.parent >= 0 ? scene.id(r.parent) : .none) != a.parent || r.order != a.order { placing.append(k) }
        }
        placing.sort { states[$0].after.depth < states[$1].after.depth }
        for k in placing { place(states[k]) }
        for st in states where st.after.exists {
            guard let s = scene.slot(st.box) else { continue }
            restoreBox(s, st.after)
        }
        // Boxes to destroy: the ones whose ancestors are not going too are the roots.
        let doomedStamp = selection.nextPickStamp(slots: scene.slotCount)
        var doomed: [Int32] = []
        for st in states where !st.after.exists {
            guard let s = scene.slot(st.box) else { continue }
            selection.pickMarks[Int(s)] = doomedStamp
            history.park(s)
            doomed.append(s)
        }
        var roots: [Int32] = []
        for s in doomed {
            var p = scene[s].parent, inside = false
            while p >= 0 && !inside {
                inside = selection.pickMarks[Int(p)] == doomedStamp
                p = scene[p].parent
            }
            if !inside { roots.append(s) }
        }
        if !roots.isEmpty { destroySubtrees(roots) }
        scene.restructure()
        snapUpkeep(boxCall: true)
    }

    /// Brings box `st.box` back, or moves it, to its parent and draw order in `st.after`.
    private func place(_ st: BoxStates) {
        let a = st.after
        var parent: Int32 = -1
        if a.parent != .none {
            guard let p = scene.slot(a.parent) else { return }
            parent = p
        }
        let depth = parent >= 0 ? scene[parent].depth + 1 : 0
        if let s = scene.slot(st.box) {
            if parent >= 0 && scene.isAncestor(s, of: parent) { return }
            if depth + scene.subtreeHeight(s) >= Scene.maxDepth { return }
            if parent != scene[s].parent { cancelMarquee(destroying: nil) }
            scene.place(s, under: parent, order: a.order)
            return
        }
        let s = st.box.index
        guard s >= 0, Int(s) < scene.slotCount, !scene[s].alive, history.isParked(s),
            scene[s].generation == st.box.generation, depth < Scene.maxDepth
        else { return }
        scene.revive(
            s, parent: parent, order: a.order, geometry: a.geometry, home: a.home, behavior: a.behavior,
            hooks: a.hooks)
        history.unpark(s)
        keyRevived(s)
    }

    /// Gives live slot `s` the behaviour, hooks, home and geometry of `a`.
    private func restoreBox(_ s: Int32, _ a: BoxSnapshot) {
        let id = scene.id(s)
        let old = scene.behavior(s)
        if old != a.behavior {
            scene.setBehavior(s, a.behavior)
            if old.snapTarget != a.behavior.snapTarget { scene.snapTouched(s) }
            if old.changesHitShape(a.behavior) { scene.markBoundsDirty(s) }
            if old.editing != a.behavior.editing { editingChanged(s, to: a.behavior.editing) }
            scene.restyle(s)
        }
        var hooks = a.hooks
        hooks.hostConstraint = scene[s].hooks.hostConstraint
        if scene[s].hooks != hooks { scene.replaceHooks(s, hooks) }
        stopReset(on: id, committing: false)
        if !scene[s].geometry.sameBits(a.geometry) { scene.commitExact(s, a.geometry) }
        if !scene.home(s).sameBits(a.home) { scene.restoreHome(s, a.home, geometry: a.geometry) }
    }
}
