import CGrip
import GripCore

/// The conversion to `grip_command`, field by field (`Layout` checks that the two layouts agree).
extension Command {
    var c: grip_command {
        grip_command(
            kind: grip_command_kind(rawValue: numericCast(kindRawValue)),
            handle: grip_handle(rawValue: numericCast(handle.rawValue)), box: box.rawValue, user_data: userData,
            transform: transform.toC, width: width, height: height, center: center.toC, radius: radius,
            inner_radius: innerRadius, cursor_angle: cursorAngle, first_vertex: firstVertex,
            vertex_count: vertexCount, stroke_width: strokeWidth, dash_on: dashOn, dash_off: dashOff,
            dash_phase: dashPhase, progress: progress, state: state, peer: peer)
    }
}
