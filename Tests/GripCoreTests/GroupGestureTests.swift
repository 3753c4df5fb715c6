import Testing

@testable import GripCore

// Gestures on a selection of several boxes, as docs/specification.md (Group transforms)
// states them: group move, resize under both group_resize policies with minimum sizes and flips,
// rotate, and cancel of every group gesture. Random scenes from fixed seeds.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `v` (world) in the axes of a frame of rotation `rot`.
private func inFrame(_ v: Vec2, _ rot: Double) -> Vec2 {
    Vec2(v.x * refCos(rot) + v.y * refSin(rot), -v.x * refSin(rot) + v.y * refCos(rot))
}

/// Whether the columns of `m` are orthogonal and of equal length, within `rel`.
private func isSimilarity(_ m: M, rel: Double = 1e-9) -> Bool {
    let x = len(Vec2(m.a, m.b)), y = len(Vec2(m.c, m.d))
    return abs(m.a * m.c + m.b * m.d) <= rel * x * y && close(x, y, rel: rel)
}

/// World corners of `id` in box-space order (0,0), (w,0), (w,h), (0,h).
private func corners(_ r: Rig, _ id: BoxID) -> [Vec2] { try! refCorners(r.e, id) }

@Suite struct GroupMoveTests {
    /// Every member's world centre moves by the pointer's world displacement (the pointer's
    /// screen displacement mapped through the inverse view); nothing else about a member changes,
    /// nothing else in the scene changes, and the grabbed point stays under the pointer.
    @Test(arguments: [false, true])
    func membersFollowThePointersWorldDisplacement(view: Bool) throws {
        var rng = SplitMix64(seed: view ? 0x6D0E_0002 : 0x6D0E_0001)
        var checked = 0
        for round in 0..<50 {
            let sc = try selMakeScene(&rng, view: view)
            let r = sc.r
            let start = sc.snapshot()
            let centers = sc.members.map { selWorldCenter(r, $0) }
            let frame0 = r.e.selectionState()
            let grabbed = sc.members[rng.int(sc.members.count)]
            guard let g = selGrabPoint(r, grabbed, &rng) else { continue }
            let grabBox = try refWorld(r.e, grabbed).inv.apply(r.world(g))
            try r.down(g)
            let a = rng.double(-3.2, 3.2)
            var p = g + Vec2(refCos(a), refSin(a)) * rng.double(15, 200)
            for step in 0..<8 {
                if step > 0 { p = g + Vec2(rng.double(-300, 300), rng.double(-300, 300)) }
                try r.move(p)
                let d = r.world(p) - r.world(g)
                for (i, m) in sc.members.enumerated() {
                    let now = r.geometry(m), was = start[m]!
                    #expect(
                        close(selWorldCenter(r, m), centers[i] + d, rel: 1e-9, scale: 4000),
                        "round \(round) step \(step) member \(i): centre \(selWorldCenter(r, m)) expected \(centers[i] + d)"
                    )
                    #expect(
                        now.rotation == was.rotation && now.width == was.width && now.height == was.height
                            && now.scale == was.scale && now.flippedX == was.flippedX && now.flippedY == was.flippedY,
                        "round \(round) step \(step) member \(i): \(now) from \(was)")
                }
                for o in sc.others {
                    #expect(r.geometry(o) == start[o]!, "round \(round) step \(step): box \(o.rawValue) moved")
                }
                #expect(
                    close(r.screen(of: grabbed, boxPoint: grabBox), p, rel: 1e-9, scale: 4000),
                    "round \(round) step \(step): the grabbed point left the pointer")
                #expect(close(r.e.selectionState().center, frame0.center + d, rel: 1e-9, scale: 4000))
            }
            try r.up(p)
            let evs = r.events().filter { $0.gesture == .move }
            #expect(evs.first?.kind == .gestureBegan && evs.last?.kind == .gestureEnded, "round \(round)")
            #expect(evs.allSatisfy { $0.box == .selection }, "round \(round): move events without GRIP_SELECTION")
            checked += 1
        }
        #expect(checked >= 35, "only \(checked) scenes could be grabbed")
    }
}

/// A group resize scenario: a random scene, a handle of its frame, a pointer target.
private struct ResizeCase {
    var sc: SelScene
    var frame: SelFrame
    var handle: HandleID
    var handleScreen: Vec2
    var mods: UInt32
    /// Whether any member lies at an angle to the frame's axes.
    var odd: Bool
}

/// Builds a scene (under a random view or none) and picks handle `h`, or nil when the handle cannot be grabbed there.
private func resizeCase(
    _ rng: inout SplitMix64, policy: GroupResize, rotations: SelRotations,
    handle h: HandleID, mods: UInt32,
    member make: (Int, inout BoxDesc) -> Void = { _, _ in }
) throws -> ResizeCase? {
    let view = rng.bool()
    let sc = try selMakeScene(
        &rng, view: view, rotations: rotations, configure: { $0.groupResize = policy }, member: make)
    let r = sc.r
    let f = SelFrame(r.e.selectionState())
    let hs = r.screen(f.world(f.point(h)))
    guard try r.e.hitTest(world: f.world(f.point(h))) == Hit(box: .selection, handle: h) else { return nil }
    let odd = sc.members.contains { !selAligned(selWorldAxes(r, $0).0, frameRotation: f.rotation) }
    return ResizeCase(sc: sc, frame: f, handle: h, handleScreen: hs, mods: mods, odd: odd)
}

