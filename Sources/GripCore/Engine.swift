/// An editing surface: boxes, pointers, gestures, animations, events and the frame.
///
/// The engine's state lives in rooms, each a value in a file named for what it holds:
/// - `scene` (Scene/Scene.swift): the boxes, their hierarchy and transforms, and, through
///   Scene/SceneChanges.swift, every change to what is drawn;
/// - `input` (Input/InputState.swift): the pointers that are down, hover, taps;
/// - `interactions` (Interaction/Interactions.swift): the gestures (a marquee among them), nudge
///   runs, animations and long presses in progress (Interaction/Lifecycle.swift and each kind's
///   file in Interaction/Kinds/);
/// - `frameState` (Frame/FrameState.swift): the frame's buffers and what the builder kept;
/// - `outbox` (Events/EventOutbox.swift): the events waiting for the host (and `guestOutbox`,
///   those of a guest such as a script host);
/// - `selection` (Selection/Selection.swift): the selected boxes and the frame's kept orientation;
/// - `history` (History/History.swift): the steps undo and redo walk;
/// - `snapping` (Snapping/SnapState.swift): the snap settings, the index of targets, the guides.
/// The class itself holds the settings, the camera and the clock.
///
/// Every method that throws changes nothing when it throws. Time only moves forward, set by
/// the dispatch calls; the engine never reads a clock.
public final class Engine {
    public private(set) var config: EngineConfig
    /// World -> screen, and its inverse.
    public private(set) var view = Affine.identity
    var viewInverse = Affine.identity
    /// Whether `view` is the identity (screen transforms are then the world transforms).
    var viewIsIdentity = true
    /// Time of the last dispatch (seconds, the host's clock).
    public private(set) var time = 0.0

    var scene: Scene
    var input = InputState()
    var interactions = Interactions()
    var frameState = FrameState()
    var outbox = EventOutbox()
    /// The events of a guest (a script host using the engine beside its host), queued here
    /// instead of `outbox` while `capturing`; steps go to both.
    var guestOutbox = EventOutbox()
    /// Whether events go to `guestOutbox` (`grip_event_capture`).
    package var capturing = false
    var selection = Selection()
    var snapping = SnapState()

    /// The hooks a client plugs in (the C layer's `grip_engine_set_hooks`, which a script host
    /// such as the Lua one uses), not retained: the C layer's engine handle owns the object and
    /// clears this before it goes, so it never dangles while used.
    package unowned(unsafe) var hooks: (any BoxHooks)?
    /// The host's C constraints, not retained: the C layer's engine handle, which owns the engine.
    package unowned(unsafe) var hostConstraints: (any HostConstraints)?
    /// The host's constraint on the selection as a whole (Selection/SelectionConstraint.swift),
    /// not retained: the C layer's engine handle, which owns the engine.
    package unowned(unsafe) var selectionConstraint: (any SelectionConstraint)?
    /// The message of the SCRIPT_ERROR event `pollEvent` returned last (nil for other events).
    /// Kept here rather than in the outbox so the bindings read it as a plain stored property.
    package internal(set) var polledMessage: String? = nil
    /// The step of the COMMITTED, UNDONE or REDONE event `pollEvent` returned last (nil after
    /// other events).
    package internal(set) var polledTransaction: Transaction? = nil
    /// Whether the COMMITTED, UNDONE or REDONE event `pollEvent` returned last had its changes
    /// dropped while it waited unread (`EventOutbox.pushTransaction`).
    package internal(set) var polledStepDropped = false
    /// The undo history (History/History.swift).
    var history = History()
    /// The recorded step the host has open, if any (History/RecordedSteps.swift), and the marks
    /// of the boxes it touched (`recordStamp` in a box's slot: touched in this step).
    var recording: RecordedStep? = nil
    var recordMarks: [UInt32] = []
    var recordStamp: UInt32 = 0
    /// Box keys, the change feed and the ephemeral feed's last answer (Sync/SyncState.swift).
    var sync = SyncState()

