/// Where one box is before and after a step (`grip_change`), in its parent's space: what undo
/// and redo restore, bit for bit. `parent` is the box's parent after the step; only a recorded
/// step (History/RecordedSteps.swift) re-parents, creates or destroys, and its `states` hold the
/// parent before and whether the box existed on each side (a side where it did not has the zero
/// geometry, `BoxGeometry.absent`).
public struct Change: Sendable {
    public var box: BoxID
    public var parent: BoxID
    public var before: BoxGeometry
    public var after: BoxGeometry
}
