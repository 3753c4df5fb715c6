import Testing

@testable import GripCore

// A marquee's steps after its first test only the boxes in the bands between the last
// rectangle's edges and the new one's (Interaction/Kinds/MarqueePicks.swift). Whatever the
// steps and whatever changes in the scene between them, each step picks what the rules pick
// from scratch (the brute-force reference of MarqueeTests.swift).

@Suite struct MarqueeStepTests {
    /// Many boxes, a marquee moved in small steps and now and then a jump, with the scene edited
    /// between some steps (a box moved, made unselectable or selectable again, sent to the front
    /// or back, a box created, the view changed): after every step the selection is the outermost
    /// selectable boxes the rule picks, in draw order, and every box's selection mark says so.
    /// In a scene without nesting most steps change the selection by the boxes that joined and
    /// left alone.
    @Test(arguments: [MarqueeRule.intersect, .contain], [true, false])
    func stepsPickWhatTheRulesPick(rule: MarqueeRule, nested: Bool) throws {
        var rng = SplitMix64(seed: 0x3A2C_F000 + UInt64(rule.rawValue) + (nested ? 0 : 16))
        var checked = 0, edits = 0, changes = 0, incremental = 0, followed = 0
        for round in 0..<10 {
            let (r, boxes) = try marqueeScene(&rng, rule: rule, count: 120, nested: nested)
            guard let a = try emptyPoint(r, &rng) else { continue }
            try r.down(a)
            var b = a + Vec2(40, 40)
            var before: [BoxID] = []
            var live = boxes
            steps: for step in 0..<80 {
                if step > 0 && rng.int(5) == 0 {
                    edits += 1
                    let id = live[rng.int(live.count)]
                    switch rng.int(5) {
                    case 0:
                        var d = try r.e.describe(id)
                        d.geometry.center = d.geometry.center + Vec2(rng.double(-60, 60), rng.double(-60, 60))
                        try r.e.configure(id, d)
                    case 1:
                        var behavior = try r.e.describe(id).behavior
                        behavior.selectable.toggle()
                        try r.e.setBehavior(id, behavior)
                    case 2:
                        _ = try r.e.order(id, rng.bool() ? .front : .back)
                    case 3:
                        live.append(
                            r.box(
                                center: Vec2(rng.double(-100, 400), rng.double(-100, 400)),
                                width: rng.double(20, 140), height: rng.double(20, 140),
                                rotation: rng.double(-3.2, 3.2), editing: false))
                    default:
                        try r.e.setView(randomView(&rng))
                    }
                    if r.events().contains(where: { $0.kind == .gestureCancelled }) { break steps }
                }
                // Mostly a small step of one or two edges; sometimes a jump.
                if rng.int(8) == 0 {
                    b = a + Vec2(rng.double(-500, 500), rng.double(-500, 500))
                } else {
                    b = b + Vec2(rng.int(2) == 0 ? rng.double(-60, 60) : 0, rng.int(2) == 0 ? rng.double(-60, 60) : 0)
                }
                guard dist(a, b) > 15 else { continue }
                let scratch = r.e.interactions.marqueePicks.fromScratch
                let follows = r.e.interactions.marqueePicks.followed
                try r.move(b)
                _ = r.events()
                let kept = r.e.interactions.marqueePicks.fromScratch == scratch
                let got = r.e.selectedBoxes
                if r.e.interactions.marqueePicks.followed != follows { followed += 1 }
                for id in live {
                    guard let s = r.e.scene.slot(id) else { continue }
                    let want: SelectionMark = !got.contains(id) ? .none : got.count == 1 ? .alone : .member
                    #expect(r.e.scene[s].selection == want, "round \(round) step \(step): box \(id.rawValue)'s mark")
                }
                if let picks = try expectedPicks(r, a, b, rule) {
                    var want: [BoxID] = []
                    for id in picks { want = selModelAdding(r.e, id, to: want) }
                    #expect(
                        got == want,
                        "round \(round) step \(step): \(got.map(\.rawValue)) want \(want.map(\.rawValue))")
                    checked += 1
                }
                if got != before {
                    changes += 1
                    if kept { incremental += 1 }
                }
                before = got
            }
            try r.up(b)
        }
        #expect(
            checked >= 600 && edits >= 100 && changes >= 60 && incremental >= 40 && (nested || followed >= 30),
            "\(checked) steps checked, \(edits) edits, \(changes) changed the selection, \(incremental) from a kept answer, \(followed) followed the change"
        )
    }

    /// Top-level boxes whose draw order reached the bounds tree's key ceiling share one draw key:
    /// the picks still come in draw order, step after step (a box sent to the front is last).
    @Test func boxesPastTheKeyCeilingArePickedInDrawOrder() throws {
        let r = Rig(width: 2000, height: 2000) { $0.selectionMode = .pointer }
        r.e.scene.nextOrder = UInt64(UInt32.max) - 1
        var boxes: [BoxID] = []
        for i in 0..<6 {
            boxes.append(r.box(center: Vec2(100 + 60 * Double(i), 100), width: 40, height: 40, editing: false))
        }
        _ = try r.e.order(boxes[0], .front)
        _ = r.events()
        try r.down(Vec2(10, 10))
        var checked = 0
        for x in stride(from: 140.0, through: 460, by: 20) {
            try r.move(Vec2(x, 200))
            let want = r.e.boxesInDrawOrder.filter { id in
                guard let i = boxes.firstIndex(of: id) else { return false }
                return 100 + 60 * Double(i) - 20 <= x
            }
            #expect(r.e.selectedBoxes == want, "corner at \(x)")
            checked += 1
        }
        try r.up(Vec2(460, 200))
        #expect(checked == 17 && r.e.selectedBoxes.last == boxes[0])
    }

    /// A marquee after one that added to the selection (shift) makes the selection its own picks,
    /// even when its rectangle is the last one's: the selection then held more than those picks.
    @Test func aMarqueeAfterAnAddingOnePicksItsOwn() throws {
        let r = Rig(width: 2000, height: 2000) { $0.selectionMode = .pointer }
        let a = r.box(center: Vec2(100, 100), width: 40, height: 40, editing: false)
        let b = r.box(center: Vec2(300, 100), width: 40, height: 40, editing: false)
        let c = r.box(center: Vec2(500, 100), width: 40, height: 40, editing: false)
        try r.down(Vec2(450, 10))
        try r.move(Vec2(560, 200))
        try r.up(Vec2(560, 200))
        #expect(r.e.selectedBoxes == [c])
        try r.down(Vec2(50, 10), mods: Modifiers.shift)
        try r.move(Vec2(350, 200), mods: Modifiers.shift)
        try r.up(Vec2(350, 200), mods: Modifiers.shift)
        #expect(r.e.selectedBoxes == [c, a, b])
        try r.down(Vec2(50, 10))
        try r.move(Vec2(350, 200))
        #expect(r.e.selectedBoxes == [a, b])
        try r.up(Vec2(350, 200))
        #expect(r.e.selectedBoxes == [a, b])
        #expect(r.e.scene[r.e.scene.slot(c)!].selection == .none)
    }

    /// The kept answer is dropped when the scene changes under it: a box moved into the marquee
    /// between two steps at the same rectangle's edges is picked at the next step, and one made
    /// unselectable leaves it.
    @Test func aBoxMovedIntoTheMarqueeIsPicked() throws {
        let r = Rig(width: 2000, height: 2000) { $0.selectionMode = .pointer }
        let inside = r.box(center: Vec2(100, 100), width: 40, height: 40, editing: false)
        let outside = r.box(center: Vec2(900, 900), width: 40, height: 40, editing: false)
        try r.down(Vec2(10, 10))
        try r.move(Vec2(300, 300))
        #expect(r.e.selectedBoxes == [inside])
        var d = try r.e.describe(outside)
        d.geometry.center = Vec2(200, 200)
        try r.e.configure(outside, d)
        // The corner goes back and forth by one unit: only the bands next to the right and bottom
        // edges are tested again, and the moved box is in neither.
        try r.move(Vec2(301, 301))
        #expect(r.e.selectedBoxes == [inside, outside])
        var behavior = try r.e.describe(inside).behavior
        behavior.selectable = false
        try r.e.setBehavior(inside, behavior)
        try r.move(Vec2(300, 300))
        #expect(r.e.selectedBoxes == [outside])
        try r.up(Vec2(300, 300))
    }
}
