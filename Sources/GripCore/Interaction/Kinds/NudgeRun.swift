/// Nudges: arrow keys move the selection by `nudge_step` world units (shift: `nudge_step_large`);
/// with grid snapping on (and no bypass modifier held), by one grid step (shift: five).
/// A run of nudges less than 1 s apart is one interaction (`.nudge`) on the selected boxes,
/// and so one step: it ends (COMMITTED) at the first dispatch at least 1 s after its last arrow,
/// when another gesture begins, when the selection changes, when the host edits a box, or at
/// undo / redo. Each arrow moves the run's boxes from their snapshots by the displacement asked
/// so far, as a group move does (containment keeps the group whole, constraint hooks apply).
/// A nudge run's own state: the world displacement applied so far, and how far the last
/// arrow's constraints held the boxes short of it (zero when they went where asked). When it
/// ends is `Interactions.nudgeDeadline`.
struct NudgeRun {
    var offset = Vec2.zero
    var shortfall = Vec2.zero
}

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
            var g = Interaction(blank: .nudge(NudgeRun()))
            guard gestureInteraction(&g, on: .selection(allowingOne: true), axes: false) else { return false }
            gi = beginNudgeRun(g)
        }
        // An arrow against what the constraints held back starts from where the boxes are: the
        // opposite arrow at a hook's wall moves them at once. An arrow the same way keeps asking
        // from the full offset, so that a hook that rounds (to a grid of its own) lets a run of
        // small steps through.
        guard case .nudge(var run) = interactions.active[gi].payload else { return false }
        var offset = run.offset
        if unit.x * run.shortfall.x < 0 { offset.x -= run.shortfall.x }
        if unit.y * run.shortfall.y < 0 { offset.y -= run.shortfall.y }
        let wanted = offset + Vec2(unit.x * step.x, unit.y * step.y)
        interactions.nudgeDeadline = time + Engine.nudgeRunGap
        if !interactions.active[gi].frameIsMember && interactions.active[gi].unconstrained
            && membersStayInRange(gi, movedBy: wanted)
        {
            // Nothing stops a member or changes its proposal (no containment, no hooks, no
            // selection constraint, the coordinate range kept): each member is moved and
            // committed in one pass, as an unconstrained group move does.
            _ = moveUnconstrained(gi, by: wanted)
            interactions.active[gi].payload = .nudge(NudgeRun(offset: wanted, shortfall: .zero))
            return true
        }
        // What containment let through: an arrow that hit a wall leaves no overshoot behind, so
        // the opposite arrow moves the selection at once (keys have no pointer to come back).
        run.offset = moveMembers(gi, by: wanted)
        let proposed = interactions.proposals.first
        commitGesture(gi, pointer: 0, at: .zero, emitting: false)
        run.shortfall = shortfall(gi, offset: run.offset, of: proposed)
        interactions.active[gi].payload = .nudge(run)
        return true
    }

    /// How far short of nudge run `gi`'s `offset` its first member stopped, in world units, when the
    /// commit left it elsewhere than `proposed` (a constraint hook, the selection's or the box's,
    /// moved or refused it); zero when it went as proposed, so the run's offset stays exact.
    private func shortfall(_ gi: Int, offset: Vec2, of proposed: BoxGeometry?) -> Vec2 {
        let first = interactions.active[gi].members.first
        guard let proposed, let s = scene.slot(first.box) else { return .zero }
        let now = scene[s].geometry
        if now.sameBits(proposed) { return .zero }
        return offset - scene.parentWorld(s).applyVector(now.center - first.start.center)
    }

    /// Begins nudge run `g`  on the selected boxes: the snapshots and the
    /// selection taken, their reset animations stopped; no gesture events. Returns its index.
    func beginNudgeRun(_ g: consuming Interaction) -> Int {
        g.selectionBefore = selection.members
        g.orientationBefore = selection.orientation
        for k in 0..<g.members.count { stopReset(on: g.members.box(k)) }
        interactions.active.append(g)
        return interactions.active.count - 1
    }

    /// Ends the nudge run in progress, if any: one step when it moved anything.
    func settleNudge() {
        guard interactions.nudgeDeadline != .infinity else { return }
        interactions.nudgeDeadline = .infinity
        guard let gi = interactions.nudge() else { return }
        let g = interactions.active.remove(at: gi)
        commitStep(of: g)
    }
}
