/// The selection as the host sees it (`grip_selection_state`): the frame in world coordinates.
public struct SelectionState: Equatable, Sendable {
    public var count = 0
    public var center = Vec2.zero
    public var width = 0.0, height = 0.0, rotation = 0.0
    /// Top-left, top-right, bottom-right, bottom-left of the frame.
    public var corners = (Vec2.zero, Vec2.zero, Vec2.zero, Vec2.zero)
    public var gestureActive = false

    public static func == (a: SelectionState, b: SelectionState) -> Bool {
        a.count == b.count && a.center == b.center && a.width == b.width && a.height == b.height
            && a.rotation == b.rotation && a.corners.0 == b.corners.0 && a.corners.1 == b.corners.1
            && a.corners.2 == b.corners.2 && a.corners.3 == b.corners.3 && a.gestureActive == b.gestureActive
    }
}
