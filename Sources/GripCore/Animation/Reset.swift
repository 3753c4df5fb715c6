/// The animation back to a box's home geometry after a double tap or `grip_box_reset`.
struct ResetAnimation {
    var box: BoxID
    var from: BoxGeometry
    var to: BoxGeometry
    var startTime: Double

    /// Seconds of timer time a reset takes.
    static let duration = 0.2

    /// True from `startTime + duration` on (compared as a sum, so 1.0 + 0.2 ends at 1.2 exactly).
    func isFinished(at t: Double) -> Bool { t >= startTime + ResetAnimation.duration }

    /// The geometry at time `t`: eased (cubic in-out), rotation along the shorter way round,
    /// flips switched at the start.
    func geometry(at t: Double) -> BoxGeometry {
        if isFinished(at: t) { return to }
        let u = Swift.min(1, Swift.max(0, (t - startTime) / ResetAnimation.duration))
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
        let r = scene.slots[Int(s)]
        guard !gestures.contains(where: { $0.box == id }), r.geometry != r.home else { return false }
        resets.removeAll { $0.box == id }
        if animated {
            resets.append(ResetAnimation(box: id, from: r.geometry, to: r.home, startTime: time))
        } else {
            place(s, r.home)
            emit(.reset, slot: s)
        }
        return true
    }

    /// Resets a box to the geometry it was created or configured with, over 0.2 s of timer time
    /// when `animated`. Returns `.done` when it is already there; throws STATE during a gesture.
    public func reset(_ id: BoxID, animated: Bool) throws(GripError) -> Status {
        let s = try slot(id)
        if gestures.contains(where: { $0.box == id }) {
            throw .state("box \(id.rawValue) is in a gesture; reset it after the gesture ends")
        }
        return startReset(slot: s, animated: animated) ? .ok : .done
    }

    /// Advances reset animations to the engine's time; true when any geometry changed.
    func advanceResets() -> Bool {
        var changed = false
        var i = 0
        while i < resets.count {
            let a = resets[i]
            guard let s = scene.slot(a.box) else { resets.remove(at: i); continue }
            if place(s, a.geometry(at: time)) { changed = true }
            if a.isFinished(at: time) {
                resets.remove(at: i)
                emit(.reset, slot: s)
                continue
            }
            i += 1
        }
        return changed
    }

    /// Advances animations, long presses and the marching ants to `t`.
    public func dispatchTimer(_ t: Double) throws(GripError) {
        try advanceTime(t)
        if advanceResets() { drawVersion &+= 1 }
        if advancePresses() { drawVersion &+= 1 }
    }
}
