extension Engine {
    /// The slot of a live box, or a NOT_FOUND error.
    func slot(_ id: BoxID) throws(GripError) -> Int32 {
        guard let s = scene.slot(id) else { throw .notFound(id) }
        return s
    }

    /// Checks a description: numbers, minimum sizes, parent (with `behaviorChecked`, the behaviour
    /// is one already stored, checked then: only the geometry is checked against its minimum sizes
    /// and scales).
    @_optimize(speed) func validate(_ d: BoxDesc, behaviorChecked: Bool = false) throws(GripError) -> Int32 {
        if let p = d.geometry.rangeProblem { throw .arg(p) }
        if !behaviorChecked, let p = d.behavior.problem() { throw .arg(p) }
        if d.geometry.width < d.behavior.minWidth || d.geometry.height < d.behavior.minHeight {
            throw .arg(
                "width \(d.geometry.width) x height \(d.geometry.height) is below min_width x min_height \(d.behavior.minWidth) x \(d.behavior.minHeight)"
            )
        }
        if d.geometry.scale < d.behavior.minScale || d.geometry.scale > d.behavior.maxScale {
            throw .arg("scale \(d.geometry.scale) is outside [min_scale, max_scale]")
        }
        if d.parent == .none { return -1 }
        guard let p = scene.slot(d.parent) else {
            throw GripError(.notFound, "parent box \(d.parent.rawValue) does not exist (unknown or destroyed id)")
        }
        return p
    }

    /// Makes every check `createBox` would make of `d` at nesting depth `depth` (0: top level)
    /// under a parent that exists, and creates nothing: a scene load checks a whole file this way
    /// before it replaces any box. `d.parent` is not looked at.
    public func checkBox(_ d: BoxDesc, depth: Int) throws(GripError) {
        var d = d
        d.parent = .none
        _ = try validate(d)
        if depth >= Scene.maxDepth { throw GripError(.limit, "boxes nest at most \(Scene.maxDepth) levels deep") }
    }

    /// Adds a box; its geometry is in the parent's coordinates.
    /// `key` 0 gives it a fresh key of this peer; another must not be a live box's (STATE).
    @_optimize(speed) public func createBox(_ d: BoxDesc, key: UInt64 = 0) throws(GripError) -> BoxID {
        // A box with the behaviour of the box created before it (the common case when boxes
        // are created in numbers) shares its entry, checked when it was stored.
        let sharesLast = Engine.isLastBehavior(d.behavior, of: &scene)
        let parent = try validate(d, behaviorChecked: sharesLast)
        if parent >= 0 && scene[parent].depth + 1 >= Scene.maxDepth {
            throw GripError(.limit, "boxes nest at most \(Scene.maxDepth) levels deep")
        }
        guard scene.count < config.maxBoxes else {
            throw GripError(.limit, "max_boxes (\(config.maxBoxes)) reached")
        }
        if key != 0 {
            try checkKeyFree(key, for: -1)
        } else if !freshKeysLeft {
            throw GripError(.limit, "this peer has made 4294967295 keys; give boxes keys with grip_box_set_key")
        }
        guard let s = scene.insert(geometry: d.geometry, behavior: d.behavior, parent: parent, lastBehavior: sharesLast)
        else {
            throw GripError(.limit, "no box slot left")
        }
        keyCreated(s, key)
        noteCreatedForStep(scene.id(s))
        if d.behavior.editing { scene.editingSlots.append(s) }
        if !scene.changes.structureValid {
            scene.restructure()
        } else if let next = Engine.nextInDrawOrder(s, of: &scene) {
            // Drawn before box `next`: the next frame moves the BOX commands from there on.
            boxInserted(s, before: next)
        } else if scene.changes.orderEdited {
            boxInserted(s, before: nil)
        } else {
            // Drawn after every other box: its BOX command goes at the end, the rest stays.
            scene.boxAppended(overlay: d.behavior.editing)
            appendBoxCommand(s)
        }
        snapUpkeep(boxCall: true)
        feedHostCreated(s)
        return scene.id(s)
    }

