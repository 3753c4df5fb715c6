import CGrip
import GripCore

/// Whether the core's Command and Vec2 have exactly the layout of grip_command and grip_vec2, so
/// the host can read the core's frame memory directly. Checked once, by probing: a value whose
/// every field differs is read back through the C type and compared with its field-by-field
/// conversion, so a field at another offset (or of another size) shows as a mismatch.
enum Layout {
    static let commandsMatch: Bool = {
        // (A C struct's size counts its tail padding, a Swift struct's does not: strides compare.)
        guard MemoryLayout<grip_command>.stride == MemoryLayout<Command>.stride,
            MemoryLayout<grip_command>.alignment <= MemoryLayout<Command>.alignment
        else { return false }
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
            MemoryLayout<grip_vec2>.alignment <= MemoryLayout<Vec2>.alignment
        else { return false }
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
            && bits(x.progress, y.progress) && x.state == y.state && x.peer == y.peer
    }

    static func same(_ x: grip_affine, _ y: grip_affine) -> Bool {
        bits(x.a, y.a) && bits(x.b, y.b) && bits(x.c, y.c) && bits(x.d, y.d) && bits(x.tx, y.tx) && bits(x.ty, y.ty)
    }

    static func same(_ x: grip_vec2, _ y: grip_vec2) -> Bool { bits(x.x, y.x) && bits(x.y, y.y) }

    static func bits(_ x: Double, _ y: Double) -> Bool { x.bitPattern == y.bitPattern }
}
