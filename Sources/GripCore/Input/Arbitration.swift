/// Pointer arbitration: what a pointer going down on a box becomes.
///
/// ```
///                       down on a handle ──────────────► RESIZE / ROTATE ──up──► ENDED
///                                                             │ cancel ──► CANCELLED (start restored)
///   down on a body ──► PENDING ──moved > touch_slop──► MOVE (box allows move; else ignored)
///      (LONG_PRESS_BEGAN  │   │                          │  ▲
///       if allowed)       │   │       second pointer on  │  │ one of two lifts: PINCH ENDED,
///                         │   │       the same box:      ▼  │ the other, on its next move: MOVE BEGAN
///                         │   └──second pointer────────► PINCH (pan + scale + rotate)
///                         │                                 third pointer: ignored
///                         ├──timer reaches duration──► LONG_PRESS_TRIGGERED (no tap on release)
///                         └──up before duration──► LONG_PRESS_CANCELLED, TAP [, DOUBLE_TAP, reset]
///   down on nothing ──► background (not consumed: an overlay passes it on); with pointer
///      selection: EMPTY ──up──► the selection cleared (unless a gesture acts on it)
///                       └──moved > touch_slop──► MARQUEE (when no gesture is in progress) ──up──► ENDED
///   move with no pointer down ──► hover (marks the handle or box under it); cancel ──► it left
/// ```
/// Leaving PENDING for any gesture cancels the long press first, so one pointer's events never
/// interleave between two gestures. A marquee is exclusive: it begins only while no other
/// gesture is in progress, and while it lasts another pointer going down drives nothing (on a
/// box or the selection's handles it is consumed and ignored until released; on nothing it is
/// the background), as does a pointer that was already pending or resuming on a box.
extension Engine {
    /// Feeds one pointer event (screen coordinates). Returns whether it belonged to a box.
    @_optimize(speed) public func dispatch(_ e: PointerEvent) throws(GripError) -> Bool {
        guard e.position.isInRange else { throw .arg("pointer position is not finite or beyond 1e9") }
        guard e.time.isFinite, abs(e.time) <= Engine.maxTime else { throw .arg("time is not finite or beyond 1e9 s") }
        guard e.modifiers & ~Modifiers.all == 0 else {
            throw .arg("unknown modifier bits 0x\(String(e.modifiers, radix: 16))")
        }
        let tracked = input.pointers.index(e.pointer) != nil
        switch e.phase {
        case .down:
            if tracked { throw .state("pointer \(e.pointer) is already down") }
            if input.pointers.items.count >= config.maxPointers {
                throw GripError(.limit, "max_pointers (\(config.maxPointers)) are already down")
            }
        case .up:
            if !tracked { throw .state("pointer \(e.pointer) went up without going down") }
        case .cancel, .move:
            // A move or cancel of a pointer that is not down is hover, or the pointer leaving.
            break
        }
        try refuseWhileRecording("dispatching input")
        try advanceTime(e.time)
        switch e.phase {
        case .down: return pointerDown(e)
        case .move:
            guard tracked else { updateHover(e); return false }
            return pointerMoved(e)
        case .up: return pointerUp(e, cancelled: false)
        case .cancel:
            guard tracked else {
                if input.hover.pointer == e.pointer { setHover(Hover()) }
                return false
            }
            return pointerUp(e, cancelled: true)
        }
    }

    // MARK: down

