import Testing

@testable import GripCore

// The marquee of pointer selection (docs/specification.md, Marquee): the
// intersect and contain rules against a brute-force reference, the outermost selectable picks,
// ctrl swapping the rule, shift adding, and cancel restoring the selection before.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Brute-force reference

private func cross(_ o: Vec2, _ a: Vec2, _ b: Vec2) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }

/// Closed segments ab and cd share a point.
private func segmentsMeet(_ a: Vec2, _ b: Vec2, _ c: Vec2, _ d: Vec2) -> Bool {
    let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
    if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
    func on(_ p: Vec2, _ q: Vec2, _ r: Vec2) -> Bool {
        Swift.min(p.x, q.x) <= r.x && r.x <= Swift.max(p.x, q.x) && Swift.min(p.y, q.y) <= r.y
            && r.y <= Swift.max(p.y, q.y)
    }
    return (d1 == 0 && on(c, d, a)) || (d2 == 0 && on(c, d, b)) || (d3 == 0 && on(a, b, c)) || (d4 == 0 && on(a, b, d))
}

/// Point `p` in the closed convex polygon `q` (either winding).
private func inConvex(_ p: Vec2, _ q: [Vec2]) -> Bool {
    var pos = false, neg = false
    for i in 0..<q.count {
        let c = cross(q[i], q[(i + 1) % q.count], p)
        if c > 0 { pos = true }
        if c < 0 { neg = true }
    }
    return !(pos && neg)
}

/// The closed quadrilateral `q` and the closed rectangle lo-hi share a point: an edge crossing,
/// or a vertex of one inside the other.
private func bruteMeets(_ q: [Vec2], _ lo: Vec2, _ hi: Vec2) -> Bool {
    let rect = [lo, Vec2(hi.x, lo.y), hi, Vec2(lo.x, hi.y)]
    func inRect(_ p: Vec2) -> Bool { p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y }
    if q.contains(where: inRect) || rect.contains(where: { inConvex($0, q) }) { return true }
    for i in 0..<4 {
        for j in 0..<4 where segmentsMeet(q[i], q[(i + 1) % 4], rect[j], rect[(j + 1) % 4]) { return true }
    }
    return false
}

private func bruteContains(_ q: [Vec2], _ lo: Vec2, _ hi: Vec2) -> Bool {
    q.allSatisfy { $0.x >= lo.x && $0.x <= hi.x && $0.y >= lo.y && $0.y <= hi.y }
}

/// The reference answer, or nil when growing or shrinking the rectangle by `eps` changes it
/// (too close to call in floating point).
private func reference(_ q: [Vec2], _ lo: Vec2, _ hi: Vec2, _ rule: MarqueeRule, eps: Double) -> Bool? {
    func f(_ q: [Vec2], _ lo: Vec2, _ hi: Vec2) -> Bool {
        rule == .intersect ? bruteMeets(q, lo, hi) : bruteContains(q, lo, hi)
    }
    let e = Vec2(eps, eps)
    let grown = f(q, lo - e, hi + e), shrunk = f(q, lo + e, hi - e)
    return grown == shrunk ? grown : nil
}

private func tuple(_ q: [Vec2]) -> (Vec2, Vec2, Vec2, Vec2) { (q[0], q[1], q[2], q[3]) }

/// A random parallelogram: a rectangle under a random affine map (rotation, unequal scales,
/// shear, maybe a mirror), near the square [-100, 100]^2.
private func randomParallelogram(_ rng: inout SplitMix64) -> [Vec2] {
    let w = rng.double(1, 150), h = rng.double(1, 150)
    var m = M.T(rng.double(-120, 120), rng.double(-120, 120)) * M.R(rng.double(-3.2, 3.2))
    if rng.int(3) == 0 { m = m * M(a: 1, b: 0, c: rng.double(-1.5, 1.5), d: 1, tx: 0, ty: 0) }
    if rng.int(4) == 0 { m = m * M.S(1, -1) }
    if rng.int(5) == 0 { m = m * M.R(Double(rng.int(4)) * Double.pi / 2) }
    return [Vec2(0, 0), Vec2(w, 0), Vec2(w, h), Vec2(0, h)].map { m.apply(Vec2($0.x - w / 2, $0.y - h / 2)) }
}

