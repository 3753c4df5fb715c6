/// What an interaction is: one of the gestures, or the animation back to a box's home geometry.
enum InteractionKind: Equatable {
    case move, resize, rotate, pinch, magnify
    /// Dragging a custom (scripted) handle.
    case handle
    /// A marquee of pointer selection: it acts on the selection (its snapshot is the selection
    /// when it began), not on any box's geometry (Interaction/Kinds/MarqueeGesture.swift).
    case marquee
    /// The animation of `Engine.reset` and of a double tap; it sends RESET when it arrives
    /// rather than gesture events.
    case reset
    /// A run of arrow-key nudges of the selection (keys less than 1 s apart): one step, with no
    /// gesture events until its COMMITTED.
    case nudge
    /// An arrangement of the selection (Selection/ArrangeSelection.swift: align, distribute, flip,
    /// quarter turns), made and ended within one call: one step, COMMITTED its only event; the
    /// gesture kind is what that event carries.
    case arrange(GestureKind)
    /// A long press on a box (Interaction/Kinds/LongPress.swift): its indicator fills with time;
    /// it moves no box and sends LONG_PRESS events, never gesture events.
    case longPress
}

/// One box an interaction acts on, with the snapshot it started from.
struct Member {
    // In the order a group move reads them (the fields a step touches share cache lines).
    var box: BoxID
    /// The box's slot when the gesture began (-1 for resets and marquees; a box keeps its slot
    /// while it lives: check the box is alive before using it).
    var slot: Int32 = -1
    /// Geometry when the interaction began: what every step starts from and what cancel restores.
    var start: BoxGeometry
    /// The gesture's frame space -> the member's parent space at the start (`parentWorld`
    /// inverted; identity when the member is the frame).
    var parentInverse = Affine.identity
    /// The last geometry applied (steps refused by containment keep it), which constraint hooks
    /// and refused steps read. An unconstrained group move (no hooks, nothing contained) does
    /// not keep it: it is the box's geometry then.
    var current: BoxGeometry
    /// Set when the box's constraint hook failed during this interaction.
    var constraintDisabled = false
    /// The member's parent space -> the gesture's frame space (a selection's: the world), and its
    /// axes in the frame's axes (unit vectors), at the start.
    var parentWorld = Affine.identity
    var axes = (u: Vec2(1, 0), v: Vec2(0, 1))

    init(box: BoxID, at geometry: BoxGeometry) {
        self.box = box; start = geometry; current = geometry
    }
}

/// The set of boxes an interaction acts on, in order. The first is kept inline, so a one-box
/// interaction (a set of one) allocates nothing.
struct Members {
    var first: Member
    var rest: [Member] = []

    var count: Int { 1 + rest.count }

    /// Member `i` (`0 ..< count`).
    subscript(i: Int) -> Member {
        get { i == 0 ? first : rest[i - 1] }
        set { if i == 0 { first = newValue } else { rest[i - 1] = newValue } }
    }

    // Fields of member `i` read and written in place (a whole Member is a few hundred bytes).

    @inline(__always) func box(_ i: Int) -> BoxID { i == 0 ? first.box : rest[i - 1].box }
    @inline(__always) func start(_ i: Int) -> BoxGeometry { i == 0 ? first.start : rest[i - 1].start }
    @inline(__always) func parentWorld(_ i: Int) -> Affine { i == 0 ? first.parentWorld : rest[i - 1].parentWorld }
    @inline(__always) func parentInverse(_ i: Int) -> Affine {
        i == 0 ? first.parentInverse : rest[i - 1].parentInverse
    }
    @inline(__always) func current(_ i: Int) -> BoxGeometry { i == 0 ? first.current : rest[i - 1].current }
    @inline(__always) mutating func setCurrent(_ i: Int, _ g: BoxGeometry) {
        if i == 0 { first.current = g } else { rest[i - 1].current = g }
    }

    /// Whether box `id` is a member.
    @inline(__always) func contains(_ id: BoxID) -> Bool {
        if first.box == id { return true }
        for i in rest.indices where rest[i].box == id { return true }
        return false
    }
}

/// A gesture or animation in progress: the header every kind has (its members and their
/// snapshots, the pointers driving it, the frame its steps transform, the selection when it
/// began) and the payload of its kind, the state only that kind keeps (Interaction/Kinds/, one
/// file a kind). Everything a step computes comes from the members' snapshots and the current
/// input (pointer positions, magnify factor, time), never from sums of per-event deltas. Only
/// `Engine`'s lifecycle (Interaction/Lifecycle.swift) adds or removes one, and it is the only
/// code that switches over kinds.
struct Interaction {
    var payload: InteractionPayload { didSet { kind = payload.kind } }
    /// The payload's kind, kept beside it: the checks every event makes (is it a gesture, does
    /// it move boxes) read this one byte rather than the payload's tag (-108 instructions per
    /// drag step, grip-loop drag: 2,566 -> 2,458).
    private(set) var kind: InteractionKind
    var members: Members
    /// The pointers driving it (`secondPointer` for pinches); magnify and reset have none.
    var pointer: UInt32 = 0
    var secondPointer: UInt32? = nil
    /// The handle drawn as active and carried by its events: the one under the pointer now
    /// (a resize's, after flips), the rotate handle, a custom handle; none otherwise.
    var activeHandle: HandleID = .none
    /// Acting on the selection as a whole (two or more boxes): its events carry GRIP_SELECTION.
    var group = false
    /// The geometry the gesture's steps transform, when it began: the box itself in its parent's
    /// space (`frameIsMember`), or the selection frame in world space. A selection's rotation or
    /// pinch also keeps the turn applied so far (the frame keeps that orientation afterwards).
    var frame = BoxGeometry(center: .zero, width: 1, height: 1)
    var frameIsMember = false
    var turn = 0.0
    /// None of its members is contained or has a constraint hook (neither changes while they
    /// are in the gesture): a group move commits every member as proposed.
    var unconstrained = false
    /// The selection when it began: what a cancel restores and its step records as "before".
    var selectionBefore: [BoxID] = []
    /// The selection frame's kept orientation when it began (`Selection.orientation`), which a
    /// cancelled marquee restores with the members.
    var orientationBefore = 0.0

    /// An interaction with `payload` on box `id`, whose geometry now is `geometry`.
    init(_ payload: InteractionPayload, box id: BoxID, at geometry: BoxGeometry) {
        self.payload = payload
        kind = payload.kind
        members = Members(first: Member(box: id, at: geometry))
    }

    /// An interaction with `payload` whose one member stands for no box yet (`BoxID.selection`),
    /// for `Engine.gestureInteraction` to fill (a marquee's stays so: it acts on the selection).
    init(blank payload: InteractionPayload) {
        self.init(payload, box: .selection, at: BoxGeometry(center: .zero, width: 1, height: 1))
    }
}