    /// Creates an engine; throws on unusable settings. `tag` goes into every box id it hands out
    /// (`BoxID`): engines alive at the same time need different tags for each to refuse the
    /// other's ids. The settings are checked before the object exists (a convenience init
    /// allocates in the init it delegates to), so a refused creation allocates nothing: Embedded
    /// Swift does not free a half-built object.
    public convenience init(_ config: EngineConfig = EngineConfig(), tag: UInt16 = 0) throws(GripError) {
        if let p = config.problem() { throw .arg(p) }
        self.init(validated: config, tag: tag)
    }

    /// An engine with settings `problem()` accepted.
    init(validated config: EngineConfig, tag: UInt16) {
        self.config = config
        scene = Scene(tag: tag)
        sync.keys.peer = config.peer != 0 ? config.peer : UInt32.random(in: 1...UInt32.max)
    }

    /// The tag in the ids of this engine's boxes.
    public var tag: UInt16 { scene.tag }

    /// Largest time a dispatch accepts (seconds): one absurd time must not block the engine forever.
    public static let maxTime = 1e9

    deinit {
        frameState.deallocate()
        scene.changes.deallocate()
    }

    /// Number of live boxes.
    public var boxCount: Int { scene.count }

    /// Changes the root bounds that top-level boxes are contained in.
    public func setBounds(width: Double, height: Double) throws(GripError) {
        var c = config
        c.width = width; c.height = height
        if let p = c.problem() { throw .arg(p) }
        config = c
    }

    /// Changes `max_boxes`, `history_limit` and `history_bytes_limit` (the ranges of
    /// `EngineConfig.problem()`). Lower history limits forget the oldest undo steps at once
    /// (the newest stays whatever its size; a history limit of 0 forgets the redo steps too); a
    /// `maxBoxes` below the box count leaves every box alive and refuses new ones (creation, scene
    /// loads, undo or redo that bring boxes back) until enough are destroyed. Gestures in progress
    /// go on and record their step when they end. Throws, changing nothing, on a value out of range.
    public func setLimits(maxBoxes: Int, historyLimit: Int, historyBytesLimit: UInt64) throws(GripError) {
        var c = config
        c.maxBoxes = maxBoxes
        c.historyLimit = historyLimit
        c.historyBytesLimit = historyBytesLimit
        if let p = c.problem() { throw .arg(p) }
        config = c
        history.trim(limit: historyLimit, byteLimit: historyBytesLimit)
        freeReleasedSlots()
    }

    /// Sets the host's camera (world -> screen); it must be finite and invertible.
    public func setView(_ worldToScreen: Affine) throws(GripError) {
        guard let inv = worldToScreen.inverse, worldToScreen.isModest, inv.isModest else {
            throw .arg("view must be finite and invertible, with coefficients (and its inverse's) within 1e9")
        }
        if view != worldToScreen { scene.restructure() }
        scene.viewLinearChanged(
            Affine(a: worldToScreen.a, b: worldToScreen.b, c: worldToScreen.c, d: worldToScreen.d, tx: 0, ty: 0))
        view = worldToScreen
        viewInverse = inv
        viewIsIdentity = worldToScreen == .identity
    }

    /// Moves time forward to `t` (equal is fine); throws when it is not finite or goes backwards.
    /// The marching ants of editing boxes move with it.
    @inline(__always) func advanceTime(_ t: Double) throws(GripError) {
        guard t.isFinite, abs(t) <= Engine.maxTime else { throw .arg("time is not finite or beyond 1e9 s") }
        guard t >= time else { throw Engine.timeWentBackwards(t, after: time) }
        if t != time && !(scene.editingSlots.isEmpty && selection.members.isEmpty) { scene.antsMoved() }
        time = t
        if t >= interactions.nudgeDeadline { settleNudge() }
        snapUpkeep()
    }

    /// The error of a time `t` before the engine's `time`: built out of line, since `advanceTime`
    /// is inlined into every entry point that takes a time.
    @inline(never) static func timeWentBackwards(_ t: Double, after time: Double) -> GripError {
        .state("time went backwards: \(t) after \(time)")
    }
}