    @_optimize(speed) private func pointerDown(_ e: PointerEvent) -> Bool {
        let q = e.position
        var tp = TrackedPointer(
            id: e.pointer, position: q, downPosition: q, downTime: time, modifiers: e.modifiers,
            downModifiers: e.modifiers, box: .none, handle: .none, role: .background)
        if input.hover.pointer == e.pointer { setHover(Hover()) }
        let (s, h) = hit(screen: q)
        if interactions.marquee() != nil {
            // The marquee picks the selection: nothing else begins until it ends.
            let onSomething = s >= 0 || s == Engine.selectionSlot
            if onSomething { tp.role = .ignored }
            input.pointers.items.append(tp)
            return onSomething
        }
        if s == Engine.selectionSlot {
            // The selection's own handles: a resize or rotation of every selected box.
            tp.box = .selection
            tp.handle = h
            tp.role = selectionGestureActive() ? .ignored : .gesture
            input.pointers.items.append(tp)
            if tp.role == .gesture { beginHandle(h, on: .selection(allowingOne: false), pointer: tp) }
            return true
        }
        guard s >= 0 else {
            if config.selectionMode == .pointer { tp.role = .empty }
            input.pointers.items.append(tp)
            return false
        }
        let id = scene.id(s)
        tp.box = id
        tp.handle = h
        if h == .none { pressSelects(slot: s, modifiers: e.modifiers) }
        if scene[s].selection == .member { return memberDown(tp, slot: s) }
        let allow = scene.behavior(s).allow
        let twoPointer = !allow.isDisjoint(with: [.move, .pinch, .rotate])
        if let gi = gesture(on: id) {
            // A second finger joins a one-finger move: it becomes a pinch from here, no jump.
            if interactions[gi].kind == .move && twoPointer {
                let first = interactions[gi].pointer
                end(gi, pointer: first, at: pointerWorld(first))
                input.pointers.items.append(tp)
                beginGesture(.pinch, on: .box(s), pointer: first, second: e.pointer)
                return true
            }
            tp.role = .ignored
        } else if let other = input.pointers.items.first(where: {
            $0.box == id && ($0.role == .pending || $0.role == .resuming)
        }) {
            tp.role = .ignored
            if twoPointer {
                cancelPress(on: id, slot: s, at: q)
                input.pointers.items.append(tp)
                beginGesture(.pinch, on: .box(s), pointer: other.id, second: e.pointer)
                return true
            }
        } else if h != .none {
            tp.role = .gesture
            input.pointers.items.append(tp)
            beginHandle(h, on: .box(s), pointer: tp)
            return true
        } else {
            tp.role = .pending
            if allow.contains(.longPress) { beginPress(slot: s, pointer: e.pointer, at: q) }
        }
        input.pointers.items.append(tp)
        return true
    }

    // MARK: move

    @_optimize(speed) private func pointerMoved(_ e: PointerEvent) -> Bool {
        guard let i = input.pointers.index(e.pointer) else { return false }
        let previous = input.pointers.items[i].position
        input.pointers.items[i].position = e.position
        input.pointers.items[i].modifiers = e.modifiers
        switch input.pointers.items[i].role {
        case .background: return false
        case .ignored: return true
        case .empty:
            let tp = input.pointers.items[i]
            guard (e.position - tp.downPosition).length > config.touchSlop else { return false }
            guard !interactions.anyGesture else {
                // Another gesture is in progress: a marquee could pick its boxes. No marquee.
                input.pointers.items[i].role = .background
                return false
            }
            input.pointers.items[i].role = .marquee
            beginMarquee(tp)
            return true
        case .marquee:
            if let mi = interactions.marquee() { stepMarquee(mi, to: e.position, modifiers: e.modifiers) }
            return true
        case .gesture:
            stepGesture(of: input.pointers.items[i].box, pointer: e.pointer)
            return true
        case .resuming:
            let tp = input.pointers.items[i]
            guard e.position != previous else { return true }
            if interactions.marquee() != nil {
                input.pointers.items[i].role = .ignored
                return true
            }
            if tp.box == .selection {
                // The finger left on the selection after a group pinch: a move of the whole selection.
                guard multipleSelected, selectionAllows().contains(.move), !selectionGestureActive() else {
                    input.pointers.items[i].role = .ignored
                    return true
                }
                beginGesture(.move, on: .selection(allowingOne: false), pointer: tp.id, grab: previous)
                stepGesture(of: .selection, pointer: tp.id)
                return true
            }
            guard let s = scene.slot(tp.box) else { return true }
            input.pointers.items[i].role = .gesture
            beginGesture(.move, on: .box(s), pointer: tp.id, grab: previous)
            stepGesture(of: tp.box, pointer: tp.id)
            return true
        case .pending:
            let tp = input.pointers.items[i]
            guard (e.position - tp.downPosition).length > config.touchSlop, let s = scene.slot(tp.box) else {
                return true
            }
            cancelPress(on: tp.box, slot: s, at: e.position)
            if interactions.marquee() != nil {
                input.pointers.items[i].role = .ignored
                return true
            }
            dragSelects(slot: s, modifiers: e.modifiers)
            if scene[s].selection == .member {
                if selectionAllows().contains(.move) && !selectionGestureActive() {
                    beginGesture(.move, on: .selection(allowingOne: false), pointer: tp.id, grab: tp.downPosition)
                    stepGesture(of: .selection, pointer: tp.id)
                } else {
                    input.pointers.items[i].role = .ignored
                }
                return true
            }
            if scene.behavior(s).allow.contains(.move) {
                input.pointers.items[i].role = .gesture
                beginGesture(.move, on: .box(s), pointer: tp.id, grab: tp.downPosition)
                stepGesture(of: tp.box, pointer: tp.id)
            } else {
                input.pointers.items[i].role = .ignored
            }
            return true
        }
    }

