import Testing

@testable import GripCore

// One path for every gesture (docs/specification.md, Group transforms: a gesture acts on a set
// of boxes, one box being a set of one): a gesture on one box begins through the
// same function as one on a selection and is a set of one whose member is its frame; a one-box
// move and a group move carry each box by exactly the pointer's world displacement; a one-box
// resize keeps its fixed corner. Random nested, rotated, scaled, flipped boxes under random views.
@Suite struct GestureSetTests {
    /// One box's gesture: one member (the box: its snapshot and slot), the frame the box itself in
    /// its parent's space. The same box as a selection of one: the same member, framed in the
    /// world; a selection of one is no group gesture unless one is allowed.
    @Test func aOneBoxGestureIsASetOfOne() throws {
        var rng = SplitMix64(seed: 0x5E70_0001)
        for round in 0..<30 {
            let r = Rig(width: 4000, height: 4000)
            try r.e.setView(randomView(&rng))
            let id = randomNest(r, &rng)
            let s = try #require(r.e.scene.slot(id))
            let g0 = r.geometry(id)
            for kind in [InteractionKind.move, .resize, .rotate, .pinch, .magnify] {
                let g = try #require(r.e.madeGesture(kind, on: .box(s)))
                #expect(
                    g.members.count == 1 && g.members.first.box == id && g.members.first.slot == s, "round \(round)")
                #expect(g.frameIsMember && !g.group, "round \(round)")
                #expect(g.frame.sameBits(g0) && g.members.first.start.sameBits(g0), "round \(round)")
            }
            #expect(r.e.madeGesture(.move, on: .selection(allowingOne: true)) == nil, "nothing selected")
            try r.e.select(id, .replace)
            #expect(r.e.madeGesture(.move, on: .selection(allowingOne: false)) == nil, "one selected")
            let sel = try #require(r.e.madeGesture(.move, on: .selection(allowingOne: true)))
            #expect(sel.members.count == 1 && sel.members.first.box == id && sel.members.first.slot == s)
            #expect(!sel.frameIsMember && !sel.group && sel.members.first.start.sameBits(g0))
            let state = r.e.selectionState()
            #expect(sel.frame.center == state.center && sel.frame.width == state.width, "round \(round)")
        }
    }

    /// Each box of a selection dragged alone, and the selection dragged as a whole, by the same
    /// pointer path: every world centre moves by exactly the pointer's world displacement both
    /// times, so the one-box move and the group move agree to 1e-9. One-box events carry the
    /// box's id, group events GRIP_SELECTION.
    @Test func oneBoxAndGroupMovesAgree() throws {
        var rng = SplitMix64(seed: 0x5E70_0002)
        var checked = 0, alone = 0
        for round in 0..<50 {
            let sc = try selMakeScene(&rng, view: true)
            let r = sc.r
            let start = sc.snapshot()
            let centres = sc.members.map { selWorldCenter(r, $0) }
            let offset = Vec2(rng.double(-300, 300), rng.double(-300, 300))
            // The group: grabbed on its first member.
            guard let g = selGrabPoint(r, sc.members[0], &rng) else { continue }
            try r.down(g)
            try r.move(g + offset)
            let d = r.world(g + offset) - r.world(g)
            var grouped: [Vec2] = []
            for (i, m) in sc.members.enumerated() {
                grouped.append(selWorldCenter(r, m))
                #expect(close(grouped[i], centres[i] + d, rel: 1e-9, scale: 4000), "round \(round) member \(i)")
            }
            try r.cancel(g + offset)
            for m in sc.members { #expect(r.geometry(m).sameBits(start[m]!), "round \(round): cancel") }
            #expect(r.events().filter { $0.gesture == .move }.allSatisfy { $0.box == .selection })
            // Each member alone, by the same screen offset from a point on it.
            try r.e.select(.none, .replace)
            for (i, m) in sc.members.enumerated() {
                guard let p = selGrabPoint(r, m, &rng) else { continue }
                try r.down(p)
                try r.move(p + offset)
                let dm = r.world(p + offset) - r.world(p)
                #expect(close(selWorldCenter(r, m), centres[i] + dm, rel: 1e-9, scale: 4000), "round \(round) \(i)")
                #expect(close(dm, d, rel: 1e-9, scale: 4000), "round \(round): the view maps offsets alike")
                #expect(close(selWorldCenter(r, m), grouped[i], rel: 1e-9, scale: 4000), "round \(round) \(i)")
                try r.cancel(p + offset)
                #expect(r.geometry(m).sameBits(start[m]!), "round \(round) \(i): cancel")
                #expect(r.events().filter { $0.gesture == .move }.allSatisfy { $0.box == m }, "round \(round) \(i)")
                alone += 1
            }
            checked += 1
        }
        #expect(checked >= 25 && alone >= 75, "only \(checked) scenes, \(alone) boxes could be grabbed")
    }

    /// A one-box resize by a corner keeps the opposite corner where it was in the world, within
    /// 1e-9, at every step (flips included: the box mirrors about it).
    @Test func aOneBoxResizeKeepsItsFixedCorner() throws {
        var rng = SplitMix64(seed: 0x5E70_0003)
        var steps = 0
        for round in 0..<40 {
            let r = Rig(width: 4000, height: 4000)
            try r.e.setView(randomView(&rng))
            let id = randomNest(r, &rng) { $0.behavior.editing = true }
            let handle = [HandleID.topLeft, .topRight, .bottomRight, .bottomLeft][round % 4]
            guard let cmd = r.handle(id, handle) else { continue }
            // The opposite corner: the one farthest from the grabbed one.
            let grabbed = r.world(cmd.center)
            let fixed = try refCorners(r.e, id).max { dist($0, grabbed) < dist($1, grabbed) }!
            try r.down(cmd.center)
            guard r.events().first?.gesture == .resize else { continue }
            for step in 0..<4 {
                let p = cmd.center + Vec2(rng.double(-200, 200), rng.double(-200, 200))
                try r.move(p)
                let now = try refCorners(r.e, id)
                #expect(
                    now.contains { close($0, fixed, rel: 1e-9, scale: 4000) },
                    "round \(round) step \(step): \(fixed) not among \(now)")
                steps += 1
            }
            try r.up(cmd.center)
            #expect(r.events().filter { $0.gesture == .resize }.allSatisfy { $0.box == id })
        }
        #expect(steps >= 120)
    }
}

extension Engine {
    /// The interaction `gestureInteraction` fills for `kind` on `target`, or nil when it cannot
    /// begin.
    fileprivate func madeGesture(_ kind: InteractionKind, on target: GestureTarget) -> Interaction? {
        var g = Interaction(blank: .move(MoveDrag(grab: .zero)))
        guard gestureInteraction(&g, on: target, axes: kind == .resize),
            let payload = gesturePayload(kind, frame: g.frame, handle: .none, grab: .zero, other: .zero)
        else { return nil }
        g.payload = payload
        return g
    }
}
