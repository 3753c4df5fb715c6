/// What a marquee picked at its last step, kept so that the next step tests only the boxes near
/// the edges that moved: a box's answer to the rule can change only where the old and the new
/// rectangle differ, so the boxes in the bands between their edges are the only candidates. The
/// kept answer holds while the scene's content version (`Scene.contentVersion`: geometry,
/// behaviours, hierarchy, draw order, boxes coming or going; a view change is a restructure) and
/// the rule stay; otherwise the step picks from scratch.
struct MarqueePicks {
    /// Per slot, `stamp` when the box meets the rule at the last step (any other value: it does
    /// not; a new pick from scratch takes a new stamp, so nothing is cleared).
    var marks: [UInt32] = []
    var stamp: UInt32 = 0
    /// The boxes meeting the rule at the last step, each as its leaf's draw key << 32 | its slot,
    /// back to front.
    var keys: [UInt64] = []
    /// Scratch: the boxes that joined in a step, the bounds tree's candidate leaves and its walk.
    var joined: [UInt64] = []
    var leaves: [Int32] = []
    var stack: [Int32] = []
    /// What the kept answer was worked out for; `valid` false: nothing kept (a marquee began).
    var valid = false
    var lo = Vec2.zero
    var hi = Vec2.zero
    var rule = MarqueeRule.intersect
    var contentVersion: UInt64 = 0
    var slotCount = 0
    /// Steps that picked from scratch (for tests: the others started from the kept answer).
    var fromScratch = 0
    /// Steps whose selection followed by the boxes that joined and left (for tests).
    var followed = 0
    /// How many marked boxes may share their draw key with another: those with a parent (their
    /// top-level box's key) and top-level boxes whose order reached the keys' ceiling
    /// (`UInt32.max`, `HitShape`). While there is none, every marked box is a pick (no ancestor of
    /// one can be marked), each has a draw key of its own, and `ids` holds the picks.
    var sharedKeys = 0
    /// The picks' ids in the order of `keys`, while `idsKept`.
    var ids: [BoxID] = []
    var idsKept = false
    /// The slots of the boxes that joined the picks and left them at the last step, when
    /// `changeKnown` (the picks before it were the boxes marked then, and those after are the
    /// boxes marked now): the selection can follow by these alone.
    var joinedSlots: [Int32] = []
    var leftSlots: [Int32] = []
    var changeKnown = false
    /// The selection's version (`Selection.version`) when it was last made the picks (nil: it
    /// holds more than the picks, or never was).
    var selectionVersion: UInt64? = nil

    /// A stamp no slot's mark holds yet, the marks grown to `slots` entries.
    mutating func nextStamp(slots: Int) -> UInt32 { PickStamps.next(&marks, &stamp, slots: slots) }
}

extension Engine {
    /// The outermost selectable boxes a marquee from screen point `from` to `to` picks, written
    /// over `picks`, in draw order: a box is not picked when one of its ancestors is. Candidates
    /// come from the bounds tree (the world bounds of the screen region to test), tested exactly
    /// on screen: the whole rectangle when nothing is kept, else only the bands between the last
    /// step's edges and these (`MarqueePicks`). The cost follows the boxes near the moving edges,
    /// plus a pass over the picks.
    @_optimize(speed) func marqueePicks(from: Vec2, to: Vec2, modifiers: UInt32, into picks: inout [BoxID]) {
        var rule = config.marqueeRule
        if modifiers & (Modifiers.ctrl | Modifiers.meta) != 0 { rule = rule == .intersect ? .contain : .intersect }
        let lo = Vec2(Swift.min(from.x, to.x), Swift.min(from.y, to.y))
        let hi = Vec2(Swift.max(from.x, to.x), Swift.max(from.y, to.y))
        scene.refreshBounds()
        var st = interactions.marqueePicks
        interactions.marqueePicks = MarqueePicks()
        let n = scene.slotCount
        st.joinedSlots.removeAll(keepingCapacity: true)
        st.leftSlots.removeAll(keepingCapacity: true)
        if st.valid && st.rule == rule && st.contentVersion == scene.contentVersion && st.slotCount == n {
            let flatBefore = st.sharedKeys == 0
            if !(st.lo == lo && st.hi == hi) { updatePicks(&st, lo: lo, hi: hi) }
            st.changeKnown = flatBefore && st.sharedKeys == 0
        } else {
            pickAll(&st, lo: lo, hi: hi, rule: rule, slots: n)
            st.changeKnown = false
        }
        st.valid = true
        st.lo = lo
        st.hi = hi
        st.rule = rule
        st.contentVersion = scene.contentVersion
        st.slotCount = n
        picks.removeAll(keepingCapacity: true)
        if st.sharedKeys == 0 {
            if !st.idsKept {
                st.ids.removeAll(keepingCapacity: true)
                for k in st.keys { st.ids.append(scene.id(Int32(bitPattern: UInt32(truncatingIfNeeded: k)))) }
                st.idsKept = true
            }
            picks.append(contentsOf: st.ids)
            interactions.marqueePicks = st
            return
        }
        st.idsKept = false
        for k in st.keys {
            let s = Int32(bitPattern: UInt32(truncatingIfNeeded: k))
            var p = scene[s].parent, covered = false
            while p >= 0 && !covered { covered = st.marks[Int(p)] == st.stamp; p = scene[p].parent }
            if !covered { picks.append(scene.id(s)) }
        }
        interactions.marqueePicks = st
    }

