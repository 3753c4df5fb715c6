import Testing

@testable import GripCore

// Support for the selection suites: random scenes with a selection of several boxes, the
// selection frame and its handles computed from the public state (not from the engine's frame
// code), and a reference model of a group resize written from docs/specification.md (Group
// transforms).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A scene whose selection has two or more members, each at the end of its own chain of
/// ancestors; `others` is every box that is not selected (the ancestors and some decoys).
struct SelScene {
    let r: Rig
    let members: [BoxID]
    let others: [BoxID]

    /// Every box's geometry now, by id.
    func snapshot() -> [BoxID: BoxGeometry] {
        var out: [BoxID: BoxGeometry] = [:]
        for id in members + others { out[id] = r.geometry(id) }
        return out
    }
}

/// How member rotations are chosen.
enum SelRotations {
    /// Anything.
    case random
    /// World rotation a multiple of 90 degrees (so every member lies along the frame's axes).
    case aligned
    /// Random, and the first member at an angle well away from any multiple of 90 degrees.
    case oddFirst
}

/// The local rotation that gives a box under `parent` the world angle `theta` (its x axis as
/// seen, flips undone: P * R(r) * (1, 0), of angle pa + r, or pa - r under a mirrored parent).
func selLocalRotation(_ e: Engine, parent: BoxID, worldAngle theta: Double) -> Double {
    let p = parent == .none ? M.id : try! refWorld(e, parent)
    let pa = refAtan2(p.b, p.a)
    let sigma = p.det < 0 ? -1.0 : 1.0
    return sigma * (theta - pa)
}

/// A random scene: `count` members (2...6 when nil) nested 0...3 deep under rotated, scaled and
/// flipped ancestors, a few decoys, the members selected through the API.
func selMakeScene(
    _ rng: inout SplitMix64, view: Bool, count: Int? = nil, rotations: SelRotations = .random,
    configure: (inout EngineConfig) -> Void = { _ in },
    member make: (Int, inout BoxDesc) -> Void = { _, _ in }
) throws -> SelScene {
    let r = Rig(width: 4000, height: 4000, configure)
    if view { try r.e.setView(randomView(&rng)) }
    var others: [BoxID] = []
    var members: [BoxID] = []
    let n = count ?? (2 + rng.int(5))
    let quarter = Double.pi / 2
    for i in 0..<n {
        let before = r.e.boxesInDrawOrder
        let rot: Double? = {
            switch rotations {
            case .random: return nil
            case .aligned: return Double(rng.int(4)) * quarter
            case .oddFirst: return i == 0 ? Double(rng.int(4)) * quarter + rng.double(0.2, 1.3) : nil
            }
        }()
        let id = randomNest(r, &rng) { d in
            if let rot {
                d.geometry.rotation = selLocalRotation(r.e, parent: d.parent, worldAngle: rot)
            }
            make(i, &d)
        }
        others += r.e.boxesInDrawOrder.filter { !before.contains($0) && $0 != id }
        members.append(id)
    }
    for _ in 0..<rng.int(3) {
        others.append(
            r.box(
                center: Vec2(rng.double(-200, 400), rng.double(-200, 400)), width: rng.double(30, 150),
                height: rng.double(30, 150), rotation: rng.double(-3.1, 3.1), editing: false))
    }
    for m in members { try r.e.select(m, .add) }
    _ = r.events()
    return SelScene(r: r, members: members, others: others)
}

/// The selection frame as a map: frame space (0...w, 0...h) -> world.
struct SelFrame {
    var center: Vec2
    var width: Double, height: Double, rotation: Double

    init(_ s: SelectionState) { center = s.center; width = s.width; height = s.height; rotation = s.rotation }

    var toWorld: M { M.T(center.x, center.y) * M.R(rotation) * M.T(-width / 2, -height / 2) }
    func world(_ p: Vec2) -> Vec2 { toWorld.apply(p) }
    func local(_ w: Vec2) -> Vec2 { toWorld.inv.apply(w) }
    /// Frame-space position of resize handle `h` (its anchor times the size).
    func point(_ h: HandleID) -> Vec2 { Vec2(h.anchor.x * width, h.anchor.y * height) }
}

/// Screen position of the selection's rotate handle: `offset` screen units beyond the top edge's
/// midpoint, along the frame's up direction on screen.
func selRotateHandleScreen(_ r: Rig, offset: Double = 24) -> Vec2 {
    let f = SelFrame(r.e.selectionState())
    let view = M(r.e.view)
    let top = view.apply(f.world(Vec2(f.width / 2, 0)))
    let down = (view * f.toWorld).vector(Vec2(0, 1))
    return top - down * (offset / len(down))
}

