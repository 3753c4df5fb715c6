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
    /// One step happened (a gesture, nudge run or reset changed geometry); its changes are
    /// `Engine.polledTransaction` once polled.
    case committed = 14
    /// `Engine.undo` restored a step.
    case undone = 15
    /// `Engine.redo` re-applied a step.
    case redone = 16
    /// `Engine.applyRemote` destroyed or re-parented a box a local gesture drove: the gesture
    /// goes on without it.
    case remoteDropped = 17
    /// Undo or redo left a box out of its step: another peer destroyed it, or its parent is gone.
    case historySkipped = 18

    /// Whether it carries a step (COMMITTED, UNDONE, REDONE): these reach the host whoever
    /// caused them, and are never dropped from the queue.
    @inline(__always) public var isTransaction: Bool { rawValue >= 14 && rawValue <= 16 }
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
    /// Arrow keys moving the selection (only COMMITTED carries it).
    case nudge = 8
    /// A double tap or `Engine.reset` (only COMMITTED carries it).
    case reset = 9
    /// `Engine.align`, `distribute`, `flip` and `rotateQuarterTurns` (only COMMITTED carries them).
    case align = 10
    case distribute = 11
    case flip = 12
    case rotate90 = 13
    /// A step the host recorded (`Engine.beginRecording`; COMMITTED, UNDONE and REDONE carry it).
    case host = 14
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
    var messageID: UInt32 = 0
    /// COMMITTED, UNDONE, REDONE: a key to the step in the outbox, resolved by `pollEvent`.
    var transactionID: UInt32 = 0

    public init(
        kind: EventKind, gesture: GestureKind = .none, box: BoxID, userData: UInt64 = 0,
        handle: HandleID = .none, pointer: UInt32 = 0, time: Double, position: Vec2 = .zero
    ) {
        self.kind = kind; self.gesture = gesture; self.box = box; self.userData = userData
        self.handle = handle; self.pointer = pointer; self.time = time; self.position = position
    }
}
