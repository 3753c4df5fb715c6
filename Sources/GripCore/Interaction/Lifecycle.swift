/// The lifecycle of every interaction, and the only code that adds one to
/// `interactions.active` or takes one out:
///
/// - begin: the members' snapshots are taken (Interaction/GestureBegin.swift) with the selection's, their
///   reset animations stop, they draw as active, a nudge run in progress ends, BEGAN;
/// - step: the next geometry of every member comes from the snapshots and the input now
///   (Interaction/GestureSteps.swift for gestures, one box or a selection alike,
///   `ResetAnimation` for resets), goes through each box's constraints, is committed to the
///   scene, CHANGED when it changed; a marquee's step makes the selection from its snapshot and
///   the rectangle now (Selection/MarqueeSelection.swift);
/// - end: the steps already placed its boxes (magnify's last step commits its clamped scale),
///   ENDED (a reset sends RESET instead), then, when any box changed, one step:
///   COMMITTED and the undo history (History/Commits.swift); a marquee changes no box, so it
///   makes no step;
/// - cancel: every member back to its snapshot and the selection back to what it was, bit for
///   bit, CANCELLED, no step.
///
/// A box being destroyed drops its interaction (CANCELLED; the other members of a group go back
/// to their snapshots), and cancels a marquee whose snapshot or picks hold it; a reset animation
/// stops where it is when a gesture or a new description takes its box (a step when it had
/// moved). A nudge run (Keys/Nudge.swift) ends when another gesture begins.
extension Engine {
    // MARK: gestures

    /// Begins gesture `g` driven by `pointer` (0 for magnify), reporting screen point `q`. `g` is
    /// moved into `interactions.active`, never copied (an `Interaction` is a few hundred bytes).
    @_optimize(speed) func begin(_ g: consuming Interaction, pointer: UInt32, at q: Vec2) {
        settleNudge()
        for k in 0..<g.members.count { stopReset(on: g.members.box(k)) }
        g.selectionBefore = selection.members
        g.orientationBefore = selection.orientation
        let kind = g.kind, group = g.group, handle = g.activeHandle, first = g.members.first.box
        interactions.active.append(g)
        let gi = interactions.active.count - 1
        for k in 0..<interactions.active[gi].members.count {
            if let s = scene.slot(interactions.active[gi].members.box(k)) { scene.restate(s) }
        }
        if kind == .marquee {
            emitSelectionEvent(.gestureBegan, .marquee, pointer: pointer, at: viewInverse.apply(q))
            return
        }
        if group {
            scene.drawnStateChanged()
            emitSelectionEvent(.gestureBegan, kind.gesture, handle: handle, pointer: pointer, at: viewInverse.apply(q))
            return
        }
        guard let s = scene.slot(first) else { return }
        emit(.gestureBegan, kind.gesture, slot: s, handle: handle, pointer: pointer, at: viewInverse.apply(q))
    }

    /// Ends gesture `gi` with ENDED, reporting `pointer` at world point `at` (its steps already
    /// placed its boxes).
    func end(_ gi: Int, pointer: UInt32, at world: Vec2) {
        finish(gi, .gestureEnded, pointer: pointer, at: world)
    }

    /// Cancels gesture `gi`: every member back to its snapshot, then CANCELLED, reporting
    /// `pointer` at world point `at`.
    func cancel(_ gi: Int, pointer: UInt32, at world: Vec2) {
        if interactions.active[gi].kind == .marquee {
            // The selection comes back first (SELECTION_CHANGED), then CANCELLED.
            restoreSelection(of: interactions.active[gi])
            finish(gi, .gestureCancelled, pointer: pointer, at: world)
            return
        }
        let members = interactions.active[gi].members
        for k in 0..<members.count {
            if let s = scene.slot(members[k].box) { scene.commit(s, members[k].start) }
        }
        let before = interactions.active[gi].selectionBefore
        finish(gi, .gestureCancelled, pointer: pointer, at: world)
        setSelection(before.filter { scene.slot($0) != nil })
    }

    /// Takes gesture `gi` out: its members draw as inactive again, then `event`.
    private func finish(_ gi: Int, _ event: EventKind, pointer: UInt32, at world: Vec2) {
        let g = interactions.active.remove(at: gi)
        clearSnapMarks()
        // A pointer gesture's active handle and guide leave the overlay.
        if g.kind != .magnify { scene.drawnStateChanged() }
        for k in 0..<g.members.count {
            if let s = scene.slot(g.members[k].box) { scene.restate(s) }
        }
        if g.kind == .marquee {
            emitSelectionEvent(event, .marquee, pointer: pointer, at: world)
        } else if g.group {
            // A turned selection keeps its frame at the turned angle.
            if event == .gestureEnded && g.turn != 0 {
                selection.orientation = Angle.wrap(g.frame.rotation + g.turn)
            }
            scene.drawnStateChanged()
            emitSelectionEvent(event, g.kind.gesture, handle: g.activeHandle, pointer: pointer, at: world)
        } else if let s = scene.slot(g.members.first.box) {
            emit(event, g.kind.gesture, slot: s, handle: g.activeHandle, pointer: pointer, at: world)
        }
        if event == .gestureEnded { commitStep(of: g) }
        if !sync.pending.isEmpty { settleRemote(of: g, cancelled: event != .gestureEnded) }
    }