/// A frame-space pointer target for handle `h` giving factors of magnitude in [0.3, 2.5] on its
/// active axes (negative with `flip`), with some slack off the diagonal.
private func resizeTarget(_ rng: inout SplitMix64, _ f: SelFrame, _ h: HandleID, centered: Bool, flip: Bool) -> Vec2 {
    let s0 = SelStretch(frame: f, handle: h, pointer: f.point(h), uniform: false, centered: centered)
    func k() -> Double { rng.double(0.3, 2.5) * (flip && rng.int(4) == 0 ? -1 : 1) }
    let H = f.point(h)
    let kx = k(), ky = k()
    var p = Vec2(s0.o.x + (H.x - s0.o.x) * kx, s0.o.y + (H.y - s0.o.y) * ky)
    if h.anchor.x == 0.5 { p.x += rng.double(-0.3, 0.3) * f.width }
    if h.anchor.y == 0.5 { p.y += rng.double(-0.3, 0.3) * f.height }
    return p
}

@Suite struct GroupResizeTests {
    static let policies: [GroupResize] = [.keepShapes, .memberAxes]

    /// Handle by handle, under both policies: member centres go where the frame's stretch maps
    /// them, no member skews, sizes follow the policy (KEEP_SHAPES with an odd-angled member:
    /// uniform, the ratio kept; otherwise width by |S u|, height by |S v|), members along the
    /// frame's axes scale exactly with it, the fixed handle (or centre) of the frame stays, and
    /// the boxes that are not selected do not move.
    @Test(arguments: policies)
    func membersFollowTheFramesStretch(policy: GroupResize) throws {
        var rng = SplitMix64(seed: 0x6E51_2E00 + UInt64(policy.rawValue))
        var checked = 0, frameDrift: [String] = []
        for round in 0..<96 {
            let h = HandleID.resizeHandles[round % 8]
            let rotations: [SelRotations] = [.random, .aligned, .oddFirst]
            let mods = (rng.int(4) == 0 ? Modifiers.shift : 0) | (rng.int(4) == 0 ? Modifiers.alt : 0)
            guard
                let c = try resizeCase(
                    &rng, policy: policy, rotations: rotations[round % 3],
                    handle: h, mods: mods)
            else { continue }
            let r = c.sc.r, f = c.frame
            let centered = mods & Modifiers.alt != 0
            let uniform = mods & Modifiers.shift != 0 || (c.odd && policy == .keepShapes)
            var target = Vec2.zero,
                s = SelStretch(frame: f, handle: h, pointer: f.point(h), uniform: uniform, centered: centered)
            var found = false
            for _ in 0..<20 {
                target = resizeTarget(&rng, f, h, centered: centered, flip: true)
                s = SelStretch(frame: f, handle: h, pointer: target, uniform: uniform, centered: centered)
                if abs(s.kx) >= 0.3 && abs(s.ky) >= 0.3 { found = true; break }
            }
            guard found else { continue }
            let start = c.sc.snapshot()
            let centers = c.sc.members.map { selWorldCenter(r, $0) }
            let corners0 = c.sc.members.map { corners(r, $0) }
            let axes0 = c.sc.members.map { selWorldAxes(r, $0) }
            try r.down(c.handleScreen, mods: mods)
            try r.move(r.screen(f.world(Vec2(rng.double(0, f.width), rng.double(0, f.height)))), mods: mods)
            try r.move(r.screen(f.world(target)), mods: mods)
            let label = "round \(round) \(policy) handle \(h.rawValue) mods \(mods) odd \(c.odd) k (\(s.kx), \(s.ky))"
            for (i, m) in c.sc.members.enumerated() {
                let now = r.geometry(m), was = start[m]!
                #expect(
                    close(selWorldCenter(r, m), s.world(f, centers[i]), rel: 1e-9, scale: 4000),
                    "\(label) member \(i): centre \(selWorldCenter(r, m)) expected \(s.world(f, centers[i]))")
                #expect(isSimilarity(try refWorld(r.e, m)), "\(label) member \(i) skews")
                #expect(now.scale == was.scale, "\(label) member \(i): scale changed")
                let u = inFrame(axes0[i].0, f.rotation), v = inFrame(axes0[i].1, f.rotation)
                let gu = len(Vec2(s.kx * u.x, s.ky * u.y)), gv = len(Vec2(s.kx * v.x, s.ky * v.y))
                #expect(
                    close(now.width, was.width * gu, rel: 1e-9) && close(now.height, was.height * gv, rel: 1e-9),
                    "\(label) member \(i): \(now.width) x \(now.height), expected \(was.width * gu) x \(was.height * gv)"
                )
                if c.odd && policy == .keepShapes {
                    #expect(
                        close(now.width / now.height, was.width / was.height, rel: 1e-9),
                        "\(label) member \(i): shape changed")
                }
                if s.kx > 0 && s.ky > 0 {
                    let same = now.rotation == was.rotation && now.flippedX == was.flippedX
                    #expect(same && now.flippedY == was.flippedY, "\(label) member \(i): turned or flipped")
                }
                if selAligned(axes0[i].0, frameRotation: f.rotation) {
                    let expected = corners0[i].map { s.world(f, $0) }
                    #expect(
                        selSameCorners(corners(r, m), expected), "\(label) member \(i): does not scale with the frame")
                }
            }
            for o in c.sc.others { #expect(r.geometry(o) == start[o]!, "\(label): box \(o.rawValue) moved") }
            if s.kx > 0 && s.ky > 0 {
                // The fixed handle (or the centre) of the frame, where the frame shows it now.
                let now = SelFrame(r.e.selectionState())
                let fixedNow = now.world(Vec2(s.o.x / f.width * now.width, s.o.y / f.height * now.height))
                let fixedStart = f.world(s.o)
                if !(policy == .memberAxes && c.odd) {
                    #expect(
                        close(fixedNow, fixedStart, rel: 1e-9, scale: 4000),
                        "\(label): the fixed handle moved \(dist(fixedNow, fixedStart))")
                    #expect(
                        close(now.width, f.width * s.kx, rel: 1e-9) && close(now.height, f.height * s.ky, rel: 1e-9),
                        "\(label): frame \(now.width) x \(now.height), expected \(f.width * s.kx) x \(f.height * s.ky)")
                } else if !close(fixedNow, fixedStart, rel: 1e-9, scale: 4000) {
                    frameDrift.append("\(label): \(dist(fixedNow, fixedStart))")
                }
            }
            try r.up(r.screen(f.world(target)), mods: mods)
            checked += 1
        }
        #expect(checked >= 60, "only \(checked) scenes could be resized")
        if !frameDrift.isEmpty {
            // MEMBER_AXES with odd-angled members: the frame is the one the members give (their
            // bounds), which is not the stretched start frame; recorded, not failed.
            print("MEMBER_AXES frame drift in \(frameDrift.count) of \(checked) scenes; first: \(frameDrift[0])")
        }
    }

    /// With only members along the frame's axes, KEEP_SHAPES and MEMBER_AXES give the same
    /// geometry, bit for bit.
    @Test func policiesAgreeOnAlignedMembers() throws {
        var rng = SplitMix64(seed: 0xA11_6E5D)
        var checked = 0
        for round in 0..<48 {
            let seed = rng.next()
            let h = HandleID.resizeHandles[round % 8]
            let mods = (round / 8) % 2 == 0 ? 0 : Modifiers.alt
            var results: [[BoxGeometry]] = []
            for policy in Self.policies {
                var local = SplitMix64(seed: seed)
                guard let c = try resizeCase(&local, policy: policy, rotations: .aligned, handle: h, mods: mods) else {
                    break
                }
                #expect(!c.odd, "round \(round): an aligned scene has an odd member")
                let r = c.sc.r, f = c.frame
                let target = resizeTarget(&local, f, h, centered: mods != 0, flip: true)
                try r.down(c.handleScreen, mods: mods)
                try r.move(r.screen(f.world(target)), mods: mods)
                results.append(c.sc.members.map { r.geometry($0) })
                try r.up(r.screen(f.world(target)), mods: mods)
            }
            guard results.count == 2 else { continue }
            #expect(results[0] == results[1], "round \(round) handle \(h.rawValue): the policies differ")
            checked += 1
        }
        #expect(checked >= 30, "only \(checked) scenes could be resized")
    }

    /// The geometry depends on the final pointer position only: one step or ten (through random
    /// places, flips included) end bit for bit the same.
    @Test(arguments: policies)
    func resultDoesNotDependOnTheNumberOfSteps(policy: GroupResize) throws {
        var rng = SplitMix64(seed: 0x57E9_5000 + UInt64(policy.rawValue))
        var checked = 0
        for round in 0..<40 {
            let seed = rng.next()
            let h = HandleID.resizeHandles[round % 8]
            let rotations: [SelRotations] = [.random, .aligned, .oddFirst]
            let mods = [0, Modifiers.shift, Modifiers.alt, 0][round % 4]
            var results: [[BoxGeometry]] = []
            var path: [Vec2] = []
            for steps in [1, 10] {
                var local = SplitMix64(seed: seed)
                guard
                    let c = try resizeCase(
                        &local, policy: policy, rotations: rotations[round % 3],
                        handle: h, mods: mods)
                else { break }
                let r = c.sc.r, f = c.frame
                let target = resizeTarget(&local, f, h, centered: mods == Modifiers.alt, flip: true)
                if path.isEmpty {
                    var pr = SplitMix64(seed: seed ^ 0xFFFF)
                    path = (0..<9).map { _ in Vec2(pr.double(-1, 2) * f.width, pr.double(-1, 2) * f.height) }
                }
                try r.down(c.handleScreen, mods: mods)
                if steps == 10 { for p in path { try r.move(r.screen(f.world(p)), mods: mods) } }
                try r.move(r.screen(f.world(target)), mods: mods)
                results.append(c.sc.members.map { r.geometry($0) })
                try r.up(r.screen(f.world(target)), mods: mods)
            }
            guard results.count == 2 else { continue }
            #expect(
                results[0] == results[1],
                "round \(round) \(policy) handle \(h.rawValue): 1 step \(results[0]) vs 10 steps \(results[1])")
            checked += 1
        }
        #expect(checked >= 25, "only \(checked) scenes could be resized")
    }
}

