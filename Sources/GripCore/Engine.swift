/// Engine-wide settings (`grip_engine_desc`).
public struct EngineConfig: Equatable, Sendable {
    public var width = 1024.0, height = 768.0
    public var maxBoxes = 1_000_000
    public var maxPointers = 10
    public var touchSlop = 10.0
    public var doubleTapInterval = 0.3
    public var handleHitRadius = 22.0

    public init() {}

    /// Nil when usable, else what is wrong.
    public func problem() -> String? {
        if !(width.isFinite && height.isFinite) || width <= 0 || height <= 0 { return "bounds must be finite and > 0" }
        if maxBoxes < 1 || maxBoxes > Int(Int32.max) { return "max_boxes must be in 1...\(Int32.max)" }
        if maxPointers < 1 || maxPointers > 64 { return "max_pointers must be in 1...64" }
        if !touchSlop.isFinite || touchSlop < 0 { return "touch_slop must be finite and >= 0" }
        if !doubleTapInterval.isFinite || doubleTapInterval < 0 { return "double_tap_interval must be finite and >= 0" }
        if !handleHitRadius.isFinite || handleHitRadius < 0 { return "handle_hit_radius must be finite and >= 0" }
        return nil
    }
}

/// An editing surface: boxes, pointers, gestures, animations, events and the frame.
///
/// Every method that throws changes nothing when it throws. Time only moves forward, set by
/// the dispatch calls; the engine never reads a clock.
public final class Engine {
    public private(set) var config: EngineConfig
    var scene = Scene()
    /// World -> screen, and its inverse.
    public private(set) var view = Affine.identity
    var viewInverse = Affine.identity
    /// Whether `view` is the identity (screen transforms are then the world transforms).
    var viewIsIdentity = true
    /// Time of the last dispatch (seconds, the host's clock).
    public private(set) var time = 0.0
    var pointers = PointerTable()
    var gestures: [Gesture] = []
    var presses: [Press] = [] { didSet { frameState.overlayOrderValid = false } }
    var resets: [ResetAnimation] = []
    var lastTap: TapRecord? = nil
    /// Between a magnify DOWN and its UP or CANCEL (whether or not it landed on a box).
    var magnifying = false
    var hover = Hover()
    public var events = EventQueue()
    /// The frame's buffers, reused and written in place (freed in deinit), and its bookkeeping.
    var frameCommands = FrameBuffer<Command>()
    var frameVertices = FrameBuffer<Vec2>()
    var frameState = FrameState()
    /// The scripting host's hooks, not retained: the host owns the engine, not the reverse. The
    /// host clears this before the hooks object goes away (a hosted Lua state on destroy; a
    /// script's own engine is destroyed by its hooks object), so it never dangles while used.
    public unowned(unsafe) var hooks: (any BoxHooks)?
    /// Boxes whose custom-handle position hook failed (until their gesture or the next configure).
    var disabledHandleHooks: [BoxID] = []
    /// Set by the bindings while a call into the engine runs, so callbacks cannot re-enter it.
    public var busy = false
    /// The message of the SCRIPT_ERROR event `pollEvent` returned last (nil for other events).
    public private(set) var polledMessage: String? = nil
    /// Messages of queued SCRIPT_ERROR events, a bounded ring keyed by `Event.messageID`.
    var scriptMessages: [(UInt32, String)] = []
    var scriptMessageCounter: UInt32 = 0
    static let scriptMessageSlots = 256
    /// Bumped whenever anything drawn changes; a frame is rebuilt when it differs from the built one.
    var drawVersion: UInt64 = 1
    /// Slots of the boxes with `editing` set: they draw overlays, their handles are hit-tested,
    /// and the marching ants move with time when there is one.
    var editingSlots: [Int32] = [] { didSet { frameState.overlayOrderValid = false } }
    /// The last screen -> parent inverse computed and the transform it inverts (a drag in one
    /// parent inverts the same transform at every step).
    var parentInverse = (forward: Affine.identity, inverse: Affine.identity)

    /// Creates an engine; throws on unusable settings. The settings are checked before the
    /// object exists (a convenience init allocates in the init it delegates to), so a refused
    /// creation allocates nothing: Embedded Swift does not free a half-built object.
    public convenience init(_ config: EngineConfig = EngineConfig()) throws(GripError) {
        if let p = config.problem() { throw .arg(p) }
        self.init(validated: config)
    }

    /// An engine with settings `problem()` accepted.
    init(validated config: EngineConfig) {
        self.config = config
    }

    deinit {
        frameCommands.deallocate()
        frameVertices.deallocate()
        frameState.overlayOffsets.deallocate()
        frameState.dirtyRoots.deallocate()
        frameState.dirtyBoxes.deallocate()
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

    /// Sets the host's camera (world -> screen); it must be finite and invertible.
    public func setView(_ worldToScreen: Affine) throws(GripError) {
        guard let inv = worldToScreen.inverse, worldToScreen.isModest, inv.isModest else {
            throw .arg("view must be finite and invertible, with coefficients (and its inverse's) within 1e9")
        }
        if view != worldToScreen { restructure() }
        view = worldToScreen
        viewInverse = inv
        viewIsIdentity = worldToScreen == .identity
    }

    /// Moves time forward to `t` (equal is fine); throws when it is not finite or goes backwards.
    @inline(__always) func advanceTime(_ t: Double) throws(GripError) {
        guard t.isFinite else { throw .arg("time is not finite") }
        guard t >= time else { throw .state("time went backwards: \(t) after \(time)") }
        if t != time && !editingSlots.isEmpty { drawVersion &+= 1 }
        time = t
    }

    /// Queues an event for box slot `s` (its user data filled in).
    @inline(__always) func emit(_ kind: EventKind, _ gesture: GestureKind = .none, slot s: Int32, handle: HandleID = .none,
              pointer: UInt32 = 0, at position: Vec2 = .zero) {
        events.push(Event(kind: kind, gesture: gesture, box: scene.id(s), userData: scene.slots[Int(s)].behavior.userData,
                          handle: handle, pointer: pointer, time: time, position: position))
    }

    /// Removes and returns the oldest event, or nil when there is none. For SCRIPT_ERROR the
    /// hook's message is then in `polledMessage`.
    public func pollEvent() -> Event? {
        guard let e = events.pop() else { return nil }
        polledMessage = nil
        if e.messageID != 0 {
            let m = scriptMessages[Int(e.messageID % UInt32(Engine.scriptMessageSlots))]
            polledMessage = m.0 == e.messageID ? m.1 : "script error (message dropped: too many queued)"
        }
        return e
    }
}
