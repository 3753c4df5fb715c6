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
            let f = e.frame()
            h.commands.reserve(f.commands.count)
            h.vertices.reserve(f.vertices.count)
            if let base = h.commands.base {
                for (i, c) in f.commands.enumerated() { base[i] = c.c }
            }
            if let base = h.vertices.base {
                for (i, v) in f.vertices.enumerated() { base[i] = v.toC }
            }
            h.commands.count = f.commands.count
            h.vertices.count = f.vertices.count
            h.frameSerial = f.serial
        }
        out.pointee = grip_frame(time: e.time, serial: h.frameSerial, command_count: h.commands.count,
                                 commands: UnsafePointer(h.commands.base), vertex_count: h.vertices.count,
                                 vertices: UnsafePointer(h.vertices.base))
        return GRIP_OK
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