/// For minimum-size expectations: the factor along the frame's x and y at which member `i`
/// reaches its minimum (width or height, whichever lies along that axis), for a member along
/// the frame's axes.
private func alignedMinFactors(
    _ r: Rig, _ m: BoxID, frameRotation rot: Double
) throws -> (x: Double, y: Double, xIsWidth: Bool) {
    let g = r.geometry(m), b = try r.e.describe(m).behavior
    let u = inFrame(selWorldAxes(r, m).0, rot)
    let kw = b.minWidth / g.width, kh = b.minHeight / g.height
    return abs(u.y) < 1e-9 ? (kw, kh, true) : (kh, kw, false)
}

@Suite struct GroupMinimumTests {
    /// A corner dragged in one jump almost onto the opposite corner, flips not allowed (or
    /// allowed: short of the edge), with members along the frame's axes: each axis stops at the
    /// factor where the first member reaches its minimum along it, that member exactly at its
    /// minimum, no member below its own.
    @Test(arguments: GroupResizeTests.policies)
    func alignedMembersStopExactlyAtTheFirstMinimum(policy: GroupResize) throws {
        var rng = SplitMix64(seed: 0x311_0000 + UInt64(policy.rawValue))
        var checked = 0
        var failures: [String] = []
        for round in 0..<40 {
            let h = [HandleID.topLeft, .topRight, .bottomRight, .bottomLeft][round % 4]
            let noFlip = round % 2 == 0
            var mr = SplitMix64(seed: rng.next())
            guard
                let c = try resizeCase(
                    &rng, policy: policy, rotations: .aligned, handle: h, mods: 0,
                    member: { _, d in
                        d.behavior.allowFlip = !noFlip
                        d.behavior.minWidth = d.geometry.width * 0.3 * mr.double(0.2, 1)
                        d.behavior.minHeight = d.geometry.height * 0.3 * mr.double(0.2, 1)
                    })
            else { continue }
            let r = c.sc.r, f = c.frame
            let mins = try c.sc.members.map { try alignedMinFactors(r, $0, frameRotation: f.rotation) }
            let start = c.sc.snapshot()
            // Nearly onto the fixed corner, or (flips refused) far beyond it.
            let s0 = SelStretch(frame: f, handle: h, pointer: f.point(h), uniform: false, centered: false)
            let k = noFlip ? -3.0 : 1e-4
            let target = s0.o + (f.point(h) - s0.o) * k
            try r.down(c.handleScreen)
            try r.move(r.screen(f.world(target)))
            let kx = mins.map(\.x).max()!, ky = mins.map(\.y).max()!
            for (i, m) in c.sc.members.enumerated() {
                let now = r.geometry(m), was = start[m]!, b = try r.e.describe(m).behavior
                let label = "round \(round) \(policy) noFlip \(noFlip) member \(i)"
                #expect(now.width >= b.minWidth && now.height >= b.minHeight, "\(label): below its minimum")
                #expect(now.flippedX == was.flippedX && now.flippedY == was.flippedY, "\(label): flipped")
                let (fw, fh) = mins[i].xIsWidth ? (kx, ky) : (ky, kx)
                #expect(
                    close(now.width, was.width * fw, rel: 1e-12) && close(now.height, was.height * fh, rel: 1e-12),
                    "\(label): \(now.width) x \(now.height), expected \(was.width * fw) x \(was.height * fh)")
                // The member that sets the limit ends exactly on its minimum.
                if mins[i].x == kx {
                    let (got, want) = mins[i].xIsWidth ? (now.width, b.minWidth) : (now.height, b.minHeight)
                    if got != want {
                        failures.append("\(label): x-limiting dimension \(got), minimum \(want) (diff \(got - want))")
                    }
                }
                if mins[i].y == ky {
                    let (got, want) = mins[i].xIsWidth ? (now.height, b.minHeight) : (now.width, b.minWidth)
                    if got != want {
                        failures.append("\(label): y-limiting dimension \(got), minimum \(want) (diff \(got - want))")
                    }
                }
            }
            try r.up(r.screen(f.world(target)))
            checked += 1
        }
        #expect(checked >= 25, "only \(checked) scenes could be resized")
        // The limiting member ends an ulp or two above its minimum: the frame's factor is
        // rebuilt as (frame size * factor) / frame size, which need not round back to the factor.
        #expect(
            failures.isEmpty,
            "\(failures.count) limiting members not exactly at their minimum; first: \(failures.first ?? "")")
    }

    /// KEEP_SHAPES with an odd-angled member: the selection scales uniformly and stops at the
    /// largest of the members' minimum factors (width or height), that member exactly at its
    /// minimum.
    @Test func keepShapesStopsExactlyAtTheFirstMinimum() throws {
        var rng = SplitMix64(seed: 0x311_0100)
        var checked = 0
        var failures: [String] = []
        for round in 0..<40 {
            let h = [HandleID.topLeft, .topRight, .bottomRight, .bottomLeft, .top, .right, .bottom, .left][round % 8]
            var mr = SplitMix64(seed: rng.next())
            guard
                let c = try resizeCase(
                    &rng, policy: .keepShapes, rotations: .oddFirst, handle: h, mods: 0,
                    member: { _, d in
                        d.behavior.allowFlip = false
                        d.behavior.minWidth = d.geometry.width * 0.3 * mr.double(0.2, 1)
                        d.behavior.minHeight = d.geometry.height * 0.3 * mr.double(0.2, 1)
                    })
            else { continue }
            let r = c.sc.r, f = c.frame
            #expect(c.odd)
            let start = c.sc.snapshot()
            var factors: [Double] = []
            for m in c.sc.members {
                let b = try r.e.describe(m).behavior, g = r.geometry(m)
                factors.append(Swift.max(b.minWidth / g.width, b.minHeight / g.height))
            }
            let k = factors.max()!
            let s0 = SelStretch(frame: f, handle: h, pointer: f.point(h), uniform: false, centered: false)
            let target = s0.o + (f.point(h) - s0.o) * -2.0
            try r.down(c.handleScreen)
            try r.move(r.screen(f.world(target)))
            for (i, m) in c.sc.members.enumerated() {
                let now = r.geometry(m), was = start[m]!, b = try r.e.describe(m).behavior
                let label = "round \(round) handle \(h.rawValue) member \(i)"
                #expect(now.width >= b.minWidth && now.height >= b.minHeight, "\(label): below its minimum")
                #expect(
                    close(now.width, was.width * k, rel: 1e-12) && close(now.height, was.height * k, rel: 1e-12),
                    "\(label): \(now.width) x \(now.height), expected \(was.width * k) x \(was.height * k)")
                if factors[i] == k {
                    let exact =
                        (b.minWidth / was.width == k && now.width == b.minWidth)
                        || (b.minHeight / was.height == k && now.height == b.minHeight)
                    if !exact {
                        failures.append(
                            "\(label): \(now.width) x \(now.height), minimum \(b.minWidth) x \(b.minHeight)")
                    }
                }
            }
            try r.up(r.screen(f.world(target)))
            checked += 1
        }
        #expect(checked >= 25, "only \(checked) scenes could be resized")
        #expect(
            failures.isEmpty,
            "\(failures.count) limiting members not exactly at their minimum; first: \(failures.first ?? "")")
    }

    /// Past the opposite edge with every member allowing flips: the picture is mirrored about the
    /// fixed edge (each member's corners land on the mirror images of its corners), each member's
    /// rotation relative to the frame is negated and one flip toggles per mirrored axis.
    @Test(arguments: GroupResizeTests.policies)
    func flippingPastTheOppositeEdgeMirrors(policy: GroupResize) throws {
        var rng = SplitMix64(seed: 0xF119_0000 + UInt64(policy.rawValue))
        var checked = 0
        for round in 0..<48 {
            let h = HandleID.resizeHandles[round % 8]
            let rotations: [SelRotations] = [.random, .aligned, .oddFirst]
            guard let c = try resizeCase(&rng, policy: policy, rotations: rotations[round % 3], handle: h, mods: 0)
            else { continue }
            let r = c.sc.r, f = c.frame
            let s0 = SelStretch(frame: f, handle: h, pointer: f.point(h), uniform: false, centered: false)
            let H = f.point(h)
            // The handle's mirror image about the fixed edge (edges: only the active axis).
            let target = Vec2(2 * s0.o.x - H.x, 2 * s0.o.y - H.y)
            let mirror = SelStretch(frame: f, handle: h, pointer: target, uniform: false, centered: false)
            let start = c.sc.snapshot()
            let corners0 = c.sc.members.map { corners(r, $0) }
            let angles0 = c.sc.members.map { m -> Double in
                let x = selWorldAxes(r, m).0; return refAtan2(x.y, x.x)
            }
            try r.down(c.handleScreen)
            try r.move(r.screen(f.world(target)))
            for (i, m) in c.sc.members.enumerated() {
                let now = r.geometry(m), was = start[m]!
                let label = "round \(round) \(policy) handle \(h.rawValue) member \(i)"
                let got = corners(r, m), want = corners0[i].map { mirror.world(f, $0) }
                #expect(
                    zip(got, want).allSatisfy { close($0, $1, rel: 1e-9, scale: 4000) },
                    "\(label): corners \(got), mirror images \(want)")
                let toggled = (now.flippedX != was.flippedX ? 1 : 0) + (now.flippedY != was.flippedY ? 1 : 0)
                let axes = (h.anchor.x != 0.5 ? 1 : 0) + (h.anchor.y != 0.5 ? 1 : 0)
                #expect(toggled == axes, "\(label): \(toggled) flips toggled for \(axes) mirrored axes")
                if axes == 1 {
                    let x = selWorldAxes(r, m).0
                    let rel0 = angleDiff(angles0[i], f.rotation), rel1 = angleDiff(refAtan2(x.y, x.x), f.rotation)
                    #expect(
                        abs(angleDiff(rel1, -rel0)) < 1e-9, "\(label): rotation to the frame \(rel0) became \(rel1)")
                }
            }
            try r.up(r.screen(f.world(target)))
            checked += 1
        }
        #expect(checked >= 30, "only \(checked) scenes could be resized")
    }

    /// MEMBER_AXES, an edge dragged far past the opposite edge (flips refused): a member at 45
    /// degrees (100 x 100, minimum 10 x 10) only shrinks to |S u| = sqrt(kx^2 / 2 + 1 / 2) of its
    /// size along x, so it never reaches its minimum; an upright member (100 x 100, minimum 1 x 1)
    /// reaches its minimum width at kx = 0.01. The frame stops there: the upright member 1 wide,
    /// the turned one 100 * sqrt(0.01^2 / 2 + 1 / 2) across.
    @Test func memberAxesStopsWhereAMemberReachesItsMinimum() throws {
        let r = Rig(width: 4000, height: 4000) { $0.groupResize = .memberAxes }
        let turned = r.box(center: Vec2(300, 300), width: 100, height: 100, rotation: Double.pi / 4, editing: false) {
            $0.behavior.allowFlip = false
        }
        let upright = r.box(center: Vec2(600, 300), width: 100, height: 100, editing: false) {
            $0.behavior.allowFlip = false; $0.behavior.minWidth = 1; $0.behavior.minHeight = 1
        }
        try r.e.select(turned, .add)
        try r.e.select(upright, .add)
        let f = SelFrame(r.e.selectionState())
        #expect(try r.e.hitTest(world: f.world(f.point(.right))) == Hit(box: .selection, handle: .right))
        try r.down(r.screen(f.world(f.point(.right))))
        try r.move(r.screen(f.world(Vec2(-500, f.height / 2))))
        let t = r.geometry(turned), u = r.geometry(upright)
        // Never below a minimum (holds today).
        #expect(t.width >= 10 && t.height >= 10 && u.width >= 1 && u.height >= 1)
        // The frame stops at kx = 0.1 today (the turned member's minimum factor, applied to both
        // axes as if the member scaled uniformly): the upright member ends 10 wide, no member at
        // its minimum.
        #expect(u.width == 1, "upright member \(u.width) wide, minimum 1")
        #expect(close(t.width, 100 * (0.0001 / 2 + 0.5).squareRoot(), rel: 1e-9), "turned member \(t.width) wide")
        try r.up(r.screen(f.world(Vec2(-500, f.height / 2))))
    }

    /// One member that refuses flips: the frame stops at its minimum instead of mirroring.
    @Test func oneMemberWithoutFlipStopsTheFrame() throws {
        var rng = SplitMix64(seed: 0xF119_0100)
        var checked = 0
        for round in 0..<32 {
            let h = HandleID.resizeHandles[round % 8]
            let policy: GroupResize = round % 2 == 0 ? .keepShapes : .memberAxes
            var refuser = -1
            guard
                let c = try resizeCase(
                    &rng, policy: policy, rotations: .aligned, handle: h, mods: 0,
                    member: { i, d in if i == 1 { d.behavior.allowFlip = false; refuser = i } })
            else { continue }
            #expect(refuser == 1)
            let r = c.sc.r, f = c.frame
            let s0 = SelStretch(frame: f, handle: h, pointer: f.point(h), uniform: false, centered: false)
            let H = f.point(h)
            let target = Vec2(3 * s0.o.x - 2 * H.x, 3 * s0.o.y - 2 * H.y)
            let start = c.sc.snapshot()
            let mins = try c.sc.members.map { try alignedMinFactors(r, $0, frameRotation: f.rotation) }
            let kx = h.anchor.x == 0.5 ? 1 : mins.map(\.x).max()!, ky = h.anchor.y == 0.5 ? 1 : mins.map(\.y).max()!
            try r.down(c.handleScreen)
            try r.move(r.screen(f.world(target)))
            for (i, m) in c.sc.members.enumerated() {
                let now = r.geometry(m), was = start[m]!
                let label = "round \(round) \(policy) handle \(h.rawValue) member \(i)"
                #expect(
                    now.flippedX == was.flippedX && now.flippedY == was.flippedY && now.rotation == was.rotation,
                    "\(label): mirrored")
                let (fw, fh) = mins[i].xIsWidth ? (kx, ky) : (ky, kx)
                #expect(
                    close(now.width, was.width * fw, rel: 1e-12) && close(now.height, was.height * fh, rel: 1e-12),
                    "\(label): \(now.width) x \(now.height), expected \(was.width * fw) x \(was.height * fh)")
            }
            try r.up(r.screen(f.world(target)))
            checked += 1
        }
        #expect(checked >= 20, "only \(checked) scenes could be resized")
    }
}

