import CGrip
import CLuaShim

/// Session macros: whole gestures synthesized as the pointer and timer events a host would send,
/// through the same C ABI dispatch calls, starting at the engine's last dispatched time and
/// advancing it. After every event the queue is drained and `on` handlers run, as they would for
/// events a script dispatches itself. A macro that fails half-way cancels the pointers it put
/// down, so the engine is left without a dangling gesture.
struct Macro {
    let e: LuaEngine
    let c: UnsafeMutablePointer<gl_call>
    /// Pointers this macro has down.
    private var down: [UInt32] = []
    /// Where time starts.
    let t0: Double
    /// The pointer a single-finger macro uses, and the modifiers every event of the macro holds.
    private var pointer: UInt32 = 0
    private var mods: UInt32 = 0

    init(_ e: LuaEngine, _ c: UnsafeMutablePointer<gl_call>) {
        self.e = e
        self.c = c
        t0 = e.engine.time
    }

    var L: UnsafeMutableRawPointer? { c.pointee.L }
    var args: gl_args { c.pointee.args }

    mutating func run(_ op: Int) throws(LuaFailure) {
        do throws(LuaFailure) {
            switch op {
            case Int(GL_OP_DRAG): try drag(args.drag)
            case Int(GL_OP_DRAG_HANDLE): try dragHandle(args.handle_drag)
            case Int(GL_OP_PINCH): try pinch(args.pinch)
            case Int(GL_OP_TAP): try tap(args.tap)
            case Int(GL_OP_DOUBLE_TAP): try doubleTap(args.tap)
            case Int(GL_OP_HOLD): try hold(args.tap)
            case Int(GL_OP_ADVANCE): try advance(args.seconds)
            case Int(GL_OP_NUDGE): try nudge(args.nudge)
            default: throw LuaFailure("unknown operation \(op)")
            }
        } catch {
            cancelDown()
            throw error
        }
    }

    // MARK: dispatch

    private func charge(_ events: Int) throws(LuaFailure) {
        if !gl_charge(e.ctx, UInt64(max(events, 0)) &* LuaLimits.dispatchCost) {
            throw LuaFailure("instruction limit exceeded (a macro's events count against the budget)")
        }
    }

    private func steps(_ raw: Int64) throws(LuaFailure) -> Int {
        guard raw >= 1, raw <= Int64(LuaLimits.maxSteps) else {
            throw LuaFailure("steps must be in 1...\(LuaLimits.maxSteps)")
        }
        return Int(raw)
    }

    private func duration(_ d: Double) throws(LuaFailure) -> Double {
        guard d.isFinite, d >= 0, d <= 1e6 else { throw LuaFailure("duration must be finite and >= 0") }
        return d
    }

    /// Time `t`, never before the engine's (a handler may have moved it on).
    private func at(_ t: Double) -> Double { max(t, e.engine.time) }

    private mutating func pointerEvent(_ phase: grip_phase, _ id: UInt32, _ p: Vec2, _ t: Double) throws(LuaFailure) {
        var ev = grip_pointer_event(phase: phase, pointer: id, x: p.x, y: p.y, time: at(t), modifiers: mods)
        try e.check(grip_dispatch_pointer(e.ptr, &ev, nil))
        if phase == GRIP_PHASE_DOWN { down.append(id) }
        if phase == GRIP_PHASE_UP || phase == GRIP_PHASE_CANCEL { down.removeAll { $0 == id } }
        try e.drained(L)
    }

    private func timer(_ t: Double) throws(LuaFailure) {
        try e.check(grip_dispatch_timer(e.ptr, at(t)))
        try e.drained(L)
    }

    /// Cancels the pointers still down (errors ignored: this is the way out of an error). The
    /// events that makes, and any left queued, stay the script's (`e:events()`), with no handler.
    private mutating func cancelDown() {
        for id in down {
            var ev = grip_pointer_event(
                phase: GRIP_PHASE_CANCEL, pointer: id, x: 0, y: 0, time: e.engine.time, modifiers: 0)
            _ = grip_dispatch_pointer(e.ptr, &ev, nil)
        }
        down.removeAll()
        _ = e.drain(L, fire: false)
    }

    private static func lerp(_ a: Vec2, _ b: Vec2, _ t: Double) -> Vec2 { a + (b - a) * t }

    /// down at `from`, `steps` moves to `to` over `duration`, up.
    private mutating func stroke(
        _ id: UInt32, from: Vec2, to: Vec2, steps k: Int, duration d: Double
    ) throws(LuaFailure) {
        try charge(k * 2 + 2)
        try pointerEvent(GRIP_PHASE_DOWN, id, from, t0)
        for i in 1...k {
            let f = Double(i) / Double(k)
            try pointerEvent(GRIP_PHASE_MOVE, id, Macro.lerp(from, to, f), t0 + d * f)
            try timer(t0 + d * f)
        }
        try pointerEvent(GRIP_PHASE_UP, id, to, t0 + d)
    }

