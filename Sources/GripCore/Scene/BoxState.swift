/// Where a box is now, as the host should draw it (`grip_box_state`).
public struct BoxState: Equatable, Sendable {
    public var geometry: BoxGeometry
    /// Box space -> parent space, and box space -> world.
    public var local: Affine
    public var world: Affine
    /// World corners: top-left, top-right, bottom-right, bottom-left of box space.
    public var corners: (Vec2, Vec2, Vec2, Vec2)
    public var editing: Bool
    public var gestureActive: Bool

    public static func == (l: BoxState, r: BoxState) -> Bool {
        l.geometry == r.geometry && l.local == r.local && l.world == r.world && l.editing == r.editing
            && l.gestureActive == r.gestureActive && l.corners.0 == r.corners.0 && l.corners.1 == r.corners.1
            && l.corners.2 == r.corners.2 && l.corners.3 == r.corners.3
    }
}