    /// The world bounds of the screen rectangle `lo`-`hi`.
    private func worldRegion(_ lo: Vec2, _ hi: Vec2) -> Rect {
        Rect(
            bounding: viewInverse.apply(lo), viewInverse.apply(Vec2(hi.x, lo.y)), viewInverse.apply(hi),
            viewInverse.apply(Vec2(lo.x, hi.y)))
    }

    /// Whether slot `s` is selectable and meets the screen rectangle `lo`-`hi` by `rule`.
    @inline(__always) private func meetsMarquee(_ s: Int32, _ lo: Vec2, _ hi: Vec2, _ rule: MarqueeRule) -> Bool {
        guard scene.behavior(s).selectable else { return false }
        return Marquees.meets(scene[s].geometry.corners(screenTransform(s)), lo, hi, rule)
    }

    /// Whether slot `s` (leaf `leaf`) may share its draw key with another box (`sharedKeys`).
    @inline(__always) private func sharesKey(_ s: Int32, leaf: Int32) -> Bool {
        scene[s].parent >= 0 || scene.tree.leaves[Int(leaf)].info.key == UInt32.max
    }

    /// Slot `s` with its leaf's draw key, as `MarqueePicks.keys` holds it.
    @inline(__always) private func pickKey(_ s: Int32, leaf: Int32) -> UInt64 {
        UInt64(scene.tree.leaves[Int(leaf)].info.key) << 32 | UInt64(UInt32(bitPattern: s))
    }

    /// Picks from scratch: every box whose leaf meets the rectangle's world bounds is tested.
    private func pickAll(_ st: inout MarqueePicks, lo: Vec2, hi: Vec2, rule: MarqueeRule, slots: Int) {
        let stamp = st.nextStamp(slots: slots)
        st.fromScratch += 1
        st.leaves.removeAll(keepingCapacity: true)
        st.keys.removeAll(keepingCapacity: true)
        st.sharedKeys = 0
        st.idsKept = false
        scene.tree.leaves(meeting: worldRegion(lo, hi), into: &st.leaves, stack: &st.stack)
        for l in st.leaves {
            let s = scene.tree.shapes[Int(l)].id.index
            guard meetsMarquee(s, lo, hi, rule) else { continue }
            st.marks[Int(s)] = stamp
            st.keys.append(pickKey(s, leaf: l))
            if sharesKey(s, leaf: l) { st.sharedKeys += 1 }
        }
        KeySort.sort(&st.keys)
        if st.sharedKeys > 0 { scene.orderRuns(&st.keys, frontFirst: false) }
    }

