/// A hook that failed: it raised an error or returned something unusable.
public struct HookFailure: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Behaviour a scripting host (Lua) plugs into boxes. The engine calls these during dispatch
/// and frame building, only for boxes that have the hook; a failure disables that hook for the
/// rest of the gesture (or press), queues SCRIPT_ERROR with the message, and the built-in
/// behaviour goes on. Implementations must not mutate the engine (the bindings refuse it while
/// `Engine.busy` is set).
public protocol BoxHooks: AnyObject {
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
public struct BoxHookSet: Equatable, Sendable {
    /// Number of custom handles (handle ids `HandleID.custom + 0 ..< count`).
    public var customHandles = 0
    public var constraint = false
    public init(customHandles: Int = 0, constraint: Bool = false) {
        self.customHandles = customHandles; self.constraint = constraint
    }
}

extension Engine {
    /// Most custom handles a box may have.
    public static let maxCustomHandles = 16

    /// Sets which hooks box `id` has (custom indicators are chosen by `IndicatorShape.custom`).
    public func setHooks(_ id: BoxID, _ set: BoxHookSet) throws(GripError) {
        let s = try slot(id)
        guard set.customHandles >= 0, set.customHandles <= Engine.maxCustomHandles else {
            throw .arg("a box has at most \(Engine.maxCustomHandles) custom handles")
        }
        if hasGesture(on: id) {
            throw .state("box \(id.rawValue) is in a gesture; change its hooks after the gesture ends")
        }
        scene.slots[Int(s)].hooks = set
        scene.disabledHandleHooks.removeAll { $0 == id }
        scene.drawnStateChanged()
    }

    /// The hooks box `id` has.
    public func hooks(of id: BoxID) throws(GripError) -> BoxHookSet {
        scene.slots[Int(try slot(id))].hooks
    }

    /// Screen position of custom handle `index` of slot `s`, or nil when there is no usable answer.
    func customHandleScreenPoint(_ s: Int32, _ index: Int, _ m: Affine) -> Vec2? {
        guard let hooks, index < scene.slots[Int(s)].hooks.customHandles,
              !scene.disabledHandleHooks.contains(scene.id(s)) else { return nil }
        let g = scene.slots[Int(s)].geometry
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

    /// `proposed` for member `k` of group gesture `gi` (slot `s`) passed through its constraint
    /// hook, as `constrained(_:gesture:slot:)` does for a single box.
    func constrained(_ proposed: BoxGeometry, gesture gi: Int, member k: Int, slot s: Int32) -> BoxGeometry {
        guard scene.slots[Int(s)].hooks.constraint, !interactions.active[gi].members[k].constraintDisabled,
              let hooks else { return proposed }
        let b = scene.slots[Int(s)].behavior
        switch hooks.constrain(box: scene.id(s), proposed: proposed, current: interactions.active[gi].members[k].current) {
        case .success(let g) where g.isValid && g.width >= b.minWidth && g.height >= b.minHeight:
            return g
        case .success:
            interactions.active[gi].members[k].constraintDisabled = true
            hookFailed(HookFailure("constraint returned an unusable geometry (non-finite, or below the minimum size)"), slot: s)
        case .failure(let f):
            interactions.active[gi].members[k].constraintDisabled = true
            hookFailed(f, slot: s)
        }
        return proposed
    }

    /// `proposed` passed through the box's constraint hook when it has one; a failing or nonsensical
    /// constraint is disabled for the rest of gesture `gi` and `proposed` stands.
    @inline(__always) func constrained(_ proposed: BoxGeometry, gesture gi: Int, slot s: Int32) -> BoxGeometry {
        guard scene.slots[Int(s)].hooks.constraint, !interactions.active[gi].members.first.constraintDisabled,
              let hooks else { return proposed }
        let b = scene.slots[Int(s)].behavior
        switch hooks.constrain(box: scene.id(s), proposed: proposed, current: interactions.active[gi].members.first.current) {
        case .success(let g) where g.isValid && g.width >= b.minWidth && g.height >= b.minHeight:
            return g
        case .success:
            interactions.active[gi].members.first.constraintDisabled = true
            hookFailed(HookFailure("constraint returned an unusable geometry (non-finite, or below the minimum size)"), slot: s)
        case .failure(let f):
            interactions.active[gi].members.first.constraintDisabled = true
            hookFailed(f, slot: s)
        }
        return proposed
    }
}