/// A screen point on the body of `id` (hit test answers the box itself, no handle), or nil.
func selGrabPoint(_ r: Rig, _ id: BoxID, _ rng: inout SplitMix64, avoid: [Vec2] = []) -> Vec2? {
    let g = r.geometry(id)
    for k in 0..<40 {
        let p =
            k == 0
            ? Vec2(g.width / 2, g.height / 2) : Vec2(g.width * rng.double(0.1, 0.9), g.height * rng.double(0.1, 0.9))
        let w = try! refWorld(r.e, id).apply(p)
        let s = r.screen(w)
        if avoid.contains(where: { dist($0, s) < 40 }) { continue }
        if (try? r.e.hitTest(world: w)) == Hit(box: id, handle: .none) { return s }
    }
    return nil
}

/// World centre of box `id` now.
func selWorldCenter(_ r: Rig, _ id: BoxID) -> Vec2 {
    try! refParentWorld(r.e, id).apply(r.geometry(id).center)
}

/// A box's frame x and y axes (flips undone) in world coordinates, as unit vectors.
func selWorldAxes(_ r: Rig, _ id: BoxID) -> (Vec2, Vec2) {
    let g = r.geometry(id)
    let w = try! refWorld(r.e, id)
    let x = w.vector(Vec2(g.flippedX ? -1 : 1, 0)), y = w.vector(Vec2(0, g.flippedY ? -1 : 1))
    return (x * (1 / len(x)), y * (1 / len(y)))
}

/// The reference group resize (docs/specification.md, Group transforms): the frame's handle `h`
/// follows pointer `p`
/// (frame space of the start frame); the opposite handle (or the centre, `centered`) is the
/// fixed point `o`; `uniform` keeps the ratio (corner: projection onto the diagonal; edge: the
/// other axis follows about its middle). Minimum sizes are not modelled. The stretch maps frame
/// point X to o + (X - o) * (kx, ky).
struct SelStretch {
    var o: Vec2
    var kx: Double, ky: Double

    init(frame f: SelFrame, handle h: HandleID, pointer p: Vec2, uniform: Bool, centered: Bool) {
        let a = h.anchor
        let activeX = a.x != 0.5, activeY = a.y != 0.5
        func fixed(_ anchor: Double, _ size: Double, _ active: Bool) -> Double {
            (!active || centered) ? size / 2 : (1 - anchor) * size
        }
        o = Vec2(fixed(a.x, f.width, activeX), fixed(a.y, f.height, activeY))
        // Factor along one axis: where the pointer is, over where the handle was, from the fixed point.
        let fx = activeX ? (p.x - o.x) / (a.x * f.width - o.x) : 1
        let fy = activeY ? (p.y - o.y) / (a.y * f.height - o.y) : 1
        if uniform {
            if activeX && activeY {
                // Projection onto the start diagonal (from the fixed point to the handle).
                let d = Vec2(a.x * f.width - o.x, a.y * f.height - o.y)
                let k = ((p.x - o.x) * d.x + (p.y - o.y) * d.y) / (d.x * d.x + d.y * d.y)
                kx = k; ky = k
            } else if activeX {
                kx = fx; ky = abs(fx)
            } else {
                kx = abs(fy); ky = fy
            }
        } else {
            kx = fx; ky = fy
        }
    }

    func apply(_ x: Vec2) -> Vec2 { Vec2(o.x + (x.x - o.x) * kx, o.y + (x.y - o.y) * ky) }
    /// The stretch on world points, for frame `f`.
    func world(_ f: SelFrame, _ w: Vec2) -> Vec2 { f.world(apply(f.local(w))) }
}

/// Whether direction `u` (world) lies along an axis of frame rotation `rot`, within 1e-9.
func selAligned(_ u: Vec2, frameRotation rot: Double) -> Bool {
    let x = u.x * refCos(rot) + u.y * refSin(rot), y = -u.x * refSin(rot) + u.y * refCos(rot)
    return abs(x) < 1e-9 || abs(y) < 1e-9
}

/// The four world corners of `id` as a set: each of `a` has a partner in `b` within `rel`.
func selSameCorners(_ a: [Vec2], _ b: [Vec2], rel: Double = 1e-9, scale: Double = 4000) -> Bool {
    a.allSatisfy { p in b.contains { close(p, $0, rel: rel, scale: scale) } }
        && b.allSatisfy { p in a.contains { close(p, $0, rel: rel, scale: scale) } }
}

/// Whether `id` is a strict ancestor of `of`.
func selIsAncestor(_ e: Engine, _ id: BoxID, of: BoxID) -> Bool {
    var x = (try? e.describe(of).parent) ?? .none
    while x != .none {
        if x == id { return true }
        x = (try? e.describe(x).parent) ?? .none
    }
    return false
}
