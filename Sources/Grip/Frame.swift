import CGrip
import GripCore

/// `grip_frame_get`: the draw commands, back to front, and their vertices, in screen
/// coordinates. The arrays belong to the engine and stay valid until the next grip_frame_get or
/// grip_engine_destroy on it; they are rebuilt only when `serial` moves, in place where they can.
@_cdecl("grip_frame_get")
@_optimize(speed) public func grip_frame_get(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_frame>?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "out")
        if h.hasRetired { h.freeRetired() }
        h.hostHoldsFrame = true
        return h.frame(out)
    }
}

/// `grip_frame_get_guest`: the frame for a guest of the engine (a script host's `e:frame()`): as
/// grip_frame_get, but the arrays the host holds from its own last grip_frame_get are moved
/// aside first, untouched, so they stay valid and unchanged until the host's next grip_frame_get.
@_cdecl("grip_frame_get_guest")
public func grip_frame_get_guest(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<grip_frame>?) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        let out = try require(out, "out")
        if h.hostHoldsFrame {  // once per host frame: the host reads one set of arrays
            h.hostHoldsFrame = false
            let (c, v) = h.engine.detachFrame()
            h.retired = (c, v, h.commands.take(), h.vertices.take())
            h.hasRetired = true
        }
        return h.frame(out)
    }
}

extension EngineHandle {
    /// Fills `out` with the current frame (rebuilt first if something drawn changed): the
    /// engine's own memory when `direct` (where the layouts match, `Layout.matches`), the
    /// handle's converted copy otherwise (the tests take that path on any platform).
    @_optimize(speed) func frame(_ out: UnsafeMutablePointer<grip_frame>, direct: Bool = Layout.matches) -> grip_status
    {
        let h = self
        let f = h.engine.frameView()
        let commands: UnsafePointer<grip_command>?, vertices: UnsafePointer<grip_vec2>?
        if direct {
            // The core's commands and vertices are laid out as grip_command and grip_vec2: the
            // host reads the engine's own memory.
            commands = f.commands.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: grip_command.self) }
            vertices = f.vertices.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: grip_vec2.self) }
        } else {
            if h.frameSerial != f.serial || h.commands.base == nil { h.translate(f) }
            commands = UnsafePointer(h.commands.base)
            vertices = UnsafePointer(h.vertices.base)
        }
        out.pointee = grip_frame(
            time: h.engine.time, serial: f.serial, command_count: f.commands.count, commands: commands,
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
