// A group move of a selection of many boxes costs what it changes: each member is moved and
// committed in one pass when nothing constrains it, and the frame keeps the selection's member
// outlines, moving them with their boxes. Both must give, to the bit, what the general path and
// a frame built from nothing give. Random scenes from fixed seeds.
import Testing

@testable import GripCore

@Suite struct GroupMoveFrameTests {
    /// A screen point on the body of some member, or nil.
    private func grabPoint(_ sc: SelScene, _ rng: inout SplitMix64) -> Vec2? {
        for m in sc.members { if let p = selGrabPoint(sc.r, m, &rng) { return p } }
        return nil
    }

    /// Where frame `f` differs from one built from nothing, if anywhere.
    private func differencesFromScratch(_ r: Rig, _ f: Frame) -> String? {
        let scratch = r.e.frameFromScratch()
        if f.commands.count != scratch.commands.count {
            return "\(f.commands.count) commands, a rebuild has \(scratch.commands.count)"
        }
        if let i = f.commands.indices.first(where: { f.commands[$0] != scratch.commands[$0] }) {
            return
                "command \(i) (kind \(f.commands[i].kind.rawValue), box \(f.commands[i].box.rawValue)) differs from a rebuild's"
        }
        if f.vertices.count != scratch.vertices.count {
            return "\(f.vertices.count) vertices, a rebuild has \(scratch.vertices.count)"
        }
        if let i = f.vertices.indices.first(where: { f.vertices[$0] != scratch.vertices[$0] }) {
            return "vertex \(i) \(f.vertices[i]) differs from a rebuild's \(scratch.vertices[i])"
        }
        return nil
    }

