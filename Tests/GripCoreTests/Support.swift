import Testing

@testable import GripCore

// Test support: a seeded RNG, reference geometry written from the geometry model's formula
// (docs/specification.md, Geometry model; not the engine's), and a small rig that drives an
// engine with an advancing clock.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Deterministic randomness

/// SplitMix64: a tiny seeded generator, so property tests replay exactly.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0) }
    /// Uniform in [lo, hi).
    mutating func double(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func bool() -> Bool { next() & 1 == 1 }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

// MARK: - Reference math (libm, not GripCore's trig)

func refSin(_ x: Double) -> Double { sin(x) }
func refCos(_ x: Double) -> Double { cos(x) }
func refAtan2(_ y: Double, _ x: Double) -> Double {
    #if canImport(Glibc)
    return Glibc.atan2(y, x)
    #else
    return Darwin.atan2(y, x)
    #endif
}
func refFmod(_ a: Double, _ b: Double) -> Double { fmod(a, b) }

/// A 2x3 matrix written independently of `Affine`: (x, y) -> (a x + c y + tx, b x + d y + ty).
struct M: Equatable {
    var a, b, c, d, tx, ty: Double
    static let id = M(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    static func T(_ x: Double, _ y: Double) -> M { M(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    /// Clockwise on screen (y down): (1, 0) turns toward (0, 1).
    static func R(_ t: Double) -> M { M(a: refCos(t), b: refSin(t), c: -refSin(t), d: refCos(t), tx: 0, ty: 0) }
    static func S(_ sx: Double, _ sy: Double) -> M { M(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    static func * (m: M, n: M) -> M {
        M(
            a: m.a * n.a + m.c * n.b, b: m.b * n.a + m.d * n.b,
            c: m.a * n.c + m.c * n.d, d: m.b * n.c + m.d * n.d,
            tx: m.a * n.tx + m.c * n.ty + m.tx, ty: m.b * n.tx + m.d * n.ty + m.ty)
    }
    func apply(_ p: Vec2) -> Vec2 { Vec2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
    func vector(_ p: Vec2) -> Vec2 { Vec2(a * p.x + c * p.y, b * p.x + d * p.y) }
    var det: Double { a * d - b * c }
    var inv: M {
        let k = 1 / det
        let ia = d * k, ib = -b * k, ic = -c * k, id = a * k
        return M(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
    /// Length scale of a similarity.
    var lengthScale: Double { abs(det).squareRoot() }

    init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    init(_ f: Affine) { self.init(a: f.a, b: f.b, c: f.c, d: f.d, tx: f.tx, ty: f.ty) }
    var affine: Affine { Affine(a: a, b: b, c: c, d: d, tx: tx, ty: ty) }
}

/// The geometry model (docs/specification.md):
/// local = T(center) * R(rotation) * S(scale * flipx, scale * flipy) * T(-w/2, -h/2).
func refLocal(_ g: BoxGeometry) -> M {
    M.T(g.center.x, g.center.y) * M.R(g.rotation)
        * M.S(g.scale * (g.flippedX ? -1 : 1), g.scale * (g.flippedY ? -1 : 1))
        * M.T(-g.width / 2, -g.height / 2)
}

/// world = parent.world * local, walking the engine's stored geometries up the hierarchy.
func refWorld(_ e: Engine, _ id: BoxID) throws -> M {
    var m = M.id
    var x = id
    while x != .none {
        let d = try e.describe(x)
        m = refLocal(d.geometry) * m
        x = d.parent
    }
    return m
}

/// The parent's box space -> world (identity at top level).
func refParentWorld(_ e: Engine, _ id: BoxID) throws -> M {
    let p = try e.describe(id).parent
    return p == .none ? .id : try refWorld(e, p)
}

/// World corners of box space (0,0), (w,0), (w,h), (0,h).
func refCorners(_ e: Engine, _ id: BoxID) throws -> [Vec2] {
    let g = try e.describe(id).geometry
    let w = try refWorld(e, id)
    return [Vec2(0, 0), Vec2(g.width, 0), Vec2(g.width, g.height), Vec2(0, g.height)].map { w.apply($0) }
}

// MARK: - Comparisons

func dist(_ a: Vec2, _ b: Vec2) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
func len(_ v: Vec2) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }

/// |a - b| within `rel` of the magnitude involved (at least 1).
func close(_ a: Double, _ b: Double, rel: Double = 1e-9) -> Bool {
    abs(a - b) <= rel * Swift.max(1, abs(a), abs(b))
}

func close(_ a: Vec2, _ b: Vec2, rel: Double = 1e-9, scale: Double = 0) -> Bool {
    dist(a, b) <= rel * Swift.max(1, scale, abs(a.x), abs(a.y), abs(b.x), abs(b.y))
}

func close(_ m: Affine, _ n: M, rel: Double = 1e-12) -> Bool {
    close(m.a, n.a, rel: rel) && close(m.b, n.b, rel: rel) && close(m.c, n.c, rel: rel)
        && close(m.d, n.d, rel: rel) && close(m.tx, n.tx, rel: rel) && close(m.ty, n.ty, rel: rel)
}

/// An angle difference wrapped into (-pi, pi].
func angleDiff(_ a: Double, _ b: Double) -> Double {
    var d = (a - b).truncatingRemainder(dividingBy: 2 * Double.pi)
    if d > Double.pi { d -= 2 * Double.pi }
    if d <= -Double.pi { d += 2 * Double.pi }
    return d
}

// MARK: - Engine rig

/// An engine plus a clock that moves forward a little with every event.
final class Rig {
    let e: Engine
    var t = 0.0
    let step = 0.01

    init(width: Double = 1000, height: Double = 800, _ configure: (inout EngineConfig) -> Void = { _ in }) {
        var c = EngineConfig()
        c.width = width; c.height = height
        configure(&c)
        e = try! Engine(c)
    }

    /// A box; `make` adjusts the default description (editing on, 200 x 120 at (300, 220)).
    @discardableResult
    func box(
        parent: BoxID = .none, center: Vec2 = Vec2(300, 220), width: Double = 200, height: Double = 120,
        rotation: Double = 0, scale: Double = 1, flipX: Bool = false, flipY: Bool = false,
        editing: Bool = true, _ make: (inout BoxDesc) -> Void = { _ in }
    ) -> BoxID {
        var d = BoxDesc()
        d.parent = parent
        d.geometry = BoxGeometry(
            center: center, width: width, height: height, rotation: rotation,
            scale: scale, flippedX: flipX, flippedY: flipY)
        d.behavior.editing = editing
        make(&d)
        return try! e.createBox(d)
    }

    private func send(_ phase: PointerPhase, _ id: UInt32, _ p: Vec2, _ mods: UInt32, _ at: Double?) throws -> Bool {
        t = at ?? (t + step)
        return try e.dispatch(PointerEvent(phase, pointer: id, p, time: t, modifiers: mods))
    }

    @discardableResult func down(_ p: Vec2, id: UInt32 = 1, mods: UInt32 = 0, at: Double? = nil) throws -> Bool {
        try send(.down, id, p, mods, at)
    }
    @discardableResult func move(_ p: Vec2, id: UInt32 = 1, mods: UInt32 = 0, at: Double? = nil) throws -> Bool {
        try send(.move, id, p, mods, at)
    }
    @discardableResult func up(_ p: Vec2, id: UInt32 = 1, mods: UInt32 = 0, at: Double? = nil) throws -> Bool {
        try send(.up, id, p, mods, at)
    }
    @discardableResult func cancel(_ p: Vec2, id: UInt32 = 1, at: Double? = nil) throws -> Bool {
        try send(.cancel, id, p, 0, at)
    }

    func timer(_ at: Double) throws { t = at; try e.dispatchTimer(at) }
    func tick(_ dt: Double) throws { try timer(t + dt) }

    /// Drains the event queue. The steps (COMMITTED, UNDONE, REDONE) are left out unless `steps`:
    /// the gesture tests check gesture events; HistoryTests and KeyTests check the steps.
    func events(steps: Bool = false) -> [Event] {
        var out: [Event] = []
        while let ev = e.pollEvent() { if steps || !ev.kind.isTransaction { out.append(ev) } }
        return out
    }

    func geometry(_ id: BoxID) -> BoxGeometry { try! e.describe(id).geometry }

    /// Screen position of a world point under the engine's view.
    func screen(_ w: Vec2) -> Vec2 { M(e.view).apply(w) }
    func world(_ s: Vec2) -> Vec2 { M(e.view).inv.apply(s) }

    /// Screen position of box point `p` of `id`, through the reference transforms.
    func screen(of id: BoxID, boxPoint p: Vec2) -> Vec2 { screen(try! refWorld(e, id).apply(p)) }

    /// The HANDLE commands of `id` in the current frame.
    func handles(_ id: BoxID) -> [Command] { e.frame().commands.filter { $0.kind == .handle && $0.box == id } }
    func handle(_ id: BoxID, _ h: HandleID) -> Command? { handles(id).first { $0.handle == h } }
}

/// Kinds of a list of events, for readable expectations.
func kinds(_ evs: [Event]) -> [EventKind] { evs.map(\.kind) }

// MARK: - Random scenes

/// A random similarity view (world -> screen): rotation, zoom, maybe a mirror, translation.
func randomView(_ rng: inout SplitMix64) -> Affine {
    let zoom = rng.double(0.5, 2)
    let mirror = rng.int(4) == 0 ? -1.0 : 1.0
    let m = M.T(rng.double(-100, 300), rng.double(-100, 300)) * M.R(rng.double(-3.1, 3.1)) * M.S(zoom, zoom * mirror)
    return m.affine
}

/// A chain of 0...3 random ancestors (rotated, scaled, flipped; not editing) and a box at the
/// end of it, of about `size` on screen. Returns the innermost box.
func randomNest(
    _ r: Rig, _ rng: inout SplitMix64, depth: Int? = nil, size: Double = 150,
    _ make: (inout BoxDesc) -> Void = { _ in }
) -> BoxID {
    var parent = BoxID.none
    for _ in 0..<(depth ?? rng.int(4)) {
        parent = r.box(
            parent: parent, center: Vec2(rng.double(-50, 250), rng.double(-50, 250)),
            width: rng.double(50, 400), height: rng.double(50, 400), rotation: rng.double(-3.1, 3.1),
            scale: rng.double(0.5, 2), flipX: rng.bool(), flipY: rng.bool(), editing: false)
    }
    // Size the box so that it is about `size` screen units across whatever the ancestors' scales.
    let k = (parent == .none ? 1 : (try! refWorld(r.e, parent)).lengthScale) * M(r.e.view).lengthScale
    let scale = rng.double(0.5, 2)
    let w = size * rng.double(0.7, 1.5) / (k * scale), h = size * rng.double(0.7, 1.5) / (k * scale)
    return r.box(
        parent: parent, center: Vec2(rng.double(-100, 300), rng.double(-100, 300)), width: w, height: h,
        rotation: rng.double(-3.1, 3.1), scale: scale, flipX: rng.bool(), flipY: rng.bool(), editing: false
    ) { d in
        d.behavior.minWidth = Swift.min(10, w / 4)
        d.behavior.minHeight = Swift.min(10, h / 4)
        make(&d)
    }
}

/// The GripError `body` throws; records an issue and returns nil when it throws nothing (or another error).
@discardableResult
func expectGripError(
    _ status: Status, _ what: String = "", sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> GripError? {
    do {
        try body()
        Issue.record("\(what): expected \(status), nothing thrown", sourceLocation: sourceLocation)
        return nil
    } catch let e as GripError {
        #expect(e.status == status, "\(what): \(e.message)", sourceLocation: sourceLocation)
        #expect(!e.message.isEmpty, "\(what): empty message", sourceLocation: sourceLocation)
        return e
    } catch {
        Issue.record("\(what): unexpected error \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A contained box (random size, rotation and flips; insets in [-20, 20]) near the middle of a
/// random parent (rotated, scaled, flipped) or of the root bounds. Returns the box and its region
/// in the parent's space.
func randomContained(_ r: Rig, _ rng: inout SplitMix64, editing: Bool) -> (BoxID, Rect) {
    var parent = BoxID.none
    var pw = r.e.config.width, ph = r.e.config.height
    if rng.bool() {
        pw = rng.double(300, 500); ph = rng.double(300, 500)
        parent = r.box(
            center: Vec2(rng.double(400, 600), rng.double(300, 500)), width: pw, height: ph,
            rotation: rng.double(-3.1, 3.1), scale: rng.double(0.7, 1.4), flipX: rng.bool(), flipY: rng.bool(),
            editing: false)
    }
    let insets = Insets(
        top: rng.double(-20, 20), left: rng.double(-20, 20), bottom: rng.double(-20, 20), right: rng.double(-20, 20))
    let region = Rect(min: Vec2(insets.left, insets.top), max: Vec2(pw - insets.right, ph - insets.bottom))
    let box = r.box(
        parent: parent, center: Vec2(pw / 2, ph / 2), width: rng.double(40, 90), height: rng.double(40, 90),
        rotation: rng.double(-3.1, 3.1), flipX: rng.bool(), flipY: rng.bool(), editing: editing
    ) { d in
        d.behavior.contain = true
        d.behavior.insets = insets
    }
    return (box, region)
}

/// True when `g`'s axis-aligned bounds (parent space, from the reference formula) lie in `region`,
/// up to `tol`.
func fits(_ g: BoxGeometry, _ region: Rect, tol: Double) -> Bool {
    let m = refLocal(g)
    let c = [Vec2(0, 0), Vec2(g.width, 0), Vec2(g.width, g.height), Vec2(0, g.height)].map { m.apply($0) }
    return c.allSatisfy {
        $0.x >= region.min.x - tol && $0.x <= region.max.x + tol && $0.y >= region.min.y - tol
            && $0.y <= region.max.y + tol
    }
}
