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
            copyCommands(src, contentRange, to: base)
            copyCommands(src, f.overlayStart..<n, to: base)
        }
        if let base = vertices.base, let from = vsrc.baseAddress, !vsrc.isEmpty {
            if Layout.verticesMatch {
                UnsafeMutableRawPointer(base).copyMemory(from: from, byteCount: vsrc.count * MemoryLayout<grip_vec2>.stride)
            } else {
                for i in vsrc.indices { base[i] = vsrc[i].toC }
            }
        }
        commands.count = n
        vertices.count = vsrc.count
        frameSerial = f.serial
        frameGeneration = f.generation
    }

    private func copyCommands(_ src: UnsafeBufferPointer<Command>, _ r: Range<Int>, to base: UnsafeMutablePointer<grip_command>) {
        guard !r.isEmpty, let from = src.baseAddress else { return }
        if Layout.commandsMatch {
            UnsafeMutableRawPointer(base + r.lowerBound).copyMemory(
                from: from + r.lowerBound, byteCount: r.count * MemoryLayout<grip_command>.stride)
        } else {
            for i in r { base[i] = src[i].c }
        }
    }
}

/// Whether the core's Command and Vec2 have exactly the layout of grip_command and grip_vec2
/// (same size, stride and field offsets), so frames can be copied in bulk. Checked once.
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
