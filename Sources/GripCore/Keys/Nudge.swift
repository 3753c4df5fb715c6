/// Nudges: arrow keys move the selection by `nudge_step` world units (shift: `nudge_step_large`);
/// with grid snapping on (and no bypass modifier held), by one grid step (shift: five).
/// A run of nudges less than 1 s apart is one interaction of kind `.nudge` on the selected boxes,
/// and so one step: it ends (COMMITTED) at the first dispatch at least 1 s after its last arrow,
/// when another gesture begins, when the selection changes, when the host edits a box, or at
/// undo / redo. Each arrow moves the run's boxes from their snapshots by the displacement asked
/// so far, as a group move does (containment keeps the group whole, constraint hooks apply).
extension Engine {
    /// Seconds after its last arrow at which a nudge run is committed.
    static let nudgeRunGap = 1.0

    /// Moves the selection one nudge in direction `unit` (world); false when nothing can move
    /// (an empty selection, a member that does not allow moving, or a gesture on the selection).
    func nudge(_ unit: Vec2, modifiers: UInt32) -> Bool {
        guard !selection.members.isEmpty, selectionAllows().contains(.move), !selectionGestureActive() else {
            return false
        }
        let large = modifiers & Modifiers.shift != 0
        let plain = large ? config.nudgeStepLarge : config.nudgeStep
        var step = Vec2(plain, plain)
        if snapping.config.has(SnapConfig.grid) && modifiers & snapping.config.bypass == 0 {
            let k = large ? 5.0 : 1.0
            step = Vec2(snapping.config.gridX * k, snapping.config.gridY * k)
        }
        let gi: Int
        if let run = interactions.nudge() {
            gi = run
        } else {
            var g = Interaction(blank: .nudge)
            guard gestureInteraction(&g, on: .selection(allowingOne: true)) else { return false }
            gi = beginNudgeRun(g)
        }
        // An arrow against what the constraints held back starts from where the boxes are: the
        // opposite arrow at a hook's wall moves them at once. An arrow the same way keeps asking
        // from the full offset, so that a hook that rounds (to a grid of its own) lets a run of
        // small steps through.
        var offset = interactions.active[gi].nudgeOffset
        let short = interactions.active[gi].nudgeShortfall
        if unit.x * short.x < 0 { offset.x -= short.x }
        if unit.y * short.y < 0 { offset.y -= short.y }
        interactions.active[gi].nudgeOffset = offset + Vec2(unit.x * step.x, unit.y * step.y)
        interactions.nudgeDeadline = time + Engine.nudgeRunGap
        let wanted = interactions.active[gi].nudgeOffset
        if !interactions.active[gi].frameIsMember && interactions.active[gi].unconstrained
            && membersStayInRange(gi, movedBy: wanted)
        {
            // Nothing stops a member or changes its proposal (no containment, no hooks, no
            // selection constraint, the coordinate range kept): each member is moved and
            // committed in one pass, as an unconstrained group move does.
            _ = moveUnconstrained(gi, by: wanted)
            interactions.active[gi].nudgeShortfall = .zero
            return true
        }
        // What containment let through: an arrow that hit a wall leaves no overshoot behind, so
        // the opposite arrow moves the selection at once (keys have no pointer to come back).
        interactions.active[gi].nudgeOffset = moveMembers(gi, by: interactions.active[gi].nudgeOffset)
        let proposed =
            interactions.active[gi].frameIsMember ? interactions.proposal : interactions.proposals.first
        commitGesture(gi, pointer: 0, at: .zero, emitting: false)
        interactions.active[gi].nudgeShortfall = shortfall(gi, of: proposed)
        return true
    }

    /// How far short of nudge run `gi`'s offset its first member stopped, in world units, when the
    /// commit left it elsewhere than `proposed` (a constraint hook, the selection's or the box's,
    /// moved or refused it); zero when it went as proposed, so the run's offset stays exact.
    private func shortfall(_ gi: Int, of proposed: BoxGeometry?) -> Vec2 {
        let first = interactions.active[gi].members.first
        guard let proposed, let s = scene.slot(first.box) else { return .zero }
        let now = scene[s].geometry
        if now.sameBits(proposed) { return .zero }
        return interactions.active[gi].nudgeOffset - scene.parentWorld(s).applyVector(now.center - first.start.center)
    }
}
