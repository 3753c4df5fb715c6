/// The marquee of pointer selection: a drag from an empty place past touch_slop. While it moves
/// the selection is the outermost selectable boxes meeting the rule (marquee_rule; ctrl or meta
/// held swaps it, re-evaluated as it changes), added to the selection before it when shift was
/// held at the press; a cancel restores the selection from before it. Its events are gesture
/// events of kind MARQUEE with box GRIP_SELECTION (BEGAN at the press point).
extension Engine {
    /// Begins the marquee of pointer `tp` (down on an empty place, now past touch_slop).
    func beginMarquee(_ tp: TrackedPointer) {
        selection.marquee = Marquee(pointer: tp.id, from: tp.downPosition, to: tp.position, before: selection.members,
                                    adding: tp.downModifiers & Modifiers.shift != 0)
        emitSelectionEvent(.gestureBegan, .marquee, pointer: tp.id, at: viewInverse.apply(tp.downPosition))
        stepMarquee(to: tp.position, modifiers: tp.modifiers)
    }

    /// The marquee's corner follows the pointer to screen point `q`; the selection follows it.
    func stepMarquee(to q: Vec2, modifiers: UInt32) {
        guard var mq = selection.marquee else { return }
        mq.to = q
        selection.marquee = mq
        let picks = marqueePicks(mq, modifiers: modifiers)
        setSelection(mq.adding ? union(mq.before, picks) : picks)
        scene.drawnStateChanged()
        emitSelectionEvent(.gestureChanged, .marquee, pointer: mq.pointer, at: viewInverse.apply(q))
    }

    /// Ends the marquee (released at screen point `q`), or cancels it: the selection from before.
    func endMarquee(cancelled: Bool, at q: Vec2) {
        guard let mq = selection.marquee else { return }
        selection.marquee = nil
        if cancelled { setSelection(mq.before) }
        scene.drawnStateChanged()
        emitSelectionEvent(cancelled ? .gestureCancelled : .gestureEnded, .marquee, pointer: mq.pointer,
                           at: viewInverse.apply(q))
    }

    /// `before` with `picks` added after it (the picks are none another's ancestor): a box of
    /// `before` that is a pick's ancestor or descendant gives way; a pick already in stays put.
    func union(_ before: [BoxID], _ picks: [BoxID]) -> [BoxID] {
        // Slot sets as sorted keys (slots are >= 0, so their order as keys is theirs).
        var pickSlots: [UInt64] = [], pickAncestors: [UInt64] = []
        for id in picks {
            guard let s = scene.slot(id) else { continue }
            pickSlots.append(UInt64(s))
            var p = scene.slots[Int(s)].parent
            while p >= 0 { pickAncestors.append(UInt64(p)); p = scene.slots[Int(p)].parent }
        }
        sortKeys(&pickSlots)
        sortKeys(&pickAncestors)
        var out: [BoxID] = []
        var kept: [UInt64] = []
        for id in before {
            guard let s = scene.slot(id), !sortedKeys(pickAncestors, contain: UInt64(s)) else { continue }
            var p = scene.slots[Int(s)].parent, underPick = false
            while p >= 0 && !underPick { underPick = sortedKeys(pickSlots, contain: UInt64(p)); p = scene.slots[Int(p)].parent }
            if underPick { continue }
            out.append(id)
            kept.append(UInt64(s))
        }
        sortKeys(&kept)
        for id in picks { if let s = scene.slot(id), !sortedKeys(kept, contain: UInt64(s)) { out.append(id) } }
        return out
    }

