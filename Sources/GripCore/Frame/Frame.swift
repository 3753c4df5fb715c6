/// A frame: the draw commands back to front and the vertices their polylines use, in screen
/// coordinates (a copy, for Swift callers and tests; `frameView()` gives the engine's own memory).
public struct Frame {
    public internal(set) var commands: [Command] = []
    public internal(set) var vertices: [Vec2] = []
    /// The engine's draw version the frame was built at (0: never built).
    public internal(set) var serial: UInt64 = 0
    /// Time of the last dispatch when the frame was built.
    public internal(set) var time = 0.0
}