    /// Dragging a selection of rotated (or all aligned), nested, flipped boxes (under a turned,
    /// zoomed, perhaps mirrored view, or none), beside an editing box, with time moving the
    /// marching ants and the host turning a member's parent midway: every frame after the first
    /// step is updated in place (the overlay is not laid out again) and equals a frame built from
    /// nothing, to the bit.
    @Test(arguments: [false, true])
    func theSelectionOverlayMovesInPlaceExactlyAsARebuildWould(view: Bool) throws {
        var rng = SplitMix64(seed: view ? 0x0F1A_7E02 : 0x0F1A_7E01)
        var checked = 0
        for round in 0..<40 {
            let pointerMode = rng.bool()
            let sc = try selMakeScene(
                &rng, view: view, rotations: rng.int(3) == 0 ? .random : .aligned,
                configure: { if pointerMode { $0.selectionMode = .pointer } })
            let r = sc.r
            r.box(
                center: Vec2(rng.double(-300, 600), rng.double(-300, 600)), width: 80, height: 60,
                rotation: rng.double(-3, 3), editing: true)
            guard let g = grabPoint(sc, &rng) else { continue }
            try r.down(g)
            try r.move(g + Vec2(30, 5))  // the move begins: the overlay's state changes (laid out again)
            _ = r.e.frame()
            for step in 0..<8 {
                let rebuilds = r.e.frameState.overlayRebuilds
                if step == 4 { try r.tick(0.25) }  // the ants alone
                if step == 3 || step == 6, let m = sc.members.first(where: { (try? r.e.parent(of: $0)) != BoxID.none })
                {
                    // A member's parent (not in the gesture) turns: the member's axes change.
                    var d = try r.e.describe(try r.e.parent(of: m))
                    d.geometry.rotation += 0.25
                    try r.e.configure(try r.e.parent(of: m), d)
                }
                try r.move(g + Vec2(30 + Double(step) * 11, 5 - Double(step) * 7))
                let f = r.e.frame()
                #expect(
                    r.e.frameState.overlayRebuilds == rebuilds,
                    "round \(round) step \(step): the overlay was laid out again")
                #expect(
                    f.commands.filter { $0.kind == .outline }.map(\.box) == sc.members,
                    "round \(round) step \(step): outlines")
                if let d = differencesFromScratch(r, f) { Issue.record("round \(round) step \(step): \(d)") }
                checked += 1
            }
            try r.up(g)
            if let d = differencesFromScratch(r, r.e.frame()) { Issue.record("round \(round) after the move: \(d)") }
        }
        #expect(checked >= 200)
    }

    /// Members sharing a world rotation of a quarter turn orient the frame; when the host turns
    /// one member's parent during the move, the next frame (updated in place) is oriented as a
    /// rebuild orients it (the members no longer share a rotation).
    @Test func aMemberTurningDuringTheMoveReorientsTheFrame() throws {
        let r = Rig(width: 4000, height: 4000)
        let a = r.box(center: Vec2(200, 200), width: 100, height: 60, rotation: Double.pi / 2, editing: false)
        let p = r.box(center: Vec2(600, 300), width: 300, height: 300, editing: false)
        let b = r.box(parent: p, center: Vec2(150, 150), width: 80, height: 50, rotation: Double.pi / 2, editing: false)
        try r.e.select(a, .add)
        try r.e.select(b, .add)
        #expect(r.e.selectionState().rotation == Double.pi / 2)
        try r.down(Vec2(200, 180))
        try r.move(Vec2(230, 190))
        _ = r.e.frame()
        try r.move(Vec2(240, 195))
        var rebuilds = r.e.frameState.overlayRebuilds
        if let d = differencesFromScratch(r, r.e.frame()) { Issue.record("before the turn: \(d)") }
        #expect(r.e.frameState.overlayRebuilds == rebuilds + 1)  // (the rebuild from nothing)
        var d = try r.e.describe(p)
        d.geometry.rotation = 0.25
        try r.e.configure(p, d)
        try r.move(Vec2(250, 200))
        rebuilds = r.e.frameState.overlayRebuilds
        let f = r.e.frame()
        #expect(r.e.frameState.overlayRebuilds == rebuilds, "the overlay was laid out again")
        #expect(r.e.selectionState().rotation == 0)
        if let d = differencesFromScratch(r, f) { Issue.record("after the turn: \(d)") }
        try r.up(Vec2(250, 200))
    }

    /// A host constraint on any member (or containment) takes the general path: propose, fit,
    /// constrain, commit. Without either, each member is moved and committed in one pass. Both
    /// give every member exactly `GroupTransform.apply` of the move from its snapshot.
    @Test(arguments: [false, true])
    func everyMemberGetsWhatTheGroupTransformGives(constrained: Bool) throws {
        final class PassThrough: HostConstraints {
            var asked = 0
            func constrain(box: BoxID, proposed: BoxGeometry, current: BoxGeometry) -> BoxGeometry? {
                asked += 1
                return proposed
            }
        }
        var rng = SplitMix64(seed: constrained ? 0x6A0E_C002 : 0x6A0E_C001)
        let hook = PassThrough()
        var checked = 0
        for round in 0..<30 {
            let sc = try selMakeScene(&rng, view: rng.bool())
            let r = sc.r
            r.e.hostConstraints = hook
            if constrained { try r.e.setHostConstraint(sc.members[rng.int(sc.members.count)], true) }
            guard let g = grabPoint(sc, &rng) else { continue }
            var starts: [(BoxGeometry, Affine, Affine)] = []
            for m in sc.members {
                let s = try #require(r.e.scene.slot(m))
                let parentWorld = r.e.scene.parentWorld(s)
                starts.append((r.geometry(m), parentWorld, parentWorld.inverse ?? .identity))
            }
            let asked = hook.asked
            try r.down(g)
            let grab = r.e.viewInverse.apply(g)
            for step in 0..<6 {
                let p = g + Vec2(rng.double(-300, 300), rng.double(-300, 300))
                try r.move(p)
                if step == 0 {
                    let gi = try #require(r.e.interactions.groupGesture())
                    #expect(r.e.interactions.active[gi].unconstrained == !constrained)
                }
                let d = r.e.viewInverse.apply(p) - grab
                for (i, m) in sc.members.enumerated() {
                    let want = GroupTransform.apply(
                        GroupTransform.Similarity(shift: d), to: starts[i].0,
                        parentWorld: starts[i].1, parentInverse: starts[i].2)
                    #expect(
                        r.geometry(m).sameBits(want),
                        "round \(round) step \(step) member \(i): \(r.geometry(m)) expected \(want)")
                }
                checked += 1
            }
            #expect(
                (hook.asked > asked) == constrained,
                "round \(round): the constraint was asked \(hook.asked - asked) times")
            try r.up(g)
        }
        #expect(checked >= 150)
    }

    /// A selection of more boxes than the frame's list of moved boxes holds by default (4,096)
    /// still moves in place: the list grows with the scene.
    @Test func aSelectionLargerThanTheDefaultDirtyLimitMovesInPlace() throws {
        let r = Rig(width: 100_000, height: 100_000)
        var first = BoxID.none
        for i in 0..<4200 {
            let id = r.box(
                center: Vec2(Double(i % 70) * 50 + 20, Double(i / 70) * 50 + 20), width: 30, height: 30,
                rotation: i % 5 == 0 ? 0.3 : 0, editing: false)
            try r.e.select(id, .add)
            if i == 0 { first = id }
        }
        _ = r.e.frame()
        try r.down(Vec2(20, 20))
        try r.move(Vec2(40, 30))
        #expect(try r.e.state(first).geometry.center == Vec2(40, 30))
        _ = r.e.frame()
        for step in 0..<3 {
            let rebuilds = r.e.frameState.overlayRebuilds
            try r.move(Vec2(60 + Double(step) * 13, 30 + Double(step) * 3))
            #expect(r.e.scene.changes.structureValid, "step \(step): the next frame is laid out whole")
            let f = r.e.frame()
            #expect(r.e.frameState.overlayRebuilds == rebuilds, "step \(step): the overlay was laid out again")
            if let d = differencesFromScratch(r, f) { Issue.record("step \(step): \(d)") }
        }
        try r.up(Vec2(99, 36))
    }
}
