/// The marquee of pointer selection: a drag from an empty place past touch_slop. It is an
/// interaction (`.marquee`, Interaction/Lifecycle.swift) whose snapshot is the selection when
/// it began: each step makes the selection the outermost selectable boxes meeting the rule
/// (marquee_rule; ctrl or meta held swaps it, re-evaluated as it changes), added to the snapshot
/// when shift was held at the press; it ends with the selection as it is (no history step); a
/// cancel restores the snapshot. Its events are gesture events of kind MARQUEE with box
/// GRIP_SELECTION (BEGAN at the press point).
/// A marquee's own state: the screen points where its pointer went down and where it is now,
/// and whether shift was held at the press (the picks are added to the selection it began with).
struct MarqueeDrag {
    var from: Vec2
    var to: Vec2
    var adding: Bool
}

extension Engine {
    /// Begins the marquee of pointer `tp` (down on an empty place, now past touch_slop) and takes
    /// its first step.
    func beginMarquee(_ tp: TrackedPointer) {
        // Its one member stands for the selection (`BoxID.selection`, never a box: member loops
        // that look boxes up skip it); what it changes and restores is the selection.
        var g = Interaction(
            blank: .marquee(
                MarqueeDrag(
                    from: tp.downPosition, to: tp.position, adding: tp.downModifiers & Modifiers.shift != 0)))
        g.pointer = tp.id
        begin(g, pointer: tp.id, at: tp.downPosition)
        if let mi = interactions.marquee() { stepMarquee(mi, to: tp.position, modifiers: tp.modifiers) }
    }

    /// Steps marquee `mi`: its corner at screen point `q`, the selection from its snapshot and the
    /// rectangle now, with `modifiers` held.
    func stepMarquee(_ mi: Int, to q: Vec2, modifiers: UInt32) {
        guard case .marquee(var drag) = interactions.active[mi].payload else { return }
        drag.to = q
        interactions.active[mi].payload = .marquee(drag)
        let from = drag.from
        // The picks are written into a kept buffer, which then trades places with the selection's
        // own: the steps of a marquee allocate nothing (but for shift's union).
        var picks = selection.pickOut
        selection.pickOut = []
        marqueePicks(from: from, to: q, modifiers: modifiers, into: &picks)
        let st = interactions.marqueePicks
        if drag.adding {
            setSelection(union(interactions.active[mi].selectionBefore, picks))
            interactions.marqueePicks.selectionVersion = nil
        } else {
            if st.changeKnown && st.selectionVersion == selection.version {
                // The selection is still the last step's picks: it follows by the boxes that
                // joined and left them.
                setSelection(swapping: &picks, joined: st.joinedSlots, left: st.leftSlots)
                interactions.marqueePicks.followed += 1
            } else {
                setSelection(swapping: &picks)
            }
            interactions.marqueePicks.selectionVersion = selection.version
        }
        selection.pickOut = picks
        scene.drawnStateChanged()
        emitSelectionEvent(
            .gestureChanged, .marquee, pointer: interactions.active[mi].pointer, at: viewInverse.apply(q))
    }

    /// The screen rectangle of marquee `g`, from where its pointer went down to where it is now
    /// (nil when `g` is not a marquee).
    func marqueeRectangle(_ g: Interaction) -> (from: Vec2, to: Vec2)? {
        guard case .marquee(let drag) = g.payload else { return nil }
        return (drag.from, drag.to)
    }

    /// `before` with `picks` added after it (the picks are none another's ancestor): a box of
    /// `before` that is a pick's ancestor or descendant gives way; a pick already in stays put.
    func union(_ before: [BoxID], _ picks: [BoxID]) -> [BoxID] {
        // Slot sets as sorted keys (slots are >= 0, so their order as keys is theirs).
        var pickSlots: [UInt64] = [], pickAncestors: [UInt64] = []
        for id in picks {
            guard let s = scene.slot(id) else { continue }
            pickSlots.append(UInt64(s))
            var p = scene[s].parent
            while p >= 0 { pickAncestors.append(UInt64(p)); p = scene[p].parent }
        }
        KeySort.sort(&pickSlots)
        KeySort.sort(&pickAncestors)
        var out: [BoxID] = []
        var kept: [UInt64] = []
        for id in before {
            guard let s = scene.slot(id), !KeySort.contains(pickAncestors, UInt64(s)) else { continue }
            var p = scene[s].parent, underPick = false
            while p >= 0 && !underPick {
                underPick = KeySort.contains(pickSlots, UInt64(p)); p = scene[p].parent
            }
            if underPick { continue }
            out.append(id)
            kept.append(UInt64(s))
        }
        KeySort.sort(&kept)
        for id in picks { if let s = scene.slot(id), !KeySort.contains(kept, UInt64(s)) { out.append(id) } }
        return out
    }
}