@Suite struct GroupRotateTests {
    /// Dragging the selection's rotate handle: every member's centre turns about the frame's
    /// centre by the pointer's turn, each member's world rotation grows by it (its local rotation
    /// shrinks under a mirrored parent), nothing else changes; after the gesture the frame keeps
    /// its size and lies at the start rotation plus the turn, even when the members' rotations
    /// differ. With shift the frame's rotation ends on a 15-degree step.
    @Test func membersTurnAboutTheFrameCentre() throws {
        var rng = SplitMix64(seed: 0x2074_7E00)
        var checked = 0, orientedDuring = 0, steps = 0
        for round in 0..<60 {
            let view = rng.bool()
            let sc = try selMakeScene(&rng, view: view)
            let r = sc.r
            let st0 = r.e.selectionState()
            let hs = selRotateHandleScreen(r)
            guard try r.e.hitTest(world: r.world(hs)) == Hit(box: .selection, handle: .rotate) else { continue }
            let snap = round % 3 == 2
            let mods = snap ? Modifiers.shift : 0
            let start = sc.snapshot()
            let pivot = st0.center
            let centers = sc.members.map { selWorldCenter(r, $0) }
            let angles = sc.members.map { m -> Double in
                let x = selWorldAxes(r, m).0; return refAtan2(x.y, x.x)
            }
            let mirrored = try sc.members.map { try refParentWorld(r.e, $0).det < 0 }
            try r.down(hs, mods: mods)
            var p = hs, turn = 0.0
            for step in 0..<6 {
                let a = rng.double(-3.2, 3.2)
                p = r.screen(pivot + Vec2(refCos(a), refSin(a)) * rng.double(60, 400))
                try r.move(p, mods: mods)
                let v0 = r.world(hs) - pivot, v = r.world(p) - pivot
                turn = refAtan2(v0.x * v.y - v0.y * v.x, v0.x * v.x + v0.y * v.y)
                if snap {
                    let q = Double.pi / 12
                    turn = (((st0.rotation + turn) / q).rounded() * q) - st0.rotation
                }
                let label = "round \(round) step \(step) turn \(turn)"
                for (i, m) in sc.members.enumerated() {
                    let now = r.geometry(m), was = start[m]!
                    let want = pivot + M.R(turn).vector(centers[i] - pivot)
                    #expect(close(selWorldCenter(r, m), want, rel: 1e-9, scale: 4000), "\(label) member \(i): centre")
                    #expect(
                        abs(angleDiff(now.rotation, was.rotation + (mirrored[i] ? -turn : turn))) < 1e-9,
                        "\(label) member \(i): rotation \(now.rotation) from \(was.rotation), mirrored parent \(mirrored[i])"
                    )
                    let x = selWorldAxes(r, m).0
                    #expect(
                        abs(angleDiff(refAtan2(x.y, x.x), angles[i] + turn)) < 1e-9, "\(label) member \(i): world angle"
                    )
                    #expect(
                        now.width == was.width && now.height == was.height && now.scale == was.scale
                            && now.flippedX == was.flippedX && now.flippedY == was.flippedY, "\(label) member \(i)")
                }
                for o in sc.others { #expect(r.geometry(o) == start[o]!, "\(label): box \(o.rawValue) moved") }
                steps += 1
                if abs(angleDiff(r.e.selectionState().rotation, st0.rotation + turn)) < 1e-9 { orientedDuring += 1 }
            }
            try r.up(p, mods: mods)
            let st = r.e.selectionState()
            #expect(
                abs(angleDiff(st.rotation, st0.rotation + turn)) < 1e-9,
                "round \(round): frame at \(st.rotation), expected \(st0.rotation + turn)")
            #expect(
                close(st.width, st0.width, rel: 1e-9) && close(st.height, st0.height, rel: 1e-9),
                "round \(round): frame \(st.width) x \(st.height) was \(st0.width) x \(st0.height)")
            #expect(close(st.center, pivot, rel: 1e-9, scale: 4000), "round \(round): frame centre moved")
            if snap {
                let q = Double.pi / 12
                #expect(
                    abs(angleDiff(st.rotation, (st.rotation / q).rounded() * q)) < 1e-9,
                    "round \(round): not on a 15-degree step")
            }
            let evs = r.events().filter { $0.gesture == .rotate }
            #expect(
                !evs.isEmpty && evs.allSatisfy { $0.box == .selection },
                "round \(round): rotate events without GRIP_SELECTION")
            checked += 1
        }
        #expect(checked >= 40, "only \(checked) scenes could be rotated")
        // While the gesture runs the frame may show the members' bounds; only the end is specified.
        print("group rotate: frame oriented at start + turn during the gesture in \(orientedDuring) of \(steps) steps")
    }
}