    /// From the kept answer to the one for rectangle `lo`-`hi`: the boxes in the bands between the
    /// old and new edges tested again, those that stopped meeting the rule taken out, those that
    /// began to, merged in by draw position.
    private func updatePicks(_ st: inout MarqueePicks, lo: Vec2, hi: Vec2) {
        let stamp = st.stamp
        let ulo = Vec2(Swift.min(st.lo.x, lo.x), Swift.min(st.lo.y, lo.y))
        let uhi = Vec2(Swift.max(st.hi.x, hi.x), Swift.max(st.hi.y, hi.y))
        // A point in one rectangle and not the other lies left of the inner of the two left
        // edges, or right of the inner right edge, ... : in one of these bands, each spanning
        // the union of the two rectangles the other way.
        st.joined.removeAll(keepingCapacity: true)
        var left = false
        if st.lo.x != lo.x {
            rescan(&st, Vec2(ulo.x, ulo.y), Vec2(Swift.max(st.lo.x, lo.x), uhi.y), lo, hi, &left)
        }
        if st.hi.x != hi.x {
            rescan(&st, Vec2(Swift.min(st.hi.x, hi.x), ulo.y), uhi, lo, hi, &left)
        }
        if st.lo.y != lo.y {
            rescan(&st, ulo, Vec2(uhi.x, Swift.max(st.lo.y, lo.y)), lo, hi, &left)
        }
        if st.hi.y != hi.y {
            rescan(&st, Vec2(ulo.x, Swift.min(st.hi.y, hi.y)), uhi, lo, hi, &left)
        }
        // The picks' ids follow the keys while every marked box is top-level before and after
        // this step (then they are the boxes marked, one a draw key); otherwise they are listed
        // again from the keys when next wanted.
        let keepIds = st.idsKept && st.sharedKeys == 0
        st.idsKept = keepIds
        if left {
            let marks = st.marks
            st.keys.removeAll { marks[Int(UInt32(truncatingIfNeeded: $0))] != stamp }
            if keepIds { st.ids.removeAll { marks[Int($0.index)] != stamp } }
        }
        guard !st.joined.isEmpty else { return }
        KeySort.sort(&st.joined)
        // Merged by draw key from the back, in the one buffer (which so only ever grows: a kept
        // buffer per step would trade places and grow twice); boxes sharing a draw key (under one
        // top-level box, or past the keys' ceiling) are put in order by `Scene.orderRuns`.
        let k = st.keys.count, j = st.joined.count
        st.keys.append(contentsOf: repeatElement(0, count: j))
        if keepIds { st.ids.append(contentsOf: repeatElement(.none, count: j)) }
        var w = k + j - 1, a = k - 1, b = j - 1
        while b >= 0 {
            if a >= 0 && st.keys[a] >> 32 > st.joined[b] >> 32 {
                st.keys[w] = st.keys[a]
                if keepIds { st.ids[w] = st.ids[a] }
                a -= 1
            } else {
                st.keys[w] = st.joined[b]
                if keepIds { st.ids[w] = scene.id(Int32(bitPattern: UInt32(truncatingIfNeeded: st.joined[b]))) }
                b -= 1
            }
            w -= 1
        }
        if st.sharedKeys > 0 { scene.orderRuns(&st.keys, frontFirst: false) }
    }

    /// Tests again the boxes whose leaves meet the world bounds of band `blo`-`bhi` against the
    /// rectangle `lo`-`hi`: a box that began to meet the rule is marked and joins `st.joined` and
    /// `st.joinedSlots`; one that stopped is unmarked, joins `st.leftSlots` and sets `left`. (A box in two bands is seen
    /// twice: its mark then says the new answer already.)
    private func rescan(
        _ st: inout MarqueePicks, _ blo: Vec2, _ bhi: Vec2, _ lo: Vec2, _ hi: Vec2, _ left: inout Bool
    ) {
        let stamp = st.stamp, rule = st.rule
        st.leaves.removeAll(keepingCapacity: true)
        scene.tree.leaves(meeting: worldRegion(blo, bhi), into: &st.leaves, stack: &st.stack)
        for l in st.leaves {
            let s = scene.tree.shapes[Int(l)].id.index
            let was = st.marks[Int(s)] == stamp
            if meetsMarquee(s, lo, hi, rule) {
                if !was {
                    st.marks[Int(s)] = stamp
                    st.joined.append(pickKey(s, leaf: l))
                    st.joinedSlots.append(s)
                    if sharesKey(s, leaf: l) { st.sharedKeys += 1 }
                }
            } else if was {
                st.marks[Int(s)] = 0
                st.leftSlots.append(s)
                if sharesKey(s, leaf: l) { st.sharedKeys -= 1 }
                left = true
            }
        }
    }
}