    /// Destroys the box and its descendants; their gestures end as cancelled, their long presses
    /// as cancelled, and their pointers are ignored until they go up. A marquee whose snapshot or
    /// picks hold one of them is cancelled (the selection from before it, without them). Inside a
    /// recorded step the boxes join the step (undo brings them back with their ids); outside one
    /// they leave the history.
    @_optimize(speed) public func destroyBox(_ id: BoxID) throws(GripError) {
        let s = try slot(id)
        if recording != nil || feedTaking {
            var doomed: [Int32] = []
            Engine.collectSubtree(s, of: &scene, into: &doomed)
            noteDestroyedForStep(doomed)
            feedHostDestroying(doomed)
        }
        destroySubtrees([s])
    }

    /// Destroys every box, as `destroyBox` would one by one, in one pass (what a scene load
    /// replaces).
    public func destroyAllBoxes() {
        var roots: [Int32] = []
        var r = scene.firstRoot
        while r >= 0 {
            roots.append(r)
            r = scene[r].nextSibling
        }
        if feedTaking {
            var doomed: [Int32] = []
            for r in roots { Engine.collectSubtree(r, of: &scene, into: &doomed) }
            feedHostDestroying(doomed)
        }
        if !roots.isEmpty { destroySubtrees(roots) }
    }

    /// Destroys the subtrees of `roots` (live, none inside another). The work is linear in the
    /// boxes destroyed, the editing boxes, the selection and the history's entries, however many
    /// boxes go: everything that refers to them is cleaned in one pass each. Slots the history
    /// holds (`History.park`: a recorded step may bring their boxes back) stay in the history and
    /// are not freed; the others leave it.
    func destroySubtrees(_ roots: [Int32]) {
        var doomed: [Int32] = []
        for r in roots { Engine.collectSubtree(r, of: &scene, into: &doomed) }
        settleNudge()
        cancelMarquee(destroying: doomed)
        forget(slots: doomed)
        keysReleased(doomed)
        let parking = doomed.contains { history.isParked($0) }
        // (A box another peer destroyed stays in the steps, which skip it: Sync/RemoteApply.swift.)
        if !sync.applying {
            dropFromHistory(
                parking ? doomed.filter { !history.isParked($0) }.map { scene.id($0) } : doomed.map { scene.id($0) })
        }
        if roots.count == 1 {
            // (The subtree's BOX commands are in a row, `doomed.count` of them.)
            let place = subtreePlace(roots[0])
            scene.remove(roots[0], freeing: !parking)
            subtreeRemoved(place)
        } else {
            for r in roots { scene.remove(r, freeing: !parking) }
            subtreeRemoved(nil)
        }
        if parking {
            for x in doomed where !history.isParked(x) {
                scene.freeSlot(x)
            }
        }
        dropDestroyedFromSelection()
        snapUpkeep(boxCall: true)
    }

    /// The box drawn right after slot `s` (nil: `s` is drawn last), borrowing the scene in place
    /// (see below).
    private static func nextInDrawOrder(_ s: Int32, of scene: inout Scene) -> Int32? {
        scene.nextInDrawOrder(s)
    }

    /// `scene.isLastBehavior(b)`, borrowing the scene in place (see below).
    private static func isLastBehavior(_ b: BoxBehavior, of scene: inout Scene) -> Bool {
        scene.isLastBehavior(b)
    }

    /// `scene.collectSubtree(root, into: &out)`, borrowing the scene in place: called on the
    /// engine's property directly, the method gets a copy of the whole Scene (a retain and a
    /// release of each of its arrays).
    private static func collectSubtree(_ root: Int32, of scene: inout Scene, into out: inout [Int32]) {
        scene.collectSubtree(root, into: &out)
    }

