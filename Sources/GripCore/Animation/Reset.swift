/// The animation back to a box's home geometry after a double tap or `grip_box_reset`: an
/// interaction (`.reset`, Interaction/Kinds/ResetRun.swift begins, steps and ends it), whose
/// geometry at each time comes from here.
enum ResetAnimation {
    /// Seconds of timer time a reset takes.
    static let duration = 0.2

    /// True from `startTime + duration` on (compared as a sum, so 1.0 + 0.2 ends at 1.2 exactly).
    static func isFinished(startTime: Double, at t: Double) -> Bool { t >= startTime + duration }

    /// The geometry at time `t` of the animation from `from` to `to` begun at `startTime`: eased
    /// (cubic in-out), rotation along the shorter way round, flips switched at the start.
    static func geometry(from: BoxGeometry, to: BoxGeometry, startTime: Double, at t: Double) -> BoxGeometry {
        if isFinished(startTime: startTime, at: t) { return to }
        let u = Swift.min(1, Swift.max(0, (t - startTime) / duration))
        let e = u < 0.5 ? 4 * u * u * u : 1 - 4 * (1 - u) * (1 - u) * (1 - u)
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * e }
        var g = to
        g.center = Vec2(lerp(from.center.x, to.center.x), lerp(from.center.y, to.center.y))
        g.width = lerp(from.width, to.width)
        g.height = lerp(from.height, to.height)
        g.scale = lerp(from.scale, to.scale)
        g.rotation = from.rotation + Angle.wrap(to.rotation - from.rotation) * e
        return g
    }
}

extension Engine {
    /// Starts (or, not animated, performs) a reset of slot `s` to its home geometry. Returns false
    /// when there is nothing to do: a gesture is active on the box, or it is already home.
    @discardableResult
    func startReset(slot s: Int32, animated: Bool) -> Bool {
        let id = scene.id(s)
        let home = scene.home(s)
        guard !hasGesture(on: id), scene[s].geometry != home else { return false }
        settleNudge()
        if animated {
            beginReset(slot: s)
        } else {
            stopReset(on: id)
            var a = Interaction(
                .reset(ResetRun(target: home, startTime: time)), box: id, at: scene[s].geometry)
            a.selectionBefore = selection.members
            scene.commit(s, home)
            emit(.reset, slot: s)
            commitStep(of: a)
        }
        return true
    }

    /// Resets a box to the geometry it was created or configured with, over 0.2 s of timer time
    /// when `animated`. Returns `.done` when it is already there; throws STATE during a gesture.
    public func reset(_ id: BoxID, animated: Bool) throws(GripError) -> Status {
        let s = try slot(id)
        if hasGesture(on: id) {
            throw .state("box \(id.rawValue) is in a gesture; reset it after the gesture ends")
        }
        try refuseWhileRecording("resetting a box")
        return startReset(slot: s, animated: animated) ? .ok : .done
    }

    /// Advances animations, long presses and the marching ants to `t`.
    @_optimize(speed) public func dispatchTimer(_ t: Double) throws(GripError) {
        try refuseWhileRecording("dispatching a timer")
        try advanceTime(t)
        if stepResets() { scene.drawnStateChanged() }
        if advancePresses() { scene.drawnStateChanged() }
    }
}
