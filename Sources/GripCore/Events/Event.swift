/// What happened, as `grip_event_kind`.
public enum EventKind: UInt32, Sendable {
    case gestureBegan = 1
    case gestureChanged = 2
    case gestureEnded = 3
    case gestureCancelled = 4
    case tap = 5
    case doubleTap = 6
    case reset = 7
    case longPressBegan = 8
    case longPressTriggered = 9
    case longPressCancelled = 10
    case editingChanged = 11
    case scriptError = 12
    /// The selection's set of boxes changed.
    case selectionChanged = 13
}

/// A gesture kind, as `grip_gesture`.
public enum GestureKind: UInt32, Sendable {
    case none = 0
    case move = 1
    case resize = 2
    case rotate = 3
    case pinch = 4
    case magnify = 5
    /// Dragging a custom (scripted) handle.
    case handle = 6
    /// A pointer dragging a selection rectangle over empty space.
    case marquee = 7
}

/// One entry of the engine's event queue.
public struct Event: Equatable, Sendable {
    public var kind: EventKind
    public var gesture: GestureKind
    public var box: BoxID
    public var userData: UInt64
    public var handle: HandleID
    public var pointer: UInt32
    public var time: Double
    /// World coordinates.
    public var position: Vec2
    /// SCRIPT_ERROR: a key to the hook's message (0: none); `Engine.pollEvent` resolves it into
    /// `Engine.polledMessage`. Keeping the text out keeps events plain data.
    public internal(set) var messageID: UInt32 = 0

    public init(kind: EventKind, gesture: GestureKind = .none, box: BoxID, userData: UInt64 = 0,
                handle: HandleID = .none, pointer: UInt32 = 0, time: Double, position: Vec2 = .zero) {
        self.kind = kind; self.gesture = gesture; self.box = box; self.userData = userData
        self.handle = handle; self.pointer = pointer; self.time = time; self.position = position
    }
}