@Suite struct MarqueeRuleTests {
    /// Random parallelograms (rotated, sheared, mirrored, axis-aligned) against random
    /// rectangles: `Marquees.meets` answers as the brute-force reference under both rules,
    /// wherever the reference can tell.
    @Test func rulesMatchABruteForceReference() {
        var rng = SplitMix64(seed: 0x3A2C_0E00)
        var counts = [MarqueeRule.intersect: [0, 0], .contain: [0, 0]]
        var mismatches: [String] = []
        for i in 0..<20_000 {
            let q = randomParallelogram(&rng)
            let a = Vec2(rng.double(-150, 150), rng.double(-150, 150)),
                b = Vec2(rng.double(-150, 150), rng.double(-150, 150))
            let lo = Vec2(Swift.min(a.x, b.x), Swift.min(a.y, b.y)), hi = Vec2(Swift.max(a.x, b.x), Swift.max(a.y, b.y))
            for rule in [MarqueeRule.intersect, .contain] {
                guard let want = reference(q, lo, hi, rule, eps: 1e-7) else { continue }
                let got = Marquees.meets(tuple(q), lo, hi, rule)
                counts[rule]![want ? 1 : 0] += 1
                if got != want {
                    mismatches.append("case \(i) \(rule): got \(got) want \(want) quad \(q) rect \(lo) \(hi)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches; first: \(mismatches.first ?? "")")
        // Both answers are exercised for both rules.
        for (rule, c) in counts { #expect(c[0] > 300 && c[1] > 300, "\(rule): \(c[1]) true, \(c[0]) false") }
    }

    /// Exact contacts (a corner of the rectangle on an edge of a diamond, a vertex on an edge,
    /// shared edges; exactly representable) meet; the same shapes moved a hair apart do not,
    /// including when their bounds still overlap (the outline decides, not the bounds).
    @Test func touchingMeetsAndNearMissDoesNot() {
        var rng = SplitMix64(seed: 0x3A2C_0E01)
        for i in 0..<2_000 {
            // Powers of two and integers keep every coordinate and product exact.
            let k = Double(1 << rng.int(6)), o = Vec2(Double(rng.int(200) - 100), Double(rng.int(200) - 100))
            let lo = o, hi = o + Vec2(10 * k, 10 * k)
            func shape(_ pts: [Vec2]) -> [Vec2] { pts.map { o + $0 * k } }
            // A diamond whose edge passes through the rectangle's corner (10, 10).
            let diamond = shape([Vec2(5, 15), Vec2(15, 5), Vec2(25, 15), Vec2(15, 25)])
            // A diamond whose left vertex sits on the rectangle's right edge.
            let onEdge = shape([Vec2(10, 5), Vec2(15, 0), Vec2(20, 5), Vec2(15, 10)])
            // An axis-aligned square sharing the rectangle's bottom edge line.
            let below = shape([Vec2(3, 10), Vec2(7, 10), Vec2(7, 14), Vec2(3, 14)])
            for q in [diamond, onEdge, below] {
                #expect(Marquees.meets(tuple(q), lo, hi, .intersect), "case \(i): touching \(q) vs \(lo) \(hi)")
                #expect(bruteMeets(q, lo, hi), "case \(i): the reference misses a contact")
            }
            // A hair apart, relative to the size.
            let hair = 1e-6 * k
            let away = [
                diamond.map { $0 + Vec2(hair, hair) }, onEdge.map { $0 + Vec2(hair, 0) },
                below.map { $0 + Vec2(0, hair) }
            ]
            for q in away {
                #expect(!Marquees.meets(tuple(q), lo, hi, .intersect), "case \(i): \(q) a hair from \(lo) \(hi)")
                #expect(!bruteMeets(q, lo, hi), "case \(i): the reference sees a contact")
            }
            // Contain: corners exactly on the rectangle's edges are inside; a hair out is not.
            let inside = shape([Vec2(0, 5), Vec2(5, 0), Vec2(10, 5), Vec2(5, 10)])
            #expect(Marquees.meets(tuple(inside), lo, hi, .contain), "case \(i)")
            #expect(!Marquees.meets(tuple(inside.map { $0 + Vec2(hair, 0) }), lo, hi, .contain), "case \(i)")
            #expect(Marquees.meets(tuple(inside.map { $0 + Vec2(hair, 0) }), lo, hi, .intersect), "case \(i)")
        }
    }

    /// A rotated box whose bounds overlap the marquee but whose outline does not is not met;
    /// one of the rotated box's corners just inside is.
    @Test func boundsAreNotTheOutline() {
        var rng = SplitMix64(seed: 0x3A2C_0E02)
        var checked = 0
        for i in 0..<2_000 {
            let s = rng.double(5, 80), t = rng.double(0.2, 1.3)
            let c = Vec2(rng.double(-50, 50), rng.double(-50, 50))
            let q = [Vec2(-s, -s), Vec2(s, -s), Vec2(s, s), Vec2(-s, s)].map { c + M.R(t).vector($0) }
            // The marquee in the empty corner of the rotated square's bounds, beyond its edge.
            let bx = q.map(\.x).max()!, by = q.map(\.y).max()!
            let lo = Vec2(bx - s * 0.05, by - s * 0.05), hi = lo + Vec2(s, s)
            guard let want = reference(q, lo, hi, .intersect, eps: 1e-7) else { continue }
            #expect(Marquees.meets(tuple(q), lo, hi, .intersect) == want, "case \(i)")
            checked += 1
        }
        #expect(checked > 1_500)
    }
}

// MARK: - Marquee through the engine

/// A pointer-selection scene: random boxes, some nested (rotated, scaled, flipped parents),
/// some not selectable; a random view. `count` boxes (default 6 to 13).
func marqueeScene(
    _ rng: inout SplitMix64, rule: MarqueeRule, count: Int? = nil, nested: Bool = true
) throws -> (
    Rig, [BoxID]
) {
    let r = Rig(width: 4000, height: 4000) {
        $0.selectionMode = .pointer; $0.marqueeRule = rule
    }
    if rng.bool() { try r.e.setView(randomView(&rng)) }
    var boxes: [BoxID] = []
    for _ in 0..<(count ?? (6 + rng.int(8))) {
        let parent = !nested || boxes.isEmpty || rng.int(3) == 0 ? BoxID.none : boxes[rng.int(boxes.count)]
        let ps = parent == .none ? 1 : (try refWorld(r.e, parent)).lengthScale
        boxes.append(
            r.box(
                parent: parent, center: Vec2(rng.double(-100, 400), rng.double(-100, 400)) * (1 / ps),
                width: rng.double(20, 140) / ps, height: rng.double(20, 140) / ps,
                rotation: rng.double(-3.2, 3.2), scale: rng.double(0.6, 1.5), flipX: rng.bool(), flipY: rng.bool(),
                editing: false
            ) { d in
                d.behavior.selectable = rng.int(4) != 0
                d.behavior.minWidth = 1; d.behavior.minHeight = 1
            })
    }
    _ = r.events()
    return (r, boxes)
}

/// What a marquee from screen `a` to `b` picks by the rules: the outermost selectable boxes
/// meeting `rule`, in draw order; nil when any box is too close to call.
func expectedPicks(_ r: Rig, _ a: Vec2, _ b: Vec2, _ rule: MarqueeRule) throws -> [BoxID]? {
    let lo = Vec2(Swift.min(a.x, b.x), Swift.min(a.y, b.y)), hi = Vec2(Swift.max(a.x, b.x), Swift.max(a.y, b.y))
    var picks: [BoxID] = []
    for id in r.e.boxesInDrawOrder {
        let q = try refCorners(r.e, id).map { r.screen($0) }
        guard let meets = reference(q, lo, hi, rule, eps: 1e-6) else { return nil }
        guard meets, try r.e.describe(id).behavior.selectable else { continue }
        if picks.contains(where: { selIsAncestor(r.e, $0, of: id) }) { continue }
        picks.append(id)
    }
    return picks
}

/// A screen point where nothing is hit, or nil.
func emptyPoint(_ r: Rig, _ rng: inout SplitMix64) throws -> Vec2? {
    for _ in 0..<50 {
        let s = Vec2(rng.double(-200, 700), rng.double(-200, 700))
        if try r.e.hitTest(world: r.world(s)) == .nothing { return s }
    }
    return nil
}

@Suite struct MarqueeSelectionTests {
    /// A drag from an empty place: at every step the selection is the outermost selectable boxes
    /// the marquee meets by the rule (ctrl swapping it, re-evaluated when only the key changes),
    /// in draw order; with shift at the press, added to the selection before; never an
    /// unselectable box.
    @Test(arguments: [MarqueeRule.intersect, .contain])
    func marqueePicksTheOutermostSelectableBoxes(rule: MarqueeRule) throws {
        var rng = SplitMix64(seed: 0x3A2C_E000 + UInt64(rule.rawValue))
        var checked = 0, nonEmpty = 0
        for round in 0..<40 {
            let (r, boxes) = try marqueeScene(&rng, rule: rule)
            let adding = round % 3 == 0
            if adding {
                for id in boxes.shuffledPrefix(2, &rng) { try r.e.select(id, .add) }
            }
            guard let a = try emptyPoint(r, &rng) else { continue }
            let before = r.e.selectedBoxes
            try r.down(a, mods: adding ? Modifiers.shift : 0)
            for step in 0..<6 {
                let b = a + Vec2(rng.double(-500, 500), rng.double(-500, 500))
                let ctrl = rng.int(3) == 0
                let mods = ctrl ? Modifiers.ctrl : 0
                guard dist(a, b) > 15 else { continue }
                try r.move(b, mods: mods)
                let swapped: MarqueeRule = rule == .intersect ? .contain : .intersect
                for (m, effective) in [(mods, ctrl ? swapped : rule), (mods ^ Modifiers.ctrl, ctrl ? rule : swapped)] {
                    if m != mods { try r.move(b, mods: m) }  // only the key changes
                    guard let picks = try expectedPicks(r, a, b, effective) else { continue }
                    var want = adding ? before : []
                    for id in picks { want = selModelAdding(r.e, id, to: want) }
                    let got = r.e.selectedBoxes
                    #expect(
                        got == want,
                        "round \(round) step \(step) \(effective) shift \(adding): \(got.map(\.rawValue)) want \(want.map(\.rawValue))"
                    )
                    for id in got where !before.contains(id) {
                        #expect(
                            try r.e.describe(id).behavior.selectable,
                            "round \(round): unselectable box \(id.rawValue) picked")
                    }
                    checked += 1
                    if !picks.isEmpty { nonEmpty += 1 }
                }
            }
            try r.up(a)
        }
        #expect(checked >= 200 && nonEmpty >= 60, "\(checked) steps checked, \(nonEmpty) picked something")
    }

    /// Cancelling a marquee (pointer CANCEL) restores the selection from before it, in its order,
    /// with MARQUEE CANCELLED.
    @Test func cancelRestoresTheSelectionBefore() throws {
        var rng = SplitMix64(seed: 0x3A2C_E100)
        var checked = 0, changed = 0
        for round in 0..<40 {
            let (r, boxes) = try marqueeScene(&rng, rule: round % 2 == 0 ? .intersect : .contain)
            for id in boxes.shuffledPrefix(rng.int(4), &rng) { try r.e.select(id, .add) }
            guard let a = try emptyPoint(r, &rng) else { continue }
            let before = r.e.selectedBoxes
            let geometry = boxes.map { r.geometry($0) }
            try r.down(a, mods: round % 4 == 1 ? Modifiers.shift : 0)
            for _ in 0..<4 {
                try r.move(
                    a + Vec2(rng.double(-500, 500), rng.double(-500, 500)), mods: rng.bool() ? Modifiers.ctrl : 0)
            }
            if r.e.selectedBoxes != before { changed += 1 }
            _ = r.events()
            try r.cancel(a + Vec2(3, 3))
            #expect(
                r.e.selectedBoxes == before,
                "round \(round): \(r.e.selectedBoxes.map(\.rawValue)) was \(before.map(\.rawValue))")
            #expect(boxes.map { r.geometry($0) } == geometry, "round \(round): a box moved")
            let evs = r.events()
            #expect(
                evs.contains { $0.kind == .gestureCancelled && $0.gesture == .marquee }, "round \(round): \(kinds(evs))"
            )
            #expect(
                !r.e.frame().commands.contains { $0.kind == .marquee }, "round \(round): the marquee is still drawn")
            checked += 1
        }
        #expect(checked >= 30 && changed >= 15, "\(checked) marquees, \(changed) changed the selection")
    }
}
