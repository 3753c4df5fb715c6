/// The engine's current frame in its own memory: valid until the next `frameView()` or
/// `frame()` call (which may rebuild it in place or move it) or the end of the engine.
public struct FrameView {
    public var commands: UnsafeBufferPointer<Command>
    public var vertices: UnsafeBufferPointer<Vec2>
    public var serial: UInt64
    public var time: Double
}
