/// Keys (`grip_dispatch_key`): arrows nudge the selection (Interaction/Kinds/NudgeRun.swift); Escape cancels the
/// gestures in progress (a marquee is one, and never runs beside another: the selection it
/// started from comes back), else clears the selection; Tab and shift-Tab walk the selection through the selectable siblings in draw
/// order; a modifier key going down or up re-runs every gesture's current step at once with the
/// new modifiers, so what shift, alt or ctrl/meta change shows without pointer motion.
extension Engine {
    /// Feeds one key event. Returns whether the key did something. Throws (changing nothing) for
    /// a phase other than down or up, unknown modifier bits, or a time not finite, beyond 1e9 s or
    /// going backwards.
    public func dispatchKey(_ e: KeyEvent) throws(GripError) -> Bool {
        guard e.phase == .down || e.phase == .up else {
            throw .arg("a key event's phase is GRIP_PHASE_DOWN or GRIP_PHASE_UP, not \(e.phase.name)")
        }
        guard e.modifiers & ~Modifiers.all == 0 else {
            throw .arg("unknown modifier bits 0x\(String(e.modifiers, radix: 16))")
        }
        guard e.time.isFinite, abs(e.time) <= Engine.maxTime else { throw .arg("time is not finite or beyond 1e9 s") }
        try refuseWhileRecording("dispatching input")
        try advanceTime(e.time)
        if e.key.isModifier { return modifiersChanged(to: e.modifiers) }
        guard e.phase == .down else { return false }
        if let unit = e.key.arrow { return nudge(unit, modifiers: e.modifiers) }
        switch e.key {
        case .escape: return escape()
        case .tab: return walkSelection(backwards: e.modifiers & Modifiers.shift != 0)
        default: return false
        }
    }

    /// Escape: cancels every gesture in progress, a marquee included (their pointers stay down,
    /// driving nothing until released), else clears the selection.
    private func escape() -> Bool {
        var cancelled = false
        while let gi = interactions.firstGesture() {
            let g = interactions[gi]
            cancel(gi, pointer: g.pointer, at: pointerWorld(g.pointer))
            if g.kind != .magnify { input.pointers.update(g.pointer) { $0.role = .ignored } }
            if let second = g.secondPointer { input.pointers.update(second) { $0.role = .ignored } }
            cancelled = true
        }
        if cancelled { return true }
        guard !selection.members.isEmpty else { return false }
        setSelection([])
        return true
    }

    /// Tab: the selection becomes the next (`backwards`: previous) selectable sibling of the box
    /// selected last, in draw order, wrapping around; with nothing selected, the first (last)
    /// selectable top-level box. False when there is none, or a gesture acts on the selection.
    private func walkSelection(backwards: Bool) -> Bool {
        guard !selectionGestureActive() else { return false }
        var from: Int32 = -1, parent: Int32 = -1
        if let last = selection.members.last, let s = scene.slot(last) {
            from = s
            parent = scene[s].parent
        }
        let first = parent >= 0 ? scene[parent].firstChild : scene.firstRoot
        let lastChild = parent >= 0 ? scene[parent].lastChild : scene.lastRoot
        func next(_ x: Int32) -> Int32 {
            let n = backwards ? scene[x].prevSibling : scene[x].nextSibling
            return n >= 0 ? n : (backwards ? lastChild : first)
        }
        let start = from >= 0 ? next(from) : (backwards ? lastChild : first)
        var x = start
        // At most one lap round the siblings, stopping short of the box it started from.
        while x >= 0 && x != from {
            if scene.behavior(x).selectable {
                setSelection([scene.id(x)])
                return true
            }
            x = next(x)
            if x == start { return false }
        }
        return false
    }

    /// A modifier key went down or up: every pointer that is down now holds `modifiers`, and every
    /// gesture (a marquee too) re-runs its current step with them (no pointer motion needed).
    private func modifiersChanged(to modifiers: UInt32) -> Bool {
        for i in input.pointers.items.indices { input.pointers.items[i].modifiers = modifiers }
        var acted = false
        var i = 0
        while i < interactions.count {
            let g = interactions[i]
            i += 1
            guard g.isGesture, g.kind != .magnify else { continue }
            if g.kind == .marquee {
                guard let tp = input.pointers[g.pointer] else { continue }
                stepMarquee(i - 1, to: tp.position, modifiers: tp.modifiers)
            } else {
                stepGesture(of: g.group ? .selection : g.members.first.box, pointer: g.pointer)
            }
            acted = true
        }
        return acted
    }
}
