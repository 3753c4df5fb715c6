import Testing

@testable import GripCore

@Suite struct ErrorTests {
    /// What a refused call must leave untouched.
    private struct Snapshot: Equatable {
        var count: Int, serial: UInt64, time: Double, view: Affine, config: EngineConfig, boxes: [BoxDesc]
        init(_ e: Engine) {
            count = e.boxCount; serial = e.frameSerial; time = e.time; view = e.view; config = e.config
            boxes = e.boxesInDrawOrder.map { try! e.describe($0) }
        }
    }

    private func refused(
        _ r: Rig, _ status: Status, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Void
    ) {
        let before = Snapshot(r.e)
        expectGripError(status, what, sourceLocation: sourceLocation, body)
        #expect(Snapshot(r.e) == before, "\(what) changed the engine", sourceLocation: sourceLocation)
        #expect(r.events().isEmpty, "\(what) emitted events", sourceLocation: sourceLocation)
    }

    @Test func unusableEngineSettings() {
        let bad: [(String, (inout EngineConfig) -> Void)] = [
            ("NaN width", { $0.width = .nan }), ("negative height", { $0.height = -1 }),
            ("infinite width", { $0.width = .infinity }),
            ("zero width", { $0.width = 0 }), ("negative slop", { $0.touchSlop = -1 }),
            ("NaN interval", { $0.doubleTapInterval = .nan }),
            ("negative hit radius", { $0.handleHitRadius = -3 }), ("no pointers", { $0.maxPointers = 0 }),
            ("no boxes", { $0.maxBoxes = 0 })
        ]
        for (what, change) in bad {
            var c = EngineConfig()
            change(&c)
            expectGripError(.invalidArgument, what) { _ = try Engine(c) }
        }
    }

    private let badDescriptions: [(String, @Sendable (inout BoxDesc) -> Void)] = [
        ("NaN centre", { $0.geometry.center.x = .nan }), ("infinite centre", { $0.geometry.center.y = -.infinity }),
        ("negative width", { $0.geometry.width = -50 }), ("zero height", { $0.geometry.height = 0 }),
        ("NaN height", { $0.geometry.height = .nan }), ("infinite rotation", { $0.geometry.rotation = .infinity }),
        ("NaN rotation", { $0.geometry.rotation = .nan }), ("zero scale", { $0.geometry.scale = 0 }),
        ("negative scale", { $0.geometry.scale = -1 }), ("NaN scale", { $0.geometry.scale = .nan }),
        ("negative min_width", { $0.behavior.minWidth = -1 }), ("NaN min_height", { $0.behavior.minHeight = .nan }),
        (
            "max_scale below min_scale",
            {
                $0.behavior.minScale = 2; $0.behavior.maxScale = 1; $0.geometry.scale = 1.5
            }
        ),
        ("negative min_scale", { $0.behavior.minScale = -1 }),
        ("infinite max_scale", { $0.behavior.maxScale = .infinity }),
        ("zero long_press_duration", { $0.behavior.longPressDuration = 0 }),
        ("negative long_press_duration", { $0.behavior.longPressDuration = -1 }),
        ("negative corner_radius", { $0.behavior.cornerRadius = -2 }),
        ("negative rotation_snap", { $0.behavior.rotationSnap = -0.1 }),
        ("NaN snap_tolerance", { $0.behavior.snapTolerance = .nan }), ("NaN inset", { $0.behavior.insets.left = .nan }),
        ("infinite inset", { $0.behavior.insets.bottom = .infinity }),
        ("width below min_width", { $0.geometry.width = 5 }), ("scale above max_scale", { $0.geometry.scale = 20 }),
        ("unknown allow bits", { $0.behavior.allow = Allow(rawValue: 1 << 20) }),
        ("unknown handle bits", { $0.behavior.handles = HandleSet(rawValue: 1) })
    ]

    @Test func badBoxDescriptionsAreRefusedAndChangeNothing() throws {
        let r = Rig()
        let b = r.box()
        for (what, change) in badDescriptions {
            var d = BoxDesc()
            change(&d)
            refused(r, .invalidArgument, "create: \(what)") { _ = try r.e.createBox(d) }
            var c = try r.e.describe(b)
            change(&c)
            refused(r, .invalidArgument, "configure: \(what)") { try r.e.configure(b, c) }
        }
    }

    @Test func badPointerEventsAreRefusedAndChangeNothing() throws {
        let r = Rig()
        _ = r.box()
        try r.timer(1)
        let cases: [(String, PointerEvent)] = [
            ("NaN x", PointerEvent(.down, pointer: 1, Vec2(.nan, 0), time: 2)),
            ("infinite y", PointerEvent(.down, pointer: 1, Vec2(0, .infinity), time: 2)),
            ("NaN time", PointerEvent(.down, pointer: 1, Vec2(300, 220), time: .nan)),
            ("infinite time", PointerEvent(.down, pointer: 1, Vec2(300, 220), time: .infinity)),
            ("unknown modifiers", PointerEvent(.down, pointer: 1, Vec2(300, 220), time: 2, modifiers: 1 << 9)),
            ("NaN move", PointerEvent(.move, pointer: 7, Vec2(.nan, .nan), time: 2))
        ]
        for (what, ev) in cases {
            refused(r, .invalidArgument, what) { _ = try r.e.dispatch(ev) }
        }
        // None of them put a pointer down.
        refused(r, .invalidState, "up after refused downs") {
            _ = try r.e.dispatch(PointerEvent(.up, pointer: 1, Vec2(300, 220), time: 2))
        }
        #expect(try r.e.dispatch(PointerEvent(.down, pointer: 1, Vec2(300, 220), time: 2)))
    }