    // MARK: macros

    /// e:nudge{key = "left", times = 1, mods = {...}}: `times` presses (down and up) of an arrow
    /// key at the engine's time: one nudge run (it commits once the engine's time moves 1 s on).
    private mutating func nudge(_ a: gl_nudge_args) throws(LuaFailure) {
        mods = a.mods
        let k = try steps(a.times)
        try charge(k * 2)
        let key = grip_key(rawValue: UInt32(truncatingIfNeeded: a.key))
        var moved = false
        for _ in 0..<k {
            for phase in [GRIP_PHASE_DOWN, GRIP_PHASE_UP] {
                var ev = grip_key_event(phase: phase, key: key, modifiers: mods, time: e.engine.time)
                var consumed = false
                try e.check(grip_dispatch_key(e.ptr, &ev, &consumed))
                moved = moved || consumed
                try e.drained(L)
            }
        }
        c.pointee.rflag = moved
    }

    /// e:drag{from = {x, y}, to = {x, y}, steps = 10, duration = 0.2, pointer = 1, mods = {...}}
    private mutating func drag(_ a: gl_drag_args) throws(LuaFailure) {
        pointer = a.opts.pointer
        mods = a.opts.mods
        let from = Vec2(a.from_x, a.from_y), to = Vec2(a.to_x, a.to_y)
        guard from.isFinite, to.isFinite else { throw LuaFailure("drag: points must be finite") }
        if a.marquee {
            // e:marquee: the drag must begin where no box (nor handle) is.
            let world = e.engine.view.inverse?.apply(from) ?? from
            var hit = grip_hit()
            try e.check(grip_hit_test(e.ptr, world.x, world.y, &hit))
            if hit.box != GRIP_NO_BOX {
                throw LuaFailure("marquee: from is on a box; a marquee begins where no box is")
            }
        }
        try stroke(pointer, from: from, to: to, steps: try steps(a.opts.steps), duration: try duration(a.opts.duration))
    }

    /// e:drag_handle(box, "bottom_right", dx, dy [, {steps, duration, pointer, mods}])
    private mutating func dragHandle(_ a: gl_handle_drag_args) throws(LuaFailure) {
        pointer = a.opts.pointer
        mods = a.opts.mods
        let box = c.pointee.box
        let h = a.handle
        let by = Vec2(a.dx, a.dy)
        guard by.isFinite else { throw LuaFailure("drag_handle: dx and dy must be finite") }
        guard h > 0, h <= Int64(UInt32.max) else { throw LuaFailure("drag_handle: not a handle") }
        // Where the handle is drawn (screen space): the frame knows, custom handles included.
        var f = grip_frame()
        try e.check(grip_frame_get(e.ptr, &f))
        var at: Vec2? = nil
        for i in 0..<f.command_count {
            let k = f.commands[i]
            if k.kind == GRIP_CMD_HANDLE && k.box == box && Int64(k.handle.rawValue) == h {
                at = Vec2(k.center.x, k.center.y)
            }
        }
        guard let from = at else {
            var s = grip_box_state()
            try e.check(grip_box_state_get(e.ptr, box, &s), box: true)
            throw LuaFailure(
                "drag_handle: handle \(h) of box \(box) is not shown (is the box editing, and does it allow that handle?)"
            )
        }
        // A pointer going down there must grab that very handle.
        let world = e.engine.view.inverse?.apply(from) ?? from
        var hit = grip_hit()
        try e.check(grip_hit_test(e.ptr, world.x, world.y, &hit))
        if hit.box != box || Int64(hit.handle.rawValue) != h {
            throw LuaFailure(
                "drag_handle: handle \(h) of box \(box) is covered at (\(from.x), \(from.y)) by handle \(hit.handle.rawValue) of box \(hit.box)"
            )
        }
        try stroke(
            pointer, from: from, to: from + by, steps: try steps(a.opts.steps), duration: try duration(a.opts.duration))
    }

