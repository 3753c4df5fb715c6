import CGrip
import GripCore

/// `grip_frame_get`: the draw commands, back to front, and their vertices, in screen
/// coordinates. The arrays belong to the engine and stay valid until the next call that takes
/// the engine as non-const; they are rebuilt only when `serial` moves.
@_cdecl("grip_frame_get")
public func grip_frame_get(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_frame>?) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "out")
        let e = h.engine
        if h.frameSerial != e.frameSerial || h.commands.base == nil {
            e.withFrame { info, commands, vertices in h.translate(info, commands, vertices) }
        }
        out.pointee = grip_frame(time: e.time, serial: h.frameSerial, command_count: h.commands.count,
                                 commands: UnsafePointer(h.commands.base), vertex_count: h.vertices.count,
                                 vertices: UnsafePointer(h.vertices.base))
        return GRIP_OK
    }
}

extension EngineHandle {
    /// Copies the frame into the C arrays: only the content commands the rebuild changed and the
    /// overlay when this handle saw the previous rebuild, everything otherwise.
    func translate(_ f: Frame, _ src: UnsafeBufferPointer<Command>, _ vsrc: UnsafeBufferPointer<Vec2>) {
        let n = src.count
        let partial = f.generation == frameGeneration &+ 1 && n <= commands.capacity && commands.base != nil
        let contentRange = partial ? f.changedContent : 0..<f.overlayStart
        commands.reserve(n)
        vertices.reserve(vsrc.count)
        if let base = commands.base {
            for i in contentRange { base[i] = src[i].c }
            for i in f.overlayStart..<n { base[i] = src[i].c }
        }
        if let base = vertices.base {
            for i in vsrc.indices { base[i] = vsrc[i].toC }
        }
        commands.count = n
        vertices.count = vsrc.count
        frameSerial = f.serial
        frameGeneration = f.generation
    }
}

extension Command {
    var c: grip_command {
        grip_command(
            kind: grip_command_kind(rawValue: numericCast(kind.rawValue)),
            handle: grip_handle(rawValue: numericCast(handle.rawValue)), box: box.rawValue, user_data: userData,
            transform: transform.toC, width: width, height: height, center: center.toC, radius: radius,
            inner_radius: innerRadius, cursor_angle: cursorAngle, first_vertex: firstVertex,
            vertex_count: vertexCount, stroke_width: strokeWidth, dash_on: dashOn, dash_off: dashOff,
            dash_phase: dashPhase, progress: progress, state: state)
    }
}