    /// Drops the interactions on box `id` (slot `x`), which is being destroyed: its gesture ends
    /// with CANCELLED at no position, nothing restored or redrawn; its reset animation stops.
    func dropInteractions(on id: BoxID, slot x: Int32) {
        if let gi = gesture(on: id) {
            let g = interactions.active.remove(at: gi)
            if g.group {
                // The other members go back to where the gesture found them: a cancelled
                // gesture leaves nothing changed.
                for k in 0..<g.members.count where g.members[k].box != id {
                    if let s = scene.slot(g.members[k].box) { scene.commit(s, g.members[k].start); scene.restyle(s) }
                }
                scene.drawnStateChanged()
                emitSelectionEvent(.gestureCancelled, g.kind.gesture, handle: g.activeHandle, pointer: g.pointer)
            } else {
                emit(.gestureCancelled, g.kind.gesture, slot: x, handle: g.activeHandle, pointer: g.pointer)
            }
        }
        stopReset(on: id, committing: false)
    }

    /// Cancels the marquee in progress, if any, when the boxes it acts on change under it: boxes
    /// `doomed` (slots about to be destroyed) when its snapshot or its picks hold one of them,
    /// or (`doomed` nil: a box changed parents) always. The selection goes back to its snapshot
    /// without the doomed boxes, CANCELLED at its pointer; the pointer drives nothing until it is
    /// released.
    func cancelMarquee(destroying doomed: [Int32]?) {
        guard let mi = interactions.marquee() else { return }
        let g = interactions.active[mi]
        // The doomed slots carry a fresh pick mark (0: none is doomed).
        var stamp: UInt32 = 0
        if let doomed {
            stamp = selection.nextPickStamp(slots: scene.slotCount)
            var touched = false
            for x in doomed {
                selection.pickMarks[Int(x)] = stamp
                touched = touched || scene[x].selection != .none
            }
            guard touched || g.selectionBefore.contains(where: { isMarked($0, stamp) }) else { return }
        }
        restoreSelection(of: g, unlessMarked: stamp)
        finish(mi, .gestureCancelled, pointer: g.pointer, at: viewInverse.apply(g.grabB))
        input.pointers.update(g.pointer) { $0.role = .ignored }
    }

    /// Whether live box `id` carries pick mark `stamp`.
    private func isMarked(_ id: BoxID, _ stamp: UInt32) -> Bool {
        guard let s = scene.slot(id) else { return false }
        return selection.pickMarks[Int(s)] == stamp
    }

    /// The selection back to what it was when `g` began, in its order and with its frame's kept
    /// orientation (boxes destroyed since, and those carrying pick mark `stamp`, left out).
    private func restoreSelection(of g: Interaction, unlessMarked stamp: UInt32 = 0) {
        setSelection(g.selectionBefore.filter { scene.slot($0) != nil && (stamp == 0 || !isMarked($0, stamp)) })
        if selection.orientation != g.orientationBefore {
            selection.orientation = g.orientationBefore
            scene.drawnStateChanged()
        }
    }

    /// World position of pointer `id`, or the origin when it is not down.
    func pointerWorld(_ id: UInt32) -> Vec2 {
        input.pointers[id].map { viewInverse.apply($0.position) } ?? .zero
    }

    // MARK: nudge runs

    /// Begins nudge run `g` (Keys/Nudge.swift) on the selected boxes: the snapshots and the
    /// selection taken, their reset animations stopped; no gesture events. Returns its index.
    func beginNudgeRun(_ g: consuming Interaction) -> Int {
        g.selectionBefore = selection.members
        g.orientationBefore = selection.orientation
        for k in 0..<g.members.count { stopReset(on: g.members.box(k)) }
        interactions.active.append(g)
        return interactions.active.count - 1
    }

    /// Ends the nudge run in progress, if any: one step when it moved anything.
    func settleNudge() {
        guard interactions.nudgeDeadline != .infinity else { return }
        interactions.nudgeDeadline = .infinity
        guard let gi = interactions.nudge() else { return }
        let g = interactions.active.remove(at: gi)
        commitStep(of: g)
    }

    // MARK: reset animations

    /// Begins the animation of slot `s` from where it is to its home geometry.
    func beginReset(slot s: Int32) {
        let id = scene.id(s)
        stopReset(on: id)
        var a = Interaction(.reset, box: id, at: scene[s].geometry)
        a.target = scene.home(s)
        a.startTime = time
        a.selectionBefore = selection.members
        interactions.active.append(a)
    }

    /// Steps every reset animation to the engine's time (one commit each); one that arrives ends
    /// with RESET. True when any geometry changed.
    @_optimize(speed) func stepResets() -> Bool {
        var changed = false
        var i = 0
        while i < interactions.active.count {
            guard interactions.active[i].kind == .reset else { i += 1; continue }
            let a = interactions.active[i]
            guard let s = scene.slot(a.members.first.box) else { interactions.active.remove(at: i); continue }
            let g = ResetAnimation.geometry(from: a.members.first.start, to: a.target, startTime: a.startTime, at: time)
            // Between two geometries the box may have, up to rounding (a frame off by more stays
            // where the last one was; the last is the home itself).
            if let fit = scene.behavior(s).settled(g), scene.commit(s, fit) { changed = true }
            if ResetAnimation.isFinished(startTime: a.startTime, at: time) {
                interactions.active.remove(at: i)
                emit(.reset, slot: s)
                commitStep(of: a)
                continue
            }
            i += 1
        }
        return changed
    }

    /// Stops the reset animation of box `id` where it is; the way it went is a step unless the
    /// box is going away (`committing` false).
    func stopReset(on id: BoxID, committing: Bool = true) {
        var i = 0
        while i < interactions.active.count {
            if interactions.active[i].kind == .reset && interactions.active[i].members.first.box == id {
                let a = interactions.active.remove(at: i)
                if committing { commitStep(of: a) }
            } else {
                i += 1
            }
        }
    }
}