    /// e:pinch{box = b, scale = 2, rotate = math.pi / 4, pan = {x, y}, distance = d, steps = 10, duration = 0.2}:
    /// two fingers on the box body, symmetric about its centre along its x axis, spread by
    /// `scale`, turned by `rotate` and moved by `pan` (screen units).
    private mutating func pinch(_ o: gl_pinch_args) throws(LuaFailure) {
        let box = c.pointee.box
        let scale = o.scale, turn = o.rotate, pan = Vec2(o.pan_x, o.pan_y), distance = o.distance
        guard scale.isFinite, scale > 0, turn.isFinite, pan.isFinite, distance.isFinite, distance >= 0 else {
            throw LuaFailure("pinch: scale must be > 0, and rotate, pan and distance finite")
        }
        let k = try steps(o.steps)
        let d = try duration(o.duration)
        var s = grip_box_state()
        try e.check(grip_box_state_get(e.ptr, box, &s), box: true)
        let view = e.engine.view
        let w = s.world
        let toScreen = view * Affine(a: w.a, b: w.b, c: w.c, d: w.d, tx: w.tx, ty: w.ty)
        let centre = toScreen.apply(Vec2(s.width * 0.5, s.height * 0.5))
        let ax = toScreen.apply(Vec2(s.width, s.height * 0.5)) - centre  // half the box along its x axis
        let ay = toScreen.apply(Vec2(s.width * 0.5, s.height)) - centre
        let shorter = 2 * min(ax.length, ay.length)
        let half = distance > 0 ? distance * 0.5 : shorter * 0.2
        guard ax.length > 0 else { throw LuaFailure("pinch: the box has no size on screen") }
        let dir = ax * (1 / ax.length)
        func fingers(_ f: Double) -> (Vec2, Vec2) {
            let r = half * gl_pow(scale, f)
            let a = turn * f
            let (sn, cs) = (gl_sin(a), gl_cos(a))
            let v = Vec2(dir.x * cs - dir.y * sn, dir.x * sn + dir.y * cs) * r
            let c = centre + pan * f
            return (c - v, c + v)
        }
        let a: UInt32 = 1, b: UInt32 = 2
        try charge(k * 3 + 4)
        var (p, q) = fingers(0)
        try pointerEvent(GRIP_PHASE_DOWN, a, p, t0)
        try pointerEvent(GRIP_PHASE_DOWN, b, q, t0)
        for i in 1...k {
            let f = Double(i) / Double(k)
            (p, q) = fingers(f)
            try pointerEvent(GRIP_PHASE_MOVE, a, p, t0 + d * f)
            try pointerEvent(GRIP_PHASE_MOVE, b, q, t0 + d * f)
            try timer(t0 + d * f)
        }
        try pointerEvent(GRIP_PHASE_UP, a, p, t0 + d)
        try pointerEvent(GRIP_PHASE_UP, b, q, t0 + d)
    }

    /// A press and release 50 ms apart.
    private mutating func tapAt(_ p: Vec2, _ t: Double, length: Double) throws(LuaFailure) {
        try pointerEvent(GRIP_PHASE_DOWN, pointer, p, t)
        try timer(t + length)
        try pointerEvent(GRIP_PHASE_UP, pointer, p, t + length)
    }

    /// The tap's point; takes its pointer and modifiers for the macro.
    private mutating func point(_ a: gl_tap_args) throws(LuaFailure) -> Vec2 {
        pointer = a.pointer
        mods = a.mods
        let p = Vec2(a.x, a.y)
        guard p.isFinite else { throw LuaFailure("x and y must be finite") }
        return p
    }

    /// e:tap(x, y [, {pointer, mods}])
    private mutating func tap(_ a: gl_tap_args) throws(LuaFailure) {
        try charge(3)
        try tapAt(try point(a), t0, length: 0.05)
    }

    /// e:double_tap(x, y [, {pointer, mods}]): two taps well within double_tap_interval.
    private mutating func doubleTap(_ a: gl_tap_args) throws(LuaFailure) {
        try charge(6)
        let p = try point(a)
        let gap = min(0.04, e.engine.config.doubleTapInterval / 3)
        try tapAt(p, t0, length: gap)
        try tapAt(p, t0 + 2 * gap, length: gap)
    }

    /// e:hold(x, y, seconds [, {pointer, mods, release = true}]): press, timer ticks at 60 Hz,
    /// release (unless release = false).
    private mutating func hold(_ a: gl_tap_args) throws(LuaFailure) {
        let p = try point(a)
        let seconds = try duration(a.seconds)
        let ticks = min(LuaLimits.maxSteps, max(1, Int((seconds * 60).rounded(.up))))
        try charge(ticks + 2)
        try pointerEvent(GRIP_PHASE_DOWN, pointer, p, t0)
        for i in 1...ticks { try timer(t0 + seconds * Double(i) / Double(ticks)) }
        if a.release {
            try pointerEvent(GRIP_PHASE_UP, pointer, p, t0 + seconds)
        } else {
            down.removeAll()  // left down on purpose
        }
    }

    /// e:advance(seconds): timer ticks at 60 Hz up to the engine's time + seconds.
    private mutating func advance(_ s: Double) throws(LuaFailure) {
        let seconds = try duration(s)
        let ticks = min(LuaLimits.maxSteps, max(1, Int((seconds * 60).rounded(.up))))
        try charge(ticks)
        for i in 1...ticks { try timer(t0 + seconds * Double(i) / Double(ticks)) }
    }
}
