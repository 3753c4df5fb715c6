import CGrip
import GripCore

/// `grip_frame_get`: the draw commands, back to front, and their vertices, in screen
/// coordinates. The arrays belong to the engine and stay valid until the next grip_frame_get or
/// grip_engine_destroy on it; they are rebuilt only when `serial` moves, in place where they can.
@_cdecl("grip_frame_get")
@_optimize(speed) public func grip_frame_get(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_frame>?) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "out")
        if !h.retired.isEmpty { h.freeRetired() }
        h.hostHoldsFrame = true
        return h.frame(out)
    }
}

/// The frame for a script of a Lua state (`e:frame()`): as grip_frame_get, but the arrays the
/// host holds from its own last grip_frame_get are moved aside first, untouched, so they stay
/// valid and unchanged until the host's next grip_frame_get, as grip.h promises.
package func scriptFrameGet(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_frame>?) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "out")
        if h.hostHoldsFrame {
            h.hostHoldsFrame = false
            let (c, v) = h.engine.detachFrame()
            for p in [c, v, h.commands.take(), h.vertices.take()] { if let p { h.retired.append(p) } }
        }
        return h.frame(out)
    }
}

extension EngineHandle {
    /// Fills `out` with the current frame (rebuilt first if something drawn changed).
    @_optimize(speed) func frame(_ out: UnsafeMutablePointer<grip_frame>) -> grip_status {
        let h = self
        let f = h.engine.frameView()
        let commands: UnsafePointer<grip_command>?, vertices: UnsafePointer<grip_vec2>?
        if Layout.matches {
            // The core's commands and vertices are laid out as grip_command and grip_vec2: the
            // host reads the engine's own memory.
            commands = f.commands.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: grip_command.self) }
            vertices = f.vertices.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: grip_vec2.self) }
        } else {
            if h.frameSerial != f.serial || h.commands.base == nil { h.translate(f) }
            commands = UnsafePointer(h.commands.base)
            vertices = UnsafePointer(h.vertices.base)
        }
        out.pointee = grip_frame(time: h.engine.time, serial: f.serial, command_count: f.commands.count, commands: commands,
                                 vertex_count: f.vertices.count, vertices: vertices)
        return GRIP_OK
    }
}

extension EngineHandle {
    /// Converts the frame into the handle's C arrays, field by field (for a platform where the
    /// layouts differ).
    func translate(_ f: FrameView) {
        commands.reserve(f.commands.count)
        vertices.reserve(f.vertices.count)
        if let base = commands.base { for i in f.commands.indices { base[i] = f.commands[i].c } }
        if let base = vertices.base { for i in f.vertices.indices { base[i] = f.vertices[i].toC } }
        commands.count = f.commands.count
        vertices.count = f.vertices.count
        frameSerial = f.serial
    }
}

/// Whether the core's Command and Vec2 have exactly the layout of grip_command and grip_vec2, so
/// the host can read the core's frame memory directly. Checked once, by probing: a value whose
/// every field differs is read back through the C type and compared with its field-by-field
/// conversion, so a field at another offset (or of another size) shows as a mismatch.
enum Layout {
    static let commandsMatch: Bool = {
        // (A C struct's size counts its tail padding, a Swift struct's does not: strides compare.)
        guard MemoryLayout<grip_command>.stride == MemoryLayout<Command>.stride,
              MemoryLayout<grip_command>.alignment <= MemoryLayout<Command>.alignment else { return false }
        var probe = Command(kind: .guide, box: BoxID(rawValue: 0x0102_0304_0506_0708))
        probe.handle = HandleID(rawValue: 0x0A0B_0C0D)
        probe.userData = 0x1112_1314_1516_1718
        probe.transform = Affine(a: 1.5, b: 2.5, c: 3.5, d: 4.5, tx: 5.5, ty: 6.5)
        probe.width = 7.5; probe.height = 8.5
        probe.center = Vec2(9.5, 10.5)
        probe.radius = 11.5; probe.innerRadius = 12.5; probe.cursorAngle = 13.5
        probe.firstVertex = 0x1415_1617; probe.vertexCount = 0x1819_1A1B
        probe.strokeWidth = 14.5; probe.dashOn = 15.5; probe.dashOff = 16.5; probe.dashPhase = 17.5
        probe.progress = 18.5
        probe.state = 0x1C1D_1E1F
        return same(readBack(probe, as: grip_command.self), probe.c)
    }()

    static let verticesMatch: Bool = {
        guard MemoryLayout<grip_vec2>.stride == MemoryLayout<Vec2>.stride,
              MemoryLayout<grip_vec2>.alignment <= MemoryLayout<Vec2>.alignment else { return false }
        let probe = Vec2(1.5, -2.25)
        return same(readBack(probe, as: grip_vec2.self), probe.toC)
    }()

    /// `value`'s bytes (in a zeroed element of its stride) read as a `C`, as a host reads them.
    static func readBack<S: BitwiseCopyable, C>(_ value: S, as: C.Type) -> C {
        let stride = MemoryLayout<S>.stride
        let raw = UnsafeMutableRawPointer.allocate(byteCount: stride, alignment: MemoryLayout<S>.alignment)
        defer { raw.deallocate() }
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: stride)
        raw.storeBytes(of: value, as: S.self)
        return raw.load(as: C.self)
    }

    /// Both: frames need no conversion.
    static let matches = commandsMatch && verticesMatch

    /// Field-by-field equality (bit patterns for doubles; padding ignored).
    static func same(_ x: grip_command, _ y: grip_command) -> Bool {
        x.kind == y.kind && x.handle == y.handle && x.box == y.box && x.user_data == y.user_data
            && same(x.transform, y.transform) && bits(x.width, y.width) && bits(x.height, y.height)
            && same(x.center, y.center) && bits(x.radius, y.radius) && bits(x.inner_radius, y.inner_radius)
            && bits(x.cursor_angle, y.cursor_angle) && x.first_vertex == y.first_vertex
            && x.vertex_count == y.vertex_count && bits(x.stroke_width, y.stroke_width)
            && bits(x.dash_on, y.dash_on) && bits(x.dash_off, y.dash_off) && bits(x.dash_phase, y.dash_phase)
            && bits(x.progress, y.progress) && x.state == y.state
    }

    static func same(_ x: grip_affine, _ y: grip_affine) -> Bool {
        bits(x.a, y.a) && bits(x.b, y.b) && bits(x.c, y.c) && bits(x.d, y.d) && bits(x.tx, y.tx) && bits(x.ty, y.ty)
    }

    static func same(_ x: grip_vec2, _ y: grip_vec2) -> Bool { bits(x.x, y.x) && bits(x.y, y.y) }

    static func bits(_ x: Double, _ y: Double) -> Bool { x.bitPattern == y.bitPattern }
}

extension Command {
    var c: grip_command {
        grip_command(
            kind: grip_command_kind(rawValue: numericCast(kindRawValue)),
            handle: grip_handle(rawValue: numericCast(handle.rawValue)), box: box.rawValue, user_data: userData,
            transform: transform.toC, width: width, height: height, center: center.toC, radius: radius,
            inner_radius: innerRadius, cursor_angle: cursorAngle, first_vertex: firstVertex,
            vertex_count: vertexCount, stroke_width: strokeWidth, dash_on: dashOn, dash_off: dashOff,
            dash_phase: dashPhase, progress: progress, state: state)
    }
}
