/// The lifecycle of every interaction, and the only code that adds one to
/// `interactions.active` or takes one out, and the only code that switches over kinds:
///
/// - begin: the members' snapshots are taken (Interaction/GestureBegin.swift) with the selection's, their
///   reset animations stop, they draw as active, a nudge run in progress ends, BEGAN;
/// - step: the next geometry of every member comes from the snapshots and the input now
///   (each kind's step in Interaction/Kinds/, one box or a selection alike), goes through each
///   box's constraints, is committed to the scene (Interaction/GestureSteps.swift), CHANGED when
///   it changed; a marquee's step makes the selection from its snapshot and the rectangle now;
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
/// moved). A nudge run (Interaction/Kinds/NudgeRun.swift) ends when another gesture begins.

/// Every kind of interaction, each with the state only it keeps (its file in
/// Interaction/Kinds/): the one list of them.
enum InteractionPayload {
    case move(MoveDrag)
    case resize(ResizeDrag)
    case rotate(RotateDrag)
    case pinch(PinchDrag)
    case magnify(MagnifyDrag)
    case handle(CustomHandleDrag)
    case marquee(MarqueeDrag)
    case nudge(NudgeRun)
    case reset(ResetRun)
    /// An arrangement of the selection (Selection/ArrangeSelection.swift), made and ended within
    /// one call; the gesture kind its COMMITTED carries.
    case arrange(GestureKind)
    case longPress(Press)
}

extension InteractionKind {
    /// The gesture kind its events carry (`.none` for a reset).
    @inline(__always) var gesture: GestureKind {
        switch self {
        case .move: .move
        case .resize: .resize
        case .rotate: .rotate
        case .pinch: .pinch
        case .magnify: .magnify
        case .handle: .handle
        case .marquee: .marquee
        case .reset: .reset
        case .nudge: .nudge
        case .arrange(let g): g
        case .longPress: .none
        }
    }
}

extension InteractionPayload {
    /// Its kind.
    @inline(__always) var kind: InteractionKind {
        switch self {
        case .move: .move
        case .resize: .resize
        case .rotate: .rotate
        case .pinch: .pinch
        case .magnify: .magnify
        case .handle: .handle
        case .marquee: .marquee
        case .nudge: .nudge
        case .reset: .reset
        case .arrange(let g): .arrange(g)
        case .longPress: .longPress
        }
    }
}

extension Interaction {
    /// Whether it is a gesture (not a reset animation, a nudge run, an arrangement or a long
    /// press): a marquee is one.
    @inline(__always) var isGesture: Bool {
        switch kind {
        case .reset, .nudge, .arrange, .longPress: false
        default: true
        }
    }

    /// Whether it is a gesture that moves boxes (a gesture other than a marquee).
    @inline(__always) var movesBoxes: Bool {
        switch kind {
        case .marquee, .reset, .nudge, .arrange, .longPress: false
        default: true
        }
    }

    /// Whether it drives its members' geometry (every kind but a marquee and a long press): the
    /// live feed reports those boxes, and remote changes of them wait for its end.
    @inline(__always) var drivesGeometry: Bool {
        switch kind {
        case .marquee, .longPress: false
        default: true
        }
    }

    /// Whether its steps can move the selection as one, so that the selection constraint sees
    /// them (Selection/SelectionConstraint.swift): not a marquee or a reset (no box geometry of
    /// the selection's), nor an align or a distribute (they move members apart).
    var canMoveSelectionAsOne: Bool {
        switch kind {
        case .marquee, .reset, .arrange(.align), .arrange(.distribute), .longPress: false
        default: true
        }
    }

    /// The geometry fields (FeedField bits) its steps drive: a remote change of those waits for
    /// its end, the others go in at once (Interaction/RemoteMembers.swift).
    var drivenFields: UInt32 {
        switch kind {
        case .move, .nudge: FeedField.center
        case .rotate: group ? FeedField.center | FeedField.rotation : FeedField.rotation
        case .marquee, .longPress: 0
        default: FeedField.geometry
        }
    }
}

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

    /// The payload of a gesture of `kind` that begins on `frame` grabbed by handle `h`, its
    /// pointer at `grab` and its second one (a pinch's) at `other` (the frame's space; a resize's
    /// grab in the start frame's own space is its own to compute); nil for kinds that are not
    /// begun by pointers or magnify (a marquee, a nudge run, a reset, an arrangement).
    func gesturePayload(
        _ kind: InteractionKind, frame: BoxGeometry, handle h: HandleID, grab: Vec2, other: Vec2
    ) -> InteractionPayload? {
        switch kind {
        case .move: .move(MoveDrag(grab: grab))
        case .resize: .resize(ResizeDrag(frame: frame, handle: h, grab: grab))
        case .rotate: .rotate(RotateDrag(grab: grab))
        case .pinch: .pinch(PinchDrag(grabA: grab, grabB: other))
        case .magnify: .magnify(MagnifyDrag(focal: grab))
        case .handle: .handle(CustomHandleDrag(handle: h))
        case .marquee, .nudge, .reset, .arrange, .longPress: nil
        }
    }

    /// Steps the gesture on `box` (`.selection`: the selection's) after `pointer` moved: the
    /// next geometry of every member from the snapshots and the pointers now, by its kind's step,
    /// then committed (Interaction/GestureSteps.swift).
    @_optimize(speed) func stepGesture(of box: BoxID, pointer: UInt32) {
        guard let gi = gesture(on: box), let ti = input.pointers.index(pointer) else { return }
        let position = input.pointers.items[ti].position, modifiers = input.pointers.items[ti].modifiers
        let toFrame = screenToFrame(gi)
        let p = toFrame.apply(position)
        snapping.active = false  // until a move or resize of this step snaps
        switch interactions.active[gi].kind {
        case .move:
            guard stepMove(gi, to: p, modifiers: modifiers, pointer: pointer, at: position) else { return }
        case .resize:
            stepResize(gi, to: p, modifiers: modifiers)
        case .rotate:
            guard stepRotate(gi, to: p, modifiers: modifiers) else { return }
        case .pinch:
            guard stepPinch(gi, toFrame) else { return }
        case .handle:
            guard stepCustomHandle(gi, to: p) else { return }
        case .magnify, .marquee, .reset, .nudge, .arrange, .longPress:
            return
        }
        guard commitGesture(gi, pointer: pointer, at: position) else { return }
        if snapping.config.flags != 0 || !snapping.marks.isEmpty { updateSnapMarks(gi) }
    }

    /// Ends gesture `gi` with ENDED, reporting `pointer` at world point `at` (its steps already
    /// placed its boxes).
    func end(_ gi: Int, pointer: UInt32, at world: Vec2) {
        finish(gi, .gestureEnded, pointer: pointer, at: world)
    }

    /// Cancels gesture `gi`: every member back to its snapshot, then CANCELLED, reporting
    /// `pointer` at world point `at`.
    func cancel(_ gi: Int, pointer: UInt32, at world: Vec2) {
        if case .marquee = interactions.active[gi].payload {
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
        finish(mi, .gestureCancelled, pointer: g.pointer, at: viewInverse.apply(marqueeRectangle(g)?.to ?? .zero))
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
}
