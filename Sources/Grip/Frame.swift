import CGrip
import GripCore

/// `grip_frame_get`: the draw commands, back to front, and their vertices, in screen
/// coordinates. The arrays belong to the engine and stay valid until the next grip_frame_get or
/// grip_engine_destroy on it; they are rebuilt only when `serial` moves, in place where they can.
@_cdecl("grip_frame_get")
public func grip_frame_get(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_frame>?) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "out")
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

/// Whether the core's Command and Vec2 have exactly the layout of grip_command and grip_vec2
/// (same size, stride and field offsets), so the host can read the core's frame memory directly.
/// Checked once.
enum Layout {
    static let commandsMatch: Bool = {
        typealias C = grip_command
        typealias S = Command
        guard MemoryLayout<C>.stride == MemoryLayout<S>.stride else { return false }
        let pairs: [(Int?, Int?)] = [
            (MemoryLayout<C>.offset(of: \.kind), MemoryLayout<S>.offset(of: \.kindRawValue)),
            (MemoryLayout<C>.offset(of: \.handle), MemoryLayout<S>.offset(of: \.handle)),
            (MemoryLayout<C>.offset(of: \.box), MemoryLayout<S>.offset(of: \.box)),
            (MemoryLayout<C>.offset(of: \.user_data), MemoryLayout<S>.offset(of: \.userData)),
            (MemoryLayout<C>.offset(of: \.transform), MemoryLayout<S>.offset(of: \.transform)),
            (MemoryLayout<C>.offset(of: \.width), MemoryLayout<S>.offset(of: \.width)),
            (MemoryLayout<C>.offset(of: \.height), MemoryLayout<S>.offset(of: \.height)),
            (MemoryLayout<C>.offset(of: \.center), MemoryLayout<S>.offset(of: \.center)),
            (MemoryLayout<C>.offset(of: \.radius), MemoryLayout<S>.offset(of: \.radius)),
            (MemoryLayout<C>.offset(of: \.inner_radius), MemoryLayout<S>.offset(of: \.innerRadius)),
            (MemoryLayout<C>.offset(of: \.cursor_angle), MemoryLayout<S>.offset(of: \.cursorAngle)),
            (MemoryLayout<C>.offset(of: \.first_vertex), MemoryLayout<S>.offset(of: \.firstVertex)),
            (MemoryLayout<C>.offset(of: \.vertex_count), MemoryLayout<S>.offset(of: \.vertexCount)),
            (MemoryLayout<C>.offset(of: \.stroke_width), MemoryLayout<S>.offset(of: \.strokeWidth)),
            (MemoryLayout<C>.offset(of: \.dash_on), MemoryLayout<S>.offset(of: \.dashOn)),
            (MemoryLayout<C>.offset(of: \.dash_off), MemoryLayout<S>.offset(of: \.dashOff)),
            (MemoryLayout<C>.offset(of: \.dash_phase), MemoryLayout<S>.offset(of: \.dashPhase)),
            (MemoryLayout<C>.offset(of: \.progress), MemoryLayout<S>.offset(of: \.progress)),
            (MemoryLayout<C>.offset(of: \.state), MemoryLayout<S>.offset(of: \.state)),
        ]
        return pairs.allSatisfy { $0.0 != nil && $0.0 == $0.1 }
            && MemoryLayout<grip_affine>.stride == MemoryLayout<Affine>.stride
            && MemoryLayout<grip_vec2>.stride == MemoryLayout<Vec2>.stride
    }()

    static let verticesMatch: Bool =
        MemoryLayout<grip_vec2>.stride == MemoryLayout<Vec2>.stride
            && MemoryLayout<grip_vec2>.offset(of: \.y) == MemoryLayout<Vec2>.offset(of: \.y)

    /// Both: frames need no conversion.
    static let matches = commandsMatch && verticesMatch
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