    @Test func timeGoingBackwardsIsRefused() throws {
        let r = Rig()
        let b = r.box()
        try r.timer(1)
        refused(r, .invalidState, "timer") { try r.e.dispatchTimer(0.5) }
        refused(r, .invalidArgument, "NaN timer") { try r.e.dispatchTimer(.nan) }
        refused(r, .invalidState, "pointer down") {
            _ = try r.e.dispatch(PointerEvent(.down, pointer: 1, Vec2(300, 220), time: 0.9))
        }
        refused(r, .invalidState, "magnify down") {
            _ = try r.e.dispatchMagnify(MagnifyEvent(.down, factor: 1, focal: Vec2(300, 220), time: 0.2))
        }
        // The same time again is fine, and the refused calls left no pointer and no magnify behind.
        try r.e.dispatchTimer(1)
        #expect(try r.e.dispatch(PointerEvent(.down, pointer: 1, Vec2(300, 220), time: 1)))
        try r.move(Vec2(350, 220))
        _ = r.events()
        refused(r, .invalidState, "move in the past") {
            _ = try r.e.dispatch(PointerEvent(.move, pointer: 1, Vec2(400, 220), time: 0.5))
        }
        #expect(r.geometry(b).center == Vec2(350, 220))
        try r.up(Vec2(350, 220))
        #expect(try r.e.dispatchMagnify(MagnifyEvent(.down, factor: 1, focal: Vec2(350, 220), time: r.t)))
    }

    @Test func pointerMisuse() throws {
        let r = Rig { $0.maxPointers = 3 }
        _ = r.box()
        refused(r, .invalidState, "up without down") { try r.up(Vec2(300, 220), id: 4) }
        #expect(try r.e.dispatch(PointerEvent(.cancel, pointer: 4, Vec2(300, 220), time: r.t)) == false)  // not down: ignored
        try r.down(Vec2(300, 220), id: 1)
        refused(r, .invalidState, "down twice") { try r.down(Vec2(310, 220), id: 1) }
        try r.down(Vec2(900, 700), id: 2)
        try r.down(Vec2(910, 700), id: 3)
        refused(r, .limit, "too many pointers") { try r.down(Vec2(920, 700), id: 4) }
        // The pointers that are down still work.
        try r.up(Vec2(300, 220), id: 1)
        try r.up(Vec2(900, 700), id: 2)
        try r.down(Vec2(920, 700), id: 4)
    }

    @Test func badMagnifyEvents() throws {
        let r = Rig()
        _ = r.box()
        for (what, f) in [
            ("NaN factor", Double.nan), ("zero factor", 0), ("negative factor", -2), ("infinite factor", .infinity)
        ] {
            refused(r, .invalidArgument, what) {
                _ = try r.e.dispatchMagnify(MagnifyEvent(.down, factor: f, focal: Vec2(300, 220), time: 1))
            }
        }
        refused(r, .invalidArgument, "NaN focal") {
            _ = try r.e.dispatchMagnify(MagnifyEvent(.down, factor: 1, focal: Vec2(.nan, 1), time: 1))
        }
        refused(r, .invalidState, "move before down") {
            _ = try r.e.dispatchMagnify(MagnifyEvent(.move, factor: 2, focal: Vec2(300, 220), time: 1))
        }
        #expect(try r.e.dispatchMagnify(MagnifyEvent(.down, factor: 1, focal: Vec2(300, 220), time: 1)))
        _ = r.events()
        refused(r, .invalidState, "down twice") {
            _ = try r.e.dispatchMagnify(MagnifyEvent(.down, factor: 1, focal: Vec2(300, 220), time: 1))
        }
    }

    @Test func badViewsBoundsAndHitPoints() throws {
        let r = Rig()
        _ = r.box()
        try r.e.setView(Affine.scale(2, 2))
        for (what, v) in [
            ("NaN view", Affine(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)),
            ("singular view", Affine(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)),
            ("zero view", Affine(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)),
            ("infinite view", Affine(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0))
        ] {
            refused(r, .invalidArgument, what) { try r.e.setView(v) }
        }
        for (what, w, h) in [
            ("negative", -1.0, 10.0), ("NaN", 10.0, Double.nan), ("zero", 0.0, 10.0),
            ("infinite", Double.infinity, 10.0)
        ] {
            refused(r, .invalidArgument, "\(what) bounds") { try r.e.setBounds(width: w, height: h) }
        }
        refused(r, .invalidArgument, "NaN hit point") { _ = try r.e.hitTest(world: Vec2(.nan, 0)) }
    }

    @Test func limitsAndStateErrors() throws {
        let r = Rig { $0.maxBoxes = 2 }
        let a = r.box()
        _ = r.box(center: Vec2(700, 500))
        refused(r, .limit, "max_boxes") { _ = try r.e.createBox(BoxDesc()) }
        try r.down(Vec2(300, 220))
        try r.move(Vec2(320, 220))
        _ = r.events()
        refused(r, .invalidState, "configure during a gesture") { try r.e.configure(a, try r.e.describe(a)) }
        try r.up(Vec2(320, 220))
        _ = r.events()
        try r.e.destroyBox(a)
        _ = r.box(center: Vec2(100, 100))  // a slot is free again
    }
}
