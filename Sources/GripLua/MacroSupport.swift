import CGrip

// What the session macros (Macros.swift) read of the engine and the plane, over grip.h only.
// The macros are being rewritten in Lua; this file goes with Macros.swift when they are.

/// A point or vector (the arithmetic the macros use, the same formulas as the engine's, so the
/// events they synthesize are bit for bit those of before).
struct Vec2 {
    var x: Double
    var y: Double
    init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    var length: Double { (x * x + y * y).squareRoot() }
    var isFinite: Bool { x.isFinite && y.isFinite }
}

/// A 2D affine transform, laid out as `grip_affine`.
struct Affine {
    var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    init(_ m: grip_affine) { self.init(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty) }

    /// `m * n`: applies `n` first, then `m`.
    static func * (m: Affine, n: Affine) -> Affine {
        Affine(
            a: m.a * n.a + m.c * n.b, b: m.b * n.a + m.d * n.b,
            c: m.a * n.c + m.c * n.d, d: m.b * n.c + m.d * n.d,
            tx: m.a * n.tx + m.c * n.ty + m.tx, ty: m.b * n.tx + m.d * n.ty + m.ty)
    }

    func apply(_ p: Vec2) -> Vec2 { Vec2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }

    var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }

    /// The inverse, or nil when singular or not finite.
    var inverse: Affine? {
        let det = a * d - b * c
        guard det.isNormal, isFinite else { return nil }
        let inv = 1 / det
        let r = Affine(
            a: d * inv, b: -b * inv, c: -c * inv, d: a * inv,
            tx: (c * ty - d * tx) * inv, ty: (b * tx - a * ty) * inv)
        return r.isFinite ? r : nil
    }
}

/// The engine as the macros read it: its time, view and double-tap interval.
struct MacroEngineView {
    let ptr: OpaquePointer

    /// The engine's info (zeroes if it cannot be read, which a live engine always can).
    private var info: grip_engine_info {
        var i = grip_engine_info()
        grip_engine_info_init(&i)
        _ = grip_engine_get_info(ptr, &i)
        return i
    }

    var time: Double { info.time }
    var view: Affine { Affine(info.view) }

    struct Settings { var doubleTapInterval: Double }
    var config: Settings {
        var d = grip_engine_desc()
        grip_engine_desc_init_sized(&d, MemoryLayout<grip_engine_desc>.size)
        _ = grip_engine_describe(ptr, &d)
        return Settings(doubleTapInterval: d.double_tap_interval)
    }
}

extension LuaEngine {
    /// What the macros read of the engine.
    var engine: MacroEngineView { MacroEngineView(ptr: ptr) }
}
