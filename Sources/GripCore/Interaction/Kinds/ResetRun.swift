/// The animation of a box back to its home geometry (`Engine.reset` animated, a double tap):
/// begun, stepped by the engine's time and ended here; its geometry at each time is
/// `ResetAnimation`'s (Animation/Reset.swift). It sends RESET when it arrives rather than gesture
/// events, and its way is one step.

/// A reset animation's own state: the geometry it arrives at, and when it began.
struct ResetRun {
    var target: BoxGeometry
    var startTime: Double
}

extension Engine {
    /// Begins the animation of slot `s` from where it is to its home geometry.
    func beginReset(slot s: Int32) {
        let id = scene.id(s)
        stopReset(on: id)
        var a = Interaction(
            .reset(ResetRun(target: scene.home(s), startTime: time)), box: id, at: scene[s].geometry)
        a.selectionBefore = selection.members
        interactions.active.append(a)
    }

    /// Steps every reset animation to the engine's time (one commit each); one that arrives ends
    /// with RESET. True when any geometry changed.
    @_optimize(speed) func stepResets() -> Bool {
        var changed = false
        var i = 0
        while i < interactions.active.count {
            guard case .reset(let run) = interactions.active[i].payload else { i += 1; continue }
            let a = interactions.active[i]
            guard let s = scene.slot(a.members.first.box) else { interactions.active.remove(at: i); continue }
            let g = ResetAnimation.geometry(
                from: a.members.first.start, to: run.target, startTime: run.startTime, at: time)
            // Between two geometries the box may have, up to rounding (a frame off by more stays
            // where the last one was; the last is the home itself).
            if let fit = scene.behavior(s).settled(g), scene.commit(s, fit) { changed = true }
            if ResetAnimation.isFinished(startTime: run.startTime, at: time) {
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
