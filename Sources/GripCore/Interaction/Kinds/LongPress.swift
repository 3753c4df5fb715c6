/// A long press on a box: an interaction (`.longPress`) of the pointer that went down on it. Its
/// indicator fills from 0 to 1 over the box's `long_press_duration`, driven only by timer events;
/// TRIGGERED once at 1; a cancel (the pointer moved past touch_slop or went up early) sends
/// CANCELLED and winds the indicator back to 0 over `windBackDuration`, and the press ends when
/// it is back at 0. It moves no box and is never a gesture: a press winding back and the move
/// that cancelled it go on side by side. At most one press per box.

/// A long press's own state.
struct Press {
    enum Phase: Equatable {
        case filling
        case triggered
        case windingBack(from: Double, at: Double)
    }

    var startTime: Double
    var duration: Double
    var progress = 0.0
    var phase = Phase.filling
    /// Set when the box's custom indicator hook failed during this press.
    var indicatorDisabled = false

    /// Seconds the indicator takes to wind back to 0 after a cancel.
    static let windBackDuration = 0.25
}

extension Interactions {
    /// The index of the long press on box `id`, or nil.
    func press(on id: BoxID) -> Int? {
        for i in active.indices where active[i].kind == .longPress && active[i].members.first.box == id { return i }
        return nil
    }

    /// Interaction `gi`'s press state, or nil when it is not a long press.
    func pressState(_ gi: Int) -> Press? {
        guard case .longPress(let p) = active[gi].payload else { return nil }
        return p
    }

    /// The box of interaction `gi` when it is a long press, or nil.
    func pressedBox(_ gi: Int) -> BoxID? { active[gi].kind == .longPress ? active[gi].members.first.box : nil }

    /// Whether the press on box `id` has triggered (and not been let go).
    func pressTriggered(on id: BoxID) -> Bool {
        guard let i = press(on: id), let p = pressState(i) else { return false }
        return p.phase == .triggered
    }

    /// The custom indicator hook of the box pressed by `id` failed: the built-in indicator is
    /// drawn for the rest of the press.
    mutating func disableIndicator(ofPressOn id: BoxID) {
        guard let i = press(on: id), var p = pressState(i) else { return }
        p.indicatorDisabled = true
        active[i].payload = .longPress(p)
    }

    /// Takes out every long press on box `id`; whether there was one.
    fileprivate mutating func removePresses(on id: BoxID) -> Bool {
        let before = active.count
        active.removeAll { $0.kind == .longPress && $0.members.first.box == id }
        return active.count != before
    }
}

extension Engine {
    /// Starts a long press of `pointer` on slot `s` (LONG_PRESS_BEGAN).
    func beginPress(slot s: Int32, pointer: UInt32, at q: Vec2) {
        let id = scene.id(s)
        _ = interactions.removePresses(on: id)
        var press = Interaction(
            .longPress(Press(startTime: time, duration: scene.behavior(s).longPressDuration)), box: id,
            at: scene[s].geometry)
        press.pointer = pointer
        interactions.active.append(press)
        scene.overlayMembershipChanged()
        emit(.longPressBegan, slot: s, pointer: pointer, at: viewInverse.apply(q))
    }

    /// Ends the press on `id`: a filling one is cancelled (LONG_PRESS_CANCELLED), a triggered one
    /// just lets go; both wind the indicator back.
    func cancelPress(on id: BoxID, slot s: Int32, at q: Vec2? = nil) {
        guard let i = interactions.press(on: id), var p = interactions.pressState(i) else { return }
        switch p.phase {
        case .filling:
            emit(
                .longPressCancelled, slot: s, pointer: interactions.active[i].pointer,
                at: q.map { viewInverse.apply($0) } ?? .zero)
            fallthrough
        case .triggered:
            p.phase = .windingBack(from: p.progress, at: time)
            interactions.active[i].payload = .longPress(p)
        case .windingBack:
            break
        }
    }

    /// Steps every press to the engine's time; true when any indicator changed.
    @_optimize(speed) func advancePresses() -> Bool {
        var changed = false
        var i = 0
        while i < interactions.active.count {
            guard let before = interactions.pressState(i) else {
                i += 1
                continue
            }
            var p = before
            var triggered: Int32? = nil
            switch p.phase {
            case .filling:
                // The end compared as a sum, so a press from 1.0 lasting 0.2 is full at 1.2 exactly.
                p.progress =
                    time >= p.startTime + p.duration ? 1 : Swift.min(1, Swift.max(0, (time - p.startTime) / p.duration))
                if p.progress >= 1, let s = scene.slot(interactions.active[i].members.first.box) {
                    p.phase = .triggered
                    triggered = s
                }
            case .triggered:
                break
            case .windingBack(let from, let at):
                p.progress = time >= at + Press.windBackDuration ? 0 : from * (1 - (time - at) / Press.windBackDuration)
                if p.progress <= 0 {
                    interactions.active.remove(at: i)
                    scene.overlayMembershipChanged()
                    changed = true
                    continue
                }
            }
            if p.progress != before.progress { changed = true }
            if p.progress != before.progress || p.phase != before.phase {
                interactions.active[i].payload = .longPress(p)
            }
            if let s = triggered {
                let pointer = interactions.active[i].pointer
                emit(
                    .longPressTriggered, slot: s, pointer: pointer,
                    at: input.pointers[pointer].map { viewInverse.apply($0.position) } ?? .zero)
            }
            i += 1
        }
        return changed
    }

    /// Indicator progress of box `id` in [0, 1], 0 when no press is shown.
    public func pressProgress(_ id: BoxID) -> Double {
        guard let i = interactions.press(on: id) else { return 0 }
        return interactions.pressState(i)?.progress ?? 0
    }

    /// Removes the press on box `id`, if any (its box is going away).
    func removePresses(on id: BoxID) {
        _ = interactions.removePresses(on: id)
        scene.overlayMembershipChanged()
    }
}