/// The gestures a selection can be cancelled in.
enum GroupGestureKind: String, CaseIterable, Sendable {
    case move, resize, rotate, pinch, magnify
}

@Suite struct GroupCancelTests {
    /// Some steps of a group gesture, then a cancel (pointer CANCEL, magnify CANCEL): every box
    /// is back to its start geometry bit for bit, the selection and its frame are as before,
    /// CANCELLED carries GRIP_SELECTION, and the remaining pointer of a pinch drives nothing.
    @Test(arguments: GroupGestureKind.allCases)
    func cancelRestoresEveryMemberBitForBit(kind: GroupGestureKind) throws {
        var rng = SplitMix64(seed: 0xCA9C_0000 &+ UInt64(kind.rawValue.count * 7919))
        var checked = 0, changed = 0
        for round in 0..<25 {
            let view = rng.bool()
            let sc = try selMakeScene(&rng, view: view)
            let r = sc.r
            let start = sc.snapshot()
            let sel0 = r.e.selectedBoxes, st0 = r.e.selectionState()
            func random(_ around: Vec2) -> Vec2 { around + Vec2(rng.double(-250, 250), rng.double(-250, 250)) }
            var other: (UInt32, Vec2)? = nil
            switch kind {
            case .move:
                guard let g = selGrabPoint(r, sc.members[rng.int(sc.members.count)], &rng) else { continue }
                try r.down(g)
                for _ in 0..<4 { try r.move(random(g)) }
            case .resize:
                let f = SelFrame(st0), h = HandleID.resizeHandles[rng.int(8)]
                guard try r.e.hitTest(world: f.world(f.point(h))) == Hit(box: .selection, handle: h) else { continue }
                let hs = r.screen(f.world(f.point(h)))
                try r.down(hs, mods: rng.bool() ? Modifiers.alt : 0)
                for _ in 0..<4 { try r.move(random(hs)) }
            case .rotate:
                let hs = selRotateHandleScreen(r)
                guard try r.e.hitTest(world: r.world(hs)) == Hit(box: .selection, handle: .rotate) else { continue }
                try r.down(hs)
                for _ in 0..<4 { try r.move(random(hs)) }
            case .pinch:
                guard let g1 = selGrabPoint(r, sc.members[0], &rng),
                    let g2 = selGrabPoint(r, sc.members[1], &rng, avoid: [g1])
                else { continue }
                try r.down(g1, id: 1)
                try r.down(g2, id: 2)
                for _ in 0..<3 { try r.move(random(g1), id: 1); try r.move(random(g2), id: 2) }
                other = (2, g2)
            case .magnify:
                guard let g = selGrabPoint(r, sc.members[rng.int(sc.members.count)], &rng) else { continue }
                r.t += 0.01
                _ = try r.e.dispatchMagnify(MagnifyEvent(.down, factor: 1, focal: g, time: r.t))
                for k in [1.3, 0.8, 1.6] {
                    r.t += 0.01
                    _ = try r.e.dispatchMagnify(MagnifyEvent(.move, factor: k, focal: g, time: r.t))
                }
            }
            #expect(r.e.selectionState().gestureActive, "round \(round): no gesture on the selection")
            if sc.members.contains(where: { r.geometry($0) != start[$0]! }) { changed += 1 }
            _ = r.events()
            if kind == .magnify {
                r.t += 0.01
                _ = try r.e.dispatchMagnify(MagnifyEvent(.cancel, factor: 1.6, focal: .zero, time: r.t))
            } else {
                try r.cancel(Vec2(rng.double(0, 500), rng.double(0, 500)), id: 1)
            }
            let label = "round \(round) \(kind)"
            for id in sc.members + sc.others {
                #expect(
                    r.geometry(id) == start[id]!,
                    "\(label): box \(id.rawValue) \(r.geometry(id)) not restored to \(start[id]!)")
            }
            #expect(r.e.selectedBoxes == sel0, "\(label): selection changed")
            #expect(r.e.selectionState() == st0, "\(label): frame \(r.e.selectionState()) was \(st0)")
            let evs = r.events()
            #expect(
                evs.contains {
                    $0.kind == .gestureCancelled && $0.box == .selection
                        && $0.gesture.rawValue == GestureKind(kind).rawValue
                },
                "\(label): no CANCELLED for the selection in \(kinds(evs))")
            if let (id, g) = other {
                try r.move(g + Vec2(120, -80), id: id)
                for m in sc.members {
                    #expect(r.geometry(m) == start[m]!, "\(label): the remaining pointer moved box \(m.rawValue)")
                }
                try r.up(g, id: id)
                for m in sc.members {
                    #expect(
                        r.geometry(m) == start[m]!, "\(label): the remaining pointer's release moved box \(m.rawValue)")
                }
            }
            checked += 1
        }
        #expect(checked >= 15, "only \(checked) scenes could be grabbed")
        #expect(
            changed * 10 >= checked * 8,
            "\(kind): only \(changed) of \(checked) gestures changed anything before the cancel")
    }
}

extension GestureKind {
    init(_ k: GroupGestureKind) {
        switch k {
        case .move: self = .move
        case .resize: self = .resize
        case .rotate: self = .rotate
        case .pinch: self = .pinch
        case .magnify: self = .magnify
        }
    }
}