    /// Ends everything that refers to the slots `doomed`, which are about to be freed. The lists
    /// that may hold many of them (editing boxes, disabled hooks) are filtered once, through a
    /// pick mark on each doomed slot.
    /// The per-box work runs only while an interaction (a long press too) exists, which is what it
    /// ends: destroying 100,000 boxes otherwise spent a quarter of its time finding nothing.
    private func forget(slots doomed: [Int32]) {
        let mark = selection.nextPickStamp(slots: scene.slotCount)
        for x in doomed { selection.pickMarks[Int(x)] = mark }
        if !interactions.isEmpty {
            for x in doomed {
                let id = scene.id(x)
                dropInteractions(on: id, slot: x)
                cancelPress(on: id, slot: x)
                removePresses(on: id)
            }
        }
        if !doomed.isEmpty { scene.overlayMembershipChanged() }
        let isDoomed = { (id: BoxID) -> Bool in
            guard let s = self.scene.slot(id) else { return false }
            return self.selection.pickMarks[Int(s)] == mark
        }
        for i in input.pointers.items.indices where isDoomed(input.pointers.items[i].box) {
            input.pointers.items[i].role = .ignored
        }
        if isDoomed(input.hover.box) { input.hover = Hover() }
        if let tap = input.lastTap, isDoomed(tap.box) { input.lastTap = nil }
        if scene.editingSlots.contains(where: { selection.pickMarks[Int($0)] == mark }) {
            scene.editingSlots.removeAll { selection.pickMarks[Int($0)] == mark }
        }
        if !scene.disabledHandleHooks.isEmpty {
            // (Filtered into a new list: removing in place while the test reads the scene was an
            // overlapping access to `scene`, which debug builds trap on.)
            scene.disabledHandleHooks = scene.disabledHandleHooks.filter { !isDoomed($0) }
        }
    }

    /// Replaces behaviour and geometry. The geometry is read in the box's current parent's
    /// coordinates; when `parent` changes the box moves under the new parent keeping its place in
    /// the world. Refused while the box is in a gesture. Inside a recorded step the box joins the
    /// step; outside one, a change of its geometry or parent drops it from the history.
    public func configure(_ id: BoxID, _ d: BoxDesc) throws(GripError) {
        let s = try slot(id)
        let newParent = try validate(d)
        if hasGesture(on: id) {
            throw .state("box \(id.rawValue) is in a gesture; configure it after the gesture ends")
        }
        var geometry = d.geometry
        let oldParent = scene[s].parent
        if newParent != oldParent {
            if newParent >= 0 && scene.isAncestor(s, of: newParent) {
                throw .state("a box cannot be parented to itself or its own descendant")
            }
            let newDepth = newParent >= 0 ? scene[newParent].depth + 1 : 0
            if newDepth + scene.subtreeHeight(s) >= Scene.maxDepth {
                throw GripError(.limit, "boxes nest at most \(Scene.maxDepth) levels deep")
            }
            let oldWorld = oldParent >= 0 ? scene.world(oldParent) : .identity
            let newWorld = newParent >= 0 ? scene.world(newParent) : .identity
            guard let inv = newWorld.inverse,
                let g = BoxGeometry.decomposeUnchecked(
                    inv * oldWorld * geometry.local, width: geometry.width,
                    height: geometry.height, preferFlipX: geometry.flippedX)
            else { throw .arg("the box cannot be expressed in the new parent's coordinates") }
            // The box keeps its place in the world, so its geometry in the new parent's space
            // must be one it may have (else it would not describe, configure or load back).
            if let p = d.behavior.limitProblem(g) {
                throw .arg(
                    "re-parenting would put the box's geometry in the new parent's coordinates outside its limits: \(p)"
                )
            }
            geometry = g
        }
        let old = scene.behavior(s)
        settleNudge()
        let feedBefore = feedBeforeHostEdit(id)
        defer { feedHostEdit(id, feedBefore) }
        noteForStep(id)
        // The host moved the box itself: no step may put it back (a description that leaves it
        // where it is, such as a host syncing its document, keeps its history). New size or scale
        // limits drop it too: a step could put back a geometry they refuse. Inside a recorded
        // step the step puts it back, limits and all.
        if recording == nil
            && (newParent != oldParent || !geometry.sameBits(scene[s].geometry)
                || !old.sameLimits(d.behavior))
        {
            dropFromHistory([id])
        }
        if newParent != oldParent {
            // The hierarchy a marquee picks from and restores into changes: it is cancelled.
            cancelMarquee(destroying: nil)
            let from = subtreePlace(s)
            scene.reparent(s, under: newParent)
            drawOrderMoved(s, from: from)
            keepSelectionApart()
        }
        scene.setBehavior(s, d.behavior)
        if old.snapTarget != d.behavior.snapTarget { scene.snapTouched(s) }
        if old.changesHitShape(d.behavior) { scene.markBoundsDirty(s) }
        scene.setHome(s, geometry)
        scene.commit(s, geometry)
        stopReset(on: id)
        scene.disabledHandleHooks.removeAll { $0 == id }
        if old.editing != d.behavior.editing { editingChanged(s, to: d.behavior.editing) }
        // Behaviour shows in the BOX command (user data) and the overlay; an identical
        // description changes nothing drawn, so the serial stays.
        if old != d.behavior { scene.restyle(s) }
        snapUpkeep(boxCall: true)
    }

