/// The one-pointer move: the point grabbed at the start stays under the pointer.
public enum Move {
    /// `start` translated so that `grab` (parent space, where the pointer went down) lands on
    /// `pointer` (parent space, where it is now).
    @inlinable public static func apply(_ start: BoxGeometry, grab: Vec2, pointer: Vec2) -> BoxGeometry {
        apply(start, by: pointer - grab)
    }

    /// `start` translated by `d` (parent space).
    @inlinable public static func apply(_ start: BoxGeometry, by d: Vec2) -> BoxGeometry {
        var g = start
        g.center = start.center + d
        return g
    }
}
