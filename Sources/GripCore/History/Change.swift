/// Where one box is before and after a step (`grip_change`), in its parent's space: what undo
/// and redo restore, bit for bit. The parent is the same on both sides (a step never re-parents).
public struct Change: Sendable {
    public var box: BoxID
    public var parent: BoxID
    public var before: BoxGeometry
    public var after: BoxGeometry
}