    /// Replaces only the behaviour of a box: geometry, the geometry a reset goes back to, and the
    /// parent stay. The current geometry must satisfy the new limits.
    public func setBehavior(_ id: BoxID, _ b: BoxBehavior) throws(GripError) {
        let s = try slot(id)
        var d = try describe(id)
        d.behavior = b
        _ = try validate(d)
        let old = scene.behavior(s)
        guard old != b else { return }
        let feedBefore = feedBeforeHostEdit(id)
        defer { feedHostEdit(id, feedBefore) }
        noteForStep(id)
        scene.setBehavior(s, b)
        if old.snapTarget != b.snapTarget { scene.snapTouched(s) }
        if old.changesHitShape(b) { scene.markBoundsDirty(s) }
        if old.editing != b.editing { editingChanged(s, to: b.editing) }
        scene.restyle(s)
    }

    /// The box's description now: parent, current geometry and behaviour.
    public func describe(_ id: BoxID) throws(GripError) -> BoxDesc {
        let s = try slot(id)
        let r = scene[s]
        var d = BoxDesc()
        d.parent = r.parent >= 0 ? scene.id(r.parent) : .none
        d.geometry = r.geometry
        d.behavior = Engine.behavior(s, of: &scene)
        return d
    }

    /// Shows or hides border and handles; hiding them ends a resize or rotate in progress (ENDED
    /// at no position; its pointer is ignored until it goes up).
    public func setEditing(_ id: BoxID, _ editing: Bool) throws(GripError) {
        let s = try slot(id)
        guard scene[s].editing != editing else { return }
        noteForStep(id)
        editingChanged(s, to: editing)
        if !editing, let gi = gesture(on: id),
            interactions[gi].kind == .resize || interactions[gi].kind == .rotate
        {
            // Ending it redraws the overlay, which the border and handles leave.
            let pointer = interactions[gi].pointer
            end(gi, pointer: pointer, at: .zero)
            input.pointers.update(pointer) { $0.role = .ignored }
        } else {
            // The border and handles come or go.
            scene.drawnStateChanged()
        }
    }

    func editingChanged(_ s: Int32, to editing: Bool) {
        scene.setEditing(s, editing)
        emit(.editingChanged, slot: s)
    }

    /// Where the box is now.
    public func state(_ id: BoxID) throws(GripError) -> BoxState {
        let s = try slot(id)
        let r = scene[s]
        let world = scene.world(s)
        return BoxState(
            geometry: r.geometry, local: r.geometry.local, world: world,
            corners: r.geometry.corners(world), editing: r.editing,
            gestureActive: hasGesture(on: id))
    }

    /// The behaviour of a box.
    public func behavior(of id: BoxID) throws(GripError) -> BoxBehavior {
        Engine.behavior(try slot(id), of: &scene)
    }

    /// `scene.behavior(s)`, borrowing the scene in place: called on the engine's property
    /// directly where the whole behaviour is returned, it copies the whole Scene first.
    private static func behavior(_ s: Int32, of scene: inout Scene) -> BoxBehavior { scene.behavior(s) }

    /// The parent of a box, `.none` at top level.
    public func parent(of id: BoxID) throws(GripError) -> BoxID {
        let p = scene[try slot(id)].parent
        return p >= 0 ? scene.id(p) : .none
    }

    /// Every live box in draw order (parents before children, siblings in draw order).
    public var boxesInDrawOrder: [BoxID] {
        // One read of the storage: an unoptimised build copies `scene` at every access (3.5 us a
        // box at 30,000 boxes in the debug test build).
        let scene = self.scene
        var out: [BoxID] = []
        var s = scene.firstInDrawOrder
        while let x = s { out.append(scene.id(x)); s = scene.nextInDrawOrder(x) }
        return out
    }
}