    // MARK: up and cancel

    @_optimize(speed) private func pointerUp(_ e: PointerEvent, cancelled: Bool) -> Bool {
        guard let tp = input.pointers[e.pointer] else { return false }
        input.pointers.update(e.pointer) { $0.position = e.position }
        defer { input.pointers.remove(e.pointer) }
        switch tp.role {
        case .background: return false
        case .ignored, .resuming: return true
        case .empty:
            // A tap on an empty place clears the selection (not while a gesture acts on it).
            if !cancelled && !selectionGestureActive() { setSelection([]) }
            return false
        case .marquee:
            guard let mi = interactions.marquee() else { return true }
            if cancelled {
                cancel(mi, pointer: e.pointer, at: viewInverse.apply(e.position))
            } else {
                end(mi, pointer: e.pointer, at: viewInverse.apply(e.position))
            }
            return true
        case .pending:
            guard let s = scene.slot(tp.box) else { return true }
            let triggered = interactions.pressTriggered(on: tp.box)
            cancelPress(on: tp.box, slot: s, at: e.position)
            if !cancelled && !triggered && time - tp.downTime < scene.behavior(s).longPressDuration {
                tapSelects(slot: s, pointer: tp)
                tapped(slot: s, pointer: tp)
            }
            return true
        case .gesture:
            guard let gi = gesture(on: tp.box) else { return true }
            let g = interactions[gi]
            if cancelled {
                cancel(gi, pointer: e.pointer, at: pointerWorld(e.pointer))
                for other in [g.pointer, g.secondPointer].compactMap({ $0 }) where other != e.pointer {
                    input.pointers.update(other) { $0.role = .ignored }
                }
                return true
            }
            end(gi, pointer: e.pointer, at: pointerWorld(e.pointer))
            // One finger of two lifts: the other carries on as a move from where things are, once
            // it moves (when both lift together, no move begins at all).
            if g.kind == .pinch && g.group {
                let other = g.pointer == e.pointer ? g.secondPointer : g.pointer
                if let o = other, input.pointers[o] != nil {
                    let resumes = selectionAllows().contains(.move)
                    input.pointers.update(o) { $0.role = resumes ? .resuming : .ignored }
                }
            } else if g.kind == .pinch, let s = scene.slot(g.members.first.box) {
                let other = g.pointer == e.pointer ? g.secondPointer : g.pointer
                if let o = other, input.pointers[o] != nil {
                    let resumes = scene.behavior(s).allow.contains(.move)
                    input.pointers.update(o) { $0.role = resumes ? .resuming : .ignored }
                }
            }
            return true
        }
    }

    /// A tap on slot `s`: TAP, and DOUBLE_TAP (with a reset, if allowed) when it follows a tap on
    /// the same box within `double_tap_interval` and `touch_slop`.
    private func tapped(slot s: Int32, pointer tp: TrackedPointer) {
        let world = viewInverse.apply(tp.position)
        emit(.tap, slot: s, pointer: tp.id, at: world)
        if let last = input.lastTap, last.box == tp.box, time - last.time <= config.doubleTapInterval,
            (tp.position - last.position).length <= config.touchSlop
        {
            input.lastTap = nil
            emit(.doubleTap, slot: s, pointer: tp.id, at: world)
            if scene.behavior(s).allow.contains(.doubleTapReset) {
                startReset(slot: s, animated: true)
            }
        } else {
            input.lastTap = TapRecord(box: tp.box, time: time, position: tp.position)
        }
    }

    // MARK: hover

    private func updateHover(_ e: PointerEvent) {
        let (s, h) = hit(screen: e.position)
        if s == Engine.selectionSlot { setHover(Hover(pointer: e.pointer, box: .selection, handle: h)); return }
        setHover(s >= 0 ? Hover(pointer: e.pointer, box: scene.id(s), handle: h) : Hover(pointer: e.pointer))
    }

    /// Sets what the hovering pointer is over, redrawing what that changes.
    func setHover(_ h: Hover) {
        let old = input.hover
        input.hover = h
        if h.box != old.box {
            if let s = scene.slot(old.box) { scene.restyle(s) }
            if let s = scene.slot(h.box) { scene.restyle(s) }
        } else if h.handle != old.handle {
            scene.drawnStateChanged()
        }
    }
}
