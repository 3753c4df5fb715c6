/// A magnify (trackpad pinch or wheel) event: `factor` is cumulative since began.
public struct MagnifyEvent: Sendable {
    public var phase: PointerPhase
    public var factor: Double
    /// Focal point, screen coordinates.
    public var focal: Vec2
    public var time: Double
    public init(_ phase: PointerPhase, factor: Double, focal: Vec2, time: Double) {
        self.phase = phase; self.factor = factor; self.focal = focal; self.time = time
    }
}
