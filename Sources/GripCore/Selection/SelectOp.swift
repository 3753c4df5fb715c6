/// How `select` changes the selection (`grip_select_op`).
public enum SelectOp: UInt32, Sendable {
    /// The selection becomes the box alone (none: empty).
    case replace = 0
    case add = 1
    case remove = 2
    case toggle = 3
}
