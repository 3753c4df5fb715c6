/// A hook that failed: it raised an error or returned something unusable.
package struct HookFailure: Error, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}

/// Behaviour a scripting host (Lua) plugs into boxes. The engine calls these during dispatch
/// and frame building, only for boxes that have the hook; a failure disables that hook for the
/// rest of the gesture (or press), queues SCRIPT_ERROR with the message, and the built-in
/// behaviour goes on. Implementations must not mutate the engine (the bindings refuse it while
/// `Engine.busy` is set).
package protocol BoxHooks: AnyObject {
    /// Box-space position of custom handle `index` of `box` when it has geometry `g`.
    func customHandlePosition(box: BoxID, index: Int, geometry g: BoxGeometry) -> Result<Vec2, HookFailure>
    /// The geometry (in the parent's space) when custom handle `index` is dragged to box-space
    /// point `point` of the gesture's start geometry `start`.
    func customHandleDrag(box: BoxID, index: Int, start: BoxGeometry, point: Vec2) -> Result<BoxGeometry, HookFailure>
    /// Appends the custom indicator outline of `box` as a box-space polyline (untrimmed: the
    /// engine trims it to `progress`).
    func indicatorOutline(box: BoxID, progress: Double, geometry g: BoxGeometry, into out: inout [Vec2]) -> HookFailure?
    /// The geometry to apply instead of `proposed` (both in the parent's space).
    func constrain(box: BoxID, proposed: BoxGeometry, current: BoxGeometry) -> Result<BoxGeometry, HookFailure>
}

/// Which hooks a box has.
package struct BoxHookSet: Equatable, Sendable {
    /// Number of custom handles (handle ids `HandleID.custom + 0 ..< count`). A count outside
    /// `Int32` is kept as the nearest `Int32`, still out of the range `Engine.setHooks` accepts.
    package var customHandles: Int {
        get { Int(handleCount) }
        set { handleCount = Int32(clamping: newValue) }
    }
    /// Kept in four bytes: with the two flags the set fills the box record's tail in 8 bytes
    /// less than with an `Int`.
    private var handleCount: Int32 = 0
    package var constraint = false
    /// A C constraint (`Engine.hostConstraints`), set by `Engine.setHostConstraint`.
    package var hostConstraint = false
    package init(customHandles: Int = 0, constraint: Bool = false, hostConstraint: Bool = false) {
        handleCount = Int32(clamping: customHandles); self.constraint = constraint; self.hostConstraint = hostConstraint
    }
}

extension Engine {
    /// Most custom handles a box may have.
    package static let maxCustomHandles = 16

    /// Sets which hooks box `id` has (custom indicators are chosen by `IndicatorShape.custom`).
    package func setHooks(_ id: BoxID, _ set: BoxHookSet) throws(GripError) {
        let s = try slot(id)
        guard set.customHandles >= 0, set.customHandles <= Engine.maxCustomHandles else {
            throw .arg("a box has at most \(Engine.maxCustomHandles) custom handles")
        }
        if hasGesture(on: id) {
            throw .state("box \(id.rawValue) is in a gesture; change its hooks after the gesture ends")
        }
        noteForStep(id)
        scene.replaceHooks(s, set)
    }

    /// The hooks box `id` has.
    package func hooks(of id: BoxID) throws(GripError) -> BoxHookSet {
        scene[try slot(id)].hooks
    }

    /// Screen position of custom handle `index` of slot `s`, or nil when there is no usable answer.
    func customHandleScreenPoint(_ s: Int32, _ index: Int, _ m: Affine) -> Vec2? {
        guard let hooks, index < scene[s].hooks.customHandles,
            !scene.disabledHandleHooks.contains(scene.id(s))
        else { return nil }
        let g = scene[s].geometry
        switch hooks.customHandlePosition(box: scene.id(s), index: index, geometry: g) {
        case .success(let p) where p.isFinite:
            return m.apply(p)
        case .success:
            scene.disabledHandleHooks.append(scene.id(s))
            hookFailed(HookFailure("custom handle \(index) position is not finite"), slot: s)
            return nil
        case .failure(let f):
            scene.disabledHandleHooks.append(scene.id(s))
            hookFailed(f, slot: s)
            return nil
        }
    }

    /// `proposed` for member `k` of interaction `gi` (slot `s`) passed through the box's
    /// constraints: its Lua hook (a failing or nonsensical one is disabled for the rest of the
    /// interaction and `proposed` stands), then the host's C hook, which is never disabled: when it
    /// refuses, or answers with a geometry that breaks the box's limits, the box stays where it is.
    @inline(__always) func constrained(
        _ proposed: BoxGeometry, gesture gi: Int, member k: Int = 0, slot s: Int32
    ) -> BoxGeometry {
        let set = scene[s].hooks
        guard set.constraint || set.hostConstraint else { return proposed }
        return runConstraints(proposed, gesture: gi, member: k, slot: s)
    }

    private func runConstraints(_ proposed: BoxGeometry, gesture gi: Int, member k: Int, slot s: Int32) -> BoxGeometry {
        let set = scene[s].hooks
        let b = scene.behavior(s)
        let current = interactions[gi].members[k].current
        var next = proposed
        if set.constraint, !interactions[gi].members[k].constraintDisabled, let hooks {
            switch hooks.constrain(box: scene.id(s), proposed: proposed, current: current) {
            case .success(let g) where b.admits(g):
                next = g
            case .success:
                interactions.disableConstraint(ofMember: k, in: gi)
                hookFailed(
                    HookFailure("constraint returned an unusable geometry (non-finite, or below the minimum size)"),
                    slot: s)
            case .failure(let f):
                interactions.disableConstraint(ofMember: k, in: gi)
                hookFailed(f, slot: s)
            }
        }
        if set.hostConstraint, let host = hostConstraints {
            guard let g = host.constrain(box: scene.id(s), proposed: next, current: current), b.admits(g) else {
                return current
            }
            next = g
        }
        return next
    }
}

/// Constraints the host's own code (C callbacks) plugs into boxes: unlike script hooks they are
/// never disabled. Implementations must not mutate the engine (the bindings refuse it while
/// `Engine.busy` is set).
package protocol HostConstraints: AnyObject {
    /// The geometry to apply instead of `proposed` (both in the parent's space), or nil to refuse
    /// the step (the box stays at `current`).
    func constrain(box: BoxID, proposed: BoxGeometry, current: BoxGeometry) -> BoxGeometry?
}

extension BoxBehavior {
    /// Whether a hook's answer `g` is a geometry this box may have: finite, within the engine's
    /// magnitudes, at or above the minimum size and within its scale limits.
    func admits(_ g: BoxGeometry) -> Bool {
        g.isValid && g.width >= minWidth && g.height >= minHeight && g.scale >= minScale && g.scale <= maxScale
    }
}

extension Engine {
    /// Plugs the host's constraint into box `id` (or takes it out): `hostConstraints` is asked at
    /// every step of its gestures and nudges. Throws STATE while a gesture acts on the box.
    package func setHostConstraint(_ id: BoxID, _ on: Bool) throws(GripError) {
        let s = try slot(id)
        if hasGesture(on: id) {
            throw .state("box \(id.rawValue) is in a gesture; change its constraint after the gesture ends")
        }
        scene.setHostConstraint(s, on)
    }
}
