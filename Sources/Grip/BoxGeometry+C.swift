import CGrip
import GripCore

/// Conversions to and from `grip_geometry`.
extension BoxGeometry {
    /// As `grip_geometry`, in the space of `parent`.
    func cGeometry(parent: BoxID) -> grip_geometry {
        grip_geometry(
            parent: parent.rawValue, center: center.toC, width: width, height: height, rotation: rotation,
            scale: scale, flipped_x: flippedX, flipped_y: flippedY)
    }

    /// A `grip_geometry`'s box part.
    init(_ g: grip_geometry) {
        self.init(
            center: Vec2(g.center.x, g.center.y), width: g.width, height: g.height, rotation: g.rotation,
            scale: g.scale, flippedX: g.flipped_x, flippedY: g.flipped_y)
    }
}
