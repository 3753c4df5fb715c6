/// A long press on a box: the indicator fills from 0 to 1 over the box's
/// `long_press_duration`, driven only by timer events; TRIGGERED once at 1; a cancel winds it
/// back to 0 over `windBackDuration`.
struct Press {
    enum Phase: Equatable {
        case filling
        case triggered
        case windingBack(from: Double, at: Double)
    }

    var box: BoxID
    var pointer: UInt32
    var startTime: Double
    var duration: Double
    var progress = 0.0
    var phase = Phase.filling
    /// Set when the box's custom indicator hook failed during this press.
    var indicatorDisabled = false

    /// Seconds the indicator takes to wind back to 0 after a cancel.
    static let windBackDuration = 0.25
}

extension Engine {
    /// Starts a long press of `pointer` on slot `s` (LONG_PRESS_BEGAN).
    func beginPress(slot s: Int32, pointer: UInt32, at q: Vec2) {
        let id = scene.id(s)
        input.presses.removeAll { $0.box == id }
        input.presses.append(
            Press(
                box: id, pointer: pointer, startTime: time,
                duration: scene.behavior(s).longPressDuration))
        scene.overlayMembershipChanged()
        emit(.longPressBegan, slot: s, pointer: pointer, at: viewInverse.apply(q))
    }

    /// Ends the press on `id`: a filling one is cancelled (LONG_PRESS_CANCELLED), a triggered one
    /// just lets go; both wind the indicator back.
    func cancelPress(on id: BoxID, slot s: Int32, at q: Vec2? = nil) {
        guard let i = input.presses.firstIndex(where: { $0.box == id }) else { return }
        switch input.presses[i].phase {
        case .filling:
            let p = input.presses[i].pointer
            emit(.longPressCancelled, slot: s, pointer: p, at: q.map { viewInverse.apply($0) } ?? .zero)
            fallthrough
        case .triggered:
            input.presses[i].phase = .windingBack(from: input.presses[i].progress, at: time)
        case .windingBack:
            break
        }
    }

    /// Advances every press to the engine's time; true when any indicator changed.
    @_optimize(speed) func advancePresses() -> Bool {
        var changed = false
        var i = 0
        while i < input.presses.count {
            let p = input.presses[i]
            switch p.phase {
            case .filling:
                // The end compared as a sum, so a press from 1.0 lasting 0.2 is full at 1.2 exactly.
                let progress =
                    time >= p.startTime + p.duration ? 1 : Swift.min(1, Swift.max(0, (time - p.startTime) / p.duration))
                if progress != p.progress { input.presses[i].progress = progress; changed = true }
                if progress >= 1, let s = scene.slot(p.box) {
                    input.presses[i].phase = .triggered
                    emit(
                        .longPressTriggered, slot: s, pointer: p.pointer,
                        at: input.pointers[p.pointer].map { viewInverse.apply($0.position) } ?? .zero)
                }
            case .triggered:
                break
            case .windingBack(let from, let at):
                let progress =
                    time >= at + Press.windBackDuration ? 0 : from * (1 - (time - at) / Press.windBackDuration)
                if progress <= 0 {
                    input.presses.remove(at: i)
                    scene.overlayMembershipChanged()
                    changed = true
                    continue
                }
                if progress != p.progress { input.presses[i].progress = progress; changed = true }
            }
            i += 1
        }
        return changed
    }

    /// Indicator progress of box `id` in [0, 1], 0 when no press is shown.
    public func pressProgress(_ id: BoxID) -> Double {
        input.presses.first { $0.box == id }?.progress ?? 0
    }

    /// Removes the press on box `id`, if any (its box is going away).
    func removePresses(on id: BoxID) {
        input.presses.removeAll { $0.box == id }
        scene.overlayMembershipChanged()
    }
}

extension Press {
    var isWindingBack: Bool {
        if case .windingBack = phase { return true }
        return false
    }
}
