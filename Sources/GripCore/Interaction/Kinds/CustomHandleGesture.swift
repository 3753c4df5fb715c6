/// Dragging a custom (scripted or host) handle of one box: the box's drag hook proposes its
/// geometry for the pointer.

/// A custom handle drag's own state: the handle grabbed, and whether its drag hook failed
/// during this gesture (it then proposes nothing more).
struct CustomHandleDrag {
    var handle: HandleID
    var disabled = false
}

extension Engine {
    /// One step of a custom handle (one box): the box's drag hook proposes the geometry for the
    /// pointer at `p` (parent space). A failing or unusable hook is disabled for the rest of the
    /// gesture (false: nothing changes).
    func stepCustomHandle(_ gi: Int, to p: Vec2) -> Bool {
        guard case .handle(let drag) = interactions.active[gi].payload, !drag.disabled, let hooks else { return false }
        let g = interactions.active[gi]
        let s = g.members.first.slot
        let b = scene.behavior(s)
        let start = g.frame
        let point = (start.local.inverse ?? .identity).apply(p)
        let index = Int(drag.handle.rawValue - HandleID.custom.rawValue)
        switch hooks.customHandleDrag(box: g.members.first.box, index: index, start: start, point: point) {
        case .success(let proposed)
        where proposed.isValid && proposed.width >= b.minWidth && proposed.height >= b.minHeight:
            propose(proposed)
            refuseUnlessAllFit(gi)
            return true
        case .success:
            interactions.active[gi].payload = .handle(CustomHandleDrag(handle: drag.handle, disabled: true))
            hookFailed(
                HookFailure("custom handle \(index) drag returned an unusable geometry"), slot: s, handle: drag.handle)
            return false
        case .failure(let f):
            interactions.active[gi].payload = .handle(CustomHandleDrag(handle: drag.handle, disabled: true))
            hookFailed(f, slot: s, handle: drag.handle)
            return false
        }
    }
}