    /// The outermost selectable boxes the marquee picks, in draw order: a box is not picked
    /// when one of its ancestors is. Candidates come from the bounds tree (the world bounds of the
    /// marquee's screen rectangle), tested exactly on screen; the cost follows the boxes near the
    /// marquee, not the scene.
    @_optimize(speed) func marqueePicks(_ mq: Marquee, modifiers: UInt32) -> [BoxID] {
        var rule = config.marqueeRule
        if modifiers & (Modifiers.ctrl | Modifiers.meta) != 0 { rule = rule == .intersect ? .contain : .intersect }
        let lo = Vec2(Swift.min(mq.from.x, mq.to.x), Swift.min(mq.from.y, mq.to.y))
        let hi = Vec2(Swift.max(mq.from.x, mq.to.x), Swift.max(mq.from.y, mq.to.y))
        let w0 = viewInverse.apply(lo), w1 = viewInverse.apply(Vec2(hi.x, lo.y))
        let w2 = viewInverse.apply(hi), w3 = viewInverse.apply(Vec2(lo.x, hi.y))
        let region = Rect(bounding: w0, w1, w2, w3)
        scene.refreshBounds()
        var leaves = selection.pickLeaves, stack = selection.pickStack, keys = selection.pickKeys, marks = selection.pickMarks
        selection.pickLeaves = []; selection.pickStack = []; selection.pickKeys = []; selection.pickMarks = []
        leaves.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        if marks.count < scene.slots.count { marks.append(contentsOf: repeatElement(0, count: scene.slots.count - marks.count)) }
        selection.pickStamp &+= 1
        if selection.pickStamp == 0 {
            for i in marks.indices { marks[i] = 0 }
            selection.pickStamp = 1
        }
        let stamp = selection.pickStamp
        scene.tree.leaves(meeting: region, into: &leaves, stack: &stack)
        for i in leaves.indices {
            let s = scene.tree.shapes[Int(leaves[i])].id.index
            guard scene.slots[Int(s)].behavior.selectable else { continue }
            let corners = scene.slots[Int(s)].geometry.corners(screenTransform(s))
            guard Marquees.meets(corners, lo, hi, rule) else { continue }
            marks[Int(s)] = stamp
            // Back to front: by the leaf's draw key (its top-level box's place), then by the
            // scene's order among boxes under the same top-level box (short runs).
            keys.append(UInt64(scene.tree.leaves[Int(leaves[i])].info.key) << 32 | UInt64(UInt32(bitPattern: s)))
        }
        sortKeys(&keys)
        var i = 0
        while i < keys.count {
            var j = i + 1
            while j < keys.count && keys[j] >> 32 == keys[i] >> 32 { j += 1 }
            // Insertion sort of the run: boxes under one top-level box, few.
            var k = i + 1
            while k < j {
                let key = keys[k]
                var m = k
                while m > i && scene.drawsAfter(Int32(bitPattern: UInt32(truncatingIfNeeded: keys[m - 1])),
                                                 Int32(bitPattern: UInt32(truncatingIfNeeded: key))) {
                    keys[m] = keys[m - 1]
                    m -= 1
                }
                keys[m] = key
                k += 1
            }
            i = j
        }
        var picks: [BoxID] = []
        picks.reserveCapacity(keys.count)
        for k in keys {
            let s = Int32(bitPattern: UInt32(truncatingIfNeeded: k))
            var p = scene.slots[Int(s)].parent, covered = false
            while p >= 0 && !covered { covered = marks[Int(p)] == stamp; p = scene.slots[Int(p)].parent }
            if !covered { picks.append(scene.id(s)) }
        }
        selection.pickLeaves = leaves; selection.pickStack = stack; selection.pickKeys = keys; selection.pickMarks = marks
        return picks
    }
}

/// The geometry of marquee rules: a box's four screen corners against an axis-aligned rectangle.
public enum Marquees {
    /// Whether the quadrilateral `c` (corners in order) meets the rectangle `lo`-`hi` by `rule`:
    /// contain, all four corners inside it; intersect, the outline and the rectangle share a
    /// point (separating axes: the rectangle's and the quadrilateral's edge normals).
    public static func meets(_ c: (Vec2, Vec2, Vec2, Vec2), _ lo: Vec2, _ hi: Vec2, _ rule: MarqueeRule) -> Bool {
        func inside(_ p: Vec2) -> Bool { p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y }
        if rule == .contain { return inside(c.0) && inside(c.1) && inside(c.2) && inside(c.3) }
        let xs = (Swift.min(Swift.min(c.0.x, c.1.x), Swift.min(c.2.x, c.3.x)), Swift.max(Swift.max(c.0.x, c.1.x), Swift.max(c.2.x, c.3.x)))
        let ys = (Swift.min(Swift.min(c.0.y, c.1.y), Swift.min(c.2.y, c.3.y)), Swift.max(Swift.max(c.0.y, c.1.y), Swift.max(c.2.y, c.3.y)))
        if xs.1 < lo.x || xs.0 > hi.x || ys.1 < lo.y || ys.0 > hi.y { return false }
        // The quadrilateral's own edge directions (a parallelogram: two of them).
        func separated(_ edge: Vec2) -> Bool {
            let n = Vec2(-edge.y, edge.x)
            func project(_ p: Vec2) -> Double { n.x * p.x + n.y * p.y }
            let q = (project(c.0), project(c.1), project(c.2), project(c.3))
            let qmin = Swift.min(Swift.min(q.0, q.1), Swift.min(q.2, q.3)), qmax = Swift.max(Swift.max(q.0, q.1), Swift.max(q.2, q.3))
            let r = (project(lo), project(Vec2(hi.x, lo.y)), project(hi), project(Vec2(lo.x, hi.y)))
            let rmin = Swift.min(Swift.min(r.0, r.1), Swift.min(r.2, r.3)), rmax = Swift.max(Swift.max(r.0, r.1), Swift.max(r.2, r.3))
            return qmax < rmin || qmin > rmax
        }
        return !separated(c.1 - c.0) && !separated(c.3 - c.0)
    }
}
