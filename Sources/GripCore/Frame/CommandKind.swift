/// A draw command kind, as `grip_command_kind`. Kinds only grow.
public enum CommandKind: UInt32, Sendable {
    case box = 1
    case border = 2
    case handle = 3
    case indicator = 4
    case guide = 5
    /// A solid closed polyline: a selected member, or the hovered selectable box.
    case outline = 6
    /// The marquee rectangle: a closed polyline of 4 vertices.
    case marquee = 7
    /// One of two equal gaps (snapping): 2 vertices, `width` its length in world units.
    case gap = 8
    /// A box another peer has selected: a closed polyline of 4 vertices (Frame/PresenceOverlay.swift).
    case peerOutline = 9
    /// Where another peer's gesture has a box now: 4 vertices, and a BOX command's transform and size.
    case peerLive = 10
    /// Another peer's pointer, at `center`.
    case peerCursor = 11
}
