/// The edge or centre line `Engine.align` lines the selected boxes' world bounds up on
/// (`grip_align`).
public enum AlignEdge: UInt32, Sendable {
    case left = 0
    /// The vertical centre line.
    case center = 1
    case right = 2
    case top = 3
    /// The horizontal centre line.
    case middle = 4
    case bottom = 5

    /// Whether it lines boxes up along x (left, centre, right) rather than y.
    public var isHorizontal: Bool { rawValue <= 2 }
}
