/// The one-pointer move: the point grabbed at the start stays under the pointer, so the box
/// moves by the pointer's displacement since then.
public enum Move {
    /// `start` translated by `d` (parent space: where the pointer is now less where it went down).
    public static func apply(_ start: BoxGeometry, by d: Vec2) -> BoxGeometry {
        var g = start
        g.center = start.center + d
        return g
    }
}
