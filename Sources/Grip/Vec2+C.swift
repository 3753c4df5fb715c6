import CGrip
import GripCore

/// Conversions to and from `grip_vec2`.
extension Vec2 {
    init(_ v: grip_vec2) { self.init(v.x, v.y) }
    var toC: grip_vec2 { grip_vec2(x: x, y: y) }
}
