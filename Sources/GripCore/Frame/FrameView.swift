/// The engine's current frame in its own memory, for the C layer to hand to the host without a
/// copy: valid until the next `frameView()` or `frame()` call (which may rebuild it in place or
/// move it) or the end of the engine.
package struct FrameView {
    package var commands: UnsafeBufferPointer<Command>
    package var vertices: UnsafeBufferPointer<Vec2>
    package var serial: UInt64
    package var time: Double
}
