/// What the host's input is doing apart from gestures: the pointers that are down, the
/// hovering pointer, the last tap and a magnify in progress (long presses are interactions:
/// Interaction/Kinds/LongPress.swift).
struct InputState {
    var pointers = PointerTable()
    var hover = Hover()
    var lastTap: TapRecord? = nil
    /// Between a magnify DOWN and its UP or CANCEL (whether or not it landed on a box).
    var magnifying = false
}

/// The last tap, for recognising a double tap.
struct TapRecord {
    var box: BoxID
    var time: Double
    /// Screen coordinates.
    var position: Vec2
}

/// What the hovering pointer (no button down) is over.
struct Hover: Equatable {
    var pointer: UInt32 = 0
    var box = BoxID.none
    var handle = HandleID.none
}
